"""Reading uploaded contracts (.docx, .pdf, .txt, .md) and splitting them along their own
structure.

``read_document(filename, data)`` → :class:`contracts.types.ParsedDocument`; ``split_document(doc)``
→ :class:`contracts.types.SplitResult`. Anything that cannot be read raises
:class:`UnreadableFile` with a Chinese message for the user."""

from __future__ import annotations

from contracts.ingest.detect import resolve_format
from contracts.ingest.docx_reader import read_docx
from contracts.ingest.errors import MAX_UPLOAD_BYTES, UnreadableFile
from contracts.ingest.pdf_reader import read_pdf
from contracts.ingest.splitter import split_document
from contracts.ingest.text_reader import read_text
from contracts.types import ParsedDocument

__all__ = ["MAX_UPLOAD_BYTES", "UnreadableFile", "read_document", "split_document"]


def read_document(filename: str, data: bytes) -> ParsedDocument:
    """Read an upload; the format is judged from the bytes (see :func:`resolve_format`)."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise UnreadableFile(f"文件过大：上限为 {MAX_UPLOAD_BYTES // (1024 * 1024)} MB")
    fmt = resolve_format(filename, data)
    if fmt == "docx":
        doc = read_docx(data)
    elif fmt == "pdf":
        doc = read_pdf(data)
    else:
        doc = read_text(data, fmt)
    if not any(p.text.strip() for p in doc.paragraphs):
        raise UnreadableFile("文件没有可读取的文字内容")
    return doc
