"""Writes for research tasks: create, run (what the worker task calls), cancel, approve or re-plan,
resume, attach to a matter, export; and the synchronous ``predict``.

Every change a lawyer makes is an audit event (``research_task.created|cancelled|plan_approved|
replanned|resumed|attached|exported``). A run claims its task with one UPDATE (queued → planning),
so two workers never run the same task; a task found mid-run when its message comes back (the
worker died, ``acks_late``) is marked failed with the steps done kept, and can be resumed.
The periodic sweep (:func:`tasks_resume_stale`) resumes a task whose worker died on its own, and
sends again a task queued too long without a worker taking it.
"""

from __future__ import annotations

import logging
import threading
import unicodedata
import uuid
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from celery import current_app as celery_app
from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import close_old_connections, connections, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from agents import events
from agents.aio import in_caller_transaction, run_sync
from agents.llm import LLMGateway
from agents.tools import ToolRegistry
from core import realtime
from core.jobs import job_claim, job_resume, job_send, stale_jobs
from firm.models import Matter
from firm.roles import does_client_work
from firm.selectors import matter_is_member
from firm.services import work_move_check
from legal import engine as card_engine
from research import events as research_events
from research.constants import (
    CANCELLED_TEXT,
    INTERRUPTED_TEXT,
    MAX_QUESTION_CHARS,
    MAX_REPLAN_ROUNDS,
    MIN_QUESTION_CHARS,
    TOOL_TYPES,
    task_group,
    task_log,
)
from research.jobs import TASK
from research.models import ResearchStep, ResearchTask
from research.services import store
from research.services.pipeline import ResearchRun, RunStopped, TaskSink, supervise
from research.services.planner import normalise_steps
from tracing.runs import traced_run
from tracing.services import audit_event_record

logger = logging.getLogger("legalsite.audit")

__all__ = ["InvalidQuestion", "PredictResult", "PredictTimeout", "predict", "question_validate", "task_approve",
           "task_attach", "task_cancel", "task_create", "task_export", "task_replan", "task_resume", "task_run",
           "tasks_abandon_stale", "tasks_resume_stale"]

_ALLOWED_CONTROLS = {"\n", "\r", "\t"}


