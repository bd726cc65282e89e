"""Helpers for tests that start real processes."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The development sets (``../shared/data`` beside the checkout; ``LEGALSITE_SHARED_DATA`` overrides).
SHARED_DATA = Path(os.environ.get("LEGALSITE_SHARED_DATA") or ROOT.parent / "shared" / "data")


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


def stop_process(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
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
