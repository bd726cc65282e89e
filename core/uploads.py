"""The reader guard every .docx upload goes through (contracts, the case library, firm templates).

Two stages, both bounded by the ``UPLOAD_*`` settings (docs/decisions/upload-limits.md):

- :func:`check_directory` reads only the zip's central directory (cheap; the web request runs it):
  the number of parts, each part's declared uncompressed size and compression ratio, their total,
  encrypted parts, and that ``word/document.xml`` is there;
- :func:`guard_docx` (the worker runs it) inflates every XML part itself through a counting,
  bounded stream — never more than the part's declared size plus one byte, so a part whose real
  size differs from what the directory says is refused, and its CRC is checked — refuses any DTD
  or entity declaration, and stream-parses ``word/document.xml`` (``XMLPullParser`` fed in chunks,
  no entity resolution, no network, no huge trees, each finished element dropped) into its text,
  stopping as soon as the text, the element count or the time budget is over its cap.

Only after the guard passed may python-docx (which holds the whole XML tree in memory) open the file.
Every refusal is :class:`UploadRefused` with a Chinese message; each app turns it into its own error.
"""

from __future__ import annotations

import io
import struct
import time
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field

from django.conf import settings
from lxml import etree

MB = 1024 * 1024
#: Defaults of the ``UPLOAD_*`` settings.
DEFAULT_MAX_PART_BYTES = 25 * MB
DEFAULT_MAX_TOTAL_BYTES = 100 * MB
DEFAULT_MAX_RATIO = 200
DEFAULT_MAX_PARTS = 2000
DEFAULT_MAX_TEXT_CHARS = 1_000_000
DEFAULT_MAX_XML_ELEMENTS = 3_000_000
DEFAULT_MAX_SECONDS = 60.0
#: A part under this size is never refused for its compression ratio (small XML compresses well).
RATIO_FLOOR_BYTES = MB
CHUNK = 256 * 1024

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_T, _TAB, _BR, _CR, _P = f"{_W}t", f"{_W}tab", f"{_W}br", f"{_W}cr", f"{_W}p"
_LOCAL_HEADER = struct.Struct("<4s2B4HL2L2H")


