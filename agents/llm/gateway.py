"""The gateway: per-role calls to one OpenAI-compatible endpoint through the ``openai`` SDK, with
the one retry, error mapping, audit-safe request/response records and listeners."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import re
import threading
import time
import weakref
from collections.abc import AsyncGenerator, AsyncIterator, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

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
from agents.llm.profiles import PROFILES, ProviderProfile, detect_provider, profile_for
from agents.llm.results import (
    _MIN_SECRET_LENGTH,
    Listener,
    LLMFailure,
    LLMResult,
    ToolCall,
    _count,
    _field,
    _jsonable,
    _make_tool_call,
    _redact,
    _StreamAccumulator,
)
from agents.llm.shapes import StreamFilter, split_reasoning, tool_calls_from_content, with_tool_instruction
from agents.llm.structured import StructuredOutput
from agents.llm.transport import (
    _DROPPABLE,
    _HTTP_CLIENTS_PER_LOOP,
    _MAX_ERROR_TEXT,
    _PLACEHOLDER_KEY,
    _TOKEN_LIMITS,
    _Attempts,
    _close_at_loop_shutdown,
    _error_body_text,
    _is_transient,
    _retry_after,
    _tls_context,
)

# The SDK (half a second of imports) is imported by the functions that call it, so a process that never
# calls a model (a worker, a management command, the offline engine) does not load it.
if TYPE_CHECKING:
    import openai

logger = logging.getLogger("agents.llm")

__all__ = ["LLMGateway"]

# ---------------------------------------------------------------------------------------------
class LLMGateway(StructuredOutput):
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
        self._rejected: dict[str, set[str]] = {}
        self._profiles: dict[str, ProviderProfile] = {}

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

    # -- provider profile -------------------------------------------------------------------
    @property
    def provider(self) -> str:
        """The provider whose profile this gateway speaks (``LLM_PROVIDER``, else the stored check,
        else the base URL's host)."""
        if self.config.provider not in ("", "auto"):
            return self.config.provider
        stored = str(self.config.measured.get("provider") or "")
        return stored if stored in PROFILES else detect_provider(self.config.base_url)

    def profile_for(self, model: str) -> ProviderProfile:
        """The profile for ``model``: the provider's, its model overrides, then what ``llm_check``
        measured for that model on this endpoint."""
        profile = self._profiles.get(model)
        if profile is None:
            profile = profile_for(self.provider, self.config.base_url).for_model(model)
            measured = self.config.measured.get("models")
            if isinstance(measured, Mapping) and isinstance(measured.get(model), Mapping):
                profile = profile.with_measured(measured[model])
            self._profiles[model] = profile
        return profile

    def profile(self, role: str) -> ProviderProfile:
        return self.profile_for(self.model_for(role))

    def tool_mode(self, role: str) -> str:
        """``native``, ``content`` or ``none``: how the role's model takes tools (``none``: the
        caller retrieves itself and asks the model only to compose)."""
        return self.profile(role).tools

    # -- clients per event loop -----------------------------------------------------------
    async def _client(self) -> openai.AsyncOpenAI:
        """One of the loop's clients, in turn. The HTTP client's pool looks at every connection it
        holds (a readability check each) whenever a request starts or a response closes, so with
        tens of concurrent turns one big pool costs more than a few small ones."""
        import openai
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
        stream: bool = False,
    ) -> tuple[str, dict[str, Any]]:
        """The request body for ``role``'s model, shaped by its provider profile: only the optional
        parameters it accepts, its ``max_tokens`` name and temperature range, tools natively or
        described in the prompt (or not at all), and what it rejected before left out."""
        model = self.model_for(role)
        profile = self.profile_for(model)
        rejected = self._rejected.get(model, set())
        conversation = _jsonable(list(messages))
        params: dict[str, Any] = {"model": model}
        wanted = self.temperature_for(role) if temperature is None else temperature
        clamped = profile.clamp_temperature(wanted)
        if clamped is not None and "temperature" not in rejected:
            params["temperature"] = clamped
        if tools and profile.tools != "none":
            params["tools"] = _jsonable(list(tools))
            if profile.tools == "content":
                conversation = with_tool_instruction(conversation, params["tools"])
            else:
                if tool_choice is not None and "tool_choice" in profile.accepts:
                    params["tool_choice"] = _jsonable(tool_choice)
                if "parallel_tool_calls" in profile.accepts:
                    params["parallel_tool_calls"] = True
        params["messages"] = conversation
        if max_tokens is not None:
            name = profile.max_tokens_param
            if name in rejected:
                name = "max_tokens" if name == "max_completion_tokens" else "max_completion_tokens"
            params[name] = max_tokens
        if response_format is not None:
            params["response_format"] = _jsonable(response_format)
        body = dict(extra_body or {})
        if stream:
            params["stream"] = True
            if "stream_options" in profile.accepts:
                params["stream_options"] = {"include_usage": True}
        else:
            body = {**profile.plain_call_body, **body}
        if body:
            params["extra_body"] = _jsonable(body)
        for name in rejected & _DROPPABLE:
            params.pop(name, None)
            if isinstance(params.get("extra_body"), dict):
                params["extra_body"].pop(name, None)
        return model, params

    def _drop_rejected(self, exc: Exception, params: dict[str, Any], model: str) -> bool:
        """On a 400 that names a parameter we may do without: drop (or rename) it in ``params``,
        remember it for ``model`` and return True."""
        import openai
        if not isinstance(exc, openai.APIStatusError) or exc.status_code not in (400, 422):
            return False
        text = f"{exc.message} {_error_body_text(exc)}".lower()
        body = params.get("extra_body") if isinstance(params.get("extra_body"), dict) else {}
        for name in sorted({*params, *body} & (_DROPPABLE | _TOKEN_LIMITS), key=len, reverse=True):
            if not re.search(rf"(?<![a-z_]){re.escape(name)}(?![a-z_])", text):
                continue
            self._rejected.setdefault(model, set()).add(name)
            if name in _TOKEN_LIMITS:
                other = "max_tokens" if name == "max_completion_tokens" else "max_completion_tokens"
                params[other] = params.pop(name)
            elif name in params:
                params.pop(name)
            else:
                body.pop(name, None)
                if not body:
                    params.pop("extra_body", None)
            logger.info("LLM model %s rejected the parameter %s; retrying without it", model, name)
            return True
        return False

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
        import openai
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
        retry: bool,
    ) -> float:
        """Return the pause before retrying, or raise the typed error."""
        if retry:
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
        import openai
        client = await self._client()
        body = {key: value for key, value in params.items() if key != "extra_body"}
        body.update(params.get("extra_body") or {})
        options: dict[str, Any] = {} if timeout is None else {"timeout": timeout}
        completion = openai.types.chat.ChatCompletion
        if body.get("stream"):
            return await client.post("/chat/completions", cast_to=completion, body=body, options=options,
                                     stream=True, stream_cls=openai.AsyncStream[object])
        return await client.post("/chat/completions", cast_to=completion, body=body, options=options)

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
        attempts = _Attempts(self, role=role, model=model, request=self._audit_request(params), timeout=timeout)
        for attempt in attempts:
            try:
                completion = await self._post(params, timeout)
                result = self._result_from_completion(
                    completion,
                    role=role,
                    model=model,
                    request=attempts.request,
                    started=attempts.started,
                    attempts=attempt,
                    tool_names=_tool_names(params),
                )
            except Exception as exc:
                await attempts.failed(exc, params)
                continue
            self._notify(result)
            return result
        raise AssertionError("unreachable: attempts end by returning or raising")

    def _shaped(
        self,
        model: str,
        content: str,
        calls: list[ToolCall],
        reasoning: str,
        tool_names: frozenset[str],
    ) -> tuple[str, tuple[ToolCall, ...], str | None]:
        """The answer, the tool calls and the thinking, whatever shape the provider used: thinking
        in ``<think>`` tags leaves the answer; tool calls written into the text become calls."""
        profile = self.profile_for(model)
        content, thought = split_reasoning(content, prefilled=profile.think_prefilled)
        thinking = "\n".join(part for part in (reasoning.strip(), thought) if part)
        if not calls and tool_names:
            content, found = tool_calls_from_content(content, tool_names)
            calls = [
                _make_tool_call(f"call_{index}_{name}", name, arguments, index)
                for index, (name, arguments) in enumerate(found)
            ]
        return content, tuple(calls), thinking or None

    def _result_from_completion(
        self,
        completion: Any,
        *,
        role: str,
        model: str,
        request: dict[str, Any],
        started: float,
        attempts: int,
        tool_names: frozenset[str] = frozenset(),
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
        extra = message.model_extra or {}
        reasoning = extra.get("reasoning_content") or extra.get("reasoning") or ""
        content, tool_calls, thinking = self._shaped(
            model, getattr(message, "content", None) or "", calls, str(reasoning), tool_names
        )
        response = _redact(completion.model_dump(mode="json", exclude_unset=True), self.config.api_key)
        return self._scrub(
            LLMResult(
                role=role,
                model=model,
                content=content,
                tool_calls=tool_calls,
                finish_reason=getattr(choice, "finish_reason", None),
                tokens_in=tokens_in,
                tokens_out=tokens_out,
                latency_ms=(time.perf_counter() - started) * 1000,
                cost_cny=self.cost_for(model, tokens_in, tokens_out),
                request=request,
                response=response,
                attempts=attempts,
                reasoning=thinking,
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
        """Yield the answer's text deltas (``str``) as they arrive, then the assembled
        :class:`LLMResult` (tool-call deltas assembled too). Thinking and tool calls written into
        the text are never yielded. A transient failure before the first delta is retried once;
        a failure after deltas were yielded raises."""
        model, params = self._build_request(
            role,
            messages,
            tools,
            tool_choice=tool_choice,
            temperature=temperature,
            max_tokens=max_tokens,
            response_format=None,
            extra_body=extra_body,
            stream=True,
        )
        tool_names = _tool_names(params)
        profile = self.profile_for(model)
        attempts = _Attempts(self, role=role, model=model, request=self._audit_request(params), timeout=timeout)
        started = attempts.started
        shown: list[str] = []
        for attempt in attempts:
            accumulator = _StreamAccumulator()
            visible = StreamFilter(tools_offered=bool(tool_names), prefilled=profile.think_prefilled)
            stream: Any = None
            try:
                stream = await self._post(params, timeout)
                iterator = stream.__aiter__()
                while True:
                    try:
                        chunk = await iterator.__anext__()
                    except StopAsyncIteration:
                        break
                    text = visible.feed(accumulator.add(chunk))
                    if text:
                        text = _redact(text, self.config.api_key)
                        shown.append(text)
                        yield text
            except Exception as exc:
                if shown:
                    error = self._fail(
                        self._translate(exc, role, model, attempt, timeout),
                        role,
                        model,
                        started,
                        attempts.request,
                        attempt,
                    )
                    raise error from exc
                await attempts.failed(exc, params)
                continue
            finally:
                if stream is not None and hasattr(stream, "close"):
                    await stream.close()
            break
        try:
            result = self._result_from_stream(
                accumulator, role=role, model=model, request=attempts.request, started=started, attempts=attempt,
                tool_names=tool_names,
            )
        except LLMError as exc:
            raise self._fail(exc, role, model, started, attempts.request, attempt) from None
        sent = "".join(shown)
        if result.content.startswith(sent) and len(result.content) > len(sent):
            yield result.content[len(sent):]  # held back as a possible tool call, but it was text
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
        tool_names: frozenset[str] = frozenset(),
    ) -> LLMResult:
        if acc.chunks == 0:
            raise LLMBadResponse("LLM stream ended without any chunk", role=role, model=model)
        raw_content = "".join(acc.content)
        content, tool_calls, reasoning = self._shaped(
            model, raw_content, list(acc.tool_calls()), "".join(acc.reasoning), tool_names
        )
        tokens_in = _count(_field(acc.usage, "prompt_tokens"))
        tokens_out = _count(_field(acc.usage, "completion_tokens"))
        message: dict[str, Any] = {"role": "assistant", "content": raw_content or None}
        if acc.reasoning:
            message["reasoning_content"] = "".join(acc.reasoning)
        if acc.calls:
            message["tool_calls"] = [call.to_openai() for call in acc.tool_calls()]
        response: dict[str, Any] = {
            "id": acc.id,
            "object": "chat.completion",
            "model": acc.model,
            "choices": [{"index": 0, "message": message, "finish_reason": acc.finish_reason}],
            "stream_chunks": acc.chunks,
        }
        if acc.usage is not None:
            response["usage"] = dict(acc.usage)
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


def _tool_names(params: Mapping[str, Any]) -> frozenset[str]:
    """The names of the tools a request offers (what a tool call written into the text may name)."""
    names = set()
    for item in params.get("tools") or ():
        function = item.get("function") if isinstance(item, Mapping) else None
        if isinstance(function, Mapping) and isinstance(function.get("name"), str):
            names.add(function["name"])
    return frozenset(names)
