"""Thin drafting API views (ARCHITECTURE §8): validate, fetch through selectors (404 for what the
user may not see), call services."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, HttpResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ParseError
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.parsers import StrictJSONParser
from drafting import selectors, services
from drafting.api.serializers import (
    ApproveInput,
    DraftInput,
    DraftOutput,
    DraftUpdateInput,
    FieldErrors,
    RenderOutput,
    TemplateFieldsInput,
    TemplateOutput,
    TemplateUploadInput,
    TemplateVersionOutput,
)
from drafting.http import DOCX, docx_response
from drafting.models import DocumentTemplate, TemplateVersion
from firm.permissions import ClientWork
from firm.selectors import matter_get_or_404

CLIENT_WORK_DENIED = "合规人员不能起草文书"


def _errors(exc: services.DraftingError | DjangoValidationError) -> Response:
    """A refusal as ``{"fields": {name: reason}}``: a service's own, or a validation error from below
    (NUL in a value, …) in the same shape."""
    if isinstance(exc, DjangoValidationError):
        reasons = ({k: "；".join(v) for k, v in exc.message_dict.items()} if hasattr(exc, "error_dict")
                   else {"fields": "；".join(exc.messages)})
        return Response({"fields": reasons}, status=status.HTTP_400_BAD_REQUEST)
    body: dict = {"fields": exc.fields}
    if exc.missing:
        body["missing"] = exc.missing
    return Response(body, status=status.HTTP_400_BAD_REQUEST)


def _invalid(payload: serializers.Serializer) -> Response:
    """A serializer's errors as ``{"fields": {name: reason}}`` (ARCHITECTURE §8)."""
    return Response({"fields": {k: "；".join(map(str, v)) for k, v in payload.errors.items()}},
                    status=status.HTTP_400_BAD_REQUEST)


def download_url(draft_id: int, number: int) -> str:
    return reverse("api-drafting-download", args=[draft_id]) + f"?version={number}"


def _usable_version(template: DocumentTemplate) -> TemplateVersion:
    version = selectors.template_current(template=template)
    if version is None:
        raise services.DraftingError("模板尚未批准", fields={"template": "模板尚无经批准的版本"})
    return version


class DraftingApi(APIView):
    """The drafting endpoints' base: client work only, and a field the JSON parser refuses (a NUL
    under ``title`` or ``fields``) answered in the drafting 400 shape, ``{"fields": {name: reason}}``."""

    permission_classes = [ClientWork]

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, ParseError) and isinstance(exc.detail, dict):
            return Response({"fields": {str(k): "；".join(map(str, v)) for k, v in exc.detail.items()}},
                            status=status.HTTP_400_BAD_REQUEST)
        return super().handle_exception(exc)


class TemplateListApi(DraftingApi):
    client_work_denied = CLIENT_WORK_DENIED
    pagination_class = PageNumberPagination
    parser_classes = [MultiPartParser, FormParser, StrictJSONParser]

    @extend_schema(request={"multipart/form-data": TemplateUploadInput},
                   responses={201: TemplateVersionOutput, 400: FieldErrors},
                   summary="上传本所模板（.docx，{{ 占位符 }}；字段自动识别，待管理员批准）")
    def post(self, request: Request) -> Response:
        payload = TemplateUploadInput(data=request.data)
        if not payload.is_valid():
            return _invalid(payload)
        data = payload.validated_data
        try:
            version = services.template_upload(actor=request.user, name=data["name"], data=data["file"].read(),
                                               category=data["category"], description=data["description"])
        except (services.DraftingError, DjangoValidationError) as exc:
            return _errors(exc)
        return Response(TemplateVersionOutput(version).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses=TemplateOutput(many=True), summary="文书模板列表（可检索）",
                   parameters=[OpenApiParameter("q", str, required=False, description="检索词"),
                               OpenApiParameter("category", str, required=False)])
    def get(self, request: Request) -> Response:
        templates = selectors.template_list(user=request.user, query=request.query_params.get("q", ""),
                                            category=request.query_params.get("category", ""))
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(templates, request, view=self)
        return paginator.get_paginated_response(TemplateOutput(page, many=True).data)


class TemplateDetailApi(DraftingApi):
    client_work_denied = CLIENT_WORK_DENIED

    @extend_schema(responses=TemplateOutput, summary="文书模板（含字段）")
    def get(self, request: Request, template_id: str) -> Response:
        return Response(TemplateOutput(selectors.template_get(user=request.user, template_id=template_id)).data)


