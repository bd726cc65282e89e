"""Review runs of a contract: starting, cancelling and running them, and one agent review of one section.

An **auto** review walks every reviewed section (``contracts.constants.REVIEWED_KINDS``) in order in
a Celery task (:func:`review_run`): :func:`review_start` stores a queued run and sends the task by
name once committed; one auto-review at a time per contract (the partial unique index
``one_auto_review_in_flight`` makes that hold for concurrent starts too: the loser gets
:class:`ReviewInProgress`). The run

- opens a trace (kind ``contract_review``, user: who started it, the contract's matter);
- snapshots the contract's issues grouped by section (``ReviewRun.snapshot``, the agent's prompt);
- reviews each section after ``last_completed_order``: offline (no LLM configured) with the
  playbook (``contracts.playbook.section_findings``), the findings written and the run advanced
  in ONE transaction; with an LLM as one ``run_agent`` of the ``contract_review`` agent with its
  tools, the run advanced once the agent is done (an interrupted section's half-written agent issues
  are removed before it is reviewed again). So a worker killed mid-review resumes after the last
  completed section with no duplicate issue;
- checks ``cancel_requested`` and beats its heartbeat between sections;
- publishes ``progress`` {done, total, section} and ``issue`` {action, issue} events and the agent's
  §5 events to the group ``contract.<id>``;
- ends with the playbook's missing-clause check, the contract ``reviewed``.

A run whose heartbeat is older than ``settings.REVIEW_STALE_SECONDS`` was interrupted (its worker
died): starting an auto-review again marks it failed with its progress kept and resumes it (the same
run, queued again). The periodic sweep does the same on its own (:func:`review_resume_stale`), and
sends again a run still queued after ``settings.SWEEP_QUEUED_GRACE_SECONDS`` (its message was lost,
or could not be sent: the run then says ``WAITING_FOR_BROKER_TEXT``).

A **manual** run is the cursor of the per-contract chat: the console words move it section by
section and :func:`section_review` runs the agent on one section.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from celery import current_app as celery_app
from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from agents import events
from agents.aio import db_sync_to_async, run_sync
from agents.llm import get_gateway
from agents.registry import registry
from agents.runner import run_agent_recorded
from agents.tools import RunContext
from agents.types import AgentResult
from contracts import events as contract_events
from contracts.constants import (
    HEARTBEAT_SECONDS,
    IN_PROGRESS_TEXT,
    INTERRUPTED_TEXT,
    NO_SECTIONS_TEXT,
    REVIEW_AGENT,
    SNAPSHOT_PROMPT_CHARS,
    TEXT_BEGIN,
    TEXT_END,
    contract_group,
    review_log,
)
from contracts.jobs import REVIEW
from contracts.models import Contract, ReviewIssue, ReviewRun, Section
from contracts.playbook import contract_facts, missing_clause_findings, section_findings
from contracts.selectors import reviews as selectors
from contracts.selectors.contracts import contract_visible
from contracts.selectors.playbook import playbook_rules
from contracts.services import issues as issue_services
from contracts.services import live
from contracts.types import ExportSection, Finding, ReviewDeps
from core import realtime
from core.db import release_connections
from core.jobs import job_beat, job_claim, job_is_stale, job_resume, job_send, stale_jobs
from tracing.recorder import TraceRecorder
from tracing.runs import traced_run
from tracing.services import audit_event_record

logger = logging.getLogger("legalsite.contracts")

#: A sync callable given every event of a run besides the group (the console's printer).
Listener = Callable[[dict[str, Any]], None]


class ReviewInProgress(Exception):
    """An auto-review of the contract is already queued or running (HTTP 409)."""

    def __init__(self, run: ReviewRun) -> None:
        self.run = run
        self.message = IN_PROGRESS_TEXT.format(done=run.progress, total=run.total)
        super().__init__(self.message)


# --- events -------------------------------------------------------------------------------------------
def _stamp(event: Mapping[str, Any], run: ReviewRun) -> dict[str, Any]:
    return {**event, "contract_id": run.contract_id, "run_id": run.pk}


def run_stream(run: ReviewRun) -> realtime.EventStream:
    """The run's events: numbered in its log (``review_log``, replayed to a page that reconnects,
    ``contracts.consumers``) and published to the contract's group."""
    return realtime.EventStream(contract_group(run.contract_id), review_log(run.pk))


