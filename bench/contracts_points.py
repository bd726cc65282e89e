"""The offline reviewer, one checklist point at a time, on clauses a blind writer drafted.

    .venv/bin/python bench/contracts_points.py [--data FILE] [--half tune|held|all] [--details]

Data (``bench/data/clauses/points.jsonl`` by default), one JSON object a line, written by someone who read
only the lawyer's checklist (``docs/decisions/contract-risk-checklist.md``: each point's risk in a lawyer's
words, whose risk it is and its deciding articles — not the rules, not the "how it shows" column):
``{"point", "section", "type", "side", "risk1", "risk2", "safe", "deciding": [{"law", "article"}]}``.
``risk1`` and ``risk2`` are two clauses carrying the point's risk for ``side`` in different drafting styles;
``safe`` is a lawful clause on the same subject a careless reviewer might flag.

Each clause is reviewed alone, as one section, by the starter set under its ``type`` and ``side``
(:func:`contracts.playbook.contract_findings`):

- **found** — a risky clause gets a finding;
- **strict** — one of its findings cites a deciding article of the point (by law and article);
- **safe silent** — the safe clause gets no finding.

The halves: ``tune`` is every point's ``risk1`` and the ``safe`` clause of every other point (the first, third
…), for the rules to be fitted on; ``held`` is every point's ``risk2`` and the other points' ``safe`` clauses, run
for its table only — whether a rule fitted on one wording reads the same risk in another. Printed per
checklist section (the contract type) and in all; ``--details`` lists the misses (never for ``held``). Reads the
shipped rules and the corpus (for no look-up: findings are not verified here, the blind contracts bench does
that); writes nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
import django  # noqa: E402

django.setup()
from contracts.playbook import contract_findings, starter_rules  # noqa: E402
from contracts.types import SectionDraft  # noqa: E402

DEFAULT_DATA = ROOT / "bench" / "data" / "clauses" / "points.jsonl"


def one_section(text: str) -> list[SectionDraft]:
    return [SectionDraft(order=1, kind="clause", number="", title="", text=text.strip(), para_start=1, para_end=1)]


def short(law: str) -> str:
    """A law's name without 中华人民共和国 anywhere in it: the checklist writes 《民法典》 where the corpus
    writes 《中华人民共和国民法典》 inside an interpretation's title."""
    return law.replace("中华人民共和国", "")


def cites(finding, deciding: list[dict]) -> bool:
    """A finding's basis holds one of the point's deciding articles (the law by its full or short name)."""
    for ref in finding.basis:
        for want in deciding:
            if str(ref.article) != str(want["article"]):
                continue
            if want["law"] in (ref.law, short(ref.law)) or short(want["law"]) == short(ref.law):
                return True
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--half", choices=("tune", "held", "all"), default="tune")
    parser.add_argument("--details", action="store_true")
    args = parser.parse_args()
    if args.details and args.half != "tune":
        parser.error("--details is for the tuning half only")
    if not args.data.exists():
        sys.exit(f"no data at {args.data}")
    rules = starter_rules()
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    misses: list[str] = []
    for index, line in enumerate(args.data.read_text(encoding="utf-8").splitlines()):
        item = json.loads(line)
        section = re.sub(r"\s*\(.*$", "", item.get("section", "")) or "—"
        risky = {"tune": ("risk1",), "held": ("risk2",), "all": ("risk1", "risk2")}[args.half]
        safe = args.half == "all" or (index % 2 == 0) == (args.half == "tune")
        for key in risky:
            findings = [f for f in contract_findings(one_section(item[key]), item["type"], rules, side=item["side"])
                        if f.section_order is not None]
            strict = any(cites(f, item["deciding"]) for f in findings)
            for row in (totals[section], totals["ALL"]):
                row[0] += 1
                row[1] += bool(findings)
                row[2] += strict
            if not strict:
                misses.append(f"{item['point']:5} {key} {'loose' if findings else 'miss '} "
                              f"{[f.rule_code for f in findings]} {item[key][:70]}")
        if not safe:
            continue
        flagged = [f.rule_code for f in contract_findings(one_section(item["safe"]), item["type"], rules,
                                                          side=item["side"]) if f.section_order is not None]
        for row in (totals[section], totals["ALL"]):
            row[3] += 1
            row[4] += not flagged
        if flagged:
            misses.append(f"{item['point']:5} safe  flagged {flagged} {item['safe'][:70]}")
    print(f"{'section':28} {'risky':>5} {'found':>7} {'strict':>7} {'safe':>5} {'silent':>7}")
    for name in sorted(totals, key=lambda s: (s == "ALL", s)):
        n, found, strict, safe, silent = totals[name]
        print(f"{name[:28]:28} {n:5d} {100 * found / n:6.1f}% {100 * strict / n:6.1f}% {safe:5d} "
              f"{100 * silent / max(safe, 1):6.1f}%")
    if args.details:
        print("\n".join(misses))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
