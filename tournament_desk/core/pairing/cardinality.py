"""Maximum-cardinality matching on general graphs (Edmonds' algorithm, unweighted).

Used for the completion checks of the Dutch engine (can these players all be paired?) and for the
augmenting-path repairs of ``lexmatch``. Hand-written for the same reason as ``blossom``: the allowed
libraries only match bipartite graphs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

__all__ = ["augmenting_path", "max_cardinality_matching"]


class Adjacency(Protocol):
    """Neighbour lists by vertex: a list of lists, or anything indexable the same way (computed lazily)."""

    def __len__(self) -> int: ...

    def __getitem__(self, v: int, /) -> list[int]: ...


def max_cardinality_matching(adj: Adjacency, mate: list[int] | None = None) -> list[int]:
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
    adj: Adjacency, mate: list[int], root: int, blocked: Sequence[bool] | None = None
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
