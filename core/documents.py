"""The one document reader: what an uploaded file really is and its text, for contract uploads, the
case library and firm templates (docs/decisions/documents.md).

- :func:`resolve_format` judges the file by its bytes, not its name (a renamed file is refused
  with a message naming what it really is);
- :func:`precheck` is the cheap part an upload request runs: size, type, a .docx's zip directory
  (nothing inflated), a text file's encoding and that it has text;
- :func:`read` is the worker's: a .docx through the shared package guard (``core.uploads``)
  and then in :func:`core.docx_walk.iter_paragraphs` order with Word's automatic numbering
  resolved; a PDF's text layer page by page (pypdfium2), running headers, footers and page numbers
  removed, and OCR (rapidocr-onnxruntime) for a page with no text layer; .txt/.md decoded (UTF-8,
  UTF-16 with BOM, GB18030) one paragraph a line;
- :func:`open_docx` guards a .docx and hands back python-docx's document (templates).

Every refusal is a :class:`DocumentRefused` with a Chinese message for the user; each caller turns it
into its own error. Nothing here touches the database.
"""

from __future__ import annotations

import io
import os
import re
import threading
import time
import zipfile
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final, Literal

import docx
import filetype
import numpy
import pypdfium2 as pdfium
from docx.opc.exceptions import PackageNotFoundError
from docx.oxml.ns import qn
from docx.styles import BabelFish
from lxml import etree
from lxml.etree import _Element

from core import uploads
from core.docx_numbering import NumberingCounter, parse_numbering
from core.docx_walk import iter_paragraphs, paragraph_text

#: The OCR engine's class, imported on first use (onnxruntime and OpenCV are a quarter of a second of
#: imports a process that reads no scan should not pay); ``None`` when the package is missing.
RapidOCR: Any = ...

__all__ = [
    "Document", "DocumentRefused", "Format", "OcrUnavailable", "Paragraph", "SUPPORTED", "decode_text",
    "open_docx", "precheck", "read", "resolve_format", "sniff", "type_label",
]

Format = Literal["docx", "pdf", "txt", "md"]
SUPPORTED: Final = ("docx", "pdf", "txt", "md")

#: PDF pages read, and pages that may go through OCR.
MAX_PDF_PAGES = 1000
MAX_OCR_PAGES = 40
#: Seconds of OCR one file may use (about 3–7 s a page on two cores).
OCR_TIME_BUDGET = 300
#: Paragraphs kept from any document (a 500-page contract has ~15,000).
MAX_PARAGRAPHS = 100_000

NO_TEXT: Final = "文件没有可读取的文字内容"
_TOO_LONG = "文档过长（段落数超过上限），请拆分后上传"
_CORRUPT_DOCX = "文件已损坏，无法读取（.docx 压缩包结构错误）"


class DocumentRefused(ValueError):
    """The file cannot be read; ``message`` is a Chinese sentence for the user, ``code`` a short
    reason (``type``, ``size``, ``empty``, ``encoding``, ``corrupt``, ``encrypted``, ``scan``, ``long``,
    or a code of ``core.uploads.UploadRefused``)."""

    def __init__(self, message: str, code: str = "unreadable") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


@dataclass(frozen=True)
class Paragraph:
    """One paragraph as read: a .docx paragraph in walk order (its automatic number apart), one line
    of a text file or of a PDF page."""

    index: int
    text: str
    auto_number: str = ""
    #: The paragraph style's name (``Heading 2``, ``标题 1``; a markdown heading gets ``Heading N``).
    style: str = ""
    in_table: bool = False
    #: The table row (counted through the document) a .docx table cell's paragraph sits in, else -1.
    row: int = -1
    #: PDF only: the page (from 0), whether the line runs the page's full width, whether it is indented.
    page: int = 0
    full: bool = False
    indent: bool = False
    ocr: bool = False


