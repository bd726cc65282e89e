"""Writes for chat: sessions, turns, feedback, summaries, exports.

A turn: :func:`turn_start` stores the question and a pending answer and queues the worker task,
which calls :func:`turn_run`: :func:`turn_claim`, the agents' work (``chat.turn``), then
:func:`turn_complete` or :func:`turn_fail`. Every row of a turn is written here.

Session, feedback, summary and export writes are audit events recorded in their own transaction
(``tracing.services.audit_event_record``); moving or deleting a session makes its open websockets
re-check their access once committed.
"""

from __future__ import annotations

import hashlib
import logging
import uuid
from collections.abc import Callable
from typing import Any

from celery import current_app as celery_app
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerUnavailable

from agents.aio import run_sync
from chat import export, turn
from chat.constants import (  # session_group: the consumers read it here
    ABANDONED_TEXT,
    DRAFTING_HANDOVER_TEXT,
    DRAFTING_INTENT,
    FAILURE_TEXT,
    IN_FLIGHT_TEXT,
    INTERRUPTED_TEXT,
    MAX_QUESTION_CHARS,
    NOT_QUEUED_TEXT,
    SUMMARY_TASK,
    TURN_TASK,
    session_group,
    turn_log,
)
from chat.jobs import TURN
from chat.models import ChatSession, Feedback, Message
from core import realtime
from core.jobs import job_claim, job_fail, stale_jobs
from core.validation import reject_nul
from firm.models import Matter
from firm.roles import does_client_work
from firm.selectors import matter_is_member
from firm.services import work_move_check
from legal.text.entities import Entities, extract_entities, merge
from legal.text.wording import DISCLAIMER
from tracing.runs import traced_run
from tracing.services import audit_event_record

logger = logging.getLogger("legalsite.audit")
log = logging.getLogger(__name__)


def _check_matter(actor: AbstractUser, matter: Matter | None) -> None:
    if matter is not None and not matter_is_member(user=actor, matter=matter):
        raise PermissionDenied("您不在该案件团队中，不能将会话归入该案件")


def _matter_ref(matter: Matter | None) -> dict[str, Any] | None:
    return {"id": matter.pk, "number": matter.number} if matter is not None else None


def session_create(*, actor: AbstractUser, title: str = "", matter: Matter | None = None) -> ChatSession:
    if not does_client_work(actor):
        raise PermissionDenied("合规人员不能创建咨询会话")
    _check_matter(actor, matter)
    reject_nul(title, "title")
    with transaction.atomic():
        session = ChatSession.objects.create(owner=actor, title=title.strip()[:200], matter=matter)
        audit_event_record(actor=actor, event_type="chat.session_created", obj=session,
                           new={"title": session.title, "matter": _matter_ref(matter)})
    return session


def session_ask(*, actor: AbstractUser, title: str = "", matter: Matter | None = None,
                content: str = "") -> ChatSession:
    """A new session that starts with a question: the session and its first turn are created
    together (a question refused by :func:`turn_create` leaves no empty session behind). With a blank
    ``content`` it is :func:`session_create`."""
    if not content.strip():
        return session_create(actor=actor, title=title, matter=matter)
    with transaction.atomic():
        session = session_create(actor=actor, title=title, matter=matter)
        turn_start(actor=actor, session=session, content=content)
    return session


def session_update(*, actor: AbstractUser, session: ChatSession, title: str | None = None,
                   matter: Matter | None | bool = False) -> ChatSession:
    """Rename a session or move it to another matter (``matter=False`` leaves the matter unchanged;
    ``None`` detaches it). Moving work is ``firm.services.work_move_check``'s rule and its own
    audit event (``chat.session_moved``, recorded against the matter it leaves); the session's
    open websockets then re-check their access."""
    old: dict[str, Any] = {}
    new: dict[str, Any] = {}
    with transaction.atomic():
        source = session.matter
        target = source if matter is False else (matter or None)
        moved = (target.pk if target else None) != session.matter_id
        if moved:
            work_move_check(actor=actor, work_owner=session.owner, current_matter=source, target_matter=target)
            old["matter"], new["matter"] = _matter_ref(source), _matter_ref(target)
            session.matter = target
        if title is not None and reject_nul(title, "title").strip()[:200] != session.title:
            old["title"], new["title"] = session.title, title.strip()[:200]
            session.title = new["title"]
        if not new:
            return session
        session.save(update_fields=["updated_at", *(["matter"] if moved else []), *(["title"] if "title" in new
                                                                                    else [])])
        if moved:
            audit_event_record(actor=actor, event_type="chat.session_moved", obj=session, matter=source,
                               old=old, new=new,
                               detail={"from_privileged": bool(source and source.privileged),
                                       "to_privileged": bool(target and target.privileged)})
            realtime.access_changed(session_group(session.pk))
        else:
            audit_event_record(actor=actor, event_type="chat.session_changed", obj=session, old=old, new=new)
    return session


