"""What the card tests that ask a card's issue in wordings of their own share (tests/legal/test_cards_*.py):
the card composed as a sure match, the provisions an answer cites, and the rule that every wording is new to
its card and every new card is asked twice."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from typing import Any

from legal.composer import article_label, compose
from legal.matcher import CardScore, PartMatch


def sure_part(card: Any, text: str, today: date) -> Any:
    """``text`` answered by ``card`` composed as a sure match: what the card itself says to the question."""
    match = PartMatch(text, [CardScore(card, 1.0, 0.95, {"bigrams": 1.0})], True)
    return compose(text, [match], today=today).parts[0]


def cited(part: Any) -> set[tuple[str, str]]:
    """The (law, article label) pairs a composed part cites as its basis."""
    return {(p.law, article_label(p.article)) for p in part.basis}


def cites(part: Any, law: str, articles: int | Iterable[int]) -> bool:
    """Whether ``part`` cites one of ``articles`` of ``law``."""
    wanted = {(law, article_label(a)) for a in ((articles,) if isinstance(articles, int) else articles)}
    return bool(cited(part) & wanted)


def assert_new_wordings(cases: Sequence[tuple], cards: Mapping[str, Any]) -> None:
    """No case's wording (the second field) is one of its card's (the first field) phrasings."""
    for slug, text, *_ in cases:
        assert text not in cards[slug].phrasings, (slug, text)


def assert_each_asked_twice(cases: Sequence[tuple]) -> None:
    slugs = [slug for slug, *_ in cases]
    assert all(slugs.count(slug) == 2 for slug in set(slugs))
