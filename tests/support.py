"""Helpers for tests that start real processes."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The development sets the suite and the benches read, carried in the repository (tests/data/README.md).
DEV_DATA = ROOT / "tests" / "data"


def dev_set(name: str) -> list[dict]:
    """The items of one development set (JSONL). A missing file is a failure, never a skip."""
    path = DEV_DATA / name
    if not path.is_file():
        raise FileNotFoundError(f"development set missing: {path} (see tests/data/README.md)")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


#: The Postgres ``application_name`` of every child process a test starts (``subprocess_env`` sets
#: ``PGAPPNAME``): what is left of a stopped child is told apart from this process's own connections.
CHILD_APP_NAME = "legalsite-test-child"


def wait_for_children_sessions_to_close(timeout: float = 10) -> None:
    """Postgres backends of a stopped child linger briefly; the test database can only be dropped
    after. Waits for the children's sessions only (this process keeps pooled connections of its own
    open, which a wait for "every other session" could never see go), then closes this one."""
    from django.db import connection

    deadline = time.monotonic() + timeout
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                           "AND application_name = %s", [CHILD_APP_NAME])
            if cursor.fetchone()[0] == 0:
                break
            time.sleep(0.1)
    connection.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"process exited early with {proc.returncode}")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise TimeoutError(f"nothing listening on {port} after {timeout} s")


def stop_process(proc: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    """Stop ``proc`` with ``sig`` (SIGTERM: its graceful stop), killing it after 20 s."""
    if proc.poll() is None:
        proc.send_signal(sig)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def manage(*args: str, env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run ``manage.py`` in a child process and capture its output."""
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env if env is not None else dict(os.environ),
        capture_output=True, text=True, timeout=timeout, check=False,
    )


def clean_env(**overrides: str) -> dict[str, str]:
    """The current environment without service URLs, plus ``overrides``."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "LEGALSITE_DATA_DIR")}
    env.update(overrides)
    return env


def pool_borrowed() -> int:
    """Connections of the default alias's pool that are out (borrowed by some thread) now."""
    from django.db import connection

    stats = connection.pool.get_stats()
    return stats["pool_size"] - stats["pool_available"]
