"""Where the schema walk's CPU goes: every request schemathesis sends, by operation, phase and answer.

Record (a pytest plugin; one JSON line per request and one per test, in ``SCHEMA_CALLS_FILE``)::

    SCHEMA_CALLS_FILE=/tmp/calls.jsonl nice .venv/bin/python -m pytest tests/legalsite/test_schema.py -n 0 \\
        -p bench.schema_calls

Each request line: the operation (method and path template), the phase (``examples``, ``coverage``,
``fuzzing``), the coverage scenario, the status answered, and the thread CPU of sending the request and
checking its answer (``Case.call_and_validate``: Django's handler runs in the test's thread). Each test line:
the thread CPU of the whole test (generation included).

Rank::

    .venv/bin/python bench/schema_calls.py /tmp/calls.jsonl [--top 20]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import Counter, defaultdict

import pytest


class _Recorder:
    def __init__(self, path: str) -> None:
        from schemathesis.generation.case import Case

        self.file = open(path, "a", buffering=1)
        original = Case.call_and_validate
        write = self.file.write

        def call_and_validate(case, *args, **kwargs):
            started = time.thread_time()
            status = None
            try:
                response = original(case, *args, **kwargs)
                status = response.status_code
                return response
            finally:
                meta = case.meta
                scenario = getattr(getattr(meta.phase.data, "scenario", None), "value", None) if meta else None
                write(json.dumps({
                    "op": f"{case.method} {case.path}", "url": case.formatted_path,
                    "phase": meta.phase.name.value if meta else None,
                    "scenario": scenario, "status": status, "cpu": round(time.thread_time() - started, 4),
                }) + "\n")

        Case.call_and_validate = call_and_validate

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item):
        started = time.thread_time()
        yield
        self.file.write(json.dumps({"test": item.name, "cpu": round(time.thread_time() - started, 3)}) + "\n")


def pytest_configure(config) -> None:
    path = os.environ.get("SCHEMA_CALLS_FILE")
    if path:
        config.pluginmanager.register(_Recorder(path), "schema-calls-recorder")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file")
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args()
    rows = [json.loads(line) for line in open(args.file, encoding="utf-8") if line.strip()]
    calls = [row for row in rows if "op" in row]
    tests = [row for row in rows if "test" in row]
    print(f"{len(tests)} tests, {sum(t['cpu'] for t in tests):.1f} s of CPU; {len(calls)} requests, "
          f"{sum(c['cpu'] for c in calls):.1f} s of CPU in sending and checking them\n")
    print("| phase | answer | requests | CPU (s) |\n|---|---|---|---|")
    by_answer: dict[tuple, list[float]] = defaultdict(list)
    for call in calls:
        by_answer[(call["phase"], call["status"])].append(call["cpu"])
    for (phase, status), cpus in sorted(by_answer.items(), key=lambda kv: -sum(kv[1])):
        print(f"| {phase} | {status} | {len(cpus)} | {sum(cpus):.1f} |")
    # a test's line follows its requests: the operation is the one its fuzzing phase asked (the coverage
    # phase also sends undocumented methods to the same path)
    print("\n| test (operation) | requests | of them 404 | CPU in requests (s) | CPU of the test (s) |\n"
          "|---|---|---|---|---|")
    table, pending = [], []
    for row in rows:
        if "op" in row:
            pending.append(row)
            continue
        fuzzed = Counter(c["op"] for c in pending if c["phase"] == "fuzzing") or Counter(c["op"] for c in pending)
        name = fuzzed.most_common(1)[0][0] if fuzzed else row["test"]
        table.append((row["cpu"], name, len(pending), sum(c["status"] == 404 for c in pending),
                      sum(c["cpu"] for c in pending)))
        pending = []
    for cpu, name, count, not_found, in_requests in sorted(table, reverse=True)[:args.top]:
        print(f"| `{name}` | {count} | {not_found} | {in_requests:.1f} | {cpu:.1f} |")


if __name__ == "__main__":
    main()
