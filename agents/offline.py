"""The offline engine: the agent interfaces without a language model.

When no LLM is configured (``agents.llm.is_offline()``) or it cannot be reached,
:func:`agents.runner.run_agent` hands the run to :data:`engine`. The engine itself writes no legal
content: apps register *handlers* (keyed by purpose, agent name or LLM role) that compose an
answer deterministically - e.g. chat's retrieval-grounded composer that searches the statutes
and quotes what it found. A handler receives an :class:`OfflineRequest` and calls tools through
the agent's own :class:`~agents.tools.Toolbox`, so allowlists, ``tool_call``/``tool_result``
events, retries and the cache work exactly as with a model::

    from agents import offline

    @offline.register("legal_research")
    async def research_offline(request: offline.OfflineRequest) -> str:
        found = await request.call_tool("search_legal_knowledge", {"query": request.question})
        return compose_from_statutes(found.output)     # the app's own, deterministic

It is deterministic, uses no network of its own, and is honest: every text it returns says
离线模式 (a handler's text without the label gets a 【离线模式】 prefix), and a ``status`` event
says why it is answering.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from django.utils.module_loading import import_string

from agents import events
from agents.tools import RunContext, Toolbox, ToolResult
from agents.types import AgentResult, AgentSpec

logger = logging.getLogger(__name__)

__all__ = ["LABEL", "DeferredHandler", "OfflineEngine", "OfflineHandler", "OfflineRequest", "engine", "labelled",
           "register"]

LABEL: Final = "离线模式"
_CHUNK: Final = 16


def labelled(text: str) -> str:
    """``text`` with the offline label, added as a 【离线模式】 prefix when it is missing."""
    return text if LABEL in text else f"【{LABEL}】{text}"


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, Sequence):  # multi-part content: keep the text parts
        return "".join(str(p.get("text", "")) for p in content if isinstance(p, Mapping))
    return ""


@dataclass
class OfflineRequest:
    """What an offline handler gets: the agent, the conversation, the context, its toolbox, why
    the engine is answering and, after an LLM failure mid-run, what the model run had got."""

    spec: AgentSpec
    messages: tuple[Mapping[str, Any], ...]
    ctx: RunContext
    toolbox: Toolbox
    purpose: str | None = None
    reason: str = ""
    partial: AgentResult | None = None
    tool_results: list[ToolResult] = field(default_factory=list)

    @property
    def agent(self) -> str:
        return self.spec.name

    @property
    def question(self) -> str:
        """The last user message's text."""
        for message in reversed(self.messages):
            if message.get("role") == "user":
                return _text_of(message.get("content"))
        return ""

    async def call_tool(self, name: str, arguments: Mapping[str, Any] | None = None) -> ToolResult:
        """Call one of the agent's tools through the same machinery as the ReAct loop."""
        result = await self.toolbox.call(name, arguments, ctx=self.ctx)
        self.tool_results.append(result)
        return result


OfflineHandler = Callable[[OfflineRequest], Awaitable[str] | str]


class OfflineEngine:
    """Handlers by key, and the run that gives them the agent machinery."""

    def __init__(self) -> None:
        self._handlers: dict[str, OfflineHandler] = {}

    def register(self, key: str, handler: OfflineHandler | None = None, *, replace: bool = False) -> Any:
        """Register ``handler`` for ``key`` (a purpose, an agent name or an LLM role). Usable as
        a decorator: ``@engine.register("legal_research")``."""

        def add(fn: OfflineHandler) -> OfflineHandler:
            existing = self._handlers.get(key)
            if existing is not None and existing is not fn and not replace:
                raise ValueError(f"an offline handler is already registered for {key!r}")
            self._handlers[key] = fn
            return fn

        return add(handler) if handler is not None else add

    def unregister(self, key: str) -> None:
        self._handlers.pop(key, None)

    def resolve(self, spec: AgentSpec, purpose: str | None = None) -> OfflineHandler | None:
        """The handler for, in order: ``purpose``, ``spec.offline_key``, ``spec.name``, ``spec.role``."""
        for key in (purpose, spec.offline_key, spec.name, spec.role):
            if key and key in self._handlers:
                return self._handlers[key]
        return None

    async def run(
        self,
        spec: AgentSpec,
        messages: Sequence[Mapping[str, Any]],
        ctx: RunContext,
        *,
        toolbox: Toolbox,
        purpose: str | None = None,
        reason: str = "",
        partial: AgentResult | None = None,
    ) -> AgentResult:
        """Answer as ``spec`` without a model. Emits a ``status`` event and (when the agent
        streams) the text as ``token`` events; exceptions of a handler propagate."""
        run_ctx = ctx.for_agent(spec.name)
        handler = self.resolve(spec, purpose)
        why = reason or "未使用大语言模型"
        await run_ctx.send(
            events.status(run_ctx.trace_id, phase="answer", text=f"{LABEL}：{why}，由离线引擎按规则处理")
        )
        request = OfflineRequest(
            spec=spec,
            messages=tuple(dict(m) for m in messages),
            ctx=run_ctx,
            toolbox=toolbox,
            purpose=purpose,
            reason=why,
            partial=partial,
        )
        if handler is None:
            text = (
                f"【{LABEL}】{why}。智能体「{spec.name}」没有离线处理方式，无法自动生成回答，"
                "请配置大语言模型或咨询专业律师。"
            )
        else:
            outcome = handler(request)
            if inspect.isawaitable(outcome):
                outcome = await outcome
            text = labelled(str(outcome or ""))
        if spec.stream:
            for start in range(0, len(text), _CHUNK):
                await run_ctx.send(events.token(run_ctx.trace_id, delta=text[start : start + _CHUNK]))
        conversation: list[Mapping[str, Any]] = []
        if spec.instructions:
            conversation.append({"role": "system", "content": spec.instructions})
        conversation.extend(request.messages)
        conversation.append({"role": "assistant", "content": text})
        return AgentResult(
            agent=spec.name,
            content=text,
            tool_results=tuple(request.tool_results),
            steps=1,
            finish="offline",
            messages=tuple(conversation),
            offline=True,
            notice=f"{LABEL}：{why}。",
        )


@dataclass(frozen=True)
class DeferredHandler:
    """An offline handler named by module and function, imported at its first call: an app's
    ``specialists`` module is imported in every process at start (the registry's autodiscovery), and a
    handler's module may bring the app's whole answering stack with it (retrieval, readers, patterns)."""

    module: str
    name: str

    @property
    def target(self) -> OfflineHandler:
        return import_string(f"{self.module}.{self.name}")

    def __call__(self, request: OfflineRequest) -> str | Awaitable[str]:
        return self.target(request)


#: The project's offline engine; apps register their handlers here.
engine = OfflineEngine()
register = engine.register
