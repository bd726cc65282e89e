"""The notifications websocket: in-process with WebsocketCommunicator and through a real daphne."""

import asyncio
import json
import urllib.request
from datetime import timedelta

import pytest
import websockets
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from core.consumers import CLOSE_UNAUTHENTICATED
from core.realtime import agroup_publish, group_publish, notifications, user_group, user_notify
from firm.services import token_issue
from legalsite.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


def _session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def _connect(headers):
    communicator = WebsocketCommunicator(application, "/ws/notifications/", headers=headers)
    connected, code = await communicator.connect(timeout=5)
    return communicator, connected, code


def test_session_cookie_connects_and_receives_group_events(staff_user):
    cookie = _session_cookie(staff_user)
    notifications(staff_user.pk).log.clear()

    async def scenario():
        communicator, connected, _ = await _connect([(b"cookie", cookie), (b"origin", b"http://localhost")])
        assert connected
        hello = await communicator.receive_json_from()
        await agroup_publish(user_group(staff_user.pk), {"type": "notice", "text": "导入完成"})
        event = await communicator.receive_json_from(timeout=5)
        await communicator.send_json_to({"type": "ping"})
        pong = await communicator.receive_json_from()
        await communicator.disconnect()
        return hello, event, pong

    hello, event, pong = asyncio.run(scenario())
    assert hello == {"type": "hello", "user": staff_user.username, "seq": 0}
    assert event == {"type": "notice", "text": "导入完成"}  # a bare group message still reaches the page
    assert pong == {"type": "pong"}


def test_notifications_are_numbered_and_a_page_that_reconnects_gets_what_it_missed(staff_user):
    cookie = _session_cookie(staff_user)
    headers = [(b"cookie", cookie), (b"origin", b"http://localhost")]
    notifications(staff_user.pk).log.clear()

    async def open_socket(query: str = ""):
        communicator = WebsocketCommunicator(application, f"/ws/notifications/{query}", headers=headers)
        assert (await communicator.connect(timeout=5))[0]
        return communicator, await communicator.receive_json_from()

    async def scenario():
        first, hello = await open_socket()
        await asyncio.to_thread(user_notify, staff_user.pk, {"type": "notice", "text": "一"})
        live = await first.receive_json_from(timeout=5)
        await first.disconnect()
        for text in ("二", "三"):  # while no page is open
            await asyncio.to_thread(user_notify, staff_user.pk, {"type": "notice", "text": text})
        again, hello_again = await open_socket(f"?after={live['seq']}")
        missed = [await again.receive_json_from(timeout=5) for _ in range(2)]
        await asyncio.to_thread(user_notify, staff_user.pk, {"type": "notice", "text": "四"})
        after_replay = await again.receive_json_from(timeout=5)
        await again.disconnect()
        fresh, hello_fresh = await open_socket()  # a page without ?after gets no replay
        nothing = await fresh.receive_nothing(timeout=0.5)
        await fresh.disconnect()
        return hello, live, hello_again, missed, after_replay, hello_fresh, nothing

    hello, live, hello_again, missed, after_replay, hello_fresh, nothing = asyncio.run(scenario())
    assert hello["seq"] == 0 and live == {"seq": 1, "type": "notice", "text": "一"}
    assert hello_again["seq"] == 3
    assert missed == [{"seq": 2, "type": "notice", "text": "二"}, {"seq": 3, "type": "notice", "text": "三"}]
    assert after_replay == {"seq": 4, "type": "notice", "text": "四"}
    assert hello_fresh["seq"] == 4 and nothing


def test_anonymous_connection_is_refused():
    async def scenario():
        communicator, connected, code = await _connect([(b"origin", b"http://localhost")])
        await communicator.disconnect()
        return connected, code

    assert asyncio.run(scenario()) == (False, CLOSE_UNAUTHENTICATED)


def test_token_header_connects_api_clients(staff_user):
    key = token_issue(user=staff_user).key

    async def scenario():
        communicator, connected, _ = await _connect([(b"authorization", f"Token {key}".encode())])
        hello = await communicator.receive_json_from() if connected else None
        await communicator.disconnect()
        return connected, hello

    connected, hello = asyncio.run(scenario())
    assert connected and hello["user"] == staff_user.username


@pytest.mark.parametrize("header", [b"Token not-a-real-key", b"Bearer something", b"Token "])
def test_bad_token_header_is_refused(staff_user, header):
    async def scenario():
        communicator, connected, code = await _connect([(b"authorization", header)])
        await communicator.disconnect()
        return connected, code

    assert asyncio.run(scenario()) == (False, CLOSE_UNAUTHENTICATED)


def test_expired_token_is_refused(staff_user, settings):
    token = token_issue(user=staff_user)
    Token.objects.filter(pk=token.pk).update(created=timezone.now() - timedelta(days=settings.API_TOKEN_TTL_DAYS + 1))

    async def scenario():
        communicator, connected, code = await _connect([(b"authorization", f"Token {token.key}".encode())])
        await communicator.disconnect()
        return connected, code

    assert asyncio.run(scenario()) == (False, CLOSE_UNAUTHENTICATED)


def test_cross_site_origin_is_refused_even_with_a_session(staff_user):
    cookie = _session_cookie(staff_user)

    async def scenario():
        communicator, connected, _ = await _connect([(b"cookie", cookie), (b"origin", b"https://evil.example")])
        await communicator.disconnect()
        return connected

    assert asyncio.run(scenario()) is False


@pytest.mark.slow
def test_through_real_daphne_with_token_and_anonymous(daphne_url, staff_user):
    key = token_issue(user=staff_user).key
    url = f"ws://{daphne_url}/ws/notifications/"

    async def scenario():
        async with websockets.connect(url, additional_headers={"Authorization": f"Token {key}"}) as ws:
            hello = json.loads(await asyncio.wait_for(ws.recv(), 10))
            await asyncio.to_thread(group_publish, user_group(staff_user.pk), {"type": "notice", "text": "经 daphne"})
            event = json.loads(await asyncio.wait_for(ws.recv(), 10))
        refused = None
        try:
            async with websockets.connect(url) as ws:
                await asyncio.wait_for(ws.recv(), 10)
        except websockets.exceptions.InvalidStatus as exc:
            refused = exc.response.status_code
        except websockets.exceptions.ConnectionClosed as exc:
            refused = exc.rcvd.code if exc.rcvd else None
        return hello, event, refused

    hello, event, refused = asyncio.run(scenario())
    assert hello["user"] == staff_user.username
    assert event == {"type": "notice", "text": "经 daphne"}
    assert refused in (403, CLOSE_UNAUTHENTICATED)


@pytest.mark.slow
def test_daphne_serves_static_files_and_api_docs_without_cdn(daphne_url):
    with urllib.request.urlopen(f"http://{daphne_url}/static/css/portal.css", timeout=10) as response:
        assert response.status == 200
        assert b"--brand" in response.read()
    with urllib.request.urlopen(f"http://{daphne_url}/api/docs/", timeout=10) as response:
        page = response.read().decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in page
    assert "cdn" not in page.lower()
    sidecar = page.split('src="', 2)[1].split('"', 1)[0] if 'src="' in page else ""
    with urllib.request.urlopen(f"http://{daphne_url}{sidecar}", timeout=10) as response:
        assert response.status == 200
