"""Publishing events to Channels groups: the path every long job uses to reach browsers.

A Celery task (or any sync code) calls ``group_publish("chat.<id>", event)``; every
websocket consumer in that group receives ``{"type": "event.forward", "event": event}``
and sends ``event`` to its client as JSON.

A change that can take access away (a session moved or deleted, a matter's team or privileged
flag changed, a user deactivated or given another role) calls ``access_changed(group, ...)``:
once the change is committed, every websocket in those groups (an object's ``chat.<id>``, a
matter's ``matter.<id>.access``, a user's ``user.<id>.access``) receives ``{"type": "access.changed"}``,
re-checks its user's access and closes when it is gone (``core.consumers``). Access
groups (``*.access``) carry only these messages, never events.
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

logger = logging.getLogger("core.realtime")

ACCESS_CHANGED = "access.changed"


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def user_access_group(user_id: int) -> str:
    """Every websocket of a user: told when the user's role or active flag changes."""
    return f"user.{user_id}.access"


def matter_access_group(matter_id: int) -> str:
    """Every websocket on a matter's work: told when its team or privileged flag changes."""
    return f"matter.{matter_id}.access"


def access_changed(*groups: str) -> None:
    """Tell the websockets in ``groups`` to re-check access, once the current transaction commits
    (at once outside one). A failure to publish is logged: every socket also re-checks access on
    each message it sends and before each turn it forwards."""
    names = [group for group in dict.fromkeys(groups) if group]
    if not names:
        return

    def send() -> None:
        layer = get_channel_layer()
        for group in names:
            try:
                async_to_sync(layer.group_send)(group, {"type": ACCESS_CHANGED})
            except Exception:
                logger.exception("could not tell group %s that access changed", group)

    transaction.on_commit(send)


def group_publish(group: str, event: dict[str, Any]) -> None:
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(group, {"type": "event.forward", "event": event})


async def agroup_publish(group: str, event: dict[str, Any]) -> None:
    layer = get_channel_layer()
    await layer.group_send(group, {"type": "event.forward", "event": event})


@lru_cache(maxsize=4)
def _redis_client(url: str):
    import redis

    return redis.Redis.from_url(url)


_async_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Any] = weakref.WeakKeyDictionary()

# Number the events and store them in one round trip: INCRBY the job's counter by their count,
# push each event with its seq spliced in front of its other keys (ARGV[2..] are JSON objects
# without "seq"), refresh both expiries (ARGV[1] seconds), return the first event's seq.
_APPEND_SCRIPT = """
local n = #ARGV - 1
local first = redis.call('INCRBY', KEYS[2], n) - n + 1
local stamped = {}
for i = 1, n do
  local body = ARGV[i + 1]
  local seq = first + i - 1
  if body == '{}' then
    stamped[i] = '{"seq": ' .. seq .. '}'
  else
    stamped[i] = '{"seq": ' .. seq .. ', ' .. string.sub(body, 2)
  end
end
redis.call('RPUSH', KEYS[1], unpack(stamped))
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[1])
return first
"""


@lru_cache(maxsize=8)
def _append_script(client: Any) -> Any:  # redis or redis.asyncio client
    """The append script bound to ``client`` (sent by its hash; loaded on first use)."""
    return client.register_script(_APPEND_SCRIPT)


