"""The compliance admin: read every trace, change nothing.

Compliance officers (group ``compliance``, ``is_staff``) hold only view permissions on these
models; nobody - not even a superuser - may add, change or delete a trace here (the database
would refuse anyway). Administrators may place and release legal holds, which are new rows.
Personal data is masked for viewers without ``tracing.unmask_trace``.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable
from datetime import date, datetime
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html

from tracing import selectors, services
from tracing.api.serializers import TraceDetailOutput, trace_context
from tracing.api.views import trace_detail_queryset
from tracing.models import (
    AgentRun,
    AuditEvent,
    ChainedRecord,
    Layer,
    LegalHold,
    LLMCall,
    PurgeRecord,
    RecordStatus,
    RoutingDecision,
    ToolCall,
    Trace,
    TraceStatus,
)
from tracing.redaction import MASKED_CONTENT, mask_text, may_unmask

STATUS_COLOURS = {
    TraceStatus.OPEN: "#6b7280",
    TraceStatus.SUCCESS: "#15803d",
    TraceStatus.ERROR: "#b91c1c",
    TraceStatus.TIMEOUT: "#b45309",
    TraceStatus.CANCELLED: "#6b7280",
}


def masker(request: HttpRequest) -> Callable[[str], str]:
    return (lambda text: text) if may_unmask(request.user) else mask_text


class ReadOnlyAuditAdmin(admin.ModelAdmin):
    """No add, change or delete for anyone; viewing needs the model's view permission."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


# --- filters ---------------------------------------------------------------------------------
class StatusFilter(admin.SimpleListFilter):
    title = "状态"
    parameter_name = "status"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return list(TraceStatus.choices)

    def queryset(self, request: HttpRequest, queryset: QuerySet[Trace]) -> QuerySet[Trace]:
        value = self.value()
        if value == TraceStatus.OPEN:
            return queryset.filter(seal__isnull=True)
        if value:
            return queryset.filter(seal__status=value)
        return queryset


class _RecordValueFilter(admin.SimpleListFilter):
    model: type[ChainedRecord]
    field: str

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        values = self.model.objects.order_by(self.field).values_list(self.field, flat=True).distinct()[:100]
        return [(value, value) for value in values if value]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Trace]) -> QuerySet[Trace]:
        if not self.value():
            return queryset
        return queryset.filter(pk__in=self.model.objects.filter(**{self.field: self.value()}).values("trace_id"))


class AgentFilter(_RecordValueFilter):
    title = "智能体"
    parameter_name = "agent"
    model = AgentRun
    field = "agent"


class ToolFilter(_RecordValueFilter):
    title = "工具"
    parameter_name = "tool"
    model = ToolCall
    field = "tool"


class LayerFilter(admin.SimpleListFilter):
    title = "意图判定层"
    parameter_name = "layer"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return list(Layer.choices)

    def queryset(self, request: HttpRequest, queryset: QuerySet[Trace]) -> QuerySet[Trace]:
        if not self.value():
            return queryset
        return queryset.filter(pk__in=RoutingDecision.objects.filter(layer=self.value()).values("trace_id"))


# --- exports ---------------------------------------------------------------------------------
CSV_HEADER = [
    "追踪编号", "类型", "用户", "案件编号", "对象", "序号", "记录类型", "开始时间", "结束时间", "智能体", "名称",
    "状态", "耗时（毫秒）", "输入令牌", "输出令牌", "费用（元）", "内容", "哈希",
]
RECORD_LABELS = {
    RoutingDecision: "路由决策", AgentRun: "智能体运行", LLMCall: "模型调用", ToolCall: "工具调用",
}
_CSV_TEXT_CAP = 2000


def _iso(value: datetime | None) -> str:
    return timezone.localtime(value).isoformat(timespec="milliseconds") if value else ""


def content_shower(show: Callable[[str], str], trace: Trace) -> Callable[[str], str]:
    """How the content of a trace's records is shown: masked as a whole for a privileged matter the
    viewer is not on (``selectors.content_hidden``), else through ``show``."""
    if selectors.content_hidden(trace):
        return lambda text: MASKED_CONTENT if text else text
    return show