def session_delete(*, actor: AbstractUser, session: ChatSession) -> None:
    if session.owner_id != actor.pk and not actor.is_superuser:
        raise PermissionDenied("只有会话所有人可以删除会话")
    group = session_group(session.pk)  # the primary key is gone after delete()
    with transaction.atomic():
        audit_event_record(actor=actor, event_type="chat.session_deleted", obj=session,
                           old={"title": session.title, "matter": _matter_ref(session.matter),
                                "owner": session.owner.get_username(), "messages": session.messages.count()})
        session.delete()
        realtime.access_changed(group)


EXPORT_KINDS = ("json", "md", "docx")


def session_export(*, actor: AbstractUser, session: ChatSession, kind: str) -> Any:
    """The session's history as ``kind`` (json: a dict; md: text; docx: bytes), recorded as an
    audit event (``chat.session_exported``): exports of client work leave the system."""
    if kind not in EXPORT_KINDS:
        raise ValidationError({"format": "可选 json、md、docx"})
    if kind == "json":
        content: Any = export.session_as_dict(session)
    elif kind == "md":
        content = export.session_as_markdown(session)
    else:
        content = export.session_as_docx(session)
    with transaction.atomic():
        audit_event_record(actor=actor, event_type="chat.session_exported", obj=session,
                           detail={"format": kind, "messages": session.messages.count()})
    return content


def question_validate(content: str) -> str:
    text = reject_nul((content or "").strip(), "content")
    if not text:
        raise ValidationError({"content": "问题不能为空"})
    if len(text) > MAX_QUESTION_CHARS:
        raise ValidationError({"content": f"问题过长（{len(text)} 字），上限为 {MAX_QUESTION_CHARS} 字"})
    return text


def turn_create(*, actor: AbstractUser, session: ChatSession, content: str) -> tuple[Message, Message]:
    """Store the question (asked by ``actor``) and a pending answer; :func:`turn_run` produces the
    answer. One answer at a time per session: while one is in flight (and not stale) the question
    is refused, and a database constraint makes that hold for concurrent asks too."""
    text = question_validate(content)
    if _in_flight(session) and (turns_abandon_stale(session=session) == 0 or _in_flight(session)):
        raise ValidationError({"content": IN_FLIGHT_TEXT})
    try:
        with transaction.atomic(savepoint=False):  # inside turn_start's transaction: no savepoint round trips
            question = Message.objects.create(session=session, role=Message.Role.USER, content=text, author=actor)
            answer = Message.objects.create(session=session, role=Message.Role.ASSISTANT, reply_to=question,
                                            status=Message.Status.PENDING, turn_id=question.turn_id)
            if not session.title:
                session.title = text[:40]
            session.save(update_fields=["title", "updated_at"])
    except IntegrityError as exc:
        if _constraint(exc) == "one_turn_in_flight_per_session":  # another ask won the race
            raise ValidationError({"content": IN_FLIGHT_TEXT}) from None
        raise
    return question, answer


def _in_flight(session: ChatSession) -> bool:
    return session.messages.filter(role=Message.Role.ASSISTANT,
                                   status__in=[Message.Status.PENDING, Message.Status.RUNNING]).exists()


def _constraint(exc: IntegrityError) -> str:
    diag = getattr(exc.__cause__, "diag", None)
    return getattr(diag, "constraint_name", None) or ""


def turns_abandon_stale(*, session: ChatSession | None = None) -> int:
    """Mark turns failed that no worker can still be working on (the job kernel's stale rule: no
    heartbeat, or none since it was claimed, for longer than the task time limit): their worker died
    and the task never came back. Whoever watches the turn is told; the question stays and the user
    can ask again. What the periodic sweep does for chat turns (``chat.jobs.TURN``)."""
    rows = Message.objects.filter(role=Message.Role.ASSISTANT)
    if session is not None:
        rows = rows.filter(session=session)
    stale = stale_jobs(TURN, statuses=[*TURN.queued, *TURN.running], seconds=TURN.stale_seconds(), rows=rows)
    failed = 0
    for answer in stale.only("pk", "session_id", "turn_id", "trace_id"):
        if job_fail(TURN, answer.pk, "", statuses=[answer.status], disclaimer=DISCLAIMER, content=ABANDONED_TEXT):
            failed += 1
            _announce(answer, ABANDONED_TEXT)
    return failed


