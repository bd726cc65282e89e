"""What an agent is and what a run of it returns: the types every part of the runtime shares.

:class:`AgentSpec` describes one run (name, LLM role, instructions, tool allowlist, limits);
:class:`AgentResult` is what the run produced; :class:`AgentUnavailable` is raised when the model
cannot be reached. The ReAct loop (``agents.loop``), the offline engine (``agents.offline``) and
:func:`agents.runner.run_agent` all import them from here, never from each other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from django.conf import settings

from agents.llm import LLMError, LLMResult
from agents.tools import ToolResult

__all__ = [
    "DEFAULT_MAX_STEPS",
    "DEFAULT_WINDOW",
    "AgentResult",
    "AgentSpec",
    "AgentUnavailable",
    "Finish",
    "Usage",
]

DEFAULT_MAX_STEPS: Final = 5
DEFAULT_WINDOW: Final = 30

Finish = Literal["answer", "step_limit", "llm_timeout", "offline"]


def _setting(name: str, default: int) -> int:
    return int(getattr(settings, name, default) or default)


@dataclass(frozen=True)
class AgentSpec:
    """One agent run: its name (events, allowlist, offline handler), LLM role and system prompt.

    ``tools`` are allowlist patterns; None means the tool registry's allowlist for ``name``.
    ``max_steps``/``window`` default to ``settings.AGENT_MAX_STEPS`` (5) and
    ``settings.AGENT_MESSAGE_WINDOW`` (30). ``stream`` sends content deltas as ``token`` events
    (turn it off for agents whose text is not shown, e.g. parallel specialists).
    ``offline_key`` picks the offline handler (default: the agent's name, then its role).
    """

    name: str
    instructions: str = ""
    role: str = "advisor"
    tools: Sequence[str] | None = None
    max_steps: int | None = None
    window: int | None = None
    stream: bool = True
    temperature: float | None = None
    max_tokens: int | None = None
    offline_key: str | None = None

    def __post_init__(self) -> None:
        if not self.name:
            raise ValueError("an agent needs a name")
        if self.max_steps is not None and self.max_steps < 1:
            raise ValueError("max_steps must be >= 1")
        if self.window is not None and self.window < 1:
            raise ValueError("window must be >= 1")

    def steps_limit(self) -> int:
        return self.max_steps or _setting("AGENT_MAX_STEPS", DEFAULT_MAX_STEPS)

    def window_size(self) -> int:
        return self.window or _setting("AGENT_MESSAGE_WINDOW", DEFAULT_WINDOW)


@dataclass(frozen=True)
class Usage:
    """Model usage of one run. ``cost_cny`` is None as soon as one call's cost is unknown."""

    llm_calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    cost_cny: float | None = 0.0
    latency_ms: float = 0.0

    def add(self, result: LLMResult) -> Usage:
        cost = None if self.cost_cny is None or result.cost_cny is None else self.cost_cny + result.cost_cny
        return Usage(
            llm_calls=self.llm_calls + 1,
            tokens_in=self.tokens_in + (result.tokens_in or 0),
            tokens_out=self.tokens_out + (result.tokens_out or 0),
            cost_cny=cost,
            latency_ms=self.latency_ms + result.latency_ms,
        )


@dataclass(frozen=True)
class AgentResult:
    """What an agent run produced. ``finish`` says how it ended; ``partial`` is True when the
    answer is incomplete (LLM timeout) and ``notice`` then says so in Chinese. ``messages`` is the
    whole conversation of the run (system prompt, tool calls and results included)."""

    agent: str
    content: str
    tool_results: tuple[ToolResult, ...] = ()
    steps: int = 0
    usage: Usage = field(default_factory=Usage)
    finish: Finish = "answer"
    messages: tuple[Mapping[str, Any], ...] = ()
    partial: bool = False
    offline: bool = False
    notice: str | None = None

    @property
    def successful_tool_results(self) -> list[ToolResult]:
        return [r for r in self.tool_results if r.ok]


class AgentUnavailable(Exception):
    """The LLM cannot be reached (connection refused, 5xx/429 after the retry, authentication,
    unusable replies). ``partial`` holds what the run got before (tool results) so the offline
    engine can continue from there."""

    code = "llm_unavailable"

    def __init__(self, message: str, *, agent: str, cause: LLMError, partial: AgentResult) -> None:
        super().__init__(message)
        self.message = message
        self.agent = agent
        self.cause = cause
        self.partial = partial
