"""Ethical walls in a chat turn, through the API, the portal and the websocket.

The firm: A leads M1 (C on its team) and the privileged M4 (C not on it). C asks in A's M1 session.
The turn runs as C within M1: case search sees M1's cases and C's own unfiled ones, never M4's (nor
A's own unfiled ones), the trace is C's, and only one answer at a time runs per session.
"""

from __future__ import annotations

import asyncio
import json
import threading
from datetime import timedelta

import pytest
from channels.testing import WebsocketCommunicator
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from chat import services, turn_stream
from chat.models import Message
from firm.services import matter_create, token_issue
from legalsite.asgi import application
from tests.knowledge.case_files import upload_case
from tracing.models import Trace

pytestmark = pytest.mark.django_db(transaction=True)

#: A case-analysis question (the plan runs legal_research ∥ case_analysis, then legal_advisor).
QUESTION = "公司以我严重违反规章制度为由把我辞退了，可规章制度从来没告诉过我，他们这样做合法吗"
IN_FLIGHT = "上一个问题仍在回答中"

JUDGMENT = """北京市海淀区人民法院
民事判决书
（2024）京0108民初{number}号
原告：{plaintiff}。
被告：{defendant}。
原告{plaintiff}向本院提出诉讼请求：判令被告支付违法解除劳动合同赔偿金。
本院认为，用人单位以劳动者严重违反规章制度为由解除劳动合同，应当对规章制度经过民主程序制定并已告知劳动者承担举证责任。被告未能举证规章制度已向{plaintiff}公示告知，其解除行为构成违法解除，应当支付赔偿金。
判决如下：
被告{defendant}支付原告{plaintiff}违法解除劳动合同赔偿金六万元。"""

M1_CASE = "团队案例：王某诉丙网络公司违法解除"
C_OWN_CASE = "个人案例：李某诉戊物流公司违法解除"
M4_CASE = "保密案例：赵某诉丁科技公司违法解除"
A_OWN_CASE = "私人案例：周某诉己商贸公司违法解除"


def _case(actor, title, matter, number, plaintiff, defendant):
    text = JUDGMENT.format(number=number, plaintiff=plaintiff, defendant=defendant)
    return upload_case(actor=actor, file=SimpleUploadedFile(f"{number}.txt", text.encode()), title=title,
                       matter=matter)


@pytest.fixture
def firm(make_user):
    a, b, c = make_user("staff"), make_user("staff"), make_user("staff")
    m1 = matter_create(actor=a, number="M1-劳", title="王某劳动争议", client="王某", members=[c])
    m4 = matter_create(actor=a, number="M4-密", title="赵某劳动争议", client="赵某", members=[b], privileged=True)
    session = services.session_create(actor=a, title="M1 咨询", matter=m1)
    return {"a": a, "b": b, "c": c, "m1": m1, "m4": m4, "session": session, "auditor": make_user("compliance")}


@pytest.fixture
def cases(firm, statutes):
    _case(firm["a"], M1_CASE, firm["m1"], 101, "王某", "丙网络公司")
    _case(firm["c"], C_OWN_CASE, None, 102, "李某", "戊物流公司")
    _case(firm["a"], M4_CASE, firm["m4"], 104, "赵某", "丁科技公司")
    _case(firm["a"], A_OWN_CASE, None, 105, "周某", "己商贸公司")


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _traces_of(firm, username: str) -> dict:
    return _api(firm["auditor"]).get("/api/v1/traces", {"user": username}).json()


def _assert_behind_the_wall(content: str, sources: list[dict]) -> None:
    shown = json.dumps(sources, ensure_ascii=False)
    assert M1_CASE in content and C_OWN_CASE in content  # the search ran and found what C may see here
    assert M1_CASE in shown and C_OWN_CASE in shown
    for walled in (M4_CASE, A_OWN_CASE):
        assert walled not in content and walled not in shown


