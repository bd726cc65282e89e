"""Celery tasks of the kernel. ``core`` is not a Django app, so the project's ``legalsite.tasks`` imports
them for the worker to register; their names keep the ``legalsite.`` prefix of running deployments."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="legalsite.ping")
def ping() -> str:
    """Answered by any live worker; /health uses it."""
    return "pong"
