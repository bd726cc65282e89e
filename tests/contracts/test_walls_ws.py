"""The contract websocket ``/ws/contracts/<id>/`` behind the same wall: a user not on the matter
cannot connect; a socket open when the contract leaves the matter (or the user leaves the team)
is closed and hears nothing more of the contract."""

from __future__ import annotations

import asyncio
import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from contracts.constants import contract_group
from contracts.models import Contract
from core.consumers import CLOSE_FORBIDDEN, CLOSE_UNAUTHENTICATED
from core.realtime import agroup_publish
from firm import services as firm_services
from legalsite.asgi import application
from tests.contracts.contract_files import api, make_firm, portal, upload

ORIGIN = (b"origin", b"http://localhost")


@pytest.fixture
def firm(make_user):
    firm = make_firm(make_user)
    firm["k1"] = Contract.objects.get(pk=upload(firm["A"], name="k1.docx", matter=firm["M1"].pk).json()["id"])
    firm["k2"] = Contract.objects.get(pk=upload(firm["A"], name="k2.docx", matter=firm["M2"].pk).json()["id"])
    return firm


def _socket(user, contract) -> WebsocketCommunicator:
    headers = [ORIGIN]
    if user is not None:
        headers.append((b"cookie", f"sessionid={portal(user).cookies['sessionid'].value}".encode()))
    return WebsocketCommunicator(application, f"/ws/contracts/{contract.pk}/", headers=headers)


async def _next_event(socket: WebsocketCommunicator) -> dict | None:
    """The next event, skipping keep-alive pings; None when the socket was closed instead."""
    while True:
        output = await socket.receive_output(timeout=10)
        if output["type"] == "websocket.close":
            return {"closed": output.get("code")}
        if output["type"] == "websocket.send":
            event = json.loads(output["text"])
            if event.get("type") in ("ping", "pong"):
                continue
            return event


@pytest.mark.django_db(transaction=True)
def test_who_may_connect(firm):
    sockets = {
        "team": _socket(firm["C"], firm["k1"]),
        "outsider": _socket(firm["B"], firm["k1"]),
        "admin_privileged": _socket(firm["admin"], firm["k2"]),
        "admin_open": _socket(firm["admin"], firm["k1"]),
        "compliance": _socket(firm["auditor"], firm["k1"]),
        "anonymous": _socket(None, firm["k1"]),
    }

    async def scenario():
        out = {}
        for name, socket in sockets.items():
            out[name] = await socket.connect()
            await socket.disconnect()
        return out

    result = asyncio.run(scenario())
    assert result["team"][0] and result["admin_open"][0]
    assert result["outsider"] == (False, CLOSE_FORBIDDEN)
    assert result["admin_privileged"] == (False, CLOSE_FORBIDDEN)
    assert result["compliance"] == (False, CLOSE_FORBIDDEN)
    assert result["anonymous"] == (False, CLOSE_UNAUTHENTICATED)


@pytest.mark.django_db(transaction=True)
def test_moving_the_contract_out_of_the_matter_closes_the_team_members_socket(firm):
    a, c, k1 = firm["A"], firm["C"], firm["k1"]
    socket = _socket(c, k1)

    async def scenario():
        connected, _ = await socket.connect()
        heard = await agroup_publish_and_receive(socket, k1, "第一次进度")
        moved = await sync_to_async(
            lambda: api(a).patch(f"/api/v1/contracts/{k1.pk}", {"matter": None}, format="json").status_code)()
        closed = await _next_event(socket)
        await agroup_publish(contract_group(k1.pk), {"type": "progress", "done": 2, "total": 7, "section": "泄露"})
        silent = await socket.receive_nothing(timeout=0.5)
        reads = await sync_to_async(lambda: api(c).get(f"/api/v1/contracts/{k1.pk}/issues").status_code)()
        await socket.disconnect()
        return connected, heard, moved, closed, silent, reads

    connected, heard, moved, closed, silent, reads = asyncio.run(scenario())
    assert connected and heard["section"] == "第一次进度"
    assert moved == 200
    assert closed == {"closed": CLOSE_FORBIDDEN}
    assert silent and reads == 404


@pytest.mark.django_db(transaction=True)
def test_taking_the_member_off_the_team_closes_the_socket(firm):
    a, c, k1 = firm["A"], firm["C"], firm["k1"]
    socket = _socket(c, k1)

    async def scenario():
        connected, _ = await socket.connect()
        await sync_to_async(firm_services.matter_member_remove)(actor=a, matter=firm["M1"], user=c)
        closed = await _next_event(socket)
        await socket.disconnect()
        return connected, closed

    connected, closed = asyncio.run(scenario())
    assert connected and closed == {"closed": CLOSE_FORBIDDEN}


@pytest.mark.django_db(transaction=True)
def test_deleting_the_contract_closes_the_socket(firm):
    a, k1 = firm["A"], firm["k1"]
    socket = _socket(firm["C"], k1)

    async def scenario():
        connected, _ = await socket.connect()
        deleted = await sync_to_async(lambda: api(a).delete(f"/api/v1/contracts/{k1.pk}").status_code)()
        closed = await _next_event(socket)
        await socket.disconnect()
        return connected, deleted, closed

    connected, deleted, closed = asyncio.run(scenario())
    assert connected and deleted == 204 and closed == {"closed": CLOSE_FORBIDDEN}


async def agroup_publish_and_receive(socket: WebsocketCommunicator, contract: Contract, section: str) -> dict | None:
    await agroup_publish(contract_group(contract.pk), {"type": "progress", "done": 1, "total": 7, "section": section})
    return await _next_event(socket)
