"""The periodic sweep: interrupted or lost long work is queued again without anyone asking.

Celery beat runs ``legalsite.tasks.sweep_interrupted_work`` every ``SWEEP_INTERVAL_SECONDS``
(one beat per deployment: ``manage.py up`` starts it). Each app's service finds its own stale
work and re-queues it through the path a user's resume takes; every claim is one conditional
UPDATE, so a sweep, a redelivered old message and a user's resume never run the same work twice.
See docs/decisions/sweep.md.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from contracts.services.contracts import split_resume_stale
from contracts.services.review import review_resume_stale
from knowledge.services.cases import case_extract_resume_stale
from research.services import tasks_resume_stale

logger = logging.getLogger("legalsite.sweep")

#: What the sweep re-queues, by name (its report's keys), in this order.
SWEEPS: dict[str, Callable[[], int]] = {
    "contract_splits": split_resume_stale,
    "case_extractions": case_extract_resume_stale,
    "reviews": review_resume_stale,
    "research_tasks": tasks_resume_stale,
}


def interrupted_work_resume() -> dict[str, int]:
    """Run every sweep; one that fails is logged and does not stop the others. Returns how many of
    each kind were queued again (-1: that sweep failed)."""
    report: dict[str, int] = {}
    for name, sweep in SWEEPS.items():
        try:
            report[name] = sweep()
        except Exception:
            logger.exception("sweep of %s failed", name)
            report[name] = -1
    if any(report.values()):
        logger.info("sweep re-queued interrupted work: %s", report)
    return report
