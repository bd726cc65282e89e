"""Reads on issue cards: the card set the engine uses, the list and one card for the pages and API.

The engine's card set is the shipped files overlaid by the firm's approved versions (a card the
firm edited uses its approved version; a firm's own approved card joins the set; a card switched
off leaves it). It is cached in the process and rebuilt when a card changes (``cards_changed``)
or after :data:`CARD_SET_TTL` seconds (another process may have approved a version).
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.db import DatabaseError
from django.db.models import Q, QuerySet

from legal import cardfile
from legal.cardfile import Card, CardFileError, card_from_dict
from legal.matcher import Matcher
from legal.models import IssueCard, IssueCardVersion

logger = logging.getLogger(__name__)

CARD_SET_TTL = 60.0
_lock = threading.Lock()
_state: dict[str, Any] = {"cards": None, "ids": {}, "at": 0.0, "matcher": None, "key": None}


def cards_changed() -> None:
    with _lock:
        _state.update(cards=None, at=0.0)


def _overlay() -> tuple[list[Card], dict[str, int]]:
    cards = {card.slug: card for card in cardfile.shipped_cards()}
    ids: dict[str, int] = {}
    try:
        rows = list(IssueCard.objects.select_related("current").all())
    except DatabaseError:  # no table yet (before migrate): the files alone
        return list(cards.values()), ids
    for row in rows:
        ids[row.slug] = row.pk
        if row.origin == IssueCard.Origin.FILE and row.slug not in cards:
            continue  # its file no longer ships it
        if not row.active:
            cards.pop(row.slug, None)
            continue
        if row.current is None:
            continue
        try:
            cards[row.slug] = card_from_dict(row.current.data, source=f"firm:{row.slug}")
        except CardFileError:
            logger.warning("legal: card %s v%s no longer validates; the file's version is used", row.slug,
                           row.current.number)
    return list(cards.values()), ids


def active_cards() -> tuple[list[Card], dict[str, int]]:
    """The engine's cards and their table ids (slug -> id)."""
    with _lock:
        if _state["cards"] is not None and time.monotonic() - _state["at"] < CARD_SET_TTL:
            return _state["cards"], _state["ids"]
    cards, ids = _overlay()
    with _lock:
        _state.update(cards=cards, ids=ids, at=time.monotonic())
    return cards, ids


def card_matcher() -> tuple[Matcher, dict[str, int]]:
    """The matcher over the engine's card set (rebuilt when the set changes)."""
    cards, ids = active_cards()
    key = tuple((c.slug, hash((c.title, c.phrasings, c.terms, c.not_terms))) for c in cards)
    with _lock:
        if _state["matcher"] is not None and _state["key"] == key:
            return _state["matcher"], ids
    matcher = Matcher(cards)
    with _lock:
        _state.update(matcher=matcher, key=key)
    return matcher, ids


def card_list(*, q: str = "", domain: str = "") -> QuerySet[IssueCard]:
    rows = IssueCard.objects.select_related("current").filter(active=True)
    if domain:
        rows = rows.filter(domain=domain)
    if q:
        rows = rows.filter(Q(title__icontains=q) | Q(slug__icontains=q) | Q(current__data__icontains=q))
    return rows.order_by("domain", "slug")


def card_versions_pending(*, limit: int = 50) -> list[IssueCardVersion]:
    """Card versions awaiting approval, newest first."""
    return list(IssueCardVersion.objects.filter(status=IssueCardVersion.Status.DRAFT)
                .select_related("card").order_by("-pk")[:limit])


def card_get(*, card_id: int) -> IssueCard:
    return IssueCard.objects.select_related("current").get(pk=card_id)


def provision_valid(law: str, article: int | str) -> bool:
    """The provision exists in the imported corpus, in the version in force today (its status computed from
    the law's versions' dates: a text published but not yet in force, or repealed, is not valid)."""
    from knowledge.exceptions import ArticleNotFound, LawNotFound
    from knowledge.selectors import article_lookup

    try:  # article_lookup caches what it finds, per corpus generation
        return bool(article_lookup(law=law, article=article).law.in_force)
    except (ArticleNotFound, LawNotFound):
        return False


def provision_text(law: str, article: int | str) -> str:
    from knowledge.exceptions import ArticleNotFound, LawNotFound
    from knowledge.selectors import article_lookup

    try:
        found = article_lookup(law=law, article=article)
    except (ArticleNotFound, LawNotFound):
        return ""
    # A text not in force today (已公布，尚未施行 or 已废止) is never presented as the basis of an answer: the
    # answer shows only provisions whose text this returns (docs/decisions/laws-in-force-on-a-date.md).
    return str(found.text) if found.law.in_force else ""


def card_match(*, question: str, retrieved: list[tuple[str, int]] | None = None) -> tuple[list[Any], dict[str, int]]:
    """The question's parts and their cards (``legal.matcher.PartMatch``), with the cards' table ids."""
    matcher, ids = card_matcher()
    return matcher.match(question, retrieved=retrieved or ()), ids
