"""The research socket's own events (besides the agents' §5 events, ``agents.events``), typed:
``task_status`` (the task's status changed) and ``plan`` (the steps planned or re-planned).

Every event has ``type``, ``trace_id`` and ``ts`` (``agents.events.now_iso``); the task's
``EventStream`` adds ``seq``. docs/decisions/research-agent.md describes the socket.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, TypedDict

from agents.events import now_iso
from research.constants import TOOL_TYPE_LABELS

__all__ = ["CONSOLE_LINES", "PlanEvent", "TaskStatusEvent", "plan", "task_status"]


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


# --- console lines (``manage.py research``: core.console.ConsoleSink) -------------------------------------------
def _plan_lines(event: Mapping[str, Any]) -> str:
    lines = [f"[计划] 来源 {event.get('source')}，{len(event.get('steps', []))} 步"]
    for step in event.get("steps", []):
        after = f"（依赖 {', '.join(step['depends_on'])}）" if step.get("depends_on") else ""
        lines.append(f"  {step['id']} {TOOL_TYPE_LABELS.get(step['tool_type'], step['tool_type'])}："
                     f"{step['description']}{after}")
    return "\n".join(lines)


def _step_finished(event: Mapping[str, Any]) -> str:
    mark = "✓" if event.get("verified") else "✗"
    return (f"[完成] {mark} {event['step_id']} {event.get('method')} {event.get('duration_ms')} ms："
            f"{event.get('result_summary') or event.get('error')}")


#: How the console command prints research's events (the agents' own have core.console's look).
CONSOLE_LINES: dict[str, Callable[[Mapping[str, Any]], str | None]] = {
    "plan": _plan_lines,
    "step_started": lambda event: f"[开始] {event['step_id']} {event['description']}",
    "step_finished": _step_finished,
    "task_status": lambda event: f"[状态] {event.get('status')}",
}
