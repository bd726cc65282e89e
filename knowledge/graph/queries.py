"""Queries on the citation graph: neighbours, related articles (scored), the path between two nodes,
an article's citation view, export to GraphML and the graph's stats.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import networkx as nx

from knowledge.graph.cache import _current_state, _State, citation_graph
from knowledge.graph.describe import (
    _cites_in,
    _cites_out,
    _law_counts,
    _law_links,
    _members,
    graph_node_resolve,
    node_info,
)
from knowledge.graph.nodes import CONTAINS, MENTIONS, GraphNodeNotFound, article_node, law_node

#: Related-article scoring (see graph_related).
W_DIRECT = 1.0
W_MUTUAL = 0.5
W_TWO_HOP = 0.5
W_SIBLING = 0.15


# -- queries ------------------------------------------------------------------------------------------------


def graph_neighbours(*, node: str, limit: int = 50) -> dict[str, Any]:
    """Who the node cites and who cites it, what contains it and what it contains.

    For an article: articles (``cites``, ``cited_by``) and the laws it names without an article
    (``mentions``). For a law or chapter: the laws its articles cite or mention / whose articles cite
    or mention it (with counts), and its chapters or articles. Lists are cut at ``limit``; ``totals`` gives full sizes.
    """
    state = _current_state()
    graph = state.graph
    node_id = graph_node_resolve(node=node)
    kind = graph.nodes[node_id]["kind"]
    contains = [v for v in graph.successors(node_id) if graph[node_id][v]["kind"] == CONTAINS]
    contained_in = [u for u in graph.predecessors(node_id) if graph[u][node_id]["kind"] == CONTAINS]
    if kind == "article":
        out_nodes, in_nodes = _cites_out(graph, node_id), _cites_in(graph, node_id)
        cites = [{**node_info(graph, v), "count": graph[node_id][v]["count"], "via": graph[node_id][v]["via"]}
                 for v in sorted(out_nodes, key=lambda n: _order(graph, n))]
        cited_by = [{**node_info(graph, u), "count": graph[u][node_id]["count"], "via": graph[u][node_id]["via"]}
                    for u in sorted(in_nodes, key=lambda n: _order(graph, n))]
        mentions = [node_info(graph, v) for v in graph.successors(node_id) if graph[node_id][v]["kind"] == MENTIONS]
    else:
        members = _members(graph, node_id)
        cites = _law_list(graph, _law_counts(graph, node_id, members, "out"))
        cited_by = _law_list(graph, _law_counts(graph, node_id, members, "in"))
        mentions = []
    return {
        "node": node_info(graph, node_id),
        "cites": cites[:limit],
        "cited_by": cited_by[:limit],
        "mentions": mentions[:limit],
        "contains": [node_info(graph, v) for v in sorted(contains, key=lambda n: _order(graph, n))][:limit],
        "contained_in": [node_info(graph, u) for u in contained_in],
        "totals": {"cites": len(cites), "cited_by": len(cited_by), "mentions": len(mentions),
                   "contains": len(contains)},
    }


def _order(graph: nx.DiGraph, node: str) -> tuple[int, int]:
    data = graph.nodes[node]
    return data["law_id"], data.get("ordinal", -1)


def _law_list(graph: nx.DiGraph, counts: Counter) -> list[dict[str, Any]]:
    return [{**node_info(graph, law_node(law_id)), "count": n} for law_id, n in counts.most_common()]


def graph_related(*, node: str, limit: int = 10) -> list[dict[str, Any]]:
    """Nodes within two hops, best first, each with ``score``, ``hops`` and ``via``.

    Article: articles it cites or that cite it (1.0, +0.5 if both ways), articles two citation hops
    away (0.5 / log2(2 + degree of the article in between), summed over the articles in between, so
    hubs count less), and — to fill the list — its neighbours in the same chapter (0.15 / distance).
    Law: laws linked by article citations or mentions (1 + log(1 + count)) and laws two such links away
    (0.5 / log2(2 + degree of the law in between)). Chapter: the articles outside it that its
    articles cite or are cited by, by count.
    """
    state = _current_state()
    graph = state.graph
    node_id = graph_node_resolve(node=node)
    kind = graph.nodes[node_id]["kind"]
    if kind == "article":
        scored = _related_articles(graph, node_id)
    elif kind == "law":
        scored = _related_laws(graph, state, node_id)
    else:
        scored = _related_to_chapter(graph, node_id)
    ranked = sorted(scored.items(), key=lambda kv: (-kv[1][0], kv[1][1], _order(graph, kv[0])))
    return [{**node_info(graph, n), "score": round(score, 4), "hops": hops, "via": via}
            for n, (score, hops, via) in ranked[:limit]]


def _cite_neighbours(graph: nx.DiGraph, node: str) -> set[str]:
    return set(_cites_out(graph, node)) | set(_cites_in(graph, node))


def _related_articles(graph: nx.DiGraph, node: str) -> dict[str, tuple[float, int, str]]:
    scored: dict[str, tuple[float, int, str]] = {}
    out_nodes, in_nodes = set(_cites_out(graph, node)), set(_cites_in(graph, node))
    for other in out_nodes | in_nodes:
        both = other in out_nodes and other in in_nodes
        via = "mutual" if both else ("cites" if other in out_nodes else "cited_by")
        scored[other] = (W_DIRECT + (W_MUTUAL if both else 0.0), 1, via)
    two_hop: dict[str, float] = defaultdict(float)
    for middle in out_nodes | in_nodes:
        around = _cite_neighbours(graph, middle)
        weight = W_TWO_HOP / math.log2(2 + len(around))
        for far in around:
            if far != node and far not in scored:
                two_hop[far] += weight
    for far, score in two_hop.items():
        scored[far] = (score, 2, "two_hops")
    for parent in graph.predecessors(node):
        if graph.nodes[parent]["kind"] != "chapter":
            continue
        here = graph.nodes[node]["ordinal"]
        for sibling in graph.successors(parent):
            if sibling == node or sibling in scored:
                continue
            distance = abs(graph.nodes[sibling]["ordinal"] - here) or 1
            scored[sibling] = (W_SIBLING / distance, 2, "same_chapter")
    return scored


def _related_laws(graph: nx.DiGraph, state: _State, node: str) -> dict[str, tuple[float, int, str]]:
    links = _law_links(state)
    me = graph.nodes[node]["law_id"]
    direct = links.get(me, Counter())
    scored: dict[str, tuple[float, int, str]] = {
        law_node(other): (1.0 + math.log1p(n), 1, "cites") for other, n in direct.items()}
    two_hop: dict[int, float] = defaultdict(float)
    for middle in direct:
        around = links.get(middle, Counter())
        weight = W_TWO_HOP / math.log2(2 + len(around))
        for far in around:
            if far != me and far not in direct:
                two_hop[far] += weight
    for far, score in two_hop.items():
        scored[law_node(far)] = (score, 2, "two_hops")
    return scored


def _related_to_chapter(graph: nx.DiGraph, node: str) -> dict[str, tuple[float, int, str]]:
    members = set(_members(graph, node))
    counts: Counter = Counter()
    for a in members:
        for other in _cite_neighbours(graph, a):
            if other not in members:
                counts[other] += 1
    return {other: (float(n), 2, "cites") for other, n in counts.items()}


def graph_path(*, source: str, target: str) -> dict[str, Any]:
    """The shortest chain between two laws or articles, following ``contains`` and ``cites`` edges in
    either direction. ``steps`` say for each edge its kind and whether it runs forward (a cites b,
    a contains b) or backward."""
    state = _current_state()
    graph = state.graph
    a, b = graph_node_resolve(node=source), graph_node_resolve(node=target)
    try:
        nodes = nx.shortest_path(graph.to_undirected(as_view=True), a, b)
    except nx.NetworkXNoPath:
        return {"found": False, "from": node_info(graph, a), "to": node_info(graph, b), "length": None,
                "path": [], "steps": []}
    steps = []
    for u, v in zip(nodes, nodes[1:], strict=False):
        if graph.has_edge(u, v):
            steps.append({"from": u, "to": v, "kind": graph[u][v]["kind"], "direction": "forward"})
        else:
            steps.append({"from": u, "to": v, "kind": graph[v][u]["kind"], "direction": "backward"})
    return {"found": True, "from": node_info(graph, a), "to": node_info(graph, b), "length": len(nodes) - 1,
            "path": [node_info(graph, n) for n in nodes], "steps": steps}


def article_citation_view(*, article_id: int, limit: int = 12) -> dict[str, Any]:
    """The centre article, the articles it cites and those citing it (at most ``limit`` each, same law
    first, then by order), with totals — what the article page draws."""
    graph = citation_graph()
    node = article_node(article_id)
    if node not in graph:
        raise GraphNodeNotFound(f"引用图中没有条文 #{article_id}")
    out_nodes = sorted(_cites_out(graph, node), key=lambda n: _order(graph, n))
    in_nodes = sorted(_cites_in(graph, node), key=lambda n: _order(graph, n))
    law_id = graph.nodes[node]["law_id"]

    def pick(nodes: list[str]) -> list[dict[str, Any]]:
        ranked = sorted(nodes, key=lambda n: (graph.nodes[n]["law_id"] != law_id, _order(graph, n)))
        return [node_info(graph, n) for n in ranked[:limit]]

    both = set(out_nodes) & set(in_nodes)
    return {"centre": node_info(graph, node), "cites": pick(out_nodes), "cited_by": pick(in_nodes),
            "mutual": [article_id_of(n) for n in both],
            "totals": {"cites": len(out_nodes), "cited_by": len(in_nodes)}}


def article_id_of(node: str) -> int:
    return int(node.split(":", 1)[1])


def graph_export(*, path: str | Path) -> Path:
    """Write the graph as GraphML (attributes as GraphML keys)."""
    graph = citation_graph()
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(graph, target, encoding="utf-8", prettyprint=False)
    return target


def graph_stats() -> dict[str, Any]:
    graph = citation_graph()
    keep = ("laws", "chapters", "articles", "contains_edges", "cites_edges", "references",
            "references_unknown_law", "references_missing_article", "references_previous", "mentions_edges",
            "law_mentions", "build_seconds",
            "built_at", "fingerprint")
    return {k: graph.graph.get(k) for k in keep} | {"nodes": graph.number_of_nodes(), "edges": graph.number_of_edges()}
