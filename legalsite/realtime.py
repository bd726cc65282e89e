"""Publishing events to Channels groups: the path every long job uses to reach browsers.

A Celery task (or any sync code) calls ``group_publish("chat.<id>", event)``; every
websocket consumer in that group receives ``{"type": "event.forward", "event": event}``
and sends ``event`` to its client as JSON.
"""

from __future__ import annotations

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
