"""Review runs and the per-contract chat (ARCHITECTURE §8).

``POST …/reviews {"mode": "auto"|"manual"}`` → 202 the run; 409 with a clear message while an
auto-review of the contract runs. ``GET …/reviews/{rid}``, ``POST …/reviews/{rid}/cancel``.
``GET …/messages`` (the chat, oldest first) and ``POST …/messages {"content", "section"?}`` → 202
``{"message", "reply", "cursor"}`` (``reply`` null when the agent's answer was queued: it arrives over
the websocket as a ``message`` event and is stored; ``cursor``: the chat's current section after the
message, as the database has it). Who may not see the contract gets 404.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from contracts.api.contracts import ERROR, contract_or_404
from contracts.models import ContractMessage, ReviewRun
from contracts.selectors import reviews as selectors
from contracts.services import chat, live, review
from firm.permissions import ClientWork


class ReviewStartInput(serializers.Serializer):
    mode = serializers.ChoiceField(choices=ReviewRun.Mode.choices)


class ReviewOutput(serializers.Serializer):
    id = serializers.IntegerField()
    mode = serializers.ChoiceField(choices=ReviewRun.Mode.choices)
    status = serializers.ChoiceField(choices=ReviewRun.Status.choices)
    progress = serializers.IntegerField(help_text="已完成的章节数")
    total = serializers.IntegerField(help_text="需审核的章节总数")
    current_section = serializers.IntegerField(allow_null=True, help_text="当前章节 id")
    current_section_number = serializers.CharField(allow_blank=True)
    last_completed_order = serializers.IntegerField(allow_null=True)
    error = serializers.CharField(allow_blank=True)
    trace_id = serializers.CharField(allow_null=True)


class MessageInput(serializers.Serializer):
    content = serializers.CharField(max_length=4000, allow_blank=True, trim_whitespace=False)
    section = serializers.IntegerField(required=False, allow_null=True,
                                       help_text="页面当前查看的章节 id（“审核当前章节”等以此为当前章节）")


class ContractMessageOutput(serializers.Serializer):
    id = serializers.IntegerField()
    role = serializers.ChoiceField(choices=ContractMessage.Role.choices)
    content = serializers.CharField()
    command = serializers.CharField(allow_blank=True, help_text="按控制台指令处理时的指令名，否则为空")
    author = serializers.CharField(allow_null=True)
    trace_id = serializers.CharField(allow_null=True)
    created_at = serializers.CharField()


class CursorOutput(serializers.Serializer):
    id = serializers.IntegerField()
    order = serializers.IntegerField()
    number = serializers.CharField(help_text="章节编号（无编号时为标题）")


MESSAGE_POSTED = inline_serializer("ContractMessagePosted", {
    "message": ContractMessageOutput(), "reply": ContractMessageOutput(allow_null=True),
    "cursor": CursorOutput(allow_null=True, help_text="对话的当前章节（下一章、回到第X条等移动后的位置）"),
    "current_section": inline_serializer("ChatCursor", {"id": serializers.IntegerField(),
                                                        "number": serializers.CharField()}, allow_null=True)})
IN_PROGRESS = OpenApiResponse(inline_serializer("ReviewInProgress", {
    "detail": serializers.CharField(), "run": ReviewOutput()}), description="该合同已有自动审核在进行")


def _run_out(run: ReviewRun) -> dict[str, Any]:
    return selectors.review_dict(run)


class ReviewListCreateApi(APIView):
    permission_classes = [ClientWork]

    @extend_schema(summary="合同的审核任务（最新在前）", responses=ReviewOutput(many=True))
    def get(self, request: Request, contract_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        runs = contract.review_runs.select_related("current_section").order_by("-created_at", "-pk")[:50]
        return Response([_run_out(run) for run in runs])

    @extend_schema(
        summary="发起审核：auto 自动逐节审核全部条款（后台任务，进度经 /ws/contracts/{id}/ 推送；"
                "中断的自动审核从中断处继续），manual 逐条审核（由对话推进）",
        request=ReviewStartInput, responses={202: ReviewOutput, 400: ERROR, 409: IN_PROGRESS})
    def post(self, request: Request, contract_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        payload = ReviewStartInput(data=request.data)
        payload.is_valid(raise_exception=True)
        try:
            run = review.review_start(actor=request.user, contract=contract, mode=payload.validated_data["mode"])
        except review.ReviewInProgress as exc:
            return Response({"detail": exc.message, "run": _run_out(exc.run)}, status=status.HTTP_409_CONFLICT)
        return Response(_run_out(run), status=status.HTTP_202_ACCEPTED)


class ReviewDetailApi(APIView):
    permission_classes = [ClientWork]

    @extend_schema(summary="审核任务的状态与进度", responses=ReviewOutput)
    def get(self, request: Request, contract_id: int, run_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        try:
            run = selectors.review_get(contract=contract, run_id=run_id)
        except ReviewRun.DoesNotExist:
            return Response({"detail": "审核任务不存在"}, status=status.HTTP_404_NOT_FOUND)
        return Response(_run_out(run))


class ReviewCancelApi(APIView):
    permission_classes = [ClientWork]

    @extend_schema(summary="取消审核：排队中的立即取消，进行中的在当前章节完成后停止（已完成的章节与问题保留）",
                   request=None, responses={202: ReviewOutput, 404: ERROR})
    def post(self, request: Request, contract_id: int, run_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        try:
            run = selectors.review_get(contract=contract, run_id=run_id)
        except ReviewRun.DoesNotExist:
            return Response({"detail": "审核任务不存在"}, status=status.HTTP_404_NOT_FOUND)
        run = review.review_cancel(actor=request.user, run=run)
        return Response(_run_out(selectors.review_get(contract=contract, run_id=run.pk)),
                        status=status.HTTP_202_ACCEPTED)


class MessageListCreateApi(APIView):
    permission_classes = [ClientWork]

    @extend_schema(summary="合同审核对话（按时间先后）", responses=ContractMessageOutput(many=True))
    def get(self, request: Request, contract_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        return Response([selectors.message_dict(m) for m in selectors.messages_list(contract_id=contract.pk)])

    @extend_schema(
        summary="在合同审核对话中发言：控制台指令（审核当前章节、下一章、重新审核第五条、自动审核、状态、导出、重置、帮助…）"
                "立即处理；其他内容交给合同审核智能体（配置了大模型时在后台回答，经 websocket 推送 message 并保存）",
        request=MessageInput, responses={202: MESSAGE_POSTED, 400: ERROR})
    def post(self, request: Request, contract_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        payload = MessageInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        if data.get("section"):
            chat.cursor_set(actor=request.user, contract=contract, section_id=data["section"])
        message, reply = chat.chat_post(actor=request.user, contract=contract, content=data["content"])
        return Response({"message": selectors.message_dict(message),
                         "reply": selectors.message_dict(reply) if reply is not None else None,
                         "cursor": live.cursor_event(contract_id=contract.pk)["section"],
                         "current_section": chat.cursor_get(contract=contract)},
                        status=status.HTTP_202_ACCEPTED)
