"""One chat turn's work: classify → route → specialists (ReAct or offline) → critic → final answer.

This module only orchestrates: ``chat.services.turn_run`` claims the stored turn, hands it to a
:class:`TurnRun` here for the agents' work, and saves what comes back (``turn_complete`` /
``turn_fail``). Every step emits the events of ARCHITECTURE §5 to one sink that (1) appends them
to the turn's event log in Redis (replay on reconnect), (2) publishes them to the group
``chat.<session_id>`` (websockets, SSE) and (3) hands them to the trace recorder (the audit
record). So the live timeline and the audit trail are the same facts.

The turn runs as the user who asked (the trace's user, the tools' ``RunContext.user``), within the
session's matter (``RunContext.matter_id``): a matter's team asks in the owner's session, and
what the tools read is what the asker may read in that work (docs/decisions/tool-scope.md).
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.urls import NoReverseMatch, reverse
from pydantic import BaseModel, Field

from agents import events
from agents.aio import db_sync_to_async, run_sync
from agents.critic import critique
from agents.llm import LLMError, get_gateway
from agents.parallel import run_parallel
from agents.runner import run_agent_recorded
from agents.tools import RunContext, ToolResult
from agents.types import AgentResult, AgentSpec
from chat import intent_model, memory, selectors, specialists
from chat.constants import FAILURE_TEXT, HISTORY_WINDOW, session_group, turn_log
from chat.deps import ChatDeps
from chat.models import Message
from core.db import beside, release_connections
from core.realtime import EventStream
from knowledge.selectors import law_first
from knowledge.verification import citations_verify
from legal import engine as card_engine
from legal.text import domains
from legal.text.entities import Entities, merge
from legal.text.extractive import with_texts
from tracing.recorder import TraceRecorder

logger = logging.getLogger(__name__)

#: A run's own choice between the routed specialists and the single agent (None: ENABLE_MULTI_AGENT).
_multi_agent: ContextVar[bool | None] = ContextVar("chat_multi_agent", default=None)


def multi_agent_enabled() -> bool:
    """Whether turns run the routed specialists (else the one agent with every tool)."""
    chosen = _multi_agent.get()
    return settings.ENABLE_MULTI_AGENT if chosen is None else chosen


@contextmanager
def multi_agent_mode(enabled: bool | None) -> Iterator[None]:
    """Within the block, turns run in this process use ``enabled`` instead of ENABLE_MULTI_AGENT."""
    token = _multi_agent.set(enabled)
    try:
        yield
    finally:
        _multi_agent.reset(token)


class IntentModelOutput(BaseModel):
    """Layer 2: what the intent model answers (JSON schema)."""

    domain: str = Field(description="领域代码：" + "、".join(domains.DOMAINS))
    intent: str = Field(description="意图代码：" + "、".join(domains.INTENTS))
    confidence: float = Field(ge=0, le=1)
    reason: str = ""


@dataclass
class Routing:
    """The classification (``domain``, ``intent``: the best estimate, with its calibrated
    ``confidence`` and ``reason``) and the route the turn takes (``route_domain``,
    ``route_intent``, ``route_reason``; ``plan`` and ``sop`` follow the route). Below the
    threshold the route falls back to 综合咨询/qa_retrieval; the classification stays."""

    domain: str
    intent: str
    confidence: float
    layer: str
    reason: str
    runner_up: dict[str, Any]
    entities: Entities
    plan: domains.IntentPlan
    sop: domains.Sop | None
    route_domain: str = ""
    route_intent: str = ""
    route_reason: str = ""
    decided: bool = False
    domain_confidence: float = 0.0
    intent_confidence: float = 0.0
    signals: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.route_domain = self.route_domain or self.domain
        self.route_intent = self.route_intent or self.intent

    @property
    def legal(self) -> bool:
        return self.route_domain != domains.NON_LEGAL

    def route(self) -> dict[str, Any]:
        return {"domain": self.route_domain, "domain_label": domains.domain_label(self.route_domain),
                "intent": self.route_intent, "decided": self.decided, "reason": self.route_reason}

    def stages(self) -> list[tuple[str, ...]]:
        """The specialists that answer, stage by stage (a stage's agents run in parallel)."""
        if not self.legal:
            return [(domains.GENERAL_AGENT,)]
        if not multi_agent_enabled():
            return [(specialists.SINGLE_AGENT,)]  # one agent with every tool (ENABLE_MULTI_AGENT=false)
        return [tuple(stage.agents) for stage in self.plan.stages]

    def agents(self) -> list[str]:
        return [agent for stage in self.stages() for agent in stage]

    def as_intent(self) -> dict[str, Any]:
        """What the saved answer keeps of the routing (``Message.intent``, without ``offline``)."""
        return {"domain": self.domain, "domain_label": domains.domain_label(self.domain), "intent": self.intent,
                "confidence": self.confidence, "layer": self.layer, "reason": self.reason,
                "runner_up": self.runner_up, "route": self.route()}


@dataclass
class TurnOutcome:
    content: str
    sources: list[dict[str, Any]] = field(default_factory=list)
    citations: list[dict[str, Any]] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    offline: bool = False
    conclusions: list[dict[str, Any]] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)


