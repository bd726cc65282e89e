"""The one paragraph order of a .docx that reading and export share.

Body order: top-level paragraphs, then a table's cells row by row (nested tables inside a cell in
place), content controls (``w:sdt``) opened. A paragraph's index in this walk is the
``SourceParagraph.index`` a section's ``para_start``/``para_end`` refer to."""

from __future__ import annotations

from collections.abc import Iterator

from docx.oxml.ns import qn
from lxml.etree import _Element

_P, _TBL, _TR, _TC, _SDT, _SDT_CONTENT = (qn("w:p"), qn("w:tbl"), qn("w:tr"), qn("w:tc"), qn("w:sdt"),
                                          qn("w:sdtContent"))


def iter_paragraphs(body: _Element) -> Iterator[tuple[_Element, bool]]:
    """Yield ``(w:p element, in_table)`` in body order."""
    yield from _walk(body, False)


def _walk(parent: _Element, in_table: bool) -> Iterator[tuple[_Element, bool]]:
    for child in parent:
        tag = child.tag
        if tag == _P:
            yield child, in_table
        elif tag == _TBL:
            for row in child.iter(_TR):
                if _nearest_table(row) is not child:
                    continue
                for cell in row:
                    if cell.tag == _TC:
                        yield from _walk(cell, True)
        elif tag == _SDT:
            content = child.find(_SDT_CONTENT)
            if content is not None:
                yield from _walk(content, in_table)


def _nearest_table(el: _Element) -> _Element | None:
    parent = el.getparent()
    while parent is not None and parent.tag != _TBL:
        parent = parent.getparent()
    return parent


def paragraph_text(p: _Element) -> str:
    """A paragraph's own text as Word shows it: ``w:t`` runs, tabs, breaks; deleted text
    (``w:del``) left out, inserted text (``w:ins``) kept."""
    parts: list[str] = []
    for el in p.iter(qn("w:t"), qn("w:tab"), qn("w:br"), qn("w:cr")):
        if _inside_deletion(el, p):
            continue
        if el.tag == qn("w:t"):
            parts.append(el.text or "")
        elif el.tag == qn("w:tab"):
            if el.getparent() is not None and el.getparent().tag == qn("w:r"):
                parts.append("\t")
        else:
            parts.append("\n" if el.tag == qn("w:cr") else " ")
    return "".join(parts)


def _inside_deletion(el: _Element, stop: _Element) -> bool:
    parent = el.getparent()
    while parent is not None and parent is not stop:
        if parent.tag == qn("w:del"):
            return True
        parent = parent.getparent()
    return False
