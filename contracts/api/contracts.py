"""Contracts API: upload and list, one contract (read, edit, move, delete), its sections (with the
lawyer's merge and split), and export (docs/decisions/contract-api.md). Thin: access through
``contracts.selectors.contracts`` (404 for what the user may not see), writes through
``contracts.services.contracts``."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from django.conf import settings
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import UserRateThrottle
from rest_framework.views import APIView

from contracts.api.serializers import (
    CompareInput,
    CompareOutput,
    ContractOutput,
    ContractUpdateInput,
    ContractUploadInput,
    ExportQuery,
    SectionMergeInput,
    SectionOutput,
    SectionSplitInput,
    TermsOutput,
)
from contracts.ingest import MAX_UPLOAD_BYTES, UnreadableFile
from contracts.models import Contract
from contracts.selectors.contracts import (
    contract_get_or_404,
    contract_list_with_counts,
    contract_sections,
    contract_terms,
    section_get_or_404,
)
from contracts.services.compare import changes_docx, compare_versions, compare_with_template
from contracts.services.contracts import (
    EXPORT_FILES,
    UploadTooLarge,
    contract_delete,
    contract_export,
    contract_update,
    contract_upload,
    section_split,
    sections_merge,
)
from core.parsers import StrictJSONParser
from firm.permissions import ClientWork
from firm.selectors import matter_get_or_404

#: Room for the multipart envelope and the other fields around the file.
FORM_OVERHEAD = 64 * 1024
#: A refusal: {"detail": why}, or {field: [why …]} when the form itself is invalid.
ERROR = inline_serializer("ContractError", {"detail": serializers.CharField(required=False)})


class ContractPagination(PageNumberPagination):
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 200


class SectionPagination(PageNumberPagination):
    """A contract's sections fit one page (a 500-page contract has about 2,000); ``page_size`` up to 5,000."""

    page_size = 1000
    page_size_query_param = "page_size"
    max_page_size = 5000


class UploadThrottle(UserRateThrottle):
    """Uploads read, split and store a whole file: their own, tighter rate per user."""

    scope = "contract_upload"
    rate = getattr(settings, "CONTRACT_UPLOAD_RATE", "30/min")


def contract_or_404(request: Request, contract_id: int) -> Contract:
    return contract_get_or_404(user=request.user, contract_id=contract_id)



def _read_upload(file: Any) -> bytes:
    """At most one byte over the limit: a larger file is refused without reading it all."""
    if getattr(file, "size", 0) and file.size > MAX_UPLOAD_BYTES:
        raise UploadTooLarge(f"文件超过 {MAX_UPLOAD_BYTES // (1024 * 1024)} MB 上限")
    file.seek(0)
    return file.read(MAX_UPLOAD_BYTES + 1)


def upload_error_response(exc: UnreadableFile) -> Response:
    code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE if isinstance(exc, UploadTooLarge) else status.HTTP_400_BAD_REQUEST
    return Response({"detail": str(exc)}, status=code)