# --- the sink --------------------------------------------------------------------------------------
class TurnSink:
    """Stamps each event with the turn and passes it to the recorder at once; then the turn's
    :class:`~core.realtime.EventStream` (the session's group, the turn's log) numbers, logs and
    publishes it behind the turn — events that arrive together go out in one log append and one
    group message (``events``), in seq order. :meth:`flush` waits until everything sent is out.
    """

    def __init__(self, *, session_id: int, turn_id: str, recorder: Any) -> None:
        self.turn_id = turn_id
        self.recorder = recorder
        self.stream = EventStream(session_group(session_id), turn_log(turn_id))

    @property
    def group(self) -> str:
        return self.stream.group

    @property
    def log(self) -> Any:
        return self.stream.log

    @property
    def layer(self) -> Any:
        return self.stream.layer

    @layer.setter
    def layer(self, layer: Any) -> None:
        self.stream.layer = layer

    async def __call__(self, event: Mapping[str, Any]) -> None:
        if self.recorder is not None:
            self.recorder(event)
        await self.stream.send(dict(event, turn_id=self.turn_id))

    async def flush(self) -> None:
        await self.stream.flush()


# --- layer 1 + layer 2 intent ------------------------------------------------------------------------
async def classify(text: str, recorder: Any = None) -> Routing:
    """Layer 1 (:mod:`chat.intent_model`: rules + retrieved statutes + prototypes, calibrated)
    classifies; at ≥ its threshold the route follows. Below it the intent model (layer 2) when
    configured, else the route falls back to 综合咨询/qa_retrieval and the classification stays."""
    decision = await db_sync_to_async(intent_model.classify)(text)
    domain, intent, confidence, layer = decision.domain, decision.intent, decision.confidence, "rule"
    reason = decision.reason
    route_domain, route_intent, route_reason = decision.route_domain, decision.route_intent, decision.route_reason
    decided = decision.decided
    gateway = get_gateway()
    if not decision.decided and not gateway.offline:
        try:
            scope = recorder.agent_run("intent", gateway.model_for("intent")) if recorder else nullcontext()
            with scope:
                answer = await gateway.structured(
                    "intent",
                    [{"role": "system", "content": _intent_prompt()},
                     {"role": "user", "content": text[:4000]}],
                    IntentModelOutput,
                )
            if answer.domain in domains.DOMAINS and answer.intent in domains.INTENTS:
                domain, intent, confidence, layer = answer.domain, answer.intent, answer.confidence, "llm"
                reason = answer.reason or "意图模型判断"
                route_domain, route_intent, decided = domain, intent, True
                route_reason = f"第一层置信度不足，按意图模型判断分派（{route_reason}）"
        except LLMError as exc:
            route_reason = f"{route_reason}；意图模型不可用（{exc.code}）"
    elif not decision.decided:
        route_reason = f"{route_reason}（离线模式：无意图模型）"
    if domain == domains.NON_LEGAL or intent == domains.NON_LEGAL_INTENT:
        domain, intent = domains.NON_LEGAL, domains.NON_LEGAL_INTENT
    if route_domain == domains.NON_LEGAL or route_intent == domains.NON_LEGAL_INTENT:
        route_domain, route_intent = domains.NON_LEGAL, domains.NON_LEGAL_INTENT
    return Routing(
        domain=domain, intent=intent, confidence=round(float(confidence), 4), layer=layer, reason=reason,
        runner_up=dict(decision.runner_up), entities=decision.entities, plan=domains.intent_plan(route_intent),
        sop=domains.sop_for(route_domain, route_intent), route_domain=route_domain, route_intent=route_intent,
        route_reason=route_reason, decided=decided, domain_confidence=round(decision.domain_confidence, 4),
        intent_confidence=round(decision.intent_confidence, 4), signals=decision.signals_dict(),
    )


