"""The contract socket's own events (besides the review agent's §5 events, ``agents.events``),
typed: ``contract_status`` while an upload is read and split, ``progress`` of a review run and
``issue`` (an issue created, changed or deleted). The page's live state (``message``, ``cursor``,
``counts``) is ``contracts.services.live``'s.

Every event has ``type``, ``trace_id`` and ``ts``; a review run's events also carry
``contract_id`` and ``run_id`` and, once logged by the run's ``EventStream``, ``seq``
(``contracts.consumers`` describes the socket).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, TypedDict

from agents.events import now_iso

__all__ = ["CONSOLE_LINES", "ContractStatusEvent", "IssueEvent", "ProgressEvent", "SectionRef", "console_progress",
           "contract_status", "issue", "progress"]


class SectionRef(TypedDict):
    id: int
    order: int
    number: str


class ContractStatusEvent(TypedDict):
    type: Literal["contract_status"]
    trace_id: str
    ts: str
    contract_id: int
    status: str
    error: str
    sections: int | None


class ProgressEvent(TypedDict):
    type: Literal["progress"]
    trace_id: str
    ts: str
    done: int
    total: int
    status: str
    mode: str
    section: SectionRef | None


class IssueEvent(TypedDict):
    type: Literal["issue"]
    trace_id: str
    ts: str
    action: str
    issue: dict[str, Any]


def contract_status(contract_id: int, *, status: str, error: str, sections: int | None) -> ContractStatusEvent:
    return {"type": "contract_status", "trace_id": f"contract-{contract_id}", "ts": now_iso(),
            "contract_id": contract_id, "status": status, "error": error, "sections": sections}


def progress(trace_id: str, *, done: int, total: int, status: str, mode: str,
             section: SectionRef | None) -> ProgressEvent:
    return {"type": "progress", "trace_id": trace_id, "ts": now_iso(), "done": done, "total": total,
            "status": status, "mode": mode, "section": section}


def issue(trace_id: str, *, action: str, issue: dict[str, Any]) -> IssueEvent:
    return {"type": "issue", "trace_id": trace_id, "ts": now_iso(), "action": action, "issue": issue}


# --- console lines (``manage.py review_contract``: core.console.ConsoleSink) --------------------------------------
_SEVERITY = {"high": "高", "medium": "中", "low": "低"}
_ACTION = {"created": "＋", "changed": "✎", "deleted": "－"}


def _issue_line(event: Mapping[str, Any]) -> str:
    found = event.get("issue") or {}
    where = found.get("section_number") or "缺失条款"
    return (f"  {_ACTION.get(str(event.get('action')), '·')} 问题 #{found.get('id')} "
            f"[{_SEVERITY.get(found.get('severity'), '')}] {where} "
            f"{found.get('category', '')}：{str(found.get('description', ''))[:80]}")


def console_progress(event: Mapping[str, Any]) -> tuple[int, int, str, str] | None:
    """An auto-review's ``progress`` moves the console's bar: (done, total, title, the section)."""
    if event.get("type") != "progress" or event.get("mode") != "auto":
        return None
    section = event.get("section") or {}
    return int(event.get("done") or 0), int(event.get("total") or 0), "自动审核", str(section.get("number") or "")


#: How the console command prints the contract's events (the agents' own have core.console's look).
CONSOLE_LINES: dict[str, Callable[[Mapping[str, Any]], str | None]] = {"issue": _issue_line}
