"""Writes to the firm's case library: upload, delete and re-embedding of uploaded judgments.

See docs/decisions/case-library.md.
"""

from __future__ import annotations

import hashlib
from pathlib import PurePath
from typing import Any

from django.db import connection, transaction

from firm.models import Matter
from firm.roles import does_client_work
from firm.selectors import team_matter_ids, work_visible_q
from knowledge.casefiles import CaseUploadError, case_metadata, chunk_text, max_bytes, read_upload
from knowledge.embeddings import get_embedder
from knowledge.exceptions import CasePermissionDenied
from knowledge.indexing import MAX_EMBED_CHARS
from knowledge.models import CaseChunk, CaseDocument
from knowledge.selectors.cases import case_can_delete
from knowledge.selectors.vectors import embedding_column_dim
from knowledge.textsearch import index_tokens
from tracing.services import audit_event_record

EMBED_BATCH = 64


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
    # A column of another dimension: stored without vectors until `manage.py reembed` (full text only).
    if embedding_column_dim(CaseChunk) == embedder.dim:
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
        if embedding_column_dim(CaseChunk) != embedder.dim:
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