class InvalidQuestion(ValueError):
    """A question the research agent refuses: ``reason`` is a code, ``detail`` says why in Chinese."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def question_validate(value: Any) -> str:
    """The question, stripped: a string of 2–2,000 characters, without control characters, not only
    punctuation and whitespace. Raises :class:`InvalidQuestion`."""
    if value is None:
        raise InvalidQuestion("missing", "缺少 question 字段")
    if not isinstance(value, str):
        raise InvalidQuestion("wrong_type", f"question 必须是字符串，收到的是 {type(value).__name__}")
    if any(unicodedata.category(ch) == "Cc" and ch not in _ALLOWED_CONTROLS for ch in value):
        raise InvalidQuestion("control_characters", "question 含有控制字符")
    text = value.strip()
    if not text:
        raise InvalidQuestion("empty", "question 不能为空")
    if all(unicodedata.category(ch)[0] in "PSZ" or ch.isspace() for ch in text):
        raise InvalidQuestion("only_punctuation", "question 只有标点或空白")
    if len(text) < MIN_QUESTION_CHARS:
        raise InvalidQuestion("too_short", f"question 过短：至少 {MIN_QUESTION_CHARS} 个字符")
    if len(text) > MAX_QUESTION_CHARS:
        raise InvalidQuestion("too_long", f"question 过长：{len(text)} 个字符，上限为 {MAX_QUESTION_CHARS}")
    return text


def _matter_ref(matter: Matter | None) -> dict[str, Any] | None:
    return {"id": matter.pk, "number": matter.number} if matter is not None else None


def _publish_status(task: ResearchTask) -> None:
    event = research_events.task_status(str(task.trace_id or ""), status=task.status, task_id=task.pk)
    stream = realtime.EventStream(task_group(task.pk), task_log(task.pk))
    transaction.on_commit(lambda: stream.publish(dict(event)))


# --- create and queue --------------------------------------------------------------------------------
def task_create(*, actor: AbstractUser, question: Any, matter: Matter | None = None,
                review_plan: bool = False, queue: bool = True) -> ResearchTask:
    """Store a task and queue it once committed (``queue=False``: the caller runs it, e.g. the
    console command)."""
    if not does_client_work(actor):
        raise PermissionDenied("合规人员不能创建研究任务")
    try:
        text = question_validate(question)
    except InvalidQuestion as exc:
        raise ValidationError({"question": exc.detail}) from None
    if matter is not None and not matter_is_member(user=actor, matter=matter):
        raise PermissionDenied("您不在该案件团队中，不能在该案件下创建研究任务")
    with transaction.atomic():
        task = ResearchTask.objects.create(owner=actor, matter=matter, question=text, review_plan=bool(review_plan))
        audit_event_record(actor=actor, event_type="research_task.created", obj=task,
                           new={"question": text[:200], "matter": _matter_ref(matter), "review_plan": task.review_plan})
        if queue:
            transaction.on_commit(lambda: task_queue(task_id=task.pk))
    return task


def task_queue(*, task_id: int) -> bool:
    """Hand a stored task to a worker (``research.tasks.task_run``). When the broker cannot be
    reached the task stays queued with ``WAITING_FOR_BROKER_TEXT`` as its error, and the sweep
    (:func:`tasks_resume_stale`) sends it once the broker is back."""
    return job_send(TASK, task_id, sender=celery_app)


# --- the run ------------------------------------------------------------------------------------------
def task_claim(*, task_id: int) -> tuple[ResearchTask | None, str]:
    """Mark a queued task planning, with a new trace id: one UPDATE, so two workers cannot both
    claim it. A task found mid-run was interrupted (its worker died and the message came back): it
    is marked failed, its finished steps kept. Returns the task and ``claimed``, ``interrupted`` or
    ``settled``."""
    now = timezone.now()
    if job_claim(TASK, task_id, stale_running=False, only=Q(cancel_requested=False),
                 status=ResearchTask.Status.PLANNING, trace_id=uuid.uuid4(), started_at=now, error=""):
        outcome = "claimed"
    elif _stale(ResearchTask.objects.filter(pk=task_id)).exists() and tasks_abandon_stale(task_id=task_id):
        outcome = "interrupted"
    else:
        # settled, or running on a live worker (its heartbeat is fresh): an old message changes nothing
        outcome = "settled"
    task = ResearchTask.objects.select_related("owner", "matter").filter(pk=task_id).first()
    return task, outcome


def _emit_for(task: ResearchTask, recorder: Any, console: Any = None) -> Any:
    return events.fanout(recorder, TaskSink(task.pk, console=console))


def _settle_stopped(task: ResearchTask, reason: str) -> None:
    if reason == "cancelled":
        store.task_set(task.pk, status=ResearchTask.Status.CANCELLED, error=CANCELLED_TEXT, finished_at=timezone.now())
    else:
        store.task_set(task.pk, status=ResearchTask.Status.FAILED, error="超过研究时限", finished_at=timezone.now())
    ResearchStep.objects.filter(task_id=task.pk, status=ResearchStep.Status.RUNNING).update(
        status=ResearchStep.Status.PENDING)
    task.refresh_from_db()
    _publish_status(task)


def task_run(*, task_id: int, console: Any = None, gateway: LLMGateway | None = None,
             registry: ToolRegistry | None = None) -> ResearchTask | None:
    """Run one task (what the worker task calls). Idempotent: a settled task is left alone; one
    interrupted mid-run is marked failed (resumable). The run acts as the task's owner within the
    task's matter, in a trace of kind ``research``."""
    task, outcome = task_claim(task_id=task_id)
    if task is not None and outcome == "interrupted":
        _publish_status(task)
    if task is None or outcome != "claimed":
        return task
    try:
        with traced_run("research", task.owner, task, task.matter, trace_id=task.trace_id) as recorder:
            run = ResearchRun(task, emit=_emit_for(task, recorder, console), gateway=gateway, registry=registry,
                              recorder=recorder)
            try:
                run_sync(supervise(run))
            except RunStopped as stopped:
                _settle_stopped(task, stopped.reason)
                recorder.close(status="cancelled" if stopped.reason == "cancelled" else "timeout",
                               error=stopped.reason)
                return ResearchTask.objects.get(pk=task_id)
    except Exception:  # the task must end settled, whatever failed (the trace is closed as failed)
        logger.exception("research task %s failed", task_id)
        store.task_set(task_id, status=ResearchTask.Status.FAILED, error="内部错误，已记录追踪编号",
                       finished_at=timezone.now())
        ResearchStep.objects.filter(task_id=task_id, status=ResearchStep.Status.RUNNING).update(
            status=ResearchStep.Status.PENDING)
        task.refresh_from_db()
        _publish_status(task)
        return task
    return ResearchTask.objects.get(pk=task_id)


