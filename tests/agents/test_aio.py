"""The process's shared event loop for sync callers (Celery tasks, sync views)."""

import asyncio
import contextvars
import threading
import time

import pytest

from agents.aio import on_shared_loop, run_sync, shared_loop
from agents.llm import LLMConfig, LLMGateway, model_schema
from tests.fakellm import FakeLLM, Reply

probe: contextvars.ContextVar[str] = contextvars.ContextVar("probe", default="unset")


def test_runs_on_one_loop_that_outlives_each_call():
    async def loop_id() -> int:
        await asyncio.sleep(0)
        return id(asyncio.get_running_loop())

    first, second = run_sync(loop_id()), run_sync(loop_id())
    assert first == second == id(shared_loop())
    assert shared_loop().is_running()


def test_exceptions_reach_the_caller_and_the_loop_survives():
    async def boom() -> None:
        raise ValueError("bad input")

    with pytest.raises(ValueError, match="bad input"):
        run_sync(boom())

    async def fine() -> str:
        return "ok"

    assert run_sync(fine()) == "ok"


def test_the_callers_context_variables_are_visible_and_not_leaked_back():
    probe.set("from the caller")

    async def read_and_change() -> str:
        seen = probe.get()
        probe.set("changed inside")
        return seen

    assert run_sync(read_and_change()) == "from the caller"
    assert probe.get() == "from the caller"


def test_concurrent_callers_share_the_loop_and_overlap():
    async def nap() -> tuple[float, float]:
        started = time.monotonic()
        await asyncio.sleep(0.3)
        return started, time.monotonic()

    results: list[tuple[float, float]] = []
    threads = [threading.Thread(target=lambda: results.append(run_sync(nap()))) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 10
    # the ten naps overlapped: the last one began before the first one ended (the wall time: bench/suite_timings.py)
    assert max(start for start, _ in results) < min(end for _, end in results)


def test_refuses_to_block_a_running_loop():
    async def inner() -> None:
        coro = asyncio.sleep(0)
        with pytest.raises(RuntimeError, match="running event loop"):
            run_sync(coro)

    asyncio.run(inner())


def test_llm_clients_of_different_loops_share_one_tls_context():
    fake = FakeLLM().start()
    try:
        fake.script(Reply.text("一"), Reply.text("二"))
        gateway = LLMGateway(LLMConfig(base_url=fake.base_url, api_key="sk-test-0123456789", model="qwen-plus"))

        async def ask() -> tuple[str, object]:
            result = await gateway.complete("advisor", [{"role": "user", "content": "问"}])
            client = await gateway._client()
            return result.content, client._client._transport._pool._ssl_context

        on_shared = run_sync(ask())
        on_fresh = asyncio.run(ask())
        assert {on_shared[0], on_fresh[0]} == {"一", "二"}
        assert on_shared[1] is on_fresh[1]
    finally:
        fake.stop()


def test_a_loop_uses_its_few_llm_clients_in_turn_and_closes_them_all_when_it_ends():
    fake = FakeLLM().start()
    try:
        fake.script(*(Reply.text(str(n)) for n in range(8)))
        gateway = LLMGateway(LLMConfig(base_url=fake.base_url, api_key="sk-test-0123456789", model="qwen-plus"))

        async def ask_eight() -> list[object]:
            answers = await asyncio.gather(*(gateway.complete("advisor", [{"role": "user", "content": "问"}])
                                             for _ in range(8)))
            assert sorted(a.content for a in answers) == [str(n) for n in range(8)]
            return [await gateway._client() for _ in range(8)]

        clients = asyncio.run(ask_eight())
        assert 1 < len({id(c) for c in clients}) < 8  # a few clients, each reused
        assert all(c.is_closed() for c in clients)  # closed with their loop
        assert not gateway._clients
    finally:
        fake.stop()


def test_model_schema_is_cached_and_each_caller_gets_its_own_copy():
    from pydantic import BaseModel

    class Params(BaseModel):
        query: str
        top_k: int = 5

    first = model_schema(Params)
    first["properties"].clear()
    second = model_schema(Params)
    assert set(second["properties"]) == {"query", "top_k"} and second["required"] == ["query"]


# db_sync_to_async closes stale connections around each call; a pool thread that served an earlier
# database test still holds one, so this test needs database access to be allowed. Outside a transaction
# (a worker's task): run_sync uses the shared loop.
@pytest.mark.django_db(transaction=True)
def test_db_calls_run_in_parallel_on_the_shared_loop_and_in_the_callers_thread_elsewhere():
    from asgiref.sync import async_to_sync

    from agents.aio import db_sync_to_async, on_shared_loop

    def slow_probe() -> tuple[str, float, float]:
        started = time.monotonic()
        time.sleep(0.2)
        return threading.current_thread().name, started, time.monotonic()

    probe_async = db_sync_to_async(slow_probe)

    async def four_at_once() -> tuple[bool, list[tuple[str, float, float]]]:
        return on_shared_loop(), await asyncio.gather(*(probe_async() for _ in range(4)))

    shared, results = run_sync(four_at_once())
    assert shared and len({name for name, _, _ in results}) > 1
    spans = sorted((start, end) for _, start, end in results)
    assert spans[1][0] < spans[0][1]  # side by side: the second call began before the first one ended

    # A sync caller (a view, a test) going through async_to_sync: the call runs in the caller's thread,
    # where its open transaction is visible.
    caller = threading.current_thread().name
    async def elsewhere() -> tuple[bool, tuple[str, float, float]]:
        return on_shared_loop(), await probe_async()

    on_shared, (name, _, _) = async_to_sync(elsewhere)()
    assert on_shared is False and name == caller


@pytest.mark.django_db
def test_inside_a_transaction_the_run_sees_its_rows_in_the_callers_thread_and_finishes_what_it_started():
    """A caller inside a transaction (a service, a test): the run's database calls come back to the
    caller's thread and connection, where the uncommitted rows are; the tasks it left running (an event
    stream's drain) are done when run_sync returns, as they would be later on the shared loop."""
    from agents.aio import db_sync_to_async, in_caller_transaction
    from firm.services import user_create

    user, _ = user_create(username="uncommitted", role="staff", password="Correct-Horse-42", display_name="u")
    caller = threading.current_thread().name
    finished: list[str] = []

    def look() -> tuple[str, bool]:
        from django.contrib.auth import get_user_model

        return threading.current_thread().name, get_user_model().objects.filter(pk=user.pk).exists()

    async def later() -> None:
        await asyncio.sleep(0.05)
        finished.append("drain")

    async def run() -> tuple[bool, tuple[str, bool]]:
        asyncio.ensure_future(later())
        return on_shared_loop(), await db_sync_to_async(look)()

    assert in_caller_transaction()
    on_shared, (thread_name, seen) = run_sync(run())
    assert on_shared is False and thread_name == caller and seen
    assert finished == ["drain"]
