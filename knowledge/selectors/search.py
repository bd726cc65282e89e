"""Hybrid statute search: explicit citations first, then pgvector and full text fused.

Pipeline (docs/decisions/knowledge-search.md has the measurements behind each choice):

1. Citations written in the query (民法典1254条, 《劳动合同法》第四十七条) are looked up directly
   and come first (signal ``citation``).
2. Query understanding: typos fixed and colloquial words mapped to statute vocabulary
   (:mod:`knowledge.query_expansion`); the query is segmented with the same jieba tokenizer
   as the articles.
3. Full text: Postgres ``tsvector`` (``simple`` config over jieba tokens, GIN index). ``ts_rank``
   has no IDF, so every query term is weighted by its own BM25 IDF (document frequencies in
   ``TermStat``) and the score is the weighted sum of per-term ranks. Long queries (a pasted
   case narrative) keep only their most informative terms (tf × IDF).
4. Dense: the query (for long queries, a summary made of its key terms) is embedded and the
   nearest articles found with the HNSW index (cosine), or an exact scan when a filter leaves
   few articles.
5. Fusion: a convex combination of the normalised scores (dense weight 0.25; it beat reciprocal
   rank fusion on the dev set), plus a small boost for articles of a law the query names.
6. Noise control: single characters weigh little (跑路 is not 路), very long articles (annex-size)
   are damped by a length prior, an article whose chapter or section heading holds a query term is
   preferred (the article is *about* it), and a charge named in the query (盗窃罪, 危险驾驶) adds its
   刑法 article (:mod:`knowledge.charges`). Long narratives weigh their legally salient sentences
   (charges, amounts, injuries) above the rest.
7. Arranging (:mod:`knowledge.selectors.arrange`, unfiltered searches): amendment text folded into
   the article it amended, an interpretation right after the law it applies; on request
   (``rankers=True``: the search tool) the rankers other apps register, the issue cards' first.

Filters (law, department, domain, status) are WHERE clauses on every list, so nothing outside
them can appear. The default status scope is current, in-force law.
"""

from __future__ import annotations

import math
import re
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
from django.conf import settings
from django.db import connection, transaction

from core.db import beside
from knowledge.charges import CRIMINAL_LAW, ChargeMatch, find_charges
from knowledge.citations import extract_citations
from knowledge.domains import DOMAINS
from knowledge.embeddings import embed_query, signature
from knowledge.exceptions import ArticleNotFound, InvalidArticleNumber, InvalidQuery, LawNotFound
from knowledge.lawnames import PRC_PREFIX
from knowledge.models import Article, LawStatus
from knowledge.query_expansion import RULES, expand_query, fold_characters
from knowledge.selectors.arrange import arrange, run_rankers
from knowledge.selectors.statutes import (
    CorpusCache,
    article_lookup,
    corpus_cache,
    doc_type_rank,
    law_index,
    law_is_default,
    law_resolve,
    law_status_label,
)
from knowledge.textsearch import index_tokens

