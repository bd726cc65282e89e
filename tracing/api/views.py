"""Read-only API over the audit trail (traces and audit events): compliance officers and admins only."""

from __future__ import annotations

from datetime import date, datetime

from django.db.models import Prefetch, QuerySet
from django.http import Http404
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.validation import text_param
from tracing import selectors
from tracing.api.serializers import AuditEventOutput, TraceDetailOutput, TraceListOutput, trace_context
from tracing.models import AgentRun, LLMCall, RoutingDecision, ToolCall, Trace
from tracing.redaction import may_unmask


class CanReadTraces(BasePermission):
    message = "只有合规人员和管理员可以查看审计追踪"

    def has_permission(self, request: Request, view: object) -> bool:
        return selectors.can_read_traces(request.user)


def _date_param(request: Request, name: str) -> date | None:
    value = text_param(request.query_params, name)
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
FILTER_ARGUMENTS = {"user": "username", "q": "search"}
FILTER_MAX_LENGTH = 500


class TraceListApi(APIView):
    permission_classes = [IsAuthenticated, CanReadTraces]
    pagination_class = PageNumberPagination

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
            since=_date_param(request, "since"),
            until=_date_param(request, "until"),
            **{FILTER_ARGUMENTS.get(name, name): text_param(params, name, max_length=FILTER_MAX_LENGTH)
               for name in FILTERS if name not in ("since", "until")},
        )
        paginator = self.pagination_class()
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
        return Response(TraceDetailOutput(trace, context=trace_context(unmask=may_unmask(request.user),
                                                                       trace=trace)).data)


def _since_param(request: Request) -> date | datetime | None:
    value = text_param(request.query_params, "since")
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        pass
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise ValidationError({"since": "格式应为 YYYY-MM-DD 或 ISO 8601 时间"}) from None
    return moment if timezone.is_aware(moment) else timezone.make_aware(moment)


AUDIT_FILTERS = {
    "object_type": "对象类型，如 chat.chatsession、firm.matter",
    "object_id": "对象编号",
    "event_type": "事件类型，如 matter.member_added；以“.”结尾时按前缀匹配（matter.）",
    "actor": "操作人用户名",
}


class AuditEventListApi(APIView):
    permission_classes = [IsAuthenticated, CanReadTraces]
    pagination_class = PageNumberPagination

    @extend_schema(
        responses=AuditEventOutput(many=True),
        summary="审计事件列表：谁在何时把什么从什么改成了什么",
        parameters=[
            *(OpenApiParameter(name, OpenApiTypes.STR, description=text) for name, text in AUDIT_FILTERS.items()),
            OpenApiParameter("since", OpenApiTypes.STR, description="YYYY-MM-DD（当天起）或 ISO 8601 时间"),
        ],
    )
    def get(self, request: Request) -> Response:
        params = request.query_params
        events = selectors.audit_event_list(
            user=request.user,
            **{name: text_param(params, name, max_length=FILTER_MAX_LENGTH) for name in AUDIT_FILTERS},
            since=_since_param(request),
        )
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(events, request, view=self)
        context = {"unmask": may_unmask(request.user)}
        return paginator.get_paginated_response(AuditEventOutput(page, many=True, context=context).data)
