"""The chat websocket: access rules, asking, live events from the worker, replay after reconnect."""

import asyncio

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client

from chat import services
from chat.consumers import CLOSE_FORBIDDEN
from chat.models import Message
from core.consumers import CLOSE_UNAUTHENTICATED
from firm.services import token_issue
from legalsite.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


def _cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def _communicator(session_id, headers):
    return WebsocketCommunicator(application, f"/ws/chat/{session_id}/", headers=headers)


async def _receive_until(communicator, predicate, timeout=60):
    seen = []
    async with asyncio.timeout(timeout):
        while True:
            event = await communicator.receive_json_from(timeout=timeout)
            seen.append(event)
            if predicate(event):
                return seen


def test_anonymous_and_outsiders_are_refused(make_user):
    owner, outsider = make_user("staff"), make_user("staff")
    session = services.session_create(actor=owner)

    async def scenario():
        anonymous = _communicator(session.pk, [(b"origin", b"http://localhost")])
        first = await anonymous.connect()
        other = _communicator(session.pk, [(b"cookie", _cookie_outsider), (b"origin", b"http://localhost")])
        second = await other.connect()
        return first, second

    _cookie_outsider = _cookie(outsider)
    first, second = asyncio.run(scenario())
    assert first == (False, CLOSE_UNAUTHENTICATED)
    assert second == (False, CLOSE_FORBIDDEN)


def test_replay_of_a_turn_in_flight(staff_user):
    session = services.session_create(actor=staff_user)
    question, answer = services.turn_create(actor=staff_user, session=session, content="醉驾怎么处罚")
    Message.objects.filter(pk=answer.pk).update(status=Message.Status.RUNNING)
    log = services.turn_log(answer.turn_id)
    log.clear()
    for phase in ("intent", "routing", "tool"):
        log.append({"type": "status", "phase": phase, "text": phase, "turn_id": str(answer.turn_id)})
    key = token_issue(user=staff_user).key

    async def scenario():
        communicator = _communicator(session.pk, [(b"authorization", f"Token {key}".encode())])
        connected, _ = await communicator.connect()
        replayed = [await communicator.receive_json_from() for _ in range(3)]
        await communicator.disconnect()
        return connected, replayed

    connected, replayed = asyncio.run(scenario())
    assert connected
    assert [e["phase"] for e in replayed] == ["intent", "routing", "tool"]
    assert [e["seq"] for e in replayed] == [1, 2, 3]


def test_bad_messages_get_an_error_event(staff_user):
    session = services.session_create(actor=staff_user)
    key = token_issue(user=staff_user).key

    async def scenario():
        communicator = _communicator(session.pk, [(b"authorization", f"Token {key}".encode())])
        await communicator.connect()
        await communicator.send_json_to({"type": "ask", "content": "  "})
        empty = await communicator.receive_json_from()
        await communicator.send_json_to({"type": "dance"})
        unknown = await communicator.receive_json_from()
        await communicator.send_json_to({"type": "ping"})
        pong = await communicator.receive_json_from()
        await communicator.disconnect()
        return empty, unknown, pong

    empty, unknown, pong = asyncio.run(scenario())
    assert empty["type"] == "error" and empty["code"] == "invalid_input" and "不能为空" in empty["message"]
    assert unknown["code"] == "invalid_input"
    assert pong == {"type": "pong"}
    assert Message.objects.count() == 0


@pytest.mark.slow
def test_ask_over_the_websocket_and_watch_the_worker_answer(staff_user, statutes, celery_worker):
    session = services.session_create(actor=staff_user)
    cookie = _cookie(staff_user)

    async def scenario():
        communicator = _communicator(session.pk, [(b"cookie", cookie), (b"origin", b"http://localhost")])
        connected, _ = await communicator.connect()
        question = "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？"
        await communicator.send_json_to({"type": "ask", "content": question})
        events = await _receive_until(communicator, lambda e: e.get("type") == "status" and e.get("phase") == "done")
        await communicator.disconnect()
        return connected, events

    connected, events = asyncio.run(scenario())
    types = [e["type"] for e in events]
    assert connected and types[0] == "accepted"
    assert {"intent", "routing", "tool_call", "tool_result", "final"} <= set(types)
    final = next(e for e in events if e["type"] == "final")
    assert "离线模式" in final["content"] and final["citations"]
    assert Message.objects.get(pk=final["message_id"]).status == Message.Status.COMPLETE


