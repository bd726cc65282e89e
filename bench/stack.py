"""The running product for the load and fault benches: embedded PostgreSQL and Redis, a streaming
fake LLM, M Celery workers and daphne as real processes, and the websocket client of one chat.

    from bench.stack import Stack
    with Stack("load", llm=True, token_delay=0.05, workers=2) as stack:
        stack.setup()                 # migrate, import 劳动合同法 with embeddings
        stack.start_processes()       # fake LLM, workers, daphne; waits until all answer
        ...

Data live in ``LEGALSITE_DATA_DIR`` when it is set (the services are stopped at the end and the
directory kept), else in a temporary directory removed at the end. Children get
``PR_SET_PDEATHSIG`` and their own session, so Ctrl-C (or SIGTERM, or even SIGKILL of the bench)
takes them down; the embedded PostgreSQL and Redis are stopped in ``close()``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.stats import percentile  # noqa: E402
from legalsite.supervisor import _die_with_parent  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

QUESTION = "违法解除劳动合同的赔偿金标准是什么规定"
SECOND_QUESTION = "那经济补偿金又是怎么计算的"
ANSWER = ("依据《中华人民共和国劳动合同法》第八十七条，用人单位违法解除或者终止劳动合同的，"
          "应当依照本法第四十七条规定的经济补偿标准的二倍向劳动者支付赔偿金。")
LAWS = ["劳动合同法"]
API_KEY = "sk-bench-0123456789"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def p50_95(values: list[float], unit: str = "ms") -> str:
    values = [v for v in values if v == v]
    if not values:
        return "n/a"
    return (f"p50 {percentile(values, 50):8.1f} {unit}   p95 {percentile(values, 95):8.1f} {unit}   "
            f"max {max(values):8.1f} {unit}   (n={len(values)})")


def sigterm_as_interrupt() -> None:
    """SIGTERM, SIGHUP and SIGINT stop the bench like Ctrl-C: the ``finally`` blocks clean up."""
    def _raise(signum: int, _frame: object) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, _raise)
    signal.signal(signal.SIGHUP, _raise)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even when started with SIGINT ignored


# --- the fake LLM ------------------------------------------------------------------------------------------
def _routed_fake(delay: float, token_delay: float) -> Any:
    """A FakeLLM whose reply depends on the request (safe under concurrency): JSON-mode requests get
    the critic's {"acceptable": true}; a request carrying a tool result gets the streamed answer;
    any other gets a tool call to search_legal_knowledge. ``delay`` before the headers, then
    ``token_delay`` between streamed chunks of two characters."""
    from http.server import ThreadingHTTPServer

    from tests.fakellm import Call, FakeLLM, Reply, _Handler

    class RoutedFakeLLM(FakeLLM):
        def __init__(self) -> None:
            super().__init__()
            self.local = threading.local()

        def choose(self, payload: Any) -> Reply:
            payload = payload if isinstance(payload, dict) else {}
            messages = [m for m in payload.get("messages", []) if isinstance(m, dict)]
            if payload.get("response_format"):
                return Reply.json({"acceptable": True, "feedback": "ok"}, delay=delay)
            if any(m.get("role") == "tool" for m in messages) or not payload.get("tools"):
                return Reply.text(ANSWER, delay=delay, chunk_delay=token_delay)
            return Reply.calls(Call("search_legal_knowledge", {"query": "违法解除劳动合同 赔偿金"}), delay=delay)

        def _next_reply(self) -> Reply | None:
            return getattr(self.local, "reply", None)

        def start(self) -> RoutedFakeLLM:
            owner = self

            class Handler(_Handler):
                def _chat(self, request: Any) -> None:
                    owner.local.reply = owner.choose(request.json)
                    super()._chat(request)

            Handler.owner = self
            server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
            server.daemon_threads = True
            server.request_queue_size = 512
            thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
            thread.start()
            self._server, self._thread = server, thread
            return self

    return RoutedFakeLLM()


def serve_fake_llm(delay: float, token_delay: float) -> None:
    """The fake LLM's own process: serve until stdin closes."""
    fake = _routed_fake(delay, token_delay).start()
    print(fake.base_url, flush=True)
    sys.stdin.read()
    fake.stop()