def publish(run: ReviewRun, event: Mapping[str, Any], listener: Listener | None = None) -> None:
    """Send one event of ``run`` to the contract's group, logged for replay (and to ``listener``). A
    failure to log or publish is logged: the page reads the run's state on reconnect."""
    stamped = _stamp(event, run)
    if listener is not None:
        listener(stamped)
    run_stream(run).publish(stamped)


def trace_of(run: ReviewRun) -> str:
    """The trace id events of ``run`` carry (a queued run has no trace yet: its own id stands in)."""
    return str(run.trace_id) if run.trace_id else f"review-{run.pk}"


def progress_event(run: ReviewRun, section: Section | None = None) -> contract_events.ProgressEvent:
    return contract_events.progress(
        trace_of(run), done=run.progress, total=run.total, status=run.status, mode=run.mode,
        section=({"id": section.pk, "order": section.order, "number": section.number or section.title}
                 if section is not None else None))


def issue_event(run: ReviewRun, action: str, issue: dict[str, Any]) -> contract_events.IssueEvent:
    return contract_events.issue(trace_of(run), action=action, issue=issue)


def _beat(run_id: int) -> None:
    job_beat(REVIEW, run_id)


class RunSink:
    """The agent's events: to the trace recorder, the contract's group and the listener. While the
    agent works on a section the run's heartbeat is renewed (at most every ``HEARTBEAT_SECONDS``),
    so a long section is never mistaken for a dead worker."""

    def __init__(self, run: ReviewRun, recorder: TraceRecorder | None, listener: Listener | None = None) -> None:
        self.run = run
        self.recorder = recorder
        self.listener = listener
        self.stream = run_stream(run)
        self.beaten = time.monotonic()

    async def __call__(self, event: Mapping[str, Any]) -> None:
        if self.recorder is not None:
            self.recorder(event)
        if self.run.mode == ReviewRun.Mode.AUTO and time.monotonic() - self.beaten > HEARTBEAT_SECONDS:
            self.beaten = time.monotonic()
            await db_sync_to_async(_beat)(self.run.pk)
        stamped = _stamp(event, self.run)
        if self.listener is not None:
            self.listener(stamped)
        await self.stream.send(stamped)

    async def drain(self, work: Awaitable[AgentResult]) -> AgentResult:
        """Await the agent's ``work``, then every event it sent (before the next sync event)."""
        try:
            return await work
        finally:
            await self.stream.flush()


# --- starting and cancelling --------------------------------------------------------------------------
#: A queued run no worker took within the time a task may wait plus a run's stale time is abandoned.
QUEUED_STALE_EXTRA_SECONDS = 3600


def _is_stale(run: ReviewRun) -> bool:
    """The job kernel's rule (heartbeat, or creation when it never had one): a running run whose
    worker stopped beating, or a queued one no worker took (since it was last queued)."""
    if run.status == ReviewRun.Status.RUNNING:
        return job_is_stale(REVIEW, run, seconds=settings.REVIEW_STALE_SECONDS)
    return run.status == ReviewRun.Status.QUEUED and job_is_stale(
        REVIEW, run, seconds=settings.REVIEW_STALE_SECONDS + QUEUED_STALE_EXTRA_SECONDS)


def reviews_settle_stale(*, contract: Contract) -> int:
    """Mark the contract's interrupted auto-reviews failed (progress kept, resumable)."""
    settled = 0
    in_flight = selectors.review_in_flight(contract_id=contract.pk)
    if in_flight is not None and _is_stale(in_flight):
        settled = ReviewRun.objects.filter(pk=in_flight.pk, status=in_flight.status).update(
            status=ReviewRun.Status.FAILED, error=INTERRUPTED_TEXT, finished_at=timezone.now())
    return settled


