"""``/ws/research/<task_id>/``: watch a research task's run live.

Only the task's owner and its matter's team may connect (``research.selectors.task_get``);
someone else's task is refused (4403) and access is checked again while the socket is open
(``core.consumers``). On connect the events logged so far are replayed (after the reconnect
cursor ``?after=<seq>``, the last one the page showed, when it sends one), then live events
follow (deduplicated by ``seq``). Clients may send ``{"type": "cancel"}``.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.core.exceptions import ValidationError

from core.consumers import CLOSE_FORBIDDEN, AccessCheckedConsumer
from core.realtime import forwarded_events, matter_access_group
from research import selectors, services
from research.constants import task_group, task_log
from research.models import ResearchTask

__all__ = ["CLOSE_FORBIDDEN", "ResearchConsumer"]


class ResearchConsumer(AccessCheckedConsumer):
    def authorise(self, user: Any) -> bool:
        task_id = int(self.scope["url_route"]["kwargs"]["task_id"])
        try:
            self.task = selectors.task_get(user=user, task_id=task_id)
        except ResearchTask.DoesNotExist:
            return False
        return True

    def access_groups(self) -> list[str]:
        groups = [task_group(self.task.pk)]
        if self.task.matter_id is not None:
            groups.append(matter_access_group(self.task.matter_id))
        return groups

    async def connected(self) -> None:
        self.last_seq = {}
        # a page that reconnects says the last seq it showed (?after=<seq>): only what it missed is replayed
        missed = await database_sync_to_async(self.missed_events)(task_log(self.task.pk), "", self.cursor()[1])
        for event in missed:
            await self._forward(event)

    def prepare(self, content: Any) -> Any:
        if isinstance(content, dict) and content.get("type") == "cancel":
            self.task.refresh_from_db()
            try:
                return services.task_cancel(actor=self.user, task=self.task)
            except ValidationError as exc:
                return "；".join(exc.messages)
        return None

    async def on_message(self, content: Any, prepared: Any = None) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "ping":
            await self.send_json({"type": "pong"})
        elif kind == "cancel" and isinstance(prepared, ResearchTask):
            await self.send_json({"type": "cancel_requested", "task_id": prepared.pk, "status": prepared.status})
        elif kind == "cancel":
            await self.send_json({"type": "error", "code": "invalid_input", "message": str(prepared)})
        else:
            await self.send_json({"type": "error", "code": "invalid_input", "message": "未知的消息类型"})

    async def event_forward(self, message: dict) -> None:
        """One event or a burst of them (``events``), in seq order."""
        for event in forwarded_events(message):
            if self.revoked:
                return
            if event.get("type") == "final" and not await self.recheck(fresh_user=False):
                return
            await self._forward(event)

    async def _forward(self, event: dict) -> None:
        if self.seq_fresh(event):
            await self.send_json(event)
