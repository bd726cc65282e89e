"""The review as JSON: the contract, its sections and its issues in the shapes of ARCHITECTURE §8
(what ``GET /api/v1/contracts/{id}``, ``…/sections`` and ``…/issues`` return), plus a summary.
Every issue is included, rejected ones too (with their status), so the file is a complete record."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from contracts.export.common import SHANGHAI, STATUS_ORDER

FORMAT = "legalsite.contract-review/1"
SECTION_FIELDS = ("id", "order", "kind", "number", "title", "text", "parent")
ISSUE_FIELDS = ("id", "section", "section_number", "quote", "category", "severity", "description", "suggestion",
                "basis", "status", "author")
BASIS_FIELDS = ("law", "article", "valid")


def to_json(*, contract: Mapping[str, Any], sections: Sequence[Mapping[str, Any]],
            issues: Sequence[Mapping[str, Any]], now: datetime | None = None) -> dict[str, Any]:
    """``contract``, ``sections`` and ``issues`` as the API serialises them (§8 fields; a missing
    field is an error, extra fields of sections and issues are dropped, the contract is kept
    whole). Returns a JSON-ready dict::

        {"format", "exported_at", "contract", "sections": [...], "issues": [...],
         "summary": {"total", "by_severity": {high, medium, low}, "by_status": {open, …}}}
    """
    out_sections = [{key: section[key] for key in SECTION_FIELDS} for section in sections]
    out_issues = []
    for issue in issues:
        item = {key: issue[key] for key in ISSUE_FIELDS}
        item["author_name"] = issue.get("author_name", "")
        item["basis"] = [{key: ref.get(key) for key in BASIS_FIELDS} for ref in (issue["basis"] or [])]
        out_issues.append(item)
    by_severity = {severity: 0 for severity in ("high", "medium", "low")}
    by_status = {status: 0 for status in STATUS_ORDER}
    for item in out_issues:
        by_severity[item["severity"]] = by_severity.get(item["severity"], 0) + 1
        by_status[item["status"]] = by_status.get(item["status"], 0) + 1
    moment = now.astimezone(SHANGHAI) if now is not None and now.tzinfo else (now or datetime.now(SHANGHAI))
    return {
        "format": FORMAT,
        "exported_at": moment.isoformat(timespec="seconds"),
        "contract": dict(contract),
        "sections": out_sections,
        "issues": out_issues,
        "summary": {"total": len(out_issues), "by_severity": by_severity, "by_status": by_status},
    }
