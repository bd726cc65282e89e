"""The citation doubt rule's trade-off: controlling cited vs irrelevant presented as controlling, at each
confidence threshold and runner-up gap (``legal.composer.CITE_CONFIDENCE``, ``SUPPORTED_CONFIDENCE``,
``CONTEST_GAP``, ``PHRASING_CLOSE``; docs/decisions/issue-cards.md, card-citations-audit.md).

    LEGALSITE_DATA_DIR=/tmp/full .venv/bin/python bench/cite_sweep.py [--data FILE]

Matches and composes every question once as the chat does (retrieval agreement on, the card files as
they are) with the doubt rule off, keeping per decided part its confidence, its phrasing signal, its
runner-up and whether the provision it would cite is supported (the runner-up card holds it, or a
plain statute search finds it: ``legal.composer.supported``); then replays the rule at each setting
(a basis a deadline rule or calculator supplies is never withheld, :func:`legal.composer.ruled_basis`).
Per gold part: cited — a cited provision is a gold controlling one; irrelevant — a cited provision
is neither controlling nor also_ok.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from answer_failures import use_files
from answers import DEFAULT_DATA, _key  # sets Django up

from legal import composer, engine
from legal.matcher import PartMatch


def _seen(match: PartMatch, cited: Any = (), found: Any = ()) -> dict[str, Any]:
    best = match.best
    assert best is not None
    runner = match.scores[1] if len(match.scores) > 1 else None
    shared = runner is not None and bool({(p.law, p.article) for p in best.card.controlling}
                                         & {(p.law, p.article) for p in runner.card.controlling})
    return {"confidence": best.confidence, "bigrams": best.signals.get("bigrams", 0.0),
            "gap": (best.score - runner.score) if runner is not None and not shared else None,
            "inherited": "inherited" in best.signals, "supported": composer.supported(match, cited, found)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    use_files()
    calls: list[dict[str, Any]] = []

    def record(match: PartMatch, cited: Any = (), found: Any = ()) -> str:
        calls.append(_seen(match, cited, found))
        return ""

    composer.citation_doubt = record  # type: ignore[assignment]
    rows = []
    items = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    for item in items:
        calls.clear()
        answer = engine.card_answer(item["question"], retrieve=True)
        seen = iter(list(calls))
        parts = [(p, next(seen) if p.card is not None else None) for p in answer.composition.parts]
        for index, gold in enumerate(item["parts"]):
            part, doubt = parts[index] if index < len(parts) else (None, None)
            wanted = {_key(g["law"], g["article"]) for g in gold.get("controlling", [])}
            allowed = wanted | {_key(g["law"], g["article"]) for g in gold.get("also_ok", [])}
            cited = {_key(p.law, p.article) for p in part.basis} if part is not None else set()
            ruled = part is not None and part.card is not None and part.answer is not None and composer.ruled_basis(
                part.qtype, part.answer, part.calculation, part.deadline)
            rows.append({"doubt": None if ruled else doubt, "hit": bool(cited & wanted), "bad": bool(cited - allowed),
                         "ruled": ruled})
    total = len(rows)
    print(f"{total} gold parts, {sum(r['doubt'] is not None for r in rows)} decided by a card and cited from it, "
          f"{sum(r['ruled'] for r in rows)} cited from a rule that computed the answer (never withheld)")
    print(f"{'conf':>5} {'supp.':>5} {'gap':>5} {'close':>5} | {'cited %':>7} {'irrelevant %':>12} {'withheld':>8}")
    for gap in (0.0, 0.02, 0.04):
        for close in (0.3, 0.5, 9.0):
            for threshold in (0.7, 0.75, 0.8, 0.85):
                for backed in (0.0, 0.5, 0.6, 0.65, 0.7, threshold):
                    if backed > threshold:
                        continue
                    hit = bad = withheld = 0
                    for r in rows:
                        d = r["doubt"]
                        needed = backed if d is not None and d["supported"] else threshold
                        doubt = d is not None and not d["inherited"] and (
                            (d["gap"] is not None and d["gap"] < gap)
                            or (d["confidence"] < needed and d["bigrams"] < close))
                        withheld += doubt
                        hit += r["hit"] and not doubt
                        bad += r["bad"] and not doubt
                    print(f"{threshold:>5.2f} {backed:>5.2f} {gap:>5.2f} {close if close < 1 else '-':>5} | "
                          f"{100 * hit / total:>7.1f} {100 * bad / total:>12.1f} {withheld:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
