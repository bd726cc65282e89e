"""The gateway: per-role calls to one OpenAI-compatible endpoint through the ``openai`` SDK, with
the one retry, error mapping, audit-safe request/response records and listeners."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import re
import ssl
import threading
import time
import weakref
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, Final, TypeVar

import httpx2
import openai
from openai.types.chat import ChatCompletion
from pydantic import BaseModel, ValidationError

from agents.llm.config import (
    DEFAULT_PRICES,
    DEFAULT_TEMPERATURES,
    ROLES,
    LLMConfig,
    ModelPrice,
    _price_candidates,
    _price_from_mapping,
    _safe_url,
)
from agents.llm.errors import LLMBadRequest, LLMBadResponse, LLMError, LLMTimeout, LLMUnavailable
from agents.llm.results import (
    _MIN_SECRET_LENGTH,
    Listener,
    LLMFailure,
    LLMResult,
    _count,
    _field,
    _jsonable,
    _make_tool_call,
    _redact,
    _StreamAccumulator,
    _strip_code_fence,
    model_schema,
)

logger = logging.getLogger("agents.llm")

__all__ = ["LLMGateway"]

_PLACEHOLDER_KEY: Final = "no-key"
_MAX_RETRY_AFTER: Final = 5.0
_MAX_ERROR_TEXT: Final = 2000
#: HTTP clients (connection pools) per event loop, used in turn (see LLMGateway._client)
_HTTP_CLIENTS_PER_LOOP: Final = 4

M = TypeVar("M", bound=BaseModel)


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

    def __iter__(self) -> Iterator[int]:
        while True:
            self.number += 1
            yield self.number

    async def failed(self, exc: Exception) -> None:
        await asyncio.sleep(self.gateway._handle_attempt_error(
            exc, attempt=self.number, role=self.role, model=self.model, started=self.started,
            request=self.request, timeout=self.timeout,
        ))


def _is_transient(exc: BaseException) -> bool:
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
# ---------------------------------------------------------------------------------------------
class LLMGateway:
    """Per-role access to one OpenAI-compatible endpoint. Safe to share: one ``AsyncOpenAI``
    client is kept per event loop, so ``asyncio.run`` in Celery tasks and tests is fine."""

    def __init__(self, config: LLMConfig, *, listeners: Sequence[Listener] = ()) -> None:
        self.config = config
        self._prices: dict[str, ModelPrice] = {
            model: _price_from_mapping(model, value) for model, value in DEFAULT_PRICES.items()
        }
        self._prices.update(
            {model: _price_from_mapping(model, value) for model, value in config.prices.items()}
        )
        self._listeners: list[Listener] = list(listeners)
        self._clients: weakref.WeakKeyDictionary[
            asyncio.AbstractEventLoop,
            tuple[tuple[openai.AsyncOpenAI, ...], AsyncGenerator[None, None], itertools.count[int]],
        ] = weakref.WeakKeyDictionary()
        self._clients_lock = threading.Lock()
        self._json_schema_unsupported: set[str] = set()

    def __repr__(self) -> str:
        return (
            f"LLMGateway(base_url={_safe_url(self.config.base_url)!r}, model={self.config.model!r}, "
            f"offline={self.config.offline})"
        )

    # -- configuration lookups ------------------------------------------------------------
    @property
    def offline(self) -> bool:
        return self.config.offline

    def add_listener(self, listener: Listener) -> None:
        """``listener(LLMResult | LLMFailure)`` is called once per gateway call (after the retry),
        in the caller's task, so context variables (e.g. the current trace) are visible."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    @staticmethod
    def _check_role(role: str) -> None:
        if role not in ROLES:
            raise ValueError(f"unknown LLM role {role!r}; roles are {', '.join(ROLES)}")

    def model_for(self, role: str) -> str:
        self._check_role(role)
        return self.config.role_models.get(role) or self.config.model

    def temperature_for(self, role: str) -> float:
        self._check_role(role)
        return self.config.role_temperatures.get(role, DEFAULT_TEMPERATURES[role])

    def price_for(self, model: str) -> ModelPrice | None:
        for candidate in _price_candidates(model):
            price = self._prices.get(candidate)
            if price is not None:
                return price
        return None

    def cost_for(self, model: str, tokens_in: int | None, tokens_out: int | None) -> float | None:
        price = self.price_for(model)
        if price is None or tokens_in is None or tokens_out is None:
            return None
        return price.cost(tokens_in, tokens_out)

    # -- clients per event loop -----------------------------------------------------------
    async def _client(self) -> openai.AsyncOpenAI:
        """One of the loop's clients, in turn. The HTTP client's pool looks at every connection it
        holds (a readability check each) whenever a request starts or a response closes, so with
        tens of concurrent turns one big pool costs more than a few small ones."""
        if self.config.offline:
            raise LLMUnavailable("no LLM endpoint configured (LLM_BASE_URL is empty): offline mode")
        loop = asyncio.get_running_loop()
        with self._clients_lock:
            entry = self._clients.get(loop)
        if entry is None:
            clients = tuple(
                openai.AsyncOpenAI(
                    base_url=self.config.base_url,
                    api_key=self.config.api_key or _PLACEHOLDER_KEY,
                    timeout=self.config.timeout,
                    max_retries=0,
                    http_client=openai.DefaultAsyncHttpxClient(timeout=self.config.timeout, verify=_tls_context()),
                )
                for _ in range(_HTTP_CLIENTS_PER_LOOP)
            )
            # The loop finalises started async generators when it shuts down (asyncio.run does), so
            # this closes the clients' connections on their own loop instead of from a later one.
            closer = _close_at_loop_shutdown(clients, lambda: self._forget_client(loop))
            await closer.__anext__()
            entry = (clients, closer, itertools.count())
            with self._clients_lock:
                self._clients[loop] = entry
        clients, _, turn = entry
        return clients[next(turn) % len(clients)]

    def _forget_client(self, loop: asyncio.AbstractEventLoop) -> None:
        with self._clients_lock:
            self._clients.pop(loop, None)

    async def aclose(self) -> None:
        """Close the HTTP client bound to the running event loop (if any)."""
        loop = asyncio.get_running_loop()
        with self._clients_lock:
            entry = self._clients.pop(loop, None)
        if entry is not None:
            await entry[1].aclose()

    # -- request building and error mapping ---------------------------------------------
    def _build_request(
        self,
        role: str,
        messages: Sequence[Mapping[str, Any]],
        tools: Sequence[Mapping[str, Any]] | None,
        *,
        tool_choice: str | Mapping[str, Any] | None,
        temperature: float | None,
        max_tokens: int | None,
        response_format: Mapping[str, Any] | None,
        extra_body: Mapping[str, Any] | None,
    ) -> tuple[str, dict[str, Any]]:
        model = self.model_for(role)
        params: dict[str, Any] = {
            "model": model,
            "messages": _jsonable(list(messages)),
            "temperature": self.temperature_for(role) if temperature is None else temperature,
        }
        if tools:
            params["tools"] = _jsonable(list(tools))
            if tool_choice is not None:
                params["tool_choice"] = _jsonable(tool_choice)
        if max_tokens is not None:
            params["max_tokens"] = max_tokens
        if response_format is not None:
            params["response_format"] = _jsonable(response_format)
        if extra_body:
            params["extra_body"] = _jsonable(extra_body)
        return model, params

    def _audit_request(self, params: Mapping[str, Any]) -> dict[str, Any]:
        secret = self.config.api_key
        if len(secret) < _MIN_SECRET_LENGTH:
            return dict(params)
        # One C-speed search of the serialised request instead of walking every message and tool
        # schema; a key that JSON would escape is searched for the slow way.
        plain = secret.isprintable() and '"' not in secret and "\\" not in secret
        if plain and secret not in json.dumps(params, ensure_ascii=False, default=str):
            return dict(params)
        return _redact(dict(params), secret)

    def _translate(
        self, exc: Exception, role: str, model: str, attempts: int, timeout: float | None = None
    ) -> LLMError:
        def text(message: str) -> str:
            return _redact(message, self.config.api_key)[:_MAX_ERROR_TEXT]

        context: dict[str, Any] = {"role": role, "model": model, "attempts": attempts}
        if isinstance(exc, LLMError):
            return exc
        if isinstance(exc, openai.APITimeoutError):
            seconds = self.config.timeout if timeout is None else timeout
            return LLMTimeout(f"LLM request timed out after {seconds:g}s", **context)
        if isinstance(exc, openai.APIConnectionError):
            where = _safe_url(self.config.base_url)
            return LLMUnavailable(text(f"cannot connect to the LLM endpoint {where}: {exc}"), **context)
        if isinstance(exc, openai.APIStatusError):
            status = exc.status_code
            detail = text(f"LLM endpoint answered HTTP {status}: {exc.message}")
            if status in (401, 403):
                return LLMUnavailable(
                    text(f"LLM authentication failed (HTTP {status})"), status_code=status, **context
                )
            if _is_transient(exc):
                return LLMUnavailable(detail, status_code=status, **context)
            return LLMBadRequest(detail, status_code=status, **context)
        if isinstance(exc, openai.APIResponseValidationError):
            return LLMBadResponse(text(f"LLM response failed validation: {exc.message}"), **context)
        if isinstance(exc, openai.APIError):
            return LLMUnavailable(text(f"LLM endpoint reported an error: {exc.message}"), **context)
        if isinstance(exc, ValueError):  # json.JSONDecodeError from a malformed body or SSE chunk
            return LLMBadResponse(text(f"LLM endpoint sent malformed JSON: {exc}"), **context)
        return LLMError(text(f"unexpected LLM client error: {type(exc).__name__}: {exc}"), **context)

    def _scrub(self, result: LLMResult) -> LLMResult:
        """Redact the key from what the model wrote (it can only echo a key it was given)."""
        secret = self.config.api_key
        if len(secret) < _MIN_SECRET_LENGTH:
            return result
        texts = [result.content, result.reasoning or "", *(call.raw_arguments for call in result.tool_calls)]
        if not any(secret in text for text in texts):
            return result
        calls = tuple(
            replace(
                call,
                raw_arguments=_redact(call.raw_arguments, secret),
                arguments=_redact(call.arguments, secret),
            )
            for call in result.tool_calls
        )
        return replace(
            result,
            content=_redact(result.content, secret),
            reasoning=_redact(result.reasoning, secret),
            tool_calls=calls,
        )

    def _notify(self, record: LLMResult | LLMFailure) -> None:
        for listener in list(self._listeners):
            try:
                listener(record)
            except Exception:
                logger.exception("LLM call listener %r failed", listener)

    def _fail(
        self, error: LLMError, role: str, model: str, started: float, request: dict[str, Any], attempts: int
    ) -> LLMError:
        error.attempts = attempts
        latency_ms = (time.perf_counter() - started) * 1000
        self._notify(LLMFailure(role, model, error, latency_ms, request, attempts))
        return error

    def _handle_attempt_error(
        self,
        exc: Exception,
        *,
        attempt: int,
        role: str,
        model: str,
        started: float,
        request: dict[str, Any],
        timeout: float | None,
    ) -> float:
        """Return the pause before retrying, or raise the typed error."""
        if attempt == 1 and _is_transient(exc):
            delay = _retry_after(exc)
            logger.info("LLM %s/%s transient failure (%s), retrying once", role, model, type(exc).__name__)
            return self.config.retry_backoff if delay is None else delay
        error = self._fail(
            self._translate(exc, role, model, attempt, timeout), role, model, started, request, attempt
        )
        if error is exc:
            raise error
        raise error from exc

    async def _post(self, params: Mapping[str, Any], timeout: float | None) -> Any:
        """``POST /chat/completions`` through the SDK client (its HTTP, auth, error types and SSE
        parsing), with ``params`` sent as built. ``chat.completions.create`` would first walk every
        message and tool schema against the typed-dict unions of its parameters, and a stream would
        build a pydantic model per chunk: milliseconds per call for data that is plain JSON already.
        A stream yields the chunks' JSON objects; a completion is a ``ChatCompletion``."""
        client = await self._client()
        body = {key: value for key, value in params.items() if key != "extra_body"}
        body.update(params.get("extra_body") or {})
        options: dict[str, Any] = {} if timeout is None else {"timeout": timeout}
        if body.get("stream"):
            return await client.post("/chat/completions", cast_to=ChatCompletion, body=body, options=options,
                                     stream=True, stream_cls=openai.AsyncStream[object])
        return await client.post("/chat/completions", cast_to=ChatCompletion, body=body, options=options)

    # -- public calls ----------------------------------------------------------------------
    async def complete(
        self,
        role: str,
        messages: Sequence[Mapping[str, Any]],
        tools: Sequence[Mapping[str, Any]] | None = None,
        *,
        tool_choice: str | Mapping[str, Any] | None = None,
        temperature: float | None = None,
        max_tokens: int | None = None,
        response_format: Mapping[str, Any] | None = None,
        timeout: float | None = None,
        extra_body: Mapping[str, Any] | None = None,
    ) -> LLMResult:
        """One chat completion for ``role``. Raises LLMTimeout / LLMUnavailable / LLMBadResponse."""
        model, params = self._build_request(
            role,
            messages,
            tools,
            tool_choice=tool_choice,
            temperature=temperature,
            max_tokens=max_tokens,
            response_format=response_format,
            extra_body=extra_body,
        )
        audit_request = self._audit_request(params)
        attempts = _Attempts(self, role=role, model=model, request=audit_request, timeout=timeout)
        for attempt in attempts:
            try:
                completion = await self._post(params, timeout)
                result = self._result_from_completion(
                    completion,
                    role=role,
                    model=model,
                    request=audit_request,
                    started=attempts.started,
                    attempts=attempt,
                )
            except Exception as exc:
                await attempts.failed(exc)
                continue
            self._notify(result)
            return result
        raise AssertionError("unreachable: attempts end by returning or raising")

    def _result_from_completion(
        self,
        completion: Any,
        *,
        role: str,
        model: str,
        request: dict[str, Any],
        started: float,
        attempts: int,
    ) -> LLMResult:
        choices = getattr(completion, "choices", None) if isinstance(completion, BaseModel) else None
        if not choices:
            shown = completion if isinstance(completion, str) else type(completion).__name__
            raise LLMBadResponse(
                _redact(f"LLM response has no choices: {str(shown)[:200]!r}", self.config.api_key),
                role=role,
                model=model,
                attempts=attempts,
            )
        choice = choices[0]
        message = getattr(choice, "message", None)
        if message is None:
            raise LLMBadResponse(
                "LLM response choice has no message", role=role, model=model, attempts=attempts
            )
        calls = []
        for index, raw_call in enumerate(getattr(message, "tool_calls", None) or []):
            function = getattr(raw_call, "function", None)
            calls.append(
                _make_tool_call(
                    getattr(raw_call, "id", None),
                    getattr(function, "name", None),
                    getattr(function, "arguments", None),
                    index,
                )
            )
        usage = getattr(completion, "usage", None)
        tokens_in = getattr(usage, "prompt_tokens", None) if usage is not None else None
        tokens_out = getattr(usage, "completion_tokens", None) if usage is not None else None
        reasoning = (message.model_extra or {}).get("reasoning_content")
        response = _redact(completion.model_dump(mode="json", exclude_unset=True), self.config.api_key)
        return self._scrub(
            LLMResult(
                role=role,
                model=model,
                content=getattr(message, "content", None) or "",
                tool_calls=tuple(calls),
                finish_reason=getattr(choice, "finish_reason", None),
                tokens_in=tokens_in,
                tokens_out=tokens_out,
                latency_ms=(time.perf_counter() - started) * 1000,
                cost_cny=self.cost_for(model, tokens_in, tokens_out),
                request=request,
                response=response,
                attempts=attempts,
                reasoning=str(reasoning) if reasoning else None,
            )
        )

    async def stream(
        self,
        role: str,
        messages: Sequence[Mapping[str, Any]],
        tools: Sequence[Mapping[str, Any]] | None = None,
        *,
        tool_choice: str | Mapping[str, Any] | None = None,
        temperature: float | None = None,
        max_tokens: int | None = None,
        timeout: float | None = None,
        extra_body: Mapping[str, Any] | None = None,
    ) -> AsyncIterator[str | LLMResult]:
        """Yield content deltas (``str``) as they arrive, then the assembled :class:`LLMResult`
        (tool-call deltas assembled too). A transient failure before the first delta is retried
        once; a failure after deltas were yielded raises."""
        model, params = self._build_request(
            role,
            messages,
            tools,
            tool_choice=tool_choice,
            temperature=temperature,
            max_tokens=max_tokens,
            response_format=None,
            extra_body=extra_body,
        )
        params["stream"] = True
        params["stream_options"] = {"include_usage": True}
        audit_request = self._audit_request(params)
        attempts = _Attempts(self, role=role, model=model, request=audit_request, timeout=timeout)
        started = attempts.started
        for attempt in attempts:
            accumulator = _StreamAccumulator()
            yielded = False
            stream: Any = None
            try:
                stream = await self._post(params, timeout)
                iterator = stream.__aiter__()
                while True:
                    try:
                        chunk = await iterator.__anext__()
                    except StopAsyncIteration:
                        break
                    text = accumulator.add(chunk)
                    if text:
                        yielded = True
                        yield _redact(text, self.config.api_key)
            except Exception as exc:
                if yielded:
                    error = self._fail(
                        self._translate(exc, role, model, attempt, timeout),
                        role,
                        model,
                        started,
                        audit_request,
                        attempt,
                    )
                    raise error from exc
                await attempts.failed(exc)
                continue
            finally:
                if stream is not None and hasattr(stream, "close"):
                    await stream.close()
            break
        try:
            result = self._result_from_stream(
                accumulator, role=role, model=model, request=audit_request, started=started, attempts=attempt
            )
        except LLMError as exc:
            raise self._fail(exc, role, model, started, audit_request, attempt) from None
        self._notify(result)
        yield result

    def _result_from_stream(
        self,
        acc: _StreamAccumulator,
        *,
        role: str,
        model: str,
        request: dict[str, Any],
        started: float,
        attempts: int,
    ) -> LLMResult:
        if acc.chunks == 0:
            raise LLMBadResponse("LLM stream ended without any chunk", role=role, model=model)
        tool_calls = acc.tool_calls()
        content = "".join(acc.content)
        tokens_in = _count(_field(acc.usage, "prompt_tokens"))
        tokens_out = _count(_field(acc.usage, "completion_tokens"))
        message: dict[str, Any] = {"role": "assistant", "content": content or None}
        if tool_calls:
            message["tool_calls"] = [call.to_openai() for call in tool_calls]
        response: dict[str, Any] = {
            "id": acc.id,
            "object": "chat.completion",
            "model": acc.model,
            "choices": [{"index": 0, "message": message, "finish_reason": acc.finish_reason}],
            "stream_chunks": acc.chunks,
        }
        if acc.usage is not None:
            response["usage"] = dict(acc.usage)
        reasoning = "".join(acc.reasoning) or None
        return self._scrub(
            LLMResult(
                role=role,
                model=model,
                content=content,
                tool_calls=tool_calls,
                finish_reason=acc.finish_reason,
                tokens_in=tokens_in,
                tokens_out=tokens_out,
                latency_ms=(time.perf_counter() - started) * 1000,
                cost_cny=self.cost_for(model, tokens_in, tokens_out),
                request=request,
                response=_redact(response, self.config.api_key),
                attempts=attempts,
                reasoning=reasoning,
                streamed=True,
            )
        )

    async def structured(
        self,
        role: str,
        messages: Sequence[Mapping[str, Any]],
        schema: type[M],
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
        timeout: float | None = None,
    ) -> M:
        """Ask for JSON matching ``schema`` and return the validated model.

        Uses ``response_format`` json_schema; if the endpoint rejects it (HTTP 400) the gateway
        remembers that for the model and uses JSON mode with the schema in a system message.
        An invalid reply gets one repair attempt (the validation error is sent back); if that
        fails too, :class:`LLMBadResponse` is raised.
        """
        model = self.model_for(role)
        json_schema = model_schema(schema)
        schema_name = re.sub(r"[^A-Za-z0-9_-]", "_", schema.__name__)[:64] or "result"
        options: dict[str, Any] = {"temperature": temperature, "max_tokens": max_tokens, "timeout": timeout}
        conversation = list(messages)
        result: LLMResult | None = None
        response_format: dict[str, Any] = {"type": "json_object"}
        if model not in self._json_schema_unsupported:
            schema_format = {
                "type": "json_schema",
                "json_schema": {"name": schema_name, "schema": json_schema},
            }
            try:
                result = await self.complete(role, conversation, response_format=schema_format, **options)
                response_format = schema_format
            except LLMBadRequest as exc:
                if exc.status_code != 400:
                    raise
                logger.info("model %s rejected json_schema (%s); using JSON mode", model, exc.message)
        if result is None:
            conversation = _with_json_instruction(conversation, json_schema)
            result = await self.complete(role, conversation, response_format=response_format, **options)
            self._json_schema_unsupported.add(model)
        try:
            return schema.model_validate_json(_strip_code_fence(result.content))
        except ValidationError as exc:
            first_error = exc
        repair = [
            *conversation,
            {"role": "assistant", "content": result.content},
            {
                "role": "user",
                "content": (
                    "Your previous reply was not valid JSON for the required schema. Errors: "
                    f"{_validation_summary(first_error)}\n"
                    "Reply again with only the corrected JSON object, no other text."
                ),
            },
        ]
        repaired = await self.complete(role, repair, response_format=response_format, **options)
        try:
            return schema.model_validate_json(_strip_code_fence(repaired.content))
        except ValidationError as exc:
            summary = _validation_summary(exc)
            raise LLMBadResponse(
                f"structured reply for {schema.__name__} still invalid after one repair: {summary}",
                role=role,
                model=model,
                attempts=2,
            ) from exc


def _validation_summary(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors(include_url=False)[:10]:
        location = ".".join(str(part) for part in error.get("loc", ())) or "(root)"
        parts.append(f"{location}: {error.get('msg', '')}")
    return "; ".join(parts)[:_MAX_ERROR_TEXT]


def _with_json_instruction(messages: list[Mapping[str, Any]], json_schema: Mapping[str, Any]) -> list[Any]:
    """JSON mode needs the word JSON in the prompt and the schema spelled out: merge it into the
    leading system message (some endpoints only accept one system message, first)."""
    instruction = (
        "Reply with a single JSON object and nothing else. It must conform to this JSON schema:\n"
        + json.dumps(json_schema, ensure_ascii=False)
    )
    if messages and messages[0].get("role") == "system" and isinstance(messages[0].get("content"), str):
        first = {**messages[0], "content": f"{messages[0]['content']}\n\n{instruction}"}
        return [first, *messages[1:]]
    return [{"role": "system", "content": instruction}, *messages]