class UploadRefused(ValueError):
    """The upload is refused; ``message`` is Chinese and meant for the user, ``code`` names the rule."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


@dataclass(frozen=True)
class Limits:
    part_bytes: int = DEFAULT_MAX_PART_BYTES
    total_bytes: int = DEFAULT_MAX_TOTAL_BYTES
    ratio: int = DEFAULT_MAX_RATIO
    parts: int = DEFAULT_MAX_PARTS
    text_chars: int = DEFAULT_MAX_TEXT_CHARS
    xml_elements: int = DEFAULT_MAX_XML_ELEMENTS
    seconds: float = DEFAULT_MAX_SECONDS


def limits(*, text_chars: int | None = None, part_bytes: int | None = None) -> Limits:
    """The limits in force (settings); a use with its own text cap passes ``text_chars``, one that
    wants smaller parts than the setting passes ``part_bytes`` (the smaller of the two applies)."""
    part = int(getattr(settings, "UPLOAD_MAX_PART_BYTES", DEFAULT_MAX_PART_BYTES))
    return Limits(
        part_bytes=min(part, part_bytes) if part_bytes is not None else part,
        total_bytes=int(getattr(settings, "UPLOAD_MAX_TOTAL_BYTES", DEFAULT_MAX_TOTAL_BYTES)),
        ratio=int(getattr(settings, "UPLOAD_MAX_RATIO", DEFAULT_MAX_RATIO)),
        parts=int(getattr(settings, "UPLOAD_MAX_PARTS", DEFAULT_MAX_PARTS)),
        text_chars=int(text_chars if text_chars is not None
                       else getattr(settings, "UPLOAD_MAX_TEXT_CHARS", DEFAULT_MAX_TEXT_CHARS)),
        xml_elements=int(getattr(settings, "UPLOAD_MAX_XML_ELEMENTS", DEFAULT_MAX_XML_ELEMENTS)),
        seconds=float(getattr(settings, "UPLOAD_MAX_SECONDS", DEFAULT_MAX_SECONDS)),
    )


@dataclass
class GuardResult:
    """What the guard read: the body text (paragraphs joined with ``\\n``) and its counts."""

    text: str
    paragraphs: int
    xml_bytes: int
    parts_read: list[str] = field(default_factory=list)


def _size(n: int) -> str:
    return f"{n / MB:.1f} MB" if n >= MB else f"{n} 字节"


_CORRUPT = "Word 文档已损坏，无法读取（.docx 压缩包结构错误）"
_BOMB = "疑似压缩炸弹，已拒绝读取"


# -- stage 1: the central directory only -------------------------------------------------------------


def check_directory(data: bytes, lim: Limits | None = None) -> list[zipfile.ZipInfo]:
    """The parts of a .docx from its central directory, or :class:`UploadRefused`. Nothing is inflated."""
    lim = lim or limits()
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError):
        raise UploadRefused(_CORRUPT, "corrupt") from None
    if len(infos) > lim.parts:
        raise UploadRefused(f"Word 文档包含的部件过多（{len(infos)} 个，上限 {lim.parts} 个），{_BOMB}", "parts")
    total = 0
    for info in infos:
        if info.flag_bits & 0x1:
            raise UploadRefused("文件已加密，无法读取：请取消密码保护后重新上传", "encrypted")
        if info.file_size > lim.part_bytes:
            raise UploadRefused(f"Word 文档中的 {info.filename} 解压后过大（{_size(info.file_size)}，"
                                f"单个部件上限 {_size(lim.part_bytes)}），{_BOMB}", "part_size")
        if info.file_size > RATIO_FLOOR_BYTES and info.file_size > lim.ratio * max(info.compress_size, 1):
            raise UploadRefused(f"Word 文档中的 {info.filename} 压缩比异常（超过 {lim.ratio} 倍），{_BOMB}", "ratio")
        total += info.file_size
        if total > lim.total_bytes:
            raise UploadRefused(f"Word 文档解压后总大小过大（超过 {_size(lim.total_bytes)}），{_BOMB}", "total_size")
    names = {info.filename for info in infos}
    if "word/document.xml" not in names:
        raise UploadRefused("文件已损坏或不是 Word 文档（缺少 word/document.xml）", "not_docx")
    return infos


# -- stage 2: inflate XML parts ourselves, bounded and counted ----------------------------------------


def _raw_member(data: bytes, info: zipfile.ZipInfo) -> memoryview:
    start = info.header_offset
    header = data[start:start + _LOCAL_HEADER.size]
    if len(header) < _LOCAL_HEADER.size or header[:4] != b"PK\x03\x04":
        raise UploadRefused(_CORRUPT, "corrupt")
    name_len, extra_len = struct.unpack("<HH", header[26:30])
    begin = start + _LOCAL_HEADER.size + name_len + extra_len
    raw = memoryview(data)[begin:begin + info.compress_size]
    if len(raw) < info.compress_size:
        raise UploadRefused(_CORRUPT, "corrupt")
    return raw


def _lying(info: zipfile.ZipInfo) -> UploadRefused:
    return UploadRefused(f"Word 文档中的 {info.filename} 实际大小与声明不符，{_BOMB}", "size_mismatch")


def iter_part(data: bytes, info: zipfile.ZipInfo, lim: Limits, deadline: float) -> Iterator[bytes]:
    """The inflated bytes of one part, in chunks. Never produces more than its declared size plus one
    byte: more is a lie (refused); less, or a wrong CRC, is a corrupt file."""
    if info.file_size > lim.part_bytes:
        raise UploadRefused(f"Word 文档中的 {info.filename} 解压后过大，{_BOMB}", "part_size")
    raw = _raw_member(data, info)
    declared = info.file_size
    produced = 0
    crc = 0
    if info.compress_type == zipfile.ZIP_STORED:
        if info.compress_size != declared:
            raise _lying(info)
        for pos in range(0, len(raw), CHUNK):
            chunk = bytes(raw[pos:pos + CHUNK])
            crc = zlib.crc32(chunk, crc)
            produced += len(chunk)
            yield chunk
    elif info.compress_type == zipfile.ZIP_DEFLATED:
        inflater = zlib.decompressobj(-15)
        pos = 0
        while not inflater.eof:
            if time.monotonic() > deadline:
                raise _too_slow()
            if inflater.unconsumed_tail:
                feed = inflater.unconsumed_tail
            elif pos < len(raw):
                feed, pos = raw[pos:pos + CHUNK], pos + CHUNK
            else:
                break
            try:
                out = inflater.decompress(feed, min(CHUNK, declared - produced + 1))
            except zlib.error:
                raise UploadRefused(_CORRUPT, "corrupt") from None
            produced += len(out)
            if produced > declared:
                raise _lying(info)
            crc = zlib.crc32(out, crc)
            if out:
                yield out
    else:
        raise UploadRefused(f"Word 文档中的 {info.filename} 使用了不支持的压缩方式", "compression")
    if produced != declared:
        raise _lying(info)
    if crc != info.CRC:
        raise UploadRefused(_CORRUPT, "corrupt")


def _too_slow() -> UploadRefused:
    return UploadRefused("Word 文档解析耗时过长，已停止读取（文档过大或结构异常）", "too_slow")


_DTD_MARKERS = (b"<!DOCTYPE", b"<!doctype", b"<!ENTITY")


class _DtdScan:
    """Refuses a DTD or entity declaration (billion laughs, external entities) anywhere in a part,
    a marker split across chunks included. WordprocessingML never has one."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.tail = b""
        self.utf16: bool | None = None

    def feed(self, chunk: bytes) -> None:
        if self.utf16 is None:
            self.utf16 = chunk.startswith((b"\xff\xfe", b"\xfe\xff"))
        window = self.tail + chunk
        probe = window.replace(b"\x00", b"") if self.utf16 else window
        if any(marker in probe for marker in _DTD_MARKERS):
            raise UploadRefused(f"Word 文档的 {self.name} 含有 XML 实体声明（可能是 XML 炸弹），已拒绝读取", "entities")
        self.tail = window[-32:]