MIN_QUERY_CHARS = 2
MAX_TOP_K = 50
#: Queries longer than this are treated as case narratives (key terms, summary embedding).
LONG_QUERY_CHARS = 300
CANDIDATES = 100
MAX_TERMS_SHORT = 40
MAX_TERMS_LONG = 32
#: Only informative terms (IDF at least this, i.e. in fewer than ~0.7 % of articles) select FTS
#: candidates; all chosen terms score them. Common words made candidate sets of thousands of rows.
FILTER_MIN_IDF = 5.0
FILTER_MIN_TERMS = 3
#: Score factor of 行政法规, 司法解释, 部门规章 candidates (laws 1.0): measured in docs/knowledge-corpus.md.
SUBORDINATE_WEIGHT = 0.7
#: Full-text matches given the full per-term rank (the rest are ranked once, against the filter query).
FTS_PRESELECT = 300
#: Below this many articles in scope, dense search scans exactly instead of using HNSW.
EXACT_SCAN_BELOW = 6000
#: Fusion: convex combination of min-max normalised cosine and max-normalised FTS score.
DENSE_WEIGHT = 0.25
RRF_K = 60
EXPANSION_WEIGHT = 1.0
LAW_MENTION_BOOST = 0.25
#: Single-character tokens are ambiguous (跑路 → 路, 借 in everything): their weight is scaled by this.
SINGLE_CHAR_WEIGHT = 0.3
#: Length prior: full-text scores of articles longer than this are scaled by sqrt(this / length).
LENGTH_PRIOR_CHARS = 1200
#: An article whose chapter/section heading holds a query term of IDF ≥ HEADING_MIN_IDF: × (1 + this).
HEADING_BOOST = 0.2
HEADING_MIN_IDF = 3.0
#: A charge in the query adds its 刑法 article(s): top fused score × this (named in full, stem only).
CHARGE_BOOST_EXPLICIT = 1.0
CHARGE_BOOST_STEM = 0.6
#: How many candidates past ``top_k`` the arranging pass (knowledge.selectors.arrange) may bring up.
ARRANGE_POOL = 5
#: In a narrative, the terms of the salient sentences (and the expansion terms) weigh this many times more.
SALIENT_WEIGHT = 3
_SALIENT_RE = re.compile(r"\d[\d,.]*\s*[万亿]?元|轻伤|重伤|轻微伤|死亡|伤残|致人|涉嫌|(?<![认悔])罪(?!悔)")
STATUS_SCOPES = ("current", "all", "history", *[s.value for s in LawStatus])
MODES = ("hybrid", "dense", "fts")
_CITATION_HINT_RE = re.compile(r"第\s*[0-9０-９零〇一二两三四五六七八九十百千]+\s*条|[0-9０-９]+\s*条")
_SENTENCE_RE = re.compile(r"[^。！？!?\n]*[。！？!?\n]?")


@dataclass
class SearchHit:
    article_id: int
    law: str
    law_id: int
    law_status: str
    law_version: str
    is_current_version: bool
    article_no: int | None
    suffix: int
    article_label: str
    chapter: str
    section: str
    text: str
    score: float
    signals: list[str] = field(default_factory=list)
    matched_terms: list[str] = field(default_factory=list)
    dense_rank: int | None = None
    fts_rank: int | None = None
    #: 法律, 行政法规, 司法解释, 部门规章 … (the label on every result)
    doc_type: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "law": self.law, "doc_type": self.doc_type, "article_no": self.article_no,
            "article_label": self.article_label,
            "chapter": self.chapter, "text": self.text, "score": round(self.score, 6),
            "id": self.article_id, "suffix": self.suffix, "section": self.section, "law_status": self.law_status,
            "law_version": self.law_version, "signals": self.signals, "matched_terms": self.matched_terms,
        }


@dataclass
class QueryInfo:
    length: int
    long: bool
    expanded_terms: list[str]
    key_terms: list[str]
    citations: list[str]
    laws_mentioned: list[str]
    dense: bool
    elapsed_ms: float = 0.0


@dataclass
class SearchResponse:
    results: list[SearchHit]
    query: QueryInfo


# -- validation and scope ----------------------------------------------------------------------------


def validate_query(query: str | None) -> str:
    text = (query or "").strip()
    if not text:
        raise InvalidQuery("请输入检索内容")
    if len(text) < MIN_QUERY_CHARS:
        raise InvalidQuery(f"检索内容至少 {MIN_QUERY_CHARS} 个字")
    limit = settings.KNOWLEDGE_MAX_QUERY_CHARS
    if len(text) > limit:
        raise InvalidQuery(f"检索内容过长（{len(text)} 字），上限为 {limit} 字")
    return text


@dataclass
class Scope:
    sql: str
    params: list[Any]
    #: an upper estimate of the articles in scope (None: most of the corpus)
    size: int | None
    #: whether the scope implies ``a.current`` (the partial HNSW index applies)
    current_only: bool
    law_ids: list[int] | None = None
    #: laws in force today outside the stored ``current`` flag (the HNSW index misses them: scanned exactly)
    added_law_ids: list[int] = field(default_factory=list)


