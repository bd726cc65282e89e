"""Build ``phrasings.jsonl`` from blind writers' lay questions, split per card into a half for the cards and a
held-out half.

    python bench/data/phrasings/build.py OUT_A.jsonl OUT_B.jsonl > bench/data/phrasings/phrasings.jsonl

The writers read only each card's title and a one-line statement of its rule (no phrasing, term, code or
rule of the engine) and wrote four questions a card, in four clients' styles. Two of each card's four, drawn
at random with a seed of the card's slug, go into the card (``phrasings``: ``scripts/merge_phrasings.py``
adds them to the card files); the other two (``held``) stay out of every card and every tuning step.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path


def main() -> int:
    for path in sys.argv[1:]:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            item = json.loads(line)
            questions = list(item["phrasings"])
            random.Random(f"phrasings-{item['slug']}").shuffle(questions)
            half = len(questions) // 2
            print(json.dumps({"slug": item["slug"], "phrasings": questions[:half], "held": questions[half:]},
                             ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
