"""Colloquial Chinese -> statute vocabulary, for search queries.

People ask 老板把我炒了能赔多少; statutes say 解除劳动合同 … 经济补偿. :func:`expand_query` fixes
common typos (劳动和同, 仲栽, 赔尝) and appends the legal terms that the everyday words of the query
stand for. Every added term is vocabulary that occurs in the statute corpus (a test checks this
against laws.db), so it can match article text in full-text search and pull embeddings towards
the right articles.

Rules map words, not sentences: each names the everyday words (``triggers``), optionally words one
of which must also be present (``context``), substrings to ignore when looking for a trigger
(``masks``: 偷 is not theft in 偷偷), and the legal terms to add. They cover the 20 legal domains of
ARCHITECTURE §4. Rules and typos are data: ``knowledge/vocab/query_expansion.toml`` and
``knowledge/vocab/typos.toml`` (docs/vocabularies.md); this module is the matching logic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from knowledge.vocabulary import query_expansion, traditional_characters, typos


@dataclass(frozen=True)
class Rule:
    domain: str
    triggers: tuple[str, ...]
    terms: tuple[str, ...]
    context: tuple[str, ...] = ()
    masks: tuple[str, ...] = ()

    def matches(self, text: str) -> bool:
        if self.context and not any(word in text for word in self.context):
            return False
        masked = _masked_spans(text, self.masks)
        return any(_occurs_unmasked(text, trigger, masked) for trigger in self.triggers)


def _masked_spans(text: str, masks: tuple[str, ...]) -> list[tuple[int, int]]:
    return [(m.start(), m.start() + len(mask)) for mask in masks for m in re.finditer(re.escape(mask), text)]


def _occurs_unmasked(text: str, trigger: str, masked: list[tuple[int, int]]) -> bool:
    """An occurrence inside a masked word does not count (偷 in 偷偷), one overlapping it does (小偷偷了)."""
    start = text.find(trigger)
    while start >= 0:
        end = start + len(trigger)
        if not any(m_start <= start and end <= m_end for m_start, m_end in masked):
            return True
        start = text.find(trigger, start + 1)
    return False


@dataclass(frozen=True)
class ExpandedQuery:
    """``text`` is the original query followed by the added terms, space separated."""

    original: str
    added_terms: list[str] = field(default_factory=list)
    text: str = ""


#: Frequent misspellings in consultations (homophones typed by pinyin input), fixed in this order
#: (knowledge/vocab/typos.toml, [query]).
TYPO_FIXES: dict[str, str] = dict(typos().query)

#: The rules of knowledge/vocab/query_expansion.toml, domain by domain, in file order.
RULES: tuple[Rule, ...] = tuple(
    Rule(domain, tuple(rule.triggers), tuple(rule.terms), tuple(rule.context), tuple(rule.masks))
    for domain, rules in query_expansion().rules.items()
    for rule in rules
)

_FULLWIDTH = str.maketrans(
    "０１２３４５６７８９ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ＋",
    "0123456789abcdefghijklmnopqrstuvwxyz+",
)
_SPACES = re.compile(r"\s+")
#: Full-width digits and letters, and traditional characters (knowledge/vocab/traditional.toml).
_FOLD = {**_FULLWIDTH,
         **str.maketrans("ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ", "abcdefghijklmnopqrstuvwxyz"),
         **traditional_characters().table()}


def fold_characters(text: str) -> str:
    """Half-width digits and letters, simplified characters: 離婚後第３條 → 离婚后第3条."""
    return (text or "").translate(_FOLD)


def normalize_query(text: str) -> str:
    """Lower-case ASCII, half-width digits, simplified characters, collapsed whitespace, typos fixed."""
    s = _SPACES.sub(" ", fold_characters(text).lower()).strip()
    for wrong, right in TYPO_FIXES.items():
        s = s.replace(wrong, right)
    return s


def _typo_terms(text: str) -> list[str]:
    return [right for wrong, right in TYPO_FIXES.items() if wrong in text]


def expand_query(text: str) -> ExpandedQuery:
    """Append the legal terms the query's everyday words stand for (terms already present are skipped)."""
    original = text or ""
    normalized = normalize_query(original)
    added: dict[str, None] = {}
    for term in _typo_terms(original.lower()):
        added.setdefault(term, None)
    for rule in RULES:
        if rule.matches(normalized):
            for term in rule.terms:
                if term not in normalized:
                    added.setdefault(term, None)
    terms = list(added)
    expanded = " ".join([original.strip(), *terms]).strip() if terms else original.strip()
    return ExpandedQuery(original=original, added_terms=terms, text=expanded)


@lru_cache(maxsize=1)
def legal_vocabulary() -> tuple[str, ...]:
    """Every term a rule or typo fix can add, sorted (for the tokenizer's dictionary)."""
    terms = {term for rule in RULES for term in rule.terms} | set(TYPO_FIXES.values())
    return tuple(sorted(terms))


def rules_by_domain() -> dict[str, list[Rule]]:
    """The rules grouped by domain code."""
    grouped: dict[str, list[Rule]] = {}
    for rule in RULES:
        grouped.setdefault(rule.domain, []).append(rule)
    return grouped
