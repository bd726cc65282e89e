"""The request path under ASGI: one thread hop for the middleware chain, warm Redis and Postgres connections."""

import asyncio
import json

import pytest
from asgiref import sync
from channels.testing import HttpCommunicator
from django.core.cache import caches
from django.db import connection
from rest_framework.authtoken.models import Token

from legalsite.asgi import application
from tests.support import pool_borrowed


def test_cache_instances_share_one_redis_pool():
    # Django builds a cache instance per request context under ASGI; they must not each connect anew.
    first, second = caches.create_connection("default"), caches.create_connection("default")
    assert first is not second
    assert first._cache._get_connection_pool(write=True) is second._cache._get_connection_pool(write=True)
    first.set("request-path-probe", 1, 5)
    assert second.get("request-path-probe") == 1


def test_database_connections_come_from_a_pool():
    assert connection.settings_dict["OPTIONS"]["pool"]["max_size"] >= 1
    assert connection.settings_dict["CONN_MAX_AGE"] == 0


@pytest.mark.django_db(transaction=True)
def test_an_api_request_hops_into_a_thread_a_few_times_not_once_per_middleware(staff_user, monkeypatch):
    token = Token.objects.create(user=staff_user).key
    hops = {"n": 0}
    original = sync.SyncToAsync.__call__

    async def counting(self, *args, **kwargs):
        hops["n"] += 1
        return await original(self, *args, **kwargs)

    async def scenario() -> tuple[int, dict]:
        headers = [(b"host", b"localhost"), (b"authorization", f"Token {token}".encode())]
        communicator = HttpCommunicator(application, "GET", "/api/v1/knowledge/status", headers=headers)
        response = await communicator.get_response(timeout=10)
        await communicator.wait(timeout=10)  # the handler closes the response: request_finished
        return response["status"], json.loads(response["body"])

    asyncio.run(scenario())  # warm-up: URL resolver, first connections
    before = pool_borrowed()  # the test's own connection
    monkeypatch.setattr(sync.SyncToAsync, "__call__", counting)
    status, body = asyncio.run(scenario())
    assert status == 200 and "laws" in json.dumps(body, ensure_ascii=False)
    # request_started, the chain (its innermost adapter and the view), the response's close: 6 hops.
    # With every async-capable middleware running on its own it took 18.
    assert hops["n"] <= 6, hops
    # request_finished gave the request thread's connection back to the pool
    assert pool_borrowed() == before

