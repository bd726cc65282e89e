"""Following a turn from outside the worker: wait for its answer, or stream its events (SSE).

Both read the turn's event log in Redis (the same log websockets replay), so an SSE client sees
every event from the first, even those emitted before it started reading.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from agents.events import format_sse
from chat.constants import turn_log
from chat.models import Message

POLL_SECONDS = 0.1
KEEPALIVE_SECONDS = 15
GRACE_SECONDS = 5
DONE = {Message.Status.COMPLETE, Message.Status.ERROR}


def wait(answer: Message, *, timeout: float) -> Message:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answer.refresh_from_db()
        if answer.status in DONE:
            return answer
        time.sleep(0.2)
    answer.refresh_from_db()
    return answer


def sse(answer: Message, *, timeout: float = 600) -> Iterator[str]:
    log = turn_log(answer.turn_id)
    last_seq, last_sent = 0, time.monotonic()
    done_at: float | None = None
    deadline = time.monotonic() + timeout
    yield f": turn {answer.turn_id} message {answer.pk}\n\n"
    while time.monotonic() < deadline:
        finished = False
        for event in log.read(after=last_seq):
            last_seq = int(event.get("seq", last_seq))
            last_sent = time.monotonic()
            yield format_sse(event)
            finished = finished or (event.get("type") == "status" and event.get("phase") == "done")
        if finished:
            return
        if done_at is None and Message.objects.filter(pk=answer.pk, status__in=DONE).exists():
            done_at = time.monotonic()
        if done_at is not None and time.monotonic() - done_at > GRACE_SECONDS:
            return  # the answer is saved; its closing events expired or were never logged
        if time.monotonic() - last_sent > KEEPALIVE_SECONDS:
            last_sent = time.monotonic()
            yield ": keepalive\n\n"
        time.sleep(POLL_SECONDS)