@dataclass
class Document:
    fmt: Format
    paragraphs: list[Paragraph]
    #: PDF pages whose text came from OCR.
    ocr_pages: int = 0
    warnings: list[str] = field(default_factory=list)

    @property
    def ocr_used(self) -> bool:
        return self.ocr_pages > 0

    def text(self) -> str:
        """The text as lines: a heading marked with ``#`` (its level), an automatic number in front
        of its paragraph, a table row's cells on one line joined by `` | ``, a blank line between PDF
        pages."""
        lines: list[str] = []
        row, cells, page = -1, [], 0

        def end_row() -> None:
            if cells:
                lines.append(" | ".join(dict.fromkeys(cells)))
                cells.clear()

        for paragraph in self.paragraphs:
            text = paragraph.text.strip()
            if paragraph.auto_number and text:
                text = f"{paragraph.auto_number} {text}"
            if paragraph.row != row:
                end_row()
                row = paragraph.row
            if paragraph.row >= 0:
                if text:
                    cells.append(text)
                continue
            if self.fmt == "pdf" and paragraph.page != page:
                lines.append("")
                page = paragraph.page
            level = heading_level(paragraph.style)
            if text and level:
                text = "#" * level + " " + text
            lines.append(text)
        end_row()
        return "\n".join(lines)


def heading_level(style: str) -> int:
    """1–6 for a heading style (``Heading 2``, ``标题 2``, ``Title``), else 0."""
    if style == "Title":
        return 1
    if style.startswith(("Heading", "标题")):
        digits = re.search(r"\d", style)
        return min(int(digits.group()), 6) if digits else 1
    return 0


# --- what the file is ---------------------------------------------------------------------------------
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"

_LABELS = {
    "docx": "Word 文档（.docx）", "pdf": "PDF", "txt": "文本文件", "md": "文本文件", "text": "文本文件",
    "doc": "旧版 Word 文档（.doc）", "xlsx": "Excel 表格", "pptx": "PowerPoint 演示文稿",
    "zip": "ZIP 压缩包", "ole": "Office 复合文档", "encrypted": "加密的 Office 文档", "binary": "二进制文件",
}
#: What a file named ``.<ext>`` should have been, in the refusal's words.
_EXPECTED = {"docx": " Word 文档", "pdf": " PDF 文件", "txt": "文本文件", "md": "文本文件"}
_TEXT_EXTENSIONS = ("txt", "md", "markdown", "text")


def type_label(kind: str) -> str:
    return _LABELS.get(kind, kind.upper())


def extension_of(filename: str) -> str:
    name = (filename or "").strip().lower()
    return name.rsplit(".", 1)[1] if "." in name else ""


def sniff(data: bytes) -> str:
    """``docx`` / ``pdf`` / ``text`` / ``doc`` / ``encrypted`` / ``xlsx`` / ``pptx`` / ``zip`` /
    ``corrupt_zip`` or another ``filetype`` extension (``png`` …); ``binary`` when nothing matches
    and it is not text."""
    head = data[:8]
    if head.startswith(OLE_MAGIC):
        return _ole_kind(data)
    pos = data[:1024].find(b"%PDF-")
    if pos == 0 or data.lstrip()[:5] == b"%PDF-" or (pos > 0 and not _looks_like_text(data[:pos])):
        return "pdf"
    if head.startswith(b"PK"):
        return _zip_kind(data)
    guess = filetype.guess(data[:8192])
    if guess is not None and guess.extension != "txt":
        return guess.extension
    if _looks_like_text(data):
        return "text"
    return "binary"


def _ole_kind(data: bytes) -> str:
    """An OLE compound file is either an encrypted OOXML package or a legacy binary Office file."""
    sample = data[: 4 * 1024 * 1024]
    if "EncryptionInfo".encode("utf-16-le") in sample or "EncryptedPackage".encode("utf-16-le") in sample:
        return "encrypted"
    if "WordDocument".encode("utf-16-le") in sample:
        return "doc"
    return "ole"