def _intent_prompt() -> str:
    domain_lines = "、".join(f"{code}（{label}）" for code, label in domains.DOMAINS.items())
    intent_lines = "、".join(f"{code}（{label}）" for code, label in domains.INTENTS.items())
    return (
        "你是律所的咨询分诊员。判断用户消息所属的法律领域与意图，只输出 JSON。\n"
        f"领域：{domain_lines}\n意图：{intent_lines}\n非法律问题用 non_legal 领域与 non_legal 意图。"
    )


def intent_event(trace_id: str, routing: Routing, state: Entities) -> dict[str, Any]:
    return (events.intent(trace_id, domain=routing.domain, intent=routing.intent, confidence=routing.confidence,
                          layer=routing.layer, entities=state.to_dict())
            | {"domain_label": domains.domain_label(routing.domain), "runner_up": routing.runner_up,
               "reason": routing.reason, "decided": routing.decided, "domain_confidence": routing.domain_confidence,
               "intent_confidence": routing.intent_confidence, "signals": routing.signals, "route": routing.route()})


def routing_event(trace_id: str, routing: Routing) -> dict[str, Any]:
    return (events.routing(trace_id, agents=routing.agents(),
                           reason=f"{routing.plan.description}（{routing.route_reason or routing.reason}）")
            | {"route": routing.route()})


async def classify_recorded(text: str, recorder: TraceRecorder) -> Routing:
    """Classify ``text`` and record the routing decision (the specialists a turn would run) in
    ``recorder``'s trace: what ``POST /api/v1/intent/classify`` decides is audited like a turn."""
    routing = await classify(text, recorder)
    trace_id = str(recorder.trace_id)
    recorder(intent_event(trace_id, routing, routing.entities))
    recorder(routing_event(trace_id, routing))
    return routing


# --- prompts -------------------------------------------------------------------------------------------
def system_prompt(agent: specialists.Specialist, routing: Routing, state: Entities, recalled: Sequence[str],
                  summary: str, checklist: str = "") -> str:
    """The specialist's instructions plus what this turn knows: the SOP, the facts, the summary and
    the recalled earlier messages."""
    parts = [agent.instructions, "只引用确实存在的条文；不确定时说明需要核实。回答使用中文。"]
    if routing.sop is not None:
        parts.append(f"分析步骤（{routing.sop.outline}）：\n{routing.sop.as_prompt()}")
    if not state.is_empty():
        parts.append(f"已知案情要素：{state.to_dict()}")
    if checklist:
        parts.append(checklist)
    if summary:
        parts.append(f"会话摘要：{summary}")
    if recalled:
        parts.append("相关的历史对话：\n" + "\n".join(f"- {text[:300]}" for text in recalled))
    return "\n\n".join(parts)


