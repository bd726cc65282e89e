"""Reading back what the exporters wrote, independently of how they wrote it: sections built from a
.docx's own paragraph walk, deterministic issues on them, the text each comment is anchored on,
and each paragraph's text with the tracked changes rejected or accepted. Used by the export tests
and by ``bench/contracts_export.py``."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import docx
from docx.oxml.ns import qn

from contracts.types import ExportIssue, ExportSection
from core.docx_walk import iter_paragraphs, paragraph_text

ROOT = Path(__file__).resolve().parents[2]
CONTRACTS = ROOT / "tests" / "data" / "contracts"
DOCX_FILES = sorted(CONTRACTS.glob("*.docx"))
TXT_FILES = sorted(CONTRACTS.glob("*.txt"))
WORD_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$")

_T, _DT, _TAB, _BR, _CR = qn("w:t"), qn("w:delText"), qn("w:tab"), qn("w:br"), qn("w:cr")
_P, _R, _INS, _DEL = qn("w:p"), qn("w:r"), qn("w:ins"), qn("w:del")
_START, _END = qn("w:commentRangeStart"), qn("w:commentRangeEnd")


def dev_docx(name: str) -> bytes:
    path = CONTRACTS / name
    if not path.is_file():
        raise FileNotFoundError(f"dev contract missing: {path}")
    return path.read_bytes()


def docx_paragraph_texts(data: bytes) -> list[str]:
    document = docx.Document(io.BytesIO(data))
    return [paragraph_text(p) for p, _ in iter_paragraphs(document.element.body)]


def sections_by_blocks(texts: list[str], size: int = 3) -> list[ExportSection]:
    """Sections of ``size`` consecutive paragraphs each (text = "\\n".join, as the splitter makes)."""
    sections = []
    for order, start in enumerate(range(0, len(texts), size)):
        end = min(start + size, len(texts)) - 1
        sections.append(ExportSection(order=order, number=f"第{order + 1}部分", title="",
                                      text="\n".join(texts[start:end + 1]), para_start=start, para_end=end))
    return sections


def sections_by_lines(text: str, size: int = 4) -> list[ExportSection]:
    """Sections of a plain-text contract: ``size`` lines each."""
    lines = text.split("\n")
    return [ExportSection(order=order, number="", title="", text="\n".join(lines[start:start + size]),
                          para_start=start, para_end=min(start + size, len(lines)) - 1)
            for order, start in enumerate(range(0, len(lines), size))]


def make_issues(sections: list[ExportSection], count: int, *, seed: int = 12) -> list[ExportIssue]:
    """``count`` issues on distinct sections with text, each quoting 2–12 characters of one line
    (alternately with a suggested rewrite), spread over the document."""
    rng = random.Random(seed)
    candidates = [s for s in sections if any(len(line.strip()) >= 6 for line in s.text.split("\n"))]
    chosen = sorted(rng.sample(candidates, min(count, len(candidates))), key=lambda s: s.order)
    issues = []
    for number, section in enumerate(chosen, start=1):
        lines = section.text.split("\n")
        index = rng.choice([i for i, line in enumerate(lines) if len(line.strip()) >= 6])
        line = lines[index]
        offset = sum(len(x) + 1 for x in lines[:index])
        length = rng.randint(2, min(12, len(line)))
        at = rng.randint(0, len(line) - length)
        start, end = offset + at, offset + at + length
        issues.append(ExportIssue(
            id=number, section_order=section.order, section_number=section.number,
            quote=section.text[start:end], start=start, end=end, category="违约责任",
            severity=("high", "medium", "low")[number % 3], description=f"〔问题{number}〕的说明",
            suggestion=f"修改后的第{number}处文字" if number % 2 else "", status="open",
            basis=["《中华人民共和国民法典》第五百八十五条 ✓"]))
    return issues


def comment_anchors(data: bytes) -> dict[int, str]:
    """Comment id → the text between its range markers (deleted text included, inserted text
    excluded, paragraphs joined by "\\n")."""
    document = docx.Document(io.BytesIO(data))
    body = document.element.body
    open_ids: dict[int, list[str]] = {}
    done: dict[int, str] = {}
    for el in body.iter():
        if el.tag == _START:
            open_ids[int(el.get(qn("w:id")))] = []
        elif el.tag == _END:
            cid = int(el.get(qn("w:id")))
            done[cid] = "".join(open_ids.pop(cid, []))
        elif el.tag == _P:
            for parts in open_ids.values():
                if parts:
                    parts.append("\n")
        elif el.tag in (_T, _DT, _TAB, _BR, _CR) and not _within(el, _INS):
            piece = _piece(el)
            for parts in open_ids.values():
                parts.append(piece)
    return done


def rejected_texts(data: bytes) -> list[str]:
    """Each paragraph's text with every tracked change rejected (deletions kept, insertions dropped)."""
    document = docx.Document(io.BytesIO(data))
    return [_view(p, skip=_INS) for p, _ in iter_paragraphs(document.element.body)]


def accepted_texts(data: bytes) -> list[str]:
    """Each paragraph's text with every tracked change accepted."""
    document = docx.Document(io.BytesIO(data))
    return [_view(p, skip=_DEL) for p, _ in iter_paragraphs(document.element.body)]


def revision_elements(data: bytes) -> list:
    document = docx.Document(io.BytesIO(data))
    return [el for el in document.element.body.iter(_INS, _DEL)]


def _view(p, *, skip: str) -> str:
    return "".join(_piece(el) for el in p.iter(_T, _DT, _TAB, _BR, _CR) if not _within(el, skip, stop=p))


def _piece(el) -> str:
    if el.tag in (_T, _DT):
        return el.text or ""
    if el.tag == _TAB:
        return "\t" if el.getparent() is not None and el.getparent().tag == _R else ""
    return "\n" if el.tag == _CR else " "


def _within(el, tag: str, stop=None) -> bool:
    parent = el.getparent()
    while parent is not None and parent is not stop:
        if parent.tag == tag:
            return True
        parent = parent.getparent()
    return False
