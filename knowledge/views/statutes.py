"""Portal pages: 法规检索 (search with filters), article and law pages."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from knowledge import selectors
from knowledge.domains import domain_choices
from knowledge.exceptions import InvalidQuery, LawNotFound
from knowledge.models import Article, Law

STATUS_CHOICES = [("current", "现行有效（默认）"), ("all", "全部版本"), ("history", "历史版本"), ("已废止", "已废止")]
PAGE_TOP_K = 20


#: Longest search URL the page redirects to after a POST (daphne refuses request lines past ~16 KB;
#: 2,000 bytes keeps a bookmark working everywhere). Longer queries are answered on the POST itself.
MAX_BOOKMARK_URL = 2000
SEARCH_FIELDS = ("q", "law", "department", "domain", "status", "doc_type")


@login_required
@require_http_methods(["GET", "POST"])
def index(request: HttpRequest) -> HttpResponse:
    """法规检索. The form posts (a pasted judgment's facts do not fit in a URL); a short query is
    redirected to its GET URL so the result can be bookmarked, a long one is answered directly."""
    source = request.POST if request.method == "POST" else request.GET
    params = {key: source.get(key, "").strip() for key in SEARCH_FIELDS}
    if request.method == "POST":
        query_string = urlencode({key: value for key, value in params.items() if value})
        if len(query_string) <= MAX_BOOKMARK_URL:
            return redirect(f"{reverse('knowledge:index')}?{query_string}", permanent=False)
    params["status"] = params["status"] or "current"
    context: dict = {
        "params": params, "domains": domain_choices(), "statuses": STATUS_CHOICES,
        "departments": selectors.corpus_cache().departments, "doc_types": selectors.corpus_cache().doc_types,
        "response": None, "error": None, "suggestions": [],
    }
    if params["q"]:
        try:
            context["response"] = selectors.statute_search(
                query=params["q"], top_k=PAGE_TOP_K, law=params["law"] or None,
                department=params["department"] or None, domain=params["domain"] or None, status=params["status"],
                doc_type=params["doc_type"] or None,
            )
        except InvalidQuery as exc:
            context["error"] = str(exc)
        except LawNotFound as exc:
            context["error"] = str(exc)
            context["suggestions"] = exc.suggestions
    status = 400 if context["error"] and not context["suggestions"] else (404 if context["suggestions"] else 200)
    return render(request, "knowledge/search.html", context, status=status)


@login_required
def article_detail(request: HttpRequest, article_id: int) -> HttpResponse:
    try:
        article = selectors.article_get(article_id=article_id)
    except Article.DoesNotExist:
        raise Http404("法条不存在") from None
    context = selectors.article_context(article=article)
    terms = [t for t in request.GET.getlist("hl") if t][:30]
    return render(request, "knowledge/article.html", {"ctx": context, "article": article, "law": article.law,
                                                      "terms": terms, **_law_status(article.law)})


@login_required
def law_detail(request: HttpRequest, law_id: int) -> HttpResponse:
    try:
        law = selectors.law_get(law_id=law_id)
    except Law.DoesNotExist:
        raise Http404("法律不存在") from None
    return render(request, "knowledge/law.html", {"law": law, "articles": selectors.law_articles(law=law),
                                                  "versions": selectors.law_versions(law=law), **_law_status(law)})


def _law_status(law: Law) -> dict[str, object]:
    """The law's status today computed from its versions' dates (never the stored label alone)."""
    return {"law_status": selectors.law_time_status(law), "law_status_note": selectors.law_status_note(law),
            "law_is_default": selectors.law_is_default(law)}