# --- running the plan ---------------------------------------------------------------------------------
@dataclass
class TurnInput:
    question: str
    history: list[dict[str, Any]]
    routing: Routing
    state: Entities
    recalled: list[str]
    summary: str
    #: The matched issue cards as the specialist's checklist (online; empty offline).
    checklist: str = ""


async def run_plan(turn: TurnInput, ctx: RunContext, recorder: Any, *, query: str | None = None,
                   feedback: str = "") -> tuple[AgentResult, list[ToolResult], list[str]]:
    """Run the intent plan's stages; the last stage's single agent writes the answer (streamed)."""
    routing = turn.routing
    stages = routing.stages()
    question = query or turn.question
    gathered: list[str] = []
    tool_results: list[ToolResult] = []
    notices: list[str] = []
    final: AgentResult | None = None
    for index, names in enumerate(stages):
        last = index == len(stages) - 1
        runs = {}
        for name in names:
            agent = specialists.specialist(name)
            spec = agent.spec(
                instructions=system_prompt(agent, routing, turn.state, turn.recalled, turn.summary, turn.checklist),
                tools=agent.tools_for(intent=routing.route_intent), stream=last and len(names) == 1)
            messages = [*turn.history[-HISTORY_WINDOW:]]
            if gathered:
                messages.append({"role": "assistant", "content": "前序分析：\n" + "\n\n".join(gathered)})
            if feedback:
                messages.append({"role": "system", "content": f"上一稿未通过审核：{feedback}。请重新检索并修改。"})
            messages.append({"role": "user", "content": question})
            runs[name] = _agent_coroutine(spec, messages, ctx, recorder, purpose=f"{name}:{routing.route_intent}")
        outcome = await run_parallel(runs, timeout=settings.AGENT_TIMEOUT)
        notices.extend(outcome.notices)
        for name in names:
            result = outcome[name].result or outcome[name].partial
            if isinstance(result, AgentResult):
                tool_results.extend(result.tool_results)
                if result.notice:
                    notices.append(result.notice)
                gathered.append(f"【{name}】{result.content}")
                final = result
    if final is None:
        raise RuntimeError("no specialist produced an answer")
    return final, tool_results, notices


def _agent_coroutine(spec: AgentSpec, messages: list[dict[str, Any]], ctx: RunContext, recorder: Any,
                     *, purpose: str):
    async def run() -> AgentResult:
        return await run_agent_recorded(spec, messages, ctx, recorder, purpose=purpose)

    return run


# --- sources and citations -----------------------------------------------------------------------------
def sources_from(tool_results: Sequence[ToolResult]) -> list[dict[str, Any]]:
    """The statutes and cases the specialists' tools returned, with an excerpt, best first."""
    seen: set[tuple[str, str]] = set()
    hits: list[Mapping[str, Any]] = []
    for result in tool_results:
        if not result.ok or not isinstance(result.output, Mapping):
            continue
        for hit in result.output.get("sources", []):
            if not isinstance(hit, Mapping) or not hit.get("law") and not hit.get("title"):
                continue
            key = (str(hit.get("law") or hit.get("title")), str(hit.get("article_label", "")))
            if key not in seen:
                seen.add(key)
                hits.append(dict(hit, tool=result.tool))
    # the issue cards' controlling provisions first (the search put them there), then laws before the
    # regulations and interpretations applying them
    carded = [h for h in hits if h.get("article_label") and "card" in (h.get("signals") or ())]
    statutes = law_first([h for h in hits if h.get("article_label") and h not in carded], lambda h: h.get("doc_type"))
    hits = [*carded, *statutes, *(h for h in hits if not h.get("article_label"))]
    return [
        {"kind": "statute" if hit.get("article_label") else "case", "law": hit.get("law") or hit.get("title"),
         "article": hit.get("article_label", ""), "article_id": hit.get("article_id"),
         "doc_type": hit.get("doc_type") or ("法律" if hit.get("article_label") else None),
         "text": str(hit.get("text", ""))[:300], "score": hit.get("score"), "tool": hit["tool"]}
        for hit in with_texts(hits[:12])
    ]


