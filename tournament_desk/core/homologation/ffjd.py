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
from tournament_desk.core.messages import Formatted, msg
from tournament_desk.core.model import EventState, Player, RatingSystem
from tournament_desk.core.ratings.from_event import cadence_of
from tournament_desk.core.sources import FFJD_RCN, cite

__all__ = [
    "CHECKS", "CLOSED_MAX", "SWISS_MAX", "cadence", "fee", "homologation_fee", "licences", "players", "rounds",
]

SOURCE = FFJD_RCN
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
    rule = cite(SOURCE, "§5.2")
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
            msg("Time control {tc} ({total} = minutes + seconds per move, 60 or more): slow series, official "
                "cadence category (§5.2.1) — it must be one of the FMJD official cadences.", tc=tc, total=total),
            rule=rule)
    if total >= 30:
        return HomologationCheck(
            "cadence", "ok",
            msg("Time control {tc}: minutes + seconds per move = {total} >= 30: semi-rapid series (§5.2.2, normal "
                "case).", tc=tc, total=total),
            rule=rule)
    if total >= 15 and share >= 0.75:
        return HomologationCheck(
            "cadence", "ok",
            msg("Time control {tc}: {total} >= 15 with {beginners}/{n} players ({pct}) under 15, scholars, unrated "
                "or rated below 1400 (at least 75%): semi-rapid series for beginners and scholars (§5.2.2).", tc=tc,
                total=total, beginners=beginners, n=n, pct=pct), rule=rule)
    need = msg("15 (at least 75% beginners)") if share >= 0.75 else "30"
    return HomologationCheck(
        "cadence", "error",
        msg("Time control {tc}: minutes + seconds per move = {total}, below {need}; only {beginners}/{n} "
            "players ({pct}) are under 15, scholars, unrated or below 1400 (the 15 rule needs 75%): the series "
            "cannot be homologated (§5.2.2).", tc=tc, total=total, need=need, beginners=beginners, n=n, pct=pct),
        rule=rule)


def licences(state: EventState) -> HomologationCheck:
    """Seed 000 §5.3.1: a slow series holds only FFJD licensees and players not residing in France; §5.3.2:
    accelerated series need the licence, beginners may play without one up to their 3rd homologated event."""
    players = entrants(state)
    missing = [p for p in players if not p.licence_id.strip()]
    if _is_slow(state):
        rule = cite(SOURCE, "§5.3.1")
        foreign = [p for p in missing if p.federation.strip().upper() not in _FRANCE]
        missing = [p for p in missing if p not in foreign]
        if missing:
            return HomologationCheck(
                "licences", "error",
                msg("Slow cadence: {n_missing} player(s) without a licence id: {names}. Every player residing in "
                    "France must hold an FFJD licence (§5.3.1).", n_missing=len(missing), names=names(missing)),
                rule=rule)
        if foreign:
            return HomologationCheck(
                "licences", "ok",
                msg("Slow cadence: every player residing in France has a licence id ({foreign} foreign player(s) "
                    "without one) (§5.3.1).", foreign=len(foreign)), rule=rule)
        return HomologationCheck(
            "licences", "ok", msg("Slow cadence: every player residing in France has a licence id (§5.3.1)."),
            rule=rule)
    rule = cite(SOURCE, "§5.3.2")
    if missing:
        return HomologationCheck(
            "licences", "warning",
            msg("Accelerated cadence: {n_missing} player(s) without a licence id: {names}. Beginners may play "
                "without a licence, at most up to their 3rd homologated competition (§5.3.2).",
                n_missing=len(missing), names=names(missing)), rule=rule)
    return HomologationCheck("licences", "ok", msg("Every player has a licence id (§5.3.2)."), rule=rule)


def players(state: EventState) -> HomologationCheck:
    """Seed 000 §5.4: at most 20 players in a closed (round-robin) series, 50 in a Swiss series."""
    rule = cite(SOURCE, "§5.4")
    n = len(entrants(state))
    closed = state.event.system.is_round_robin
    limit = CLOSED_MAX if closed else SWISS_MAX
    if n > limit:
        text = (msg("{n} players in a closed (round-robin) series: more than {limit}, it cannot be homologated "
                    "directly; contact the rating officer (§5.4).", n=n, limit=limit) if closed else
                msg("{n} players in a Swiss series: more than {limit}, it cannot be homologated directly; contact "
                    "the rating officer (§5.4).", n=n, limit=limit))
        return HomologationCheck("players", "error", text, rule=rule)
    text = (msg("{n} players in a closed (round-robin) series (at most {limit}, §5.4).", n=n, limit=limit) if closed
            else msg("{n} players in a Swiss series (at most {limit}, §5.4).", n=n, limit=limit))
    return HomologationCheck("players", "ok", text, rule=rule)


def rounds(state: EventState) -> HomologationCheck | None:
    """Seed 000 §6.6: in a Swiss series the number of rounds is between a third and a half of the players."""
    e = state.event
    n = len(entrants(state))
    if e.system.is_round_robin or not n:
        return None
    rule = cite(SOURCE, "§6.6")
    low, high = n / 3, n / 2
    if low <= e.rounds <= high:
        return HomologationCheck(
            "rounds", "ok", msg("{rounds} rounds for {n} players: between a third ({low}) and a half ({high}) of "
                                "the players (§6.6).", rounds=e.rounds, n=n, low=Formatted(low, format_number),
                                high=Formatted(high, format_number)), rule=rule)
    return HomologationCheck(
        "rounds", "warning",
        msg("{rounds} rounds for {n} players: the regulations want between a third ({low}) and a half ({high}) of "
            "the number of players (§6.6).", rounds=e.rounds, n=n, low=Formatted(low, format_number),
            high=Formatted(high, format_number)), rule=rule)


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
    if rate == 2:
        text = msg("Homologation fee: {count} player(s) played at least one game × {rate} € (slow cadence) = "
                   "{total_fee} € (EXEMPT not counted, withdrawn and foreign players counted; §5.5).", count=count,
                   rate=rate, total_fee=total_fee)
    else:
        text = msg("Homologation fee: {count} player(s) played at least one game × {rate} € (accelerated cadence) "
                   "= {total_fee} € (EXEMPT not counted, withdrawn and foreign players counted; §5.5).", count=count,
                   rate=rate, total_fee=total_fee)
    return HomologationCheck("fee", "info", text, rule=cite(SOURCE, "§5.5"))


CHECKS = (cadence, licences, players, rounds, fee)
"""Seed 000's checks, in the order ``checks.txt`` prints them."""
