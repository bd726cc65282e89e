"""One card answered for a question, as the typed-case tests read it (shared by the case and threshold tests)."""

from __future__ import annotations

from datetime import date

from legal.cardfile import shipped_cards
from legal.composer import compose
from legal.facts import extract_facts
from legal.matcher import CardScore, PartMatch

TODAY = date(2026, 11, 28)
CARDS = {card.slug: card for card in shipped_cards()}


def facts_of(text: str) -> dict:
    return extract_facts(text, today=TODAY).values()


def conclusion_of(slug: str, text: str) -> str:
    """The first part's text when ``slug`` is the only, confident card for ``text``."""
    match = PartMatch(text, [CardScore(CARDS[slug], 1.0, 0.95, {"bigrams": 1.0})], True)
    return compose(text, [match], today=TODAY).parts[0].text
