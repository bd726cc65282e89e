"""The contracts' stored work for the job kernel (``core.jobs``): a contract's split (the contract
itself, ``uploaded`` → ``splitting``; its ``updated_at`` is the heartbeat) and an auto-review run."""

from __future__ import annotations

from django.conf import settings

from contracts.constants import REVIEW_TASK, SPLIT_STALE_SECONDS, SPLIT_TASK
from contracts.models import Contract, ReviewRun
from core.jobs import JobKind

SPLIT = JobKind(
    name="contract_splits", model=Contract, task=SPLIT_TASK,
    queued=(Contract.Status.UPLOADED,), running=(Contract.Status.SPLITTING,), failed=Contract.Status.FAILED,
    stale_seconds=lambda: SPLIT_STALE_SECONDS, heartbeat_field="updated_at",
    sweep="contracts.services.contracts.split_resume_stale",
)

REVIEW = JobKind(
    name="reviews", model=ReviewRun, task=REVIEW_TASK,
    queued=(ReviewRun.Status.QUEUED,), running=(ReviewRun.Status.RUNNING,), failed=ReviewRun.Status.FAILED,
    stale_seconds=lambda: settings.REVIEW_STALE_SECONDS,
    sweep="contracts.services.review.review_resume_stale",
)