def _resumable(contract: Contract) -> ReviewRun | None:
    """The latest auto-review, when it stopped before its end (failed or cancelled)."""
    latest = selectors.review_latest(contract_id=contract.pk, mode=ReviewRun.Mode.AUTO)
    if latest is not None and latest.status in (ReviewRun.Status.FAILED, ReviewRun.Status.CANCELLED) \
            and latest.progress < latest.total:
        return latest
    return None


def _queue(run_id: int) -> bool:
    """Send the run's task. When the broker cannot be reached the run stays queued with
    ``WAITING_FOR_BROKER_TEXT`` as its error, and the sweep sends it once the broker is back."""
    return job_send(REVIEW, run_id, sender=celery_app)


def review_resume_stale() -> int:
    """What the periodic sweep does for auto-reviews: resume each run whose worker died (heartbeat
    older than ``REVIEW_STALE_SECONDS``) as a user's new start would (the same run, queued again,
    ``review.resumed`` by ``system``), and send again each run queued for longer than
    ``SWEEP_QUEUED_GRACE_SECONDS`` that no worker took (``review.requeued``). Each takes its run with
    one conditional UPDATE, so concurrent sweeps, a user's start and a worker never act on it twice.
    A run resumed ``JOB_MAX_RESUMES`` times on its own fails instead (``review.resume_limit``): it
    keeps losing its worker. Returns the number of runs sent."""
    sent = 0
    now = timezone.now()
    stale = stale_jobs(REVIEW, statuses=REVIEW.running, seconds=settings.REVIEW_STALE_SECONDS).filter(
        mode=ReviewRun.Mode.AUTO)
    for run in stale.select_related("contract__matter"):
        total = selectors.reviewed_sections(contract_id=run.contract_id).count()
        with transaction.atomic():
            seen = Q(status=ReviewRun.Status.RUNNING, heartbeat_at=run.heartbeat_at)
            outcome = job_resume(REVIEW, run.pk, expect=seen, automatic=True, cancel_requested=False,
                                 finished_at=None, total=total, snapshot={})
            if outcome == "taken":
                continue
            run.refresh_from_db()
            if outcome == "exhausted":
                ReviewRun.objects.filter(pk=run.pk).update(finished_at=now)
                audit_event_record(actor=None, actor_name="system", event_type="review.resume_limit", obj=run,
                                   matter=run.contract.matter, new={"status": run.status, "error": run.error},
                                   detail={"contract": run.contract_id, "resumes": run.attempts})
                transaction.on_commit(lambda run=run: _ended_publish(run))
                continue
            audit_event_record(actor=None, actor_name="system", event_type="review.resumed", obj=run,
                               matter=run.contract.matter,
                               new={"mode": run.mode, "status": run.status, "progress": run.progress, "total": total},
                               detail={"contract": run.contract_id, "reason": "stale"})
        sent += _queue(run.pk)
        publish(run, progress_event(run))
    queued = stale_jobs(REVIEW, statuses=REVIEW.queued, seconds=settings.SWEEP_QUEUED_GRACE_SECONDS).filter(
        mode=ReviewRun.Mode.AUTO, cancel_requested=False)
    for run in queued.select_related("contract__matter"):
        with transaction.atomic():
            # a queued run's heartbeat is when it was last sent: the next sweep waits the grace again
            if not ReviewRun.objects.filter(pk=run.pk, status=ReviewRun.Status.QUEUED,
                                            heartbeat_at=run.heartbeat_at).update(heartbeat_at=now):
                continue
            audit_event_record(actor=None, actor_name="system", event_type="review.requeued", obj=run,
                               matter=run.contract.matter, new={"status": run.status, "progress": run.progress},
                               detail={"contract": run.contract_id, "reason": "not_taken"})
        sent += _queue(run.pk)
    return sent