def build_scope(*, law: str | None = None, version: str | None = None, department: str | None = None,
                domain: str | None = None, status: str = "current", doc_type: str | None = None) -> Scope:
    cache = corpus_cache()
    status = status or "current"
    if status not in STATUS_SCOPES:
        raise InvalidQuery(f"未知的时效范围“{status}”（可选：{'、'.join(STATUS_SCOPES)}）")
    clauses: list[str] = []
    params: list[Any] = []
    size: int | None = None
    current_only = status == "current" and not law
    added: list[int] = []
    if current_only:
        # The stored flag, corrected by the laws' status today (selectors.versions): a text not yet in force
        # leaves the scope, the older version in force meanwhile joins it.
        added = list(cache.scope_added)
        if cache.scope_dropped or added:
            clauses.append("((a.current AND NOT a.law_id = ANY(%s)) OR a.law_id = ANY(%s))")
            params.extend([list(cache.scope_dropped), added])
        else:
            clauses.append("a.current")
    elif status == "current":
        pass  # a named law: its default version (below), searched even when repealed
    elif status == "history":
        # every version other than the one a name resolves to today (selectors.versions), not the stored flag
        clauses.append("NOT a.law_id = ANY(%s)")
        params.append(sorted(cache.current_ids.values()))
    elif status != "all":
        clauses.append("l.status = %s")
        params.append(status)
    law_ids = None
    if law:
        resolved = law_resolve(name=law, version=version)
        law_ids = [resolved.pk] if (version or status == "current") else cache.version_ids[resolved.name]
        clauses.append("a.law_id = ANY(%s)")
        params.append(law_ids)
        size = sum(cache.sizes.get(pk, 0) for pk in law_ids)
    if department:
        if department not in cache.departments:
            raise InvalidQuery(f"未知的法律部门“{department}”（可选：{'、'.join(cache.departments)}）")
        clauses.append("l.department = %s")
        params.append(department)
    if doc_type:
        if doc_type not in cache.doc_types:
            raise InvalidQuery(f"未知的文件类型“{doc_type}”（可选：{'、'.join(cache.doc_types)}）")
        clauses.append("l.doc_type = %s")
        params.append(doc_type)
        typed = cache.doc_type_sizes.get(doc_type, 0)
        size = typed if size is None else min(size, typed)
    if domain:
        domain_sql, domain_params, domain_size = _domain_clause(domain, cache)
        if domain_sql:
            clauses.append(domain_sql)
            params.extend(domain_params)
            size = domain_size if size is None else min(size, domain_size)
    return Scope(" AND ".join(clauses) or "TRUE", params, size, current_only, law_ids, added)


def _domain_clause(code: str, cache: CorpusCache) -> tuple[str, list[Any], int]:
    domain = DOMAINS.get(code)
    if domain is None:
        raise InvalidQuery(f"未知的领域“{code}”（可选：{'、'.join(DOMAINS)}）")
    if domain.unrestricted:
        return "", [], 0
    whole: list[int] = []
    parts: list[str] = []
    params: list[Any] = []
    size = 0
    for short, ranges in domain.laws.items():
        ids = cache.version_ids.get(PRC_PREFIX + short) or cache.version_ids.get(short) or []
        if not ids:
            continue
        if not ranges:
            whole.extend(ids)
            size += sum(cache.sizes.get(pk, 0) for pk in ids)
            continue
        for low, high in ranges:
            parts.append("(a.law_id = ANY(%s) AND a.number BETWEEN %s AND %s)")
            params.extend([ids, low, high])
            size += (high - low + 1) * len(ids)
    if whole:
        parts.insert(0, "a.law_id = ANY(%s)")
        params.insert(0, whole)
    if domain.departments:
        parts.append("l.department = ANY(%s)")
        params.append(list(domain.departments))
        size += 10_000
    if not parts:
        return "FALSE", [], 0
    return "(" + " OR ".join(parts) + ")", params, size


# -- query analysis ------------------------------------------------------------------------------------


@dataclass
class Analysis:
    text: str
    long: bool
    expanded_terms: list[str]
    weights: dict[str, float]
    idf: dict[str, float]
    embed_text: str
    laws_mentioned: list[str]
    charges: list[ChargeMatch] = field(default_factory=list)


