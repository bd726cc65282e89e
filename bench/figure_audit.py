"""Figures audit: how many answers state a period or a cap whose base the client's facts give, without its
date or its figure (``legal.figurecheck``) — read from a dump ``bench/answers.py --dump`` wrote (tuning sets),
so the engine is not run twice. ``bench/answers.py`` prints the same count for any set (held-out included).

    .venv/bin/python bench/figure_audit.py --data /tmp/sets/c21.jsonl --dump /tmp/c21.jsonl [--lines]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
import django  # noqa: E402

django.setup()
from legal.figurecheck import KINDS, arithmetic, findings  # noqa: E402

#: The day the measuring sets are written against (bench/answers.py's DATA_TODAY).
DATA_TODAY = date(2026, 11, 27)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--dump", type=Path, required=True)
    parser.add_argument("--lines", action="store_true", help="one line per finding (tuning sets only)")
    args = parser.parse_args()
    questions = {}
    for line in args.data.read_text(encoding="utf-8").splitlines():
        if line.strip():
            item = json.loads(line)
            questions[item["id"]] = item["question"]
    counts = dict.fromkeys(KINDS, 0)
    answers = flagged = wrong = 0
    for line in args.dump.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        question = questions.get(row["id"])
        if question is None:
            continue
        answers += 1
        found = findings(question, [c["text"] for c in row.get("conclusions") or []], DATA_TODAY)
        flagged += bool(found)
        shown = arithmetic([c["text"] for c in row.get("conclusions") or []])
        wrong += bool(shown)
        for finding in [*found, *shown]:
            counts[finding.kind] = counts.get(finding.kind, 0) + 1
            if args.lines:
                print(f"{row['id']}\t{finding}")
    print(f"{args.data.name}: {flagged} of {answers} answers leave a period or a cap unworked "
          + ", ".join(f"{k} {v}" for k, v in counts.items() if k in KINDS))
    print(f"{args.data.name}: {wrong} of {answers} answers show a step of arithmetic that does not add up")
    return 0


if __name__ == "__main__":
    sys.exit(main())
