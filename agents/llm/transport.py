"""The transport under the gateway: HTTP clients per event loop, the attempts of one call (one
retry for a transient failure, one without a rejected parameter) and what an error says."""

from __future__ import annotations

import asyncio
import json
import logging
import ssl
import time
from collections.abc import AsyncGenerator, Callable, Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

import httpx2

# The SDK (half a second of imports) is imported by the functions that call it, so a process that never
# calls a model (a worker, a management command, the offline engine) does not load it.
if TYPE_CHECKING:
    import openai

    from agents.llm.gateway import LLMGateway

logger = logging.getLogger("agents.llm")

_PLACEHOLDER_KEY: Final = "no-key"
_MAX_RETRY_AFTER: Final = 5.0
_MAX_ERROR_TEXT: Final = 2000
#: HTTP clients (connection pools) per event loop, used in turn (see LLMGateway._client)
_HTTP_CLIENTS_PER_LOOP: Final = 4
#: Parameters a call can do without when the endpoint rejects them (HTTP 400 naming them).
_DROPPABLE: Final = frozenset({"parallel_tool_calls", "stream_options", "tool_choice", "temperature",
                               "enable_thinking", "thinking"})
_TOKEN_LIMITS: Final = frozenset({"max_tokens", "max_completion_tokens"})


def _error_body_text(exc: openai.APIStatusError) -> str:
    body = getattr(exc, "body", None)
    try:
        return json.dumps(body, ensure_ascii=False) if body is not None else ""
    except (TypeError, ValueError):
        return str(body)

async def _close_at_loop_shutdown(
    clients: Sequence[openai.AsyncOpenAI], forget: Callable[[], None]
) -> AsyncGenerator[None, None]:
    try:
        yield
    finally:
        forget()  # the generator refers to its loop: drop the cache entry so the loop can be freed
        for client in clients:
            await client.close()



@lru_cache(maxsize=1)
def _tls_context() -> ssl.SSLContext:
    """One TLS context per process, shared by the per-loop clients: building one loads the CA
    bundle (~20 ms)."""
    return httpx2.create_ssl_context()


class _Attempts:
    """The attempts of one gateway call: numbered from 1; :meth:`failed` pauses before the one
    retry a transient failure gets, or raises the typed error (recorded once, with the attempts)."""

    def __init__(self, gateway: LLMGateway, *, role: str, model: str, request: dict[str, Any],
                 timeout: float | None) -> None:
        self.gateway, self.role, self.model, self.request, self.timeout = gateway, role, model, request, timeout
        self.started = time.perf_counter()
        self.number = 0
        self.retried = False  # the one retry a transient failure gets
        self.adjusted = False  # the one retry without a parameter the endpoint rejected

    def __iter__(self) -> Iterator[int]:
        while True:
            self.number += 1
            yield self.number

    async def failed(self, exc: Exception, params: dict[str, Any] | None = None) -> None:
        """Pause before the next attempt, or raise. A 400 naming a parameter the gateway may drop
        is retried once without it (and the model remembered as rejecting it)."""
        if params is not None and not self.adjusted and self.gateway._drop_rejected(exc, params, self.model):
            self.adjusted = True
            self.request = self.gateway._audit_request(params)
            return
        retry = not self.retried and _is_transient(exc)
        self.retried = self.retried or retry
        await asyncio.sleep(self.gateway._handle_attempt_error(
            exc, attempt=self.number, role=self.role, model=self.model, started=self.started,
            request=self.request, timeout=self.timeout, retry=retry,
        ))


def _is_transient(exc: BaseException) -> bool:
    import openai
    if isinstance(exc, openai.APIConnectionError):  # includes APITimeoutError
        return True
    if isinstance(exc, openai.APIStatusError):
        return exc.status_code in (408, 409, 429) or exc.status_code >= 500
    return False


def _retry_after(exc: BaseException) -> float | None:
    response = getattr(exc, "response", None)
    header = response.headers.get("retry-after") if response is not None else None
    if header is None:
        return None
    try:
        return max(0.0, min(float(header), _MAX_RETRY_AFTER))
    except ValueError:
        return None


# ---------------------------------------------------------------------------------------------
# Gateway
