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

from tournament_desk.core.pairing.blossom import BlossomSolver as _Solver
from tournament_desk.core.pairing.fastpaths import handover, served
from tournament_desk.core.pairing.matching import _CASCADE_MIN_EDGES, _cascade_solver, full_slack_function

__all__ = ["max_weight_matching_priced", "optimal_solver"]

# Half-width of the windows of pairs kept around each vertex (neighbours, and the S1/S2 counterpart).
_WINDOW = 12
# Below this many edges per vertex the whole graph is solved at once.
_DENSE = 4 * _WINDOW
_ROUNDS = 3


def _solve(n: int, edges: list[tuple[int, int, int]], coarse: Sequence[int | tuple[int, bool]]) -> _Solver:
    if coarse and len(edges) >= _CASCADE_MIN_EDGES:
        solver = _cascade_solver(n, edges, coarse)
        if solver is not None:
            served("matching: cascade")
            return solver
    served("matching: direct")
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
    # The pairs near the natural ones (neighbours, S1/S2 counterparts), and a few of each vertex's heaviest.
    top = [0] * n
    for i, j, w in edges:
        if w > top[i]:
            top[i] = w
        if w > top[j]:
            top[j] = w
    room = [_WINDOW] * n
    chosen: list[int] = []
    low, high = half - _WINDOW, half + _WINDOW
    for k, (i, j, w) in enumerate(edges):
        gap = j - i if j > i else i - j
        if gap <= _WINDOW or low <= gap <= high or i == keep or j == keep:
            chosen.append(k)
        elif (w == top[i] and room[i]) or (w == top[j] and room[j]):
            chosen.append(k)
            room[i] -= w == top[i] and room[i] > 0
            room[j] -= w == top[j] and room[j] > 0
    if coarse:
        # The last level of the coarse-to-fine solve is re-solved from the coarse duals with the pairs the
        # sparse optimum violates, which is much cheaper than solving again from scratch.
        solver = _cascade_solver(n, edges, coarse, start=chosen)
        if solver is not None:
            served("matching: sparse cascade")
            return solver
    in_chosen = set(chosen)
    sub = [edges[k] for k in chosen]
    rest = [e for k, e in enumerate(edges) if k not in in_chosen]
    for _ in range(_ROUNDS):
        solver = _solve(n, sub, coarse)
        slack = full_slack_function(solver)
        dual = solver.dualvar
        # Blossom duals are never negative: only edges failing on the vertex duals alone need the full slack.
        violated = [e for e in rest if dual[e[0]] + dual[e[1]] < 2 * e[2] and slack(*e) < 0]
        if not violated:
            served("matching: sparse")
            return solver
        sub += violated
        added = set(violated)
        rest = [e for e in rest if e not in added]
    handover("sparse: not certified")
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