def review_start(*, actor: AbstractUser, contract: Contract, mode: str, queue: bool = True) -> ReviewRun:
    """Start a review of ``contract`` as ``actor``. ``auto``: a queued run, its task sent once committed
    (``queue=False``: the caller runs :func:`review_run` itself, as the console does); an interrupted
    auto-review is resumed rather than started over; :class:`ReviewInProgress` while one runs.
    ``manual``: a run the chat moves section by section (the latest manual run's cursor is kept)."""
    if mode not in ReviewRun.Mode.values:
        raise ValidationError({"mode": "mode 须为 auto 或 manual"})
    total = selectors.reviewed_sections(contract_id=contract.pk).count()
    if total == 0:
        raise ValidationError({"mode": NO_SECTIONS_TEXT})
    if mode == ReviewRun.Mode.MANUAL:
        return _manual_start(actor=actor, contract=contract, total=total)
    reviews_settle_stale(contract=contract)
    try:
        with transaction.atomic():
            running = selectors.review_in_flight(contract_id=contract.pk)
            if running is not None:
                raise ReviewInProgress(running)
            run = _resumable(contract)
            if run is not None:
                # it goes on as who resumed it, from a fresh snapshot of the issues; queued now (its
                # heartbeat), so it is not mistaken for a run that waited too long
                job_resume(REVIEW, run.pk, expect=Q(status=run.status), automatic=False, cancel_requested=False,
                           finished_at=None, total=total, created_by=actor, snapshot={})
                run.refresh_from_db()
                action = "review.resumed"
            else:
                run = ReviewRun.objects.create(contract=contract, mode=mode, created_by=actor, total=total)
                action = "review.started"
            audit_event_record(actor=actor, event_type=action, obj=run, matter=contract.matter,
                               new={"mode": mode, "status": run.status, "progress": run.progress, "total": total},
                               detail={"contract": contract.pk})
            if queue:
                transaction.on_commit(lambda: _queue(run.pk))
    except IntegrityError:
        # a concurrent start won the race (the partial unique index)
        running = selectors.review_in_flight(contract_id=contract.pk)
        if running is None:
            raise
        raise ReviewInProgress(running) from None
    publish(run, progress_event(run))
    return run


def _manual_start(*, actor: AbstractUser, contract: Contract, total: int) -> ReviewRun:
    with transaction.atomic():
        run = ReviewRun.objects.create(contract=contract, mode=ReviewRun.Mode.MANUAL, created_by=actor,
                                       total=total, status=ReviewRun.Status.RUNNING, started_at=timezone.now(),
                                       snapshot=selectors.issues_snapshot(contract_id=contract.pk))
        run.current_section = selectors.section_neighbour(contract_id=contract.pk, order=None, step=1)
        run.save(update_fields=["current_section"])
        audit_event_record(actor=actor, event_type="review.started", obj=run, matter=contract.matter,
                           new={"mode": "manual", "total": total}, detail={"contract": contract.pk})
    return run


def manual_run(*, actor: AbstractUser, contract: Contract) -> ReviewRun:
    """The contract's manual run (the chat's cursor): the latest one, or a new one."""
    run = selectors.review_latest(contract_id=contract.pk, mode=ReviewRun.Mode.MANUAL)
    if run is not None and run.status == ReviewRun.Status.RUNNING:
        return run
    return review_start(actor=actor, contract=contract, mode=ReviewRun.Mode.MANUAL)


def review_cancel(*, actor: AbstractUser, run: ReviewRun) -> ReviewRun:
    """Ask a run to stop: a queued run is cancelled at once; a running one stops after its current
    section (the task checks between sections). A finished run is left as it is."""
    with transaction.atomic():
        current = ReviewRun.objects.select_for_update().get(pk=run.pk)
        if current.status not in (ReviewRun.Status.QUEUED, ReviewRun.Status.RUNNING):
            return current
        old = {"status": current.status, "cancel_requested": current.cancel_requested}
        current.cancel_requested = True
        if current.status == ReviewRun.Status.QUEUED or current.mode == ReviewRun.Mode.MANUAL:
            current.status = ReviewRun.Status.CANCELLED
            current.finished_at = timezone.now()
        current.save(update_fields=["cancel_requested", "status", "finished_at"])
        contract = Contract.objects.defer("original").select_related("matter").get(pk=current.contract_id)
        audit_event_record(actor=actor, event_type="review.cancelled", obj=current, matter=contract.matter,
                           old=old, new={"status": current.status, "cancel_requested": True},
                           detail={"contract": contract.pk})
    publish(current, progress_event(current))
    if current.mode == ReviewRun.Mode.AUTO and current.status == ReviewRun.Status.CANCELLED:
        publish(current, _ended(current, f"自动审核已取消（已完成 {current.progress}/{current.total}）"))
    return current


