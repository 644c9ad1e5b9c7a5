"""Seed 003 §2.3.2 "Performance Elo du Tournoi": the "Quantité" table, the 350-point rule and the
provisional rating ("Classement provisoire", Cp) of unrated players.

P = M + Q (seed 003 §4 "PERFORMANCE"): M is the average rating of the opponents met over the board, each
brought within 350 points of the player's own rating; Q is read in the table below at (points, games).
Forfeits and byes are not counted ("Les parties non jouées (forfait, exempt,...) ne sont pas comptées").
Worked example: 1780 + 193 = 1973.
"""

from __future__ import annotations

import math
from fractions import Fraction

from tournament_desk.core.tiebreaks.context import TiebreakContext

# seed 003 §4 "PERFORMANCE Elo", table "Point \ Partie": games -> Q for 0, ½, 1, ... points.
QUANTITE_TABLE: dict[int, tuple[int, ...]] = {
    13: (-736, -538, -422, -351, -296, -251, -211, -184, -149, -117, -87, -57, -29, 0,
         29, 57, 87, 117, 149, 184, 211, 251, 296, 351, 422, 538, 736),
    12: (-736, -501, -401, -336, -284, -240, -193, -158, -125, -95, -72, -36, 0,
         36, 72, 95, 125, 158, 193, 240, 284, 336, 401, 501, 736),
    11: (-736, -501, -383, -322, -262, -220, -175, -141, -102, -72, -36, 0,
         36, 72, 102, 141, 175, 220, 262, 322, 383, 501, 736),
    10: (-736, -470, -366, -296, -240, -193, -149, -110, -72, -36, 0,
         36, 72, 110, 149, 193, 240, 296, 366, 470, 736),
    9: (-736, -470, -351, -284, -220, -175, -125, -87, -43, 0, 43, 87, 125, 175, 220, 284, 351, 470, 736),
    8: (-736, -444, -336, -251, -193, -141, -95, -50, 0, 50, 95, 141, 193, 251, 336, 444, 736),
    7: (-736, -422, -309, -230, -166, -110, -57, 0, 57, 110, 166, 230, 309, 422, 736),
    6: (-736, -401, -284, -193, -125, -65, 0, 65, 125, 193, 284, 401, 736),
    5: (-736, -366, -240, -149, -72, 0, 72, 149, 240, 366, 736),
    4: (-736, -336, -193, -95, 0, 95, 193, 336, 736),
}

# REFERENCE §4.1: FIDE B.02 table 8.1(a), p (hundredths, 50..100) -> dp; dp(1 - p) = -dp(p).
DP_TABLE: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175,
    184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422,
    444, 470, 501, 538, 589, 677, 800,
)

RULE_350 = 350
"""Seed 003 §4: "Une différence de classement de plus de 350 points sera comptée ... comme 350 points"."""


def dp(p: float) -> int:
    """FIDE B.02 8.1(a) (REFERENCE §4.1) with p rounded half up to hundredths (REFERENCE §4.4)."""
    hundredths = math.floor(p * 100 + 0.5 + 1e-9)
    hundredths = max(0, min(100, hundredths))
    return DP_TABLE[hundredths - 50] if hundredths >= 50 else -DP_TABLE[50 - hundredths]


def _quantite_rule(points: Fraction, games: int) -> int:
    """The rule behind the seed 003 table: dp of the score rate rounded *up* to the hundredth, symmetric,
    ±736 at 0% and 100%. It reproduces 176 of the 180 printed entries (not 5 and 7 on 12, 1.5 and 6.5 on 8,
    checked in the tests). Used only for a number of games the table does not print (below 4, above 13)."""
    p = points / games
    if p in (0, 1):
        return 736 if p == 1 else -736
    high = max(p, 1 - p)
    hundredths = math.ceil(high * 100)
    value = min(DP_TABLE[hundredths - 50], 736)  # never beyond the table's 100% value
    return value if p >= Fraction(1, 2) else -value


def quantite(points: float, games: int) -> int:
    """Seed 003 §4: Q at the intersection of the points row and the games column (4 on 7 -> 57,
    3 on 9 -> -125, 0 -> -736, 100% -> +736, 50% -> 0)."""
    halves = round(points * 2)
    if games <= 0 or halves < 0 or halves > 2 * games:
        raise ValueError(f"no Quantité for {points} points in {games} games")
    column = QUANTITE_TABLE.get(games)
    if column is not None:
        return column[halves]
    return _quantite_rule(Fraction(halves, 2), games)


def _round_half_up(x: float) -> int:
    return math.floor(x + 0.5)


def own_rating(ctx: TiebreakContext, pid: int) -> int | None:
    """The player's rating in the event's rating system; None when unrated (flag, missing or 0)."""
    table: dict[int, int | None] | None = ctx.cache.get("ratings")
    if table is None:
        system = ctx.state.event.rating_system
        table = {}
        for p in ctx.players.values():
            value = p.rating(system)
            table[p.id] = None if p.unrated or not value else value
        ctx.cache["ratings"] = table
    return table[pid]


