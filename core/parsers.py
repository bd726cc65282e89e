"""The API's JSON parser: odd input is a 400 once, at the parser, for every endpoint
(docs/decisions/input-validation.md).

- a body that is not UTF-8 → 400;
- nesting deeper than ``API_JSON_MAX_DEPTH`` (arrays and objects) → 400, checked before parsing
  so a body nested 100,000 levels deep never reaches the recursive decoder;
- a NUL character in any string, key or value, at any depth (PostgreSQL text cannot hold it) → 400.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from core.validation import NUL_MESSAGE


class JsonBodyError(ValueError):
    """A JSON body refused before it reaches a view; ``message`` says why (Chinese, for the client)."""

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(message)
        self.message, self.field = message, field


_OPENERS = frozenset(b"[{")
_CLOSERS = frozenset(b"]}")


def _depth_exceeds(raw: bytes, limit: int) -> bool:
    """Whether arrays/objects nest deeper than ``limit`` (brackets inside strings ignored)."""
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False
    depth = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in _OPENERS:
            depth += 1
            if depth > limit:
                return True
        elif byte in _CLOSERS:
            depth -= 1
    return False


def _nul_at(value: Any) -> str | None:
    """The dotted path of the first string (key or value) holding a NUL, ``""`` for the body
    itself, or ``None``."""
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return where
        elif isinstance(item, Mapping):
            for key, inner in item.items():
                path = f"{where}.{key}" if where else str(key)
                if "\x00" in str(key):
                    return where or path
                stack.append((path, inner))
        elif isinstance(item, list):
            stack.extend((f"{where}[{index}]", inner) for index, inner in enumerate(item))
    return None


def json_body_load(raw: bytes) -> Any:
    """Parse a JSON request body under the rules above; :class:`JsonBodyError` when refused."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise JsonBodyError("请求体不是 UTF-8 编码") from None
    limit = settings.API_JSON_MAX_DEPTH
    if _depth_exceeds(raw, limit):
        raise JsonBodyError(f"JSON 嵌套过深（最多 {limit} 层）")
    try:
        data = json.loads(text)
    except RecursionError:
        raise JsonBodyError(f"JSON 嵌套过深（最多 {limit} 层）") from None
    except ValueError as exc:
        raise JsonBodyError(f"JSON 格式错误：{exc}") from None
    where = _nul_at(data)
    if where is not None:
        raise JsonBodyError(NUL_MESSAGE, field=where.split(".", 1)[0].split("[", 1)[0])
    return data


class StrictJSONParser(JSONParser):
    """DRF's JSON parser with the rules above (the default parser of every API view)."""

    def parse(self, stream: IO[bytes] | None, media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:
        raw = stream.read() if stream is not None else b""
        if not raw:
            raise ParseError("请求体为空")
        try:
            return json_body_load(raw)
        except JsonBodyError as exc:  # a NUL names the top-level field it is under, like a field error
            raise ParseError({exc.field: [exc.message]} if exc.field else exc.message) from None
