"""Celery tasks of the project package: thin wrappers around services."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from core.realtime import group_publish, user_group
from core.tasks import ping  # noqa: F401 - registered with the worker through this module
from legalsite import sweep


@shared_task(name="legalsite.notify_user")
def notify_user(user_id: int, event: dict[str, Any]) -> None:
    group_publish(user_group(user_id), event)


@shared_task(name="legalsite.sweep_interrupted_work")
def sweep_interrupted_work() -> dict[str, int]:
    """Run by Celery beat every ``SWEEP_INTERVAL_SECONDS``: re-queue interrupted or lost work."""
    return sweep.interrupted_work_resume()
