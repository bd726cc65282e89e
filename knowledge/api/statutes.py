"""API: statute search, article look-up and corpus status, thin views over knowledge.selectors (ARCHITECTURE §8:
these shapes are a contract)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from knowledge import selectors
from knowledge.api.serializers import (
    ArticleInput,
    ArticleOutput,
    NotFoundOutput,
    SearchInput,
    SearchOutput,
    StatusOutput,
)
from knowledge.exceptions import ArticleNotFound, InvalidArticleNumber, InvalidQuery, LawNotFound
from knowledge.models import Article


def _bad_request(message: str, field: str = "detail") -> Response:
    return Response({field: [message]} if field != "detail" else {"detail": message},
                    status=status.HTTP_400_BAD_REQUEST)


def _not_found(exc: LawNotFound | ArticleNotFound) -> Response:
    if isinstance(exc, LawNotFound):
        suggestions: dict[str, Any] = {"laws": exc.suggestions, "articles": []}
    else:
        suggestions = {"laws": [exc.law], "articles": exc.suggestions}
    return Response({"detail": str(exc), "suggestions": suggestions}, status=status.HTTP_404_NOT_FOUND)


def article_payload(article: Article) -> dict[str, Any]:
    law = article.law
    return {
        "law": law.name, "article_no": article.number, "article_label": article.label, "chapter": article.chapter,
        "text": article.text, "id": article.pk, "suffix": article.suffix, "section": article.section,
        "law_status": selectors.law_status_label(law), "law_version": law.version_label,
        "is_current_version": selectors.law_is_default(law),
        "effective_date": law.effective_date, "url": article.get_absolute_url(),
    }


class KnowledgeSearchApi(APIView):
    @extend_schema(
        summary="法规检索（混合检索：引用直查 + 向量 + 全文）",
        parameters=[SearchInput],
        responses={200: SearchOutput, 400: OpenApiTypes.OBJECT, 404: NotFoundOutput},
    )
    def get(self, request: Request) -> Response:
        return self._search(request.query_params)

    @extend_schema(
        summary="法规检索（POST：长文本案情，URL 放不下时使用）",
        request=SearchInput,
        responses={200: SearchOutput, 400: OpenApiTypes.OBJECT, 404: NotFoundOutput},
    )
    def post(self, request: Request) -> Response:
        # A pasted judgment's facts (up to 30,000 characters) does not fit in a URL: web servers cap
        # the request line (daphne/Twisted at 16 KB, i.e. ~1,800 Chinese characters percent-encoded).
        return self._search(request.data)

    def _search(self, params) -> Response:  # QueryDict or parsed JSON
        payload = SearchInput(data=params)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        try:
            response = selectors.statute_search(
                query=data["q"], top_k=data["top_k"], law=data["law"] or None, domain=data["domain"] or None,
                department=data["department"] or None, status=data["status"], doc_type=data["doc_type"] or None,
            )
        except InvalidQuery as exc:
            return _bad_request(str(exc), "q" if "检索内容" in str(exc) else "detail")
        except LawNotFound as exc:
            return _not_found(exc)
        info = response.query
        return Response({
            "results": [hit.as_dict() for hit in response.results],
            "query": {"length": info.length, "long": info.long, "expanded_terms": info.expanded_terms,
                      "key_terms": info.key_terms, "citations": info.citations,
                      "laws_mentioned": info.laws_mentioned, "dense": info.dense,
                      "elapsed_ms": round(info.elapsed_ms, 1)},
        })


class KnowledgeArticleApi(APIView):
    @extend_schema(
        summary="法条查询（法律名 + 条号）",
        parameters=[ArticleInput],
        responses={200: ArticleOutput, 400: OpenApiTypes.OBJECT, 404: NotFoundOutput},
    )
    def get(self, request: Request) -> Response:
        payload = ArticleInput(data=request.query_params)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        try:
            article = selectors.article_lookup(law=data["law"], article=data["article"],
                                               version=data["version"] or None)
        except InvalidArticleNumber as exc:
            return _bad_request(str(exc), "article")
        except (LawNotFound, ArticleNotFound) as exc:
            return _not_found(exc)
        return Response(article_payload(article))


class KnowledgeStatusApi(APIView):
    @extend_schema(summary="法规库状态（数量、版本、向量、最近导入）", responses={200: StatusOutput})
    def get(self, request: Request) -> Response:
        return Response(selectors.corpus_status())
