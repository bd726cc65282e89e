"""Reads of the statute corpus: law resolution, article look-up, article context, corpus status and caches.

Statutes are public law: every authenticated user may read them, so these selectors take no
``user``. The law-name index and other corpus-wide facts are cached per process and rebuilt
when an import bumps the corpus generation (checked at most every few seconds).

Functions others build on (citation verification, graph, search, agent tools):

- ``law_resolve(name=..., version=None) -> Law``                (raises LawNotFound)
- ``article_lookup(law=..., article=..., version=None) -> Article`` (LawNotFound, ArticleNotFound,
  InvalidArticleNumber)
- ``law_index() -> LawNameIndex`` (for knowledge.citations.extract_citations)
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.db.models import Count, F, Max, Q, QuerySet
from django.db.models.functions import Abs

from knowledge.embeddings import signature
from knowledge.exceptions import ArticleNotFound, InvalidArticleNumber, LawNotFound
from knowledge.importers import BUNDLED_SOURCE
from knowledge.lawnames import LawNameIndex, normalize_name
from knowledge.models import Article, CorpusState, ImportRun, Law, LawStatus
from knowledge.numerals import ArticleNumber, article_number_or_none
from knowledge.selectors import versions as _versions
from knowledge.selectors.vectors import embedding_column_dim
from knowledge.selectors.versions import (
    IN_FORCE,
    PENDING,
    VersionDates,
    default_version,
    status_note,
    status_on,
    version_start,
)
from knowledge.vocabulary import law_names

T = TypeVar("T")
_CHECK_SECONDS = 2.0
#: Rows kept per corpus generation (look-ups, citation checks and answers' sources ask for the same
#: few hundred articles again and again); a new generation starts empty.
_MEMO_SIZE = 8192
MISSING = object()
_CHAPTER_WINDOW = 60


@dataclass
class CorpusCache:
    generation: int
    index: LawNameIndex
    #: law name -> id of its default version: the one in force on ``day`` (computed from the versions' dates,
    #: knowledge.selectors.versions), else the next to take effect, else the latest stored
    current_ids: dict[str, int]
    #: law name -> ids of all versions
    version_ids: dict[str, list[int]]
    #: law id -> number of articles
    sizes: dict[int, int]
    departments: list[str]
    #: document types present (法律, 行政法规, 司法解释, 部门规章 …), in the order of the hierarchy of norms
    doc_types: list[str] = field(default_factory=list)
    #: document type -> articles of that type (all versions; a scope-size estimate)
    doc_type_sizes: dict[str, int] = field(default_factory=dict)
    embedding: dict[str, Any] = field(default_factory=dict)
    documents: int = 0
    #: the day the statuses below hold for (the cache is rebuilt when the date changes)
    day: dt.date = dt.date.min
    #: law id -> its status on ``day`` (现行有效 / 已公布，尚未施行 / 已被修订 / 已废止)
    time_status: dict[int, str] = field(default_factory=dict)
    #: law id -> the day its text takes effect
    starts: dict[int, dt.date | None] = field(default_factory=dict)
    #: law ids in force on ``day`` whose articles the stored ``current`` flag leaves out of the search scope
    scope_added: list[int] = field(default_factory=list)
    #: law ids the stored ``current`` flag keeps in the search scope though not in force on ``day``
    scope_dropped: list[int] = field(default_factory=list)
    #: rows read by key - ("article", law as asked, article as asked, version), ("versions", law
    #: name), ("numbered", law id, number), ("text", article id) - valid as long as this generation
    memo: OrderedDict[Hashable, Any] = field(default_factory=OrderedDict)
    memo_lock: threading.Lock = field(default_factory=threading.Lock)

    def recall(self, key: Hashable) -> Any:  # whatever was remembered under key
        """What was remembered under ``key``, or :data:`MISSING`."""
        with self.memo_lock:
            found = self.memo.get(key, MISSING)
            if found is not MISSING:
                self.memo.move_to_end(key)
            return found

    def remember(self, key: Hashable, value: Any) -> None:
        with self.memo_lock:
            self.memo[key] = value
            if len(self.memo) > _MEMO_SIZE:
                self.memo.popitem(last=False)


_lock = threading.Lock()
_cache: CorpusCache | None = None
_checked_at = 0.0


#: Document types by rank in the hierarchy of norms: a law is cited before the interpretation applying it.
DOC_TYPE_RANK = {"宪法": 1, "法律": 1, "立法解释": 1, "修正案": 1, "修改决定": 1, "行政法规": 2, "司法解释": 3,
                 "部门规章": 4}


def _doc_type_order(doc_type: str) -> tuple[int, str]:
    return DOC_TYPE_RANK.get(doc_type, 9), doc_type


def doc_type_rank(doc_type: str | None) -> int:
    """Where a document type stands when citations are ordered: 法律 before 行政法规 before 司法解释 …"""
    return DOC_TYPE_RANK.get(doc_type or "法律", 9)


def law_first(items: list[T], doc_type: Callable[[T], str | None]) -> list[T]:
    """``items`` with laws before the regulations and interpretations applying them (stable: the
    order within one document type is kept), as an answer cites them."""
    return sorted(items, key=lambda item: doc_type_rank(doc_type(item)))


def _generation() -> int:
    state = CorpusState.objects.filter(key="generation").values_list("value", flat=True).first()
    return int(state.get("n", 0)) if state else 0


def _build(generation: int) -> CorpusCache:
    current_ids: dict[str, int] = {}
    version_ids: dict[str, list[int]] = {}
    sizes: dict[int, int] = {}
    alias_owners: dict[str, set[str]] = {}
    departments: set[str] = set()
    doc_type_sizes: dict[str, int] = {}
    day = _versions.today()
    dates: dict[str, list[VersionDates]] = {}
    stored_current: dict[int, bool] = {}
    for (pk, name, is_current, count, law_aliases, department, doc_type, status, published, effective,
         version) in Law.objects.values_list(
            "id", "name", "is_current", "article_count", "aliases", "department", "doc_type", "status",
            "publish_date", "effective_date", "version_date"):
        version_ids.setdefault(name, []).append(pk)
        dates.setdefault(name, []).append(VersionDates(pk, status, published, effective, version))
        stored_current[pk] = bool(is_current) and status != LawStatus.REPEALED
        sizes[pk] = count
        for alias in law_aliases or ():
            alias_owners.setdefault(alias, set()).add(name)
        if department:
            departments.add(department)
        if doc_type:
            doc_type_sizes[doc_type] = doc_type_sizes.get(doc_type, 0) + (count or 0)
    time_status: dict[int, str] = {}
    starts: dict[int, dt.date | None] = {}
    for name, versions in dates.items():
        for v in versions:
            time_status[v.pk] = status_on(v, versions, day)
            starts[v.pk] = version_start(v)
        chosen = default_version(versions, day)
        if chosen is not None:
            current_ids[name] = chosen.pk
    in_force = {pk for pk, status in time_status.items() if status == IN_FORCE}
    # An alias two documents carry resolves to neither (the verifier names both).
    aliases = {alias: next(iter(names)) for alias, names in alias_owners.items() if len(names) == 1}
    ambiguous: dict[str, set[str]] = {alias: set(names) for alias, names in law_names().ambiguous.items()}
    for alias, names in alias_owners.items():
        if len(names) > 1:
            ambiguous.setdefault(alias, set()).update(names)
    states = dict(CorpusState.objects.filter(key__in=["embedding", "terms"]).values_list("key", "value"))
    return CorpusCache(
        generation=generation,
        index=LawNameIndex(sorted(version_ids), aliases=aliases, ambiguous=ambiguous),
        current_ids=current_ids,
        version_ids=version_ids,
        sizes=sizes,
        departments=sorted(departments),
        doc_types=sorted(doc_type_sizes, key=_doc_type_order),
        doc_type_sizes=doc_type_sizes,
        embedding=states.get("embedding") or {},
        documents=int((states.get("terms") or {}).get("documents", 0)),
        day=day,
        time_status=time_status,
        starts=starts,
        scope_added=sorted(pk for pk in in_force if not stored_current[pk]),
        scope_dropped=sorted(pk for pk, flag in stored_current.items() if flag and pk not in in_force),
    )


def corpus_cache() -> CorpusCache:
    """The process's cached view of the corpus (rebuilt after an import)."""
    global _cache, _checked_at
    now = time.monotonic()
    if _cache is not None and now - _checked_at < _CHECK_SECONDS and _cache.day == _versions.today():
        return _cache
    with _lock:
        generation = _generation()
        if _cache is None or _cache.generation != generation or _cache.day != _versions.today():
            _cache = _build(generation)
        _checked_at = now
        return _cache


