"""Handing stored work to a worker: the error a service catches when the broker cannot be reached,
and the status text the user sees meanwhile.

Long work (a contract's split, an auto-review, a research task, a case extraction) is stored
before it is queued; when the message cannot be sent it stays queued with this text, and the
periodic sweep (``legalsite.tasks.sweep_interrupted_work``) sends it once the broker is back.
"""

from __future__ import annotations

import logging
from typing import Any, Final

from django.db.models import Model
from kombu.exceptions import OperationalError as BrokerUnavailable

__all__ = ["BrokerUnavailable", "WAITING_FOR_BROKER_TEXT", "stored_work_send"]

logger = logging.getLogger(__name__)

WAITING_FOR_BROKER_TEXT: Final = "后台服务暂时不可用，恢复后将自动继续"


def stored_work_send(*, sender: Any, task_name: str, model: type[Model], pk: int, waiting_status: str) -> bool:
    """Send ``task_name`` for the stored row ``model(pk)`` through ``sender`` (a Celery app). When the
    broker cannot be reached, a row still in ``waiting_status`` gets ``WAITING_FOR_BROKER_TEXT`` as
    its error and False is returned; once sent, that text is cleared."""
    rows = model._default_manager.filter(pk=pk)
    try:
        sender.send_task(task_name, args=[pk])
    except BrokerUnavailable:
        logger.error("%s %s could not be queued", model._meta.label, pk, exc_info=True)
        rows.filter(status=waiting_status).update(error=WAITING_FOR_BROKER_TEXT)
        return False
    rows.filter(error=WAITING_FOR_BROKER_TEXT).update(error="")
    return True
