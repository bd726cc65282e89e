"""Writes to the audit trail. Every write is an INSERT; the database refuses anything else.

- ``trace_create`` inserts link 0 of a trace, ``record_append`` one more link,
  ``trace_seal`` closes the trace and appends its seal to the global chain.
- ``legal_hold_place`` / ``legal_hold_release`` append hold rows.
- ``traces_purge`` is the only delete: it sets the transaction-local flag the trigger checks,
  skips held traces and appends a ``PurgeRecord``.
- ``audit_event_record`` appends an ``AuditEvent``: every service that changes something calls
  it inside its own transaction (docs/decisions/audit-events.md).

The global chains (seals, holds, purges, audit events) are extended under PostgreSQL advisory
locks held to the end of the transaction, so concurrent writers queue instead of forking a chain.
"""

from __future__ import annotations

import json
import logging
import re
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal
from functools import cache
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection, models, transaction
from django.db.models import Q
from django.utils import timezone

from firm.models import Matter
from firm.walls import is_client_work, matter_of
from tracing.chain import AUDIT_LOCK, GENESIS, HOLD_LOCK, PURGE_LOCK, SEAL_LOCK, canonical_json, clean_text
from tracing.exceptions import TraceAlreadySealed
from tracing.models import (
    RECORD_MODELS,
    AuditEvent,
    ChainedRecord,
    HashedRecord,
    Kind,
    LegalHold,
    LLMCall,
    PurgeRecord,
    RecordStatus,
    Trace,
    TraceSeal,
    TraceStatus,
)
from tracing.redaction import scrub
from tracing.selectors import active_holds_q

logger = logging.getLogger("legalsite.audit")

PURGE_FLAG = "legalsite.audit_purge"
UNSEALED_GRACE = timedelta(days=1)
_PURGE_BATCH = 500
_EXPORT_IDS_KEPT = 200

UserLike = AbstractBaseUser | AnonymousUser | None


def _lock(*keys: int) -> None:
    with connection.cursor() as cursor:
        for key in keys:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])


def _clean_texts(instance: models.Model) -> None:
    """Make text fields exactly what PostgreSQL stores (before hashing)."""
    for model_field in instance._meta.concrete_fields:
        if isinstance(model_field, models.CharField | models.TextField):
            value = getattr(instance, model_field.attname)
            setattr(instance, model_field.attname, clean_text(value, model_field.max_length))


def _insert(instance: HashedRecord) -> HashedRecord:
    _clean_texts(instance)
    instance.hash = instance.compute_hash()
    instance.save(force_insert=True)
    return instance


def _real_user(user: UserLike) -> AbstractBaseUser | None:
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def object_ref(obj: Any) -> tuple[str, str]:
    """(object_type, object_id) of what a trace belongs to: a model instance, a (type, id) pair or None."""
    if obj is None:
        return "", ""
    if isinstance(obj, models.Model):
        return obj._meta.label_lower, str(obj.pk)
    if isinstance(obj, tuple | list) and len(obj) == 2:
        return str(obj[0]), str(obj[1])
    raise TypeError(f"a trace belongs to a model instance or a (type, id) pair, not {type(obj).__name__}")


def _matter_of(obj: Any) -> Matter | None:
    """The matter of the object a trace or an event is about: the matter itself, the matter a
    client-work model declares (``firm.walls``), or its ``matter`` attribute."""
    if isinstance(obj, Matter):
        return obj
    if isinstance(obj, models.Model) and is_client_work(obj):
        return matter_of(obj)
    candidate = getattr(obj, "matter", None)
    return candidate if isinstance(candidate, Matter) else None


# --- audit events ----------------------------------------------------------------------------
EVENT_TYPE = re.compile(r"^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$")


def _json_text(value: Any, secrets: tuple[str, ...] | None = None) -> str:
    return "" if value is None else canonical_json(scrub(value, secrets))


