"""A DRF related field for client work: it accepts only objects the requesting user may read
(``firm.selectors.visible_to``); any other id is "does not exist", as everywhere behind a wall."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from rest_framework import serializers

from firm.selectors import visible_to


class VisibleRelatedField(serializers.PrimaryKeyRelatedField):
    def get_queryset(self) -> QuerySet[Any]:
        queryset = super().get_queryset()
        request = self.context.get("request")
        user = getattr(request, "user", None)
        if user is None:
            return queryset.none()
        return visible_to(queryset, user=user)
