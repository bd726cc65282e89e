"""Case-library API: list/upload, get/delete, search (docs/decisions/case-library.md)."""

from __future__ import annotations

from typing import Any

from django.db.models import Count
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.parsers import StrictJSONParser
from core.validation import int_param
from firm.permissions import ClientWork
from firm.selectors import matter_get_or_404
from knowledge.casefiles import CaseUploadError
from knowledge.exceptions import CasePermissionDenied, InvalidQuery
from knowledge.models import CaseDocument
from knowledge.selectors import case_chunks, case_get, case_list, case_search
from knowledge.services import case_delete, case_upload, case_upload_permitted

NOT_FOUND = {"detail": "案例不存在"}


class CaseDocumentOutput(serializers.Serializer):
    id = serializers.IntegerField()
    title = serializers.CharField()
    court = serializers.CharField(allow_blank=True)
    case_number = serializers.CharField(allow_blank=True)
    decided_date = serializers.DateField(allow_null=True)
    file_name = serializers.CharField()
    content_type = serializers.CharField()
    size = serializers.IntegerField()
    sha256 = serializers.CharField()
    matter = serializers.IntegerField(allow_null=True)
    matter_label = serializers.CharField(allow_blank=True)
    owner = serializers.CharField()
    chunk_count = serializers.IntegerField()
    status = serializers.ChoiceField(choices=CaseDocument.Status.choices,
                                     help_text="pending：后台提取中；ready：可检索；failed：处理失败（见 error）")
    error = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    url = serializers.CharField()


class CaseChunkOutput(serializers.Serializer):
    id = serializers.IntegerField()
    ordinal = serializers.IntegerField()
    heading = serializers.CharField(allow_blank=True)
    text = serializers.CharField()


class CaseDetailOutput(CaseDocumentOutput):
    chunks = CaseChunkOutput(many=True)


