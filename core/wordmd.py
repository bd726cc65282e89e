"""Markdown → Word: answers and reports written in Markdown become real Word structure.

Headings become Word's 标题 styles (``Heading 1``–``Heading 3``), ``**bold**`` and ``*italic*`` become
run formatting, lists become ``List Bullet`` / ``List Number`` paragraphs, quotes the ``Quote`` style,
GFM tables Word tables, and ``《法》第X条`` citations stay plain text in the sentence. Nothing of the
Markdown syntax reaches the document. The typography is :mod:`core.typography`'s (宋体 小四 body,
黑体 headings, GB/T 9704 margins), set on the styles so a lawyer who edits the file keeps it.

The input is untrusted (model or offline-engine output): raw HTML is not interpreted (it stays text),
images keep only their alt text, links keep their text (and the address in brackets when it differs).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from docx.document import Document as DocxDocument
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.shared import Pt, RGBColor
from markdown_it import MarkdownIt
from markdown_it.token import Token

from core.typography import (
    BODY_FONT,
    BODY_SIZE,
    HEADING_FONT,
    HEADING_SIZE,
    SMALL_SIZE,
    TITLE_FONT,
    TITLE_SIZE,
    _set_fonts,
    base_document,
    set_run_font,
    xml_safe,
)

#: Word style per Markdown heading level (deeper levels share the last one).
HEADING_STYLES = ("Heading 1", "Heading 2", "Heading 3")
HEADING_SIZES = (Pt(16), HEADING_SIZE, Pt(12))
BLACK = RGBColor(0, 0, 0)


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"])


def styled_document() -> DocxDocument:
    """:func:`core.typography.base_document` with Word's title, heading, list and quote styles in the
    same typography (black, 黑体 headings, 宋体 body)."""
    document = base_document()
    styles = document.styles
    title = styles["Title"]
    title.font.size, title.font.bold, title.font.color.rgb = TITLE_SIZE, True, BLACK
    _set_fonts(title.element.get_or_add_rPr(), TITLE_FONT)
    for name, size in zip(HEADING_STYLES, HEADING_SIZES, strict=True):
        style = styles[name]
        style.font.size, style.font.bold, style.font.italic, style.font.color.rgb = size, True, False, BLACK
        _set_fonts(style.element.get_or_add_rPr(), HEADING_FONT)
        style.paragraph_format.space_before, style.paragraph_format.space_after = Pt(12), Pt(6)
    for name in ("List Bullet", "List Number", "Quote"):
        style = styles[name]
        style.font.size = BODY_SIZE
        _set_fonts(style.element.get_or_add_rPr(), BODY_FONT)
    styles["Quote"].font.color.rgb = RGBColor(0x44, 0x44, 0x44)
    return document


def add_title(document: DocxDocument, text: str) -> None:
    document.add_paragraph(xml_safe(text), style="Title")


def add_heading(document: DocxDocument, text: str, level: int = 1) -> None:
    document.add_paragraph(xml_safe(text), style=HEADING_STYLES[min(max(level, 1), len(HEADING_STYLES)) - 1])


def add_markdown(document: Any, text: str, *, heading_offset: int = 0) -> None:
    """Append ``text`` (Markdown) to ``document`` (or a table cell). The text's top heading level
    becomes Word's ``Heading 1`` plus ``heading_offset`` (an answer's ``###`` under the export's own
    heading for the answer becomes ``Heading 2`` with an offset of 1)."""
    tokens = _parser().parse(text or "")
    levels = [int(t.tag[1]) for t in tokens if t.type == "heading_open"]
    _Writer(document, heading_offset - (min(levels) - 1 if levels else 0)).write(tokens)


class _Writer:
    def __init__(self, container: Any, heading_offset: int) -> None:
        self.container = container
        self.offset = heading_offset
        self.lists: list[str] = []  # "bullet" | "ordered", innermost last
        self.quote = 0
        self.paragraph: Any = None

    def write(self, tokens: Sequence[Token]) -> None:
        index = 0
        while index < len(tokens):
            token = tokens[index]
            kind = token.type
            if kind == "heading_open":
                level = int(token.tag[1]) + self.offset
                style = HEADING_STYLES[min(level, len(HEADING_STYLES)) - 1]
                self._inline(tokens[index + 1], self.container.add_paragraph(style=style))
                index += 3
                continue
            if kind == "bullet_list_open":
                self.lists.append("bullet")
            elif kind == "ordered_list_open":
                self.lists.append("ordered")
            elif kind in ("bullet_list_close", "ordered_list_close"):
                self.lists.pop()
            elif kind == "blockquote_open":
                self.quote += 1
            elif kind == "blockquote_close":
                self.quote -= 1
            elif kind == "paragraph_open":
                self._inline(tokens[index + 1], self._new_paragraph())
                index += 3
                continue
            elif kind in ("fence", "code_block"):
                for line in token.content.rstrip("\n").split("\n"):
                    paragraph = self._new_paragraph()
                    set_run_font(paragraph.add_run(xml_safe(line)), size=SMALL_SIZE)
            elif kind == "hr":
                self.container.add_paragraph("")
            elif kind == "table_open":
                index = self._table(tokens, index)
                continue
            index += 1

    def _new_paragraph(self) -> Any:
        if self.lists:
            style = "List Bullet" if self.lists[-1] == "bullet" else "List Number"
            paragraph = self.container.add_paragraph(style=style)
            if len(self.lists) > 1:
                paragraph.paragraph_format.left_indent = Pt(21 * len(self.lists))
            return paragraph
        if self.quote:
            return self.container.add_paragraph(style="Quote")
        return self.container.add_paragraph()

    def _inline(self, token: Token, paragraph: Any, *, size: Any = None) -> None:
        bold = italic = strike = 0
        link: str | None = None
        link_text = ""
        for child in token.children or []:
            kind = child.type
            if kind == "strong_open":
                bold += 1
            elif kind == "strong_close":
                bold -= 1
            elif kind == "em_open":
                italic += 1
            elif kind == "em_close":
                italic -= 1
            elif kind == "s_open":
                strike += 1
            elif kind == "s_close":
                strike -= 1
            elif kind == "link_open":
                link, link_text = str(child.attrs.get("href", "")), ""
            elif kind == "link_close":
                if link and link != link_text and not link.startswith(("/", "#")):
                    self._run(paragraph, f"（{link}）", size=size)
                link = None
            elif kind in ("text", "code_inline", "html_inline"):
                if link is not None:
                    link_text += child.content
                self._run(paragraph, child.content, bold=bold > 0, italic=italic > 0, strike=strike > 0, size=size)
            elif kind == "image":
                self._run(paragraph, child.content or "", size=size)
            elif kind in ("softbreak", "hardbreak"):
                paragraph.add_run().add_break()

    @staticmethod
    def _run(paragraph: Any, text: str, *, bold: bool = False, italic: bool = False, strike: bool = False,
             size: Any = None) -> None:
        if not text:
            return
        run = paragraph.add_run(xml_safe(text))
        if bold:
            run.bold = True
        if italic:
            run.italic = True
        if strike:
            run.font.strike = True
        if size is not None:
            run.font.size = size

    def _table(self, tokens: Sequence[Token], index: int) -> int:
        rows: list[list[Token]] = []
        while tokens[index].type != "table_close":
            token = tokens[index]
            if token.type == "tr_open":
                rows.append([])
            elif token.type == "inline" and rows:
                rows[-1].append(token)
            index += 1
        columns = max((len(r) for r in rows), default=0)
        if rows and columns:
            table = self.container.add_table(rows=len(rows), cols=columns)
            table.style = "Table Grid"
            table.alignment = WD_TABLE_ALIGNMENT.CENTER
            for r, row in enumerate(rows):
                for c, cell_token in enumerate(row):
                    paragraph = table.rows[r].cells[c].paragraphs[0]
                    self._inline(cell_token, paragraph, size=SMALL_SIZE)
                    if r == 0:
                        for run in paragraph.runs:
                            run.bold = True
        return index + 1