def _zip_kind(data: bytes) -> str:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
    except (zipfile.BadZipFile, ValueError, OSError):
        return "corrupt_zip"
    if any(name.startswith("word/") for name in names):
        return "docx"
    if any(name.startswith("xl/") for name in names):
        return "xlsx"
    if any(name.startswith("ppt/") for name in names):
        return "pptx"
    return "zip"


def _looks_like_text(data: bytes) -> bool:
    sample = data[:65536]
    if sample.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    if b"\x00" in sample:
        return False
    control = sum(1 for b in sample if b < 9 or 13 < b < 32 and b != 27)
    return control <= max(2, len(sample) // 200)


def _unsupported(allowed: Iterable[str]) -> str:
    names = "、".join(f".{fmt}" for fmt in allowed)
    return f"不支持的文件类型：请上传 {names} 文件"


def resolve_format(filename: str, data: bytes, *, allowed: tuple[str, ...] = SUPPORTED) -> Format:
    """The format to read the file as, or :class:`DocumentRefused`.

    The content decides. When the name's extension names another kind of file than the bytes are,
    the file is refused with a message naming what it really is (a renamed file is a mistake the
    user should see, not something to guess around). A name without an extension is read as
    whatever the content is."""
    if not data:
        raise DocumentRefused("文件为空，没有可读取的内容", "empty")
    ext = extension_of(filename)
    kind = sniff(data)
    if kind == "encrypted":
        raise DocumentRefused("文件已加密，无法读取：请在 Word 中取消密码保护后重新上传", "encrypted")
    if kind == "corrupt_zip" and ext in ("docx", ""):
        raise DocumentRefused("文件已损坏，无法读取（不是有效的 .docx 压缩包）", "corrupt")
    real = {"docx": "docx", "pdf": "pdf", "text": "txt"}.get(kind)
    named = "md" if ext in ("md", "markdown") else "txt" if ext in _TEXT_EXTENSIONS else ext
    if named in SUPPORTED:
        if named not in allowed:
            raise DocumentRefused(_unsupported(allowed), "type")
        if real == named or (real == "txt" and named == "md"):
            return named  # type: ignore[return-value]
        if kind == "doc" and named == "docx":
            raise DocumentRefused("这是旧版 Word（.doc）文件，请在 Word 中另存为 .docx 后再上传", "type")
        actual = "已损坏或无法识别" if kind in ("binary", "ole", "corrupt_zip") else f"实际为 {type_label(kind)}"
        raise DocumentRefused(f"文件扩展名为 .{ext}，但内容不是{_EXPECTED[named]}（{actual}）", "type")
    if ext == "" and real in allowed:
        return real  # type: ignore[return-value]
    if kind == "doc":
        raise DocumentRefused("这是旧版 Word（.doc）文件，请在 Word 中另存为 .docx 后再上传", "type")
    raise DocumentRefused(_unsupported(allowed), "type")


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:.1f} MB" if n >= 1024 * 1024 else f"{n} 字节"


def check_size(data: bytes, max_bytes: int) -> None:
    if len(data) > max_bytes:
        raise DocumentRefused(f"文件过大（{_size(len(data))}），上限为 {_size(max_bytes)}", "size")


def precheck(filename: str, data: bytes, *, max_bytes: int, allowed: tuple[str, ...] = SUPPORTED,
             text_chars: int | None = None) -> Format:
    """The format of an upload after the checks that cost little and parse nothing (the upload
    request runs them): size, the format judged from the bytes, a .docx's zip directory (nothing
    inflated), a text file's encoding, that it has text and (``text_chars``) is not too long."""
    check_size(data, max_bytes)
    fmt = resolve_format(filename, data, allowed=allowed)
    if fmt == "docx":
        _refused_by_guard(uploads.check_directory, data)
    elif fmt in ("txt", "md"):
        text = decode_text(data)
        if not text.strip(" \t\r\n\u3000\u00a0\ufeff"):
            raise DocumentRefused(NO_TEXT, "empty")
        if text_chars is not None and len(text) > text_chars:
            raise DocumentRefused(f"文字过多（{len(text)} 字），上限为 {text_chars} 字", "long")
    return fmt


