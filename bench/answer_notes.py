"""Answers read as a lawyer's note? Per defect kind (legal/notecheck.py), how many answers carry it — aggregate only —
beside the answers bench's right and all five, through the chat's real service path offline.

    LEGALSITE_DATA_DIR=/tmp/full .venv/bin/python bench/answer_notes.py --cards legal/cards --data SET.jsonl
                                  [--limit N] [--dump FILE] [--from FILE]

``--dump FILE`` writes each answer's full text and its findings (JSONL; tuning sets only). ``--from FILE`` checks the
answers a dump holds again (no engine run: a changed check, the same answers). Reads the database the settings point
at; writes nothing to it (docs/decisions/answers-read-as-a-note.md).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def table(counts: Counter[str], answers: int, rows: list[dict[str, Any]] | None) -> str:
    from legal.notecheck import AUDIT_KINDS, KINDS

    lines = [f"{answers} answers", f"{'defect':<20}{'answers':>9}{'share':>8}"]
    for kind in KINDS:
        share = counts[kind] / answers if answers else 0.0
        lines.append(f"{kind:<20}{counts[kind]:>9}{share:>8.1%}")
    clean = answers - counts["_any"]
    lines.append(f"{'no defect':<20}{clean:>9}{(clean / answers if answers else 0.0):>8.1%}")
    lines.append("parts audit (answers with the finding; legal/notecheck.py part_audit)")
    for kind in AUDIT_KINDS:
        share = counts[kind] / answers if answers else 0.0
        lines.append(f"{kind:<20}{counts[kind]:>9}{share:>8.1%}")
    if rows is not None:
        right = sum(r["right"] for r in rows)
        all5 = sum(r["all5"] for r in rows)
        lines.append(f"parts {len(rows)}: right {right} ({right / max(1, len(rows)):.1%}), "
                     f"all five {all5} ({all5 / max(1, len(rows)):.1%})")
    return "\n".join(lines)


def main() -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--cards", type=Path, default=None, help="a directory of card files to use instead")
    parser.add_argument("--dump", type=Path, default=None, help="write each answer and its findings (tuning sets only)")
    parser.add_argument("--from", dest="source", type=Path, default=None, help="check the answers of a dump again")
    parser.add_argument("--show", action="store_true", help="with --from: print each answer's parts-audit findings")
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    if args.source is not None:
        import os

        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
        import django

        django.setup()
        from legal import notecheck

        answers = [json.loads(line) for line in args.source.read_text(encoding="utf-8").splitlines() if line.strip()]
        for row in answers:
            found = notecheck.findings(row["answer"], row["question"])
            counts.update(notecheck.kinds(found) | ({"_any"} if found else set()))
            cards = row.get("cards") or []
            domain = cards[0]["slug"].split(".")[0] if cards else ""
            audit = notecheck.part_audit(row["answer"], row["question"], domain)
            counts.update(notecheck.kinds(audit))
            if args.show:
                print(row.get("id"), *[str(f) for f in audit], sep="\n    ") if audit else None
        print(table(counts, len(answers), None))
        return 0
    if args.data is None:
        parser.error("--data or --from")
    from bench import answers as bench  # sets Django up
    from legal import cardfile, notecheck, selectors

    bench.pin_today(bench.DATA_TODAY)
    if args.cards is not None:
        cards = tuple(cardfile.load_cards(sorted(args.cards.glob("*.toml"))))
        cardfile.shipped_cards = lambda: cards  # type: ignore[assignment]
        overlay = selectors._overlay
        selectors._overlay = lambda: (list(cards), overlay()[1])  # type: ignore[assignment]
        selectors.cards_changed()
    items = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    items = items[: args.limit] if args.limit else items
    dump = args.dump.open("w", encoding="utf-8") if args.dump else None
    rows: list[dict[str, Any]] = []
    bench.run(items[0]["question"]) if items else None  # warm-up (model load)
    for item in items:
        outcome, _ms = bench.run(item["question"])
        rows += bench.grade(item, outcome)
        found = notecheck.findings(outcome.content, item["question"])
        counts.update(notecheck.kinds(found) | ({"_any"} if found else set()))
        cards = outcome.cards or []
        domain = cards[0]["slug"].split(".")[0] if cards else ""
        audit = notecheck.part_audit(outcome.content, item["question"], domain)
        counts.update(notecheck.kinds(audit))
        if dump:
            dump.write(json.dumps({"id": item.get("id"), "question": item["question"], "answer": outcome.content,
                                   "findings": [str(f) for f in found]}, ensure_ascii=False) + "\n")
    print(f"{args.data}")
    print(table(counts, len(items), rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