# --- processes ------------------------------------------------------------------------------------------
@dataclass
class Proc:
    name: str
    argv: list[str]
    env: dict[str, str]
    log: Path
    proc: subprocess.Popen | None = None

    def start(self) -> Proc:
        handle = open(self.log, "a")
        self.proc = subprocess.Popen(self.argv, cwd=ROOT, env=self.env, stdout=handle, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True,
                                     preexec_fn=_die_with_parent)
        handle.close()
        return self

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout: float = 20) -> None:
        if not self.alive():
            return
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)

    def kill(self) -> None:
        if self.alive():
            assert self.proc is not None
            self.proc.kill()
            self.proc.wait(timeout=10)

    def rss(self) -> int:
        """Resident bytes of the process and its children (prefork pool)."""
        import psutil

        try:
            process = psutil.Process(self.pid)
            return process.memory_info().rss + sum(c.memory_info().rss for c in process.children(recursive=True))
        except psutil.Error:
            return 0

    def tail(self, lines: int = 12) -> str:
        try:
            return "\n".join(f"    [{self.name}] {line[:220]}"
                             for line in self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


class FakeLLMProcess:
    """The routed fake LLM in a process of its own, like a model server elsewhere."""

    def __init__(self, delay: float, token_delay: float) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "bench.stack", "--serve-fake-llm", str(delay),
                                      str(token_delay)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, start_new_session=True, preexec_fn=_die_with_parent)
        assert self.proc.stdout is not None
        self.base_url = self.proc.stdout.readline().strip()
        if not self.base_url:
            raise RuntimeError("the fake LLM process did not start")

    def stop(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(OSError):
                assert self.proc.stdin is not None
                self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


@dataclass
class Stack:
    """The product as processes; see the module docstring."""

    name: str
    llm: bool = True
    delay: float = 0.0
    token_delay: float = 0.05
    workers: int = 1
    concurrency: int = 25
    pool: str = "threads"
    extra_env: dict[str, str] = field(default_factory=dict)
    data_dir: Path = field(init=False)
    own_dir: bool = field(init=False, default=False)
    fake: FakeLLMProcess | None = field(init=False, default=None)
    worker_procs: list[Proc] = field(init=False, default_factory=list)
    web: Proc | None = field(init=False, default=None)
    beat: Proc | None = field(init=False, default=None)
    port: int = field(init=False, default=0)

    # -- services ---------------------------------------------------------------------------------------
    def __enter__(self) -> Stack:
        sigterm_as_interrupt()
        given = os.environ.get("LEGALSITE_DATA_DIR")
        if given:
            self.data_dir = Path(given).resolve()
            self.data_dir.mkdir(parents=True, exist_ok=True)
        else:
            self.data_dir = Path(tempfile.mkdtemp(prefix=f"legalsite-bench-{self.name}-"))
            self.own_dir = True
        os.environ["LEGALSITE_DATA_DIR"] = str(self.data_dir)
        for name in ("DATABASE_URL", "REDIS_URL", "LLM_BASE_URL", "LLM_API_KEY"):
            os.environ.pop(name, None)
        from legalsite import embedded

        self.postgres = embedded.EmbeddedPostgres(self.data_dir)
        self.redis = embedded.EmbeddedRedis(self.data_dir)
        os.environ["DATABASE_URL"] = self.postgres.start().url
        os.environ["REDIS_URL"] = self.redis.start().url
        (self.data_dir / "logs").mkdir(exist_ok=True)
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        for proc in [*([self.web] if self.web else []), *([self.beat] if self.beat else []), *self.worker_procs]:
            with contextlib.suppress(Exception):
                proc.stop()
        if self.fake is not None:
            self.fake.stop()
        with contextlib.suppress(Exception):
            from django.db import connections

            connections.close_all()
        from legalsite import embedded

        for service in (self.redis, self.postgres):
            with contextlib.suppress(embedded.EmbeddedError, OSError):
                service.stop()
        if self.own_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)

    def setup(self, *, laws: list[str] | None = None) -> None:
        """django.setup(), migrate, and import ``laws`` (default 劳动合同法) with embeddings."""
        import logging

        import django

        django.setup()
        logging.disable(logging.INFO)
        from django.core.management import call_command

        from knowledge import embeddings, selectors, services

        started = time.perf_counter()
        call_command("migrate", verbosity=0, interactive=False)
        services.statute_import(laws=laws or LAWS, embedder=embeddings.UseEmbedder())
        selectors.invalidate_caches()
        print(f"setup: migrated, imported {', '.join(laws or LAWS)} with embeddings in "
              f"{time.perf_counter() - started:.1f} s; data dir {self.data_dir}", flush=True)

    # -- product processes ------------------------------------------------------------------------------
    def env(self) -> dict[str, str]:
        env = dict(os.environ, DJANGO_SETTINGS_MODULE="legalsite.settings", PYTHONUNBUFFERED="1",
                   OPENBLAS_NUM_THREADS="1", DATABASE_POOL_MAX_SIZE=str(max(20, self.concurrency + 5)))
        if self.llm and self.fake is not None:
            env.update(LLM_BASE_URL=self.fake.base_url, LLM_API_KEY=API_KEY, LLM_TIMEOUT="30")
        env.update(self.extra_env)
        return env

    def worker(self, n: int) -> Proc:
        return Proc(f"worker{n}", [sys.executable, "-m", "celery", "-A", "legalsite", "worker", "-P", self.pool,
                                   "--concurrency", str(self.concurrency), "--loglevel", "WARNING",
                                   "--hostname", f"bench-{os.getpid()}-{n}-{time.monotonic_ns()}@%h",
                                   "--without-mingle", "--without-gossip"],
                    self.env(), self.data_dir / "logs" / f"worker{n}.log")

    def start_processes(self) -> None:
        if self.llm:
            self.fake = FakeLLMProcess(self.delay, self.token_delay)
        self.worker_procs = [self.worker(n).start() for n in range(self.workers)]
        self.port = free_port()
        self.web = Proc("daphne", [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
                                   "legalsite.asgi:application"], self.env(),
                        self.data_dir / "logs" / "daphne.log").start()
        self.wait_ready()

    def start_beat(self) -> Proc:
        """Celery beat, as ``manage.py up`` runs it: it sends the sweep every ``SWEEP_INTERVAL_SECONDS``."""
        (self.data_dir / "run").mkdir(exist_ok=True)
        self.beat = Proc("beat", [sys.executable, "-m", "celery", "-A", "legalsite", "beat", "--loglevel", "INFO",
                                  "--schedule", str(self.data_dir / "run" / "celerybeat-schedule")],
                         self.env(), self.data_dir / "logs" / "beat.log").start()
        return self.beat

    def start_worker(self) -> Proc:
        proc = self.worker(len(self.worker_procs)).start()
        self.worker_procs.append(proc)
        return proc

    def wait_ready(self, timeout: float = 180) -> None:
        from legalsite.tasks import ping

        ping.apply_async(expires=timeout).get(timeout=timeout)
        deadline = time.monotonic() + timeout
        assert self.web is not None
        while time.monotonic() < deadline:
            if not self.web.alive():
                raise RuntimeError("daphne exited:\n" + self.web.tail())
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                return
            time.sleep(0.1)
        raise RuntimeError("daphne did not listen in time")

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.port}"

    def tails(self) -> str:
        return "\n".join(p.tail() for p in [*([self.web] if self.web else []), *([self.beat] if self.beat else []),
                                             *self.worker_procs])


