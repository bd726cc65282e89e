"""Event constructors and sinks (ARCHITECTURE §5)."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime, timedelta
from typing import Any

import pytest

from agents import events
from agents.events import (
    ListCollector,
    deliver,
    fanout,
    format_sse,
)

TRACE = "3f2a9c1e-0000-4000-8000-000000000001"


def all_event_kinds() -> list[dict[str, Any]]:
    return [
        events.status(TRACE, phase="intent", text="识别意图"),
        events.intent(
            TRACE, domain="labor", intent="qa_retrieval", confidence=0.93, layer="rule", entities={}
        ),
        events.routing(TRACE, agents=["legal_research", "legal_advisor"], reason="劳动纠纷"),
        events.tool_call(
            TRACE, call_id="c1", agent="legal_research", tool="search_legal_knowledge", input={"q": "欠薪"}
        ),
        events.tool_result(TRACE, call_id="c1", ok=True, summary="5 条法条", duration_ms=12.34567),
        events.token(TRACE, delta="根据"),
        events.critic(TRACE, round=1, acceptable=False, feedback="缺少法条引用"),
        events.final(
            TRACE,
            message_id=42,
            content="答复",
            sources=["劳动合同法"],
            citations=[{"law": "劳动合同法", "article": "第三十条", "valid": True}],
            disclaimer="不构成正式法律意见",
        ),
        events.error(TRACE, code="llm_timeout", message="模型超时"),
    ]


def test_every_event_has_type_trace_id_and_shanghai_timestamp() -> None:
    made = all_event_kinds()

    assert [e["type"] for e in made] == list(events.EVENT_TYPES)
    for event in made:
        assert event["trace_id"] == TRACE
        stamp = datetime.fromisoformat(event["ts"])
        assert stamp.utcoffset() == timedelta(hours=8)
        json.dumps(event)
    assert made[4]["duration_ms"] == 12.346
    assert made[7]["citations"] == [{"law": "劳动合同法", "article": "第三十条", "valid": True}]


def test_constructors_reject_unknown_phase_layer_and_error_code() -> None:
    with pytest.raises(ValueError, match="phase"):
        events.status(TRACE, phase="thinking", text="x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="layer"):
        events.intent(TRACE, domain="labor", intent="qa", confidence=1, layer="magic")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="code"):
        events.error(TRACE, code="boom", message="x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="trace_id"):
        events.token("", delta="x")


def test_sse_frame_is_event_line_and_one_unescaped_json_data_line() -> None:
    event = events.token(TRACE, delta="第一行\n第二行")

    frame = format_sse(event)

    assert frame.startswith("event: token\ndata: ")
    assert frame.endswith("\n\n")
    lines = frame[:-2].split("\n")
    assert len(lines) == 2
    assert "第一行" in lines[1]
    assert json.loads(lines[1].removeprefix("data: ")) == event


def test_list_collector_keeps_order_and_joins_tokens() -> None:
    collector = ListCollector()
    for event in all_event_kinds():
        collector(event)
    collector(events.token(TRACE, delta="规定"))

    assert collector.types()[:3] == ["status", "intent", "routing"]
    assert len(collector) == 10
    assert collector.text() == "根据规定"
    assert [e["call_id"] for e in collector.of_type("tool_result")] == ["c1"]
    collector.clear()
    assert list(collector) == []


def test_fanout_reaches_every_sink_in_order_even_when_one_fails() -> None:
    first, last = ListCollector(), ListCollector()

    def broken(event: Any) -> None:
        raise RuntimeError("sink down")

    emit = fanout(first, broken, last)
    with pytest.raises(RuntimeError, match="sink down"):
        emit(events.token(TRACE, delta="a"))
    assert first.text() == "a" and last.text() == "a"

    assert fanout(first, last)(events.token(TRACE, delta="b")) is None
    assert first.text() == last.text() == "ab"


def test_fanout_awaits_async_sinks_through_deliver() -> None:
    collector, received = ListCollector(), []

    async def async_sink(event: Any) -> None:
        await asyncio.sleep(0)
        received.append(event["delta"])

    async def send() -> None:
        emit = fanout(collector, async_sink)
        for delta in "甲乙丙":
            await deliver(emit, events.token(TRACE, delta=delta))

    asyncio.run(send())
    assert received == ["甲", "乙", "丙"]
    assert collector.text() == "甲乙丙"
