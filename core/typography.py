"""Chinese document typography for the .docx files LegalSite writes.

A4 with the margins of GB/T 9704 (top 37 mm, bottom 35 mm, left 28 mm, right 26 mm); the title
宋体 二号 (22 pt) bold; headings 黑体 四号 (14 pt); body text 宋体 小四 (12 pt) throughout.
python-docx's ``font.name`` sets only the Latin fonts (``w:ascii``/``w:hAnsi``): Chinese text
takes the ``w:eastAsia`` font of ``w:rFonts``, set here explicitly on the styles and on every run.
"""

from __future__ import annotations

import re

import docx
from docx.document import Document as DocxDocument
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Mm, Pt
from docx.text.run import Run

TITLE_SIZE = Pt(22)    # 二号
HEADING_SIZE = Pt(14)  # 四号
BODY_SIZE = Pt(12)     # 小四
SMALL_SIZE = Pt(10.5)  # 五号 (tables)
TITLE_FONT = "宋体"
HEADING_FONT = "黑体"
BODY_FONT = "宋体"
LATIN_FONT = "Times New Roman"

PAGE_WIDTH, PAGE_HEIGHT = Mm(210), Mm(297)
MARGIN_TOP, MARGIN_BOTTOM, MARGIN_LEFT, MARGIN_RIGHT = Mm(37), Mm(35), Mm(28), Mm(26)


def base_document() -> DocxDocument:
    """An empty A4 document with GB/T 9704 margins and 宋体 小四 as the body font."""
    document = docx.Document()
    for section in document.sections:
        section.page_width, section.page_height = PAGE_WIDTH, PAGE_HEIGHT
        section.top_margin, section.bottom_margin = MARGIN_TOP, MARGIN_BOTTOM
        section.left_margin, section.right_margin = MARGIN_LEFT, MARGIN_RIGHT
    normal = document.styles["Normal"]
    normal.font.size = BODY_SIZE
    _set_fonts(normal.element.get_or_add_rPr(), BODY_FONT)
    normal.paragraph_format.line_spacing = 1.25
    normal.paragraph_format.space_after = Pt(0)
    for name in ("Table Grid",):
        if name in [s.name for s in document.styles]:
            _set_fonts(document.styles[name].element.get_or_add_rPr(), BODY_FONT)
    return document


def set_run_font(run: Run, *, size: Pt | None = None, bold: bool | None = None, east_asia: str = BODY_FONT) -> Run:
    """Font of one run: ``east_asia`` for Chinese, Times New Roman for Latin text."""
    if size is not None:
        run.font.size = size
    if bold is not None:
        run.font.bold = bold
    _set_fonts(run._r.get_or_add_rPr(), east_asia)
    return run


def _set_fonts(rpr, east_asia: str) -> None:
    fonts = rpr.find(qn("w:rFonts"))
    if fonts is None:
        fonts = OxmlElement("w:rFonts")
        style = rpr.find(qn("w:rStyle"))
        rpr.insert(0 if style is None else list(rpr).index(style) + 1, fonts)
    fonts.set(qn("w:ascii"), LATIN_FONT)
    fonts.set(qn("w:hAnsi"), LATIN_FONT)
    fonts.set(qn("w:eastAsia"), east_asia)


# Characters XML 1.0 cannot carry (a PDF's text layer sometimes holds them).
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def xml_safe(text: str) -> str:
    """``text`` with characters XML cannot hold replaced by a space (lengths, so offsets, kept)."""
    return _XML_INVALID.sub(" ", text)
