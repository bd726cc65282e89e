"""The last pass over a statute search's ranked ids: amendment text folded into the article it
amended, a judicial interpretation next to the law it implements, and the rankers other apps
register (the legal app's issue cards: ``legal.retrieval``).

* **Amendments.** An article of a 修正案 or 修改决定 (关于修改《X》的决定) restates an article of the
  law it amends ("将刑法第一百三十三条之一修改为：…"). The current law already holds that text, so the
  amendment's article is replaced by the amended article (at the amendment's rank) or, when that
  article is already in the results, dropped: the results never show the same rule twice.
* **Interpretations.** A 司法解释 (and a law's 实施条例/实施细则) applies a law; its articles carry the
  subordinate weight of the fusion and used to fall below unrelated laws. Here an interpretation
  found among the candidates moves up to right after the last result above it of the law it
  implements (the law named in its title, else the law its articles cite most, else the first law
  its enacting clause names): articles of other
  laws make room, the law's own articles never do. One that ranks above its law, or that shares
  no legal term with the question, keeps its place.
* **Rankers.** ``register_ranker(fn)`` adds ``fn(query, hits, top_k) -> hits``; a caller that asks
  for them (``statute_search(..., rankers=True)``: the chat's and research's search tool) gets its
  results through every registered ranker, in order. A ranker must not add an article outside the
  search's scope, so rankers run only on unfiltered searches of the current law.

docs/decisions/card-retrieval.md has the reasons and the measurements.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

from knowledge.exceptions import ArticleNotFound, InvalidArticleNumber, LawNotFound
from knowledge.models import Article, Law

if TYPE_CHECKING:
    from knowledge.selectors.search import SearchHit

logger = logging.getLogger(__name__)

AMENDING_DOC_TYPES = frozenset({"修正案", "修改决定"})
INTERPRETING_DOC_TYPES = frozenset({"司法解释"})
_IMPLEMENTING_NAME = re.compile(r"^(?P<base>.+?)(?:实施条例|实施细则)$")
_QUOTED = re.compile(r"《([^《》]+)》")
_NUMERAL = r"[零〇一二两三四五六七八九十百千\d]+"
#: Where an amending article names the article it writes: 作为第X条之一 > 改为第X条 > the first 第X条.
_TARGETS = (re.compile(rf"作为第({_NUMERAL})条(之[一二三四五六七八九十])?"),
            re.compile(rf"改为第({_NUMERAL})条(之[一二三四五六七八九十])?"),
            re.compile(rf"第({_NUMERAL})条(之[一二三四五六七八九十])?"))
_AMENDS = ("修改为", "改为", "增加", "增写", "作为", "修改")
_AMENDMENT_NAME = re.compile(r"修正案(?:（[^（）]*）)?$")
_ENACTING = re.compile(r"(?:根据|依据|依照)[^。]{0,5}$")
#: An interpretation's articles must cite a law at least this often for it to count as that law's (else
#: the first law its enacting clause names: 根据《中华人民共和国民法典》《…》等相关法律规定).
MIN_CITES = 2

Ranker = Callable[[str, list["SearchHit"], int], list["SearchHit"]]
_rankers: list[Ranker] = []


def register_ranker(ranker: Ranker) -> None:
    """Add a ranker run by ``statute_search(..., rankers=True)`` (once per function)."""
    if ranker not in _rankers:
        _rankers.append(ranker)


def rankers() -> tuple[Ranker, ...]:
    return tuple(_rankers)


def run_rankers(query: str, hits: list[SearchHit], top_k: int) -> list[SearchHit]:
    """``hits`` through every registered ranker; a ranker that fails is skipped (logged)."""
    for ranker in _rankers:
        try:
            hits = ranker(query, hits, top_k)[:top_k]
        except Exception:  # a ranker is an enrichment: the search answers without it
            logger.warning("knowledge: ranker %s failed", getattr(ranker, "__name__", ranker), exc_info=True)
    return hits


# -- amendments ------------------------------------------------------------------------------------------
def is_amending(law: Law) -> bool:
    """A 修正案 (刑法修正案（十一）, 宪法修正案（2018年）) or a 修改决定 of a law (not of an interpretation)."""
    if law.doc_type in AMENDING_DOC_TYPES or _AMENDMENT_NAME.search(law.name):
        return True
    return "关于修改《" in law.name and law.name.endswith("的决定") and law.doc_type not in INTERPRETING_DOC_TYPES


def _target_label(text: str) -> str | None:
    head = text[:120]
    if not any(word in head for word in _AMENDS):
        return None
    for pattern in _TARGETS:
        match = pattern.search(head)
        if match:
            return f"第{match.group(1)}条{match.group(2) or ''}"
    return None


def amended_article(article: Article) -> Article | None:
    """The current article an amending article restates, or None (not an amendment, or not found)."""
    law = article.law
    if not is_amending(law):
        return None
    label = _target_label(article.text)
    if label is None:
        return None
    from knowledge.lawnames import amended_law_name
    from knowledge.selectors.statutes import article_lookup, law_index

    base = amended_law_name(name=law.name, doc_type=law.doc_type, index=law_index())
    if not base or base == law.name:
        return None
    try:
        target = article_lookup(law=base, article=label)
    except (LawNotFound, ArticleNotFound, InvalidArticleNumber):
        return None
    # the text in force today (its status computed from the versions' dates), not the stored flag
    return target if target.law.in_force else None


# -- interpretations --------------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def _implemented(law_id: int, name: str, doc_type: str) -> str | None:
    from knowledge.selectors.statutes import law_index

    index = law_index()
    implementing = _IMPLEMENTING_NAME.match(name)
    if doc_type not in INTERPRETING_DOC_TYPES and implementing is None:
        return None
    quoted = {index.resolve(m) for m in _QUOTED.findall(name)} - {None, name}
    if len(quoted) == 1:
        return quoted.pop()
    if implementing is not None:
        base = index.resolve(implementing.group("base"))
        if base and base != name:
            return base
    if quoted:
        return None
    counts: Counter[str] = Counter()
    basis: str | None = None
    for text in Article.objects.filter(law_id=law_id).order_by("ordinal").values_list("text", flat=True)[:400]:
        for cited in _QUOTED.findall(text):
            resolved = index.resolve(cited)
            if resolved and resolved != name:
                counts[resolved] += 1
                if basis is None and _ENACTING.search(text[:text.find(cited)]):
                    basis = resolved  # 为…，根据《X》《Y》…制定本规定: the first law named
    ranked = counts.most_common(2)
    if ranked and ranked[0][1] >= MIN_CITES and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
        return ranked[0][0]
    return basis


def implemented_law(law: Law) -> str | None:
    """The law a judicial interpretation (or an 实施条例) applies: named in its title, else the law its
    articles cite most; None for a law itself or when no law stands out."""
    return _implemented(law.pk, law.name, law.doc_type)


def implemented_law_cache_clear() -> None:
    _implemented.cache_clear()


# -- the pass over the ranked ids -----------------------------------------------------------------------------
def arrange(ids: Iterable[int], articles: dict[int, Article], *, unrelated: set[int], top_k: int,
            pinned: int = 0) -> tuple[list[int], dict[int, int]]:
    """``ids`` (best first, ``articles`` holding each) with amendments folded and interpretations
    moved next to their law, cut to ``top_k``; the first ``pinned`` ids (citations the query wrote)
    stay where they are. Returns the ids and, for an amended article brought in, the amendment's id
    it replaced (``articles`` gains the amended articles)."""
    folded: list[int] = []
    replaced: dict[int, int] = {}
    for position, pk in enumerate(ids):
        article = articles[pk]
        target = amended_article(article) if position >= pinned else None
        if target is not None:
            if target.pk in articles and target.pk in folded:
                continue
            articles.setdefault(target.pk, target)
            replaced[target.pk] = pk
            pk = target.pk
        if pk not in folded:
            folded.append(pk)
    implements = {pk: implemented_law(articles[pk].law) for pk in folded}
    out = beside_their_law(folded, law=lambda pk: articles[pk].law.name, implements=implements.get,
                           movable=lambda pk: pk not in unrelated, pinned=pinned)
    return out[:top_k], replaced


T = TypeVar("T")


def beside_their_law(items: Sequence[T], *, law: Callable[[T], str], implements: Callable[[T], str | None],
                     movable: Callable[[T], bool] = lambda item: True, pinned: int = 0) -> list[T]:
    """``items`` with each interpretation (``implements(item)``: the law it applies) moved up to right
    after the last item above it of that law (or of another interpretation of it); an item of no
    such law above it, or not ``movable``, keeps its place. The law's own articles are never pushed
    down: only items of other laws make room. The first ``pinned`` items stay first."""
    out: list[T] = list(items[:pinned])
    for item in items[pinned:]:
        applied = implements(item)
        if applied is not None and movable(item):
            anchor = max((i for i, other in enumerate(out) if law(other) == applied or implements(other) == applied),
                         default=None)
            if anchor is not None:
                out.insert(anchor + 1, item)
                continue
        out.append(item)
    return out


def hit_implements(hit: SearchHit) -> str | None:
    """:func:`implemented_law` of a search result's document."""
    return _implemented(hit.law_id, hit.law, hit.doc_type)