# --- data ------------------------------------------------------------------------------------------------
def users_with_tokens(count: int, prefix: str = "bench") -> list[tuple[Any, str]]:
    from rest_framework.authtoken.models import Token

    from firm.services import user_create

    out = []
    for n in range(count):
        user, _ = user_create(username=f"{prefix}-{n}", role="staff", display_name=f"{prefix} {n}")
        token, _ = Token.objects.get_or_create(user=user)
        out.append((user, token.key))
    return out


def sessions_for(users: list[tuple[Any, str]], count: int) -> list[tuple[int, str]]:
    """``count`` new chat sessions spread over the users, round-robin: (session id, owner's token)."""
    from django.db import connection

    from chat import services

    out = [(services.session_create(actor=users[n % len(users)][0]).pk, users[n % len(users)][1])
           for n in range(count)]
    connection.close()
    return out


# --- one websocket chat -------------------------------------------------------------------------------------
@dataclass
class ChatResult:
    session_id: int
    asked: int = 0
    finals: list[float] = field(default_factory=list)       # seconds from ask to each final event
    first_tokens: list[float] = field(default_factory=list)  # seconds from ask to each turn's first token
    final_events: int = 0
    from_saved: int = 0                                       # finals rebuilt from the saved answer
    errors: list[str] = field(default_factory=list)          # error events (code: message)
    closed: str = ""                                          # the connection closed by the server / failed
    hung: bool = False                                        # nothing conclusive within the deadline

    @property
    def completed(self) -> int:
        return len(self.finals)


