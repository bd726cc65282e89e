"""How the card matcher routes the tuning questions: top-1, margins, and the neighbour pairs it confuses.

    LEGALSITE_DATA_DIR=/tmp/full .venv/bin/python scripts/route_margins.py --data /tmp/sets/c21.jsonl \
        [--data FILE ...] [--retrieved FILE] [--rows FILE] [--cards DIR]

For every gold part of the TUNING sets (never a held-out or hidden set), matched as the chat matches it
(``legal.selectors.card_match`` with the statutes a plain search finds): whether the top card is right (one
of its controlling provisions is a gold controlling or also-ok provision), the margin to the runner-up
resting on other provisions, the calibrated confidence, and — for a wrong top card — the first card below
it that would have been right. Prints top-1, the margins of right and wrong matches by bins (the
reliability the confidence must reproduce), and the confused pairs grouped as classes (same file = a
neighbour within one family; other file = a cross-area confusion). ``--retrieved``: a JSON cache of each
question's agreement keys (read when it exists, else written); ``--rows``: the per-part rows as JSONL (for
fitting the calibration offline). Reads the database; writes nothing else.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import django  # noqa: E402

django.setup()
from bench.answers import _key  # noqa: E402
from legal import cardfile, selectors  # noqa: E402
from legal.facts import deciding_facts  # noqa: E402
from legal.lexicon import correct  # noqa: E402
from legal.matcher import ASKED_FACTS, card_deciding  # noqa: E402
from legal.qtypes import asking_clause  # noqa: E402
from legal.retrieval import agreement_keys  # noqa: E402

MARGIN_BINS = (0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 10.0)
CONF_BINS = (0.0, 0.3, 0.5, 0.6, 0.75, 0.85, 0.95, 1.01)


def _keys(card: Any) -> set[tuple[str, str]]:
    return {_key(p.law, p.article) for p in card.controlling}


def rows_for(items: list[dict[str, Any]], retrieved: dict[str, list[list[Any]]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for item in items:
        keys = [tuple(k) for k in retrieved[item["id"]]]
        parts, _ = selectors.card_match(question=item["question"], retrieved=keys)
        for index, gold in enumerate(item["parts"]):
            match = parts[index] if index < len(parts) else (parts[-1] if parts else None)
            if match is None or match.best is None:
                continue
            allowed = {_key(g["law"], g["article"]) for g in [*gold.get("controlling", []), *gold.get("also_ok", [])]}
            best = match.best
            top = _keys(best.card)
            rival = next((o for o in match.scores[1:] if not top & _keys(o.card)), None)
            right_at = next((r for r, s in enumerate(match.scores) if _keys(s.card) & allowed), None)
            wanted = match.scores[right_at] if right_at is not None else None
            said = deciding_facts(item["question"])
            own = correct(match.text)
            said.update({k: v for k, v in deciding_facts(own, asking_clause(own) or own).items() if k in ASKED_FACTS})
            written = card_deciding(best.card)
            out.append({
                "stated_agree": sum(1 for k, v in said.items() if written.get(k) == v),
                "stated_contra": sum(1 for k, v in said.items() if written.get(k, v) != v),
                "rival_same_area": bool(rival) and rival.card.slug.split(".")[0] == best.card.slug.split(".")[0],
                "id": item["id"], "part": index, "text": gold["text"][:80], "top": best.card.slug,
                "score": best.score, "confidence": best.confidence, "decided": match.decided,
                "margin": best.score - (rival.score if rival else 0.0), "rival": rival.card.slug if rival else "",
                "agreement": best.signals.get("agreement", 0.0), "bigrams": best.signals.get("bigrams", 0.0),
                "inherited": "inherited" in best.signals, "right": bool(top & allowed),
                "right_rank": right_at, "right_slug": wanted.card.slug if wanted else "",
                "right_gap": best.score - wanted.score if wanted else None,
            })
    return out


def table(title: str, rows: list[dict[str, Any]], field: str, bins: tuple[float, ...]) -> None:
    print(f"\n{title}\n{'bin':<16}{'parts':>6}{'right':>7}{'wrong':>7}{'accuracy':>10}")
    for low, high in zip(bins, bins[1:], strict=False):
        inside = [r for r in rows if low <= r[field] < high]
        right = sum(r["right"] for r in inside)
        acc = f"{100 * right / len(inside):.1f}%" if inside else "—"
        print(f"[{low:.2f}, {high:.2f}){'':<2}{len(inside):>6}{right:>7}{len(inside) - right:>7}{acc:>10}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, action="append", required=True)
    parser.add_argument("--cards", type=Path, default=None)
    parser.add_argument("--retrieved", type=Path, default=None)
    parser.add_argument("--rows", type=Path, default=None)
    args = parser.parse_args()
    if any(held in str(d) for d in args.data for held in ("c24", "blind", "pack16", "m16")):
        parser.error("tuning sets only")
    if args.cards is not None:
        cards = tuple(cardfile.load_cards(sorted(args.cards.glob("*.toml"))))
        cardfile.shipped_cards = lambda: cards  # type: ignore[assignment]
        overlay = selectors._overlay
        selectors._overlay = lambda: (list(cards), overlay()[1])  # type: ignore[assignment]
        selectors.cards_changed()
    items = [json.loads(line) for path in args.data for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip()]
    retrieved: dict[str, list[list[Any]]] = {}
    if args.retrieved is not None and args.retrieved.exists():
        retrieved = json.loads(args.retrieved.read_text(encoding="utf-8"))
    for item in items:
        if item["id"] not in retrieved:
            retrieved[item["id"]] = [list(k) for k in agreement_keys(item["question"])]
    if args.retrieved is not None:
        args.retrieved.write_text(json.dumps(retrieved, ensure_ascii=False), encoding="utf-8")
    rows = rows_for(items, retrieved)
    own = [r for r in rows if not r["inherited"]]
    right = sum(r["right"] for r in own)
    print(f"{len(rows)} parts ({len(own)} matched on their own words): top-1 right {right} "
          f"({100 * right / max(1, len(own)):.1f}%); decided {sum(r['decided'] for r in own)}, "
          f"decided and wrong {sum(r['decided'] and not r['right'] for r in own)}, "
          f"undecided and right {sum(not r['decided'] and r['right'] for r in own)}")
    table("margin to the runner-up on other provisions", own, "margin", MARGIN_BINS)
    table("calibrated confidence", own, "confidence", CONF_BINS)
    wrong = [r for r in own if not r["right"]]
    classes: Counter[str] = Counter()
    pairs: Counter[tuple[str, str]] = Counter()
    for r in wrong:
        if not r["right_slug"]:
            classes["right card not in the top 8"] += 1
            continue
        same = r["top"].split(".", 1)[0] == r["right_slug"].split(".", 1)[0]
        classes["neighbour in the same file" if same else "card of another file"] += 1
        pairs[(r["right_slug"], r["top"])] += 1
    print("\nwrong top cards by class: " + ", ".join(f"{k} {v}" for k, v in classes.most_common()))
    print("\nconfused pairs (wanted -> chosen), most frequent first")
    for (wanted, chosen), n in pairs.most_common(40):
        print(f"{n:>3}  {wanted} -> {chosen}")
    print("\nwrong top cards")
    for r in wrong:
        print(f"{r['id']}#{r['part']} conf {r['confidence']:.2f} margin {r['margin']:.3f} rank {r['right_rank']} "
              f"gap {r['right_gap'] if r['right_gap'] is None else round(r['right_gap'], 3)} "
              f"{r['top']} (want {r['right_slug'] or '?'}) | {r['text']}")
    if args.rows is not None:
        args.rows.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
