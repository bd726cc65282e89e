"""The OpenAPI schema says what the API really answers (docs/decisions/schema-testing.md).

drf-spectacular documents the success responses; this AutoSchema adds the error answers every
operation can give, all JSON objects (``{"detail": …}`` or ``{field: [messages]}``): 400 (bad
input: the operation takes query parameters, a body or a path value from a set), 401 (no or a bad
credential), 403 (authenticated but not allowed), 404 (an id in the path or the body, or a page
past the end of a list), 429 (throttled). Integer query parameters (pages, ids, counts) start at 1.
``tests/legalsite/test_schema.py`` runs schemathesis against it.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular import openapi
from rest_framework.permissions import AllowAny

from legalsite.api_tags import TAGS

ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": True,
    "description": "错误：{\"detail\": 说明} 或 {字段: [说明…]}",
}
ERRORS = {
    "400": "请求参数或内容不合法",
    "401": "未登录或令牌无效、已过期",
    "403": "无权执行此操作",
    "404": "对象（路径中的或请求所指的）不存在、无权查看，或页码超出范围",
    "429": "请求过于频繁",
}


def path_tag(path: str) -> str | None:
    """The area of an API path (``/api/v1/contracts/{id}/issues`` → ``contracts``)."""
    parts = path.strip("/").split("/")
    if len(parts) >= 3 and parts[:2] == ["api", "v1"]:
        return TAGS.get(parts[2])
    return None


class AutoSchema(openapi.AutoSchema):
    def get_tags(self) -> list[str]:
        tag = path_tag(self.path)
        return [tag] if tag else super().get_tags()

    def _error_codes(self) -> list[str]:
        codes = ["429"]
        takes_input = self.method in ("POST", "PUT", "PATCH") or any(
            p.get("in") == "query" or "enum" in p.get("schema", {}) for p in self._get_parameters())
        if takes_input:
            codes.append("400")
        if not any(isinstance(p, AllowAny) for p in self.view.get_permissions()):
            codes += ["401", "403"]
        if "{" in self.path or self._is_list_view() or self.method in ("POST", "PUT", "PATCH"):
            codes.append("404")
        return codes

    def _get_parameters(self) -> list[dict[str, Any]]:
        # Integer query parameters here are page numbers, ids and counts: all start at 1 (a 0 is a 400
        # or a 404). A parameter with its own minimum keeps it.
        parameters = super()._get_parameters()
        for parameter in parameters:
            schema = parameter.get("schema", {})
            if parameter.get("in") == "query" and schema.get("type") == "integer":
                schema.setdefault("minimum", 1)
        return parameters

    def _get_response_bodies(self, direction: openapi.Direction = "response") -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        if direction == "response":
            for code in self._error_codes():
                responses.setdefault(code, {"description": ERRORS[code],
                                            "content": {"application/json": {"schema": ERROR_SCHEMA}}})
        return responses
