"""Card text that belongs elsewhere (docs/decisions/card-lint.md).

Three checks over every card's answer texts (conclusions and their cases), evidence, next steps, exceptions
and mistakes:

- ``foreign``: a sentence about another card's topic. A card's *topic words* are its terms that its title
  names; one is distinctive when at most :data:`MAX_TOPIC_CARDS` cards hold it in their title or terms and
  at most :data:`MAX_SPREAD` cards use it anywhere. A sentence naming a distinctive topic word of a card of
  another area, absent from its own card's vocabulary (title, terms, phrasings, summary, elements and
  provisions' ``decides``), speaks of that card's topic when its bigrams weigh (IDF over cards) at least
  :data:`FOREIGN_WEIGHT` on that card and :data:`FOREIGN_RATIO` times more than on its own card. The lint
  flags it unless it also names one of its own card's terms (a cross-reference tied to this issue); the
  composer drops it when the question does not speak of that topic (``legal.composer.own_topic_text``).
- ``figure``: a worked example's figure in a conclusion (例如月收入10000元): a number with a unit in a clause
  an example marker opens, not a threshold (以上, 以下, 起 …) and not stated by the card's provisions.
- ``qtype``: text typed for another question type — a limitation period (诉讼时效三年) in a ``valid`` or
  ``which`` answer, a figure template ({result}, {deadline}, a formula) in a ``which`` or ``valid`` answer.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from legal.cardfile import Card
from legal.focus import grams
from legal.numerals import cn_number

#: A topic word names the topic of at most this many cards (their titles and terms).
MAX_TOPIC_CARDS = 2
#: ... and at most this many cards use it anywhere in their text.
MAX_SPREAD = 4
#: A sentence speaks of another card's topic when its bigrams weigh this much on that card ...
FOREIGN_WEIGHT = 30.0
#: ... and this many times more than on its own card.
FOREIGN_RATIO = 3.0

TEXT_FIELDS = ("evidence", "next_steps", "exceptions", "mistakes")


@dataclass(frozen=True)
class Finding:
    slug: str
    where: str
    kind: str  # foreign | figure | qtype
    text: str
    detail: str

    def __str__(self) -> str:
        return f"{self.slug}: {self.where}: {self.kind}: {self.detail} | {self.text}"


def own_vocabulary(card: Card) -> str:
    """What a card says its issue is: title, terms, phrasings, summary, elements and provisions' ``decides``."""
    return " ".join([card.title, card.summary, *card.terms, *card.phrasings,
                     *(p.decides for p in card.provisions), *(e.text for e in card.elements)])


def card_texts(card: Card) -> Iterator[tuple[str, str]]:
    """(where, text) of every text the card gives a client."""
    for qtype, answer in card.answers.items():
        yield f"answers.{qtype}", answer.conclusion
        for i, case in enumerate(answer.cases):
            yield f"answers.{qtype}.cases[{i}]", case.conclusion
    for name in TEXT_FIELDS:
        for i, text in enumerate(getattr(card, name)):
            yield f"{name}[{i}]", text


_OPEN, _CLOSE = "（(“", "）)”"


def sentences(text: str) -> list[str]:
    """``text``'s sentences, each with its stop (。；！), never cut inside brackets or quotes."""
    pieces, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in _OPEN:
            depth += 1
        elif char in _CLOSE:
            depth = max(0, depth - 1)
        elif char in "。；！" and depth == 0:
            pieces.append(text[start:index + 1])
            start = index + 1
    pieces.append(text[start:])
    return [p for p in pieces if p.strip()]


class TopicIndex:
    """The distinctive topic words of a set of cards and the IDF of their vocabulary's bigrams."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = {c.slug: c for c in cards}
        self.vocab = {c.slug: own_vocabulary(c) for c in cards}
        self.grams = {slug: grams(text) for slug, text in self.vocab.items()}
        counts = Counter(g for bigrams in self.grams.values() for g in bigrams)
        total = max(len(cards), 1)
        self.idf = {g: math.log(total / n) for g, n in counts.items()}
        topics = {c.slug: " ".join([c.title, *c.terms]) for c in cards}
        everything = {c.slug: self.vocab[c.slug] + " ".join(t for _, t in card_texts(c)) for c in cards}
        homes: dict[str, set[str]] = defaultdict(set)
        for c in cards:
            for term in c.terms:
                if len(term) >= 2 and term in c.title:
                    homes[term].add(c.slug)
        self.homes = {w: frozenset(h) for w, h in homes.items()
                      if sum(w in t for t in topics.values()) <= MAX_TOPIC_CARDS
                      and sum(w in t for t in everything.values()) <= MAX_SPREAD}

    def weight(self, bigrams: set[str], slug: str, minus: set[str] = frozenset()) -> float:  # type: ignore[assignment]
        own = self.grams.get(slug, set())
        return sum(self.idf.get(g, 0.0) for g in bigrams if g in own and g not in minus)

    def foreign(self, card: Card, sentence: str) -> list[tuple[str, str]]:
        """(topic word, its card) for each other card's topic ``sentence`` speaks of (module docstring)."""
        mine = self.vocab.get(card.slug) or own_vocabulary(card)
        own_grams = self.grams.get(card.slug) or grams(mine)
        area = card.slug.split(".", 1)[0]
        bigrams = grams(sentence)
        own_weight = sum(self.idf.get(g, 0.0) for g in bigrams if g in own_grams)
        found = []
        for word, homes in self.homes.items():
            if word not in sentence or word in mine:
                continue
            for home in sorted(homes):
                if home == card.slug or home.split(".", 1)[0] == area:
                    continue
                weight = self.weight(bigrams, home, own_grams)
                if weight >= FOREIGN_WEIGHT and weight > FOREIGN_RATIO * own_weight:
                    found.append((word, home))
        return found

    def speaks_of(self, text: str, slug: str, words: Sequence[str] = ()) -> bool:
        """Whether ``text`` (a question) speaks of card ``slug``'s topic: names one of ``words`` or its terms."""
        card = self.cards.get(slug)
        terms = card.terms if card is not None else ()
        return any(w and w in text for w in (*words, *terms))


