"""French chess federation (FFE) homologation of an event rated in the national Elo (``elo-fr``, seed 001).

Sources, as far as public texts were found (docs/rules.md §11 says what was not):

* FFE, « Compétitions homologuées » (§1 Définition, §2.1 the three kinds of homologated tournament A/B/C by
  time control, §2.2 FIDE and FFE rules applied in full) — text as transcribed at doczz.fr
  (doc 6007291), edition not dated in the transcription;
* FFE, « Licences » (echecs.asso.fr, news of 31 August 2018): licence A for every homologated competition, in
  particular those rated for the Elo and FIDE; licence B for rapid tournaments (less than one hour) and the
  rapid rating;
* FFE Direction Nationale de l'Arbitrage, « Homologation » (dna.ffechecs.fr/homologation): the arbiter's name is
  mandatory when the tournament is homologated;
* seed 001 « Le classement national Élo » §1 (entry rule: 8 compatible games);
* FIDE Handbook B.02 §1.1 for the games that may also be FIDE-rated (the FFE is the only body that has French
  tournaments FIDE-rated, « Compétitions homologuées » §1).
"""

from __future__ import annotations

from tournament_desk.core.homologation.common import HomologationCheck, entrants, names
from tournament_desk.core.homologation.fide import minutes_for_60_moves
from tournament_desk.core.messages import msg
from tournament_desk.core.model import EventState, RatingSystem
from tournament_desk.core.sources import ELO_NATIONAL, FFE_COMPETITIONS, FFE_DNA_HOMOLOGATION, FFE_LICENCES, cite

__all__ = ["CHECKS", "arbiter", "cadence", "licences", "unrated_players"]

HOMOLOGATED = FFE_COMPETITIONS
LICENCES = cite(FFE_LICENCES)
DNA = cite(FFE_DNA_HOMOLOGATION)
_FRANCE = ("", "FRA", "FR", "FRANCE")


def cadence(state: EventState) -> HomologationCheck:
    """« Compétitions homologuées » §2.1: tournament A (long time control: the game lasts at least 4 hours, i.e.
    2 hours a player — FIDE and national Elo), B (at least 60 minutes a player — national Elo, and FIDE where it
    applies), C (rapid: from 15 to less than 60 minutes a player — the rapid rating). Time for the whole game
    read as base + 60 × increment (a game of 60 moves, as FIDE B.02 §1.1)."""
    rule = cite(HOMOLOGATED, "§2.1")
    tc = state.event.time_control
    t = minutes_for_60_moves(state)
    if t >= 120:
        return HomologationCheck(
            "cadence", "ok",
            msg("Time control {tc}: {t} minutes a player (a game of at least 4 hours): tournament A, rated for the "
                "national Elo and FIDE (§2.1).", tc=tc, t=t), rule=rule)
    if t >= 60:
        return HomologationCheck(
            "cadence", "ok",
            msg("Time control {tc}: {t} minutes a player (at least 60): tournament B, rated for the national Elo "
                "(and FIDE where its rules allow, §2.1).", tc=tc, t=t), rule=rule)
    if t >= 15:
        return HomologationCheck(
            "cadence", "error",
            msg("Time control {tc}: {t} minutes a player, less than 60: tournament C (rapid), rated for the rapid "
                "rating, not for the national Elo this event is rated in (§2.1).", tc=tc, t=t), rule=rule)
    return HomologationCheck(
        "cadence", "error",
        msg("Time control {tc}: {t} minutes a player, less than 15: none of the homologated tournaments A, B or C "
            "(§2.1).", tc=tc, t=t), rule=rule)


def licences(state: EventState) -> HomologationCheck:
    """FFE « Licences »: a licence A is needed for competitions homologated for the Elo; a licence B only for
    rapid tournaments (less than one hour). The event file does not record the licence's type, only its number:
    players residing in France (federation empty or FRA) without a licence number are listed."""
    players = entrants(state)
    missing = [p for p in players if not p.licence_id.strip() and p.federation.strip().upper() in _FRANCE]
    if missing:
        return HomologationCheck(
            "licences", "error",
            msg("{n_missing} player(s) of the French federation without a licence number: {names}. An event rated "
                "for the Elo needs a licence A (a licence B allows rapid tournaments only).", n_missing=len(missing),
                names=names(missing)),
            rule=LICENCES)
    return HomologationCheck(
        "licences", "info",
        msg("Every player of the French federation has a licence number. It must be a licence A (the event file "
            "does not record the type; a licence B allows rapid tournaments only)."), rule=LICENCES)


def arbiter(state: EventState) -> HomologationCheck:
    """FFE DNA « Homologation » (dna.ffechecs.fr/homologation): when the tournament is homologated "le nom de
    l'arbitre est obligatoire" (the chief arbiter's name is mandatory). The arbiter's title, and the level the
    event requires, are not in the event file."""
    rule = DNA
    named = [a for a in state.event.arbiters if a.strip()]
    if not named:
        return HomologationCheck(
            "arbiter", "error",
            msg("No arbiter named: the chief arbiter's name is mandatory to homologate the tournament."),
            rule=rule)
    return HomologationCheck(
        "arbiter", "ok",
        msg("Chief arbiter: {named} (the name is mandatory at homologation; the title the event requires is not "
            "recorded: check it).", named=named[0]), rule=rule)


def unrated_players(state: EventState) -> HomologationCheck | None:
    """Seed 001 §1 (« Règle d'entrée »): a player enters the national Elo after at least 8 compatible games, on
    one or several seasons; an Elo ending in 9 is an estimate (unrated)."""
    unrated = [p for p in entrants(state)
               if p.unrated or p.rating(RatingSystem.NATIONAL_ELO) is None]
    if not unrated:
        return None
    return HomologationCheck(
        "unrated", "info",
        msg("{n_unrated} player(s) without a national Elo: {names}. A player enters the list after at least 8 "
            "compatible games, on one or several seasons (§1).", n_unrated=len(unrated),
            names=names(unrated)),
        rule=cite(ELO_NATIONAL, "§1"))


CHECKS = (cadence, licences, arbiter, unrated_players)
