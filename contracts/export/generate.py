"""A .docx of a contract that was not uploaded as .docx (.txt, .md, .pdf): built from its sections
so the same comments and tracked changes can be written on it."""

from __future__ import annotations

from docx.document import Document as DocxDocument
from docx.enum.text import WD_ALIGN_PARAGRAPH
from lxml.etree import _Element

from contracts.export.common import xml_safe
from contracts.export.typography import BODY_SIZE, TITLE_SIZE, base_document, set_run_font
from contracts.types import ExportSection

#: ``(w:p, skip)``: a paragraph of a section and how many leading characters of its text are a
#: number prefix written by the generator (not part of the section's text).
SectionParagraphs = dict[int, list[tuple[_Element, int]]]


def generated_contract(*, title: str, sections: list[ExportSection]
                       ) -> tuple[DocxDocument, SectionParagraphs, _Element]:
    """The title, then each section line by line (one paragraph per line; the section's number
    first, in bold, when its text does not already start with it; chapters centred). Returns the
    document, each section's paragraphs by ``order`` and the title paragraph."""
    document = base_document()
    heading = document.add_paragraph()
    heading.alignment = WD_ALIGN_PARAGRAPH.CENTER
    set_run_font(heading.add_run(_plain(title) or "合同"), size=TITLE_SIZE, bold=True)
    section_paras: SectionParagraphs = {}
    for section in sorted(sections, key=lambda s: s.order):
        number = _plain(section.number or "").strip()
        paras: list[tuple[_Element, int]] = []
        for index, line in enumerate(_plain(section.text).split("\n")):
            paragraph = document.add_paragraph()
            if section.kind == "chapter":
                paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
            skip = 0
            if index == 0 and number and not line.lstrip().startswith(number):
                prefix = f"{number} "
                set_run_font(paragraph.add_run(prefix), size=BODY_SIZE, bold=True)
                skip = len(prefix)
            if line:
                set_run_font(paragraph.add_run(line), size=BODY_SIZE, bold=section.kind == "chapter")
            paras.append((paragraph._p, skip))
        section_paras[section.order] = paras
    return document, section_paras, heading._p


def _plain(text: str) -> str:
    # python-docx turns "\r" into a line break (read back as a space): write the space itself.
    return xml_safe(text).replace("\r", " ")
