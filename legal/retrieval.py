"""Retrieval that stands on the issue cards: the cards a question matches, with their provisions,
and the ranker the knowledge search runs for the chat's and research's search tool.

* :func:`matched_cards` — per question part the card decided with a confidence at or above the
  matcher's threshold, with its controlling provisions (the research planner's sub-issues).
* :func:`card_first` — a search's results with the decided cards' controlling provisions first (in
  the card's order, part by part), then the rest; a result of the wrong sense of a homonym the
  question uses (住房公积金 vs 公司法's 公积金, 行政复议 vs a criminal-procedure 复议) after the others.
* :func:`provision_hits` — a card's provisions as search results (research retrieves within its
  card's provisions first).

The ranker is registered with the knowledge search in ``LegalConfig.ready`` (the knowledge app
does not import this one). docs/decisions/card-retrieval.md has the reasons and the numbers.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from knowledge.selectors.arrange import beside_their_law, hit_implements
from legal.cardfile import Card, Provision
from legal.matcher import THRESHOLD, Homonym, area, homonyms

if TYPE_CHECKING:
    from knowledge.models import Article
    from knowledge.selectors.search import SearchHit

logger = logging.getLogger(__name__)

#: A card provision brought to the top of a search scores this (the search's own scores are ≤ 1).
CARD_SCORE = 1.5
CARD_SIGNAL = "card"


@dataclass(frozen=True)
class MatchedCard:
    """One question part decided for one card."""

    part: str
    card: Card
    confidence: float
    provisions: tuple[Provision, ...] = field(default=())


def matched_cards(question: str, *, retrieved: Iterable[tuple[str, int]] = (),
                  threshold: float = THRESHOLD) -> list[MatchedCard]:
    """The question's parts the matcher decides (confidence ≥ ``threshold``), each with its card and
    the card's controlling provisions, in the question's order (a card once, at its first part)."""
    from legal.selectors import card_match

    parts, _ = card_match(question=question, retrieved=list(retrieved))
    found: list[MatchedCard] = []
    seen: set[str] = set()
    for part in parts:
        best = part.best
        if not part.decided or best is None or best.confidence < threshold or best.card.slug in seen:
            continue
        seen.add(best.card.slug)
        found.append(MatchedCard(part.text, best.card, best.confidence, best.card.controlling))
    return found


#: How many results of a plain search the matcher's agreement signal reads.
AGREEMENT_TOP_K = 10


def agreement_keys(question: str) -> list[tuple[str, int]]:
    """The statutes a plain search finds for ``question`` — hybrid, without the cards' ranking (which
    would only echo the matcher) — as (law, article): what the matcher's agreement signal compares a
    card's controlling provisions with. Empty when the search cannot run (no corpus, a bad query)."""
    from knowledge.exceptions import InvalidQuery
    from knowledge.selectors.search import statute_search

    try:
        response = statute_search(query=question[:2000], top_k=AGREEMENT_TOP_K, rankers=False)
    except InvalidQuery:
        return []
    except Exception:  # retrieval is a signal, not a condition of an answer
        logger.warning("legal: agreement search failed", exc_info=True)
        return []
    return [(hit.law, hit.article_no) for hit in response.results if hit.article_no]


def provision_articles(provisions: Sequence[Provision]) -> list[Article]:
    """The provisions' current articles in the corpus, in order (one missing from the corpus is left out)."""
    from knowledge.exceptions import ArticleNotFound, InvalidArticleNumber, LawNotFound
    from knowledge.selectors import article_lookup
    from knowledge.selectors.arrange import amended_article

    found: list[Article] = []
    for provision in provisions:
        try:
            article = article_lookup(law=provision.law, article=provision.article)
        except (LawNotFound, ArticleNotFound, InvalidArticleNumber):
            continue
        # a card citing an amendment's article stands on the article it amended (the current law)
        article = amended_article(article) or article
        if article.law.in_force and all(a.pk != article.pk for a in found):
            found.append(article)
    return found


def provision_hits(provisions: Sequence[Provision], *, score: float = CARD_SCORE) -> list[SearchHit]:
    """The provisions as search results (signal ``card``), best first, each scored a little below the last."""
    from knowledge.selectors.search import article_hit

    return [article_hit(article, score=score - 0.01 * i, signals=[CARD_SIGNAL])
            for i, article in enumerate(provision_articles(provisions))]