def verify(text: str) -> list[dict[str, Any]]:
    unique: dict[tuple[str, str], dict[str, Any]] = {}
    for c in citations_verify(text=text):
        key = (c.law or c.law_text or "", c.article)
        unique.setdefault(key, {"law": key[0], "article": c.article, "valid": c.valid, "reason": c.reason,
                                "status": c.status, "article_id": c.article_id})
    return list(unique.values())


def citation_failures(answer: str, *, legal: bool, citations: list[dict[str, Any]] | None = None) -> list[str]:
    """The critic's deterministic check: every citation must exist; a legal answer must cite.
    ``citations``: ``verify(answer)`` when the caller has it already."""
    citations = verify(answer) if citations is None else citations
    failures = [f"引用无效：《{c['law']}》{c['article']}（{c['reason']}）" for c in citations if not c["valid"]]
    if legal and not citations:
        failures.append("法律问题的回答没有引用任何法条")
    return failures


# --- handing a complex question to a research task ------------------------------------------------------
#: A question asks several things when it has this many question marks (or one in a long narrative).
RESEARCH_ASKS = 2
RESEARCH_NARRATIVE_CHARS = 120


def research_link(question: str, routing: Routing) -> str:
    """A closing line linking to 研究任务 with the question filled in, when the intent plan runs the
    research specialist and the question asks several things (a research task plans, runs and
    verifies each part); empty otherwise."""
    asks = question.count("？") + question.count("?")
    complex_question = asks >= RESEARCH_ASKS or (asks and len(question) >= RESEARCH_NARRATIVE_CHARS)
    if not (routing.legal and domains.LEGAL_RESEARCH in routing.plan.agents and complex_question):
        return ""
    try:
        url = f"{reverse('research:index')}?{urlencode({'q': question[:2000]})}"
    except NoReverseMatch:
        return ""
    return f"\n\n> 这个问题包含多个方面，可以[转为研究任务]({url})：逐项检索法条、计算并核验后综合作答。"


# --- the agents' part of a turn ---------------------------------------------------------------------------
#: Intents an earlier message cannot give a follow-up (asking to draft or review is said, not inferred).
CONTEXT_KEEPS_OUT = ("document_drafting", "contract_review", "non_legal")
#: How many of the user's earlier messages a follow-up question is read with.
FOLLOW_UP_TURNS = 2
#: A sentence that asks rather than states (left out of a follow-up's context: it was answered already).
_ASKS = re.compile(r"[？?]|吗|么|多少|怎么|如何|能否|能不能|可不可以|是否|要不要|有没有|哪里|什么")


def follow_up_context(question: str, history: list[dict[str, Any]]) -> str:
    """``question`` after the facts the user stated in their last :data:`FOLLOW_UP_TURNS` messages
    (their statements, not their earlier questions); ``question`` itself when there are none."""
    earlier = [str(m.get("content") or "") for m in history if m.get("role") == "user"][-FOLLOW_UP_TURNS:]
    stated = []
    for text in earlier:
        for sentence in re.split(r"[。！!？?；;\n]+", text):
            clauses = [c.strip() for c in re.split(r"[，,]", sentence) if c.strip() and not _ASKS.search(c)]
            if clauses:
                stated.append("，".join(clauses))
    return "。".join([*stated, question]) if stated else question


