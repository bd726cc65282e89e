"""Reading a .pdf (placeholder until the PDF reader lands)."""

from __future__ import annotations

from contracts.ingest.errors import UnreadableFile
from contracts.types import ParsedDocument


def read_pdf(data: bytes) -> ParsedDocument:
    raise UnreadableFile("暂不支持 PDF")
