"""Ethical walls on research tasks: the API, the portal page and the websocket apply the same rule
(owner and the matter's team; compliance does no client work); the websocket streams the run's
events to those who may watch and refuses someone else's task."""

import asyncio

import pytest
from channels.testing import WebsocketCommunicator
from django.db import connections
from django.test import Client

from core.consumers import CLOSE_FORBIDDEN, CLOSE_UNAUTHENTICATED
from firm import services as firm_services
from legalsite.asgi import application
from research import services
from research.models import ResearchTask

pytestmark = [pytest.mark.django_db]

QUESTION = "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？"


@pytest.fixture
def firm(make_user):
    a, b, c = make_user("staff", "lawyer-a"), make_user("staff", "lawyer-b"), make_user("staff", "lawyer-c")
    auditor = make_user("compliance", "the-auditor")
    m1 = firm_services.matter_create(actor=a, number="M1", title="劳动争议", client="甲", members=[c])
    task = services.task_create(actor=a, question=QUESTION, matter=m1)
    own = services.task_create(actor=b, question="醉驾会被判刑吗？")
    return {"a": a, "b": b, "c": c, "auditor": auditor, "m1": m1, "task": task, "own": own}


def _cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def _communicator(task_id, cookie=None):
    headers = [(b"origin", b"http://localhost")]
    if cookie is not None:
        headers.append((b"cookie", cookie))
    return WebsocketCommunicator(application, f"/ws/research/{task_id}/", headers=headers)


def test_api_walls(firm, api_client):
    task = firm["task"]
    for user, expected in ((firm["a"], 200), (firm["c"], 200), (firm["b"], 404), (firm["auditor"], 403)):
        api_client.force_authenticate(user)
        assert api_client.get(f"/api/v1/research/tasks/{task.pk}").status_code == expected, user
        assert api_client.get(f"/api/v1/research/tasks/{task.pk}/export/md").status_code == expected, user
    for user, expected in ((firm["b"], 404), (firm["auditor"], 403), (firm["c"], 200)):
        api_client.force_authenticate(user)
        assert api_client.post(f"/api/v1/research/tasks/{task.pk}/cancel").status_code == expected, user
    assert ResearchTask.objects.get(pk=task.pk).status == "cancelled"
    api_client.force_authenticate(firm["b"])
    listed = [t["id"] for t in api_client.get("/api/v1/research/tasks").json()["results"]]
    assert listed == [firm["own"].pk]
    api_client.force_authenticate(firm["auditor"])
    assert api_client.post("/api/v1/predict", {"question": QUESTION}, format="json").status_code == 403
    api_client.force_authenticate(firm["b"])  # b may not file work under a matter b is not on
    assert api_client.post("/api/v1/research/tasks", {"question": QUESTION, "matter": firm["m1"].pk},
                           format="json").status_code == 404
    assert ResearchTask.objects.filter(owner=firm["b"]).count() == 1


def test_page_walls(firm, client):
    task = firm["task"]
    for user, expected in ((firm["a"], 200), (firm["c"], 200), (firm["b"], 404), (firm["auditor"], 403)):
        client.force_login(user)
        assert client.get(f"/research/{task.pk}/").status_code == expected, user
    client.force_login(firm["b"])
    page = client.get("/research/").content.decode()
    assert f'href="/research/{firm["own"].pk}/"' in page and f'href="/research/{task.pk}/"' not in page
    assert client.post(f"/research/{task.pk}/cancel/").status_code == 404


@pytest.mark.django_db(transaction=True)  # committed rows: another thread or process reads them
def test_websocket_refuses_someone_elses_task_and_anonymous(firm):
    task = firm["task"]
    outsider_cookie, member_cookie = _cookie(firm["b"]), _cookie(firm["c"])

    async def scenario():
        outsider = await _communicator(task.pk, outsider_cookie).connect()
        anonymous = await _communicator(task.pk).connect()
        member = _communicator(task.pk, member_cookie)
        accepted = await member.connect()
        await member.disconnect()
        return outsider, anonymous, accepted

    outsider, anonymous, accepted = asyncio.run(scenario())
    assert outsider == (False, CLOSE_FORBIDDEN)
    assert anonymous == (False, CLOSE_UNAUTHENTICATED)
    assert accepted[0] is True


