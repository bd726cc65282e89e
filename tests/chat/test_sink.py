"""The turn's event sink: logged in order, published behind the turn in the same order, bursts
in one append and one message."""

import asyncio
import uuid

from agents.aio import run_sync
from chat.turn import TurnSink


class UnevenLayer:
    """A channel layer whose first publish is slow — it waits until the test releases it — and whose second fails."""

    def __init__(self) -> None:
        self.messages: list[dict] = []
        self.calls = 0
        self.started = asyncio.Event()
        self.release = asyncio.Event()

    async def group_send(self, group: str, message: dict) -> None:
        self.calls += 1
        if self.calls == 1:
            self.started.set()
            await self.release.wait()
        if self.calls == 2:
            raise ConnectionError("redis went away")
        self.messages.append(message)


def _seqs(message: dict) -> list[int]:
    return [e["seq"] for e in message.get("events", [message.get("event")])]


def test_events_are_sent_behind_the_turn_in_order_despite_a_slow_and_a_failed_publish():
    sink = TurnSink(session_id=1, turn_id=str(uuid.uuid4()), recorder=None)
    layer = sink.layer = UnevenLayer()

    async def turn() -> list[int]:
        await sink({"type": "status", "phase": "intent", "text": "第0步"})
        await layer.started.wait()  # the first event is logged and its (slow) publish has begun
        for n in range(1, 4):  # a burst while the first publish is slow
            await sink({"type": "status", "phase": "tool", "text": f"第{n}步"})
        logged_meanwhile = [e["seq"] for e in sink.log.read()]
        layer.release.set()
        await sink.flush()
        await sink({"type": "status", "phase": "done", "text": "第4步"})
        await sink.flush()
        return logged_meanwhile

    logged_meanwhile = run_sync(turn())
    assert logged_meanwhile == [1]  # the turn went on while the first publish was slow
    assert [e["text"] for e in sink.log.read()] == ["第0步", "第1步", "第2步", "第3步", "第4步"]
    assert [e["seq"] for e in sink.log.read()] == [1, 2, 3, 4, 5]
    # the burst went out as one message, which failed; the last event was still published, in order
    assert [_seqs(m) for m in layer.messages] == [[1], [5]] and layer.calls == 3
    sink.log.clear()


class RecordingLayer:
    def __init__(self) -> None:
        self.messages: list[dict] = []

    async def group_send(self, group: str, message: dict) -> None:
        self.messages.append(message)


def test_a_burst_is_one_append_and_one_message_and_the_recorder_sees_every_event_at_once():
    seen: list[str] = []
    sink = TurnSink(session_id=1, turn_id=str(uuid.uuid4()), recorder=lambda event: seen.append(event["type"]))
    layer = sink.layer = RecordingLayer()

    async def turn() -> list[str]:
        for kind in ("status", "intent", "routing"):
            await sink({"type": kind})
        seen_before_any_io = list(seen)
        await sink.flush()
        return seen_before_any_io

    assert run_sync(turn()) == ["status", "intent", "routing"]
    assert len(layer.messages) == 1 and _seqs(layer.messages[0]) == [1, 2, 3]
    assert {e["turn_id"] for e in layer.messages[0]["events"]} == {sink.turn_id}
    sink.log.clear()


def test_events_that_cannot_be_logged_are_still_shown_live():
    sink = TurnSink(session_id=1, turn_id=str(uuid.uuid4()), recorder=None)
    layer = sink.layer = RecordingLayer()

    async def broken(events: list[dict]) -> list[dict]:
        raise ConnectionError("redis went away")

    sink.log.aextend = broken

    async def turn() -> None:
        await sink({"type": "status", "phase": "intent"})
        await sink.flush()

    run_sync(turn())
    assert layer.messages == [{"type": "event.forward", "event": {"type": "status", "phase": "intent",
                                                                  "turn_id": sink.turn_id}}]