@lru_cache(maxsize=4096)
def _term_tokens(term: str) -> tuple[str, ...]:
    return tuple(index_tokens(term).split())


@lru_cache(maxsize=1)
def _act_re() -> re.Pattern[str]:
    """The everyday words of the expansion rules that lead to a charge (窃取 → 盗窃 → 盗窃罪)."""
    words = {t for rule in RULES if find_charges(" ".join(rule.terms), limit=1) for t in rule.triggers}
    return re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) or "(?!)")


def salient_sentences(text: str) -> tuple[list[str], list[str]]:
    """(every sentence once, the legally salient ones: an act that makes a charge, a charge, an amount,
    an injury or a death)."""
    sentences = list(dict.fromkeys(s for s in _SENTENCE_RE.findall(text) if s.strip()))
    acts = _act_re()
    salient = [s for s in sentences if _SALIENT_RE.search(s) or acts.search(s) or find_charges(s, limit=1)]
    return sentences, salient


def _term_weights(text: str, expanded_terms: list[str], long: bool,
                  salient: list[str] | None = None) -> tuple[dict[str, float], dict[str, float]]:
    """Per-term weights (IDF; for narratives IDF · (1 + ln tf), × ``SALIENT_WEIGHT`` for the terms of
    the salient sentences, a sentence repeated in the narrative counted once) and IDFs, best first."""
    if long:
        text = "".join(dict.fromkeys(s for s in _SENTENCE_RE.findall(text) if s.strip()))
    salient_tokens = set(index_tokens("".join(salient)).split()) if salient else set()
    counts = Counter(index_tokens(text).split())
    expansion_tokens = {t for term in expanded_terms for t in _term_tokens(term)}
    for term in expanded_terms:
        for token in _term_tokens(term):
            counts[token] += 1
    if not counts:
        return {}, {}
    with connection.cursor() as cursor:
        cursor.execute("SELECT term, df FROM knowledge_termstat WHERE term = ANY(%s)", [list(counts)])
        df = dict(cursor.fetchall())
    n_docs = max(corpus_cache().documents, 1)
    weights: dict[str, float] = {}
    idfs: dict[str, float] = {}
    for term, tf in counts.items():
        freq = df.get(term)
        if not freq:
            continue
        idf = math.log(1 + (n_docs - freq + 0.5) / (freq + 0.5))
        weight = idf * (1 + math.log(tf)) if (long and tf > 0) else idf
        if term in expansion_tokens and tf <= 1:
            weight *= EXPANSION_WEIGHT
        if len(term) == 1:
            weight *= SINGLE_CHAR_WEIGHT
        if term in salient_tokens or term in expansion_tokens:
            weight *= SALIENT_WEIGHT if salient_tokens else 1
        weights[term] = weight
        idfs[term] = idf
    limit = MAX_TERMS_LONG if long else MAX_TERMS_SHORT
    chosen = dict(sorted(weights.items(), key=lambda kv: -kv[1])[:limit])
    return chosen, {t: idfs[t] for t in chosen}


def analyse(query: str) -> Analysis:
    long = len(query) > LONG_QUERY_CHARS
    # a narrative's everyday words are expanded only in its salient sentences (the story's 餐馆 is no lead)
    salient = salient_sentences(query)[1] if long else []
    expanded = expand_query("".join(salient) if salient else query)
    weights, idf = _term_weights(query, expanded.added_terms, long, salient)
    if long:
        key = sorted(weights, key=lambda t: -weights[t])[:24]
        embed_text = " ".join([*key, *expanded.added_terms[:12]])[:400]
    else:
        embed_text = expanded.text
    mentions = [name for _, _, name in law_index().find_in_text(query[:2000])]
    charges = find_charges(" ".join([query, *expanded.added_terms]))
    return Analysis(query, long, expanded.added_terms, weights, idf, embed_text, list(dict.fromkeys(mentions)),
                    charges)


# -- citations -----------------------------------------------------------------------------------------