def _worker_run(task_id):
    """What the worker does, in a thread of its own (its connection closed after)."""
    try:
        services.task_run(task_id=task_id)
    finally:
        connections.close_all()


@pytest.mark.django_db(transaction=True)  # committed rows: another thread or process reads them
def test_websocket_streams_the_runs_events_live_and_replays_them(statutes, firm):
    task = firm["task"]
    cookie = _cookie(firm["c"])

    async def watch(communicator):
        seen = []
        async with asyncio.timeout(60):
            while not seen or seen[-1].get("type") != "final":
                seen.append(await communicator.receive_json_from(timeout=60))
        return seen

    async def scenario():
        live = _communicator(task.pk, cookie)
        connected, _ = await live.connect()
        run = asyncio.create_task(asyncio.to_thread(_worker_run, task.pk))
        seen = await watch(live)
        await run
        await live.disconnect()
        later = _communicator(task.pk, cookie)  # a socket connecting afterwards gets the same events replayed
        await later.connect()
        replayed = await watch(later)
        await later.disconnect()
        return connected, seen, replayed

    connected, seen, replayed = asyncio.run(scenario())
    assert connected
    assert [e["seq"] for e in replayed] == [e["seq"] for e in seen]
    kinds = [e["type"] for e in seen]
    assert kinds.index("plan") < kinds.index("step_started") < kinds.index("step_finished") < kinds.index("final")
    finished = [e for e in seen if e["type"] == "step_finished"]
    assert all({"method", "verified", "duration_ms", "result_summary"} <= set(e) for e in finished)
    assert [e["seq"] for e in seen] == sorted(e["seq"] for e in seen)
    assert "48000" in seen[-1]["answer"]


@pytest.mark.django_db(transaction=True)  # committed rows: the consumer reads them on Channels' thread
def test_websocket_replays_only_what_a_reconnecting_page_missed(firm):
    from channels.layers import get_channel_layer

    from research.constants import task_group, task_log

    task = firm["task"]
    cookie = _cookie(firm["a"])
    log = task_log(task.pk)
    log.clear()
    for n in range(1, 5):
        log.append({"type": "status", "phase": "running", "text": f"第{n}步", "task_id": task.pk})

    async def receive_all(communicator):
        seen = []
        while not await communicator.receive_nothing(timeout=0.5):
            seen.append(await communicator.receive_json_from())
        return seen

    async def scenario():
        resumed = WebsocketCommunicator(application, f"/ws/research/{task.pk}/?after=2",
                                        headers=[(b"origin", b"http://localhost"), (b"cookie", cookie)])
        assert (await resumed.connect())[0]
        replayed = await receive_all(resumed)
        for seq in (2, 5):  # one the page showed before it reconnected, one it has not seen
            await get_channel_layer().group_send(task_group(task.pk), {"type": "event.forward", "event": {
                "type": "status", "phase": "running", "text": f"live {seq}", "task_id": task.pk, "seq": seq}})
        live = await receive_all(resumed)
        await resumed.disconnect()
        expired = WebsocketCommunicator(application, f"/ws/research/{task.pk}/?after=40",
                                        headers=[(b"origin", b"http://localhost"), (b"cookie", cookie)])
        await expired.connect()
        renumbered = await receive_all(expired)
        await expired.disconnect()
        return replayed, live, renumbered

    replayed, live, renumbered = asyncio.run(scenario())
    assert [e["seq"] for e in replayed] == [3, 4]
    assert [(e["seq"], e["text"]) for e in live] == [(5, "live 5")]
    # a cursor beyond the log's newest seq: the log expired and numbering started again, all of it is new
    assert [e["seq"] for e in renumbered] == [1, 2, 3, 4]
