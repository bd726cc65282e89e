"""What every admin of the audit models shares: ``ReadOnlyAuditAdmin`` (no add, change or delete for
anyone), the masker for viewers without ``tracing.unmask_trace``, the trace status colours and how a
duration is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from tracing.models import (
    TraceStatus,
)
from tracing.redaction import mask_text, may_unmask

STATUS_COLOURS = {
    TraceStatus.OPEN: "#6b7280",
    TraceStatus.SUCCESS: "#15803d",
    TraceStatus.ERROR: "#b91c1c",
    TraceStatus.TIMEOUT: "#b45309",
    TraceStatus.CANCELLED: "#6b7280",
}


def masker(request: HttpRequest) -> Callable[[str], str]:
    return (lambda text: text) if may_unmask(request.user) else mask_text


class ReadOnlyAuditAdmin(admin.ModelAdmin):
    """No add, change or delete for anyone; viewing needs the model's view permission."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


def _ms(value: float | int | None) -> str:
    if value is None:
        return "—"
    return f"{value / 1000:.2f} 秒" if value >= 1000 else f"{value:.0f} 毫秒"
