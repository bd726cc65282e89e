"""The process-wide gateway built from Django settings."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from agents.llm.config import LLMConfig
from agents.llm.gateway import LLMGateway

__all__ = ["get_gateway", "is_offline", "reset_gateway"]


@lru_cache(maxsize=1)
def get_gateway() -> LLMGateway:
    """The process-wide gateway built from Django settings (cached; see :func:`reset_gateway`).
    ``settings.LLM_LISTENERS`` names listeners every call is reported to (the audit trail)."""
    from django.conf import settings
    from django.utils.module_loading import import_string

    listeners = [import_string(path) for path in getattr(settings, "LLM_LISTENERS", ())]
    return LLMGateway(LLMConfig.from_settings(), listeners=listeners)


def reset_gateway() -> None:
    """Forget the cached gateway (after settings change; done automatically on ``setting_changed``)."""
    get_gateway.cache_clear()


def is_offline() -> bool:
    """True when no LLM endpoint is configured: the offline engine answers instead."""
    return get_gateway().offline


def _on_setting_changed(*, setting: str, **_: Any) -> None:
    if setting.startswith("LLM_"):
        reset_gateway()


def _connect_setting_changed() -> None:
    from django.core.signals import setting_changed

    setting_changed.connect(_on_setting_changed, dispatch_uid="agents.llm.reset_gateway")


_connect_setting_changed()
