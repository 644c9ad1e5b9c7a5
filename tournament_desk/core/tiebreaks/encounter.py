"""Tie-breaks that depend on the tied group itself: direct encounter and extended Koya.

They cannot be computed per player in advance: the standings builder hands them the group of players still
tied when the tie-break is reached, and they return, for each player, a sort key (a tuple, compared
lexicographically, higher first) and the value to print.

Direct encounter, two readings (docs/tiebreaks.md, "Ambiguities"):
* seed003 — seed 003 §2.1.4: "Si tous les joueurs ex æquo se sont rencontrés, la somme des points de ces
  rencontres décidera." Computed once on the group still tied when DE is reached; sub-groups it leaves tied go
  on to the next tie-break. This is what the worked Koya example of seed 003 §4 does: Denis and Franck both
  have 1.5 in the direct encounter and are separated by Koya (Denis 5th), although Franck won their game.
  Put DE in the list again to apply it again to what later tie-breaks leave tied (C.07 4.3: a Type A
  tie-break may appear more than once).
* fide2023 / fide2026 — C.07 2023 Art. 6: repeated meetings averaged (6.1.2); when all met, rank by the
  mini-table and re-apply DE to each tied sub-group (6.2); in a Swiss where not all met, a player is placed
  first only if alone on top whatever the missing results, then the next places, then DE is re-applied to the
  rest (6.3).
In both readings forfeits count as games in a round robin (C.07 2023 Art. 15.2) and are excluded in a Swiss
(C.07 2023 Art. 6.1.1).
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament_desk.core.tiebreaks.context import TiebreakContext
from tournament_desk.core.tiebreaks.editions import Edition, RoundEntry
from tournament_desk.core.tiebreaks.own_results import koya_points, koya_threshold, score_levels_below

GroupKeys = dict[int, tuple[tuple[float, ...], float | None]]
"""player id -> (sort key, value to print)."""

_EPS = 1e-9


def partition_desc(values: dict[int, float], members: Sequence[int]) -> list[list[int]]:
    """Split ``members`` into groups of equal value, highest value first (stable inside a group)."""
    ordered = sorted(members, key=lambda p: -values[p])
    parts: list[list[int]] = []
    for pid in ordered:
        if parts and abs(values[parts[-1][0]] - values[pid]) <= _EPS:
            parts[-1].append(pid)
        else:
            parts.append([pid])
    return parts


class _MiniTable:
    """Games among a set of players (C.07 2023 Art. 6.1, seed 003 §2.1.4)."""

    def __init__(self, ctx: TiebreakContext, members: Sequence[int]) -> None:
        self.ctx = ctx
        self.average = ctx.edition.is_fide  # C.07 2023 Art. 6.1.2; seed 003 says "la somme"
        self._last_set: tuple[Sequence[int], int, set[int]] | None = None
        group = set(members)
        self.points: dict[int, dict[int, list[float]]] = {p: {} for p in members}
        for pid in members:
            for e in ctx.entries[pid]:
                if e.opponent in group and self._counts(e):
                    self.points[pid].setdefault(e.opponent, []).append(e.points)

    def _counts(self, e: RoundEntry) -> bool:
        return e.played or (self.ctx.is_round_robin and e.is_forfeit)

    def _set(self, members: Sequence[int]) -> set[int] | frozenset[int]:
        """``members`` as a set, kept while the same sequence object is queried (groups can hold hundreds of
        tied players: looking up each player's few opponents beats scanning the group for each player)."""
        if isinstance(members, set | frozenset):
            return members
        cached = self._last_set
        if cached is not None and cached[0] is members and cached[1] == len(members):
            return cached[2]
        as_set = set(members)
        self._last_set = (members, len(members), as_set)
        return as_set

    def value(self, pid: int, members: Sequence[int]) -> float:
        group = self._set(members)
        total = 0.0
        for opp, games in self.points[pid].items():
            if opp != pid and games and opp in group:
                total += sum(games) / len(games) if self.average else sum(games)
        return total

    def missing(self, pid: int, members: Sequence[int]) -> int:
        group = self._set(members)
        met = sum(1 for q in self.points[pid] if q != pid and q in group)
        return len(group) - (1 if pid in group else 0) - met

    def all_met(self, members: Sequence[int]) -> bool:
        return all(self.missing(p, members) == 0 for p in members)


def direct_encounter(ctx: TiebreakContext, group: Sequence[int]) -> GroupKeys:
    """Direct encounter (DE) for a tied group; see the module docstring for the two readings."""
    table = _MiniTable(ctx, group)
    met = table.all_met(group)
    if ctx.edition is Edition.FFE_ANNEX:
        # seed 003 §2.1.4: only when all tied players met; otherwise it decides nothing
        if not met:
            return {p: ((0.0,), None) for p in group}
        return {p: ((table.value(p, group),), table.value(p, group)) for p in group}
    keys = _fide_de(ctx, table, list(group))
    return {p: (keys[p], table.value(p, group)) for p in group}


def _fide_de(ctx: TiebreakContext, table: _MiniTable, members: list[int]) -> dict[int, tuple[float, ...]]:
    if len(members) == 1:
        return {members[0]: ()}
    if table.all_met(members):
        # C.07 2023 Art. 6.2: rank by the mini-table, re-apply DE to each tied sub-group
        values = {p: table.value(p, members) for p in members}
        parts = partition_desc(values, members)
        if len(parts) == 1:
            return {p: (values[p],) for p in members}
        out: dict[int, tuple[float, ...]] = {}
        for part in parts:
            sub = _fide_de(ctx, table, part) if len(part) > 1 else {part[0]: ()}
            for p in part:
                out[p] = (values[p], *sub[p])
        return out
    # C.07 2023 Art. 6.3: Swiss, not everyone met: place a player only if alone on top whatever happens
    rest = list(members)
    placed: list[int] = []
    best_per_pair = ctx.profile.win
    while len(rest) > 1 and not table.all_met(rest):
        current = {p: table.value(p, rest) for p in rest}
        best = {p: current[p] + table.missing(p, rest) * best_per_pair for p in rest}
        tops = [p for p in rest if all(current[p] > best[q] + _EPS for q in rest if q != p)]
        if len(tops) != 1:
            break
        placed.append(tops[0])
        rest.remove(tops[0])
    n = float(len(members))
    out = {p: (n - i,) for i, p in enumerate(placed)}
    bucket = n - len(placed)
    if len(rest) > 1 and table.all_met(rest):
        sub = _fide_de(ctx, table, rest)
        out.update({p: (bucket, *sub[p]) for p in rest})
    else:
        out.update({p: (bucket,) for p in rest})
    return out


def koya_extended(ctx: TiebreakContext, group: Sequence[int]) -> GroupKeys:
    """Seed 003 §2.1.3.1 and §4 "KOYA": start with the opponents on 50% or more; while players stay tied,
    extend step by step to the next lower score level that exists in the event (4.5 -> 3.5 -> 3 in the
    example: Claude 4.5, Bernard 4). The printed value is the Koya at the level that separated the player
    (or at the last level tried)."""
    thresholds = [koya_threshold(ctx), *score_levels_below(ctx, koya_threshold(ctx))]
    levels: dict[int, float] = ctx.cache.setdefault("koya-ext-level", {})

    def resolve(members: list[int], i: int) -> dict[int, tuple[float, ...]]:
        values = {p: koya_points(ctx, p, thresholds[i]) for p in members}
        out: dict[int, tuple[float, ...]] = {}
        for part in partition_desc(values, members):
            if len(part) > 1 and i + 1 < len(thresholds):
                sub = resolve(part, i + 1)
            else:
                sub = {p: () for p in part}
                for p in part:
                    levels[p] = thresholds[i]
            for p in part:
                out[p] = (values[p], *sub[p])
        return out

    keys = resolve(list(group), 0)
    return {p: (k, k[-1]) for p, k in keys.items()}
