"""The turn's event sink: logged in order, published behind the turn in the same order."""

import asyncio
import uuid

from agents.aio import run_sync
from chat.pipeline import TurnSink


class UnevenLayer:
    """A channel layer whose first publish is slow and whose second fails."""

    def __init__(self) -> None:
        self.sent: list[int] = []

    async def group_send(self, group: str, message: dict) -> None:
        seq = message["event"]["seq"]
        if seq == 1:
            await asyncio.sleep(0.1)
        if seq == 2:
            raise ConnectionError("redis went away")
        self.sent.append(seq)


def test_events_are_logged_at_once_and_published_in_order_despite_a_slow_and_a_failed_send():
    sink = TurnSink(session_id=1, turn_id=str(uuid.uuid4()), recorder=None)
    layer = sink.layer = UnevenLayer()

    async def turn() -> tuple[list[int], list[int]]:
        for n in range(4):
            await sink({"type": "status", "phase": "tool", "text": f"第{n}步"})
        logged_before_publishing = [e["seq"] for e in sink.log.read()]
        published_meanwhile = list(layer.sent)
        await sink.flush()
        return logged_before_publishing, published_meanwhile

    logged, meanwhile = run_sync(turn())
    assert logged == [1, 2, 3, 4]  # the turn did not wait for the slow first publish
    assert meanwhile == []
    assert layer.sent == [1, 3, 4]  # in seq order; the failed one is in the log for replay
    assert [e["text"] for e in sink.log.read()] == ["第0步", "第1步", "第2步", "第3步"]
    sink.log.clear()
