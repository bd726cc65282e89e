"""The job kernel: one way to hand stored work to a worker, take it, keep it alive, end it and
resume it when its worker died (docs/decisions/job-kernel.md).

Long work (a chat turn, a contract's split, an auto-review, a case extraction, a research task)
is a row stored before a worker runs it. Its model mixes in :class:`JobMixin` (a status with the
app's own choices, who holds it, its heartbeat, its resume counter, its error) and its app registers
a :class:`JobKind` in ``AppConfig.ready()``: the statuses that mean queued and running, the Celery
task, the field names it already had and the sweep that looks after it. The functions below are
the only writes of those fields outside the app's own domain updates:

- :func:`job_send` — queue, or, when the broker is unreachable, leave the row waiting with
  :data:`WAITING_FOR_BROKER_TEXT` for the sweep to send later;
- :func:`job_claim` — take it with ONE conditional UPDATE (two workers cannot both take it); it
  returns the claim, which the worker passes to :func:`job_held`, :func:`job_beat`,
  :func:`job_complete` and :func:`job_fail` so that nothing it writes lands on a job that was
  resumed meanwhile or that another worker holds now;
- :func:`job_beat`, :func:`job_complete`, :func:`job_fail`;
- :func:`stale_jobs` / :func:`job_is_stale` — the one stale rule: the row's heartbeat, or its creation
  when it never had one (``Coalesce(heartbeat, created)``), older than a limit;
- :func:`job_resume` — queue a stopped or interrupted job again, counting automatic resumes: after
  ``settings.JOB_MAX_RESUMES`` of them the job fails with :data:`RESUME_LIMIT_TEXT` instead.

``legalsite.sweep`` walks :func:`job_kinds` and imports no app. This module imports no app either.
"""

from __future__ import annotations

import logging
import os
import socket
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache
from typing import Any, Final, Literal

from django.conf import settings
from django.db import models
from django.db.models import F, Q, QuerySet
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.module_loading import import_string
from kombu.exceptions import OperationalError as BrokerUnavailable

__all__ = [
    "BrokerUnavailable", "JobKind", "JobMixin", "RESUME_LIMIT_TEXT", "WAITING_FOR_BROKER_TEXT", "job_beat",
    "job_claim", "job_complete", "job_fail", "job_held", "job_is_stale", "job_kind", "job_kind_register",
    "job_kind_sweep", "job_kinds", "job_resume", "job_send", "stale_jobs", "worker_name",
]

logger = logging.getLogger("core.jobs")

#: The error a queued job shows while its message cannot be sent (cleared once it is).
WAITING_FOR_BROKER_TEXT: Final = "后台服务暂时不可用，恢复后将自动继续"
#: The error of a job the sweep stopped resuming: it kept losing its worker.
RESUME_LIMIT_TEXT: Final = "已自动恢复 {count} 次仍未完成（该任务可能反复导致后台进程中断），已停止；可手动重新发起"


class JobMixin(models.Model):
    """The fields every stored job has. A model overrides ``status`` with its own choices, and may
    keep a column it already had under its own name (its :class:`JobKind` names it; the mixin's
    field is then removed with ``= None``)."""

    status = models.CharField("状态", max_length=20)
    #: The claim of the worker process holding the job (``host:pid#nonce``), set by :func:`job_claim`.
    claimed_by = models.CharField("执行进程", max_length=120, blank=True, default="")
    heartbeat_at = models.DateTimeField("心跳", null=True, blank=True)
    #: Automatic resumes since the job was last started by a person (:func:`job_resume`).
    attempts = models.PositiveIntegerField("自动恢复次数", default=0)
    error = models.TextField("错误", blank=True)

    class Meta:
        abstract = True


