"""Chat-turn benchmark: server-side overhead of one turn with a zero-latency fake LLM, and 50
concurrent websocket chats against a fake LLM that takes 1 s per call.

    .venv/bin/python bench/chat.py [--turns N] [--chats N] [--delay S] [--workers N]
                                [--worker-concurrency N] [--pool threads|prefork] [--skip-concurrent]

Prints numbers; asserts nothing. Starts a throw-away embedded PostgreSQL and Redis in a temporary
data dir, migrates, imports 劳动合同法, 民法典 and 刑法 with their (offline USE) embeddings, creates a
staff user and a DRF token, and removes everything at the end.

(1) In-process: ``chat.services.turn_run`` on ``--turns`` fresh turns of a question the intent
    rules decide (违法解除劳动合同的赔偿金标准是什么规定). The fake LLM answers with zero latency: a tool
    call to search_legal_knowledge, a text answer citing 《中华人民共和国劳动合同法》第八十七条, the critic's
    {"acceptable": true}. Reported: total turn time, time from the call to the first event appended
    to the turn's Redis log, and the time the fake LLM spent serving (measured inside its handler),
    so overhead = total − model time. The fake LLM runs in a process of its own (as a model server
    runs elsewhere), so its HTTP handling is not counted as the turn's. The same for the offline
    engine (no LLM configured).
(2) Real Celery workers (``--workers`` processes, default 2 = one per core, each ``-P threads
    --concurrency N``, N = 25: a thread per chat, which waits while the turn runs on the worker's
    agent loop; ``--pool prefork`` for processes) and a real daphne as child processes. The fake
    LLM sleeps ``--delay`` s before each answer. Replies are chosen per request, not from a FIFO
    queue (concurrent chats interleave): a request with ``response_format`` gets the critic's
    JSON, one that already carries a tool result gets the text answer, any other gets the tool
    call. Warm-up chats (two per worker, at once), one chat alone three times (the median is the
    baseline),
    then ``--chats`` websocket clients, each on its own session, ask at once. Per chat: wall time
    from sending "ask" to {"type":"status","phase":"done"}, seq numbers 1..n without gaps or
    duplicates, a final event, and the count equal to the turn's Redis log. Wall times, the single
    chat's and the 50 chats', run from opening the websocket(s) to the last "done".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.stats import percentile  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")

QUESTION = "违法解除劳动合同的赔偿金标准是什么规定"
ANSWER = ("依据《中华人民共和国劳动合同法》第八十七条，用人单位违法解除劳动合同的，"
          "应当依照经济补偿标准的二倍向劳动者支付赔偿金。")
LAWS = ["劳动合同法", "民法典", "刑法"]
API_KEY = "sk-bench-0123456789"


def p50_95(values: list[float]) -> str:
    return f"p50 {percentile(values, 50):8.1f} ms   p95 {percentile(values, 95):8.1f} ms"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_services() -> Path:
    """Embedded PostgreSQL/Redis in a temp dir (before django.setup())."""
    data_dir = Path(tempfile.mkdtemp(prefix="legalsite-bench-chat-"))
    os.environ["LEGALSITE_DATA_DIR"] = str(data_dir)
    for name in ("DATABASE_URL", "REDIS_URL", "LLM_BASE_URL", "LLM_API_KEY"):
        os.environ.pop(name, None)
    from legalsite import embedded

    os.environ["DATABASE_URL"] = embedded.EmbeddedPostgres(data_dir).start().url
    os.environ["REDIS_URL"] = embedded.EmbeddedRedis(data_dir).start().url
    return data_dir


# --- a fake LLM that picks the reply from the request ----------------------------------------------
def routed_fake(delay: float):
    """A FakeLLM whose replies depend on the request (safe under concurrency); it records how long
    each chat request spent in the handler (the model time), served at GET /bench/served."""
    from tests.fakellm import Call, FakeLLM, Reply, _Handler

    class RoutedFakeLLM(FakeLLM):
        def __init__(self) -> None:
            super().__init__()
            self.local = threading.local()
            self.served_ms: list[float] = []

        def choose(self, payload: Any) -> Reply:
            payload = payload if isinstance(payload, dict) else {}
            if payload.get("response_format"):
                return Reply.json({"acceptable": True, "feedback": "ok"}, delay=delay)
            if any(m.get("role") == "tool" for m in payload.get("messages", []) if isinstance(m, dict)):
                return Reply.text(ANSWER, delay=delay)
            return Reply.calls(Call("search_legal_knowledge", {"query": "违法解除劳动合同 赔偿金"}), delay=delay)

        def _next_reply(self) -> Reply | None:
            return getattr(self.local, "reply", None)

        def start(self) -> RoutedFakeLLM:
            from http.server import ThreadingHTTPServer

            owner = self

            class Handler(_Handler):
                def _get(self) -> None:
                    if self.path == "/bench/served":
                        with owner._lock:
                            self._send_json(200, list(owner.served_ms))
                    else:
                        super()._get()

                def _chat(self, request: Any) -> None:
                    owner.local.reply = owner.choose(request.json)
                    started = time.perf_counter()
                    try:
                        super()._chat(request)
                    finally:
                        with owner._lock:
                            owner.served_ms.append((time.perf_counter() - started) * 1000)

            Handler.owner = self
            server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
            server.daemon_threads = True
            server.request_queue_size = 256
            thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
            thread.start()
            self._server, self._thread = server, thread
            return self

    return RoutedFakeLLM()


def serve_fake_llm(delay: float) -> None:
    """The child process: serve the routed fake LLM until stdin closes."""
    fake = routed_fake(delay).start()
    print(fake.base_url, flush=True)
    sys.stdin.read()
    fake.stop()


class FakeLLMProcess:
    """The routed fake LLM in a process of its own, like a model server on another machine: its
    HTTP handling does not share this process's interpreter lock with the turn being measured."""

    def __init__(self, delay: float) -> None:
        self.proc = subprocess.Popen([sys.executable, __file__, "--serve-fake-llm", str(delay)], cwd=ROOT,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.base_url = self.proc.stdout.readline().strip()
        if not self.base_url:
            raise RuntimeError("the fake LLM process did not start")

    def served_ms(self) -> list[float]:
        """Milliseconds each chat request spent in the handler so far, in order."""
        import http.client

        connection = http.client.HTTPConnection(self.base_url.split("//", 1)[1].split("/", 1)[0], timeout=10)
        try:
            connection.request("GET", "/bench/served")
            return json.loads(connection.getresponse().read())
        finally:
            connection.close()

    def stop(self) -> None:
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


# --- setup ---------------------------------------------------------------------------------------------
def setup_data() -> tuple[Any, str]:
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from firm.services import user_create
    from knowledge import embeddings, selectors, services

    call_command("migrate", verbosity=0, interactive=False)
    started = time.perf_counter()
    services.statute_import(laws=LAWS, embedder=embeddings.UseEmbedder())
    selectors.invalidate_caches()
    print(f"setup: imported {', '.join(LAWS)} with embeddings in {time.perf_counter() - started:.1f} s")
    user, _ = user_create(username="bench-staff", role="staff", display_name="bench")
    token, _ = Token.objects.get_or_create(user=user)
    return user, token.key


# --- part 1 ---------------------------------------------------------------------------------------------
FIRST_APPEND: dict[str, float] = {}


def patch_event_log() -> None:
    from core.realtime import EventLog

    original, original_async = EventLog.append, EventLog.aextend

    def append(self: EventLog, event: dict[str, Any]) -> dict[str, Any]:
        stamped = original(self, event)
        FIRST_APPEND.setdefault(self.key, time.perf_counter())
        return stamped

    async def aextend(self: EventLog, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        stamped = await original_async(self, events)
        FIRST_APPEND.setdefault(self.key, time.perf_counter())
        return stamped

    EventLog.append = append  # type: ignore[method-assign]
    EventLog.aextend = aextend  # type: ignore[method-assign]


def run_turns(user: Any, n: int, fake: Any | None) -> dict[str, list[float]]:
    from django.test import override_settings

    from agents.llm import reset_gateway
    from chat import services
    from chat.models import Message
    from chat.services import turn_run

    overrides = ({"LLM_BASE_URL": fake.base_url, "LLM_API_KEY": API_KEY, "LLM_TIMEOUT": 10} if fake
                 else {"LLM_BASE_URL": "", "LLM_API_KEY": ""})
    out: dict[str, list[float]] = {"total": [], "first": [], "model": [], "overhead": [], "calls": []}
    statuses: list[str] = []
    with override_settings(**overrides):
        reset_gateway()
        try:
            for i in range(n + 1):  # the first turn warms caches and is not counted
                session = services.session_create(actor=user)
                _, answer = services.turn_create(actor=user, session=session, content=QUESTION)
                key = services.turn_log(answer.turn_id).key
                served_before = len(fake.served_ms()) if fake else 0
                started = time.perf_counter()
                message = turn_run(answer_id=answer.pk)
                total = (time.perf_counter() - started) * 1000
                served = fake.served_ms()[served_before:] if fake else []
                model = sum(served)
                if i == 0:
                    continue
                statuses.append(message.status if message else "missing")
                out["total"].append(total)
                out["first"].append((FIRST_APPEND.get(key, float("nan")) - started) * 1000)
                out["model"].append(model)
                out["overhead"].append(total - model)
                out["calls"].append(len(served))
        finally:
            reset_gateway()
    reset_gateway()
    out["complete"] = [float(sum(s == Message.Status.COMPLETE for s in statuses))]
    return out


def report_part1(label: str, r: dict[str, list[float]], n: int) -> None:
    print(f"  {label}: {int(r['complete'][0])}/{n} complete; LLM calls per turn "
          f"{sorted(set(int(c) for c in r['calls']))}")
    print(f"    total turn time          {p50_95(r['total'])}")
    print(f"    time to first event      {p50_95(r['first'])}")
    print(f"    inside the fake LLM      {p50_95(r['model'])}")
    print(f"    overhead (total - model) {p50_95(r['overhead'])}")


# --- part 2 ---------------------------------------------------------------------------------------------
def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"daphne exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("daphne did not listen in time")


def cpu_seconds(workers: list[subprocess.Popen], web: subprocess.Popen, fake: FakeLLMProcess) -> dict[str, float]:
    """CPU time (user + system) so far of the workers (with their children), daphne, PostgreSQL
    (all its backends), Redis, the fake LLM's process and this one (the websocket clients)."""
    import psutil

    def tree(pid: int) -> float:
        try:
            process = psutil.Process(pid)
            total = sum(process.cpu_times()[:2])
            return total + sum(sum(c.cpu_times()[:2]) for c in process.children(recursive=True))
        except psutil.NoSuchProcess:
            return 0.0

    def named(name: str) -> float:
        total = 0.0
        for process in psutil.process_iter(["name", "cpu_times"]):
            if name in (process.info["name"] or "") and process.info["cpu_times"] is not None:
                total += sum(process.info["cpu_times"][:2])
        return total

    return {"workers": sum(tree(w.pid) for w in workers), "daphne": tree(web.pid),
            "postgres": named("postgres"), "redis": named("redis-server"),
            "fake LLM": tree(fake.proc.pid), "bench (clients)": sum(psutil.Process().cpu_times()[:2])}


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


async def one_chat(url: str, token: str, session_id: int, timeout: float) -> dict[str, Any]:
    import websockets

    events: list[dict[str, Any]] = []
    connecting = time.perf_counter()
    async with websockets.connect(f"ws://{url}/ws/chat/{session_id}/",
                                  additional_headers={"Authorization": f"Token {token}"},
                                  max_size=None, open_timeout=60) as ws:
        started = time.perf_counter()
        await ws.send(json.dumps({"type": "ask", "content": QUESTION}))
        first = accepted = None
        done = False
        error = ""
        deadline = started + timeout
        while time.perf_counter() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.perf_counter()))
            except TimeoutError:
                break
            event = json.loads(raw)
            if event.get("type") == "error" and "turn_id" not in event:
                error = event.get("message", "")
                break
            if event.get("type") == "accepted" and accepted is None:
                accepted = time.perf_counter()
            if "seq" not in event:
                continue
            if first is None:
                first = time.perf_counter()
            events.append(event)
            if event.get("type") == "status" and event.get("phase") == "done":
                done = True
                break
        ended = time.perf_counter()
    return {"wall": ended - started, "first": (first - started) if first else float("nan"),
            "connect": started - connecting, "accepted": (accepted - started) if accepted else float("nan"),
            "events": events, "done": done, "error": error}


