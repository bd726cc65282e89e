"""The citation graph of the statute corpus (networkx), built from the database and cached.

Nodes (ids are stable across re-imports because law and article ids are):

* ``law:<id>`` — one per stored law version (``kind`` law; name, status, current, doc_type);
* ``chapter:<law id>:<ordinal>`` — a chapter is a contiguous run of articles with the same
  ``chapter`` in document order (民法典 restarts its chapter numbers in every book, so
  ``第一章 一般规定`` is several nodes); ``ordinal`` is the run's first article;
* ``article:<id>`` — every article.

Edges (a ``DiGraph``; ``kind`` on every edge):

* ``contains``: law → chapter → article (law → article for articles outside any chapter);
* ``cites``: article → article, parsed from the article's text with
  :func:`knowledge.citations.extract_citations`: 依照本法第四十七条 (the same law version),
  《中华人民共和国民法典》第X条 (the current version of the other law), and 前条/前两条 (the
  previous articles in document order, ``via`` = ``previous``). 前款 is inside one article and is
  no edge. In 修改决定, 修正案 and 立法解释 a bare 第N条 means the law they amend or interpret
  (关于修改《X》的决定, 刑法修正案（十一） → 刑法). ``count`` says how often the text cites it;
* ``mentions``: article → law, for a law named without an article (依照《中华人民共和国劳动法》的规定,
  根据宪法，制定本法), to the current version; not added when the article also cites that law's articles.

Cache: one graph per process, checked whenever the corpus cache of :mod:`knowledge.selectors`
is renewed (an import bumps the generation); the key is a fingerprint of the generation and the
law/article ids. A pickle in ``DATA_DIR/knowledge/`` under that key lets other processes skip the
build. docs/decisions/citation-graph.md has the measurements.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import math
import os
import pickle
import re
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx
from django.conf import settings
from django.db import connection

from knowledge import selectors
from knowledge.citations import extract_citations
from knowledge.exceptions import InvalidQuery, KnowledgeError
from knowledge.lawnames import AMENDING_DOC_TYPES, LawNameIndex, amended_law_name, short_name
from knowledge.models import Article, Law
from knowledge.numerals import cn_to_int
from knowledge.verification import article_url

logger = logging.getLogger(__name__)

#: Bump when the graph's shape changes: cached pickles of older formats are ignored.
GRAPH_FORMAT = 2
CONTAINS = "contains"
CITES = "cites"
MENTIONS = "mentions"
KEEP_CACHE_FILES = 3
MAX_NODE_CHARS = 200

#: Related-article scoring (see graph_related).
W_DIRECT = 1.0
W_MUTUAL = 0.5
W_TWO_HOP = 0.5
W_SIBLING = 0.15

_CITE_HINT_RE = re.compile(r"第\s*[0-9０-９零〇一二两三四五六七八九十百千]+\s*条|[0-9０-９]+\s*条")
_PREVIOUS_RE = re.compile(r"前([两二三四五六七八九十]?)条")


class GraphNodeNotFound(KnowledgeError):
    """The node text names nothing in the graph: HTTP 404."""


# -- node ids ------------------------------------------------------------------------------------------


def law_node(law_id: int) -> str:
    return f"law:{law_id}"


def article_node(article_id: int) -> str:
    return f"article:{article_id}"


def chapter_node(law_id: int, ordinal: int) -> str:
    return f"chapter:{law_id}:{ordinal}"


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
    for pk, name, status, is_current, doc_type, version in Law.objects.values_list(
            "id", "name", "status", "is_current", "doc_type", "version_label"):
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


# -- the cache ---------------------------------------------------------------------------------------------


@dataclass
class _State:
    key: str
    graph: nx.DiGraph
    corpus: selectors.CorpusCache
    law_links: dict[int, Counter] | None = None


_lock = threading.Lock()
_state: _State | None = None


def corpus_fingerprint(generation: int | None = None) -> str:
    """A short key that changes whenever the corpus does (generation, law and article ids, law updates)."""
    if generation is None:
        generation = selectors.corpus_cache().generation
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT (SELECT count(*) FROM knowledge_article), (SELECT COALESCE(sum(id), 0) FROM knowledge_article), "
            "(SELECT COALESCE(sum(ordinal), 0) FROM knowledge_article), (SELECT count(*) FROM knowledge_law), "
            "(SELECT COALESCE(sum(id), 0) FROM knowledge_law), (SELECT max(updated_at) FROM knowledge_law)")
        row = cursor.fetchone()
    raw = f"{GRAPH_FORMAT}|{generation}|{'|'.join(str(v) for v in row)}"
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


def cache_dir() -> Path:
    return Path(settings.DATA_DIR) / "knowledge"


def _cache_file(key: str) -> Path:
    return cache_dir() / f"citation-graph-{key}.pickle"


def _load(key: str) -> nx.DiGraph | None:
    path = _cache_file(key)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    try:
        # The file is written by _store below into the project's own data dir (like secret_key).
        graph = pickle.loads(data)  # noqa: S301
    except Exception:  # a truncated or foreign file is rebuilt, never fatal
        logger.warning("ignoring unreadable graph cache %s", path, exc_info=True)
        return None
    if not isinstance(graph, nx.DiGraph) or graph.graph.get("format") != GRAPH_FORMAT:
        return None
    return graph


def _store(key: str, graph: nx.DiGraph) -> None:
    directory = cache_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=directory, prefix=".graph-", delete=False) as tmp:
            pickle.dump(graph, tmp, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp.name, _cache_file(key))
        old = sorted(directory.glob("citation-graph-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
        for stale in old[KEEP_CACHE_FILES:]:
            stale.unlink(missing_ok=True)
    except OSError:
        logger.warning("could not write the graph cache in %s", directory, exc_info=True)


def _current_state() -> _State:
    global _state
    corpus = selectors.corpus_cache()
    state = _state
    if state is not None and state.corpus is corpus:
        return state
    with _lock:
        state = _state
        if state is not None and state.corpus is corpus:
            return state
        key = corpus_fingerprint(corpus.generation)
        if state is not None and state.key == key:
            state = _State(key, state.graph, corpus, state.law_links)
        else:
            graph = _load(key)
            if graph is None:
                graph = graph_build()
                graph.graph["fingerprint"] = key
                _store(key, graph)
                logger.info("citation graph built in %.2f s: %d nodes, %d edges", graph.graph["build_seconds"],
                            graph.number_of_nodes(), graph.number_of_edges())
            state = _State(key, graph, corpus)
        _state = state
        return state


def citation_graph() -> nx.DiGraph:
    """The process's cached graph (rebuilt or reloaded when the corpus changed). Treat it as read-only."""
    return _current_state().graph


def graph_invalidate() -> None:
    global _state
    with _lock:
        _state = None


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


__all__ = [
    "CITES", "CONTAINS", "MENTIONS", "GraphNodeNotFound", "amended_law_name",
    "article_citation_view", "article_node", "chapter_node", "citation_graph", "corpus_fingerprint",
    "graph_build", "graph_export", "graph_invalidate", "graph_neighbours", "graph_node_resolve", "graph_path",
    "graph_related", "graph_stats", "law_node",
]
