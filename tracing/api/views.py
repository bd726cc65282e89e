"""Read-only API over the audit trail: compliance officers and admins only."""

from __future__ import annotations

from datetime import date

from django.db.models import Prefetch, QuerySet
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tracing import selectors
from tracing.api.serializers import TraceDetailOutput, TraceListOutput
from tracing.models import AgentRun, LLMCall, RoutingDecision, ToolCall, Trace
from tracing.redaction import may_unmask


class CanReadTraces(BasePermission):
    message = "只有合规人员和管理员可以查看审计追踪"

    def has_permission(self, request: Request, view: object) -> bool:
        return selectors.can_read_traces(request.user)


def _date_param(request: Request, name: str) -> date | None:
    value = request.query_params.get(name, "")
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise ValidationError({name: "日期格式应为 YYYY-MM-DD"}) from None


def trace_detail_queryset(queryset: QuerySet[Trace]) -> QuerySet[Trace]:
    return queryset.prefetch_related(
        Prefetch("routing_decisions", queryset=RoutingDecision.objects.order_by("seq")),
        Prefetch("agent_runs", queryset=AgentRun.objects.order_by("seq")),
        Prefetch("llm_calls", queryset=LLMCall.objects.order_by("seq")),
        Prefetch("tool_calls", queryset=ToolCall.objects.order_by("seq")),
    )


FILTERS = ["kind", "status", "user", "matter", "agent", "tool", "layer", "q", "since", "until"]


class TraceListApi(APIView):
    permission_classes = [IsAuthenticated, CanReadTraces]

    @extend_schema(
        responses=TraceListOutput(many=True),
        summary="审计追踪列表",
        parameters=[OpenApiParameter(name, OpenApiTypes.DATE if name in ("since", "until") else OpenApiTypes.STR)
                    for name in FILTERS],
    )
    def get(self, request: Request) -> Response:
        params = request.query_params
        traces = selectors.trace_list(
            user=request.user,
            kind=params.get("kind", ""),
            status=params.get("status", ""),
            username=params.get("user", ""),
            matter=params.get("matter", ""),
            agent=params.get("agent", ""),
            tool=params.get("tool", ""),
            layer=params.get("layer", ""),
            since=_date_param(request, "since"),
            until=_date_param(request, "until"),
            search=params.get("q", ""),
        )
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(traces, request, view=self)
        context = {"unmask": may_unmask(request.user)}
        return paginator.get_paginated_response(TraceListOutput(page, many=True, context=context).data)


class TraceDetailApi(APIView):
    permission_classes = [IsAuthenticated, CanReadTraces]

    @extend_schema(responses=TraceDetailOutput, summary="一条追踪：路由决策、智能体运行、模型调用、工具调用")
    def get(self, request: Request, trace_id: str) -> Response:
        try:
            trace = trace_detail_queryset(selectors.trace_list(user=request.user)).get(pk=trace_id)
        except Trace.DoesNotExist:
            raise Http404("追踪不存在") from None
        return Response(TraceDetailOutput(trace, context={"unmask": may_unmask(request.user)}).data)
