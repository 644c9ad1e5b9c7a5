"""Maximum-weight matching on general (non-bipartite) graphs.

Why hand-written: no maintained library in our allowed dependency set (numpy/scipy) offers weighted
matching on general graphs -- ``scipy.optimize.linear_sum_assignment`` and
``scipy.sparse.csgraph.maximum_bipartite_matching`` only solve bipartite problems, and networkx is not a
core dependency (and is slow). The Dutch engine needs odd cycles (any player may meet any other), so we
implement Edmonds' blossom algorithm with the primal-dual method (Galil, "Efficient algorithms for
finding maximum matching in graphs", 1986), O(n^3).

All arithmetic is on Python integers: the pairing engine packs its criteria into very wide bit fields, and
the algorithm must stay exact. Dual variables are kept doubled so that every quantity stays integral.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

__all__ = ["augmenting_path", "max_cardinality_matching", "max_weight_matching"]


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
            return got
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
    prev_w: list[int] = []
    prev_shift = 0
    prev_half = 0
    levels = [lv if isinstance(lv, tuple) else (lv, True) for lv in shifts] + [(0, False)]
    try:
        for shift, rounded in levels:
            half = 1 << (shift - 1) if rounded and shift > 0 else 0
            cw = [(edges[k][2] + half) >> shift for k in cur]
            if prev is None:
                sub = [(edges[k][0], edges[k][1], w) for k, w in zip(cur, cw, strict=True) if w > 0]
                if not sub:
                    if shift == 0:
                        return None
                    continue
                solver = _Solver(n, sub)
            else:
                keep = [i for i, w in enumerate(cw) if w > 0]
                cur = [cur[i] for i in keep]
                cw = [cw[i] for i in keep]
                prev_w = [prev_w[i] for i in keep]
                solver = _warm_solver(n, prev, [edges[k] for k in cur], prev_w, cw, prev_shift - shift)
            solver.run()
            if shift == 0:
                for retry in range(_RETRIES + 1):
                    if _certify(solver, edges):
                        return solver
                    if prev is None or retry == _RETRIES:
                        return None
                    slack = solver.full_slack_function()
                    dual = solver.dualvar
                    inside = set(cur)
                    more = [
                        k
                        for k, (i, j, w) in enumerate(edges)
                        if k not in inside and dual[i] + dual[j] < 2 * w and slack(i, j, w) < 0
                    ]
                    if not more:
                        return None
                    cur += more
                    prev_w += [(edges[k][2] + prev_half) >> prev_shift for k in more]
                    cw += [edges[k][2] for k in more]
                    solver = _warm_solver(n, prev, [edges[k] for k in cur], prev_w, cw, prev_shift)
                    solver.run()
            dual = solver.dualvar
            if not solver.has_blossoms():
                keep = [i for i, k in enumerate(cur) if dual[edges[k][0]] + dual[edges[k][1]] == 2 * cw[i]]
            else:
                slack = solver.full_slack_function()
                # blossom duals are never negative: an edge the vertex duals alone over-cover is not tight
                keep = [
                    i
                    for i, k in enumerate(cur)
                    if dual[edges[k][0]] + dual[edges[k][1]] <= 2 * cw[i]
                    and slack(edges[k][0], edges[k][1], cw[i]) == 0
                ]
            cur = [cur[i] for i in keep]
            prev_w = [cw[i] for i in keep]
            prev = solver
            prev_shift = shift
            prev_half = half
    except (IndexError, ValueError, TypeError, AssertionError, RecursionError):
        return None
    return None


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
    prev_w: list[int],
    new_w: list[int],
    scale_bits: int,
) -> _Solver:
    """A solver for ``sub`` with weights ``new_w``, started from ``prev``'s optimum for ``prev_w``.

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
    # without blossoms the slack of an edge is its vertex part
    slack = solver.full_slack_function() if solver.has_blossoms() else (lambda i, j, w: dualvar[i] + dualvar[j] - 2 * w)
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
    if tight_matched != sum(1 for v in range(n) if mate[v] > v):
        return False  # a matched pair that is not an edge (or a duplicated edge)
    # blossoms with a positive dual must be full
    parent = solver.blossomparent
    chains: list[list[int]] = []
    for v in range(n):
        chain = []
        b = parent[v]
        while b != -1:
            chain.append(b)
            b = parent[b]
        chain.reverse()
        chains.append(chain)
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


