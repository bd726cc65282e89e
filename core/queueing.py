"""Kept for imports that predate the job kernel: the broker error and the waiting text now live in
``core.jobs`` (docs/decisions/job-kernel.md)."""

from __future__ import annotations

from core.jobs import WAITING_FOR_BROKER_TEXT, BrokerUnavailable

__all__ = ["BrokerUnavailable", "WAITING_FOR_BROKER_TEXT"]
