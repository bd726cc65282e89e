"""Research's stored work for the job kernel (``core.jobs``): a research task, ``queued``, then held
by a worker while planning, running or synthesizing; its ``heartbeat`` column is the heartbeat."""

from __future__ import annotations

from django.conf import settings

from core.jobs import JobKind
from research.constants import TASK_NAME
from research.models import ResearchTask

TASK = JobKind(
    name="research_tasks", model=ResearchTask, task=TASK_NAME,
    queued=(ResearchTask.Status.QUEUED,), running=tuple(ResearchTask.ACTIVE), failed=ResearchTask.Status.FAILED,
    stale_seconds=lambda: settings.RESEARCH_STALE_SECONDS, heartbeat_field="heartbeat",
    sweep="research.services.tasks.tasks_resume_stale",
)