def read(filename: str, data: bytes, *, max_bytes: int, allowed: tuple[str, ...] = SUPPORTED,
         text_chars: int | None = None) -> Document:
    """Read a file (the worker): see the module. ``text_chars`` caps the text read (a .docx stops
    inside the guard, a PDF at the page that passes it)."""
    check_size(data, max_bytes)
    fmt = resolve_format(filename, data, allowed=allowed)
    if fmt == "docx":
        document = _read_docx(data, text_chars=text_chars)
    elif fmt == "pdf":
        document = _read_pdf(data, text_chars=text_chars)
    else:
        document = _read_text(data, fmt)
    if not any(p.text.strip() for p in document.paragraphs):
        if document.ocr_used:
            raise DocumentRefused("扫描件无法识别文字：未能从页面图像中识别出文字，请上传文字版文件", "scan")
        raise DocumentRefused(NO_TEXT if fmt != "pdf" else "PDF 中没有可读取的文字", "empty")
    if text_chars is not None and fmt in ("txt", "md"):
        size = sum(len(p.text) + 1 for p in document.paragraphs)
        if size > text_chars:
            raise DocumentRefused(f"文字过多（{size} 字），上限为 {text_chars} 字", "long")
    return document


# --- text files -------------------------------------------------------------------------------------
_MD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_MD_EMPHASIS = re.compile(r"(\*\*|__)(.+?)\1")
_INDENT = " \t\u3000\u00a0\ufeff"


