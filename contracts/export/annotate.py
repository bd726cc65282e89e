"""The contract as a Word file a lawyer sends back: a comment (批注) anchored on each issue's
quoted span and each suggested rewrite as a tracked change (修订).

How a quote is found: a section covers paragraphs ``para_start..para_end`` of
:func:`core.docx_walk.iter_paragraphs` and its text is ``"\\n".join`` of their
:func:`~core.docx_walk.paragraph_text`, so an issue's ``start``/``end`` map to
(paragraph, character) ranges — one per paragraph when a quote spans several. Runs are split at
those boundaries (each piece keeps its ``w:rPr``), so the comment and the deletion cover exactly
the quoted text. All quotes are located and all runs split before anything is changed, so one
issue's edit never shifts another's offsets.

When the offsets no longer match (the text changed since the review) the quote is searched in
the section; when it is not there any more, the comment goes on the section's first paragraph and
says so. A missing clause (no section) is commented on the document's first non-empty paragraph.
A tracked change is written only where it is safe: the quoted runs are plain text runs (no field
codes, drawings or text boxes, not inside an existing revision) and do not overlap another issue's
change; otherwise the suggestion is in the comment only.
"""

from __future__ import annotations

import copy
import io
from dataclasses import dataclass, field
from datetime import datetime

import docx
from docx.document import Document as DocxDocument
from docx.oxml.ns import qn
from docx.text.run import Run
from lxml import etree
from lxml.etree import _Element

from contracts.export.common import REVISED_STATUSES, comment_text, visible_issues, word_timestamp, xml_safe
from contracts.export.generate import generated_contract
from contracts.types import ExportIssue, ExportSection
from core.docx_walk import iter_paragraphs, paragraph_text

_P, _R, _T, _TAB, _BR, _CR = qn("w:p"), qn("w:r"), qn("w:t"), qn("w:tab"), qn("w:br"), qn("w:cr")
_DEL, _INS, _DELTEXT, _RPR = qn("w:del"), qn("w:ins"), qn("w:delText"), qn("w:rPr")
_RANGE_START, _RANGE_END, _REFERENCE = qn("w:commentRangeStart"), qn("w:commentRangeEnd"), qn("w:commentReference")
_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
_ALL_IDS = etree.XPath("//@w:id", namespaces={"w": "http://schemas.openxmlformats.org/wordprocessingml/2006/main"})
# Parents under which a run may be wrapped in w:del / followed by w:ins.
_REVISABLE_PARENTS = frozenset(qn(t) for t in ("w:p", "w:hyperlink", "w:smartTag", "w:customXml", "w:sdtContent"))
# Run content a tracked deletion must not swallow (fields, objects, notes).
_UNREVISABLE_CONTENT = frozenset(qn(t) for t in ("w:fldChar", "w:instrText", "w:drawing", "w:object", "w:pict",
                                                 "w:footnoteReference", "w:endnoteReference", "w:commentReference",
                                                 "w:ptab", "w:sym"))
_SETTINGS_BEFORE_TRACK = tuple(qn(f"w:{t}") for t in (
    "writeProtection", "view", "zoom", "removePersonalInformation", "removeDateAndTime",
    "doNotDisplayPageBoundaries", "displayBackgroundShape", "printPostScriptOverText",
    "printFractionalCharacterWidth", "printFormsData", "embedTrueTypeFonts", "embedSystemFonts",
    "saveSubsetFonts", "saveFormsData", "mirrorMargins", "alignBordersAndEdges", "bordersDoNotSurroundHeader",
    "bordersDoNotSurroundFooter", "gutterAtTop", "hideSpellingErrors", "hideGrammaticalErrors",
    "activeWritingStyle", "proofState", "formsDesign", "attachedTemplate", "linkStyles",
    "stylePaneFormatFilter", "stylePaneSortMethod", "documentType", "mailMerge", "revisionView"))

NOTE_QUOTE_MOVED = "（原文已修改，未找到引用文字“{quote}”，批注置于本条首段）"
NOTE_NO_SECTION = "（未找到该问题所在条款，批注置于合同首段）"


@dataclass
class _Unit:
    """One piece of a paragraph's text, in :func:`paragraph_text` order."""

    el: _Element
    run: _Element | None
    start: int
    end: int
    foreign: bool  # inside a nested paragraph (text box) or not in a run: never anchored on


@dataclass
class _Span:
    p: _Element
    start: int
    end: int
    runs: list[_Element] = field(default_factory=list)


@dataclass
class _Placement:
    issue: ExportIssue
    spans: list[_Span]
    exact: bool  # the spans are the quote itself (not a fallback paragraph)
    note: str = ""


