"""The review report (.docx and Markdown) and the JSON export."""

from __future__ import annotations

import io
import json
import re
from datetime import datetime

import docx
from docx.oxml.ns import qn
from docx.shared import Pt

from contracts.export import report_docx, to_json, to_markdown
from contracts.export.common import SHANGHAI
from contracts.export.libreoffice import docx_to_pdf, pdf_text
from contracts.types import ExportIssue, ExportSection

NOW = datetime(2026, 11, 24, 18, 5, tzinfo=SHANGHAI)
SECTIONS = [
    ExportSection(order=0, number="", title="", text="甲方：某某科技有限公司\n乙方：张三", para_start=0, para_end=1,
                  kind="preamble"),
    ExportSection(order=1, number="第三条", title="违约责任",
                  text="乙方逾期交付的，每日按合同总价款的百分之五支付违约金。", para_start=2, para_end=2),
    ExportSection(order=2, number="第五条", title="定金", text="甲方应于签约后三日内支付定金人民币叁拾万元。",
                  para_start=3, para_end=3),
]


def _issue(id: int, section_order: int | None, quote: str, severity: str, status: str, **extra) -> ExportIssue:
    section = next((s for s in SECTIONS if s.order == section_order), None)
    start = section.text.find(quote) if section else 0
    values = dict(id=id, section_order=section_order, section_number=section.number if section else "",
                  quote=quote, start=start, end=start + len(quote), category="违约责任", severity=severity,
                  description=f"说明{id}", suggestion=f"建议{id}", status=status,
                  basis=["《中华人民共和国民法典》第五百八十五条 ✓", "《合同法》第一百一十四条 ✗"])
    values.update(extra)
    return ExportIssue(**values)


ISSUES = [
    _issue(1, 1, "每日按合同总价款的百分之五支付违约金", "high", "confirmed", category="违约金过高"),
    _issue(2, 2, "定金人民币叁拾万元", "high", "open", category="定金超限"),
    _issue(3, 2, "三日内", "low", "rejected", description="被驳回的说明"),
    _issue(4, None, "", "medium", "open", category="争议解决", description="未约定争议解决方式"),
    _issue(5, 1, "乙方逾期交付", "medium", "resolved"),
]


def _report() -> docx.document.Document:
    return docx.Document(io.BytesIO(report_docx(title="设备采购合同", contract_type_label="买卖合同",
                                                sections=SECTIONS, issues=ISSUES, now=NOW)))


def test_report_lists_issues_by_section_and_leaves_rejected_ones_out():
    document = _report()
    lines = [p.text for p in document.paragraphs]
    assert lines[0] == "合同审查报告"
    assert "合同名称：设备采购合同" in lines and "合同类型：买卖合同" in lines and "审查日期：2026年11月24日" in lines
    body = "\n".join(lines)
    # section headings in contract order, missing clauses last
    assert body.index("第三条 违约责任") < body.index("第五条 定金") < body.index("合同未约定的条款")
    assert "原文：“每日按合同总价款的百分之五支付违约金”" in body
    assert "2. 【高风险】违约金过高（已确认）" in body
    assert "依据：《中华人民共和国民法典》第五百八十五条 ✓；《合同法》第一百一十四条 ✗" in body
    assert "建议：建议2" in body
    assert "被驳回的说明" not in body and "原文：“三日内”" not in body
    # summary table: rows 高/中/低/合计, columns by status, then the total of issues not rejected
    table = document.tables[0]
    rows = [[cell.text for cell in row.cells] for row in table.rows]
    assert rows[0] == ["风险等级", "待处理", "已确认", "已解决", "已驳回", "有效问题合计"]
    assert rows[1] == ["高风险", "1", "1", "0", "0", "2"]
    assert rows[2] == ["中风险", "1", "0", "1", "0", "2"]
    assert rows[3] == ["低风险", "0", "0", "0", "1", "0"]
    assert rows[4] == ["合计", "2", "1", "1", "1", "4"]