def decode_text(data: bytes) -> str:
    """UTF-8 (with or without BOM), UTF-16 with BOM, then GB18030."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("gb18030")
    except UnicodeDecodeError:
        raise DocumentRefused("无法识别文本文件的编码（支持 UTF-8 与 GB18030/GBK），请另存为 UTF-8 后再上传",
                              "encoding") from None


def _read_text(data: bytes, fmt: str) -> Document:
    """One paragraph a non-empty line, indentation removed; a markdown heading's ``#`` marks become
    its style (``Heading N``) and ``**bold**`` marks are dropped."""
    paragraphs: list[Paragraph] = []
    for raw in re.split(r"\r\n|\r|\n|\u2028|\u2029", decode_text(data)):
        line = raw.strip(_INDENT).rstrip()
        if not line:
            continue
        style = ""
        if fmt == "md":
            heading = _MD_HEADING.match(line)
            if heading:
                style = f"Heading {len(heading.group(1))}"
                line = heading.group(2).strip(_INDENT)
            line = _MD_EMPHASIS.sub(r"\2", line)
            if not line:
                continue
        if len(paragraphs) >= MAX_PARAGRAPHS:
            raise DocumentRefused(_TOO_LONG, "long")
        paragraphs.append(Paragraph(index=len(paragraphs), text=line, style=style))
    return Document(fmt="md" if fmt == "md" else "txt", paragraphs=paragraphs)


# --- .docx -----------------------------------------------------------------------------------------------
_PPR, _PSTYLE, _NUMPR, _NUMID, _ILVL, _VAL = (qn("w:pPr"), qn("w:pStyle"), qn("w:numPr"), qn("w:numId"),
                                              qn("w:ilvl"), qn("w:val"))
_TR = qn("w:tr")


def _refused_by_guard(check: Any, data: bytes, **kwargs: Any) -> Any:
    try:
        return check(data, **kwargs)
    except uploads.UploadRefused as refused:
        raise DocumentRefused(refused.message, refused.code) from None


def open_docx(data: bytes, *, lim: uploads.Limits | None = None, text_chars: int | None = None) -> Any:
    """python-docx's document of a .docx, after the full package guard (every XML part inflated
    through a bounded, counting stream, no DTD or entity, the body's text capped): only then may
    python-docx, which holds the whole XML tree, open it."""
    if sniff(data) != "docx":
        raise DocumentRefused("文件不是 Word .docx 文档", "not_docx")
    _refused_by_guard(uploads.guard_docx, data, lim=lim, text_chars=text_chars)
    try:
        return docx.Document(io.BytesIO(data))
    except (PackageNotFoundError, KeyError, ValueError, zipfile.BadZipFile, etree.XMLSyntaxError) as exc:
        raise DocumentRefused(_CORRUPT_DOCX, "corrupt") from exc


def _style_table(document: Any) -> dict[str, tuple[str, str, tuple[str, int] | None]]:
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
        name = BabelFish.internal2ui(name_el.get(_VAL, "")) if name_el is not None else style_id
        based = based_el.get(_VAL, "") if based_el is not None else ""
        numpr = style.find(f"{_PPR}/{_NUMPR}")
        table[style_id] = (name, based, _numpr_values(numpr) if numpr is not None else None)
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


def _style_numbering(style_id: str, styles: dict[str, tuple[str, str, tuple[str, int] | None]]
                     ) -> tuple[str, int] | None:
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


def _read_docx(data: bytes, *, text_chars: int | None) -> Document:
    document = open_docx(data, text_chars=text_chars)
    try:
        numbering_root = document.part.numbering_part.element
    except (KeyError, NotImplementedError, AttributeError):
        numbering_root = None
    counter = NumberingCounter(parse_numbering(numbering_root))
    styles = _style_table(document)
    rows: dict[_Element, int] = {}
    paragraphs: list[Paragraph] = []
    for index, (p, in_table) in enumerate(iter_paragraphs(document.element.body)):
        if index >= MAX_PARAGRAPHS:
            raise DocumentRefused(_TOO_LONG, "long")
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
        numbered = direct if direct is not None else from_style
        if numbered is not None:
            num_id, ilvl = numbered
            if direct is not None and from_style is not None:
                num_id = num_id or from_style[0]
                ilvl = from_style[1] if ilvl < 0 else ilvl
            auto = counter.label(num_id, max(ilvl, 0))
        style_name = styles.get(style_id, (style_id, "", None))[0] if style_id else ""
        row = -1
        if in_table:
            tr = next(p.iterancestors(_TR), None)
            row = rows.setdefault(tr, len(rows)) if tr is not None else -1
        paragraphs.append(Paragraph(index=index, text=paragraph_text(p), auto_number=auto, style=style_name,
                                    in_table=in_table, row=row))
    return Document(fmt="docx", paragraphs=paragraphs)


# --- PDF ----------------------------------------------------------------------------------------------------
_OCR_DPI = 200
#: A page with fewer characters than this in its text layer is treated as scanned.
_MIN_TEXT_CHARS = 10
_PAGE_NUMBER = re.compile(r"^[-—–\s]*(第\s*\d+\s*页(\s*[/，,]?\s*共\s*\d+\s*页)?|\d+\s*/\s*\d+|\d+|[-—–]\s*\d+\s*[-—–]"
                          r"|page\s*\d+(\s*of\s*\d+)?)[-—–\s]*$", re.IGNORECASE)
_CJK = "\u3400-\u9fff\uff00-\uffef\u3000-\u303f"
_SPACED = re.compile(rf"(?<=[{_CJK}]) (?=[{_CJK}])")


def _compact(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _read_pdf(data: bytes, *, text_chars: int | None) -> Document:
    try:
        pdf = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        if "password" in str(exc).lower():
            raise DocumentRefused("PDF 已加密，无法读取：请取消密码保护后重新上传", "encrypted") from exc
        raise DocumentRefused("PDF 文件已损坏，无法读取", "corrupt") from exc
    pages: list[list[Paragraph]] = []
    ocr_pages = 0
    size = 0
    try:
        count = len(pdf)
        if count == 0:
            raise DocumentRefused("PDF 没有页面", "empty")
        if count > MAX_PDF_PAGES:
            raise DocumentRefused(f"PDF 页数过多（{count} 页），上限为 {MAX_PDF_PAGES} 页", "long")
        started = time.monotonic()
        for number in range(count):
            page = pdf[number]
            try:
                textpage = page.get_textpage()
                try:
                    raw = textpage.get_text_range()
                finally:
                    textpage.close()
                if len(_compact(raw)) >= _MIN_TEXT_CHARS:
                    lines = _text_lines(raw, number)
                else:
                    ocr_pages += 1
                    if ocr_pages > MAX_OCR_PAGES:
                        raise DocumentRefused(f"扫描页过多（超过 {MAX_OCR_PAGES} 页），无法识别文字，请上传文字版文件",
                                              "scan")
                    if ocr_pages > 1 and time.monotonic() - started > OCR_TIME_BUDGET:
                        raise DocumentRefused("扫描件识别超时：页数过多，请上传文字版文件或拆分后上传", "scan")
                    lines = _ocr_page(page, number)
            finally:
                page.close()
            pages.append(lines)
            size += sum(len(line.text) + 1 for line in lines)
            if text_chars is not None and size > text_chars:  # stops here, however many pages follow
                raise DocumentRefused(f"文字过多（超过 {text_chars} 字），已停止读取；请拆分后上传", "long")
    finally:
        pdf.close()
    _strip_running_lines(pages)
    lines = [line for page_lines in pages for line in page_lines]
    if len(lines) > MAX_PARAGRAPHS:
        raise DocumentRefused(_TOO_LONG, "long")
    paragraphs = [Paragraph(index=i, text=line.text, page=line.page, full=line.full, indent=line.indent,
                            ocr=line.ocr) for i, line in enumerate(lines)]
    warnings = [f"{ocr_pages} 页为扫描件，文字由 OCR 识别，请核对原文"] if ocr_pages else []
    return Document(fmt="pdf", paragraphs=paragraphs, ocr_pages=ocr_pages, warnings=warnings)


def _unspace(line: str) -> str:
    """Justified text comes out letter-spaced (``委 托 合 同``): when most gaps between CJK
    characters are single spaces, drop them."""
    gaps = len(_SPACED.findall(line))
    cjk = len(re.findall(rf"[{_CJK}]", line))
    if gaps >= 3 and gaps * 2 >= cjk - 1:
        return _SPACED.sub("", line)
    return line


def _width(line: str) -> float:
    """Printed width in full-width characters: CJK and full-width forms 1, others 1/2."""
    return sum(1 if ord(ch) >= 0x2E80 else 0.5 for ch in line.strip())


def _text_lines(raw: str, page: int) -> list[Paragraph]:
    texts = [_unspace(t.rstrip()) for t in re.split(r"\r\n|\r|\n", raw)]
    lengths = [_width(t) for t in texts if t.strip()]
    full_len = max(lengths) if lengths else 0
    out = []
    for text in texts:
        if not text.strip():
            continue
        stripped = text.lstrip(" \t\u3000\u00a0")
        out.append(Paragraph(index=0, text=stripped, page=page, indent=len(text) - len(stripped) >= 2,
                             full=full_len >= 15 and _width(text) >= 0.85 * full_len))
    return out


def _ocr_page(page: Any, number: int) -> list[Paragraph]:
    try:
        image = page.render(scale=_OCR_DPI / 72).to_pil()
        lines = ocr_lines(image)
    except OcrUnavailable as exc:
        raise DocumentRefused("扫描件无法识别文字：本机未安装 OCR 组件，请上传文字版文件", "scan") from exc
    except (RuntimeError, ValueError, MemoryError) as exc:
        raise DocumentRefused("扫描件无法识别文字：OCR 识别失败，请上传文字版文件", "scan") from exc
    if not lines:
        return []
    left = min(line[1] for line in lines)
    right = max(line[3] for line in lines)
    heights = sorted(line[4] - line[2] for line in lines)
    char = heights[len(heights) // 2] or 1
    return [Paragraph(index=0, text=text, page=number, full=x1 >= right - 1.5 * char, indent=x0 >= left + 1.5 * char,
                      ocr=True) for text, x0, _y0, x1, _y1 in lines]


def _strip_running_lines(pages: list[list[Paragraph]]) -> None:
    """Remove page numbers and lines repeated at the top or bottom of many pages."""
    def key(text: str) -> str:
        return re.sub(r"\d+", "#", _compact(text))

    counts: Counter[str] = Counter()
    for page in pages:
        counts.update({key(line.text) for line in page[:2] + page[-2:]})
    threshold = max(3, len(pages) // 2)
    repeated = {k for k, c in counts.items() if c >= threshold and len(pages) >= 3}
    for number, page in enumerate(pages):
        pages[number] = [line for i, line in enumerate(page)
                         if not ((i < 2 or i >= len(page) - 2)
                                 and (_PAGE_NUMBER.match(line.text.strip()) or key(line.text) in repeated))]


# --- OCR ----------------------------------------------------------------------------------------------------
class OcrUnavailable(RuntimeError):
    pass


_engine: Any = None
_engine_lock = threading.Lock()


def _ocr_engine() -> Any:
    """The OCR engine, created once per process on first use (its Chinese models ship in the wheel)."""
    global _engine
    engine_class = ocr_class()
    if engine_class is None:
        raise OcrUnavailable("rapidocr-onnxruntime is not installed")
    with _engine_lock:
        if _engine is None:
            _engine = engine_class(**_ocr_threads())
        return _engine


def _ocr_threads() -> dict[str, int]:
    """``LEGALSITE_OCR_THREADS=N``: the OCR model's onnxruntime threads (default: one per core). The test run sets
    1 (tests/plugin.py): its processes already fill the cores, and a second thread spinning for work cost a
    third more CPU for the same page."""
    threads = os.environ.get("LEGALSITE_OCR_THREADS", "")
    if not threads.isdigit() or int(threads) < 1:
        return {}
    return {"intra_op_num_threads": int(threads), "inter_op_num_threads": int(threads)}


def ocr_class() -> Any:
    """``RapidOCR``, imported on first call; ``None`` when rapidocr-onnxruntime is not installed."""
    global RapidOCR
    if RapidOCR is ...:
        try:
            from rapidocr_onnxruntime import RapidOCR as engine_class
        except ImportError:  # pragma: no cover - pinned in requirements.txt; a scan then gets a clear refusal
            engine_class = None
        RapidOCR = engine_class
    return RapidOCR


def ocr_lines(image: Any) -> list[tuple[str, float, float, float, float]]:
    """Text lines of a page image (PIL), top to bottom: ``(text, x0, y0, x1, y1)``."""
    result, _ = _ocr_engine()(numpy.asarray(image.convert("RGB")))
    boxes = []
    for box, text, _score in result or []:
        xs = [pt[0] for pt in box]
        ys = [pt[1] for pt in box]
        if text and text.strip():
            boxes.append((text.strip(), min(xs), min(ys), max(xs), max(ys)))
    boxes.sort(key=lambda b: (b[2] + b[4]) / 2)
    lines: list[list[tuple[str, float, float, float, float]]] = []
    for b in boxes:
        center = (b[2] + b[4]) / 2
        if lines and min(x[2] for x in lines[-1]) <= center <= max(x[4] for x in lines[-1]):
            lines[-1].append(b)
        else:
            lines.append([b])
    out = []
    for line in lines:
        line.sort(key=lambda b: b[1])
        out.append(("".join(b[0] for b in line), min(b[1] for b in line), min(b[2] for b in line),
                    max(b[3] for b in line), max(b[4] for b in line)))
    return out
