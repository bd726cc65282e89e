"""``Toolbox``: the tools one agent may use and the way every call runs (events, argument validation,
timeout and one retry, cache, output cap, listeners), for the ReAct loop and offline handlers alike.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from agents import events
from agents.llm import ToolCall
from agents.tools.context import (
    ErrorKind,
    RunContext,
    ToolError,
    ToolResult,
    _jsonable,
    _one_line,
    logger,
    render_output,
    truncate,
)
from agents.tools.definition import Tool

if TYPE_CHECKING:
    from agents.tools.catalog import ToolRegistry


# ---------------------------------------------------------------------------------------------
# Toolbox: one agent's tools, and the machinery around each call
# ---------------------------------------------------------------------------------------------
class Toolbox:
    """The tools one agent may use, and the way every call runs (events, validation, timeout,
    retry, cache, output cap). Used by the ReAct loop and by offline handlers alike."""

    def __init__(self, registry: ToolRegistry, agent: str, tools: Iterable[Tool]) -> None:
        self.registry = registry
        self.agent = agent
        self.tools: dict[str, Tool] = {t.name: t for t in tools}

    def __bool__(self) -> bool:
        return bool(self.tools)

    def __contains__(self, name: object) -> bool:
        return name in self.tools

    def names(self) -> list[str]:
        return list(self.tools)

    def schemas(self) -> list[dict[str, Any]]:
        return [t.openai_schema() for t in self.tools.values()]

    async def call(self, name: str, arguments: Mapping[str, Any] | None = None, *, ctx: RunContext) -> ToolResult:
        """Call a tool directly (offline handlers, services)."""
        return await self._run(name, dict(arguments or {}), None, None, ctx)

    async def run(self, call: ToolCall, ctx: RunContext) -> ToolResult:
        """Run one tool call the model asked for."""
        return await self._run(call.name, call.arguments, call.arguments_error, call.id, ctx, raw=call.raw_arguments)

    async def run_many(self, calls: Sequence[ToolCall], ctx: RunContext) -> list[ToolResult]:
        """Run the model's tool calls concurrently; results keep the order of ``calls``."""
        return list(await asyncio.gather(*(self.run(c, ctx) for c in calls)))

    async def _run(
        self,
        name: str,
        arguments: Mapping[str, Any],
        arguments_error: str | None,
        model_call_id: str | None,
        ctx: RunContext,
        *,
        raw: str | None = None,
    ) -> ToolResult:
        ctx = ctx if ctx.agent == self.agent else ctx.for_agent(self.agent)
        call_id = ctx.issue_call_id(model_call_id)
        started = time.perf_counter()
        found = self.tools.get(name)
        problem: tuple[ErrorKind, str] | None = None
        params: Any = None
        shown: dict[str, Any] = dict(arguments)
        if arguments_error is not None:
            shown = {"_raw": (raw or "")[:2000]}
            problem = ("invalid_arguments", f"参数不是合法的 JSON 对象（{arguments_error}）")
        elif found is None:
            known = self.registry.get(name) is not None
            kind: ErrorKind = "not_allowed" if known else "unknown_tool"
            problem = (kind, f"工具 {name!r} 不可用；可用工具：{', '.join(self.tools) or '无'}")
        else:
            try:
                params, shown = found.validate(arguments)
            except ValueError as exc:
                problem = ("invalid_arguments", f"参数不符合工具的参数定义：{exc}")

        await ctx.send(events.tool_call(ctx.trace_id, call_id=call_id, agent=self.agent, tool=name, input=shown))

        if problem is not None:
            kind_, message = problem
            hint = f"\n参数定义：{json.dumps(found.json_schema(), ensure_ascii=False)}" if found is not None else ""
            result = ToolResult(
                call_id=call_id,
                tool=name,
                agent=self.agent,
                ok=False,
                content=f"工具调用失败（{kind_}）：{message}{hint}\n请修正后重试，或不使用该工具直接回答。",
                arguments=shown,
                error=message,
                error_kind=kind_,
                duration_ms=(time.perf_counter() - started) * 1000,
                model_call_id=model_call_id,
            )
        else:
            assert found is not None
            result = await self._execute(found, params, shown, call_id, model_call_id, ctx, started)

        await ctx.send(
            {
                **events.tool_result(
                    ctx.trace_id,
                    call_id=call_id,
                    ok=result.ok,
                    summary=result.summary,
                    duration_ms=result.duration_ms,
                ),
                # Beyond §5, for the audit trail (tracing.recorder reads them):
                "agent": self.agent,
                "tool": name,
                "attempt": result.attempts,
                "cached": result.cached,
                "timeout": result.error_kind == "timeout",
                "error": result.error,
                "output": result.content,
            }
        )
        if not result.ok and result.error_kind in ("timeout", "failed"):
            await ctx.send(
                events.error(ctx.trace_id, code="tool_failed", message=f"{name}: {_one_line(result.error or '', 300)}")
            )
        await self.registry._notify(result)
        return result

    async def _execute(
        self,
        found: Tool,
        params: Any,
        arguments: dict[str, Any],
        call_id: str,
        model_call_id: str | None,
        ctx: RunContext,
        started: float,
    ) -> ToolResult:
        cache = self.registry.cache
        key = None
        if found.cache is not None:
            scope = "shared" if found.shared_cache else ctx.scope_key
            key = cache.key(found.name, arguments, scope=scope)
            hit, value = await cache.get(key)
            if hit:
                return self._success(found, value, arguments, call_id, model_call_id, started, 0, cached=True)

        attempts = 0
        error: str = ""
        kind: ErrorKind = "failed"
        while attempts <= found.retries:
            attempts += 1
            try:
                async with asyncio.timeout(found.timeout):
                    output = await found.invoke(params, ctx)
            except TimeoutError:
                error, kind = f"超时（{found.timeout:g} 秒）", "timeout"
                logger.info("tool %s timed out (attempt %d)", found.name, attempts)
                continue
            except ToolError as exc:
                error, kind = exc.message, "failed"
                if not exc.retry:
                    break
                continue
            except Exception as exc:
                error, kind = f"{type(exc).__name__}: {exc}", "failed"
                logger.warning("tool %s failed (attempt %d): %s", found.name, attempts, error, exc_info=True)
                continue
            output = _jsonable(output)
            if key is not None and found.cache is not None:
                await cache.set(key, output, found.cache)
            return self._success(found, output, arguments, call_id, model_call_id, started, attempts)

        return ToolResult(
            call_id=call_id,
            tool=found.name,
            agent=self.agent,
            ok=False,
            content=f"工具 {found.name} 调用失败（已尝试 {attempts} 次）：{error}。请不依赖该工具继续作答。",
            arguments=arguments,
            error=error,
            error_kind=kind,
            attempts=attempts,
            duration_ms=(time.perf_counter() - started) * 1000,
            model_call_id=model_call_id,
        )

    def _success(
        self,
        found: Tool,
        output: Any,
        arguments: dict[str, Any],
        call_id: str,
        model_call_id: str | None,
        started: float,
        attempts: int,
        *,
        cached: bool = False,
    ) -> ToolResult:
        content, truncated = truncate(render_output(output), found.max_output_chars)
        return ToolResult(
            call_id=call_id,
            tool=found.name,
            agent=self.agent,
            ok=True,
            content=content,
            arguments=arguments,
            output=output,
            attempts=attempts,
            duration_ms=(time.perf_counter() - started) * 1000,
            cached=cached,
            truncated=truncated,
            model_call_id=model_call_id,
        )
