"""The rows of a run: a task's status and result, its steps. Synchronous (the async run calls them
through ``db_sync_to_async``); one small UPDATE each, so parallel steps never overwrite each other."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from core.jobs import job_beat
from research.jobs import TASK
from research.models import ResearchStep, ResearchTask

__all__ = ["step_as_dict", "step_save", "steps_load", "steps_replace", "task_heartbeat", "task_set"]

STEP_FIELDS = ("description", "tool_type", "input", "depends_on", "status", "method", "result", "result_summary",
               "sources", "output", "verified", "verification", "confidence", "duration_ms", "error")


NULLABLE = ("verified", "confidence", "duration_ms")


def step_as_dict(row: ResearchStep) -> dict[str, Any]:
    data = {name: getattr(row, name) for name in STEP_FIELDS}
    data["id"] = row.step_id
    data["order"] = row.order
    data["verification"] = data["verification"] or {}
    return data


def steps_load(task_id: int) -> list[dict[str, Any]]:
    return [step_as_dict(row) for row in ResearchStep.objects.filter(task_id=task_id).order_by("order")]


def steps_replace(task_id: int, steps: Sequence[Mapping[str, Any]]) -> None:
    """Make the task's steps exactly ``steps`` (a new or edited plan), in that order; a step kept
    by id keeps its result when it is done."""
    with transaction.atomic():
        ResearchStep.objects.filter(task_id=task_id).exclude(step_id__in=[s["id"] for s in steps]).delete()
        for order, step in enumerate(steps, start=1):
            values = {name: step.get(name) for name in STEP_FIELDS if name in step}
            values = {k: v for k, v in values.items() if v is not None or k in NULLABLE}
            values["order"] = order
            ResearchStep.objects.update_or_create(task_id=task_id, step_id=step["id"], defaults=values)


def step_save(task_id: int, step: Mapping[str, Any]) -> None:
    values = {name: step[name] for name in STEP_FIELDS if name in step}
    values["result_summary"] = str(values.get("result_summary") or "")[:300]
    now = timezone.now()
    if step.get("status") == "running":
        values["started_at"], values["finished_at"] = now, None
    elif step.get("status") in ("done", "failed"):
        values["finished_at"] = now
    for key in ("method", "result", "error"):
        if key in values and values[key] is None:
            values[key] = ""
    ResearchStep.objects.filter(task_id=task_id, step_id=step["id"]).update(**values)


def task_set(task_id: int, **fields: Any) -> None:
    ResearchTask.objects.filter(pk=task_id).update(**fields, updated_at=timezone.now())


def task_heartbeat(task_id: int) -> bool:
    """Record that the run is alive (the job kernel's heartbeat of a task a worker holds); True when
    someone asked to cancel the task."""
    job_beat(TASK, task_id)
    return ResearchTask.objects.filter(pk=task_id, cancel_requested=True).exists()
