"""Reads of the firm's case library: list, get, chunks and hybrid search of uploaded judgments.

Every read goes through ``firm.selectors.visible_to`` on the document (uploader, the matter's
team, admins for non-privileged matters; compliance sees nothing). See docs/decisions/case-library.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.postgres.search import SearchQuery, SearchRank
from django.db.models import Q, QuerySet
from django.urls import reverse
from pgvector.django import CosineDistance

from firm.roles import is_admin
from firm.selectors import visible_to
from knowledge.embeddings import embed_query, get_embedder
from knowledge.exceptions import InvalidQuery
from knowledge.models import CaseChunk, CaseDocument
from knowledge.selectors.search import fuse, matched_terms, validate_query
from knowledge.selectors.vectors import embedding_column_dim
from knowledge.textsearch import query_tokens

MAX_TOP_K = 50
CANDIDATES = 100
MAX_QUERY_TERMS = 40
#: Case chunks are few and read like prose: the dense signal weighs more than for statutes.
DENSE_WEIGHT = 0.4


def case_can_delete(*, user: Any, document: CaseDocument) -> bool:
    return document.owner_id == user.pk or is_admin(user)


def case_list(*, user: Any, matter_id: int | None = None, scope: Q | None = None) -> QuerySet[CaseDocument]:
    """The documents ``user`` may see; ``matter_id`` keeps one matter's, ``scope`` is a further filter
    (an agent's work: ``firm.selectors.work_scope_q``)."""
    queryset = visible_to(CaseDocument, user=user)
    if matter_id is not None:
        queryset = queryset.filter(matter_id=matter_id)
    if scope is not None:
        queryset = queryset.filter(scope)
    # explicit: Meta.ordering is dropped from GROUP BY queries (the list annotates a chunk count)
    return queryset.select_related("owner", "matter").defer("original").order_by("-created_at", "-id")


def case_get(*, user: Any, document_id: int) -> CaseDocument:
    """Raises CaseDocument.DoesNotExist when the document does not exist *or* is not visible."""
    return case_list(user=user).get(pk=document_id)


def case_chunks(*, document: CaseDocument) -> QuerySet[CaseChunk]:
    return document.chunks.defer("embedding", "search_tokens").order_by("ordinal")


@dataclass
class CaseHit:
    document_id: int
    chunk_id: int
    title: str
    heading: str
    text: str
    score: float
    court: str = ""
    case_number: str = ""
    matter: str = ""
    signals: list[str] = field(default_factory=list)
    matched_terms: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return reverse("knowledge:case", args=[self.document_id]) + f"#chunk-{self.chunk_id}"

    def as_dict(self) -> dict[str, Any]:
        return {"title": self.title, "document_id": self.document_id, "chunk_id": self.chunk_id,
                "heading": self.heading, "text": self.text, "score": round(self.score, 6), "court": self.court,
                "case_number": self.case_number, "matter": self.matter, "signals": self.signals,
                "matched_terms": self.matched_terms, "url": self.url}


def case_search(*, user: Any, query: str, top_k: int = 5, matter_id: int | None = None,
                scope: Q | None = None) -> list[CaseHit]:
    """Hybrid search (dense + full text, fused like statutes) over the chunks the user may see
    (narrowed by ``matter_id`` and ``scope`` as in :func:`case_list`)."""
    text = validate_query(query)
    if not isinstance(top_k, int) or isinstance(top_k, bool) or not 1 <= top_k <= MAX_TOP_K:
        raise InvalidQuery(f"top_k 须为 1 到 {MAX_TOP_K} 之间的整数")
    # only ready documents: a pending or failed one has no chunks, and never will be half-read
    visible = case_list(user=user, matter_id=matter_id, scope=scope).filter(status=CaseDocument.Status.READY)
    chunks = CaseChunk.objects.filter(document__in=visible.values("pk"))
    terms = query_tokens(text, limit=MAX_QUERY_TERMS)
    fts: list[tuple[int, float]] = []
    if terms:
        tsquery = SearchQuery(" | ".join(terms), search_type="raw", config="simple")
        rows = (chunks.filter(search_vector=tsquery).annotate(rank=SearchRank("search_vector", tsquery))
                .order_by("-rank").values_list("pk", "rank")[:CANDIDATES])
        fts = [(pk, float(rank)) for pk, rank in rows]
    dense: list[tuple[int, float]] = []
    if embedding_column_dim(CaseChunk) == get_embedder().dim:
        vector = embed_query(text[:2000])
        rows = (chunks.exclude(embedding__isnull=True).annotate(distance=CosineDistance("embedding", vector))
                .order_by("distance").values_list("pk", "distance")[:CANDIDATES])
        dense = [(pk, 1.0 - float(distance)) for pk, distance in rows]
    if not fts:
        dense = dense[:top_k]  # nothing shares a word with the query: only the nearest few
    scores = fuse(dense, fts, dense_weight=DENSE_WEIGHT)
    if len(dense) == 1 and not fts:
        scores = {dense[0][0]: 1.0}
    ranked = sorted(scores, key=lambda pk: -scores[pk])[:top_k]
    found = {c.pk: c for c in CaseChunk.objects.select_related("document__matter").defer("embedding")
             .filter(pk__in=ranked)}
    top = max(scores.values(), default=1.0) or 1.0
    dense_ids, fts_ids = {pk for pk, _ in dense}, {pk for pk, _ in fts}
    hits = []
    for pk in ranked:
        chunk = found[pk]
        document = chunk.document
        hits.append(CaseHit(
            document_id=document.pk, chunk_id=pk, title=document.title, heading=chunk.heading, text=chunk.text,
            score=scores[pk] / top, court=document.court, case_number=document.case_number,
            matter=str(document.matter) if document.matter_id else "",
            signals=[s for s, ids in (("dense", dense_ids), ("fts", fts_ids)) if pk in ids],
            matched_terms=matched_terms(chunk.text, terms),
        ))
    return hits
