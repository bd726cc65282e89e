"""Event constructors and sinks (ARCHITECTURE §5)."""

from __future__ import annotations

import asyncio
import io
import json
from datetime import datetime, timedelta
from typing import Any

import pytest
from channels.layers import InMemoryChannelLayer

from agents import events
from agents.events import (
    ChannelsGroupSink,
    ConsoleSink,
    ListCollector,
    SSEWriter,
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


def test_sse_writer_writes_frames_and_supports_async_queues() -> None:
    frames: list[str] = []
    writer = SSEWriter(frames.append)
    writer(events.status(TRACE, phase="answer", text="生成答复"))
    writer(events.error(TRACE, code="internal", message="出错"))
    assert [f.split("\n", 1)[0] for f in frames] == ["event: status", "event: error"]
    assert SSEWriter.keepalive() == ": keepalive\n\n"

    async def through_queue() -> str:
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=1)
        await deliver(SSEWriter(queue.put), events.token(TRACE, delta="你"))
        return queue.get_nowait()

    assert asyncio.run(through_queue()).startswith("event: token\n")


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


def test_console_sink_prints_one_readable_line_per_event() -> None:
    out = io.StringIO()
    sink = ConsoleSink(out, show_tokens=False)
    for event in all_event_kinds():
        sink(event)

    lines = out.getvalue().splitlines()
    assert len(lines) == len(events.EVENT_TYPES) - 1
    assert "[3f2a9c1e] tool_call" in lines[3] and "search_legal_knowledge" in lines[3]
    assert "llm_timeout: 模型超时" in lines[-1]
    assert not any(" token " in line for line in lines)


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


def test_channels_group_sink_forwards_from_sync_and_async_code_in_order() -> None:
    layer = InMemoryChannelLayer()
    sink = ChannelsGroupSink("chat.7", channel_layer=layer)

    async def subscribe() -> str:
        channel = await layer.new_channel()
        await layer.group_add("chat.7", channel)
        return channel

    async def send_async_and_drain(channel: str) -> list[dict[str, Any]]:
        for delta in "一二三":
            sink(events.token(TRACE, delta=delta))  # scheduled without awaiting
        await sink.flush()
        return [await layer.receive(channel) for _ in range(4)]

    channel = asyncio.run(subscribe())
    sink(events.status(TRACE, phase="intent", text="同步发送"))
    messages = asyncio.run(send_async_and_drain(channel))

    assert {m["type"] for m in messages} == {"event.forward"}
    assert [m["event"]["type"] for m in messages] == ["status", "token", "token", "token"]
    assert "".join(m["event"].get("delta", "") for m in messages) == "一二三"


def test_channels_group_sink_keeps_order_when_earlier_sends_are_slower() -> None:
    class SlowFirstLayer:
        def __init__(self) -> None:
            self.sent: list[str] = []
            self.delays = [0.05, 0.02, 0.0]

        async def group_send(self, group: str, message: dict[str, Any]) -> None:
            await asyncio.sleep(self.delays.pop(0))
            self.sent.append(message["event"]["delta"])

    layer = SlowFirstLayer()
    sink = ChannelsGroupSink("research.3", channel_layer=layer)

    async def send() -> None:
        for delta in "甲乙丙":
            sink(events.token(TRACE, delta=delta))
        await sink.flush()

    asyncio.run(send())
    assert layer.sent == ["甲", "乙", "丙"]
