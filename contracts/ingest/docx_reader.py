"""Reading a .docx: the shared upload guard first (zip bomb, lying part sizes, XML bomb, text cap,
corrupt package; ``core.uploads``), then the body in
the one paragraph order (:func:`contracts.docx_walk.iter_paragraphs`) with Word's automatic
numbering resolved into ``SourceParagraph.auto_number``."""

from __future__ import annotations

import io
import zipfile

import docx
from docx.opc.exceptions import PackageNotFoundError
from docx.oxml.ns import qn
from docx.styles import BabelFish
from lxml import etree
from lxml.etree import _Element

from contracts.docx_walk import iter_paragraphs, paragraph_text
from contracts.ingest.errors import MAX_PARAGRAPHS, UnreadableFile
from contracts.ingest.numbering import NumberingCounter, parse_numbering
from contracts.types import ParsedDocument, SourceParagraph
from core import uploads

_PPR, _PSTYLE, _NUMPR, _NUMID, _ILVL, _VAL = (qn("w:pPr"), qn("w:pStyle"), qn("w:numPr"), qn("w:numId"),
                                              qn("w:ilvl"), qn("w:val"))
_CORRUPT = "文件已损坏，无法读取（.docx 压缩包结构错误）"


def check_package(data: bytes) -> None:
    """The cheap check the upload request runs: the zip's central directory only (parts, declared
    sizes, ratio, encryption, the main document part), nothing inflated."""
    try:
        uploads.check_directory(data)
    except uploads.UploadRefused as refused:
        raise UnreadableFile(refused.message) from None


def guard_package(data: bytes) -> uploads.GuardResult:
    """The full guard (``core.uploads.guard_docx``) the worker runs before python-docx opens the
    file: every XML part inflated through a bounded, counting stream, no DTD or entity, the body
    stream-parsed with a cap on its text."""
    try:
        return uploads.guard_docx(data)
    except uploads.UploadRefused as refused:
        raise UnreadableFile(refused.message) from None


def _style_table(document: docx.document.Document) -> dict[str, tuple[str, str, tuple[str, int] | None]]:
    """styleId → (name, basedOn, (numId, ilvl) from the style's own numPr)."""
    table: dict[str, tuple[str, str, tuple[str, int] | None]] = {}
    try:
        root = document.styles.element
    except (KeyError, AttributeError, NotImplementedError):
        return table
    for style in root.iter(qn("w:style")):
        if style.get(qn("w:type")) not in (None, "paragraph"):
            continue
        style_id = style.get(qn("w:styleId"), "")
        name_el = style.find(qn("w:name"))
        based_el = style.find(qn("w:basedOn"))
        name = BabelFish.internal2ui(name_el.get(qn("w:val"), "")) if name_el is not None else style_id
        based = based_el.get(qn("w:val"), "") if based_el is not None else ""
        numpr = style.find(f"{qn('w:pPr')}/{qn('w:numPr')}")
        num = _numpr_values(numpr) if numpr is not None else None
        table[style_id] = (name, based, num)
    return table


def _numpr_values(numpr: _Element) -> tuple[str, int]:
    num_el = numpr.find(_NUMID)
    lvl_el = numpr.find(_ILVL)
    num_id = num_el.get(_VAL, "") if num_el is not None else ""
    try:
        ilvl = int(lvl_el.get(_VAL, "0")) if lvl_el is not None else -1
    except ValueError:
        ilvl = 0
    return num_id, ilvl


def _style_numbering(style_id: str, styles: dict) -> tuple[str, int] | None:
    seen: set[str] = set()
    while style_id and style_id not in seen:
        seen.add(style_id)
        entry = styles.get(style_id)
        if entry is None:
            return None
        if entry[2] is not None:
            return entry[2]
        style_id = entry[1]
    return None


def read_docx(data: bytes) -> ParsedDocument:
    guard_package(data)
    try:
        document = docx.Document(io.BytesIO(data))
    except (PackageNotFoundError, KeyError, ValueError, zipfile.BadZipFile, etree.XMLSyntaxError) as exc:
        raise UnreadableFile(_CORRUPT) from exc
    try:
        numbering_root = document.part.numbering_part.element
    except (KeyError, NotImplementedError, AttributeError):
        numbering_root = None
    counter = NumberingCounter(parse_numbering(numbering_root))
    styles = _style_table(document)
    body = document.element.body
    paragraphs: list[SourceParagraph] = []
    for index, (p, in_table) in enumerate(iter_paragraphs(body)):
        if index >= MAX_PARAGRAPHS:
            raise UnreadableFile("文档过长（段落数超过上限），请拆分后上传")
        ppr = p.find(_PPR)
        style_id = ""
        direct: tuple[str, int] | None = None
        if ppr is not None:
            pstyle = ppr.find(_PSTYLE)
            if pstyle is not None:
                style_id = pstyle.get(_VAL, "")
            numpr = ppr.find(_NUMPR)
            if numpr is not None:
                direct = _numpr_values(numpr)
        auto = ""
        from_style = _style_numbering(style_id, styles) if style_id else None
        if direct is not None or from_style is not None:
            num_id, ilvl = direct if direct is not None else from_style  # type: ignore[misc]
            if direct is not None and from_style is not None:
                if not num_id:
                    num_id = from_style[0]
                if ilvl < 0:
                    ilvl = from_style[1]
            auto = counter.label(num_id, max(ilvl, 0))
        style_name = styles.get(style_id, (style_id, "", None))[0] if style_id else ""
        paragraphs.append(SourceParagraph(index=index, text=paragraph_text(p), auto_number=auto,
                                          style=style_name, in_table=in_table))
    return ParsedDocument(fmt="docx", paragraphs=paragraphs)