def _citation_text(query: str) -> str:
    """The sentences that may contain a citation (keeps extraction cheap on 30,000-character narratives)."""
    if len(query) <= LONG_QUERY_CHARS:
        return query
    sentences = [s for s in _SENTENCE_RE.findall(query) if s]
    keep = [s for s in sentences if _CITATION_HINT_RE.search(s)]
    return "".join(keep[:50])


def citation_hits(query: str, scope: Scope) -> tuple[list[int], list[str]]:
    text = _citation_text(query)
    if not _CITATION_HINT_RE.search(text):
        return [], []
    ids: list[int] = []
    labels: list[str] = []
    for citation in extract_citations(text, law_index()):
        if citation.law is None:
            continue
        try:
            article = article_lookup(law=citation.law, article=citation.article)
        except (LawNotFound, ArticleNotFound, InvalidArticleNumber):
            continue
        if article.pk not in ids:
            ids.append(article.pk)
            labels.append(f"{article.law.name}{article.label}")
    if ids:
        allowed = _in_scope(ids, scope)
        kept = [(pk, label) for pk, label in zip(ids, labels, strict=True) if pk in allowed]
        ids, labels = [pk for pk, _ in kept], [label for _, label in kept]
    return ids, labels


def _in_scope(ids: list[int], scope: Scope) -> set[int]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT a.id FROM knowledge_article a JOIN knowledge_law l ON l.id = a.law_id "  # noqa: S608 - constant clauses, values are parameters
            f"WHERE a.id = ANY(%s) AND {scope.sql}", [ids, *scope.params])
        return {row[0] for row in cursor.fetchall()}


def charge_hits(charges: list[ChargeMatch], scope: Scope) -> dict[int, float]:
    """刑法 article id → boost factor for the charges a query names (within the scope)."""
    boosts: dict[int, float] = {}
    for charge in charges:
        for spec in charge.articles:
            try:
                article = article_lookup(law=CRIMINAL_LAW, article=spec)
            except (LawNotFound, ArticleNotFound, InvalidArticleNumber):
                continue
            boost = CHARGE_BOOST_EXPLICIT if charge.explicit else CHARGE_BOOST_STEM
            boosts[article.pk] = max(boosts.get(article.pk, 0.0), boost)
    if boosts:
        allowed = _in_scope(list(boosts), scope)
        boosts = {pk: b for pk, b in boosts.items() if pk in allowed}
    return boosts


# -- the two retrievers ----------------------------------------------------------------------------------


def _vector_literal(vector: np.ndarray) -> str:
    return "[" + ",".join(f"{x:.6f}" for x in vector.tolist()) + "]"


def dense_candidates(embed_text: str, scope: Scope, limit: int = CANDIDATES) -> list[tuple[int, float]]:
    """(article id, cosine similarity), best first."""
    cache = corpus_cache()
    if not cache.embedding or cache.embedding != signature():
        return []  # vectors missing or from another model: full text only until `reembed`
    vector = _vector_literal(embed_query(embed_text))
    exact = scope.size is not None and scope.size <= EXACT_SCAN_BELOW or not scope.current_only
    with transaction.atomic(), connection.cursor() as cursor:
        if exact:
            cursor.execute(
                "WITH c AS MATERIALIZED (SELECT a.id, a.embedding FROM knowledge_article a "  # noqa: S608 - constant clauses, values are parameters
                f"JOIN knowledge_law l ON l.id = a.law_id WHERE a.embedding IS NOT NULL AND {scope.sql}) "
                "SELECT id, 1 - (embedding <=> %s::vector) AS sim FROM c ORDER BY embedding <=> %s::vector LIMIT %s",
                [*scope.params, vector, vector, limit],
            )
        else:
            cursor.execute(f"SET LOCAL hnsw.ef_search = {int(settings.KNOWLEDGE_HNSW_EF_SEARCH)}")
            cursor.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
            cursor.execute(
                "SELECT id, sim FROM (SELECT a.id, 1 - (a.embedding <=> %s::vector) AS sim "  # noqa: S608 - constant clauses, values are parameters
                "FROM knowledge_article a JOIN knowledge_law l ON l.id = a.law_id "
                f"WHERE a.current AND {scope.sql} ORDER BY a.embedding <=> %s::vector LIMIT %s) s ORDER BY sim DESC",
                [vector, *scope.params, vector, limit],
            )
            rows = [(row[0], float(row[1])) for row in cursor.fetchall()]
            if scope.added_law_ids:
                cursor.execute(
                    "SELECT a.id, 1 - (a.embedding <=> %s::vector) AS sim FROM knowledge_article a "  # noqa: S608 - constant clauses, values are parameters
                    "JOIN knowledge_law l ON l.id = a.law_id "
                    f"WHERE a.embedding IS NOT NULL AND a.law_id = ANY(%s) AND {scope.sql} "
                    "ORDER BY a.embedding <=> %s::vector LIMIT %s",
                    [vector, scope.added_law_ids, *scope.params, vector, limit],
                )
                rows = sorted(rows + [(row[0], float(row[1])) for row in cursor.fetchall()], key=lambda r: -r[1])
                rows = rows[:limit]
            return rows
        return [(row[0], float(row[1])) for row in cursor.fetchall()]