class CaseListOutput(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.CharField(allow_null=True)
    previous = serializers.CharField(allow_null=True)
    results = CaseDocumentOutput(many=True)


class CaseUploadInput(serializers.Serializer):
    file = serializers.FileField(allow_empty_file=True, help_text=".docx、.pdf、.txt 或 .md，上限 20 MB")
    title = serializers.CharField(required=False, allow_blank=True, default="", max_length=300)
    matter = serializers.IntegerField(required=False, allow_null=True, default=None,
                                      help_text="关联案件 id（须为您所在团队的案件）")


class CaseSearchInput(serializers.Serializer):
    q = serializers.CharField(trim_whitespace=True, allow_blank=True, help_text="争议焦点、关键词或案情")
    top_k = serializers.IntegerField(required=False, default=5, min_value=1, max_value=50)
    matter = serializers.IntegerField(required=False, allow_null=True, default=None)


class CaseHitOutput(serializers.Serializer):
    title = serializers.CharField()
    document_id = serializers.IntegerField()
    chunk_id = serializers.IntegerField()
    heading = serializers.CharField(allow_blank=True)
    text = serializers.CharField()
    score = serializers.FloatField()
    court = serializers.CharField(allow_blank=True)
    case_number = serializers.CharField(allow_blank=True)
    matter = serializers.CharField(allow_blank=True)
    signals = serializers.ListField(child=serializers.CharField())
    matched_terms = serializers.ListField(child=serializers.CharField())
    url = serializers.CharField()


class CaseSearchOutput(serializers.Serializer):
    results = CaseHitOutput(many=True)


def document_payload(document: CaseDocument, *, chunk_count: int | None = None) -> dict[str, Any]:
    return {
        "id": document.pk, "title": document.title, "court": document.court, "case_number": document.case_number,
        "decided_date": document.decided_date, "file_name": document.file_name,
        "content_type": document.content_type, "size": document.size, "sha256": document.sha256,
        "matter": document.matter_id, "matter_label": str(document.matter) if document.matter_id else "",
        "owner": document.owner.get_username(),
        "chunk_count": chunk_count if chunk_count is not None else document.chunks.count(),
        "status": document.status, "error": document.error, "created_at": document.created_at,
        "url": document.get_absolute_url(),
    }


def _bad_request(message: str) -> Response:
    return Response({"detail": message}, status=status.HTTP_400_BAD_REQUEST)


class CaseListApi(APIView):
    permission_classes = [ClientWork]
    parser_classes = [MultiPartParser, FormParser, StrictJSONParser]
    pagination_class = PageNumberPagination

    @extend_schema(
        operation_id="knowledge_cases_list",
        summary="案例库：列出可见的案例（分页，每页 20 条，最新在前）",
        parameters=[OpenApiParameter("matter", int, required=False, description="只列出该案件的案例"),
                    OpenApiParameter("page", int, required=False, description="页码，从 1 开始")],
        responses={200: CaseListOutput, 400: OpenApiTypes.OBJECT, 404: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        # a read: a lost extraction is the sweep's to queue again (case_extract_resume_stale), not a GET's
        documents = case_list(user=request.user, matter_id=int_param(request.query_params, "matter"))
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(documents.annotate(n_chunks=Count("chunks")), request, view=self)
        return paginator.get_paginated_response([document_payload(d, chunk_count=d.n_chunks) for d in page])

    @extend_schema(
        operation_id="knowledge_cases_upload",
        summary="案例库：上传裁判文书（multipart：file、title、matter）：保存后立即返回 status=pending，"
                "由后台任务提取文字、分段并向量化（ready，或 failed 与 error）",
        request={"multipart/form-data": CaseUploadInput},
        responses={201: CaseDocumentOutput, 400: OpenApiTypes.OBJECT, 403: OpenApiTypes.OBJECT,
                   404: OpenApiTypes.OBJECT})
    def post(self, request: Request) -> Response:
        payload = CaseUploadInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        try:
            case_upload_permitted(actor=request.user)
            matter = matter_get_or_404(user=request.user, matter_id=data["matter"])
            document = case_upload(actor=request.user, file=data["file"], title=data["title"], matter=matter)
        except CaseUploadError as exc:
            return _bad_request(str(exc))
        except CasePermissionDenied as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_403_FORBIDDEN)
        return Response(document_payload(document), status=status.HTTP_201_CREATED)


class CaseDetailApi(APIView):
    permission_classes = [ClientWork]

    @extend_schema(
        operation_id="knowledge_cases_get",
        summary="案例库：一个案例及其分段", responses={200: CaseDetailOutput, 404: OpenApiTypes.OBJECT})
    def get(self, request: Request, document_id: int) -> Response:
        try:
            document = case_get(user=request.user, document_id=document_id)
        except CaseDocument.DoesNotExist:
            return Response(NOT_FOUND, status=status.HTTP_404_NOT_FOUND)
        chunks = [{"id": c.pk, "ordinal": c.ordinal, "heading": c.heading, "text": c.text}
                  for c in case_chunks(document=document)]
        return Response({**document_payload(document, chunk_count=len(chunks)), "chunks": chunks})

    @extend_schema(
        operation_id="knowledge_cases_delete",
        summary="案例库：删除案例（上传人或管理员）",
        responses={204: None, 403: OpenApiTypes.OBJECT, 404: OpenApiTypes.OBJECT})
    def delete(self, request: Request, document_id: int) -> Response:
        try:
            document = case_get(user=request.user, document_id=document_id)
            case_delete(actor=request.user, document=document)
        except CaseDocument.DoesNotExist:
            return Response(NOT_FOUND, status=status.HTTP_404_NOT_FOUND)
        except CasePermissionDenied as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_403_FORBIDDEN)
        return Response(status=status.HTTP_204_NO_CONTENT)


class CaseSearchApi(APIView):
    permission_classes = [ClientWork]

    @extend_schema(
        operation_id="knowledge_cases_search",
        summary="案例库检索（向量 + 全文，仅检索可见案例）", parameters=[CaseSearchInput],
        responses={200: CaseSearchOutput, 400: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        payload = CaseSearchInput(data=request.query_params)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        try:
            hits = case_search(user=request.user, query=data["q"], top_k=data["top_k"], matter_id=data["matter"])
        except InvalidQuery as exc:
            return Response({"q": [str(exc)]}, status=status.HTTP_400_BAD_REQUEST)
        return Response({"results": [hit.as_dict() for hit in hits]})
