"""Review issues API: list and raise, read, edit (with the version read: a stale one is 409 with the
issue as it now is), delete, confirm, reject, and each issue's history. Every write goes through
``contracts.services.issues`` (audit event + change row)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from contracts.api.contracts import ERROR, contract_or_404
from contracts.api.serializers import (
    IssueChangeOutput,
    IssueConflictOutput,
    IssueCreateInput,
    IssueDecisionInput,
    IssueOutput,
    IssueUpdateInput,
    basis_in,
)
from contracts.models import Contract, ReviewIssue, Section
from contracts.selectors.contracts import contract_issues, issue_get_or_404, issue_history, section_get_or_404
from contracts.services.issues import (
    IssueConflict,
    issue_add,
    issue_confirm,
    issue_delete,
    issue_reject,
    issue_reopen,
    issue_resolve,
    issue_update,
)
from firm.permissions import ClientWork

CONFLICT = OpenApiResponse(IssueConflictOutput, description="版本已过期：问题已被他人修改，返回当前内容")


class IssuePagination(PageNumberPagination):
    page_size = 200
    page_size_query_param = "page_size"
    max_page_size = 1000


def conflict_response(contract: Contract, exc: IssueConflict, issue_id: int) -> Response:
    current = issue_get_or_404(contract=contract, issue_id=issue_id)
    return Response({"detail": str(exc), "current": IssueOutput(current).data}, status=status.HTTP_409_CONFLICT)


def _section(contract: Contract, section_id: int | None) -> Section | None:
    if section_id is None:
        return None
    try:
        return section_get_or_404(contract=contract, section_id=section_id)
    except Http404:
        raise ValidationError({"section": "章节不属于该合同"}) from None


class IssueListCreateApi(APIView):
    permission_classes = [ClientWork]
    pagination_class = IssuePagination

    @extend_schema(
        summary="合同的审查问题（按章节顺序，缺失条款在后）", responses=IssueOutput(many=True),
        parameters=[OpenApiParameter("status", str, required=False,
                                     description="open、confirmed、rejected、resolved，可逗号分隔"),
                    OpenApiParameter("severity", str, required=False, description="high、medium、low，可逗号分隔"),
                    OpenApiParameter("section", int, required=False, description="章节 id"),
                    OpenApiParameter("missing", bool, required=False, description="true：只列缺失条款"),
                    OpenApiParameter("author", str, required=False, enum=["agent", "user"]),
                    OpenApiParameter("category", str, required=False)],
    )
    def get(self, request: Request, contract_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        params = request.query_params
        section = params.get("section")
        missing = params.get("missing")
        issues = contract_issues(
            contract=contract, status=params.get("status", ""), severity=params.get("severity", ""),
            section_id=int(section) if section and section.isdigit() else None,
            missing=None if missing is None else missing.lower() in ("1", "true", "yes"),
            author=params.get("author", ""), category=params.get("category", ""))
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(issues, request, view=self)
        return paginator.get_paginated_response(IssueOutput(page, many=True).data)

    @extend_schema(summary="律师提出问题（section 为 null 时表示缺失条款）", request=IssueCreateInput,
                   responses={201: IssueOutput, 400: ERROR})
    def post(self, request: Request, contract_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        payload = IssueCreateInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        issue = issue_add(actor=request.user, contract=contract, section=_section(contract, data["section"]),
                          quote=data["quote"], start=data["start"], end=data["end"], category=data["category"],
                          severity=data["severity"], description=data["description"], suggestion=data["suggestion"],
                          basis=basis_in(data["basis"]))
        return Response(IssueOutput(issue).data, status=status.HTTP_201_CREATED)


STATUS_ACTIONS = {
    ReviewIssue.Status.CONFIRMED: issue_confirm,
    ReviewIssue.Status.REJECTED: issue_reject,
    ReviewIssue.Status.RESOLVED: issue_resolve,
    ReviewIssue.Status.OPEN: issue_reopen,
}


class IssueDetailApi(APIView):
    permission_classes = [ClientWork]

    @extend_schema(summary="问题详情", responses=IssueOutput)
    def get(self, request: Request, contract_id: int, issue_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        return Response(IssueOutput(issue_get_or_404(contract=contract, issue_id=issue_id)).data)

    @extend_schema(summary="修改问题（须带读取时的 version）", request=IssueUpdateInput,
                   responses={200: IssueOutput, 400: ERROR, 409: CONFLICT})
    def patch(self, request: Request, contract_id: int, issue_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        issue = issue_get_or_404(contract=contract, issue_id=issue_id)
        payload = IssueUpdateInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data: dict[str, Any] = dict(payload.validated_data)
        version = data.pop("version")
        new_status = data.pop("status", None)
        if "section" in data:
            data["section"] = _section(contract, data["section"])
        if "basis" in data:
            data["basis"] = basis_in(data["basis"])
        try:
            if data:
                issue = issue_update(actor=request.user, issue=issue, expected_version=version, **data)
                version = issue.version
            if new_status is not None and new_status != issue.status:
                issue = STATUS_ACTIONS[new_status](actor=request.user, issue=issue, expected_version=version)
        except IssueConflict as exc:
            return conflict_response(contract, exc, issue_id)
        return Response(IssueOutput(issue_get_or_404(contract=contract, issue_id=issue_id)).data)

    @extend_schema(summary="删除问题（可带 ?version=）", responses={204: None, 409: CONFLICT},
                   parameters=[OpenApiParameter("version", int, required=False)])
    def delete(self, request: Request, contract_id: int, issue_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        issue = issue_get_or_404(contract=contract, issue_id=issue_id)
        version = request.query_params.get("version")
        if version is not None and not version.isdigit():
            raise ValidationError({"version": "版本号须为整数"})
        try:
            issue_delete(actor=request.user, issue=issue, expected_version=int(version) if version else None)
        except IssueConflict as exc:
            return conflict_response(contract, exc, issue_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class _DecisionApi(APIView):
    permission_classes = [ClientWork]

    decide: Any = None

    def post(self, request: Request, contract_id: int, issue_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        issue = issue_get_or_404(contract=contract, issue_id=issue_id)
        payload = IssueDecisionInput(data=request.data)
        payload.is_valid(raise_exception=True)
        try:
            type(self).decide(actor=request.user, issue=issue, expected_version=payload.validated_data["version"])
        except IssueConflict as exc:
            return conflict_response(contract, exc, issue_id)
        return Response(IssueOutput(issue_get_or_404(contract=contract, issue_id=issue_id)).data)


class IssueConfirmApi(_DecisionApi):
    permission_classes = [ClientWork]

    decide = staticmethod(issue_confirm)

    @extend_schema(summary="确认问题", request=IssueDecisionInput, responses={200: IssueOutput, 409: CONFLICT})
    def post(self, request: Request, contract_id: int, issue_id: int) -> Response:
        return super().post(request, contract_id, issue_id)


class IssueRejectApi(_DecisionApi):
    permission_classes = [ClientWork]

    decide = staticmethod(issue_reject)

    @extend_schema(summary="驳回问题", request=IssueDecisionInput, responses={200: IssueOutput, 409: CONFLICT})
    def post(self, request: Request, contract_id: int, issue_id: int) -> Response:
        return super().post(request, contract_id, issue_id)


class IssueHistoryApi(APIView):
    permission_classes = [ClientWork]

    @extend_schema(summary="问题的修改记录（谁、何时、改了什么）", responses=IssueChangeOutput(many=True))
    def get(self, request: Request, contract_id: int, issue_id: int) -> Response:
        contract = contract_or_404(request, contract_id)
        changes = issue_history(contract=contract, issue_id=issue_id)
        if not changes.exists():
            issue_get_or_404(contract=contract, issue_id=issue_id)
        return Response(IssueChangeOutput(changes, many=True).data)
