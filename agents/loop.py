"""ReAct with native tool calling through the LLM gateway.

One run: the agent's system prompt + the conversation -> the model (streamed as ``token`` events)
-> the tool calls it asks for, concurrently, through the agent's :class:`~agents.tools.Toolbox`
-> the model again, until it answers without tools. Limits (ARCHITECTURE §4):

- at most ``max_steps`` (5) model calls; the last one is made *without* tools, with a note
  asking for the final answer, so a run always ends with an answer;
- each call sees the system messages plus the ``window`` (30) most recent other messages
  (never starting with tool results whose request was cut off).

A model that cannot call tools at all (its provider profile says ``tools = none``, e.g.
deepseek-reasoner) gets no tools: the runtime runs the agent's retrieval tool itself with the
question (``search_legal_knowledge``, else ``search_cases``), puts what it found in the prompt, and
asks the model only to compose. The tool call is recorded like any other.

An LLM timeout ends the run with what exists (the text streamed so far, the tool results) and an
``error`` event ``llm_timeout``. An unreachable LLM raises :class:`AgentUnavailable`;
:func:`agents.runner.run_agent` routes that (and a project without an LLM) to the offline engine.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from typing import Any, Final

from agents import events
from agents.llm import LLMError, LLMGateway, LLMResult, LLMTimeout, get_gateway
from agents.parallel import report_partial
from agents.tools import RunContext, Toolbox, ToolRegistry, ToolResult
from agents.tools import registry as default_registry
from agents.types import AgentResult, AgentSpec, AgentUnavailable, Finish, Usage

logger = logging.getLogger(__name__)

__all__ = [
    "FINAL_ANSWER_PROMPT",
    "react",
    "window_messages",
]

#: Streamed deltas that arrive within this many seconds of the last token event join the next one:
#: the reader sees text at ~20 updates a second, and a turn sends tens of events, not one per chunk.
TOKEN_EVENT_INTERVAL: Final = 0.05
#: The tools the runtime runs itself for a model that cannot call tools, in order of preference.
SELF_RETRIEVAL_TOOLS: Final = ("search_legal_knowledge", "search_cases")
COMPOSE_PROMPT: Final = (
    "（系统已代为检索，以下为检索结果。本模型不调用工具：请仅依据这些资料和对话作答，"
    "引用法条须出自其中；资料不足之处请如实说明。）\n"
)
FINAL_ANSWER_PROMPT: Final = (
    "已达到工具调用的步数上限。请不要再调用任何工具，直接根据以上对话和工具结果给出最终回答；"
    "信息不足之处请如实说明。"
)


def window_messages(messages: Sequence[Mapping[str, Any]], size: int) -> list[Mapping[str, Any]]:
    """The leading system messages plus the ``size`` most recent other messages. Tool results at
    the start of the window whose assistant request fell outside it are dropped too."""
    head = 0
    while head < len(messages) and messages[head].get("role") == "system":
        head += 1
    tail = list(messages[head:])[-size:] if size > 0 else []
    while tail and tail[0].get("role") == "tool":
        tail.pop(0)
    return [*messages[:head], *tail]


class _Run:
    def __init__(
        self, spec: AgentSpec, messages: Sequence[Mapping[str, Any]], ctx: RunContext, gateway: LLMGateway,
        toolbox: Toolbox | None,
    ) -> None:
        self.spec = spec
        self.ctx = ctx.for_agent(spec.name)
        self.gateway = gateway
        self.toolbox = toolbox
        self.conversation: list[Mapping[str, Any]] = []
        if spec.instructions:
            self.conversation.append({"role": "system", "content": spec.instructions})
        self.conversation.extend(dict(m) for m in messages)
        self.tool_results: list[ToolResult] = []
        self.usage = Usage()
        self.steps = 0
        self.streamed: list[str] = []

    def result(self, content: str, finish: Finish, *, partial: bool = False, notice: str | None = None) -> AgentResult:
        return AgentResult(
            agent=self.spec.name,
            content=content,
            tool_results=tuple(self.tool_results),
            steps=self.steps,
            usage=self.usage,
            finish=finish,
            messages=tuple(self.conversation),
            partial=partial,
            notice=notice,
        )

    async def call_model(self, with_tools: bool) -> LLMResult:
        window = window_messages(self.conversation, self.spec.window_size())
        tools = self.toolbox.schemas() if with_tools and self.toolbox else None
        options: dict[str, Any] = {"temperature": self.spec.temperature, "max_tokens": self.spec.max_tokens}
        self.steps += 1
        self.streamed = []
        if not self.spec.stream:
            result = await self.gateway.complete(self.spec.role, window, tools, **options)
        else:
            final: LLMResult | None = None
            pending: list[str] = []
            last_sent = float("-inf")
            try:
                async for item in self.gateway.stream(self.spec.role, window, tools, **options):
                    if isinstance(item, LLMResult):
                        final = item
                        continue
                    self.streamed.append(item)
                    pending.append(item)
                    now = time.monotonic()
                    if now - last_sent >= TOKEN_EVENT_INTERVAL:  # the first delta goes out at once
                        await self.ctx.send(events.token(self.ctx.trace_id, delta="".join(pending)))
                        pending, last_sent = [], now
            finally:  # also when the stream breaks off: the reader sees all the text there is
                if pending:
                    await self.ctx.send(events.token(self.ctx.trace_id, delta="".join(pending)))
            assert final is not None
            result = final
        self.usage = self.usage.add(result)
        return result

    def last_question(self) -> str:
        for message in reversed(self.conversation):
            if message.get("role") == "user" and isinstance(message.get("content"), str):
                return str(message["content"])
        return ""

    async def retrieve_for_composition(self) -> None:
        """For a model without tool calling: run the retrieval tool here and hand the model what it
        found (the toolbox is then taken away: the model only composes)."""
        toolbox, self.toolbox = self.toolbox, None
        question = self.last_question().strip()[:500]
        name = next((n for n in SELF_RETRIEVAL_TOOLS if toolbox and n in toolbox), None)
        if not name or len(question) < 2:
            return
        outcome = await toolbox.call(name, {"query": question}, ctx=self.ctx)
        self.tool_results.append(outcome)
        found = outcome.to_message().get("content") or ""
        self.conversation.append({"role": "user", "content": COMPOSE_PROMPT + str(found)})

    async def run(self) -> AgentResult:
        limit = self.spec.steps_limit()
        try:
            if self.toolbox and not self.gateway.offline and self.gateway.tool_mode(self.spec.role) == "none":
                await self.retrieve_for_composition()
            while True:
                last = self.steps + 1 >= limit
                forced = last and self.steps > 0
                if forced:
                    await self.ctx.send(
                        events.status(self.ctx.trace_id, phase="answer", text="已达到步数上限，生成最终回答")
                    )
                    self.conversation.append({"role": "user", "content": FINAL_ANSWER_PROMPT})
                result = await self.call_model(with_tools=not last)
                if not result.tool_calls or last or not self.toolbox:
                    self.conversation.append({"role": "assistant", "content": result.content})
                    return self.result(result.content, "step_limit" if forced else "answer")
                self.conversation.append(result.to_message())
                outcomes = await self.toolbox.run_many(result.tool_calls, self.ctx)
                self.tool_results.extend(outcomes)
                self.conversation.extend(r.to_message() for r in outcomes)
                report_partial(self.result("", "answer", partial=True))
        except LLMTimeout as exc:
            text = "".join(self.streamed)
            notice = "模型响应超时，以下为已获得的部分结果。"
            await self.ctx.send(events.error(self.ctx.trace_id, code="llm_timeout", message=f"{self.spec.name}: {exc}"))
            return self.result(text, "llm_timeout", partial=True, notice=notice)
        except LLMError as exc:
            partial = self.result("".join(self.streamed), "answer", partial=True)
            raise AgentUnavailable(
                f"LLM unavailable for agent {self.spec.name}: {exc.message}",
                agent=self.spec.name,
                cause=exc,
                partial=partial,
            ) from exc


async def react(
    spec: AgentSpec,
    messages: Sequence[Mapping[str, Any]],
    ctx: RunContext,
    *,
    gateway: LLMGateway | None = None,
    toolbox: Toolbox | None = None,
    registry: ToolRegistry | None = None,
) -> AgentResult:
    """Run the ReAct loop against the LLM. Raises :class:`AgentUnavailable` when the model
    cannot be reached (including offline mode); see :func:`agents.runner.run_agent` for the
    version that answers offline then."""
    box = toolbox if toolbox is not None else (registry or default_registry).toolbox(spec.name, spec.tools)
    return await _Run(spec, messages, ctx, gateway or get_gateway(), box).run()
