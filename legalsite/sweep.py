"""The periodic sweep: interrupted or lost long work is queued again without anyone asking.

Celery beat runs ``legalsite.tasks.sweep_interrupted_work`` every ``SWEEP_INTERVAL_SECONDS``
(one beat per deployment: ``manage.py up`` starts it). It walks the job kinds the apps registered
with the job kernel (``core.jobs``, each app's ``AppConfig.ready()``) and runs each kind's sweep;
every claim is one conditional UPDATE, so a sweep, a redelivered old message and a user's resume
never run the same work twice. This module imports no app. See docs/decisions/sweep.md and
docs/decisions/job-kernel.md.
"""

from __future__ import annotations

import logging

from core.jobs import job_kind_sweep, job_kinds

logger = logging.getLogger("legalsite.sweep")


def interrupted_work_resume() -> dict[str, int]:
    """Run the sweep of every registered job kind; one that fails is logged and does not stop the
    others. Returns how many of each kind were queued again or settled (-1: that sweep failed)."""
    report: dict[str, int] = {}
    for kind in job_kinds():
        try:
            report[kind.name] = job_kind_sweep(kind)
        except Exception:
            logger.exception("sweep of %s failed", kind.name)
            report[kind.name] = -1
    if any(report.values()):
        logger.info("sweep re-queued interrupted work: %s", report)
    return report
