"""Thin research API views: validate, check access through selectors, call services.

``POST /api/v1/predict`` keeps the seed's error contract: 400 ``{"error": "invalid_input",
"detail", "reason"}`` naming what is wrong with the input, 504 ``{"error": "timeout", "partial"}``
with the steps done before ``RESEARCH_DEADLINE``, 500 ``{"error": "internal", "trace_id"}`` with
no stack trace.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.exceptions import ParseError
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from firm.permissions import ClientWork
from firm.selectors import matter_get_or_404
from research import selectors, services
from research.api.serializers import (
    AttachInput,
    PlanApproveInput,
    PredictInput,
    TaskCreatedOutput,
    TaskInput,
    TaskOutput,
    TaskSummaryOutput,
    citations_out,
    step_out,
    task_out,
    task_summary_out,
)
from research.models import ResearchTask

logger = logging.getLogger(__name__)


PLAN_FIELDS = ("id", "description", "tool_type", "input", "depends_on")


def _invalid(reason: str, detail: str) -> Response:
    return Response({"error": "invalid_input", "detail": detail, "reason": reason}, status=status.HTTP_400_BAD_REQUEST)


def _question(request: Request) -> tuple[str | None, dict[str, Any], Response | None]:
    """The validated question and the body, or the 400 to answer."""
    try:
        data = request.data
    except ParseError as exc:
        if isinstance(exc.detail, dict):  # a NUL inside a field (the strict parser names the field)
            message = next(iter(exc.detail.values()))
            return None, {}, _invalid("control_characters", str(message[0] if isinstance(message, list) else message))
        return None, {}, _invalid("malformed_json", "请求体不是合法的 JSON")
    if not isinstance(data, dict):
        return None, {}, _invalid("wrong_type", f"请求体必须是 JSON 对象，收到的是 {type(data).__name__}")
    try:
        return services.question_validate(data.get("question")), data, None
    except services.InvalidQuestion as exc:
        return None, data, _invalid(exc.reason, exc.detail)


CLIENT_WORK_DENIED = "合规人员不能使用研究任务"


def _task_or_404(request: Request, task_id: int) -> ResearchTask:
    return selectors.task_get_or_404(user=request.user, task_id=task_id)



class PredictApi(APIView):
    permission_classes = [ClientWork]
    client_work_denied = CLIENT_WORK_DENIED

    @extend_schema(request=PredictInput, responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT,
                                                    504: OpenApiTypes.OBJECT, 500: OpenApiTypes.OBJECT},
                   summary="研究问题（同步）：计划 → 执行 → 核验 → 综合")
    def post(self, request: Request) -> Response:
        question, _, problem = _question(request)
        if problem is not None:
            return problem
        try:
            result = services.predict(actor=request.user, question=question)
        except services.PredictTimeout as exc:
            return Response({"error": "timeout", "detail": "研究超过时限，返回已完成的步骤",
                             "partial": {"steps": [step_out(s) for s in exc.partial]}, "trace_id": exc.trace_id},
                            status=status.HTTP_504_GATEWAY_TIMEOUT)
        except services.PredictFailed as exc:
            return Response({"error": "internal", "detail": "内部错误，请凭追踪编号联系管理员",
                             "trace_id": exc.trace_id}, status=status.HTTP_500_INTERNAL_SERVER_ERROR)
        except Exception:
            logger.exception("predict failed before its trace opened")
            return Response({"error": "internal", "detail": "内部错误", "trace_id": None},
                            status=status.HTTP_500_INTERNAL_SERVER_ERROR)
        task = result.task
        return Response({
            "answer": task.answer, "confidence": task.confidence,
            "plan": {"source": task.plan.get("source"),
                     "steps": [{k: s.get(k) for k in PLAN_FIELDS} for s in result.steps]},
            "steps": [step_out(s) for s in result.steps], "citations": citations_out(task.citations),
            "sources": task.sources, "trace_id": str(task.trace_id), "task_id": task.pk,
            "conclusions": result.conclusions, "cards": result.cards,
        })


class TaskListCreateApi(APIView):
    permission_classes = [ClientWork]
    client_work_denied = CLIENT_WORK_DENIED
    pagination_class = PageNumberPagination

    @extend_schema(operation_id="research_tasks_list", responses=TaskSummaryOutput(many=True), summary="研究任务列表",
                   parameters=[OpenApiParameter("matter", int, required=False)])
    def get(self, request: Request) -> Response:
        matter = request.query_params.get("matter")
        tasks = selectors.task_list(user=request.user, matter_id=int(matter) if matter and matter.isdigit() else None)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(tasks, request, view=self)
        return paginator.get_paginated_response([task_summary_out(t) for t in page])

    @extend_schema(operation_id="research_tasks_create", request=TaskInput, responses={202: TaskCreatedOutput},
                   summary="新建研究任务（异步）")
    def post(self, request: Request) -> Response:
        question, data, problem = _question(request)
        if problem is not None:
            return problem
        payload = TaskInput(data={**data, "question": question})
        payload.is_valid(raise_exception=True)
        matter = matter_get_or_404(user=request.user, matter_id=payload.validated_data["matter"])
        task = services.task_create(actor=request.user, question=question, matter=matter,
                                    review_plan=payload.validated_data["review_plan"])
        return Response({"id": task.pk, "status": task.status}, status=status.HTTP_202_ACCEPTED)


class TaskDetailApi(APIView):
    permission_classes = [ClientWork]
    client_work_denied = CLIENT_WORK_DENIED

    @extend_schema(operation_id="research_task_retrieve", responses=TaskOutput,
                   summary="研究任务：状态、计划、步骤、答案")
    def get(self, request: Request, task_id: int) -> Response:
        # a read: a task whose worker died is the sweep's to settle (core.jobs), not a GET's
        return Response(task_out(_task_or_404(request, task_id)))


def _approve_arguments(request: Request, data: dict[str, Any]) -> dict[str, Any]:
    return {"steps": data["steps"]}


def _attach_arguments(request: Request, data: dict[str, Any]) -> dict[str, Any]:
    return {"matter": matter_get_or_404(user=request.user, matter_id=data["matter"])}


@dataclass(frozen=True)
class TaskAction:
    """One action a lawyer takes on a task: the service it calls (``actor``, ``task`` and the
    arguments), the input it validates first (None: no body) and how the input becomes the service's
    arguments (looked up as the request's user, e.g. a matter)."""

    service: Callable[..., ResearchTask]
    payload: type[serializers.Serializer] | None = None
    arguments: Callable[[Request, dict[str, Any]], dict[str, Any]] | None = None


#: Every action of the task API (``/api/v1/research/tasks/<id>/<action>``), by name.
TASK_ACTIONS: dict[str, TaskAction] = {
    "cancel": TaskAction(services.task_cancel),
    "approve": TaskAction(services.task_approve, PlanApproveInput, _approve_arguments),
    "replan": TaskAction(services.task_replan),
    "resume": TaskAction(services.task_resume),
    "attach": TaskAction(services.task_attach, AttachInput, _attach_arguments),
}


class TaskActionApi(APIView):
    """POST one of :data:`TASK_ACTIONS` (the class's ``action_name``) on a task: the task after it
    (:class:`TaskOutput`); a task the user may not see is 404, a bad input or an action its state
    does not allow 400. Each action is a class of its own below, so the schema describes it."""

    permission_classes = [ClientWork]
    client_work_denied = CLIENT_WORK_DENIED
    action_name: ClassVar[str]

    def post(self, request: Request, task_id: int) -> Response:
        action = TASK_ACTIONS[self.action_name]
        task = _task_or_404(request, task_id)
        arguments: dict[str, Any] = {}
        if action.payload is not None:
            payload = action.payload(data=request.data)
            payload.is_valid(raise_exception=True)
            arguments = action.arguments(request, payload.validated_data) if action.arguments else {}
        return Response(task_out(action.service(actor=request.user, task=task, **arguments)))


@extend_schema_view(post=extend_schema(
    operation_id="research_task_cancel", request=None, responses=TaskOutput,
    summary="取消研究任务（运行中的任务在下一次心跳时停止）"))
class TaskCancelApi(TaskActionApi):
    action_name = "cancel"


@extend_schema_view(post=extend_schema(
    operation_id="research_task_approve", request=PlanApproveInput, responses=TaskOutput,
    summary="确认计划（可改写、调整顺序、删除步骤）并开始执行"))
class TaskApproveApi(TaskActionApi):
    action_name = "approve"


@extend_schema_view(post=extend_schema(
    operation_id="research_task_replan", request=None, responses=TaskOutput, summary="放弃当前计划，重新计划"))
class TaskReplanApi(TaskActionApi):
    action_name = "replan"


@extend_schema_view(post=extend_schema(
    operation_id="research_task_resume", request=None, responses=TaskOutput,
    summary="继续失败或已取消的任务（已完成的步骤保留）"))
class TaskResumeApi(TaskActionApi):
    action_name = "resume"


@extend_schema_view(post=extend_schema(
    operation_id="research_task_attach", request=AttachInput,
    responses=TaskOutput, summary="将任务归入案件"))
class TaskAttachApi(TaskActionApi):
    action_name = "attach"


DOCX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


class TaskExportApi(APIView):
    permission_classes = [ClientWork]
    client_work_denied = CLIENT_WORK_DENIED

    @extend_schema(summary="导出研究任务：kind = md | json | docx（Word 报告）", responses={200: OpenApiTypes.BINARY})
    def get(self, request: Request, task_id: int, kind: str) -> HttpResponse:
        task = _task_or_404(request, task_id)
        content = services.task_export(actor=request.user, task=task, kind=kind)
        response: HttpResponse
        if kind == "json":
            response = Response(content)
        elif kind == "docx":
            response = HttpResponse(content, content_type=DOCX_MEDIA_TYPE)
        else:
            response = HttpResponse(content, content_type="text/markdown; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="legalsite-research-{task.pk}.{kind}"'
        return response
