"""Reading a .pdf: the text layer per page (pypdfium2), running headers/footers and page numbers
removed, wrapped lines joined into paragraphs; a page with no text layer goes through OCR and its
paragraphs are marked ``ocr=True``."""

from __future__ import annotations

import re
import time
from collections import Counter

import pypdfium2 as pdfium

from contracts.ingest.errors import MAX_OCR_PAGES, MAX_PARAGRAPHS, MAX_PDF_PAGES, OCR_TIME_BUDGET, UnreadableFile
from contracts.ingest.labels import parse_label, title_like
from contracts.ingest.ocr import OcrUnavailable, ocr_lines
from contracts.ingest.patterns import compact, is_party_line, is_signature_line
from contracts.types import ParsedDocument, SourceParagraph

_PAGE_NUMBER = re.compile(r"^[-—–\s]*(第\s*\d+\s*页(\s*[/，,]?\s*共\s*\d+\s*页)?|\d+\s*/\s*\d+|\d+|[-—–]\s*\d+\s*[-—–]"
                          r"|page\s*\d+(\s*of\s*\d+)?)[-—–\s]*$", re.IGNORECASE)
_END_PUNCT = "。！？；：:!?;"
#: A line starting with one of these continues the paragraph before it.
_CLOSING = "。，；：、）)」』”！？,;:!?"
_OCR_DPI = 200
#: A page with fewer characters than this in its text layer is treated as scanned.
_MIN_TEXT_CHARS = 10


class _Line:
    __slots__ = ("text", "full", "indent", "ocr")

    def __init__(self, text: str, full: bool, indent: bool, ocr: bool) -> None:
        self.text, self.full, self.indent, self.ocr = text, full, indent, ocr


def read_pdf(data: bytes) -> ParsedDocument:
    try:
        pdf = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        message = str(exc).lower()
        if "password" in message:
            raise UnreadableFile("PDF 已加密，无法读取：请取消密码保护后重新上传") from exc
        raise UnreadableFile("PDF 文件已损坏，无法读取") from exc
    try:
        count = len(pdf)
        if count == 0:
            raise UnreadableFile("PDF 没有页面")
        if count > MAX_PDF_PAGES:
            raise UnreadableFile(f"PDF 页数过多（{count} 页），上限为 {MAX_PDF_PAGES} 页")
        pages: list[list[_Line]] = []
        ocr_pages = 0
        started = time.monotonic()
        for i in range(count):
            page = pdf[i]
            try:
                textpage = page.get_textpage()
                try:
                    raw = textpage.get_text_range()
                finally:
                    textpage.close()
                if len(compact(raw)) >= _MIN_TEXT_CHARS:
                    pages.append(_text_lines(raw))
                    continue
                ocr_pages += 1
                if ocr_pages > MAX_OCR_PAGES:
                    raise UnreadableFile(f"扫描页过多（超过 {MAX_OCR_PAGES} 页），无法识别文字，请上传文字版文件")
                if ocr_pages > 1 and time.monotonic() - started > OCR_TIME_BUDGET:
                    raise UnreadableFile("扫描件识别超时：页数过多，请上传文字版文件或拆分后上传")
                pages.append(_ocr_page(page))
            finally:
                page.close()
    finally:
        pdf.close()
    _strip_running_lines(pages)
    lines = [line for page in pages for line in page]
    paragraphs = _paragraphs(lines)
    if not paragraphs:
        if ocr_pages:
            raise UnreadableFile("扫描件无法识别文字：未能从页面图像中识别出文字，请上传文字版文件")
        raise UnreadableFile("PDF 中没有可读取的文字")
    warnings = [f"{ocr_pages} 页为扫描件，文字由 OCR 识别，请核对原文"] if ocr_pages else []
    return ParsedDocument(fmt="pdf", paragraphs=paragraphs, ocr_used=ocr_pages > 0, warnings=warnings)


_CJK = "\u3400-\u9fff\uff00-\uffef\u3000-\u303f"
_SPACED = re.compile(rf"(?<=[{_CJK}]) (?=[{_CJK}])")


