"""Writes of the knowledge app.

- :mod:`knowledge.services.imports` — statute import, embeddings and re-embedding, the HNSW index, term
  statistics, the corpus generation;
- :mod:`knowledge.services.cases` — the firm's case library: upload, extraction (worker), delete, re-embedding.
"""

from knowledge.services.cases import case_delete, case_extract, case_reembed, case_upload, case_upload_permitted
from knowledge.services.imports import (
    IMPORT_GROUP,
    ImportResult,
    Progress,
    StatuteImportError,
    corpus_generation_bump,
    law_versions_refresh,
    search_tokens_rebuild,
    statute_embed_missing,
    statute_import,
    statute_names_in,
    statute_reembed,
    term_stats_rebuild,
)

__all__ = [
    "IMPORT_GROUP", "ImportResult", "Progress", "StatuteImportError", "case_delete", "case_extract", "case_reembed",
    "case_upload", "case_upload_permitted",
    "corpus_generation_bump", "law_versions_refresh", "search_tokens_rebuild", "statute_embed_missing",
    "statute_import", "statute_names_in", "statute_reembed", "term_stats_rebuild",
]
