"""The graph cache: one graph per process, keyed by the corpus fingerprint and renewed when the corpus
cache is; a pickle per key in ``DATA_DIR/knowledge/`` lets other processes skip the build.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import tempfile
import threading
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
from django.conf import settings
from django.db import connection

from knowledge import selectors
from knowledge.graph.build import GRAPH_FORMAT, graph_build

logger = logging.getLogger("knowledge.graph")

KEEP_CACHE_FILES = 3


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
