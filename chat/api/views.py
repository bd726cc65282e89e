"""Thin chat API views: validate, check access through selectors, call services."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpResponse, StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.pagination import PageNumberPagination
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from chat import selectors, services, turn_stream
from chat.api.serializers import (
    ClassifyInput,
    ClassifyOutput,
    FeedbackInput,
    MessageOutput,
    QuestionInput,
    SessionInput,
    SessionOutput,
    SessionUpdateInput,
)
from chat.models import ChatSession, Message
from core.validation import int_param
from firm.permissions import ClientWork
from firm.selectors import matter_get_or_404
from legal.text.domains import domain_label

DOCX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def session_or_404(request: Request, session_id: int) -> ChatSession:
    return selectors.session_get_or_404(user=request.user, session_id=session_id)



class SessionListCreateApi(APIView):
    permission_classes = [ClientWork]
    pagination_class = PageNumberPagination

    @extend_schema(responses=SessionOutput(many=True), summary="咨询会话列表",
                   parameters=[OpenApiParameter("matter", OpenApiTypes.INT, required=False,
                                                description="只列出该案件的会话（案件 id）")])
    def get(self, request: Request) -> Response:
        sessions = selectors.session_list(user=request.user, matter_id=int_param(request.query_params, "matter"))
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(sessions, request, view=self)
        return paginator.get_paginated_response(SessionOutput(page, many=True).data)

    @extend_schema(request=SessionInput, responses={201: SessionOutput}, summary="新建咨询会话")
    def post(self, request: Request) -> Response:
        payload = SessionInput(data=request.data)
        payload.is_valid(raise_exception=True)
        matter = matter_get_or_404(user=request.user, matter_id=payload.validated_data["matter"])
        session = services.session_create(actor=request.user, title=payload.validated_data["title"], matter=matter)
        return Response(SessionOutput(session).data, status=status.HTTP_201_CREATED)


class SessionDetailApi(APIView):
    permission_classes = [ClientWork]

    @extend_schema(responses=SessionOutput, summary="会话详情")
    def get(self, request: Request, session_id: int) -> Response:
        return Response(SessionOutput(session_or_404(request, session_id)).data)

    @extend_schema(request=SessionUpdateInput, responses=SessionOutput, summary="修改会话标题或案件")
    def patch(self, request: Request, session_id: int) -> Response:
        session = session_or_404(request, session_id)
        payload = SessionUpdateInput(data=request.data, partial=True)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        matter = matter_get_or_404(user=request.user, matter_id=data["matter"]) if "matter" in data else False
        session = services.session_update(actor=request.user, session=session, title=data.get("title"),
                                          matter=matter)
        return Response(SessionOutput(session).data)

    @extend_schema(responses={204: None}, summary="删除会话")
    def delete(self, request: Request, session_id: int) -> Response:
        services.session_delete(actor=request.user, session=session_or_404(request, session_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class FeedbackApi(APIView):
    permission_classes = [ClientWork]

    @extend_schema(request=FeedbackInput, responses={201: None}, summary="评价回答（1–5 分）")
    def post(self, request: Request, session_id: int, message_id: int) -> Response:
        session = session_or_404(request, session_id)
        message = session.messages.filter(pk=message_id).first()
        if message is None:
            raise Http404("消息不存在")
        payload = FeedbackInput(data=request.data)
        payload.is_valid(raise_exception=True)
        feedback = services.feedback_set(actor=request.user, message=message, **payload.validated_data)
        return Response({"message": message.pk, "rating": feedback.rating, "comment": feedback.comment},
                        status=status.HTTP_201_CREATED)


class FeedbackStatsApi(APIView):
    @extend_schema(summary="评价统计", responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        return Response(selectors.feedback_stats(user=request.user))


class ExportApi(APIView):
    permission_classes = [ClientWork]

    @extend_schema(
        summary="导出会话记录：kind = json | md | docx",
        parameters=[OpenApiParameter("kind", OpenApiTypes.STR, OpenApiParameter.PATH, enum=["json", "md", "docx"])],
        responses={(200, "application/json"): OpenApiTypes.OBJECT, (200, "text/markdown"): OpenApiTypes.STR,
                   (200, DOCX_MEDIA_TYPE): OpenApiTypes.BINARY},
    )
    def get(self, request: Request, session_id: int, kind: str) -> HttpResponse:
        session = session_or_404(request, session_id)
        content = services.session_export(actor=request.user, session=session, kind=kind)
        if kind == "json":
            response: HttpResponse = Response(content)
        elif kind == "md":
            response = HttpResponse(content, content_type="text/markdown; charset=utf-8")
        else:
            response = HttpResponse(content, content_type=DOCX_MEDIA_TYPE)
        response["Content-Disposition"] = f'attachment; filename="legalsite-session-{session.pk}.{kind}"'
        return response


class EventStreamRenderer(JSONRenderer):
    """Lets clients ask for ``text/event-stream``; the stream itself bypasses renderers, and errors
    before it starts are sent as JSON."""

    media_type = "text/event-stream"


class MessageCreateApi(APIView):
    """Ask a question. The answer is produced by a Celery worker; this view waits for it (JSON), or
    streams the turn's events as they happen (``Accept: text/event-stream``)."""
    permission_classes = [ClientWork]

    renderer_classes = [JSONRenderer, BrowsableAPIRenderer, EventStreamRenderer]

    @extend_schema(request=QuestionInput, responses={201: MessageOutput, 202: MessageOutput},
                   summary="提问：返回助手回答（Accept: text/event-stream 时以 SSE 推送事件）")
    def post(self, request: Request, session_id: int) -> Response | StreamingHttpResponse:
        session = session_or_404(request, session_id)
        payload = QuestionInput(data=request.data)
        payload.is_valid(raise_exception=True)
        question, answer = services.turn_start(actor=request.user, session=session,
                                               content=payload.validated_data["content"])
        if "text/event-stream" in request.headers.get("Accept", ""):
            response = StreamingHttpResponse(turn_stream.sse(answer), content_type="text/event-stream")
            response["Cache-Control"] = "no-cache"
            response["X-Accel-Buffering"] = "no"
            return response
        finished = turn_stream.wait(answer, timeout=settings.CHAT_SYNC_TIMEOUT)
        code = status.HTTP_201_CREATED if finished.status in (Message.Status.COMPLETE, Message.Status.ERROR) \
            else status.HTTP_202_ACCEPTED
        return Response(MessageOutput(finished).data, status=code)

    @extend_schema(responses=MessageOutput(many=True), summary="会话消息")
    def get(self, request: Request, session_id: int) -> Response:
        session = session_or_404(request, session_id)
        return Response(MessageOutput(selectors.session_messages(session=session), many=True).data)


