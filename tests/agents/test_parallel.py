"""The parallel runner: per-agent timeouts, partial results and notices for the late or failed."""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic import BaseModel

from agents.llm import LLMGateway
from agents.parallel import report_partial, run_parallel
from agents.runner import run_agent
from agents.tools import RunContext, Tool, ToolRegistry
from agents.types import AgentResult, AgentSpec
from tests.fakellm import Call, FakeLLM, Reply


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def answers(text: str, delay: float = 0.0) -> str:
    await asyncio.sleep(delay)
    return text


async def reports_then_hangs(partial: str) -> str:
    report_partial(partial)
    await asyncio.sleep(10)
    return "never"


async def fails() -> str:
    await asyncio.sleep(0.01)
    raise RuntimeError("case library down")


def test_late_agents_time_out_with_their_partial_result_and_a_notice_while_the_others_finish() -> None:
    seen: list[str] = []

    outcome = run(
        run_parallel(
            {
                "legal_research": answers("法规检索结果", 0.05),
                "case_analysis": reports_then_hangs("已检索到 2 个案例"),
                "document_drafting": lambda: answers("never", 10),
            },
            timeout=0.3,
            labels={"case_analysis": "案例分析", "document_drafting": "文书起草"},
            on_outcome=lambda o: seen.append(o.name),
        )
    )

    assert {n: o.status for n, o in outcome.outcomes.items()} == {
        "legal_research": "success",
        "case_analysis": "timeout",
        "document_drafting": "timeout",
    }
    assert outcome.results() == {"legal_research": "法规检索结果"}
    assert outcome.partials() == {"case_analysis": "已检索到 2 个案例"}
    assert outcome.notices == ["案例分析超时（0.3 秒），仅有部分结果。", "文书起草超时（0.3 秒），未取得结果。"]
    assert outcome["legal_research"].notice is None
    assert sorted(seen) == ["case_analysis", "document_drafting", "legal_research"]
    assert not outcome.all_ok


def test_a_failed_agent_is_reported_with_its_error_and_does_not_stop_the_others() -> None:
    outcome = run(run_parallel({"a": answers("ok"), "b": fails()}, timeout=2, labels={"b": "案例分析"}))

    assert outcome["a"].status == "success" and outcome["a"].result == "ok"
    assert outcome["b"].status == "error"
    assert "case library down" in outcome["b"].error
    assert outcome.notices == ["案例分析执行失败，未取得结果。"]


def test_per_agent_timeouts_override_the_default(settings: Any) -> None:
    settings.AGENT_TIMEOUT = 0.2

    outcome = run(
        run_parallel({"quick": answers("x", 0.4), "patient": answers("y", 0.4)}, timeouts={"patient": 2.0})
    )

    assert outcome["quick"].status == "timeout"
    assert outcome["patient"].status == "success"


class QueryParams(BaseModel):
    query: str


def test_a_react_agent_that_times_out_yields_its_tool_results_as_the_partial(
    fake: FakeLLM, gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext
) -> None:
    async def search(params: QueryParams, ctx: RunContext) -> str:
        return "《民法典》第一千零七十九条"

    registry.register(Tool(name="search_statutes", description="检索", parameters=QueryParams, func=search))
    fake.script(Reply.calls(Call("search_statutes", {"query": "分居"})), Reply.slow(3.0))
    spec = AgentSpec(name="legal_research", tools=["*"], stream=False)

    outcome = run(
        run_parallel(
            {"legal_research": run_agent(spec, [{"role": "user", "content": "分居能离婚吗"}], ctx, gateway=gateway,
                                         registry=registry)},
            timeout=1.0,
        )
    )

    late = outcome["legal_research"]
    assert late.status == "timeout"
    assert isinstance(late.partial, AgentResult)
    assert [r.content for r in late.partial.tool_results] == ["《民法典》第一千零七十九条"]
    assert late.partial.partial
