"""Building .docx fixtures for the ingest tests (python-docx, Word automatic numbering), and the
invariants every split must keep."""

from __future__ import annotations

import io
import json
from pathlib import Path
from xml.sax.saxutils import escape

import docx
from docx.oxml import parse_xml
from docx.oxml.ns import qn

from contracts.types import SplitResult

DATA = Path(__file__).resolve().parent.parent / "data" / "contracts"
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def gold() -> dict:
    return {k: v for k, v in json.loads((DATA / "gold.json").read_text(encoding="utf-8")).items()
            if not k.startswith("_")}


def add_numbering(document, num_id: int, levels: list[tuple[str, str]], start: int = 1) -> None:
    """A list definition: ``levels`` = [(numFmt, lvlText), …] for ilvl 0, 1, …"""
    root = document.part.numbering_part.element
    lvls = "".join(
        f'<w:lvl w:ilvl="{i}"><w:start w:val="{start}"/><w:numFmt w:val="{fmt}"/>'
        f'<w:lvlText w:val="{text}"/></w:lvl>' for i, (fmt, text) in enumerate(levels))
    abstract = parse_xml(f'<w:abstractNum xmlns:w="{W}" w:abstractNumId="{100 + num_id}">{lvls}</w:abstractNum>')
    existing = root.findall(qn("w:abstractNum"))
    if existing:
        existing[-1].addnext(abstract)
    else:
        root.insert(0, abstract)
    root.append(parse_xml(f'<w:num xmlns:w="{W}" w:numId="{num_id}"><w:abstractNumId w:val="{100 + num_id}"/></w:num>'))


def numbered(document, text: str, num_id: int, ilvl: int = 0, style: str | None = None):
    p = document.add_paragraph(text, style=style)
    ppr = p._p.get_or_add_pPr()
    ppr.append(parse_xml(f'<w:numPr xmlns:w="{W}"><w:ilvl w:val="{ilvl}"/><w:numId w:val="{num_id}"/></w:numPr>'))
    return p


def docx_bytes(document) -> bytes:
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


def new_document():
    return docx.Document()


def check_invariants(result: SplitResult, paragraphs) -> None:
    """Sections cover every paragraph once, in order; each text is its paragraphs joined."""
    texts = {p.index: p.text for p in paragraphs}
    indices = [p.index for p in paragraphs]
    expected_start = indices[0]
    orders = set()
    for section in result.sections:
        assert section.para_start == expected_start, (section.order, section.para_start, expected_start)
        assert section.para_end >= section.para_start
        span = [i for i in indices if section.para_start <= i <= section.para_end]
        assert section.text == "\n".join(texts[i] for i in span)
        if section.parent is not None:
            assert section.parent in orders
        orders.add(section.order)
        expected_start = section.para_end + 1
    assert result.sections[-1].para_end == indices[-1]


def clause_numbers(result: SplitResult) -> list[str]:
    return [s.number for s in result.sections if s.kind == "clause"]


def long_contract(pages: int, clauses_per_page: int = 3, items_per_clause: int = 9) -> bytes:
    """A contract of about ``pages`` pages (30 paragraphs a page): a party block, then 第N条
    clauses with （k） items, built as XML directly (python-docx's add_paragraph is slow at this size)."""
    def para(text: str) -> str:
        return f"<w:p><w:r><w:t xml:space=\"preserve\">{escape(text)}</w:t></w:r></w:p>"

    parts = [para("长期服务合同"), para("甲方：甲公司"), para("乙方：乙公司"), para("双方经协商一致，订立本合同。")]
    number = 0
    for _ in range(pages):
        for _ in range(clauses_per_page):
            number += 1
            parts.append(para(f"第{number}条 服务事项{number}"))
            for k in range(items_per_clause):
                parts.append(para(f"（{k + 1}）乙方应当按照本合同约定提供第{number}项服务，"
                                  "并保证服务质量符合约定标准和国家规定。"))
    parts.append(para("甲方（盖章）：          乙方（盖章）："))
    document = new_document()
    body = document.element.body
    fragment = parse_xml(f'<w:body xmlns:w="{W}">{"".join(parts)}</w:body>')
    sect = body[-1]
    for child in list(fragment):
        sect.addprevious(child)
    return docx_bytes(document)
