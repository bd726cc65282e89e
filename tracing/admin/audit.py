"""``AuditEventAdmin``: audit events, read only, with their JSON shown and a capped export.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from tracing import selectors, services
from tracing.admin.base import ReadOnlyAuditAdmin
from tracing.admin.exports import _iso
from tracing.models import (
    AuditEvent,
)
from tracing.redaction import may_unmask


# --- audit events ----------------------------------------------------------------------------
def _json_shown(value: Any) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


#: At most this many audit events in one export (select fewer with the filters).
EXPORT_LIMIT = 50_000


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyAuditAdmin):
    """Who changed what, when, from what to what. Filters by actor, event type, object type and
    date; search by object id, username, event type or matter number. Old/new/detail are shown
    through ``selectors.audit_event_payload`` (privileged content and personal data masked)."""

    list_display = ["chain_index", "ts", "actor_username", "event_type", "object_label", "matter_number"]
    list_filter = [
        ("ts", admin.DateFieldListFilter),
        ("actor", admin.RelatedOnlyFieldListFilter),
        "event_type",
        "object_type",
    ]
    search_fields = ["=object_id", "actor_username", "event_type", "matter_number"]
    search_help_text = "按对象编号（精确）、操作人、事件类型或案件编号搜索"
    date_hierarchy = "ts"
    list_per_page = 100
    base_fields = ["chain_index", "ts", "actor_username", "event_type", "object_type", "object_id", "matter_number"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[AuditEvent]:
        return selectors.audit_event_list(user=request.user)

    @admin.display(description="对象", ordering="object_type")
    def object_label(self, event: AuditEvent) -> str:
        return f"{event.object_type}:{event.object_id}" if event.object_id else event.object_type

    @staticmethod
    def _columns(request: HttpRequest) -> dict[str, Callable[[AuditEvent], str]]:
        """Display callables bound to this request's viewer (the admin object is shared by requests)."""
        unmask = may_unmask(request.user)

        def payload(event: AuditEvent) -> dict[str, Any]:
            return selectors.audit_event_payload(event, unmask=unmask)

        @admin.display(description="变更")
        def changes(event: AuditEvent) -> str:
            data = payload(event)
            old, new = data["old"], data["new"]
            if isinstance(old, dict) and isinstance(new, dict):
                keys = sorted(set(old) | set(new))
                return "；".join(f"{key}: {_json_shown(old.get(key))} → {_json_shown(new.get(key))}"
                                for key in keys)[:300]
            return _json_shown(new if new is not None else old)[:300]

        @admin.display(description="变更前")
        def old_shown(event: AuditEvent) -> str:
            return _json_shown(payload(event)["old"])

        @admin.display(description="变更后")
        def new_shown(event: AuditEvent) -> str:
            return _json_shown(payload(event)["new"])

        @admin.display(description="说明")
        def detail_shown(event: AuditEvent) -> str:
            return _json_shown(payload(event)["detail"])

        return {"changes": changes, "old": old_shown, "new": new_shown, "detail": detail_shown}

    def get_list_display(self, request: HttpRequest) -> list[Any]:
        return [*self.list_display, self._columns(request)["changes"]]

    def get_fields(self, request: HttpRequest, obj: AuditEvent | None = None) -> list[Any]:
        columns = self._columns(request)
        return [*self.base_fields, columns["old"], columns["new"], columns["detail"], "prev_hash", "hash"]

    actions = ["export_csv", "export_json"]

    def _export_rows(self, request: HttpRequest, queryset: QuerySet[AuditEvent]) -> list[dict[str, Any]]:
        """The selected events (within what the viewer may see) as the page shows them: the same
        masking (``selectors.audit_event_payload``), oldest first."""
        unmask = may_unmask(request.user)
        visible = selectors.audit_event_list(user=request.user).filter(pk__in=queryset.values("pk"))
        rows = []
        for event in visible.order_by("chain_index")[:EXPORT_LIMIT]:
            payload = selectors.audit_event_payload(event, unmask=unmask)
            rows.append({"id": event.pk, "chain_index": event.chain_index, "ts": _iso(event.ts),
                         "actor": event.actor_username, "event_type": event.event_type,
                         "object_type": event.object_type, "object_id": event.object_id,
                         "matter": event.matter_number, **payload, "hash": event.hash})
        return rows

    @admin.action(description="导出所选审计事件（CSV）", permissions=["view"])
    def export_csv(self, request: HttpRequest, queryset: QuerySet[AuditEvent]) -> HttpResponse:
        rows = self._export_rows(request, queryset)
        services.audit_events_export_record(actor=request.user, export_format="csv", event_ids=[r["id"] for r in rows])
        out = io.StringIO()
        writer = csv.writer(out)
        header = ["id", "chain_index", "ts", "actor", "event_type", "object_type", "object_id", "matter", "old", "new",
                  "detail", "hash"]
        writer.writerow(header)
        for row in rows:
            writer.writerow([_json_shown(row[key]) if key in ("old", "new", "detail") else row[key] for key in header])
        response = HttpResponse("\ufeff" + out.getvalue(), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="legalsite-audit-events.csv"'
        return response

    @admin.action(description="导出所选审计事件（JSON）", permissions=["view"])
    def export_json(self, request: HttpRequest, queryset: QuerySet[AuditEvent]) -> HttpResponse:
        rows = self._export_rows(request, queryset)
        services.audit_events_export_record(actor=request.user, export_format="json",
                                            event_ids=[r["id"] for r in rows])
        body = json.dumps({"exported_at": _iso(timezone.now()), "exported_by": request.user.get_username(),
                           "events": rows}, ensure_ascii=False, indent=2, default=str)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="legalsite-audit-events.json"'
        return response

    def get_readonly_fields(self, request: HttpRequest, obj: AuditEvent | None = None) -> list[Any]:
        return self.get_fields(request, obj)
