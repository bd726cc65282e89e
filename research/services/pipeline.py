"""One run of a research task: plan → execute → verify → synthesize, with its events.

:class:`ResearchRun` does the agents' work of one task and keeps the rows up to date (the plan,
each step as it starts and finishes, the status, the answer). :func:`supervise` runs it while
watching the task: a heartbeat every ``RESEARCH_HEARTBEAT`` seconds, cancellation within that
time when the lawyer cancels, and an optional deadline (the synchronous ``/api/v1/predict``).

Events (ARCHITECTURE §5 types plus the research ones), each with ``task_id``:
``task_status`` {status}, ``status`` {phase, text}, ``plan`` {source, steps}, ``step_started``
and ``step_finished`` (the checklist row: tool, input, result summary, verification, duration),
``tool_call``/``tool_result`` (from the toolbox), ``token`` (synthesis), ``final`` {answer,
confidence, citations, sources, conclusions (one per sub-issue, ARCHITECTURE §8)}, ``error``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.utils import timezone

from agents import events
from agents.aio import db_sync_to_async
from agents.llm import LLMGateway, get_gateway
from agents.tools import RunContext, ToolRegistry
from core.realtime import EventStream
from legal.text.entities import extract_entities
from research import events as research_events
from research import tools
from research.constants import task_group, task_log
from research.deps import ResearchDeps
from research.models import ResearchTask
from research.services import store
from research.services.executor import ExecutionContext, execute
from research.services.issues import SubIssue, sub_issues
from research.services.planner import facts_text, heuristic_plan, llm_plan
from research.services.synthesis import Answer, synthesize
from research.specialists import EXECUTOR, PLANNER

logger = logging.getLogger(__name__)

__all__ = ["ResearchRun", "RunStopped", "TaskSink", "supervise"]


class RunStopped(Exception):
    """The run ended early: ``reason`` is ``cancelled`` or ``timeout``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class TaskSink:
    """The task's events through its :class:`~core.realtime.EventStream`: numbered in the task's
    Redis log (replayable) and published to the task's group, in order (and to ``console``, the
    console command's sink); each call returns once its event is out."""

    def __init__(self, task_id: int, *, console: Any = None) -> None:
        self.stream = EventStream(task_group(task_id), task_log(task_id),
                                  sinks=[console] if console is not None else [])

    async def __call__(self, event: Mapping[str, Any]) -> None:
        await self.stream.send(dict(event))
        await self.stream.flush()


