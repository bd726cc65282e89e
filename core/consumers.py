"""What every websocket shares: who may connect, and re-checking it while the socket is open.

``AccessCheckedConsumer`` authenticates (session cookie or ``Authorization: Token``, see
``firm.ws_auth``), asks the subclass whether this user may see the object (``authorise``), joins
its groups and accepts. Access can change while a socket is open (a session moved out of a
matter, a member taken off a team, a matter made privileged, a user deactivated), so it is
checked again:

- on every message the client sends, before it is handled;
- when a service announces a change (``core.realtime.access_changed``): the groups get an
  ``access.changed`` message;
- by subclasses before forwarding what the user may no longer see (the chat socket: each new
  turn and each answer).

The user is re-read from the database for each check (deactivated: closed with 4401); an object
no longer visible closes the socket with 4403 and it receives nothing more.

Reconnect cursors: a page that reconnects says the last ``seq`` it showed (``?after=<seq>``, and on
sockets that follow several streams which one, e.g. ``?turn=<id>`` or ``?run=<id>``). :meth:`cursor`
reads it and :meth:`resume_stream` primes the seq check with it, so the socket replays only what the
page missed and skips what it already showed when it also arrives live. Every socket that follows a
logged stream (chat, contract, research, notifications) reads its cursor this way.

The per-user notifications websocket (``/ws/notifications/``) is the simplest subclass.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.contrib.auth import get_user_model

from core.realtime import EventLog, forwarded_events, notifications, user_access_group, user_group

logger = logging.getLogger("core.consumers")

# Close codes (mirroring HTTP 401 and 403).
CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403


def active_user(user_id: int) -> Any:  # the project's user model
    """The user as stored now (with the groups that make its role), or None when deleted or
    deactivated."""
    return get_user_model().objects.filter(pk=user_id, is_active=True).prefetch_related("groups").first()


class AccessCheckedConsumer(AsyncJsonWebsocketConsumer):
    """Subclasses implement ``authorise`` (and ``access_groups`` for their object's groups) and
    handle client messages in ``on_message``."""

    revoked = False

    def seq_fresh(self, event: dict, stream: object = "") -> bool:
        """Whether ``event`` is new on this socket. Events of one stream (a turn, a review run, a
        task — ``stream`` names it) carry ``seq``, their number in the stream's log; an event whose
        number was already sent (replayed on connect, then delivered live too) is skipped. Events
        without a number always pass. The numbers seen are in ``last_seq`` (stream → seq)."""
        seq = int(event.get("seq") or 0)
        seen: dict = self.__dict__.setdefault("last_seq", {})
        if not seq:
            return True
        if seq <= seen.get(stream, 0):
            return False
        seen[stream] = seq
        return True

    def cursor(self, stream_param: str | None = None) -> tuple[str | None, int | None]:
        """The reconnect cursor of the socket's query string: the stream the page followed (the value
        of ``stream_param``, when the socket follows several streams) and ``after``, the last ``seq``
        it showed (None when absent or not a number)."""
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        after = query.get("after", [""])[0]
        stream = query.get(stream_param, [""])[0].strip() if stream_param else ""
        return stream or None, int(after) if after.isdigit() else None

    def resume_stream(self, stream: object, after: int | None) -> int:
        """The page showed ``stream``'s events up to ``after``: from now on only later ones are sent
        (replayed or live). Returns the seq to replay from (0 without a cursor)."""
        after = max(0, after or 0)
        seen: dict = self.__dict__.setdefault("last_seq", {})
        seen[stream] = max(seen.get(stream, 0), after)
        return after

    def missed_events(self, log: EventLog, stream: object = "", after: int | None = None) -> list[dict]:
        """The events of ``log`` (one stream) the page has not shown: those after its cursor ``after``
        (all of them without one), the seq check primed accordingly. When the log expired and its
        numbering started again (``after`` beyond the newest seq), everything logged is new to the
        page. Runs in the database thread (it reads Redis)."""
        if after and after > log.last_seq():
            after = 0
        return log.read(self.resume_stream(stream, after))

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.user = user
        self.joined: set[str] = set()
        if not await database_sync_to_async(self.authorise)(user):
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self._sync_groups()
        await self.accept()
        await self.connected()

    # -- for subclasses ----------------------------------------------------------------------
    def authorise(self, user: Any) -> bool:
        """May ``user`` (freshly read) use this socket? Subclasses load their object here. Runs in
        the database thread."""
        return True

    def prepare(self, content: Any) -> Any:
        """Database work a client message needs (e.g. storing a question), run in the same hop to
        the database thread as the access check, once access is confirmed; its result is given to
        :meth:`on_message`."""
        return None

    def _recheck(self, fresh_user: bool = True) -> Any:  # the user, None (gone) or False (no access)
        user = active_user(self.user.pk) if fresh_user else self.user
        if user is None:
            return None
        return user if self.authorise(user) else False

    def _recheck_and_prepare(self, content: Any) -> tuple[Any, Any]:
        user = self._recheck()
        if not user:
            return user, None
        self.user = user  # prepare acts as the user as stored now
        return user, self.prepare(content)

    def access_groups(self) -> list[str]:
        """The groups this socket belongs to while access lasts (besides the user's access group)."""
        return []

    async def connected(self) -> None:
        """After the socket is accepted."""

    async def on_message(self, content: Any, prepared: Any = None) -> None:
        """A client message, after access was re-checked (``prepared``: what :meth:`prepare` returned)."""
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})
        else:
            await self.send_json({"type": "error", "code": "invalid_input", "message": "未知的消息类型"})

    # -- access ------------------------------------------------------------------------------
    async def recheck(self, *, fresh_user: bool = True) -> bool:
        """Re-read the user and re-authorise; close the socket when access is gone. With
        ``fresh_user=False`` only the object is checked again, for the user as last read (a change
        of the user itself - deactivation, another role - reaches the socket as ``access.changed``,
        which checks both)."""
        if self.revoked:
            return False
        user = await database_sync_to_async(self._recheck)(fresh_user)  # one hop to the database thread
        return await self._settle(user)

    async def _settle(self, user: Any) -> bool:
        if user is None:
            await self.revoke(CLOSE_UNAUTHENTICATED)
            return False
        if user is False:
            await self.revoke(CLOSE_FORBIDDEN)
            return False
        self.user = user
        await self._sync_groups()
        return True

    async def revoke(self, code: int) -> None:
        """Access is gone: leave every group (nothing more is forwarded) and close."""
        self.revoked = True
        await self._leave_groups()
        await self.closing()
        await self.close(code=code)

    async def closing(self) -> None:
        """Before the socket closes for lost access or disconnects (cancel background work)."""

    async def access_changed(self, message: dict) -> None:
        """``{"type": "access.changed"}`` from ``core.realtime.access_changed``."""
        await self.recheck()

    async def _sync_groups(self) -> None:
        wanted = {user_access_group(self.user.pk), *self.access_groups()}
        for group in wanted - self.joined:
            await self.channel_layer.group_add(group, self.channel_name)
        for group in self.joined - wanted:
            await self.channel_layer.group_discard(group, self.channel_name)
        self.joined = wanted

    async def _leave_groups(self) -> None:
        for group in getattr(self, "joined", set()):
            with contextlib.suppress(Exception):
                await self.channel_layer.group_discard(group, self.channel_name)
        self.joined = set()

    # -- channels ----------------------------------------------------------------------------
    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if self.revoked:
            return
        user, prepared = await database_sync_to_async(self._recheck_and_prepare)(content)
        if await self._settle(user):
            await self.on_message(content, prepared)

    async def disconnect(self, code: int) -> None:
        await self.closing()
        await self._leave_groups()


