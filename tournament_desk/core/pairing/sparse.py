"""Maximum-weight matching of large, dense pairing graphs, solved on a sparse part first.

A bracket of a big Swiss has tens of thousands of possible pairs, but the optimal pairing only ever uses
pairs close to the natural ones of the Dutch order: neighbours in the ranking, and players about half the
bracket apart (S1 against S2). The blossom algorithm's time grows with the number of edges, so we solve on
those edges only, then price every other edge with the optimal duals (LP duality: duals feasible for every
edge and complementary slackness on the chosen ones prove the matching optimal for the whole graph). Edges
that violate their dual constraint are added and the problem is solved again; after a few rounds without
proof the whole graph is solved. The result is always a maximum-weight matching of all the edges.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament_desk.core.pairing.matching import _CASCADE_MIN_EDGES, _cascade_solver, _Solver

__all__ = ["max_weight_matching_priced", "optimal_solver"]

# Half-width of the windows of pairs kept around each vertex (neighbours, and the S1/S2 counterpart).
_WINDOW = 6
# Below this many edges per vertex the whole graph is solved at once.
_DENSE = 4 * _WINDOW
_ROUNDS = 3


def _solve(n: int, edges: list[tuple[int, int, int]], coarse: Sequence[int | tuple[int, bool]]) -> _Solver:
    if coarse and len(edges) >= _CASCADE_MIN_EDGES:
        solver = _cascade_solver(n, edges, coarse)
        if solver is not None:
            return solver
    solver = _Solver(n, edges)
    solver.run()
    return solver


def optimal_solver(
    n: int, edges: list[tuple[int, int, int]], coarse: Sequence[int | tuple[int, bool]] = (), keep: int = -1
) -> _Solver:
    """A finished solver for ``edges`` (vertices in the Dutch order, all weights > 0): its matching is a
    maximum-weight matching of all the edges and its duals prove it for every edge. The edges of vertex
    ``keep`` are all in the first, sparse solve."""
    if len(edges) < _DENSE * n:
        return _solve(n, edges, coarse)
    half = n // 2
    # The heaviest edges of each vertex, then the windows.
    best: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for k, (i, j, w) in enumerate(edges):
        best[i].append((w, k))
        best[j].append((w, k))
    wanted = set()
    for v in range(n):
        row = best[v]
        row.sort(reverse=True)
        wanted.update(k for _w, k in row[:_WINDOW])
    chosen: list[tuple[int, int, int]] = []
    rest: list[tuple[int, int, int]] = []
    for k, e in enumerate(edges):
        gap = abs(e[1] - e[0])
        near = k in wanted or gap <= _WINDOW or abs(gap - half) <= _WINDOW or keep in (e[0], e[1])
        (chosen if near else rest).append(e)
    for _ in range(_ROUNDS):
        solver = _solve(n, chosen, coarse)
        slack = solver.full_slack_function()
        violated = [e for e in rest if slack(*e) < 0]
        if not violated:
            return solver
        chosen += violated
        keep = set(violated)
        rest = [e for e in rest if e not in keep]
    return _solve(n, edges, coarse)


def max_weight_matching_priced(
    n: int, edges: list[tuple[int, int, int]], coarse: Sequence[int | tuple[int, bool]] = ()
) -> list[int]:
    """``matching.max_weight_matching`` for the pairing graphs (see :func:`optimal_solver`)."""
    edge_list = [e for e in edges if e[2] > 0]
    if not edge_list:
        return [-1] * n
    solver = optimal_solver(n, edge_list, coarse)
    return [solver.endpoint[p] if p != -1 else -1 for p in solver.mate]
