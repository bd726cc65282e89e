"""Split bench: does ``legal.matcher.split_parts`` find as many parts as the question asks?

    .venv/bin/python bench/split_parts.py [--data bench/data/blind/answers.jsonl] [--show N]

Over a measuring set of the answers bench (one JSON object a line, each with its gold ``parts``),
compares the number of parts the splitter returns with the gold number: agreement overall and per
style (colloquial one-liners, fact-pattern stories, multi-part questions) and the confusion
(gold n → split m). ``--show N`` prints up to N disagreeing questions with the split. Needs no
database: the splitter reads only the text.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")

STYLES = {"colloquial": "one-liner", "fact_pattern": "story", "multi_part": "multi-part"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(ROOT / "bench/data/blind/answers.jsonl"))
    parser.add_argument("--show", type=int, default=0, help="print up to N disagreeing questions")
    args = parser.parse_args()
    import django

    django.setup()
    from legal.matcher import split_parts

    items = [json.loads(line) for line in Path(args.data).read_text(encoding="utf-8").splitlines() if line.strip()]
    agree: Counter[str] = Counter()
    total: Counter[str] = Counter()
    confusion: Counter[tuple[int, int]] = Counter()
    shown = 0
    for item in items:
        style = STYLES.get(item.get("style", ""), item.get("style", "?"))
        gold = len(item["parts"])
        narrative, parts = split_parts(item["question"])
        got = len(parts)
        total[style] += 1
        agree[style] += got == gold
        confusion[(gold, got)] += 1
        if got != gold and shown < args.show:
            shown += 1
            print(f"{item['id']} gold {gold} split {got}: {item['question']}")
            print(f"    narrative: {narrative!r}")
            for part in parts:
                print(f"    part: {part!r}")
    print(f"{len(items)} questions ({args.data})")
    print(f"{'style':<14}{'questions':>10}{'agree':>8}{'%':>8}")
    for style in [*STYLES.values(), *sorted(set(total) - set(STYLES.values()))]:
        if total[style]:
            print(f"{style:<14}{total[style]:>10}{agree[style]:>8}{100 * agree[style] / total[style]:>8.1f}")
    n = sum(total.values())
    a = sum(agree.values())
    print(f"{'all':<14}{n:>10}{a:>8}{100 * a / n:>8.1f}")
    print("confusion (gold n → split m: questions)")
    for (gold, got), count in sorted(confusion.items()):
        print(f"  {gold} → {got}: {count}")


if __name__ == "__main__":
    main()
