"""Load bench: N concurrent websocket chats against the running product and a streaming fake LLM.

    .venv/bin/python bench/load_ws.py [--chats 200] [--users 20] [--workers 2] [--concurrency 50]
                                      [--token-delay 0.05] [--delay 0] [--llm fake|offline]
                                      [--second] [--deadline 300] [--rounds 1]

Prints numbers; asserts nothing. Starts its own embedded PostgreSQL and Redis (in
``LEGALSITE_DATA_DIR`` when set, else a temporary directory), migrates, imports 劳动合同法 with its
embeddings, then runs as real processes: the fake LLM (``--llm fake``: streamed answers with
``--token-delay`` seconds between two-character chunks, so the turns overlap; a tool call to
search_legal_knowledge first; the critic's {"acceptable": true}) or no LLM (``--llm offline``: the
offline engine), ``--workers`` Celery workers (``-P threads --concurrency N``) and daphne.

``--users`` staff users with DRF tokens own ``--chats`` sessions round-robin; one websocket per
session (header ``Authorization: Token``) asks one question (``--second``: then a follow-up) and
waits for the turn's ``final`` event, at most ``--deadline`` seconds per turn. After two warm-up
chats (the first turn of a worker loads models), the RSS of daphne and of each worker is the
baseline; it is sampled every 0.25 s during the run (peak) and read again 10 s after the run.
``--rounds N`` runs the batch N times on new sessions: RSS that stays level from round to round is
memory that is bounded.

Reported: completed/asked; lost (no final answer within the deadline, or a connection that failed);
error events; duplicated answers (final events received more than once for a turn, and in the
database: questions with more than one answer, sessions with more answers than questions); the
answers' statuses in the database; p50/p95 time to first token and to the final answer; RSS of
daphne and the workers (baseline, peak, after).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.stack import (  # noqa: E402
    QUESTION,
    SECOND_QUESTION,
    ChatResult,
    Stack,
    chat,
    db_turn_counts,
    p50_95,
    sessions_for,
    users_with_tokens,
)

MB = 1024 * 1024


class RssSampler:
    """Peak resident memory of the product's processes, sampled in a thread."""

    def __init__(self, stack: Stack, interval: float = 0.25) -> None:
        self.stack, self.interval = stack, interval
        self.peak: dict[str, int] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def snapshot(self) -> dict[str, int]:
        procs = [self.stack.web, *self.stack.worker_procs]
        return {p.name: p.rss() for p in procs if p is not None}

    def _run(self) -> None:
        while not self._stop.is_set():
            for name, rss in self.snapshot().items():
                self.peak[name] = max(self.peak.get(name, 0), rss)
            self._stop.wait(self.interval)

    def __enter__(self) -> RssSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


async def run_chats(stack: Stack, sessions: list[tuple[int, str]], questions: list[str],
                    deadline: float) -> tuple[list[ChatResult], float]:
    started = time.perf_counter()
    results = await asyncio.gather(*(chat(stack.host, token, sid, questions, deadline) for sid, token in sessions))
    return list(results), time.perf_counter() - started


