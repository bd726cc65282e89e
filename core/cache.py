"""Redis connection pools shared by every cache instance of a process."""

from __future__ import annotations

import threading
from typing import Any

import redis


class SharedConnectionPool(redis.ConnectionPool):
    """One pool per URL and options in a process.

    Django keeps cache instances in a context-local store, so under ASGI each request builds a new
    ``RedisCache`` and, with the stock pool class, a new Redis connection (a TCP connect per request,
    e.g. for the API throttle). Sharing the pool keeps the connections warm. redis-py resets a pool
    inherited through ``fork`` by itself (it checks the pid).
    """

    _shared: dict[tuple[str, str], SharedConnectionPool] = {}
    _lock = threading.Lock()

    @classmethod
    def from_url(cls, url: str, **kwargs: Any) -> SharedConnectionPool:
        key = (url, repr(sorted(kwargs.items())))
        with cls._lock:
            pool = cls._shared.get(key)
            if pool is None:
                pool = cls._shared[key] = super().from_url(url, **kwargs)
        return pool
