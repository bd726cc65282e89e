"""Publishing events to Channels groups: the path every long job uses to reach browsers.

A Celery task (or any sync code) calls ``group_publish("chat.<id>", event)``; every
websocket consumer in that group receives ``{"type": "event.forward", "event": event}``
and sends ``event`` to its client as JSON.
"""

from __future__ import annotations

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

    def append(self, event: dict[str, Any]) -> dict[str, Any]:
        import json

        client = self._client()
        seq = client.incr(f"{self.key}:seq")
        stamped = dict(event, seq=int(seq))
        pipe = client.pipeline()
        pipe.rpush(self.key, json.dumps(stamped, ensure_ascii=False))
        pipe.expire(self.key, self.ttl_seconds)
        pipe.expire(f"{self.key}:seq", self.ttl_seconds)
        pipe.execute()
        return stamped

    def read(self, after: int = 0) -> list[dict[str, Any]]:
        import json

        events = [json.loads(raw) for raw in self._client().lrange(self.key, 0, -1)]
        return [event for event in events if event.get("seq", 0) > after]

    def clear(self) -> None:
        self._client().delete(self.key, f"{self.key}:seq")


def logged_group_publisher(group: str, log: EventLog):  # noqa: ANN201
    """An ``emit`` for sync code: log the event (with its seq), then publish it to the group."""

    def emit(event: dict[str, Any]) -> None:
        group_publish(group, log.append(event))

    return emit
