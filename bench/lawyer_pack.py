"""Answers as a client reads them, packed for a lawyer to grade (docs/decisions/lawyer-grading.md).

    .venv/bin/python bench/lawyer_pack.py ask --data SET.jsonl --sample 60 --seed 9 --out DIR
    .venv/bin/python bench/lawyer_pack.py score --out DIR

``ask`` draws ``--sample`` questions from a measuring set (the same draw for the same seed), asks each through
``/v1/chat/completions`` in this process against the data dir's database (``LEGALSITE_DATA_DIR``; the offline
engine when no model is configured; the day pinned to the sets' 2026-11-27; the card files as they are) and
writes ``DIR/answers.jsonl`` (id, question, full answer) and ``DIR/pack.jsonl`` — the answers shuffled under
opaque keys, with nothing but the question and the answer — and ``DIR/key.json`` (key -> id). The grader
writes ``DIR/grades.jsonl`` (key, right, cited, clean, actionable, lawyerly, all5); ``score`` prints the counts.
It creates one staff user, ``lawyer-pack``, in that database if it is missing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
POINTS = ("right", "cited", "clean", "actionable", "lawyerly", "all5")


def ask(data: Path, sample: int, seed: int, out: Path) -> None:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client

    from bench.answers import DATA_TODAY, pin_today
    from firm.services import token_issue, user_create
    from legal import cardfile, selectors

    cards = tuple(cardfile.load_cards(sorted((ROOT / "legal" / "cards").glob("*.toml"))))
    cardfile.shipped_cards = lambda: cards  # type: ignore[assignment]
    overlay = selectors._overlay
    selectors._overlay = lambda: (list(cards), overlay()[1])  # type: ignore[assignment]
    selectors.cards_changed()
    pin_today(DATA_TODAY)
    user = get_user_model().objects.filter(username="lawyer-pack").first()
    if user is None:
        user, _ = user_create(username="lawyer-pack", role="staff", password=os.urandom(16).hex() + "Aa1",
                              display_name="lawyer-pack")
    key = token_issue(user=user).key
    items = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines() if line.strip()]
    random.Random(seed).shuffle(items)
    client = Client(raise_request_exception=False, HTTP_HOST="localhost")
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    for item in items[:sample]:
        response = client.post("/v1/chat/completions", {"model": "legalsite-qa", "messages": [
            {"role": "user", "content": item["question"]}]}, content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {key}")
        body = response.json()
        answer = body["choices"][0]["message"]["content"] if response.status_code == 200 else json.dumps(body)
        rows.append({"id": item["id"], "question": item["question"], "answer": answer})
        print(item["id"], response.status_code, len(answer), flush=True)
    with (out / "answers.jsonl").open("w", encoding="utf-8") as f:
        f.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    packed = rows[:]
    random.Random(seed + 1).shuffle(packed)
    keys = {f"k{i:03d}": row["id"] for i, row in enumerate(packed, start=1)}
    with (out / "pack.jsonl").open("w", encoding="utf-8") as f:
        for k, row in zip(keys, packed, strict=True):
            f.write(json.dumps({"key": k, "question": row["question"], "answer": row["answer"]},
                               ensure_ascii=False) + "\n")
    (out / "key.json").write_text(json.dumps(keys, ensure_ascii=False), encoding="utf-8")


def score(out: Path) -> None:
    grades = [json.loads(line) for line in (out / "grades.jsonl").read_text(encoding="utf-8").splitlines()
              if line.strip()]
    print(f"{len(grades)} answers graded ({out / 'grades.jsonl'})")
    for point in POINTS:
        yes = sum(1 for g in grades if g.get(point) == 1)
        none = sum(1 for g in grades if g.get(point) is None)
        print(f"{point:<12}{yes:>5}" + (f"   ({none} not applicable)" if none else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("ask", "score"))
    parser.add_argument("--data", type=Path)
    parser.add_argument("--sample", type=int, default=60)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if args.mode == "ask":
        if args.data is None:
            parser.error("ask needs --data")
        ask(args.data, args.sample, args.seed, args.out)
    else:
        score(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
