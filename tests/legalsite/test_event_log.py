"""The per-job event log in Redis: numbered in one round trip, from sync and async code alike."""

import asyncio
import threading
import uuid

import pytest
from django.db import connection

from core.db import pooled, release_connections
from core.realtime import EventLog, EventStream
from tests.support import pool_borrowed


def test_sync_and_async_appends_share_one_numbering_and_keep_every_field():
    log = EventLog(f"test.{uuid.uuid4()}")
    first = log.append({"type": "status", "phase": "intent", "text": "识别"})

    async def more() -> list[dict]:  # two events in one append; a stale seq is replaced
        return await log.aextend([{"type": "token", "delta": "依据"}, {"type": "final", "content": "答", "seq": 999}])

    second, third = asyncio.run(more())
    assert [first["seq"], second["seq"], third["seq"]] == [1, 2, 3]
    stored = log.read()
    assert stored == [first, second, third]
    assert stored[0] == {"seq": 1, "type": "status", "phase": "intent", "text": "识别"}
    assert log.read(after=2) == [third]
    log.clear()
    assert log.read() == [] and log.append({"type": "status"})["seq"] == 1
    log.clear()


def test_concurrent_appends_get_distinct_consecutive_numbers():
    log = EventLog(f"test.{uuid.uuid4()}")
    seqs: list[int] = []
    lock = threading.Lock()

    def worker() -> None:
        for _ in range(20):
            seq = log.append({"type": "token", "delta": "x"})["seq"]
            with lock:
                seqs.append(seq)

    threads = [threading.Thread(target=worker) for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(seqs) == list(range(1, 101))
    assert [e["seq"] for e in log.read()] == list(range(1, 101))
    log.clear()


def test_an_empty_event_is_still_valid_json_and_an_empty_batch_is_nothing():
    log = EventLog(f"test.{uuid.uuid4()}")
    assert log.append({}) == {"seq": 1}
    assert asyncio.run(log.aextend([])) == []
    assert asyncio.run(log.aextend([{}, {"type": "ping"}])) == [{"seq": 2}, {"seq": 3, "type": "ping"}]
    assert log.read() == [{"seq": 1}, {"seq": 2}, {"seq": 3, "type": "ping"}]
    log.clear()


@pytest.mark.django_db(transaction=True)
def test_release_connections_gives_the_threads_connection_back_to_the_pool():
    assert pooled()

    connection.ensure_connection()
    held = pool_borrowed()
    assert held >= 1
    release_connections()
    assert connection.connection is None and pool_borrowed() == held - 1
    with connection.cursor() as cursor:  # the next query borrows again
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)


@pytest.mark.django_db
def test_release_connections_leaves_a_connection_inside_a_transaction_alone():
    assert connection.in_atomic_block
    connection.ensure_connection()
    release_connections()
    assert connection.connection is not None


def test_a_log_that_keeps_the_newest_events_still_numbers_them_all():
    log = EventLog(f"test.{uuid.uuid4()}", keep=3)
    for n in range(4):
        log.append({"type": "notice", "n": n})

    async def more() -> list[dict]:
        return await log.aextend([{"type": "notice", "n": 4}, {"type": "notice", "n": 5}])

    asyncio.run(more())
    assert [(e["seq"], e["n"]) for e in log.read()] == [(4, 3), (5, 4), (6, 5)]
    assert log.last_seq() == 6
    log.clear()
    assert log.last_seq() == 0


def test_a_streams_sinks_get_each_event_numbered_in_order_and_a_failing_sink_stops_nothing(monkeypatch):
    published: list[dict] = []
    monkeypatch.setattr("core.realtime.group_publish", lambda group, event: published.append(event))
    seen: list[dict] = []

    def broken(event: dict) -> None:
        raise RuntimeError("the terminal went away")

    stream = EventStream(f"test.{uuid.uuid4()}", EventLog(f"test.{uuid.uuid4()}"), sinks=[broken, seen.append])
    for text in ("一", "二"):
        stream.publish({"type": "status", "text": text})
    assert [(e["seq"], e["text"]) for e in seen] == [(1, "一"), (2, "二")]
    assert published == seen
    stream.log.clear()
