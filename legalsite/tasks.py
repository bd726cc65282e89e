"""Celery tasks of the project package: thin wrappers around services."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from core.realtime import user_notify
from core.tasks import ping  # the kernel's task (core is no Django app): imported here for the worker
from legalsite import sweep

__all__ = ["notify_user", "ping", "sweep_interrupted_work"]


@shared_task(name="legalsite.notify_user")
def notify_user(user_id: int, event: dict[str, Any]) -> None:
    user_notify(user_id, event)


@shared_task(name="legalsite.sweep_interrupted_work")
def sweep_interrupted_work() -> dict[str, int]:
    """Run by Celery beat every ``SWEEP_INTERVAL_SECONDS``: re-queue interrupted or lost work."""
    return sweep.interrupted_work_resume()
