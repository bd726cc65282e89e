"""LLM gateway: the only module in LegalSite that talks to a model.

It wraps ``openai.AsyncOpenAI`` against any OpenAI-compatible endpoint (DashScope compatible
mode, DeepSeek, OpenAI, vLLM, Ollama). Models and temperatures are chosen per role; every call
carries token usage, latency and a cost in CNY from a price table; transient failures are retried
exactly once; failures surface as typed :class:`LLMError` subclasses.

With no ``LLM_BASE_URL`` the project is offline (see :func:`is_offline`); calling the gateway
then raises :class:`LLMUnavailable` - the offline engine lives in ``agents.offline``.

API keys never appear in a repr/str, in the ``request``/``response`` dicts of a result, or in an
error message produced here.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import os
import re
import ssl
import threading
import time
import weakref
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Final, TypeVar
from urllib.parse import urlsplit, urlunsplit

import httpx2
import openai
from openai.types.chat import ChatCompletion
from pydantic import BaseModel, ValidationError

logger = logging.getLogger(__name__)

__all__ = [
    "DEFAULT_PRICES",
    "DEFAULT_TEMPERATURES",
    "ROLES",
    "LLMBadRequest",
    "LLMBadResponse",
    "LLMConfig",
    "LLMError",
    "LLMFailure",
    "LLMGateway",
    "LLMResult",
    "LLMTimeout",
    "LLMUnavailable",
    "ModelPrice",
    "ToolCall",
    "get_gateway",
    "is_offline",
    "model_schema",
    "parse_tool_arguments",
    "reset_gateway",
    "role_models_from_env",
]

ROLES: Final[tuple[str, ...]] = (
    "intent",
    "research",
    "case_analysis",
    "advisor",
    "drafting",
    "critic",
    "contract_review",
    "planner",
    "summarizer",
)

#: Built-in per-role temperatures; ``LLM_ROLE_TEMPERATURES`` overrides them role by role.
DEFAULT_TEMPERATURES: Final[Mapping[str, float]] = MappingProxyType(
    {
        "intent": 0.0,
        "research": 0.3,
        "case_analysis": 0.3,
        "advisor": 0.5,
        "drafting": 0.4,
        "critic": 0.0,
        "contract_review": 0.1,
        "planner": 0.2,
        "summarizer": 0.2,
    }
)

#: Built-in list prices in CNY per million tokens (non-cached input / output, the lowest context
#: tier, approximate as of 2025). ``LLM_PRICES`` overrides or extends them model by model.
DEFAULT_PRICES: Final[Mapping[str, Mapping[str, float]]] = MappingProxyType(
    {
        "qwen-max": {"input": 2.4, "output": 9.6},
        "qwen3-max": {"input": 6.0, "output": 24.0},
        "qwen-plus": {"input": 0.8, "output": 2.0},
        "qwen-turbo": {"input": 0.3, "output": 0.6},
        "qwen-flash": {"input": 0.15, "output": 1.5},
        "qwen-long": {"input": 0.5, "output": 2.0},
        "deepseek-chat": {"input": 2.0, "output": 3.0},
        "deepseek-reasoner": {"input": 2.0, "output": 3.0},
    }
)

#: Keys shorter than this are treated as placeholders ("EMPTY", "ollama") and not redacted.
_MIN_SECRET_LENGTH: Final = 8
_PLACEHOLDER_KEY: Final = "no-key"
_MAX_RETRY_AFTER: Final = 5.0
_MAX_ERROR_TEXT: Final = 2000
#: HTTP clients (connection pools) per event loop, used in turn (see LLMGateway._client)
_HTTP_CLIENTS_PER_LOOP: Final = 4
_DATE_SUFFIX: Final = re.compile(r"-(?:latest|\d{4}-\d{2}-\d{2}|\d{4,8})$")
_CODE_FENCE: Final = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL | re.IGNORECASE)

M = TypeVar("M", bound=BaseModel)


# ---------------------------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------------------------
class LLMError(Exception):
    """Base of every gateway error. ``code`` is the ``error`` event code (ARCHITECTURE §5)."""

    code: str = "llm_unavailable"

    def __init__(
        self,
        message: str,
        *,
        role: str | None = None,
        model: str | None = None,
        status_code: int | None = None,
        attempts: int = 0,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.role = role
        self.model = model
        self.status_code = status_code
        self.attempts = attempts


class LLMTimeout(LLMError):
    """The endpoint did not answer within the timeout (after the one retry)."""

    code = "llm_timeout"


class LLMUnavailable(LLMError):
    """Connection refused, 5xx or 429 after the retry, authentication failure, offline mode."""


class LLMBadRequest(LLMUnavailable):
    """The endpoint rejected the request itself (400/404/422 ...), e.g. an unsupported parameter."""


class LLMBadResponse(LLMError):
    """The endpoint answered, but not with something usable (malformed JSON, no choices, or a
    structured reply that still failed validation after the repair attempt)."""


# ---------------------------------------------------------------------------------------------
# Configuration
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ModelPrice:
    """CNY per million tokens."""

    input: float
    output: float

    def cost(self, tokens_in: int, tokens_out: int) -> float:
        return (tokens_in * self.input + tokens_out * self.output) / 1_000_000


def _price_from_mapping(model: str, value: Any) -> ModelPrice:
    if isinstance(value, ModelPrice):
        return value
    try:
        price = ModelPrice(input=float(value["input"]), output=float(value["output"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(
            f"LLM_PRICES[{model!r}] needs numeric 'input' and 'output' (CNY per 1M tokens)"
        ) from exc
    if price.input < 0 or price.output < 0:
        raise ValueError(f"LLM_PRICES[{model!r}] must not be negative")
    return price


def _price_candidates(model: str) -> list[str]:
    """``Qwen/qwen-plus-2025-07-28`` -> [full name, ``qwen-plus-2025-07-28``, ``qwen-plus``]."""
    name = model.strip().lower()
    candidates = [name]
    if "/" in name:
        name = name.rsplit("/", 1)[1]
        candidates.append(name)
    while (stripped := _DATE_SUFFIX.sub("", name)) != name:
        name = stripped
        candidates.append(name)
    return candidates


def role_models_from_env(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """``LLM_MODEL_<ROLE>`` environment variables as a role -> model dict (for settings)."""
    env = os.environ if environ is None else environ
    models: dict[str, str] = {}
    for role in ROLES:
        value = (env.get(f"LLM_MODEL_{role.upper()}") or "").strip()
        if value:
            models[role] = value
    return models


def _safe_url(url: str) -> str:
    """The URL without user info and query string (either may carry credentials)."""
    if not url:
        return ""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


@dataclass(frozen=True)
class LLMConfig:
    """Gateway configuration. Build it with :meth:`from_settings` or directly (tests).

    An empty ``base_url`` means offline. ``prices`` only holds overrides/additions; they are
    merged over :data:`DEFAULT_PRICES`. ``retry_backoff`` is the pause before the single retry
    (a ``Retry-After`` header, capped at 5 s, wins).
    """

    base_url: str = ""
    api_key: str = field(default="", repr=False)
    model: str = ""
    timeout: float = 60.0
    role_models: Mapping[str, str] = field(default_factory=dict)
    role_temperatures: Mapping[str, float] = field(default_factory=dict)
    prices: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    retry_backoff: float = 0.5

    def __post_init__(self) -> None:
        for name in ("role_models", "role_temperatures"):
            unknown = set(getattr(self, name)) - set(ROLES)
            if unknown:
                raise ValueError(f"{name}: unknown role(s) {sorted(unknown)}; roles are {', '.join(ROLES)}")
        if self.timeout <= 0:
            raise ValueError("timeout must be positive (seconds)")
        if self.base_url and not self.model and set(self.role_models) != set(ROLES):
            raise ValueError("LLM_MODEL is required when LLM_BASE_URL is set (unless every role has a model)")
        object.__setattr__(self, "role_models", MappingProxyType(dict(self.role_models)))
        temperatures = {role: float(value) for role, value in self.role_temperatures.items()}
        object.__setattr__(self, "role_temperatures", MappingProxyType(temperatures))
        prices = {
            str(model).lower(): _price_from_mapping(model, value) for model, value in self.prices.items()
        }
        object.__setattr__(self, "prices", MappingProxyType(prices))

    @property
    def offline(self) -> bool:
        return not self.base_url

    @classmethod
    def from_settings(cls, source: Any = None) -> LLMConfig:
        """Read ``LLM_*`` from Django settings (or any object with those attributes), lazily.

        ``LLM_ROLE_MODELS`` defaults to the ``LLM_MODEL_<ROLE>`` environment variables.
        """
        if source is None:
            from django.conf import settings as source
        role_models = getattr(source, "LLM_ROLE_MODELS", None)
        return cls(
            base_url=str(getattr(source, "LLM_BASE_URL", "") or "").strip(),
            api_key=str(getattr(source, "LLM_API_KEY", "") or "").strip(),
            model=str(getattr(source, "LLM_MODEL", "") or "").strip(),
            timeout=float(getattr(source, "LLM_TIMEOUT", 60.0) or 60.0),
            role_models=role_models_from_env() if role_models is None else dict(role_models),
            role_temperatures=dict(getattr(source, "LLM_ROLE_TEMPERATURES", None) or {}),
            prices=dict(getattr(source, "LLM_PRICES", None) or {}),
        )

    def describe(self) -> dict[str, Any]:
        """A loggable summary; never contains the key."""
        return {
            "base_url": _safe_url(self.base_url),
            "api_key_set": bool(self.api_key),
            "model": self.model,
            "timeout": self.timeout,
            "role_models": dict(self.role_models),
            "offline": self.offline,
        }


# ---------------------------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------------------------
def parse_tool_arguments(raw: str | None) -> tuple[dict[str, Any], str | None]:
    """Parse a tool call's JSON arguments: ``(arguments, None)`` or ``({}, error text)``."""
    text = (raw or "").strip()
    if not text:
        return {}, None
    try:
        value = json.loads(text)
    except ValueError as exc:
        return {}, f"arguments are not valid JSON: {exc}"
    if not isinstance(value, dict):
        return {}, f"arguments must be a JSON object, got {type(value).__name__}"
    return value, None