def _stale(rows: QuerySet[ResearchTask]) -> QuerySet[ResearchTask]:
    """The job kernel's stale rule for research: active, heartbeat older than RESEARCH_STALE_SECONDS."""
    return stale_jobs(TASK, statuses=TASK.running, seconds=TASK.stale_seconds(), rows=rows)


def tasks_abandon_stale(*, task: ResearchTask | None = None, task_id: int | None = None) -> int:
    """Mark failed the running tasks whose heartbeat stopped (their worker died and nothing will
    come back): their finished steps are kept and they can be resumed."""
    rows = ResearchTask.objects.all()
    if task is not None or task_id is not None:
        rows = rows.filter(pk=task.pk if task is not None else task_id)
    ids = list(_stale(rows).values_list("pk", flat=True))
    if not ids:
        return 0
    count = ResearchTask.objects.filter(pk__in=ids, status__in=ResearchTask.ACTIVE).update(
        status=ResearchTask.Status.FAILED, error=INTERRUPTED_TEXT, finished_at=timezone.now())
    ResearchStep.objects.filter(task_id__in=ids, status=ResearchStep.Status.RUNNING).update(
        status=ResearchStep.Status.PENDING)
    if task is not None:
        task.refresh_from_db()
    return count


# --- the lawyer's actions --------------------------------------------------------------------------------
def task_cancel(*, actor: AbstractUser, task: ResearchTask) -> ResearchTask:
    """Ask the run to stop (it does within ``RESEARCH_HEARTBEAT`` seconds); a task not running yet
    is cancelled at once."""
    if task.settled:
        raise ValidationError({"status": "任务已结束，无法取消"})
    with transaction.atomic():
        old = task.status
        if ResearchTask.objects.filter(pk=task.pk, status__in=[ResearchTask.Status.QUEUED,
                                                               ResearchTask.Status.AWAITING_APPROVAL]).update(
                status=ResearchTask.Status.CANCELLED, cancel_requested=True, error=CANCELLED_TEXT,
                finished_at=timezone.now()):
            task.refresh_from_db()
            _publish_status(task)
        else:
            ResearchTask.objects.filter(pk=task.pk).update(cancel_requested=True)
            task.refresh_from_db()
        audit_event_record(actor=actor, event_type="research_task.cancelled", obj=task, old={"status": old},
                           new={"status": task.status, "cancel_requested": True})
    return task


def _steps_from_edit(steps: Any) -> list[dict[str, Any]]:
    if not isinstance(steps, list) or not steps:
        raise ValidationError({"steps": "计划至少需要一个步骤"})
    for item in steps:
        if not isinstance(item, dict) or not str(item.get("description", "")).strip():
            raise ValidationError({"steps": "每个步骤都需要说明"})
        if item.get("tool_type", "none") not in TOOL_TYPES:
            raise ValidationError({"steps": f"未知的工具类型：{item.get('tool_type')}"})
    return normalise_steps(steps)


