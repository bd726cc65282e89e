"""Building the citation graph from the corpus: law, chapter and article nodes, ``contains`` edges,
``cites`` edges from each article's citations (前条/前两条 included) and ``mentions`` edges to laws
named without an article.
"""

from __future__ import annotations

import datetime as dt
import re
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

import networkx as nx

from knowledge import selectors
from knowledge.citations import extract_citations
from knowledge.graph.nodes import CITES, CONTAINS, MENTIONS, article_node, chapter_node, law_node
from knowledge.lawnames import AMENDING_DOC_TYPES, LawNameIndex, amended_law_name, short_name
from knowledge.models import Article, Law
from knowledge.numerals import cn_to_int
from knowledge.selectors.versions import shown_status

#: Bump when the graph's shape changes: cached pickles of older formats are ignored.
GRAPH_FORMAT = 2
_CITE_HINT_RE = re.compile(r"第\s*[0-9０-９零〇一二两三四五六七八九十百千]+\s*条|[0-9０-９]+\s*条")
_PREVIOUS_RE = re.compile(r"前([两二三四五六七八九十]?)条")

# -- building --------------------------------------------------------------------------------------------


@dataclass
class _Row:
    pk: int
    law_id: int
    ordinal: int
    label: str
    text: str


def graph_build() -> nx.DiGraph:
    """Build the whole graph from the database (no cache)."""
    started = time.perf_counter()
    corpus = selectors.corpus_cache()
    index = corpus.index
    graph = nx.DiGraph()
    laws: dict[int, dict[str, Any]] = {}
    defaults = set(corpus.current_ids.values())  # the version in force today (selectors.versions)
    for pk, name, status, _stored_current, doc_type, version in Law.objects.values_list(
            "id", "name", "status", "is_current", "doc_type", "version_label"):
        is_current = pk in defaults
        status = shown_status(status, corpus.time_status.get(pk, status))
        laws[pk] = {"name": name, "status": status, "current": is_current, "doc_type": doc_type or ""}
        graph.add_node(law_node(pk), kind="law", label=name, short=short_name(name), law=name, law_id=pk,
                       status=status, current=bool(is_current), doc_type=doc_type or "", version=version or "")
    by_number: dict[tuple[int, int, int], int] = {}
    rows: list[_Row] = []
    chapter_of: dict[int, tuple[str, str]] = {}  # law id -> (current chapter title, node id)
    for pk, law_id, ordinal, chapter, number, suffix, label, text in Article.objects.order_by(
            "law_id", "ordinal").values_list("id", "law_id", "ordinal", "chapter", "number", "suffix", "label", "text"):
        law = laws[law_id]
        node = article_node(pk)
        graph.add_node(node, kind="article", label=label, law=law["name"], law_id=law_id, article_id=pk,
                       number=number or 0, suffix=suffix, ordinal=ordinal, status=law["status"],
                       current=bool(law["current"]))
        if number is not None:
            key = (law_id, number, suffix)
            numbered = label.startswith("第")  # 第七条 wins over 条目七 with the same number
            if key not in by_number or (numbered and not _label_of(graph, by_number[key]).startswith("第")):
                by_number[key] = pk
        parent = law_node(law_id)
        if chapter:
            title, chapter_id = chapter_of.get(law_id, ("", ""))
            if title != chapter or not chapter_id:
                chapter_id = chapter_node(law_id, ordinal)
                graph.add_node(chapter_id, kind="chapter", label=chapter, law=law["name"], law_id=law_id,
                               ordinal=ordinal, first=label, last=label, status=law["status"],
                               current=bool(law["current"]))
                graph.add_edge(parent, chapter_id, kind=CONTAINS, count=1, via="structure")
                chapter_of[law_id] = (chapter, chapter_id)
            else:
                graph.nodes[chapter_id]["last"] = label
            parent = chapter_id
        else:
            chapter_of[law_id] = ("", "")
        graph.add_edge(parent, node, kind=CONTAINS, count=1, via="structure")
        rows.append(_Row(pk, law_id, ordinal, label, text))
    stats = _add_cites(graph, rows, laws, by_number, corpus, index)
    graph.graph.update(
        format=GRAPH_FORMAT,
        built_at=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        build_seconds=round(time.perf_counter() - started, 3),
        laws=len(laws), articles=len(rows),
        chapters=sum(1 for _, kind in graph.nodes(data="kind") if kind == "chapter"),
        contains_edges=sum(1 for *_, kind in graph.edges(data="kind") if kind == CONTAINS),
        cites_edges=sum(1 for *_, kind in graph.edges(data="kind") if kind == CITES),
        mentions_edges=sum(1 for *_, kind in graph.edges(data="kind") if kind == MENTIONS),
        **stats,
    )
    return graph