async def chat(host: str, token: str, session_id: int, questions: list[str], deadline: float,
               on_event: Callable[[dict], None] | None = None, ask_after: float = 0.0) -> ChatResult:
    """Ask ``questions`` in order on one websocket, each after the previous turn ended; the turn ends
    at its ``final`` event, an ``error`` event, or ``status`` done. ``deadline`` seconds per turn;
    ``ask_after`` seconds between connecting and the first question."""
    import websockets

    result = ChatResult(session_id)
    try:
        async with websockets.connect(f"ws://{host}/ws/chat/{session_id}/",
                                      additional_headers={"Authorization": f"Token {token}"},
                                      max_size=None, open_timeout=90, ping_interval=None) as ws:
            await asyncio.sleep(ask_after)
            for question in questions:
                started = time.perf_counter()
                await ws.send(json.dumps({"type": "ask", "content": question}))
                result.asked += 1
                first = None
                ended = False
                while not ended:
                    left = started + deadline - time.perf_counter()
                    if left <= 0:
                        result.hung = True
                        return result
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=left)
                    except TimeoutError:
                        result.hung = True
                        return result
                    event = json.loads(raw)
                    if on_event is not None:
                        on_event(event)
                    kind = event.get("type")
                    if kind == "token" and first is None:
                        first = time.perf_counter() - started
                        result.first_tokens.append(first)
                    elif kind == "final":
                        result.final_events += 1
                        result.from_saved += bool(event.get("from_saved_answer"))
                        result.finals.append(time.perf_counter() - started)
                        ended = True
                    elif kind == "error":
                        result.errors.append(f"{event.get('code')}: {event.get('message', '')[:80]}")
                        # a turn's own error event is followed by its done status; a consumer's
                        # (refused question, closed session) ends the exchange at once
                        ended = "turn_id" not in event
                    elif kind == "status" and event.get("phase") == "done":
                        ended = True
                # the done status after a final belongs to the same turn: wait for it briefly
                if result.final_events and not result.errors:
                    with contextlib.suppress(TimeoutError):
                        while True:
                            event = json.loads(await asyncio.wait_for(ws.recv(), timeout=2))
                            if event.get("type") == "final":
                                result.final_events += 1
                            if event.get("type") == "status" and event.get("phase") == "done":
                                break
                if result.errors:
                    return result
    except Exception as exc:  # the connection failed or was closed: a clear (not hanging) failure
        result.closed = f"{type(exc).__name__}: {str(exc)[:100]}"
    return result


def db_turn_counts(session_ids: list[int]) -> dict[str, int]:
    """What the database holds for these sessions: questions, answers by status, questions with more
    than one answer, and sessions with more answers than questions."""
    from django.db import connection
    from django.db.models import Count, Q

    from chat.models import Message

    rows = Message.objects.filter(session_id__in=session_ids)
    questions = rows.filter(role=Message.Role.USER).count()
    answers = rows.filter(role=Message.Role.ASSISTANT)
    by_status = dict(answers.values_list("status").annotate(n=Count("id")).values_list("status", "n"))
    duplicated = (answers.values("reply_to").annotate(n=Count("id")).filter(n__gt=1).count()
                  + answers.filter(reply_to__isnull=True).count())
    per_session = rows.values("session_id").annotate(
        q=Count("id", filter=Q(role=Message.Role.USER)),
        a=Count("id", filter=Q(role=Message.Role.ASSISTANT)))
    extra = sum(1 for row in per_session if row["a"] > row["q"])
    connection.close()
    return {"questions": questions, "answers": answers.count(), **{f"answers_{k}": v for k, v in by_status.items()},
            "questions_with_2+_answers": duplicated, "sessions_with_extra_answers": extra}


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--serve-fake-llm":
        serve_fake_llm(float(sys.argv[2]), float(sys.argv[3]))