def _record_row(record: ChainedRecord, show: Callable[[str], str], content: Callable[[str], str]) -> list[Any]:
    if isinstance(record, RoutingDecision):
        text = (f"{record.get_layer_display() or '-'} {record.domain}/{record.intent} 置信度 {record.confidence} "
                f"→ {', '.join(record.agent_list)}；{content(record.reason)}")
        return [_iso(record.recorded_at), "", "", record.domain, "", "", "", "", "", show(text)]
    if isinstance(record, AgentRun):
        return [_iso(record.started_at), _iso(record.ended_at), record.agent, record.model, record.status,
                record.duration_ms, record.tokens_in, record.tokens_out, "", show(record.error)]
    if isinstance(record, LLMCall):
        text = show(record.error[:_CSV_TEXT_CAP]) if record.error else content(record.response[:_CSV_TEXT_CAP])
        return [_iso(record.started_at), _iso(record.ended_at), record.agent, f"{record.model} ({record.role})",
                record.status, record.latency_ms, record.tokens_in, record.tokens_out,
                record.cost_cny if record.cost_cny is not None else "", text]
    assert isinstance(record, ToolCall)
    text = f"输入 {content(record.input[:_CSV_TEXT_CAP])} → 输出 {content(record.output[:_CSV_TEXT_CAP])}"
    if record.error:
        text += f"；错误 {show(record.error)}"
    return [_iso(record.started_at), _iso(record.ended_at), record.agent, record.tool, record.status,
            record.duration_ms, "", "", "", text]


def export_csv_text(traces: Iterable[Trace], show: Callable[[str], str]) -> str:
    """One row per trace (seq 0, with its outcome and totals), then one per record."""
    buffer = io.StringIO()
    buffer.write("\ufeff")  # Excel reads UTF-8 only with a BOM
    writer = csv.writer(buffer)
    writer.writerow(CSV_HEADER)
    for trace in traces:
        seal = trace.seal_or_none
        head = [str(trace.pk), trace.get_kind_display(), trace.username, trace.matter_number,
                f"{trace.object_type}:{trace.object_id}" if trace.object_type else ""]
        writer.writerow([
            *head, 0, "追踪", _iso(trace.started_at), _iso(seal.ended_at if seal else None), "", "",
            trace.status, seal.duration_ms if seal else "", seal.tokens_in if seal else "",
            seal.tokens_out if seal else "", seal.cost_cny if seal else "", show(seal.error if seal else ""),
            trace.hash,
        ])
        content = content_shower(show, trace)
        for record in selectors.trace_records(trace=trace):
            writer.writerow([*head, record.seq, RECORD_LABELS[type(record)], *_record_row(record, show, content),
                             record.hash])
    return buffer.getvalue()


def export_json_data(traces: Iterable[Trace], request: HttpRequest) -> dict[str, Any]:
    unmask = may_unmask(request.user)
    return {
        "exported_at": _iso(timezone.now()),
        "exported_by": request.user.get_username(),
        "masked": not unmask,
        "traces": [TraceDetailOutput(trace, context=trace_context(unmask=unmask, trace=trace)).data
                   for trace in traces],
    }


class ReasonForm(forms.Form):
    reason = forms.CharField(label="原因", widget=forms.Textarea(attrs={"rows": 3, "cols": 60}))


def _reason_step(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Any], action: str, title: str
) -> str | HttpResponse:
    """An intermediate page asking for a reason; returns the reason once it was submitted."""
    form = ReasonForm(request.POST if "apply" in request.POST else None)
    if form.is_bound and form.is_valid():
        return form.cleaned_data["reason"]
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title,
        "objects": list(queryset[:50]),
        "count": queryset.count(),
        "form": form,
        "action": action,
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        "selected": request.POST.getlist(helpers.ACTION_CHECKBOX_NAME),
        "opts": modeladmin.model._meta,
    }
    return TemplateResponse(request, "admin/tracing/reason_form.html", context)


