"""Audit the cards for the general limitation named where another period controls (issue 20).

Lists every card answer whose text names the general three years or 诉讼时效 while the card's own period is
of another kind (:data:`legal.rules.SPECIFIC_KINDS`: a 除斥期间, a guarantee period, no limitation at all): the
card's answers name such a deadline rule, or its controlling provisions are such a rule's basis. A sentence
that says the limitation does not apply (不适用诉讼时效, 不中断, 不是诉讼时效) is not a finding. Exit status 1
when anything is listed, so the check can guard the cards.

    .venv/bin/python scripts/period_audit.py [legal/cards]
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from legal.cardfile import Card, load_cards
from legal.rules import DEADLINES, SPECIFIC_KINDS, basis_numbers, period_kind

#: The general limitation named: its three years or its name.
GENERAL_LIMITATION = re.compile(r"(?:三|3)\s*年(?:的)?(?:诉讼)?时效|诉讼时效(?:期间)?(?:为|是)?(?:三|3)\s*年|诉讼时效")
#: A sentence that names the limitation to say it does not govern (不适用诉讼时效, 不是诉讼时效, 不中止、中断).
DENIED = re.compile(r"不适用诉讼时效|不是(?:三年|3年)?诉讼时效|保证债务(?:的)?诉讼时效|不属于诉讼时效|不受诉讼时效"
                    r"|诉讼时效的?中止、中断|不中止、中断|不适用.{0,6}中断"
                    r"|不发生中止、中断|而非诉讼时效|不同于诉讼时效|当成诉讼时效")


def specific_provisions() -> dict[tuple[str, int], str]:
    """The provisions that are the basis of a rule of a specific kind -> that rule's name."""
    out: dict[tuple[str, int], str] = {}
    for name, rule in DEADLINES.items():
        if period_kind(name) in SPECIFIC_KINDS:
            for law, article in basis_numbers([rule.basis]):
                out.setdefault((law, article), name)
    return out


def card_kind(card: Card, provisions: dict[tuple[str, int], str]) -> str:
    """The specific rule that controls the card's period ("" when none does)."""
    named = [a.deadline for a in card.answers.values() if a.deadline]
    if any(period_kind(n) not in SPECIFIC_KINDS for n in named):
        return ""  # the card answers with a limitation or a procedural period of its own: the years may be right
    own = next((n for n in named if period_kind(n) in SPECIFIC_KINDS), "")
    if own:
        return own
    for p in card.provisions:
        if p.role != "controlling":
            continue
        try:
            key = (p.law, int(p.article))
        except (TypeError, ValueError):
            continue
        if key in provisions:
            return provisions[key]
    return ""


def findings(cards: Iterable[Card]) -> list[tuple[str, str, str, str]]:
    """(card, answer type, the controlling rule, the sentence) for each answer naming the general limitation."""
    provisions = specific_provisions()
    out = []
    for card in cards:
        rule = card_kind(card, provisions)
        if not rule:
            continue
        for qtype, answer in card.answers.items():
            texts = [answer.conclusion, *(case.conclusion for case in answer.cases)]
            for text in texts:
                for sentence in re.split(r"(?<=[。；])", text):
                    if GENERAL_LIMITATION.search(sentence) and not DENIED.search(sentence):
                        out.append((card.slug, qtype, rule, sentence.strip()))
    return out


def main(argv: list[str]) -> int:
    folder = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[1] / "legal/cards"
    found = findings(load_cards(sorted(folder.glob("*.toml"))))
    for slug, qtype, rule, sentence in found:
        print(f"{slug}\t{qtype}\t{rule}\t{sentence}")
    print(f"{len(found)} answer sentence(s) name the general limitation where another period controls")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