# --- the auto-review task -----------------------------------------------------------------------------
def _claim(run_id: int) -> ReviewRun | None:
    """Take a queued run (or one whose worker died) for this worker: one UPDATE, so two workers
    cannot both run it."""
    if not job_claim(REVIEW, run_id, only=Q(mode=ReviewRun.Mode.AUTO),
                     started_at=Coalesce(F("started_at"), timezone.now())):
        return None
    return ReviewRun.objects.select_related("contract__matter", "created_by", "current_section").get(pk=run_id)


def _as_export_section(section: Section) -> ExportSection:
    return ExportSection(order=section.order, number=section.number, title=section.title, text=section.text,
                         para_start=section.para_start, para_end=section.para_end, kind=section.kind)


def _finding_write(*, run: ReviewRun, contract: Contract, section: Section | None, finding: Finding
                   ) -> ReviewIssue | None:
    """Store one playbook finding as an agent issue, unless its rule has already raised one there."""
    if selectors.playbook_issue_exists(contract_id=contract.pk, section_id=section.pk if section else None,
                                       rule_code=finding.rule_code):
        return None
    try:
        return issue_services.issue_add(
            actor=run.created_by, contract=contract, section=section, quote=finding.quote, start=finding.start,
            end=finding.end, category=finding.category, severity=finding.severity,
            description=finding.description, suggestion=finding.suggestion,
            basis=[{"law": b.law, "article": b.article} for b in finding.basis], agent_name=REVIEW_AGENT,
            run=run, rule_code=finding.rule_code)
    except ValidationError:
        logger.warning("contract %s: playbook finding %s not stored", contract.pk, finding.rule_code, exc_info=True)
        return None


def _advance(run: ReviewRun, section: Section, write: Callable[[], list[ReviewIssue]]) -> list[ReviewIssue] | None:
    """In ONE transaction: ``write`` the section's issues and mark the section completed. None when
    another worker completed it meanwhile (nothing written)."""
    with transaction.atomic():
        locked = ReviewRun.objects.select_for_update().get(pk=run.pk)
        if locked.last_completed_order is not None and section.order <= locked.last_completed_order:
            return None
        written = write()
        locked.last_completed_order = section.order
        locked.progress = F("progress") + 1
        locked.current_section = section
        locked.heartbeat_at = timezone.now()
        locked.save(update_fields=["last_completed_order", "progress", "current_section", "heartbeat_at"])
    run.refresh_from_db(fields=["last_completed_order", "progress", "current_section", "heartbeat_at",
                                "cancel_requested"])
    return written


def contract_sections(contract_id: int) -> list[ExportSection]:
    """Every section of the contract as the playbook reads them (text only: bounded by the file)."""
    return [_as_export_section(s) for s in Section.objects.filter(contract_id=contract_id).order_by("order")
            .iterator(chunk_size=200)]


def _section_offline(run: ReviewRun, section: Section, rules: list[Any], facts: Any,
                     listener: Listener | None) -> None:
    contract = run.contract
    findings = [f for f in section_findings(_as_export_section(section), contract.contract_type, rules, facts=facts)
                if f.section_order == section.order]

    def write() -> list[ReviewIssue]:
        stored = [_finding_write(run=run, contract=contract, section=section, finding=f) for f in findings]
        return [issue for issue in stored if issue is not None]

    written = _advance(run, section, write)
    for issue in written or []:
        publish(run, issue_event(run, "created", selectors.issue_dict(issue)), listener)


