"""Handing stored work to a worker: the error a service catches when the broker cannot be reached,
and the status text the user sees meanwhile.

Long work (a contract's split, an auto-review, a research task, a case extraction) is stored
before it is queued; when the message cannot be sent it stays queued with this text, and the
periodic sweep (``legalsite.tasks.sweep_interrupted_work``) sends it once the broker is back.
"""

from __future__ import annotations

from typing import Final

from kombu.exceptions import OperationalError as BrokerUnavailable

__all__ = ["BrokerUnavailable", "WAITING_FOR_BROKER_TEXT"]

WAITING_FOR_BROKER_TEXT: Final = "后台服务暂时不可用，恢复后将自动继续"
