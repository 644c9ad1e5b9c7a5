"""FFJD (French draughts federation) homologation: seed 000 « Règlement du Classement National », §5 (conditions
d'homologation) and §6.6 (Swiss rounds). One function per rule; each returns a :class:`HomologationCheck`.

Readings (docs/rules.md §11): a series is *slow* when minutes + seconds per move ≥ 60, the threshold of the
rating preview (``from_event.cadence_of``); a player "residing in France" is one whose federation is empty or
FRA; "scolaire" is the category ``scolaire`` (or ``scol``, ``sco``, ``school``, ``scholar``).
"""

from __future__ import annotations

import datetime as dt

from tournament_desk.core.formatting import format_number
from tournament_desk.core.homologation.common import HomologationCheck, age_on, entrants, names
from tournament_desk.core.model import EventState, Player, RatingSystem
from tournament_desk.core.ratings.from_event import cadence_of

__all__ = [
    "CHECKS", "CLOSED_MAX", "SWISS_MAX", "cadence", "fee", "homologation_fee", "licences", "players", "rounds",
]

SOURCE = "FFJD, Règlement du Classement National (seed 000)"
CLOSED_MAX = 20  # seed 000 §5.4
SWISS_MAX = 50  # seed 000 §5.4
_SCHOLAR_CATEGORIES = ("scolaire", "scol", "sco", "school", "scholar")
_FRANCE = ("", "FRA", "FR", "FRANCE")


def _is_slow(state: EventState) -> bool:
    return cadence_of(state).value == "slow"


def _beginner_like(p: Player, day: dt.date | None) -> bool:
    """Seed 000 §5.2.2: under 15 (on the first day; not known without a start date), scholar, unrated or rated
    below 1400."""
    if p.birth_date is not None and day is not None and age_on(p.birth_date, day) < 15:
        return True
    if p.category.strip().lower() in _SCHOLAR_CATEGORIES:
        return True
    cp = p.rating(RatingSystem.FFJD)
    return p.unrated or cp is None or cp < 1400


def cadence(state: EventState) -> HomologationCheck:
    """Seed 000 §5.2: slow series (official FMJD cadence, §5.2.1); semi-rapid when minutes + seconds per move
    ≥ 30, or ≥ 15 when at least 75 % of the players are under 15, scholars, unrated or below 1400 (§5.2.2)."""
    rule = f"{SOURCE} §5.2"
    tc = state.event.time_control
    total = tc.base_minutes + tc.increment_seconds
    players = entrants(state)
    n = len(players)
    day = state.event.start_date
    beginners = sum(1 for p in players if _beginner_like(p, day))
    share = beginners / n if n else 0.0
    pct = f"{share:.0%}"
    if _is_slow(state):
        return HomologationCheck(
            "cadence", "ok",
            f"Time control {tc} ({total} = minutes + seconds per move, 60 or more): slow series, official cadence "
            "category (§5.2.1) — it must be one of the FMJD official cadences.",
            f"Cadence {tc} ({total} = minutes + secondes par coup, 60 ou plus) : série à cadence lente, catégorie "
            "« cadence officielle » (§5.2.1) — elle doit être une cadence officielle de la FMJD.", rule)
    if total >= 30:
        return HomologationCheck(
            "cadence", "ok",
            f"Time control {tc}: minutes + seconds per move = {total} >= 30: semi-rapid series (§5.2.2, normal case).",
            f"Cadence {tc} : minutes + secondes par coup = {total} >= 30 : série semi-rapide (§5.2.2, cas normal).",
            rule)
    if total >= 15 and share >= 0.75:
        return HomologationCheck(
            "cadence", "ok",
            f"Time control {tc}: {total} >= 15 with {beginners}/{n} players ({pct}) under 15, scholars, unrated "
            "or rated below 1400 (at least 75%): semi-rapid series for beginners and scholars (§5.2.2).",
            f"Cadence {tc} : {total} >= 15 avec {beginners}/{n} joueurs ({pct}) de moins de 15 ans, scolaires, "
            "non classés ou classés sous 1400 (au moins 75 %) : série semi-rapide débutants et scolaires "
            "(§5.2.2).", rule)
    need = "15 (at least 75% beginners)" if share >= 0.75 else "30"
    need_fr = "15 (au moins 75 % de débutants)" if share >= 0.75 else "30"
    return HomologationCheck(
        "cadence", "error",
        f"Time control {tc}: minutes + seconds per move = {total}, below {need}; only {beginners}/{n} "
        f"players ({pct}) are under 15, scholars, unrated or below 1400 (the 15 rule needs 75%): the series "
        "cannot be homologated (§5.2.2).",
        f"Cadence {tc} : minutes + secondes par coup = {total}, moins que {need_fr} ; seulement "
        f"{beginners}/{n} joueurs ({pct}) ont moins de 15 ans, sont scolaires, non classés ou sous 1400 "
        "(la règle des 15 exige 75 %) : la série ne peut pas être homologuée (§5.2.2).", rule)


