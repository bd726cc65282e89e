"""Case-library files: check what an upload really is, extract its text, cut it along its structure.

``check_upload`` is the cheap part the upload request runs; ``read_upload`` extracts the text (the
worker). Nothing here touches the database. Every refusal is a :class:`CaseUploadError` with a Chinese
message (HTTP 400 at upload, the document's ``error`` after). See docs/decisions/case-library.md and
docs/decisions/upload-limits.md.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from django.conf import settings

from core import documents
from knowledge.exceptions import KnowledgeError
from knowledge.numerals import cn_to_int

CONTENT_TYPES = {
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "pdf": "application/pdf",
    "txt": "text/plain",
    "md": "text/markdown",
}
#: What the upload form offers (the content decides what a file is).
ALLOWED_EXTENSIONS = {f".{fmt}": content_type for fmt, content_type in CONTENT_TYPES.items()}
DEFAULT_MAX_BYTES = 20 * 1024 * 1024
#: Extracted text longer than this is refused (a judgment is rarely over 100,000 characters);
#: ``KNOWLEDGE_CASE_MAX_TEXT_CHARS``. A .docx or a PDF stops being read as soon as it is reached.
MAX_TEXT_CHARS = 500_000
CHUNK_CHARS = 800
MAX_CHUNK_CHARS = 1600


class CaseUploadError(KnowledgeError):
    """The upload cannot be stored (wrong type, lying extension, too big, corrupt, empty …): HTTP 400."""


def max_bytes() -> int:
    return int(getattr(settings, "KNOWLEDGE_CASE_MAX_BYTES", DEFAULT_MAX_BYTES))


def max_text_chars() -> int:
    return int(getattr(settings, "KNOWLEDGE_CASE_MAX_TEXT_CHARS", MAX_TEXT_CHARS))


# -- type checks and text extraction ----------------------------------------------------------------------
# The one document reader (core.documents) decides what the file is by its bytes and reads it: a .docx
# through the package guard with its numbering, a PDF's text layer with OCR for a scanned page, a text
# file's encoding. Only the limits and the shape of the text are the case library's.


def _refused(refused: documents.DocumentRefused) -> CaseUploadError:
    return CaseUploadError(refused.message)


def check_upload(*, file_name: str, data: bytes) -> str:
    """The content type of an upload after the checks that cost little (the upload request runs
    them): size, empty, the type judged from the bytes (an extension that lies is refused), a .docx's
    zip directory (nothing inflated), a text file's encoding, text and length. Else CaseUploadError."""
    try:
        fmt = documents.precheck(file_name, data, max_bytes=max_bytes(), text_chars=max_text_chars())
    except documents.DocumentRefused as refused:
        raise _refused(refused) from None
    return CONTENT_TYPES[fmt]


def read_upload(*, file_name: str, data: bytes) -> tuple[str, str]:
    """(content type, extracted text) of an upload, or CaseUploadError (the worker runs it). A heading
    is marked with ``#``, a table row's cells are joined by `` | ``, a scanned PDF page is read by OCR."""
    content_type = check_upload(file_name=file_name, data=data)
    try:
        read = documents.read(file_name, data, max_bytes=max_bytes(), text_chars=max_text_chars())
    except documents.DocumentRefused as refused:
        raise _refused(refused) from None
    return content_type, _text_checked(read.text())


def _text_checked(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u3000", " ")
    if not text.strip():
        raise CaseUploadError("文件中没有可读取的文字")
    limit = max_text_chars()
    if len(text) > limit:
        raise CaseUploadError(f"文字过多（{len(text)} 字），上限为 {limit} 字")
    return text


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
