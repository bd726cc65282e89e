"""A job's events printed to a terminal: the console commands' sink of an event stream
(``core.realtime.EventStream(..., sinks=[ConsoleSink(...)])``, docs/decisions/event-stream.md).

The commands (``review_contract``, ``research``) print what a browser would show, from the same
numbered events the stream logs and publishes. The agents' events (streamed tokens, tool calls and
results, status lines, errors) have one look here; an app adds lines for its own event types
(``contracts.events.CONSOLE``, ``research.events.CONSOLE``) and may draw a progress bar.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from django.core.management.base import OutputWrapper
from tqdm import tqdm

__all__ = ["AGENT_LINES", "ConsoleSink", "Line", "Progress"]

#: A console line of one event (``None``: nothing to print).
Line = Callable[[Mapping[str, Any]], str | None]
#: ``(done, total, title, where)`` of an event that moves a progress bar (``None``: it does not).
Progress = Callable[[Mapping[str, Any]], tuple[int, int, str, str] | None]


def _tool_result(event: Mapping[str, Any]) -> str:
    """The first line of what the tool told the agent (its ``content`` when it answered JSON)."""
    text = str(event.get("output") or event.get("summary") or "")
    try:
        parsed = json.loads(text)
    except ValueError:
        parsed = None
    if isinstance(parsed, dict) and parsed.get("content"):
        text = str(parsed["content"])
    first = text.strip().splitlines()[0][:120] if text.strip() else ""
    return f"  ← {'成功' if event.get('ok') else '失败'}：{first}"


def _tool_call(event: Mapping[str, Any]) -> str:
    arguments = event.get("input") or {}
    if isinstance(arguments, Mapping) and (arguments.get("action") or arguments.get("quote")):
        quote = str(arguments.get("quote") or "")
        brief = f"{arguments.get('action') or ''}{'：' + quote[:30] if quote else ''}"
    else:
        brief = json.dumps(arguments, ensure_ascii=False)[:120]
    return f"  → {event.get('tool')} {brief}"


#: The agents' events (agents/events.py), the same for every command.
AGENT_LINES: dict[str, Line] = {
    "tool_call": _tool_call,
    "tool_result": _tool_result,
    "status": lambda event: f"  {event.get('text', '')}" if event.get("phase") != "answer" else None,
    "error": lambda event: f"  ！{event.get('message', '')}",
}


class ConsoleSink:
    """Print each event given to it (a sink: ``sink(event)``) as a line on ``out``; ``token`` events
    are written as they stream (``tokens``), and an event ``progress`` recognises moves a tqdm bar.
    :meth:`close` ends a streamed line and the bar."""

    def __init__(self, out: TextIO, *, lines: Mapping[str, Line] | None = None, progress: Progress | None = None,
                 tokens: bool = True) -> None:
        self.out = out
        self.lines = {**AGENT_LINES, **(lines or {})}
        self.progress = progress
        self.tokens = tokens
        self.bar: tqdm | None = None
        #: Whether tokens were written since the last line (the answer streamed).
        self.streamed = False

    def __call__(self, event: Mapping[str, Any]) -> None:
        kind = str(event.get("type"))
        moved = self.progress(event) if self.progress is not None else None
        if moved is not None:
            self._progress(*moved)
            return
        if kind == "token":
            if self.tokens:
                self._write(str(event.get("delta", "")))
                self.streamed = True
            return
        format_line = self.lines.get(kind)
        text = format_line(event) if format_line is not None else None
        if text is not None:
            self.line(text)

    def line(self, text: str) -> None:
        """One line, after a streamed answer's end and above the bar."""
        if self.streamed:
            self._write("\n")
            self.streamed = False
        if self.bar is not None:
            self.bar.write(text, file=self.out)
        else:
            self._write(text + "\n")

    def _write(self, text: str) -> None:
        if isinstance(self.out, OutputWrapper):
            self.out.write(text, ending="")  # a command's stdout adds a newline unless told not to
        else:
            self.out.write(text)
        self.out.flush()

    def _progress(self, done: int, total: int, title: str, where: str) -> None:
        if self.bar is None:
            self.bar = tqdm(total=total, desc=title or "进度", unit="节", file=self.out, dynamic_ncols=True,
                            mininterval=0)
        self.bar.total, self.bar.n = total, done
        if where:
            self.bar.set_postfix_str(where, refresh=False)
        self.bar.refresh()

    def close(self) -> None:
        if self.streamed:
            self._write("\n")
            self.streamed = False
        if self.bar is not None:
            self.bar.close()
            self.bar = None
