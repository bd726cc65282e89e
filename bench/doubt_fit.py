"""Measure the citation-doubt rule (``legal.composer.citation_doubt``): for every decided part whose
conclusion would cite the card's provisions, the matcher's confidence, its other signals, and whether
the provision it would cite is a gold controlling one — then, for a grid of thresholds, how often a part
is doubted and how often a confident part cites a wrong provision.

    LEGALSITE_DATA_DIR=/tmp/full .venv/bin/python bench/doubt_fit.py --data FILE [--data FILE] [--cards DIR]

A part is "doubted" when the rule withholds its citation; "confident wrong" when it cites and none of its
citations is a gold controlling provision (bench/answers.py's ``cited``), "confident irrelevant" when one
of them is neither controlling nor also-ok (its ``irrelevant``). Tuning sets only. Reads the database;
writes nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import django  # noqa: E402

django.setup()
from bench.answers import DATA_TODAY, _key, pin_today  # noqa: E402
from legal import cardfile, composer, engine, selectors  # noqa: E402
from legal.retrieval import agreement_keys  # noqa: E402


def measure(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per decided part the doubt rule was asked about."""
    calls: list[tuple[Any, list[Any], Any]] = []
    rule = composer.citation_doubt

    def recording(match: Any, cited: Any = (), found: Any = (), **kwargs: Any) -> str:
        calls.append((match, list(cited), found))
        return rule(match, cited, found, **kwargs)

    composer.citation_doubt = recording  # type: ignore[assignment]
    rows = []
    try:
        for item in items:
            calls.clear()
            retrieved = agreement_keys(item["question"])
            parts, _ids = selectors.card_match(question=item["question"], retrieved=retrieved)
            engine.compose(item["question"], parts, facts=engine.extract_facts(item["question"]), found=retrieved,
                           article_text=selectors.provision_text)
            for match, cited, found in calls:
                index = next((i for i, p in enumerate(parts) if p is match), -1)
                if index < 0 or index >= len(item["parts"]) or not cited:
                    continue
                gold = item["parts"][index]
                controlling = {_key(g["law"], g["article"]) for g in gold.get("controlling", [])}
                allowed = controlling | {_key(g["law"], g["article"]) for g in gold.get("also_ok", [])}
                keys = {_key(p.law, p.article) for p in cited}
                best = match.best
                runner = match.scores[1] if len(match.scores) > 1 else None
                contest = runner is not None and best.score - runner.score < composer.CONTEST_GAP and not (
                    {(p.law, p.article) for p in best.card.controlling}
                    & {(p.law, p.article) for p in runner.card.controlling})
                rows.append({"id": item.get("id"), "part": index, "confidence": best.confidence,
                             "bigrams": best.signals.get("bigrams", 0.0), "inherited": "inherited" in best.signals,
                             "supported": composer.supported(match, cited, found), "contest": contest,
                             "doubted": bool(rule(match, cited, found)), "gold": bool(keys & controlling),
                             "irrelevant": bool(keys - allowed)})
    finally:
        composer.citation_doubt = rule  # type: ignore[assignment]
    return rows


def doubted(row: dict[str, Any], cite: float, supported: float) -> bool:
    """The rule with thresholds ``cite`` and ``supported`` (the contest and phrasing exemptions as shipped)."""
    if row["inherited"]:
        return False
    if row["contest"]:
        return True
    if row["bigrams"] >= composer.PHRASING_CLOSE:
        return False
    return row["confidence"] < (supported if row["supported"] else cite)


def report(rows: list[dict[str, Any]], cite: float, supported: float, withhold: float = 1.0) -> str:
    """The rule's outcome with these thresholds: doubted parts below ``withhold`` cite nothing (withheld), the
    other doubted parts cite with a hedge (hedged), the rest cite without one (confident)."""
    n = len(rows)
    held = [r for r in rows if doubted(r, cite, supported)]
    sure = [r for r in rows if not doubted(r, cite, supported)]
    withheld = [r for r in held if r["confidence"] < withhold]
    hedged = [r for r in held if r["confidence"] >= withhold]
    wrong = sum(not r["gold"] for r in sure)
    irrelevant = sum(r["irrelevant"] for r in sure)

    def gold(part: list[dict[str, Any]]) -> str:
        return f"{sum(r['gold'] for r in part) / len(part):.1%}" if part else "—"

    return (f"cite {cite:.2f} supported {supported:.2f} withhold {min(withhold, 1):.2f}: withheld {len(withheld)}/{n} "
            f"({len(withheld) / max(n, 1):.1%}, gold {gold(withheld)}), hedged {len(hedged)} "
            f"({len(hedged) / max(n, 1):.1%}, gold {gold(hedged)}); confident {len(sure)}, "
            f"confident wrong {wrong} ({wrong / max(n, 1):.1%}), confident irrelevant {irrelevant} "
            f"({irrelevant / max(n, 1):.1%})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, action="append", required=True)
    parser.add_argument("--cards", type=Path, default=None)
    parser.add_argument("--rows", type=Path, default=None, help="write the measured rows here (JSONL)")
    parser.add_argument("--from-rows", type=Path, default=None, help="report on rows written before (no matching)")
    args = parser.parse_args()
    pin_today(DATA_TODAY)
    if args.cards is not None:
        cards = tuple(cardfile.load_cards(sorted(args.cards.glob("*.toml"))))
        cardfile.shipped_cards = lambda: cards  # type: ignore[assignment]
        overlay = selectors._overlay
        selectors._overlay = lambda: (list(cards), overlay()[1])  # type: ignore[assignment]
        selectors.cards_changed()
    items = [json.loads(line) for path in args.data for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip()]
    rows = ([json.loads(line) for line in args.from_rows.read_text(encoding="utf-8").splitlines() if line.strip()]
            if args.from_rows is not None else measure(items))
    if args.rows is not None:
        args.rows.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} decided parts citing a card's provision ({len(items)} questions)")
    bins = ((0.0, 0.4), (0.4, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 0.75), (0.75, 0.8), (0.8, 0.9), (0.9, 1.01))
    print(f"{'confidence':<14}{'parts':>7}{'gold':>8}{'irrel.':>8}")
    for low, high in bins:
        inside = [r for r in rows if low <= r["confidence"] < high and not r["inherited"]]
        if inside:
            print(f"[{low:.2f}, {high:.2f}){'':<2}{len(inside):>7}{sum(r['gold'] for r in inside) / len(inside):>8.1%}"
                  f"{sum(r['irrelevant'] for r in inside) / len(inside):>8.1%}")
    print("shipped: " + report(rows, composer.CITE_CONFIDENCE, composer.SUPPORTED_CONFIDENCE,
                               getattr(composer, "WITHHOLD_CONFIDENCE", 1.0)))
    print("every doubt withheld:")
    for cite in (0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8):
        for supported in (0.4, 0.5, 0.55, 0.6):
            if supported <= cite:
                print(report(rows, cite, supported))
    print("doubts withheld below a line, hedged above it:")
    for withhold in (0.5, 0.55, 0.6, 0.65, 0.7):
        print(report(rows, composer.CITE_CONFIDENCE, composer.SUPPORTED_CONFIDENCE, withhold))
    return 0


if __name__ == "__main__":
    sys.exit(main())