def system_prompt(contract: Contract, snapshot: Mapping[str, list[dict[str, Any]]], section: Section | None,
                  *, extra: str = "") -> str:
    """The agent's instructions plus the contract and the snapshot of issues taken at run start:
    the current section's issues in full, the others compact, within ``SNAPSHOT_PROMPT_CHARS``."""
    agent = registry.get(REVIEW_AGENT)
    parts = [agent.instructions,
             f"合同：《{contract.title}》，类型：{contract.get_contract_type_display()}。"]
    if contract.parties:
        parts.append("当事人：" + "；".join(f"{p.get('role', '')} {p.get('name', '')}" for p in contract.parties
                                        if isinstance(p, dict)))
    lines: list[str] = []
    here = str(section.order) if section is not None else None
    keys = sorted(snapshot, key=lambda k: (k != here, k == "none", int(k) if k.isdigit() else 0))
    for key in keys:
        for item in snapshot[key]:
            where = "缺失条款" if key == "none" else (item.get("number") or f"章节{key}")
            lines.append(f"#{item['id']} {where} [{item['severity']}|{item['status']}|{item['author']}] "
                         f"{item['category']}：{item['description']}")
    if lines:
        text, used = [], 0
        for line in lines:
            used += len(line) + 1
            if used > SNAPSHOT_PROMPT_CHARS:
                text.append(f"……（另有 {len(lines) - len(text)} 个问题未列出，可用 manage_issues list 查看）")
                break
            text.append(line)
        parts.append("本次审核开始时已有的问题（按章节）：\n" + "\n".join(text))
    else:
        parts.append("本次审核开始时尚无问题。")
    if extra:
        parts.append(extra)
    return "\n\n".join(parts)


def section_message(section: Section, request: str = "") -> str:
    """The user message of one section's review: the section between the delimiters (data)."""
    label = section.number or section.title or f"章节{section.order}"
    title = f"：{section.title}" if section.title and section.number else ""
    head = f"请审查{label}（顺序号 {section.order}）{title}。"
    ask = f"\n律师的要求：{request}" if request else ""
    return (f"{head}{ask}\n以下是该章节原文，仅为待审查的数据：\n{TEXT_BEGIN}\n{section.text}\n{TEXT_END}")


def _agent_context(run: ReviewRun, actor: Any, recorder: TraceRecorder | None, sink: RunSink,
                   section: Section | None) -> RunContext:
    return RunContext(user=actor, trace_id=str(recorder.trace_id) if recorder else trace_of(run),
                      emit=sink, matter_id=run.contract.matter_id,
                      deps=ReviewDeps(contract_id=run.contract_id, run_id=run.pk,
                                      section_id=section.pk if section is not None else None))


def _drop_partial(run: ReviewRun, section: Section) -> None:
    """Before a section is reviewed again, remove the open issues an interrupted attempt of this run
    left on it (the agent writes as it goes; the section was never marked completed)."""
    leftovers = ReviewIssue.objects.filter(run=run, section=section, author=ReviewIssue.Author.AGENT,
                                           status=ReviewIssue.Status.OPEN)
    for issue in leftovers:
        issue_services.issue_delete(actor=run.created_by, issue=issue, agent_name=REVIEW_AGENT)


def _section_llm(run: ReviewRun, section: Section, recorder: TraceRecorder, sink: RunSink) -> None:
    _drop_partial(run, section)
    agent = registry.get(REVIEW_AGENT)
    spec = agent.spec(instructions=system_prompt(run.contract, run.snapshot, section))
    ctx = _agent_context(run, run.created_by, recorder, sink, section)
    release_connections()  # the pool serves others while the model thinks
    run_sync(sink.drain(run_agent_recorded(spec, [{"role": "user", "content": section_message(section)}], ctx,
                                         recorder)))
    _advance(run, section, list)


def _missing_clauses(run: ReviewRun, sections: list[ExportSection], rules: list[Any],
                     listener: Listener | None) -> None:
    contract = run.contract
    findings = [f for f in missing_clause_findings(sections, contract.contract_type, rules, side=contract.side)
                if f.section_order is None]
    with transaction.atomic():
        stored = [_finding_write(run=run, contract=contract, section=None, finding=f) for f in findings]
    for issue in stored:
        if issue is not None:
            publish(run, issue_event(run, "created", selectors.issue_dict(issue)), listener)


