"""``traced_run``: the one way a service opens a trace, runs its agents in it and closes it.

    with traced_run("contract_review", actor, obj=run, matter=contract.matter) as recorder:
        ...  # agents run with recorder as their sink's recorder

The trace is closed on every path: ``success`` when the block ends, ``error`` / ``timeout`` /
``cancelled`` with the exception's text when it raises (the exception goes on). A block that
settles its own outcome (a run that fails without raising, a cancelled run) calls
``recorder.close(status=..., error=...)`` itself; closing is idempotent, so the exit does nothing
more. An agent inside the block runs in its own ``AgentRun`` scope
(``agents.runner.run_agent_recorded``).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tracing.recorder import TraceRecorder, trace_open

__all__ = ["traced_run"]


@contextmanager
def traced_run(kind: str, user: Any, obj: Any = None, matter: Any = None, *,
               trace_id: uuid.UUID | str | None = None) -> Iterator[TraceRecorder]:
    """Open a trace of ``kind`` for ``user`` (on ``obj``, within ``matter``), yield its recorder and
    close it however the block ends."""
    recorder = trace_open(kind, user, obj, matter, trace_id=trace_id)
    with recorder:
        yield recorder