def fts_candidates(weights: dict[str, float], idf: dict[str, float], scope: Scope,
                   limit: int = CANDIDATES) -> list[tuple[int, float]]:
    """(article id, IDF-weighted sum of per-term ts_rank), best first."""
    if not weights:
        return []
    terms = list(weights)
    by_idf = sorted(terms, key=lambda t: -idf.get(t, 0.0))
    filter_terms = [t for t in by_idf if idf.get(t, 0.0) >= FILTER_MIN_IDF] or by_idf[:FILTER_MIN_TERMS]
    if len(filter_terms) < FILTER_MIN_TERMS:
        filter_terms = by_idf[:FILTER_MIN_TERMS]
    rank_sql = " + ".join("%s * ts_rank(c.search_vector, to_tsquery('simple', %s))" for _ in terms)
    # the length prior: annex-size articles hold every word once and matched every question
    rank_sql = f"({rank_sql}) * LEAST(1.0, sqrt({LENGTH_PRIOR_CHARS}.0 / GREATEST(c.text_len, 1)))"
    rank_params: list[Any] = []
    for term in terms:
        rank_params.extend([weights[term], term])
    # Two stages: every matching article is ranked once against the filter query, and only the best
    # FTS_PRESELECT of them get the weighted per-term rank (its cost is matches x terms; with both corpora a
    # question matches thousands of articles).
    filter_query = " | ".join(filter_terms)
    sql = (
        "WITH c AS MATERIALIZED (SELECT a.id, a.search_vector, length(a.text) AS text_len FROM knowledge_article a "  # noqa: S608 - constant clauses, values are parameters
        f"JOIN knowledge_law l ON l.id = a.law_id WHERE a.search_vector @@ to_tsquery('simple', %s) AND {scope.sql} "
        "ORDER BY ts_rank(a.search_vector, to_tsquery('simple', %s)) DESC LIMIT %s) "
        f"SELECT c.id, {rank_sql} AS score FROM c ORDER BY score DESC LIMIT %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [filter_query, *scope.params, filter_query, max(FTS_PRESELECT, limit), *rank_params,
                             limit])
        return [(row[0], float(row[1])) for row in cursor.fetchall()]


# -- fusion and results ------------------------------------------------------------------------------------


def fuse(dense: list[tuple[int, float]], fts: list[tuple[int, float]], *, method: str = "convex",
         dense_weight: float = DENSE_WEIGHT) -> dict[int, float]:
    """Combine the two candidate lists. ``convex`` (default): ``w·minmax(cosine) + (1-w)·fts/max``;
    ``rrf``: reciprocal rank fusion (k=60), kept for comparison (docs/decisions/knowledge-search.md)."""
    scores: dict[int, float] = {}
    if method == "rrf":
        for weight, ranked in ((dense_weight, dense), (1 - dense_weight, fts)):
            for rank, (pk, _) in enumerate(ranked, start=1):
                scores[pk] = scores.get(pk, 0.0) + weight / (RRF_K + rank)
        return scores
    if dense:
        high, low = dense[0][1], dense[-1][1]
        span = (high - low) or 1.0
        for pk, sim in dense:
            scores[pk] = dense_weight * (sim - low) / span
    if fts:
        top = fts[0][1] or 1.0
        for pk, value in fts:
            scores[pk] = scores.get(pk, 0.0) + (1 - dense_weight) * value / top
    return scores


