"""Why the answers bench's failing parts fail, one class per part (docs/decisions/issue-cards.md):

* ``a-wrong-card`` — the matcher chose a card none of whose provisions is a gold controlling one,
  while another card holds one;
* ``undecided`` — the matcher abstained (below the threshold) though a card holds a gold provision;
* ``b-basis`` — the chosen card holds a gold controlling provision, but the conclusion cites another
  (the per-question-type basis of the card is not what decides the question);
* ``c-withheld`` — right card, but the citation doubt rule withheld its basis;
* ``d-polarity`` — right card and citation, but the conclusion's polarity is not the gold's (a
  condition the card's conclusion does not read from the facts);
* ``fig`` — right card and citation, the figure is wrong;
* ``e-no-card`` — no card carries a gold controlling provision.

    LEGALSITE_DATA_DIR=/tmp/full .venv/bin/python bench/answer_failures.py OUT.jsonl [--data FILE]

Matches as the chat does (``legal.engine.card_answer`` with retrieval agreement) on the card files
as they are; writes one JSON line per gold part and prints the counts per class and domain.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

from answers import (  # sets Django up
    DATA_TODAY,
    DEFAULT_DATA,
    ROOT,
    _key,
    figure_bounds,
    numbers,
    pin_today,
    polarity,
)

from legal import cardfile, engine, selectors


def use_files() -> tuple[Any, ...]:
    cards = tuple(cardfile.load_cards(sorted((ROOT / "legal/cards").glob("*.toml"))))
    cardfile.shipped_cards = lambda: cards  # type: ignore[assignment]
    overlay = selectors._overlay
    selectors._overlay = lambda: (list(cards), overlay()[1])  # type: ignore[assignment]
    selectors.cards_changed()
    return cards


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    pin_today(DATA_TODAY)
    cards = use_files()
    controls: dict[tuple[str, str], set[str]] = defaultdict(set)
    mentions: dict[tuple[str, str], set[str]] = defaultdict(set)
    for card in cards:
        for p in card.controlling:
            controls[_key(p.law, p.article)].add(card.slug)
        for p in card.provisions:
            mentions[_key(p.law, p.article)].add(card.slug)
        for answer in card.answers.values():
            for law, article in answer.basis:
                controls[_key(law, article)].add(card.slug)
    items = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = []
    classes: Counter[str] = Counter()
    per_domain: dict[str, Counter[str]] = defaultdict(Counter)
    for item in items:
        answer = engine.card_answer(item["question"], retrieve=True)
        parts = answer.composition.parts
        conclusions = answer.conclusions()
        for index, gold in enumerate(item["parts"]):
            part = parts[index] if index < len(parts) else None
            got = conclusions[index] if index < len(conclusions) else None
            wanted = {_key(g["law"], g["article"]) for g in gold.get("controlling", [])}
            allowed = wanted | {_key(g["law"], g["article"]) for g in gold.get("also_ok", [])}
            cited = {_key(c["law"], c["article"]) for c in (got or {}).get("citations", [])}
            text = got["text"] if got else ""
            polarity_ok = not gold.get("polarity") or polarity(text) == gold["polarity"]
            figure_ok = True
            if gold.get("figure") is not None:
                said = numbers(text)
                figure_ok = all(any(abs(n - figure) <= abs(figure) * Decimal("0.01") for n in said)
                                for figure in figure_bounds(gold["figure"]))
            decided = got is not None and got.get("decided", True) is not False
            right = decided and polarity_ok and figure_ok
            holds_cited, irrelevant = bool(cited & wanted), bool(cited - allowed)
            card = part.card if part is not None else None
            holders = set().union(*(controls[k] | mentions[k] for k in wanted)) if wanted else set()
            own = set()
            if card is not None:
                own = {_key(p.law, p.article) for p in card.provisions}
                own |= {_key(law, a) for ans in card.answers.values() for law, a in ans.basis}
            if right and holds_cited and not irrelevant:
                kind = "ok"
            elif card is None:
                kind = "undecided" if holders else "e-no-card"
            elif own & wanted:
                if not holds_cited or irrelevant:
                    kind = "c-withheld" if part.withheld and not part.basis else "b-basis"
                else:
                    kind = "d-polarity" if not polarity_ok else "fig" if not figure_ok else "other"
            else:
                kind = "a-wrong-card" if holders else "e-no-card"
            classes[kind] += 1
            per_domain[item.get("domain", "?")][kind] += 1
            rows.append({"id": item["id"], "part": index, "domain": item.get("domain"), "class": kind,
                         "question": gold["text"], "qtype": gold.get("qtype"), "asked": part.qtype if part else None,
                         "card": card.slug if card else None, "confidence": round(part.confidence, 3) if part else None,
                         "holders": sorted(holders)[:6], "controlling": sorted(wanted), "cited": sorted(cited),
                         "gold_polarity": gold.get("polarity"), "polarity": polarity(text), "text": text[:200]})
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{sum(classes.values())} parts: " + ", ".join(f"{k} {v}" for k, v in classes.most_common()))
    for domain in sorted(per_domain):
        print(f"{domain:<22}" + ", ".join(f"{k} {v}" for k, v in per_domain[domain].most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
