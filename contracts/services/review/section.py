"""One section on request, the per-contract chat's and the console's: ``section_review`` runs the agent
on one section of a manual run; the cursor moves and resets; small reads of a run.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractUser
from django.utils import timezone

from agents.aio import run_sync
from agents.llm import get_gateway
from agents.registry import registry
from agents.runner import run_agent_recorded
from agents.types import AgentResult
from contracts.constants import REVIEW_AGENT
from contracts.models import Contract, ReviewRun, Section
from contracts.selectors import reviews as selectors
from contracts.services.review.sink import Listener, RunSink
from contracts.services.review.start import review_start
from contracts.services.review.task import _agent_context, section_message, system_prompt
from core.db import release_connections
from tracing.recorder import TraceRecorder
from tracing.runs import traced_run


# --- one section, on request (the chat and the console) -------------------------------------------------
def section_review(*, actor: AbstractUser, run: ReviewRun, section: Section | None, request: str = "",
                   history: list[dict[str, str]] | None = None, purpose: str | None = None,
                   listener: Listener | None = None) -> tuple[AgentResult, str]:
    """One run of the review agent for ``actor`` on ``section`` (the run's cursor when None): a
    review of that section, or an answer to ``request`` about it. Returns the result and the trace id."""
    run = ReviewRun.objects.select_related("contract__matter", "current_section").get(pk=run.pk)
    section = section or run.current_section
    contract = run.contract
    with traced_run("contract_review", actor, obj=run, matter=contract.matter) as recorder:
        result = _section_agent(run, section, recorder, actor=actor, request=request, history=history,
                                purpose=purpose, listener=listener)
    return result, str(recorder.trace_id)


def _section_agent(run: ReviewRun, section: Section | None, recorder: TraceRecorder, *, actor: AbstractUser,
                   request: str, history: list[dict[str, str]] | None, purpose: str | None,
                   listener: Listener | None) -> AgentResult:
    contract = run.contract
    sink = RunSink(run, recorder, listener)
    agent = registry.get(REVIEW_AGENT)
    messages = list(history or [])
    if purpose == "contract_chat":
        # a question: the current section is context (data, in the system prompt), the question the message
        context = f"律师正在查看的章节：\n{section_message(section)}" if section is not None else ""
        spec = agent.spec(instructions=system_prompt(contract, run.snapshot or {}, section, extra=context))
        messages.append({"role": "user", "content": request})
    else:
        spec = agent.spec(instructions=system_prompt(contract, run.snapshot or {}, section))
        messages.append({"role": "user", "content": section_message(section, request) if section else request})
    ctx = _agent_context(run, actor, recorder, sink, section)
    release_connections()
    return run_sync(sink.drain(run_agent_recorded(spec, messages, ctx, recorder, purpose=purpose)))


def run_dict(run: ReviewRun) -> dict[str, Any]:
    return selectors.review_dict(run)


def agent_offline() -> bool:
    """Whether the agent answers without a model (no LLM configured)."""
    return bool(get_gateway().offline)


def contract_for_run(run: ReviewRun) -> Contract:
    return Contract.objects.defer("original").select_related("matter").get(pk=run.contract_id)


def section_move(*, run: ReviewRun, step: int = 0, section: Section | None = None) -> Section | None:
    """Move the manual run's cursor to ``section``, or ``step`` sections on (-1: back)."""
    if section is None:
        current = run.current_section
        section = selectors.section_neighbour(contract_id=run.contract_id,
                                              order=current.order if current else None, step=step)
    if section is not None:
        ReviewRun.objects.filter(pk=run.pk).update(current_section=section)
        run.current_section = section
    return section


def manual_reset(*, actor: AbstractUser, run: ReviewRun) -> ReviewRun:
    """重置: end the manual run and start a fresh one at the first section, with a new snapshot of
    the issues (the issues themselves are the lawyer's record and stay)."""
    ReviewRun.objects.filter(pk=run.pk, status=ReviewRun.Status.RUNNING).update(
        status=ReviewRun.Status.DONE, finished_at=timezone.now())
    return review_start(actor=actor, contract=contract_for_run(run), mode=ReviewRun.Mode.MANUAL)