def licences(state: EventState) -> HomologationCheck:
    """Seed 000 §5.3.1: a slow series holds only FFJD licensees and players not residing in France; §5.3.2:
    accelerated series need the licence, beginners may play without one up to their 3rd homologated event."""
    players = entrants(state)
    missing = [p for p in players if not p.licence_id.strip()]
    if _is_slow(state):
        rule = f"{SOURCE} §5.3.1"
        foreign = [p for p in missing if p.federation.strip().upper() not in _FRANCE]
        missing = [p for p in missing if p not in foreign]
        if missing:
            return HomologationCheck(
                "licences", "error",
                f"Slow cadence: {len(missing)} player(s) without a licence id: {names(missing)}. Every player "
                "residing in France must hold an FFJD licence (§5.3.1).",
                f"Cadence lente : {len(missing)} joueur(s) sans numéro de licence : {names(missing)}. Tout joueur "
                "résidant en France doit être licencié FFJD (§5.3.1).", rule)
        extra_en = f" ({len(foreign)} foreign player(s) without one)" if foreign else ""
        extra_fr = f" ({len(foreign)} joueur(s) étranger(s) sans licence)" if foreign else ""
        return HomologationCheck(
            "licences", "ok", f"Slow cadence: every player residing in France has a licence id{extra_en} (§5.3.1).",
            f"Cadence lente : tous les joueurs résidant en France ont un numéro de licence{extra_fr} (§5.3.1).",
            rule)
    rule = f"{SOURCE} §5.3.2"
    if missing:
        return HomologationCheck(
            "licences", "warning",
            f"Accelerated cadence: {len(missing)} player(s) without a licence id: {names(missing)}. Beginners "
            "may play without a licence, at most up to their 3rd homologated competition (§5.3.2).",
            f"Cadence accélérée : {len(missing)} joueur(s) sans numéro de licence : {names(missing)}. Les "
            "débutants peuvent jouer sans licence, au plus jusqu'à leur 3e compétition homologuée (§5.3.2).", rule)
    return HomologationCheck("licences", "ok", "Every player has a licence id (§5.3.2).",
                             "Tous les joueurs ont un numéro de licence (§5.3.2).", rule)


def players(state: EventState) -> HomologationCheck:
    """Seed 000 §5.4: at most 20 players in a closed (round-robin) series, 50 in a Swiss series."""
    rule = f"{SOURCE} §5.4"
    n = len(entrants(state))
    if state.event.system.is_round_robin:
        kind_en, kind_fr, limit = "closed (round-robin)", "fermé (toutes rondes)", CLOSED_MAX
    else:
        kind_en, kind_fr, limit = "Swiss", "suisse", SWISS_MAX
    if n > limit:
        return HomologationCheck(
            "players", "error",
            f"{n} players in a {kind_en} series: more than {limit}, it cannot be homologated directly; contact the "
            "rating officer (§5.4).",
            f"{n} joueurs dans une série en système {kind_fr} : plus de {limit}, l'homologation directe est "
            "impossible ; contacter le responsable du classement (§5.4).", rule)
    return HomologationCheck("players", "ok", f"{n} players in a {kind_en} series (at most {limit}, §5.4).",
                             f"{n} joueurs dans une série en système {kind_fr} (au plus {limit}, §5.4).", rule)


def rounds(state: EventState) -> HomologationCheck | None:
    """Seed 000 §6.6: in a Swiss series the number of rounds is between a third and a half of the players."""
    e = state.event
    n = len(entrants(state))
    if e.system.is_round_robin or not n:
        return None
    rule = f"{SOURCE} §6.6"
    low, high = n / 3, n / 2
    if low <= e.rounds <= high:
        return HomologationCheck(
            "rounds", "ok", f"{e.rounds} rounds for {n} players: between a third ({format_number(low)}) and a "
                            f"half ({format_number(high)}) of the players (§6.6).",
            f"{e.rounds} rondes pour {n} joueurs : entre le tiers ({format_number(low, 'fr')}) et la moitié "
            f"({format_number(high, 'fr')}) du nombre de joueurs (§6.6).", rule)
    return HomologationCheck(
        "rounds", "warning",
        f"{e.rounds} rounds for {n} players: the regulations want between a third ({format_number(low)}) "
        f"and a half ({format_number(high)}) of the number of players (§6.6).",
        f"{e.rounds} rondes pour {n} joueurs : le règlement demande entre le tiers "
        f"({format_number(low, 'fr')}) et la moitié ({format_number(high, 'fr')}) du nombre de joueurs "
        "(§6.6).", rule)


def homologation_fee(state: EventState) -> tuple[int, int, int]:
    """Seed 000 §5.5: (players who played at least one game, euros per player, total). The EXEMPT is not
    counted, nor is a game against it; withdrawn and foreign players are. Forfeits and byes are not games
    played."""
    ids = {p.id for p in entrants(state)}
    played: set[int] = set()
    for r in state.rounds:
        for g in r.games:
            # a game against the EXEMPT is a bye, not a game (seed 000 §6.5)
            if g.result is not None and g.result.is_played and g.white_id in ids and g.black_id in ids:
                played.update(g.players())
    count = len(played & ids)
    rate = 2 if _is_slow(state) else 1
    return count, rate, count * rate


def fee(state: EventState) -> HomologationCheck:
    """Seed 000 §5.5: 1 € per player who played at least one game (accelerated), 2 € (slow)."""
    count, rate, total_fee = homologation_fee(state)
    cad_en, cad_fr = ("slow", "lente") if rate == 2 else ("accelerated", "accélérée")
    return HomologationCheck(
        "fee", "info",
        f"Homologation fee: {count} player(s) played at least one game × {rate} € ({cad_en} cadence) = "
        f"{total_fee} € (EXEMPT not counted, withdrawn and foreign players counted; §5.5).",
        f"Droits d'homologation : {count} joueur(s) ayant joué au moins une partie × {rate} € (cadence {cad_fr}) "
        f"= {total_fee} € (EXEMPT non compté, joueurs retirés et étrangers comptés ; §5.5).", f"{SOURCE} §5.5")


CHECKS = (cadence, licences, players, rounds, fee)
"""Seed 000's checks, in the order ``checks.txt`` prints them."""