class NotificationsConsumer(AccessCheckedConsumer):
    """``/ws/notifications/``: the user's notifications (``core.realtime.notifications``). The
    first message is ``hello`` with the ``seq`` of the newest notification; a page that connects with
    ``?after=<seq>`` (the last one it showed) first gets the notifications it missed, in order; live
    ones follow, each once."""

    def access_groups(self) -> list[str]:
        return [user_group(self.user.pk)]

    async def connected(self) -> None:
        stream = notifications(self.user.pk)
        after = self.cursor()[1]
        try:
            newest = await database_sync_to_async(stream.log.last_seq)()
            missed = await database_sync_to_async(stream.replay)(after) if after is not None else []
        except Exception:  # no log: live notifications still arrive
            logger.warning("notifications of user %s: could not read the log", self.user.pk, exc_info=True)
            newest, missed = 0, []
        if after is not None and after > newest:  # the log expired and started again: all of it is new
            after, missed = 0, await database_sync_to_async(stream.replay)(0)
        self.last_seq = {}
        self.resume_stream("", after)
        await self.send_json({"type": "hello", "user": self.user.get_username(), "seq": newest})
        for event in missed:
            await self._forward(event)

    async def event_forward(self, message: dict) -> None:
        for event in forwarded_events(message):
            if self.revoked:
                return
            await self._forward(event)

    async def _forward(self, event: dict) -> None:
        if self.seq_fresh(event):
            await self.send_json(event)
