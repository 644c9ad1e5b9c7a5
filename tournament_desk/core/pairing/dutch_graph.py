"""The matching graph of the Dutch engine, with bracket-local solving.

Edges inside the bracket being paired (and towards the next score group) carry all the criteria; every other
edge only carries the completion field (C4/C2/C5), which has the same total for every complete round-pairing.
So the best complete pairing is: the best matching *inside the bracket* ignoring the completion field,
provided the players it leaves out, together with all lower players, can still be paired completely. We
solve that small problem and check the completion with a fast unweighted matching; only if the check fails
do we hand over to the weighted matching over all remaining players (each hand-over named and counted in
``fastpaths``). Both give identical results.

``PairingGraph(..., fast=False)`` is the reference path: every solve is one maximum-weight matching over
all remaining players by ``matcher`` (default: the project's blossom algorithm with no coarse-to-fine,
sparse or tight-graph shortcut; the tests also plug in networkx's). The fast paths must agree with it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from typing import Protocol

from tournament_desk.core.pairing.cardinality import max_cardinality_matching
from tournament_desk.core.pairing.dutch_model import EnginePlayer
from tournament_desk.core.pairing.dutch_weights import (
    FIRST_ORDER_FIELD,
    WeightContext,
    WeightTable,
    edge_weight,
    is_topscorer,
    offset,
    order_bits,
)
from tournament_desk.core.pairing.fastpaths import handover, served
from tournament_desk.core.pairing.lexmatch import lexicographic_matching
from tournament_desk.core.pairing.matching import max_weight_matching
from tournament_desk.core.pairing.sparse import max_weight_matching_priced

__all__ = ["Bonuses", "Matcher", "PairingGraph"]

Matcher = Callable[[int, list[tuple[int, int, int]]], list[int]]
"""A maximum-weight matching function: (vertex count, (u, v, weight) edges) -> mate list (-1 when single)."""


class Bonuses(Protocol):
    """Tie-break bonuses by pair of vertices (a dict, or one computed on first use)."""

    def get(self, key: tuple[int, int], default: int, /) -> int: ...

# Residents of an even next score group tried as its own downfloater by _next_bracket_complete.
_LEFTOVER_TRIES = 4


class PairingGraph:
    """Weights over the players still to pair (vertices are indices in score order)."""

    def __init__(
        self,
        players: list[EnginePlayer],
        ctx: WeightContext,
        top_shift: int,
        fast: bool = True,
        matcher: Matcher | None = None,
    ) -> None:
        self.players = players
        self.n = len(players)
        self.ctx = ctx
        self.top_shift = top_shift  # bit offset of the completion field
        self.w: list[dict[int, int]] = [{} for _ in range(self.n)]
        self.active = [True] * self.n
        self.fixed: dict[int, int] = {}
        self.default_ctx: WeightContext = copy.copy(ctx)
        # The fast paths (bracket-local solves, coarse-to-fine, sparse, lexmatch), or the reference path.
        self.fast = fast
        self.matcher: Matcher = matcher or max_weight_matching
        # Whether the last solve served its ``prefs`` (lexmatch) rather than ignoring them.
        self.last_preferences_served = False
        # Fast form of dutch_weights.compatible (C1, C3 and forbidden pairs) by vertex index.
        vertex_of = {p.id: v for v, p in enumerate(players)}
        self._opp = [{vertex_of[o] for o in p.opponents if o in vertex_of} for p in players]
        for pair in ctx.forbidden:
            a, b = (vertex_of.get(x) for x in pair)
            if a is not None and b is not None:
                self._opp[a].add(b)
                self._opp[b].add(a)
        for a, others in enumerate(self._opp):  # C1 holds both ways even if a file lists one side only
            for b in others:
                self._opp[b].add(a)
        self._abs = [p.colours.preference if p.colours.absolute and not is_topscorer(p, ctx) else None for p in players]
        self.table = WeightTable(players, self._opp)

    # -- weights -------------------------------------------------------------------------------------
    def freeze_defaults(self) -> None:
        """Edges never set explicitly keep the weights of this moment (completion field, maybe C9)."""
        self.default_ctx = copy.copy(self.ctx)
        self.w = [{} for _ in range(self.n)]

    def set(self, a: int, b: int, weight: int) -> None:
        self.w[a][b] = weight
        self.w[b][a] = weight

    def set_row(self, a: int, others: list[int], weights: list[int]) -> None:
        """``set(a, b, w)`` for every b, w of ``others`` (all higher than ``a``: smaller vertex numbers),
        ``weights``. The bulk form used per bracket; it only writes a's row, where readers look (see
        :meth:`_get`)."""
        assert not others or others[-1] < a
        self.w[a].update(zip(others, weights, strict=True))

    def _get(self, a: int, b: int) -> int | None:
        """The weight set for a-b, read from the row of the lower player (the larger vertex number)."""
        return self.w[a].get(b) if a > b else self.w[b].get(a)

    def weight(self, a: int, b: int) -> int:
        got = self._get(a, b)
        if got is not None:
            return got
        hi, lo = (a, b) if a < b else (b, a)
        return edge_weight(self.players[hi], self.players[lo], False, False, self.default_ctx)

    def edge_ok(self, a: int, b: int) -> bool:
        got = self._get(a, b)
        if got is not None:
            return got > 0
        if b in self._opp[a]:
            return False
        pref = self._abs[a]
        return pref is None or pref is not self._abs[b]

    def finalize(self, a: int, b: int) -> None:
        """Fix the pair a-b: equivalent to giving it the maximum weight and zeroing a's and b's edges."""
        self.active[a] = self.active[b] = False
        self.fixed[a] = b
        self.fixed[b] = a

    # -- solving -------------------------------------------------------------------------------------
    def _coarse(self, shift: int, field: int = 0) -> list[tuple[int, bool]]:
        """Levels for the coarse-to-fine solve of the tie-break problems (``matching._cascade``).

        The weights are lexicographic fields: the criteria; the generation-order bits below them
        (``dutch._ewc``: fewest exchanges, then BSN differences, which may be negative, hence rounding);
        then the tie-breaks of the S1 players (``field`` bits each, most important first, so truncating
        keeps their order). Each level only refines the previous one, so warm starts stay cheap. Solves
        without tie-breaks have few distinct weights and are solved directly.
        """
        if not shift:
            return []
        # the criteria alone, then with Art.4.3 (a) fewest exchanges, then every generation-order bit
        levels = [(shift + order_bits(self.ctx), True), (shift + offset(FIRST_ORDER_FIELD, self.ctx), True),
                  (shift, False)]
        if field:
            k = 1
            while shift - k * field > 0:
                levels.append((shift - k * field, False))
                k *= 2
        return levels

    def _result(self, idx: list[int], mate: list[int]) -> list[int]:
        out = list(range(self.n))
        for v, m in self.fixed.items():
            out[v] = m
        for i, v in enumerate(idx):
            if mate[i] != -1:
                out[v] = idx[mate[i]]
        return out

    def solve_global(
        self, shift: int = 0, extra: Bonuses | None = None, field: int = 0
    ) -> list[int]:
        """Maximum-weight matching over all remaining players; result[v] is v's partner or v itself."""
        idx = [v for v in range(self.n) if self.active[v]]
        edges = []
        w = self.w
        for j, u in enumerate(idx):
            # weights towards the higher players, as self.weight(v, u) computes them
            row = self.table.row(idx[:j], u, False, False, self.default_ctx)
            wu = w[u]
            for i in range(j):
                v = idx[i]
                wt = wu.get(v)
                if wt is None:
                    wt = row[i]
                if wt > 0:
                    if shift:
                        wt = (wt << shift) + (extra.get((v, u), 0) if extra else 0)
                    edges.append((i, j, wt))
        edges.sort()
        if not self.fast:
            served("solve: reference")
            return self._result(idx, self.matcher(len(idx), edges))
        served("solve: global")
        return self._result(idx, max_weight_matching(len(idx), edges, self._coarse(shift, field)))

    def solve(
        self,
        bracket: Iterable[int],
        shift: int = 0,
        extra: Bonuses | None = None,
        field: int = 0,
        prefs: list[tuple[int, list[int]]] | None = None,
        core: Iterable[int] | None = None,
    ) -> list[int]:
        """Same result as :meth:`solve_global`, computed inside ``bracket`` when that is provably enough.

        ``core`` (the current bracket without the next score group): if its players can all be paired among
        themselves, the next score group cannot change the result (C6 outranks C8), so it is left out.
        """
        self.last_preferences_served = False
        if not self.fast:
            return self.solve_global(shift, extra, field)
        if core is not None:
            inner = [v for v in core if self.active[v]]
            inner_set = set(inner)
            nxt = [v for v in bracket if self.active[v] and v not in inner_set]
            if len(inner) % 2 == 0 or not self.ctx.single_downfloater_is_bye:
                got = self._solve_inside(inner, shift, extra, field, prefs, require_all=True, nxt=nxt)
                if got is not None:
                    served("solve: bracket")
                    return got
        got = self._solve_inside(
            [v for v in bracket if self.active[v]], shift, extra, field, prefs, require_all=False
        )
        if got is not None:
            served("solve: bracket + next score group")
            return got
        return self.solve_global(shift, extra, field)

    def _solve_inside(
        self,
        inside: list[int],
        shift: int,
        extra: Bonuses | None,
        field: int,
        prefs: list[tuple[int, list[int]]] | None,
        require_all: bool,
        nxt: list[int] | None = None,
    ) -> list[int] | None:
        stage = "core" if require_all else "bracket"
        in_set = set(inside)
        rest = [v for v in range(self.n) if self.active[v] and v not in in_set]
        if rest and self.default_ctx.single_downfloater_is_bye:
            handover(f"{stage}: C9 needs the whole round")
            return None
        mask = (1 << self.top_shift) - 1
        edges: list[tuple[int, int, int]] = []
        rows = self.w
        for j, u in enumerate(inside):
            try:
                weights = list(map(rows[u].__getitem__, inside[:j]))
            except KeyError:
                handover(f"{stage}: weights outside the bracket")
                return None
            edges += [(i, j, m) for i, w in enumerate(weights) if w > 0 and (m := w & mask)]
        mate = None
        if prefs:
            mate = self._lexicographic(inside, edges, prefs)
        by_preferences = mate is not None
        if mate is None:
            if shift:
                bonus = extra.get if extra else (lambda _key, _default: 0)
                edges = [(i, j, (w << shift) + bonus((inside[i], inside[j]), 0)) for i, j, w in edges]
            mate = max_weight_matching_priced(len(inside), edges, self._coarse(shift, field))
        left = [v for i, v in enumerate(inside) if mate[i] == -1]
        if require_all and len(left) > len(inside) % 2:
            handover("core: not everybody paired")
            return None
        if left and require_all:
            assert nxt is not None
            if not self._next_bracket_complete(left[0], nxt, rest):
                handover("core: next bracket below its bound")
                return None
        elif not self.completable(sorted(left + rest)):
            handover(f"{stage}: completion (C4) fails below")
            return None
        self.last_preferences_served = by_preferences
        return self._result(inside, mate)

    def _next_bracket_complete(self, downfloater: int, nxt: list[int], rest: list[int]) -> bool:
        """Does the downfloater chosen inside the bracket let C8 reach its best possible value?

        C8 (Art.2.4.3) asks that the next bracket can pair as many players as possible (C6) with the lowest
        downfloaters (C7). Whoever floats down, the best conceivable outcome is: the downfloater paired in
        the next bracket, and the next bracket pairing everybody else, or all but one of its own residents
        when it becomes odd. If the choice made inside the bracket reaches that bound, it is also the
        choice of the matching over the bracket and the next score group; the players below must then
        still complete the round (C4). Otherwise the caller solves with the next score group included.
        """
        nxt_set = set(nxt)
        low = [v for v in rest if v not in nxt_set]
        if len(nxt) % 2 == 1:
            return self.completable(sorted([downfloater, *nxt]), bye_allowed=False) and self.completable(low)
        # The next bracket becomes odd: one of its residents floats on. Try the lowest ones first (few tries:
        # a failure only costs the slower exact solve).
        for x in reversed(nxt[-_LEFTOVER_TRIES:]):
            group = sorted([downfloater, *(v for v in nxt if v != x)])
            if self.completable(group, bye_allowed=False) and self.completable(sorted([x, *low])):
                return True
        return False

    def _lexicographic(
        self, inside: list[int], criteria: list[tuple[int, int, int]], prefs: list[tuple[int, list[int]]]
    ) -> list[int] | None:
        """The tie-break solve by ``lexmatch``: the same matching as the bonuses, much faster on large brackets."""
        pos = {v: i for i, v in enumerate(inside)}
        local = [(pos[p], [pos[c] for c in cands if c in pos]) for p, cands in prefs if p in pos]
        return lexicographic_matching(len(inside), criteria, local, [(offset(FIRST_ORDER_FIELD, self.ctx), True)])

    # -- completion check (C4) ----------------------------------------------------------------------
    def _bye_candidate(self, v: int) -> bool:
        p = self.players[v]
        return p.eligible_for_bye and p.score <= self.ctx.bye_score

    def completable(self, vs: list[int], bye_allowed: bool = True) -> bool:
        """Can ``vs`` be paired completely (an odd player out must be able to take the PAB)?"""
        cands: list[int] = []
        if len(vs) % 2 == 1:
            if not bye_allowed:
                return False
            cands = [v for v in vs if self._bye_candidate(v)]
            if not cands:
                return False
        pos = {v: i for i, v in enumerate(vs)}
        size = len(vs) + (1 if cands else 0)
        mate = [-1] * size
        # Greedy first (almost always enough), then Edmonds from the greedy matching.
        order = list(vs)
        if cands:
            bye = cands[-1]
            order.remove(bye)
            mate[pos[bye]] = len(vs)
            mate[len(vs)] = pos[bye]
        free = order
        unmatched = False
        while free:
            a = free.pop(0)
            for k, b in enumerate(free):
                if self.edge_ok(a, b):
                    del free[k]
                    mate[pos[a]] = pos[b]
                    mate[pos[b]] = pos[a]
                    break
            else:
                unmatched = True
        if not unmatched:
            return True
        mate = max_cardinality_matching(_LazyAdjacency(self, vs, [pos[v] for v in cands]), mate)
        return all(m != -1 for m in mate)


class _LazyAdjacency:
    """Neighbour lists computed on first use: augmenting from a greedy matching looks at few vertices."""

    def __init__(self, graph: PairingGraph, vs: list[int], cand_pos: list[int]) -> None:
        self.graph = graph
        self.vs = vs
        self.cand_pos = set(cand_pos)
        self.dummy = len(vs) if cand_pos else -1
        self.cache: dict[int, list[int]] = {}

    def __len__(self) -> int:
        return len(self.vs) + (1 if self.dummy >= 0 else 0)

    def __getitem__(self, i: int) -> list[int]:
        got = self.cache.get(i)
        if got is None:
            if i == self.dummy:
                got = sorted(self.cand_pos)
            else:
                v = self.vs[i]
                ok = self.graph.edge_ok
                got = [j for j, u in enumerate(self.vs) if j != i and ok(v, u)]
                if i in self.cand_pos:
                    got.append(self.dummy)
            self.cache[i] = got
        return got