_INDEXES: dict[tuple[int, ...], tuple[tuple[Card, ...], TopicIndex]] = {}


def topic_index(cards: Sequence[Card]) -> TopicIndex:
    """The :class:`TopicIndex` of ``cards`` (cached per set of card objects)."""
    kept = tuple(cards)
    key = tuple(id(c) for c in kept)
    if key not in _INDEXES:
        if len(_INDEXES) >= 4:
            _INDEXES.pop(next(iter(_INDEXES)))
        _INDEXES[key] = (kept, TopicIndex(kept))
    return _INDEXES[key][1]


# -- worked example figures ----------------------------------------------------------------------------------
_FIGURE = re.compile(r"(\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千]+)\s*"
                     r"(万元|万|千元|元|块|个工作日|个月|年|日|天|小时|周岁|岁|%|倍)"
                     r"(?!\s*(?:以上|以下|以内|之内|内|起|至|到|–|-|~))")
#: Any figure with its unit, threshold or not: what a provision states.
_STATED = re.compile(_FIGURE.pattern.split("(?!")[0])
#: What opens a worked example: 例如, 比如 …, an 如 or a 写 (借条写10万) right before a figure.
_EXAMPLE_MARK = re.compile(r"例如|比如|譬如|假设|假如|举例|(?<![例比譬假])如(?=每|\d)|写(?=\d)")
_CLAUSE = re.compile(r"[^。；]+")


def _figures(text: str) -> set[tuple[object, str]]:
    return {(cn_number(m.group(1)), m.group(2)) for m in _STATED.finditer(text)}


def example_figures(card: Card, text: str) -> list[str]:
    """The figures of worked examples in ``text`` (a conclusion) that no provision of ``card`` states."""
    stated = _figures(" ".join(f"{p.decides} {' '.join(p.keywords)}" for p in card.provisions))
    found = []
    for clause in _CLAUSE.findall(text):
        mark = _EXAMPLE_MARK.search(clause)
        if mark is None:
            continue
        for m in _FIGURE.finditer(clause, mark.end()):
            if (cn_number(m.group(1)), m.group(2)) not in stated:
                found.append(m.group(0))
    return found


# -- text typed for another question type ----------------------------------------------------------------------
_PERIOD = re.compile(r"(?:诉讼时效|时效期间|时效)[^。；，]{0,6}?[\d一二三四五六七八九十两半]+\s*(?:年|个月|日|天)")
_TEMPLATE = re.compile(r"\{result\}|\{deadline\}|[×÷]|=\s*\d")


def wrong_type(qtype: str, text: str) -> str:
    """What in ``text`` (an answer of ``qtype``) is typed for another question type ("" for nothing)."""
    if qtype in ("valid", "which"):
        if m := _PERIOD.search(text):
            return f"a limitation period ({m.group(0)}) in a {qtype} answer"
        if m := _TEMPLATE.search(text):
            return f"a figure template ({m.group(0)}) in a {qtype} answer"
    return ""


def lint(cards: Sequence[Card], index: TopicIndex | None = None) -> list[Finding]:
    """Every finding of the three checks over ``cards`` (module docstring)."""
    index = index or topic_index(cards)
    findings: list[Finding] = []
    for card in cards:
        for where, text in card_texts(card):
            for sentence in sentences(text):
                hits = index.foreign(card, sentence)
                if hits and not any(term in sentence for term in card.terms if len(term) >= 2):
                    detail = ", ".join(f"{word} ({home})" for word, home in hits)
                    findings.append(Finding(card.slug, where, "foreign", sentence, detail))
            if where.startswith("answers."):
                qtype = where.split(".")[1]
                figures = example_figures(card, text)
                if figures:
                    findings.append(Finding(card.slug, where, "figure", text[:120],
                                            "worked example " + "、".join(figures)))
                typed = wrong_type(qtype, text)
                if typed:
                    findings.append(Finding(card.slug, where, "qtype", text[:120], typed))
    return findings