class TemplateVersionApi(DraftingApi):
    client_work_denied = CLIENT_WORK_DENIED

    @extend_schema(request=TemplateFieldsInput, responses={200: TemplateVersionOutput, 400: FieldErrors},
                   summary="修改待批准模板版本的字段（管理员或上传人）")
    def patch(self, request: Request, version_id: int) -> Response:
        version = selectors.template_version_for_editor(user=request.user, version_id=version_id)
        payload = TemplateFieldsInput(data=request.data)
        if not payload.is_valid():
            return _invalid(payload)
        try:
            version = services.template_fields_update(actor=request.user, version=version,
                                                      fields=payload.validated_data["fields"])
        except (services.DraftingError, DjangoValidationError) as exc:
            return _errors(exc)
        return Response(TemplateVersionOutput(version).data)


class TemplateApproveApi(DraftingApi):

    @extend_schema(request=ApproveInput, responses=TemplateVersionOutput, summary="批准或驳回模板版本（管理员）")
    def post(self, request: Request, version_id: int) -> Response:
        version = selectors.template_version_get(user=request.user, version_id=version_id)
        payload = ApproveInput(data=request.data)
        payload.is_valid(raise_exception=True)
        version = services.template_approve(actor=request.user, version=version,
                                            approve=payload.validated_data["approve"])
        return Response(TemplateVersionOutput(version).data)


class DraftCreateApi(DraftingApi):
    client_work_denied = CLIENT_WORK_DENIED

    @extend_schema(request=DraftInput, summary="新建文书草稿（可从咨询会话或案件预填）",
                   responses={201: DraftOutput, 400: FieldErrors})
    def post(self, request: Request) -> Response:
        payload = DraftInput(data=request.data)
        if not payload.is_valid():
            return _invalid(payload)
        data = payload.validated_data
        template = selectors.template_get(user=request.user, template_id=data["template"])
        matter = matter_get_or_404(user=request.user, matter_id=data["matter"])
        session = (selectors.session_for_user(user=request.user, session_id=data["chat_session"])
                   if data["chat_session"] is not None else None)
        try:
            draft = services.draft_create(actor=request.user, version=_usable_version(template),
                                          values=data["fields"], matter=matter, session=session, title=data["title"])
        except (services.DraftingError, DjangoValidationError) as exc:
            return _errors(exc)
        return Response(DraftOutput(draft).data, status=status.HTTP_201_CREATED)


class DraftDetailApi(DraftingApi):
    client_work_denied = CLIENT_WORK_DENIED

    @extend_schema(responses=DraftOutput, summary="文书草稿")
    def get(self, request: Request, draft_id: int) -> Response:
        return Response(DraftOutput(selectors.draft_get_or_404(user=request.user, draft_id=draft_id)).data)

    @extend_schema(request=DraftUpdateInput, responses={200: DraftOutput, 400: FieldErrors}, summary="修改草稿字段")
    def patch(self, request: Request, draft_id: int) -> Response:
        draft = selectors.draft_get_or_404(user=request.user, draft_id=draft_id)
        payload = DraftUpdateInput(data=request.data)
        if not payload.is_valid():
            return _invalid(payload)
        try:
            draft = services.draft_update(actor=request.user, draft=draft, values=payload.validated_data["fields"],
                                          replace=payload.validated_data["replace"])
        except (services.DraftingError, DjangoValidationError) as exc:
            return _errors(exc)
        return Response(DraftOutput(draft).data)


class DraftRenderApi(DraftingApi):
    client_work_denied = CLIENT_WORK_DENIED

    @extend_schema(request=None, responses={200: RenderOutput, 400: FieldErrors}, summary="生成 Word 文书（新版本）")
    def post(self, request: Request, draft_id: int) -> Response:
        draft = selectors.draft_get_or_404(user=request.user, draft_id=draft_id)
        try:
            version = services.draft_render(actor=request.user, draft=draft)
        except (services.DraftingError, DjangoValidationError) as exc:
            return _errors(exc)
        return Response({"version": version.number, "download": download_url(draft.pk, version.number)})


class DraftDownloadApi(DraftingApi):
    client_work_denied = CLIENT_WORK_DENIED

    @extend_schema(responses={(200, DOCX): OpenApiResponse(OpenApiTypes.BINARY, description="Word 文书"),
                              404: OpenApiResponse(description="不存在或无权查看")},
                   parameters=[OpenApiParameter("version", int, required=False, description="版本号，默认最新")],
                   summary="下载 Word 文书（所有人或案件团队）")
    def get(self, request: Request, draft_id: int) -> HttpResponse:
        draft = selectors.draft_get_or_404(user=request.user, draft_id=draft_id)
        raw = request.query_params.get("version")
        if raw is not None and not raw.isdigit():
            raise Http404("该版本不存在")
        version = selectors.draft_version_get_or_404(draft=draft, number=int(raw) if raw else None)
        services.draft_downloaded(actor=request.user, version=version)
        return docx_response(bytes(version.docx), f"{draft.title or draft.template.name}-v{version.number}.docx")
