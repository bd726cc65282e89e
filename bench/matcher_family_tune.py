"""Measure re-rankings of the card matcher on recorded tune-half rows (``bench/matcher_rows.py``).

    LEGALSITE_DATA_DIR=/tmp/full .venv/bin/python bench/matcher_family_tune.py PREFIX [--cards DIR]

Prints top-1 / right provisions / decided / decided-and-wrong of the recorded matcher and of the
current ``legal.matcher`` family step applied to the same rows (tune half only).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import matcher_phrasings as mp

from legal import matcher as matcher_module
from legal import selectors
from legal.matcher import CardScore


def judge(ranked: list[CardScore], slug: str, by_slug: dict) -> tuple[bool, bool, bool, bool]:
    best = ranked[0].card
    wanted = {(p.law, str(p.article)) for p in by_slug[slug].controlling}
    law = best.slug == slug or bool(wanted & {(p.law, str(p.article)) for p in best.controlling})
    decided = ranked[0].confidence >= matcher_module.THRESHOLD
    return best.slug == slug, law, decided, decided and not law


def read(rec: dict) -> list[tuple[str, float]]:
    """The first part read alone and in its context, as ``Matcher.match`` reads it (the context of a first
    part is the narrative before it: the whole question stands for it)."""
    if not rec["context"]:
        return [(rec["part"], 1.0)]
    short = len(rec["part"]) < matcher_module.SHORT_PART
    share = matcher_module.OWN_SHARE_SHORT if short else matcher_module.OWN_SHARE
    return [(rec["part"], share), (rec["question"], 1 - share)]


def measure(data: dict, matcher: matcher_module.Matcher, by_slug: dict, show: int) -> None:
    names = data["signals"]
    totals = {"before": np.zeros(4), "after": np.zeros(4)}
    moves: Counter[str] = Counter()
    shown = 0
    for rec in data["records"]:
        row = [CardScore(card, float(rec["score"][i]),
                         signals={n: float(rec["signals"][i][j]) for j, n in enumerate(names)})
               for i, card in enumerate(matcher.cards)]
        before = matcher_module.Matcher.rank([CardScore(s.card, s.score, signals=dict(s.signals)) for s in row])
        after = matcher.rank_family(row, read(rec))
        a, b = judge(before, rec["slug"], by_slug), judge(after, rec["slug"], by_slug)
        if not a[0]:
            members = [row[i].card.slug for i in matcher.close_family(row)]
            moves["miss: wanted in close family" if rec["slug"] in members else
                  "miss: close family, wanted outside" if len(members) > 1 else "miss: no close family"] += 1
        totals["before"] += a
        totals["after"] += b
        if a[0] != b[0]:
            moves["gained" if b[0] else "lost"] += 1
            if shown < show:
                shown += 1
                print(f"{'+' if b[0] else '-'} {rec['slug']:42} {before[0].card.slug:42} -> "
                      f"{after[0].card.slug:42} {after[0].confidence:.2f} {rec['question'][:60]}")
        if a[3] != b[3]:
            moves["wrong-decided " + ("added" if b[3] else "removed")] += 1
    n = len(data["records"])
    for name, row in totals.items():
        print(f"{name:7} n={n} " + " ".join(f"{100 * v / n:5.1f}%" for v in row))
    print(dict(moves))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", type=Path)
    parser.add_argument("--cards", type=Path, default=None)
    parser.add_argument("--show", type=int, default=0, help="print this many changed questions")
    parser.add_argument("--variant", action="append", default=[],
                        help="FAMILY values to measure, e.g. weight=0.6,gap=0.2 (repeatable; default: as set)")
    args = parser.parse_args()
    if args.cards is not None:
        mp.use_cards(args.cards)
    data = json.loads(args.rows.with_suffix(".json").read_text(encoding="utf-8"))
    arrays = np.load(args.rows.with_suffix(".npz"))
    for record, score, signals in zip(data["records"], arrays["score"], arrays["signals"], strict=True):
        record["score"], record["signals"] = score, signals
    matcher, _ = selectors.card_matcher()
    assert [c.slug for c in matcher.cards] == data["slugs"], "the rows were recorded on another card set"
    by_slug = {c.slug: c for c in matcher.cards}
    base = dict(matcher_module.FAMILY)
    for variant in args.variant or [""]:
        matcher_module.FAMILY.update(base)
        for pair in filter(None, variant.split(",")):
            key, value = pair.split("=")
            matcher_module.FAMILY[key] = type(base[key])(float(value))
        print(f"== {variant or 'as set'}: {matcher_module.FAMILY}")
        measure(data, matcher, by_slug, args.show)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
