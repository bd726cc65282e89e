"""What the drafting agent's offline answer reads: the draft's pre-fill, what is still missing and
the fields' labels (``agents.tools.RunContext.deps``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class DraftingDeps:
    prefill: dict[str, Any] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    labels: dict[str, str] = field(default_factory=dict)
