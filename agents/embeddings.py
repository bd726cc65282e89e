"""OpenAI-compatible embeddings client (``POST /v1/embeddings``) on the ``openai`` SDK.

Works with DashScope compatible mode (text-embedding-v3/v4), OpenAI (text-embedding-3-*),
vLLM, Ollama and any other server speaking the same protocol. Inputs are sent in batches of
``batch_size`` (DashScope accepts 10 per request), each vector is checked to have ``dim``
components, and failures surface as :class:`EmbeddingsError` whose message never contains the
API key. Transient errors are retried once (the SDK's own retry).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

# The SDK (half a second of imports) is imported by the functions that call it, so a process that never
# calls a model (a worker, a management command, the offline engine) does not load it.
if TYPE_CHECKING:
    import openai


__all__ = ["EmbeddingsClient", "EmbeddingsConfig", "EmbeddingsError", "config_from_settings"]

_PLACEHOLDER_KEY = "no-key"


class EmbeddingsError(Exception):
    """The embeddings endpoint failed or answered something unusable."""


@dataclass(frozen=True)
class EmbeddingsConfig:
    base_url: str
    model: str
    dim: int
    api_key: str | None = field(default=None, repr=False)
    batch_size: int = 10
    timeout: float = 30.0
    send_dimensions: bool = False


def config_from_settings() -> EmbeddingsConfig:
    from django.conf import settings

    if not settings.EMBEDDING_BASE_URL:
        raise EmbeddingsError("EMBEDDING_BASE_URL is not configured")
    return EmbeddingsConfig(
        base_url=settings.EMBEDDING_BASE_URL,
        model=settings.EMBEDDING_MODEL,
        dim=settings.EMBEDDING_DIM,
        api_key=settings.EMBEDDING_API_KEY,
        batch_size=settings.EMBEDDING_BATCH_SIZE,
        timeout=settings.EMBEDDING_TIMEOUT,
        send_dimensions=settings.EMBEDDING_SEND_DIMENSIONS,
    )


class EmbeddingsClient:
    """Sync and async embeddings against one endpoint and model."""

    def __init__(self, config: EmbeddingsConfig) -> None:
        self.config = config
        self._sync: openai.OpenAI | None = None
        self._async: openai.AsyncOpenAI | None = None

    def __repr__(self) -> str:
        return f"EmbeddingsClient(model={self.config.model!r}, dim={self.config.dim})"

    # -- clients ---------------------------------------------------------------------------------
    def _kwargs(self) -> dict:
        return {
            "base_url": self.config.base_url,
            "api_key": self.config.api_key or _PLACEHOLDER_KEY,
            "timeout": self.config.timeout,
            "max_retries": 1,
        }

    @property
    def sync_client(self) -> openai.OpenAI:
        import openai
        if self._sync is None:
            self._sync = openai.OpenAI(**self._kwargs())
        return self._sync

    @property
    def async_client(self) -> openai.AsyncOpenAI:
        import openai
        if self._async is None:
            self._async = openai.AsyncOpenAI(**self._kwargs())
        return self._async

    # -- requests --------------------------------------------------------------------------------
    def _request(self, batch: list[str]) -> dict:
        request: dict = {"model": self.config.model, "input": batch, "encoding_format": "float"}
        if self.config.send_dimensions:
            request["dimensions"] = self.config.dim
        return request

    def _batches(self, texts: Sequence[str]) -> list[list[str]]:
        # Endpoints reject empty strings; a single space embeds as "nothing".
        cleaned = [t if t and t.strip() else " " for t in texts]
        size = max(1, self.config.batch_size)
        return [cleaned[i : i + size] for i in range(0, len(cleaned), size)]

    def _vectors(self, response: object, expected: int) -> list[list[float]]:
        data = getattr(response, "data", None)
        if not isinstance(data, list) or len(data) != expected:
            got = len(data) if isinstance(data, list) else "no"
            raise EmbeddingsError(f"embeddings endpoint returned {got} vectors for {expected} inputs")
        ordered = sorted(data, key=lambda item: getattr(item, "index", 0))
        vectors: list[list[float]] = []
        for item in ordered:
            vector = getattr(item, "embedding", None)
            if not isinstance(vector, list) or len(vector) != self.config.dim:
                size = len(vector) if isinstance(vector, list) else type(vector).__name__
                raise EmbeddingsError(
                    f"model {self.config.model!r} returned vectors of size {size}, EMBEDDING_DIM is "
                    f"{self.config.dim} (set EMBEDDING_DIM to the model's size, or EMBEDDING_SEND_DIMENSIONS=1 "
                    "if the model accepts a dimensions parameter)"
                )
            vectors.append([float(v) for v in vector])
        return vectors

    @staticmethod
    def _error(exc: Exception) -> EmbeddingsError:
        status = getattr(exc, "status_code", None)
        kind = type(exc).__name__
        message = getattr(exc, "message", None) or str(exc)
        detail = f"{kind} (HTTP {status}): {message}" if status else f"{kind}: {message}"
        return EmbeddingsError(f"embeddings request failed: {detail[:500]}")

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        import openai
        out: list[list[float]] = []
        for batch in self._batches(texts):
            try:
                response = self.sync_client.embeddings.create(**self._request(batch))
            except openai.OpenAIError as exc:
                raise self._error(exc) from None
            out.extend(self._vectors(response, len(batch)))
        return out

    async def aembed(self, texts: Sequence[str]) -> list[list[float]]:
        import openai
        out: list[list[float]] = []
        for batch in self._batches(texts):
            try:
                response = await self.async_client.embeddings.create(**self._request(batch))
            except openai.OpenAIError as exc:
                raise self._error(exc) from None
            out.extend(self._vectors(response, len(batch)))
        return out
