"""Tools: registry and autodiscovery, allowlists, argument validation, timeout and retry, cache,
output cap and events - the model side driven through the scripted LLM and the real client."""

from __future__ import annotations

import asyncio
import textwrap
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache as django_cache
from pydantic import BaseModel, Field

from agents.events import ListCollector
from agents.llm import LLMGateway
from agents.loop import react
from agents.tools import (
    CACHE_TTLS,
    RunContext,
    Tool,
    ToolCache,
    ToolError,
    ToolRegistry,
    normalise_arguments,
    tool,
)
from agents.tools import cache as tool_cache
from agents.types import AgentSpec
from tests.fakellm import Call, FakeLLM, Reply


class QueryParams(BaseModel):
    query: str = Field(description="检索语句")
    top_k: int = Field(5, ge=1, le=20)


class ArticleParams(BaseModel):
    law: str
    article: int


def make_tool(name: str, func: Any, parameters: type[BaseModel] = QueryParams, **options: Any) -> Tool:
    return Tool(name=name, description=f"test tool {name}", parameters=parameters, func=func, **options)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


# --- registry, autodiscovery, allowlists -----------------------------------------------------------
def test_autodiscover_imports_each_apps_tools_module_and_registers_the_tools_it_defines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, registry: ToolRegistry
) -> None:
    app = tmp_path / "lsx_toolapp"
    app.mkdir()
    (app / "tools.py").write_text(
        textwrap.dedent(
            """
            from pydantic import BaseModel
            from agents.tools import Tool

            class EchoParams(BaseModel):
                text: str

            async def _echo(params, ctx):
                return params.text

            ECHO = Tool(name="lsx_echo", description="Echo the text", parameters=EchoParams, func=_echo)
            """
        )
    )
    (tmp_path / "lsx_plainapp").mkdir()
    monkeypatch.syspath_prepend(str(tmp_path))

    imported = registry.autodiscover(["lsx_toolapp", "lsx_plainapp"])

    assert imported == ["lsx_toolapp.tools"]
    assert registry.names() == ["lsx_echo"]
    assert registry.get("lsx_echo").parameters.__name__ == "EchoParams"


def test_autodiscovery_imports_each_app_tools_module_and_registers_its_tools() -> None:
    fresh = ToolRegistry()

    imported = fresh.autodiscover()

    # firm, tracing … have none
    assert sorted(imported) == ["chat.tools", "contracts.tools", "drafting.tools", "knowledge.tools", "research.tools"]
    names = set(fresh.names())
    assert {"calculate_severance", "web_search"} <= names  # chat.tools
    assert {"search_legal_knowledge", "lookup_legal_article", "search_cases"} <= names  # knowledge.tools
    assert "search_templates" in names  # drafting.tools


