"""Database connections and the per-process pool (docs/decisions/database-pool.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from channels.db import database_sync_to_async
from django.db import connections


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
    for connection in connections.all(initialized_only=True):
        if pooled(connection.alias) and connection.connection is not None and not connection.in_atomic_block:
            connection.close()


def db_sync_to_async(func: Callable[..., Any]) -> Callable[..., Any]:
    """``func`` as a coroutine function run on the event loop's thread pool, for sync code that
    queries the database from async code (agent tools, the critic's checks).

    Not thread-sensitive: concurrent chat turns on one loop query in parallel, each call on a
    pooled connection that goes back to the pool when it returns (Channels closes it around each
    call). The thread-sensitive default funnels every such call of a process through one thread.
    """
    return database_sync_to_async(func, thread_sensitive=False)
