"""Exports of traces: CSV rows per record (content masked unless the viewer may unmask it), the JSON
document, and the reason step an export asks for first (the reason goes to the audit trail).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.admin import helpers
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils import timezone

from tracing import selectors
from tracing.models import (
    AgentRun,
    ChainedRecord,
    LLMCall,
    RoutingDecision,
    ToolCall,
    Trace,
)
from tracing.redaction import MASKED_CONTENT, may_unmask

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
    # the API's serializers (DRF, drf-spectacular) only when an export asks: not in every process's admin discovery
    from tracing.api.serializers import TraceDetailOutput, trace_context

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
