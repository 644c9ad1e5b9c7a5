"""Edmonds' blossom algorithm for maximum-weight matching (primal-dual form), the engine of ``matching``.

Why hand-written: no maintained library in our allowed dependency set (numpy/scipy) offers weighted
matching on general graphs -- ``scipy.optimize.linear_sum_assignment`` and
``scipy.sparse.csgraph.maximum_bipartite_matching`` only solve bipartite problems, and networkx is not a
core dependency (and is slow). The Dutch engine needs odd cycles (any player may meet any other), so we
implement Edmonds' blossom algorithm with the primal-dual method (Galil, "Efficient algorithms for
finding maximum matching in graphs", 1986), O(n^3), following the well-known structure of the
networkx/van Rantwijk implementation, with warm starts (given duals and matching), several augmenting
paths per stage and per-stage lists of what a dual step must update.

All arithmetic is on Python integers: the pairing engine packs its criteria into very wide bit fields, and
the algorithm must stay exact. Dual variables are kept doubled so that every quantity stays integral.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

__all__ = ["BlossomSolver"]

# Larger than any slack: the key of an S-blossom with no least-slack edge recorded yet.
_NONE = float("inf")


class BlossomSolver:
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
        maxw = max(map(itemgetter(2), edges))
        # eu[k], ev[k]: the ends of edge k; endpoint[p]: vertex at endpoint p (edge k has endpoints 2k, 2k+1)
        self.eu = [e[0] for e in edges]
        self.ev = [e[1] for e in edges]
        self.endpoint = [0] * (2 * m)
        self.endpoint[0::2] = self.eu
        self.endpoint[1::2] = self.ev
        self.neighbend: list[list[int]] = [[] for _ in range(n)]
        add = [ends.append for ends in self.neighbend]
        p = 0
        for i, j in zip(self.eu, self.ev, strict=True):
            add[i](p + 1)
            add[j](p)
            p += 2
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
            j, jstep, endptrick = _walk_to_base(childs.index(entrychild), len(childs))
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
        i = childs.index(t)
        j, jstep, endptrick = _walk_to_base(i, len(childs))
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
        eu = self.eu
        ev = self.ev
        label = self.label
        inb = self.inblossom
        dualvar = self.dualvar
        endpoint = self.endpoint
        general = self.general
        for _stage in range(3 * n + 3 if general else n):
            label[:] = [0] * (2 * n)
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
                    # the recorded least slack of bv's edges to other S-blossoms, in this stage's terms (see below)
                    bk = bestkey[bv] - shifted if bestedge[bv] != -1 else _NONE
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
                            if kslack > 0:
                                if lw == 1:
                                    # Both ends are S until the stage ends, so every dual step lowers the slack
                                    # of all such edges alike: comparing kslack + 2 * (steps so far) is enough
                                    # (bk: the recorded key less the steps so far; the first edge always wins).
                                    if kslack < bk:
                                        if bestedge[bv] == -1:
                                            touched.append(bv)
                                        bestedge[bv] = k
                                        bestkey[bv] = kslack + shifted
                                        bk = kslack
                                elif label[w] == 0:
                                    be = bestedge[w]
                                    if be == -1:
                                        bestedge[w] = k
                                        touched.append(w)
                                    elif kslack < dualvar[eu[be]] + dualvar[ev[be]] - w2[be]:
                                        bestedge[w] = k
                                continue
                            allowedge[k] = True
                        # a tight edge
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
                                bk = _NONE  # a new blossom has no least-slack edge yet
                            else:
                                dead.add(troot[bv])
                                dead.add(troot[bw])
                                self.augment_matching(k)
                                augmented = True
                                break
                        elif label[w] == 0:
                            label[w] = 2
                            self.labelend[w] = p ^ 1
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


def _walk_to_base(j: int, length: int) -> tuple[int, int, int]:
    """How to walk around a blossom of ``length`` children from child ``j`` to its base (child 0) along
    the even-length side: the start index (negative when walking forwards), the step, and the endpoint
    parity trick of the blossom's endpoint list."""
    if j & 1:
        return j - length, 1, 0
    return j, -1, 1
