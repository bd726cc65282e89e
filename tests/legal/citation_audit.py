"""The date-proof citation audit (docs/decisions/laws-in-force-on-a-date.md, "Versioned citations").

A citation is checked against every text it names (the version exists, the article is in it and speaks of the
rule: one of its keywords), and as of today AND as of each later day a stored text of its law takes effect: on
each day it must resolve to an article of the text in force that day that speaks of the rule. A citation of a
law with a pending text that names no version is a finding before the day, not on it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from knowledge.exceptions import LawNotFound
from knowledge.models import Article, Law
from knowledge.numerals import article_number_or_none
from knowledge.selectors import law_resolve
from knowledge.selectors import versions as rule


@dataclass(frozen=True)
class Citation:
    who: str
    law: str
    article: int | str
    #: ((the date naming a version, the article there), ...); () for a citation naming no version
    editions: tuple[tuple[dt.date, int | str], ...] = ()
    #: words one of which the cited text must hold (() : existence only)
    keywords: tuple[str, ...] = ()


def _versions(law: str, memo: dict[str, tuple[Law, ...]]) -> tuple[Law, ...]:
    if law not in memo:
        try:
            name = law_resolve(name=law).name
        except LawNotFound:
            memo[law] = ()
        else:
            memo[law] = tuple(Law.objects.filter(name=name))
    return memo[law]


def _text(version: Law, article: int | str) -> str | None:
    wanted = article_number_or_none(article if isinstance(article, int) else str(article))
    if wanted is None:
        return None
    found = Article.objects.filter(law=version, number=wanted.number, suffix=wanted.suffix).order_by("-label")
    hit = next((a for a in found if a.label.startswith("第")), None) or found.first()
    return hit.text if hit is not None else None


def audit_days(citations: Iterable[Citation], today: dt.date) -> list[dt.date]:
    """Today, and each later day a stored text of a cited law takes effect."""
    memo: dict[str, tuple[Law, ...]] = {}
    later = {day for c in citations for day in rule.effective_dates(_versions(c.law, memo), today)}
    return [today, *sorted(later)]


def audit(citations: Sequence[Citation], days: Sequence[dt.date]) -> list[str]:
    """Every finding, one line each (who, law, article, the day or the version, what is wrong)."""
    memo: dict[str, tuple[Law, ...]] = {}
    problems: list[str] = []

    def speaks(text: str | None, c: Citation) -> bool:
        return text is not None and (not c.keywords or any(k in text for k in c.keywords))

    for c in citations:
        stored = _versions(c.law, memo)
        if not stored:
            problems.append(f"{c.who}: 《{c.law}》 is not in the corpus")
            continue
        for cited, article in c.editions:  # each versioned citation against ITS version
            named = rule.cited_version(stored, cited)
            if named is None:
                problems.append(f"{c.who}: 《{c.law}》 has no text in force on {cited} (version = {cited})")
            elif not speaks(_text(named, article), c):
                problems.append(f"{c.who}: 《{c.law}》{article} of the text in force on {cited}: "
                                f"missing or none of {list(c.keywords)}")
        for day in days:
            current = rule.current_version(stored, day)
            if current is None:
                problems.append(f"{c.who}: 《{c.law}》 has no text in force on {day}")
                continue
            if not c.editions:
                if len(stored) > 1 and rule.effective_dates(stored, days[0]):
                    problems.append(f"{c.who}: 《{c.law}》{c.article} names no version, and a new text of the "
                                    f"law takes effect on {', '.join(map(str, rule.effective_dates(stored, days[0])))}")
                    break
                article: int | str | None = c.article
            else:
                article = rule.edition_on(stored, c.editions, day)
                if article is None:
                    problems.append(f"{c.who}: 《{c.law}》{c.article} names no article of the text in force on {day}")
                    continue
            if not speaks(_text(current, article), c):
                problems.append(f"{c.who}: on {day} 《{c.law}》{article}: missing in the text in force or none of "
                                f"{list(c.keywords)}")
    return problems
