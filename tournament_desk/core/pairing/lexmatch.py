"""Among the maximum-weight matchings, the one that serves a list of players in order of preference.

The Dutch rules (C.04.3 Art.4.2) give the S1 players, one after the other, the first S2 player that still
allows the best pairing on the criteria. ``dutch.py`` can encode that order as bonuses below the criteria
and solve once, but the bonuses make the weights about ten bits per S1 player wide, and the blossom algorithm
then needs many stages on large brackets. This module makes the same choice directly:

1. one maximum-weight matching on the criteria alone gives optimal duals;
2. by complementary slackness, when no blossom has a positive dual, the optimal matchings are exactly the
   matchings made of tight edges that cover every vertex with a positive dual;
3. on that tight graph, a choice "p plays c" is possible
   iff the matching can be repaired after forcing p-c: each vertex left single that must be covered gets
   an alternating path, found by breadth-first search, to a single vertex or to a vertex that may stay
   single. The repair is exact: the symmetric difference with any optimal matching containing p-c holds
   such a path for each vertex to cover, whatever repairs were made before.

So each S1 player, in order, takes his first candidate for which the repair succeeds. When the tight graph
is not bipartite or a blossom keeps a positive dual, :func:`lexicographic_matching` returns ``None`` and the
caller uses the bonus encoding.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter

from tournament_desk.core.pairing.cardinality import augmenting_path
from tournament_desk.core.pairing.fastpaths import handover
from tournament_desk.core.pairing.sparse import optimal_solver

__all__ = ["lexicographic_matching"]


def lexicographic_matching(
    n: int,
    edges: list[tuple[int, int, int]],
    prefs: Sequence[tuple[int, Sequence[int]]],
    coarse: Sequence[int | tuple[int, bool]] = (),
) -> list[int] | None:
    """Maximum-weight matching of ``edges`` (``mate[v]``, -1 when single) that gives ``prefs[0][0]`` the
    first possible vertex of ``prefs[0][1]``, then ``prefs[1][0]`` the first possible one of its list, and
    so on; a player for whom no listed vertex is possible is left to the other choices.

    Returns ``None`` when the method does not apply (see the module documentation).
    """
    edges = [e for e in edges if e[2] > 0]
    if not edges:
        return [-1] * n
    size = n
    if n % 2:
        # An odd vertex set is an odd-set constraint of the matching LP, which the duals then need as a
        # blossom; a dummy vertex, joined to everybody by the same weight and placed with the S1 players,
        # removes it. Every matching of an odd set leaves someone single, who can take the dummy: each
        # matching gains exactly that weight, so the real part of the optimum is unchanged. (The weight is
        # about the largest one so that the coarse levels of the solve keep the dummy's edges.)
        top = max(map(itemgetter(2), edges))
        # Zero low bits: the finer levels of a coarse-to-fine solve then never raise the dummy's edges.
        bits = max((c[0] if isinstance(c, tuple) else c for c in coarse), default=0)
        top = ((top >> bits) << bits) or top
        edges = edges + [(v, n, top) for v in range(n)]
        size = n + 1
    solver = optimal_solver(size, edges, coarse, keep=n if size > n else -1)
    dual = solver.dualvar
    for b in range(size, 2 * size):
        if solver.blossombase[b] >= 0 and dual[b] != 0:
            handover("lexmatch: blossom dual")
            return None
    adj: list[list[int]] = [[] for _ in range(size)]
    known = solver.vertex_tight  # found while the solution was certified, when it was
    if known is not None and known[0] is edges:
        tight = known[1]
    else:
        tight = [e for e in edges if dual[e[0]] + dual[e[1]] == 2 * e[2]]
    for i, j, _w in tight:
        adj[i].append(j)
        adj[j].append(i)
    mate = [solver.endpoint[p] if p != -1 else -1 for p in solver.mate]
    mate = _Greedy(adj, mate, [d > 0 for d in dual[:size]]).run(prefs)
    return [m if m < n else -1 for m in mate[:n]]


class _Greedy:
    """The preference-by-preference choice on the tight graph (see the module documentation).

    Vertices that may stay single get a pendant "sink" vertex: a path that ends at the sink of z takes z's
    partner away and leaves z single, so every repair is an ordinary augmenting path (Edmonds' search, the
    tight graph need not be bipartite).
    """

    def __init__(self, tight: list[list[int]], mate: list[int], required: list[bool]) -> None:
        size = len(tight)
        self.size = size
        # Neighbours in increasing order: the searches below visit them in that order (sets are iterated
        # sorted), so the repairs, and the matching of the players nobody chooses, do not depend on how
        # the edges were listed.
        self.adj = [sorted(a) for a in tight] + [[v] for v in range(size)]
        for v in range(size):
            if not required[v]:
                self.adj[v].append(size + v)
        self.adjset = [set(a) for a in self.adj]
        self.mate = mate + [-1] * size
        self.required = required
        self.blocked = [False] * (2 * size)
        self.unblocked = set(range(2 * size))
        self.log: list[tuple[int, int]] = []

    def run(self, prefs: Sequence[tuple[int, Sequence[int]]]) -> list[int]:
        blocked = self.blocked
        for p, cands in prefs:
            if blocked[p]:
                continue
            tight = self.adjset[p]
            for c in cands:
                if not blocked[c] and c in tight and self._force(p, c):
                    break
        return self.mate[: self.size]

    def _set(self, v: int, m: int) -> None:
        self.log.append((v, self.mate[v]))
        self.mate[v] = m

    def _force(self, p: int, c: int) -> bool:
        """Make p-c part of the matching and repair it; undo everything and return False if impossible."""
        mate = self.mate
        if mate[p] == c:
            self._block((p, c), True)
            return True
        self.log = []
        a, b = mate[p], mate[c]
        for x in (a, b):
            if x != -1:
                self._set(x, -1)
        self._set(p, c)
        self._set(c, p)
        self._block((p, c), True)
        for x in (b, a):
            if x != -1 and mate[x] == -1 and self.required[x] and not self._augment(x):
                for v, m in reversed(self.log):
                    mate[v] = m
                self._block((p, c), False)
                return False
        return True

    def _block(self, pair: tuple[int, int], on: bool) -> None:
        """Block (or free again) a forced pair and the sinks of its two vertices."""
        size = self.size
        for v in (*pair, size + pair[0], size + pair[1]):
            self.blocked[v] = on
            if on:
                self.unblocked.discard(v)
            else:
                self.unblocked.add(v)

    def _simple_path(self, root: int) -> tuple[int, dict[int, int]] | None:
        """Breadth-first search for an augmenting path that needs no blossom (the usual case, and it only
        touches the vertices it visits). Returns the path's end (-1: there is none) and the parent links, or
        ``None`` when an odd cycle was met and only Edmonds' search can decide."""
        mate = self.mate
        adjset = self.adjset
        # the vertices a path may still use: not blocked and not yet reached as odd vertices (set
        # operations do the filtering, which is most of the work in a dense tight graph)
        avail = self.unblocked.copy()  # the root stays: meeting it again (it is even) reveals an odd cycle
        parent: dict[int, int] = {}
        even = {root}
        queue = [root]
        head = 0
        odd_cycle = False
        while head < len(queue):
            u = queue[head]
            head += 1
            mu = mate[u]
            for y in sorted(adjset[u] & avail):
                if y == mu:
                    continue
                if y in even:
                    odd_cycle = True  # two outer vertices joined: a blossom may hide a path
                    continue
                parent[y] = u
                avail.discard(y)
                z = mate[y]
                if z == -1:
                    return y, parent
                if z in even:
                    odd_cycle = True
                else:
                    even.add(z)
                    queue.append(z)
        return None if odd_cycle else (-1, parent)

    def _augment(self, root: int) -> bool:
        got = self._simple_path(root)
        parent: Mapping[int, int] | list[int]
        if got is None:  # no path without odd cycles: Edmonds' search decides
            end, parent = augmenting_path(self.adj, self.mate, root, self.blocked)
        else:
            end, parent = got
        if end == -1:
            return False
        v = end
        while v != -1:
            pv = parent[v]
            nxt = self.mate[pv]
            self._set(v, pv)
            self._set(pv, v)
            v = nxt
        if end >= self.size:  # the path ended at a sink: its vertex is now single
            z = self.mate[end]
            self._set(z, -1)
            self._set(end, -1)
        return True