@dataclass
class AnnotationReport:
    """What :func:`annotate_document` did, for tests and the bench."""

    comments: int = 0
    revisions: int = 0
    exact: int = 0
    fallback: int = 0


def annotated_docx(*, original: bytes | None, file_format: str, title: str, sections: list[ExportSection],
                   issues: list[ExportIssue], author: str = "LegalSite", now: datetime | None = None) -> bytes:
    """The contract as .docx with the issues as comments and suggested rewrites as tracked changes.

    A .docx upload is annotated in place (formatting kept); a .txt/.md/.pdf upload (or a missing
    original) becomes a generated .docx of its sections with the same annotations. Rejected issues
    are left out."""
    if file_format == "docx" and original:
        document = docx.Document(io.BytesIO(original))
        body_paras = [p for p, _ in iter_paragraphs(document.element.body)]
        section_paras = {
            s.order: [(body_paras[i], 0) for i in range(max(s.para_start, 0), min(s.para_end, len(body_paras) - 1) + 1)]
            for s in sections}
        first = next((p for p in body_paras if paragraph_text(p).strip()), body_paras[0] if body_paras else None)
    else:
        document, section_paras, first = generated_contract(title=title, sections=sections)
    annotate_document(document, section_paras, first, issues, author=author, now=now)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def annotate_document(document: DocxDocument, section_paras: dict[int, list[tuple[_Element, int]]],
                      first_paragraph: _Element | None, issues: list[ExportIssue], *, author: str = "LegalSite",
                      now: datetime | None = None) -> AnnotationReport:
    """Write the comments and tracked changes into ``document`` (changed in place)."""
    report = AnnotationReport()
    stamp = word_timestamp(now)
    placements = [_place(issue, section_paras, first_paragraph) for issue in visible_issues(issues)]
    placements = [p for p in placements if p.spans]
    _split_at_boundaries(placements)
    for placement in placements:
        for span in placement.spans:
            span.runs = _span_runs(span)
            if not span.runs:
                span.runs = [_anchor_run(span.p)]
        report.exact += placement.exact
        report.fallback += not placement.exact

    ids = _RevisionIds(document)
    ours: set[_Element] = set()
    claimed: set[_Element] = set()
    for placement in placements:
        issue = placement.issue
        if not (placement.exact and issue.suggestion.strip() and issue.status in REVISED_STATUSES):
            continue
        runs = [r for span in placement.spans for r in span.runs]
        if claimed.intersection(runs) or not all(_revisable(r) for r in runs):
            continue
        claimed.update(runs)
        ours.update(_track_replace(placement.spans, issue.suggestion, author=_author(issue, author), stamp=stamp,
                                   ids=ids))
        report.revisions += 1

    for placement in placements:
        first_run, last_run = placement.spans[0].runs[0], placement.spans[-1].runs[-1]
        comment = document.add_comment([Run(first_run, document), Run(last_run, document)],
                                       text=comment_text(placement.issue, note=placement.note),
                                       author=_author(placement.issue, author),
                                       initials=_initials(_author(placement.issue, author)))
        comment._comment_elm.set(qn("w:date"), stamp)
        _lift_markers(first_run, last_run, comment.comment_id, ours)
        report.comments += 1
    if report.revisions:
        _track_revisions_on(document)
    return report


def _place(issue: ExportIssue, section_paras: dict[int, list[tuple[_Element, int]]],
           first_paragraph: _Element | None) -> _Placement:
    fallback_doc = [_Span(first_paragraph, 0, 0)] if first_paragraph is not None else []
    if issue.section_order is None:
        return _Placement(issue, _whole(fallback_doc), exact=False)
    paras = section_paras.get(issue.section_order) or []
    if not paras:
        return _Placement(issue, _whole(fallback_doc), exact=False, note=NOTE_NO_SECTION)
    texts = [paragraph_text(p)[skip:] for p, skip in paras]
    joined = "\n".join(texts)
    quote = issue.quote or ""
    start, end = issue.start, issue.end
    head = [_Span(_first_text_paragraph(paras, texts), 0, 0)]
    if not quote:
        return _Placement(issue, _whole(head), exact=False)
    if not (0 <= start < end <= len(joined) and joined[start:end] == quote):
        start = _nearest(joined, quote, start)
        end = start + len(quote)
    if start < 0:
        return _Placement(issue, _whole(head), exact=False, note=NOTE_QUOTE_MOVED.format(quote=_short(quote)))
    spans: list[_Span] = []
    base = 0
    for (p, skip), text in zip(paras, texts, strict=True):
        lo, hi = max(start, base), min(end, base + len(text))
        if lo < hi:
            spans.append(_Span(p, lo - base + skip, hi - base + skip))
        base += len(text) + 1
    if not spans or any(u.foreign for s in spans for u in _units(s.p) if u.end > s.start and u.start < s.end):
        return _Placement(issue, _whole(head), exact=False)
    return _Placement(issue, spans, exact=True)


