"""Chat's stored work for the job kernel (``core.jobs``): a turn is an assistant message from
``pending`` to ``running`` to ``complete`` or ``error``. A turn is never resumed (the user waits for
one answer): one that lost its worker is failed by the sweep and the user can ask again."""

from __future__ import annotations

from django.conf import settings

from chat.constants import TURN_TASK
from chat.models import Message
from core.jobs import JobKind

TURN = JobKind(
    name="chat_turns", model=Message, task=TURN_TASK,
    queued=(Message.Status.PENDING,), running=(Message.Status.RUNNING,), failed=Message.Status.ERROR,
    # no worker can still be on a turn older than the task time limit
    stale_seconds=lambda: settings.CELERY_TASK_TIME_LIMIT + 60,
    sweep="chat.services.turns_abandon_stale", has_error=False,
)
