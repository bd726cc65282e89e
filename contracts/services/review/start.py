"""Starting, resuming and cancelling review runs: one auto-review at a time per contract
(``ReviewInProgress``), the stale rule, the sweep's resume and re-send (``review_resume_stale``), the
manual run that is the chat's cursor, and cancelling.
"""

from __future__ import annotations

from celery import current_app as celery_app
from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from contracts.constants import IN_PROGRESS_TEXT, INTERRUPTED_TEXT, NO_SECTIONS_TEXT
from contracts.jobs import REVIEW
from contracts.models import Contract, ReviewRun
from contracts.selectors import reviews as selectors
from contracts.services.review.sink import _ended, _ended_publish, progress_event, publish
from core.jobs import job_is_stale, job_resume, job_send, stale_jobs
from tracing.services import audit_event_record


class ReviewInProgress(Exception):
    """An auto-review of the contract is already queued or running (HTTP 409)."""

    def __init__(self, run: ReviewRun) -> None:
        self.run = run
        self.message = IN_PROGRESS_TEXT.format(done=run.progress, total=run.total)
        super().__init__(self.message)


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
