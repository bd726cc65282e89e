"""The answer path on questions written to be slow: the longest a question may be (4,000 characters), made of
numerals, units and dates that the fact readers' patterns would otherwise try at every start and length.

    LEGALSITE_DATA_DIR=/tmp/full .venv/bin/python bench/hostile_questions.py

Times ``legal.engine.card_answer`` (matching, facts, composition; offline) per question after one warm-up,
and prints the slowest. Target: every one under 2 s (a pasted 4,000-digit string took 30 s in fact reading
alone before long numeral runs were read as no number). Asserts nothing.
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


if __name__ == "__main__":
    main()
