"""Input rules every list view and form shares: integer filters and NUL characters.

A filter such as ``?matter=abc`` or a NUL character (PostgreSQL cannot store or compare
``\\x00`` in text) must be a clear 400, never a 500 (docs/decisions/input-validation.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.core.exceptions import ValidationError

NUL_MESSAGE = "输入中不能包含空字符（NUL）"


def has_nul(value: str | bytes) -> bool:
    """True when ``value`` holds a NUL character, raw or percent-encoded (``%00``)."""
    if isinstance(value, bytes):
        return b"\x00" in value or b"%00" in value
    return "\x00" in value or "%00" in value


def reject_nul(value: str, field: str) -> str:
    if "\x00" in value:
        raise ValidationError({field: [NUL_MESSAGE]})
    return value


def is_int_id(text: str) -> bool:
    """A plain decimal id that fits a bigint (``isdigit`` alone accepts ``²`` and ``١``)."""
    return text.isascii() and text.isdigit() and 0 < len(text) <= 18


def int_param(params: Mapping[str, str], name: str, *, minimum: int = 1) -> int | None:
    """An optional integer filter from query parameters: ``None`` when absent or blank, else a
    plain decimal integer ≥ ``minimum`` (``abc``, ``1.5``, ``null``, ``²`` are a 400)."""
    raw = params.get(name, "")
    if raw is None or raw == "":
        return None
    text = raw.strip()
    if not (text.isascii() and text.isdigit()):
        raise ValidationError({name: [f"{name} 须为整数编号"]})
    value = int(text) if len(text) <= 18 else 2**63
    if value < minimum or value > 2**63 - 1:
        raise ValidationError({name: [f"{name} 超出范围"]})
    return value


def text_param(params: Mapping[str, str], name: str, *, max_length: int = 200,
               choices: Iterable[str] | None = None) -> str:
    """An optional text filter: stripped, without NUL, at most ``max_length`` characters and, when
    ``choices`` are given, one of them (blank means "no filter")."""
    value = (params.get(name, "") or "").strip()
    reject_nul(value, name)
    if len(value) > max_length:
        raise ValidationError({name: [f"{name} 最多 {max_length} 个字符"]})
    if value and choices is not None and value not in set(choices):
        raise ValidationError({name: [f"{name} 须为以下之一：{'、'.join(choices)}"]})
    return value