async def answer_turn(*, question: str, history: list[dict[str, Any]], session_state: dict, summary: str,
                      recalled: list[str], ctx: RunContext, recorder: Any) -> tuple[TurnOutcome, Routing, Entities]:
    send = ctx.send
    await send(events.status(ctx.trace_id, phase="intent", text="识别问题领域与意图"))
    routing = await classify(question, recorder)
    # A follow-up ("没有给补偿，我能要多少钱？") is read with what the user said before it in the
    # conversation when the question alone does not decide its domain.
    read_as = question
    context = follow_up_context(question, history)
    if context != question and not routing.decided:
        contextual = await classify(context, recorder)
        # the context lends the question its domain, never a request the question did not make (起草, 审合同)
        if (contextual.legal and contextual.intent not in CONTEXT_KEEPS_OUT
                and (contextual.decided or contextual.confidence > routing.confidence)):
            routing, read_as = contextual, context
    state = merge(Entities.from_dict(session_state), routing.entities)
    await send(intent_event(ctx.trace_id, routing, state))
    await send(routing_event(ctx.trace_id, routing))
    offline = get_gateway().offline
    # the statutes a plain search finds take part in the match (a card they agree with counts more)
    cards = (await db_sync_to_async(card_engine.card_answer)(read_as, offline=offline, retrieve=True)
             if routing.legal else None)
    ctx = dataclasses.replace(ctx, deps=ChatDeps(
        session_id=ctx.deps.session_id if isinstance(ctx.deps, ChatDeps) else None, cards=cards, routing={
            "domain": routing.route_domain, "intent": routing.route_intent, "entities": state.to_dict(),
            "classified": {"domain": routing.domain, "intent": routing.intent, "confidence": routing.confidence}}))
    checklist = card_engine.checklist(cards) if cards is not None and not offline else ""
    turn = TurnInput(question, history, routing, state, recalled, summary, checklist)
    await send(events.status(ctx.trace_id, phase="planning", text=routing.plan.description))
    final, tool_results, notices = await run_plan(turn, ctx, recorder)
    answer = final.content

    verified: dict[str, list[dict[str, Any]]] = {}

    async def citations_of(text: str) -> list[dict[str, Any]]:  # each text verified once per turn
        if text not in verified:
            verified[text] = await db_sync_to_async(verify)(text)
        return verified[text]

    if routing.legal:
        await send(events.status(ctx.trace_id, phase="critic", text="核验引用的法条"))

        async def regenerate(query: str, feedback: str) -> str:
            nonlocal tool_results
            again, more, extra_notices = await run_plan(turn, ctx, recorder, query=query, feedback=feedback)
            tool_results = [*tool_results, *more]
            notices.extend(extra_notices)
            return again.content

        async def check(text: str) -> list[str]:
            return citation_failures(text, legal=True, citations=await citations_of(text))

        checks = [check]
        if checklist:
            async def card_check(text: str) -> list[str]:
                return card_engine.draft_failures(cards, text)

            checks.append(card_check)
        outcome = await critique(question, answer, ctx=ctx, regenerate=regenerate, checks=checks, max_rounds=2)
        answer = outcome.answer
        if not outcome.acceptable:
            notices.append("审核未完全通过：请核对标记为 ✗ 的引用。")
    citations = await citations_of(answer) if routing.legal else []
    conclusions: list[dict[str, Any]] = []
    if cards is not None and final.offline and answer.startswith(cards.markdown[:40]):
        # the card engine's answer (decided or not): its conclusions cite only deciding provisions
        conclusions = await db_sync_to_async(cards.conclusions)()
    elif routing.legal:
        conclusions = card_engine.conclusions_from_text(cards, answer, citations)
    answer += research_link(question, routing)
    return (
        TurnOutcome(content=answer, sources=await db_sync_to_async(sources_from)(tool_results), citations=citations,
                    notices=list(dict.fromkeys(notices)), offline=final.offline, conclusions=conclusions,
                    cards=cards.cards() if cards is not None else []),
        routing, state,
    )