def invalidate_caches() -> None:
    global _cache, _checked_at
    with _lock:
        _cache = None
        _checked_at = 0.0


def law_index() -> LawNameIndex:
    """Every stored law name (all sources), with short names, 《》 forms and abbreviations."""
    return corpus_cache().index


# -- laws ------------------------------------------------------------------------------------------


def law_suggest(*, name: str, n: int = 5) -> list[str]:
    return law_index().suggest(name, n)


def _version_matches(law: Law, version: str) -> bool:
    wanted = normalize_name(version)
    digits = "".join(ch for ch in wanted if ch.isdigit())
    if wanted in (law.version_label, law.status, law.source_id):
        return True
    if len(digits) == 4:
        years = {d.year for d in (law.version_date, law.publish_date, law.effective_date) if d}
        return int(digits) in years
    return False


def law_resolve(*, name: str, version: str | None = None) -> Law:
    """The law a user means: full name, short name, 《》-quoted name or abbreviation.

    Returns the default (current) version, or the version named by ``version`` (a year such as
    2019, a version label, or a status such as 历史版本). Never another law: 宪法修正案 is not 宪法.
    """
    if isinstance(name, Law):
        return name
    cache = corpus_cache()
    full = cache.index.resolve(name or "")
    if full is None:
        # A short name several documents share: the documents it could mean, not a guess.
        raise LawNotFound(name, cache.index.candidates(name) or cache.index.suggest(name or "", 5))
    if not version:
        pk = cache.current_ids.get(full) or cache.version_ids[full][0]
        return Law.objects.get(pk=pk)
    versions = list(Law.objects.filter(pk__in=cache.version_ids[full]))
    for law in versions:
        if _version_matches(law, version):
            return law
    raise LawNotFound(f"{full}（{version}）", [f"{law.name}（{law.version_label or law.status}）" for law in versions])