def audit_event_record(
    *,
    actor: UserLike,
    event_type: str,
    obj: Any = None,
    object_type: str = "",
    object_id: str | int = "",
    matter: Matter | None = None,
    old: dict[str, Any] | None = None,
    new: dict[str, Any] | None = None,
    detail: dict[str, Any] | None = None,
    actor_name: str = "",
) -> AuditEvent:
    """Append one audit event: ``actor`` did ``event_type`` (dotted, e.g. ``matter.member_added``) to
    ``obj`` (a model instance) or ``object_type``/``object_id``; ``old``/``new`` are the changed
    fields before and after, ``detail`` anything else worth keeping. ``matter`` defaults to the
    object's matter (or the object, when it is a matter). ``actor_name`` names an actor that is not
    a user (a command run from the shell).

    Must be called inside the transaction of the change it records, so both commit or neither does.
    It takes the audit chain's lock, held to the end of that transaction: call it last."""
    return audit_events_record([dict(
        actor=actor, event_type=event_type, obj=obj, object_type=object_type, object_id=object_id, matter=matter,
        old=old, new=new, detail=detail, actor_name=actor_name)])[0]


def audit_events_record(events: Sequence[Mapping[str, Any]]) -> list[AuditEvent]:
    """Append several audit events in the order given, each described by the keyword arguments of
    :func:`audit_event_record`: the same events and chain as that many calls, with one lock, one read of
    the chain's end and one INSERT (a seed of hundreds of rows records one event per row)."""
    for event in events:
        if not EVENT_TYPE.match(kind := event["event_type"]):
            raise ValueError(f"an event type is dotted lower case, like matter.member_added; got {kind!r}")
    if not connection.in_atomic_block:
        raise RuntimeError("audit_event_record must run inside the transaction of the change it records")
    built = [_audit_event(**event) for event in events]
    if not built:
        return []
    _lock(AUDIT_LOCK)
    top = AuditEvent.objects.order_by("-chain_index").values_list("chain_index", "hash").first()
    index, prev = top if top else (0, GENESIS)
    for event in built:
        index += 1
        event.chain_index, event.prev_hash, event.ts = index, prev, timezone.now()  # stamped under the lock
        _clean_texts(event)
        event.hash = prev = event.compute_hash()
    if len(built) == 1:
        built[0].save(force_insert=True)
    else:
        AuditEvent.objects.bulk_create(built)
    for event in built:
        logger.info("%s %s:%s by=%s matter=%s", event.event_type, event.object_type, event.object_id,
                    event.actor_username, event.matter_number)
    return built


def _audit_event(
    *,
    actor: UserLike,
    event_type: str,
    obj: Any = None,
    object_type: str = "",
    object_id: str | int = "",
    matter: Matter | None = None,
    old: dict[str, Any] | None = None,
    new: dict[str, Any] | None = None,
    detail: dict[str, Any] | None = None,
    actor_name: str = "",
) -> AuditEvent:
    """The event, filled in, not yet on the chain (no index, time, link or hash)."""
    if obj is not None:
        object_type, object_id = object_ref(obj)
        if matter is None:
            matter = _matter_of(obj)
    if not object_type:
        raise ValueError("an audit event names the object it is about")
    user = _real_user(actor)
    return AuditEvent(
        actor=user,
        actor_username=user.get_username() if user else actor_name,
        event_type=event_type,
        object_type=object_type,
        object_id=str(object_id),
        matter=matter,
        matter_number=matter.number if matter else "",
        old=_json_text(old),
        new=_json_text(new),
        detail=_json_text(detail),
    )


# --- traces ----------------------------------------------------------------------------------
def trace_create(
    *,
    kind: str,
    user: UserLike,
    obj: Any = None,
    matter: Matter | None = None,
    trace_id: uuid.UUID | str | None = None,
    started_at: datetime | None = None,
) -> Trace:
    """Open a trace: insert its link 0. ``matter`` defaults to ``obj.matter`` when there is one."""
    if kind not in Kind.values:
        raise ValueError(f"unknown trace kind {kind!r}; kinds are {', '.join(Kind.values)}")
    if matter is None and obj is not None:
        matter = _matter_of(obj)
    object_type, object_id = object_ref(obj)
    actor = _real_user(user)
    trace = Trace(
        trace_id=uuid.UUID(str(trace_id)) if trace_id else uuid.uuid4(),
        kind=kind,
        object_type=object_type,
        object_id=object_id,
        user=actor,
        username=actor.get_username() if actor else "",
        matter=matter,
        matter_number=matter.number if matter else "",
        started_at=started_at or timezone.now(),
    )
    return _insert(trace)


