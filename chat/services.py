"""Writes for chat: sessions, turns, feedback, summaries."""

from __future__ import annotations

import logging

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from chat.models import ChatSession, Feedback, Message
from firm.models import Matter
from firm.roles import does_client_work
from firm.selectors import matter_is_member
from legalsite.realtime import EventLog

logger = logging.getLogger("legalsite.audit")

MAX_QUESTION_CHARS = 30_000
DISCLAIMER = "本回答由系统依据现行法律法规自动生成，仅供参考，不构成正式法律意见；具体案件请咨询执业律师。"


def _check_matter(actor: AbstractUser, matter: Matter | None) -> None:
    if matter is not None and not matter_is_member(user=actor, matter=matter):
        raise PermissionDenied("您不在该案件团队中，不能将会话归入该案件")


def session_create(*, actor: AbstractUser, title: str = "", matter: Matter | None = None) -> ChatSession:
    if not does_client_work(actor):
        raise PermissionDenied("合规人员不能创建咨询会话")
    _check_matter(actor, matter)
    session = ChatSession.objects.create(owner=actor, title=title.strip()[:200], matter=matter)
    logger.info("chat.session_created id=%s by=%s matter=%s", session.pk, actor.username, matter and matter.pk)
    return session


def session_update(*, actor: AbstractUser, session: ChatSession, title: str | None = None,
                   matter: Matter | None | bool = False) -> ChatSession:
    """``matter=False`` leaves the matter unchanged; ``None`` detaches it."""
    fields = ["updated_at"]
    if title is not None:
        session.title = title.strip()[:200]
        fields.append("title")
    if matter is not False:
        _check_matter(actor, matter or None)
        session.matter = matter or None
        fields.append("matter")
    session.save(update_fields=fields)
    return session


def session_delete(*, actor: AbstractUser, session: ChatSession) -> None:
    if session.owner_id != actor.pk and not actor.is_superuser:
        raise PermissionDenied("只有会话所有人可以删除会话")
    logger.info("chat.session_deleted id=%s by=%s", session.pk, actor.username)
    session.delete()


def question_validate(content: str) -> str:
    text = (content or "").strip()
    if not text:
        raise ValidationError({"content": "问题不能为空"})
    if len(text) > MAX_QUESTION_CHARS:
        raise ValidationError({"content": f"问题过长（{len(text)} 字），上限为 {MAX_QUESTION_CHARS} 字"})
    return text


def turn_create(*, actor: AbstractUser, session: ChatSession, content: str) -> tuple[Message, Message]:
    """Store the question and a pending answer; the answer is produced by ``chat.tasks.chat_turn_run``."""
    text = question_validate(content)

    def in_flight() -> bool:
        return session.messages.filter(role=Message.Role.ASSISTANT,
                                       status__in=[Message.Status.PENDING, Message.Status.RUNNING]).exists()

    if in_flight() and (turns_abandon_stale(session=session) == 0 or in_flight()):
        raise ValidationError({"content": "上一个问题仍在回答中，请稍候"})
    with transaction.atomic(savepoint=False):  # inside turn_start's transaction: no savepoint round trips
        question = Message.objects.create(session=session, role=Message.Role.USER, content=text)
        answer = Message.objects.create(session=session, role=Message.Role.ASSISTANT, reply_to=question,
                                        status=Message.Status.PENDING, turn_id=question.turn_id)
        if not session.title:
            session.title = text[:40]
        session.save(update_fields=["title", "updated_at"])
    return question, answer


def turns_abandon_stale(*, session: ChatSession | None = None) -> int:
    """Mark turns failed that no worker can still be working on (older than the task time limit):
    their worker died and the task never came back. The question stays; the user can ask again."""
    from datetime import timedelta

    from django.conf import settings

    cutoff = timezone.now() - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 60)
    stale = Message.objects.filter(role=Message.Role.ASSISTANT, created_at__lt=cutoff,
                                   status__in=[Message.Status.PENDING, Message.Status.RUNNING])
    if session is not None:
        stale = stale.filter(session=session)
    return stale.update(status=Message.Status.ERROR, disclaimer=DISCLAIMER,
                        content="抱歉，本问题长时间未得到处理（后台进程可能已退出），回答未能完成。请重新提问。")


def feedback_set(*, actor: AbstractUser, message: Message, rating: int, comment: str = "") -> Feedback:
    if message.role != Message.Role.ASSISTANT:
        raise ValidationError({"message": "只能评价助手的回答"})
    if not 1 <= int(rating) <= 5:
        raise ValidationError({"rating": "评分须为 1–5"})
    feedback, _ = Feedback.objects.update_or_create(
        message=message, user=actor, defaults={"rating": int(rating), "comment": comment.strip()[:2000]}
    )
    return feedback


def summary_set(*, session: ChatSession, text: str) -> ChatSession:
    session.summary = text
    session.summary_updated_at = timezone.now()
    session.save(update_fields=["summary", "summary_updated_at"])
    return session


def summary_delete(*, session: ChatSession) -> ChatSession:
    session.summary = ""
    session.summary_updated_at = None
    session.save(update_fields=["summary", "summary_updated_at"])
    return session


def session_group(session_id: int) -> str:
    return f"chat.{session_id}"


def turn_log(turn_id: object) -> EventLog:
    return EventLog(f"chat.turn.{turn_id}")


def turn_start(*, actor: AbstractUser, session: ChatSession, content: str) -> tuple[Message, Message]:
    """Create the turn and queue the worker task once the rows are committed."""
    from chat.tasks import chat_turn_run

    with transaction.atomic():
        question, answer = turn_create(actor=actor, session=session, content=content)
        transaction.on_commit(lambda: chat_turn_run.delay(answer.pk))
    return question, answer


def turn_replay(*, session: ChatSession) -> list[dict]:
    """Events so far of the session's turn in flight (none when every answer is complete)."""
    pending = session.messages.filter(
        role=Message.Role.ASSISTANT, status__in=[Message.Status.PENDING, Message.Status.RUNNING]
    ).first()
    return turn_log(pending.turn_id).read() if pending else []
