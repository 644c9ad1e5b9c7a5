"""An independent maximum-weight matching for the reference checks: networkx's ``max_weight_matching``.

networkx implements Edmonds' blossom algorithm on its own (Van Rantwijk's code, exact on Python integers), so
it shares no code with the project's ``blossom`` module; it is a test dependency only.
"""

from __future__ import annotations

import networkx as nx


def networkx_matching(n: int, edges: list[tuple[int, int, int]]) -> list[int]:
    """``mate`` (-1 when single) of a maximum-weight matching of ``edges`` computed by networkx."""
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from((u, v, w) for u, v, w in edges if w > 0)
    mate = [-1] * n
    for a, b in nx.max_weight_matching(graph, maxcardinality=False):
        mate[a], mate[b] = b, a
    return mate
