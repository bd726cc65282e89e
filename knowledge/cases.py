"""The firm's case library: upload, delete, list, get and hybrid search of uploaded judgments.

Every read goes through ``firm.selectors.work_visible_q`` on the document (uploader, the matter's
team, admins for non-privileged matters; compliance sees nothing). See docs/decisions/case-library.md.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

from django.contrib.postgres.search import SearchQuery, SearchRank
from django.db import connection, transaction
from django.db.models import QuerySet
from pgvector.django import CosineDistance

from firm.models import Matter
from firm.roles import does_client_work, is_admin
from firm.selectors import team_matter_ids, work_visible_q
from knowledge.casefiles import CaseUploadError, case_metadata, chunk_text, max_bytes, read_upload
from knowledge.embeddings import embed_query, get_embedder
from knowledge.exceptions import InvalidQuery, KnowledgeError
from knowledge.indexing import MAX_EMBED_CHARS
from knowledge.models import CaseChunk, CaseDocument
from knowledge.search import fuse, matched_terms, validate_query
from knowledge.textsearch import index_tokens, query_tokens
from tracing.services import audit_event_record

MAX_TOP_K = 50
CANDIDATES = 100
MAX_QUERY_TERMS = 40
#: Case chunks are few and read like prose: the dense signal weighs more than for statutes.
DENSE_WEIGHT = 0.4
EMBED_BATCH = 64


class CasePermissionDenied(KnowledgeError):
    """The user may not do this to the case library (HTTP 403)."""


__all__ = [
    "CasePermissionDenied", "CaseUploadError", "case_delete", "case_get", "case_list", "case_reembed", "case_search",
    "case_upload",
]


# -- services -----------------------------------------------------------------------------------------------------


def _read_file(file: Any) -> bytes:
    limit = max_bytes()
    size = getattr(file, "size", None)
    if size is not None and size > limit:
        raise CaseUploadError(f"文件过大（{size / 1024 / 1024:.1f} MB），上限为 {limit / 1024 / 1024:.1f} MB")
    if hasattr(file, "seek"):
        file.seek(0)
    data = file.read(limit + 1)
    if len(data) > limit:
        raise CaseUploadError(f"文件过大，上限为 {limit / 1024 / 1024:.1f} MB")
    return data


def _column_dim() -> int | None:
    """The dimension of ``knowledge_casechunk.embedding`` as it is in the database."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT atttypmod FROM pg_attribute "
                       "WHERE attrelid = 'knowledge_casechunk'::regclass AND attname = 'embedding'")
        row = cursor.fetchone()
    return row[0] if row and row[0] > 0 else None


def _embedding_text(title: str, heading: str, text: str) -> str:
    head = " ".join(t for t in (title, heading) if t)
    return f"{head}：{text[:MAX_EMBED_CHARS]}" if head else text[:MAX_EMBED_CHARS]


def case_upload(*, actor: Any, file: Any, title: str = "", matter: Matter | None = None) -> CaseDocument:
    """Check, extract, chunk, embed and store an uploaded judgment. All or nothing.

    Raises CaseUploadError (400) for a bad file or matter, CasePermissionDenied (403) for compliance.
    """
    if not does_client_work(actor):
        raise CasePermissionDenied("当前角色不能上传案例")
    if matter is not None and not Matter.objects.filter(pk=matter.pk, pk__in=team_matter_ids(user=actor)).exists():
        raise CaseUploadError("只能关联到您所在团队的案件")
    file_name = PurePath(getattr(file, "name", "") or "").name[:255]
    data = _read_file(file)
    content_type, text = read_upload(file_name=file_name, data=data)
    chunks = chunk_text(text)
    if not chunks:
        raise CaseUploadError("文件中没有可读取的文字")
    title = (title or "").strip()[:300] or PurePath(file_name).stem[:300] or "未命名案例"
    meta = case_metadata(text)
    embedder = get_embedder()
    texts = [_embedding_text(title, c.heading, c.text) for c in chunks]
    vectors: list[Any] = [None] * len(texts)
    if _column_dim() == embedder.dim:  # else stored without vectors until `manage.py reembed` (full text only)
        vectors = []
        for start in range(0, len(texts), EMBED_BATCH):
            vectors.extend(embedder.embed(texts[start:start + EMBED_BATCH]))
    with transaction.atomic():
        document = CaseDocument.objects.create(
            owner=actor, matter=matter, title=title, court=meta["court"], case_number=meta["case_number"],
            decided_date=meta["decided_date"], file_name=file_name, content_type=content_type, size=len(data),
            sha256=hashlib.sha256(data).hexdigest(),
        )
        CaseChunk.objects.bulk_create([
            CaseChunk(document=document, ordinal=i, heading=chunk.heading[:300], text=chunk.text,
                      embedding=vector, search_tokens=index_tokens(f"{chunk.heading}\n{chunk.text}"))
            for i, (chunk, vector) in enumerate(zip(chunks, vectors, strict=True))
        ])
        audit_event_record(actor=actor, event_type="knowledge.case_uploaded", obj=document,
                           new={"title": title, "file_name": file_name, "sha256": document.sha256,
                                "size": document.size, "matter": matter.number if matter else None})
    return document