# -- homonyms ----------------------------------------------------------------------------------------------
@cache
def _laws_by_area(cards_key: tuple[str, ...]) -> dict[str, frozenset[str]]:
    from legal.selectors import active_cards

    cards, _ = active_cards()
    laws: dict[str, set[str]] = {}
    for card in cards:
        for key in {area(card), card.domain}:
            laws.setdefault(key, set()).update(p.law for p in card.provisions)
    return {key: frozenset(value) for key, value in laws.items()}


def laws_by_area() -> dict[str, frozenset[str]]:
    """Area or domain -> the laws its cards cite (each card's slug prefix and domain)."""
    from legal.selectors import active_cards

    cards, _ = active_cards()
    return _laws_by_area(tuple(sorted(c.slug for c in cards)))


def _decided_sense(homonym: Homonym, text: str) -> int | None:
    """The sense the question's cues choose, or None (no cue, or a tie)."""
    counts = [sum(cue in text for cue in cues) for _, cues in homonym.senses]
    best = max(counts, default=0)
    if not best or counts.count(best) > 1:
        return None
    return counts.index(best)


@dataclass(frozen=True)
class Sense:
    """A homonym the question uses in the sense its cues decide."""

    homonym: Homonym
    sense: int
    #: laws only the cards of the homonym's other senses cite
    wrong_laws: frozenset[str]

    def wrong(self, law: str, text: str) -> bool:
        """A result about another sense: its text uses the word in a sense its own cues decide
        otherwise, or it is of a law only the other senses' cards cite."""
        if self.homonym.word not in text:
            return False
        own = _decided_sense(self.homonym, text)
        return (own is not None and own != self.sense) or law in self.wrong_laws


def question_senses(question: str) -> list[Sense]:
    """The homonyms the question uses in a sense its cues decide."""
    by_area = laws_by_area()
    out: list[Sense] = []
    for homonym in homonyms():
        if homonym.word not in question:
            continue
        sense = _decided_sense(homonym, question)
        if sense is None:
            continue
        own: set[str] = set()
        for key in homonym.senses[sense][0]:
            own |= by_area.get(key, frozenset())
        others: set[str] = set()
        for index, (areas, _) in enumerate(homonym.senses):
            if index != sense:
                for key in areas:
                    others |= by_area.get(key, frozenset())
        out.append(Sense(homonym, sense, frozenset(others - own)))
    return out


def _wrong_sense(hit: SearchHit, senses: list[Sense]) -> bool:
    return any(sense.wrong(hit.law, hit.text) for sense in senses)


# -- the ranker ------------------------------------------------------------------------------------------------
def card_first(query: str, hits: list[SearchHit], top_k: int) -> list[SearchHit]:
    """``hits`` with the articles the query cites itself first, then the controlling provisions of the
    cards the query decides, then the rest (a result of the wrong sense of a homonym after the
    others), cut to ``top_k``."""
    cited = [h for h in hits if "citation" in h.signals]
    hits = [h for h in hits if "citation" not in h.signals]
    matched = matched_cards(query, retrieved=[(h.law, h.article_no) for h in [*cited, *hits] if h.article_no])
    provisions = [p for m in matched for p in m.provisions]
    first = provision_hits(provisions) if provisions else []
    chosen = {h.article_id for h in [*cited, *first]}
    first = [h for h in first if h.article_id not in {c.article_id for c in cited}]
    if first:
        by_id = {h.article_id: h for h in hits}
        for hit in first:  # a provision the search found keeps what the search said about it
            found = by_id.get(hit.article_id)
            if found is not None:
                hit.signals = [CARD_SIGNAL, *found.signals]
                hit.matched_terms = found.matched_terms
                hit.dense_rank, hit.fts_rank = found.dense_rank, found.fts_rank
    rest = [h for h in hits if h.article_id not in chosen]
    senses = question_senses(query)
    if senses:
        rest = [h for h in rest if not _wrong_sense(h, senses)] + [h for h in rest if _wrong_sense(h, senses)]
    # an interpretation of a law the cards put first comes right after the cards' block
    return beside_their_law([*cited, *first, *rest], law=lambda h: h.law, implements=hit_implements,
                            movable=lambda h: CARD_SIGNAL not in h.signals, pinned=len(cited) + len(first))[:top_k]


def card_by_slug(slug: str) -> Card | None:
    """The engine's card ``slug`` (the firm's approved version when it edited it), or None."""
    from legal.selectors import active_cards

    cards, _ = active_cards()
    return next((card for card in cards if card.slug == slug), None)
