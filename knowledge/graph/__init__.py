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

The package, by the seams the module marked (docs/decisions/module-splits.md):

- ``nodes``: the edge kinds, node ids and ``GraphNodeNotFound``;
- ``build``: building the graph from the corpus (``graph_build``);
- ``cache``: one graph per process, a pickle per corpus fingerprint (``citation_graph``, ``graph_invalidate``);
- ``describe``: resolving a node from text and describing it (``graph_node_resolve``, ``node_info``);
- ``queries``: neighbours, related articles, paths, an article's citation view, export and stats.

The names other modules import are re-exported here, so ``from knowledge.graph import X`` and
``graph.X`` keep working; the cache's state lives in ``knowledge.graph.cache``.
"""

from knowledge.graph.build import GRAPH_FORMAT, graph_build
from knowledge.graph.cache import (
    KEEP_CACHE_FILES,
    cache_dir,
    citation_graph,
    corpus_fingerprint,
    graph_invalidate,
)
from knowledge.graph.describe import MAX_NODE_CHARS, graph_node_resolve, node_info
from knowledge.graph.nodes import CITES, CONTAINS, MENTIONS, GraphNodeNotFound, article_node, chapter_node, law_node
from knowledge.graph.queries import (
    W_DIRECT,
    W_MUTUAL,
    W_SIBLING,
    W_TWO_HOP,
    article_citation_view,
    article_id_of,
    graph_export,
    graph_neighbours,
    graph_path,
    graph_related,
    graph_stats,
)
from knowledge.lawnames import amended_law_name

__all__ = [
    "amended_law_name",
    "CITES",
    "CONTAINS",
    "GRAPH_FORMAT",
    "GraphNodeNotFound",
    "KEEP_CACHE_FILES",
    "MAX_NODE_CHARS",
    "MENTIONS",
    "W_DIRECT",
    "W_MUTUAL",
    "W_SIBLING",
    "W_TWO_HOP",
    "article_citation_view",
    "article_id_of",
    "article_node",
    "cache_dir",
    "chapter_node",
    "citation_graph",
    "corpus_fingerprint",
    "graph_build",
    "graph_export",
    "graph_invalidate",
    "graph_neighbours",
    "graph_node_resolve",
    "graph_path",
    "graph_related",
    "graph_stats",
    "law_node",
    "node_info",
]