def test_autodiscovery_skips_apps_without_a_tools_module_and_propagates_import_errors(tmp_path, monkeypatch) -> None:
    package = tmp_path / "brokenapp"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "tools.py").write_text("raise RuntimeError('broken tools module')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    fresh = ToolRegistry()

    assert fresh.autodiscover(["firm", "tracing"]) == []
    with pytest.raises(RuntimeError, match="broken tools module"):
        fresh.autodiscover(["brokenapp"])


def test_tool_decorator_builds_the_tool_from_the_function_and_registers_it(registry: ToolRegistry) -> None:
    @tool(registry=registry, cache="regulation", shared_cache=True, timeout=3)
    async def search_statutes(params: QueryParams, ctx: RunContext) -> list[str]:
        """检索现行法律条文。"""
        return [params.query]

    assert isinstance(search_statutes, Tool)
    assert registry.get("search_statutes") is search_statutes
    schema = search_statutes.openai_schema()
    assert schema["type"] == "function"
    assert schema["function"]["name"] == "search_statutes"
    assert schema["function"]["description"] == "检索现行法律条文。"
    parameters = schema["function"]["parameters"]
    assert parameters["type"] == "object"
    assert parameters["required"] == ["query"]
    assert set(parameters["properties"]) == {"query", "top_k"}


@pytest.mark.parametrize("name", ["SearchLaws", "search-laws", "search laws", "1search", "", "x" * 65])
def test_tool_names_must_be_snake_case(name: str) -> None:
    async def noop(params: Any, ctx: RunContext) -> None:
        return None

    with pytest.raises(ValueError, match="snake_case"):
        make_tool(name, noop)


def test_registry_refuses_a_second_tool_under_the_same_name(registry: ToolRegistry) -> None:
    async def noop(params: Any, ctx: RunContext) -> None:
        return None

    registry.register(make_tool("search", noop))
    with pytest.raises(ValueError, match="already registered"):
        registry.register(make_tool("search", noop))


def test_allowlists_give_each_agent_only_its_tools_and_settings_override_them(
    registry: ToolRegistry, settings: Any
) -> None:
    async def noop(params: Any, ctx: RunContext) -> None:
        return None

    for name in ("search_statutes", "search_cases", "calculate_interest", "mcp_chinalaw_get_article"):
        registry.register(make_tool(name, noop))
    registry.set_allowlist("legal_research", ["search_statutes", "mcp_chinalaw_*"])

    assert registry.toolbox("legal_research").names() == ["mcp_chinalaw_get_article", "search_statutes"]
    assert registry.toolbox("case_analysis").names() == []
    assert registry.toolbox("case_analysis", allow=["search_*"]).names() == ["search_cases", "search_statutes"]

    settings.AGENT_TOOL_ALLOWLISTS = {"legal_research": ["calculate_interest"]}
    assert registry.toolbox("legal_research").names() == ["calculate_interest"]


def test_a_tool_outside_the_allowlist_comes_back_to_the_model_as_an_error(
    fake: FakeLLM, gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext, collector: ListCollector
) -> None:
    ran: list[str] = []

    async def secret(params: QueryParams, ctx: RunContext) -> str:
        ran.append(params.query)
        return "机密"

    registry.register(make_tool("search_cases", secret))
    registry.register(make_tool("search_statutes", secret))
    fake.script(Reply.calls(Call("search_cases", {"query": "x"}), Call("drop_database", {})), Reply.text("无法检索"))
    spec = AgentSpec(name="legal_research", instructions="你是法律检索助手", tools=["search_statutes"], stream=False)

    result = run(react(spec, [{"role": "user", "content": "问"}], ctx, gateway=gateway, registry=registry))

    assert result.content == "无法检索"
    assert ran == []
    assert [r.error_kind for r in result.tool_results] == ["not_allowed", "unknown_tool"]
    sent = fake.chat_requests[1].json["messages"]
    tool_messages = [m for m in sent if m["role"] == "tool"]
    assert len(tool_messages) == 2
    assert all("不可用" in m["content"] and "search_statutes" in m["content"] for m in tool_messages)
    assert [t["function"]["name"] for t in fake.chat_requests[0].json["tools"]] == ["search_statutes"]


# --- invalid arguments -------------------------------------------------------------------------
def test_invalid_arguments_from_the_model_come_back_to_it_as_tool_errors_and_the_run_goes_on(
    fake: FakeLLM, gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext, collector: ListCollector
) -> None:
    ran: list[Any] = []

    async def lookup(params: ArticleParams, ctx: RunContext) -> str:
        ran.append(params)
        return "条文"

    registry.register(make_tool("lookup_article", lookup, ArticleParams))
    fake.script(
        Reply.calls(
            Call("lookup_article", '{"law": "民法典", ', id="bad_json"),
            Call("lookup_article", {"law": "民法典", "article": "第一千条"}, id="bad_type"),
            Call("lookup_article", {"article": 1079}, id="missing"),
            Call("lookup_article", '["民法典", 1079]', id="not_object"),
        ),
        Reply.text("参数有误，我直接回答。"),
    )
    spec = AgentSpec(name="legal_research", tools=["lookup_article"], stream=False)

    result = run(react(spec, [{"role": "user", "content": "民法典第1079条"}], ctx, gateway=gateway, registry=registry))

    assert result.content == "参数有误，我直接回答。"
    assert ran == []
    assert [r.error_kind for r in result.tool_results] == ["invalid_arguments"] * 4
    sent = fake.chat_requests[1].json["messages"]
    tool_messages = {m["tool_call_id"]: m["content"] for m in sent if m["role"] == "tool"}
    assert set(tool_messages) == {"bad_json", "bad_type", "missing", "not_object"}
    assert "JSON" in tool_messages["bad_json"]
    assert "article" in tool_messages["bad_type"]
    assert "law" in tool_messages["missing"] and "Field required" in tool_messages["missing"]
    assert all("invalid_arguments" in text for text in tool_messages.values())
    results = collector.of_type("tool_result")
    assert [e["ok"] for e in results] == [False] * 4
    assert collector.of_type("error") == []
    assert collector.of_type("tool_call")[0]["input"] == {"_raw": '{"law": "民法典", '}


# --- timeout and retry -------------------------------------------------------------------------
def test_a_timed_out_tool_is_retried_once_then_reported_failed_and_the_agent_goes_on(
    fake: FakeLLM, gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext, collector: ListCollector
) -> None:
    attempts: list[float] = []

    async def slow(params: QueryParams, ctx: RunContext) -> str:
        attempts.append(asyncio.get_running_loop().time())
        await asyncio.sleep(5)
        return "too late"

    registry.register(make_tool("search_news", slow, timeout=0.2))
    fake.script(Reply.calls(Call("search_news", {"query": "新规"})), Reply.text("新闻检索失败，仅依据法条作答。"))
    spec = AgentSpec(name="legal_research", tools=["search_news"], stream=False)

    result = run(react(spec, [{"role": "user", "content": "最新规定？"}], ctx, gateway=gateway, registry=registry))

    assert len(attempts) == 2
    assert result.content == "新闻检索失败，仅依据法条作答。"
    (failed,) = result.tool_results
    assert (failed.ok, failed.error_kind, failed.attempts) == (False, "timeout", 2)
    assert 350 < failed.duration_ms < 2000
    tool_message = next(m for m in fake.chat_requests[1].json["messages"] if m["role"] == "tool")
    assert "调用失败" in tool_message["content"] and "超时" in tool_message["content"]
    event = collector.of_type("tool_result")[0]
    assert (event["ok"], event["attempt"], event["timeout"]) == (False, 2, True)
    assert [e["code"] for e in collector.of_type("error")] == ["tool_failed"]


def test_a_tool_failing_once_succeeds_on_the_retry(registry: ToolRegistry, ctx: RunContext) -> None:
    calls: list[int] = []

    async def flaky(params: QueryParams, ctx: RunContext) -> str:
        calls.append(1)
        if len(calls) == 1:
            raise ConnectionError("reset by peer")
        return "第二次成功"

    registry.register(make_tool("search_cases", flaky))
    box = registry.toolbox("case_analysis", allow=["search_cases"])

    result = run(box.call("search_cases", {"query": "借款"}, ctx=ctx))

    assert (result.ok, result.attempts, result.content) == (True, 2, "第二次成功")


def test_a_tool_error_without_retry_is_reported_after_one_attempt(registry: ToolRegistry, ctx: RunContext) -> None:
    calls: list[int] = []

    async def lookup(params: ArticleParams, ctx: RunContext) -> str:
        calls.append(1)
        raise ToolError("《民法典》没有第9999条")

    registry.register(make_tool("lookup_article", lookup, ArticleParams))
    box = registry.toolbox("legal_research", allow=["lookup_article"])

    result = run(box.call("lookup_article", {"law": "民法典", "article": 9999}, ctx=ctx))

    assert calls == [1]
    assert (result.ok, result.attempts, result.error) == (False, 1, "《民法典》没有第9999条")


def test_sync_tool_functions_run_in_a_worker_thread(registry: ToolRegistry, ctx: RunContext) -> None:
    def count(params: QueryParams, ctx: RunContext) -> dict[str, int]:
        return {"length": len(params.query)}

    registry.register(make_tool("count_chars", count))

    result = run(registry.toolbox("a", allow=["*"]).call("count_chars", {"query": "劳动合同"}, ctx=ctx))

    assert result.ok and result.output == {"length": 4}


# --- output cap -------------------------------------------------------------------------------
def test_output_over_the_cap_is_truncated_with_a_marker_but_kept_whole_for_the_caller(
    registry: ToolRegistry, ctx: RunContext
) -> None:
    async def big(params: QueryParams, ctx: RunContext) -> str:
        return "条" * 500

    registry.register(make_tool("dump_law", big, max_output_chars=100))

    result = run(registry.toolbox("a", allow=["*"]).call("dump_law", {"query": "x"}, ctx=ctx))

    assert result.truncated
    assert result.content.startswith("条" * 100)
    assert "条" * 101 not in result.content
    assert "已截断" in result.content and "500" in result.content
    assert result.output == "条" * 500


# --- cache --------------------------------------------------------------------------------------
def test_argument_normalisation_uses_nfkc_collapsed_whitespace_and_sorted_keys() -> None:
    assert normalise_arguments({"top_k": 5, "query": "  民法典\u3000 第１０７９条\n"}) == normalise_arguments(
        {"query": "民法典 第1079条", "top_k": 5}
    )
    assert normalise_arguments({"query": "a b"}) != normalise_arguments({"query": "ab"})


def test_a_cached_tool_is_not_run_again_for_the_same_normalised_query(
    registry: ToolRegistry, ctx: RunContext, collector: ListCollector
) -> None:
    ran: list[str] = []

    async def search(params: QueryParams, ctx: RunContext) -> list[dict[str, str]]:
        ran.append(params.query)
        return [{"law": "民法典", "article": "第一千零七十九条"}]

    registry.register(make_tool("search_statutes_cached", search, cache="regulation", shared_cache=True))
    box = registry.toolbox("legal_research", allow=["search_statutes_cached"])

    async def scenario() -> tuple[Any, Any]:
        first = await box.call("search_statutes_cached", {"query": "离婚 条件"}, ctx=ctx)
        second = await box.call("search_statutes_cached", {"query": " 离婚\u3000条件 ", "top_k": 5}, ctx=ctx)
        return first, second

    first, second = run(scenario())

    assert ran == ["离婚 条件"]
    assert (first.cached, second.cached) == (False, True)
    assert second.output == first.output
    assert [e["cached"] for e in collector.of_type("tool_result")] == [False, True]


def test_the_shared_cache_serves_other_processes_after_the_local_lru_expires(
    registry: ToolRegistry, ctx: RunContext
) -> None:
    now = [1000.0]
    registry.cache = ToolCache(clock=lambda: now[0], namespace=registry.cache.namespace)
    ran: list[str] = []

    async def search(params: QueryParams, ctx: RunContext) -> str:
        ran.append(params.query)
        return f"result {len(ran)}"

    registry.register(make_tool("search_cases_tiered", search, cache="case", shared_cache=True))
    box = registry.toolbox("case_analysis", allow=["*"])
    key = registry.cache.key("search_cases_tiered", {"query": "工伤", "top_k": 5}, scope="shared")

    async def scenario() -> list[Any]:
        seen = [await box.call("search_cases_tiered", {"query": "工伤"}, ctx=ctx)]
        now[0] += 301  # local LRU entry (5 min) expired; Redis still has it
        seen.append(await box.call("search_cases_tiered", {"query": "工伤"}, ctx=ctx))
        await django_cache.adelete(key)
        now[0] += 301
        seen.append(await box.call("search_cases_tiered", {"query": "工伤"}, ctx=ctx))
        return seen

    first, from_redis, fresh = run(scenario())

    assert ran == ["工伤", "工伤"]
    assert (from_redis.cached, from_redis.output) == (True, "result 1")
    assert (fresh.cached, fresh.output) == (False, "result 2")


@pytest.mark.parametrize(("cache_type", "seconds"), [("regulation", 86400), ("case", 21600), ("news", 3600)])
def test_cache_entries_live_in_redis_for_the_ttl_of_their_type(
    registry: ToolRegistry, ctx: RunContext, cache_type: str, seconds: int
) -> None:
    async def fetch(params: QueryParams, ctx: RunContext) -> str:
        return "ok"

    name = f"fetch_{cache_type}_ttl"
    registry.register(make_tool(name, fetch, cache=cache_type, shared_cache=True))

    run(registry.toolbox("a", allow=["*"]).call(name, {"query": "q"}, ctx=ctx))

    key = registry.cache.key(name, {"query": "q", "top_k": 5}, scope="shared")
    full_key = django_cache.make_and_validate_key(key)
    ttl = django_cache._cache.get_client(full_key).ttl(full_key)
    assert CACHE_TTLS[cache_type] == seconds
    assert seconds - 60 < ttl <= seconds


def test_per_user_cache_keeps_users_apart_unless_the_tool_is_shared(registry: ToolRegistry) -> None:
    ran: list[str] = []

    class User:
        def __init__(self, pk: int) -> None:
            self.pk = pk

    async def search(params: QueryParams, ctx: RunContext) -> str:
        ran.append(f"{ctx.user.pk}:{params.query}")
        return "matter files"

    registry.register(make_tool("search_matter_files", search, cache="case"))
    box = registry.toolbox("case_analysis", allow=["*"])

    async def scenario() -> None:
        for pk in (1, 2, 1):
            await box.call("search_matter_files", {"query": "合同"}, ctx=RunContext(user=User(pk), trace_id="t"))

    run(scenario())

    assert ran == ["1:合同", "2:合同"]


def test_the_local_lru_holds_at_most_100_entries() -> None:
    cache = ToolCache(backend=object())
    for index in range(101):
        cache._local_set(f"k{index}", index, 300)

    assert len(cache) == 100
    assert cache._local_get("k0") is tool_cache._MISS
    assert cache._local_get("k100") == 100


# --- events -------------------------------------------------------------------------------------
def test_tool_calls_emit_tool_call_and_tool_result_events_with_call_id_agent_and_duration(
    registry: ToolRegistry, ctx: RunContext, collector: ListCollector
) -> None:
    async def lookup(params: ArticleParams, ctx: RunContext) -> str:
        await asyncio.sleep(0.05)
        return "夫妻一方要求离婚的……"

    registry.register(make_tool("lookup_article", lookup, ArticleParams))

    box = registry.toolbox("legal_research", allow=["*"])

    result = run(box.call("lookup_article", {"law": "民法典", "article": 1079}, ctx=ctx))

    call, done = collector.of_type("tool_call")[0], collector.of_type("tool_result")[0]
    assert call["call_id"] == done["call_id"] == result.call_id
    assert call["agent"] == "legal_research" and call["tool"] == "lookup_article"
    assert call["input"] == {"law": "民法典", "article": 1079}
    assert call["trace_id"] == done["trace_id"] == "trace-test"
    assert done["ok"] is True and done["summary"].startswith("夫妻一方")
    assert done["duration_ms"] >= 50
    assert collector.types() == ["tool_call", "tool_result"]


def test_clashing_model_call_ids_get_unique_event_ids_within_a_trace(registry: ToolRegistry, ctx: RunContext) -> None:
    from agents.llm import ToolCall

    async def noop(params: QueryParams, ctx: RunContext) -> str:
        return "ok"

    registry.register(make_tool("search", noop))
    call = ToolCall(id="call_0_search", name="search", arguments={"query": "a"}, raw_arguments='{"query": "a"}')

    async def scenario() -> list[Any]:
        first = await registry.toolbox("agent_a", allow=["*"]).run(call, ctx)
        second = await registry.toolbox("agent_b", allow=["*"]).run(call, ctx)
        return [first, second]

    first, second = run(scenario())

    assert (first.call_id, second.call_id) == ("call_0_search", "call_0_search-2")
    assert second.to_message()["tool_call_id"] == "call_0_search"


def test_listeners_receive_every_tool_result(registry: ToolRegistry, ctx: RunContext) -> None:
    seen: list[Any] = []
    registry.add_listener(seen.append)

    async def noop(params: QueryParams, ctx: RunContext) -> str:
        return "ok"

    registry.register(make_tool("search", noop))
    run(registry.toolbox("a", allow=["*"]).call("search", {"query": "q"}, ctx=ctx))

    assert [(r.tool, r.ok, r.output) for r in seen] == [("search", True, "ok")]
