"""What a research run's tools may read besides the user and the matter: the task
(``agents.tools.RunContext.deps``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ResearchDeps:
    task_id: int
