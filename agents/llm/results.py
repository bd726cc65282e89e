"""What a model call returns: tool calls, results, failures, and the assembly of a stream."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final

from pydantic import BaseModel

from agents.llm.errors import LLMError

__all__ = [
    "Listener",
    "LLMFailure",
    "LLMResult",
    "ToolCall",
    "model_schema",
    "parse_tool_arguments",
]

#: Keys shorter than this are treated as placeholders ("EMPTY", "ollama") and not redacted.
_MIN_SECRET_LENGTH: Final = 8
_CODE_FENCE: Final = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL | re.IGNORECASE)


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
            if isinstance(_field(choice, "usage"), Mapping):  # Moonshot: usage inside the last choice
                self.usage = choice["usage"]
            if _field(choice, "finish_reason"):
                self.finish_reason = str(choice["finish_reason"])
            delta = _field(choice, "delta")
            if not isinstance(delta, Mapping):
                continue
            text += _text(delta.get("content"))
            thinking = delta.get("reasoning_content") or delta.get("reasoning")
            if thinking:
                self.reasoning.append(str(thinking))
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
        if not isinstance(index, int):  # no index: by id, else a named fragment opens a call
            function = tool_delta.get("function")
            named = isinstance(function, Mapping) and bool(_text(function.get("name")))
            matches = [i for i, c in self.calls.items() if call_id and c["id"] == call_id]
            if matches:
                index = matches[0]
            elif self.calls and not call_id and not named:
                index = max(self.calls)  # a continuation of the call being written
            else:
                index = len(self.calls)
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


@lru_cache(maxsize=512)
def _schema_text(model: type[BaseModel]) -> str:
    return json.dumps(model.model_json_schema(), ensure_ascii=False)


def model_schema(model: type[BaseModel]) -> dict[str, Any]:
    """``model.model_json_schema()``, generated once per model (pydantic takes ~1 ms a schema and
    every model call sends its tools' schemas); a fresh copy each call, callers may change it."""
    return json.loads(_schema_text(model))

