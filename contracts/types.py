"""Plain data passed between the contract pipeline's stages (reading, splitting, the playbook,
export). No Django here: each stage is a pure function of these values, so each is testable and
benchmarkable on its own, and the services map them to and from the models."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Literal

FileFormat = Literal["docx", "pdf", "txt", "md"]
SectionKind = Literal["preamble", "chapter", "clause", "annex", "signature"]
Severity = Literal["high", "medium", "low"]


@dataclass(frozen=True)
class SourceParagraph:
    """One paragraph of the uploaded file, in body order.

    ``index`` is the paragraph's position in :func:`core.docx_walk.iter_paragraphs` order for
    a .docx (table cells included), or its line/block number for other formats. ``text`` is
    exactly the paragraph's own text (for .docx the concatenated ``w:t``/``w:tab`` of its runs), so
    an offset into it is an offset into the Word paragraph; an automatic Word number is not part
    of the text and is carried in ``auto_number`` (e.g. ``"第五条"`` or ``"1."``)."""

    index: int
    text: str
    auto_number: str = ""
    style: str = ""
    in_table: bool = False
    ocr: bool = False


@dataclass
class ParsedDocument:
    fmt: FileFormat
    paragraphs: list[SourceParagraph]
    ocr_used: bool = False
    warnings: list[str] = field(default_factory=list)


@dataclass
class SectionDraft:
    """A section found by the splitter. ``para_start``/``para_end`` are inclusive paragraph
    indices; ``text`` is ``"\\n".join`` of those paragraphs' ``text`` (so a quote's offsets map back
    to a paragraph and a character in it). ``parent`` is the ``order`` of the enclosing section
    (a chapter for its clauses), or ``None``."""

    order: int
    kind: SectionKind
    number: str
    title: str
    text: str
    para_start: int
    para_end: int
    parent: int | None = None
    ocr: bool = False


@dataclass(frozen=True)
class Party:
    role: str  # 甲方 / 乙方 / 丙方 / 委托人 / 出租人 …
    name: str
    credit_code: str = ""
    credit_code_valid: bool | None = None


@dataclass
class SplitResult:
    sections: list[SectionDraft]
    #: True when the document has no numbering the splitter recognises and sections are paragraphs.
    fallback_paragraphs: bool = False
    contract_type: str = "other"
    parties: list[Party] = field(default_factory=list)


@dataclass(frozen=True)
class BasisRef:
    law: str
    #: the article; of the text ``editions`` names first when it names one
    article: int
    #: a citation naming the versions it cites: ((the date naming a version - the text in force that day -, the
    #: article in that text), ...); empty: whichever text is in force (docs/decisions/laws-in-force-on-a-date.md)
    editions: tuple[tuple[date, int], ...] = field(default=(), compare=False)


@dataclass
class Finding:
    """One issue raised by the offline playbook (or parsed from an agent's tool call).

    ``section_order`` is ``None`` for a clause the contract lacks. ``start``/``end`` are offsets
    of ``quote`` in that section's ``text`` (``quote == text[start:end]``)."""

    rule_code: str
    section_order: int | None
    quote: str
    start: int
    end: int
    category: str
    severity: Severity
    description: str
    suggestion: str
    basis: list[BasisRef] = field(default_factory=list)


@dataclass
class ExportSection:
    order: int
    number: str
    title: str
    text: str
    para_start: int
    para_end: int
    kind: str = "clause"


@dataclass
class ExportIssue:
    """An issue as the exporters see it. ``section_order`` ``None``: a missing clause (a comment on
    the document's first paragraph / a report entry). ``basis`` holds display strings such as
    ``《民法典》第五百八十五条 ✓``."""

    id: int
    section_order: int | None
    section_number: str
    quote: str
    start: int
    end: int
    category: str
    severity: Severity
    description: str
    suggestion: str
    status: str
    basis: list[str] = field(default_factory=list)
    #: agent | user, and the name the issue is by (the Word comment's author for a user's issue).
    author: str = "agent"
    author_name: str = ""


@dataclass(frozen=True)
class ReviewDeps:
    """What the contract review agent's tools read (``agents.tools.RunContext.deps``): the contract
    its run is for, the run, and the section the service named for this turn (None: the run's
    cursor). Never a tool argument: the model cannot point a tool at another contract."""

    contract_id: int
    run_id: int | None = None
    section_id: int | None = None
