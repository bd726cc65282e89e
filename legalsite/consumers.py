"""The per-user notifications websocket (``/ws/notifications/``)."""

from __future__ import annotations

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from legalsite.realtime import user_group

# Close code for an unauthenticated connection (mirrors HTTP 401).
CLOSE_UNAUTHENTICATED = 4401


class NotificationsConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "hello", "user": user.get_username()})

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:  # noqa: ANN001
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})
        else:
            await self.send_json({"type": "error", "code": "invalid_input", "message": "未知的消息类型"})

    async def event_forward(self, message: dict) -> None:
        await self.send_json(message["event"])