def _body_text(data: bytes, info: zipfile.ZipInfo, lim: Limits, deadline: float) -> tuple[str, int, int]:
    """(text, paragraphs, bytes) of ``word/document.xml``, parsed as a stream."""
    parser = etree.XMLPullParser(events=("end",), resolve_entities=False, load_dtd=False, no_network=True,
                                 huge_tree=False, remove_comments=True, remove_pis=True)
    scan = _DtdScan(info.filename)
    lines: list[str] = []
    current: list[str] = []
    chars = paragraphs = elements = size = 0

    def over_text() -> UploadRefused:
        return UploadRefused(f"文档文字过多（超过 {lim.text_chars:,} 字），已停止读取；请拆分后上传", "text_chars")

    try:
        for chunk in iter_part(data, info, lim, deadline):
            size += len(chunk)
            scan.feed(chunk)
            parser.feed(chunk)
            for _event, element in parser.read_events():
                elements += 1
                tag = element.tag
                if tag == _T:
                    piece = element.text or ""
                    chars += len(piece)
                    current.append(piece)
                elif tag == _TAB:
                    chars += 1
                    current.append("\t")
                elif tag in (_BR, _CR):
                    chars += 1
                    current.append("\n")
                elif tag == _P:
                    paragraphs += 1
                    chars += 1
                    lines.append("".join(current))
                    current = []
                if chars > lim.text_chars:
                    raise over_text()
                if elements > lim.xml_elements:
                    raise UploadRefused("文档结构过于复杂（XML 元素过多），已停止读取", "xml_elements")
                # drop what was read: memory stays flat however long the part is
                element.clear(keep_tail=False)
                while element.getprevious() is not None:
                    del element.getparent()[0]
        parser.close()
    except etree.XMLSyntaxError as exc:
        raise UploadRefused(f"Word 文档已损坏，无法读取（正文 XML 错误：{str(exc)[:80]}）", "xml") from None
    if current:
        lines.append("".join(current))
    return "\n".join(lines), paragraphs, size


def guard_docx(data: bytes, *, text_chars: int | None = None, lim: Limits | None = None) -> GuardResult:
    """Check a .docx fully before anything else parses it (see the module docstring)."""
    lim = lim or limits(text_chars=text_chars)
    deadline = time.monotonic() + lim.seconds
    infos = check_directory(data, lim)
    text, paragraphs, total = "", 0, 0
    read: list[str] = []
    for info in infos:
        name = info.filename.lower()
        if info.filename == "word/document.xml":
            text, paragraphs, size = _body_text(data, info, lim, deadline)
        elif name.endswith((".xml", ".rels")):
            scan = _DtdScan(info.filename)
            size = 0
            for chunk in iter_part(data, info, lim, deadline):
                size += len(chunk)
                scan.feed(chunk)
        else:
            continue  # media: zipfile never inflates past the declared size checked above
        total += size
        read.append(info.filename)
    return GuardResult(text=text, paragraphs=paragraphs, xml_bytes=total, parts_read=read)
