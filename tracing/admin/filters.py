"""The trace list's filters: status, agent and tool (read from the trace's records), layer.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from tracing.models import (
    AgentRun,
    ChainedRecord,
    Layer,
    RoutingDecision,
    ToolCall,
    Trace,
    TraceStatus,
)


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