def case_reembed(*, embedder: Any = None) -> int:
    """Recompute every case-chunk vector (``manage.py reembed``); alters the column when the dimension changed."""
    embedder = embedder or get_embedder()
    with transaction.atomic():
        if _column_dim() != embedder.dim:
            with connection.cursor() as cursor:
                cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # deferred FK checks block ALTER TABLE
                cursor.execute("ALTER TABLE knowledge_casechunk ALTER COLUMN embedding "
                               f"TYPE vector({int(embedder.dim)}) USING NULL")
        done = 0
        rows = list(CaseChunk.objects.order_by("pk").values_list("pk", "document__title", "heading", "text"))
        for start in range(0, len(rows), EMBED_BATCH):
            batch = rows[start:start + EMBED_BATCH]
            vectors = embedder.embed([_embedding_text(title, heading, text) for _, title, heading, text in batch])
            with connection.cursor() as cursor:  # raw SQL: the model field still names the old dimension
                cursor.executemany(
                    "UPDATE knowledge_casechunk SET embedding = %s::vector WHERE id = %s",
                    [("[" + ",".join(f"{x:.6f}" for x in vector.tolist()) + "]", pk)
                     for (pk, *_), vector in zip(batch, vectors, strict=True)],
                )
            done += len(batch)
    return done


def case_can_delete(*, user: Any, document: CaseDocument) -> bool:
    return document.owner_id == user.pk or is_admin(user)


def case_delete(*, actor: Any, document: CaseDocument) -> None:
    """Delete a case document and its chunks: its uploader or an admin (who can see it)."""
    if not CaseDocument.objects.filter(work_visible_q(user=actor), pk=document.pk).exists():
        raise CaseDocument.DoesNotExist
    if not case_can_delete(user=actor, document=document):
        raise CasePermissionDenied("只有上传人或管理员可以删除案例")
    with transaction.atomic():
        audit_event_record(actor=actor, event_type="knowledge.case_deleted", obj=document,
                           old={"title": document.title, "file_name": document.file_name, "sha256": document.sha256,
                                "owner": document.owner.get_username()})
        document.delete()


# -- selectors -----------------------------------------------------------------------------------------------------


def case_list(*, user: Any, matter_id: int | None = None) -> QuerySet[CaseDocument]:
    queryset = CaseDocument.objects.filter(work_visible_q(user=user, owner_field="owner", matter_field="matter"))
    if matter_id is not None:
        queryset = queryset.filter(matter_id=matter_id)
    # explicit: Meta.ordering is dropped from GROUP BY queries (the list annotates a chunk count)
    return queryset.select_related("owner", "matter").order_by("-created_at", "-id")


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
        from django.urls import reverse

        return reverse("knowledge:case", args=[self.document_id]) + f"#chunk-{self.chunk_id}"

    def as_dict(self) -> dict[str, Any]:
        return {"title": self.title, "document_id": self.document_id, "chunk_id": self.chunk_id,
                "heading": self.heading, "text": self.text, "score": round(self.score, 6), "court": self.court,
                "case_number": self.case_number, "matter": self.matter, "signals": self.signals,
                "matched_terms": self.matched_terms, "url": self.url}


def case_search(*, user: Any, query: str, top_k: int = 5, matter_id: int | None = None) -> list[CaseHit]:
    """Hybrid search (dense + full text, fused like statutes) over the chunks the user may see."""
    text = validate_query(query)
    if not isinstance(top_k, int) or isinstance(top_k, bool) or not 1 <= top_k <= MAX_TOP_K:
        raise InvalidQuery(f"top_k 须为 1 到 {MAX_TOP_K} 之间的整数")
    chunks = CaseChunk.objects.filter(document__in=case_list(user=user, matter_id=matter_id).values("pk"))
    terms = query_tokens(text, limit=MAX_QUERY_TERMS)
    fts: list[tuple[int, float]] = []
    if terms:
        tsquery = SearchQuery(" | ".join(terms), search_type="raw", config="simple")
        rows = (chunks.filter(search_vector=tsquery).annotate(rank=SearchRank("search_vector", tsquery))
                .order_by("-rank").values_list("pk", "rank")[:CANDIDATES])
        fts = [(pk, float(rank)) for pk, rank in rows]
    dense: list[tuple[int, float]] = []
    if _column_dim() == get_embedder().dim:
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