class ContractListCreateApi(APIView):
    permission_classes = [ClientWork]
    parser_classes = [MultiPartParser, FormParser]
    pagination_class = ContractPagination

    def get_throttles(self) -> list[Any]:
        throttles = super().get_throttles()
        return [*throttles, UploadThrottle()] if self.request.method == "POST" else throttles

    @extend_schema(
        summary="合同列表", responses=ContractOutput(many=True),
        parameters=[OpenApiParameter("matter", int, required=False, description="只列出该案件的合同"),
                    OpenApiParameter("q", str, required=False, description="按标题或文件名搜索"),
                    OpenApiParameter("status", str, required=False),
                    OpenApiParameter("contract_type", str, required=False)],
    )
    def get(self, request: Request) -> Response:
        matter = request.query_params.get("matter")
        contracts = contract_list_with_counts(
            user=request.user, matter_id=int(matter) if matter and matter.isdigit() else None,
            search=request.query_params.get("q", "").strip(), status=request.query_params.get("status", ""),
            contract_type=request.query_params.get("contract_type", ""))
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(contracts, request, view=self)
        return paginator.get_paginated_response(ContractOutput(page, many=True).data)

    @extend_schema(
        summary="上传合同（multipart：file、title?、matter?、contract_type?）：保存后立即返回 status=uploaded，"
                "由后台任务读取并按合同自身结构拆分（splitting → split，或 failed 与 error）",
        request={"multipart/form-data": ContractUploadInput},
        responses={201: ContractOutput,
                   400: OpenApiResponse(ERROR, description="文件类型不支持、为空、损坏、加密、扩展名与内容不符，"
                                                           "或 .docx 压缩目录超出解压限制（疑似压缩炸弹）"),
                   413: OpenApiResponse(ERROR, description="文件超过 20 MB")},
    )
    def post(self, request: Request) -> Response:
        declared = request.META.get("CONTENT_LENGTH") or ""
        if declared.isdigit() and int(declared) > MAX_UPLOAD_BYTES + FORM_OVERHEAD:  # refused before it is parsed
            return upload_error_response(UploadTooLarge(f"文件超过 {MAX_UPLOAD_BYTES // (1024 * 1024)} MB 上限"))
        payload = ContractUploadInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        matter = matter_get_or_404(user=request.user, matter_id=data["matter"])
        try:
            contract = contract_upload(actor=request.user, file_name=data["file"].name, data=_read_upload(data["file"]),
                                       title=data["title"], matter=matter, contract_type=data["contract_type"] or None,
                                       side=data["side"], is_template=data["is_template"])
        except UnreadableFile as exc:
            return upload_error_response(exc)
        return Response(ContractOutput(contract).data, status=status.HTTP_201_CREATED)


