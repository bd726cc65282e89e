"""Knowledge API latency over a real socket: a daphne subprocess serving the full corpus.

    LEGALSITE_DATA_DIR=/tmp/kdev python manage.py services start      # postgres + redis of that data dir
    LEGALSITE_DATA_DIR=/tmp/kdev python bench/knowledge_http.py [--data tests/data]

Starts ``python -m daphne -b 127.0.0.1 -p <free port> legalsite.asgi:application`` with the same
environment (API throttling raised so the bench is not rate-limited), makes a staff user
``bench-http`` and its DRF token through the ORM (left in place: a dev database), warms up, then
times over one keep-alive HTTP/1.1 connection (http.client), sequentially:

- GET /api/v1/knowledge/search?q=… for the 120 dev_retrieval questions;
- the same for 1,500-character case-fact texts, and POST (JSON body) for 3,000-character ones (a URL
  cannot carry them): dev fact_pattern questions strung together with the other dev questions as
  filler, deterministic, no network;
- GET /api/v1/knowledge/articles?law=…&article=… for the 80 dev_lookup items (checks the answer).

Prints p50/p95 (client-side wall time, ms) and the daphne process RSS, then stops daphne.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.stats import percentile  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")

USERNAME = "bench-http"


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def case_facts(items: list[dict], length: int, count: int) -> list[str]:
    """Deterministic case-fact texts: fact_pattern questions first, other dev questions as filler."""
    facts = [i["query"] for i in items if i["style"] == "fact_pattern"]
    filler = [i["query"] for i in items if i["style"] != "fact_pattern"]
    out = []
    for n in range(count):
        parts: list[str] = []
        i = n * 5
        while sum(map(len, parts)) < length:
            parts.append(facts[i % len(facts)])
            parts.append(filler[(i * 7) % len(filler)])
            i += 3
        out.append("".join(parts)[:length])
    return out


def staff_token() -> str:
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from firm.models import Role
    from firm.services import token_issue, user_create

    user = get_user_model().objects.filter(username=USERNAME).first()
    if user is None:
        user, _ = user_create(username=USERNAME, role=Role.STAFF, password=None, email="", display_name="bench")
    return token_issue(user=user).key


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Client:
    def __init__(self, port: int, token: str) -> None:
        self.port = port
        self.headers = {"Authorization": f"Token {token}", "Host": "localhost", "Connection": "keep-alive"}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.reconnects = 0

    def get(self, path: str, params: dict) -> tuple[int, bytes, float]:
        return self.request("GET", f"{path}?{urlencode(params)}")

    def post(self, path: str, payload: dict) -> tuple[int, bytes, float]:
        return self.request("POST", path, json.dumps(payload, ensure_ascii=False).encode())

    def request(self, method: str, url: str, body: bytes | None = None) -> tuple[int, bytes, float]:
        headers = dict(self.headers, **({"Content-Type": "application/json"} if body is not None else {}))
        for attempt in (0, 1):
            start = time.perf_counter()
            try:
                self.conn.request(method, url, body=body, headers=headers)
                response = self.conn.getresponse()
                body = response.read()
            except (http.client.HTTPException, ConnectionError):
                if attempt:
                    raise
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                self.reconnects += 1
                continue
            elapsed = (time.perf_counter() - start) * 1000
            if response.getheader("Connection", "").lower() == "close":
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                self.reconnects += 1
            return response.status, body, elapsed
        raise RuntimeError("unreachable")


def wait_ready(port: int, process: subprocess.Popen, timeout: float = 120) -> float:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited with {process.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/api/v1/knowledge/status", headers={"Host": "localhost"})
            conn.getresponse().read()
            conn.close()
            return time.monotonic() - start
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("daphne did not answer in time")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=ROOT / "tests" / "data")
    parser.add_argument("--facts", type=int, default=40, help="number of 3,000-character case-fact texts")
    args = parser.parse_args()
    if not os.environ.get("LEGALSITE_DATA_DIR"):
        parser.error("set LEGALSITE_DATA_DIR to the data dir holding the full corpus")

    items = load(args.data / "dev_retrieval.jsonl")
    lookups = load(args.data / "dev_lookup.jsonl")
    facts = case_facts(items, 3000, args.facts)
    # daphne (Twisted) drops request lines over 16,384 bytes; a CJK character is 9 bytes URL-encoded
    short_facts = case_facts(items, 1500, args.facts)
    token = staff_token()

    port = free_port()
    env = {**os.environ, "API_THROTTLE_USER": "100000/min", "API_THROTTLE_ANON": "100000/min"}
    command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "legalsite.asgi:application"]
    log = tempfile.NamedTemporaryFile(prefix="knowledge_http_daphne_", suffix=".log", delete=False)
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        ready = wait_ready(port, process)
        print(f"daphne pid {process.pid} on 127.0.0.1:{port}, answering after {ready:.1f} s; "
              f"RSS at start {rss_kib(process.pid) / 1024:.0f} MiB")
        client = Client(port, token)
        search, articles = "/api/v1/knowledge/search", "/api/v1/knowledge/articles"
        # warm-up: model, jieba, corpus caches, Postgres buffers (one pass over a slice of every kind)
        for q in [i["query"] for i in items[::4]] + short_facts[:5]:
            status, body, _ = client.get(search, {"q": q, "top_k": 10})
            assert status == 200, (status, body[:300])
        for q in facts[:5]:
            status, body, _ = client.post(search, {"q": q, "top_k": 10})
            assert status == 200, (status, body[:300])
        for item in lookups[::8]:
            client.get(articles, {"law": item["query_law"], "article": item["query_article"]})

        print("\n== over HTTP (daphne, keep-alive, sequential; client wall time, ms) ==")
        runs = (("search: questions (dev set)", [i["query"] for i in items], "GET"),
                ("search: 1,500-char case facts", short_facts, "GET"),
                ("search: 3,000-char case facts", facts, "POST"))
        for label, queries, method in runs:
            label = f"{label} ({method})"
            times, server, dropped = [], [], 0
            for q in queries:
                try:
                    if method == "POST":  # long case facts do not fit in a URL (Twisted caps it at 16 KB)
                        status, body, ms = client.post(search, {"q": q, "top_k": 10})
                    else:
                        status, body, ms = client.get(search, {"q": q, "top_k": 10})
                except (http.client.HTTPException, ConnectionError):
                    dropped += 1
                    continue
                assert status == 200, (status, body[:300])
                times.append(ms)
                server.append(json.loads(body)["query"]["elapsed_ms"])
            url_bytes = max(len(urlencode({"q": q, "top_k": 10})) for q in queries) + len(search) + 1
            if dropped:
                print(f"  {label:<39} n={len(queries):<4} {dropped} requests DROPPED by daphne without a response "
                      f"(request line up to {url_bytes} bytes; Twisted's limit is 16,384)")
            if not times:
                continue
            print(f"  {label:<39} n={len(times):<4} p50 {percentile(times, 50):7.1f}  p95 {percentile(times, 95):7.1f}"
                  f"  max {max(times):7.1f}   (search itself p50 {percentile(server, 50):.1f} / p95 "
                  f"{percentile(server, 95):.1f})")
        times, hits = [], 0
        for item in lookups:
            status, body, ms = client.get(articles, {"law": item["query_law"], "article": item["query_article"]})
            times.append(ms)
            if status == 200:
                data = json.loads(body)
                got = (data["law"], data["article_no"], data["text"])
                hits += got == (item["law"], item["article_no"], item["text"])
        print(f"  {'look-up: dev_lookup':<32} n={len(times):<4} p50 {percentile(times, 50):7.1f}  "
              f"p95 {percentile(times, 95):7.1f}  max {max(times):7.1f}   exact hits {hits}/{len(lookups)}")
        print(f"  look-up mean {statistics.fmean(times):.1f} ms; connection re-opened {client.reconnects} times")
        print(f"\ndaphne RSS after the run: {rss_kib(process.pid) / 1024:.0f} MiB (VmRSS of pid {process.pid})")
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        print(f"daphne stopped (exit {process.returncode})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
