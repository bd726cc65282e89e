"""Fault bench: Redis and PostgreSQL restarted under load, a worker killed mid-task.

    .venv/bin/python bench/faults.py [--scenarios redis,postgres,worker] [--chats 20] [--workers 2]
                                     [--token-delay 0.05] [--down 2] [--sections 300]

Prints what happened and numbers; asserts nothing. Starts its own embedded PostgreSQL and Redis (in
``LEGALSITE_DATA_DIR`` when set, else a temporary directory), migrates, imports 劳动合同法, and runs
the fake LLM, ``--workers`` Celery workers and daphne as real processes (see ``bench/stack.py``).

a. **redis** — ``--chats`` websocket chats ask at once (the fake LLM streams each answer over about
   three seconds); one second later the embedded redis-server is killed (SIGKILL) and started again
   ``--down`` seconds later on the same port. Each chat in flight ends as: completed (a final
   answer), failed with a clear error (an ``error`` event, or the server closed the websocket), or
   hung (nothing within 60 s). A session whose websocket is open asks half a second into the outage,
   and again after recovery. Then, with no manual step: the time until a new chat completes, and
   a second batch of chats. The database's answers of the first batch: complete / error / still
   pending or running (a turn nobody will finish).
b. **postgres** — the same with the embedded PostgreSQL stopped (``pg_ctl stop -m fast``) and
   started again, while an API client reads ``GET /api/v1/chat/sessions`` in a loop: responses by
   status and by JSON or not (an HTML error page counts as unclear), and the time until the API
   answers 200 again.
c. **worker** — Celery beat runs with the sweep every ``SWEEP_INTERVAL_SECONDS`` (the bench's
   processes get 2 s, and stale limits ``REVIEW_STALE_SECONDS`` / ``RESEARCH_STALE_SECONDS`` of
   10 s, unless the environment sets them). (1) An offline auto-review of a contract of
   ``--sections`` clauses: the worker holding it is SIGKILLed once a third of the sections are
   done; a second worker runs. Nobody touches the run: the bench waits for the sweep to resume it
   (``review.resumed`` by ``system``) and for the run to finish; then the killed task's message is
   delivered again (``send_task``, as the broker does after its visibility timeout). A copy of the
   contract reviewed without a kill gives the expected number of issues. (2) The same for a
   research task (fake LLM, streamed synthesis): every worker killed once a step is done or
   synthesis began and a new one started, resumed by the sweep, the old message delivered again.
   Reported: time from the kill to the sweep's resume and to done, issues/steps before and after,
   duplicates (must be 0), final reports.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.stack import (  # noqa: E402
    QUESTION,
    ChatResult,
    Stack,
    chat,
    p50_95,
    sessions_for,
    users_with_tokens,
)

TURN_DEADLINE = 60.0
#: The sweep's interval and the stale limits the bench's processes run with (the environment wins).
SWEEP_ENV = {"SWEEP_INTERVAL_SECONDS": "2", "REVIEW_STALE_SECONDS": "10", "RESEARCH_STALE_SECONDS": "10"}


def say(text: str) -> None:
    print(text, flush=True)


def classify(results: list[ChatResult]) -> dict[str, int]:
    out = Counter()
    for r in results:
        if r.completed:
            out["completed"] += 1
        elif r.errors or r.closed:
            out["failed with a clear error"] += 1
        else:
            out["hung"] += 1
    return dict(out)


def describe(result: ChatResult) -> str:
    if result.completed:
        return f"answered in {result.finals[0]:.1f} s" + (" (from the saved answer)" if result.from_saved else "")
    if result.errors:
        return f"error event: {result.errors[0]}"
    if result.closed:
        return f"the websocket failed/closed: {result.closed}"
    return "no answer and no error (hung)"


def answer_statuses(session_ids: list[int]) -> dict[str, int]:
    from django.db import connection

    from chat.models import Message

    rows = Counter(Message.objects.filter(session_id__in=session_ids, role=Message.Role.ASSISTANT)
                   .values_list("status", flat=True))
    connection.close()
    return dict(rows)


def api_get(host: str, token: str, path: str) -> tuple[int, str]:
    """(status, "json" | "html" | another content type | the connection error)."""
    import requests

    try:
        response = requests.get(f"http://{host}{path}", headers={"Authorization": f"Token {token}",
                                                                 "Accept": "application/json"}, timeout=45)
    except requests.RequestException as exc:
        return 0, type(exc).__name__
    kind = response.headers.get("Content-Type", "")
    if "json" in kind:
        try:
            response.json()
            return response.status_code, "json"
        except ValueError:
            return response.status_code, "bad json"
    return response.status_code, "html" if "html" in kind else kind or "other"


async def recover(stack: Stack, users: list[tuple[Any, str]], since: float, limit: float = 120.0) -> float | None:
    """Seconds from ``since`` until a new chat on a new session completes (None: not within ``limit``)."""
    while time.perf_counter() - since < limit:
        try:
            sessions = await asyncio.to_thread(sessions_for, users, 1)
        except Exception:  # the database may still be down
            await asyncio.sleep(0.5)
            continue
        result = await chat(stack.host, sessions[0][1], sessions[0][0], [QUESTION], 15.0)
        if result.completed:
            return time.perf_counter() - since
        await asyncio.sleep(0.5)
    return None


# --- a and b ----------------------------------------------------------------------------------------------
async def outage(stack: Stack, users: list[tuple[Any, str]], args: argparse.Namespace, service: str) -> None:
    sessions = await asyncio.to_thread(sessions_for, users, args.chats)
    spare = await asyncio.to_thread(sessions_for, users, 1)  # a session that asks during the outage
    api: list[tuple[float, int, str]] = []
    stop_reads = asyncio.Event()

    async def reader() -> None:
        token = users[0][1]
        while not stop_reads.is_set():
            status, kind = await asyncio.to_thread(api_get, stack.host, token, "/api/v1/chat/sessions")
            api.append((time.perf_counter(), status, kind))
            await asyncio.sleep(0.1)

    reading = asyncio.create_task(reader()) if service == "postgres" else None
    chats = [asyncio.create_task(chat(stack.host, token, sid, [QUESTION], TURN_DEADLINE)) for sid, token in sessions]
    asked_sid, asked_token = spare[0]  # connected now, asks 0.5 s into the outage
    asking = asyncio.create_task(chat(stack.host, asked_token, asked_sid, [QUESTION], 30.0, ask_after=1.5))
    await asyncio.sleep(1.0)
    target = stack.redis if service == "redis" else stack.postgres
    down_at = time.perf_counter()
    if service == "redis":
        import os
        import signal

        pid = target.status().pid
        os.kill(pid, signal.SIGKILL)
        say(f"  redis-server (pid {pid}) killed with SIGKILL")
    else:
        await asyncio.to_thread(target.stop)
        say(f"  PostgreSQL stopped (pg_ctl stop -m fast) in {time.perf_counter() - down_at:.1f} s")
    await asyncio.sleep(args.down)
    await asyncio.to_thread(target.start)
    up_at = time.perf_counter()
    say(f"  {service} started again after {up_at - down_at:.1f} s down")
    recovering = asyncio.create_task(recover(stack, users, up_at))
    results = await asyncio.gather(*chats)
    recovery = await recovering
    stop_reads.set()
    if reading is not None:
        await reading
    outcome = classify(results)
    say(f"  chats in flight ({len(results)}): " + ", ".join(f"{k} {v}" for k, v in outcome.items())
        + f"; answers closed from the saved message (live events lost) {sum(r.from_saved for r in results)}; "
        f"time to final {p50_95([t * 1000 for r in results for t in r.finals])}")
    errors = Counter(e.split(":")[0] for r in results for e in r.errors)
    closed = Counter(r.closed.split(":")[0] for r in results if r.closed)
    if errors or closed:
        say(f"    error events by code: {dict(errors)}; websockets closed/failed: {dict(closed)}")
    statuses = await asyncio.to_thread(answer_statuses, [sid for sid, _ in sessions])
    say(f"    database, the batch's answers by status: {statuses}")
    say("  recovery (no manual step): " + (f"a new chat completed {recovery:.1f} s after {service} came back"
                                           if recovery is not None else "NO new chat completed within 120 s"))
    if api:
        during = Counter((status, kind) for ts, status, kind in api if down_at <= ts)
        say(f"  API reads ({len(api)} in all): responses from the outage on: "
            + ", ".join(f"{status} {kind}: {n}" for (status, kind), n in sorted(during.items())))
        back = next((ts for ts, status, _ in api if ts >= up_at and status == 200), None)
        say("    API answered 200 again " + (f"{back - up_at:.1f} s after the restart" if back else "— never"))
    during = await asking
    say(f"  a question asked on an open websocket while {service} was down: " + describe(during))
    later = await chat(stack.host, asked_token, asked_sid, [QUESTION], 30.0)
    say("    the same session asking again after recovery: " + describe(later))
    again = await asyncio.to_thread(sessions_for, users, args.chats)
    second = await asyncio.gather(*(chat(stack.host, token, sid, [QUESTION], TURN_DEADLINE) for sid, token in again))
    say(f"  a new batch of {len(second)} chats after recovery: "
        + ", ".join(f"{k} {v}" for k, v in classify(second).items())
        + f"; time to final {p50_95([t * 1000 for r in second for t in r.finals])}")


# --- c --------------------------------------------------------------------------------------------------
def wait_for(predicate: Any, timeout: float, interval: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return False


def worker_holding(stack: Stack) -> int:
    """Index of the worker that logged nothing... the bench cannot ask a worker which task it runs, so
    it kills the worker whose process tree used the most CPU in the last half second."""
    import psutil

    def cpu(n: int) -> float:
        try:
            return sum(psutil.Process(stack.worker_procs[n].pid).cpu_times()[:2])
        except psutil.Error:
            return -1.0

    alive = [n for n, p in enumerate(stack.worker_procs) if p.alive()]
    before = {n: cpu(n) for n in alive}
    time.sleep(0.5)
    return max(alive, key=lambda n: cpu(n) - before[n])


def swept_event(event_type: str, object_id: int) -> Any:
    """The audit event ``event_type`` the sweep (actor ``system``) recorded for the object, if any."""
    from tracing.models import AuditEvent

    return AuditEvent.objects.filter(event_type=event_type, object_id=str(object_id), actor__isnull=True,
                                     actor_username="system").first()


def swept(event_type: str, object_id: int) -> bool:
    return swept_event(event_type, object_id) is not None


def killed_review(stack: Stack, user: Any, sections: int) -> None:
    from django.conf import settings
    from django.db import connection
    from django.db.models import Count

    from bench.contracts_review import contract_text
    from contracts.constants import REVIEW_TASK
    from contracts.models import Contract, ReviewIssue, ReviewRun
    from contracts.services import review
    from contracts.services.contracts import contract_upload
    from legalsite.celery import app as celery_app

    contract = contract_upload(actor=user, file_name="faults.txt", data=contract_text(sections).encode(),
                               title="故障基准合同")
    wait_for(lambda: Contract.objects.get(pk=contract.pk).sections.exists(), 120, 0.2)
    run = review.review_start(actor=user, contract=contract, mode="auto")
    started = time.perf_counter()
    if not wait_for(lambda: ReviewRun.objects.get(pk=run.pk).progress >= max(1, run.total // 3), 300):
        say(f"  the review did not reach a third of {run.total} sections: {ReviewRun.objects.get(pk=run.pk).status}")
        return
    victim = worker_holding(stack)
    stack.worker_procs[victim].kill()
    killed = ReviewRun.objects.get(pk=run.pk)
    issues_at_kill = ReviewIssue.objects.filter(contract=contract).count()
    say(f"  auto-review of {killed.total} sections: worker{victim} SIGKILLed after {time.perf_counter() - started:.1f}"
        f" s at {killed.progress}/{killed.total} (status {killed.status}), {issues_at_kill} issues so far")
    killed_at = time.perf_counter()
    resumed = wait_for(lambda: swept("review.resumed", run.pk), 120, 0.1)
    to_resume = time.perf_counter() - killed_at
    again = ReviewRun.objects.get(pk=run.pk)
    event = swept_event("review.resumed", run.pk)
    say((f"  resumed by the sweep {to_resume:.1f} s after the kill" if resumed else "  NOT resumed within 120 s")
        + f" (stale limit {settings.REVIEW_STALE_SECONDS} s, sweep every {settings.SWEEP_INTERVAL_SECONDS} s): "
        f"run {again.pk} ({'the same run' if again.pk == run.pk else 'a NEW run'}), from "
        f"{json.loads(event.new or '{}').get('progress') if event else '?'}/{again.total}")
    done = wait_for(lambda: ReviewRun.objects.get(pk=again.pk).status in ("done", "failed", "cancelled"), 300, 0.1)
    finished = ReviewRun.objects.get(pk=again.pk)
    took = time.perf_counter() - killed_at
    celery_app.send_task(REVIEW_TASK, args=[run.pk])  # the killed task's message, delivered again
    time.sleep(3)
    issues = ReviewIssue.objects.filter(contract=contract)
    dupes = (issues.values("section_id", "category", "quote", "description").annotate(n=Count("id"))
             .filter(n__gt=1).count())
    runs = ReviewRun.objects.filter(contract=contract, mode="auto").count()
    reference = contract_upload(actor=user, file_name="faults-reference.txt",
                                data=contract_text(sections).encode(), title="故障基准合同（对照）")
    wait_for(lambda: Contract.objects.get(pk=reference.pk).sections.exists(), 120, 0.2)
    ref_run = review.review_start(actor=user, contract=reference, mode="auto")
    wait_for(lambda: ReviewRun.objects.get(pk=ref_run.pk).status in ("done", "failed", "cancelled"), 300, 0.1)
    expected = ReviewIssue.objects.filter(contract=reference).count()
    say(f"  resumed run: {finished.status} at {finished.progress}/{finished.total} {took:.1f} s after the kill"
        + ("" if done else " (still not finished)"))
    say(f"  issues: {issues_at_kill} at the kill, {issues.count()} at the end (the same contract reviewed without "
        f"a kill: {expected}); duplicated issues {dupes}; "
        f"auto-review runs of the contract {runs}; status after the old message came back "
        f"{ReviewRun.objects.get(pk=run.pk).status}, issues {ReviewIssue.objects.filter(contract=contract).count()}")
    connection.close()


def killed_research(stack: Stack, user: Any) -> None:
    from django.conf import settings
    from django.db import connection
    from django.db.models import Count

    from legalsite.celery import app as celery_app
    from research.constants import TASK_NAME
    from research.models import ResearchStep, ResearchTask
    from research.services import task_create

    task = task_create(actor=user, question="用人单位违法解除劳动合同，劳动者可以主张哪些赔偿？赔偿金如何计算？")
    started = time.perf_counter()

    def midway() -> bool:
        current = ResearchTask.objects.get(pk=task.pk)
        done = current.steps.filter(status=ResearchStep.Status.DONE).count()
        return current.status == ResearchTask.Status.SYNTHESIZING or (current.status in ResearchTask.ACTIVE and done)

    if not wait_for(midway, 120):
        say(f"  the research task did not get half-way: {ResearchTask.objects.get(pk=task.pk).status}")
        return
    # a streaming synthesis uses little CPU, so the worker holding the task cannot be told apart:
    # every worker is SIGKILLed and a new one started (a restarted worker)
    for proc in stack.worker_procs:
        proc.kill()
    killed_at = time.perf_counter()
    killed = ResearchTask.objects.get(pk=task.pk)
    steps_at_kill = Counter(killed.steps.values_list("status", flat=True))
    say(f"  research task: all {len(stack.worker_procs)} workers SIGKILLed after {killed_at - started:.1f} s in "
        f"status {killed.status}, steps {dict(steps_at_kill)}; a new worker started")
    stack.start_worker()
    resumed = wait_for(lambda: swept("research_task.resumed", task.pk), 120, 0.1)
    to_resume = time.perf_counter() - killed_at
    say((f"  resumed by the sweep {to_resume:.1f} s after the kill" if resumed else "  NOT resumed within 120 s")
        + f" (stale limit {settings.RESEARCH_STALE_SECONDS} s, sweep every {settings.SWEEP_INTERVAL_SECONDS} s)")
    done = wait_for(lambda: ResearchTask.objects.get(pk=task.pk).status in ResearchTask.SETTLED, 300, 0.1)
    finished = ResearchTask.objects.get(pk=task.pk)
    took = time.perf_counter() - killed_at
    answer_before = finished.answer
    celery_app.send_task(TASK_NAME, args=[task.pk])  # the killed task's message, delivered again
    time.sleep(3)
    after = ResearchTask.objects.get(pk=task.pk)
    steps = ResearchStep.objects.filter(task=task)
    dupes = steps.values("order").annotate(n=Count("id")).filter(n__gt=1).count()
    say(f"  research task: {finished.status} {took:.1f} s after the kill"
        + ("" if done else " (not settled)") + f"; steps {dict(Counter(steps.values_list('status', flat=True)))}, "
        f"plan steps {len((finished.plan or {}).get('steps', []))}, duplicated steps {dupes}")
    say(f"  final report: {'one answer' if finished.answer else 'NO answer'} ({len(finished.answer)} chars); "
        f"after the old message came back: status {after.status}, answer unchanged {after.answer == answer_before}")
    connection.close()


def worker_scenario(stack: Stack, users: list[tuple[Any, str]], args: argparse.Namespace) -> None:
    user = users[0][0]
    # (1) the offline review: the workers run without an LLM
    for proc in stack.worker_procs:
        proc.stop()
    stack.worker_procs = []
    stack.llm = False
    stack.start_worker()
    stack.start_worker()
    stack.wait_ready()
    if stack.beat is None:
        stack.start_beat()
    killed_review(stack, user, args.sections)
    # (2) the research task: the workers talk to the fake LLM again
    for proc in stack.worker_procs:
        proc.stop()
    stack.worker_procs = []
    stack.llm = True
    stack.start_worker()
    stack.start_worker()
    stack.wait_ready()
    killed_research(stack, user)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenarios", default="redis,postgres,worker")
    parser.add_argument("--chats", type=int, default=20, help="chats in flight during an outage (default 20)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--concurrency", type=int, default=25)
    parser.add_argument("--token-delay", type=float, default=0.05)
    parser.add_argument("--down", type=float, default=2.0, help="seconds a service stays down (default 2)")
    parser.add_argument("--sections", type=int, default=300, help="clauses of the reviewed contract (default 300)")
    args = parser.parse_args()
    scenarios = [s.strip() for s in args.scenarios.split(",") if s.strip()]
    for name, value in SWEEP_ENV.items():
        os.environ.setdefault(name, value)

    with Stack("faults", llm=True, token_delay=args.token_delay, workers=args.workers,
               concurrency=args.concurrency) as stack:
        stack.setup()
        users = users_with_tokens(5, prefix="faults")
        stack.start_processes()
        say(f"stack: daphne on {stack.host}, {args.workers} workers, fake LLM (token delay {args.token_delay} s)")
        try:
            warm = sessions_for(users, 2)

            async def warm_up() -> None:
                await asyncio.gather(*(chat(stack.host, t, s, [QUESTION], 60) for s, t in warm))

            asyncio.run(warm_up())
            for name in scenarios:
                started = time.perf_counter()
                if name in ("redis", "postgres"):
                    say(f"\n({'a' if name == 'redis' else 'b'}) {name} restarted under load, "
                        f"{args.chats} chats in flight")
                    asyncio.run(outage(stack, users, args, name))
                elif name == "worker":
                    say("\n(c) a worker killed mid-task")
                    worker_scenario(stack, users, args)
                say(f"  [{name}: {time.perf_counter() - started:.0f} s]")
        except BaseException:
            say("last log lines:\n" + stack.tails())
            raise


if __name__ == "__main__":
    main()
