"""The health of every component, for ``/health`` and ``manage.py up``."""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.db import connection

from core.redaction import redact_url

REQUIRED = ("database", "pgvector", "redis", "worker")


def _timed(check) -> dict[str, Any]:
    started = time.perf_counter()
    try:
        result = check()
        result.setdefault("ok", True)
    except Exception as exc:  # any failure is reported, never raised
        result = {"ok": False, "error": " ".join(str(exc).split())[:300] or type(exc).__name__}
    result["latency_ms"] = round((time.perf_counter() - started) * 1000, 1)
    return result


def _database() -> dict[str, Any]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        version = cursor.fetchone()[0]
    return {"version": version.split(" on ")[0]}


def _pgvector() -> dict[str, Any]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        row = cursor.fetchone()
    if row is None:
        return {"ok": False, "error": "extension 'vector' is not installed (run migrate)"}
    return {"version": row[0]}


def _redis() -> dict[str, Any]:
    import redis

    client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=1, socket_connect_timeout=1, retry=None)
    try:
        client.ping()
    finally:
        client.close()
    return {"url": redact_url(settings.REDIS_URL)}


def _worker(timeout: float, queue: str | None) -> dict[str, Any]:
    from celery.exceptions import TimeoutError as CeleryTimeout

    from core.tasks import ping

    result = ping.apply_async(retry=False, expires=timeout, queue=queue)
    try:
        answer = result.get(timeout=timeout)
    except CeleryTimeout:
        raise RuntimeError(f"no Celery worker answered within {timeout:g} s") from None
    finally:
        result.forget()
    return {"answer": answer}


def _llm() -> dict[str, Any]:
    if not settings.LLM_BASE_URL:
        return {"mode": "offline", "detail": "离线模式：未配置 LLM_BASE_URL"}
    return {"mode": "remote", "endpoint": redact_url(settings.LLM_BASE_URL), "model": settings.LLM_MODEL}


def _embedding() -> dict[str, Any]:
    info: dict[str, Any] = {
        "backend": settings.EMBEDDING_BACKEND,
        "model": settings.EMBEDDING_MODEL,
        "dim": settings.EMBEDDING_DIM,
    }
    if settings.EMBEDDING_BACKEND == "openai":
        info["endpoint"] = redact_url(settings.EMBEDDING_BASE_URL)
    return info


def health_check(*, worker_timeout: float = 3.0, worker_queue: str | None = None) -> dict[str, Any]:
    """Probe every component; ``worker_queue`` sends the ping to another queue than the default."""
    components: dict[str, dict[str, Any]] = {"database": _timed(_database)}
    components["pgvector"] = (
        _timed(_pgvector) if components["database"]["ok"] else {"ok": False, "error": "database unavailable"}
    )
    components["redis"] = _timed(_redis)
    components["worker"] = (
        _timed(lambda: _worker(worker_timeout, worker_queue))
        if components["redis"]["ok"]
        else {"ok": False, "error": "redis unavailable"}
    )
    components["llm"] = _timed(_llm)
    components["embedding"] = _timed(_embedding)
    healthy = all(components[name]["ok"] for name in REQUIRED)
    return {"status": "ok" if healthy else "unavailable", "components": components}
