"""Record the card matcher's first-part rows on the tune half, for measuring re-rankings offline.

    LEGALSITE_DATA_DIR=/tmp/full .venv/bin/python bench/matcher_rows.py --retrieved FILE --out PREFIX
                                                                        [--cards DIR]

Reads only the ``phrasings`` key (the tune half) of ``bench/data/phrasings/phrasings.jsonl``, never
``held``. For each question, matched as the chat matches it, it keeps the first part's scores of every
card before ranking (what ``Matcher.rank_family`` receives: signals and combined score, in the cards' order),
the part's text, and the question's wanted slug — what ``bench/matcher_phrasings.py`` judges (the first
part's best card). A variant of the ranking (a family re-ranking, a calibration) is then measured on the
whole tune half in seconds by :mod:`bench.matcher_family_tune`. ``--retrieved``: each question's
agreement keys, as ``bench/matcher_tune_failures.py --retrieved`` writes them (read when it exists,
else written). Reads the database; writes nothing but ``--out`` (PREFIX.npz: the scores and
signals; PREFIX.json: the questions) and ``--retrieved``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import matcher_phrasings as mp

from legal import matcher as matcher_module
from legal import selectors
from legal.retrieval import agreement_keys


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=Path, default=None)
    parser.add_argument("--retrieved", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if args.cards is not None:
        mp.use_cards(args.cards)
    known: dict[str, list] = {}
    if args.retrieved.exists():
        known = json.loads(args.retrieved.read_text(encoding="utf-8"))
    seen: list[list] = []
    original = matcher_module.Matcher.rank_family

    def recording(self, row, texts):  # type: ignore[no-untyped-def]
        seen.append(list(row))
        return original(self, row, texts)

    matcher_module.Matcher.rank_family = recording  # type: ignore[method-assign]
    matcher, _ = selectors.card_matcher()
    names = list(matcher_module.WEIGHTS)
    records = []
    for line in mp.DEFAULT_DATA.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        for question in item.get("phrasings", []):
            if question not in known:
                known[question] = [list(k) for k in agreement_keys(question)]
            seen.clear()
            parts = matcher.match(question, retrieved=[tuple(k) for k in known[question]])
            if not seen:
                continue
            row = seen[0]
            records.append({
                "slug": item["slug"], "question": question, "part": parts[0].text, "parts": len(parts),
                "context": parts[0].context_used,
                "score": np.array([s.score for s in row], dtype=np.float32),
                "signals": np.array([[s.signals.get(n, 0.0) for n in names] for s in row], dtype=np.float32),
            })
    args.retrieved.write_text(json.dumps(known, ensure_ascii=False), encoding="utf-8")
    np.savez_compressed(args.out.with_suffix(".npz"), score=np.stack([r.pop("score") for r in records]),
                        signals=np.stack([r.pop("signals") for r in records]))
    args.out.with_suffix(".json").write_text(json.dumps(
        {"slugs": [c.slug for c in matcher.cards], "signals": names, "records": records}, ensure_ascii=False),
        encoding="utf-8")
    print(f"{len(records)} questions recorded")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