class SummaryApi(APIView):
    """The summary is written by a worker task (a trace of kind ``summary``): the request answers 202
    at once with the session as it is; when the summary is stored, a ``summary`` event goes to the
    session's socket and to the user's notifications, and the session carries it."""
    permission_classes = [ClientWork]

    @extend_schema(request=None, responses={202: SessionOutput},
                   summary="生成会话摘要（后台生成，202 立即返回；完成后通过会话与通知推送 summary 事件）")
    def post(self, request: Request, session_id: int) -> Response:
        session = services.summary_request(actor=request.user, session=session_or_404(request, session_id))
        return Response(SessionOutput(session).data, status=status.HTTP_202_ACCEPTED)

    @extend_schema(responses={200: SessionOutput}, summary="删除会话摘要：返回删除后的会话")
    def delete(self, request: Request, session_id: int) -> Response:
        session = services.summary_delete(actor=request.user, session=session_or_404(request, session_id))
        return Response(SessionOutput(session).data)


class IntentClassifyApi(APIView):
    @extend_schema(request=ClassifyInput, responses=ClassifyOutput, summary="意图识别（规则层 + 模型层）")
    def post(self, request: Request) -> Response:
        payload = ClassifyInput(data=request.data)
        payload.is_valid(raise_exception=True)
        routing, trace_id = services.intent_classify(actor=request.user, text=payload.validated_data["text"])
        return Response(ClassifyOutput({
            "domain": routing.domain, "domain_label": domain_label(routing.domain), "intent": routing.intent,
            "confidence": routing.confidence, "layer": routing.layer, "entities": routing.entities.to_dict(),
            "runner_up": routing.runner_up, "reason": routing.reason, "decided": routing.decided,
            "domain_confidence": routing.domain_confidence, "intent_confidence": routing.intent_confidence,
            "route": routing.route(), "signals": routing.signals, "trace_id": trace_id,
        }).data)