class ResearchRun:
    def __init__(self, task: ResearchTask, *, emit: Any = None, gateway: LLMGateway | None = None,
                 registry: ToolRegistry | None = None, recorder: Any = None) -> None:
        self.task = task
        self.recorder = recorder
        self.task_id = task.pk
        self.question = task.question
        self.gateway = gateway or get_gateway()
        self.registry = registry or tools.tool_registry()
        self.trace_id = str(task.trace_id)
        self.ctx = RunContext(user=task.owner, trace_id=self.trace_id, emit=emit, matter_id=task.matter_id,
                              deps=ResearchDeps(task_id=task.pk))
        self.facts = extract_entities(task.question)
        self.facts_text = facts_text(task.question)
        self.steps: list[dict[str, Any]] = []
        self.answer: Answer | None = None
        self._issues: list[SubIssue] | None = None

    async def issues(self) -> list[SubIssue]:
        """The question's card-level sub-issues (computed once per run)."""
        if self._issues is None:
            self._issues = await db_sync_to_async(sub_issues)(self.question, offline=self.gateway.offline)
        return self._issues

    # -- events and rows ---------------------------------------------------------------------------
    async def send(self, event: Mapping[str, Any]) -> None:
        await self.ctx.send(dict(event, task_id=self.task_id))

    async def set_status(self, status: str, **fields: Any) -> None:
        await db_sync_to_async(store.task_set)(self.task_id, status=status, **fields)
        await self.send(research_events.task_status(self.trace_id, status=status))

    async def _on_step(self, step: dict[str, Any]) -> None:
        await db_sync_to_async(store.step_save)(self.task_id, step)
        if step.get("status") == "running":
            await db_sync_to_async(store.task_set)(self.task_id, current_step=step["id"])

    # -- the phases -----------------------------------------------------------------------------------
    async def plan(self) -> list[dict[str, Any]]:
        await self.set_status(ResearchTask.Status.PLANNING)
        await self.send(events.status(self.trace_id, phase="planning", text="制定研究计划"))
        steps, source = None, "heuristic"
        if not self.gateway.offline:
            recorder = self.recorder
            scope = recorder.agent_run(PLANNER.name, self.gateway.model_for(PLANNER.role)) if recorder else None
            if scope is not None:
                with scope:
                    steps = await llm_plan(self.question, gateway=self.gateway, facts=self.facts,
                                           matter_id=self.task.matter_id)
            else:
                steps = await llm_plan(self.question, gateway=self.gateway, facts=self.facts,
                                       matter_id=self.task.matter_id)
            source = "llm" if steps else "heuristic"
        if not steps:
            steps = await db_sync_to_async(heuristic_plan)(self.question, facts=self.facts,
                                                          matter_id=self.task.matter_id, issues=await self.issues())
        plan = {"source": source, "approved": not self.task.review_plan, "steps": steps}
        await db_sync_to_async(store.steps_replace)(self.task_id, steps)
        await db_sync_to_async(store.task_set)(self.task_id, plan=plan)
        self.task.plan = plan
        await self.send(research_events.plan(self.trace_id, source=source, steps=steps,
                                             review=self.task.review_plan))
        return steps

    async def execute(self) -> None:
        await self.set_status(ResearchTask.Status.RUNNING)
        await self.send(events.status(self.trace_id, phase="tool", text=f"执行 {len(self.steps)} 个研究步骤"))
        toolbox = self.registry.toolbox(EXECUTOR.name, EXECUTOR.tools)
        run = ExecutionContext(question=self.question, facts=self.facts, facts_text=self.facts_text,
                               ctx=self.ctx.for_agent(EXECUTOR.name), toolbox=toolbox, gateway=self.gateway,
                               on_step=self._on_step, issues={i.index: i for i in await self.issues()})
        await execute(self.steps, run)

    async def synthesize(self) -> Answer:
        await self.set_status(ResearchTask.Status.SYNTHESIZING, current_step="")
        await self.send(events.status(self.trace_id, phase="answer", text="综合各步骤结果"))
        answer = await synthesize(self.question, self.steps, gateway=self.gateway, send=self.send,
                                  trace_id=self.trace_id, issues=await self.issues())
        self.answer = answer
        await db_sync_to_async(store.task_set)(
            self.task_id, status=ResearchTask.Status.DONE, answer=answer.text, confidence=answer.confidence,
            citations=answer.citations, sources=answer.sources, notices=answer.notices, finished_at=timezone.now(),
            conclusions=answer.conclusions, error="")
        await self.send({"type": "final", "trace_id": self.trace_id, "ts": events.now_iso(), "answer": answer.text,
                         "confidence": answer.confidence, "citations": answer.citations, "sources": answer.sources,
                         "method": answer.method, "notices": answer.notices, "conclusions": answer.conclusions})
        await self.send(research_events.task_status(self.trace_id, status=ResearchTask.Status.DONE))
        await self.send(events.status(self.trace_id, phase="done", text="完成"))
        return answer

    async def run(self) -> str:
        """The whole run from where the task is: a task with steps keeps those done (resume)."""
        self.steps = await db_sync_to_async(store.steps_load)(self.task_id)
        if not self.steps:
            self.steps = await self.plan()
            if self.task.review_plan and not self.task.plan.get("approved"):
                await self.set_status(ResearchTask.Status.AWAITING_APPROVAL)
                return ResearchTask.Status.AWAITING_APPROVAL
        else:
            await self.send(research_events.plan(self.trace_id, source=self.task.plan.get("source", ""),
                                                 steps=self.steps, review=False))
        await self.execute()
        await self.synthesize()
        return ResearchTask.Status.DONE


async def _watch(run: ResearchRun, main: asyncio.Future, stopped: dict[str, str]) -> None:
    interval = float(getattr(settings, "RESEARCH_HEARTBEAT", 1.0))
    while not main.done():
        if await db_sync_to_async(store.task_heartbeat)(run.task_id):
            stopped["reason"] = "cancelled"
            main.cancel()
            return
        await asyncio.sleep(interval)


async def supervise(run: ResearchRun, *, deadline: float | None = None) -> str:
    """Run ``run`` with its heartbeat and cancellation; raises :class:`RunStopped` (``cancelled`` or
    ``timeout``) when it ends early. The steps finished so far stay in ``run.steps`` and the rows."""
    main = asyncio.ensure_future(run.run())
    stopped: dict[str, str] = {}
    watcher = asyncio.ensure_future(_watch(run, main, stopped))
    try:
        if deadline is None:
            return await main
        try:
            async with asyncio.timeout(deadline):
                return await asyncio.shield(main)
        except TimeoutError:
            stopped.setdefault("reason", "timeout")
            main.cancel()
            await asyncio.gather(main, return_exceptions=True)
            raise RunStopped("timeout") from None
    except asyncio.CancelledError:
        if stopped.get("reason") == "cancelled":
            raise RunStopped("cancelled") from None
        raise
    finally:
        watcher.cancel()
        await asyncio.gather(watcher, return_exceptions=True)
