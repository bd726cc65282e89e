"""Reading uploaded contracts (.docx, .pdf, .txt, .md) and splitting them along their own
structure.

The file is read by the one document reader (``core.documents``: type from the bytes, size, the .docx
package guard and numbering, PDF text with OCR for scanned pages); this package turns what it read
into a contract's paragraphs (a PDF's lines joined along the contract's own structure, see
:mod:`contracts.ingest.pdf_reader`) and splits them.

``precheck(filename, data)`` → the format, after the cheap checks an upload request runs;
``read_document(filename, data)`` → :class:`contracts.types.ParsedDocument`; ``split_document(doc)``
→ :class:`contracts.types.SplitResult`. Anything that cannot be read raises
:class:`UnreadableFile` with a Chinese message for the user."""

from __future__ import annotations

from contracts.ingest.errors import MAX_UPLOAD_BYTES, UnreadableFile
from contracts.ingest.pdf_reader import contract_paragraphs
from contracts.ingest.splitter import split_document
from contracts.types import ParsedDocument, SourceParagraph
from core import documents

__all__ = ["MAX_UPLOAD_BYTES", "UnreadableFile", "precheck", "read_document", "split_document"]


def precheck(filename: str, data: bytes) -> str:
    """The format of an upload (``docx``/``pdf``/``txt``/``md``) after the checks that cost little and
    need no parsing (:func:`core.documents.precheck`). The rest is :func:`read_document`'s, in the
    worker."""
    try:
        return documents.precheck(filename, data, max_bytes=MAX_UPLOAD_BYTES)
    except documents.DocumentRefused as refused:
        raise UnreadableFile(refused.message) from None


def read_document(filename: str, data: bytes) -> ParsedDocument:
    """Read an upload; the format is judged from the bytes."""
    try:
        read = documents.read(filename, data, max_bytes=MAX_UPLOAD_BYTES)
        if read.fmt == "pdf":
            paragraphs = contract_paragraphs(read.paragraphs)
        else:
            paragraphs = [SourceParagraph(index=p.index, text=p.text, auto_number=p.auto_number, style=p.style,
                                          in_table=p.in_table) for p in read.paragraphs]
    except documents.DocumentRefused as refused:
        raise UnreadableFile(refused.message) from None
    if not any(p.text.strip() for p in paragraphs):
        raise UnreadableFile(documents.NO_TEXT)
    return ParsedDocument(fmt=read.fmt, paragraphs=paragraphs, ocr_used=read.ocr_used, warnings=read.warnings)
