"""A review run's events: its stream (numbered in the run's log, published to the contract's group),
``progress`` and ``issue`` events, the agent's ``RunSink`` (which also beats the run's heartbeat) and
the last event of a run.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from agents import events
from agents.aio import db_sync_to_async
from agents.types import AgentResult
from contracts import events as contract_events
from contracts.constants import HEARTBEAT_SECONDS, contract_group, review_log
from contracts.jobs import REVIEW
from contracts.models import ReviewRun, Section
from core import realtime
from core.jobs import job_beat
from tracing.recorder import TraceRecorder

#: A sync callable given every event of a run besides the group (the console's printer).
Listener = Callable[[dict[str, Any]], None]

# --- events -------------------------------------------------------------------------------------------
def _stamp(event: Mapping[str, Any], run: ReviewRun) -> dict[str, Any]:
    return {**event, "contract_id": run.contract_id, "run_id": run.pk}


def run_stream(run: ReviewRun, listener: Listener | None = None) -> realtime.EventStream:
    """The run's events: numbered in its log (``review_log``, replayed to a page that reconnects,
    ``contracts.consumers``) and published to the contract's group; ``listener`` (the console
    command's ``core.console.ConsoleSink``) is one more sink of the stream."""
    return realtime.EventStream(contract_group(run.contract_id), review_log(run.pk),
                                sinks=[listener] if listener is not None else [])


def publish(run: ReviewRun, event: Mapping[str, Any], listener: Listener | None = None) -> None:
    """Send one event of ``run`` through its stream (logged for replay, to the contract's group and to
    ``listener``). A failure to log or publish is logged: the page reads the run's state on reconnect."""
    run_stream(run, listener).publish(_stamp(event, run))


def trace_of(run: ReviewRun) -> str:
    """The trace id events of ``run`` carry (a queued run has no trace yet: its own id stands in)."""
    return str(run.trace_id) if run.trace_id else f"review-{run.pk}"


def progress_event(run: ReviewRun, section: Section | None = None) -> contract_events.ProgressEvent:
    return contract_events.progress(
        trace_of(run), done=run.progress, total=run.total, status=run.status, mode=run.mode,
        section=({"id": section.pk, "order": section.order, "number": section.number or section.title}
                 if section is not None else None))


def issue_event(run: ReviewRun, action: str, issue: dict[str, Any]) -> contract_events.IssueEvent:
    return contract_events.issue(trace_of(run), action=action, issue=issue)


def _beat(run_id: int, claim: str) -> None:
    job_beat(REVIEW, run_id, claim=claim or None)  # a run this worker no longer holds is not made to look alive


class RunSink:
    """The agent's events: to the trace recorder and the run's stream (with the listener). While the
    agent works on a section the run's heartbeat is renewed (at most every ``HEARTBEAT_SECONDS``),
    so a long section is never mistaken for a dead worker."""

    def __init__(self, run: ReviewRun, recorder: TraceRecorder | None, listener: Listener | None = None) -> None:
        self.run = run
        self.recorder = recorder
        self.stream = run_stream(run, listener)
        self.beaten = time.monotonic()

    async def __call__(self, event: Mapping[str, Any]) -> None:
        if self.recorder is not None:
            self.recorder(event)
        if self.run.mode == ReviewRun.Mode.AUTO and time.monotonic() - self.beaten > HEARTBEAT_SECONDS:
            self.beaten = time.monotonic()
            await db_sync_to_async(_beat)(self.run.pk, self.run.claimed_by)
        await self.stream.send(_stamp(event, self.run))

    async def drain(self, work: Awaitable[AgentResult]) -> AgentResult:
        """Await the agent's ``work``, then every event it sent (before the next sync event)."""
        try:
            return await work
        finally:
            await self.stream.flush()


def _ended_publish(run: ReviewRun) -> None:
    publish(run, progress_event(run))
    publish(run, _ended(run, run.error))


def _ended(run: ReviewRun, text: str) -> dict[str, Any]:
    """The last event of an auto-review: ``status`` phase done, with how the run ended."""
    return events.status(trace_of(run), phase="done", text=text) | {"status": run.status}