def _whole(spans: list[_Span]) -> list[_Span]:
    """Spans covering their paragraphs' whole (own) text."""
    out = []
    for span in spans:
        own = [u for u in _units(span.p) if not u.foreign]
        out.append(_Span(span.p, own[0].start, own[-1].end) if own else _Span(span.p, 0, 0))
    return out


def _first_text_paragraph(paras: list[tuple[_Element, int]], texts: list[str]) -> _Element:
    for (p, _skip), text in zip(paras, texts, strict=True):
        if text.strip():
            return p
    return paras[0][0]


def _nearest(text: str, quote: str, around: int) -> int:
    found, at = [], text.find(quote)
    while at >= 0:
        found.append(at)
        at = text.find(quote, at + 1)
    return min(found, key=lambda i: abs(i - around)) if found else -1


def _short(quote: str, limit: int = 40) -> str:
    quote = quote.replace("\n", " ")
    return quote if len(quote) <= limit else quote[:limit] + "…"


def _author(issue: ExportIssue, default: str) -> str:
    """A lawyer's issue is by that lawyer; an agent's by ``default`` (the lawyer who exports, or the
    firm's configured name) — its comment says it came from the review (comment_text)."""
    return issue.author_name if issue.author == "user" and issue.author_name else default


def _initials(author: str) -> str:
    letters = "".join(ch for ch in author if ch.isupper())
    return letters or author[:2]


# -- text units and run splitting ---------------------------------------------------------------

def _units(p: _Element) -> list[_Unit]:
    """The paragraph's text pieces exactly as :func:`paragraph_text` counts them."""
    units: list[_Unit] = []
    pos = 0
    for el in p.iter(_T, _TAB, _BR, _CR):
        if _has_ancestor(el, p, _DEL):
            continue
        parent = el.getparent()
        in_run = parent is not None and parent.tag == _R
        if el.tag == _T:
            size = len(el.text or "")
        elif el.tag == _TAB:
            size = 1 if in_run else 0
        else:
            size = 1
        if not size:
            continue
        foreign = not in_run or _nearest_paragraph(el) is not p
        units.append(_Unit(el, parent if in_run else None, pos, pos + size, foreign))
        pos += size
    return units


def _has_ancestor(el: _Element, stop: _Element, tag: str) -> bool:
    parent = el.getparent()
    while parent is not None and parent is not stop:
        if parent.tag == tag:
            return True
        parent = parent.getparent()
    return False


def _nearest_paragraph(el: _Element) -> _Element | None:
    parent = el.getparent()
    while parent is not None and parent.tag != _P:
        parent = parent.getparent()
    return parent


def _split_at_boundaries(placements: list[_Placement]) -> None:
    cuts: dict[_Element, set[int]] = {}
    for placement in placements:
        for span in placement.spans:
            cuts.setdefault(span.p, set()).update((span.start, span.end))
    for p, offsets in cuts.items():
        for offset in sorted(offsets):
            _split_at(p, offset)


def _split_at(p: _Element, offset: int) -> None:
    """Make ``offset`` of the paragraph's text fall between two runs (the text is unchanged)."""
    units = _units(p)
    for index, unit in enumerate(units):
        if unit.foreign or unit.run is None:
            continue
        if unit.start < offset < unit.end:  # inside a w:t: split the text element, then the run
            text = unit.el.text or ""
            k = offset - unit.start
            tail = copy.copy(unit.el)
            tail.text = text[k:]
            unit.el.text = text[:k]
            for t in (unit.el, tail):
                t.set(_XML_SPACE, "preserve")
            unit.el.addnext(tail)
            _split_run_before(unit.run, tail)
            return
        if unit.start == offset and index and units[index - 1].run is unit.run:
            _split_run_before(unit.run, _run_child(unit.el, unit.run))
            return


def _run_child(el: _Element, run: _Element) -> _Element:
    while el.getparent() is not run:
        el = el.getparent()
    return el


def _split_run_before(run: _Element, child: _Element) -> None:
    """Move ``child`` and what follows it into a new run (same properties) right after ``run``."""
    tail = run.makeelement(run.tag, dict(run.attrib))
    rpr = run.find(_RPR)
    if rpr is not None:
        tail.append(copy.deepcopy(rpr))
    moving = [child, *child.itersiblings()]
    for el in moving:
        tail.append(el)
    run.addnext(tail)


