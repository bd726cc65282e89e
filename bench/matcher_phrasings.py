"""The card matcher on phrasings written by someone other than the cards' authors.

    LEGALSITE_DATA_DIR=/tmp/full .venv/bin/python bench/matcher_phrasings.py [--data FILE] [--cards DIR]
                                                                             [--half held|tune|all]

Data (``bench/data/phrasings/phrasings.jsonl`` by default), one JSON object a line:
``{"slug", "phrasings": [...], "held": [...]}`` — questions a writer who read only each card's title and a
one-line statement of its rule wrote as clients ask. ``phrasings`` went into the card's own phrasings (the
matcher is fitted on them); ``held`` stayed out of every card and measure whether the matcher generalises to
wordings nobody fitted it on.

For each question, matched as the chat matches it (``legal.selectors.card_match`` with the statutes a plain
search finds): **top-1 card** — the best card of its first part is the card the question was written for;
**right provisions** — or a card that shares one of that card's controlling provisions (the answer would
stand on the same law); **decided** — the matcher's confidence reached its threshold (it answers instead of
saying what it could not decide); **decided and wrong** — decided on a card resting on other provisions (the
worst case: a confident answer on the wrong law). Printed per area (the slug's prefix). Reads the database;
writes nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import django  # noqa: E402

django.setup()
from legal import cardfile, selectors  # noqa: E402
from legal.retrieval import agreement_keys  # noqa: E402

DEFAULT_DATA = ROOT / "bench" / "data" / "phrasings" / "phrasings.jsonl"
COLUMNS = ("top-1 card", "right provisions", "decided", "decided and wrong")


def use_cards(folder: Path) -> None:
    """Match against the card files of ``folder`` as they are (not the database's approved copies)."""
    cards = tuple(cardfile.load_cards(sorted(folder.glob("*.toml"))))
    overlay = selectors._overlay
    cardfile.shipped_cards = lambda: cards  # type: ignore[assignment]
    selectors._overlay = lambda: (list(cards), overlay()[1])  # type: ignore[assignment]
    selectors.cards_changed()


def judge(slug: str, question: str, by_slug: dict) -> tuple[bool, bool, bool, bool]:
    parts, _ = selectors.card_match(question=question, retrieved=agreement_keys(question))
    match = parts[0] if parts else None
    if match is None or match.best is None:
        return False, False, False, False
    best = match.best.card
    wanted = {(p.law, str(p.article)) for p in by_slug[slug].controlling}
    same_law = best.slug == slug or bool(wanted & {(p.law, str(p.article)) for p in best.controlling})
    return best.slug == slug, same_law, match.decided, match.decided and not same_law


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--cards", type=Path, default=None)
    parser.add_argument("--half", choices=("held", "tune", "all"), default="held")
    args = parser.parse_args()
    if not args.data.exists():
        sys.exit(f"no data at {args.data}")
    if args.cards is not None:
        use_cards(args.cards)
    cards, _ = selectors.active_cards()
    by_slug = {c.slug: c for c in cards}
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    missing = 0
    for line in args.data.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        if item["slug"] not in by_slug:
            missing += 1
            continue
        questions = {"held": item.get("held", []), "tune": item.get("phrasings", []),
                     "all": [*item.get("phrasings", []), *item.get("held", [])]}[args.half]
        area = item["slug"].split(".")[0]
        for question in questions:
            marks = judge(item["slug"], question, by_slug)
            for row in (totals[area], totals["ALL"]):
                row[0] += 1
                for i, mark in enumerate(marks):
                    row[i + 1] += int(mark)
    print(f"{'area':22} {'n':>5} " + " ".join(f"{c:>18}" for c in COLUMNS))
    for area in sorted(totals, key=lambda a: (a == "ALL", a)):
        n, *marks = totals[area]
        print(f"{area:22} {n:5d} " + " ".join(f"{100 * m / n:17.1f}%" for m in marks))
    if missing:
        print(f"{missing} slugs of the data are no card of this set")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
