"""Reading uploaded contracts (.docx, .pdf, .txt, .md) and splitting them along their own
structure.

``precheck(filename, data)`` → the format, after the cheap checks an upload request runs (size,
type from the bytes, the .docx zip directory, a text file's encoding and content);
``read_document(filename, data)`` → :class:`contracts.types.ParsedDocument`; ``split_document(doc)``
→ :class:`contracts.types.SplitResult`. Anything that cannot be read raises
:class:`UnreadableFile` with a Chinese message for the user."""

from __future__ import annotations

from contracts.ingest.detect import resolve_format
from contracts.ingest.docx_reader import check_package, read_docx
from contracts.ingest.errors import MAX_UPLOAD_BYTES, UnreadableFile
from contracts.ingest.pdf_reader import read_pdf
from contracts.ingest.splitter import split_document
from contracts.ingest.text_reader import decode_text, read_text
from contracts.types import ParsedDocument

__all__ = ["MAX_UPLOAD_BYTES", "UnreadableFile", "precheck", "read_document", "split_document"]

_NO_TEXT = "文件没有可读取的文字内容"


def precheck(filename: str, data: bytes) -> str:
    """The format of an upload (``docx``/``pdf``/``txt``/``md``) after the checks that cost little and
    need no parsing: size, the format judged from the bytes, a .docx's zip directory (nothing
    inflated), a text file's encoding and that it has text. The rest is :func:`read_document`'s, in
    the worker."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise UnreadableFile(f"文件过大：上限为 {MAX_UPLOAD_BYTES // (1024 * 1024)} MB")
    fmt = resolve_format(filename, data)
    if fmt == "docx":
        check_package(data)
    elif fmt in ("txt", "md") and not decode_text(data).strip(" \t\r\n\u3000\u00a0\ufeff"):
        raise UnreadableFile(_NO_TEXT)
    return fmt


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
        raise UnreadableFile(_NO_TEXT)
    return doc
