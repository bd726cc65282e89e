"""The review report (合同审查报告) as .docx, and the same content as Markdown.

Content: the title, the contract's name and type, the date, a summary table (rows 高/中/低 risk,
columns by status), then the issues section by section in contract order (missing clauses last
under 合同未约定的条款): severity, quoted text, description, suggestion, basis with ✓/✗.
Rejected issues are not listed; the summary table counts them in their own column so the reader
sees how many the lawyer set aside.
"""

from __future__ import annotations

import io
from collections import Counter
from datetime import datetime
from typing import Any

from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt

from contracts.export.common import (
    SEVERITY_ORDER,
    SHANGHAI,
    STATUS_LABELS,
    STATUS_ORDER,
    severity_label,
    visible_issues,
    xml_safe,
)
from contracts.export.typography import (
    BODY_SIZE,
    HEADING_FONT,
    HEADING_SIZE,
    SMALL_SIZE,
    TITLE_FONT,
    TITLE_SIZE,
    base_document,
    set_run_font,
)
from contracts.types import ExportIssue, ExportSection

REPORT_TITLE = "合同审查报告"
TERMS_HEADING = "三、合同要素表"
MISSING_HEADING = "合同未约定的条款"


def report_docx(*, title: str, contract_type_label: str, sections: list[ExportSection],
                issues: list[ExportIssue], now: datetime | None = None,
                terms: list[dict[str, Any]] | None = None) -> bytes:
    document = base_document()
    heading = document.add_paragraph()
    heading.alignment = WD_ALIGN_PARAGRAPH.CENTER
    heading.paragraph_format.space_after = Pt(12)
    set_run_font(heading.add_run(REPORT_TITLE), size=TITLE_SIZE, bold=True, east_asia=TITLE_FONT)

    for label, value in (("合同名称", title), ("合同类型", contract_type_label), ("审查日期", _date(now))):
        paragraph = document.add_paragraph()
        set_run_font(paragraph.add_run(f"{label}："), size=BODY_SIZE, bold=True)
        set_run_font(paragraph.add_run(xml_safe(value or "—")), size=BODY_SIZE)

    _heading(document, "一、审查结论汇总")
    counts = summary_counts(issues)
    table = document.add_table(rows=1, cols=len(STATUS_ORDER) + 2)
    table.style = "Table Grid"
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    header = ["风险等级", *(STATUS_LABELS[s] for s in STATUS_ORDER), "有效问题合计"]
    for cell, text in zip(table.rows[0].cells, header, strict=True):
        _cell(cell, text, bold=True)
    for severity in ("high", "medium", "low", None):
        row = table.add_row().cells
        label = severity_label(severity) if severity else "合计"
        values = [counts[(severity, status)] for status in STATUS_ORDER]
        cells_text = [label, *map(str, values), str(sum(values) - counts[(severity, "rejected")])]
        for cell, text in zip(row, cells_text, strict=True):
            _cell(cell, text, bold=severity is None)
    note = document.add_paragraph()
    set_run_font(note.add_run("注：已驳回的问题不计入有效问题，亦不在下文列出。"), size=SMALL_SIZE)

    _heading(document, "二、问题明细")
    groups = issues_by_section(sections, issues)
    if not groups:
        paragraph = document.add_paragraph()
        set_run_font(paragraph.add_run("未发现需要提示的问题。"), size=BODY_SIZE)
    for group_title, group in groups:
        _heading(document, group_title, size=BODY_SIZE)
        for number, issue in enumerate(group, start=1):
            _issue_block(document, number, issue)
    if terms:
        _heading(document, TERMS_HEADING)
        table = document.add_table(rows=1, cols=3)
        table.style = "Table Grid"
        for cell, text in zip(table.rows[0].cells, ("要素", "合同约定", "条款"), strict=True):
            _cell(cell, text, bold=True)
        for item in terms:
            row = table.add_row().cells
            for cell, text in zip(row, (item["label"], item["text"], item.get("section_number") or "—"), strict=True):
                _cell(cell, xml_safe(text))
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def to_markdown(*, title: str, contract_type_label: str, sections: list[ExportSection],
                issues: list[ExportIssue], now: datetime | None = None,
                terms: list[dict[str, Any]] | None = None) -> str:
    """The report as Markdown (same content and rules as :func:`report_docx`)."""
    counts = summary_counts(issues)
    lines = [f"# {REPORT_TITLE}", "", f"- 合同名称：{title or '—'}", f"- 合同类型：{contract_type_label or '—'}",
             f"- 审查日期：{_date(now)}", "", "## 一、审查结论汇总", "",
             "| 风险等级 | " + " | ".join(STATUS_LABELS[s] for s in STATUS_ORDER) + " | 有效问题合计 |",
             "|---" * (len(STATUS_ORDER) + 2) + "|"]
    for severity in ("high", "medium", "low", None):
        values = [counts[(severity, status)] for status in STATUS_ORDER]
        label = severity_label(severity) if severity else "合计"
        total = sum(values) - counts[(severity, "rejected")]
        lines.append(f"| {label} | " + " | ".join(map(str, values)) + f" | {total} |")
    lines += ["", "注：已驳回的问题不计入有效问题，亦不在下文列出。", "", "## 二、问题明细", ""]
    groups = issues_by_section(sections, issues)
    if not groups:
        lines += ["未发现需要提示的问题。", ""]
    for group_title, group in groups:
        lines += [f"### {group_title}", ""]
        for number, issue in enumerate(group, start=1):
            lines.append(f"{number}. **【{severity_label(issue.severity)}】{_md(issue.category)}**"
                         f"（{STATUS_LABELS.get(issue.status, issue.status)}）")
            if issue.quote:
                lines.append(f"   - 原文：{_md_quote(issue.quote)}")
            lines.append(f"   - 问题：{_md(issue.description)}")
            if issue.suggestion:
                lines.append(f"   - 建议：{_md(issue.suggestion)}")
            if issue.basis:
                lines.append(f"   - 依据：{'；'.join(_md(b) for b in issue.basis)}")
        lines.append("")
    if terms:
        lines += [f"## {TERMS_HEADING}", "", "| 要素 | 合同约定 | 条款 |", "|---|---|---|"]
        lines += [f"| {item['label']} | {_md(item['text'])} | {item.get('section_number') or '—'} |" for item in terms]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def summary_counts(issues: list[ExportIssue]) -> Counter:
    """``(severity, status)`` → count, with ``severity`` ``None`` for the totals row."""
    counts: Counter = Counter()
    for issue in issues:
        counts[(issue.severity, issue.status)] += 1
        counts[(None, issue.status)] += 1
    return counts


