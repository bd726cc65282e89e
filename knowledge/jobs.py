"""The case library's stored work for the job kernel (``core.jobs``): a case document's extraction.
It stays ``pending`` while a worker holds it; ``started_at`` (when it was taken) is its heartbeat."""

from __future__ import annotations

from core.jobs import JobKind
from knowledge.models import CaseDocument

#: The Celery task that extracts one uploaded case document (``knowledge.tasks.case_extract``).
CASE_EXTRACT_TASK = "knowledge.tasks.case_extract"
#: An extraction taken this long ago and still pending lost its worker: it is taken again.
EXTRACT_STALE_SECONDS = 600

CASE_EXTRACTION = JobKind(
    name="case_extractions", model=CaseDocument, task=CASE_EXTRACT_TASK,
    queued=(CaseDocument.Status.PENDING,), running=(CaseDocument.Status.PENDING,), failed=CaseDocument.Status.FAILED,
    stale_seconds=lambda: EXTRACT_STALE_SECONDS, heartbeat_field="started_at",
    sweep="knowledge.services.cases.case_extract_resume_stale",
)
