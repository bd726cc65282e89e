"""Case-library files: check what an upload really is, extract its text, cut it along its structure.

``check_upload`` is the cheap part the upload request runs; ``read_upload`` extracts the text (the
worker). Nothing here touches the database. Every refusal is a :class:`CaseUploadError` with a Chinese
message (HTTP 400 at upload, the document's ``error`` after). See docs/decisions/case-library.md and
docs/decisions/upload-limits.md.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from dataclasses import dataclass
from pathlib import PurePath

import docx
from django.conf import settings
from docx.table import Table
from docx.text.paragraph import Paragraph
from pypdf import PdfReader

from core import uploads
from knowledge.exceptions import KnowledgeError
from knowledge.numerals import cn_to_int

ALLOWED_EXTENSIONS = {
    ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ".pdf": "application/pdf",
    ".txt": "text/plain",
    ".md": "text/markdown",
}
DEFAULT_MAX_BYTES = 20 * 1024 * 1024
#: Extracted text longer than this is refused (a judgment is rarely over 100,000 characters);
#: ``KNOWLEDGE_CASE_MAX_TEXT_CHARS``. A .docx stops being read as soon as it is reached.
MAX_TEXT_CHARS = 500_000
CHUNK_CHARS = 800
MAX_CHUNK_CHARS = 1600


class CaseUploadError(KnowledgeError):
    """The upload cannot be stored (wrong type, lying extension, too big, corrupt, empty …): HTTP 400."""


def max_bytes() -> int:
    return int(getattr(settings, "KNOWLEDGE_CASE_MAX_BYTES", DEFAULT_MAX_BYTES))


def max_text_chars() -> int:
    return int(getattr(settings, "KNOWLEDGE_CASE_MAX_TEXT_CHARS", MAX_TEXT_CHARS))


def _mb(n: int) -> str:
    return f"{n / 1024 / 1024:.1f} MB" if n >= 1024 * 1024 else f"{n} 字节"


# -- type checks and text extraction ----------------------------------------------------------------------


def extension(file_name: str) -> str:
    ext = PurePath(file_name or "").suffix.lower()
    if ext not in ALLOWED_EXTENSIONS:
        allowed = "、".join(ALLOWED_EXTENSIONS)
        raise CaseUploadError(f"不支持的文件类型“{ext or '无扩展名'}”，仅支持 {allowed}")
    return ext


def _docx_guard(data: bytes, *, full: bool) -> None:
    """The shared reader guard (``core.uploads``): the zip directory only (``full=False``, the
    upload request), or every XML part inflated through a bounded stream and the body stream-parsed
    with the text cap (the worker, before python-docx holds the whole tree)."""
    if not zipfile.is_zipfile(io.BytesIO(data)):
        raise CaseUploadError("文件扩展名为 .docx，但内容不是 Word 文档（不是 zip 格式）")
    try:
        if full:
            uploads.guard_docx(data, text_chars=max_text_chars())
        else:
            uploads.check_directory(data)
    except uploads.UploadRefused as refused:
        raise CaseUploadError(refused.message) from None


def _docx_text(data: bytes) -> str:
    _docx_guard(data, full=True)
    try:
        document = docx.Document(io.BytesIO(data))
        lines: list[str] = []
        for block in document.element.body.iterchildren():
            tag = block.tag.rsplit("}", 1)[-1]
            if tag == "p":
                paragraph = Paragraph(block, document)
                text = paragraph.text.strip()
                style = (paragraph.style.name if paragraph.style is not None else "") or ""
                if text and (style.startswith("Heading") or style.startswith("标题") or style == "Title"):
                    level = re.search(r"\d", style)
                    text = "#" * (int(level.group()) if level else 1) + " " + text
                lines.append(text)
            elif tag == "tbl":
                for row in Table(block, document).rows:
                    cells = list(dict.fromkeys(c.text.strip() for c in row.cells if c.text.strip()))
                    if cells:
                        lines.append(" | ".join(cells))
    except CaseUploadError:
        raise
    except Exception as exc:  # python-docx/lxml raise many types on a corrupt file
        raise CaseUploadError(f"Word 文档已损坏，无法读取（{type(exc).__name__}）") from None
    return "\n".join(lines)


def _pdf_text(data: bytes) -> str:
    if not data.startswith(b"%PDF-"):
        raise CaseUploadError("文件扩展名为 .pdf，但内容不是 PDF 文件")
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            raise CaseUploadError("PDF 文件已加密，请上传未加密的文件")
        pages: list[str] = []
        size, limit = 0, max_text_chars()
        for page in reader.pages:  # stops at the text cap, however many pages follow
            pages.append((page.extract_text() or "").strip())
            size += len(pages[-1]) + 2
            if size > limit:
                raise CaseUploadError(f"文字过多（超过 {limit} 字），已停止读取；请拆分后上传")
    except CaseUploadError:
        raise
    except Exception as exc:  # pypdf raises many types on a corrupt file
        raise CaseUploadError(f"PDF 文件已损坏，无法读取（{type(exc).__name__}）") from None
    return "\n\n".join(p for p in pages if p)


def _plain_text(data: bytes, ext: str) -> str:
    if data.startswith((b"PK\x03\x04", b"%PDF-", b"MZ", b"\x7fELF")) or b"\x00" in data[:65536]:
        raise CaseUploadError(f"文件扩展名为 {ext}，但内容不是文本文件")
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise CaseUploadError("文本文件的编码无法识别（支持 UTF-8 与 GB18030/GBK）")


def _normalise(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\u3000", " ")


def _text_checked(text: str) -> str:
    text = _normalise(text)
    if not text.strip():
        raise CaseUploadError("文件中没有可读取的文字（扫描件请先做文字识别）")
    limit = max_text_chars()
    if len(text) > limit:
        raise CaseUploadError(f"文字过多（{len(text)} 字），上限为 {limit} 字")
    return text


def check_upload(*, file_name: str, data: bytes) -> str:
    """The content type of an upload after the checks that cost little (the upload request runs
    them): extension, size, empty, the bytes matching the extension — a .docx's zip directory (nothing
    inflated), a PDF's header, a text file's encoding, text and length. Else CaseUploadError."""
    ext = extension(file_name)
    limit = max_bytes()
    if len(data) > limit:
        raise CaseUploadError(f"文件过大（{_mb(len(data))}），上限为 {_mb(limit)}")
    if not data:
        raise CaseUploadError("文件为空")
    if ext == ".docx":
        _docx_guard(data, full=False)
    elif ext == ".pdf":
        if not data.startswith(b"%PDF-"):
            raise CaseUploadError("文件扩展名为 .pdf，但内容不是 PDF 文件")
    else:
        _text_checked(_plain_text(data, ext))
    return ALLOWED_EXTENSIONS[ext]


def read_upload(*, file_name: str, data: bytes) -> tuple[str, str]:
    """(content type, extracted text) of an upload, or CaseUploadError (the worker runs it)."""
    content_type = check_upload(file_name=file_name, data=data)
    ext = extension(file_name)
    if ext == ".docx":
        text = _docx_text(data)
    elif ext == ".pdf":
        text = _pdf_text(data)
    else:
        text = _plain_text(data, ext)
    return content_type, _text_checked(text)


# -- structure-aware chunking ---------------------------------------------------------------------------------


@dataclass
class Chunk:
    heading: str
    text: str


SECTION_NAMES = ("当事人", "诉讼请求", "事实与理由", "本院查明", "本院认为", "裁判结果")
_MD_HEADING_RE = re.compile(r"^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$")
_PARTY_RE = re.compile(r"^(原告|被告|上诉人|被上诉人|申请人|被申请人|再审申请人|第三人|委托诉讼代理人|法定代表人|"
                       r"原审原告|原审被告|申诉人|被申诉人|罪犯|被告人|公诉机关|辩护人)")
_EXPLICIT = {
    "当事人": "当事人", "当事人信息": "当事人", "诉讼请求": "诉讼请求", "事实与理由": "事实与理由",
    "事实和理由": "事实与理由", "本院查明": "本院查明", "经审理查明": "本院查明", "本院认为": "本院认为",
    "裁判结果": "裁判结果", "判决结果": "裁判结果", "判决如下": "裁判结果", "裁定如下": "裁判结果",
}
_STARTS = (
    (re.compile(r"^(本院认为|二审法院认为|本院经审查认为)"), "本院认为"),
    (re.compile(r"^(本院经审理查明|经审理查明|本院查明|二审查明|一审法院查明|一审法院认定事实|经审理认定)"),
     "本院查明"),
    (re.compile(r"^(事实[与和]理由)"), "事实与理由"),
    (re.compile(r"^.{0,60}?(诉讼请求|上诉请求|再审请求)[:：]"), "诉讼请求"),
)
_VERDICT_RE = re.compile(r"(判决如下|裁定如下|决定如下)[:：]?\s*$")
_JUDGMENT_MARKERS = ("本院认为", "判决如下", "裁定如下", "经审理查明", "本院查明")


def _strip_heading(line: str) -> str:
    return re.sub(r"^[#\s]*|[\s:：]*$", "", line)


def _judgment_sections(lines: list[str]) -> list[Chunk] | None:
    text = "\n".join(lines)
    if not any(marker in text for marker in _JUDGMENT_MARKERS):
        return None
    sections: list[Chunk] = []
    current = "首部"
    buffer: list[str] = []
    seen_body = False

    def flush() -> None:
        body = "\n".join(buffer).strip()
        if body:
            sections.append(Chunk(current, body))
        buffer.clear()

    verdict_next = False
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        name = _EXPLICIT.get(_strip_heading(line))
        if name:
            flush()
            current, seen_body, verdict_next = name, True, False
            continue
        if verdict_next:
            flush()
            current, verdict_next = "裁判结果", False
        matched = next((section for pattern, section in _STARTS if pattern.match(line)), None)
        if matched and matched != current:
            flush()
            current, seen_body = matched, True
        elif not seen_body and current in ("首部", "当事人") and _PARTY_RE.match(line) and current != "当事人":
            flush()
            current = "当事人"
        buffer.append(line)
        if _VERDICT_RE.search(line):
            verdict_next = True
    flush()
    headings = {s.heading for s in sections}
    return sections if len(headings & set(SECTION_NAMES)) >= 2 else None


def _markdown_sections(lines: list[str]) -> list[Chunk] | None:
    if not any(_MD_HEADING_RE.match(line) for line in lines):
        return None
    sections: list[Chunk] = []
    current = ""
    buffer: list[str] = []
    for line in lines:
        match = _MD_HEADING_RE.match(line)
        if match:
            body = "\n".join(buffer).strip()
            if body:
                sections.append(Chunk(current, body))
            buffer = []
            current = match.group(2)[:300]
        else:
            buffer.append(line)
    body = "\n".join(buffer).strip()
    if body:
        sections.append(Chunk(current, body))
    return sections or None


def _group(paragraphs: list[str], limit: int = CHUNK_CHARS) -> list[str]:
    """Paragraphs joined into pieces of about ``limit`` characters (a longer paragraph is cut)."""
    pieces: list[str] = []
    buffer = ""
    for paragraph in paragraphs:
        paragraph = paragraph.strip()
        if not paragraph:
            continue
        while len(paragraph) > MAX_CHUNK_CHARS:
            if buffer:
                pieces.append(buffer)
                buffer = ""
            pieces.append(paragraph[:limit])
            paragraph = paragraph[limit:]
        if buffer and len(buffer) + len(paragraph) + 1 > limit:
            pieces.append(buffer)
            buffer = ""
        buffer = f"{buffer}\n{paragraph}" if buffer else paragraph
    if buffer:
        pieces.append(buffer)
    return pieces


def chunk_text(text: str) -> list[Chunk]:
    """Judgment sections, else Markdown headings, else paragraphs grouped to ~800 characters."""
    lines = text.split("\n")
    sections = _judgment_sections(lines) or _markdown_sections(lines)
    if sections is None:
        return [Chunk("", piece) for piece in _group(lines)]
    out: list[Chunk] = []
    for section in sections:
        if len(section.text) <= MAX_CHUNK_CHARS:
            out.append(section)
        else:
            out.extend(Chunk(section.heading, piece) for piece in _group(section.text.split("\n")))
    return out


# -- metadata ---------------------------------------------------------------------------------------------------


_COURT_RE = re.compile(r"^\s*([\u4e00-\u9fff]{2,40}(?:人民法院|法院|仲裁委员会))\s*$", re.M)
_CASE_NO_RE = re.compile(r"[（(]\s*\d{4}\s*[）)]\s*[\u4e00-\u9fff0-9]{1,20}?\d+\s*号")
_CN_DATE_RE = re.compile(r"([〇零一二三四五六七八九○Ｏ0-9]{4})\s*年\s*([一二三四五六七八九十0-9]{1,3})\s*月\s*"
                         r"([一二三四五六七八九十0-9]{1,3})\s*日")
_YEAR_DIGITS = str.maketrans("〇零一二三四五六七八九○Ｏ", "0012345678900")


def _number(text: str) -> int:
    return int(text) if text.isdigit() else cn_to_int(text)


def _date_or_none(match: re.Match[str]) -> dt.date | None:
    try:
        return dt.date(int(match.group(1).translate(_YEAR_DIGITS)), _number(match.group(2)), _number(match.group(3)))
    except ValueError:
        return None


def case_metadata(text: str) -> dict:
    """Court, case number and decision date read from the text (blank when not found)."""
    court = _COURT_RE.search(text[:3000])
    number = _CASE_NO_RE.search(text[:5000])
    decided = None
    for match in reversed(list(_CN_DATE_RE.finditer(text[-3000:]))):
        decided = _date_or_none(match)
        if decided is not None:
            break
    return {"court": court.group(1)[:200] if court else "",
            "case_number": re.sub(r"\s+", "", number.group(0))[:200] if number else "",
            "decided_date": decided}
