"""Building .docx fixtures for the ingest tests (python-docx, Word automatic numbering), and the
invariants every split must keep."""

from __future__ import annotations

import io
import json
from pathlib import Path

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
