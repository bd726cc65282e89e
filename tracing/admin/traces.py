"""``TraceAdmin``: the trace list and detail, its exports and the hash-chain check; read only.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import path
from django.utils import timezone
from django.utils.html import format_html

from tracing import selectors, services
from tracing.admin.base import STATUS_COLOURS, ReadOnlyAuditAdmin, _ms, masker
from tracing.admin.exports import _reason_step, content_shower, export_csv_text, export_json_data
from tracing.admin.filters import AgentFilter, LayerFilter, StatusFilter, ToolFilter
from tracing.admin.timeline import timeline_context
from tracing.models import (
    Trace,
)


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
        from tracing.api.views import trace_detail_queryset  # the API's views only when an export asks

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
