"""Labels, comment wording and timestamps shared by the exporters."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from contracts.types import ExportIssue

SHANGHAI = ZoneInfo("Asia/Shanghai")

SEVERITY_LABELS = {"high": "高", "medium": "中", "low": "低"}
SEVERITY_ORDER = {"high": 0, "medium": 1, "low": 2}
STATUS_LABELS = {"open": "待处理", "confirmed": "已确认", "resolved": "已解决", "rejected": "已驳回"}
STATUS_ORDER = ("open", "confirmed", "resolved", "rejected")

#: Issues a lawyer rejected are left out of the annotated contract, the report's issue list and
#: the Markdown (they stay in the JSON and in the report's status count).
OMITTED_STATUSES = frozenset({"rejected"})
#: Only issues still under consideration carry their suggested rewrite as a tracked change.
REVISED_STATUSES = frozenset({"open", "confirmed"})

# Characters XML 1.0 cannot carry (a PDF's text layer sometimes holds them).
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def xml_safe(text: str) -> str:
    """``text`` with characters XML cannot hold replaced by a space (lengths, so offsets, kept)."""
    return _XML_INVALID.sub(" ", text)


def word_timestamp(now: datetime | None = None) -> str:
    """A ``w:date`` value: Asia/Shanghai wall-clock time, no zone suffix (Word reads it as local)."""
    moment = now.astimezone(SHANGHAI) if now is not None and now.tzinfo else (now or datetime.now(SHANGHAI))
    return moment.strftime("%Y-%m-%dT%H:%M:%S")


def severity_label(severity: str) -> str:
    return f"{SEVERITY_LABELS.get(severity, severity)}风险"


def visible_issues(issues: list[ExportIssue]) -> list[ExportIssue]:
    return [issue for issue in issues if issue.status not in OMITTED_STATUSES]


def comment_text(issue: ExportIssue, *, note: str = "") -> str:
    """The comment a lawyer reads in Word's margin, one paragraph per line::

        【高风险】违约责任：描述
        建议：……
        依据：《民法典》第五百八十五条 ✓
    """
    status = STATUS_LABELS.get(issue.status, "")
    head = f"【{severity_label(issue.severity)}{'·' + status if issue.status in ('confirmed', 'resolved') else ''}】"
    lines = []
    if note:
        lines.append(note)
    lines.append(f"{head}{issue.category}：{issue.description}".strip())
    if issue.section_order is None:
        lines.append("位置：合同未约定相关条款")
    if issue.suggestion:
        lines.append(f"建议：{issue.suggestion}")
    if issue.basis:
        lines.append(f"依据：{'；'.join(issue.basis)}")
    if issue.author == "agent":
        lines.append(f"提出：{issue.author_name or '智能审查'}")
    return xml_safe("\n".join(line.replace("\r", "") for line in lines))
