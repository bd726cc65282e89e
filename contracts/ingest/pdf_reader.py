"""A PDF's lines (``core.documents`` reads them: text layer or OCR, running headers, footers and page
numbers removed) joined into a contract's paragraphs: a wrapped line continues its paragraph unless
it starts a clause, a party line or a signature line; a paragraph from an OCR'd line is marked
``ocr=True``."""

from __future__ import annotations

from collections.abc import Sequence

from contracts.ingest.labels import parse_label, title_like
from contracts.ingest.patterns import is_party_line, is_signature_line
from contracts.types import SourceParagraph
from core.documents import Paragraph

_END_PUNCT = "。！？；：:!?;"
#: A line starting with one of these continues the paragraph before it.
_CLOSING = "。，；：、）)」』”！？,;:!?"


def _starts_block(text: str) -> bool:
    return parse_label(text) is not None or is_party_line(text) or is_signature_line(text)


def _is_heading(text: str) -> bool:
    label = parse_label(text)
    return label is not None and label.scheme in ("article", "chapter", "section", "annex") and title_like(label.rest)


def _latin(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def contract_paragraphs(lines: Sequence[Paragraph]) -> list[SourceParagraph]:
    """The contract's paragraphs of a PDF's lines."""
    merged: list[tuple[str, bool]] = []
    prev: Paragraph | None = None
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
    return [SourceParagraph(index=i, text=t, ocr=o) for i, (t, o) in enumerate(merged)]
