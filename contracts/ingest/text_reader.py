"""Reading .txt and .md: UTF-8 (with or without BOM), UTF-16 with BOM, then GB18030; one
paragraph per non-empty line, indentation (spaces, full-width spaces, tabs) removed; a markdown
heading's ``#`` marks become the paragraph's style (``Heading N``), a hint for the splitter."""

from __future__ import annotations

import re

from contracts.ingest.errors import MAX_PARAGRAPHS, UnreadableFile
from contracts.types import ParsedDocument, SourceParagraph

_MD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_MD_EMPHASIS = re.compile(r"(\*\*|__)(.+?)\1")
_INDENT = " \t\u3000\u00a0\ufeff"


def decode_text(data: bytes) -> str:
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
    except UnicodeDecodeError as exc:
        raise UnreadableFile("无法识别文本文件的编码，请另存为 UTF-8 后再上传") from exc


def read_text(data: bytes, fmt: str) -> ParsedDocument:
    text = decode_text(data)
    paragraphs: list[SourceParagraph] = []
    for raw in re.split(r"\r\n|\r|\n|\u2028|\u2029", text):
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
            raise UnreadableFile("文档过长（段落数超过上限），请拆分后上传")
        paragraphs.append(SourceParagraph(index=len(paragraphs), text=line, style=style))
    if not paragraphs:
        raise UnreadableFile("文件没有可读取的文字内容")
    return ParsedDocument(fmt="md" if fmt == "md" else "txt", paragraphs=paragraphs)