def task_approve(*, actor: AbstractUser, task: ResearchTask, steps: Any = None) -> ResearchTask:
    """Approve the plan of a task waiting for it, with the lawyer's edits (steps edited, reordered
    or removed), and queue the run."""
    if task.status != ResearchTask.Status.AWAITING_APPROVAL:
        raise ValidationError({"status": "任务不在待确认计划状态"})
    with transaction.atomic():
        plan = dict(task.plan or {})
        edited = steps is not None
        if edited:
            new_steps = _steps_from_edit(steps)
            store.steps_replace(task.pk, new_steps)
            plan.update(steps=new_steps, source="edited")
        plan["approved"] = True
        task.plan, task.status = plan, ResearchTask.Status.QUEUED
        task.save(update_fields=["plan", "status", "updated_at"])
        audit_event_record(actor=actor, event_type="research_task.plan_approved", obj=task,
                           new={"steps": len(plan.get("steps", [])), "edited": edited})
        transaction.on_commit(lambda: task_queue(task_id=task.pk))
    _publish_status(task)
    return task


def task_replan(*, actor: AbstractUser, task: ResearchTask) -> ResearchTask:
    """Throw the plan away and plan again (at most ``MAX_REPLAN_ROUNDS`` times)."""
    if task.status != ResearchTask.Status.AWAITING_APPROVAL:
        raise ValidationError({"status": "任务不在待确认计划状态"})
    if task.replan_rounds >= MAX_REPLAN_ROUNDS:
        raise ValidationError({"status": f"重新计划已达上限（{MAX_REPLAN_ROUNDS} 次）"})
    with transaction.atomic():
        ResearchStep.objects.filter(task=task).delete()
        task.plan, task.status, task.replan_rounds = {}, ResearchTask.Status.QUEUED, task.replan_rounds + 1
        task.save(update_fields=["plan", "status", "replan_rounds", "updated_at"])
        audit_event_record(actor=actor, event_type="research_task.replanned", obj=task,
                           new={"round": task.replan_rounds})
        transaction.on_commit(lambda: task_queue(task_id=task.pk))
    _publish_status(task)
    return task


def task_resume(*, actor: AbstractUser, task: ResearchTask) -> ResearchTask:
    """Run a failed or cancelled task again from where it stopped: steps done are kept."""
    tasks_abandon_stale(task=task)
    if task.status not in (ResearchTask.Status.FAILED, ResearchTask.Status.CANCELLED):
        raise ValidationError({"status": "只有失败或已取消的任务可以继续"})
    return _resume(actor=actor, task=task)


def _resume(*, actor: AbstractUser | None, task: ResearchTask, detail: dict[str, Any] | None = None
            ) -> ResearchTask:
    """Queue ``task`` again (the job kernel's resume): by a lawyer (``actor``), or by the sweep
    (``actor`` None), which counts its resumes and after ``JOB_MAX_RESUMES`` leaves the task failed
    with ``core.jobs.RESUME_LIMIT_TEXT`` (``research_task.resume_limit``)."""
    with transaction.atomic():
        old = task.status
        plan = dict(task.plan, approved=True) if (task.review_plan and not task.plan.get("approved")
                                                  and task.plan.get("steps")) else task.plan
        resumed = job_resume(TASK, task.pk, expect=Q(status=old), automatic=actor is None, cancel_requested=False,
                             finished_at=None, plan=plan, updated_at=timezone.now())
        task.refresh_from_db()
        if resumed == "exhausted":
            audit_event_record(actor=None, actor_name="system", event_type="research_task.resume_limit", obj=task,
                               old={"status": old}, new={"status": task.status, "error": task.error},
                               detail={"resumes": task.attempts})
        if resumed != "queued":
            transaction.on_commit(lambda: _publish_status(task))
            return task
        ResearchStep.objects.filter(task=task).exclude(status=ResearchStep.Status.DONE).update(
            status=ResearchStep.Status.PENDING)
        audit_event_record(actor=actor, actor_name="" if actor is not None else "system",
                           event_type="research_task.resumed", obj=task, old={"status": old},
                           new={"status": task.status,
                                "steps_kept": task.steps.filter(status=ResearchStep.Status.DONE).count()},
                           detail=detail)
        transaction.on_commit(lambda: task_queue(task_id=task.pk))
    _publish_status(task)
    return task


