"""The tune half's failures of the card matcher, one line each (never the held half).

    LEGALSITE_DATA_DIR=/tmp/full .venv/bin/python bench/matcher_tune_failures.py [--cards DIR] [--out FILE]

Reads only the ``phrasings`` key of ``bench/data/phrasings/phrasings.jsonl`` (the tune half): for each
question whose first part's best card is not its card, prints the wanted slug, the chosen slug (and
whether it rests on the same provisions), the confidence, whether it was decided, the rank of the wanted
card, and the question. Reads the database; writes nothing but ``--out``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import matcher_phrasings as mp

from legal import selectors
from legal.retrieval import agreement_keys


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--retrieved", type=Path, default=None,
                        help="a JSON file of each question's agreement keys: read when it exists, else written "
                             "(retrieval does not depend on the matcher: repeated runs skip it)")
    args = parser.parse_args()
    if args.cards is not None:
        mp.use_cards(args.cards)
    cards, _ = selectors.active_cards()
    by_slug = {c.slug: c for c in cards}
    lines = []
    known: dict[str, list] = {}
    if args.retrieved is not None and args.retrieved.exists():
        known = json.loads(args.retrieved.read_text(encoding="utf-8"))
    n = top1 = same_law = decided = wrong = 0
    for line in mp.DEFAULT_DATA.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        slug = item["slug"]
        if slug not in by_slug:
            continue
        wanted = {(p.law, str(p.article)) for p in by_slug[slug].controlling}
        for question in item.get("phrasings", []):
            if question not in known:
                known[question] = [list(k) for k in agreement_keys(question)]
            parts, _ = selectors.card_match(question=question, retrieved=[tuple(k) for k in known[question]])
            match = parts[0] if parts else None
            n += 1
            if match is not None and match.best is not None:
                ok = match.best.card.slug == slug
                law = ok or bool(wanted & {(p.law, str(p.article)) for p in match.best.card.controlling})
                top1, same_law, decided = top1 + ok, same_law + law, decided + match.decided
                wrong += match.decided and not law
            if match is None or match.best is None:
                lines.append(f"NONE\t{slug}\t-\t-\t{question}")
                continue
            best = match.best
            if best.card.slug == slug and match.decided:
                continue
            same = bool(wanted & {(p.law, str(p.article)) for p in best.card.controlling})
            rank = next((i for i, s in enumerate(match.scores) if s.card.slug == slug), -1)
            kind = "ABST" if best.card.slug == slug else ("WRONG" if match.decided and not same else
                                                          "SAME" if same else "MISS")
            lines.append(f"{kind}\t{slug}\t{best.card.slug}\t{best.confidence:.2f}\trank={rank}\t"
                         f"parts={len(parts)}\t{question}")
    lines.append(f"TOTAL n={n} top1={100 * top1 / n:.1f}% provisions={100 * same_law / n:.1f}% "
                 f"decided={100 * decided / n:.1f}% decided-wrong={100 * wrong / n:.1f}%")
    if args.retrieved is not None:
        args.retrieved.write_text(json.dumps(known, ensure_ascii=False), encoding="utf-8")
    text = "\n".join(lines)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