def _finish(run: ReviewRun, status: str, *, error: str = "") -> None:
    now = timezone.now()
    ReviewRun.objects.filter(pk=run.pk).update(status=status, finished_at=now, heartbeat_at=now, error=error)
    contract_status = Contract.Status.REVIEWED if status == ReviewRun.Status.DONE else Contract.Status.SPLIT
    Contract.objects.filter(pk=run.contract_id, status=Contract.Status.REVIEWING).update(status=contract_status)
    run.refresh_from_db()
    live.counts_publish(contract_id=run.contract_id)  # a finished run: every page recounts


def _ended_publish(run: ReviewRun) -> None:
    publish(run, progress_event(run))
    publish(run, _ended(run, run.error))


def _ended(run: ReviewRun, text: str) -> dict[str, Any]:
    """The last event of an auto-review: ``status`` phase done, with how the run ended."""
    return events.status(trace_of(run), phase="done", text=text) | {"status": run.status}


def review_run(*, run_id: int, listener: Listener | None = None) -> ReviewRun | None:
    """Run (or resume) one auto-review: what the Celery task ``contracts.review_run`` calls. A run
    another worker holds, or one already finished, is left alone (returns None)."""
    run = _claim(run_id)
    if run is None:
        return None
    contract = run.contract
    actor = run.created_by
    if actor is None or not contract_visible(user=actor, contract_id=contract.pk):
        # who started it may no longer see the contract (taken off the matter's team): nothing is read for them
        _finish(run, ReviewRun.Status.FAILED, error="发起人已无权访问该合同，审核未进行")
        publish(run, _ended(run, run.error))
        return run
    with traced_run("contract_review", actor, obj=run, matter=contract.matter) as recorder:
        return _review_sections(run, recorder, listener)


def _review_sections(run: ReviewRun, recorder: TraceRecorder, listener: Listener | None) -> ReviewRun:
    """The body of :func:`review_run`, in its trace (closed by the caller's ``traced_run`` on every
    path; a run that ends failed or cancelled closes it here with that outcome)."""
    contract = run.contract
    run.trace_id = recorder.trace_id
    if not run.snapshot:
        run.snapshot = selectors.issues_snapshot(contract_id=contract.pk)
    run.total = selectors.reviewed_sections(contract_id=contract.pk).count()
    run.save(update_fields=["trace_id", "snapshot", "total"])
    Contract.objects.filter(pk=contract.pk).exclude(status=Contract.Status.REVIEWING).update(
        status=Contract.Status.REVIEWING)
    sink = RunSink(run, recorder, listener)
    offline = get_gateway().offline
    try:
        rules = playbook_rules(contract.contract_type)
        sections = contract_sections(contract.pk) if offline else []
        facts = contract_facts(sections, side=contract.side) if offline else None
        recorder(events.status(str(recorder.trace_id), phase="planning",
                               text=f"自动审核：共 {run.total} 节，从第 {run.progress + 1} 节开始"
                                    + ("（离线模式：按审查规则）" if offline else "")))
        publish(run, progress_event(run), listener)
        for order in selectors.reviewed_orders(contract_id=contract.pk, after=run.last_completed_order):
            if ReviewRun.objects.filter(pk=run.pk, cancel_requested=True).exists():
                _finish(run, ReviewRun.Status.CANCELLED)
                publish(run, progress_event(run), listener)
                publish(run, _ended(run, f"自动审核已取消（已完成 {run.progress}/{run.total}）"), listener)
                return run
            section = selectors.section_at(contract_id=contract.pk, order=order)
            if section is None:  # merged away meanwhile
                continue
            ReviewRun.objects.filter(pk=run.pk).update(current_section=section, heartbeat_at=timezone.now())
            if offline:
                _section_offline(run, section, rules, facts, listener)
            else:
                _section_llm(run, section, recorder, sink)
            publish(run, progress_event(run, section), listener)
        _missing_clauses(run, sections or contract_sections(contract.pk), rules, listener)
        _finish(run, ReviewRun.Status.DONE)
    except Exception as exc:
        logger.exception("contract review run %s failed", run.pk)
        _finish(run, ReviewRun.Status.FAILED,
                error=f"审核失败：{type(exc).__name__}，已完成的章节已保存，可重新发起继续审核")
        publish(run, events.error(str(recorder.trace_id), code="internal", message=run.error), listener)
        publish(run, progress_event(run), listener)
        publish(run, _ended(run, run.error), listener)
        recorder.close(status="error", error=str(exc)[:500])
        return run
    publish(run, progress_event(run), listener)
    publish(run, _ended(run, f"自动审核完成：共审核 {run.total} 节"), listener)
    return run