class ContractDetailApi(APIView):
    permission_classes = [ClientWork]
    parser_classes = [StrictJSONParser, FormParser, MultiPartParser]

    @extend_schema(summary="合同详情", responses=ContractOutput)
    def get(self, request: Request, contract_id: int) -> Response:
        # a read: a lost split is the sweep's to queue again (split_resume_stale), not a GET's
        return Response(ContractOutput(contract_or_404(request, contract_id)).data)

    @extend_schema(summary="修改合同标题、类型、我方（side）或所属案件（matter: null 移出案件）",
                   request=ContractUpdateInput, responses={200: ContractOutput, 403: ERROR})
    def patch(self, request: Request, contract_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        payload = ContractUpdateInput(data=request.data, partial=True)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        matter = matter_get_or_404(user=request.user, matter_id=data["matter"]) if "matter" in data else False
        side = (data["side"] or "") if "side" in data else None
        contract = contract_update(actor=request.user, contract=contract, title=data.get("title"),
                                   contract_type=data.get("contract_type"), matter=matter, side=side)
        return Response(ContractOutput(contract).data)

    @extend_schema(summary="删除合同（所有人或管理员）", responses={204: None, 403: ERROR})
    def delete(self, request: Request, contract_id: int) -> Response:
        contract_delete(actor=request.user, contract=contract_or_404(request, contract_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class CompareApi(APIView):
    permission_classes = [ClientWork]
    parser_classes = [StrictJSONParser, FormParser]

    @extend_schema(summary="与同一合同的上一稿比对，下载 Word：上一稿正文中以修订（删除/插入）标出新稿的改写，"
                           "删除与新增的条款以批注标出",
                   parameters=[OpenApiParameter("against", int, required=True)],
                   responses={(200, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"): bytes,
                              404: ERROR})
    def get(self, request: Request, contract_id: int) -> HttpResponse:
        contract = contract_or_404(request, contract_id)
        against = request.query_params.get("against", "")
        if not against.isdigit():
            return Response({"against": "须给出上一稿的 id"}, status=status.HTTP_400_BAD_REQUEST)
        earlier = contract_or_404(request, int(against))
        content, file_name = changes_docx(actor=request.user, contract=contract, earlier=earlier)
        response = HttpResponse(content, content_type=EXPORT_FILES["docx"][2])
        response["Content-Disposition"] = content_disposition(file_name, "changes.docx")
        return response

    @extend_schema(summary="逐条比对：与本所标准文本（template）比对，偏离和缺失的条款记为问题、以本所措辞为修改建议；"
                           "或与同一合同的上一稿（against）比对，列出改动并结转或关闭上一稿的问题",
                   request=CompareInput, responses={200: CompareOutput, 400: ERROR, 404: ERROR})
    def post(self, request: Request, contract_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        payload = CompareInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        if data.get("template"):
            template = contract_or_404(request, data["template"])
            return Response({"items": compare_with_template(actor=request.user, contract=contract,
                                                            template=template)})
        earlier = contract_or_404(request, data["against"])
        return Response(compare_versions(actor=request.user, contract=contract, earlier=earlier))


class TermsApi(APIView):
    permission_classes = [ClientWork]

    @extend_schema(summary="合同要素表：当事人、价款与支付、期限、定金、违约金、解除权、验收、知识产权、保密、"
                           "适用法律与争议解决、通知送达（每项附原文、解析值与所在条款）",
                   responses={200: TermsOutput})
    def get(self, request: Request, contract_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        return Response({"items": contract_terms(contract=contract)})


class SectionListApi(APIView):
    permission_classes = [ClientWork]
    pagination_class = SectionPagination

    @extend_schema(summary="合同章节（按顺序）", responses=SectionOutput(many=True),
                   parameters=[OpenApiParameter("kind", str, required=False,
                                                enum=["preamble", "chapter", "clause", "annex", "signature"])])
    def get(self, request: Request, contract_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        sections = contract_sections(contract=contract, kind=request.query_params.get("kind", ""))
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(sections, request, view=self)
        return paginator.get_paginated_response(SectionOutput(page, many=True).data)


def _all_sections(contract: Contract) -> list[dict[str, Any]]:
    return SectionOutput(contract_sections(contract=contract), many=True).data


class SectionMergeApi(APIView):
    permission_classes = [ClientWork]

    @extend_schema(summary="合并相邻章节：并入第一个，其余章节的问题随之移入",
                   request=SectionMergeInput,
                   responses={200: inline_serializer("SectionsAfterMerge", {
                       "section": SectionOutput(), "sections": SectionOutput(many=True)}), 400: ERROR})
    def post(self, request: Request, contract_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        payload = SectionMergeInput(data=request.data)
        payload.is_valid(raise_exception=True)
        merged = sections_merge(actor=request.user, contract=contract, section_ids=payload.validated_data["sections"])
        return Response({"section": SectionOutput(merged).data, "sections": _all_sections(contract)})


class SectionSplitApi(APIView):
    permission_classes = [ClientWork]

    @extend_schema(summary="在段落之间把一个章节拆成两个；其后的问题移入新章节",
                   request=SectionSplitInput,
                   responses={201: inline_serializer("SectionsAfterSplit", {
                       "section": SectionOutput(), "sections": SectionOutput(many=True)}), 400: ERROR})
    def post(self, request: Request, contract_id: int, section_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        section = section_get_or_404(contract=contract, section_id=section_id)
        payload = SectionSplitInput(data=request.data)
        payload.is_valid(raise_exception=True)
        new = section_split(actor=request.user, section=section, at=payload.validated_data["at"])
        return Response({"section": SectionOutput(new).data, "sections": _all_sections(contract)},
                        status=status.HTTP_201_CREATED)


def content_disposition(file_name: str, fallback: str) -> str:
    """``attachment`` with an ASCII fallback and the real (Chinese) name per RFC 5987/6266."""
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{quote(file_name, safe='')}"


class ExportNegotiation(DefaultContentNegotiation):
    """``?format=`` here names the export, not a DRF renderer: errors are JSON."""

    def select_renderer(self, request: Request, renderers: list[Any], format_suffix: str | None = None
                        ) -> tuple[Any, str]:
        return renderers[0], renderers[0].media_type


class ExportApi(APIView):
    permission_classes = [ClientWork]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = ExportNegotiation

    @extend_schema(
        summary="导出：docx 批注版合同（批注 + 修订）、report 审查报告、json、md",
        parameters=[OpenApiParameter("format", str, enum=["docx", "report", "json", "md"], default="docx")],
        responses={(200, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"):
                   OpenApiTypes.BINARY, (200, "application/json"): OpenApiTypes.OBJECT,
                   (200, "text/markdown"): OpenApiTypes.STR},
    )
    def get(self, request: Request, contract_id: int) -> HttpResponse:
        contract = contract_or_404(request, contract_id)
        query = ExportQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        fmt = query.validated_data["format"]
        content, file_name, content_type = contract_export(actor=request.user, contract=contract, fmt=fmt)
        response = HttpResponse(content, content_type=content_type)
        extension = file_name.rsplit(".", 1)[-1]
        response["Content-Disposition"] = content_disposition(file_name, f"contract-{contract.pk}-{fmt}.{extension}")
        return response
