"""Publishing events to Channels groups: the path every long job uses to reach browsers.

A Celery task (or any sync code) calls ``group_publish("chat.<id>", event)``; every
websocket consumer in that group receives ``{"type": "event.forward", "event": event}``
and sends ``event`` to its client as JSON.

A change that can take access away (a session moved or deleted, a matter's team or privileged
flag changed, a user deactivated or given another role) calls ``access_changed(group, ...)``:
once the change is committed, every websocket in those groups (an object's ``chat.<id>``, a
matter's ``matter.<id>.access``, a user's ``user.<id>.access``) receives ``{"type": "access.changed"}``,
re-checks its user's access and closes when it is gone (``legalsite.consumers``). Access
groups (``*.access``) carry only these messages, never events.
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from functools import lru_cache
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

logger = logging.getLogger("legalsite.realtime")

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

    def __init__(self, key: str) -> None:
        self.key = f"legalsite:events:{key}"

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
        seq = _append_script(self._client())(keys=keys, args=args)
        return {"seq": int(seq), **bodies[0]}

    async def aextend(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Append several events in order in one round trip (from async code, without a thread
        hop); returns them numbered."""
        if not events:
            return []
        keys, args, bodies = self._script_args(events)
        first = int(await _append_script(self._async_client())(keys=keys, args=args))
        return [{"seq": first + index, **body} for index, body in enumerate(bodies)]

    def read(self, after: int = 0) -> list[dict[str, Any]]:
        events = [json.loads(raw) for raw in self._client().lrange(self.key, 0, -1)]
        return [event for event in events if event.get("seq", 0) > after]

    def clear(self) -> None:
        self._client().delete(self.key, f"{self.key}:seq")


def logged_group_publisher(group: str, log: EventLog):
    """An ``emit`` for sync code: log the event (with its seq), then publish it to the group."""

    def emit(event: dict[str, Any]) -> None:
        group_publish(group, log.append(event))

    return emit