def _lost_turn(user, *, status, content):
    """A turn whose answer was saved while its live events were lost (Redis restarted mid-turn)."""
    session = services.session_create(actor=user)
    _question, answer = services.turn_create(actor=user, session=session, content="醉驾怎么处罚")
    Message.objects.filter(pk=answer.pk).update(status=Message.Status.RUNNING)
    services.turn_log(answer.turn_id).clear()
    return session, answer, status, content


@pytest.mark.parametrize("status, content", [(Message.Status.COMPLETE, "依据《刑法》第一百三十三条之一……"),
                                             (Message.Status.ERROR, "抱歉，本次回答未能完成。")])
def test_a_turn_saved_without_its_closing_events_is_closed_from_the_saved_answer(
        staff_user, monkeypatch, status, content):
    from chat import consumers

    monkeypatch.setattr(consumers, "SETTLE_CHECK_SECONDS", 0.2)
    session, answer, status, content = _lost_turn(staff_user, status=status, content=content)
    key = token_issue(user=staff_user).key

    async def scenario():
        communicator = _communicator(session.pk, [(b"authorization", f"Token {key}".encode())])
        connected, _ = await communicator.connect()
        assert await communicator.receive_nothing(timeout=0.5)  # running: nothing to say yet
        await asyncio.to_thread(
            lambda: Message.objects.filter(pk=answer.pk).update(status=status, content=content))
        seen = await _receive_until(communicator, lambda e: e.get("phase") == "done", timeout=10)
        # a late live event of the same turn (its log came back) is not forwarded a second time
        await communicator.send_input({"type": "event.forward", "event": {
            "type": "final", "turn_id": str(answer.turn_id), "seq": 7, "content": content}})
        late = await communicator.receive_nothing(timeout=0.5)
        await communicator.disconnect()
        return connected, seen, late

    connected, seen, late = asyncio.run(scenario())
    assert connected
    kinds = [e["type"] for e in seen]
    assert kinds == (["final", "status"] if status == Message.Status.COMPLETE else ["error", "status"])
    assert seen[0]["turn_id"] == str(answer.turn_id) and seen[0]["from_saved_answer"] is True
    if status == Message.Status.COMPLETE:
        assert seen[0]["content"] == content and seen[0]["message_id"] == answer.pk
    else:
        assert seen[0]["code"] == "internal" and seen[0]["message"] == content
    assert late


def test_a_turn_whose_events_arrive_is_not_closed_twice(staff_user, monkeypatch):
    from chat import consumers

    monkeypatch.setattr(consumers, "SETTLE_CHECK_SECONDS", 0.2)
    session, answer, _, _ = _lost_turn(staff_user, status=Message.Status.COMPLETE, content="答")
    key = token_issue(user=staff_user).key
    turn = str(answer.turn_id)

    async def scenario():
        communicator = _communicator(session.pk, [(b"authorization", f"Token {key}".encode())])
        await communicator.connect()
        await asyncio.to_thread(
            lambda: Message.objects.filter(pk=answer.pk).update(status=Message.Status.COMPLETE, content="答"))
        for seq, event in enumerate([{"type": "final", "content": "答"}, {"type": "status", "phase": "done"}], 1):
            await communicator.send_input({"type": "event.forward", "event": event | {"turn_id": turn, "seq": seq}})
        live = [await communicator.receive_json_from(timeout=5) for _ in range(2)]
        quiet = await communicator.receive_nothing(timeout=1.0)
        await communicator.disconnect()
        return live, quiet

    live, quiet = asyncio.run(scenario())
    assert [e["type"] for e in live] == ["final", "status"] and "from_saved_answer" not in live[0]
    assert quiet


