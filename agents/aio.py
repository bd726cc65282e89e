"""One long-lived event loop per process, for synchronous callers of the async agent runtime.

A Celery task (or a sync view) that needs the runtime calls :func:`run_sync` instead of
``asyncio.run``. ``asyncio.run`` builds a new loop every time, and everything bound to a loop went
with it: the LLM client (a TLS context and fresh connections to the model endpoint), the channel
layer's Redis connections, the event log's. On one loop that lives as long as the process, those
are made once and reused by every turn, and concurrent turns of a threads pool share them
(docs/decisions/agent-loop.md).

The caller's context variables (the current trace recorder, for example) are visible to the
coroutine, as with ``asyncio.run``. After a ``fork`` the child starts its own loop.

A caller inside a database transaction (a service holding its rows uncommitted, a test in its
transaction) runs the coroutine *in its own thread's sense* instead: on a short-lived loop whose
database calls come back to the caller's thread and connection (asgiref's ``async_to_sync``), so the
run sees the rows the transaction holds. The shared loop's pooled connections would not see them, and
a write referencing one would wait for a commit that cannot come while the caller waits for the run.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import os
import threading
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

from asgiref.sync import async_to_sync, sync_to_async
from channels.db import database_sync_to_async
from django.db import connection

T = TypeVar("T")

__all__ = ["db_sync_to_async", "in_caller_transaction", "on_shared_loop", "run_sync", "shared_loop"]

_lock = threading.Lock()
_state: dict[str, Any] = {"loop": None, "thread": None, "pid": None}


def shared_loop() -> asyncio.AbstractEventLoop:
    """The process's runtime loop, started on first use (in a daemon thread)."""
    with _lock:
        loop = _state["loop"]
        if loop is None or _state["pid"] != os.getpid() or not _state["thread"].is_alive():
            loop = asyncio.new_event_loop()
            ready = threading.Event()

            def serve() -> None:
                asyncio.set_event_loop(loop)
                loop.call_soon(ready.set)
                loop.run_forever()

            thread = threading.Thread(target=serve, name="agents-loop", daemon=True)
            thread.start()
            ready.wait()
            _state.update(loop=loop, thread=thread, pid=os.getpid())
        return loop


def in_caller_transaction() -> bool:
    """Whether this thread's connection is inside a transaction (its uncommitted rows are visible to
    it alone): work for this caller then runs against this connection, not on other threads'."""
    return connection.in_atomic_block


#: How long a run on a loop of its own waits, once done, for the tasks it left running.
LEFT_TASKS_TIMEOUT = 60.0


async def _awaited(coro: Coroutine[Any, Any, T]) -> T:
    """``coro``, then the tasks it started (an event stream's drain): on the shared loop they would
    finish after ``run_sync`` returned; this loop ends with the call, so they finish before."""
    this = asyncio.current_task()
    try:
        return await coro
    finally:
        while left := [task for task in asyncio.all_tasks() if task is not this and not task.done()]:
            _done, pending = await asyncio.wait(left, timeout=LEFT_TASKS_TIMEOUT)
            if pending:
                break  # cancelled when the loop closes


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` on the shared loop and wait for its result (or exception) in this thread; inside
    a transaction, on a loop of its own whose database calls come back to this thread (see above).

    Like ``asyncio.run`` it must not be called from a thread that is running an event loop. If the
    waiting thread is interrupted (a time limit, ``KeyboardInterrupt``) the coroutine is cancelled.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:
        coro.close()
        raise RuntimeError("run_sync() cannot be called from a running event loop; await the coroutine")
    if in_caller_transaction():
        # In a copy of the context: as on the shared loop, what the coroutine sets stays its own.
        return contextvars.copy_context().run(async_to_sync(_awaited), coro)
    loop = shared_loop()
    context = contextvars.copy_context()
    done: concurrent.futures.Future[T] = concurrent.futures.Future()
    started: dict[str, asyncio.Task[T]] = {}

    def finish(task: asyncio.Task[T]) -> None:
        if task.cancelled():
            done.set_exception(concurrent.futures.CancelledError())
        elif task.exception() is not None:
            done.set_exception(task.exception())  # type: ignore[arg-type]
        else:
            done.set_result(task.result())

    def start() -> None:
        task = loop.create_task(coro, context=context)
        started["task"] = task
        task.add_done_callback(finish)

    loop.call_soon_threadsafe(start)
    try:
        return done.result()
    except BaseException:
        if not done.done():
            loop.call_soon_threadsafe(lambda: started["task"].cancel() if "task" in started else None)
        raise


def on_shared_loop() -> bool:
    """Whether the running loop is this process's runtime loop."""
    try:
        return asyncio.get_running_loop() is _state["loop"]
    except RuntimeError:
        return False


def db_sync_to_async(func: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    """``func`` (sync code that may query the database) as a coroutine function.

    On the shared runtime loop, where the concurrent turns of a worker run, calls go to the loop's
    thread pool, each on a pooled connection given back when the call returns (Channels closes it
    around each call): one turn's search does not wait behind another's. Anywhere else (a sync
    caller's ``async_to_sync``, a consumer in daphne) calls stay thread-sensitive as Django's
    default and use the caller's connection as it is, so they see its open transaction.
    """
    parallel = database_sync_to_async(func, thread_sensitive=False)
    serial = sync_to_async(func, thread_sensitive=True)  # the caller's connection, left open

    async def call(*args: Any, **kwargs: Any) -> T:
        return await (parallel if on_shared_loop() else serial)(*args, **kwargs)

    return call
