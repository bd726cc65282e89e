"""What the question asks and what it is about: the kind of question, its terms, which retrieved
articles are about it (``relevant_hits``), the key article and the statement in it that answers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from chat.offline.common import (
    _COMMON_BIGRAMS,
    _GENERIC_SUFFIXES,
    _GENERIC_TITLES,
    _ITEM,
    _PERMISSIVE,
    _PROHIBITIVE,
    _SENTENCE,
    _STRUCTURE,
    _TITLE_SPLIT,
    QUESTION_KINDS,
    STATEMENT_CHARS,
    _clean,
)
from knowledge.query_expansion import RULES as EXPANSION_RULES
from knowledge.query_expansion import expand_query, normalize_query
from knowledge.textsearch import index_tokens, query_tokens

# -- what the question asks and what it is about ---------------------------------------------------------


def question_kind(question: str) -> str:
    """legality | can | amount | consequence | action | general (chat/vocab/offline.toml [questions])."""
    for kind, words in QUESTION_KINDS:
        if any(word in question for word in words):
            return kind
    return "general"


def question_terms(question: str) -> set[str]:
    """The question's terms of two or more characters, with the legal concepts its everyday words
    stand for (the search's own tokenizer and query expansion)."""
    expanded = expand_query(question[:4000]).text
    return {t for t in query_tokens(expanded) if len(t) >= 2 and not t.isascii()}


def _title(text: Any) -> str:
    return _STRUCTURE.sub(" ", str(text or "")).strip()


def _specific(title: str) -> bool:
    """A title that names a topic (not 一般规定, 法律责任 …)."""
    return bool(title) and not all(any(g in part for g in _GENERIC_TITLES) for part in title.split())


def _core(segment: str) -> str:
    for suffix in _GENERIC_SUFFIXES:
        if segment.endswith(suffix) and len(segment) > len(suffix):
            return segment[: -len(suffix)]
    return segment


def _subtypes(hits: list[Mapping[str, Any]], terms: set[str]) -> set[int]:
    """Articles under a chapter that names a kind of a concept of the question by a two-character
    qualifier (融资租赁合同) when another retrieved article's chapter names that concept itself
    (租赁合同): the plain one is meant."""
    cores = {id(h): {_core(s) for s in _TITLE_SPLIT.split(_title(h.get("chapter"))) if s} for h in hits}
    plain = {term for h in hits for term in terms if term in cores[id(h)]}
    return {id(h) for h in hits
            if any(len(core) == len(term) + 2 and core.endswith(term) and core not in terms
                   for core in cores[id(h)] for term in plain)}


def _word_counts(text: str) -> Counter[str]:
    """The article's words (the search tokenizer's, two characters or more) and how often each occurs,
    without those common to most statutes."""
    words = index_tokens(text).split()
    return Counter(t for t in words if len(t) >= 2 and not t.isascii() and t not in _COMMON_BIGRAMS)


def _dominated(hit: Mapping[str, Any], terms: set[str], others: list[Mapping[str, Any]]) -> bool:
    """The article is about something neither the question nor the other articles found speak of:
    its most frequent word (three times or more) is not a term of the question, occurs more often
    than any term that is, and appears in no other retrieved article (保证 among articles on 诉讼时效
    and 借款 for a question about a loan)."""
    counts = _word_counts(str(hit.get("text", "")))
    if not counts:
        return False
    word, top = counts.most_common(1)[0]
    asked = max((counts[t] for t in terms if t in counts), default=0)
    if top < 3 or top <= asked or any(word in t or t in word for t in terms):
        return False
    return not any(word in str(other.get("text", "")) for other in others if other is not hit)


def relevant_hits(hits: list[Mapping[str, Any]], question: str) -> list[Mapping[str, Any]]:
    """The retrieved articles the answer may rely on: those that share a term with the question (or
    the concepts its words stand for), without those about something else — a kind of the
    question's concept when the concept itself was found too (融资租赁 beside 租赁), or an article
    whose main word the question never uses (保证 for a question about a loan). When that leaves
    nothing, the first three that share a term (plain concepts before their kinds); when none shares
    a term (the question's words are not the statutes'), the search's first two."""
    terms = question_terms(question)
    shared = [h for h in hits if any(t in str(h.get("text", "")) for t in terms)]
    subtypes = _subtypes(shared, terms)
    kept = [h for i, h in enumerate(shared)
            if id(h) not in subtypes and (i == 0 or not _dominated(h, terms, shared))]
    return kept or [h for h in shared if id(h) not in subtypes][:3] or list(hits[:2])


def _units(text: str) -> list[tuple[str, str]]:
    """The article's statements: sentences, and enumerated items with the sentence that leads them in."""
    units: list[tuple[str, str]] = []
    lead = ""
    for raw in _SENTENCE.split(str(text)):
        part = raw.strip()
        if not part:
            continue
        if _ITEM.match(part) and lead:
            units.append((lead, _ITEM.sub("", part)))
            continue
        lead = part if part.endswith("：") else ""
        if not lead:
            units.append(("", part))
    return units


def _statement(lead: str, item: str) -> str:
    text = f"{lead}{item}" if lead else item
    text = _clean(text).rstrip("；。，：")
    return text if len(text) <= STATEMENT_CHARS else text[:STATEMENT_CHARS].rstrip("，；、") + "……"


def _best_unit(hit: Mapping[str, Any], terms: set[str], asked: set[str]) -> tuple[float, str]:
    """The article's statement that bears most on the question and its score: terms of the question
    itself count twice those its words stand for; an item counts more than its lead-in."""
    best: tuple[float, int, str] = (0.0, 0, "")
    units = _units(str(hit.get("text", "")))
    weights = [sum((2 if t in asked else 1) * (2 if t in item else 1 if t in lead else 0) for t in terms)
               for lead, item in units]
    for i, (lead, item) in enumerate(units):
        if weights[i] > best[0] or not best[2]:
            # the other items of the same list that bear on the question go with it
            items = [other for j, (other_lead, other) in enumerate(units)
                     if lead and other_lead == lead and (j == i or weights[j] > weights[i] / 2 > 0)]
            best = (float(weights[i]), -i, _statement(lead, "；".join(x.rstrip("；。") for x in items) or item))
    return best[0], best[2]


def key_article(hits: list[Mapping[str, Any]], question: str) -> tuple[Mapping[str, Any] | None, str]:
    """Among the first three relevant articles, the one with the statement that bears most on the
    question, each rank down the search's order weighing half the one before, and that statement."""
    terms, asked = question_terms(question), {t for t in query_tokens(question[:4000]) if len(t) >= 2}
    best: tuple[float, int] | None = None
    chosen: tuple[Mapping[str, Any] | None, str] = (None, "")
    for i, hit in enumerate(hits[:3]):
        score, statement = _best_unit(hit, terms, asked)
        if statement and (best is None or (score * 0.5 ** i, -i) > best):
            best, chosen = (score * 0.5 ** i, -i), (hit, statement)
    return chosen


def asks_about(statement: str, question: str) -> bool:
    """The statement speaks of what was asked: it covers at least half of the question's concepts
    (each group of terms one everyday phrase stands for: 房东 → 租赁、出租人; 押金 → 押金、返还),
    a word of the question itself counting as one more."""
    normalized = normalize_query(question[:4000])
    groups = [rule.terms for rule in EXPANSION_RULES if rule.matches(normalized)]
    covered = sum(any(term in statement for term in group) for group in groups)
    covered += any(t in statement for t in query_tokens(question[:4000]) if len(t) >= 2)
    return covered * 2 >= len(groups) + 1


def _polarity(statement: str) -> str:
    if any(word in statement for word in _PROHIBITIVE):
        return "prohibitive"
    if any(word in statement for word in _PERMISSIVE):
        return "permissive"
    return "neutral"
