"""Reads for chat: always scoped to what the user may see (owner or matter team)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Avg, Count, QuerySet
from django.http import Http404

from chat.models import ChatSession, Feedback, Message
from firm.selectors import visible_to

UserLike = AbstractBaseUser | AnonymousUser


def session_list(*, user: UserLike, matter_id: int | None = None) -> QuerySet[ChatSession]:
    queryset = visible_to(ChatSession, user=user).select_related("matter", "owner")
    if matter_id is not None:
        queryset = queryset.filter(matter_id=matter_id)
    return queryset


def session_get(*, user: UserLike, session_id: int) -> ChatSession:
    """Raises ``ChatSession.DoesNotExist`` when absent *or* not visible (the caller answers 404)."""
    return session_list(user=user).get(pk=session_id)


def session_get_or_404(*, user: UserLike, session_id: int) -> ChatSession:
    """``session_get`` for the portal and the API: absent or walled off is the same 404."""
    try:
        return session_get(user=user, session_id=session_id)
    except ChatSession.DoesNotExist:
        raise Http404("会话不存在或无权查看") from None


def session_facts(*, session: ChatSession) -> dict[str, Any]:
    """What a chat session tells a draft (drafting's pre-fill, through the hook ``chat.session_facts``):
    its state memory, the user's messages, and the citations the answers verified as valid."""
    messages = list(session.messages.filter(status=Message.Status.COMPLETE).order_by("created_at", "pk")
                    .values_list("role", "content", "citations"))
    asked = [content for role, content, _ in messages if role == Message.Role.USER]
    cited = [c for role, _, citations in messages if role == Message.Role.ASSISTANT for c in (citations or [])
             if isinstance(c, dict)]
    return {"state": session.state or {}, "messages": asked, "citations": cited}


def session_messages(*, session: ChatSession) -> QuerySet[Message]:
    return session.messages.all()


def turn_history(*, answer: Message, limit: int) -> list[dict[str, str]]:
    """The conversation before a turn's question, oldest first: its ``limit`` most recent complete
    messages as ``{"role", "content"}``."""
    rows = (answer.session.messages.filter(status=Message.Status.COMPLETE, created_at__lt=answer.reply_to.created_at)
            .order_by("-created_at").values_list("role", "content")[:limit])
    return [{"role": role, "content": content} for role, content in rows][::-1]


def message_get(*, user: UserLike, message_id: int) -> Message:
    return Message.objects.select_related("session").get(
        pk=message_id, session__in=session_list(user=user).values("pk")
    )


def feedback_stats(*, user: UserLike) -> dict[str, object]:
    """Rating statistics over the answers the user may see."""
    feedback = Feedback.objects.filter(message__session__in=session_list(user=user).values("pk"))
    totals = feedback.aggregate(count=Count("pk"), average=Avg("rating"))
    by_rating = {str(row["rating"]): row["n"] for row in feedback.values("rating").annotate(n=Count("pk"))}
    by_domain: dict[str, dict[str, float]] = {}
    for row in feedback.values("message__intent__domain").annotate(n=Count("pk"), avg=Avg("rating")):
        domain = row["message__intent__domain"] or "unknown"
        by_domain[domain] = {"count": row["n"], "average": round(float(row["avg"]), 2)}
    return {
        "count": totals["count"],
        "average": round(float(totals["average"]), 2) if totals["average"] is not None else None,
        "by_rating": {str(r): by_rating.get(str(r), 0) for r in range(1, 6)},
        "by_domain": by_domain,
    }


def feedback_by_message(*, user: UserLike, message_ids: list[int]) -> dict[int, Feedback]:
    """The user's own feedback on these messages, by message id."""
    return {f.message_id: f for f in Feedback.objects.filter(user=user, message__in=message_ids)}