def _label_of(graph: nx.DiGraph, article_id: int) -> str:
    return graph.nodes[article_node(article_id)]["label"]


def _add_cites(graph: nx.DiGraph, rows: list[_Row], laws: dict[int, dict[str, Any]],
               by_number: dict[tuple[int, int, int], int], corpus: selectors.CorpusCache,
               index: LawNameIndex) -> dict[str, int]:
    amended = {pk: amended_law_name(name=law["name"], doc_type=law["doc_type"], index=index)
               for pk, law in laws.items()}
    stats = Counter()
    previous_row: _Row | None = None
    for row in rows:
        prior = previous_row if previous_row and previous_row.law_id == row.law_id else None
        previous_row = row
        own = laws[row.law_id]
        target_of_bare = amended[row.law_id]
        cited_laws: set[str] = {target_of_bare} if target_of_bare else set()
        if _CITE_HINT_RE.search(row.text):
            default = target_of_bare or (None if own["doc_type"] in AMENDING_DOC_TYPES else own["name"])
            for citation in extract_citations(row.text, index, default_law=default):
                stats["references"] += 1
                if citation.law is None:
                    stats["references_unknown_law"] += 1
                    continue
                if citation.law == own["name"] and target_of_bare is None:
                    target_law = row.law_id  # 本法 in an old version means that version
                else:
                    target_law = corpus.current_ids.get(citation.law) or (corpus.version_ids.get(citation.law)
                                                                          or [0])[0]
                target = by_number.get((target_law, citation.article.number, citation.article.suffix))
                cited_laws.add(citation.law)
                if target is None:
                    stats["references_missing_article"] += 1
                    continue
                if target == row.pk:
                    continue
                _add_cite(graph, row.pk, target, citation.via)
        for name in {name for _, _, name in index.find_in_text(row.text)} - cited_laws - {own["name"]}:
            target_law = corpus.current_ids.get(name) or (corpus.version_ids.get(name) or [0])[0]
            if target_law:
                stats["law_mentions"] += 1
                graph.add_edge(article_node(row.pk), law_node(target_law), kind=MENTIONS, count=1, via="law_mention")
        if prior is not None and target_of_bare is None and own["doc_type"] not in AMENDING_DOC_TYPES:
            for match in _PREVIOUS_RE.finditer(row.text):
                back = cn_to_int(match[1]) if match[1] else 1
                stats["references_previous"] += 1
                _add_previous(graph, rows, row, back)
    return dict(stats)


def _add_cite(graph: nx.DiGraph, source: int, target: int, via: str) -> None:
    u, v = article_node(source), article_node(target)
    if graph.has_edge(u, v):
        graph[u][v]["count"] += 1
    else:
        graph.add_edge(u, v, kind=CITES, count=1, via=via)


def _add_previous(graph: nx.DiGraph, rows: list[_Row], row: _Row, back: int) -> None:
    """前条 / 前两条: the article(s) right before ``row`` in the same law."""
    position = _position(rows, row)
    for offset in range(1, back + 1):
        if position - offset < 0:
            return
        earlier = rows[position - offset]
        if earlier.law_id != row.law_id:
            return
        _add_cite(graph, row.pk, earlier.pk, "previous")


def _position(rows: list[_Row], row: _Row) -> int:
    # rows are in (law, ordinal) order and 前条 is rare (≈40 in the corpus): a bisect is plenty.
    lo, hi = 0, len(rows)
    key = (row.law_id, row.ordinal)
    while lo < hi:
        mid = (lo + hi) // 2
        if (rows[mid].law_id, rows[mid].ordinal) < key:
            lo = mid + 1
        else:
            hi = mid
    return lo
