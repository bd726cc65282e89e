"""The page's form of a draft: schema → rows to show (values, marks), posted fields → values.

Inputs are named by their path (``court``, ``plaintiffs[0].name``), the same paths the API's
400 ``{"fields": …}`` and ``missing`` use, so the script marks invalid and missing inputs by name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from drafting import schema as fs

INPUT_TYPES: Final = {"date": "date", "integer": "number", "phone": "tel"}
_ITEM = re.compile(r"^(\w+)\[(\d+)\]\.(.+)$", re.UNICODE)
#: How many items of a repeating group the page accepts (a 50-party case fits).
MAX_ITEMS: Final = fs.MAX_ITEMS


def values_from_post(schema: Sequence[fs.Field], data: Mapping[str, Any]) -> dict[str, Any]:
    """Nested values from flat form fields; items of a group whose inputs are all empty are dropped,
    and so are empty top-level fields (the draft keeps what it had only through the page's inputs)."""
    specs = {spec["name"]: spec for spec in schema}
    values: dict[str, Any] = {}
    items: dict[str, dict[int, dict[str, Any]]] = {}
    for key in data:
        raw = data.get(key)
        match = _ITEM.match(key)
        if match:
            name, index, rest = match.group(1), int(match.group(2)), match.group(3)
            spec = specs.get(name)
            if spec is None or spec["type"] != "group" or index >= MAX_ITEMS:
                continue
            sub = {s["name"]: s for s in spec["fields"]}
            if rest in sub:
                items.setdefault(name, {}).setdefault(index, {})[rest] = raw
            continue
        if "." in key:
            name, rest = key.split(".", 1)
            spec = specs.get(name)
            if spec is not None and spec["type"] == "group" and not spec.get("many"):
                values.setdefault(name, {})[rest] = raw
            continue
        if key in specs and specs[key]["type"] != "group":
            values[key] = raw
    for name, by_index in items.items():
        kept = [item for _, item in sorted(by_index.items()) if any(str(v).strip() for v in item.values())]
        values[name] = [{k: v for k, v in item.items() if str(v).strip()} for item in kept]
    for name, group in list(values.items()):
        if isinstance(group, dict):
            values[name] = {k: v for k, v in group.items() if str(v).strip()}
    return {name: value for name, value in values.items() if not fs.is_empty(value) or specs[name]["type"] == "group"}


def _row(spec: fs.Field, path: str, value: Any, marks: Mapping[str, Any]) -> dict[str, Any]:
    row = {"path": path, "name": spec["name"], "label": spec["label"], "type": spec["type"],
           "required": spec["required"], "choices": spec.get("choices", []),
           "input": INPUT_TYPES.get(spec["type"], "text"),
           "error": marks["errors"].get(path, ""), "missing": path in marks["missing"],
           "source": marks["sources"].get(path.split("[")[0].split(".")[0], "")}
    if spec["type"] == "group":
        many = spec.get("many", False)
        present = value if isinstance(value, list) else ([value] if isinstance(value, Mapping) and value else [])
        if not present:
            present = [{}]
        row["many"] = many
        row["items"] = [
            {"index": i, "rows": [_row(sub, f"{path}[{i}].{sub['name']}" if many else f"{path}.{sub['name']}",
                                       (item or {}).get(sub["name"], ""), marks) for sub in spec["fields"]]}
            for i, item in enumerate(present if many else present[:1])
        ]
        row["blank"] = [_row(sub, f"{path}[__i__].{sub['name']}", "", {"errors": {}, "missing": set(), "sources": {}})
                        for sub in spec["fields"]]
        return row
    row["value"] = "" if value is None else str(value)
    return row


def form_rows(schema: Sequence[fs.Field], values: Mapping[str, Any], *, errors: Mapping[str, str] | None = None,
              missing: Sequence[str] = (), sources: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    marks = {"errors": dict(errors or {}), "missing": set(missing), "sources": dict(sources or {})}
    return [_row(spec, spec["name"], values.get(spec["name"], ""), marks) for spec in schema]
