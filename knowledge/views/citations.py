"""Portal pages of citation verification and the citation picture."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from core.validation import int_param
from knowledge.exceptions import InvalidQuery, KnowledgeError, LawNotFound
from knowledge.graph_picture import article_picture
from knowledge.verification import VerifiedCitation, citations_verify, verification_summary

MAX_PICTURE_LIMIT = 30


@dataclass
class Segment:
    """A piece of the submitted text; ``marks`` are the 1-based numbers of the citations inside it."""

    text: str
    state: str = ""  # "" (plain) | ok | warn | bad
    marks: tuple[int, ...] = ()
    reason: str = ""


def _state(result: VerifiedCitation) -> str:
    if not result.valid:
        return "bad"
    return "warn" if result.flagged else "ok"


def text_segments(text: str, results: list[VerifiedCitation]) -> list[Segment]:
    """The text cut into plain pieces and cited pieces (citations sharing or overlapping a span are merged;
    the worst verdict colours the piece)."""
    groups: list[tuple[int, int, list[int]]] = []
    for number, result in sorted(enumerate(results, start=1), key=lambda nr: (nr[1].span[0], nr[0])):
        start, end = result.span
        if groups and start < groups[-1][1]:
            s, e, members = groups[-1]
            groups[-1] = (s, max(e, end), [*members, number])
        else:
            groups.append((start, end, [number]))
    rank = {"ok": 0, "warn": 1, "bad": 2}
    segments: list[Segment] = []
    pos = 0
    for start, end, members in groups:
        if start > pos:
            segments.append(Segment(text[pos:start]))
        states = [_state(results[n - 1]) for n in members]
        worst = max(states, key=rank.__getitem__)
        reasons = "；".join(f"[{n}] {results[n - 1].reason}" for n in members[:5])
        segments.append(Segment(text[start:end], worst, tuple(members), reasons))
        pos = end
    if pos < len(text):
        segments.append(Segment(text[pos:]))
    return segments


@login_required
@require_http_methods(["GET", "POST"])
def verify_page(request: HttpRequest) -> HttpResponse:
    """引用核验: paste a text, see every citation with ✓/✗ and the reason."""
    text = request.POST.get("text", "") if request.method == "POST" else ""
    default_law = (request.POST.get("default_law", "") if request.method == "POST" else "").strip()
    context: dict = {"text": text, "default_law": default_law, "results": None, "error": "", "suggestions": []}
    status = 200
    if request.method == "POST":
        try:
            results = citations_verify(text=text, default_law=default_law or None)
        except InvalidQuery as exc:
            context["error"], status = str(exc), 400
        except LawNotFound as exc:
            context.update(error=str(exc), suggestions=exc.suggestions)
            status = 400
        else:
            context.update(results=results, summary=verification_summary(results),
                           segments=text_segments(text, results))
    return render(request, "knowledge/verify.html", context, status=status)


@login_required
def citation_graph_svg(request: HttpRequest, article_id: int) -> HttpResponse:
    """The article's citation picture as a standalone SVG document."""
    limit = min(int_param(request.GET, "limit") or 12, MAX_PICTURE_LIMIT)
    try:
        picture = article_picture(article_id=article_id, limit=limit)
    except KnowledgeError:
        raise Http404("法条不存在") from None
    return render(request, "knowledge/citation_graph.svg", {"p": picture}, content_type="image/svg+xml")
