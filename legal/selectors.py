"""Reads on issue cards: the card set the engine uses, the list and one card for the pages and API.

The engine's card set is the shipped files overlaid by the firm's approved versions (a card the
firm edited uses its approved version; a firm's own approved card joins the set; a card switched
off leaves it). It is cached in the process and rebuilt when a card changes (``cards_changed``)
or after :data:`CARD_SET_TTL` seconds (another process may have approved a version).
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from django.db import DatabaseError
from django.db.models import Q, QuerySet

from knowledge.selectors import law_versions_named
from legal import cardfile
from legal.cardfile import Card, CardFileError, Editions, card_from_dict
from legal.matcher import Matcher
from legal.models import IssueCard, IssueCardVersion

logger = logging.getLogger(__name__)

CARD_SET_TTL = 60.0
#: The note of a version seeded from the shipped files (legal.services.cards_seed).
SHIPPED_NOTE = "随产品发布"
_lock = threading.Lock()
_state: dict[str, Any] = {"cards": None, "ids": {}, "at": 0.0, "matcher": None, "key": None, "day": None}


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
            cards[row.slug] = _version_card(json.dumps(row.current.data, sort_keys=True, ensure_ascii=False),
                                            f"firm:{row.slug}")
        except CardFileError:
            logger.warning("legal: card %s v%s no longer validates; the file's version is used", row.slug,
                           row.current.number)
    return list(cards.values()), ids


@lru_cache(maxsize=4096)
def _version_card(data: str, source: str) -> Card:
    """An approved version's card, parsed once per process for the same JSON (the set is rebuilt every
    :data:`CARD_SET_TTL` seconds and on each change; most versions are the ones it had)."""
    return card_from_dict(json.loads(data), source=source)


def active_cards() -> tuple[list[Card], dict[str, int]]:
    """The engine's cards and their table ids (slug -> id), read for today: each versioned citation carries
    the article of the text in force today, or is left out (:func:`card_on`)."""
    day = _today()
    with _lock:
        if _state["cards"] is not None and _state["day"] == day and time.monotonic() - _state["at"] < CARD_SET_TTL:
            return _state["cards"], _state["ids"]
    cards, ids = _overlay()
    try:
        cards = cards_on(cards, day)
    except DatabaseError:  # no corpus tables yet: no text to read a citation against, the cards as written
        pass
    with _lock:
        _state.update(cards=cards, ids=ids, at=time.monotonic(), day=day)
    return cards, ids


def card_matcher() -> tuple[Matcher, dict[str, int]]:
    """The matcher over the engine's card set (rebuilt when the set changes, or the day: a citation's article
    may change with the text in force)."""
    cards, ids = active_cards()
    with _lock:
        # the same set object as the matcher's (active_cards keeps it until the set or the day changes)
        if _state["matcher"] is not None and _state.get("matched") is cards:
            return _state["matcher"], ids
    key = (_state["day"], *((c.slug, hash((c.title, c.phrasings, c.terms, c.not_terms, tuple(
        (p.law, p.article) for p in c.provisions)))) for c in cards))
    with _lock:
        if _state["matcher"] is not None and _state["key"] == key:
            _state["matched"] = cards
            return _state["matcher"], ids
    matcher = Matcher(cards)
    with _lock:
        _state.update(matcher=matcher, key=key, matched=cards)
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


# -- citations of a law with more than one text (docs/decisions/laws-in-force-on-a-date.md, "Versioned citations")


def _today() -> dt.date:
    from knowledge.selectors import versions

    return versions.today()


Unversioned = list[tuple[str, int | str, dt.date]]


def unversioned_citations(card: Card, *, day: dt.date | None = None,
                          versions_of: Callable[[str], Sequence[Any]] | None = None) -> Unversioned:
    """The citations of ``card`` that name no version of a law whose next text is already in the corpus (it takes
    effect after ``day``, default today): (law, article, the new text's first day). On that day a bare article
    number would be read against the new text, whose numbering may differ; a firm's card must say which text it
    cites (``version``) and, where it knows it, the article in the new one (``articles``)."""
    from knowledge.selectors import versions as rule

    day = day or _today()
    versions_of = versions_of or law_versions_named
    cited: list[tuple[str, int | str]] = [(p.law, p.article) for p in card.provisions if not p.editions]
    for answer in card.answers.values():
        editions = answer.basis_editions or ((),) * len(answer.basis)
        cited += [entry for entry, named in zip(answer.basis, editions, strict=True) if not named]
    cited += [(head.law, head.article) for head in card.heads]
    found: Unversioned = []
    later: dict[str, list[dt.date]] = {}
    for law, article in dict.fromkeys(cited):
        if law not in later:
            later[law] = rule.effective_dates(versions_of(law), day)
        if later[law]:
            found.append((law, article, later[law][0]))
    return found


def unversioned_message(found: Sequence[tuple[str, int | str, dt.date]]) -> str:
    """What a firm's editor is told about :func:`unversioned_citations` (Chinese, one line per law)."""
    from knowledge.selectors import versions as rule

    laws: dict[tuple[str, dt.date], list[str]] = {}
    for law, article, start in found:
        laws.setdefault((law, start), []).append(str(article))
    return "；".join(
        f"《{law}》第{'、'.join(articles)}条未注明所引文本：该法新文本自{rule.date_cn(start)}起施行，条文编号可能改变，"
        f"请为每处引用注明 version（所引文本的施行日期）并在 articles 中写明新文本的条号"
        for (law, start), articles in laws.items())


def card_row_unversioned(row: IssueCard, *, day: dt.date | None = None,
                         versions_of: Callable[[str], Sequence[Any]] | None = None,
                         ) -> Unversioned:
    """:func:`unversioned_citations` of a card's approved version when it is the firm's own (written or edited in
    the firm); [] for the shipped text, which the product's own audit keeps versioned."""
    if row.current is None or row.current.note == SHIPPED_NOTE:
        return []
    try:
        card = card_from_dict(row.current.data, source=f"card:{row.slug}")
    except CardFileError:
        return []
    return unversioned_citations(card, day=day, versions_of=versions_of)


def firm_cards_unversioned(*, day: dt.date | None = None) -> list[tuple[IssueCard, Unversioned]]:
    """The active cards whose approved firm version cites a law with a pending new text without naming the
    version: listed on the cards page until the firm mends them."""
    stored: dict[str, tuple[Any, ...]] = {}

    def versions_of(law: str) -> tuple[Any, ...]:
        if law not in stored:
            stored[law] = law_versions_named(law)
        return stored[law]

    rows = (IssueCard.objects.select_related("current").filter(active=True, current__isnull=False)
            .exclude(current__note=SHIPPED_NOTE).order_by("slug"))
    return [(row, found) for row in rows if (found := card_row_unversioned(row, day=day, versions_of=versions_of))]


def cited_article(law: str, article: int | str, editions: Editions = (), *, day: dt.date | None = None,
                  versions: Sequence[Any] | None = None) -> int | str | None:
    """What a citation cites on ``day`` (default today): the article of the version in force that day among
    its ``editions``; None when it names no edition of that version (it abstains: an article number of one
    text is never read against another). A citation naming no version cites ``article`` of whichever text
    is in force."""
    from knowledge.selectors import versions as rule

    if not editions:
        return article
    stored = law_versions_named(law) if versions is None else versions
    return rule.edition_on(stored, editions, day or _today())


def _version_of(law: str, cited: dt.date, versions: Sequence[Any] | None = None) -> Any:
    from knowledge.selectors import versions as rule

    return rule.cited_version(law_versions_named(law) if versions is None else versions, cited)


def _found(law: str, article: int | str, version: dt.date | None, day: dt.date | None) -> Any:
    """The article cited, and whether its text is the one in force on ``day``; (None, False) when not found."""
    from knowledge.exceptions import ArticleNotFound, InvalidArticleNumber, LawNotFound
    from knowledge.selectors import article_lookup, law_in_force

    try:
        if version is None:
            found = article_lookup(law=law, article=article)  # the default text (the one in force today)
        else:
            named = _version_of(law, version)
            if named is None:
                return None, False
            found = article_lookup(law=named, article=article)
    except (ArticleNotFound, InvalidArticleNumber, LawNotFound):
        return None, False
    return found, law_in_force(found.law, day)


def provision_valid(law: str, article: int | str, *, version: dt.date | None = None,
                    day: dt.date | None = None) -> bool:
    """The provision exists in the imported corpus, in the version in force on ``day`` (default today; its
    status computed from the law's versions' dates: a text published but not yet in force, or repealed, is
    not valid). ``version``: the date naming the text ``article`` numbers (a versioned citation); without it,
    the text in force today."""
    # article_lookup caches what it finds, per corpus generation
    return bool(_found(law, article, version, day)[1])


def provision_text(law: str, article: int | str, *, version: dt.date | None = None,
                   day: dt.date | None = None) -> str:
    """The text of the provision when it is in force on ``day`` (default today), else "".

    A text not in force (已公布，尚未施行 or 已废止) is never presented as the basis of an answer: the answer
    shows only provisions whose text this returns (docs/decisions/laws-in-force-on-a-date.md)."""
    found, in_force = _found(law, article, version, day)
    return str(found.text) if found is not None and in_force else ""


def card_on(card: Card, day: dt.date, versions_of: Callable[[str], Sequence[Any]]) -> Card:
    """``card`` as read on ``day``: each versioned provision and basis entry carries the article of the text in
    force that day; one naming no edition of that text leaves the card's provisions (and the answer's basis),
    so the old number is never shown against the new text. A card without versioned citations is itself."""
    from knowledge.selectors import versions as rule

    if not any(p.editions for p in card.provisions) and not any(a.basis_editions for a in card.answers.values()):
        return card

    def on(law: str, article: int | str, editions: Editions) -> int | str | None:
        stored = versions_of(law) if editions else ()
        # a law the corpus does not hold: nothing can be shown against the citation, which stays as written
        return rule.edition_on(stored, editions, day) if stored else article

    provisions = []
    for p in card.provisions:
        article = on(p.law, p.article, p.editions)
        if article is not None:
            provisions.append(p if article == p.article else replace(p, article=article))
    answers = {}
    for qtype, answer in card.answers.items():
        if not answer.basis_editions:
            answers[qtype] = answer
            continue
        basis, editions = [], []
        for (law, article), cited in zip(answer.basis, answer.basis_editions, strict=True):
            chosen = on(law, article, cited)
            if chosen is not None:
                basis.append((law, chosen))
                editions.append(cited)
        answers[qtype] = replace(answer, basis=tuple(basis), basis_editions=tuple(editions) if basis else ())
    return replace(card, provisions=tuple(provisions), answers=answers)


def cards_on(cards: Sequence[Card], day: dt.date) -> list[Card]:
    """Every card as read on ``day`` (:func:`card_on`), each law's versions read once."""
    stored: dict[str, tuple[Any, ...]] = {}

    def versions_of(law: str) -> tuple[Any, ...]:
        if law not in stored:
            stored[law] = law_versions_named(law)
        return stored[law]

    read = [card_on(card, day, versions_of) for card in cards]
    # a card left with no provision in force (every citation of a text no longer or not yet in force) abstains
    return [card for card in read if card.provisions]


def card_match(*, question: str, retrieved: list[tuple[str, int]] | None = None) -> tuple[list[Any], dict[str, int]]:
    """The question's parts and their cards (``legal.matcher.PartMatch``), with the cards' table ids."""
    matcher, ids = card_matcher()
    return matcher.match(question, retrieved=retrieved or ()), ids
