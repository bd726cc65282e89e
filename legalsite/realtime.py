"""Publishing events to Channels groups: the path every long job uses to reach browsers.

A Celery task (or any sync code) calls ``group_publish("chat.<id>", event)``; every
websocket consumer in that group receives ``{"type": "event.forward", "event": event}``
and sends ``event`` to its client as JSON.
"""

from __future__ import annotations

import asyncio
import json
import weakref
from functools import lru_cache
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def group_publish(group: str, event: dict[str, Any]) -> None:
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(group, {"type": "event.forward", "event": event})


async def agroup_publish(group: str, event: dict[str, Any]) -> None:
    layer = get_channel_layer()
    await layer.group_send(group, {"type": "event.forward", "event": event})


@lru_cache(maxsize=4)
def _redis_client(url: str):  # noqa: ANN202
    import redis

    return redis.Redis.from_url(url)


_async_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Any] = weakref.WeakKeyDictionary()

# Number the event and store it in one round trip: INCR the job's counter, push the event with
# its seq spliced in front of the other keys (ARGV[1] is a JSON object without "seq"), refresh
# both expiries, return the seq.
_APPEND_SCRIPT = """
local seq = redis.call('INCR', KEYS[2])
local body = ARGV[1]
local stamped
if body == '{}' then
  stamped = '{"seq": ' .. seq .. '}'
else
  stamped = '{"seq": ' .. seq .. ', ' .. string.sub(body, 2)
end
redis.call('RPUSH', KEYS[1], stamped)
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return seq
"""


@lru_cache(maxsize=8)
def _append_script(client: Any) -> Any:  # noqa: ANN401 - redis or redis.asyncio client
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
    def _client():  # noqa: ANN205
        from django.conf import settings

        return _redis_client(settings.REDIS_URL)

    @staticmethod
    def _async_client():  # noqa: ANN205
        """A redis.asyncio client for the running loop (its connections belong to that loop)."""
        from django.conf import settings

        loop = asyncio.get_running_loop()
        client = _async_clients.get(loop)
        if client is None:
            import redis.asyncio

            client = _async_clients[loop] = redis.asyncio.Redis.from_url(settings.REDIS_URL)
        return client

    def _script_args(self, event: dict[str, Any]) -> tuple[list[str], list[Any], dict[str, Any]]:
        body = {key: value for key, value in event.items() if key != "seq"}
        return [self.key, f"{self.key}:seq"], [json.dumps(body, ensure_ascii=False), self.ttl_seconds], body

    def append(self, event: dict[str, Any]) -> dict[str, Any]:
        keys, args, body = self._script_args(event)
        seq = _append_script(self._client())(keys=keys, args=args)
        return {"seq": int(seq), **body}

    async def aappend(self, event: dict[str, Any]) -> dict[str, Any]:
        """:meth:`append` from async code, without a thread hop."""
        keys, args, body = self._script_args(event)
        seq = await _append_script(self._async_client())(keys=keys, args=args)
        return {"seq": int(seq), **body}

    def read(self, after: int = 0) -> list[dict[str, Any]]:
        events = [json.loads(raw) for raw in self._client().lrange(self.key, 0, -1)]
        return [event for event in events if event.get("seq", 0) > after]

    def clear(self) -> None:
        self._client().delete(self.key, f"{self.key}:seq")


def logged_group_publisher(group: str, log: EventLog):  # noqa: ANN201
    """An ``emit`` for sync code: log the event (with its seq), then publish it to the group."""

    def emit(event: dict[str, Any]) -> None:
        group_publish(group, log.append(event))

    return emit