@dataclass(frozen=True, slots=True)
class ToolCall:
    """One tool call the model asked for. Unparseable arguments are flagged, never raised:
    ``arguments`` is then ``{}`` and ``arguments_error`` says why (send it back to the model)."""

    id: str
    name: str
    arguments: dict[str, Any]
    raw_arguments: str
    arguments_error: str | None = None

    @property
    def arguments_valid(self) -> bool:
        return self.arguments_error is None

    def to_openai(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": "function",
            "function": {"name": self.name, "arguments": self.raw_arguments},
        }


def _make_tool_call(call_id: str | None, name: str | None, raw_arguments: str | None, index: int) -> ToolCall:
    arguments, error = parse_tool_arguments(raw_arguments)
    return ToolCall(
        id=call_id or f"call_{index}",
        name=name or "",
        arguments=arguments,
        raw_arguments=raw_arguments or "",
        arguments_error=error,
    )


@dataclass(frozen=True, slots=True)
class LLMResult:
    """One completed model call. ``model`` is the model the gateway chose for the role (the
    endpoint's own model string is in ``response["model"]``). ``latency_ms`` covers the whole call,
    including the retry when there was one. ``cost_cny`` is None when the price or the usage is
    unknown - never a made-up 0. ``request``/``response`` are JSON-safe dicts for the audit trail."""

    role: str
    model: str
    content: str
    tool_calls: tuple[ToolCall, ...]
    finish_reason: str | None
    tokens_in: int | None
    tokens_out: int | None
    latency_ms: float
    cost_cny: float | None
    request: dict[str, Any] = field(repr=False)
    response: dict[str, Any] = field(repr=False)
    attempts: int = 1
    reasoning: str | None = None
    streamed: bool = False

    def to_message(self) -> dict[str, Any]:
        """The assistant message to append to the conversation (tool calls included)."""
        message: dict[str, Any] = {"role": "assistant", "content": self.content or None}
        if self.tool_calls:
            message["tool_calls"] = [call.to_openai() for call in self.tool_calls]
        return message


