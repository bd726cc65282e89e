"""Progress reporting for long corpus jobs: tqdm bars on a terminal, throttled channel-group events."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TextIO

from tqdm import tqdm

from core.realtime import group_publish

_PHASE_LABELS = {
    "read": "读取与分词", "write": "写入法条", "embed": "计算向量", "index": "建立索引", "tokens": "重建分词",
}


class TqdmProgress:
    """One tqdm bar per phase, drawn on ``stream``."""

    def __init__(self, stream: TextIO, *, disable: bool = False) -> None:
        self.stream = stream
        self.disable = disable
        self._bar: tqdm | None = None
        self._phase: str | None = None

    def __call__(self, event: dict[str, Any]) -> None:
        phase = event.get("phase")
        if phase == "done":
            self.close()
            return
        if phase != self._phase:
            self.close()
            self._phase = phase
            self._bar = tqdm(total=event.get("total") or 0, desc=_PHASE_LABELS.get(phase, phase), file=self.stream,
                             disable=self.disable, unit="条" if phase in ("write", "embed", "tokens") else "部",
                             dynamic_ncols=True, mininterval=0.5)
        if self._bar is not None:
            self._bar.total = event.get("total") or self._bar.total
            self._bar.n = event.get("done", 0)
            self._bar.refresh()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
            self._phase = None


class GroupProgress:
    """Publishes progress events to a channel group, at most every ``interval`` seconds per phase."""

    def __init__(self, group: str, *, interval: float = 0.5,
                 publish: Callable[[str, dict[str, Any]], None] = group_publish) -> None:
        self.group = group
        self.interval = interval
        self.publish = publish
        self._last: dict[str, float] = {}

    def __call__(self, event: dict[str, Any]) -> None:
        phase = str(event.get("phase"))
        now = time.monotonic()
        final = event.get("done") == event.get("total") or phase == "done" or not event.get("done")
        if not final and now - self._last.get(phase, 0.0) < self.interval:
            return
        self._last[phase] = now
        self.publish(self.group, event)
