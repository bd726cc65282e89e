"""Reads of contracts, their sections, issues, review runs and issue history.

Every read starts from :func:`contract_list`, scoped by the matter rule
(``firm.selectors.visible_to``): a contract the user may not see is absent, so the portal,
the API and the websockets answer 404 for it alike. The uploaded bytes are never loaded in lists
(:func:`contract_original` reads them for one contract)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Q, QuerySet
from django.http import Http404

from contracts.models import Contract, IssueChange, ReviewIssue, ReviewRun, Section
from firm.selectors import visible_to

UserLike = AbstractBaseUser | AnonymousUser

NOT_FOUND = "合同不存在或无权查看"


def contract_list(*, user: UserLike, matter_id: int | None = None, search: str = "",
                  status: str = "", contract_type: str = "") -> QuerySet[Contract]:
    """The contracts ``user`` may see, newest first, without their file bytes."""
    queryset = (visible_to(Contract, user=user).defer("original")
                .select_related("matter", "owner").order_by("-created_at", "-id"))
    if matter_id is not None:
        queryset = queryset.filter(matter_id=matter_id)
    if search:
        queryset = queryset.filter(Q(title__icontains=search) | Q(file_name__icontains=search))
    if status:
        queryset = queryset.filter(status=status)
    if contract_type:
        queryset = queryset.filter(contract_type=contract_type)
    return queryset


def contract_list_with_counts(*, user: UserLike, **filters: object) -> QuerySet[Contract]:
    """:func:`contract_list` annotated with ``section_total`` and ``open_issue_total`` (the list page)."""
    return contract_list(user=user, **filters).annotate(  # type: ignore[arg-type]
        section_total=Count("sections", distinct=True),
        open_issue_total=Count("issues", filter=Q(issues__status=ReviewIssue.Status.OPEN), distinct=True),
    )


def contract_get(*, user: UserLike, contract_id: int) -> Contract:
    """Raises ``Contract.DoesNotExist`` when absent *or* not visible (the caller answers 404)."""
    return contract_list(user=user).get(pk=contract_id)


def contract_status(*, contract_id: int) -> Contract | None:
    """The contract's current status and error (nothing else loaded); no visibility check — the caller
    already holds a contract the user may see."""
    return Contract.objects.only("id", "status", "error").filter(pk=contract_id).first()


def contract_get_or_404(*, user: UserLike, contract_id: int) -> Contract:
    try:
        return contract_get(user=user, contract_id=contract_id)
    except Contract.DoesNotExist:
        raise Http404(NOT_FOUND) from None


def contract_visible(*, user: UserLike, contract_id: int) -> bool:
    """May ``user`` see the contract now (the websocket's access check)?"""
    return contract_list(user=user).filter(pk=contract_id).exists()


def contract_original(*, contract: Contract) -> bytes:
    """The uploaded file's bytes (deferred in every list)."""
    data = Contract.objects.filter(pk=contract.pk).values_list("original", flat=True).first()
    return bytes(data) if data is not None else b""


def contract_sections(*, contract: Contract, kind: str = "") -> QuerySet[Section]:
    queryset = contract.sections.all().order_by("order")
    if kind:
        queryset = queryset.filter(kind=kind)
    return queryset


def section_get_or_404(*, contract: Contract, section_id: int) -> Section:
    section = contract.sections.filter(pk=section_id).first()
    if section is None:
        raise Http404("章节不存在")
    return section


def contract_issues(*, contract: Contract, status: str = "", severity: str = "", section_id: int | None = None,
                    missing: bool | None = None, author: str = "", category: str = "") -> QuerySet[ReviewIssue]:
    """The contract's issues in reading order (section order, missing clauses last), filtered.
    ``missing=True``: only issues about a clause the contract lacks (no section)."""
    queryset = contract.issues.select_related("section", "created_by").order_by("section__order", "id")
    if status:
        queryset = queryset.filter(status__in=status.split(","))
    if severity:
        queryset = queryset.filter(severity__in=severity.split(","))
    if section_id is not None:
        queryset = queryset.filter(section_id=section_id)
    if missing is not None:
        queryset = queryset.filter(section__isnull=missing)
    if author:
        queryset = queryset.filter(author=author)
    if category:
        queryset = queryset.filter(category=category)
    return queryset


def issue_get_or_404(*, contract: Contract, issue_id: int) -> ReviewIssue:
    issue = contract.issues.select_related("section", "contract").filter(pk=issue_id).first()
    if issue is None:
        raise Http404("问题不存在")
    return issue


def issue_history(*, contract: Contract, issue_id: int) -> QuerySet[IssueChange]:
    """Every change of one issue, oldest first (a deleted issue keeps its history by ``issue_ref``)."""
    return contract.issue_changes.filter(issue_ref=issue_id).select_related("actor").order_by("created_at", "id")


def issue_counts(*, contract: Contract) -> dict[str, dict[str, int]]:
    """``{"status": {open: n, …}, "severity": {high: n, …}}`` over the contract's issues."""
    out: dict[str, dict[str, int]] = {"status": {}, "severity": {}}
    for row in contract.issues.values("status", "severity").annotate(n=Count("pk")):
        out["status"][row["status"]] = out["status"].get(row["status"], 0) + row["n"]
        if row["status"] != ReviewIssue.Status.REJECTED:
            out["severity"][row["severity"]] = out["severity"].get(row["severity"], 0) + row["n"]
    return out


def contract_runs(*, contract: Contract) -> QuerySet[ReviewRun]:
    return contract.review_runs.select_related("current_section").order_by("-created_at")


def run_in_flight(*, contract: Contract) -> ReviewRun | None:
    """The auto-review queued or running on the contract, if any."""
    return (contract.review_runs.filter(mode=ReviewRun.Mode.AUTO,
                                        status__in=[ReviewRun.Status.QUEUED, ReviewRun.Status.RUNNING])
            .select_related("current_section").first())
