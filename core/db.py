"""Database connections and the per-process pool (docs/decisions/database-pool.md)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from django.db import connection, connections

T = TypeVar("T")

_side = ThreadPoolExecutor(max_workers=8, thread_name_prefix="beside")


def pooled(alias: str = "default") -> bool:
    """Whether connections of ``alias`` come from a pool."""
    return bool(connections[alias].settings_dict.get("OPTIONS", {}).get("pool"))


def release_connections() -> None:
    """Give this thread's idle connections back to the pool, e.g. before a long wait on a model.

    A thread keeps the connection it borrowed until it closes it; a chat turn waiting seconds on
    the LLM, or a trace writer between two records, would otherwise hold one each and a busy worker
    would run the pool dry. Without a pool this does nothing (closing would only cost a reconnect);
    a connection inside a transaction is left alone.
    """
    for wrapper in connections.all(initialized_only=True):
        if pooled(wrapper.alias) and wrapper.connection is not None and not wrapper.in_atomic_block:
            wrapper.close()


def side_thread_allowed() -> bool:
    """Whether work may run on a side thread with its own connection: with the pool (the thread
    borrows a warm connection and gives it back) and outside a transaction (another connection
    would not see this one's uncommitted rows)."""
    return pooled() and not connection.in_atomic_block


def beside(function: Callable[..., T], *args: Any, **kwargs: Any) -> Callable[[], T]:
    """Start ``function(*args, **kwargs)`` on a side thread while the caller does other work; call
    the returned function for the result (or the exception). Where a side thread is not allowed,
    ``function`` runs when the result is asked for, in the caller's thread: same result, in turn."""
    if not side_thread_allowed():
        return lambda: function(*args, **kwargs)

    def run() -> T:
        try:
            return function(*args, **kwargs)
        finally:
            release_connections()

    return _side.submit(run).result
