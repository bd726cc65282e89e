"""The research task's Word report: the same typography as the contract review report
(:mod:`core.typography`), the answer's Markdown as Word structure (:mod:`core.wordmd`)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from docx.enum.table import WD_TABLE_ALIGNMENT

from core.typography import SMALL_SIZE, set_run_font, xml_safe
from core.wordmd import add_heading, add_markdown, add_title, styled_document
from research.constants import TOOL_TYPE_LABELS
from research.models import ResearchTask
from research.presenters import step_input_text

SHANGHAI = ZoneInfo("Asia/Shanghai")
STEP_STATUS = {"done": "完成", "failed": "失败", "pending": "未执行", "running": "执行中", "skipped": "跳过"}


def _cell(cell: Any, text: str, *, bold: bool = False) -> None:
    set_run_font(cell.paragraphs[0].add_run(xml_safe(text)), size=SMALL_SIZE, bold=bold)


def task_report_docx(task: ResearchTask, steps: Sequence[dict[str, Any]], *, now: datetime | None = None) -> bytes:
    document = styled_document()
    add_title(document, "法律研究报告")
    moment = (now or datetime.now(SHANGHAI)).astimezone(SHANGHAI)
    rows = [("研究问题", task.question), ("状态", task.get_status_display()),
            ("案件", f"{task.matter.number} {task.matter.title}" if task.matter else "—"),
            ("报告日期", f"{moment.year}年{moment.month}月{moment.day}日")]
    for label, value in rows:
        paragraph = document.add_paragraph()
        paragraph.add_run(f"{label}：").bold = True
        paragraph.add_run(xml_safe(value))

    add_heading(document, "一、结论与分析", 1)
    add_markdown(document, task.answer or "（尚无答案）", heading_offset=1)
    if task.confidence is not None:
        document.add_paragraph(f"置信度：{task.confidence:.2f}")

    add_heading(document, "二、研究步骤", 1)
    table = document.add_table(rows=1, cols=5)
    table.style = "Table Grid"
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    for cell, text in zip(table.rows[0].cells, ("序号", "步骤", "工具与输入", "结果", "核验"), strict=True):
        _cell(cell, text, bold=True)
    for index, step in enumerate(steps, start=1):
        tool = TOOL_TYPE_LABELS.get(step.get("tool_type", ""), step.get("tool_type", ""))
        given = step_input_text(step.get("input"))
        status = STEP_STATUS.get(step.get("status", ""), step.get("status", ""))
        cells = table.add_row().cells
        for cell, text in zip(cells, (str(index), step.get("description", ""), f"{tool}{'：' + given if given else ''}",
                                      step.get("result_summary", "") or status,
                                      "✓" if step.get("verified") else "✗"), strict=True):
            _cell(cell, text)

    add_heading(document, "三、引用核验", 1)
    if task.citations:
        for citation in task.citations:
            mark = "✓" if citation.get("valid") else "✗"
            document.add_paragraph(f"{mark} 《{citation.get('law', '')}》{citation.get('article', '')}",
                                   style="List Bullet")
    else:
        document.add_paragraph("答案中没有法条引用。")
    add_heading(document, "四、来源", 1)
    for source in task.sources or []:
        if source.get("kind") == "article":
            text = f"《{source.get('law', '')}》{source.get('article_label', '')}"
        else:
            text = str(source.get("title") or source.get("name") or source.get("id", ""))
        document.add_paragraph(xml_safe(text), style="List Bullet")
    document.add_paragraph("本报告由 LegalSite 生成，供律师参考，不构成正式法律意见。", style="Quote")
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()
