"""The one base of every Django admin of client work (docs/decisions/ethical-walls.md).

Its changelist, search, change, history and delete pages read through
``firm.selectors.visible_to``: an admin sees the work of a privileged matter whose team they are
not on nowhere in the admin (absent from lists and searches, 404 on its pages), as the API answers.
Compliance officers do no client work and get no client-work admin at all.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import Http404, HttpRequest

from firm.roles import does_client_work
from firm.selectors import visible_to


class _Scoped:
    """Shared by the model admin and its inlines: the queryset is the viewer's visible work."""

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        return visible_to(super().get_queryset(request), user=request.user)  # type: ignore[misc]

    def has_module_permission(self, request: HttpRequest) -> bool:
        return does_client_work(request.user) and super().has_module_permission(request)  # type: ignore[misc]

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return does_client_work(request.user) and super().has_view_permission(request, obj)  # type: ignore[misc]


class ClientWorkAdmin(_Scoped, admin.ModelAdmin):
    """A ``ModelAdmin`` of a model declared with ``firm.walls.client_work``."""

    def get_object(self, request: HttpRequest, object_id: str, from_field: str | None = None) -> Any:
        obj = super().get_object(request, object_id, from_field)
        if obj is None:  # absent or behind a wall: the same answer, as everywhere else
            raise Http404("不存在或无权查看")
        return obj


class ClientWorkTabularInline(_Scoped, admin.TabularInline):
    """An inline of client work (its rows are scoped like the page's object)."""


class ClientWorkStackedInline(_Scoped, admin.StackedInline):
    pass
