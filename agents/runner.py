"""``run_agent``: the one entry point services use to run an agent the way the project is configured.

With an LLM it is the ReAct loop (``agents.loop``); without one, or when the model cannot be
reached, the offline engine (``agents.offline``) answers with the same toolbox. MCP tools declared
in ``settings.MCP_SERVERS`` join the tool registry before the first run.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from agents import events, mcp
from agents import offline as offline_engine
from agents.llm import LLMGateway, get_gateway
from agents.loop import react
from agents.tools import RunContext, ToolRegistry
from agents.tools import registry as default_registry
from agents.types import AgentResult, AgentSpec, AgentUnavailable

logger = logging.getLogger(__name__)

__all__ = ["run_agent", "run_agent_recorded"]


async def run_agent(
    spec: AgentSpec,
    messages: Sequence[Mapping[str, Any]],
    ctx: RunContext,
    *,
    gateway: LLMGateway | None = None,
    registry: ToolRegistry | None = None,
    engine: offline_engine.OfflineEngine | None = None,
    fallback: bool = True,
    purpose: str | None = None,
) -> AgentResult:
    """Run ``spec`` the way the project is configured: the ReAct loop with an LLM, the offline
    engine without one. With ``fallback`` an unreachable LLM also goes offline (after an
    ``error`` event ``llm_unavailable``); otherwise :class:`AgentUnavailable` is raised."""
    registry = registry or default_registry
    await mcp.ensure_tools(registry)
    box = registry.toolbox(spec.name, spec.tools)
    gateway = gateway or get_gateway()
    engine = engine or offline_engine.engine
    if gateway.offline:
        return await engine.run(
            spec, messages, ctx, toolbox=box, purpose=purpose, reason="未配置大语言模型（LLM_BASE_URL 为空）"
        )
    try:
        return await react(spec, messages, ctx, gateway=gateway, toolbox=box)
    except AgentUnavailable as exc:
        if not fallback:
            raise
        run_ctx = ctx.for_agent(spec.name)
        await run_ctx.send(events.error(run_ctx.trace_id, code="llm_unavailable", message=exc.message))
        logger.warning("agent %s: %s; answering offline", spec.name, exc.message)
        result = await engine.run(
            spec,
            messages,
            ctx,
            toolbox=box,
            purpose=purpose,
            reason="大语言模型暂不可用",
            partial=exc.partial,
        )
        return replace(
            result,
            tool_results=exc.partial.tool_results + result.tool_results,
            usage=exc.partial.usage,
            steps=exc.partial.steps + result.steps,
        )


async def run_agent_recorded(spec: AgentSpec, messages: Sequence[Mapping[str, Any]], ctx: RunContext, recorder: Any,
                             *, purpose: str | None = None) -> AgentResult:
    """:func:`run_agent` inside the trace ``recorder`` holds (``tracing.runs.traced_run``), as one
    ``AgentRun`` with its model, tokens and outcome (a partial result is recorded as failed: timeout
    when the model timed out). Without a recorder the agent simply runs."""
    if recorder is None:
        return await run_agent(spec, messages, ctx, purpose=purpose)
    gateway = get_gateway()
    model = "offline" if gateway.offline else gateway.model_for(spec.role)
    async with recorder.agent_run(spec.name, model) as scope:
        result = await run_agent(spec, messages, ctx, purpose=purpose)
        scope.add_usage(result.usage.tokens_in, result.usage.tokens_out, model)
        if result.partial:
            scope.fail(result.notice or "partial result", timeout=result.finish == "llm_timeout")
        return result