def _hits(ids: list[int]) -> dict[int, Article]:
    return {a.pk: a for a in Article.objects.select_related("law").filter(pk__in=ids).defer("embedding")}


def statute_search(*, query: str, top_k: int = 10, law: str | None = None, version: str | None = None,
                   department: str | None = None, domain: str | None = None, status: str = "current",
                   mode: str = "hybrid", doc_type: str | None = None, rankers: bool = False) -> SearchResponse:
    """Search the statutes. Raises InvalidQuery (400) or LawNotFound (404). ``rankers``: pass the
    results through the registered rankers (the issue cards' provisions first: ``legal.retrieval``)."""
    started = time.perf_counter()
    # 離婚後 and ２０２３ search like 离婚后 and 2023: the corpus is simplified, half-width
    text = fold_characters(validate_query(query))
    if not isinstance(top_k, int) or isinstance(top_k, bool) or not 1 <= top_k <= MAX_TOP_K:
        raise InvalidQuery(f"top_k 须为 1 到 {MAX_TOP_K} 之间的整数")
    if mode not in MODES:
        raise InvalidQuery(f"unknown mode {mode!r}")
    scope = build_scope(law=law, version=version, department=department, domain=domain, status=status,
                        doc_type=doc_type)
    cited_ids, cited_labels = citation_hits(text, scope) if mode == "hybrid" else ([], [])
    analysis = analyse(text)
    # dense on a side thread while the full-text query runs here (docs/decisions/knowledge-search.md)
    dense_result = beside(dense_candidates, analysis.embed_text, scope) if mode in ("hybrid", "dense") else list
    fts = fts_candidates(analysis.weights, analysis.idf, scope) if mode in ("hybrid", "fts") else []
    dense = dense_result()
    scores = fuse(dense, fts)
    dense_rank = {pk: i for i, (pk, _) in enumerate(dense, start=1)}
    fts_rank = {pk: i for i, (pk, _) in enumerate(fts, start=1)}
    mentioned = set(analysis.laws_mentioned)
    charged = charge_hits(analysis.charges, scope) if mode == "hybrid" else {}
    ranked_ids = sorted(scores, key=lambda pk: -scores[pk])
    articles = _hits([*cited_ids, *ranked_ids[: top_k * 3], *charged])
    unrelated = rerank(scores, ranked_ids[: top_k * 3], articles, analysis, mentioned if not law else set())
    if charged:
        top = max(scores.values(), default=1.0) or 1.0
        for pk, boost in charged.items():
            scores[pk] = scores.get(pk, 0.0) + boost * top
            unrelated.discard(pk)
    if not law and not doc_type:
        # A regulation or interpretation outranks a law only when it matches clearly better: the law first
        # where both apply (docs/decisions/second-corpus.md).
        for pk in ranked_ids[: top_k * 3]:
            scores[pk] *= subordinate_weight(articles[pk].law.doc_type, mentioned=articles[pk].law.name in mentioned)
    # agreement first: a candidate that shares no legal term with the question comes after those that do
    ranked_ids = sorted(scores, key=lambda pk: (pk in unrelated, -scores[pk]))
    final: list[int] = list(cited_ids)
    # an amended article or an interpretation's law could lie outside a filter: unfiltered searches only
    arranged = (mode == "hybrid" and not law and not doc_type and not department and not domain
                and status in ("current", "all"))
    # the pass after ranking looks a little further down (an interpretation joins its law, an amendment
    # folded into the article it amended leaves a place free)
    pool = top_k + ARRANGE_POOL if arranged else top_k
    for pk in ranked_ids:
        if len(final) >= pool:
            break
        if pk not in final:
            final.append(pk)
    replaced: dict[int, int] = {}
    if arranged:
        articles.update(_hits([pk for pk in final if pk not in articles]))
        final, replaced = arrange(final, articles, unrelated=unrelated, top_k=top_k, pinned=len(cited_ids))
    final = final[:top_k]
    top_score = max(scores.values(), default=1.0) or 1.0
    terms = [*analysis.weights, *analysis.expanded_terms]
    results: list[SearchHit] = []
    for position, pk in enumerate(final):
        article = articles.get(pk) or _hits([pk])[pk]
        signals: list[str] = []
        source = replaced.get(pk, pk)
        if pk in cited_ids:
            signals.append("citation")
            score = 2.0 - position * 0.01
        else:
            score = scores.get(source, 0.0) / top_score
        if source in dense_rank:
            signals.append("dense")
        if source in fts_rank:
            signals.append("fts")
        if article.law.name in mentioned:
            signals.append("law_mention")
        if pk in charged:
            signals.append("charge")
        if pk in replaced:
            signals.append("amended")
        results.append(article_hit(article, score=score, signals=signals, terms=terms,
                                   dense_rank=dense_rank.get(source), fts_rank=fts_rank.get(source)))
    if rankers and arranged and status == "current":
        results = run_rankers(text, results, top_k)
    info = QueryInfo(
        length=len(text), long=analysis.long, expanded_terms=analysis.expanded_terms,
        key_terms=list(analysis.weights)[:24], citations=cited_labels, laws_mentioned=analysis.laws_mentioned,
        dense=bool(dense), elapsed_ms=(time.perf_counter() - started) * 1000,
    )
    return SearchResponse(results, info)


