"""Reads of the knowledge app.

- :mod:`knowledge.selectors.statutes` — laws, articles, article context, corpus status and the per-process
  corpus cache (statutes are public law: no ``user``);
- :mod:`knowledge.selectors.search` — hybrid statute search;
- :mod:`knowledge.selectors.cases` — the firm's case library (list, get, chunks, search), scoped to the user;
- :mod:`knowledge.selectors.vectors` — the stored dimension of an ``embedding`` column.
"""

from knowledge.selectors.cases import CaseHit, case_can_delete, case_chunks, case_get, case_list, case_search
from knowledge.selectors.search import QueryInfo, SearchHit, SearchResponse, statute_search
from knowledge.selectors.statutes import (
    MISSING,
    ArticleContext,
    CorpusCache,
    article_context,
    article_get,
    article_lookup,
    article_summary,
    article_texts,
    articles_without_vectors,
    corpus_cache,
    corpus_status,
    doc_type_rank,
    invalidate_caches,
    law_articles,
    law_first,
    law_get,
    law_in_force,
    law_index,
    law_is_default,
    law_list,
    law_resolve,
    law_status_label,
    law_status_note,
    law_suggest,
    law_time_status,
    law_versions,
    law_versions_named,
    parse_article,
    statutes_present,
    version_report,
)
from knowledge.selectors.vectors import embedding_column_dim

__all__ = [
    "MISSING", "ArticleContext", "CaseHit", "CorpusCache", "QueryInfo", "SearchHit", "SearchResponse",
    "article_context", "article_get", "article_lookup", "article_summary", "article_texts", "articles_without_vectors",
    "case_can_delete", "case_chunks", "case_get", "case_list", "case_search", "corpus_cache", "corpus_status",
    "doc_type_rank",
    "embedding_column_dim", "invalidate_caches",
    "law_articles", "law_first", "law_index", "law_list", "law_resolve", "law_suggest",
    "law_get", "law_versions", "law_versions_named", "parse_article", "statute_search", "statutes_present",
    "law_in_force", "law_is_default", "law_status_label", "law_status_note", "law_time_status", "version_report",
]
