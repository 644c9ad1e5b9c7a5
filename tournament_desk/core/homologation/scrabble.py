"""Scrabble classique: what seed 002 (FISF « Classement international 2015-2016 », cote PL) says about the
events it rates. It states few homologation rules itself: §1 sends to the *Cahier des charges* and the
*Règlement international du Scrabble classique*, which are not among the source documents (docs/rules.md §11).

Checks: the event's category and value M by size (§4), the number of games an event can count (NbPmax = 14,
§7), the game points the final ranking needs (§7), players without a PL (§2.1) and licences (§2.1).
"""

from __future__ import annotations

from tournament_desk.core.homologation.common import HomologationCheck, entrants, names
from tournament_desk.core.messages import msg
from tournament_desk.core.model import EventState, RatingSystem
from tournament_desk.core.ratings import scrabble_pl
from tournament_desk.core.sources import FISF_PL, cite

__all__ = ["CHECKS", "category", "game_points", "games", "licences", "regulations", "unrated_players"]

SOURCE = FISF_PL


def regulations(state: EventState) -> HomologationCheck:
    """Seed 002 §1: "Une épreuve est homologable si elle respecte le Cahier des charges et le Règlement
    international du Scrabble classique" — neither text is a source of this program: not checked."""
    return HomologationCheck(
        "regulations", "info",
        msg("An event can be homologated if it follows the Cahier des charges and the Règlement international du "
            "Scrabble classique (§1): those texts are not checked here."), rule=cite(SOURCE, "§1"))


def category(state: EventState) -> HomologationCheck:
    """Seed 002 §4: a TH's category by its number of players (≤ 16: 1, 17-32: 2, 33-64: 3, more than 64: 4)
    and its value M (20, 50, 100, 150); championships, opens and masters have their own category."""
    n = len(entrants(state))
    if n < 1:
        return HomologationCheck("category", "info", msg("No player yet: no category (§4)."), rule=cite(SOURCE, "§4"))
    cat = scrabble_pl.category(scrabble_pl.EventKind.HOMOLOGATED, n)
    m = scrabble_pl.value_m(cat)
    return HomologationCheck(
        "category", "info",
        msg("{n} players: as a homologated tournament (TH), category {cat}, M = {m} (§4); a championship, an "
            "international open or a masters has the category of its kind.", n=n, cat=cat, m=m),
        rule=cite(SOURCE, "§4"))


def games(state: EventState) -> HomologationCheck:
    """Seed 002 §7: "le nombre maximal de parties que peut compter un tournoi, actuellement NbPmax = 14"."""
    rule = cite(SOURCE, "§7")
    rounds = state.event.rounds
    if rounds > scrabble_pl.NBP_MAX:
        return HomologationCheck(
            "games", "error",
            msg("{rounds} rounds: a tournament counts at most {nbp_max} games (NbPmax, §7).", rounds=rounds,
                nbp_max=scrabble_pl.NBP_MAX), rule=rule)
    return HomologationCheck(
        "games", "ok", msg("{rounds} rounds, at most {nbp_max} (NbPmax, §7).", rounds=rounds,
                           nbp_max=scrabble_pl.NBP_MAX), rule=rule)


def game_points(state: EventState) -> HomologationCheck | None:
    """Seed 002 §7: the final ranking breaks ties on the points difference (the player's points minus the
    opponents', at most 100 a game): every game played needs both players' points."""
    played = [(r.number, g.board) for r in state.rounds for g in r.games
              if g.result is not None and g.result.is_played]
    if not played:
        return None
    rule = cite(SOURCE, "§7")
    missing = [(r.number, g.board) for r in state.rounds for g in r.games
               if g.result is not None and g.result.is_played and (g.white_points is None or g.black_points is None)]
    if missing:
        where = ", ".join(f"R{r}/{b}" for r, b in missing[:10]) + ("…" if len(missing) > 10 else "")
        return HomologationCheck(
            "game-points", "warning",
            msg("{n_missing} game(s) without both players' points: {where}. The final ranking breaks ties on the "
                "points difference, at most 100 a game (§7).", n_missing=len(missing), where=where), rule=rule)
    return HomologationCheck(
        "game-points", "ok", msg("Every game played ({n_played}) has both players' points (§7).",
                                 n_played=len(played)), rule=rule)


def unrated_players(state: EventState) -> HomologationCheck | None:
    """Seed 002 §2.1: a player without a PL gets a provisional PL* from his duplicate series (super-series 2350
    … 7th series 1000), 1000 when he takes out a licence at the event."""
    unrated = [p for p in entrants(state) if p.unrated or p.rating(RatingSystem.FISF_PL) is None]
    if not unrated:
        return None
    return HomologationCheck(
        "pl-star", "info",
        msg("{n_unrated} player(s) without a PL: {names}. Each starts from the PL* of his duplicate series, 1000 "
            "for a new licence (§2.1): give the series with the players file (rate --players).",
            n_unrated=len(unrated), names=names(unrated)), rule=cite(SOURCE, "§2.1"))


def licences(state: EventState) -> HomologationCheck:
    """Seed 002 §1-2: the PL ranks licensed players (§2.1: "Un joueur prenant une licence à l'occasion d'un
    tournoi ... débute avec une cote PL* de 1000"); players without a licence number are listed."""
    missing = [p for p in entrants(state) if not p.licence_id.strip()]
    rule = cite(SOURCE, "§2.1")
    if missing:
        return HomologationCheck(
            "licences", "warning",
            msg("{n_missing} player(s) without a licence number: {names}. A player takes out a licence to be "
                "rated, at the latest at the event (then PL* 1000, §2.1).", n_missing=len(missing),
                names=names(missing)), rule=rule)
    return HomologationCheck("licences", "ok", msg("Every player has a licence number (§2.1)."), rule=rule)


CHECKS = (regulations, category, games, game_points, unrated_players, licences)
