"""The suite's CPU per test and per file: a pytest plugin that records it, and a table that ranks it.

Record (one line per test, per process, in ``SUITE_CPU_DIR``)::

    SUITE_CPU_DIR=/tmp/cpu nice .venv/bin/python -m pytest -n 2 -p bench.suite_cpu

Each line: the test's id, the CPU (user + sys) of the test's process from its setup to its teardown, the CPU of
the child processes reaped in that time (daphne, Celery, ``manage.py``, LibreOffice; a child is charged when it
is reaped, so a test can be charged an earlier test's finished child), the wall, and the setup's share of the
two CPU figures (the run's template database is built in the setup of the first test that needs it), and the
test's start and end on the clock (epoch seconds). Each process also writes its own total at its end (start-up,
collection and the tests), so the table shows what no test accounts for, and when it started and finished
collecting.
Daemonised servers (PostgreSQL, Redis) are in no one's count.

Rank::

    .venv/bin/python bench/suite_cpu.py /tmp/cpu [--top 40]

Per-worker timeline (where a worker was busy, where it waited, which files ran last)::

    .venv/bin/python bench/suite_cpu.py /tmp/cpu --timeline
"""

from __future__ import annotations

import argparse
import os
import time
from collections import defaultdict
from pathlib import Path

import pytest


def _cpu() -> tuple[float, float]:
    t = os.times()
    return t.user + t.system, t.children_user + t.children_system


class _Recorder:
    def __init__(self, out: Path) -> None:
        out.mkdir(parents=True, exist_ok=True)
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        self.file = open(out / f"{worker}-{os.getpid()}.tsv", "a", buffering=1)
        self.file.write(f"<process start>\t0\t0\t0\t0\t0\t{_process_start():.3f}\t{time.time():.3f}\n")

    def pytest_collection_finish(self, session) -> None:
        self.file.write(f"<collected>\t0\t0\t0\t0\t0\t{time.time():.3f}\t{time.time():.3f}\n")

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        own, children = _cpu()
        started = time.perf_counter()
        start_clock = time.time()
        self.setup = (0.0, 0.0)
        yield
        own2, children2 = _cpu()
        self.file.write(f"{item.nodeid}\t{own2 - own:.3f}\t{children2 - children:.3f}"
                        f"\t{time.perf_counter() - started:.3f}\t{self.setup[0]:.3f}\t{self.setup[1]:.3f}"
                        f"\t{start_clock:.3f}\t{time.time():.3f}\n")

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(self, item):
        own, children = _cpu()
        yield
        own2, children2 = _cpu()
        self.setup = (own2 - own, children2 - children)

    def pytest_unconfigure(self, config) -> None:
        own, children = _cpu()
        self.file.write(f"<process total>\t{own:.3f}\t{children:.3f}\t0\t0\t0\t{time.time():.3f}\t{time.time():.3f}\n")
        self.file.close()


def _process_start() -> float:
    """The process's start on the clock (Linux: /proc), else now."""
    try:
        ticks = int(Path(f"/proc/{os.getpid()}/stat").read_text().rsplit(")", 1)[1].split()[19])
        boot = next(float(line.split()[1]) for line in Path("/proc/stat").read_text().splitlines()
                    if line.startswith("btime"))
        return boot + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return time.time()