def _span_runs(span: _Span) -> list[_Element]:
    runs: list[_Element] = []
    for unit in _units(span.p):
        if unit.run is not None and not unit.foreign and span.start <= unit.start and unit.end <= span.end:
            if not runs or runs[-1] is not unit.run:
                runs.append(unit.run)
    return runs


def _anchor_run(p: _Element) -> _Element:
    """An empty run at the end of an empty paragraph to hang a comment on."""
    run = p.makeelement(_R, {})
    p.append(run)
    return run


# -- tracked changes ------------------------------------------------------------------------------

class _RevisionIds:
    """Revision ids above every ``w:id`` already in the package's XML parts (bookmarks, comments and
    existing revisions included), so no new id clashes with an old one."""

    def __init__(self, document: DocxDocument) -> None:
        highest = 0
        for part in document.part.package.iter_parts():
            element = getattr(part, "_element", None)
            if element is None:
                continue
            for value in _ALL_IDS(element):
                if str(value).lstrip("-").isdigit():
                    highest = max(highest, int(value))
        self._next = highest + 1

    def take(self) -> str:
        value = self._next
        self._next += 1
        return str(value)



def _revisable(run: _Element) -> bool:
    parent = run.getparent()
    if parent is None or parent.tag not in _REVISABLE_PARENTS:
        return False
    return not any(child.tag in _UNREVISABLE_CONTENT for child in run)


def _track_replace(spans: list[_Span], suggestion: str, *, author: str, stamp: str,
                   ids: _RevisionIds) -> list[_Element]:
    """Wrap each span's runs in ``w:del`` (text → ``w:delText``) and add the suggestion as one
    ``w:ins`` run after the last deletion, formatted like the last deleted run."""
    created: list[_Element] = []
    last_del, last_run = None, None
    for span in spans:
        for group in _sibling_groups(span.runs):
            deletion = group[0].makeelement(_DEL, {qn("w:id"): ids.take(), qn("w:author"): author, qn("w:date"): stamp})
            group[0].addprevious(deletion)
            for run in group:
                deletion.append(run)
                for t in run.findall(_T):
                    t.tag = _DELTEXT
            created.append(deletion)
            last_del, last_run = deletion, group[-1]
    if last_del is None:
        return created
    insertion = last_del.makeelement(_INS, {qn("w:id"): ids.take(), qn("w:author"): author, qn("w:date"): stamp})
    run = insertion.makeelement(_R, {})
    rpr = last_run.find(_RPR)
    if rpr is not None:
        run.append(copy.deepcopy(rpr))
    for index, line in enumerate(xml_safe(suggestion).replace("\r\n", "\n").replace("\r", "\n").split("\n")):
        if index:
            run.append(run.makeelement(_BR, {}))
        t = run.makeelement(_T, {_XML_SPACE: "preserve"})
        t.text = line
        run.append(t)
    insertion.append(run)
    last_del.addnext(insertion)
    created.append(insertion)
    return created


def _sibling_groups(runs: list[_Element]) -> list[list[_Element]]:
    groups: list[list[_Element]] = []
    for run in runs:
        if groups and groups[-1][-1].getnext() is run:
            groups[-1].append(run)
        else:
            groups.append([run])
    return groups


def _track_revisions_on(document: DocxDocument) -> None:
    settings = document.settings.element
    if settings.find(qn("w:trackRevisions")) is not None:
        return
    flag = settings.makeelement(qn("w:trackRevisions"), {})
    before = [child for child in settings if child.tag in _SETTINGS_BEFORE_TRACK]
    if before:
        before[-1].addnext(flag)
    else:
        settings.insert(0, flag)


# -- comment markers --------------------------------------------------------------------------------

def _lift_markers(first_run: _Element, last_run: _Element, comment_id: int, ours: set[_Element]) -> None:
    """Keep a comment's range markers and its reference run out of a deletion we wrote: the range
    then covers exactly the deleted quote, and the reference is not itself deleted."""
    start = first_run.getprevious()
    if start is not None and start.tag == _RANGE_START:
        wrapper = start.getparent()
        if wrapper in ours and wrapper.index(start) == 0:
            wrapper.addprevious(start)
    end = last_run.getnext()
    reference = end.getnext() if end is not None and end.tag == _RANGE_END else None
    if reference is None or reference.find(f".//{_REFERENCE}") is None:
        return
    wrapper = end.getparent()
    if wrapper in ours and wrapper.tag == _DEL:
        if reference.getnext() is None:
            wrapper.addnext(end)
            end.addnext(reference)
        else:
            wrapper.addnext(reference)
