"""Writes to the firm's case library: upload (stored ``pending``), extraction in the worker (``ready``
or ``failed``), delete and re-embedding of uploaded judgments.

See docs/decisions/case-library.md.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta
from pathlib import PurePath
from typing import Any

from celery import current_app as celery_app
from celery.exceptions import SoftTimeLimitExceeded
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from core.jobs import job_claim, job_resume, job_send
from firm.models import Matter
from firm.roles import does_client_work
from firm.selectors import team_matter_ids, visible_to
from knowledge.casefiles import CaseUploadError, case_metadata, check_upload, chunk_text, max_bytes, read_upload
from knowledge.embeddings import get_embedder
from knowledge.exceptions import CasePermissionDenied
from knowledge.indexing import MAX_EMBED_CHARS
from knowledge.jobs import CASE_EXTRACT_TASK as CASE_EXTRACT_TASK  # the task module reads it here
from knowledge.jobs import CASE_EXTRACTION
from knowledge.jobs import EXTRACT_STALE_SECONDS as EXTRACT_STALE_SECONDS
from knowledge.models import CaseChunk, CaseDocument
from knowledge.selectors.cases import case_can_delete
from knowledge.selectors.vectors import embedding_column_dim
from knowledge.textsearch import index_tokens
from tracing.selectors import audit_event_since
from tracing.services import audit_event_record

EMBED_BATCH = 64
#: Seconds a case extraction task may run before Celery stops it (prefork pool); the reader guard has
#: its own budget (``UPLOAD_MAX_SECONDS``) that holds in every pool.
EXTRACT_SOFT_TIME_LIMIT = 300
#: A document still untaken this long after its upload had its task message lost: it is queued again.
EXTRACT_REQUEUE_SECONDS = 120
EXTRACT_TIMEOUT_TEXT = "文档处理超时，已停止读取（文档过大或结构异常），请拆分或精简后重新上传"


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


def case_upload_permitted(*, actor: Any) -> None:
    """Raises CasePermissionDenied (403) unless ``actor`` may upload cases at all (compliance may not);
    an API checks it before it looks up the matter named in the request."""
    if not does_client_work(actor):
        raise CasePermissionDenied("当前角色不能上传案例")


def case_upload(*, actor: Any, file: Any, title: str = "", matter: Matter | None = None,
                queue: bool = True) -> CaseDocument:
    """Store an uploaded judgment (``pending``, its bytes kept) after the cheap checks
    (:func:`knowledge.casefiles.check_upload`) and queue its extraction (:func:`case_extract`, in the
    worker) once committed. ``queue=False``: the caller runs :func:`case_extract` itself.

    Raises CaseUploadError (400) for a bad file or matter, CasePermissionDenied (403) for compliance.
    """
    case_upload_permitted(actor=actor)
    if matter is not None and not Matter.objects.filter(pk=matter.pk, pk__in=team_matter_ids(user=actor)).exists():
        raise CaseUploadError("只能关联到您所在团队的案件")
    file_name = PurePath(getattr(file, "name", "") or "").name[:255]
    data = _read_file(file)
    content_type = check_upload(file_name=file_name, data=data)
    title = (title or "").strip()[:300] or PurePath(file_name).stem[:300] or "未命名案例"
    with transaction.atomic():
        document = CaseDocument.objects.create(
            owner=actor, matter=matter, title=title, file_name=file_name, content_type=content_type, size=len(data),
            sha256=hashlib.sha256(data).hexdigest(), original=data, status=CaseDocument.Status.PENDING,
        )
        audit_event_record(actor=actor, event_type="knowledge.case_uploaded", obj=document,
                           new={"title": title, "file_name": file_name, "sha256": document.sha256,
                                "size": document.size, "matter": matter.number if matter else None})
        if queue:
            transaction.on_commit(lambda: case_extract_queue(document_id=document.pk))
    return document


def case_extract_queue(*, document_id: int) -> bool:
    """Hand a stored case document to a worker (``knowledge.tasks.case_extract``). When the broker
    cannot be reached the document stays ``pending`` with ``WAITING_FOR_BROKER_TEXT`` as its error,
    and the sweep (:func:`case_extract_resume_stale`) sends it once the broker is back."""
    return job_send(CASE_EXTRACTION, document_id, sender=celery_app)


def _extract_claim(document_id: int) -> CaseDocument | None:
    """Take a pending document (not taken yet, or taken by a worker that died) for this worker: one
    UPDATE, so two workers cannot both extract it."""
    stale = timezone.now() - timedelta(seconds=EXTRACT_STALE_SECONDS)
    if not job_claim(CASE_EXTRACTION, document_id, stale_running=False,
                     only=Q(started_at__isnull=True) | Q(started_at__lt=stale)):
        return None
    return CaseDocument.objects.get(pk=document_id)


def _extract_failed(document_id: int, error: str) -> CaseDocument | None:
    with transaction.atomic():
        document = (CaseDocument.objects.select_for_update().defer("original")
                    .filter(pk=document_id, status=CaseDocument.Status.PENDING).first())
        if document is None:
            return None
        document.status, document.error = CaseDocument.Status.FAILED, error
        document.save(update_fields=["status", "error"])
        audit_event_record(actor=None, actor_name="system", event_type="knowledge.case_failed", obj=document,
                           new={"status": document.status, "error": error})
    return document


def case_extract(*, document_id: int) -> CaseDocument | None:
    """Extract, chunk and embed a pending case document (the worker's task), then store its chunks
    and mark it ``ready`` in one transaction. Idempotent: a ready or failed document is left alone.
    An unreadable file (corrupt, a zip or XML bomb, too much text, a scan without text …) or a read
    past the task's time limit ends ``failed`` with the reason in ``error``."""
    document = _extract_claim(document_id)
    if document is None:
        return CaseDocument.objects.defer("original").filter(pk=document_id).first()
    try:
        _, text = read_upload(file_name=document.file_name, data=bytes(document.original))
        chunks = chunk_text(text)
        if not chunks:
            raise CaseUploadError("文件中没有可读取的文字")
    except CaseUploadError as exc:
        return _extract_failed(document_id, str(exc))
    except SoftTimeLimitExceeded:
        return _extract_failed(document_id, EXTRACT_TIMEOUT_TEXT)
    meta = case_metadata(text)
    embedder = get_embedder()
    texts = [_embedding_text(document.title, c.heading, c.text) for c in chunks]
    vectors: list[Any] = [None] * len(texts)
    # A column of another dimension: stored without vectors until `manage.py reembed` (full text only).
    if embedding_column_dim(CaseChunk) == embedder.dim:
        vectors = []
        for start in range(0, len(texts), EMBED_BATCH):
            vectors.extend(embedder.embed(texts[start:start + EMBED_BATCH]))
    with transaction.atomic():
        document = (CaseDocument.objects.select_for_update().defer("original")
                    .filter(pk=document_id, status=CaseDocument.Status.PENDING).first())
        if document is None:  # deleted meanwhile
            return None
        CaseChunk.objects.filter(document=document).delete()
        CaseChunk.objects.bulk_create([
            CaseChunk(document=document, ordinal=i, heading=chunk.heading[:300], text=chunk.text,
                      embedding=vector, search_tokens=index_tokens(f"{chunk.heading}\n{chunk.text}"))
            for i, (chunk, vector) in enumerate(zip(chunks, vectors, strict=True))
        ])
        document.court, document.case_number = meta["court"], meta["case_number"]
        document.decided_date = meta["decided_date"]
        document.status, document.error = CaseDocument.Status.READY, ""
        document.save(update_fields=["court", "case_number", "decided_date", "status", "error"])
        audit_event_record(actor=None, actor_name="system", event_type="knowledge.case_ready", obj=document,
                           new={"status": document.status, "chunks": len(chunks)})
    return document


def case_extract_resume_stale() -> int:
    """What the periodic sweep does for the case library: every pending document whose extraction
    was lost (never taken ``EXTRACT_REQUEUE_SECONDS`` after its upload, or taken by a worker that
    died ``EXTRACT_STALE_SECONDS`` ago) is queued again, with a ``knowledge.case_requeued`` audit
    event by ``system``; one queued again less than ``EXTRACT_REQUEUE_SECONDS`` ago is left to its
    message. A taken document is released with one conditional UPDATE, and the worker's claim is
    one too, so no document is extracted twice. Returns the number queued again."""
    now = timezone.now()
    grace = now - timedelta(seconds=EXTRACT_REQUEUE_SECONDS)
    candidates = CaseDocument.objects.defer("original").filter(status=CaseDocument.Status.PENDING).filter(
        Q(started_at__isnull=True, created_at__lt=grace)
        | Q(started_at__lt=now - timedelta(seconds=EXTRACT_STALE_SECONDS)))
    count = 0
    for document in candidates:
        if document.started_at is None and audit_event_since(event_type="knowledge.case_requeued", obj=document,
                                                             since=grace):
            continue
        with transaction.atomic():
            seen = Q(status=CaseDocument.Status.PENDING, started_at=document.started_at)
            if document.started_at is None:  # never taken: sent again, not counted (the broker may be away)
                if not CaseDocument.objects.filter(seen, pk=document.pk).update(claimed_by=""):
                    continue
            else:  # its worker died: released, counted; after JOB_MAX_RESUMES the document fails
                resumed = job_resume(CASE_EXTRACTION, document.pk, expect=seen, automatic=True, started_at=None)
                if resumed == "exhausted":
                    document.refresh_from_db(fields=["status", "error"])
                    audit_event_record(actor=None, actor_name="system", event_type="knowledge.case_failed",
                                       obj=document, new={"status": document.status, "error": document.error})
                if resumed != "queued":
                    continue
            audit_event_record(actor=None, actor_name="system", event_type="knowledge.case_requeued", obj=document,
                               new={"status": document.status},
                               detail={"reason": "stale" if document.started_at else "not_taken"})
        case_extract_queue(document_id=document.pk)
        count += 1
    return count


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
    if not visible_to(CaseDocument, user=actor).filter(pk=document.pk).exists():
        raise CaseDocument.DoesNotExist
    if not case_can_delete(user=actor, document=document):
        raise CasePermissionDenied("只有上传人或管理员可以删除案例")
    with transaction.atomic():
        audit_event_record(actor=actor, event_type="knowledge.case_deleted", obj=document,
                           old={"title": document.title, "file_name": document.file_name, "sha256": document.sha256,
                                "owner": document.owner.get_username()})
        document.delete()
