"""``/ws/chat/<session_id>/``: ask questions and watch the agents work.

Browsers authenticate with the session cookie, API clients with ``Authorization: Token``; only
the session's owner and its matter's team may connect. On connect the events of a turn still
in flight are replayed from its event log, then live events follow (deduplicated by ``seq``).
"""

from __future__ import annotations

import asyncio

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.core.exceptions import PermissionDenied, ValidationError

from chat import selectors, services
from chat.models import ChatSession
from legalsite.consumers import CLOSE_UNAUTHENTICATED

CLOSE_FORBIDDEN = 4403
KEEPALIVE_SECONDS = 20


class ChatConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        session_id = int(self.scope["url_route"]["kwargs"]["session_id"])
        try:
            self.session = await database_sync_to_async(selectors.session_get)(user=user, session_id=session_id)
        except ChatSession.DoesNotExist:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.group = services.session_group(self.session.pk)
        self.last_seq: dict[str, int] = {}
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        for event in await database_sync_to_async(services.turn_replay)(session=self.session):
            await self._forward(event)
        self.keepalive = asyncio.create_task(self._keepalive())

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "keepalive"):
            self.keepalive.cancel()
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def _keepalive(self) -> None:
        while True:
            await asyncio.sleep(KEEPALIVE_SECONDS)
            await self.send_json({"type": "ping"})

    async def receive_json(self, content, **kwargs) -> None:  # noqa: ANN001
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "ping":
            await self.send_json({"type": "pong"})
            return
        if kind != "ask":
            await self.send_json({"type": "error", "code": "invalid_input", "message": "未知的消息类型"})
            return
        try:
            question, answer = await database_sync_to_async(services.turn_start)(
                actor=self.scope["user"], session=self.session, content=str(content.get("content", ""))
            )
        except (ValidationError, PermissionDenied) as exc:
            message = "；".join(getattr(exc, "messages", None) or [str(exc)])
            await self.send_json({"type": "error", "code": "invalid_input", "message": message})
            return
        await self.send_json({"type": "accepted", "question_id": question.pk, "message_id": answer.pk})

    async def event_forward(self, message: dict) -> None:
        """One event (``event``) or a burst of them in seq order (``events``)."""
        for event in message["events"] if "events" in message else [message["event"]]:
            await self._forward(event)

    async def _forward(self, event: dict) -> None:
        turn, seq = str(event.get("turn_id", "")), int(event.get("seq", 0))
        if seq and seq <= self.last_seq.get(turn, 0):
            return
        if seq:
            self.last_seq[turn] = seq
        await self.send_json(event)