class EventLog:
    """The events of one long job, kept in Redis so a client that (re)connects mid-job can replay them.

    Every appended event gets a ``seq`` (1, 2, …) in the job; a client subscribes to the group
    first, then reads the log, then forwards live events whose ``seq`` is newer — no gap, no
    duplicate. The log expires a day after its last event; the job's result lives in the database.
    """

    ttl_seconds = 24 * 3600

    def __init__(self, key: str, *, keep: int | None = None) -> None:
        self.key = f"legalsite:events:{key}"
        #: Keep only the newest ``keep`` events (a log that never ends, like a user's notifications).
        self.keep = keep

    @staticmethod
    def _client():
        from django.conf import settings

        return _redis_client(settings.REDIS_URL)

    @staticmethod
    def _async_client():
        """A redis.asyncio client for the running loop (its connections belong to that loop)."""
        from django.conf import settings

        loop = asyncio.get_running_loop()
        client = _async_clients.get(loop)
        if client is None:
            import redis.asyncio

            client = _async_clients[loop] = redis.asyncio.Redis.from_url(settings.REDIS_URL)
        return client

    def _script_args(self, events: list[dict[str, Any]]) -> tuple[list[str], list[Any], list[dict[str, Any]]]:
        bodies = [{key: value for key, value in event.items() if key != "seq"} for event in events]
        args = [self.ttl_seconds, *(json.dumps(body, ensure_ascii=False) for body in bodies)]
        return [self.key, f"{self.key}:seq"], args, bodies

    def append(self, event: dict[str, Any]) -> dict[str, Any]:
        keys, args, bodies = self._script_args([event])
        client = self._client()
        seq = _append_script(client)(keys=keys, args=args)
        if self.keep:
            client.ltrim(self.key, -self.keep, -1)
        return {"seq": int(seq), **bodies[0]}

    async def aextend(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Append several events in order in one round trip (from async code, without a thread
        hop); returns them numbered."""
        if not events:
            return []
        keys, args, bodies = self._script_args(events)
        client = self._async_client()
        first = int(await _append_script(client)(keys=keys, args=args))
        if self.keep:
            await client.ltrim(self.key, -self.keep, -1)
        return [{"seq": first + index, **body} for index, body in enumerate(bodies)]

    def read(self, after: int = 0) -> list[dict[str, Any]]:
        events = [json.loads(raw) for raw in self._client().lrange(self.key, 0, -1)]
        return [event for event in events if event.get("seq", 0) > after]

    def last_seq(self) -> int:
        """The ``seq`` of the newest event logged (0 when none)."""
        return int(self._client().get(f"{self.key}:seq") or 0)

    def clear(self) -> None:
        self._client().delete(self.key, f"{self.key}:seq")


class EventStream:
    """The events of one job on their way to browsers: each is numbered in the job's ``log``
    (``seq``, replayable on reconnect) and published to ``group`` (every websocket watching).

    Sync code calls :meth:`publish` (one event, at once). Async code calls :meth:`send`: events
    wait in order and one drain task at a time logs them (one append for those that arrived
    together) and publishes them (one group message, ``events``, for a burst); :meth:`flush`
    waits until everything sent is out. Without a log (or when the log cannot be reached) events
    still go out live, without ``seq``; a consumer that follows a stream keeps the last ``seq`` it
    forwarded and skips older ones, so replay then live has no gap and no duplicate.
    """

    def __init__(self, group: str, log: EventLog | None = None, *, layer: Any = None,
                 sinks: Sequence[Callable[[dict[str, Any]], Any]] = ()) -> None:
        self.group = group
        self.log = log
        #: Where else each event goes once numbered, in order (a console command's printer,
        #: ``core.console.ConsoleSink``); a sink that fails is logged, never raised.
        self.sinks = list(sinks)
        self._layer = layer
        self._waiting: list[dict[str, Any]] = []
        self._drain: asyncio.Task[None] | None = None

    @property
    def layer(self) -> Any:
        """The channel layer async sends go through (the project's, unless one was given)."""
        if self._layer is None:
            self._layer = get_channel_layer()
        return self._layer

    @layer.setter
    def layer(self, layer: Any) -> None:
        self._layer = layer

    def replay(self, after: int = 0) -> list[dict[str, Any]]:
        """The logged events newer than ``after``."""
        return self.log.read(after) if self.log is not None else []

    def publish(self, event: dict[str, Any]) -> dict[str, Any]:
        """Log (when there is a log) and publish one event from sync code; returns it numbered. A
        failure to log or to publish is logged, never raised: the job's result is in the database."""
        stamped = dict(event)
        if self.log is not None:
            try:
                stamped = self.log.append(event)
            except Exception:
                logger.warning("%s: could not log a %s event", self.group, event.get("type"), exc_info=True)
        self._to_sinks([stamped])
        try:
            group_publish(self.group, stamped)
        except Exception:
            logger.warning("%s: could not publish a %s event", self.group, event.get("type"), exc_info=True)
        return stamped

    async def send(self, event: dict[str, Any]) -> None:
        """Queue one event from async code (see the class)."""
        self._waiting.append(dict(event))
        if self._drain is None or self._drain.done():
            self._drain = asyncio.ensure_future(self._drain_waiting())

    async def _drain_waiting(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            stamped = batch
            if self.log is not None:
                try:
                    stamped = await self.log.aextend(batch)
                except Exception:
                    # not replayable; still shown live (without seq), and the result is in the database
                    logger.warning("%s: could not log %d events", self.group, len(batch), exc_info=True)
            self._to_sinks(stamped)
            message = ({"type": "event.forward", "event": stamped[0]} if len(stamped) == 1
                       else {"type": "event.forward", "events": stamped})
            try:
                await self.layer.group_send(self.group, message)
            except Exception:
                # a watcher that misses a live event gets it from the log on reconnect
                logger.warning("%s: could not publish events %s..%s", self.group, stamped[0].get("seq"),
                               stamped[-1].get("seq"), exc_info=True)

    def _to_sinks(self, events: list[dict[str, Any]]) -> None:
        for sink in self.sinks:
            for event in events:
                try:
                    sink(event)
                except Exception:
                    logger.warning("%s: a sink failed on a %s event", self.group, event.get("type"), exc_info=True)

    async def flush(self) -> None:
        while self._drain is not None and not self._drain.done():
            await asyncio.wait([self._drain])


#: The notifications a user's log keeps (the newest).
NOTIFICATIONS_KEPT = 200


def notifications(user_id: int) -> EventStream:
    """A user's notifications (``/ws/notifications/``, every page's toasts): numbered in the user's log
    (the newest :data:`NOTIFICATIONS_KEPT`, a day) so a page that reconnects, or the next page the user
    opens, gets what it missed; published to the user's group."""
    return EventStream(user_group(user_id), EventLog(f"user.{user_id}.notifications", keep=NOTIFICATIONS_KEPT))


def user_notify(user_id: int, event: dict[str, Any]) -> dict[str, Any]:
    """Tell a user (sync code): :func:`notifications` ``.publish``; returns the event numbered."""
    return notifications(user_id).publish(event)


def forwarded_events(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The events of one ``event.forward`` group message (one ``event`` or a burst of ``events``)."""
    return list(message["events"]) if "events" in message else [message["event"]]