def _assert_traced_as(firm, message: Message, asker) -> None:
    listed = _traces_of(firm, asker.username)
    assert listed["count"] == 1 and listed["results"][0]["trace_id"] == str(message.trace_id)
    assert listed["results"][0]["user"] == asker.username
    assert _traces_of(firm, firm["a"].username)["count"] == 0  # the session's owner did not ask
    trace = Trace.objects.get(trace_id=message.trace_id)
    assert trace.user == asker and trace.matter == firm["m1"]
    searched = trace.tool_calls.filter(tool="search_cases")
    assert searched.exists() and not any(M4_CASE in call.output for call in searched)


# -- case search and attribution ------------------------------------------------------------------------


@pytest.mark.slow
def test_api_ask_searches_cases_as_the_asker_within_the_sessions_matter(firm, cases, celery_worker):
    response = _api(firm["c"]).post(f"/api/v1/chat/sessions/{firm['session'].pk}/messages",
                                    {"content": QUESTION}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["intent"]["intent"] == "case_analysis"
    _assert_behind_the_wall(body["content"], body["sources"])
    message = Message.objects.get(pk=body["id"])
    assert message.reply_to.author == firm["c"]
    _assert_traced_as(firm, message, firm["c"])


@pytest.mark.slow
def test_websocket_ask_runs_as_the_asker(firm, cases, celery_worker):
    key = token_issue(user=firm["c"]).key
    session = firm["session"]

    async def scenario():
        communicator = WebsocketCommunicator(application, f"/ws/chat/{session.pk}/",
                                             headers=[(b"authorization", f"Token {key}".encode())])
        connected, _ = await communicator.connect()
        await communicator.send_json_to({"type": "ask", "content": QUESTION})
        seen = []
        async with asyncio.timeout(120):
            while not (seen and seen[-1].get("type") == "status" and seen[-1].get("phase") == "done"):
                seen.append(await communicator.receive_json_from(timeout=120))
        await communicator.disconnect()
        return connected, seen

    connected, seen = asyncio.run(scenario())
    assert connected and seen[0]["type"] == "accepted"
    final = next(e for e in seen if e["type"] == "final")
    _assert_behind_the_wall(final["content"], final["sources"])
    _assert_traced_as(firm, Message.objects.get(pk=final["message_id"]), firm["c"])


@pytest.mark.slow
def test_portal_ask_runs_as_the_asker(firm, cases, celery_worker):
    client = Client()
    client.force_login(firm["c"])
    session = firm["session"]
    assert client.post(session.get_absolute_url(), {"content": QUESTION}).status_code == 302
    answer = turn_stream.wait(session.messages.get(role=Message.Role.ASSISTANT), timeout=120)
    assert answer.status == Message.Status.COMPLETE
    _assert_behind_the_wall(answer.content, answer.sources)
    _assert_traced_as(firm, answer, firm["c"])
    page = client.get(session.get_absolute_url()).content.decode()
    assert M1_CASE in page and M4_CASE not in page


# -- one answer at a time per session ----------------------------------------------------------------------


def test_concurrent_api_asks_accept_exactly_one(firm, settings, monkeypatch):
    settings.CHAT_SYNC_TIMEOUT = 1  # the accepted ask waits this long for a worker, then answers 202
    queued: list[int] = []
    monkeypatch.setattr(services, "turn_queue", lambda *, answer_id: queued.append(answer_id))
    session, asks = firm["session"], 10
    barrier = threading.Barrier(asks)
    responses: list = [None] * asks

    def ask(index: int) -> None:
        try:
            client = _api(firm["a"] if index % 2 else firm["c"])
            barrier.wait()
            responses[index] = client.post(f"/api/v1/chat/sessions/{session.pk}/messages",
                                           {"content": f"第 {index} 个问题：试用期被辞退有补偿吗"}, format="json")
        finally:
            connection.close()

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(asks)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    codes = sorted(r.status_code for r in responses)
    assert codes == [202] + [400] * (asks - 1), codes
    refused = [r for r in responses if r.status_code == 400]
    assert all(IN_FLIGHT in json.dumps(r.json(), ensure_ascii=False) for r in refused)
    accepted = next(r.json() for r in responses if r.status_code == 202)
    assert queued == [accepted["id"]]
    assert session.messages.filter(role=Message.Role.USER).count() == 1  # refused questions left nothing
    assert list(session.messages.filter(role=Message.Role.ASSISTANT).values_list("pk", "status")) == [
        (accepted["id"], Message.Status.PENDING)]


def test_a_second_websocket_ask_while_one_is_in_flight_gets_an_error(firm, monkeypatch):
    queued: list[int] = []
    monkeypatch.setattr(services, "turn_queue", lambda *, answer_id: queued.append(answer_id))
    key = token_issue(user=firm["c"]).key
    session = firm["session"]

    async def scenario():
        communicator = WebsocketCommunicator(application, f"/ws/chat/{session.pk}/",
                                             headers=[(b"authorization", f"Token {key}".encode())])
        await communicator.connect()
        await communicator.send_json_to({"type": "ask", "content": "试用期被辞退有补偿吗"})
        first = await communicator.receive_json_from(timeout=10)
        await communicator.send_json_to({"type": "ask", "content": "再问一个：加班费怎么算"})
        second = await communicator.receive_json_from(timeout=10)
        await communicator.disconnect()
        return first, second

    first, second = asyncio.run(scenario())
    assert first["type"] == "accepted" and queued == [first["message_id"]]
    assert second["type"] == "error" and second["code"] == "invalid_input" and IN_FLIGHT in second["message"]
    assert session.messages.filter(role=Message.Role.USER).count() == 1
    assert Message.objects.get(pk=first["message_id"]).reply_to.author == firm["c"]


def test_a_second_portal_ask_while_one_is_in_flight_is_refused(firm, monkeypatch):
    monkeypatch.setattr(services, "turn_queue", lambda *, answer_id: None)
    client = Client()
    client.force_login(firm["c"])
    session = firm["session"]
    assert client.post(session.get_absolute_url(), {"content": "试用期被辞退有补偿吗"}).status_code == 302
    assert client.post(session.get_absolute_url(), {"content": "再问一个"}).status_code == 302
    assert IN_FLIGHT in client.get(session.get_absolute_url()).content.decode()
    assert list(session.messages.filter(role=Message.Role.USER).values_list("content", "author")) == [
        ("试用期被辞退有补偿吗", firm["c"].pk)]


def test_a_stale_turn_does_not_block_the_next_ask(firm, settings, monkeypatch):
    monkeypatch.setattr(services, "turn_queue", lambda *, answer_id: None)
    settings.CHAT_SYNC_TIMEOUT = 1
    session = firm["session"]
    _question, stale = services.turn_create(actor=firm["a"], session=session, content="醉驾会被判刑吗")
    long_ago = timezone.now() - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 120)
    Message.objects.filter(pk=stale.pk).update(status=Message.Status.RUNNING, created_at=long_ago)
    response = _api(firm["c"]).post(f"/api/v1/chat/sessions/{session.pk}/messages", {"content": "醉驾会被判刑吗"},
                                    format="json")
    assert response.status_code == 202
    assert Message.objects.get(pk=stale.pk).status == Message.Status.ERROR


# -- intent classification is audited ------------------------------------------------------------------------


def test_intent_classify_leaves_a_trace_with_the_routing_decision(firm):
    body = _api(firm["c"]).post("/api/v1/intent/classify", {"text": QUESTION}, format="json").json()
    assert body["domain"] == "labor" and body["intent"] == "case_analysis"
    auditor = _api(firm["auditor"])
    listed = auditor.get("/api/v1/traces", {"user": firm["c"].username, "kind": "intent"}).json()
    assert listed["count"] == 1 and listed["results"][0]["trace_id"] == body["trace_id"]
    trace = auditor.get(f"/api/v1/traces/{body['trace_id']}").json()
    assert trace["user"] == firm["c"].username and trace["kind"] == "intent" and trace["status"] == "success"
    [decision] = trace["routing_decisions"]
    assert (decision["layer"], decision["domain"], decision["intent"]) == ("rule", "labor", "case_analysis")
    assert decision["confidence"] == body["confidence"]
    assert decision["agents"] == ["legal_research", "case_analysis", "legal_advisor"]
