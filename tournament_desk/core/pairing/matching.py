"""Maximum-weight matching on general (non-bipartite) graphs: the public entry point, the coarse-to-fine
solve for wide weights, warm starts and the optimality certificate. The blossom algorithm itself is in
``blossom`` (hand-written, see there why); cardinality matching is in ``cardinality``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from operator import sub

from tournament_desk.core.pairing.blossom import BlossomSolver as _Solver
from tournament_desk.core.pairing.cardinality import augmenting_path, max_cardinality_matching
from tournament_desk.core.pairing.fastpaths import handover, served

__all__ = ["augmenting_path", "full_slack_function", "max_cardinality_matching", "max_weight_matching"]


def max_weight_matching(
    n: int, edges: Iterable[tuple[int, int, int]], coarse: Sequence[int | tuple[int, bool]] = ()
) -> list[int]:
    """Return ``mate`` (length n) of a maximum-weight matching; ``mate[v] == -1`` when v is single.

    ``edges`` holds ``(u, v, w)`` with ``u != v`` and integer ``w``; edges with ``w <= 0`` are ignored
    (they can never increase the weight).

    ``coarse`` (optional, decreasing bit counts, or ``(bits, rounded)`` pairs): solve first with the weights
    rounded (or truncated) to their bits above each count, keeping only the edges those solutions leave
    tight, and check the final result for optimality over all edges (see :func:`_cascade`). The matching
    found is a maximum-weight matching either way; with several optimal matchings the one returned may
    depend on this option.
    """
    edge_list = [(u, v, w) for (u, v, w) in edges if w > 0]
    if not edge_list:
        return [-1] * n
    if coarse and len(edge_list) >= _CASCADE_MIN_EDGES:
        got = _cascade(n, edge_list, coarse)
        if got is not None:
            served("matching: cascade")
            return got
    served("matching: direct")
    return _Solver(n, edge_list).run()


# Below this many edges a direct solve is cheap enough.
_CASCADE_MIN_EDGES = 400
# Re-solves of the last level of _cascade_solver with the edges its duals violate.
_RETRIES = 3


def _cascade(n: int, edges: list[tuple[int, int, int]], shifts: Sequence[int | tuple[int, bool]]) -> list[int] | None:
    """Coarse-to-fine solve (see :func:`_cascade_solver`); the matching, or ``None`` to ask for a plain solve."""
    solver = _cascade_solver(n, edges, shifts)
    if solver is None:
        return None
    return [solver.endpoint[p] if p != -1 else -1 for p in solver.mate]


def _cascade_solver(
    n: int,
    edges: list[tuple[int, int, int]],
    shifts: Sequence[int | tuple[int, bool]],
    start: list[int] | None = None,
) -> _Solver | None:
    """Solve coarse-to-fine with warm starts, then prove optimality over all edges.

    With wide, nearly distinct weights the blossom algorithm started from scratch needs about n/2 stages,
    each scanning every edge. Solving first with the weights rounded to their high bits (few distinct
    values: few stages) gives optimal duals; only the edges they leave tight can be in an optimal matching
    of the coarse problem, which is what the finer levels refine (the levels are the lexicographic fields
    of the weights). Each finer level is solved on the previous level's tight edges, starting from the
    previous duals (scaled) and matching, repaired where the finer weights need it. The final matching is
    then checked against *every* edge (LP duality: a feasible dual satisfying complementary slackness
    proves it is a maximum-weight matching of the whole graph). Edges the last level left out but its duals
    violate are added and that level solved again from the same start (a few times at most); if anything
    else fails, ``None`` asks for a plain solve.

    ``start`` (indices into ``edges``): solve the first level on these edges only; the others join through
    the re-solves of the last level when its duals violate them (the result is still certified over all).
    """
    cur = list(range(len(edges))) if start is None else list(start)
    prev: _Solver | None = None
    prev_shift = 0
    levels = [lv if isinstance(lv, tuple) else (lv, True) for lv in shifts] + [(0, False)]
    try:
        for shift, rounded in levels:
            half = 1 << (shift - 1) if rounded and shift > 0 else 0
            cw = [(edges[k][2] + half) >> shift for k in cur]
            if prev is None:
                sub = [(edges[k][0], edges[k][1], w) for k, w in zip(cur, cw, strict=True) if w > 0]
                if not sub:
                    if shift == 0:
                        handover("cascade: not certified")
                        return None
                    continue
                solver = _Solver(n, sub, *greedy_start(n, sub))
            else:
                keep = [i for i, w in enumerate(cw) if w > 0]
                cur = [cur[i] for i in keep]
                cw = [cw[i] for i in keep]
                solver = _warm_solver(n, prev, [edges[k] for k in cur], cw, prev_shift - shift)
            solver.run()
            if shift == 0:
                for retry in range(_RETRIES + 1):
                    if _certify(solver, edges):
                        return solver
                    if prev is None or retry == _RETRIES:
                        handover("cascade: not certified")
                        return None
                    slack = full_slack_function(solver)
                    dual = solver.dualvar
                    inside = set(cur)
                    inb = solver.inblossom
                    # full slacks only for edges inside a blossom (see _certify)
                    more = [
                        k
                        for k, (i, j, w) in enumerate(edges)
                        if dual[i] + dual[j] < 2 * w
                        and k not in inside
                        and (inb[i] != inb[j] or inb[i] < n or slack(i, j, w) < 0)
                    ]
                    if not more:
                        handover("cascade: not certified")
                        return None
                    cur += more
                    cw += [edges[k][2] for k in more]
                    solver = _warm_solver(n, prev, [edges[k] for k in cur], cw, prev_shift)
                    solver.run()
            dual = solver.dualvar
            if not solver.has_blossoms():
                keep = [i for i, k in enumerate(cur) if dual[edges[k][0]] + dual[edges[k][1]] == 2 * cw[i]]
            else:
                slack = full_slack_function(solver)
                inb = solver.inblossom
                # Blossom duals are never negative: an edge the vertex duals alone over-cover is not tight,
                # and only an edge inside a blossom needs the blossom duals.
                keep = [
                    i
                    for i, k in enumerate(cur)
                    if (cover := dual[(e := edges[k])[0]] + dual[e[1]] - 2 * cw[i]) <= 0
                    and (
                        cover == 0
                        if inb[e[0]] != inb[e[1]] or inb[e[0]] < n
                        else slack(e[0], e[1], cw[i]) == 0
                    )
                ]
            cur = [cur[i] for i in keep]
            prev = solver
            prev_shift = shift
    except (IndexError, ValueError, TypeError, AssertionError, RecursionError) as exc:
        # A bug, never a property of the input: strict mode (the tests) raises it; otherwise the plain solve
        # answers, and the hand-over is counted.
        handover("cascade: error", exc)
        return None
    return None  # pragma: no cover - the last level (shift 0) always returns


def greedy_start(n: int, edges: Sequence[tuple[int, int, int]]) -> tuple[list[int], list[int]]:
    """A feasible start for the general form of the solver (the first level of :func:`_cascade_solver`):
    vertex duals and a matching of edges tight under them, so that the solve begins with pairs made.

    Every dual starts at the largest weight at its vertex (each edge is then covered: ``y_i + y_j >= 2 w``);
    then, vertex after vertex, it is lowered as far as its neighbours' duals allow, which makes at least
    one edge at it tight and keeps every edge covered. Edges tight under the final duals are matched
    greedily in the order given. A single vertex's dual is raised to the next even number, so that single
    vertices share a parity, as the general dual step needs (a matched pair keeps ``y_i + y_j = 2 w``). Any
    feasible start leads to a maximum-weight matching; the callers either choose among all of them by the
    duals' tight edges (``lexmatch``) or certify the result over every edge."""
    nbrs: list[list[int]] = [[] for _ in range(n)]
    twice: list[list[int]] = [[] for _ in range(n)]  # 2w, beside nbrs
    for i, j, w in edges:
        nbrs[i].append(j)
        nbrs[j].append(i)
        twice[i].append(w + w)
        twice[j].append(w + w)
    top = [max(ws) // 2 if ws else 0 for ws in twice]
    get = top.__getitem__
    for v in range(n):  # each dual as low as the others allow: an edge at v becomes tight
        if nbrs[v]:
            y = max(map(sub, twice[v], map(get, nbrs[v])))
            top[v] = y if y > 0 else 0
    partner = [-1] * n
    for i, j, w in edges:
        if partner[i] == -1 and partner[j] == -1 and top[i] + top[j] == w + w:
            partner[i] = j
            partner[j] = i
    dual = [y + (y & 1) if partner[v] == -1 else y for v, y in enumerate(top)]
    return dual, partner


def _pushed_duals(solver: _Solver) -> list[int]:
    """Vertex duals with every blossom dual added to its vertices: still feasible, no blossoms needed."""
    n = solver.n
    dual = solver.dualvar[:n]
    parent = solver.blossomparent
    for v in range(n):
        b = parent[v]
        while b != -1:
            dual[v] += solver.dualvar[b]
            b = parent[b]
    return dual


def _warm_solver(
    n: int,
    prev: _Solver,
    sub: list[tuple[int, int, int]],
    new_w: list[int],
    scale_bits: int,
) -> _Solver:
    """A solver for the pairs of ``sub`` with weights ``new_w``, started from ``prev``'s optimum (for the
    previous, coarser weights).

    Duals are scaled by 2**scale_bits (blossom duals pushed into the vertices), the previous matching is
    kept where its edges can stay tight, and vertex duals are raised (unmatching) until every edge is
    feasible; the general dual step of the solver copes with single vertices of unequal duals.
    """
    # Every dual even (scale_bits >= 1): free vertices then keep equal parities, and the halved slacks of
    # the dual step stay integral.
    assert scale_bits >= 1
    base = [d << scale_bits for d in _pushed_duals(prev)]
    partner = [prev.endpoint[p] if p != -1 else -1 for p in prev.mate]
    extra = [0] * n
    raised = [False] * n
    edge_list = [(i, j, w) for (i, j, _), w in zip(sub, new_w, strict=True)]
    # need[k]: what extra[i] + extra[j] must reach for edge k to be feasible
    need = [2 * w - base[i] - base[j] for (i, j, w) in edge_list]
    matched_edge = [-1] * n
    for k, (i, j, _w) in enumerate(edge_list):
        if partner[i] == j:
            matched_edge[i] = matched_edge[j] = k
    for v in range(n):
        k = matched_edge[v]
        if k == -1:
            partner[v] = -1
            continue
        i, j, _w = edge_list[k]
        # The whole of it on the higher player (lower index): the finer fields of the pairing weights
        # mostly belong to him, so this keeps most of the previous matching tight and feasible.
        extra[v] = need[k] if v == min(i, j) else 0
    for v in range(n):
        if base[v] + extra[v] < 0:
            extra[v] = -base[v]
            raised[v] = True
    for k, (i, j, _w) in enumerate(edge_list):
        short = need[k] - extra[i] - extra[j]
        if short > 0:
            # Raise the end with the lower extra (a pair the finer weights made worse: raising it once
            # settles all its edges), else the single one, else the higher player.
            if extra[i] != extra[j]:
                v = i if extra[i] < extra[j] else j
            else:
                v = i if partner[i] == -1 or (partner[j] != -1 and i < j) else j
            extra[v] += short
            raised[v] = True
    for v in range(n):
        if raised[v] and partner[v] != -1:
            partner[partner[v]] = -1
            partner[v] = -1
    return _Solver(n, edge_list, [b + x for b, x in zip(base, extra, strict=True)], partner)


def _certify(solver: _Solver, edges: list[tuple[int, int, int]]) -> bool:
    """Is the solver's matching a maximum-weight matching of ``edges``, by its final duals?"""
    n = solver.n
    dualvar = solver.dualvar
    mate = [solver.endpoint[p] if p != -1 else -1 for p in solver.mate]
    if any(d < 0 for d in dualvar[:n]):
        return False
    for v in range(n):
        m = mate[v]
        if m == -1:
            if dualvar[v] != 0:
                return False
        elif mate[m] != v:
            return False
    pairs = sum(1 for v in range(n) if mate[v] > v)
    if not solver.has_blossoms():
        # The usual case, in bulk: the slack of an edge is its vertex part. The edges it makes tight are
        # kept for callers that read the optimal duals (lexmatch): one pass over the edges instead of two.
        covers = [dualvar[i] + dualvar[j] - 2 * w for i, j, w in edges]
        if covers and min(covers) < 0:
            return False
        tight = [e for e, c in zip(edges, covers, strict=True) if c == 0]
        # every matched pair must be one of the tight edges, once (not a missing or duplicated edge)
        if sum(1 for i, j, _w in tight if mate[i] == j) != pairs:
            return False
        solver.vertex_tight = (edges, tight)
        return True
    # An edge the vertex duals do not cover, and not inside one blossom, is violated whatever the blossoms
    # hold: a quick test first, as the full slack of edges inside blossoms costs a search each.
    inb = solver.inblossom
    if any(dualvar[i] + dualvar[j] < 2 * w and (inb[i] != inb[j] or inb[i] < n) for i, j, w in edges):
        return False
    slack = full_slack_function(solver)
    tight_matched = 0
    # The edges the vertex duals alone make tight, kept for callers that read the optimal duals
    # (lexmatch): one pass over the edges instead of two.
    vertex_tight = []
    for e in edges:
        i, j, w = e
        cover = dualvar[i] + dualvar[j] - 2 * w
        if mate[i] == j:
            if slack(i, j, w) != 0:
                return False
            tight_matched += 1
        # Blossom duals are never negative (checked below): the full slack is only needed when the vertex
        # duals alone do not cover the edge.
        elif cover < 0 and slack(i, j, w) < 0:
            return False
        if cover == 0:
            vertex_tight.append(e)
    if tight_matched != pairs:
        return False  # a matched pair that is not an edge (or a duplicated edge)
    # blossoms with a positive dual must be full
    chains = _enclosing_blossoms(solver)
    size: dict[int, int] = {}
    inside: dict[int, int] = {}
    for v in range(n):
        cv = chains[v]
        for b in cv:
            size[b] = size.get(b, 0) + 1
        m = mate[v]
        if m == -1 or not cv:
            continue
        cm = chains[m]
        common = 0
        while common < len(cv) and common < len(cm) and cv[common] == cm[common]:
            common += 1
        for b in cv[:common]:
            inside[b] = inside.get(b, 0) + 1
    for b, count in size.items():
        d = dualvar[b]
        if d < 0:
            return False
        if d > 0 and inside.get(b, 0) != count - 1:
            return False
    solver.vertex_tight = (edges, vertex_tight)
    return True


def full_slack_function(solver: _Solver) -> Callable[[int, int, int], int]:
    """Reduced cost of an edge (i, j, w) under the current duals, blossom duals included (doubled).

    Blossoms are nested, so the blossoms holding both ends are a common prefix of the two top-down
    lists of enclosing blossoms: a binary search finds its length, prefix sums give its dual total.
    """
    n = solver.n
    dualvar = solver.dualvar
    inb = solver.inblossom
    anc = _enclosing_blossoms(solver)
    pre: list[list[int]] = [[] for _ in range(n)]
    for v in range(n):
        chain = anc[v]
        if not chain:
            continue
        sums = []
        total = 0
        for b in chain:
            total += dualvar[b]
            sums.append(total)
        pre[v] = sums

    def slack(i: int, j: int, w: int) -> int:
        s = dualvar[i] + dualvar[j] - 2 * w
        if inb[i] != inb[j] or inb[i] < n:
            return s
        ai = anc[i]
        aj = anc[j]
        lo, hi = 1, min(len(ai), len(aj))  # ai[0] == aj[0]: the same top-level blossom
        while lo < hi:
            mid = (lo + hi + 1) >> 1
            if ai[mid - 1] == aj[mid - 1]:
                lo = mid
            else:
                hi = mid - 1
        return s + 2 * pre[i][lo - 1]

    return slack


def _enclosing_blossoms(solver: _Solver) -> list[list[int]]:
    """For each vertex, the blossoms holding it, from the top-level one down (empty when it is in none)."""
    parent = solver.blossomparent
    chains: list[list[int]] = []
    for v in range(solver.n):
        chain = []
        b = parent[v]
        while b != -1:
            chain.append(b)
            b = parent[b]
        chain.reverse()
        chains.append(chain)
    return chains