@dataclass(frozen=True)
class JobKind:
    """One kind of stored work, as its app registers it."""

    #: The sweep report's key ("chat_turns", "reviews", ...).
    name: str
    model: type[models.Model]
    #: The Celery task that runs one job (its only argument: the primary key).
    task: str
    #: Statuses of a job waiting for a worker; the first is what :func:`job_resume` sets.
    queued: tuple[str, ...]
    #: Statuses of a job a worker holds; the first is what :func:`job_claim` sets.
    running: tuple[str, ...]
    failed: str
    #: A running job whose heartbeat is older than this many seconds lost its worker.
    stale_seconds: Callable[[], int]
    #: The dotted path of what the periodic sweep does for this kind (a function without arguments
    #: that returns how many jobs it sent or settled); resolved when the sweep runs.
    sweep: str
    heartbeat_field: str = "heartbeat_at"
    created_field: str = "created_at"
    #: Fields :func:`job_claim` leaves alone when the model lacks them (chat messages keep no error).
    has_error: bool = True

    @property
    def rows(self) -> QuerySet[Any]:
        return self.model._default_manager.all()


_KINDS: dict[str, JobKind] = {}


def job_kind_register(kind: JobKind) -> JobKind:
    """Register ``kind`` (from its app's ``AppConfig.ready()``); registering the same name again
    replaces it."""
    _KINDS[kind.name] = kind
    return kind


def job_kinds() -> list[JobKind]:
    """Every registered kind, in registration order (INSTALLED_APPS order)."""
    return list(_KINDS.values())


def job_kind(name: str) -> JobKind:
    return _KINDS[name]


def job_kind_sweep(kind: JobKind) -> int:
    """Run ``kind``'s sweep."""
    return int(import_string(kind.sweep)())


@lru_cache(maxsize=1)
def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"[:120]


def max_resumes() -> int:
    return int(getattr(settings, "JOB_MAX_RESUMES", 3))


# --- the stale rule ------------------------------------------------------------------------------------
def _since(kind: JobKind) -> Coalesce:
    return Coalesce(kind.heartbeat_field, kind.created_field)


def stale_jobs(kind: JobKind, *, statuses: Iterable[str], seconds: float,
               rows: QuerySet[Any] | None = None) -> QuerySet[Any]:
    """Jobs of ``kind`` in ``statuses`` whose heartbeat (or creation, when they never had one) is
    older than ``seconds``."""
    cutoff = timezone.now() - timedelta(seconds=seconds)
    rows = kind.rows if rows is None else rows
    return rows.filter(status__in=list(statuses)).annotate(job_since=_since(kind)).filter(job_since__lt=cutoff)


def job_is_stale(kind: JobKind, job: models.Model, *, seconds: float) -> bool:
    """The same rule as :func:`stale_jobs` for a row in hand."""
    since = getattr(job, kind.heartbeat_field) or getattr(job, kind.created_field)
    return since is None or since < timezone.now() - timedelta(seconds=seconds)


# --- queue, claim, beat, end -----------------------------------------------------------------------------
def job_send(kind: JobKind, pk: int, *, sender: Any) -> bool:
    """Send the job's task through ``sender`` (a Celery app). When the broker cannot be reached a job
    still queued gets :data:`WAITING_FOR_BROKER_TEXT` as its error (the sweep sends it later) and
    False is returned; once sent, that text is cleared."""
    rows = kind.rows.filter(pk=pk)
    try:
        sender.send_task(kind.task, args=[pk])
    except BrokerUnavailable:
        logger.error("%s %s could not be queued", kind.model._meta.label, pk, exc_info=True)
        if kind.has_error:
            rows.filter(status__in=kind.queued).update(error=WAITING_FOR_BROKER_TEXT)
        return False
    if kind.has_error:
        rows.filter(error=WAITING_FOR_BROKER_TEXT).update(error="")
    return True


def job_claim(kind: JobKind, pk: int, *, stale_running: bool = True, only: Q | None = None,
              status: str | None = None, **updates: Any) -> str:
    """Take job ``pk`` for this worker: queued, or (``stale_running``) running with a stale heartbeat.
    ONE conditional UPDATE, so two workers cannot both take it. ``only`` narrows the rows further;
    ``updates`` are written with the claim. Returns the claim written to ``claimed_by`` (the worker's
    name and a nonce: unique per claim, even for two claims of one process) when this worker holds
    the job now, else ``""``."""
    now = timezone.now()
    claim = f"{worker_name()[:110]}#{uuid.uuid4().hex[:8]}"
    takeable = Q(status__in=kind.queued)
    if stale_running:
        cutoff = now - timedelta(seconds=kind.stale_seconds())
        takeable |= Q(status__in=kind.running, job_since__lt=cutoff)
    rows = kind.rows.filter(pk=pk)
    if only is not None:
        rows = rows.filter(only)
    if stale_running:
        rows = rows.annotate(job_since=_since(kind))
    taken = rows.filter(takeable).update(status=status or kind.running[0], claimed_by=claim,
                                         **{kind.heartbeat_field: now}, **updates)
    return claim if taken else ""