def test_report_typography_a4_margins_and_east_asian_fonts():
    document = _report()
    section = document.sections[0]
    sizes = [section.page_width, section.page_height, section.top_margin, section.bottom_margin,
             section.left_margin, section.right_margin]
    assert [round(size.mm, 1) for size in sizes] == [210, 297, 37, 35, 28, 26]
    normal = document.styles["Normal"].element.rPr.find(qn("w:rFonts"))
    assert normal.get(qn("w:eastAsia")) == "宋体"
    runs = [run for p in document.paragraphs for run in p.runs]
    runs += [run for t in document.tables for row in t.rows for c in row.cells for p in c.paragraphs for run in p.runs]
    assert runs and all(run._r.rPr.find(qn("w:rFonts")).get(qn("w:eastAsia")) for run in runs)
    title = document.paragraphs[0].runs[0]
    assert title.font.size == Pt(22) and title.font.bold
    assert title._r.rPr.find(qn("w:rFonts")).get(qn("w:eastAsia")) == "宋体"
    body_sizes = {run.font.size for p in document.paragraphs[1:] for run in p.runs if run.text.startswith("原文")}
    assert body_sizes == {Pt(12)}
    text = re.sub(r"\s+", "", pdf_text(docx_to_pdf(report_docx(title="设备采购合同", contract_type_label="买卖合同",
                                                                sections=SECTIONS, issues=ISSUES, now=NOW))))
    assert "合同审查报告" in text and "违约金过高" in text


def test_report_of_a_contract_without_issues():
    document = docx.Document(io.BytesIO(report_docx(title="t", contract_type_label="其他", sections=SECTIONS,
                                                    issues=[], now=NOW)))
    assert "未发现需要提示的问题。" in [p.text for p in document.paragraphs]


def test_markdown_has_the_same_content():
    text = to_markdown(title="设备采购合同", contract_type_label="买卖合同", sections=SECTIONS, issues=ISSUES, now=NOW)
    assert text.startswith("# 合同审查报告\n")
    assert "- 审查日期：2026年11月24日" in text
    assert "| 高风险 | 1 | 1 | 0 | 0 | 2 |" in text
    assert "| 合计 | 2 | 1 | 1 | 1 | 4 |" in text
    assert text.index("### 第三条 违约责任") < text.index("### 第五条 定金") < text.index("### 合同未约定的条款")
    assert "2. **【高风险】违约金过高**（已确认）" in text
    assert "   - 原文：“定金人民币叁拾万元”" in text
    assert "   - 依据：《中华人民共和国民法典》第五百八十五条 ✓；《合同法》第一百一十四条 ✗" in text
    assert "被驳回的说明" not in text


def test_json_follows_the_api_shapes_and_keeps_every_issue():
    contract = {"id": 7, "title": "设备采购合同", "status": "reviewed", "contract_type": "sale"}
    sections = [{"id": 10 + s.order, "order": s.order, "kind": s.kind, "number": s.number, "title": s.title,
                 "text": s.text, "parent": None, "para_start": s.para_start} for s in SECTIONS]
    issues = [{"id": i.id, "section": None if i.section_order is None else 10 + i.section_order,
               "section_number": i.section_number, "quote": i.quote, "category": i.category, "severity": i.severity,
               "description": i.description, "suggestion": i.suggestion,
               "basis": [{"law": "中华人民共和国民法典", "article": 585, "valid": True, "reason": ""}],
               "status": i.status, "author": "agent", "version": 3} for i in ISSUES]

    out = to_json(contract=contract, sections=sections, issues=issues, now=NOW)

    assert json.loads(json.dumps(out, ensure_ascii=False)) == out
    assert out["exported_at"] == "2026-11-24T18:05:00+08:00"
    assert out["contract"] == contract
    assert list(out["sections"][0]) == ["id", "order", "kind", "number", "title", "text", "parent"]
    assert list(out["issues"][0]) == ["id", "section", "section_number", "quote", "category", "severity",
                                      "description", "suggestion", "basis", "status", "author", "author_name"]
    assert out["issues"][0]["basis"] == [{"law": "中华人民共和国民法典", "article": 585, "valid": True}]
    assert [i["status"] for i in out["issues"]] == ["confirmed", "open", "rejected", "open", "resolved"]
    assert out["issues"][3]["section"] is None
    assert out["summary"] == {"total": 5, "by_severity": {"high": 2, "medium": 2, "low": 1},
                              "by_status": {"open": 2, "confirmed": 1, "resolved": 1, "rejected": 1}}
