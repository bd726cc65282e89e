"""Start-up checks of the walls (``manage.py check`` and every command that runs the checks):

- ``firm.E001``: a model that points at a matter or at declared client work is not declared
  (``firm.walls.client_work``) nor listed in :data:`NOT_CLIENT_WORK`;
- ``firm.E002``: a declared model's paths to its matter or owner do not resolve;
- ``firm.E003``: a declared model is registered in the Django admin without ``ClientWorkAdmin``
  (or has an inline of client work that is not a scoped inline);
- ``firm.E004``: a DRF serializer offers a declared model through a related field whose queryset
  is not scoped to the requesting user (``firm.api.VisibleRelatedField`` is).

docs/decisions/ethical-walls.md explains each.
"""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.contrib import admin
from django.core.checks import Error, register
from django.core.exceptions import FieldDoesNotExist
from django.db import models

from firm.walls import declaration_for, declared

#: Models that point at a matter or at client work but are not client work themselves, and why.
NOT_CLIENT_WORK: dict[str, str] = {
    "firm.matter": "the matter itself: its metadata is readable by admins (roles-and-matters.md)",
    "firm.mattermember": "the team: matter metadata",
    "tracing.trace": "scoped and masked by tracing.selectors (the trace carries its matter)",
    "tracing.auditevent": "scoped and masked by tracing.selectors (the event carries its matter)",
    "tracing.legalhold": "compliance records about a matter, not its content",
}


def _resolves(model: type[models.Model], path: str, target: str | None) -> bool:
    current = model
    for part in path.split("__"):
        try:
            model_field = current._meta.get_field(part)
        except FieldDoesNotExist:
            return False
        if not model_field.is_relation or model_field.related_model is None:
            return False
        current = model_field.related_model
    return target is None or current._meta.label_lower == target


def _points_at_work(model: type[models.Model]) -> str | None:
    for model_field in model._meta.concrete_fields:
        if not model_field.is_relation or model_field.related_model is None:
            continue
        label = model_field.related_model._meta.label_lower
        if label == "firm.matter" or declaration_for(label) is not None:
            return f"{model_field.name} → {label}"
    return None


def _serializer_classes() -> list[type[Any]]:
    from rest_framework import serializers

    found: list[type[Any]] = []
    stack = list(serializers.BaseSerializer.__subclasses__())
    while stack:
        cls = stack.pop()
        found.append(cls)
        stack.extend(cls.__subclasses__())
    return found


@register()
def client_work_check(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    from django.conf import settings

    from firm.admin_base import ClientWorkAdmin, _Scoped

    errors: list[Error] = []
    for model in apps.get_models():
        label = model._meta.label_lower
        if declaration_for(label) is None and label not in NOT_CLIENT_WORK:
            link = _points_at_work(model)
            if link:
                errors.append(Error(
                    f"{model._meta.label} points at client work ({link}) but is not declared",
                    hint="decorate it with firm.walls.client_work(matter=…, owner=…, metadata=…) "
                         "(docs/decisions/ethical-walls.md)", obj=model, id="firm.E001"))
    for declaration in declared():
        model = declaration.model
        if not _resolves(model, declaration.matter, "firm.matter"):
            errors.append(Error(f"{model._meta.label}: matter path {declaration.matter!r} does not reach firm.Matter",
                                obj=model, id="firm.E002"))
        if not _resolves(model, declaration.owner, settings.AUTH_USER_MODEL.lower()):
            errors.append(Error(f"{model._meta.label}: owner path {declaration.owner!r} does not reach the user model",
                                obj=model, id="firm.E002"))
        model_admin = admin.site._registry.get(model)
        if model_admin is not None and not isinstance(model_admin, ClientWorkAdmin):
            errors.append(Error(f"{model._meta.label} is client work; its admin {type(model_admin).__name__} "
                                "does not read through the scope",
                                hint="derive it from firm.admin_base.ClientWorkAdmin", obj=model, id="firm.E003"))
    for model, model_admin in admin.site._registry.items():
        for inline in getattr(model_admin, "inlines", ()):
            if declaration_for(inline.model) is not None and not issubclass(inline, _Scoped):
                errors.append(Error(f"{type(model_admin).__name__}: inline {inline.__name__} of client work "
                                    f"{inline.model._meta.label} is not scoped",
                                    hint="derive it from firm.admin_base.ClientWorkTabularInline", obj=model,
                                    id="firm.E003"))
    errors.extend(_serializer_errors())
    return errors


def _serializer_errors() -> list[Error]:
    from rest_framework import serializers

    from firm.api_fields import VisibleRelatedField

    errors: list[Error] = []
    for cls in _serializer_classes():
        if getattr(cls, "Meta", None) is None and not getattr(cls, "_declared_fields", None):
            continue
        for name, declared_field in getattr(cls, "_declared_fields", {}).items():
            target = declared_field.child_relation if isinstance(declared_field, serializers.ManyRelatedField) \
                else declared_field
            if not isinstance(target, serializers.RelatedField) or target.read_only:
                continue
            queryset = getattr(target, "queryset", None)
            if queryset is None or declaration_for(queryset.model) is None:
                continue
            if not isinstance(target, VisibleRelatedField):
                errors.append(Error(f"{cls.__module__}.{cls.__name__}.{name} accepts any "
                                    f"{queryset.model._meta.label}, not only those the user may see",
                                    hint="use firm.api_fields.VisibleRelatedField", obj=cls, id="firm.E004"))
    return errors
