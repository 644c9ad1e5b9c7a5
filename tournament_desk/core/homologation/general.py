"""Checks every event gets, whatever its discipline and federation: enough players, a number of rounds the
pairing system can play, every result entered.

Sources: FIDE Handbook C.04.1 (Swiss basic rules: Art.2 no two players meet twice, Art.3-4 the pairing-allocated
bye at most once), C.05 Annex 1 (Berger tables: N − 1 rounds, N = n or n + 1), as in REFERENCE §1.1 and §2.1.
"""

from __future__ import annotations

from tournament_desk.core.homologation.common import HomologationCheck, entrants
from tournament_desk.core.messages import msg
from tournament_desk.core.model import EventState, PairingSystem
from tournament_desk.core.sources import FIDE_C04_1, FIDE_C05, cite

__all__ = ["CHECKS", "entrants_count", "results_complete", "rounds_possible"]


def entrants_count(state: EventState) -> HomologationCheck:
    """An event is played between at least two players (a game has two)."""
    n = len(entrants(state))
    rule = None  # no document: a game has two players
    if n < 2:
        return HomologationCheck(
            "entrants", "error",
            msg("{n} player(s) registered: an event needs at least two players.", n=n), rule=rule)
    return HomologationCheck("entrants", "ok", msg("{n} players registered.", n=n), rule=rule)


def rounds_possible(state: EventState) -> HomologationCheck | None:
    """Swiss (C.04.1 Art.2-4): two players never meet twice and nobody gets the pairing-allocated bye twice, so
    a player has at most n − 1 opponents and, with an odd n, one bye: at most n − 1 rounds (n when n is odd).
    Round robin (C.05 Annex 1): N − 1 rounds with N = n (even) or n + 1 (odd, the bye), twice in a double round
    robin. Knockout and manual pairings: no rule."""
    e = state.event
    if e.system in (PairingSystem.KNOCKOUT, PairingSystem.MANUAL):
        return None
    if e.system.is_round_robin and e.team is not None:  # a team round robin: the grid's places are the teams'
        n = len(state.teams)
        if n < 2:
            return None
        cycles = 2 if e.system is PairingSystem.DOUBLE_ROUND_ROBIN else 1
        expected = ((n if n % 2 == 0 else n + 1) - 1) * cycles
        if e.rounds == expected:
            return HomologationCheck("rounds-possible", "ok", msg(
                "{rounds} rounds: the team round robin of {n} teams ({cycles} cycle(s)).", rounds=e.rounds, n=n,
                cycles=cycles), rule=cite(FIDE_C05))
        return HomologationCheck("rounds-possible", "error" if state.rounds else "info", msg(
            "{rounds} rounds announced, but a team round robin of {n} teams ({cycles} cycle(s)) has {expected} "
            "rounds (set when round 1 is paired).", rounds=e.rounds, n=n, cycles=cycles, expected=expected),
            rule=cite(FIDE_C05))
    if e.system.is_round_robin:
        n = len(state.players)  # the grid's players, the EXEMPT included (it is the bye of an odd field)
        if n < 2:
            return None
        big_n = n if n % 2 == 0 else n + 1
        expected = (big_n - 1) * (2 if e.system is PairingSystem.DOUBLE_ROUND_ROBIN else 1)
        rule = cite(FIDE_C05)
        double = e.system is PairingSystem.DOUBLE_ROUND_ROBIN
        if e.rounds == expected:
            text = (msg("{rounds} rounds: the double round robin of {n} players.", rounds=e.rounds, n=n) if double
                    else msg("{rounds} rounds: the round robin of {n} players.", rounds=e.rounds, n=n))
            return HomologationCheck("rounds-possible", "ok", text, rule=rule)
        if state.rounds:  # the grid fixed the number of rounds when round 1 was paired
            level = "error"
            text = (msg("{rounds} rounds announced, but a double round robin of {n} players has {expected} rounds.",
                        rounds=e.rounds, n=n, expected=expected) if double else
                    msg("{rounds} rounds announced, but a round robin of {n} players has {expected} rounds.",
                        rounds=e.rounds, n=n, expected=expected))
        else:
            level = "info"
            text = (msg("{rounds} rounds announced, but a double round robin of {n} players has {expected} rounds "
                        "(set when round 1 is paired).", rounds=e.rounds, n=n, expected=expected) if double else
                    msg("{rounds} rounds announced, but a round robin of {n} players has {expected} rounds (set "
                        "when round 1 is paired).", rounds=e.rounds, n=n, expected=expected))
        return HomologationCheck("rounds-possible", level, text, rule=rule)
    n = len(entrants(state))
    if n < 2:
        return None
    most = n if n % 2 else n - 1
    rule = cite(FIDE_C04_1, "Art. 2–4")
    if e.rounds > most:
        return HomologationCheck(
            "rounds-possible", "error",
            msg("{rounds} rounds for {n} players: without meeting an opponent twice or a second bye, a Swiss of "
                "{n} players has at most {most} rounds.", rounds=e.rounds, n=n, most=most), rule=rule)
    return HomologationCheck(
        "rounds-possible", "ok", msg("{rounds} rounds for {n} players (at most {most} without a rematch).",
                                     rounds=e.rounds, n=n, most=most), rule=rule)


def results_complete(state: EventState) -> HomologationCheck:
    """A federation rates a finished event: every round paired, every result entered."""
    e = state.event
    rule = None  # no document: a result entered for every game
    pending = [(r.number, b) for r in state.rounds for b in r.missing_results]
    if pending or state.last_round < e.rounds:
        where = ", ".join(f"R{r}/{b}" for r, b in pending[:10]) + ("…" if len(pending) > 10 else "")
        if pending:
            return HomologationCheck(
                "results", "warning",
                msg("The event is not finished: {last_round}/{rounds} rounds paired, results missing on {where}.",
                    last_round=state.last_round, rounds=e.rounds, where=where), rule=rule)
        return HomologationCheck(
            "results", "warning", msg("The event is not finished: {last_round}/{rounds} rounds paired.",
                                      last_round=state.last_round, rounds=e.rounds), rule=rule)
    return HomologationCheck("results", "ok", msg("All {rounds} rounds are paired and every result is in.",
                                                  rounds=e.rounds), rule=rule)


CHECKS = (entrants_count, rounds_possible, results_complete)