def record_append(
    record_type: type[ChainedRecord], /, *, trace_id: uuid.UUID | str, seq: int, prev_hash: str, **fields: Any
) -> ChainedRecord:
    """Insert link ``seq`` of a trace's chain. The caller (the recorder) keeps the chain head."""
    if record_type not in RECORD_MODELS:
        raise TypeError(f"{record_type.__name__} is not a trace record")
    record = record_type(trace_id=trace_id, seq=seq, prev_hash=prev_hash, recorded_at=timezone.now(), **fields)
    return _insert(record)  # one INSERT: atomic on its own, no savepoint round trips


@cache  # built once: table names come from the models
def _seal_inputs_sql() -> str:
    """One read for a seal: the trace, its chain head and record count, its LLM totals, whether it
    is sealed already, and the heads of the global seal chain and of the purge records."""
    records = " UNION ALL ".join(
        f"SELECT seq, hash FROM {model._meta.db_table} WHERE trace_id = t.trace_id" for model in RECORD_MODELS  # noqa: S608 - table names from the models
    )
    return (
        f"SELECT t.started_at, t.hash, h.n, h.seq, h.hash, l.tokens_in, l.tokens_out, l.cost, l.unpriced, "  # noqa: S608 - table names from the models
        f"EXISTS (SELECT 1 FROM {TraceSeal._meta.db_table} WHERE trace_id = t.trace_id), "
        "s.chain_index, s.hash, p.max_removed_index, p.last_removed_seal_hash "
        f"FROM {Trace._meta.db_table} t "
        f"CROSS JOIN LATERAL (SELECT count(*) AS n, max(r.seq) AS seq, "
        f"(array_agg(r.hash ORDER BY r.seq DESC))[1] AS hash FROM ({records}) r) h "
        f"CROSS JOIN LATERAL (SELECT sum(tokens_in) AS tokens_in, sum(tokens_out) AS tokens_out, "
        f"sum(cost_cny) AS cost, count(*) FILTER (WHERE status = %s AND cost_cny IS NULL) AS unpriced "
        f"FROM {LLMCall._meta.db_table} WHERE trace_id = t.trace_id) l "
        f"LEFT JOIN LATERAL (SELECT chain_index, hash FROM {TraceSeal._meta.db_table} "
        "ORDER BY chain_index DESC LIMIT 1) s ON true "
        f"LEFT JOIN LATERAL (SELECT max_removed_index, last_removed_seal_hash FROM {PurgeRecord._meta.db_table} "
        "WHERE max_removed_index IS NOT NULL ORDER BY max_removed_index DESC LIMIT 1) p ON true "
        "WHERE t.trace_id = %s"
    )


def trace_seal(
    *,
    trace_id: uuid.UUID | str,
    status: str,
    error: str = "",
    ended_at: datetime | None = None,
) -> TraceSeal:
    """Close a trace: totals from what is stored, then a seal chained to the trace's last record
    and to the previous seal. Under the seal lock: one read for all of it, one insert."""
    if status not in TraceStatus.values or status == TraceStatus.OPEN:
        raise ValueError(f"a trace closes as one of success, error, timeout, cancelled; got {status!r}")
    trace_id = uuid.UUID(str(trace_id))
    ended_at = ended_at or timezone.now()
    with transaction.atomic():
        _lock(SEAL_LOCK)
        with connection.cursor() as cursor:
            cursor.execute(_seal_inputs_sql(), [RecordStatus.SUCCESS, str(trace_id)])
            row = cursor.fetchone()
        if row is None:
            raise Trace.DoesNotExist(f"no trace {trace_id}")
        (started_at, trace_hash, count, last_seq, last_hash, tokens_in, tokens_out, cost, unpriced, sealed,
         seal_index, seal_hash, purged_index, purged_hash) = row
        if sealed:
            raise TraceAlreadySealed(f"trace {trace_id} is already sealed")
        head_index, head_hash = (seal_index, seal_hash) if seal_index is not None else (0, GENESIS)
        if purged_index is not None and purged_index > head_index:
            head_index, head_hash = purged_index, purged_hash
        seal = TraceSeal(
            trace_id=trace_id,
            seq=(last_seq or 0) + 1,
            prev_hash=last_hash if last_seq else trace_hash,
            record_count=count,
            ended_at=ended_at,
            status=status,
            error=error,
            duration_ms=max(0, int((ended_at - started_at).total_seconds() * 1000)),
            tokens_in=tokens_in or 0,
            tokens_out=tokens_out or 0,
            cost_cny=cost or Decimal(0),
            cost_complete=not unpriced,
            chain_index=head_index + 1,
            prev_seal_hash=head_hash,
        )
        _insert(seal)
    return seal


