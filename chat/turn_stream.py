"""Following a turn from outside the worker: wait for its answer, or stream its events (SSE).

Both read the turn's event log in Redis (the same log websockets replay), so an SSE client sees
every event from the first, even those emitted before it started reading.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from agents import events
from agents.events import format_sse
from chat.constants import FAILURE_TEXT, turn_log
from chat.models import Message

POLL_SECONDS = 0.1
KEEPALIVE_SECONDS = 15
GRACE_SECONDS = 5
DONE = {Message.Status.COMPLETE, Message.Status.ERROR}


def turn_in_flight(*, session_id: int) -> str | None:
    """The turn id of the session's answer in flight, if any."""
    turn = Message.objects.filter(session_id=session_id, role=Message.Role.ASSISTANT,
                                  status__in=[Message.Status.PENDING, Message.Status.RUNNING]
                                  ).values_list("turn_id", flat=True).first()
    return str(turn) if turn is not None else None


def turns_saved(*, session_id: int, turn_ids: list[str]) -> list[Message]:
    """The answers of these turns of the session that are saved (complete or failed)."""
    return list(Message.objects.filter(session_id=session_id, role=Message.Role.ASSISTANT, turn_id__in=turn_ids,
                                       status__in=DONE))


def closing_events(answer: Message) -> list[dict]:
    """The last events of a saved turn rebuilt from its message (``final`` or ``error``, then
    ``status`` done), for a watcher whose live events were lost; they carry the turn id, no ``seq``."""
    trace_id = str(answer.trace_id or answer.turn_id)
    extra = {"turn_id": str(answer.turn_id), "from_saved_answer": True}
    if answer.status == Message.Status.COMPLETE:
        last = events.final(trace_id, message_id=answer.pk, content=answer.content, sources=answer.sources,
                            citations=answer.citations, disclaimer=answer.disclaimer) | {
            "notices": answer.notices, "intent": answer.intent}
        done = events.status(trace_id, phase="done", text="回答完成")
    else:
        last = events.error(trace_id, code="internal", message=answer.content or FAILURE_TEXT) | {
            "message_id": answer.pk}
        done = events.status(trace_id, phase="done", text="回答失败")
    return [last | extra, done | extra]


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