@dataclass(frozen=True, slots=True)
class LLMFailure:
    """What listeners receive when a call fails."""

    role: str
    model: str
    error: LLMError
    latency_ms: float
    request: dict[str, Any] = field(repr=False)
    attempts: int


Listener = Callable[[LLMResult | LLMFailure], object]


def _field(value: Any, name: str) -> Any:  # a chunk is whatever JSON the server sent
    """``value[name]`` for a JSON object, else None (a malformed chunk is read as empty)."""
    return value.get(name) if isinstance(value, Mapping) else None


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class _StreamAccumulator:
    """Assembles streamed chunks (content, reasoning and tool-call deltas) into one result.

    Chunks arrive as the parsed JSON objects of the SSE stream (see :meth:`LLMGateway._post`)."""

    def __init__(self) -> None:
        self.content: list[str] = []
        self.reasoning: list[str] = []
        self.calls: dict[int, dict[str, Any]] = {}
        self.finish_reason: str | None = None
        self.usage: Mapping[str, Any] | None = None
        self.model: str | None = None
        self.id: str | None = None
        self.chunks = 0

    def add(self, chunk: Any) -> str:
        self.chunks += 1
        self.id = _field(chunk, "id") or self.id
        self.model = _field(chunk, "model") or self.model
        usage = _field(chunk, "usage")
        if isinstance(usage, Mapping):
            self.usage = usage
        text = ""
        choices = _field(chunk, "choices")
        for choice in choices if isinstance(choices, list) else []:
            if _field(choice, "index") not in (0, None):
                continue
            if _field(choice, "finish_reason"):
                self.finish_reason = str(choice["finish_reason"])
            delta = _field(choice, "delta")
            if not isinstance(delta, Mapping):
                continue
            text += _text(delta.get("content"))
            if delta.get("reasoning_content"):
                self.reasoning.append(str(delta["reasoning_content"]))
            tool_deltas = delta.get("tool_calls")
            for tool_delta in tool_deltas if isinstance(tool_deltas, list) else []:
                if isinstance(tool_delta, Mapping):
                    self._add_tool_delta(tool_delta)
        if text:
            self.content.append(text)
        return text

    def _add_tool_delta(self, tool_delta: Mapping[str, Any]) -> None:
        index = tool_delta.get("index")
        call_id = _text(tool_delta.get("id")) or None
        if not isinstance(index, int):
            matches = [i for i, c in self.calls.items() if call_id and c["id"] == call_id]
            index = matches[0] if matches else len(self.calls)
        slot = self.calls.setdefault(index, {"id": None, "name": "", "arguments": []})
        if call_id:
            slot["id"] = call_id
        function = tool_delta.get("function")
        if isinstance(function, Mapping):
            # OpenAI sends the name once; some compatible servers repeat it in every delta.
            name = _text(function.get("name"))
            if name and name != slot["name"]:
                slot["name"] += name
            if function.get("arguments"):
                slot["arguments"].append(_text(function["arguments"]))

    def tool_calls(self) -> tuple[ToolCall, ...]:
        return tuple(
            _make_tool_call(slot["id"], slot["name"], "".join(slot["arguments"]), index)
            for index, slot in sorted(self.calls.items())
        )


