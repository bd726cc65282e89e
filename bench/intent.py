"""Layer-1 intent rules on a labelled set: accuracy, coverage at the threshold, latency.

    .venv/bin/python bench/intent.py [--data PATH] [--threshold 0.85] [--repeat 20] [--errors]

The default data is the dev set ``tests/data/dev_intent.jsonl`` (JSONL with text, domain,
intent). Prints numbers; asserts nothing. "guess" is the rules' best guess whatever its
confidence; "routed" is what layer 1 routes to on its own (general/qa_retrieval below the
threshold), i.e. the offline behaviour. Latency is one ``classify`` call (entity extraction
included), measured over ``--repeat`` passes after a warm-up pass, as wall-clock time and as the
thread's CPU time (which other processes competing for the CPU do not inflate).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.stats import percentile  # noqa: E402
from chat.intent_rules import THRESHOLD, classify  # noqa: E402

DEFAULT_DATA = ROOT / "tests" / "data" / "dev_intent.jsonl"


def load(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def share(hits: int, total: int) -> str:
    return f"{hits / total:.3f} ({hits}/{total})" if total else "n/a (0/0)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--threshold", type=float, default=THRESHOLD)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--errors", action="store_true", help="list every wrong guess")
    args = parser.parse_args()

    items = load(args.data)
    n = len(items)
    decisions = [classify(item["text"], threshold=args.threshold) for item in items]

    guess_domain = guess_intent = guess_joint = 0
    routed_domain = routed_intent = routed_joint = 0
    decided = decided_domain = decided_intent = decided_joint = 0
    non_legal_confident_legal = 0
    wrong_by_domain: Counter[str] = Counter()
    for item, decision in zip(items, decisions, strict=True):
        gd = decision.guess_domain == item["domain"]
        gi = decision.guess_intent == item["intent"]
        guess_domain += gd
        guess_intent += gi
        guess_joint += gd and gi
        rd = decision.domain == item["domain"]
        ri = decision.intent == item["intent"]
        routed_domain += rd
        routed_intent += ri
        routed_joint += rd and ri
        if decision.decided:
            decided += 1
            decided_domain += gd
            decided_intent += gi
            decided_joint += gd and gi
            if item["domain"] == "non_legal" and decision.domain != "non_legal":
                non_legal_confident_legal += 1
        if not (gd and gi):
            wrong_by_domain[item["domain"]] += 1
            if args.errors:
                flag = "DECIDED" if decision.decided else "       "
                print(
                    f"{flag} {item.get('id', '?'):8} gold={item['domain']}/{item['intent']} "
                    f"guess={decision.guess_domain}/{decision.guess_intent} conf={decision.confidence:.2f} "
                    f"| {item['text']}"
                )

    for _ in range(1):  # warm-up (regex compilation is done at import; this warms caches)
        for item in items:
            classify(item["text"])
    timings: list[float] = []
    cpu_timings: list[float] = []
    for _ in range(args.repeat):
        for item in items:
            start, cpu_start = time.perf_counter(), time.thread_time()
            classify(item["text"])
            timings.append((time.perf_counter() - start) * 1000)
            cpu_timings.append((time.thread_time() - cpu_start) * 1000)

    print(f"data: {args.data} ({n} messages), threshold {args.threshold}")
    print(
        f"guess  accuracy   domain {share(guess_domain, n)}  intent {share(guess_intent, n)}  "
        f"joint {share(guess_joint, n)}"
    )
    print(
        f"routed accuracy   domain {share(routed_domain, n)}  intent {share(routed_intent, n)}  "
        f"joint {share(routed_joint, n)}   (below threshold -> general/qa_retrieval)"
    )
    print(f"decided at >= {args.threshold}: coverage {share(decided, n)}")
    print(
        f"  precision of decided: joint {share(decided_joint, decided)}  domain {share(decided_domain, decided)}  "
        f"intent {share(decided_intent, decided)}"
    )
    print(f"  non_legal messages decided as a legal domain: {non_legal_confident_legal}")
    print(
        f"latency per message (ms, {len(timings)} calls, wall): p50 {percentile(timings, 50):.3f}  "
        f"p99 {percentile(timings, 99):.3f}  mean {statistics.fmean(timings):.3f}  max {max(timings):.3f}"
    )
    print(
        f"latency per message (ms, CPU time of the thread): p50 {percentile(cpu_timings, 50):.3f}  "
        f"p99 {percentile(cpu_timings, 99):.3f}  mean {statistics.fmean(cpu_timings):.3f}  "
        f"max {max(cpu_timings):.3f}   (load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs)"
    )

    if args.errors:
        print("wrong guesses by gold domain:", dict(wrong_by_domain.most_common()))


if __name__ == "__main__":
    main()
