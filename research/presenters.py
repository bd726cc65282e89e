"""How a research step's input reads on the page and in the Word report: words, not Python.

A step's input is a search text, a citation (``{"law", "article"}``) or a calculation
(``{"calculator": tool name, "arguments": {...}}``). Field names are labelled from the tool's own
parameter descriptions (the registry's pydantic models), so a new calculator reads well without a
new label here; booleans read 是/否, lists are joined with 、.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from agents.tools import registry
from legal.text.wording import TOOL_LABELS

#: Keys of a citation or search input.
KEY_LABELS = {"law": "法律", "article": "条文", "query": "检索词", "calculator": "计算", "arguments": "参数"}


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "是" if value else "否"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list | tuple):
        return "、".join(_value(v) for v in value)
    if isinstance(value, Mapping):
        return "，".join(f"{k}：{_value(v)}" for k, v in value.items())
    return str(value)


def _labels(tool_name: str) -> dict[str, str]:
    tool = registry.get(tool_name)
    if tool is None:
        return {}
    return {name: (field.description or name) for name, field in tool.parameters.model_fields.items()}


def step_input_text(value: Any) -> str:
    """One line a lawyer reads: ``计算：经济补偿计算；月工资（元）：8000，工作月数：36，违法解除：是``."""
    if value in (None, "", {}):
        return ""
    if not isinstance(value, Mapping):
        return str(value)
    if "calculator" in value:
        name = str(value.get("calculator", ""))
        labels = _labels(name)
        arguments = value.get("arguments") or {}
        parts = [f"{labels.get(k, k)}：{_value(v)}" for k, v in arguments.items()] if isinstance(
            arguments, Mapping) else [_value(arguments)]
        head = f"计算：{TOOL_LABELS.get(name, name)}"
        return f"{head}；{'，'.join(parts)}" if parts else head
    if "law" in value and "article" in value and len(value) <= 3:
        return f"《{value['law']}》{value['article']}"
    return "；".join(f"{KEY_LABELS.get(k, k)}：{_value(v)}" for k, v in value.items())