def law_time_status(law: Law, day: dt.date | None = None) -> str:
    """``law``'s status on ``day`` (default today) computed from its versions' dates (selectors.versions):
    现行有效, 已公布，尚未施行, 已被修订 or 已废止. Never the stored label alone."""
    cache = corpus_cache()
    if (day is None or day == cache.day) and law.pk in cache.time_status:
        return cache.time_status[law.pk]
    versions = list(Law.objects.filter(name=law.name)) if law.pk else []
    if all(v.pk != law.pk for v in versions):
        versions.append(law)
    return status_on(law, versions, day or _versions.today())


def law_is_default(law: Law) -> bool:
    """Whether ``law`` is the version its name resolves to (the one in force today, where there is one)."""
    return corpus_cache().current_ids.get(law.name) == law.pk


def law_status_label(law: Law) -> str:
    """The status shown next to a citation: 现行有效, 已废止, 已被修订, or 2027年1月1日起施行 for a text not yet
    in force (its 已被修改 label kept for a text in force stored before later amendments, as 刑法 2020)."""
    status = law_time_status(law)
    if status == PENDING:
        return status_note(status, version_start(law)).strip("（）")
    return _versions.shown_status(law.status, status)


def law_in_force(law: Law, day: dt.date | None = None) -> bool:
    """Whether ``law``'s text is the one in force on ``day`` (default today)."""
    return law_time_status(law, day) == IN_FORCE


def law_status_note(law: Law, day: dt.date | None = None) -> str:
    """"" for a text in force; otherwise how a citation of it is marked: （2027年1月1日起施行）, （已废止）…"""
    return status_note(law_time_status(law, day), version_start(law))


@dataclass(frozen=True)
class VersionReport:
    """Laws with no version in force on ``day``, and versions published but not yet in force."""

    day: dt.date
    #: (name, computed status of its default version, its start) for each law without a version in force
    no_version_in_force: list[tuple[str, str, dt.date | None]]
    #: (name, version label, start, id of the version in force meanwhile or None)
    pending: list[tuple[str, str, dt.date | None, int | None]]

    def lines(self) -> list[str]:
        out = [f"法律时效（{self.day.isoformat()}）：{len(self.no_version_in_force)} 部没有现行有效的版本，"
               f"{len(self.pending)} 个版本已公布尚未施行"]
        for name, status, start in self.no_version_in_force:
            note = status_note(status, start) or f"（{status}）"
            out.append(f"  无现行有效版本：{name}{note}")
        for name, label, start, meanwhile in self.pending:
            now = "；施行前适用此前版本" if meanwhile else "；此前没有版本在施行"
            when = start.isoformat() if start else "?"
            out.append(f"  尚未施行：{name}（{label or '新版本'}，{when} 起施行{now}）")
        return out


