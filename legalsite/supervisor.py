"""``manage.py up``: prepare the database, run daphne, a Celery worker and Celery beat (the one
scheduler of the deployment: it sends the periodic sweep, ``legalsite.tasks.sweep_interrupted_work``;
its schedule file is in the data dir), stop them cleanly.

One ``up`` per data dir: a lock file held with ``flock`` (released by the kernel when the
process dies, so a killed run never blocks the next one). Children get ``PR_SET_PDEATHSIG``
so they die with a killed supervisor instead of holding the port.
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.utils.module_loading import import_string

from legalsite import embedded

PR_SET_PDEATHSIG = 1
MAX_RESTARTS = 3


class SupervisorError(Exception):
    """``up`` cannot start; the message says why and what to do."""


def _die_with_parent() -> None:
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


@dataclass
class Child:
    name: str
    argv: list[str]
    proc: subprocess.Popen | None = None
    restarts: int = 0
    tail: list[str] = field(default_factory=list)


class Supervisor:
    def __init__(self, *, host: str, port: int, stdout: TextIO, keep_services: bool = False,
                 health_timeout: float = 120.0, checks: Callable[[], None] | None = None) -> None:
        self.host = host
        self.checks = checks  # Django's system checks, run once the refusals that need none have passed
        self.port = port
        self.stdout = stdout
        self.keep_services = keep_services
        self.health_timeout = health_timeout
        self.run_dir: Path = settings.DATA_DIR / "run"
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self._lock_handle: TextIO | None = None
        self._print_lock = threading.Lock()
        self._stopping = threading.Event()
        self.children: list[Child] = []

    # -- output --------------------------------------------------------------------------
    def say(self, text: str, prefix: str = "up") -> None:
        with self._print_lock:
            self.stdout.write(f"[{prefix}] {text}\n")
            self.stdout.flush()

    @property
    def url(self) -> str:
        shown = "127.0.0.1" if self.host in ("0.0.0.0", "::") else self.host  # noqa: S104
        return f"http://{shown}:{self.port}/"

    # -- preconditions -------------------------------------------------------------------
    def acquire_lock(self) -> None:
        handle = open(self.run_dir / "up.lock", "a+")  # held for the process lifetime
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            info = _parse_json(handle.read())
            handle.close()
            raise SupervisorError(
                f"LegalSite is already running (pid {info.get('pid', '?')}, {info.get('url', '?')}) "
                f"for data dir {settings.DATA_DIR}; stop it with Ctrl-C in its terminal or `kill {info.get('pid', '')}`"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(json.dumps({"pid": os.getpid(), "url": self.url}))
        handle.flush()
        self._lock_handle = handle

    def check_port(self) -> None:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                sock.bind((self.host, self.port))
            except OSError as exc:
                raise SupervisorError(
                    f"port {self.port} on {self.host} is in use by another program ({exc.strerror}); "
                    f"free it or choose another port, e.g. PORT={self.port + 1} make run"
                ) from None

    def check_database(self) -> None:
        try:
            connection.ensure_connection()
        except Exception as exc:  # any driver error means the same to the user
            source = "DATABASE_URL" if "postgres" not in settings.EMBEDDED_SERVICES else "embedded PostgreSQL"
            raise SupervisorError(f"cannot connect to the database ({source}): {' '.join(str(exc).split())}") from None

    # -- preparation ---------------------------------------------------------------------
    def prepare(self) -> list[str]:
        self.say("applying database migrations")
        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        notes = []
        for dotted in settings.FIRST_RUN_STEPS:
            step: Callable[[TextIO], str | None] = import_string(dotted)
            note = step(self.stdout)
            if note:
                notes.append(note)
        connection.close()
        return notes

    # -- children ------------------------------------------------------------------------
    def child_env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            DATABASE_URL=settings.DATABASE_URL,
            REDIS_URL=settings.REDIS_URL,
            LEGALSITE_DATA_DIR=str(settings.DATA_DIR),
            DJANGO_SETTINGS_MODULE=os.environ.get("DJANGO_SETTINGS_MODULE", "legalsite.settings"),
            PYTHONUNBUFFERED="1",
            OPENBLAS_NUM_THREADS="1",
            # `up` ran Django's system checks before it started the children (BaseCommand.execute): the
            # worker's Django fixup would run them again at each start (~1 s of CPU, the URL conf's import)
            CELERY_SKIP_CHECKS="1",
        )
        return env

    def plan_children(self) -> None:
        python = sys.executable
        self.children = [
            Child("worker", [python, "-m", "celery", "-A", "legalsite", "worker", "--loglevel", "INFO",
                             "--pool", settings.CELERY_WORKER_POOL,
                             "--concurrency", str(settings.CELERY_WORKER_CONCURRENCY),
                             "--hostname", f"legalsite-{self.port}@%h"]),
            # WARNING: a line per sent sweep (every minute) would drown the output; legalsite.beat: the
            # configuration without Django's apps and the task modules, which beat never runs
            Child("beat", [python, "-m", "celery", "-A", "legalsite.beat", "beat", "--loglevel", "WARNING",
                           "--schedule", settings.CELERY_BEAT_SCHEDULE_FILENAME]),
            Child("web", [python, "-m", "daphne", "-b", self.host, "-p", str(self.port), "--proxy-headers",
                          "legalsite.asgi:application"]),
        ]

    def spawn(self, child: Child) -> None:
        child.proc = subprocess.Popen(
            child.argv, cwd=settings.BASE_DIR, env=self.child_env(), stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True, bufsize=1,
            start_new_session=True, preexec_fn=_die_with_parent,
        )
        threading.Thread(target=self._pump, args=(child, child.proc), daemon=True).start()

    def _pump(self, child: Child, proc: subprocess.Popen) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            line = line.rstrip()
            child.tail = (child.tail + [line])[-20:]
            self.say(line, child.name)

    def wait_healthy(self) -> dict:
        deadline = time.monotonic() + self.health_timeout
        last = "no answer yet"
        while time.monotonic() < deadline and not self._stopping.is_set():
            for child in self.children:
                if child.proc and child.proc.poll() is not None:
                    raise SupervisorError(
                        f"{child.name} exited with status {child.proc.returncode} during start-up: "
                        + (" | ".join(child.tail[-3:]) or "no output")
                    )
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=10) as response:
                    return json.loads(response.read())
            except urllib.error.HTTPError as exc:
                last = _parse_json(exc.read().decode(errors="replace"))
            except (urllib.error.URLError, OSError) as exc:
                last = str(exc)
            time.sleep(0.5)
        raise SupervisorError(f"LegalSite did not become healthy within {self.health_timeout:g} s: {last}")

    def stop_children(self) -> None:
        for child in self.children:
            if child.proc and child.proc.poll() is None:
                child.proc.terminate()
        for child in self.children:
            if child.proc is None:
                continue
            try:
                child.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.say(f"{child.name} did not stop in 20 s; killing it")
                child.proc.kill()
                child.proc.wait()

    def stop_services(self) -> None:
        if self.keep_services:
            return
        for service in embedded.services(settings.DATA_DIR):
            if service.name in embedded.STARTED_HERE:
                self.say(f"stopping embedded {service.name}")
                try:
                    service.stop()
                except embedded.EmbeddedError as exc:
                    self.say(f"embedded {service.name} did not stop: {exc}")

    # -- main loop -----------------------------------------------------------------------
    def request_stop(self, signum: int, _frame: object) -> None:
        if not self._stopping.is_set():
            self.say(f"received {signal.Signals(signum).name}, stopping")
        self._stopping.set()

    def run(self) -> int:
        started = time.monotonic()
        self.acquire_lock()
        try:
            self.check_port()
            self.check_database()
            if self.checks:
                self.checks()
            for name in settings.EMBEDDED_SERVICES:
                self.say(f"using embedded {name} from {settings.DATA_DIR}")
            notes = self.prepare()
            signal.signal(signal.SIGTERM, self.request_stop)
            signal.signal(signal.SIGINT, self.request_stop)
            self.plan_children()
            for child in self.children:
                self.spawn(child)
            report = self.wait_healthy()
            self.banner(report, notes, time.monotonic() - started)
            return self.watch()
        finally:
            self.stop_children()
            self.stop_services()
            if self._lock_handle:
                self._lock_handle.close()

    def banner(self, report: dict, notes: list[str], seconds: float) -> None:
        components = report.get("components", {})
        summary = ", ".join(f"{name} {'ok' if info.get('ok') else 'DOWN'}" for name, info in components.items())
        llm_mode = components.get("llm", {}).get("mode", "?")
        lines = [
            f"LegalSite is running at {self.url}  (ready in {seconds:.1f} s)",
            f"health: {summary}; LLM: {'离线模式' if llm_mode == 'offline' else llm_mode}",
            *notes,
            f"API docs: {self.url}api/docs/   admin: {self.url}admin/   stop: Ctrl-C",
        ]
        width = max(len(line) for line in lines) + 2
        self.say("=" * width)
        for line in lines:
            self.say(line)
        self.say("=" * width)

    def watch(self) -> int:
        while not self._stopping.wait(0.5):
            for child in self.children:
                if child.proc is None or child.proc.poll() is None:
                    continue
                if child.restarts >= MAX_RESTARTS:
                    self.say(f"{child.name} keeps exiting (status {child.proc.returncode}); stopping")
                    return 1
                child.restarts += 1
                self.say(f"{child.name} exited with status {child.proc.returncode}; restarting "
                         f"({child.restarts}/{MAX_RESTARTS})")
                self.spawn(child)
        return 0


def _parse_json(text: str) -> dict:
    try:
        value = json.loads(text)
    except ValueError:
        return {"raw": text[:200]}
    return value if isinstance(value, dict) else {"raw": value}
