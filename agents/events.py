"""Events of one agent run (ARCHITECTURE §5) and the sinks that deliver them.

Every event is a flat JSON-safe dict with ``type``, ``trace_id`` and ``ts`` plus the fields of
its type. ``ts`` is ISO 8601 with milliseconds in China Standard Time, e.g.
``2025-03-01T14:03:07.123+08:00`` (Asia/Shanghai has been a fixed UTC+8 without DST since 1991,
so a fixed offset is exact and needs no tz database).

``emit`` is one callable taking an event dict (:class:`Emit`). Sinks here: :class:`ListCollector`
(tests), combined with :func:`fanout`; delivery to browsers is ``core.realtime.EventStream``
(numbered, logged for replay, published to a websocket group). A sink may return an awaitable; async code
delivers through :func:`deliver`, which awaits it when there is one.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Awaitable, Iterator, Mapping, Sequence
from datetime import datetime, timedelta, timezone
from typing import Any, Literal, Protocol, TypedDict
from uuid import UUID

__all__ = [
    "ERROR_CODES",
    "EVENT_TYPES",
    "LAYERS",
    "PHASES",
    "SHANGHAI",
    "CriticEvent",
    "Emit",
    "ErrorEvent",
    "Event",
    "FinalEvent",
    "IntentEvent",
    "ListCollector",
    "RoutingEvent",
    "StatusEvent",
    "TokenEvent",
    "ToolCallEvent",
    "ToolResultEvent",
    "critic",
    "deliver",
    "error",
    "fanout",
    "final",
    "format_sse",
    "intent",
    "now_iso",
    "routing",
    "status",
    "token",
    "tool_call",
    "tool_result",
]

SHANGHAI = timezone(timedelta(hours=8), "Asia/Shanghai")

EVENT_TYPES: tuple[str, ...] = (
    "status",
    "intent",
    "routing",
    "tool_call",
    "tool_result",
    "token",
    "critic",
    "final",
    "error",
)
Phase = Literal["intent", "routing", "planning", "tool", "critic", "answer", "done"]
PHASES: tuple[str, ...] = ("intent", "routing", "planning", "tool", "critic", "answer", "done")
Layer = Literal["rule", "llm"]
LAYERS: tuple[str, ...] = ("rule", "llm")
ErrorCode = Literal["llm_timeout", "llm_unavailable", "tool_failed", "invalid_input", "internal"]
ERROR_CODES: tuple[str, ...] = ("llm_timeout", "llm_unavailable", "tool_failed", "invalid_input", "internal")


class StatusEvent(TypedDict):
    type: Literal["status"]
    trace_id: str
    ts: str
    phase: Phase
    text: str


class IntentEvent(TypedDict):
    type: Literal["intent"]
    trace_id: str
    ts: str
    domain: str
    intent: str
    confidence: float
    layer: Layer
    entities: dict[str, Any]


class RoutingEvent(TypedDict):
    type: Literal["routing"]
    trace_id: str
    ts: str
    agents: list[str]
    reason: str


class ToolCallEvent(TypedDict):
    type: Literal["tool_call"]
    trace_id: str
    ts: str
    call_id: str
    agent: str
    tool: str
    input: dict[str, Any]


class ToolResultEvent(TypedDict):
    type: Literal["tool_result"]
    trace_id: str
    ts: str
    call_id: str
    ok: bool
    summary: str
    duration_ms: float


class TokenEvent(TypedDict):
    type: Literal["token"]
    trace_id: str
    ts: str
    delta: str


class CriticEvent(TypedDict):
    type: Literal["critic"]
    trace_id: str
    ts: str
    round: int
    acceptable: bool
    feedback: str


class FinalEvent(TypedDict):
    type: Literal["final"]
    trace_id: str
    ts: str
    message_id: int | str | None
    content: str
    sources: list[Any]
    citations: list[dict[str, Any]]
    disclaimer: str


class ErrorEvent(TypedDict):
    type: Literal["error"]
    trace_id: str
    ts: str
    code: ErrorCode
    message: str


Event = (
    StatusEvent
    | IntentEvent
    | RoutingEvent
    | ToolCallEvent
    | ToolResultEvent
    | TokenEvent
    | CriticEvent
    | FinalEvent
    | ErrorEvent
)


class Emit(Protocol):
    """Receives one event. Plain sinks return None; async sinks may return an awaitable."""

    def __call__(self, event: Mapping[str, Any], /) -> Awaitable[None] | None: ...


def now_iso() -> str:
    """Current time, ISO 8601 with milliseconds, UTC+08:00 (Asia/Shanghai)."""
    return datetime.now(SHANGHAI).isoformat(timespec="milliseconds")


def _trace(trace_id: str | UUID) -> str:
    value = str(trace_id)
    if not value:
        raise ValueError("trace_id is required")
    return value


def _choice(name: str, value: str, allowed: Sequence[str]) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}; got {value!r}")


# --- constructors, one per event type ----------------------------------------------------------
def status(trace_id: str | UUID, *, phase: Phase, text: str) -> StatusEvent:
    _choice("phase", phase, PHASES)
    return {"type": "status", "trace_id": _trace(trace_id), "ts": now_iso(), "phase": phase, "text": text}


def intent(
    trace_id: str | UUID,
    *,
    domain: str,
    intent: str,
    confidence: float,
    layer: Layer,
    entities: Mapping[str, Any] | None = None,
) -> IntentEvent:
    _choice("layer", layer, LAYERS)
    return {
        "type": "intent",
        "trace_id": _trace(trace_id),
        "ts": now_iso(),
        "domain": domain,
        "intent": intent,
        "confidence": float(confidence),
        "layer": layer,
        "entities": dict(entities or {}),
    }


def routing(trace_id: str | UUID, *, agents: Sequence[str], reason: str) -> RoutingEvent:
    return {
        "type": "routing",
        "trace_id": _trace(trace_id),
        "ts": now_iso(),
        "agents": list(agents),
        "reason": reason,
    }


def tool_call(
    trace_id: str | UUID, *, call_id: str, agent: str, tool: str, input: Mapping[str, Any]
) -> ToolCallEvent:
    return {
        "type": "tool_call",
        "trace_id": _trace(trace_id),
        "ts": now_iso(),
        "call_id": call_id,
        "agent": agent,
        "tool": tool,
        "input": dict(input),
    }


def tool_result(
    trace_id: str | UUID, *, call_id: str, ok: bool, summary: str, duration_ms: float
) -> ToolResultEvent:
    return {
        "type": "tool_result",
        "trace_id": _trace(trace_id),
        "ts": now_iso(),
        "call_id": call_id,
        "ok": bool(ok),
        "summary": summary,
        "duration_ms": round(float(duration_ms), 3),
    }


def token(trace_id: str | UUID, *, delta: str) -> TokenEvent:
    return {"type": "token", "trace_id": _trace(trace_id), "ts": now_iso(), "delta": delta}


def critic(trace_id: str | UUID, *, round: int, acceptable: bool, feedback: str) -> CriticEvent:
    return {
        "type": "critic",
        "trace_id": _trace(trace_id),
        "ts": now_iso(),
        "round": int(round),
        "acceptable": bool(acceptable),
        "feedback": feedback,
    }


def final(
    trace_id: str | UUID,
    *,
    message_id: int | str | None,
    content: str,
    sources: Sequence[Any] = (),
    citations: Sequence[Mapping[str, Any]] = (),
    disclaimer: str,
) -> FinalEvent:
    return {
        "type": "final",
        "trace_id": _trace(trace_id),
        "ts": now_iso(),
        "message_id": message_id,
        "content": content,
        "sources": list(sources),
        "citations": [dict(c) for c in citations],
        "disclaimer": disclaimer,
    }


def error(trace_id: str | UUID, *, code: ErrorCode, message: str) -> ErrorEvent:
    _choice("code", code, ERROR_CODES)
    return {"type": "error", "trace_id": _trace(trace_id), "ts": now_iso(), "code": code, "message": message}


# --- delivery ----------------------------------------------------------------------------------
async def deliver(emit: Emit, event: Mapping[str, Any]) -> None:
    """Call ``emit`` from async code and await its result when it returns an awaitable."""
    result = emit(event)
    if inspect.isawaitable(result):
        await result


def fanout(*sinks: Emit) -> Emit:
    """One emit that hands every event to each sink, in order. Every sink sees the event even
    when an earlier one raises; the first exception is re-raised afterwards. If some sinks
    return awaitables, the fan-out returns one awaitable that awaits them in order."""

    def emit(event: Mapping[str, Any]) -> Awaitable[None] | None:
        pending: list[Awaitable[Any]] = []
        failure: BaseException | None = None
        for sink in sinks:
            try:
                result = sink(event)
            except Exception as exc:
                failure = failure or exc
                continue
            if inspect.isawaitable(result):
                pending.append(result)
        if failure is not None:
            for awaitable in pending:
                if inspect.iscoroutine(awaitable):
                    awaitable.close()
            raise failure
        if not pending:
            return None
        return _await_in_order(pending)

    return emit


async def _await_in_order(pending: Sequence[Awaitable[Any]]) -> None:
    for awaitable in pending:
        await awaitable


def _dumps(event: Mapping[str, Any]) -> str:
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"), default=str)


# --- sinks -------------------------------------------------------------------------------------
class ListCollector:
    """Collects events in memory (tests, and the offline CLI's transcript)."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    def __call__(self, event: Mapping[str, Any]) -> None:
        self.events.append(dict(event))

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.events)

    def types(self) -> list[str]:
        return [e["type"] for e in self.events]

    def of_type(self, event_type: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e["type"] == event_type]

    def text(self) -> str:
        """The streamed answer: all ``token`` deltas joined."""
        return "".join(e["delta"] for e in self.events if e["type"] == "token")

    def clear(self) -> None:
        self.events.clear()


def format_sse(event: Mapping[str, Any]) -> str:
    """``event: <type>\\ndata: <json>\\n\\n`` (UTF-8 text, not ASCII-escaped; JSON is one line)."""
    return f"event: {event['type']}\ndata: {_dumps(event)}\n\n"
