"""URL converters. ``<id:name>`` is a database id: 1–18 digits, so it always fits a bigint
(Django's ``<int:>`` also matches 30-digit numbers, which PostgreSQL then refuses with a 500)."""

from __future__ import annotations


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int | str) -> str:
        return str(value)