def job_held(kind: JobKind, pk: int, claim: str | None = None) -> QuerySet[Any]:
    """The job's row while it is running and, given ``claim`` (what :func:`job_claim` returned), still
    held by that claim: empty once the job was resumed (the sweep judged its worker dead) or another
    worker took it. The claim check of every write a worker makes to its job (lock it with
    ``select_for_update()`` to write more than one UPDATE's worth)."""
    rows = kind.rows.filter(pk=pk, status__in=kind.running)
    return rows if claim is None else rows.filter(claimed_by=claim)


def job_beat(kind: JobKind, pk: int, *, claim: str | None = None, **updates: Any) -> bool:
    """Renew the heartbeat of a job this worker holds (a running one, and given ``claim``, still this
    claim's); ``updates`` (where the work stands) are written with it. False: not this worker's now."""
    return bool(job_held(kind, pk, claim).update(**{kind.heartbeat_field: timezone.now()}, **updates))


def job_complete(kind: JobKind, pk: int, *, status: str, claim: str | None = None, **updates: Any) -> bool:
    """End a running job (given ``claim``, only while still this claim's) with ``status`` (its app's
    done status)."""
    return bool(job_held(kind, pk, claim).update(status=status, **updates))


def job_fail(kind: JobKind, pk: int, error: str, *, statuses: Iterable[str] | None = None,
             claim: str | None = None, **updates: Any) -> int:
    """Mark the job failed with ``error`` when it is in ``statuses`` (default: queued or running) and,
    given ``claim``, still held by that claim."""
    statuses = list(statuses) if statuses is not None else [*kind.queued, *kind.running]
    fields = {"error": error} if kind.has_error else {}
    rows = kind.rows.filter(pk=pk, status__in=statuses)
    if claim is not None:
        rows = rows.filter(claimed_by=claim)
    return rows.update(status=kind.failed, **fields, **updates)


# --- resume --------------------------------------------------------------------------------------------
Resumed = Literal["queued", "exhausted", "taken"]


def job_resume(kind: JobKind, pk: int, *, expect: Q, automatic: bool, status: str | None = None,
               **updates: Any) -> Resumed:
    """Queue job ``pk`` again when it still matches ``expect`` (what its caller saw: one conditional
    UPDATE, so a concurrent resume, sweep or worker cannot act on it twice). Its heartbeat becomes
    now: a freshly resumed job is not stale. An ``automatic`` resume (the sweep's) counts in
    ``attempts``; at ``settings.JOB_MAX_RESUMES`` the job fails with :data:`RESUME_LIMIT_TEXT`
    instead. A person's resume starts the count again. ``updates`` may override the fields it writes
    (a kind whose queued rows have no heartbeat). Returns ``queued``, ``exhausted`` (failed
    for good) or ``taken`` (someone else acted first: nothing written)."""
    now = timezone.now()
    rows = kind.rows.filter(expect, pk=pk)
    limit = max_resumes()
    fields = {"status": status or kind.queued[0], kind.heartbeat_field: now, "claimed_by": ""}
    if kind.has_error:
        fields["error"] = ""
    fields.update(updates)
    if not automatic:
        return "queued" if rows.update(**fields, attempts=0) else "taken"
    if rows.filter(attempts__lt=limit).update(**fields, attempts=F("attempts") + 1):
        return "queued"
    text = {"error": RESUME_LIMIT_TEXT.format(count=limit)} if kind.has_error else {}
    if rows.filter(attempts__gte=limit).update(status=kind.failed, **text):
        logger.warning("%s %s failed after %d automatic resumes", kind.model._meta.label, pk, limit)
        return "exhausted"
    return "taken"
