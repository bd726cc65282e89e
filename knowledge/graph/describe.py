"""Resolving a node from the text a user or agent writes (劳动合同法第46条, a law's name) and describing
a node: its label, citations out and in, members, the laws its articles link to.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Any

import networkx as nx

from knowledge import selectors
from knowledge.citations import extract_citations
from knowledge.exceptions import InvalidQuery
from knowledge.graph.cache import _State, citation_graph
from knowledge.graph.nodes import CITES, CONTAINS, GraphNodeNotFound, article_node, law_node
from knowledge.lawnames import short_name
from knowledge.verification import article_url

MAX_NODE_CHARS = 200


# -- node resolution and description ---------------------------------------------------------------------


def graph_node_resolve(*, node: str) -> str:
    """A node id from what a user writes: ``民法典``, ``民法典 第1165条``, ``《劳动合同法》第四十七条``,
    ``劳动合同法47条``, or an id (``law:12``, ``article:345``, ``chapter:12:40``).

    Raises InvalidQuery (empty or too long), LawNotFound / ArticleNotFound (with suggestions) or
    GraphNodeNotFound.
    """
    text = (node or "").strip()
    if not text:
        raise InvalidQuery("请指定节点：法律名称（如 民法典）或法条（如 民法典 第1165条）")
    if len(text) > MAX_NODE_CHARS:
        raise InvalidQuery(f"节点名称过长（上限 {MAX_NODE_CHARS} 字）")
    graph = citation_graph()
    if re.fullmatch(r"(law|article):\d+|chapter:\d+:\d+", text):
        if text not in graph:
            raise GraphNodeNotFound(f"图中没有节点 {text}")
        return text
    citations = [c for c in extract_citations(text, selectors.law_index()) if c.law]
    if citations:
        article = selectors.article_lookup(law=citations[0].law, article=citations[0].article)
        found = article_node(article.pk)
    else:
        found = law_node(selectors.law_resolve(name=text).pk)
    if found not in graph:
        raise GraphNodeNotFound(f"引用图尚未包含“{text}”（法规库刚更新，请稍后再试）")
    return found


def node_info(graph: nx.DiGraph, node: str) -> dict[str, Any]:
    data = graph.nodes[node]
    kind = data["kind"]
    info: dict[str, Any] = {"id": node, "kind": kind, "law": data["law"], "law_id": data["law_id"],
                            "status": data["status"], "current": data["current"]}
    if kind == "article":
        info.update(label=f"{data['law']}{data['label']}", article_label=data["label"],
                    article_no=data["number"] or None, article_id=data["article_id"],
                    short=f"{short_name(data['law'])}{data['label']}", url=article_url(data["article_id"]))
    elif kind == "chapter":
        info.update(label=data["label"], first=data["first"], last=data["last"],
                    short=f"{short_name(data['law'])} {data['label']}")
    else:
        info.update(label=data["label"], short=data["short"], doc_type=data["doc_type"], version=data["version"])
    return info


def _cites_out(graph: nx.DiGraph, node: str) -> list[str]:
    return [v for v in graph.successors(node) if graph[node][v]["kind"] == CITES]


def _cites_in(graph: nx.DiGraph, node: str) -> list[str]:
    return [u for u in graph.predecessors(node) if graph[u][node]["kind"] == CITES]


def _members(graph: nx.DiGraph, node: str) -> list[str]:
    """The articles under a law or chapter node (the node itself for an article)."""
    kind = graph.nodes[node]["kind"]
    if kind == "article":
        return [node]
    out: list[str] = []
    for child in graph.successors(node):
        if graph[node][child]["kind"] != CONTAINS:
            continue
        out.extend(_members(graph, child) if graph.nodes[child]["kind"] == "chapter" else [child])
    return out


def _law_links(state: _State) -> dict[int, Counter]:
    """Law id -> Counter(other law id -> article citations and law mentions, in either direction)."""
    if state.law_links is None:
        links: dict[int, Counter] = defaultdict(Counter)
        graph = state.graph
        for u, v, kind in graph.edges(data="kind"):
            if kind == CONTAINS:
                continue
            a, b = graph.nodes[u]["law_id"], graph.nodes[v]["law_id"]
            if a != b:
                links[a][b] += 1
                links[b][a] += 1
        state.law_links = dict(links)
    return state.law_links


def _law_counts(graph: nx.DiGraph, node: str, articles: list[str], direction: str) -> Counter:
    """For a law or chapter: the other laws its articles cite or mention (out), or whose articles cite its
    articles or mention the law (in), with counts."""
    own = {graph.nodes[a]["law_id"] for a in articles} | {graph.nodes[node]["law_id"]}
    counts: Counter = Counter()
    sources = [*articles, node] if direction == "in" and graph.nodes[node]["kind"] == "law" else articles
    for a in sources:
        if direction == "out":
            others = [v for v in graph.successors(a) if graph[a][v]["kind"] != CONTAINS]
        else:
            others = [u for u in graph.predecessors(a) if graph[u][a]["kind"] != CONTAINS]
        for other in others:
            law_id = graph.nodes[other]["law_id"]
            if law_id not in own:
                counts[law_id] += 1
    return counts
