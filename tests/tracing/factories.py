"""Realistic traces built through the real recorder, from the runtime's own event constructors."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from agents import events
from agents.llm import LLMBadResponse, LLMFailure, LLMResult, LLMTimeout
from tracing import services
from tracing.recorder import TraceRecorder, trace_open

PHONE = "13812345678"
ID_CARD = "11010519491231002X"
EMAIL = "zhang.san@example.com"
BANK_CARD = "6222020200112233445"


def llm_result(
    *, role: str = "research", content: str = "根据《劳动合同法》第三十条……", tokens: tuple[int, int] = (1000, 500),
    cost: float | None = 0.0018, latency_ms: float = 850.0, request: dict[str, Any] | None = None,
) -> LLMResult:
    return LLMResult(
        role=role, model="qwen-plus", content=content, tool_calls=(), finish_reason="stop",
        tokens_in=tokens[0], tokens_out=tokens[1], latency_ms=latency_ms, cost_cny=cost,
        request=request or {"model": "qwen-plus",
                            "messages": [{"role": "user", "content": "公司拖欠工资三个月怎么办？"}]},
        response={"id": "chatcmpl-1", "choices": [{"message": {"role": "assistant", "content": content}}],
                  "usage": {"prompt_tokens": tokens[0], "completion_tokens": tokens[1]}},
    )


def llm_failure(*, timeout: bool = False) -> LLMFailure:
    error = (LLMTimeout("LLM request timed out after 30s", role="advisor", model="qwen-plus") if timeout
             else LLMBadResponse("LLM response has no choices", role="advisor", model="qwen-plus"))
    return LLMFailure(role="advisor", model="qwen-plus", error=error, latency_ms=30000.0,
                      request={"model": "qwen-plus", "messages": []}, attempts=2)


def drive_chat_turn(recorder: TraceRecorder, *, question: str = "公司拖欠工资三个月怎么办？") -> None:
    """One chat turn as the runtime emits it: intent, routing, two agents, LLM calls, tools."""
    tid = recorder.trace_id
    recorder(events.status(tid, phase="intent", text="识别意图"))
    recorder(events.intent(tid, domain="labor", intent="qa_retrieval", confidence=0.92, layer="rule",
                           entities={"amounts": [30000]}))
    recorder(events.routing(tid, agents=["legal_research", "legal_advisor"], reason="劳动纠纷：先检索法条再综合建议"))
    with recorder.agent_run("legal_research", "qwen-plus"):
        recorder.llm_listener(llm_result(role="research"))
        recorder(events.tool_call(tid, call_id="call_1", agent="legal_research", tool="search_legal_knowledge",
                                  input={"query": question, "top_k": 5}))
        recorder(events.tool_result(tid, call_id="call_1", ok=True, summary="找到 5 条相关法条", duration_ms=12.5))
        recorder(events.tool_call(tid, call_id="call_2", agent="legal_research", tool="lookup_article",
                                  input={"law": "劳动合同法", "article": 30}))
        recorder(events.tool_result(tid, call_id="call_2", ok=False, summary="tool timed out", duration_ms=5000))
        recorder(events.tool_call(tid, call_id="call_3", agent="legal_research", tool="lookup_article",
                                  input={"law": "劳动合同法", "article": 30}))
        recorder(events.tool_result(tid, call_id="call_3", ok=True, summary="第三十条 用人单位应当……",
                                    duration_ms=3.2))
    with recorder.agent_run("legal_advisor"):
        recorder.llm_listener(llm_result(role="advisor", tokens=(1500, 700), cost=0.0026))
        recorder(events.token(tid, delta="根据"))
    recorder(events.critic(tid, round=1, acceptable=True, feedback="引用有效"))
    recorder(events.final(tid, message_id=1, content="……", disclaimer="不构成正式法律意见"))


def chat_trace(
    user: Any, *, matter: Any = None, started_at: datetime | None = None, close: bool = True
) -> TraceRecorder:
    if started_at is None:
        recorder = trace_open("chat", user, ("chat.session", "1"), matter)
    else:
        trace = services.trace_create(kind="chat", user=user, obj=("chat.session", "1"), matter=matter,
                                      started_at=started_at)
        recorder = TraceRecorder(trace)
    drive_chat_turn(recorder)
    if close:
        recorder.close()
    return recorder


def trace_with_personal_data(user: Any) -> TraceRecorder:
    recorder = trace_open("contract_review", user, ("contracts.contract", "7"))
    tid = recorder.trace_id
    recorder(events.tool_call(tid, call_id="c1", agent="contract_review", tool="search_case_library",
                              input={"query": f"甲方 张三 身份证 {ID_CARD} 电话 {PHONE}"}))
    recorder(events.tool_result(tid, call_id="c1", ok=True, duration_ms=4,
                                summary=f"联系邮箱 {EMAIL}，收款账户 {BANK_CARD}"))
    recorder.close()
    return recorder
