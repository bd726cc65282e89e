"""The engine's own CPU per item, as the suite pays it: a contract review and an offline answer in a process that
has already done one (the tests run thousands of them in a few processes), and the queries an answer makes.

    LEGALSITE_DATA_DIR=/tmp/full .venv/bin/python bench/engine_cpu.py contracts --gold G.json [G2.json ...] [--rounds 3]
    LEGALSITE_DATA_DIR=/tmp/full .venv/bin/python bench/engine_cpu.py answers --data Q.jsonl [--limit 40] [--cards DIR]

``contracts``: every contract of the gold files (tuning sets only) read and split once, reviewed once to warm the
process (rules parsed, patterns compiled), then ``--rounds`` times over: CPU (user + sys of the process,
``time.process_time``) per ``contract_findings`` call and per section, and the same for one pass of
``suggestion_defects`` over each finding. ``answers``: the chat's offline answer (``bench.answers.run``, the
real service path) of each question after one warm-up question: CPU per answer (every thread of the process)
and database queries per answer (every connection, every thread). Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def contracts(golds: list[Path], rounds: int) -> None:
    import django

    django.setup()
    from bench.contracts_blind import contract_kind
    from contracts.ingest import read_document, split_document
    from contracts.playbook import contract_facts, contract_findings, starter_rules
    from contracts.playbook.quality import suggestion_defects

    started = time.process_time()
    rules = starter_rules()
    print(f"starter_rules: {time.process_time() - started:.2f} s CPU ({len(rules)} rules)")
    docs = []
    for gold in golds:
        for item in json.loads(gold.read_text(encoding="utf-8"))["contracts"]:
            path = gold.parent / item["file"]
            split = split_document(read_document(path.name, path.read_bytes()))
            docs.append((split.sections, contract_kind(item.get("contract_type") or "", split.contract_type),
                         item.get("side") or ""))
    started = time.process_time()
    for sections, kind, side in docs:
        contract_findings(sections, kind, rules, side=side)
    first = time.process_time() - started
    review = quality = 0.0
    findings = 0
    for _ in range(rounds):
        for sections, kind, side in docs:
            started = time.process_time()
            found = contract_findings(sections, kind, rules, side=side)
            review += time.process_time() - started
            facts = contract_facts(sections, side=side)
            started = time.process_time()
            for f in found:
                suggestion_defects(f, sections, facts)
            quality += time.process_time() - started
            findings += len(found)
    n = len(docs) * rounds
    sections = sum(len(s) for s, _, _ in docs) * rounds
    print(f"{len(docs)} contracts, {sections // rounds} sections; first pass {first / len(docs) * 1000:.1f} ms CPU "
          f"per contract")
    print(f"CPU per contract review (warm, {rounds} rounds): {review / n * 1000:.1f} ms; per section "
          f"{review / sections * 1000:.2f} ms; suggestion check {quality / max(1, findings) * 1000:.2f} ms per "
          f"finding ({findings // rounds} findings)")


def answers(data: Path, limit: int, cards_dir: Path | None) -> None:
    sys.argv = sys.argv[:1]
    from django.db.backends import utils

    import bench.answers as bench

    bench.pin_today(bench.DATA_TODAY)
    if cards_dir is not None:
        cards = tuple(bench.cardfile.load_cards(sorted(cards_dir.glob("*.toml"))))
        bench.cardfile.shipped_cards = lambda: cards  # type: ignore[assignment]
        overlay = bench.selectors._overlay
        bench.selectors._overlay = lambda: (list(cards), overlay()[1])  # type: ignore[assignment]
        bench.selectors.cards_changed()
    count = [0]
    execute = utils.CursorWrapper._execute

    def counted(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        count[0] += 1
        return execute(self, *args, **kwargs)

    utils.CursorWrapper._execute = counted  # type: ignore[method-assign]
    items = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines() if line.strip()]
    items = items[: limit + 1] if limit else items
    started = time.process_time()
    bench.run(items[0]["question"])
    print(f"first answer (warm-up): {time.process_time() - started:.2f} s CPU, {count[0]} queries")
    cpu: list[float] = []
    queries: list[int] = []
    for item in items[1:]:
        count[0] = 0
        started = time.process_time()
        bench.run(item["question"])
        cpu.append(time.process_time() - started)
        queries.append(count[0])
    cpu.sort()
    print(f"{len(cpu)} answers: CPU per answer {sum(cpu) / len(cpu) * 1000:.1f} ms on average (p50 "
          f"{cpu[len(cpu) // 2] * 1000:.1f} ms, max {cpu[-1] * 1000:.1f} ms); queries per answer "
          f"{sum(queries) / len(queries):.1f} (max {max(queries)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    c = sub.add_parser("contracts")
    c.add_argument("--gold", type=Path, nargs="+", required=True)
    c.add_argument("--rounds", type=int, default=3)
    a = sub.add_parser("answers")
    a.add_argument("--data", type=Path, required=True)
    a.add_argument("--limit", type=int, default=40)
    a.add_argument("--cards", type=Path, default=None)
    args = parser.parse_args()
    if args.what == "contracts":
        contracts(args.gold, args.rounds)
    else:
        answers(args.data, args.limit, args.cards)


if __name__ == "__main__":
    main()