# --- legal holds -----------------------------------------------------------------------------
def _hold_append(**fields: Any) -> LegalHold:
    _lock(HOLD_LOCK)
    top = LegalHold.objects.order_by("-chain_index").values_list("chain_index", "hash").first()
    index, prev = top if top else (0, GENESIS)
    return _insert(LegalHold(chain_index=index + 1, prev_hash=prev, created_at=timezone.now(), **fields))


def legal_hold_place(
    *, actor: AbstractBaseUser, reason: str, trace_id: uuid.UUID | str | None = None, matter: Matter | None = None
) -> LegalHold:
    """Hold one trace, or every trace of a matter, from purging until the hold is released."""
    if not actor.has_perm("tracing.add_legalhold"):
        raise PermissionDenied("无权施加法律保全")
    if (trace_id is None) == (matter is None):
        raise ValidationError("法律保全须指定一条追踪或一个案件（二者选一）")
    if not reason.strip():
        raise ValidationError({"reason": "请填写保全原因"})
    if trace_id is not None and not Trace.objects.filter(pk=trace_id).exists():
        raise ValidationError({"trace_ref": f"追踪 {trace_id} 不存在"})
    with transaction.atomic():
        hold = _hold_append(
            action=LegalHold.Action.PLACE,
            trace_ref=uuid.UUID(str(trace_id)) if trace_id else None,
            matter=matter,
            matter_number=matter.number if matter else "",
            reason=reason,
            actor=actor,
            actor_username=actor.get_username(),
        )
        audit_event_record(
            actor=actor, event_type="trace.hold_placed", obj=hold, matter=matter,
            new={"hold": hold.chain_index, "trace": str(hold.trace_ref or ""), "matter": hold.matter_number,
                 "reason": reason},
        )
    return hold


def legal_hold_release(*, actor: AbstractBaseUser, hold: LegalHold, reason: str) -> LegalHold:
    if not actor.has_perm("tracing.add_legalhold"):
        raise PermissionDenied("无权解除法律保全")
    if hold.action != LegalHold.Action.PLACE:
        raise ValidationError("只能解除“施加保全”记录")
    if not reason.strip():
        raise ValidationError({"reason": "请填写解除原因"})
    with transaction.atomic():
        if LegalHold.objects.filter(releases=hold).exists():
            raise ValidationError("该保全已解除")
        release = _hold_append(
            action=LegalHold.Action.RELEASE,
            trace_ref=hold.trace_ref,
            matter_id=hold.matter_id,
            matter_number=hold.matter_number,
            releases=hold,
            reason=reason,
            actor=actor,
            actor_username=actor.get_username(),
        )
        audit_event_record(
            actor=actor, event_type="trace.hold_released", obj=release, matter=hold.matter,
            old={"hold": hold.chain_index, "active": True}, new={"hold": hold.chain_index, "active": False},
            detail={"release": release.chain_index, "trace": str(hold.trace_ref or ""),
                    "matter": hold.matter_number, "reason": reason},
        )
    return release


# --- purge -----------------------------------------------------------------------------------
@dataclass
class PurgeOutcome:
    trace_ids: list[str] = field(default_factory=list)
    record_count: int = 0
    held_skipped: int = 0
    record: PurgeRecord | None = None