# --- one claimed turn ------------------------------------------------------------------------------------
def turn_asker(answer: Message) -> Any:
    """The user who asked: the turn runs, is traced and reads as them (not the session's owner)."""
    return answer.reply_to.author or answer.session.owner


class TurnRun:
    """A claimed turn while it runs, in its trace (``chat.services.turn_run`` opens it with
    ``tracing.runs.traced_run``, which closes it on every path): who asked, what they see, the
    sink and the agents' context. ``turn_run`` drives it: :meth:`answer`, then the saved message to
    :meth:`finished` (or the failure to :meth:`failed`)."""

    def __init__(self, answer: Message, recorder: TraceRecorder) -> None:
        session = answer.session
        question = answer.reply_to
        self.answer_id = answer.pk
        self.session = session
        self.question = question
        self.asker = turn_asker(answer)
        self.recorder = recorder
        self.history = selectors.turn_history(answer=answer, limit=HISTORY_WINDOW)
        # Memory: with earlier messages, the question is embedded and recalled against them; a
        # session's first question has nothing to recall and is embedded at the end, in one call
        # with the answer.
        self.recalled = memory.remember_and_recall(message=question, session=session) if self.history else []
        self.unembedded = [] if self.history else [question]
        self.sink = TurnSink(session_id=session.pk, turn_id=str(answer.turn_id), recorder=self.recorder)
        self.ctx = RunContext(user=self.asker, trace_id=str(self.recorder.trace_id), emit=self.sink,
                              deps=ChatDeps(session_id=session.pk), matter_id=session.matter_id)

    def answer(self) -> tuple[TurnOutcome, Routing, Entities]:
        """The agents' work, on the worker's agent loop; no connection is held while the model thinks."""
        release_connections()  # the pool serves the other turns meanwhile
        return run_sync(answer_turn(
            question=self.question.content, history=self.history, session_state=self.session.state,
            summary=self.session.summary, recalled=self.recalled, ctx=self.ctx, recorder=self.recorder))

    def finished(self, message: Message) -> None:
        """The answer is saved: the final event (while the messages are embedded), the sealed trace,
        then the last event."""
        remembered = beside(memory.remember, *self.unembedded, message)
        run_sync(self.sink(events.final(self.ctx.trace_id, message_id=message.pk, content=message.content,
                                        sources=message.sources, citations=message.citations,
                                        disclaimer=message.disclaimer)
                           | {"notices": message.notices, "intent": message.intent,
                              "conclusions": message.conclusions, "cards": message.cards}))
        self.recorder.close(status="success")
        remembered()
        run_sync(_send_done(self.sink, self.ctx, "回答完成"))

    def failed(self, exc: BaseException) -> None:
        """The failure is saved: the error event, the trace closed as failed, the question embedded."""
        logger.error("chat turn %s failed", self.answer_id, exc_info=exc)
        run_sync(self.sink(events.error(self.ctx.trace_id, code="internal", message=FAILURE_TEXT)
                           | {"message_id": self.answer_id}))
        self.recorder.close(status="error", error=str(exc)[:500])
        memory.remember(*self.unembedded)
        run_sync(_send_done(self.sink, self.ctx, "回答失败"))


def announce_failure(answer: Message, text: str) -> None:
    """Tell whoever watches the turn that it failed (no trace was opened for it)."""
    sink = TurnSink(session_id=answer.session_id, turn_id=str(answer.turn_id), recorder=None)
    trace_id = str(answer.trace_id or answer.turn_id)

    async def send() -> None:
        await sink(events.error(trace_id, code="internal", message=text) | {"message_id": answer.pk})
        await sink(events.status(trace_id, phase="done", text="回答失败"))
        await sink.flush()

    run_sync(send())


async def _send_done(sink: TurnSink, ctx: RunContext, text: str) -> None:
    """The last event of a turn, sent once the answer is saved and the trace sealed."""
    sink.recorder = None
    await sink(events.status(ctx.trace_id, phase="done", text=text))
    await sink.flush()
