"""The audit trail as the layers below ``tracing`` reach it.

``tracing`` owns the tamper-evident audit chain (``tracing.services.audit_event_record``,
docs/decisions/audit-events.md) and registers its writer and its reader here in
``TracingConfig.ready()``. ``firm`` lies below ``tracing``: it records its events through
:func:`audit_event_record` and reads the last one through :func:`audit_event_latest` without importing
tracing (docs/decisions/layers.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class AuditBackend:
    #: ``tracing.services.audit_event_record``: appends one event inside the caller's transaction.
    writer: Callable[..., Any]
    #: ``tracing.selectors.audit_event_latest``: the newest event of a type about one object, or None.
    latest: Callable[..., Any]


_backend: AuditBackend | None = None


def audit_backend_register(backend: AuditBackend) -> None:
    global _backend
    _backend = backend


def _registered() -> AuditBackend:
    if _backend is None:
        raise RuntimeError("no audit backend is registered (the tracing app registers it in its ready())")
    return _backend


def audit_event_record(*, actor: Any, event_type: str, obj: Any = None, object_type: str = "",
                       object_id: str | int = "", matter: Any = None, old: dict[str, Any] | None = None,
                       new: dict[str, Any] | None = None, detail: dict[str, Any] | None = None,
                       actor_name: str = "") -> Any:
    """Append one audit event (``tracing.services.audit_event_record`` documents the arguments); must
    run inside the transaction of the change it records."""
    return _registered().writer(actor=actor, event_type=event_type, obj=obj, object_type=object_type,
                                object_id=object_id, matter=matter, old=old, new=new, detail=detail,
                                actor_name=actor_name)


def audit_event_latest(*, event_type: str, object_type: str, object_id: str | int) -> Any | None:
    """The newest audit event of ``event_type`` about one object, or None."""
    return _registered().latest(event_type=event_type, object_type=object_type, object_id=object_id)
