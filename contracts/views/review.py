"""Portal pages of 合同审查: the contract list with upload, and one contract's workspace (section
navigator, the clause text with the issues' quotes marked, the issue panel, the agent chat, the
auto-review progress, export), plus the fragment its script fetches (one rendered issue).

Server-rendered first: reading, uploading, editing an issue, merging and splitting sections work
without JavaScript through the forms here. ``static/js/contracts.js`` makes the page live: the
issue buttons call the REST API (with the version read), auto-review and chat go through the API,
and the websocket ``/ws/contracts/<id>/`` streams progress, issues and the agent's events.
Access: ``contracts.selectors.contracts`` (404 for what the user may not see); compliance
officers do no client work.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from contracts.ingest import MAX_UPLOAD_BYTES, UnreadableFile
from contracts.models import Contract, ContractType, ReviewIssue, ReviewRun, Section
from contracts.presenters import marked_paragraphs, paragraphs_html
from contracts.selectors.contracts import (
    contract_get_or_404,
    contract_issues,
    contract_list_with_counts,
    contract_sections,
    contract_terms,
    issue_get_or_404,
    run_in_flight,
    section_get_or_404,
)
from contracts.selectors.reviews import issue_tally, manual_cursor, messages_list
from contracts.services.contracts import (
    contract_delete,
    contract_update,
    contract_upload,
    section_split,
    sections_merge,
    side_choices,
)
from contracts.services.issues import IssueConflict, issue_confirm, issue_reject, issue_update
from contracts.services.live import section_ref
from firm.models import Matter
from firm.permissions import client_work_required
from firm.selectors import matter_get_or_404, matter_list

EXPORTS = (("批注版合同（Word）", "docx"), ("审查报告（Word）", "report"), ("JSON", "json"), ("Markdown", "md"))
KIND_LABELS = dict(Section.Kind.choices)
RECENT_MESSAGES = 200


# --- access ----------------------------------------------------------------------------------------
CLIENT_WORK_DENIED = "合规人员不能使用合同审查"


def _contract_or_404(request: HttpRequest, contract_id: int) -> Contract:
    client_work_required(request.user, CLIENT_WORK_DENIED)
    return contract_get_or_404(user=request.user, contract_id=contract_id)


def _errors(exc: ValidationError | PermissionDenied) -> str:
    if isinstance(exc, ValidationError):
        return "；".join(exc.messages)
    return str(exc)


#: Roles offered when a lawyer says whom the firm acts for at upload (any other name may be typed).
SIDE_ROLES = ("甲方", "乙方", "出租人", "承租人", "出卖人", "买受人", "委托人", "受托人", "用人单位", "劳动者",
              "出借人", "借款人", "发包人", "承包人", "转让方", "受让方", "许可方", "被许可方")


# --- the list and upload ---------------------------------------------------------------------------
@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    client_work_required(request.user, CLIENT_WORK_DENIED)
    matter = request.GET.get("matter", "")
    contracts = contract_list_with_counts(user=request.user, matter_id=int(matter) if matter.isdigit() else None,
                                          search=request.GET.get("q", "").strip())
    return render(request, "contracts/index.html", {
        "contracts": contracts,
        "matters": matter_list(user=request.user, status=Matter.Status.OPEN),
        "selected_matter": matter,
        "search": request.GET.get("q", ""),
        "contract_types": ContractType.choices,
        "side_roles": SIDE_ROLES,
        "max_mb": MAX_UPLOAD_BYTES // (1024 * 1024),
    })


@login_required
@require_POST
def upload(request: HttpRequest) -> HttpResponse:
    client_work_required(request.user, CLIENT_WORK_DENIED)
    file = request.FILES.get("file")
    if file is None:
        flash.error(request, "请选择要上传的合同文件")
        return redirect("contracts:index")
    matter = matter_get_or_404(user=request.user, matter_id=request.POST.get("matter", ""))
    try:
        if file.size > MAX_UPLOAD_BYTES:
            raise UnreadableFile(f"文件超过 {MAX_UPLOAD_BYTES // (1024 * 1024)} MB 上限")
        contract = contract_upload(actor=request.user, file_name=file.name, data=file.read(),
                                   title=request.POST.get("title", ""), matter=matter,
                                   contract_type=request.POST.get("contract_type") or None,
                                   side=request.POST.get("side") or None,
                                   is_template=request.POST.get("is_template") == "on")
    except (UnreadableFile, ValidationError, PermissionDenied) as exc:
        message = str(exc) if isinstance(exc, UnreadableFile) else _errors(exc)
        flash.error(request, f"无法上传「{file.name}」：{message}")
        return redirect("contracts:index")
    flash.success(request, f"已上传「{contract.file_name}」，正在后台读取并拆分章节")
    return redirect(contract)


# --- one contract ----------------------------------------------------------------------------------
def _issue_context(issue: ReviewIssue) -> dict[str, Any]:
    return {"issue": issue, "severities": ReviewIssue.Severity.choices}


@login_required
@require_GET
def detail(request: HttpRequest, contract_id: int) -> HttpResponse:
    contract = _contract_or_404(request, contract_id)  # a read: a lost split is the sweep's to queue again
    sections = list(contract_sections(contract=contract))
    issues = list(contract_issues(contract=contract))
    by_section: dict[int | None, list[ReviewIssue]] = {}
    for issue in issues:
        by_section.setdefault(issue.section_id, []).append(issue)
    focus_id = request.GET.get("section", "")
    focus = next((s for s in sections if str(s.pk) == focus_id), None)
    tally = issue_tally(contract_id=contract.pk)  # the same counts the page's ``counts`` events carry
    cursor = manual_cursor(contract_id=contract.pk)
    current = focus or cursor  # what the chat's 当前章节 shows: the section asked for, else the cursor
    csrf_token = get_token(request)
    rows = []
    for position, section in enumerate(sections):
        own = by_section.get(section.pk, [])
        rows.append({
            "section": section,
            "kind_label": KIND_LABELS.get(section.kind, section.kind),
            "body": paragraphs_html(
                marked_paragraphs(section.text, own), csrf_token=csrf_token,
                split_action=reverse("contracts:split", args=[contract.pk, section.pk])
                if focus is not None and section.pk == focus.pk else ""),
            "issue_total": tally["sections"].get(str(section.pk), {}).get("total", 0),
            "severity": tally["sections"].get(str(section.pk), {}).get("severity", ""),
            "next": sections[position + 1] if position + 1 < len(sections) else None,
            "focused": focus is not None and section.pk == focus.pk,
            "current": current is not None and section.pk == current.pk,
        })
    run = run_in_flight(contract=contract)
    chat = messages_list(contract_id=contract.pk, limit=RECENT_MESSAGES)
    config = {
        "contractId": contract.pk,
        "wsPath": f"/ws/contracts/{contract.pk}/",
        "csrfToken": csrf_token,
        "api": reverse("api-contract", args=[contract.pk]),
        "issueFragment": reverse("contracts:issue", args=[contract.pk, 0]),
        "run": {"id": run.pk, "status": run.status, "done": run.progress, "total": run.total} if run else None,
        "status": contract.status,
        "cursor": section_ref(cursor),
    }
    return render(request, "contracts/detail.html", {
        "contract": contract,
        "rows": rows,
        "focus": focus,
        "current": current,
        "tally": tally,
        "issues": issues,
        "missing": by_section.get(None, []),
        "run": run,
        "progress_total": run.total if run and run.total else len(sections),
        "progress_done": run.progress if run else 0,
        "chat_messages": chat,
        "exports": [(label, f"{reverse('api-contract-export', args=[contract.pk])}?format={fmt}")
                    for label, fmt in EXPORTS],
        "contract_types": ContractType.choices,
        "side_choices": side_choices(contract),
        "terms": contract_terms(contract=contract),
        "severities": ReviewIssue.Severity.choices,
        "is_owner": contract.owner_id == request.user.pk,
        "contracts_config": config,
        "run_statuses": dict(ReviewRun.Status.choices),
    })


@login_required
@require_GET
def issue_fragment(request: HttpRequest, contract_id: int, issue_id: int) -> HttpResponse:
    """One rendered issue card (what the script swaps in after a change)."""
    contract = _contract_or_404(request, contract_id)
    return render(request, "contracts/_issue.html",
                  _issue_context(issue_get_or_404(contract=contract, issue_id=issue_id)))


@login_required
@require_POST
def update(request: HttpRequest, contract_id: int) -> HttpResponse:
    contract = _contract_or_404(request, contract_id)
    try:
        contract_update(actor=request.user, contract=contract, title=request.POST.get("title"),
                        contract_type=request.POST.get("contract_type") or None,
                        side=request.POST.get("side") if "side" in request.POST else None)
        flash.success(request, "已保存")
    except (ValidationError, PermissionDenied) as exc:
        flash.error(request, _errors(exc))
    return redirect(contract)


@login_required
@require_POST
def delete(request: HttpRequest, contract_id: int) -> HttpResponse:
    contract = _contract_or_404(request, contract_id)
    title = contract.title
    contract_delete(actor=request.user, contract=contract)
    flash.success(request, f"已删除合同「{title}」")
    return redirect("contracts:index")


def _back_to(contract: Contract, section: Section | None) -> HttpResponse:
    url = contract.get_absolute_url()
    return redirect(f"{url}?section={section.pk}#sec-{section.pk}" if section else url)


@login_required
@require_POST
def merge(request: HttpRequest, contract_id: int) -> HttpResponse:
    contract = _contract_or_404(request, contract_id)
    try:
        ids = [int(v) for v in request.POST.getlist("sections")]
        merged = sections_merge(actor=request.user, contract=contract, section_ids=ids)
    except ValueError:
        flash.error(request, "请选择要合并的章节")
        return _back_to(contract, None)
    except (ValidationError, PermissionDenied) as exc:
        flash.error(request, _errors(exc))
        return _back_to(contract, None)
    flash.success(request, f"已合并为「{merged}」")
    return _back_to(contract, merged)


@login_required
@require_POST
def split(request: HttpRequest, contract_id: int, section_id: int) -> HttpResponse:
    contract = _contract_or_404(request, contract_id)
    section = section_get_or_404(contract=contract, section_id=section_id)
    try:
        new = section_split(actor=request.user, section=section, at=int(request.POST.get("at", "")))
    except ValueError:
        flash.error(request, "请选择拆分位置")
        return _back_to(contract, section)
    except (ValidationError, PermissionDenied) as exc:
        flash.error(request, _errors(exc))
        return _back_to(contract, section)
    flash.success(request, f"已拆分，新章节「{new}」")
    return _back_to(contract, new)


@login_required
@require_POST
def issue_action(request: HttpRequest, contract_id: int, issue_id: int) -> HttpResponse:
    """Without JavaScript: confirm, reject or edit (severity, suggestion) one issue, with the version read."""
    contract = _contract_or_404(request, contract_id)
    issue = issue_get_or_404(contract=contract, issue_id=issue_id)
    action = request.POST.get("action", "")
    version = request.POST.get("version", "")
    expected = int(version) if version.isdigit() else None
    try:
        if action == "confirm":
            issue_confirm(actor=request.user, issue=issue, expected_version=expected)
        elif action == "reject":
            issue_reject(actor=request.user, issue=issue, expected_version=expected)
        elif action == "edit":
            changes = {k: request.POST[k] for k in ("severity", "suggestion") if k in request.POST}
            issue_update(actor=request.user, issue=issue, expected_version=expected, **changes)
        else:
            raise ValidationError("未知的操作")
    except IssueConflict as exc:
        flash.error(request, str(exc))
    except (ValidationError, PermissionDenied) as exc:
        flash.error(request, _errors(exc))
    return redirect(f"{contract.get_absolute_url()}#issue-{issue_id}")