def version_report(*, day: dt.date | None = None, names: list[str] | None = None) -> VersionReport:
    """What the import prints: every law with no version in force on ``day`` and every version not yet in force."""
    day = day or _versions.today()
    by_name: dict[str, list[Law]] = {}
    laws = Law.objects.all() if names is None else Law.objects.filter(name__in=names)
    for law in laws.only("id", "name", "status", "publish_date", "effective_date", "version_date", "version_label"):
        by_name.setdefault(law.name, []).append(law)
    missing: list[tuple[str, str, dt.date | None]] = []
    pending: list[tuple[str, str, dt.date | None, int | None]] = []
    for name in sorted(by_name):
        versions = by_name[name]
        statuses = {v.pk: status_on(v, versions, day) for v in versions}
        current = next((v for v in versions if statuses[v.pk] == IN_FORCE), None)
        if current is None:
            shown = default_version(versions, day)
            if shown is not None:
                missing.append((name, statuses[shown.pk], version_start(shown)))
        for v in versions:
            if statuses[v.pk] == PENDING:
                pending.append((name, v.version_label, version_start(v), current.pk if current else None))
    return VersionReport(day, missing, pending)


def law_get(*, law_id: int) -> Law:
    """One law by id (any version); ``Law.DoesNotExist`` when there is none."""
    return Law.objects.get(pk=law_id)


def law_articles(*, law: Law) -> QuerySet[Article]:
    """A law's articles in order, with the columns its page shows (the law's id read with them: a template
    that names ``article.law`` must not fetch it once per article)."""
    return law.articles.only("id", "law_id", "label", "chapter", "section", "text", "ordinal").order_by("ordinal")


def law_versions(*, law: Law) -> list[Law]:
    """Every stored version of ``law``'s name: the default (in force) one first, then newest first."""
    default = corpus_cache().current_ids.get(law.name)
    versions = list(Law.objects.filter(name=law.name).order_by("-version_date", "-pk"))
    return sorted(versions, key=lambda v: v.pk != default)


def law_versions_named(name: str) -> tuple[Law, ...]:
    """The stored versions of the law ``name`` resolves to (any name it is known by), with the dates the version
    rule reads (knowledge.selectors.versions); () when the corpus does not hold it. Versioned citations of cards
    and playbook rules read them."""
    try:
        resolved = law_resolve(name=name).name
    except LawNotFound:
        return ()
    return tuple(Law.objects.filter(name=resolved).only(
        "id", "name", "status", "publish_date", "effective_date", "version_date"))


def law_list(*, current_only: bool = True) -> list[Law]:
    laws = Law.objects.all()
    if current_only:
        laws = laws.filter(pk__in=list(corpus_cache().current_ids.values()))
    return list(laws.order_by("name"))


# -- articles --------------------------------------------------------------------------------------


def parse_article(article: str | int | ArticleNumber) -> ArticleNumber | str:
    """An ArticleNumber, or the label itself for unnumbered items (全文, 条目一)."""
    if isinstance(article, ArticleNumber):
        return article
    parsed = article_number_or_none(article if isinstance(article, int) else str(article).strip())
    if parsed is not None:
        return parsed
    text = str(article).strip()
    if text == "全文" or text.startswith("条目"):
        return text
    raise InvalidArticleNumber(f"无法识别的条文编号“{article}”（可写 47、第47条、第四十七条、第一百三十三条之一）")


def _nearest_articles(law: Law, wanted: ArticleNumber | str, n: int = 5) -> list[dict]:
    articles = Article.objects.filter(law=law)
    if isinstance(wanted, ArticleNumber):
        articles = articles.filter(number__isnull=False).annotate(
            distance=Abs(F("number") - wanted.number)).order_by("distance", "suffix", "ordinal")
    return [article_summary(a) for a in articles.select_related("law")[:n]]


def article_summary(article: Article) -> dict[str, Any]:
    return {"id": article.pk, "law": article.law.name, "article_no": article.number, "article_label": article.label}


def article_lookup(*, law: str | Law, article: str | int | ArticleNumber, version: str | None = None) -> Article:
    """One article of one law. 第一百三十三条之一 and 第一百三十三条 are different articles."""
    key = ("article", law, str(article), version) if isinstance(law, str) and isinstance(article, str | int) \
        else None
    cache = corpus_cache() if key is not None else None
    if cache is not None:
        cached = cache.recall(key)
        if cached is not MISSING:
            return cached
    wanted = parse_article(article)
    law_obj = law if isinstance(law, Law) else law_resolve(name=law, version=version)
    articles = Article.objects.select_related("law").filter(law=law_obj)
    if isinstance(wanted, ArticleNumber):
        found = articles.filter(number=wanted.number, suffix=wanted.suffix).order_by("-label", "ordinal")
        # A numbered label (第七条) is preferred over an item label (条目七) with the same number.
        hit = next((a for a in found if a.label.startswith("第")), None) or found.first()
        label = wanted.label
    else:
        hit = articles.filter(label=wanted).order_by("ordinal").first()
        label = wanted
    if hit is None:
        raise ArticleNotFound(law_obj.name, label, _nearest_articles(law_obj, wanted))
    if cache is not None:
        cache.remember(key, hit)
    return hit


