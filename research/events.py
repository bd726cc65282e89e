"""The research socket's own events (besides the agents' §5 events, ``agents.events``), typed:
``task_status`` (the task's status changed) and ``plan`` (the steps planned or re-planned).

Every event has ``type``, ``trace_id`` and ``ts`` (``agents.events.now_iso``); the task's
``EventStream`` adds ``seq``. docs/decisions/research-agent.md describes the socket.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from agents.events import now_iso

__all__ = ["PlanEvent", "TaskStatusEvent", "plan", "task_status"]


class TaskStatusEvent(TypedDict, total=False):
    type: Literal["task_status"]
    trace_id: str
    ts: str
    status: str
    task_id: int


class PlanEvent(TypedDict):
    type: Literal["plan"]
    trace_id: str
    ts: str
    source: str
    steps: list[dict[str, Any]]
    review: bool


def task_status(trace_id: str, *, status: str, task_id: int | None = None) -> TaskStatusEvent:
    event: TaskStatusEvent = {"type": "task_status", "trace_id": trace_id, "ts": now_iso(), "status": status}
    if task_id is not None:
        event["task_id"] = task_id
    return event


def plan(trace_id: str, *, source: str, steps: list[dict[str, Any]], review: bool) -> PlanEvent:
    return {"type": "plan", "trace_id": trace_id, "ts": now_iso(), "source": source, "steps": steps,
            "review": review}
