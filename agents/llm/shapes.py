"""Reading what providers write into ``content`` besides the answer.

- Thinking in ``<think>…</think>`` (vLLM/Ollama serving R1-style or Qwen3 models without a
  reasoning parser). When the chat template opens ``<think>`` itself only ``</think>`` appears:
  everything before it is thinking. Thinking is never the answer: it goes to
  :attr:`LLMResult.reasoning` (the trace), never to the user, never to citation parsing.
- Tool calls written as text when the server has no tool parser: ``<tool_call>{…}</tool_call>``
  (Hermes/Qwen templates), a fenced JSON block, or the whole reply a JSON object
  ``{"name", "arguments"|"parameters"}`` (or a list of them). Only names of offered tools count.
- :class:`StreamFilter` does the same on a stream: it passes the answer's text through as it
  arrives and holds back thinking and anything that may be a tool call.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from typing import Any, Final

__all__ = ["StreamFilter", "split_reasoning", "tool_calls_from_content", "with_tool_instruction"]

THINK_OPEN: Final = "<think>"
THINK_CLOSE: Final = "</think>"
TOOL_OPEN: Final = "<tool_call>"
_THINK_BLOCK: Final = re.compile(r"<think>(.*?)(?:</think>|$)", re.DOTALL)
_TOOL_BLOCK: Final = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL)
_FENCED: Final = re.compile(r"```(?:json|tool_call|tool)?\s*(.*?)\s*```", re.DOTALL | re.IGNORECASE)


def split_reasoning(content: str, *, prefilled: bool = False) -> tuple[str, str]:
    """``(answer, thinking)`` of a reply's text. A lone ``</think>`` ends thinking that the chat
    template opened (``prefilled`` or not: the tag cannot belong to an answer)."""
    if THINK_CLOSE not in content and THINK_OPEN not in content:
        return content, ""
    thinking: list[str] = []
    if THINK_OPEN not in content.split(THINK_CLOSE, 1)[0] and THINK_CLOSE in content:
        before, _, content = content.partition(THINK_CLOSE)
        thinking.append(before.strip())
    elif prefilled and THINK_CLOSE not in content:
        return content, ""

    def take(match: re.Match[str]) -> str:
        thinking.append(match.group(1).strip())
        return ""

    answer = _THINK_BLOCK.sub(take, content)
    return answer.strip(), "\n".join(part for part in thinking if part)


def _call_objects(value: Any) -> list[dict[str, Any]] | None:
    items = value if isinstance(value, list) else [value]
    calls = []
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            return None
        if "function" in item and isinstance(item["function"], dict):  # an OpenAI-shaped call
            item = item["function"]
        arguments = item.get("arguments", item.get("parameters", {}))
        if not isinstance(arguments, str | dict):
            return None
        calls.append({"name": item["name"], "arguments": arguments})
    return calls


def _parse(text: str) -> list[dict[str, Any]] | None:
    try:
        return _call_objects(json.loads(text))
    except ValueError:
        return None


def tool_calls_from_content(content: str, tool_names: Collection[str]) -> tuple[str, list[tuple[str, str]]]:
    """``(remaining text, [(name, raw JSON arguments)])`` for tool calls written into the text.
    Nothing is taken unless every call found names an offered tool."""
    if not content or not tool_names:
        return content, []
    found: list[dict[str, Any]] = []
    remaining = content
    if TOOL_OPEN in content:
        blocks = _TOOL_BLOCK.findall(content)
        parsed = [_parse(block) for block in blocks]
        if parsed and all(p is not None for p in parsed):
            found = [call for calls in parsed for call in calls or []]
            remaining = _TOOL_BLOCK.sub("", content)
    if not found:
        stripped = content.strip()
        whole = _parse(stripped) if stripped.startswith(("{", "[")) else None
        if whole:
            found, remaining = whole, ""
        else:
            for match in _FENCED.finditer(content):
                calls = _parse(match.group(1))
                if calls:
                    found.extend(calls)
                    remaining = remaining.replace(match.group(0), "")
    if not found or any(call["name"] not in tool_names for call in found):
        return content, []
    raw = [
        (call["name"], call["arguments"] if isinstance(call["arguments"], str)
         else json.dumps(call["arguments"], ensure_ascii=False))
        for call in found
    ]
    return remaining.strip(), raw


def _held_tail(text: str, markers: Collection[str]) -> int:
    """How many characters at the end of ``text`` could start one of ``markers``."""
    longest = 0
    for marker in markers:
        for size in range(min(len(marker) - 1, len(text)), 0, -1):
            if text.endswith(marker[:size]):
                longest = max(longest, size)
                break
    return longest


class StreamFilter:
    """Splits a stream's content deltas into what the user may see now and what is held back.

    ``feed(delta)`` returns the text to show now. Thinking goes to :attr:`reasoning`. When tools
    were offered, text from a ``<tool_call>`` tag, a code fence or a leading ``{``/``[`` on is held
    to the end (the gateway then parses the whole reply and shows what is not a tool call)."""

    def __init__(self, *, tools_offered: bool, prefilled: bool = False) -> None:
        self.tools_offered = tools_offered
        self.in_think = prefilled
        self.prefilled = prefilled
        self.buffer = ""
        self.reasoning = ""
        self.holding = False
        self.started = False

    def feed(self, delta: str) -> str:
        self.buffer += delta
        shown = ""
        while True:
            if self.in_think:
                index = self.buffer.find(THINK_CLOSE)
                if index < 0:
                    if not self.prefilled:
                        keep = _held_tail(self.buffer, (THINK_CLOSE,))
                        self.reasoning += self.buffer[: len(self.buffer) - keep]
                        self.buffer = self.buffer[len(self.buffer) - keep:]
                    return shown  # prefilled: all held until </think> (or the end) shows up
                thought = self.buffer[:index]
                self.reasoning += thought.removeprefix(THINK_OPEN) if self.prefilled else thought
                self.buffer = self.buffer[index + len(THINK_CLOSE):].lstrip()
                self.in_think = self.prefilled = False
                continue
            if self.holding:
                return shown
            if not self.started:
                head = self.buffer = self.buffer.lstrip()  # the answer starts at its first word
                if not head:
                    return shown
                if head.startswith(THINK_OPEN):
                    self.buffer, self.in_think = head[len(THINK_OPEN):], True
                    continue
                if THINK_OPEN.startswith(head) or (self.tools_offered and TOOL_OPEN.startswith(head)):
                    return shown  # maybe the start of a tag: wait for more
                if self.tools_offered and head.startswith(("{", "[")):
                    self.holding = True
                    return shown
            markers = [THINK_OPEN, *((TOOL_OPEN, "```") if self.tools_offered else ())]
            hits = [(self.buffer.find(m), m) for m in markers if m in self.buffer]
            if hits:
                index, marker = min(hits)
                shown += self.buffer[:index]
                self.started = self.started or bool(shown.strip())
                if marker == THINK_OPEN:
                    self.buffer, self.in_think = self.buffer[index + len(THINK_OPEN):], True
                    continue
                self.buffer, self.holding = self.buffer[index:], True
                return shown
            keep = _held_tail(self.buffer, markers)
            cut = len(self.buffer) - keep
            shown += self.buffer[:cut]
            self.buffer = self.buffer[cut:]
            self.started = self.started or bool(shown.strip())
            return shown


def with_tool_instruction(messages: list[Any], tools: list[Any]) -> list[Any]:
    """For servers without a tool parser: describe the tools and the ``<tool_call>`` format in the
    leading system message (the tools are still sent; chat templates that render them do both)."""
    lines = []
    for item in tools:
        function = item.get("function", {}) if isinstance(item, dict) else {}
        lines.append(json.dumps({"name": function.get("name"), "description": function.get("description", ""),
                                 "parameters": function.get("parameters", {})}, ensure_ascii=False))
    instruction = (
        "# Tools\nYou may call one or more of these functions:\n<tools>\n" + "\n".join(lines) + "\n</tools>\n"
        "To call a function, reply with nothing but one line per call:\n"
        '<tool_call>{"name": <function-name>, "arguments": <args-json-object>}</tool_call>'
    )
    if messages and messages[0].get("role") == "system" and isinstance(messages[0].get("content"), str):
        return [{**messages[0], "content": f"{messages[0]['content']}\n\n{instruction}"}, *messages[1:]]
    return [{"role": "system", "content": instruction}, *messages]
