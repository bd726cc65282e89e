"""Semantic memory: every message is embedded; the five most similar earlier messages of the
session join the agents' context."""

from __future__ import annotations

import logging

from pgvector.django import CosineDistance

from chat.models import ChatSession, Message
from knowledge.embeddings import get_embedder

logger = logging.getLogger(__name__)
RECALL = 5


def _embed_many(texts: list[str]) -> list[list[float]] | None:
    try:
        return [[float(x) for x in row] for row in get_embedder().embed([text[:4000] for text in texts])]
    except Exception:  # memory is an aid; an embedding failure must not fail the turn
        logger.warning("could not embed message texts", exc_info=True)
        return None


def _embed(text: str) -> list[float] | None:
    vectors = _embed_many([text])
    return vectors[0] if vectors else None


def remember(*messages: Message) -> None:
    """Embed and store the messages (one embedding call for all of them)."""
    messages = tuple(m for m in messages if m.content)
    vectors = _embed_many([m.content for m in messages]) if messages else None
    if vectors:
        for message, vector in zip(messages, vectors, strict=True):
            message.embedding = vector
        Message.objects.bulk_update(messages, ["embedding"])


def recall(*, session: ChatSession, vector: list[float], exclude: list[int], limit: int = RECALL) -> list[str]:
    """Texts of the most similar earlier messages (same embedding size only)."""
    from django.db.models.expressions import RawSQL

    rows = (
        session.messages.exclude(pk__in=exclude)
        .filter(embedding__isnull=False, status=Message.Status.COMPLETE)
        .annotate(dims=RawSQL("vector_dims(embedding)", []))
        .filter(dims=len(vector))
        .order_by(CosineDistance("embedding", vector))[:limit]
    )
    return [f"{'问' if m.role == Message.Role.USER else '答'}：{m.content}" for m in rows]


def remember_and_recall(*, message: Message, session: ChatSession) -> list[str]:
    """Embed the question, store it, and return what earlier in the session resembles it."""
    vector = _embed(message.content)
    if vector is None:
        return []
    Message.objects.filter(pk=message.pk).update(embedding=vector)
    exclude = [message.pk, *Message.objects.filter(reply_to=message).values_list("pk", flat=True)]
    return recall(session=session, vector=vector, exclude=exclude)