def timeline(directory: Path, top: int = 12) -> None:
    """Per process: start, collection, first and last test, the gaps between tests, the tests that ran last."""
    rows = []
    for path in sorted(directory.glob("*.tsv")):
        tests, marks = [], {}
        for line in path.read_text().splitlines():
            parts = line.split("\t")
            if len(parts) < 8:
                continue
            if parts[0].startswith("<"):
                marks[parts[0]] = float(parts[6])
            else:
                tests.append((float(parts[6]), float(parts[7]), parts[0], float(parts[3]), float(parts[4])))
        if tests:
            rows.append((path.stem, marks, sorted(tests)))
    if not rows:
        print("no timeline (lines from before the timeline columns)")
        return
    t0 = min(min([m.get("<process start>", t[0][0])] + [t[0][0]]) for _, m, t in rows)
    print("| process | start | collected | first test | last test ends | busy in tests | gaps > 1 s |")
    print("|---|---|---|---|---|---|---|")
    for name, marks, tests in rows:
        busy = sum(end - start for start, end, *_ in tests)
        gaps = [(b[0] - a[1], a[2], b[2]) for a, b in zip(tests, tests[1:], strict=False) if b[0] - a[1] > 1]
        print(f"| {name} | {marks.get('<process start>', t0) - t0:.1f} | {marks.get('<collected>', t0) - t0:.1f} |"
              f" {tests[0][0] - t0:.1f} | {tests[-1][1] - t0:.1f} | {busy:.1f} |"
              f" {len(gaps)} ({sum(g[0] for g in gaps):.1f} s) |")
    for name, _marks, tests in rows:
        print(f"\n{name}: the longest tests (wall, of it setup CPU) and when they ran")
        for start, end, nodeid, wall, setup in sorted(tests, key=lambda t: -t[3])[:top]:
            print(f"  {start - t0:7.1f} → {end - t0:7.1f}  {wall:7.1f} s  setup {setup:6.1f} s  {nodeid}")
        print(f"{name}: its last files")
        seen: list[str] = []
        for start, _end, nodeid, *_ in reversed(tests):
            file = nodeid.split("::", 1)[0]
            if file not in seen:
                seen.append(file)
                print(f"  from {start - t0:7.1f}  {file}")
            if len(seen) >= 6:
                break


def pytest_configure(config) -> None:
    out = os.environ.get("SUITE_CPU_DIR")
    if out:
        config.pluginmanager.register(_Recorder(Path(out)), "suite-cpu-recorder")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dir", type=Path)
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--timeline", action="store_true", help="per-process timeline instead of the table")
    args = parser.parse_args()
    if args.timeline:
        timeline(args.dir)
        return
    files: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0])
    totals = [0.0, 0.0]
    tests = [0.0, 0.0]
    for path in sorted(args.dir.glob("*.tsv")):
        for line in path.read_text().splitlines():
            nodeid, own, children, wall = line.split("\t")[:4]
            if nodeid in ("<process start>", "<collected>"):
                continue
            if nodeid == "<process total>":
                totals[0] += float(own)
                totals[1] += float(children)
                continue
            row = files[nodeid.split("::", 1)[0]]
            row[0] += float(own)
            row[1] += float(children)
            row[2] += float(wall)
            row[3] += 1
            tests[0] += float(own)
            tests[1] += float(children)
    ranked = sorted(files.items(), key=lambda kv: -(kv[1][0] + kv[1][1]))
    print("| rank | file | tests | CPU own (s) | CPU children (s) | CPU total (s) | wall (s) |")
    print("|---|---|---|---|---|---|---|")
    for rank, (name, (own, children, wall, count)) in enumerate(ranked[: args.top], 1):
        print(f"| {rank} | `{name}` | {count} | {own:.1f} | {children:.1f} | {own + children:.1f} | {wall:.1f} |")
    rest = ranked[args.top:]
    if rest:
        own = sum(r[1][0] for r in rest)
        children = sum(r[1][1] for r in rest)
        count = sum(r[1][3] for r in rest)
        print(f"| | the other {len(rest)} files | {count} | {own:.1f} | {children:.1f} | {own + children:.1f} | |")
    print(f"\ntests: {tests[0]:.1f} s own + {tests[1]:.1f} s children = {sum(tests):.1f} s;"
          f" processes' totals {totals[0]:.1f} s own + {totals[1]:.1f} s children = {sum(totals):.1f} s"
          f" (outside tests: {sum(totals) - sum(tests):.1f} s)")


if __name__ == "__main__":
    main()
