"""How the review page shows a section: its paragraphs with the issues' quoted spans marked.

Pure functions of a section's text and its issues' offsets (no database), so the page, its
fragments and the tests render the same marks."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

SEVERITY_RANK = {"high": 0, "medium": 1, "low": 2}


@dataclass
class Span:
    text: str
    #: Issues whose quote covers this piece (ids), most severe first; empty: plain text.
    issues: list[int] = field(default_factory=list)
    severity: str = ""
    status: str = ""


@dataclass
class Paragraph:
    #: Offset of the paragraph's first character in the section's text (a split point when > 0).
    offset: int
    index: int
    spans: list[Span]

    @property
    def empty(self) -> bool:
        return not any(s.text.strip() for s in self.spans)


def marked_paragraphs(text: str, issues: Iterable[object]) -> list[Paragraph]:
    """``text`` split into its paragraphs (lines), each cut into spans at every issue boundary;
    ``issues`` are objects with ``pk``, ``start``, ``end``, ``severity`` and ``status`` (rejected
    ones are not marked)."""
    marks = [(i.start, i.end, i.pk, i.severity, i.status) for i in issues
             if getattr(i, "status", "") != "rejected" and 0 <= i.start < i.end <= len(text)]
    paragraphs: list[Paragraph] = []
    offset = 0
    for index, line in enumerate(text.split("\n")):
        end = offset + len(line)
        cuts = {offset, end}
        for start, stop, *_ in marks:
            if start < end and stop > offset:
                cuts.add(max(start, offset))
                cuts.add(min(stop, end))
        points = sorted(cuts)
        spans: list[Span] = []
        for left, right in zip(points, points[1:], strict=False):
            covering = sorted((m for m in marks if m[0] <= left and m[1] >= right),
                              key=lambda m: (SEVERITY_RANK.get(m[3], 9), m[2]))
            spans.append(Span(text=text[left:right], issues=[m[2] for m in covering],
                              severity=covering[0][3] if covering else "",
                              status=covering[0][4] if covering else ""))
        if not spans:
            spans.append(Span(text=""))
        paragraphs.append(Paragraph(offset=offset, index=index, spans=spans))
        offset = end + 1
    return paragraphs


def paragraphs_html(paragraphs: list[Paragraph], *, split_action: str = "", csrf_token: str = "") -> SafeString:
    """The section body: one ``<p class="para">`` per paragraph, quoted spans as ``<mark>``; with
    ``split_action``, each paragraph but the first carries a form that splits the section there.
    (Built here rather than in the template: a 500-page contract has thousands of paragraphs.)"""
    out: list[str] = []
    for paragraph in paragraphs:
        control = ""
        if split_action and paragraph.offset:
            control = (f'<span class="split-control"><form method="post" action="{escape(split_action)}" '
                       f'class="inline split-form"><input type="hidden" name="csrfmiddlewaretoken" '
                       f'value="{escape(csrf_token)}"><input type="hidden" name="at" value="{paragraph.offset}">'
                       f'<button type="submit" class="link small" title="从本段起拆为新章节">✂ 从此段拆分</button>'
                       f"</form></span>")
        spans = "".join(
            f'<mark class="hl sev-{escape(span.severity)} status-{escape(span.status)}" '
            f'data-issues="{" ".join(str(i) for i in span.issues)}">{escape(span.text)}</mark>'
            if span.issues else escape(span.text)
            for span in paragraph.spans)
        blank = " blank" if paragraph.empty else ""
        out.append(f'<p class="para{blank}" data-offset="{paragraph.offset}">{control}{spans}</p>')
    return mark_safe("\n".join(out))  # noqa: S308 - every piece of text above is escaped
