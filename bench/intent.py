"""Layer-1 intent on a labelled set: accuracy, coverage and precision at the threshold, calibration, latency.

    .venv/bin/python bench/intent.py [--data PATH] [--threshold 0.85] [--repeat 20] [--errors]
    LEGALSITE_DATA_DIR=/tmp/kdev .venv/bin/python bench/intent.py --mode combined --data tests/data/intent_measure.jsonl

The default data is the dev set ``tests/data/dev_intent.jsonl`` (JSONL with text, domain,
intent). Prints numbers; asserts nothing. ``--mode rules`` (default) measures the rules alone
(:mod:`legal.text.intent_rules`, no database); ``--mode combined`` the classifier the API and the turn
use (:mod:`chat.intent_model`: rules + the statutes the question retrieves + prototype
similarity, calibrated), against the database the settings point at. "estimate" is the best
estimate whatever its confidence (what the API's ``domain`` shows); "routed" is where the turn
goes on its own (general/qa_retrieval below the threshold). "decided" = confidence ≥ threshold;
its precision is given for the domain (what the combined confidence is calibrated for) and for
domain and intent both (what the rules' confidence P(domain) × P(intent) stands for). The
calibration table gives, per confidence bucket, how many questions fall in it and how many of
them are right. Latency is one classify
call, measured over ``--repeat`` passes after a warm-up pass, as wall-clock time and as the
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.stats import percentile  # noqa: E402
from legal.text.intent_rules import THRESHOLD, classify  # noqa: E402

DEFAULT_DATA = ROOT / "tests" / "data" / "dev_intent.jsonl"


def load(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def share(hits: int, total: int) -> str:
    return f"{hits / total:.3f} ({hits}/{total})" if total else "n/a (0/0)"


@dataclass(frozen=True)
class Outcome:
    """One classification as the report reads it (rules or combined)."""

    domain: str
    intent: str
    confidence: float
    decided: bool
    route_domain: str
    route_intent: str


def from_rules(decision: Any) -> Outcome:
    return Outcome(decision.guess_domain, decision.guess_intent, decision.confidence, decision.decided,
                   decision.domain, decision.intent)


def from_combined(result: Any) -> Outcome:
    return Outcome(result.domain, result.intent, result.confidence, result.decided, result.route_domain,
                   result.route_intent)


BUCKETS = (0.0, 0.3, 0.5, 0.7, 0.85, 0.95, 1.0001)


def report(items: list[dict], results: list[Any], *, threshold: float, label: str, errors: bool = False) -> dict:
    """Print accuracy, coverage/precision at ``threshold`` and the calibration table; return the numbers."""
    outcomes = [r if isinstance(r, Outcome) else (from_combined(r) if hasattr(r, "route_domain") else from_rules(r))
                for r in results]
    n = len(items)
    est_d = est_i = est_j = routed_d = routed_j = 0
    decided = decided_j = decided_d = 0
    non_legal_confident_legal = 0
    wrong_by_domain: Counter[str] = Counter()
    buckets: list[list[int]] = [[0, 0, 0] for _ in BUCKETS[:-1]]  # count, joint right, domain right
    for item, out in zip(items, outcomes, strict=True):
        gd, gi = out.domain == item["domain"], out.intent == item["intent"]
        est_d += gd
        est_i += gi
        est_j += gd and gi
        routed_d += out.route_domain == item["domain"]
        routed_j += out.route_domain == item["domain"] and out.route_intent == item["intent"]
        bucket = next(i for i in range(len(BUCKETS) - 1) if out.confidence < BUCKETS[i + 1])
        buckets[bucket][0] += 1
        buckets[bucket][1] += gd and gi
        buckets[bucket][2] += gd
        if out.decided:
            decided += 1
            decided_j += gd and gi
            decided_d += gd
            if item["domain"] == "non_legal" and out.domain != "non_legal":
                non_legal_confident_legal += 1
        if not (gd and gi):
            wrong_by_domain[item["domain"]] += 1
            if errors:
                flag = "DECIDED" if out.decided else "       "
                print(f"{flag} {item.get('id', '?'):9} gold={item['domain']}/{item['intent']} "
                      f"est={out.domain}/{out.intent} conf={out.confidence:.2f} | {item['text'][:80]}")
    print(f"== {label}: {n} messages, threshold {threshold}")
    print(f"estimate accuracy  domain {share(est_d, n)}  intent {share(est_i, n)}  joint {share(est_j, n)}")
    print(f"routed accuracy    domain {share(routed_d, n)}  joint {share(routed_j, n)}   "
          "(below threshold -> general/qa_retrieval)")
    print(f"decided at >= {threshold}: coverage {share(decided, n)}  precision joint {share(decided_j, decided)}  "
          f"domain {share(decided_d, decided)}")
    print(f"  non_legal messages decided as a legal domain: {non_legal_confident_legal}")
    print("calibration (confidence bucket: share of messages, precision joint, precision domain)")
    for i, (count, joint, dom) in enumerate(buckets):
        high = min(BUCKETS[i + 1], 1.0)
        print(f"  [{BUCKETS[i]:.2f}, {high:.2f}{']' if high == 1.0 else ')'}  coverage {share(count, n):>18}  "
              f"joint {share(joint, count):>18}  domain {share(dom, count):>18}")
    if errors:
        print("wrong estimates by gold domain:", dict(wrong_by_domain.most_common()))
    return {"n": n, "domain": est_d / n if n else 0.0, "intent": est_i / n if n else 0.0,
            "joint": est_j / n if n else 0.0, "coverage": decided / n if n else 0.0,
            "precision": decided_j / decided if decided else 1.0,
            "domain_precision": decided_d / decided if decided else 1.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--mode", choices=("rules", "combined"), default="rules")
    parser.add_argument("--threshold", type=float, default=None)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--errors", action="store_true", help="list every wrong estimate")
    parser.add_argument("--no-retrieve", action="store_true",
                        help="combined mode without the statute signal (rules + prototypes, no database)")
    args = parser.parse_args()

    items = load(args.data)
    if args.mode == "combined":
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        import django  # the combined mode reads the statute database

        django.setup()
        from chat import intent_model

        threshold = args.threshold if args.threshold is not None else intent_model.THRESHOLD

        def run(text: str) -> Any:
            return intent_model.classify(text, threshold=threshold, retrieve=not args.no_retrieve)
    else:
        threshold = args.threshold if args.threshold is not None else THRESHOLD

        def run(text: str) -> Any:
            return classify(text, threshold=threshold)

    results = [run(item["text"]) for item in items]
    mode = f"{args.mode} without statutes" if args.no_retrieve else args.mode
    report(items, results, threshold=threshold, label=f"{mode} on {args.data.name}", errors=args.errors)

    timings: list[float] = []
    cpu_timings: list[float] = []
    for _ in range(args.repeat):
        for item in items:
            start, cpu_start = time.perf_counter(), time.thread_time()
            run(item["text"])
            timings.append((time.perf_counter() - start) * 1000)
            cpu_timings.append((time.thread_time() - cpu_start) * 1000)
    if timings:
        print(
            f"latency per message (ms, {len(timings)} calls, wall): p50 {percentile(timings, 50):.3f}  "
            f"p95 {percentile(timings, 95):.3f}  p99 {percentile(timings, 99):.3f}  "
            f"mean {statistics.fmean(timings):.3f}  max {max(timings):.3f}"
        )
        print(
            f"latency per message (ms, CPU time of the thread): p50 {percentile(cpu_timings, 50):.3f}  "
            f"p99 {percentile(cpu_timings, 99):.3f}  mean {statistics.fmean(cpu_timings):.3f}  "
            f"max {max(cpu_timings):.3f}   (load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs)"
        )


if __name__ == "__main__":
    main()
