"""Reads of contract review: the contract a user may review, review runs, the per-contract chat, the
issues as the agent and the events see them, and the snapshot of issues a run starts from.

Which contracts a user may open is ``contracts.selectors.contracts.contract_list`` (the matter
rule); the reads here take a contract already fetched through it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.db.models import Count, QuerySet

from contracts.constants import REVIEWED_KINDS
from contracts.models import Contract, ContractMessage, ReviewIssue, ReviewRun, Section


def review_get(*, contract: Contract, run_id: int) -> ReviewRun:
    """A run of ``contract`` (``ReviewRun.DoesNotExist`` for another contract's run)."""
    return ReviewRun.objects.select_related("current_section").get(contract=contract, pk=run_id)


def review_in_flight(*, contract_id: int) -> ReviewRun | None:
    """The auto-review of the contract that is queued or running, if any."""
    return (ReviewRun.objects.filter(contract_id=contract_id, mode=ReviewRun.Mode.AUTO,
                                     status__in=[ReviewRun.Status.QUEUED, ReviewRun.Status.RUNNING])
            .select_related("current_section").first())


def review_latest(*, contract_id: int, mode: str | None = None) -> ReviewRun | None:
    runs = ReviewRun.objects.filter(contract_id=contract_id)
    if mode:
        runs = runs.filter(mode=mode)
    return runs.select_related("current_section").order_by("-created_at", "-pk").first()


def review_dict(run: ReviewRun) -> dict[str, Any]:
    """A run as the API and the console show it."""
    section = run.current_section
    return {
        "id": run.pk, "mode": run.mode, "status": run.status, "progress": run.progress, "total": run.total,
        "current_section": section.pk if section is not None else None,
        "current_section_number": (section.number or section.title) if section is not None else "",
        "last_completed_order": run.last_completed_order, "error": run.error,
        "trace_id": str(run.trace_id) if run.trace_id else None,
    }


def reviewed_sections(*, contract_id: int, after: int | None = None) -> QuerySet[Section]:
    """The sections a review walks, in order (after the ``order`` ``after`` when given)."""
    sections = Section.objects.filter(contract_id=contract_id, kind__in=REVIEWED_KINDS).order_by("order")
    if after is not None:
        sections = sections.filter(order__gt=after)
    return sections


def reviewed_orders(*, contract_id: int, after: int | None = None) -> list[int]:
    """The ``order`` of each section a review walks (integers only: bounded for long contracts)."""
    return list(reviewed_sections(contract_id=contract_id, after=after).values_list("order", flat=True))


def section_at(*, contract_id: int, order: int) -> Section | None:
    return Section.objects.filter(contract_id=contract_id, order=order).first()


def section_find(*, contract_id: int, label: str) -> Section | None:
    """The section whose number (第五条, 5., 附件一) or title is ``label``."""
    label = label.strip()
    if not label:
        return None
    sections = Section.objects.filter(contract_id=contract_id)
    return (sections.filter(number=label).order_by("order").first()
            or sections.filter(title=label).order_by("order").first())


def section_neighbour(*, contract_id: int, order: int | None, step: int) -> Section | None:
    """The next (``step`` 1) or previous (-1) reviewed section from ``order`` (None: before the first)."""
    sections = reviewed_sections(contract_id=contract_id)
    if order is None:
        return sections.first() if step > 0 else None
    if step > 0:
        return sections.filter(order__gt=order).first()
    return sections.filter(order__lt=order).order_by("-order").first()


def issue_dict(issue: ReviewIssue) -> dict[str, Any]:
    """An issue in the API's shape (ARCHITECTURE §8) plus its version and offsets."""
    section = issue.section
    return {
        "id": issue.pk, "section": issue.section_id,
        "section_number": (section.number or section.title) if section is not None else "",
        "section_order": section.order if section is not None else None,
        "quote": issue.quote, "start": issue.start, "end": issue.end, "category": issue.category,
        "severity": issue.severity, "description": issue.description, "suggestion": issue.suggestion,
        "basis": [{"law": b.get("law"), "article": b.get("article"), "valid": b.get("valid")}
                  for b in issue.basis or []],
        "status": issue.status, "author": issue.author, "agent_name": issue.agent_name,
        "rule_code": issue.rule_code, "version": issue.version,
    }


def contract_issues(*, contract_id: int) -> QuerySet[ReviewIssue]:
    return ReviewIssue.objects.filter(contract_id=contract_id).select_related("section").order_by(
        "section__order", "id")


def issue_of_contract(*, contract_id: int, issue_id: int) -> ReviewIssue:
    """``ReviewIssue.DoesNotExist`` for an issue of another contract."""
    return ReviewIssue.objects.select_related("section", "contract").get(contract_id=contract_id, pk=issue_id)


def issues_snapshot(*, contract_id: int) -> dict[str, list[dict[str, Any]]]:
    """The contract's issues grouped by section order (``"none"``: missing clauses), compact:
    what a review run's agent starts from (``ReviewRun.snapshot``)."""
    grouped: dict[str, list[dict[str, Any]]] = {}
    rows = contract_issues(contract_id=contract_id).values_list(
        "pk", "section__order", "section__number", "category", "severity", "status", "author", "quote",
        "description")
    for pk, order, number, category, severity, status, author, quote, description in rows.iterator():
        grouped.setdefault("none" if order is None else str(order), []).append({
            "id": pk, "number": number or "", "category": category, "severity": severity, "status": status,
            "author": author, "quote": (quote or "")[:60], "description": (description or "")[:100]})
    return grouped


def issue_counts(*, contract_id: int) -> dict[str, int]:
    counts = {"total": 0, "open": 0, "high": 0, "medium": 0, "low": 0}
    for severity, status in ReviewIssue.objects.filter(contract_id=contract_id).values_list("severity", "status"):
        counts["total"] += 1
        counts[severity] = counts.get(severity, 0) + 1
        if status == ReviewIssue.Status.OPEN:
            counts["open"] += 1
    return counts


def playbook_issue_exists(*, contract_id: int, section_id: int | None, rule_code: str) -> bool:
    """Whether the rule has already raised an issue there (any status: a rejected one stays rejected)."""
    return ReviewIssue.objects.filter(contract_id=contract_id, section_id=section_id, rule_code=rule_code).exists()


def messages_list(*, contract_id: int, limit: int = 200) -> list[ContractMessage]:
    """The contract's chat, oldest first (the last ``limit`` messages)."""
    newest = list(ContractMessage.objects.filter(contract_id=contract_id).order_by("-created_at", "-pk")[:limit])
    return newest[::-1]


def message_dict(message: ContractMessage) -> dict[str, Any]:
    return {"id": message.pk, "role": message.role, "content": message.content, "command": message.command,
            "author": message.author.get_username() if message.author_id and message.author else None,
            "trace_id": str(message.trace_id) if message.trace_id else None,
            "created_at": message.created_at.isoformat()}


def chat_history(*, contract_id: int, limit: int = 20) -> Iterator[dict[str, str]]:
    """The last ``limit`` chat messages as model messages (user / assistant)."""
    for message in messages_list(contract_id=contract_id, limit=limit):
        yield {"role": message.role, "content": message.content}


SEVERITY_RANK = {"high": 0, "medium": 1, "low": 2}


def issue_tally(*, contract_id: int) -> dict[str, Any]:
    """Every issue counter the contract page shows, counted from the database in one query:

    - ``total``: all issues (the issue panel lists every one, rejected included);
    - ``status``: per status; ``open`` (待处理) is ``status["open"]``;
    - ``open_severity``: the open issues per severity, so 高 + 中 + 低 always adds up to ``open``;
    - ``sections``: per section id, the issues that still stand (not rejected) and the highest
      severity among its open ones (what the section navigator's badge shows).
    """
    status = dict.fromkeys(ReviewIssue.Status.values, 0)
    open_severity = dict.fromkeys(ReviewIssue.Severity.values, 0)
    sections: dict[str, dict[str, Any]] = {}
    total = 0
    rows = (ReviewIssue.objects.filter(contract_id=contract_id).values("section_id", "status", "severity")
            .annotate(n=Count("pk")).order_by())
    for row in rows:
        n, row_status, severity = row["n"], row["status"], row["severity"]
        total += n
        status[row_status] = status.get(row_status, 0) + n
        if row_status == ReviewIssue.Status.OPEN:
            open_severity[severity] = open_severity.get(severity, 0) + n
        if row["section_id"] is None or row_status == ReviewIssue.Status.REJECTED:
            continue
        entry = sections.setdefault(str(row["section_id"]), {"total": 0, "severity": ""})
        entry["total"] += n
        if row_status == ReviewIssue.Status.OPEN and (
                not entry["severity"] or SEVERITY_RANK.get(severity, 9) < SEVERITY_RANK.get(entry["severity"], 9)):
            entry["severity"] = severity
    return {"total": total, "open": status.get(ReviewIssue.Status.OPEN, 0), "status": status,
            "open_severity": open_severity, "sections": sections}


def manual_cursor(*, contract_id: int) -> Section | None:
    """The section the contract chat is on: the cursor of the contract's manual run (the latest one,
    while it runs; ``contracts.services.review.manual_run`` reads the same)."""
    run = review_latest(contract_id=contract_id, mode=ReviewRun.Mode.MANUAL)
    if run is None or run.status != ReviewRun.Status.RUNNING:
        return None  # the chat starts a new run at the first section
    return run.current_section