def article_hit(article: Article, *, score: float, signals: list[str], terms: Sequence[str] = (),
                dense_rank: int | None = None, fts_rank: int | None = None) -> SearchHit:
    """One search result for ``article`` (its law loaded)."""
    return SearchHit(
        article_id=article.pk, law=article.law.name, law_id=article.law_id, law_status=law_status_label(article.law),
        law_version=article.law.version_label, is_current_version=law_is_default(article.law),
        article_no=article.number, suffix=article.suffix, article_label=article.label, chapter=article.chapter,
        section=article.section, text=article.text, score=score, signals=signals,
        matched_terms=matched_terms(article.text, list(terms)), dense_rank=dense_rank, fts_rank=fts_rank,
        doc_type=article.law.doc_type,
    )


def rerank(scores: dict[int, float], ids: list[int], articles: dict[int, Article], analysis: Analysis,
           mentioned: set[str]) -> set[int]:
    """Boost, in place, the best candidates' scores: articles of a law the query names, and articles
    whose chapter or section heading holds an informative query term (the article is about it) and
    whose own text holds one too (a neighbour in the same section is not). Returns the candidates
    that share no legal term with the question (IDF ≥ HEADING_MIN_IDF and two characters or more, or an
    expansion term): they rank after those that do."""
    heading_terms = [t for t in analysis.weights if len(t) >= 2 and analysis.idf.get(t, 0.0) >= HEADING_MIN_IDF]
    heading_terms += [t for t in analysis.expanded_terms if len(t) >= 2]
    unrelated: set[int] = set()
    for pk in ids:
        article = articles[pk]
        if article.law.name in mentioned:
            scores[pk] *= 1 + LAW_MENTION_BOOST
        shares = any(term in article.text for term in heading_terms)
        if heading_terms and not shares:
            unrelated.add(pk)
        heading = f"{article.chapter} {article.section}"
        if shares and any(term in heading for term in heading_terms):
            scores[pk] *= 1 + HEADING_BOOST
    return unrelated


def subordinate_weight(doc_type: str, *, mentioned: bool = False) -> float:
    """The factor on a candidate's score by its document type: 1 for laws (and a document the query names)."""
    if mentioned or doc_type_rank(doc_type) <= 1:
        return 1.0
    return SUBORDINATE_WEIGHT


def matched_terms(text: str, terms: list[str], limit: int = 30) -> list[str]:
    """Query terms found in ``text``, longest first, none contained in an earlier one (for highlighting)."""
    found: list[str] = []
    for term in sorted(set(terms), key=lambda t: (-len(t), t)):
        if len(term) < 2 or term not in text:
            continue
        if any(term in longer for longer in found):
            continue
        found.append(term)
        if len(found) >= limit:
            break
    return found