def _announce(answer: Message, text: str) -> None:
    """Tell whoever watches the turn that it failed; a failure to publish is only logged."""
    try:
        turn.announce_failure(answer, text)
    except Exception:
        log.warning("turn %s: could not announce its failure", answer.pk, exc_info=True)


def feedback_set(*, actor: AbstractUser, message: Message, rating: int, comment: str = "") -> Feedback:
    if message.role != Message.Role.ASSISTANT:
        raise ValidationError({"message": "只能评价助手的回答"})
    if not 1 <= int(rating) <= 5:
        raise ValidationError({"rating": "评分须为 1–5"})
    values = {"rating": int(rating), "comment": comment.strip()[:2000]}
    with transaction.atomic():
        earlier = Feedback.objects.select_for_update().filter(message=message, user=actor).first()
        old = {"rating": earlier.rating, "comment": earlier.comment} if earlier else None
        if old == values:
            return earlier
        feedback, _ = Feedback.objects.update_or_create(message=message, user=actor, defaults=values)
        audit_event_record(actor=actor, event_type="chat.feedback_set", obj=message,
                           matter=ChatSession.objects.select_related("matter").get(pk=message.session_id).matter,
                           old=old, new=values, detail={"session": message.session_id})
    return feedback


def _summary_ref(text: str) -> dict[str, Any]:
    return {"chars": len(text), "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()} if text else {}


def summary_set(*, actor: AbstractUser | None, session: ChatSession, text: str, trace_id: str = "") -> ChatSession:
    """Store a session's summary (written by ``chat.summary``). The audit event keeps the summary's
    size and hash, not its text; the trace ``trace_id`` holds how it was made."""
    with transaction.atomic():
        old = _summary_ref(session.summary)
        session.summary = text
        session.summary_updated_at = timezone.now()
        session.save(update_fields=["summary", "summary_updated_at"])
        audit_event_record(actor=actor, event_type="chat.summary_set", obj=session, old=old or None,
                           new=_summary_ref(text), detail={"trace_id": trace_id} if trace_id else None)
    return session


def summary_notify(*, actor: AbstractUser | None, session: ChatSession) -> None:
    """Tell the session's sockets and ``actor``'s notifications that its summary is stored (a
    ``summary`` event); a failure to publish is logged: the session carries the summary."""
    event = {"type": "summary", "session_id": session.pk, "summary": session.summary,
             "summary_updated_at": session.summary_updated_at.isoformat() if session.summary_updated_at else None}
    try:
        realtime.group_publish(session_group(session.pk), event)
    except Exception:
        log.warning("session %s: could not publish its summary", session.pk, exc_info=True)
    if actor is not None:
        realtime.user_notify(actor.pk, event)  # logged and numbered; a failure is logged, never raised


def summary_request(*, actor: AbstractUser, session: ChatSession) -> ChatSession:
    """Queue the writing of ``session``'s summary (a worker task; a ``summary`` event follows). Returns
    the session as stored now: with an eager broker the summary is already there."""
    celery_app.tasks[SUMMARY_TASK].delay(session.pk, actor.pk)  # by name: chat.tasks imports this module
    session.refresh_from_db(fields=["summary", "summary_updated_at"])
    return session


def summary_delete(*, actor: AbstractUser, session: ChatSession) -> ChatSession:
    with transaction.atomic():
        old = _summary_ref(session.summary)
        session.summary = ""
        session.summary_updated_at = None
        session.save(update_fields=["summary", "summary_updated_at"])
        if old:
            audit_event_record(actor=actor, event_type="chat.summary_deleted", obj=session, old=old)
    return session


# --- turns -------------------------------------------------------------------------------------------
def turn_start(*, actor: AbstractUser, session: ChatSession, content: str) -> tuple[Message, Message]:
    """Create the turn and queue the worker task once the rows are committed. When the task cannot
    be queued (the broker is unreachable) the answer is saved failed at once, with a text that says
    so: the question is kept and the session is free for the next question."""
    with transaction.atomic():
        question, answer = turn_create(actor=actor, session=session, content=content)
        transaction.on_commit(lambda: _turn_queue_or_fail(answer))
    return question, answer


def _turn_queue_or_fail(answer: Message) -> None:
    try:
        turn_queue(answer_id=answer.pk)
    except BrokerUnavailable:
        log.error("turn %s could not be queued", answer.pk, exc_info=True)
        Message.objects.filter(pk=answer.pk, status=Message.Status.PENDING).update(
            status=Message.Status.ERROR, content=NOT_QUEUED_TEXT, disclaimer=DISCLAIMER)
        answer.status, answer.content, answer.disclaimer = Message.Status.ERROR, NOT_QUEUED_TEXT, DISCLAIMER


def turn_queue(*, answer_id: int) -> None:
    """Hand a stored turn to a worker (``chat.tasks.turn_run``)."""
    celery_app.send_task(TURN_TASK, args=[answer_id])


def turn_claim(*, answer_id: int) -> tuple[Message | None, str]:
    """Mark a pending answer running, with the id its trace will have: one UPDATE, so two workers
    cannot both claim it. An answer found running was interrupted (its worker died and the task
    came back) and is marked failed. Returns the answer and ``claimed``, ``interrupted`` or
    ``settled`` (complete or failed already: nothing to do)."""
    if job_claim(TURN, answer_id, stale_running=False, trace_id=uuid.uuid4()):
        outcome = "claimed"
    elif job_fail(TURN, answer_id, "", statuses=TURN.running, content=INTERRUPTED_TEXT, disclaimer=DISCLAIMER):
        outcome = "interrupted"
    else:
        outcome = "settled"
    answer = (Message.objects.select_related("session__owner", "session__matter", "reply_to__author")
              .defer("reply_to__embedding").filter(pk=answer_id).first())
    return answer, outcome


def drafting_handover(session_id: int) -> str:
    """The link a document_drafting answer ends with: 文书起草, pre-filled from this session."""
    return f"\n\n[{DRAFTING_HANDOVER_TEXT}]({reverse('drafting:index')}?session={session_id})"


def turn_complete(*, answer: Message, outcome: turn.TurnOutcome, routing: turn.Routing,
                  state: Entities) -> Message:
    """Save the answer (content, sources, verified citations, notices, intent) and the session's
    facts. A document_drafting answer hands over to 文书起草 (a link to a draft pre-filled from
    the session)."""
    answer.status, answer.content = Message.Status.COMPLETE, outcome.content
    if routing.route_intent == DRAFTING_INTENT:
        answer.content += drafting_handover(answer.session_id)
    answer.sources, answer.citations, answer.notices = outcome.sources, outcome.citations, outcome.notices
    answer.conclusions, answer.cards = outcome.conclusions, outcome.cards
    answer.disclaimer = DISCLAIMER if routing.legal else ""
    answer.intent = routing.as_intent() | {"offline": outcome.offline}
    answer.save(update_fields=["status", "content", "sources", "citations", "notices", "disclaimer", "intent",
                               "conclusions", "cards"])
    session = answer.session
    if state.to_dict() != session.state:
        ChatSession.objects.filter(pk=session.pk).update(state=state.to_dict())
    return answer


def turn_fail(*, answer: Message, text: str = FAILURE_TEXT) -> Message:
    """Save a failed answer: ``text`` says so; the question stays and can be asked again."""
    Message.objects.filter(pk=answer.pk).update(status=Message.Status.ERROR, content=text, disclaimer=DISCLAIMER)
    return Message.objects.get(pk=answer.pk)


def turn_run(*, answer_id: int) -> Message | None:
    """Produce the answer of one turn (what the worker task calls). Idempotent: a completed answer
    is left alone, and a turn whose worker died mid-way (status running) is marked failed, so the
    user can ask again. The turn runs as the user who asked, within the session's matter."""
    answer, claim = turn_claim(answer_id=answer_id)
    if answer is not None and claim == "interrupted":
        turn.announce_failure(answer, INTERRUPTED_TEXT)
    if answer is None or claim != "claimed":
        return answer
    try:
        with traced_run("chat", turn.turn_asker(answer), obj=answer, matter=answer.session.matter,
                        trace_id=answer.trace_id) as recorder:
            run = turn.TurnRun(answer, recorder)
            try:
                outcome, routing, state = run.answer()
            except Exception as exc:  # the agents failed: the failure is saved and told
                failed = turn_fail(answer=answer)
                run.failed(exc)
                return failed
            message = turn_complete(answer=answer, outcome=outcome, routing=routing, state=state)
            run.finished(message)
            return message
    except Exception:
        # the run could not start (or its end could not be saved): the trace is closed as failed, and
        # the turn must still end failed and told, or the session would refuse questions until the sweep
        log.exception("chat turn %s failed outside its agents", answer.pk)
        if job_fail(TURN, answer.pk, "", statuses=TURN.running, content=FAILURE_TEXT, disclaimer=DISCLAIMER):
            _announce(answer, FAILURE_TEXT)
        return Message.objects.get(pk=answer.pk)


def turn_answer_now(*, actor: AbstractUser, session: ChatSession, content: str,
                    multi_agent: bool | None = None, on_created: Callable[[Message], None] | None = None) -> Message:
    """Ask and answer one turn in this process (callers that hold the request open for the answer:
    the OpenAI-compatible endpoint, the mode comparison). The turn is stored, claimed, traced and
    saved exactly as a worker's; ``multi_agent`` chooses the routed specialists or the single
    agent for this turn (None: ENABLE_MULTI_AGENT). ``on_created`` gets the pending answer once it
    is stored, before the turn runs (a caller that follows the turn's events subscribes then)."""
    with transaction.atomic():
        _question, answer = turn_create(actor=actor, session=session, content=content)
    if on_created is not None:
        on_created(answer)
    with turn.multi_agent_mode(multi_agent):
        message = turn_run(answer_id=answer.pk)
    return message if message is not None else Message.objects.get(pk=answer.pk)


def history_import(*, actor: AbstractUser, session: ChatSession, turns: list[tuple[str, str]]) -> int:
    """Store a conversation held elsewhere as the session's earlier messages (``(role, content)``
    pairs, role ``user`` or ``assistant``), so the next turn reads them as its history, and fold the
    facts the user stated in them (amounts, periods, dates, parties) into the session's state memory,
    as if those turns had been asked here: a follow-up question then reads them."""
    rows = [Message(session=session, role=Message.Role.USER if role == "user" else Message.Role.ASSISTANT,
                    content=content, author=actor if role == "user" else None, status=Message.Status.COMPLETE)
            for role, content in turns if content.strip()]
    state = Entities.from_dict(session.state)
    for row in rows:
        if row.role == Message.Role.USER:
            state = merge(state, extract_entities(row.content))
    with transaction.atomic():
        for row in rows:  # one by one: created_at orders them
            row.save()
        if state.to_dict() != session.state:
            session.state = state.to_dict()
            session.save(update_fields=["state", "updated_at"])
    return len(rows)


def turn_replay(*, session: ChatSession, turn: str | None = None, after: int = 0) -> tuple[str | None, list[dict]]:
    """What a socket of the session sends on (re)connect. A page that followed ``turn`` (one of this
    session's turns) and showed its events up to ``after`` gets the newer ones, even when the turn
    ended meanwhile; the turn in flight, when it is another, is replayed in full. Returns the followed
    turn's id as the socket keys it (None when ``turn`` is not a turn of the session) and the events."""
    followed = None
    if turn:
        try:
            followed = str(uuid.UUID(turn))
        except ValueError:
            followed = None
    if followed is not None and not session.messages.filter(role=Message.Role.ASSISTANT, turn_id=followed).exists():
        followed = None
    pending = session.messages.filter(
        role=Message.Role.ASSISTANT, status__in=[Message.Status.PENDING, Message.Status.RUNNING]
    ).first()
    events = turn_log(followed).read(max(0, after)) if followed is not None else []
    if pending is not None and str(pending.turn_id) != followed:
        events += turn_log(pending.turn_id).read()
    return followed, events


# --- intent ------------------------------------------------------------------------------------------
def intent_classify(*, actor: AbstractUser, text: str) -> tuple[turn.Routing, str]:
    """Classify ``text`` as a turn would (rules, then the intent model), in a trace of its own
    (kind ``intent``, user ``actor``) that records the routing decision: compliance audits every
    routing decision, including those the API makes without a session. Returns the routing and
    the trace id."""
    with traced_run("intent", actor) as recorder:
        routing = run_sync(turn.classify_recorded(text, recorder))
    return routing, str(recorder.trace_id)