def test_a_question_the_broker_cannot_take_fails_at_once_and_frees_the_session(staff_user, monkeypatch):
    from kombu.exceptions import OperationalError

    from chat.constants import NOT_QUEUED_TEXT

    def broker_down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    queued = []
    session = services.session_create(actor=staff_user)
    key = token_issue(user=staff_user).key

    async def scenario():
        communicator = _communicator(session.pk, [(b"authorization", f"Token {key}".encode())])
        await communicator.connect()
        monkeypatch.setattr(services.celery_app, "send_task", broker_down)
        await communicator.send_json_to({"type": "ask", "content": "醉驾怎么处罚"})
        refused = await _receive_until(communicator, lambda e: e.get("phase") == "done", timeout=5)
        monkeypatch.setattr(services.celery_app, "send_task", lambda name, args: queued.append(args))
        await communicator.send_json_to({"type": "ask", "content": "醉驾怎么处罚"})
        accepted = await communicator.receive_json_from(timeout=5)
        await communicator.disconnect()
        return refused, accepted

    refused, accepted = asyncio.run(scenario())
    assert [e["type"] for e in refused] == ["accepted", "error", "status"]
    assert refused[1]["message"] == NOT_QUEUED_TEXT
    failed = Message.objects.get(pk=refused[0]["message_id"])
    assert failed.status == Message.Status.ERROR and failed.content == NOT_QUEUED_TEXT
    assert failed.reply_to.content == "醉驾怎么处罚"  # the question is kept
    assert accepted["type"] == "accepted"  # the session is not blocked by the failed turn
    assert queued == [[accepted["message_id"]]]


def test_a_reconnect_cursor_replays_only_what_the_page_missed_of_its_turn(staff_user):
    from channels.layers import get_channel_layer

    session = services.session_create(actor=staff_user)
    _, answer = services.turn_create(actor=staff_user, session=session, content="醉驾怎么处罚")
    Message.objects.filter(pk=answer.pk).update(status=Message.Status.RUNNING)
    turn = str(answer.turn_id)
    log = services.turn_log(turn)
    log.clear()
    for phase in ("intent", "routing", "tool", "compose"):
        log.append({"type": "status", "phase": phase, "text": phase, "turn_id": turn})
    elsewhere = services.session_create(actor=staff_user)
    _, foreign = services.turn_create(actor=staff_user, session=elsewhere, content="离婚财产怎么分")
    headers = [(b"authorization", f"Token {token_issue(user=staff_user).key}".encode())]

    async def receive_all(communicator):
        seen = []
        while not await communicator.receive_nothing(timeout=0.5):
            seen.append(await communicator.receive_json_from())
        return [e for e in seen if e.get("type") != "ping"]

    async def visit(query, live=()):
        communicator = WebsocketCommunicator(application, f"/ws/chat/{session.pk}/{query}", headers=headers)
        assert (await communicator.connect())[0]
        seen = await receive_all(communicator)
        for seq in live:
            await get_channel_layer().group_send(services.session_group(session.pk), {
                "type": "event.forward",
                "event": {"type": "status", "phase": "live", "text": str(seq), "turn_id": turn, "seq": seq}})
        seen += await receive_all(communicator)
        await communicator.disconnect()
        return [e["seq"] for e in seen]

    # the page showed the turn up to seq 2: it gets 3 and 4, and of the live events only the new one
    assert asyncio.run(visit(f"?turn={turn}&after=2", live=(2, 5))) == [3, 4, 5]
    # a cursor naming another session's turn, or no turn at all, is not a cursor: the turn in flight in full
    assert asyncio.run(visit(f"?turn={foreign.turn_id}&after=3")) == [1, 2, 3, 4]
    assert asyncio.run(visit("?turn=not-a-turn&after=3")) == [1, 2, 3, 4]
    # the turn ended while the page was away: what it missed still comes, from the turn's log
    Message.objects.filter(pk=answer.pk).update(status=Message.Status.COMPLETE)
    log.append({"type": "status", "phase": "done", "text": "done", "turn_id": turn})
    assert asyncio.run(visit(f"?turn={turn}&after=3")) == [4, 5]