def provisional_ratings(ctx: TiebreakContext) -> dict[int, int | None]:
    """Seed 003 §4 "PRECISION SUR LE CALCUL DE LA MOYENNE ELO DES ADVERSAIRES": every player's rating, the
    unrated ones replaced by a provisional rating (Cp), rounded to the nearest integer:

    * an unrated player in a score group with at least one rated player gets the group's average rating
      (six players, rated 2200, 1860, 1950, 1910: Cp = 1980);
    * a score group of unrated players only is placed between the nearest groups above and below by the
      weighted average, the weights being read in the Quantité table at the groups' scores (Open in 7 rounds:
      1890 at 4.5, 1750 at 3.5 -> 1823 at 4); with a single neighbour, at that neighbour's rating minus or
      plus the table's gap; several such groups are placed from the top down, each one placed becoming the
      upper neighbour of the next.
    None when nothing can be estimated (no rated player at all).
    """
    cached = ctx.cache.get("provisional")
    if cached is not None:
        return cached  # shared: callers must not modify it
    ratings = {pid: own_rating(ctx, pid) for pid in ctx.entries}
    levels: dict[float, list[int]] = {}
    for pid, s in ctx.score.items():
        levels.setdefault(s, []).append(pid)
    ordered = sorted(levels, reverse=True)
    rated_avg: dict[float, float] = {}
    for level in ordered:
        known = [r for p in levels[level] if (r := ratings[p]) is not None]
        if known:
            rated_avg[level] = sum(known) / len(known)
    games = max(ctx.n_rounds, 1)
    win = ctx.profile.win or 1.0

    def q(level: float) -> int:
        pts = min(max(level / win, 0.0), float(games))
        return quantite(round(pts * 2) / 2, games)

    value: dict[float, float] = dict(rated_avg)
    for i, level in enumerate(ordered):
        if level in value:
            continue
        above = next((lv for lv in reversed(ordered[:i]) if lv in value), None)
        below = next((lv for lv in ordered[i + 1:] if lv in rated_avg), None)
        if above is not None and below is not None:
            span = q(above) - q(below)
            share = (q(above) - q(level)) / span if span else 0.5
            value[level] = value[above] - share * (value[above] - rated_avg[below])
        elif above is not None:
            value[level] = value[above] - (q(above) - q(level))
        elif below is not None:
            value[level] = rated_avg[below] + (q(level) - q(below))
    result: dict[int, int | None] = {}
    for pid, r in ratings.items():
        if r is not None:
            result[pid] = r
        else:
            level_value = value.get(ctx.score[pid])
            result[pid] = _round_half_up(level_value) if level_value is not None else None
    ctx.cache["provisional"] = result
    return result


def performance_detail(ctx: TiebreakContext, pid: int) -> tuple[float | None, list[tuple[int, int, int, float]]]:
    """(P, [(round, opponent, rating used after the 350-point rule, result)]) for seed 003 §2.3.2.
    Opponents whose rating cannot be estimated are left out, with their game."""
    ratings = provisional_ratings(ctx)
    own = ratings[pid]
    used: list[tuple[int, int, int, float]] = []
    for e in ctx.entries[pid]:
        if not e.played or e.opponent is None:
            continue  # seed 003 §4: "On oublie les rondes 5, 7 et 9 puisqu'il a gagné ou perdu par forfait"
        r = ratings[e.opponent]
        if r is None:
            continue
        if own is not None:  # seed 003 §4: "on ramène le Elo à 1500 = (1850 – 350)"
            r = max(own - RULE_350, min(own + RULE_350, r))
        used.append((e.round, e.opponent, r, e.result_fraction))
    if not used:
        return None, used
    average = sum(u[2] for u in used) / len(used)
    points = sum(u[3] for u in used)
    return average + quantite(points, len(used)), used


def performance(ctx: TiebreakContext) -> dict[int, float | None]:
    """Seed 003 §2.3.2 for every player (not rounded: the example's M is exact). The same computation as
    :func:`performance_detail`, without recording the games."""
    ratings = provisional_ratings(ctx)
    out: dict[int, float | None] = {}
    for pid, entries in ctx.entries.items():
        own = ratings[pid]
        total = 0
        points = 0.0
        games = 0
        for e in entries:
            if not e[7] or e[1] is None:  # played, opponent: forfeits and byes are forgotten (seed 003 §4)
                continue
            r = ratings[e[1]]
            if r is None:
                continue
            if own is not None:  # the 350-point rule
                r = max(own - RULE_350, min(own + RULE_350, r))
            total += r
            points += e[8]
            games += 1
        out[pid] = total / games + quantite(points, games) if games else None
    return out
