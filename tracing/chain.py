"""Hashing for the audit chain: a canonical JSON of a record's content, and SHA-256 over it.

The same function hashes a record before it is inserted and re-hashes the row read back by
``verify_audit``, so every value is normalised to what PostgreSQL returns (UTC datetimes with
microseconds, decimals at the field's scale, UUIDs as text).
"""

from __future__ import annotations

import hashlib
import json
import uuid
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from django.db import models

GENESIS = "0" * 64

# Advisory-lock keys (pg_advisory_xact_lock) for the global chains; taken in this order.
SEAL_LOCK = 0x7472_6163_6501  # the global seal chain (sealing, purging)
HOLD_LOCK = 0x7472_6163_6502  # the legal-hold chain
PURGE_LOCK = 0x7472_6163_6503  # the purge-record chain
AUDIT_LOCK = 0x7472_6163_6504  # the audit-event chain (always the last one a transaction takes)


def canonical_json(value: Any) -> str:
    """Deterministic JSON: sorted keys, no whitespace, UTF-8 (not ASCII-escaped)."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=_default)


def _default(value: Any) -> Any:
    if isinstance(value, datetime):
        return _iso(value)
    if isinstance(value, Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, set | frozenset | tuple):
        return list(value)
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return repr(value)


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _iso(value: datetime) -> str:
    if value.tzinfo is None:
        raise ValueError("naive datetime in an audit record")
    return value.astimezone(UTC).isoformat(timespec="microseconds")


def normalise(field: models.Field, value: Any) -> Any:
    """A field value as it will read back from PostgreSQL, in a JSON-safe form."""
    if value is None:
        return None
    if isinstance(field, models.DecimalField):
        return str(Decimal(str(value)).quantize(Decimal(1).scaleb(-field.decimal_places)))
    if isinstance(field, models.DateTimeField):
        return _iso(value)
    if isinstance(field, models.UUIDField):
        return str(value if isinstance(value, uuid.UUID) else uuid.UUID(str(value)))
    if isinstance(field, models.FloatField):
        return float(value)
    if isinstance(field, models.BooleanField):
        return bool(value)
    if isinstance(field, models.IntegerField):
        return int(value)
    return str(value)


def content_of(instance: models.Model, field_names: tuple[str, ...]) -> dict[str, Any]:
    meta = instance._meta
    content: dict[str, Any] = {"type": meta.label}
    for name in field_names:
        field = meta.get_field(name)
        raw = getattr(instance, field.attname)
        content[name] = normalise(field.target_field if field.is_relation else field, raw)
    return content


def compute_hash(instance: models.Model, field_names: tuple[str, ...]) -> str:
    return sha256_text(canonical_json(content_of(instance, field_names)))


def clean_text(value: Any, limit: int | None = None) -> str:
    """Text as PostgreSQL will store it: no NUL characters, at most ``limit`` characters."""
    text = "" if value is None else str(value)
    if "\x00" in text:
        text = text.replace("\x00", "\ufffd")
    if limit is not None and len(text) > limit:
        text = text[:limit]
    return text


def capped_payload(value: Any, limit: int) -> tuple[str, str, int]:
    """(stored text, sha256 of the whole canonical JSON, size of the whole in UTF-8 bytes)."""
    text = value if isinstance(value, str) else canonical_json(value)
    text = clean_text(text)
    whole = text.encode("utf-8")
    return text[:limit], hashlib.sha256(whole).hexdigest(), len(whole)