def tasks_resume_stale() -> int:
    """What the periodic sweep does for research: a task whose worker died (heartbeat older than
    ``RESEARCH_STALE_SECONDS``) is marked interrupted and resumed as a lawyer's resume would (steps
    done kept, ``research_task.resumed`` by ``system``); one whose cancellation was asked is left
    failed. A task queued for longer than ``SWEEP_QUEUED_GRACE_SECONDS`` that no worker took is sent
    again (``research_task.requeued``). Each is taken with one conditional UPDATE, so concurrent
    sweeps, an old message and a lawyer's resume never run it twice. Returns the tasks sent."""
    sent = 0
    for task in _stale(ResearchTask.objects.select_related("owner", "matter")):
        if not tasks_abandon_stale(task=task) or task.cancel_requested:
            continue
        if _resume(actor=None, task=task, detail={"reason": "stale"}).status == ResearchTask.Status.QUEUED:
            sent += 1
    now = timezone.now()
    waited = now - timedelta(seconds=settings.SWEEP_QUEUED_GRACE_SECONDS)
    queued = ResearchTask.objects.filter(status=ResearchTask.Status.QUEUED, cancel_requested=False,
                                         updated_at__lt=waited)
    for task in queued:
        with transaction.atomic():
            # updated_at is when it was last sent: the next sweep waits the grace again
            if not ResearchTask.objects.filter(pk=task.pk, status=ResearchTask.Status.QUEUED,
                                               updated_at=task.updated_at).update(updated_at=now):
                continue
            audit_event_record(actor=None, actor_name="system", event_type="research_task.requeued", obj=task,
                               new={"status": task.status}, detail={"reason": "not_taken"})
        sent += task_queue(task_id=task.pk)
    return sent


def task_attach(*, actor: AbstractUser, task: ResearchTask, matter: Matter) -> ResearchTask:
    """File a task's result under a matter (the rule for moving work: ``work_move_check``)."""
    with transaction.atomic():
        source = task.matter
        work_move_check(actor=actor, work_owner=task.owner, current_matter=source, target_matter=matter)
        task.matter, task.attached_at = matter, timezone.now()
        task.save(update_fields=["matter", "attached_at", "updated_at"])
        audit_event_record(actor=actor, event_type="research_task.attached", obj=task, matter=source,
                           old={"matter": _matter_ref(source)}, new={"matter": _matter_ref(matter)})
        realtime.access_changed(task_group(task.pk))
    return task


EXPORT_KINDS = ("md", "json", "docx")


def task_export(*, actor: AbstractUser, task: ResearchTask, kind: str) -> Any:
    """The task's question, plan, steps and answer as ``kind`` (json: a dict; md: text; docx: the Word
    report, bytes), recorded as an audit event (client work leaving the system)."""
    if kind not in EXPORT_KINDS:
        raise ValidationError({"format": "可选 md、json、docx"})
    steps = store.steps_load(task.pk)
    if kind == "docx":
        from research.report import task_report_docx

        content: Any = task_report_docx(task, steps)
    elif kind == "json":
        content = {"id": task.pk, "question": task.question, "status": task.status, "plan": task.plan,
                        "steps": steps, "answer": task.answer, "confidence": task.confidence,
                        "citations": task.citations, "sources": task.sources, "trace_id": str(task.trace_id or "")}
    else:
        lines = [f"# 研究任务：{task.question}", "", "## 研究步骤", ""]
        for index, step in enumerate(steps, start=1):
            mark = "✓" if step.get("verified") else "✗"
            summary = step.get("result_summary", "")
            lines.append(f"{index}. {mark} [{step['tool_type']}] {step['description']}：{summary}")
        lines += ["", "## 答案", "", task.answer or "（尚无答案）"]
        content = "\n".join(lines)
    with transaction.atomic():
        audit_event_record(actor=actor, event_type="research_task.exported", obj=task, detail={"format": kind})
    return content


# --- the synchronous /api/v1/predict -----------------------------------------------------------------------
@dataclass
class PredictResult:
    task: ResearchTask
    steps: list[dict[str, Any]] = field(default_factory=list)
    #: One conclusion per question part and the issue cards the answer stands on (ARCHITECTURE §8).
    conclusions: list[dict[str, Any]] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)


class PredictTimeout(Exception):
    """The deadline passed: ``partial`` are the steps finished so far."""

    def __init__(self, *, partial: list[dict[str, Any]], trace_id: str) -> None:
        super().__init__("timeout")
        self.partial = partial
        self.trace_id = trace_id


