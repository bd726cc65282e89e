"""Reads of the audit trail, always scoped (docs/decisions/roles-and-matters.md):

- compliance officers read every trace and audit event; the *content* of work on a privileged
  matter (question text, model requests and responses, tool input and output, routing reasons,
  titles and comments in audit events) is shown to them masked, its metadata and hashes kept;
- admins read every trace except those of privileged matters they are not on (the same rule as
  the work itself: ``firm.selectors.work_visible_q``), and every audit event, masked like above
  for privileged matters they are not on;
- nobody else reads any.

Also the chain verification behind ``verify_audit`` and the admin action.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import BooleanField, Case, CharField, Count, Exists, OuterRef, Q, QuerySet, Sum, Value, When
from django.db.models.functions import Cast

from firm.roles import Role, user_role
from firm.selectors import team_matter_ids, work_visible_q
from firm.walls import audit_metadata_keys
from tracing.chain import GENESIS
from tracing.models import (
    RECORD_MODELS,
    AgentRun,
    AuditEvent,
    ChainedRecord,
    LegalHold,
    LLMCall,
    PurgeRecord,
    RoutingDecision,
    ToolCall,
    Trace,
    TraceSeal,
    TraceStatus,
)
from tracing.redaction import MASKED_CONTENT, contains_personal_data, mask_text, may_unmask

UserLike = AbstractBaseUser | AnonymousUser


def can_read_traces(user: UserLike) -> bool:
    return user_role(user) in (Role.COMPLIANCE, Role.ADMIN)


def privileged_hidden_q(*, user: UserLike, owner_field: str = "user", matter_field: str = "matter") -> Q:
    """Rows about work of a privileged matter that ``user`` is not on (and does not own): their
    content is masked for this viewer."""
    return Q(**{f"{matter_field}__privileged": True}) & ~(
        Q(**{owner_field: user}) | Q(**{f"{matter_field}__in": team_matter_ids(user=user)})
    )


def _hidden_flag(q: Q) -> Case:
    return Case(When(q, then=Value(True)), default=Value(False), output_field=BooleanField())


def _readable_traces(user: UserLike) -> QuerySet[Trace]:
    """Every trace ``user`` may read, each annotated ``content_hidden``."""
    role = user_role(user)
    if role == Role.COMPLIANCE:
        queryset = Trace.objects.all()
    elif role == Role.ADMIN:
        queryset = Trace.objects.filter(work_visible_q(user=user, owner_field="user", matter_field="matter"))
    else:
        return Trace.objects.none()
    return queryset.annotate(content_hidden=_hidden_flag(privileged_hidden_q(user=user)))


def content_hidden(obj: Any) -> bool:
    """Whether a trace or audit event read through this module is shown with its content masked.
    Rows that did not come through a selector of this module count as hidden."""
    return bool(getattr(obj, "content_hidden", True))


def trace_list(
    *,
    user: UserLike,
    kind: str = "",
    status: str = "",
    username: str = "",
    matter: str = "",
    agent: str = "",
    tool: str = "",
    layer: str = "",
    since: date | None = None,
    until: date | None = None,
    search: str = "",
) -> QuerySet[Trace]:
    """Traces the user may read, newest first, filtered. ``matter`` is a matter id or number;
    ``status`` includes ``open`` (not sealed yet)."""
    queryset = _readable_traces(user).select_related("seal", "user", "matter")
    if kind:
        queryset = queryset.filter(kind=kind)
    if status == TraceStatus.OPEN:
        queryset = queryset.filter(seal__isnull=True)
    elif status:
        queryset = queryset.filter(seal__status=status)
    if username:
        queryset = queryset.filter(Q(user__username=username) | Q(username=username))
    if matter:
        by_number = Q(matter_number=matter) | Q(matter__number=matter)
        is_id = matter.isascii() and matter.isdigit() and len(matter) <= 18  # a bigint, not ²
        queryset = queryset.filter(by_number | Q(matter_id=int(matter)) if is_id else by_number)
    if agent:
        queryset = queryset.filter(Exists(AgentRun.objects.filter(trace=OuterRef("pk"), agent=agent)))
    if tool:
        queryset = queryset.filter(Exists(ToolCall.objects.filter(trace=OuterRef("pk"), tool=tool)))
    if layer:
        queryset = queryset.filter(Exists(RoutingDecision.objects.filter(trace=OuterRef("pk"), layer=layer)))
    if since:
        queryset = queryset.filter(started_at__date__gte=since)
    if until:
        queryset = queryset.filter(started_at__date__lte=until)
    if search:
        queryset = queryset.filter(trace_search_q(user=user, search=search))
    return queryset.order_by("-started_at", "pk")


def trace_search_q(*, user: UserLike, search: str) -> Q:
    """Search by trace id (whole or leading part) and by text in what was recorded. Viewers who
    may not see personal data cannot search for it either (that would reveal it), and the content
    of traces shown to them masked (privileged matters) is not searched for them."""
    term = search.strip()
    if not term:
        return Q()
    matched = Q(pk__in=[])
    try:
        matched |= Q(pk=uuid.UUID(term))
    except ValueError:
        compact = term.replace("-", "").lower()
        if len(compact) >= 4 and all(ch in "0123456789abcdef" for ch in compact):
            matched |= Q(pk__in=_trace_ids_starting_with(term.lower()))
    if contains_personal_data(term) and not may_unmask(user):
        return matched
    metadata = (
        Q(object_id=term)
        | Q(username__icontains=term)
        | Q(matter_number__icontains=term)
        | Q(seal__error__icontains=term)
        | Exists(RoutingDecision.objects.filter(Q(domain=term) | Q(intent=term), trace=OuterRef("pk")))
        | Exists(ToolCall.objects.filter(Q(error__icontains=term) | Q(tool=term), trace=OuterRef("pk")))
        | Exists(LLMCall.objects.filter(error__icontains=term, trace=OuterRef("pk")))
        | Exists(AgentRun.objects.filter(Q(error__icontains=term) | Q(agent=term), trace=OuterRef("pk")))
    )
    content = (
        Exists(RoutingDecision.objects.filter(reason__icontains=term, trace=OuterRef("pk")))
        | Exists(ToolCall.objects.filter(Q(input__icontains=term) | Q(output__icontains=term), trace=OuterRef("pk")))
        | Exists(LLMCall.objects.filter(Q(request__icontains=term) | Q(response__icontains=term),
                                        trace=OuterRef("pk")))
    )
    return matched | metadata | (content & ~privileged_hidden_q(user=user))


def _trace_ids_starting_with(prefix: str) -> Any:
    return (
        Trace.objects.annotate(trace_text=Cast("trace_id", CharField()))
        .filter(trace_text__startswith=prefix)
        .values("pk")
    )


def trace_get(*, user: UserLike, trace_id: uuid.UUID | str) -> Trace:
    """Raises ``Trace.DoesNotExist`` when the trace does not exist or may not be read."""
    return trace_list(user=user).get(pk=trace_id)


def trace_records(*, trace: Trace) -> list[ChainedRecord]:
    """Every record of a trace in chain order (routing, agent runs, LLM calls, tool calls mixed)."""
    records: list[ChainedRecord] = []
    for model in RECORD_MODELS:
        records.extend(model.objects.filter(trace_id=trace.pk))
    records.sort(key=lambda record: record.seq)
    return records


def active_holds_q() -> Q:
    """Traces under an active hold (directly or through their matter)."""
    active = LegalHold.objects.filter(action=LegalHold.Action.PLACE, released_by__isnull=True)
    trace_refs = active.exclude(trace_ref=None).values("trace_ref")
    matters = active.exclude(matter=None).values("matter_id")
    return Q(trace_id__in=trace_refs) | Q(matter_id__in=matters)


def trace_is_held(*, trace: Trace) -> bool:
    return Trace.objects.filter(pk=trace.pk).filter(active_holds_q()).exists()


def legal_hold_list(*, user: UserLike) -> QuerySet[LegalHold]:
    if not can_read_traces(user):
        return LegalHold.objects.none()
    return LegalHold.objects.select_related("matter", "releases")


# --- audit events ----------------------------------------------------------------------------
# Which keys of an event's old/new/detail stay readable when the event is about privileged work
# hidden from the viewer: ``firm.walls.audit_metadata_keys`` (common metadata keys, the object's
# declared metadata and typed fields). Every other key is content, masked: a new event type or key
# is masked until declared metadata (docs/decisions/ethical-walls.md).
#: Events about the matter itself (its number, title, team) are matter metadata, which admins see.
MATTER_OBJECT_TYPES = ("firm.matter",)


def audit_event_list(
    *,
    user: UserLike,
    object_type: str = "",
    object_id: str = "",
    event_type: str = "",
    actor: str = "",
    since: datetime | date | None = None,
) -> QuerySet[AuditEvent]:
    """Audit events ``user`` may read (compliance and admins), newest first, each annotated
    ``content_hidden``. ``event_type`` ending in ``.`` matches a prefix (``matter.``); ``actor``
    is a username; ``since`` a date (from its start) or a datetime."""
    if not can_read_traces(user):
        return AuditEvent.objects.none()
    hidden = privileged_hidden_q(user=user, owner_field="actor") & ~Q(object_type__in=MATTER_OBJECT_TYPES)
    queryset = AuditEvent.objects.select_related("actor", "matter").annotate(content_hidden=_hidden_flag(hidden))
    if object_type:
        queryset = queryset.filter(object_type=object_type)
    if object_id:
        queryset = queryset.filter(object_id=object_id)
    if event_type:
        queryset = queryset.filter(event_type__startswith=event_type) if event_type.endswith(".") \
            else queryset.filter(event_type=event_type)
    if actor:
        queryset = queryset.filter(Q(actor__username=actor) | Q(actor_username=actor))
    if isinstance(since, datetime):
        queryset = queryset.filter(ts__gte=since)
    elif since is not None:
        queryset = queryset.filter(ts__date__gte=since)
    return queryset.order_by("-chain_index")


def audit_event_since(*, event_type: str, obj: Any, since: datetime) -> bool:
    """Whether an audit event ``event_type`` about ``obj`` (a model instance) was recorded since ``since``."""
    return AuditEvent.objects.filter(event_type=event_type, object_type=obj._meta.label_lower,
                                     object_id=str(obj.pk), ts__gte=since).exists()


def audit_event_latest(*, event_type: str, object_type: str, object_id: str | int) -> AuditEvent | None:
    """The newest audit event of ``event_type`` about one object (registered as ``core.audit``'s reader)."""
    return (AuditEvent.objects.filter(event_type=event_type, object_type=object_type, object_id=str(object_id))
            .order_by("-chain_index").first())


def audit_event_payload(event: AuditEvent, *, unmask: bool) -> dict[str, Any]:
    """An event's old/new/detail as shown to a viewer: every key that is not declared metadata masked
    when the event is about privileged work hidden from them, personal data masked unless ``unmask``."""
    hide = content_hidden(event)
    metadata = audit_metadata_keys(event.object_type)

    def shown(data: Any) -> Any:
        if isinstance(data, dict):
            return {key: MASKED_CONTENT if hide and key not in metadata and value not in (None, "", [], {})
                    else shown(value) for key, value in data.items()}
        if isinstance(data, list):
            return [shown(item) for item in data]
        if isinstance(data, str) and not unmask:
            return mask_text(data)
        return data

    return {"old": shown(event.old_data), "new": shown(event.new_data), "detail": shown(event.detail_data)}


def _cost_rows(queryset: QuerySet[Trace], group: tuple[str, ...]) -> list[dict[str, Any]]:
    rows = (
        queryset.values(*group)
        .annotate(
            traces=Count("pk"),
            tokens_in=Sum("seal__tokens_in"),
            tokens_out=Sum("seal__tokens_out"),
            cost=Sum("seal__cost_cny"),
        )
        .order_by("-cost", *group)
    )
    return [
        {**row, "tokens_in": row["tokens_in"] or 0, "tokens_out": row["tokens_out"] or 0,
         "cost": row["cost"] or Decimal(0)}
        for row in rows
    ]


def cost_by_user(
    *, user: UserLike, since: date | None = None, until: date | None = None
) -> list[dict[str, Any]]:
    """Sealed traces' tokens and cost per user (username as recorded)."""
    return _cost_rows(trace_list(user=user, since=since, until=until).filter(seal__isnull=False), ("username",))


def cost_by_matter(
    *, user: UserLike, since: date | None = None, until: date | None = None
) -> list[dict[str, Any]]:
    """Sealed traces' tokens and cost per matter (work without a matter is one row)."""
    queryset = trace_list(user=user, since=since, until=until).filter(seal__isnull=False)
    return _cost_rows(queryset, ("matter_id", "matter_number", "matter__title"))


# --- verification ----------------------------------------------------------------------------
@dataclass(frozen=True)
class BrokenLink:
    trace_id: str
    record_type: str
    seq: int | None
    expected: str
    found: str
    problem: str

    def __str__(self) -> str:
        where = f"trace {self.trace_id}" if self.trace_id else "global chain"
        seq = f" seq {self.seq}" if self.seq is not None else ""
        return f"{where} {self.record_type}{seq}: {self.problem}; expected {self.expected}, found {self.found}"


@dataclass
class VerifyReport:
    traces: int = 0
    records: int = 0
    seals: int = 0
    events: int = 0
    broken: list[BrokenLink] = field(default_factory=list)
    head_hash: str = GENESIS
    events_head_hash: str = GENESIS

    @property
    def ok(self) -> bool:
        return not self.broken

    @property
    def first(self) -> BrokenLink | None:
        return self.broken[0] if self.broken else None


_MAX_BROKEN = 100
_BATCH = 500


def audit_verify(*, trace_ids: Iterable[uuid.UUID | str] | None = None) -> VerifyReport:
    """Re-hash every record and check every link: within each trace (contiguous seq, prev_hash,
    hash, the seal's link to the last record and its record count), the global seal chain
    (across purged gaps, through the purge records' kept links), the legal-hold chain and the
    purge-record chain and the audit-event chain. With ``trace_ids``, only those traces and their
    seals' neighbours."""
    report = VerifyReport()
    selected = None if trace_ids is None else [uuid.UUID(str(pk)) for pk in trace_ids]
    traces = Trace.objects.order_by("started_at", "pk")
    if selected is not None:
        traces = traces.filter(pk__in=selected)
    for batch in _batches(traces.iterator(chunk_size=_BATCH), _BATCH):
        _verify_traces(batch, report)
        if len(report.broken) >= _MAX_BROKEN:
            return report
    if selected is None:
        _verify_seal_chain(report)
        _verify_simple_chain(LegalHold, report)
        _verify_simple_chain(PurgeRecord, report)
        _verify_simple_chain(AuditEvent, report)
    else:
        _verify_seal_neighbours(selected, report)
    return report


def _batches(items: Iterator[Trace], size: int) -> Iterator[list[Trace]]:
    batch: list[Trace] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _broken(report: VerifyReport, trace_id: Any, record_type: str, seq: int | None, expected: str, found: str,
            problem: str) -> None:
    report.broken.append(BrokenLink(str(trace_id or ""), record_type, seq, expected, found, problem))


def _verify_traces(batch: list[Trace], report: VerifyReport) -> None:
    ids = [trace.pk for trace in batch]
    children: dict[Any, list[ChainedRecord]] = {pk: [] for pk in ids}
    for model in RECORD_MODELS:
        for record in model.objects.filter(trace_id__in=ids):
            children[record.trace_id].append(record)
    seals = {seal.trace_id: seal for seal in TraceSeal.objects.filter(trace_id__in=ids)}
    for trace in batch:
        report.traces += 1
        expected = trace.compute_hash()
        if expected != trace.hash:
            _broken(report, trace.pk, "Trace", 0, expected, trace.hash, "content does not match its hash")
            continue
        prev, seq = trace.hash, 0
        records = sorted(children[trace.pk], key=lambda record: record.seq)
        intact = True
        for record in records:
            report.records += 1
            seq += 1
            kind = type(record).__name__
            if record.seq != seq:
                problem = "a record before it is missing" if record.seq > seq else "a duplicated seq"
                _broken(report, trace.pk, kind, record.seq, f"seq {seq}", f"seq {record.seq}", problem)
                intact = False
                break
            if record.prev_hash != prev:
                _broken(report, trace.pk, kind, record.seq, prev, record.prev_hash,
                        "prev_hash does not match the previous record")
                intact = False
                break
            recomputed = record.compute_hash()
            if recomputed != record.hash:
                _broken(report, trace.pk, kind, record.seq, recomputed, record.hash,
                        "content does not match its hash")
                intact = False
                break
            prev = record.hash
        seal = seals.get(trace.pk)
        if seal is None or not intact:
            continue
        report.seals += 1
        if seal.seq != seq + 1 or seal.record_count != len(records):
            _broken(report, trace.pk, "TraceSeal", seal.seq, f"seq {seq + 1}, {len(records)} records",
                    f"seq {seal.seq}, {seal.record_count} records", "records were added or removed after sealing")
        elif seal.prev_hash != prev:
            _broken(report, trace.pk, "TraceSeal", seal.seq, prev, seal.prev_hash,
                    "seal does not link to the last record")
        else:
            recomputed = seal.compute_hash()
            if recomputed != seal.hash:
                _broken(report, trace.pk, "TraceSeal", seal.seq, recomputed, seal.hash,
                        "content does not match its hash")


def _seal_links() -> dict[int, tuple[str, str, str]]:
    """chain_index -> (prev_seal_hash, hash, trace id or 'purged')."""
    links: dict[int, tuple[str, str, str]] = {}
    for record in PurgeRecord.objects.order_by("chain_index"):
        for index, prev, hash_ in record.removed_seal_links:
            links[index] = (prev, hash_, f"purged by purge #{record.chain_index}")
    for index, prev, hash_, trace_id in TraceSeal.objects.values_list(
        "chain_index", "prev_seal_hash", "hash", "trace_id"
    ):
        links[index] = (prev, hash_, str(trace_id))
    return links


def _verify_seal_chain(report: VerifyReport) -> None:
    links = _seal_links()
    prev = GENESIS
    for index in range(1, (max(links) if links else 0) + 1):
        link = links.get(index)
        if link is None:
            _broken(report, "", "TraceSeal", index, "a seal or a purge record", "nothing",
                    f"global chain position {index} is missing (a sealed trace was deleted outside a purge)")
            return
        link_prev, link_hash, owner = link
        if link_prev != prev:
            _broken(report, owner if not owner.startswith("purged") else "", "TraceSeal", index, prev, link_prev,
                    "prev_seal_hash does not match the previous seal")
            return
        prev = link_hash
    report.head_hash = prev


def _verify_seal_neighbours(selected: list[uuid.UUID], report: VerifyReport) -> None:
    links = _seal_links()
    for seal in TraceSeal.objects.filter(trace_id__in=selected).order_by("chain_index"):
        before = links.get(seal.chain_index - 1)
        expected = GENESIS if seal.chain_index == 1 else (before[1] if before else "a previous seal")
        if seal.prev_seal_hash != expected:
            _broken(report, seal.trace_id, "TraceSeal", seal.seq, expected, seal.prev_seal_hash,
                    "prev_seal_hash does not match the previous seal in the global chain")
        after = links.get(seal.chain_index + 1)
        if after is not None and after[0] != seal.hash:
            _broken(report, seal.trace_id, "TraceSeal", seal.seq, seal.hash, after[0],
                    "the next seal in the global chain does not link to this one")


def _verify_simple_chain(model: type[LegalHold] | type[PurgeRecord] | type[AuditEvent], report: VerifyReport) -> None:
    prev, expected_index = GENESIS, 1
    counted = model is AuditEvent
    for row in model.objects.order_by("chain_index").iterator(chunk_size=_BATCH):
        name = model.__name__
        if counted:
            report.events += 1
        if row.chain_index != expected_index:
            _broken(report, "", name, expected_index, f"index {expected_index}", f"index {row.chain_index}",
                    "a row is missing")
            return
        if row.prev_hash != prev:
            _broken(report, "", name, row.chain_index, prev, row.prev_hash, "prev_hash does not match the previous row")
            return
        recomputed = row.compute_hash()
        if recomputed != row.hash:
            _broken(report, "", name, row.chain_index, recomputed, row.hash, "content does not match its hash")
            return
        prev, expected_index = row.hash, expected_index + 1
    if counted:
        report.events_head_hash = prev