def _redact(value: Any, secret: str) -> Any:
    if not secret or len(secret) < _MIN_SECRET_LENGTH:
        return value
    if isinstance(value, str):
        return value.replace(secret, "***") if secret in value else value
    if isinstance(value, Mapping):
        return {key: _redact(item, secret) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_redact(item, secret) for item in value]
    return value


def _jsonable(value: Any) -> Any:
    """Messages/tools may hold pydantic models or tuples; make them plain JSON data."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", exclude_none=True)
    if isinstance(value, Mapping):
        return {str(key): _jsonable(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(item) for item in value]
    return value


def _strip_code_fence(text: str) -> str:
    stripped = text.strip()
    match = _CODE_FENCE.match(stripped)
    return match.group(1) if match else stripped


async def _close_at_loop_shutdown(
    clients: Sequence[openai.AsyncOpenAI], forget: Callable[[], None]
) -> AsyncGenerator[None, None]:
    try:
        yield
    finally:
        forget()  # the generator refers to its loop: drop the cache entry so the loop can be freed
        for client in clients:
            await client.close()


@lru_cache(maxsize=512)
def _schema_text(model: type[BaseModel]) -> str:
    return json.dumps(model.model_json_schema(), ensure_ascii=False)


def model_schema(model: type[BaseModel]) -> dict[str, Any]:
    """``model.model_json_schema()``, generated once per model (pydantic takes ~1 ms a schema and
    every model call sends its tools' schemas); a fresh copy each call, callers may change it."""
    return json.loads(_schema_text(model))


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


# ---------------------------------------------------------------------------------------------
# Module-level factory
# ---------------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def get_gateway() -> LLMGateway:
    """The process-wide gateway built from Django settings (cached; see :func:`reset_gateway`).
    ``settings.LLM_LISTENERS`` names listeners every call is reported to (the audit trail)."""
    from django.conf import settings
    from django.utils.module_loading import import_string

    listeners = [import_string(path) for path in getattr(settings, "LLM_LISTENERS", ())]
    return LLMGateway(LLMConfig.from_settings(), listeners=listeners)


def reset_gateway() -> None:
    """Forget the cached gateway (after settings change; done automatically on ``setting_changed``)."""
    get_gateway.cache_clear()


def is_offline() -> bool:
    """True when no LLM endpoint is configured: the offline engine answers instead."""
    return get_gateway().offline


def _on_setting_changed(*, setting: str, **_: Any) -> None:
    if setting.startswith("LLM_"):
        reset_gateway()


def _connect_setting_changed() -> None:
    from django.core.signals import setting_changed

    setting_changed.connect(_on_setting_changed, dispatch_uid="agents.llm.reset_gateway")


_connect_setting_changed()
