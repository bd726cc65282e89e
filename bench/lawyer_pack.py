"""Answers as a client reads them, packed for a lawyer to grade (docs/decisions/lawyer-grading.md).

    .venv/bin/python bench/lawyer_pack.py ask --data SET.jsonl --sample 60 --seed 9 --out DIR
    .venv/bin/python bench/lawyer_pack.py mix --runs start=DIR1 end=DIR2 --seed 10 --out DIR
    .venv/bin/python bench/lawyer_pack.py score --out DIR

``ask`` draws ``--sample`` questions from a measuring set (the same draw for the same seed), asks each through
``/v1/chat/completions`` in this process against the data dir's database (``LEGALSITE_DATA_DIR``; the offline
engine when no model is configured; the day pinned to the sets' 2026-11-27; the card files as they are) and
writes ``DIR/answers.jsonl`` (id, question, full answer) and ``DIR/pack.jsonl`` — the answers shuffled under
opaque keys, with nothing but the question and the answer — and ``DIR/key.json`` (key -> id). The grader
writes ``DIR/grades.jsonl`` (key, right, cited, clean, actionable, lawyerly, all5); ``score`` prints the counts.
It creates one staff user, ``lawyer-pack``, in that database if it is missing.

``mix`` packs the answers of several ``ask`` runs (the start and the end of a stop) together, shuffled under
opaque keys, so that one grader grades both in one sitting without knowing which is which (the key file maps a
key to ``label:id``); an answer the two runs share word for word is graded twice, which measures the grader's
agreement with itself. ``score`` then prints the counts per label.
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


def mix(runs: list[str], seed: int, out: Path) -> None:
    rows = []
    for run in runs:
        label, _, folder = run.partition("=")
        for line in (Path(folder) / "answers.jsonl").read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                rows.append({**row, "label": label})
    random.Random(seed).shuffle(rows)
    out.mkdir(parents=True, exist_ok=True)
    keys = {f"m{i:03d}": f"{row['label']}:{row['id']}" for i, row in enumerate(rows, start=1)}
    with (out / "pack.jsonl").open("w", encoding="utf-8") as f:
        for k, row in zip(keys, rows, strict=True):
            f.write(json.dumps({"key": k, "question": row["question"], "answer": row["answer"]},
                               ensure_ascii=False) + "\n")
    (out / "key.json").write_text(json.dumps(keys, ensure_ascii=False), encoding="utf-8")
    with (out / "mixed.jsonl").open("w", encoding="utf-8") as f:
        for k, row in zip(keys, rows, strict=True):
            f.write(json.dumps({"key": k, "id": row["id"], "answer": row["answer"]}, ensure_ascii=False) + "\n")
    answers = {(row["id"], row["answer"]) for row in rows}
    print(f"{len(rows)} answers packed, {len(rows) - len(answers)} given word for word by two runs")


def score(out: Path) -> None:
    grades = [json.loads(line) for line in (out / "grades.jsonl").read_text(encoding="utf-8").splitlines()
              if line.strip()]
    print(f"{len(grades)} answers graded ({out / 'grades.jsonl'})")
    keys = json.loads((out / "key.json").read_text(encoding="utf-8")) if (out / "key.json").exists() else {}
    labels = sorted({v.split(":", 1)[0] for v in keys.values() if ":" in v})
    groups = {label: [g for g in grades if keys.get(g["key"], "").startswith(f"{label}:")] for label in labels}
    groups = groups or {"": grades}
    print(f"{'':<12}" + "".join(f"{label or 'all':>10}" for label in groups))
    for point in POINTS:
        cells = []
        for rows in groups.values():
            yes = sum(1 for g in rows if g.get(point) in (1, True))
            none = sum(1 for g in rows if g.get(point) is None)
            cells.append(f"{yes}/{len(rows) - none}")
        print(f"{point:<12}" + "".join(f"{c:>10}" for c in cells))
    twice: dict[tuple[str, str], list[dict]] = {}
    if (out / "mixed.jsonl").exists():
        same_text = {}
        for line in (out / "mixed.jsonl").read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            same_text[row["key"]] = (row["id"], row["answer"])
        for g in grades:
            if g["key"] in same_text:
                twice.setdefault(same_text[g["key"]], []).append(g)
    pairs = [v for v in twice.values() if len(v) == 2]
    if pairs:
        agree = sum(1 for a, b in pairs if a.get("all5") == b.get("all5"))
        print(f"one answer graded twice (two runs gave it word for word): {len(pairs)}, "
              f"the same all-five grade {agree}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("ask", "mix", "score"))
    parser.add_argument("--runs", nargs="*", default=[], help="label=DIR of ask runs, for mix")
    parser.add_argument("--data", type=Path)
    parser.add_argument("--sample", type=int, default=60)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if args.mode == "ask":
        if args.data is None:
            parser.error("ask needs --data")
        ask(args.data, args.sample, args.seed, args.out)
    elif args.mode == "mix":
        mix(args.runs, args.seed, args.out)
    else:
        score(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