# --- traces ----------------------------------------------------------------------------------
@admin.register(Trace)
class TraceAdmin(ReadOnlyAuditAdmin):
    list_display = ["short_id", "kind", "username", "matter_number", "started_at", "status_badge", "duration",
                    "tokens", "cost"]
    list_filter = [
        ("started_at", admin.DateFieldListFilter),
        ("user", admin.RelatedOnlyFieldListFilter),
        ("matter", admin.RelatedOnlyFieldListFilter),
        "kind",
        AgentFilter,
        ToolFilter,
        StatusFilter,
        LayerFilter,
    ]
    search_fields = ["trace_id"]  # shows the box; the search itself is get_search_results
    search_help_text = "按追踪编号（完整或开头部分）或记录内容搜索"
    date_hierarchy = "started_at"
    list_select_related = ["seal", "user", "matter"]
    list_per_page = 50
    actions = ["export_csv", "export_json", "verify_chain", "place_hold"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Trace]:
        return selectors.trace_list(user=request.user)

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Trace], search_term: str
    ) -> tuple[QuerySet[Trace], bool]:
        if not search_term.strip():
            return queryset, False
        return queryset.filter(selectors.trace_search_q(user=request.user, search=search_term)), False

    def has_hold_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("tracing.add_legalhold")

    # -- columns -------------------------------------------------------------------------
    @admin.display(description="追踪编号", ordering="trace_id")
    def short_id(self, trace: Trace) -> str:
        return str(trace.pk)[:8]

    @admin.display(description="状态")
    def status_badge(self, trace: Trace) -> str:
        return format_html('<b style="color:{}">{}</b>', STATUS_COLOURS[trace.status], trace.get_status_display())

    @admin.display(description="耗时", ordering="seal__duration_ms")
    def duration(self, trace: Trace) -> str:
        seal = trace.seal_or_none
        return _ms(seal.duration_ms) if seal else "—"

    @admin.display(description="令牌（入/出）")
    def tokens(self, trace: Trace) -> str:
        seal = trace.seal_or_none
        return f"{seal.tokens_in}/{seal.tokens_out}" if seal else "—"

    @admin.display(description="费用（元）", ordering="seal__cost_cny")
    def cost(self, trace: Trace) -> str:
        seal = trace.seal_or_none
        if not seal:
            return "—"
        return f"{seal.cost_cny:.4f}" + ("" if seal.cost_complete else "（不完整）")

    # -- views ---------------------------------------------------------------------------
    def get_urls(self) -> list[Any]:
        custom = [
            path("cost/", self.admin_site.admin_view(self.cost_view), name="tracing_trace_cost"),
        ]
        return custom + super().get_urls()

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """A trace is never edited: its page is the timeline."""
        if request.method != "GET":
            raise PermissionDenied
        if not self.has_view_permission(request):
            raise PermissionDenied
        try:
            trace = self.get_queryset(request).get(pk=object_id)
        except (Trace.DoesNotExist, ValidationError, ValueError):
            return self._get_obj_does_not_exist_redirect(request, self.opts, object_id)
        return TemplateResponse(request, "admin/tracing/trace/timeline.html", {
            **self.admin_site.each_context(request),
            **timeline_context(trace, masker(request), content_shower(masker(request), trace)),
            "opts": self.opts,
            "title": f"追踪时间线 {trace.pk}",
            "has_view_permission": True,
            "original": trace,
            "held": selectors.trace_is_held(trace=trace),
            "can_hold": self.has_hold_permission(request),
        })

    def cost_view(self, request: HttpRequest) -> HttpResponse:
        if not self.has_view_permission(request):
            raise PermissionDenied
        since = _parse_date(request.GET.get("since", ""))
        until = _parse_date(request.GET.get("until", ""))
        by_user = selectors.cost_by_user(user=request.user, since=since, until=until)
        by_matter = selectors.cost_by_matter(user=request.user, since=since, until=until)
        return TemplateResponse(request, "admin/tracing/trace/cost.html", {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": "费用统计（按用户、按案件）",
            "by_user": by_user,
            "by_matter": by_matter,
            "since": since,
            "until": until,
            "total_cost": sum(row["cost"] for row in by_user),
            "total_traces": sum(row["traces"] for row in by_user),
        })

    # -- actions -------------------------------------------------------------------------
    def _selected(self, queryset: QuerySet[Trace]) -> QuerySet[Trace]:
        return trace_detail_queryset(queryset.select_related("seal", "user", "matter")).order_by("started_at")

    @admin.action(description="导出为 CSV", permissions=["view"])
    def export_csv(self, request: HttpRequest, queryset: QuerySet[Trace]) -> HttpResponse:
        traces = list(self._selected(queryset))
        services.traces_export_record(actor=request.user, export_format="csv", trace_ids=[str(t.pk) for t in traces])
        response = HttpResponse(export_csv_text(traces, masker(request)), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="traces-{timezone.localdate():%Y%m%d}.csv"'
        return response

    @admin.action(description="导出为 JSON", permissions=["view"])
    def export_json(self, request: HttpRequest, queryset: QuerySet[Trace]) -> HttpResponse:
        traces = list(self._selected(queryset))
        services.traces_export_record(actor=request.user, export_format="json", trace_ids=[str(t.pk) for t in traces])
        body = json.dumps(export_json_data(traces, request), ensure_ascii=False, indent=2, default=str)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="traces-{timezone.localdate():%Y%m%d}.json"'
        return response

    @admin.action(description="校验审计链", permissions=["view"])
    def verify_chain(self, request: HttpRequest, queryset: QuerySet[Trace]) -> None:
        report = selectors.audit_verify(trace_ids=list(queryset.values_list("pk", flat=True)))
        if report.ok:
            self.message_user(
                request, f"审计链完整：已校验 {report.traces} 条追踪、{report.records} 条记录、{report.seals} 个封存。",
                messages.SUCCESS,
            )
        else:
            self.message_user(
                request, f"发现断链（共 {len(report.broken)} 处），第一处：{report.first}", messages.ERROR
            )

    @admin.action(description="施加法律保全", permissions=["hold"])
    def place_hold(self, request: HttpRequest, queryset: QuerySet[Trace]) -> HttpResponse | None:
        reason = _reason_step(self, request, queryset, "place_hold", "对所选追踪施加法律保全")
        if not isinstance(reason, str):
            return reason
        for trace in queryset:
            services.legal_hold_place(actor=request.user, reason=reason, trace_id=trace.pk)
        self.message_user(request, f"已对 {queryset.count()} 条追踪施加法律保全。", messages.SUCCESS)
        return None


def _parse_date(value: str) -> date | None:
    try:
        return date.fromisoformat(value) if value else None
    except ValueError:
        return None


def _ms(value: float | int | None) -> str:
    if value is None:
        return "—"
    return f"{value / 1000:.2f} 秒" if value >= 1000 else f"{value:.0f} 毫秒"


# --- the timeline ----------------------------------------------------------------------------
SECTIONS = [
    ("routing", "路由决策"),
    ("agent", "智能体运行"),
    ("llm", "模型调用"),
    ("tool", "工具调用"),
]
BAR_COLOURS = {
    "routing": "#7c3aed", "agent": "#2563eb", "llm": "#0891b2", "tool": "#059669",
    RecordStatus.ERROR: "#dc2626", RecordStatus.TIMEOUT: "#d97706",
}


def timeline_context(
    trace: Trace, show: Callable[[str], str], content: Callable[[str], str] | None = None
) -> dict[str, Any]:
    """Positions (percent of the trace's span) and texts for the horizontal timeline. ``content``
    shows the work's content (reasons, requests, responses, tool input and output); ``show`` the rest."""
    content = content or show
    records = selectors.trace_records(trace=trace)
    seal = trace.seal_or_none
    starts_ends: list[tuple[datetime, datetime]] = []
    for record in records:
        start = getattr(record, "started_at", None) or record.recorded_at
        end = getattr(record, "ended_at", None) or record.recorded_at
        starts_ends.append((start, end))
    origin = min([trace.started_at, *(start for start, _ in starts_ends)])
    finish = max([seal.ended_at if seal else trace.started_at, *(end for _, end in starts_ends)])
    span = max((finish - origin).total_seconds() * 1000, 1.0)

    def pos(moment: datetime) -> float:
        return round((moment - origin).total_seconds() * 1000 / span * 100, 3)

    items: dict[str, list[dict[str, Any]]] = {key: [] for key, _ in SECTIONS}
    for record, (start, end) in zip(records, starts_ends, strict=True):
        left = pos(start)
        width = max(pos(end) - left, 0.4)
        item: dict[str, Any] = {"record": record, "seq": record.seq, "left": left, "width": min(width, 100 - left),
                                "start_ms": round((start - origin).total_seconds() * 1000, 1)}
        if isinstance(record, RoutingDecision):
            item.update(section="routing", label=f"{record.domain}/{record.intent}", status="",
                        detail=f"{record.get_layer_display() or '—'} · 置信度 {record.confidence} · "
                               f"{', '.join(record.agent_list) or '未选智能体'}",
                        reason=content(record.reason), point=True)
        elif isinstance(record, AgentRun):
            item.update(section="agent", label=record.agent, status=record.status,
                        detail=f"{record.model} · {_ms(record.duration_ms)} · 令牌 {record.tokens_in or 0}/"
                               f"{record.tokens_out or 0}", error=show(record.error))
        elif isinstance(record, LLMCall):
            cost = f"{record.cost_cny:.6f} 元" if record.cost_cny is not None else "费用未知"
            item.update(section="llm", label=f"{record.model}（{record.role}）", status=record.status,
                        detail=f"{record.agent or '—'} · {_ms(record.latency_ms)} · 令牌 {record.tokens_in or 0}/"
                               f"{record.tokens_out or 0} · {cost}",
                        request=content(record.request), response=content(record.response), error=show(record.error))
        else:
            assert isinstance(record, ToolCall)
            item.update(section="tool", label=record.tool, status=record.status,
                        detail=f"{record.agent or '—'} · {_ms(record.duration_ms)} · 第 {record.attempt} 次",
                        input=content(record.input), output=content(record.output), error=show(record.error))
        item["colour"] = BAR_COLOURS.get(item["status"]) or BAR_COLOURS[item["section"]]
        item["status_label"] = RecordStatus(item["status"]).label if item["status"] else ""
        items[item["section"]].append(item)
    ticks = [{"left": step * 20, "label": _ms(span * step / 5)} for step in range(6)]
    verify = selectors.audit_verify(trace_ids=[trace.pk])
    return {
        "trace": trace,
        "seal": seal,
        "sections": [{"key": key, "label": label, "items": items[key]} for key, label in SECTIONS],
        "ticks": ticks,
        "span_ms": span,
        "status_colour": STATUS_COLOURS[trace.status],
        "seal_error": show(seal.error) if seal else "",
        "verify": verify,
        "masked": show is mask_text,
        "content_hidden": content is not show,
    }


# --- legal holds and purge records -----------------------------------------------------------
class LegalHoldForm(forms.ModelForm):
    class Meta:
        model = LegalHold
        fields = ["trace_ref", "matter", "reason"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if bool(data.get("trace_ref")) == bool(data.get("matter")):
            raise ValidationError("请指定一条追踪或一个案件（二者选一）")
        if data.get("trace_ref") and not Trace.objects.filter(pk=data["trace_ref"]).exists():
            raise ValidationError({"trace_ref": "该追踪不存在"})
        return data


@admin.register(LegalHold)
class LegalHoldAdmin(ReadOnlyAuditAdmin):
    form = LegalHoldForm
    list_display = ["chain_index", "action", "target", "reason", "actor_username", "created_at", "is_active"]
    list_filter = ["action"]
    search_fields = ["=trace_ref", "matter_number", "actor_username"]
    actions = ["release"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[LegalHold]:
        return selectors.legal_hold_list(user=request.user)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return request.user.has_perm("tracing.add_legalhold")

    def has_hold_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("tracing.add_legalhold")

    def get_fields(self, request: HttpRequest, obj: LegalHold | None = None) -> list[Any]:
        if obj is None:
            return ["trace_ref", "matter", "reason"]
        return ["chain_index", "action", "target", self._reason_column(request), "releases", "actor_username",
                "created_at", "prev_hash", "hash"]

    def get_readonly_fields(self, request: HttpRequest, obj: LegalHold | None = None) -> list[Any]:
        return [] if obj is None else self.get_fields(request, obj)

    @admin.display(description="对象")
    def target(self, hold: LegalHold) -> str:
        return f"追踪 {hold.trace_ref}" if hold.trace_ref else f"案件 {hold.matter_number}"

    @admin.display(description="有效", boolean=True)
    def is_active(self, hold: LegalHold) -> bool | None:
        if hold.action != LegalHold.Action.PLACE:
            return None
        return not hold.released_by.exists()

    @staticmethod
    def _reason_column(request: HttpRequest) -> Callable[[LegalHold], str]:
        show = masker(request)

        @admin.display(description="原因")
        def reason(hold: LegalHold) -> str:
            return show(hold.reason)

        return reason

    def get_list_display(self, request: HttpRequest) -> list[Any]:
        return [self._reason_column(request) if name == "reason" else name for name in self.list_display]

    def save_model(self, request: HttpRequest, obj: LegalHold, form: forms.Form, change: bool) -> None:
        if change:
            raise PermissionDenied
        hold = services.legal_hold_place(
            actor=request.user, reason=obj.reason, trace_id=obj.trace_ref, matter=obj.matter
        )
        obj.pk = hold.pk
        for name in ("chain_index", "action", "created_at", "hash", "prev_hash", "actor_id", "actor_username",
                     "matter_number"):
            setattr(obj, name, getattr(hold, name))

    @admin.action(description="解除所选保全", permissions=["hold"])
    def release(self, request: HttpRequest, queryset: QuerySet[LegalHold]) -> HttpResponse | None:
        holds = queryset.filter(action=LegalHold.Action.PLACE, released_by__isnull=True)
        reason = _reason_step(self, request, holds, "release", "解除法律保全")
        if not isinstance(reason, str):
            return reason
        count = 0
        for hold in holds:
            services.legal_hold_release(actor=request.user, hold=hold, reason=reason)
            count += 1
        self.message_user(request, f"已解除 {count} 项法律保全。", messages.SUCCESS)
        return HttpResponseRedirect(reverse("admin:tracing_legalhold_changelist"))


@admin.register(PurgeRecord)
class PurgeRecordAdmin(ReadOnlyAuditAdmin):
    list_display = ["chain_index", "created_at", "performed_by", "before", "trace_count", "record_count",
                    "held_skipped"]
    fields = ["chain_index", "created_at", "performed_by", "before", "trace_count", "record_count", "held_skipped",
              "trace_ids", "removed_seals", "max_removed_index", "last_removed_seal_hash", "prev_hash", "hash"]
    readonly_fields = fields



# --- audit events ----------------------------------------------------------------------------
def _json_shown(value: Any) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


#: At most this many audit events in one export (select fewer with the filters).
EXPORT_LIMIT = 50_000


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyAuditAdmin):
    """Who changed what, when, from what to what. Filters by actor, event type, object type and
    date; search by object id, username, event type or matter number. Old/new/detail are shown
    through ``selectors.audit_event_payload`` (privileged content and personal data masked)."""

    list_display = ["chain_index", "ts", "actor_username", "event_type", "object_label", "matter_number"]
    list_filter = [
        ("ts", admin.DateFieldListFilter),
        ("actor", admin.RelatedOnlyFieldListFilter),
        "event_type",
        "object_type",
    ]
    search_fields = ["=object_id", "actor_username", "event_type", "matter_number"]
    search_help_text = "按对象编号（精确）、操作人、事件类型或案件编号搜索"
    date_hierarchy = "ts"
    list_per_page = 100
    base_fields = ["chain_index", "ts", "actor_username", "event_type", "object_type", "object_id", "matter_number"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[AuditEvent]:
        return selectors.audit_event_list(user=request.user)

    @admin.display(description="对象", ordering="object_type")
    def object_label(self, event: AuditEvent) -> str:
        return f"{event.object_type}:{event.object_id}" if event.object_id else event.object_type

    @staticmethod
    def _columns(request: HttpRequest) -> dict[str, Callable[[AuditEvent], str]]:
        """Display callables bound to this request's viewer (the admin object is shared by requests)."""
        unmask = may_unmask(request.user)

        def payload(event: AuditEvent) -> dict[str, Any]:
            return selectors.audit_event_payload(event, unmask=unmask)

        @admin.display(description="变更")
        def changes(event: AuditEvent) -> str:
            data = payload(event)
            old, new = data["old"], data["new"]
            if isinstance(old, dict) and isinstance(new, dict):
                keys = sorted(set(old) | set(new))
                return "；".join(f"{key}: {_json_shown(old.get(key))} → {_json_shown(new.get(key))}"
                                for key in keys)[:300]
            return _json_shown(new if new is not None else old)[:300]

        @admin.display(description="变更前")
        def old_shown(event: AuditEvent) -> str:
            return _json_shown(payload(event)["old"])

        @admin.display(description="变更后")
        def new_shown(event: AuditEvent) -> str:
            return _json_shown(payload(event)["new"])

        @admin.display(description="说明")
        def detail_shown(event: AuditEvent) -> str:
            return _json_shown(payload(event)["detail"])

        return {"changes": changes, "old": old_shown, "new": new_shown, "detail": detail_shown}

    def get_list_display(self, request: HttpRequest) -> list[Any]:
        return [*self.list_display, self._columns(request)["changes"]]

    def get_fields(self, request: HttpRequest, obj: AuditEvent | None = None) -> list[Any]:
        columns = self._columns(request)
        return [*self.base_fields, columns["old"], columns["new"], columns["detail"], "prev_hash", "hash"]

    actions = ["export_csv", "export_json"]

    def _export_rows(self, request: HttpRequest, queryset: QuerySet[AuditEvent]) -> list[dict[str, Any]]:
        """The selected events (within what the viewer may see) as the page shows them: the same
        masking (``selectors.audit_event_payload``), oldest first."""
        unmask = may_unmask(request.user)
        visible = selectors.audit_event_list(user=request.user).filter(pk__in=queryset.values("pk"))
        rows = []
        for event in visible.order_by("chain_index")[:EXPORT_LIMIT]:
            payload = selectors.audit_event_payload(event, unmask=unmask)
            rows.append({"id": event.pk, "chain_index": event.chain_index, "ts": _iso(event.ts),
                         "actor": event.actor_username, "event_type": event.event_type,
                         "object_type": event.object_type, "object_id": event.object_id,
                         "matter": event.matter_number, **payload, "hash": event.hash})
        return rows

    @admin.action(description="导出所选审计事件（CSV）", permissions=["view"])
    def export_csv(self, request: HttpRequest, queryset: QuerySet[AuditEvent]) -> HttpResponse:
        rows = self._export_rows(request, queryset)
        services.audit_events_export_record(actor=request.user, export_format="csv", event_ids=[r["id"] for r in rows])
        out = io.StringIO()
        writer = csv.writer(out)
        header = ["id", "chain_index", "ts", "actor", "event_type", "object_type", "object_id", "matter", "old", "new",
                  "detail", "hash"]
        writer.writerow(header)
        for row in rows:
            writer.writerow([_json_shown(row[key]) if key in ("old", "new", "detail") else row[key] for key in header])
        response = HttpResponse("\ufeff" + out.getvalue(), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="legalsite-audit-events.csv"'
        return response

    @admin.action(description="导出所选审计事件（JSON）", permissions=["view"])
    def export_json(self, request: HttpRequest, queryset: QuerySet[AuditEvent]) -> HttpResponse:
        rows = self._export_rows(request, queryset)
        services.audit_events_export_record(actor=request.user, export_format="json",
                                            event_ids=[r["id"] for r in rows])
        body = json.dumps({"exported_at": _iso(timezone.now()), "exported_by": request.user.get_username(),
                           "events": rows}, ensure_ascii=False, indent=2, default=str)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="legalsite-audit-events.json"'
        return response

    def get_readonly_fields(self, request: HttpRequest, obj: AuditEvent | None = None) -> list[Any]:
        return self.get_fields(request, obj)