def check(result: dict[str, Any]) -> dict[str, Any]:
    from chat.services import turn_log

    events = result["events"]
    seqs = [e["seq"] for e in events]
    turn_ids = {e.get("turn_id") for e in events}
    logged = len(turn_log(next(iter(turn_ids))).read()) if len(turn_ids) == 1 else -1
    return {
        "in_order": seqs == list(range(1, len(seqs) + 1)),
        "duplicates": len(seqs) - len(set(seqs)),
        "gaps": (max(seqs) - len(set(seqs))) if seqs else 0,
        "final": any(e["type"] == "final" for e in events),
        "done": result["done"],
        "count": len(events),
        "logged": logged,
    }


async def many_chats(url: str, token: str, session_ids: list[int], timeout: float) -> tuple[list[Any], float]:
    started = time.perf_counter()
    results = await asyncio.gather(*(one_chat(url, token, sid, timeout) for sid in session_ids),
                                   return_exceptions=True)
    return list(results), time.perf_counter() - started


def part2(user: Any, token: str, data_dir: Path, args: argparse.Namespace) -> None:
    from django.db import connection

    from chat import services

    fake = FakeLLMProcess(args.delay)
    env = dict(os.environ, LLM_BASE_URL=fake.base_url, LLM_API_KEY=API_KEY, LLM_TIMEOUT="30",
               DJANGO_SETTINGS_MODULE="legalsite.settings", PYTHONUNBUFFERED="1")
    port = free_port()
    trouble: list[str] = []
    worker_log = open(data_dir / "celery-worker.log", "w")
    web_log = open(data_dir / "daphne.log", "w")
    workers = [subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "legalsite", "worker", "-P", args.pool, "--concurrency",
         str(args.worker_concurrency), "--loglevel", "WARNING", "--hostname", f"bench-{os.getpid()}-{n}@%h",
         "--without-mingle", "--without-gossip"],
        cwd=ROOT, env=env, stdout=worker_log, stderr=subprocess.STDOUT) for n in range(args.workers)]
    web = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                            "legalsite.asgi:application"], cwd=ROOT, env=env, stdout=web_log,
                           stderr=subprocess.STDOUT)
    try:
        from legalsite.tasks import ping

        ping.apply_async().get(timeout=120)
        wait_for_port(port, web)
        url = f"127.0.0.1:{port}"
        print(f"(2) {args.workers} × celery worker -P {args.pool} --concurrency {args.worker_concurrency}, daphne, "
              f"fake LLM {args.delay:.1f} s per call; {os.cpu_count()} CPUs")
        timeout = 120.0

        def fresh(n: int) -> list[int]:
            ids = [services.session_create(actor=user).pk for _ in range(n)]
            connection.close()
            return ids

        # warm every worker process (its first turn loads models and opens its connections)
        warm, _ = asyncio.run(many_chats(url, token, fresh(2 * args.workers), timeout))
        served = len(fake.served_ms())
        alone_before = cpu_seconds(workers, web, fake)
        singles = [asyncio.run(many_chats(url, token, fresh(1), timeout)) for _ in range(3)]
        alone_used = {name: (cpu_seconds(workers, web, fake)[name] - seconds) / 3
                      for name, seconds in alone_before.items()}
        alone_calls = (len(fake.served_ms()) - served) // 3
        # the baseline is the median of three single chats (one run alone is noisy)
        alone, alone_total = sorted(singles, key=lambda single: single[1])[1]
        base, w = alone[0], warm[0]
        print(f"  warm-up: {len(warm)} chats at once, first {w['wall']:.2f} s, done {w['done']}" if isinstance(w, dict)
              else f"  warm-up chat failed: {w!r}")
        if isinstance(base, BaseException):
            print(f"  one chat alone failed: {base!r}")
            trouble.append("baseline")
            return
        c = check(base)
        runs = ", ".join(f"{t:.2f}" for _, t in singles)
        print(f"  one chat alone (median of {runs} s): wall {alone_total:.2f} s "
              f"(connect {base['connect'] * 1000:.0f} ms, ask to done {base['wall']:.2f} s), "
              f"first event {base['first'] * 1000:.0f} ms, "
              f"{alone_calls} LLM calls ({alone_calls * args.delay:.1f} s of model time), {c['count']} events, "
              f"final {c['final']}, done {c['done']}")
        print("    CPU seconds for one: " + ", ".join(f"{k} {v:.3f}" for k, v in alone_used.items()))

        ids = fresh(args.chats)
        served = len(fake.served_ms())
        before = cpu_seconds(workers, web, fake)
        results, total = asyncio.run(many_chats(url, token, ids, timeout))
        used = {name: cpu_seconds(workers, web, fake)[name] - seconds for name, seconds in before.items()}
        calls = len(fake.served_ms()) - served
        ok = [r for r in results if isinstance(r, dict)]
        failed = [r for r in results if not isinstance(r, dict)]
        if failed or not all(r["done"] for r in ok):
            trouble.append("concurrent")
        checks = [check(r) for r in ok]
        walls = [r["wall"] * 1000 for r in ok]
        firsts = [r["first"] * 1000 for r in ok]
        connects = [r["connect"] * 1000 for r in ok]
        print(f"  {args.chats} chats at once: total wall {total:.2f} s = {total / alone_total:.2f} × one chat "
              f"(target ≤ 1.5); {calls} LLM calls")
        print(f"    completed (done event): {sum(x['done'] for x in checks)}/{args.chats}; with final: "
              f"{sum(x['final'] for x in checks)}; client errors/exceptions: "
              f"{len(failed) + sum(bool(r['error']) for r in ok)}" + (f" e.g. {failed[0]!r}" if failed else ""))
        print(f"    per-chat wall           {p50_95(walls)}   max {max(walls, default=float('nan')):.0f} ms")
        print(f"    per-chat connect        {p50_95(connects)}")
        print(f"    per-chat accepted       {p50_95([r['accepted'] * 1000 for r in ok])}   (the question stored "
              "and the turn queued)")
        print(f"    per-chat first event    {p50_95(firsts)}")
        print(f"    seq 1..n in order: {sum(x['in_order'] for x in checks)}/{len(checks)}; duplicates "
              f"{sum(x['duplicates'] for x in checks)}; gaps {sum(x['gaps'] for x in checks)}; "
              f"events received == Redis log: {sum(x['count'] == x['logged'] for x in checks)}/{len(checks)}")
        print("    CPU seconds during the 50 chats: " + ", ".join(f"{k} {v:.2f}" for k, v in used.items())
              + f" (of {total * (os.cpu_count() or 1):.1f} available)")
        starts = sorted(fake.served_ms()[served:])
        if starts:
            print(f"    fake LLM time per call: p50 {percentile(starts, 50):.0f} ms, max {starts[-1]:.0f} ms")
    finally:
        stop(web)
        for worker in workers:
            stop(worker)
        worker_log.close()
        web_log.close()
        fake.stop()
        if trouble:
            for name in ("daphne.log", "celery-worker.log"):
                lines = (data_dir / name).read_text(errors="replace").splitlines()
                print(f"  last lines of {name}:", *(f"    {line[:200]}" for line in lines[-12:]), sep="\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=30, help="timed in-process turns per engine (default 30)")
    parser.add_argument("--chats", type=int, default=50, help="concurrent websocket chats (default 50)")
    parser.add_argument("--delay", type=float, default=1.0, help="fake LLM seconds per call in part 2")
    parser.add_argument("--workers", type=int, default=2, help="Celery worker processes (default 2: one per core)")
    parser.add_argument("--worker-concurrency", type=int, default=25,
                        help="threads (or processes) per worker (default 25)")
    parser.add_argument("--pool", default="threads", choices=["threads", "prefork"], help="Celery pool")
    parser.add_argument("--skip-concurrent", action="store_true", help="part 1 only")
    parser.add_argument("--serve-fake-llm", type=float, metavar="DELAY", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_fake_llm is not None:
        serve_fake_llm(args.serve_fake_llm)
        return

    data_dir = start_services()
    try:
        import django

        django.setup()
        from django.db import connection

        logging.disable(logging.INFO)  # the per-request INFO lines (httpx, audit) would drown the numbers
        user, token = setup_data()
        patch_event_log()
        print(f"(1) in-process turn_run, {args.turns} turns each (+1 warm-up), question: {QUESTION}")
        fake = FakeLLMProcess(0.0)
        try:
            report_part1("fake LLM, zero latency", run_turns(user, args.turns, fake), args.turns)
        finally:
            fake.stop()
        report_part1("offline engine (no LLM)", run_turns(user, args.turns, None), args.turns)
        if not args.skip_concurrent:
            part2(user, token, data_dir, args)
        connection.close()
    finally:
        from legalsite import embedded

        embedded.remove_data(data_dir)


if __name__ == "__main__":
    main()
