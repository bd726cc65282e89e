"""The recorder turns the runtime's events and the gateway's LLM calls into chained records."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from decimal import Decimal

import pytest
from django.db import connection

from agents import events
from agents.aio import run_sync
from agents.llm import LLMConfig, LLMGateway
from tests.fakellm import FakeLLM, Reply
from tests.support import pool_borrowed
from tests.tracing.factories import chat_trace, llm_failure, llm_result
from tracing.models import AgentRun, LLMCall, RoutingDecision, ToolCall, Trace, TraceSeal
from tracing.recorder import current_recorder, llm_dispatch, trace_open
from tracing.selectors import audit_verify, trace_records

pytestmark = pytest.mark.django_db


def test_a_realistic_chat_turn_becomes_a_valid_chain(staff_user):
    recorder = chat_trace(staff_user)
    trace = Trace.objects.get(pk=recorder.trace_id)
    records = trace_records(trace=trace)
    assert [type(r).__name__ for r in records] == [
        "RoutingDecision", "LLMCall", "ToolCall", "ToolCall", "ToolCall", "AgentRun", "LLMCall", "AgentRun",
    ]
    assert [r.seq for r in records] == list(range(1, 9))
    assert records[0].prev_hash == trace.hash
    assert all(b.prev_hash == a.hash for a, b in zip(records, records[1:], strict=False))
    seal = TraceSeal.objects.get(trace=trace)
    assert seal.prev_hash == records[-1].hash and seal.record_count == 8 and seal.seq == 9
    report = audit_verify()
    assert report.ok, report.broken
    assert report.records == 8 and report.head_hash == seal.hash


def test_routing_keeps_the_intent_layer_and_confidence(staff_user):
    trace_id = chat_trace(staff_user).trace_id
    decision = RoutingDecision.objects.get(trace_id=trace_id)
    assert (decision.layer, decision.domain, decision.intent, decision.confidence) == ("rule", "labor", "qa_retrieval",
                                                                                       0.92)
    assert decision.agent_list == ["legal_research", "legal_advisor"]
    assert "检索法条" in decision.reason


def test_tool_calls_have_attempts_status_duration_and_hashed_io(staff_user):
    trace_id = chat_trace(staff_user).trace_id
    search, failed, retried = ToolCall.objects.filter(trace_id=trace_id).order_by("seq")
    assert (search.tool, search.agent, search.status, search.attempt) == (
        "search_legal_knowledge", "legal_research", "success", 1)
    assert search.duration_ms == 12.5 and json.loads(search.input)["top_k"] == 5
    assert search.output == "找到 5 条相关法条" and len(search.output_sha256) == 64
    assert (failed.status, failed.attempt, failed.error) == ("timeout", 1, "tool timed out")
    assert (retried.status, retried.attempt) == ("success", 2)  # same agent, tool and input: a retry


def test_agent_runs_get_their_llm_tokens_and_totals_are_sealed(staff_user):
    trace_id = chat_trace(staff_user).trace_id
    research, advisor = AgentRun.objects.filter(trace_id=trace_id).order_by("seq")
    assert (research.agent, research.status, research.tokens_in, research.tokens_out) == (
        "legal_research", "success", 1000, 500)
    assert advisor.model == "qwen-plus"  # taken from its LLM call when not given
    assert list(LLMCall.objects.filter(trace_id=trace_id).values_list("agent", flat=True).order_by("seq")) == [
        "legal_research", "legal_advisor"]
    seal = TraceSeal.objects.get(trace_id=trace_id)
    assert (seal.status, seal.tokens_in, seal.tokens_out) == ("success", 2500, 1200)
    assert seal.cost_cny == Decimal("0.004400") and seal.cost_complete


def test_agent_timeout_and_error_are_recorded_and_propagate(staff_user):
    recorder = trace_open("research", staff_user)
    with pytest.raises(TimeoutError), recorder.agent_run("case_analysis", "qwen-max"):
        raise TimeoutError
    with pytest.raises(RuntimeError), recorder.agent_run("legal_advisor"):
        raise RuntimeError("boom")
    with recorder.agent_run("document_drafting") as run:
        run.fail("部分结果：模板缺失")
    recorder.close()
    runs = list(AgentRun.objects.filter(trace_id=recorder.trace_id).order_by("seq").values_list("status", "error"))
    assert runs[0][0] == "timeout"
    assert runs[1] == ("error", "RuntimeError: boom")
    assert runs[2] == ("error", "部分结果：模板缺失")
    assert audit_verify().ok


def test_llm_failures_and_error_events_mark_the_trace(staff_user):
    recorder = trace_open("chat", staff_user)
    recorder.llm_listener(llm_failure(timeout=True))
    recorder.llm_listener(llm_failure())
    recorder(events.error(recorder.trace_id, code="llm_timeout", message="模型超时"))
    seal = recorder.close()
    calls = list(LLMCall.objects.filter(trace_id=recorder.trace_id).order_by("seq"))
    assert [c.status for c in calls] == ["timeout", "error"]
    assert calls[0].error.startswith("LLMTimeout") and calls[0].attempts == 2 and calls[0].response == ""
    assert seal.status == "error" and seal.error == "llm_timeout: 模型超时"
    assert seal.cost_complete  # failed calls have no usage to price


def test_unpriced_calls_make_the_total_cost_incomplete(staff_user):
    recorder = trace_open("chat", staff_user)
    recorder.llm_listener(llm_result(cost=None))
    assert recorder.close().cost_complete is False


def test_pending_intent_and_unanswered_tool_calls_are_recorded_at_close(staff_user):
    recorder = trace_open("chat", staff_user)
    tid = recorder.trace_id
    recorder(events.intent(tid, domain="debt", intent="calculation", confidence=0.6, layer="rule"))
    recorder(events.intent(tid, domain="debt", intent="calculation", confidence=0.9, layer="llm"))
    recorder(events.tool_call(tid, call_id="x", agent="a", tool="interest_calculator", input={"amount": 30000}))
    recorder.close(status="cancelled")
    layers = list(RoutingDecision.objects.filter(trace_id=tid).order_by("seq").values_list("layer", flat=True))
    assert layers == ["rule", "llm"]
    tool = ToolCall.objects.get(trace_id=tid)
    assert tool.status == "error" and "未返回" in tool.error
    assert Trace.objects.get(pk=tid).status == "cancelled"
    assert audit_verify().ok


def test_close_is_idempotent_and_later_events_are_ignored(staff_user):
    recorder = trace_open("drafting", staff_user)
    first = recorder.close()
    assert recorder.close() is first
    recorder(events.routing(recorder.trace_id, agents=["x"], reason="late"))
    assert not RoutingDecision.objects.filter(trace_id=recorder.trace_id).exists()


def test_the_recorder_as_context_manager_seals_with_the_exception(staff_user):
    with pytest.raises(ValueError), trace_open("chat", staff_user) as recorder:
        raise ValueError("bad input")
    seal = TraceSeal.objects.get(trace_id=recorder.trace_id)
    assert (seal.status, seal.error) == ("error", "ValueError: bad input")


def test_object_and_matter_are_kept(make_user):
    from firm.services import matter_create

    lawyer = make_user("staff")
    matter = matter_create(actor=lawyer, number="M-2025-001", title="欠薪案", client="李四")
    recorder = trace_open("contract_review", lawyer, matter)  # a matter is also an object
    trace = Trace.objects.get(pk=recorder.trace_id)
    assert (trace.object_type, trace.object_id, trace.username) == ("firm.matter", str(matter.pk), lawyer.username)
    recorder.close()


def test_llm_dispatch_reaches_the_current_recorder_only(staff_user):
    recorder = trace_open("chat", staff_user)
    assert current_recorder() is recorder
    llm_dispatch(llm_result())
    recorder.close()
    assert current_recorder() is None
    llm_dispatch(llm_result())  # no current trace: nothing recorded, no error
    assert LLMCall.objects.filter(trace_id=recorder.trace_id).count() == 1


@pytest.mark.django_db(transaction=True)
def test_inside_an_event_loop_writes_go_through_the_writer_thread_with_a_real_gateway(staff_user):
    """The async runtime path: a real gateway against the scripted server, its listener hook, a
    parallel pair of agents, events emitted from coroutines, and ``aclose``."""
    recorder = trace_open("research", staff_user)
    tid = recorder.trace_id

    async def agent(name: str, gateway: LLMGateway, delay: float) -> None:
        async with recorder.agent_run(name):
            recorder(events.tool_call(tid, call_id=name, agent=name, tool="search_legal_knowledge",
                                      input={"query": name}))
            await asyncio.sleep(delay)
            recorder(events.tool_result(tid, call_id=name, ok=True, summary="ok", duration_ms=delay * 1000))
            await gateway.complete("research", [{"role": "user", "content": f"{name} 的问题"}])

    async def slow_agent() -> None:
        async with recorder.agent_run("case_analysis"):
            await asyncio.sleep(5)

    async def run(gateway: LLMGateway) -> None:
        recorder(events.routing(tid, agents=["legal_research", "legal_advisor", "case_analysis"], reason="并行"))
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(slow_agent(), 0.05)
        await asyncio.gather(agent("legal_research", gateway, 0.02), agent("legal_advisor", gateway, 0.01))
        await recorder.aclose()

    with FakeLLM() as fake:
        fake.script(Reply.text("第一段", usage=(100, 20)), Reply.text("第二段", usage=(200, 40)))
        gateway = LLMGateway(LLMConfig(base_url=fake.base_url, api_key="sk-test-0123456789abcdef", model="qwen-plus",
                                       retry_backoff=0.0), listeners=[recorder.llm_listener])
        asyncio.run(run(gateway))

    assert recorder.failures == 0
    seal = TraceSeal.objects.get(trace_id=tid)
    assert seal.record_count == 8 and (seal.tokens_in, seal.tokens_out) == (300, 60)
    runs = dict(AgentRun.objects.filter(trace_id=tid).values_list("agent", "status"))
    assert runs == {"case_analysis": "timeout", "legal_research": "success", "legal_advisor": "success"}
    assert set(LLMCall.objects.filter(trace_id=tid).values_list("agent", flat=True)) == {"legal_research",
                                                                                           "legal_advisor"}
    assert not LLMCall.objects.filter(request__contains="sk-test-0123456789abcdef").exists()
    assert audit_verify().ok
    assert connection.cursor()  # the test's own connection still works after the writer thread closed its own


def test_tool_results_with_the_runtime_extras(staff_user):
    recorder = trace_open("chat", staff_user)
    tid = recorder.trace_id
    recorder(events.tool_call(tid, call_id="c", agent="legal_research", tool="web_search", input={"q": "欠薪"}))
    recorder({**events.tool_result(tid, call_id="c", ok=False, summary="web_search 失败", duration_ms=30000),
              "agent": "legal_research", "tool": "web_search", "attempt": 2, "timeout": True,
              "error": "超时（30 秒）", "output": "工具 web_search 调用失败（已尝试 2 次）"})
    recorder.close()
    tool = ToolCall.objects.get(trace_id=tid)
    assert (tool.status, tool.attempt, tool.error) == ("timeout", 2, "超时（30 秒）")
    assert tool.output == "工具 web_search 调用失败（已尝试 2 次）"


def test_large_payloads_are_capped_with_the_hash_of_the_whole(staff_user, settings):
    import hashlib

    settings.TRACING_PAYLOAD_MAX_CHARS = 100
    recorder = trace_open("research", staff_user)
    long_text = "第四十七条 " * 500
    recorder(events.tool_call(recorder.trace_id, call_id="1", agent="a", tool="lookup_article", input={"q": "x"}))
    recorder({**events.tool_result(recorder.trace_id, call_id="1", ok=True, summary="ok", duration_ms=1),
              "output": long_text})
    recorder.close()
    tool = ToolCall.objects.get(trace_id=recorder.trace_id)
    assert tool.output == long_text[:100] and tool.output_truncated
    assert tool.output_bytes == len(long_text.encode()) and tool.output_sha256 == hashlib.sha256(
        long_text.encode()).hexdigest()
    assert audit_verify().ok


@pytest.mark.django_db(transaction=True)
def test_the_writer_thread_holds_no_pooled_connection_between_records(staff_user):
    recorder = trace_open("chat", staff_user)
    tid = recorder.trace_id

    async def burst() -> None:
        recorder(events.tool_call(tid, call_id="c1", agent="a", tool="search_legal_knowledge", input={"q": "押金"}))
        recorder(events.tool_result(tid, call_id="c1", ok=True, summary="ok", duration_ms=3))

    before = pool_borrowed()
    asyncio.run(burst())
    recorder.flush()
    assert ToolCall.objects.filter(trace_id=tid).count() == 1
    deadline = time.monotonic() + 5
    while pool_borrowed() > before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert pool_borrowed() == before  # the writer gave its connection back though the trace is still open
    recorder.close()
    assert TraceSeal.objects.filter(trace_id=tid).exists()


def test_opened_inside_a_transaction_the_runs_writes_are_stored_by_the_opening_thread_in_order(staff_user):
    """The trace row is uncommitted (a service's or a test's transaction): a writer thread's own
    connection could not reference it, so no writer starts; what the run records inside the loop waits
    for the opening thread and is stored in the order it was made."""
    recorder = trace_open("research", staff_user)
    tid = recorder.trace_id

    async def run() -> list[str]:
        async with recorder.agent_run("legal_research"):
            recorder(events.tool_call(tid, call_id="c1", agent="legal_research", tool="search_legal_knowledge",
                                      input={"q": "押金"}))
            recorder(events.tool_result(tid, call_id="c1", ok=True, summary="ok", duration_ms=3))
        writers = [t.name for t in threading.enumerate() if t.name.startswith(f"trace-{tid[:8]}")]
        await recorder.aclose()
        return writers

    assert run_sync(run()) == []
    assert recorder.failures == 0 and recorder.closed
    records = trace_records(trace=Trace.objects.get(pk=tid))
    assert [type(r).__name__ for r in records] == ["ToolCall", "AgentRun"]
    assert [r.seq for r in records] == [1, 2]
    assert TraceSeal.objects.get(trace_id=tid).record_count == 2
    assert audit_verify().ok