def traces_purge(
    *, before: datetime, performed_by: str, actor: AbstractBaseUser | None = None, dry_run: bool = False
) -> PurgeOutcome:
    """Delete traces started before ``before`` that are not under legal hold, and record it.

    Unsealed traces (a crashed run never closed them) are removed too once they are a day old.
    """
    if timezone.is_naive(before):
        raise ValueError("before must be timezone-aware")
    outcome = PurgeOutcome()
    with transaction.atomic():
        _lock(SEAL_LOCK, HOLD_LOCK, PURGE_LOCK)
        unsealed_cutoff = min(before, timezone.now() - UNSEALED_GRACE)
        candidates = Trace.objects.filter(started_at__lt=before).filter(
            Q(seal__isnull=False) | Q(started_at__lt=unsealed_cutoff)
        )
        outcome.held_skipped = candidates.filter(active_holds_q()).count()
        ids = list(candidates.exclude(active_holds_q()).order_by("started_at").values_list("pk", flat=True))
        outcome.trace_ids = [str(pk) for pk in ids]
        seals = list(
            TraceSeal.objects.filter(trace_id__in=ids)
            .order_by("chain_index")
            .values_list("chain_index", "prev_seal_hash", "hash")
        )
        outcome.record_count = sum(model.objects.filter(trace_id__in=ids).count() for model in RECORD_MODELS)
        if dry_run:
            return outcome
        with connection.cursor() as cursor:
            cursor.execute(f"SET LOCAL {PURGE_FLAG} = 'on'")
        for start in range(0, len(ids), _PURGE_BATCH):
            batch = ids[start : start + _PURGE_BATCH]
            for model in (*RECORD_MODELS, TraceSeal):
                model.objects.filter(trace_id__in=batch).delete()
            Trace.objects.filter(pk__in=batch).delete()
        with connection.cursor() as cursor:
            cursor.execute(f"SET LOCAL {PURGE_FLAG} = 'off'")
        top = PurgeRecord.objects.order_by("-chain_index").values_list("chain_index", "hash").first()
        index, prev = top if top else (0, GENESIS)
        last = seals[-1] if seals else None
        outcome.record = _insert(
            PurgeRecord(
                chain_index=index + 1,
                performed_by=performed_by,
                actor=actor,
                created_at=timezone.now(),
                before=before,
                trace_count=len(ids),
                record_count=outcome.record_count,
                held_skipped=outcome.held_skipped,
                trace_ids=canonical_json(outcome.trace_ids),
                removed_seals=json.dumps([list(link) for link in seals]),
                max_removed_index=last[0] if last else None,
                last_removed_seal_hash=last[2] if last else "",
                prev_hash=prev,
            )
        )
        audit_event_record(
            actor=actor, actor_name=performed_by, event_type="trace.purged", obj=outcome.record,
            detail={"purge": outcome.record.chain_index, "before": before.isoformat(), "traces": len(ids),
                    "records": outcome.record_count, "held_skipped": outcome.held_skipped,
                    "performed_by": performed_by},
        )
    return outcome


def audit_events_export_record(*, actor: AbstractBaseUser, export_format: str, event_ids: list[int]) -> AuditEvent:
    """Record that ``actor`` exported these audit events (the admin's CSV/JSON export): an export is
    itself an audit event, so who took the audit trail out of the system is on the trail."""
    with transaction.atomic():
        return audit_event_record(
            actor=actor, event_type="audit_event.exported", object_type=AuditEvent._meta.label_lower,
            object_id=str(event_ids[0]) if len(event_ids) == 1 else "",
            detail={"format": export_format, "count": len(event_ids), "events": event_ids[:_EXPORT_IDS_KEPT]},
        )


def traces_export_record(*, actor: AbstractBaseUser, export_format: str, trace_ids: list[str]) -> AuditEvent:
    """Record that ``actor`` exported these traces (the admin's CSV/JSON export)."""
    with transaction.atomic():
        return audit_event_record(
            actor=actor, event_type="trace.exported", object_type=Trace._meta.label_lower,
            object_id=trace_ids[0] if len(trace_ids) == 1 else "",
            detail={"format": export_format, "count": len(trace_ids), "traces": trace_ids[:_EXPORT_IDS_KEPT]},
        )
