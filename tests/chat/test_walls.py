"""Ethical walls under change: moving work across a wall, websockets that outlive access, and
admins and compliance officers reading the traces of privileged work.

The firm: users A, B, C (staff); matters M1..M4, M2 and M4 privileged; A leads M1, M2 and M4,
C is on the teams of M1 and M2; C leads M3, where B sits.
"""

from __future__ import annotations

import asyncio
import csv
import io

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from rest_framework.test import APIClient

from chat import services
from chat.models import ChatSession, Message
from core.consumers import CLOSE_FORBIDDEN, CLOSE_UNAUTHENTICATED
from core.realtime import agroup_publish
from firm import services as firm_services
from legalsite.asgi import application
from tests.tracing.factories import drive_chat_turn
from tracing.models import AuditEvent
from tracing.recorder import trace_open
from tracing.redaction import MASKED_CONTENT

QUESTION = "甲公司拟收购乙公司全部股权，交易对价如何保密？"
ORIGIN = (b"origin", b"http://localhost")


@pytest.fixture
def firm(make_user):
    a, b, c = make_user("staff", "lawyer-a"), make_user("staff", "lawyer-b"), make_user("staff", "lawyer-c")
    admin, auditor = make_user("admin", "the-admin"), make_user("compliance", "the-auditor")
    m1 = firm_services.matter_create(actor=a, number="M1", title="买卖合同纠纷", client="甲", members=[c])
    m2 = firm_services.matter_create(actor=a, number="M2", title="并购", client="乙", members=[c], privileged=True)
    m3 = firm_services.matter_create(actor=c, number="M3", title="劳动争议", client="丙", members=[b])
    m4 = firm_services.matter_create(actor=a, number="M4", title="内部调查", client="丁", privileged=True)
    s1 = services.session_create(actor=a, title="M1 咨询", matter=m1)
    s2 = services.session_create(actor=a, title="M2 保密咨询", matter=m2)
    return {"A": a, "B": b, "C": c, "admin": admin, "auditor": auditor, "M1": m1, "M2": m2, "M3": m3, "M4": m4,
            "s1": s1, "s2": s2}


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _portal(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _cookie(user) -> bytes:
    return f"sessionid={_portal(user).cookies['sessionid'].value}".encode()


def _move(user, session, matter):
    return _api(user).patch(f"/api/v1/chat/sessions/{session.pk}", {"matter": matter.pk if matter else None},
                            format="json")


# --- moving work across a wall -----------------------------------------------------------------
@pytest.mark.django_db
def test_a_team_member_cannot_carry_privileged_work_to_another_matter(firm):
    a, b, c, s2 = firm["A"], firm["B"], firm["C"], firm["s2"]
    assert _api(c).get(f"/api/v1/chat/sessions/{s2.pk}").status_code == 200  # C is on M2's team

    response = _move(c, s2, firm["M3"])

    assert response.status_code == 403
    assert ChatSession.objects.get(pk=s2.pk).matter_id == firm["M2"].pk
    assert _api(b).get(f"/api/v1/chat/sessions/{s2.pk}/export/json").status_code == 404
    assert _portal(b).get(f"/chat/{s2.pk}/").status_code == 404
    assert not AuditEvent.objects.filter(event_type="chat.session_moved").exists()
    assert _move(a, s2, firm["M3"]).status_code == 404  # A is not on M3: it does not exist for A


@pytest.mark.django_db
def test_only_the_owner_a_lead_or_an_admin_moves_work_and_only_to_the_owners_matters(firm):
    a, b, c = firm["A"], firm["B"], firm["C"]
    c_in_m1 = services.session_create(actor=c, title="C 的 M1 咨询", matter=firm["M1"])
    c_in_m2 = services.session_create(actor=c, title="C 的保密咨询", matter=firm["M2"])

    assert _move(c, firm["s1"], firm["M3"]).status_code == 403  # not the owner, not M1's lead
    assert _move(c, c_in_m2, firm["M1"]).status_code == 403  # owner, but privileged work leaves only by the lead
    assert _move(c, c_in_m2, None).status_code == 403  # detaching is leaving too
    assert _move(a, c_in_m1, firm["M4"]).status_code == 403  # M1's lead, but C (the owner) is not on M4

    assert _move(c, c_in_m1, firm["M3"]).status_code == 200  # the owner, to a matter the owner is on
    assert _api(b).get(f"/api/v1/chat/sessions/{c_in_m1.pk}").status_code == 200
    assert _portal(b).get(f"/chat/{c_in_m1.pk}/").status_code == 200

    moved = _move(a, firm["s2"], firm["M4"])  # the lead moves privileged work between matters A leads
    assert moved.status_code == 200 and moved.json()["matter"] == firm["M4"].pk
    event = AuditEvent.objects.get(event_type="chat.session_moved", object_id=str(firm["s2"].pk))
    assert event.actor == a and event.matter == firm["M2"]
    assert (event.old_data["matter"]["number"], event.new_data["matter"]["number"]) == ("M2", "M4")
    assert event.detail_data == {"from_privileged": True, "to_privileged": True}
    assert _api(c).get(f"/api/v1/chat/sessions/{firm['s2'].pk}").status_code == 404  # C is not on M4


# --- an open websocket outlives access ---------------------------------------------------------
def _socket(user, session) -> WebsocketCommunicator:
    return WebsocketCommunicator(application, f"/ws/chat/{session.pk}/", headers=[(b"cookie", _cookie(user)),
                                                                                 ORIGIN])


async def _closed_with(communicator: WebsocketCommunicator) -> int | None:
    """The close code of the next output, skipping keep-alive pings; None when something else came."""
    while True:
        output = await communicator.receive_output(timeout=10)
        if output["type"] == "websocket.close":
            return output.get("code")
        if output["type"] == "websocket.send" and '"ping"' in output.get("text", ""):
            continue
        return None


@pytest.mark.django_db(transaction=True)
def test_taking_the_session_out_of_the_matter_closes_the_team_members_socket(firm):
    a, c, s1 = firm["A"], firm["C"], firm["s1"]
    socket = _socket(c, s1)

    async def scenario():
        connected, _ = await socket.connect()
        moved = await sync_to_async(_move)(a, s1, None)  # A, the owner, takes the session out of M1
        code = await _closed_with(socket)
        c_reads = await sync_to_async(lambda: _api(c).get(f"/api/v1/chat/sessions/{s1.pk}").status_code)()
        question, answer = await sync_to_async(services.turn_create)(actor=a, session=s1, content="A 的问题")
        await agroup_publish(services.session_group(s1.pk), {"type": "final", "turn_id": str(answer.turn_id),
                                                            "seq": 1, "content": "A 的回答"})
        silent = await socket.receive_nothing(timeout=0.5)
        await socket.disconnect()
        return connected, moved.status_code, code, c_reads, silent

    connected, moved, code, c_reads, silent = asyncio.run(scenario())
    assert connected and moved == 200
    assert code == CLOSE_FORBIDDEN
    assert c_reads == 404
    assert silent


@pytest.mark.django_db(transaction=True)
def test_deleting_the_session_closes_its_sockets(firm):
    a, c, s1 = firm["A"], firm["C"], firm["s1"]
    socket = _socket(c, s1)

    async def scenario():
        connected, _ = await socket.connect()
        deleted = await sync_to_async(lambda: _api(a).delete(f"/api/v1/chat/sessions/{s1.pk}").status_code)()
        code = await _closed_with(socket)
        await socket.disconnect()
        return connected, deleted, code

    assert asyncio.run(scenario()) == (True, 204, CLOSE_FORBIDDEN)


@pytest.mark.django_db(transaction=True)
def test_every_message_a_socket_sends_is_checked_again(firm):
    c, s1 = firm["C"], firm["s1"]
    socket = _socket(c, s1)

    async def scenario():
        connected, _ = await socket.connect()
        # access changes without any announcement (another process, a direct write)
        await sync_to_async(lambda: ChatSession.objects.filter(pk=s1.pk).update(matter=None))()
        await socket.send_json_to({"type": "ask", "content": "C 的问题"})
        code = await _closed_with(socket)
        await socket.disconnect()
        return connected, code

    connected, code = asyncio.run(scenario())
    assert connected and code == CLOSE_FORBIDDEN
    assert not Message.objects.filter(session_id=s1.pk).exists()  # nothing stored in A's session


@pytest.mark.django_db(transaction=True)
def test_a_socket_that_lost_access_is_not_sent_the_next_answer(firm):
    c, s1 = firm["C"], firm["s1"]
    socket = _socket(c, s1)

    async def scenario():
        connected, _ = await socket.connect()
        await sync_to_async(lambda: ChatSession.objects.filter(pk=s1.pk).update(matter=None))()
        await agroup_publish(services.session_group(s1.pk), {"type": "final", "turn_id": "t-2", "seq": 1,
                                                            "content": "只给 A 看的回答"})
        code = await _closed_with(socket)
        await socket.disconnect()
        return connected, code

    connected, code = asyncio.run(scenario())
    assert connected and code == CLOSE_FORBIDDEN


@pytest.mark.django_db(transaction=True)
def test_team_and_privilege_changes_close_the_sockets_of_the_matters_work(firm):
    a, c, admin, s1 = firm["A"], firm["C"], firm["admin"], firm["s1"]
    member_socket, admin_socket = _socket(c, s1), _socket(admin, s1)

    async def scenario():
        first = (await member_socket.connect())[0], (await admin_socket.connect())[0]
        await sync_to_async(firm_services.matter_member_remove)(actor=a, matter=firm["M1"], user=c)
        member_code = await _closed_with(member_socket)
        still_open = await admin_socket.receive_nothing(timeout=0.5)  # admins see non-privileged work
        await sync_to_async(firm_services.matter_update)(actor=a, matter=firm["M1"], privileged=True)
        admin_code = await _closed_with(admin_socket)
        await member_socket.disconnect()
        await admin_socket.disconnect()
        return first, member_code, still_open, admin_code

    first, member_code, still_open, admin_code = asyncio.run(scenario())
    assert first == (True, True)
    assert member_code == CLOSE_FORBIDDEN and still_open and admin_code == CLOSE_FORBIDDEN


@pytest.mark.django_db(transaction=True)
def test_a_deactivated_users_sockets_close(firm):
    c, admin, s1 = firm["C"], firm["admin"], firm["s1"]
    chat_socket = _socket(c, s1)
    notifications = WebsocketCommunicator(application, "/ws/notifications/", headers=[(b"cookie", _cookie(c)),
                                                                                      ORIGIN])

    async def scenario():
        await chat_socket.connect()
        await notifications.connect()
        hello = await notifications.receive_json_from()
        await sync_to_async(firm_services.user_active_set)(actor=admin, user=c, active=False)
        codes = await _closed_with(chat_socket), await _closed_with(notifications)
        await chat_socket.disconnect()
        await notifications.disconnect()
        return hello, codes

    hello, codes = asyncio.run(scenario())
    assert hello["type"] == "hello"
    assert codes == (CLOSE_UNAUTHENTICATED, CLOSE_UNAUTHENTICATED)


# --- admins, compliance and privileged traces --------------------------------------------------
def _trace(firm, matter_key: str, session_key: str) -> str:
    recorder = trace_open("chat", firm["A"], firm[session_key], firm[matter_key])
    drive_chat_turn(recorder, question=QUESTION)
    recorder.close()
    return recorder.trace_id


@pytest.mark.django_db
def test_admins_outside_a_privileged_matter_do_not_read_its_traces(firm):
    admin = firm["admin"]
    secret, ordinary = _trace(firm, "M2", "s2"), _trace(firm, "M1", "s1")
    api = _api(admin)

    assert api.get(f"/api/v1/chat/sessions/{firm['s2'].pk}").status_code == 404  # the work itself
    assert api.get(f"/api/v1/traces/{secret}").status_code == 404
    assert api.get(f"/api/v1/traces/{ordinary}").status_code == 200
    assert [t["trace_id"] for t in api.get("/api/v1/traces").json()["results"]] == [ordinary]
    portal = _portal(admin)
    changelist = portal.get("/admin/tracing/trace/").content.decode()
    assert ordinary[:8] in changelist and secret[:8] not in changelist
    assert portal.get(f"/admin/tracing/trace/{secret}/change/").status_code == 302  # "does not exist"

    firm_services.matter_member_add(actor=admin, matter=firm["M2"], user=admin)  # joining is explicit, recorded
    body = api.get(f"/api/v1/traces/{secret}").json()
    assert body["content_hidden"] is False and QUESTION in body["tool_calls"][0]["input"]


@pytest.mark.django_db
def test_compliance_reads_privileged_traces_masked(firm):
    auditor = firm["auditor"]
    secret, ordinary = _trace(firm, "M2", "s2"), _trace(firm, "M1", "s1")
    api = _api(auditor)

    response = api.get(f"/api/v1/traces/{secret}")
    assert response.status_code == 200
    body = response.json()
    assert QUESTION not in response.content.decode() and "公司拖欠工资" not in response.content.decode()
    assert body["content_hidden"] is True and body["matter"]["number"] == "M2"
    call = body["llm_calls"][0]
    assert call["request"] == MASKED_CONTENT and call["response"] == MASKED_CONTENT
    assert len(call["request_sha256"]) == 64 and call["tokens_in"] == 1000 and call["model"] == "qwen-plus"
    tool = body["tool_calls"][0]
    assert tool["input"] == MASKED_CONTENT and tool["tool"] == "search_legal_knowledge" and tool["input_bytes"] > 0
    assert body["routing_decisions"][0]["reason"] == MASKED_CONTENT
    assert body["routing_decisions"][0]["domain"] == "labor"

    plain = api.get(f"/api/v1/traces/{ordinary}").json()
    assert plain["content_hidden"] is False and QUESTION in plain["tool_calls"][0]["input"]
    assert [t["trace_id"] for t in api.get("/api/v1/traces", {"q": "股权"}).json()["results"]] == [ordinary]

    portal = _portal(auditor)
    timeline = portal.get(f"/admin/tracing/trace/{secret}/change/").content.decode()
    assert timeline.count(MASKED_CONTENT) >= 3 and QUESTION not in timeline and "保密事项" in timeline
    exported = portal.post("/admin/tracing/trace/", {"action": "export_csv", "_selected_action": [secret, ordinary]})
    rows = list(csv.reader(io.StringIO(exported.content.decode("utf-8-sig"))))
    secret_rows = "".join(",".join(row) for row in rows if row[0] == secret)
    ordinary_rows = "".join(",".join(row) for row in rows if row[0] == ordinary)
    assert QUESTION not in secret_rows and MASKED_CONTENT in secret_rows and QUESTION in ordinary_rows
