"""``/ws/contracts/<id>/``: who may watch a contract, and an auto-review streaming over it."""

from __future__ import annotations

import asyncio
import time
from unittest import mock

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from contracts.models import ReviewIssue
from contracts.services import review
from contracts.services.review import task as review_task
from core.consumers import CLOSE_FORBIDDEN, CLOSE_UNAUTHENTICATED
from firm.services import matter_create, matter_member_remove, token_issue
from legalsite.asgi import application
from tests.contracts.review_support import make_contract

pytestmark = pytest.mark.django_db(transaction=True)


def _token(user) -> list[tuple[bytes, bytes]]:
    return [(b"authorization", f"Token {token_issue(user=user).key}".encode())]


def _cookie(user) -> list[tuple[bytes, bytes]]:
    client = Client()
    client.force_login(user)
    return [(b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()), (b"origin", b"http://localhost")]


def _socket(contract, headers):
    return WebsocketCommunicator(application, f"/ws/contracts/{contract.pk}/", headers=headers)


async def _until(communicator, predicate, timeout=60):
    seen = []
    async with asyncio.timeout(timeout):
        while True:
            event = await communicator.receive_json_from(timeout=timeout)
            seen.append(event)
            if predicate(event):
                return seen


def test_only_who_may_see_the_contract_connects(make_user):
    owner, member, outsider, compliance = (make_user(r) for r in ("staff", "staff", "staff", "compliance"))
    matter = matter_create(actor=owner, number="2026-合-010", title="采购", client="甲", members=[member])
    contract = make_contract(owner, matter=matter)
    headers = {name: _token(user) for name, user in
               (("owner", owner), ("member", member), ("outsider", outsider), ("compliance", compliance))}

    async def scenario():
        results = {"anonymous": await _socket(contract, [(b"origin", b"http://localhost")]).connect()}
        for name, header in headers.items():
            socket = _socket(contract, header)
            results[name] = await socket.connect()
            if results[name][0]:
                await socket.disconnect()
        return results

    results = asyncio.run(scenario())
    assert results["anonymous"] == (False, CLOSE_UNAUTHENTICATED)
    assert results["outsider"] == (False, CLOSE_FORBIDDEN)
    assert results["compliance"] == (False, CLOSE_FORBIDDEN)
    assert results["owner"][0] and results["member"][0]


def test_a_member_taken_off_the_team_is_disconnected(make_user):
    owner, member = make_user("staff"), make_user("staff")
    matter = matter_create(actor=owner, number="2026-合-011", title="采购", client="甲", members=[member])
    contract = make_contract(owner, matter=matter)
    header = _cookie(member)

    async def scenario():
        socket = _socket(contract, header)
        connected, _ = await socket.connect()
        await sync_to_async(matter_member_remove)(actor=owner, matter=matter, user=member)
        closed = await socket.receive_output(timeout=10)
        return connected, closed

    connected, closed = asyncio.run(scenario())
    assert connected and closed == {"type": "websocket.close", "code": CLOSE_FORBIDDEN}


def test_an_auto_review_streams_progress_and_issues(statutes, staff_user):
    contract = make_contract(staff_user)
    header = _cookie(staff_user)
    run = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)

    async def scenario():
        socket = _socket(contract, header)
        connected, _ = await socket.connect()
        # a page opened while the run is queued is told where it is
        first = await socket.receive_json_from(timeout=10)
        worker = asyncio.ensure_future(database_sync_to_async(review.review_run, thread_sensitive=False)(run_id=run.pk))
        events = await _until(socket, lambda e: e.get("type") == "progress" and e.get("done") == 3)
        late = _socket(contract, header)  # joins mid-review
        await late.connect()
        state = await late.receive_json_from(timeout=10)
        events += await _until(socket, lambda e: e.get("type") == "status" and e.get("phase") == "done")
        await worker
        await socket.disconnect()
        await late.disconnect()
        return connected, first, events, state

    real = review_task._section_offline

    def slowly(*args):  # a reviewer slow enough for a page to join mid-review
        time.sleep(0.3)
        return real(*args)

    with mock.patch.object(review_task, "_section_offline", slowly):
        connected, first, events, state = asyncio.run(scenario())
    assert connected and first["type"] == "progress" and first["done"] == 0 and first["total"] == 7
    progress = [e for e in events if e["type"] == "progress"]
    assert [e["done"] for e in progress if e["section"]] == list(range(1, 8))
    assert progress[0]["run_id"] == run.pk and progress[-1]["status"] == "done"
    assert state["type"] == "progress" and 3 <= state["done"] <= 7 and state["run_id"] == run.pk
    streamed = {e["issue"]["id"] for e in events if e["type"] == "issue"}
    assert streamed == set(ReviewIssue.objects.filter(contract=contract).values_list("pk", flat=True))
    assert any(e["issue"]["section_number"] == "第二条" for e in events if e["type"] == "issue")
    assert events[-1]["status"] == "done"


def test_a_page_that_reconnects_gets_the_review_events_it_missed_once(statutes, staff_user):
    contract = make_contract(staff_user)
    header = _cookie(staff_user)
    run = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    review.review_run(run_id=run.pk)  # the whole review ran while the page was away
    logged = review.run_stream(run).replay()
    assert [e["seq"] for e in logged] == list(range(1, len(logged) + 1))
    seen = logged[2]["seq"]  # the page saw the first three events before it lost its socket

    async def scenario():
        socket = WebsocketCommunicator(application, f"/ws/contracts/{contract.pk}/?run={run.pk}&after={seen}",
                                       headers=header)
        connected, _ = await socket.connect()
        # the missed events, then the run's state (not numbered: read from the database)
        events = await _until(socket, lambda e: e.get("type") == "progress" and "seq" not in e, timeout=20)
        await socket.disconnect()
        return connected, events

    connected, events = asyncio.run(scenario())
    assert connected
    replayed = [e for e in events if "seq" in e]
    assert [e["seq"] for e in replayed] == [e["seq"] for e in logged if e["seq"] > seen]
    assert all(e["run_id"] == run.pk and e["contract_id"] == contract.pk for e in replayed)
    assert {e["issue"]["id"] for e in replayed if e["type"] == "issue"} == set(
        ReviewIssue.objects.filter(contract=contract).values_list("pk", flat=True))
    assert events[-1]["status"] == "done" and events[-1]["run_id"] == run.pk


@pytest.mark.slow
def test_the_worker_runs_the_auto_review_the_api_started(statutes, staff_user, celery_worker):
    from rest_framework.test import APIClient

    contract = make_contract(staff_user)
    header = _cookie(staff_user)
    client = APIClient()
    client.force_authenticate(staff_user)

    async def scenario():
        socket = _socket(contract, header)
        connected, _ = await socket.connect()
        response = await sync_to_async(client.post)(f"/api/v1/contracts/{contract.pk}/reviews", {"mode": "auto"},
                                                    format="json")
        events = await _until(socket, lambda e: e.get("type") == "status" and e.get("phase") == "done", timeout=120)
        await socket.disconnect()
        return connected, response, events

    connected, response, events = asyncio.run(scenario())
    assert connected and response.status_code == 202
    assert events[-1]["status"] == "done" and events[-1]["run_id"] == response.json()["id"]
    assert max(e["done"] for e in events if e["type"] == "progress") == 7
    run = contract.review_runs.get(pk=response.json()["id"])
    assert run.status == "done" and ReviewIssue.objects.filter(contract=contract, run=run).exists()