def report(results: list[ChatResult], wall: float, session_ids: list[int], per_chat: int) -> None:
    asked = sum(r.asked for r in results)
    expected = len(results) * per_chat
    completed = sum(r.completed for r in results)
    lost = expected - completed
    hung = sum(r.hung for r in results)
    closed = [r for r in results if r.closed]
    errors = [e for r in results for e in r.errors]
    wire_dupes = sum(max(0, r.final_events - r.completed) for r in results)
    db = db_turn_counts(session_ids)
    print(f"  wall {wall:.1f} s for {len(results)} chats × {per_chat} question(s)")
    print(f"  completed/asked: {completed}/{asked} (expected {expected}); lost (no final answer): {lost} "
          f"[hung at the deadline {hung}, connection failed {len(closed)}, error events {len(errors)}]")
    if closed:
        print(f"    e.g. {closed[0].closed}")
    if errors:
        print(f"    e.g. {errors[0]}")
    print(f"  duplicated answers: final events received twice {wire_dupes}; in the database: "
          f"{db['questions_with_2+_answers']} questions with 2+ answers, {db['sessions_with_extra_answers']} "
          f"sessions with more answers than questions")
    print("  database: " + ", ".join(f"{k} {v}" for k, v in db.items() if k.startswith(("questions", "answers"))
                                     and "2+" not in k))
    print(f"  time to first token   {p50_95([t * 1000 for r in results for t in r.first_tokens])}")
    print(f"  time to final answer  {p50_95([t * 1000 for r in results for t in r.finals])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chats", type=int, default=200, help="concurrent websocket chats (default 200)")
    parser.add_argument("--users", type=int, default=20, help="staff users owning the sessions (default 20)")
    parser.add_argument("--workers", type=int, default=2, help="Celery worker processes (default 2)")
    parser.add_argument("--concurrency", type=int, default=50, help="threads per worker (default 50)")
    parser.add_argument("--token-delay", type=float, default=0.05,
                        help="fake LLM seconds between streamed chunks (default 0.05)")
    parser.add_argument("--delay", type=float, default=0.0, help="fake LLM seconds before each reply (default 0)")
    parser.add_argument("--llm", choices=["fake", "offline"], default="fake")
    parser.add_argument("--second", action="store_true", help="ask a follow-up question after the first answer")
    parser.add_argument("--deadline", type=float, default=300.0, help="seconds a turn may take (default 300)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="run the batch this many times, each on new sessions (memory across rounds)")
    args = parser.parse_args()

    with Stack("load", llm=args.llm == "fake", delay=args.delay, token_delay=args.token_delay,
               workers=args.workers, concurrency=args.concurrency) as stack:
        stack.setup()
        users = users_with_tokens(max(1, min(args.users, args.chats)))
        stack.start_processes()
        print(f"stack: daphne on {stack.host}, {args.workers} × celery worker -P threads --concurrency "
              f"{args.concurrency}, LLM {args.llm}"
              + (f" (token delay {args.token_delay:.3f} s, reply delay {args.delay:.2f} s)" if args.llm == "fake"
                 else ""), flush=True)
        try:
            warm = sessions_for(users, max(2, args.workers))
            warm_results, _ = asyncio.run(run_chats(stack, warm, [QUESTION], args.deadline))
            print(f"warm-up: {sum(r.completed for r in warm_results)}/{len(warm)} chats answered", flush=True)
            sampler = RssSampler(stack)
            baseline = sampler.snapshot()
            sessions = sessions_for(users, args.chats)
            questions = [QUESTION, SECOND_QUESTION] if args.second else [QUESTION]
            print(f"run: {args.chats} websocket chats at once, {len(users)} users, "
                  f"{len(questions)} question(s) each", flush=True)
            for round_no in range(1, args.rounds + 1):
                if round_no > 1:
                    sessions = sessions_for(users, args.chats)
                    print(f"round {round_no}: {args.chats} new chats at once", flush=True)
                with sampler:
                    results, wall = asyncio.run(run_chats(stack, sessions, questions, args.deadline))
                time.sleep(10)
                after = sampler.snapshot()
                report(results, wall, [sid for sid, _ in sessions], len(questions))
                print("  RSS (MB)         baseline     peak    after 10 s")
                for name in baseline:
                    print(f"    {name:<12} {baseline[name] / MB:9.0f} {sampler.peak.get(name, 0) / MB:9.0f} "
                          f"{after.get(name, 0) / MB:9.0f}")
                if any(r.hung or r.closed or r.errors for r in results):
                    print("  last log lines:\n" + stack.tails())
                sampler = RssSampler(stack)
        except BaseException:
            print("last log lines:\n" + stack.tails())
            raise


if __name__ == "__main__":
    main()