def issues_by_section(sections: list[ExportSection], issues: list[ExportIssue]
                      ) -> list[tuple[str, list[ExportIssue]]]:
    """Listed issues grouped under their section's heading, in contract order; within a section
    by position then severity; missing clauses last."""
    by_order = {s.order: s for s in sections}
    grouped: dict[int | None, list[ExportIssue]] = {}
    for issue in visible_issues(issues):
        key = issue.section_order if issue.section_order in by_order else None
        grouped.setdefault(key, []).append(issue)
    out: list[tuple[str, list[ExportIssue]]] = []
    for order in sorted(k for k in grouped if k is not None):
        section = by_order[order]
        group = sorted(grouped[order], key=lambda i: (i.start, SEVERITY_ORDER.get(i.severity, 9), i.id))
        out.append((section_heading(section, group[0]), group))
    if None in grouped:
        group = sorted(grouped[None], key=lambda i: (SEVERITY_ORDER.get(i.severity, 9), i.id))
        out.append((MISSING_HEADING, group))
    return out


def section_heading(section: ExportSection, issue: ExportIssue | None = None) -> str:
    number = (section.number or (issue.section_number if issue else "") or "").strip()
    title = (section.title or "").strip()
    text = " ".join(part for part in (number, title) if part)
    if not text:
        first_line = section.text.strip().split("\n", 1)[0]
        text = first_line[:30] + ("…" if len(first_line) > 30 else "")
    return xml_safe(text or f"第{section.order + 1}部分")


def _issue_block(document, number: int, issue: ExportIssue) -> None:
    paragraph = document.add_paragraph()
    paragraph.paragraph_format.space_before = Pt(6)
    set_run_font(paragraph.add_run(f"{number}. 【{severity_label(issue.severity)}】{xml_safe(issue.category)}"),
                 size=BODY_SIZE, bold=True)
    set_run_font(paragraph.add_run(f"（{STATUS_LABELS.get(issue.status, issue.status)}）"), size=BODY_SIZE)
    rows = []
    if issue.quote:
        rows.append(("原文", f"“{issue.quote}”"))
    rows.append(("问题", issue.description))
    if issue.suggestion:
        rows.append(("建议", issue.suggestion))
    if issue.basis:
        rows.append(("依据", "；".join(issue.basis)))
    for label, value in rows:
        line = document.add_paragraph()
        line.paragraph_format.first_line_indent = Pt(24)
        set_run_font(line.add_run(f"{label}："), size=BODY_SIZE, bold=True)
        set_run_font(line.add_run(xml_safe(value)), size=BODY_SIZE)


def _heading(document, text: str, size=HEADING_SIZE) -> None:
    paragraph = document.add_paragraph()
    paragraph.paragraph_format.space_before = Pt(12)
    paragraph.paragraph_format.space_after = Pt(6)
    paragraph.paragraph_format.keep_with_next = True
    set_run_font(paragraph.add_run(text), size=size, bold=True, east_asia=HEADING_FONT)


def _cell(cell, text: str, *, bold: bool = False) -> None:
    paragraph = cell.paragraphs[0]
    paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
    set_run_font(paragraph.add_run(text), size=SMALL_SIZE, bold=bold)


def _date(now: datetime | None) -> str:
    moment = now.astimezone(SHANGHAI) if now is not None and now.tzinfo else (now or datetime.now(SHANGHAI))
    return f"{moment.year}年{moment.month}月{moment.day}日"


def _md(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split("\n")).strip()


def _md_quote(text: str) -> str:
    return "“" + _md(text) + "”"