def _unspace(line: str) -> str:
    """Justified text comes out letter-spaced (``委 托 合 同``): when most gaps between CJK
    characters are single spaces, drop them."""
    gaps = len(_SPACED.findall(line))
    cjk = len(re.findall(rf"[{_CJK}]", line))
    if gaps >= 3 and gaps * 2 >= cjk - 1:
        return _SPACED.sub("", line)
    return line


def _width(line: str) -> float:
    """Printed width in full-width characters: CJK and full-width forms 1, others (digits, Latin,
    the spaces a form blank leaves) 1/2."""
    return sum(1 if ord(ch) >= 0x2E80 else 0.5 for ch in line.strip())


def _text_lines(raw: str) -> list[_Line]:
    texts = [_unspace(t.rstrip()) for t in re.split(r"\r\n|\r|\n", raw)]
    lengths = [_width(t) for t in texts if t.strip()]
    full_len = max(lengths) if lengths else 0
    out = []
    for t in texts:
        if not t.strip():
            continue
        stripped = t.lstrip(" \t\u3000\u00a0")
        indent = len(t) - len(stripped) >= 2
        out.append(_Line(stripped, full_len > 0 and _width(t) >= 0.85 * full_len and full_len >= 15,
                         indent, False))
    return out


def _ocr_page(page) -> list[_Line]:
    try:
        image = page.render(scale=_OCR_DPI / 72).to_pil()
        lines = ocr_lines(image)
    except OcrUnavailable as exc:
        raise UnreadableFile("扫描件无法识别文字：本机未安装 OCR 组件，请上传文字版文件") from exc
    except (RuntimeError, ValueError, MemoryError) as exc:
        raise UnreadableFile("扫描件无法识别文字：OCR 识别失败，请上传文字版文件") from exc
    if not lines:
        return []
    left = min(line[1] for line in lines)
    right = max(line[3] for line in lines)
    heights = sorted(line[4] - line[2] for line in lines)
    char = heights[len(heights) // 2] or 1
    out = []
    for text, x0, _y0, x1, _y1 in lines:
        out.append(_Line(text, x1 >= right - 1.5 * char, x0 >= left + 1.5 * char, True))
    return out


def _strip_running_lines(pages: list[list[_Line]]) -> None:
    """Remove page numbers and lines repeated at the top or bottom of many pages."""
    def key(text: str) -> str:
        return re.sub(r"\d+", "#", compact(text))

    counts: Counter[str] = Counter()
    for page in pages:
        edge = {key(line.text) for line in page[:2] + page[-2:]}
        counts.update(edge)
    threshold = max(3, len(pages) // 2)
    repeated = {k for k, c in counts.items() if c >= threshold and len(pages) >= 3}
    for p, page in enumerate(pages):
        keep = []
        for i, line in enumerate(page):
            at_edge = i < 2 or i >= len(page) - 2
            if at_edge and (_PAGE_NUMBER.match(line.text.strip()) or key(line.text) in repeated):
                continue
            keep.append(line)
        pages[p] = keep


def _starts_block(text: str) -> bool:
    return parse_label(text) is not None or is_party_line(text) or is_signature_line(text)


def _is_heading(text: str) -> bool:
    label = parse_label(text)
    return label is not None and label.scheme in ("article", "chapter", "section", "annex") and title_like(label.rest)


def _latin(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def _paragraphs(lines: list[_Line]) -> list[SourceParagraph]:
    merged: list[tuple[str, bool]] = []
    prev: _Line | None = None
    for line in lines:
        text = line.text.strip()
        if not text:
            continue
        # "。" / "；" left over after a form blank, never glued to a heading
        continuation = prev is not None and text[0] in _CLOSING and not _is_heading(merged[-1][0])
        join = continuation or (prev is not None and prev.full and not line.indent and not _starts_block(text)
                                and not merged[-1][0].rstrip().endswith(tuple(_END_PUNCT)))
        if join:
            head, ocr = merged[-1]
            sep = " " if _latin(head[-1:]) and _latin(text[:1]) else ""
            merged[-1] = (head + sep + text, ocr or line.ocr)
        else:
            merged.append((text, line.ocr))
        prev = line
        if len(merged) > MAX_PARAGRAPHS:
            raise UnreadableFile("文档过长（段落数超过上限），请拆分后上传")
    return [SourceParagraph(index=i, text=t, ocr=o) for i, (t, o) in enumerate(merged)]
