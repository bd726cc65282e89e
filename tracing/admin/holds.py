"""Legal holds (administrators place and release them, each a new row and an audit event) and the
read-only purge records.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse

from tracing import selectors, services
from tracing.admin.base import ReadOnlyAuditAdmin, masker
from tracing.admin.exports import _reason_step
from tracing.models import (
    LegalHold,
    PurgeRecord,
    Trace,
)


# --- legal holds and purge records -----------------------------------------------------------
class LegalHoldForm(forms.ModelForm):
    class Meta:
        model = LegalHold
        fields = ["trace_ref", "matter", "reason"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if bool(data.get("trace_ref")) == bool(data.get("matter")):
            raise ValidationError("请指定一条追踪或一个案件（二者选一）")
        if data.get("trace_ref") and not Trace.objects.filter(pk=data["trace_ref"]).exists():
            raise ValidationError({"trace_ref": "该追踪不存在"})
        return data


@admin.register(LegalHold)
class LegalHoldAdmin(ReadOnlyAuditAdmin):
    form = LegalHoldForm
    list_display = ["chain_index", "action", "target", "reason", "actor_username", "created_at", "is_active"]
    list_filter = ["action"]
    search_fields = ["=trace_ref", "matter_number", "actor_username"]
    actions = ["release"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[LegalHold]:
        return selectors.legal_hold_list(user=request.user)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return request.user.has_perm("tracing.add_legalhold")

    def has_hold_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("tracing.add_legalhold")

    def get_fields(self, request: HttpRequest, obj: LegalHold | None = None) -> list[Any]:
        if obj is None:
            return ["trace_ref", "matter", "reason"]
        return ["chain_index", "action", "target", self._reason_column(request), "releases", "actor_username",
                "created_at", "prev_hash", "hash"]

    def get_readonly_fields(self, request: HttpRequest, obj: LegalHold | None = None) -> list[Any]:
        return [] if obj is None else self.get_fields(request, obj)

    @admin.display(description="对象")
    def target(self, hold: LegalHold) -> str:
        return f"追踪 {hold.trace_ref}" if hold.trace_ref else f"案件 {hold.matter_number}"

    @admin.display(description="有效", boolean=True)
    def is_active(self, hold: LegalHold) -> bool | None:
        if hold.action != LegalHold.Action.PLACE:
            return None
        return not hold.released_by.exists()

    @staticmethod
    def _reason_column(request: HttpRequest) -> Callable[[LegalHold], str]:
        show = masker(request)

        @admin.display(description="原因")
        def reason(hold: LegalHold) -> str:
            return show(hold.reason)

        return reason

    def get_list_display(self, request: HttpRequest) -> list[Any]:
        return [self._reason_column(request) if name == "reason" else name for name in self.list_display]

    def save_model(self, request: HttpRequest, obj: LegalHold, form: forms.Form, change: bool) -> None:
        if change:
            raise PermissionDenied
        hold = services.legal_hold_place(
            actor=request.user, reason=obj.reason, trace_id=obj.trace_ref, matter=obj.matter
        )
        obj.pk = hold.pk
        for name in ("chain_index", "action", "created_at", "hash", "prev_hash", "actor_id", "actor_username",
                     "matter_number"):
            setattr(obj, name, getattr(hold, name))

    @admin.action(description="解除所选保全", permissions=["hold"])
    def release(self, request: HttpRequest, queryset: QuerySet[LegalHold]) -> HttpResponse | None:
        holds = queryset.filter(action=LegalHold.Action.PLACE, released_by__isnull=True)
        reason = _reason_step(self, request, holds, "release", "解除法律保全")
        if not isinstance(reason, str):
            return reason
        count = 0
        for hold in holds:
            services.legal_hold_release(actor=request.user, hold=hold, reason=reason)
            count += 1
        self.message_user(request, f"已解除 {count} 项法律保全。", messages.SUCCESS)
        return HttpResponseRedirect(reverse("admin:tracing_legalhold_changelist"))


@admin.register(PurgeRecord)
class PurgeRecordAdmin(ReadOnlyAuditAdmin):
    list_display = ["chain_index", "created_at", "performed_by", "before", "trace_count", "record_count",
                    "held_skipped"]
    fields = ["chain_index", "created_at", "performed_by", "before", "trace_count", "record_count", "held_skipped",
              "trace_ids", "removed_seals", "max_removed_index", "last_removed_seal_hash", "prev_hash", "hash"]
    readonly_fields = fields
