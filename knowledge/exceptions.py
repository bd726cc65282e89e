"""Errors of the knowledge app; the API turns each into a clear 4xx."""

from __future__ import annotations


class KnowledgeError(Exception):
    """Base class."""


class InvalidQuery(KnowledgeError):
    """The search query or a parameter is unusable (empty, too long, unknown domain …): HTTP 400."""


class InvalidArticleNumber(KnowledgeError):
    """The article number cannot be parsed (第四十七款, abc): HTTP 400."""


class LawNotFound(KnowledgeError):
    """No law answers to the name: HTTP 404 with the nearest names."""

    def __init__(self, name: str, suggestions: list[str]) -> None:
        self.name = name
        self.suggestions = suggestions
        hint = f"；您是否要找：{'、'.join(suggestions)}" if suggestions else ""
        super().__init__(f"找不到法律“{name}”{hint}")


class ArticleNotFound(KnowledgeError):
    """The law exists but has no such article: HTTP 404 with the nearest articles."""

    def __init__(self, law: str, article: str, suggestions: list[dict]) -> None:
        self.law = law
        self.article = article
        self.suggestions = suggestions
        hint = f"；相近条文：{'、'.join(s['article_label'] for s in suggestions)}" if suggestions else ""
        super().__init__(f"《{law}》没有{article}{hint}")


class CasePermissionDenied(KnowledgeError):
    """The user may not do this to the case library (HTTP 403)."""
