"""Ethical walls by construction: which models hold client work, how each reaches its matter, and
which of its fields are content (docs/decisions/ethical-walls.md).

A model that holds client work says so once, next to its definition::

    @client_work(matter="contract__matter", owner="contract__owner", metadata=["severity_label"])
    class ReviewIssue(models.Model): ...

- ``matter``: the path (Django lookup) from the model to its ``firm.Matter``;
- ``owner``: the path to the user who owns the work (they always see it);
- ``metadata``: free-text fields that are *not* content. Every other free-text field (``CharField``
  without choices, ``TextField``, ``JSONField``) is content: masked for viewers who may see the
  work's metadata only, and not searched for them. Fields with choices, numbers, dates, flags,
  hashes declared here and foreign keys are metadata by their type.

Reads go through ``firm.selectors.visible_to`` / ``get_visible_or_404``; the Django admin through
``firm.admin_base.ClientWorkAdmin``; audit payloads mask by ``audit_metadata_keys``. A system check
(``firm.checks``) fails when a model that points at a matter or at client work is not declared,
when a declared model's admin does not use the base admin, or when a serializer offers it through
an unscoped related field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.db import models

M = TypeVar("M", bound=type[models.Model])

#: Keys of an audit event's old/new/detail that are metadata whatever the object: who, which
#: matter, which status, sizes, hashes, counts, the trace. Any other key is content for a viewer
#: who may see only masked content, unless the object's model declares it metadata.
AUDIT_METADATA_KEYS: frozenset[str] = frozenset({
    "id", "matter", "matter_number", "from_matter", "to_matter", "from_privileged", "to_privileged",
    "owner", "username", "actor", "by", "at", "via", "agent", "tool", "model", "team_role", "role", "self",
    "status", "mode", "progress", "total", "round", "ok", "offline", "edited", "enabled", "reason", "error_type",
    "sha256", "file_sha256", "size", "bytes", "file_size", "format", "file_format", "contract_type",
    "version", "trace_id", "session", "contract", "research_task", "draft", "template", "section",
    "order", "kind", "number", "para_start", "para_end", "offset", "kept", "steps_kept",
    "messages", "issues", "steps", "chunks", "sections", "count", "split_fallback", "ocr_used", "ocr",
    "cancel_requested", "review_plan", "severity", "rule_code", "cause", "prefilled", "fields_count",
})


@dataclass(frozen=True)
class ClientWork:
    """How one client-work model reaches its matter and owner, and which free-text fields are metadata."""

    model: type[models.Model]
    matter: str
    owner: str
    metadata: frozenset[str] = field(default_factory=frozenset)

    @property
    def label(self) -> str:
        return self.model._meta.label_lower

    def content_fields(self) -> list[str]:
        """Names of the model's content fields: free text not declared metadata."""
        return [f.name for f in self.model._meta.concrete_fields
                if is_free_text(f) and f.name not in self.metadata]

    def matter_of(self, obj: models.Model) -> Any:
        """The matter ``obj`` belongs to (``None`` for unfiled work), following the declared path."""
        value: Any = obj
        for part in self.matter.split("__"):
            value = getattr(value, part, None)
            if value is None:
                return None
        return value

    def matter_id_of(self, obj: models.Model) -> int | None:
        matter = self.matter_of(obj)
        return matter.pk if matter is not None else None


def is_free_text(model_field: models.Field) -> bool:
    """A field that can hold any text a user or an agent wrote (so: content unless declared)."""
    if isinstance(model_field, models.JSONField):
        return True
    if isinstance(model_field, models.CharField | models.TextField):
        return not model_field.choices
    return False


_REGISTRY: dict[str, ClientWork] = {}


def client_work(*, matter: str, owner: str, metadata: Iterable[str] = ()) -> Callable[[M], M]:
    """Declare a model as client work (a class decorator placed on the model)."""

    def register(model: M) -> M:
        declaration = ClientWork(model=model, matter=matter, owner=owner, metadata=frozenset(metadata))
        _REGISTRY[declaration.label] = declaration
        return model

    return register


def declared() -> list[ClientWork]:
    """Every client-work declaration, in a stable order."""
    return [_REGISTRY[label] for label in sorted(_REGISTRY)]


def declaration_for(model: type[models.Model] | models.Model | str) -> ClientWork | None:
    """The declaration of a model (class, instance or ``app_label.model`` label), or ``None``."""
    label = model.lower() if isinstance(model, str) else model._meta.label_lower
    return _REGISTRY.get(label)


def is_client_work(model: type[models.Model] | models.Model | str) -> bool:
    return declaration_for(model) is not None


def matter_of(obj: models.Model) -> Any:
    """The matter of a client-work object (``None`` when unfiled or not client work)."""
    declaration = declaration_for(obj)
    return declaration.matter_of(obj) if declaration is not None else None


def audit_metadata_keys(object_type: str) -> frozenset[str]:
    """Keys of an audit payload about ``object_type`` that stay readable when content is masked:
    the common metadata keys, the model's declared metadata, and its fields that cannot hold free
    text (choices, numbers, flags, dates, relations)."""
    declaration = declaration_for(object_type)
    if declaration is None:
        return AUDIT_METADATA_KEYS
    typed = {f.name for f in declaration.model._meta.concrete_fields if not is_free_text(f)}
    return (AUDIT_METADATA_KEYS | declaration.metadata | typed) - set(declaration.content_fields())
