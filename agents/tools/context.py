"""What a tool is handed and what it gives back: ``RunContext`` (who asks, for which work, in which
trace, where events go, the caller's typed deps), ``ToolError``, ``ToolResult``, and how an output is
rendered and capped.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import re
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Generic, Literal, TypeVar

from pydantic import BaseModel

from agents import events

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser



logger = logging.getLogger("agents.tools")

SUMMARY_CHARS: Final = 200
_WHITESPACE: Final = re.compile(r"\s+")

ErrorKind = Literal["invalid_arguments", "unknown_tool", "not_allowed", "timeout", "failed"]


# ---------------------------------------------------------------------------------------------
# Context, errors, results
# ---------------------------------------------------------------------------------------------
def _new_trace_id() -> str:
    return str(uuid.uuid4())


DepsT = TypeVar("DepsT")


@dataclass(frozen=True)
class RunContext(Generic[DepsT]):
    """Who asks, for which work, in which trace, and where events go - handed to every tool and
    agent run.

    ``user`` is the user who asked (never the owner of the work on their behalf): tools read as
    them. ``matter_id`` is the matter of the work the agent acts for (None: unfiled work); a tool
    reading client work reads that matter's objects the user may see plus the user's own unfiled
    ones, nothing of another matter (``firm.selectors.work_scope_q``). ``agent`` is filled in by
    the runtime for the agent that is running; ``deps`` is the caller's own small frozen dataclass
    of what its tools need (``chat.deps.ChatDeps``, ``contracts.types.ReviewDeps``,
    ``drafting.deps.DraftingDeps``, ``research.deps.ResearchDeps``; None for a caller whose tools
    need nothing more). ``emit`` may be None (no events).
    """

    user: AbstractBaseUser | AnonymousUser | None = None
    trace_id: str = field(default_factory=_new_trace_id)
    emit: events.Emit | None = None
    agent: str = ""
    deps: DepsT | None = None
    matter_id: int | None = None
    #: Event call ids issued in this trace (shared by every agent derived from this context), so
    #: a model's repeated or clashing tool-call ids never pair the wrong tool_call/tool_result.
    call_ids: set[str] = field(default_factory=set, repr=False, compare=False)

    def for_agent(self, agent: str) -> RunContext:
        return dataclasses.replace(self, agent=agent)

    @property
    def scope_key(self) -> str:
        """Who reads for which work, as a cache scope: a result read for one user in one matter's
        work is never served to another user, nor to the same user in other work."""
        user = getattr(self.user, "pk", None) or "anonymous"
        return f"user:{user}:matter:{self.matter_id if self.matter_id is not None else '-'}"

    def issue_call_id(self, wanted: str | None = None) -> str:
        """A call id unique in this trace: ``wanted`` (the model's id) when it is still free,
        else ``wanted-2``, ``wanted-3``...; a fresh random id when there is none."""
        base = wanted or f"call_{uuid.uuid4().hex[:12]}"
        call_id, n = base, 1
        while call_id in self.call_ids:
            n += 1
            call_id = f"{base}-{n}"
        self.call_ids.add(call_id)
        return call_id

    async def send(self, event: Mapping[str, Any]) -> None:
        """Deliver one event to ``emit`` (if any). A failing sink is logged, never fatal."""
        if self.emit is None:
            return
        try:
            await events.deliver(self.emit, event)
        except Exception:
            logger.exception("event sink failed for %s event", event.get("type"))


class ToolError(Exception):
    """Raised by a tool to report a failure to the model. ``retry=False`` (the default) means
    another attempt cannot help (e.g. "no such article"); the message goes to the model."""

    def __init__(self, message: str, *, retry: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.retry = retry


@dataclass(frozen=True)
class ToolResult:
    """The outcome of one tool call. ``content`` is what the model reads (size-capped, or the
    error message); ``output`` is the tool's own return value (JSON-safe, not capped) for the
    caller (sources, citations). ``error_kind`` is set when ``ok`` is False."""

    call_id: str
    tool: str
    agent: str
    ok: bool
    content: str
    arguments: Mapping[str, Any]
    output: Any = None
    error: str | None = None
    error_kind: ErrorKind | None = None
    attempts: int = 0
    duration_ms: float = 0.0
    cached: bool = False
    truncated: bool = False
    model_call_id: str | None = None

    def to_message(self) -> dict[str, Any]:
        """The ``tool`` message answering the model's call."""
        return {"role": "tool", "tool_call_id": self.model_call_id or self.call_id, "content": self.content}

    @property
    def summary(self) -> str:
        text = self.content if self.ok else (self.error or self.content)
        return _one_line(text, SUMMARY_CHARS)


def _one_line(text: str, limit: int) -> str:
    flat = _WHITESPACE.sub(" ", text or "").strip()
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _jsonable(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def render_output(output: Any) -> str:
    """A tool's return value as text for the model: strings as they are, the rest as JSON."""
    if isinstance(output, str):
        return output
    return json.dumps(_jsonable(output), ensure_ascii=False, indent=None)


def truncate(text: str, limit: int) -> tuple[str, bool]:
    """Cap ``text`` at ``limit`` characters, with a marker saying how much was cut."""
    if limit <= 0 or len(text) <= limit:
        return text, False
    marker = f"\n…[输出已截断：原文 {len(text)} 字符，仅保留前 {limit} 字符]"
    return text[:limit] + marker, True
