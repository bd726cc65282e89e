"""Chinese court-document typography, written into Word files with python-docx.

- page: A4, margins per GB/T 9704 (top 37 mm, bottom 35 mm, left 28 mm, right 26 mm);
- title: 宋体 二号 (22 pt), bold, centred;
- body: 仿宋 三号 (16 pt), fixed line spacing 28 pt, first line indented two characters.

python-docx's ``font.name`` sets only the Latin fonts (``w:ascii``/``w:hAnsi``); Chinese text
uses ``w:eastAsia``, which :func:`set_fonts` writes as well. :func:`build` turns a list of blocks
(the shipped templates' bodies, ``drafting.catalog``) into a document whose paragraphs hold the
docxtpl tags (``{%p for … %}`` paragraphs, ``{%tr … %}`` table rows).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from docx import Document
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_LINE_SPACING
from docx.oxml.ns import qn
from docx.shared import Mm, Pt

TITLE_FONT: Final = "宋体"
BODY_FONT: Final = "仿宋"
LATIN_FONT: Final = "Times New Roman"
TITLE_SIZE: Final = Pt(22)   # 二号
BODY_SIZE: Final = Pt(16)    # 三号
TABLE_SIZE: Final = Pt(12)   # 小四, inside 要素式 tables
LINE: Final = Pt(28)
#: The 要素式 table's columns (label, content): the text width of an A4 page with GB/T 9704 margins.
COLUMNS: Final = (Mm(40), Mm(116))
MARGINS: Final = {"top": Mm(37), "bottom": Mm(35), "left": Mm(28), "right": Mm(26)}


def set_fonts(target: Any, east_asia: str, *, latin: str = LATIN_FONT) -> None:
    """Set a run's or a style's fonts, the East-Asian one included (``w:rFonts w:eastAsia``)."""
    target.font.name = latin
    rpr = target.element.get_or_add_rPr()
    fonts = rpr.find(qn("w:rFonts"))
    if fonts is None:
        fonts = rpr.makeelement(qn("w:rFonts"), {})
        rpr.insert(0, fonts)
    for attribute in ("w:ascii", "w:hAnsi", "w:cs"):
        fonts.set(qn(attribute), latin)
    fonts.set(qn("w:eastAsia"), east_asia)


def new_document() -> Any:
    document = Document()
    for section in document.sections:
        section.page_height, section.page_width = Mm(297), Mm(210)
        section.top_margin = MARGINS["top"]
        section.bottom_margin = MARGINS["bottom"]
        section.left_margin = MARGINS["left"]
        section.right_margin = MARGINS["right"]
    normal = document.styles["Normal"]
    set_fonts(normal, BODY_FONT)
    normal.font.size = BODY_SIZE
    normal.paragraph_format.line_spacing_rule = WD_LINE_SPACING.EXACTLY
    normal.paragraph_format.line_spacing = LINE
    normal.paragraph_format.space_before = Pt(0)
    normal.paragraph_format.space_after = Pt(0)
    return document


def _run(paragraph: Any, text: str, *, font: str = BODY_FONT, size: Any = BODY_SIZE, bold: bool = False) -> Any:
    run = paragraph.add_run(text)
    set_fonts(run, font)
    run.font.size = size
    run.font.bold = bold
    return run


def _paragraph(container: Any, text: str, *, align: str = "indent", bold: bool = False, size: Any = BODY_SIZE,
               font: str = BODY_FONT) -> Any:
    paragraph = container.add_paragraph()
    fmt = paragraph.paragraph_format
    if align == "indent":
        fmt.first_line_indent = Pt(size.pt * 2)
    elif align == "center":
        paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
    elif align == "right":
        paragraph.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    elif align == "justify":
        paragraph.alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
    if text:
        _run(paragraph, text, font=font, size=size, bold=bold)
    return paragraph


def _tag(container: Any, tag: str) -> None:
    """A paragraph holding only a docxtpl paragraph tag (removed when rendered)."""
    paragraph = container.add_paragraph()
    paragraph.add_run(tag)


def add_blocks(container: Any, blocks: Sequence[tuple], *, size: Any = BODY_SIZE) -> None:
    """Append blocks to a document or a table cell. A block is a tuple:
    ``("title", text)``, ``("p", text)`` (indented body), ``("h", text)`` (bold, not indented),
    ``("left", text)``, ``("right", text)``, ``("center", text)``, ``("blank",)``,
    ``("for", "x in xs", blocks)``, ``("if", "condition", blocks)``, ``("table", rows)``."""
    for block in blocks:
        kind = block[0]
        if kind == "title":
            paragraph = _paragraph(container, block[1], align="center", bold=True, size=TITLE_SIZE, font=TITLE_FONT)
            paragraph.paragraph_format.line_spacing = Pt(36)
            paragraph.paragraph_format.space_after = Pt(12)
        elif kind == "p":
            _paragraph(container, block[1], size=size)
        elif kind == "h":
            _paragraph(container, block[1], align="left", bold=True, size=size)
        elif kind in ("left", "right", "center"):
            _paragraph(container, block[1], align=kind, size=size)
        elif kind == "blank":
            _paragraph(container, "", align="left", size=size)
        elif kind == "for":
            _tag(container, "{%p for " + block[1] + " %}")
            add_blocks(container, block[2], size=size)
            _tag(container, "{%p endfor %}")
        elif kind == "if":
            _tag(container, "{%p if " + block[1] + " %}")
            add_blocks(container, block[2], size=size)
            _tag(container, "{%p endif %}")
        elif kind == "table":
            add_table(container, block[1])
        else:
            raise ValueError(f"unknown block {kind!r}")


def _cell(cell: Any, content: Any, *, bold: bool = False) -> None:
    first = cell.paragraphs[0]
    if isinstance(content, str):
        _run(first, content, size=TABLE_SIZE, bold=bold)
        return
    # blocks: fill the cell, and move python-docx's empty first paragraph to the end, so a cell
    # whose loop renders nothing still holds the paragraph Word requires
    add_blocks(cell, content, size=TABLE_SIZE)
    element = first._element
    parent = element.getparent()
    parent.remove(element)
    parent.append(element)


def add_table(document: Any, rows: Sequence[tuple]) -> None:
    """A two-column 要素式 table: ``(label, content)`` rows, ``("section", text)`` full-width
    headings, ``("tr_for", "x in xs", rows)`` repeated rows."""
    table = document.add_table(rows=0, cols=2)
    table.style = "Table Grid"
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    table.autofit = False
    for column, width in zip(table.columns, COLUMNS, strict=True):
        column.width = width

    def fill(spec_rows: Sequence[tuple]) -> None:
        for row in spec_rows:
            if row[0] == "tr_for":
                _tag_row("{%tr for " + row[1] + " %}")
                fill(row[2])
                _tag_row("{%tr endfor %}")
                continue
            cells = table.add_row().cells
            cells[0].width, cells[1].width = COLUMNS
            if row[0] == "section":
                merged = cells[0].merge(cells[1])
                _cell(merged, row[1], bold=True)
                continue
            _cell(cells[0], row[0], bold=True)
            _cell(cells[1], row[1])

    def _tag_row(tag: str) -> None:
        cells = table.add_row().cells
        cells[0].paragraphs[0].add_run(tag)

    fill(rows)
    document.add_paragraph()


def build(blocks: Sequence[tuple]) -> Any:
    """A new document with the typography above and ``blocks`` as its body."""
    document = new_document()
    # python-docx starts with one empty paragraph in some templates; the body begins with ours
    add_blocks(document, blocks)
    return document
