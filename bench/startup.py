"""Time from `manage.py up` to a healthy /health, cold (empty data dir) and warm (second start),
and the resident memory of each child process once healthy.

    .venv/bin/python bench/startup.py [--runs N]

Prints numbers; asserts nothing. Uses a throw-away data dir and free port; DATABASE_URL and
REDIS_URL are removed from the environment so the embedded services are measured too.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as response:
            return json.loads(response.read())["status"] == "ok"
    except OSError:
        return False


def rss_mb(proc: psutil.Process) -> float:
    try:
        return proc.memory_info().rss / 2**20
    except psutil.NoSuchProcess:
        return 0.0


def one_start(env: dict[str, str], port: int) -> tuple[float, dict[str, float]]:
    started = time.monotonic()
    up = subprocess.Popen([sys.executable, "manage.py", "up", "--port", str(port)], cwd=ROOT, env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not healthy(port):
        if up.poll() is not None:
            raise SystemExit(f"up exited with {up.returncode}")
        if time.monotonic() - started > 300:
            raise SystemExit("not healthy after 300 s")
        time.sleep(0.1)
    elapsed = time.monotonic() - started
    time.sleep(1)  # let the worker's pool settle before reading memory
    memory: dict[str, float] = {"up (supervisor)": rss_mb(psutil.Process(up.pid))}
    for child in psutil.Process(up.pid).children():
        cmd = " ".join(child.cmdline())
        name = "web (daphne)" if "daphne" in cmd else "worker (celery)" if "celery" in cmd else child.name()
        memory[name] = rss_mb(child) + sum(rss_mb(g) for g in child.children(recursive=True))
    data_dir = Path(env["LEGALSITE_DATA_DIR"])
    redis_pid = int((data_dir / "redis" / "redis.pid").read_text())
    memory["redis (embedded)"] = rss_mb(psutil.Process(redis_pid))
    postmaster = psutil.Process(int((data_dir / "postgres" / "postmaster.pid").read_text().split()[0]))
    memory["postgres (embedded, all backends)"] = rss_mb(postmaster) + sum(rss_mb(c) for c in postmaster.children())
    up.send_signal(signal.SIGINT)
    up.wait(timeout=60)
    return elapsed, memory


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=2, help="warm starts after the cold one")
    args = parser.parse_args()
    data_dir = Path(tempfile.mkdtemp(prefix="legalsite-bench-"))
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env["LEGALSITE_DATA_DIR"] = str(data_dir)
    port = free_port()
    try:
        cold, memory = one_start(env, port)
        warm = [one_start(env, port)[0] for _ in range(args.runs)]
    finally:
        subprocess.run([sys.executable, "manage.py", "services", "stop"], cwd=ROOT, env=env,
                       capture_output=True, check=False)
        shutil.rmtree(data_dir, ignore_errors=True)
    print(f"cold start (empty data dir: initdb, migrate, first-run steps) -> healthy: {cold:.2f} s")
    print(f"warm start -> healthy: {', '.join(f'{w:.2f} s' for w in warm)}"
          f" (mean {sum(warm) / len(warm):.2f} s)")
    print("RSS once healthy (cold run):")
    for name, mb in memory.items():
        print(f"  {name:<36} {mb:8.1f} MB")


if __name__ == "__main__":
    main()
