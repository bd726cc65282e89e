"""Run several agents at once, each with its own deadline.

    outcome = await run_parallel(
        {"legal_research": run_agent(research, msgs, ctx), "case_analysis": run_agent(cases, msgs, ctx)},
        timeout=30,
        labels={"legal_research": "法规检索", "case_analysis": "案例分析"},
    )
    outcome.results()   # the agents that finished
    outcome.notices     # ["案例分析超时（30 秒），仅有部分结果。", ...]

A late agent is cancelled at its deadline; what it had reported through :func:`report_partial`
(the ReAct loop reports its tool results after every step) becomes its ``partial``. A failed
agent's exception is caught and reported. The runner holds no business rules: what to do with a
late or failed specialist (e.g. the general agent with 建议咨询专业律师) is the caller's choice.
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal

logger = logging.getLogger(__name__)

__all__ = ["DEFAULT_AGENT_TIMEOUT", "AgentOutcome", "ParallelResult", "Progress", "report_partial", "run_parallel"]

DEFAULT_AGENT_TIMEOUT: Final = 30.0
Status = Literal["success", "timeout", "error"]


@dataclass
class Progress:
    """Where a running agent leaves its latest partial result."""

    partial: Any = None
    updates: int = 0


_progress: contextvars.ContextVar[Progress | None] = contextvars.ContextVar("agents_parallel_progress", default=None)


def report_partial(value: Any) -> None:
    """Record ``value`` as the current partial result of the agent running in this task (a no-op
    outside :func:`run_parallel`)."""
    progress = _progress.get()
    if progress is not None:
        progress.partial = value
        progress.updates += 1


@dataclass(frozen=True)
class AgentOutcome:
    """One agent's outcome. ``result`` is set on success; ``partial`` on timeout (if the agent
    reported one); ``error`` on error; ``notice`` (Chinese, for the user) unless success."""

    name: str
    status: Status
    result: Any = None
    partial: Any = None
    error: str | None = None
    notice: str | None = None
    duration_ms: float = 0.0
    exception: BaseException | None = field(default=None, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        return self.status == "success"


@dataclass(frozen=True)
class ParallelResult:
    outcomes: dict[str, AgentOutcome]

    def results(self) -> dict[str, Any]:
        """The results of the agents that finished."""
        return {name: o.result for name, o in self.outcomes.items() if o.ok}

    def partials(self) -> dict[str, Any]:
        return {name: o.partial for name, o in self.outcomes.items() if o.status == "timeout" and o.partial is not None}

    @property
    def notices(self) -> list[str]:
        return [o.notice for o in self.outcomes.values() if o.notice]

    @property
    def all_ok(self) -> bool:
        return all(o.ok for o in self.outcomes.values())

    def __getitem__(self, name: str) -> AgentOutcome:
        return self.outcomes[name]


AgentWork = Awaitable[Any] | Callable[[], Awaitable[Any]]


def _default_timeout() -> float:
    try:
        from django.conf import settings

        return float(getattr(settings, "AGENT_TIMEOUT", DEFAULT_AGENT_TIMEOUT) or DEFAULT_AGENT_TIMEOUT)
    except Exception:  # settings not configured (plain scripts)
        return DEFAULT_AGENT_TIMEOUT


async def run_parallel(
    agents: Mapping[str, AgentWork],
    *,
    timeout: float | None = None,
    timeouts: Mapping[str, float] | None = None,
    labels: Mapping[str, str] | None = None,
    on_outcome: Callable[[AgentOutcome], object] | None = None,
) -> ParallelResult:
    """Run every agent concurrently, each under its own timeout (``timeouts[name]``, else
    ``timeout``, else ``settings.AGENT_TIMEOUT`` = 30 s). Never raises for an agent's failure;
    cancellation of the caller cancels them all. ``on_outcome`` is called as each one ends."""
    default = timeout if timeout is not None else _default_timeout()
    labels = labels or {}

    async def guarded(name: str, work: AgentWork, progress: Progress) -> AgentOutcome:
        limit = (timeouts or {}).get(name, default)
        label = labels.get(name, name)
        started = time.perf_counter()

        def elapsed() -> float:
            return (time.perf_counter() - started) * 1000

        try:
            async with asyncio.timeout(limit):
                awaitable = work() if callable(work) and not inspect.isawaitable(work) else work
                result = await awaitable
        except TimeoutError as exc:
            outcome = AgentOutcome(
                name=name,
                status="timeout",
                partial=progress.partial,
                error=f"timed out after {limit:g}s",
                notice=f"{label}超时（{limit:g} 秒），"
                + ("仅有部分结果。" if progress.partial is not None else "未取得结果。"),
                duration_ms=elapsed(),
                exception=exc,
            )
        except Exception as exc:
            logger.warning("agent %s failed: %s", name, exc, exc_info=True)
            message = f"{type(exc).__name__}: {exc}"[:300]
            outcome = AgentOutcome(
                name=name,
                status="error",
                partial=progress.partial,
                error=message,
                notice=f"{label}执行失败，未取得结果。",
                duration_ms=elapsed(),
                exception=exc,
            )
        else:
            outcome = AgentOutcome(name=name, status="success", result=result, duration_ms=elapsed())
        if on_outcome is not None:
            try:
                maybe = on_outcome(outcome)
                if inspect.isawaitable(maybe):
                    await maybe
            except Exception:
                logger.exception("on_outcome callback failed for %s", name)
        return outcome

    tasks: dict[str, asyncio.Task[AgentOutcome]] = {}
    try:
        for name, work in agents.items():
            progress = Progress()
            context = contextvars.copy_context()
            context.run(_progress.set, progress)
            tasks[name] = asyncio.create_task(guarded(name, work, progress), name=f"agent:{name}", context=context)
        done = await asyncio.gather(*tasks.values())
    finally:
        for task in tasks.values():
            if not task.done():
                task.cancel()
        # A coroutine object that never got a task (creation failed midway) must not leak a warning.
        for name, work in agents.items():
            if name not in tasks and inspect.iscoroutine(work):
                work.close()
    return ParallelResult(outcomes={o.name: o for o in done})