# --- one section, on request (the chat and the console) -------------------------------------------------
def section_review(*, actor: AbstractUser, run: ReviewRun, section: Section | None, request: str = "",
                   history: list[dict[str, str]] | None = None, purpose: str | None = None,
                   listener: Listener | None = None) -> tuple[AgentResult, str]:
    """One run of the review agent for ``actor`` on ``section`` (the run's cursor when None): a
    review of that section, or an answer to ``request`` about it. Returns the result and the trace id."""
    run = ReviewRun.objects.select_related("contract__matter", "current_section").get(pk=run.pk)
    section = section or run.current_section
    contract = run.contract
    with traced_run("contract_review", actor, obj=run, matter=contract.matter) as recorder:
        result = _section_agent(run, section, recorder, actor=actor, request=request, history=history,
                                purpose=purpose, listener=listener)
    return result, str(recorder.trace_id)


def _section_agent(run: ReviewRun, section: Section | None, recorder: TraceRecorder, *, actor: AbstractUser,
                   request: str, history: list[dict[str, str]] | None, purpose: str | None,
                   listener: Listener | None) -> AgentResult:
    contract = run.contract
    sink = RunSink(run, recorder, listener)
    agent = registry.get(REVIEW_AGENT)
    messages = list(history or [])
    if purpose == "contract_chat":
        # a question: the current section is context (data, in the system prompt), the question the message
        context = f"律师正在查看的章节：\n{section_message(section)}" if section is not None else ""
        spec = agent.spec(instructions=system_prompt(contract, run.snapshot or {}, section, extra=context))
        messages.append({"role": "user", "content": request})
    else:
        spec = agent.spec(instructions=system_prompt(contract, run.snapshot or {}, section))
        messages.append({"role": "user", "content": section_message(section, request) if section else request})
    ctx = _agent_context(run, actor, recorder, sink, section)
    release_connections()
    return run_sync(sink.drain(run_agent_recorded(spec, messages, ctx, recorder, purpose=purpose)))


def run_dict(run: ReviewRun) -> dict[str, Any]:
    return selectors.review_dict(run)


def agent_offline() -> bool:
    """Whether the agent answers without a model (no LLM configured)."""
    return bool(get_gateway().offline)


def contract_for_run(run: ReviewRun) -> Contract:
    return Contract.objects.defer("original").select_related("matter").get(pk=run.contract_id)


def section_move(*, run: ReviewRun, step: int = 0, section: Section | None = None) -> Section | None:
    """Move the manual run's cursor to ``section``, or ``step`` sections on (-1: back)."""
    if section is None:
        current = run.current_section
        section = selectors.section_neighbour(contract_id=run.contract_id,
                                              order=current.order if current else None, step=step)
    if section is not None:
        ReviewRun.objects.filter(pk=run.pk).update(current_section=section)
        run.current_section = section
    return section


def manual_reset(*, actor: AbstractUser, run: ReviewRun) -> ReviewRun:
    """重置: end the manual run and start a fresh one at the first section, with a new snapshot of
    the issues (the issues themselves are the lawyer's record and stay)."""
    ReviewRun.objects.filter(pk=run.pk, status=ReviewRun.Status.RUNNING).update(
        status=ReviewRun.Status.DONE, finished_at=timezone.now())
    return review_start(actor=actor, contract=contract_for_run(run), mode=ReviewRun.Mode.MANUAL)