class _Solver:
    """State of one blossom-algorithm run (kept in a class to share the many arrays)."""

    def __init__(
        self,
        n: int,
        edges: Sequence[tuple[int, int, int]],
        dual: Sequence[int] | None = None,
        partner: Sequence[int] | None = None,
    ) -> None:
        self.n = n
        self.edges = edges
        m = len(edges)
        maxw = max(w for (_, _, w) in edges)
        # endpoint[p]: vertex at endpoint p; edge k has endpoints 2k and 2k+1.
        self.endpoint = [edges[p >> 1][p & 1] for p in range(2 * m)]
        self.neighbend: list[list[int]] = [[] for _ in range(n)]
        for k, (i, j, _w) in enumerate(edges):
            self.neighbend[i].append(2 * k + 1)
            self.neighbend[j].append(2 * k)
        self.mate = [-1] * n  # remote endpoint of the matched edge, or -1
        self.label = [0] * (2 * n)  # 0 free, 1 S (outer), 2 T (inner)
        self.labelend = [-1] * (2 * n)
        self.inblossom = list(range(n))
        self.blossomparent = [-1] * (2 * n)
        self.blossomchilds: list[list[int] | None] = [None] * (2 * n)
        self.blossombase = list(range(n)) + [-1] * n
        self.blossomendps: list[list[int] | None] = [None] * (2 * n)
        self.bestedge = [-1] * (2 * n)
        self.unusedblossoms = list(range(n, 2 * n))
        self.dualvar = [maxw] * n + [0] * n
        # Warm start (see _cascade): given (doubled) vertex duals, feasible for every edge, and a matching of
        # edges tight under them. Free vertices may then have different duals, which the general form of
        # the dual step below allows.
        self.general = dual is not None
        if dual is not None:
            self.dualvar[:n] = list(dual)
            if partner is not None:
                for k, (i, j, _w) in enumerate(edges):
                    if partner[i] == j and partner[j] == i:
                        self.mate[i] = 2 * k + 1
                        self.mate[j] = 2 * k
        self.allowedge = [False] * m
        self.queue: list[int] = []
        # Root of the alternating tree of each labelled top-level blossom: several vertex-disjoint augmenting
        # paths can then be used in one stage (trees already augmented are skipped until the stage ends).
        self.troot = [-1] * (2 * n)
        # Per-stage lists of what may need a dual update or a delta candidate (filtered when used), so that
        # a dual step costs O(labelled part) instead of O(n).
        self.lab_vertices: list[int] = []
        self.in_lab = [False] * n
        self.lab_blossoms: list[int] = []
        self.touched: list[int] = []  # vertices/blossoms whose bestedge was set
        self.fresh: list[int] = []  # S-blossoms made since the last dual step
        # bestkey[b]: slack of bestedge[b] (to another S-blossom) plus twice the dual steps made in the stage
        # when it was recorded, which stays comparable while the stage lasts (see run)
        self.bestkey = [0] * (2 * n)
        self.shifted = 0
        # (edges, those of them tight on the vertex duals), set by _certify for the edges it checked
        self.vertex_tight: tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]] | None = None
        self.w2 = [2 * w for (_i, _j, w) in edges]

    # -- helpers -----------------------------------------------------------------------------------
    def has_blossoms(self) -> bool:
        """Is any blossom left (then slacks need the blossom duals as well)?"""
        base = self.blossombase
        return any(base[b] >= 0 for b in range(self.n, 2 * self.n))

    def full_slack_function(self) -> Callable[[int, int, int], int]:
        """Reduced cost of an edge (i, j, w) under the current duals, blossom duals included (doubled).

        Blossoms are nested, so the blossoms holding both ends are a common prefix of the two top-down
        lists of enclosing blossoms: a binary search finds its length, prefix sums give its dual total.
        """
        n = self.n
        dualvar = self.dualvar
        inb = self.inblossom
        parent = self.blossomparent
        anc: list[list[int]] = [[] for _ in range(n)]
        pre: list[list[int]] = [[] for _ in range(n)]
        for v in range(n):
            if inb[v] < n:
                continue
            chain = []
            b = parent[v]
            while b != -1:
                chain.append(b)
                b = parent[b]
            chain.reverse()
            sums = []
            total = 0
            for b in chain:
                total += dualvar[b]
                sums.append(total)
            anc[v] = chain
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

    def slack(self, k: int) -> int:
        i, j, w = self.edges[k]
        return self.dualvar[i] + self.dualvar[j] - 2 * w

    def leaves(self, b: int) -> list[int]:
        if b < self.n:
            return [b]
        out: list[int] = []
        stack = [b]
        n = self.n
        while stack:
            t = stack.pop()
            if t < n:
                out.append(t)
            else:
                stack.extend(self.blossomchilds[t])  # type: ignore[arg-type]
        return out

    def assign_label(self, w: int, t: int, p: int) -> None:
        b = self.inblossom[w]
        self.label[w] = self.label[b] = t
        self.labelend[w] = self.labelend[b] = p
        self.bestedge[w] = self.bestedge[b] = -1
        self.troot[b] = b if p == -1 else self.troot[self.inblossom[self.endpoint[p]]]
        if b < self.n:  # a single vertex (the usual case): _record and leaves inlined
            if not self.in_lab[b]:
                self.in_lab[b] = True
                self.lab_vertices.append(b)
            if t == 1:
                self.queue.append(b)
        else:
            self._record(b)
            if t == 1:
                self.queue.extend(self.leaves(b))
        if t == 2:
            base = self.blossombase[b]
            self.assign_label(self.endpoint[self.mate[base]], 1, self.mate[base] ^ 1)

    def _record(self, b: int) -> None:
        in_lab = self.in_lab
        for v in self.leaves(b):
            if not in_lab[v]:
                in_lab[v] = True
                self.lab_vertices.append(v)
        if b >= self.n:
            self.lab_blossoms.append(b)

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace back from v and w; return the base of a new blossom or -1 for an augmenting path."""
        path = []
        base = -1
        while v != -1 or w != -1:
            b = self.inblossom[v]
            if self.label[b] & 4:
                base = self.blossombase[b]
                break
            path.append(b)
            self.label[b] = 5
            if self.labelend[b] == -1:
                v = -1
            else:
                v = self.endpoint[self.labelend[b]]
                b = self.inblossom[v]
                v = self.endpoint[self.labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = 1
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _ = self.edges[k]
        inb = self.inblossom
        bb = inb[base]
        bv = inb[v]
        bw = inb[w]
        b = self.unusedblossoms.pop()
        self.blossombase[b] = base
        self.blossomparent[b] = -1
        self.blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.blossomparent[bv] = b
            path.append(bv)
            endps.append(self.labelend[bv])
            v = self.endpoint[self.labelend[bv]]
            bv = inb[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.blossomparent[bw] = b
            path.append(bw)
            endps.append(self.labelend[bw] ^ 1)
            w = self.endpoint[self.labelend[bw]]
            bw = inb[w]
        self.blossomchilds[b] = path
        self.blossomendps[b] = endps
        self.label[b] = 1
        self.labelend[b] = self.labelend[bb]
        self.troot[b] = self.troot[bb]
        self.lab_blossoms.append(b)
        self.touched.append(b)
        self.dualvar[b] = 0
        for v in self.leaves(b):
            if self.label[inb[v]] == 2:
                self.queue.append(v)
            inb[v] = b
        # Its least-slack edge to another S-blossom is only needed at the next dual step, and most blossoms of
        # a dense graph are absorbed into bigger ones before that: computed then (see _blossom_bestedges).
        for bv in path:
            self.bestedge[bv] = -1
        self.bestedge[b] = -1
        self.fresh.append(b)

    def _blossom_bestedges(self) -> None:
        """The least-slack edge from each new top-level S-blossom to another S-blossom (for a delta of type 3)."""
        inb = self.inblossom
        label = self.label
        dualvar = self.dualvar
        endpoint = self.endpoint
        neighbend = self.neighbend
        w2 = self.w2
        parent = self.blossomparent
        for b in self.fresh:
            if parent[b] != -1 or self.blossombase[b] < 0 or label[b] != 1:
                continue
            best = -1
            best_slack = 0
            for v in self.leaves(b):
                dv = dualvar[v]
                for p in neighbend[v]:
                    w = endpoint[p]
                    bw = inb[w]
                    if bw != b and label[bw] == 1:
                        k = p >> 1
                        s = dv + dualvar[w] - w2[k]
                        if best == -1 or s < best_slack:
                            best = k
                            best_slack = s
            self.bestedge[b] = best
            self.bestkey[b] = best_slack + self.shifted
        self.fresh.clear()

    def expand_blossom(self, b: int, endstage: bool) -> None:
        inb = self.inblossom
        childs = self.blossomchilds[b]
        assert childs is not None
        for s in childs:
            self.troot[s] = self.troot[b]
            self.blossomparent[s] = -1
            if s < self.n:
                inb[s] = s
            elif endstage and self.dualvar[s] == 0:
                self.expand_blossom(s, endstage)
            else:
                for v in self.leaves(s):
                    inb[v] = s
        if not endstage and self.label[b] == 2:
            endps = self.blossomendps[b]
            assert endps is not None
            entrychild = inb[self.endpoint[self.labelend[b] ^ 1]]
            j = childs.index(entrychild)
            if j & 1:
                j -= len(childs)
                jstep = 1
                endptrick = 0
            else:
                jstep = -1
                endptrick = 1
            p = self.labelend[b]
            while j != 0:
                q = endps[j - endptrick]
                self.label[self.endpoint[p ^ 1]] = 0
                self.label[self.endpoint[q ^ endptrick ^ 1]] = 0
                self.assign_label(self.endpoint[p ^ 1], 2, p)
                self.allowedge[q >> 1] = True
                j += jstep
                p = endps[j - endptrick] ^ endptrick
                self.allowedge[p >> 1] = True
                j += jstep
            bv = childs[j]
            self._record(bv)
            self.label[self.endpoint[p ^ 1]] = self.label[bv] = 2
            self.labelend[self.endpoint[p ^ 1]] = self.labelend[bv] = p
            self.bestedge[bv] = -1
            j += jstep
            while childs[j] != entrychild:
                bv = childs[j]
                if self.label[bv] == 1:
                    j += jstep
                    continue
                vv = -1
                for v in self.leaves(bv):
                    if self.label[v] != 0:
                        vv = v
                        break
                if vv != -1:
                    self.label[vv] = 0
                    self.label[self.endpoint[self.mate[self.blossombase[bv]]]] = 0
                    self.assign_label(vv, 2, self.labelend[vv])
                j += jstep
        self.label[b] = self.labelend[b] = -1
        self.blossomchilds[b] = self.blossomendps[b] = None
        self.blossombase[b] = -1
        self.bestedge[b] = -1
        self.unusedblossoms.append(b)

    def augment_blossom(self, b: int, v: int) -> None:
        t = v
        while self.blossomparent[t] != b:
            t = self.blossomparent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        childs = self.blossomchilds[b]
        endps = self.blossomendps[b]
        assert childs is not None and endps is not None
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep = 1
            endptrick = 0
        else:
            jstep = -1
            endptrick = 1
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - endptrick] ^ endptrick
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p])
            j += jstep
            t = childs[j]
            if t >= self.n:
                self.augment_blossom(t, self.endpoint[p ^ 1])
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        self.blossomchilds[b] = childs[i:] + childs[:i]
        self.blossomendps[b] = endps[i:] + endps[:i]
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]]  # type: ignore[index]

    def _zero_dual_step(self) -> None:
        """General dual step of type 1: an S-vertex reached a zero dual.

        If it is a tree root, it may stay single; otherwise the tree path to it is flipped, so that it
        becomes single (with a zero dual) and the root gets matched. Either way that tree is done.
        """
        inb = self.inblossom
        label = self.label
        done: set[int] = set()
        for v in self.lab_vertices:
            if label[inb[v]] != 1 or self.dualvar[v] != 0:
                continue
            root = self.troot[inb[v]]
            if root in done:
                continue
            done.add(root)
            if self.mate[v] == -1:
                continue
            s = v
            p = -1
            while True:
                bs = inb[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.labelend[bs] == -1:
                    break
                t = self.endpoint[self.labelend[bs]]
                bt = inb[t]
                s = self.endpoint[self.labelend[bt]]
                j = self.endpoint[self.labelend[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.labelend[bt]
                p = self.labelend[bt] ^ 1

    def augment_matching(self, k: int) -> None:
        v, w, _ = self.edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.inblossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.labelend[bs] == -1:
                    break
                t = self.endpoint[self.labelend[bs]]
                bt = self.inblossom[t]
                s = self.endpoint[self.labelend[bt]]
                j = self.endpoint[self.labelend[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.labelend[bt]
                p = self.labelend[bt] ^ 1

    # -- main loop -----------------------------------------------------------------------------------
    def run(self) -> list[int]:
        n = self.n
        edges = self.edges
        w2 = self.w2
        eu = [i for (i, _j, _w) in edges]
        ev = [j for (_i, j, _w) in edges]
        label = self.label
        inb = self.inblossom
        dualvar = self.dualvar
        endpoint = self.endpoint
        general = self.general
        for _stage in range(3 * n + 3 if general else n):
            for i in range(2 * n):
                label[i] = 0
            self.bestedge[:] = [-1] * (2 * n)
            self.fresh.clear()
            self.allowedge[:] = [False] * len(edges)
            self.queue.clear()
            for v in self.lab_vertices:
                self.in_lab[v] = False
            self.lab_vertices.clear()
            self.lab_blossoms.clear()
            self.touched.clear()
            for v in range(n):
                if self.mate[v] == -1 and label[inb[v]] == 0 and (not general or dualvar[v] > 0):
                    self.assign_label(v, 1, -1)
            if general and not self.queue:
                break
            augmented = False
            allowedge = self.allowedge
            bestedge = self.bestedge
            neighbend = self.neighbend
            queue = self.queue
            troot = self.troot
            touched = self.touched
            root0 = next((v for v in range(n) if self.mate[v] == -1), -1)
            dead: set[int] = set()
            bestkey = self.bestkey
            self.shifted = shifted = 0
            while True:
                while queue:
                    v = queue.pop()
                    bv = inb[v]
                    if dead and troot[bv] in dead:
                        continue
                    dv = dualvar[v]
                    for p in neighbend[v]:
                        w = endpoint[p]
                        bw = inb[w]
                        if bv == bw:
                            continue
                        lw = label[bw]
                        if dead and lw and troot[bw] in dead:
                            continue
                        k = p >> 1
                        if not allowedge[k]:
                            kslack = dv + dualvar[w] - w2[k]
                            if kslack <= 0:
                                allowedge[k] = True
                        if allowedge[k]:
                            if lw == 0:
                                if general and self.mate[self.blossombase[bw]] == -1:
                                    # a free vertex with a zero dual: augmenting path
                                    self.labelend[bw] = self.labelend[w] = -1
                                    dead.add(troot[bv])
                                    self.augment_matching(k)
                                    augmented = True
                                    break
                                self.assign_label(w, 2, p ^ 1)
                            elif lw == 1:
                                base = self.scan_blossom(v, w)
                                if base >= 0:
                                    self.add_blossom(base, k)
                                    bv = inb[v]
                                else:
                                    dead.add(troot[bv])
                                    dead.add(troot[bw])
                                    self.augment_matching(k)
                                    augmented = True
                                    break
                            elif label[w] == 0:
                                label[w] = 2
                                self.labelend[w] = p ^ 1
                        elif lw == 1:
                            # Both ends are S until the stage ends, so every dual step lowers the slack
                            # of all such edges alike: comparing kslack + 2 * (steps so far) is enough.
                            key = kslack + shifted
                            be = bestedge[bv]
                            if be == -1:
                                bestedge[bv] = k
                                bestkey[bv] = key
                                touched.append(bv)
                            elif key < bestkey[bv]:
                                bestedge[bv] = k
                                bestkey[bv] = key
                        elif label[w] == 0:
                            be = bestedge[w]
                            if be == -1:
                                bestedge[w] = k
                                touched.append(w)
                            elif kslack < dualvar[eu[be]] + dualvar[ev[be]] - w2[be]:
                                bestedge[w] = k
                if augmented:
                    break
                # No augmenting path: compute the dual change.
                deltatype = 1
                # all free vertices share the smallest vertex dual
                if general:
                    delta = min(dualvar[v] for v in self.lab_vertices if label[inb[v]] == 1)
                else:
                    delta = dualvar[root0] if root0 != -1 else min(dualvar[:n])
                deltaedge = -1
                deltablossom = -1
                blossomparent = self.blossomparent
                if self.fresh:
                    self._blossom_bestedges()
                for b in touched:
                    be = bestedge[b]
                    if be == -1:
                        continue
                    if b < n and label[inb[b]] == 0:
                        d = dualvar[eu[be]] + dualvar[ev[be]] - w2[be]
                        if d < delta:
                            delta = d
                            deltatype = 2
                            deltaedge = be
                    elif blossomparent[b] == -1 and label[b] == 1:
                        d = (dualvar[eu[be]] + dualvar[ev[be]] - w2[be]) // 2
                        if d < delta:
                            delta = d
                            deltatype = 3
                            deltaedge = be
                for b in self.lab_blossoms:
                    if self.blossombase[b] >= 0 and blossomparent[b] == -1 and label[b] == 2 and dualvar[b] < delta:
                        delta = dualvar[b]
                        deltatype = 4
                        deltablossom = b
                for v in self.lab_vertices:
                    lb = label[inb[v]]
                    if lb == 1:
                        dualvar[v] -= delta
                    elif lb == 2:
                        dualvar[v] += delta
                for b in set(self.lab_blossoms):
                    if self.blossombase[b] >= 0 and blossomparent[b] == -1:
                        if label[b] == 1:
                            dualvar[b] += delta
                        elif label[b] == 2:
                            dualvar[b] -= delta
                shifted += 2 * delta
                self.shifted = shifted
                if deltatype == 1:
                    if general:
                        self._zero_dual_step()
                        augmented = True
                    break
                if deltatype == 2:
                    self.allowedge[deltaedge] = True
                    i, j, _w = edges[deltaedge]
                    if label[inb[i]] == 0:
                        i, j = j, i
                    self.queue.append(i)
                elif deltatype == 3:
                    self.allowedge[deltaedge] = True
                    i, _j, _w = edges[deltaedge]
                    self.queue.append(i)
                else:
                    self.expand_blossom(deltablossom, False)
            if not augmented:
                break
            for b in range(n, 2 * n):
                if self.blossomparent[b] == -1 and self.blossombase[b] >= 0 and label[b] == 1 and dualvar[b] == 0:
                    self.expand_blossom(b, True)
        return [endpoint[p] if p != -1 else -1 for p in self.mate]


def max_cardinality_matching(adj: Sequence[list[int]], mate: list[int] | None = None) -> list[int]:
    """Maximum-cardinality matching of an unweighted general graph (Edmonds), from an optional start.

    ``adj[v]`` lists v's neighbours. Returns ``mate`` with -1 for single vertices.
    """
    n = len(adj)
    mate = list(mate) if mate is not None else [-1] * n
    for root in range(n):
        if mate[root] != -1:
            continue
        end, parent = augmenting_path(adj, mate, root)
        v = end
        while v != -1:
            pv = parent[v]
            nxt = mate[pv]
            mate[v] = pv
            mate[pv] = v
            v = nxt
    return mate


def augmenting_path(
    adj: Sequence[list[int]], mate: list[int], root: int, blocked: Sequence[bool] | None = None
) -> tuple[int, list[int]]:
    """Edmonds' search for an augmenting path from the single vertex ``root``, avoiding ``blocked``
    vertices; returns the path's other end (or -1) and the parent links to follow back to ``root``."""
    n = len(adj)
    used = [False] * n
    parent = [-1] * n
    base = list(range(n))
    used[root] = True
    queue = [root]
    qi = 0

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while qi < len(queue):
        v = queue[qi]
        qi += 1
        for to in adj[v]:
            if base[v] == base[to] or mate[v] == to or (blocked is not None and blocked[to]):
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                cur = lca(v, to)
                blossom = [False] * n
                mark(v, cur, to, blossom)
                mark(to, cur, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    return to, parent
                used[mate[to]] = True
                queue.append(mate[to])
    return -1, parent
