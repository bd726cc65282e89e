"""``/ws/chat/<session_id>/``: ask questions and watch the agents work.

Browsers authenticate with the session cookie, API clients with ``Authorization: Token``; only
the session's owner and its matter's team may connect (``chat.selectors.session_get``), and
access is checked again while the socket is open (``core.consumers``): on every message,
when the session, its matter's team or the user changes, and before each new turn and each
answer is forwarded. A socket that lost access is closed with 4403 and receives nothing more.

On connect the events of a turn still in flight are replayed from its event log, then live
events follow (deduplicated by ``seq``). A page that reconnects sends the turn it followed and the last
``seq`` it showed (``?turn=<id>&after=<seq>``, the base's reconnect cursor) and gets only what it missed
of that turn, also when the turn ended while it was away. A turn the socket follows whose answer is saved but whose
closing events never came (they were lost with a Redis restart) is closed from the saved answer
(``chat.turn_stream.closing_events``) after ``SETTLE_CHECK_SECONDS`` seconds or two, so a client
never waits forever for an answer the database already holds.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels.db import database_sync_to_async
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import DatabaseError

from chat import selectors, services, turn_stream
from chat.models import ChatSession, Message
from core.consumers import CLOSE_FORBIDDEN, AccessCheckedConsumer
from core.realtime import matter_access_group

__all__ = ["CLOSE_FORBIDDEN", "ChatConsumer"]

logger = logging.getLogger(__name__)

KEEPALIVE_SECONDS = 20
#: How often a socket checks whether a turn it follows was saved without its closing events.
SETTLE_CHECK_SECONDS = 5.0
LOST_TURN_SEQ = 2**62


class ChatConsumer(AccessCheckedConsumer):
    keepalive: asyncio.Task | None = None
    watcher: asyncio.Task | None = None

    def authorise(self, user: Any) -> bool:
        session_id = int(self.scope["url_route"]["kwargs"]["session_id"])
        try:
            self.session = selectors.session_get(user=user, session_id=session_id)
        except ChatSession.DoesNotExist:
            return False
        return True

    def access_groups(self) -> list[str]:
        groups = [services.session_group(self.session.pk)]
        if self.session.matter_id is not None:
            groups.append(matter_access_group(self.session.matter_id))
        return groups

    async def connected(self) -> None:
        self.last_seq: dict[str, int] = {}
        self.open_turns: dict[str, bool] = {}  # turns followed until their done status: saved already?
        in_flight = await database_sync_to_async(turn_stream.turn_in_flight)(session_id=self.session.pk)
        if in_flight is not None:
            self.open_turns[in_flight] = False
        # a page that reconnects says which turn it followed and the last seq it showed (?turn=<id>&after=<seq>)
        turn, after = self.cursor("turn")
        followed, missed = await database_sync_to_async(services.turn_replay)(session=self.session, turn=turn,
                                                                              after=after or 0)
        if followed is not None:
            self.resume_stream(followed, after)
        for event in missed:
            await self._forward(event)
        self.keepalive = asyncio.create_task(self._keepalive())
        self.watcher = asyncio.create_task(self._settle_lost_turns())

    async def closing(self) -> None:
        for task in (self.keepalive, self.watcher):
            if task is not None:
                task.cancel()

    async def _settle_lost_turns(self) -> None:
        """Close the followed turns saved (on two checks in a row) whose done status never came."""
        while True:
            await asyncio.sleep(SETTLE_CHECK_SECONDS)
            if not self.open_turns or self.revoked:
                continue
            try:
                saved = await database_sync_to_async(turn_stream.turns_saved)(
                    session_id=self.session.pk, turn_ids=list(self.open_turns))
            except DatabaseError:  # the database is away for a moment: check again later
                logger.warning("chat socket %s: could not check its turns", self.session.pk, exc_info=True)
                continue
            for answer in saved:
                turn = str(answer.turn_id)
                if turn not in self.open_turns:
                    continue
                if not self.open_turns[turn]:
                    self.open_turns[turn] = True  # saved a moment ago: its own events may still come
                    continue
                if not await self.recheck(fresh_user=False):
                    return
                self.open_turns.pop(turn, None)
                self.last_seq[turn] = LOST_TURN_SEQ  # a late live event of this turn is dropped
                for event in turn_stream.closing_events(answer):
                    await self.send_json(event)

    async def _keepalive(self) -> None:
        while True:
            await asyncio.sleep(KEEPALIVE_SECONDS)
            await self.send_json({"type": "ping"})

    def prepare(self, content: Any) -> Any:
        """An ``ask`` stores the question and queues its turn (in the access check's hop)."""
        if not isinstance(content, dict) or content.get("type") != "ask":
            return None
        try:
            return services.turn_start(actor=self.user, session=self.session,
                                       content=str(content.get("content", "")))
        except (ValidationError, PermissionDenied) as exc:
            return "；".join(getattr(exc, "messages", None) or [str(exc)])

    async def on_message(self, content: Any, prepared: Any = None) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "ping":
            await self.send_json({"type": "pong"})
            return
        if kind != "ask":
            await self.send_json({"type": "error", "code": "invalid_input", "message": "未知的消息类型"})
            return
        if isinstance(prepared, str):
            await self.send_json({"type": "error", "code": "invalid_input", "message": prepared})
            return
        question, answer = prepared
        # access was checked for this message: the turn it started needs no second check at its first event
        self.last_seq.setdefault(str(answer.turn_id), 0)
        await self.send_json({"type": "accepted", "question_id": question.pk, "message_id": answer.pk})
        if answer.status == Message.Status.ERROR:  # not queued (the broker is away): say so now
            self.last_seq[str(answer.turn_id)] = LOST_TURN_SEQ
            for event in turn_stream.closing_events(answer):
                await self.send_json(event)
            return
        self.open_turns[str(answer.turn_id)] = False

    async def event_forward(self, message: dict) -> None:
        """One event (``event``) or a burst of them in seq order (``events``). Access is checked
        again before the first event of a turn and before an answer (``final``)."""
        for event in message["events"] if "events" in message else [message["event"]]:
            if self.revoked:
                return
            new_turn = str(event.get("turn_id", "")) not in self.last_seq
            if (new_turn or event.get("type") == "final") and not await self.recheck(fresh_user=False):
                return
            await self._forward(event)

    async def _forward(self, event: dict) -> None:
        turn, seq = str(event.get("turn_id", "")), int(event.get("seq", 0))
        if not self.seq_fresh(event, turn):
            return
        self.last_seq.setdefault(turn, 0)  # the turn is followed: access was checked before its first event
        if event.get("type") == "status" and event.get("phase") == "done":
            self.open_turns.pop(turn, None)
        elif turn and seq:
            self.open_turns.setdefault(turn, False)
        await self.send_json(event)
