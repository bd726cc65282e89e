"""The offline engine: without an LLM, agents answer through app handlers that use the same tools
(events, cache, allowlists), and every text says 离线模式."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pydantic import BaseModel

from agents import offline
from agents.events import ListCollector
from agents.llm import LLMGateway
from agents.offline import OfflineEngine, OfflineRequest
from agents.runner import run_agent
from agents.tools import RunContext, Tool, ToolRegistry
from agents.types import AgentSpec

QUESTION = [{"role": "user", "content": "分居两年能离婚吗？"}]


class QueryParams(BaseModel):
    query: str


def run(coro: Any) -> Any:
    return asyncio.run(coro)


@pytest.fixture
def searched(registry: ToolRegistry) -> list[str]:
    calls: list[str] = []

    async def search(params: QueryParams, ctx: RunContext) -> list[dict[str, str]]:
        calls.append(params.query)
        return [{"law": "中华人民共和国民法典", "article": "第一千零七十九条", "text": "因感情不和分居满二年……"}]

    registry.register(
        Tool(
            name="search_statutes_offline",
            description="检索法条",
            parameters=QueryParams,
            func=search,
            cache="regulation",
            shared_cache=True,
        )
    )
    return calls


@pytest.fixture
def engine() -> OfflineEngine:
    engine = OfflineEngine()

    @engine.register("legal_research")
    async def grounded_answer(request: OfflineRequest) -> str:
        found = await request.call_tool("search_statutes_offline", {"query": request.question})
        lines = [f"《{hit['law']}》{hit['article']}：{hit['text']}" for hit in found.output]
        return "根据检索到的法条：\n" + "\n".join(lines)

    return engine


def test_offline_an_agent_answers_through_its_handler_with_tools_events_and_the_label(
    offline_gateway: LLMGateway, registry: ToolRegistry, engine: OfflineEngine, ctx: RunContext,
    collector: ListCollector, searched: list[str],
) -> None:
    spec = AgentSpec(name="legal_research", tools=["search_statutes_offline"], stream=True)

    result = run(run_agent(spec, QUESTION, ctx, gateway=offline_gateway, registry=registry, engine=engine))

    assert result.offline and result.finish == "offline"
    assert result.content.startswith("【离线模式】根据检索到的法条：")
    assert "《中华人民共和国民法典》第一千零七十九条" in result.content
    assert searched == ["分居两年能离婚吗？"]
    assert [(r.tool, r.ok) for r in result.tool_results] == [("search_statutes_offline", True)]
    types = collector.types()
    assert types[0] == "status" and "离线模式" in collector.of_type("status")[0]["text"]
    assert types.index("tool_call") < types.index("tool_result") < types.index("token")
    assert collector.of_type("tool_call")[0]["agent"] == "legal_research"
    assert collector.text() == result.content
    assert result.usage.llm_calls == 0


def test_offline_tool_calls_use_the_same_cache(
    offline_gateway: LLMGateway, registry: ToolRegistry, engine: OfflineEngine, ctx: RunContext,
    collector: ListCollector, searched: list[str],
) -> None:
    spec = AgentSpec(name="legal_research", tools=["search_statutes_offline"], stream=False)

    async def twice() -> None:
        await run_agent(spec, QUESTION, ctx, gateway=offline_gateway, registry=registry, engine=engine)
        await run_agent(spec, QUESTION, ctx, gateway=offline_gateway, registry=registry, engine=engine)

    run(twice())

    assert searched == ["分居两年能离婚吗？"]
    assert [e["cached"] for e in collector.of_type("tool_result")] == [False, True]


def test_offline_handlers_respect_the_agents_allowlist(
    offline_gateway: LLMGateway, registry: ToolRegistry, engine: OfflineEngine, ctx: RunContext,
    searched: list[str],
) -> None:
    spec = AgentSpec(name="legal_research", tools=[], stream=False)
    engine.register("legal_research", replace=True)(_answer_with_failed_tool)

    result = run(run_agent(spec, QUESTION, ctx, gateway=offline_gateway, registry=registry, engine=engine))

    assert searched == []
    assert "离线模式" in result.content
    assert "not_allowed" in result.content


async def _answer_with_failed_tool(request: OfflineRequest) -> str:
    found = await request.call_tool("search_statutes_offline", {"query": request.question})
    return f"离线模式：检索失败（{found.error_kind}）"


def test_an_agent_without_an_offline_handler_says_honestly_that_it_cannot_answer(
    offline_gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext
) -> None:
    result = run(
        run_agent(AgentSpec(name="document_drafting"), QUESTION, ctx, gateway=offline_gateway, registry=registry,
                  engine=OfflineEngine())
    )

    assert result.content.startswith("【离线模式】")
    assert "document_drafting" in result.content and "没有离线处理方式" in result.content


def test_handlers_are_found_by_purpose_then_agent_then_role(
    offline_gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext
) -> None:
    engine = OfflineEngine()
    engine.register("advisor", lambda request: "按角色")
    engine.register("legal_advisor", lambda request: "按智能体")
    engine.register("checklist", lambda request: "按用途")
    spec = AgentSpec(name="legal_advisor", role="advisor", stream=False)

    async def answers() -> list[str]:
        by_purpose = await run_agent(spec, QUESTION, ctx, gateway=offline_gateway, registry=registry, engine=engine,
                                     purpose="checklist")
        by_agent = await run_agent(spec, QUESTION, ctx, gateway=offline_gateway, registry=registry, engine=engine)
        other = AgentSpec(name="general", role="advisor", stream=False)
        by_role = await run_agent(other, QUESTION, ctx, gateway=offline_gateway, registry=registry, engine=engine)
        return [by_purpose.content, by_agent.content, by_role.content]

    assert run(answers()) == ["【离线模式】按用途", "【离线模式】按智能体", "【离线模式】按角色"]


def test_the_project_engine_is_module_level_and_labels_text() -> None:
    assert isinstance(offline.engine, OfflineEngine)
    assert offline.labelled("离线模式：已检索") == "离线模式：已检索"
    assert offline.labelled("已检索") == "【离线模式】已检索"


def test_with_no_llm_configured_run_agent_uses_the_offline_engine_by_default(
    settings: Any, registry: ToolRegistry, ctx: RunContext
) -> None:
    from agents.llm import is_offline

    settings.LLM_BASE_URL = ""
    assert is_offline()

    result = run(run_agent(AgentSpec(name="lsx_unhandled_agent", stream=False), QUESTION, ctx, registry=registry))

    assert result.offline and "离线模式" in result.content
