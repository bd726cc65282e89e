"""``/ws/drafting/<draft_id>/``: follow the drafting assistant's turn on a draft live.

Only those who may see the draft connect (``drafting.selectors.draft_list``: its owner and its
matter's team); access is checked again while the socket is open (``core.consumers``). On
connect the events of the current turn are replayed (deduplicated by ``seq``), then live ones follow.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from core.consumers import AccessCheckedConsumer
from core.realtime import matter_access_group
from drafting import selectors, services
from drafting.models import Draft


class DraftConsumer(AccessCheckedConsumer):
    def authorise(self, user: Any) -> bool:
        draft_id = int(self.scope["url_route"]["kwargs"]["draft_id"])
        try:
            self.draft = selectors.draft_list(user=user).get(pk=draft_id)
        except Draft.DoesNotExist:
            return False
        return True

    def access_groups(self) -> list[str]:
        groups = [services.draft_group(self.draft.pk)]
        if self.draft.matter_id is not None:
            groups.append(matter_access_group(self.draft.matter_id))
        return groups

    async def connected(self) -> None:
        self.last_seq = {}
        for event in await database_sync_to_async(services.draft_assist_log(self.draft.pk).read)():
            await self._forward(event)

    async def on_message(self, content: Any, prepared: Any = None) -> None:
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})
        else:
            await self.send_json({"type": "error", "code": "invalid_input", "message": "未知的消息类型"})

    async def event_forward(self, message: dict) -> None:
        if not self.revoked:
            await self._forward(message["event"])

    async def _forward(self, event: dict) -> None:
        if self.seq_fresh(event):
            await self.send_json(event)