class PredictFailed(Exception):
    def __init__(self, *, trace_id: str) -> None:
        super().__init__("internal")
        self.trace_id = trace_id


def predict(*, actor: AbstractUser, question: str, deadline: float | None = None,
            gateway: LLMGateway | None = None, registry: ToolRegistry | None = None) -> PredictResult:
    """Research ``question`` now, in this process, within ``deadline`` seconds (default
    ``RESEARCH_DEADLINE``). The run is a task like any other (history, trace, audit). Raises
    :class:`PredictTimeout` with the steps done, or :class:`PredictFailed` with the trace id.

    The run happens in a thread of its own, like the OpenAI-compatible endpoint's turns
    (``integrations.streaming.CompletionRun``): a sync view under ASGI runs in asgiref's
    thread-sensitive context, and the tools' thread-sensitive calls made from it (the tool cache's
    async reads) were sent back to the request's own thread — blocked waiting for the run — so each
    search and look-up hung until its 30 s timeout and the step failed. A caller inside a transaction
    runs it in its own thread: another thread's connection could not see the caller's rows and would
    wait on its audit-chain lock (``agents.aio.run_sync`` then brings the run's database calls back)."""
    text = question_validate(question)
    if in_caller_transaction():
        return _predict(actor=actor, text=text, deadline=deadline, gateway=gateway, registry=registry)
    box: dict[str, Any] = {}

    def work() -> None:
        close_old_connections()
        try:
            box["result"] = _predict(actor=actor, text=text, deadline=deadline, gateway=gateway, registry=registry)
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc
        finally:
            connections.close_all()

    thread = threading.Thread(target=work, name="predict", daemon=True)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["result"]


def _predict(*, actor: AbstractUser, text: str, deadline: float | None, gateway: LLMGateway | None,
             registry: ToolRegistry | None) -> PredictResult:
    deadline = float(deadline if deadline is not None else getattr(settings, "RESEARCH_DEADLINE", 120))
    with transaction.atomic():
        task = ResearchTask.objects.create(owner=actor, question=text, status=ResearchTask.Status.PLANNING,
                                           trace_id=uuid.uuid4(), started_at=timezone.now(),
                                           heartbeat=timezone.now())
        audit_event_record(actor=actor, event_type="research_task.created", obj=task,
                           new={"question": text[:200], "matter": None, "via": "predict"})
    try:
        with traced_run("research", actor, task, None, trace_id=task.trace_id) as recorder:
            run = ResearchRun(task, emit=recorder, gateway=gateway, registry=registry, recorder=recorder)
            try:
                run_sync(supervise(run, deadline=deadline))
            except RunStopped as stopped:
                _settle_stopped(task, stopped.reason)
                recorder.close(status="timeout", error="deadline")
                done = [s for s in run.steps if s.get("status") in ("done", "failed")]
                raise PredictTimeout(partial=done, trace_id=str(task.trace_id)) from None
    except PredictTimeout:
        raise
    except Exception as exc:  # the trace is closed as failed
        logger.exception("predict failed (trace %s)", task.trace_id)
        store.task_set(task.pk, status=ResearchTask.Status.FAILED, error="内部错误", finished_at=timezone.now())
        raise PredictFailed(trace_id=str(task.trace_id)) from exc
    task.refresh_from_db()
    # one conclusion per sub-issue (the run's own), and the cards the sub-issues stand on
    issues = run_sync(run.issues())
    refs: dict[str, dict[str, Any]] = {}
    for issue in issues:
        for ref in issue.answer.cards():
            refs.setdefault(ref["slug"], ref)
    conclusions = list(task.conclusions or [])
    if not conclusions:
        cards = card_engine.card_answer(text, offline=run.gateway.offline, retrieve=True)
        conclusions = (cards.conclusions() if cards.decided and run.gateway.offline
                       else card_engine.conclusions_from_text(cards, task.answer, task.citations))
        for ref in cards.cards():
            refs.setdefault(ref["slug"], ref)
    return PredictResult(task=task, steps=run.steps, conclusions=conclusions, cards=list(refs.values()))