def article_get(*, article_id: int) -> Article:
    return Article.objects.select_related("law").get(pk=article_id)


def article_texts(ids: list[int]) -> dict[int, str]:
    """The texts of these articles (those that exist), remembered for the corpus generation."""
    cache = corpus_cache()
    texts: dict[int, str] = {}
    missing = []
    for pk in dict.fromkeys(ids):
        text = cache.recall(("text", pk))
        if text is MISSING:
            missing.append(pk)
        else:
            texts[pk] = text
    for pk, text in Article.objects.filter(pk__in=missing).values_list("pk", "text") if missing else ():
        cache.remember(("text", pk), text)
        texts[pk] = text
    return texts


@dataclass
class ArticleContext:
    article: Article
    chapter_articles: list[Article]
    previous: Article | None
    next: Article | None
    other_versions: list[Article]
    chapter_truncated_before: bool = False
    chapter_truncated_after: bool = False


def article_context(*, article: Article, window: int = 5) -> ArticleContext:
    """The article's neighbours in its chapter (a contiguous run in document order), prev/next, other versions."""
    nearby = list(Article.objects.filter(
        law_id=article.law_id, ordinal__gte=article.ordinal - _CHAPTER_WINDOW,
        ordinal__lte=article.ordinal + _CHAPTER_WINDOW).only(
            "id", "law_id", "ordinal", "chapter", "section", "label", "number", "suffix", "text").order_by("ordinal"))
    position = next(i for i, a in enumerate(nearby) if a.pk == article.pk)
    previous = nearby[position - 1] if position > 0 else None
    following = nearby[position + 1] if position + 1 < len(nearby) else None
    run: list[Article] = [article]
    if article.chapter:
        lo = position
        while lo > 0 and nearby[lo - 1].chapter == article.chapter:
            lo -= 1
        hi = position
        while hi + 1 < len(nearby) and nearby[hi + 1].chapter == article.chapter:
            hi += 1
        start, end = max(lo, position - window), min(hi, position + window)
        run = nearby[start : end + 1]
        truncated = (start > lo, end < hi)
    else:
        truncated = (False, False)
    other_versions: list[Article] = []
    if article.number is not None:
        other_versions = list(Article.objects.select_related("law").filter(
            law__name=article.law.name, number=article.number, suffix=article.suffix).exclude(law_id=article.law_id))
    return ArticleContext(article, run, previous, following, other_versions, *truncated)


# -- status ----------------------------------------------------------------------------------------


def statutes_present(*, source: str = BUNDLED_SOURCE) -> bool:
    return Law.objects.filter(source=source).exists()


def articles_without_vectors() -> int:
    return Article.objects.filter(embedding__isnull=True).count()


def corpus_status() -> dict[str, Any]:
    cache = corpus_cache()
    laws = Law.objects.aggregate(total=Count("id"))
    laws["current"] = len(cache.current_ids)
    laws["history"] = laws["total"] - laws["current"]
    laws["in_force"] = sum(1 for status in cache.time_status.values() if status == IN_FORCE)
    articles = Article.objects.aggregate(
        total=Count("id"), current=Count("id", filter=Q(current=True)),
        embedded=Count("id", filter=Q(embedding__isnull=False)), last=Max("id"),
    )
    stored = CorpusState.objects.filter(key="embedding").values_list("value", flat=True).first() or {}
    configured = signature()
    column_dim = embedding_column_dim()
    last = ImportRun.objects.order_by("-started_at").first()
    return {
        "laws": {"total": laws["total"], "current": laws["current"], "history": laws["history"],
                 "in_force": laws["in_force"]},
        "articles": {"total": articles["total"], "current": articles["current"], "embedded": articles["embedded"]},
        "sources": list(Law.objects.values("source").annotate(laws=Count("id")).order_by("source")),
        "embedding": {
            **configured,
            "column_dim": column_dim,
            "stored": stored,
            "needs_reembed": bool(stored and stored != configured) or (column_dim not in (None, configured["dim"])),
        },
        "last_import": None if last is None else {
            "source": last.source, "status": last.status, "started_at": last.started_at,
            "finished_at": last.finished_at, "counts": last.counts, "error": last.error,
        },
    }
