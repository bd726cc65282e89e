"""The answer path on questions written to be slow: the longest a question may be (4,000 characters), made of
numerals, units and dates that the fact readers' patterns would otherwise try at every start and length.

    LEGALSITE_DATA_DIR=/tmp/full .venv/bin/python bench/hostile_questions.py

Times ``legal.engine.card_answer`` (matching, facts, composition; offline) per question after one warm-up,
and prints the slowest. Target: every one under 2 s (a pasted 4,000-digit string took 30 s in fact reading
alone before long numeral runs were read as no number). Then the intent layer every chat message and
``POST /api/v1/intent/classify`` pass through (``legal.text.intent_rules.classify``: entities and rules),
on the same kinds of text at the 30,000 characters a message may have. Target: every one under 0.5 s
(30,000 digits took 50 s in its date and duration readers). Asserts nothing.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")

LIMIT = 4000
MESSAGE_LIMIT = 30_000
HOSTILE = {
    "digits": "1" * LIMIT, "full-width digits": "１" * LIMIT, "Chinese numerals": "一" * LIMIT,
    "amounts joined": "1万" * (LIMIT // 2), "spaced digits": "1 " * (LIMIT // 2), "commas": "1," * (LIMIT // 2),
    "20-digit runs": ("12345678901234567890 " * LIMIT)[:LIMIT], "wage then digits": "工资" + "1" * (LIMIT - 2),
    "wages": ("工资8千" * LIMIT)[:LIMIT], "ranges": "1-" * (LIMIT // 2), "years": "1年" * (LIMIT // 2),
    "dates": ("1月1日" * LIMIT)[:LIMIT], "decimals": ("3.14" * LIMIT)[:LIMIT],
}


def main() -> None:
    import django

    django.setup()
    from legal.engine import card_answer

    card_answer("公司辞退我没给补偿，工作三年，月薪8000")
    rows = []
    for name, text in HOSTILE.items():
        started = time.perf_counter()
        card_answer(text)
        rows.append((time.perf_counter() - started, name))
    for seconds, name in sorted(rows, reverse=True):
        print(f"{name:<20} {seconds:6.2f} s")
    print(f"slowest {rows and max(rows)[0]:.2f} s (target < 2 s) over {len(rows)} questions of {LIMIT} characters")

    from legal.text.intent_rules import classify

    classify("公司辞退我没给补偿，工作三年，月薪8000")
    rows = []
    for name, text in HOSTILE.items():
        long = (text * (MESSAGE_LIMIT // len(text) + 1))[:MESSAGE_LIMIT]
        started = time.perf_counter()
        classify(long)
        rows.append((time.perf_counter() - started, name))
    print(f"\nintent layer, messages of {MESSAGE_LIMIT} characters")
    for seconds, name in sorted(rows, reverse=True)[:5]:
        print(f"{name:<20} {seconds:6.2f} s")
    print(f"slowest {max(rows)[0]:.2f} s (target < 0.5 s) over {len(rows)} messages")


if __name__ == "__main__":
    main()
