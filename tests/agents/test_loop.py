"""The ReAct loop against the scripted OpenAI-compatible server: parallel tool calls, the step
limit, the message window, streaming, LLM timeout and unavailability."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import BaseModel

from agents.events import ListCollector
from agents.llm import LLMGateway, LLMUnavailable
from agents.loop import FINAL_ANSWER_PROMPT, react, window_messages
from agents.offline import OfflineEngine
from agents.runner import run_agent
from agents.tools import RunContext, Tool, ToolRegistry
from agents.types import AgentSpec, AgentUnavailable
from tests.fakellm import Call, FakeLLM, Reply, unused_base_url

QUESTION = [{"role": "user", "content": "我和配偶分居两年了，能离婚吗？"}]


class QueryParams(BaseModel):
    query: str


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def add_tool(registry: ToolRegistry, name: str, func: Callable[..., Any], **options: Any) -> Tool:
    return registry.register(Tool(name=name, description=f"{name} tool", parameters=QueryParams, func=func, **options))


def add_search(registry: ToolRegistry, calls: list[str] | None = None) -> None:
    async def search(params: QueryParams, ctx: RunContext) -> str:
        if calls is not None:
            calls.append(params.query)
        return f"《民法典》第一千零七十九条（{params.query}）"

    add_tool(registry, "search_statutes", search)


def test_a_plain_answer_needs_one_step_and_reports_usage(
    fake: FakeLLM, gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext
) -> None:
    add_search(registry)
    fake.script(Reply.text("可以起诉离婚。", usage=(120, 30)))
    spec = AgentSpec(name="legal_advisor", instructions="你是律师助理", role="advisor", tools=["*"], stream=False)

    result = run(react(spec, QUESTION, ctx, gateway=gateway, registry=registry))

    assert (result.content, result.steps, result.finish, result.partial) == ("可以起诉离婚。", 1, "answer", False)
    assert (result.usage.llm_calls, result.usage.tokens_in, result.usage.tokens_out) == (1, 120, 30)
    assert result.usage.cost_cny == pytest.approx((120 * 0.8 + 30 * 2.0) / 1e6)
    sent = fake.chat_requests[0].json
    assert sent["messages"][0] == {"role": "system", "content": "你是律师助理"}
    assert sent["messages"][1:] == QUESTION
    assert [t["function"]["name"] for t in sent["tools"]] == ["search_statutes"]
    assert result.messages[-1] == {"role": "assistant", "content": "可以起诉离婚。"}


def test_the_model_reads_tool_results_and_answers(
    fake: FakeLLM, gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext
) -> None:
    calls: list[str] = []
    add_search(registry, calls)
    fake.script(
        Reply.calls(Call("search_statutes", {"query": "分居 离婚"}, id="c1")),
        Reply.text("依据第一千零七十九条，可以。"),
    )
    spec = AgentSpec(name="legal_research", tools=["search_statutes"], stream=False)

    result = run(react(spec, QUESTION, ctx, gateway=gateway, registry=registry))

    assert calls == ["分居 离婚"]
    assert result.content == "依据第一千零七十九条，可以。"
    assert result.steps == 2
    second = fake.chat_requests[1].json["messages"]
    assert second[-2]["role"] == "assistant" and second[-2]["tool_calls"][0]["id"] == "c1"
    assert second[-1] == {"role": "tool", "tool_call_id": "c1", "content": "《民法典》第一千零七十九条（分居 离婚）"}
    assert [r.tool for r in result.successful_tool_results] == ["search_statutes"]


def test_several_tool_calls_in_one_step_run_concurrently(
    fake: FakeLLM, gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext
) -> None:
    spans: dict[str, tuple[float, float]] = {}

    def sleeper(name: str) -> Callable[..., Any]:
        async def sleep(params: QueryParams, ctx: RunContext) -> str:
            started = time.perf_counter()
            await asyncio.sleep(0.3)
            spans[name] = (started, time.perf_counter())
            return name

        return sleep

    add_tool(registry, "search_statutes", sleeper("statutes"))
    add_tool(registry, "search_cases", sleeper("cases"))
    fake.script(
        Reply.calls(Call("search_statutes", {"query": "a"}), Call("search_cases", {"query": "b"})),
        Reply.text("综合两项检索结果作答。"),
    )
    spec = AgentSpec(name="legal_research", tools=["search_*"], stream=False)

    result = run(react(spec, QUESTION, ctx, gateway=gateway, registry=registry))

    assert result.content == "综合两项检索结果作答。"
    starts = [s for s, _ in spans.values()]
    ends = [e for _, e in spans.values()]
    assert max(ends) - min(starts) < 0.55
    assert [r.content for r in result.tool_results] == ["statutes", "cases"]


def test_at_the_step_limit_the_final_answer_is_forced_without_tools(
    fake: FakeLLM, gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext, collector: ListCollector
) -> None:
    calls: list[str] = []
    add_search(registry, calls)
    fake.script(*[Reply.calls(Call("search_statutes", {"query": f"q{i}"})) for i in range(4)], Reply.text("最终回答"))
    spec = AgentSpec(name="legal_research", tools=["search_statutes"], stream=False)

    result = run(react(spec, QUESTION, ctx, gateway=gateway, registry=registry))

    requests = [r.json for r in fake.chat_requests]
    assert len(requests) == 5
    assert all("tools" in r for r in requests[:4])
    assert "tools" not in requests[4] and "tool_choice" not in requests[4]
    assert requests[4]["messages"][-1] == {"role": "user", "content": FINAL_ANSWER_PROMPT}
    assert calls == ["q0", "q1", "q2", "q3"]
    assert (result.content, result.steps, result.finish) == ("最终回答", 5, "step_limit")
    assert fake.pending == 0
    assert any(e["phase"] == "answer" for e in collector.of_type("status"))


def test_max_steps_is_configurable_per_agent(
    fake: FakeLLM, gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext
) -> None:
    add_search(registry)
    fake.script(Reply.calls(Call("search_statutes", {"query": "q"})), Reply.text("两步内作答"))
    spec = AgentSpec(name="legal_research", tools=["*"], max_steps=2, stream=False)

    result = run(react(spec, QUESTION, ctx, gateway=gateway, registry=registry))

    assert (result.steps, result.finish) == (2, "step_limit")
    assert "tools" not in fake.chat_requests[1].json


def test_the_model_sees_the_system_prompt_and_the_30_most_recent_messages(
    fake: FakeLLM, gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext
) -> None:
    history = [
        {"role": "user" if i % 2 == 0 else "assistant", "content": f"消息{i}"} for i in range(40)
    ] + [{"role": "user", "content": "最新的问题"}]
    fake.script(Reply.text("回答"))
    spec = AgentSpec(name="legal_advisor", instructions="系统提示", stream=False)

    run(react(spec, history, ctx, gateway=gateway, registry=registry))

    sent = fake.chat_requests[0].json["messages"]
    assert len(sent) == 31
    assert sent[0] == {"role": "system", "content": "系统提示"}
    assert sent[1]["content"] == "消息11"
    assert sent[-1]["content"] == "最新的问题"


def test_the_window_never_starts_with_tool_results_cut_off_from_their_request() -> None:
    messages = [
        {"role": "system", "content": "s"},
        {"role": "user", "content": "u"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "a"}, {"id": "b"}]},
        {"role": "tool", "tool_call_id": "a", "content": "ra"},
        {"role": "tool", "tool_call_id": "b", "content": "rb"},
        {"role": "assistant", "content": "done"},
    ]

    assert window_messages(messages, 3) == [messages[0], messages[5]]
    assert window_messages(messages, 4) == [messages[0], *messages[2:]]
    assert window_messages(messages, 30) == messages


def test_window_size_comes_from_settings_when_the_agent_sets_none(
    fake: FakeLLM, gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext, settings: Any
) -> None:
    settings.AGENT_MESSAGE_WINDOW = 4
    history = [{"role": "user", "content": f"m{i}"} for i in range(10)]
    fake.script(Reply.text("ok"))

    run(react(AgentSpec(name="a", instructions="sys", stream=False), history, ctx, gateway=gateway, registry=registry))

    assert [m["content"] for m in fake.chat_requests[0].json["messages"]] == ["sys", "m6", "m7", "m8", "m9"]


def test_streaming_sends_the_first_delta_at_once_and_joins_the_ones_that_follow_closely(
    fake: FakeLLM, gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext, collector: ListCollector
) -> None:
    add_search(registry)
    answer = "根据《民法典》第一千零七十九条，分居满二年可以起诉离婚。"
    fake.script(Reply.calls(Call("search_statutes", {"query": "分居"})), Reply.text(answer, chunk_size=3))
    spec = AgentSpec(name="legal_advisor", tools=["*"], stream=True)

    result = run(react(spec, QUESTION, ctx, gateway=gateway, registry=registry))

    tokens = collector.of_type("token")
    chunks = len(answer) // 3 + (1 if len(answer) % 3 else 0)
    assert tokens[0]["delta"] == answer[:3]  # no waiting for the first words
    assert 2 <= len(tokens) < chunks  # the rest arrived within the interval: joined, not one event each
    assert collector.text() == answer == result.content
    assert all(e["trace_id"] == "trace-test" for e in tokens)
    assert all(r.json["stream"] is True for r in fake.chat_requests)
    types = collector.types()
    assert types.index("tool_result") < types.index("token")


def test_streaming_with_gaps_longer_than_the_interval_sends_each_delta(
    fake: FakeLLM, gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext, collector: ListCollector
) -> None:
    answer = "分居满二年可以起诉离婚。"
    fake.script(Reply.text(answer, chunk_size=4, chunk_delay=0.12))
    spec = AgentSpec(name="legal_advisor", tools=[], stream=True)

    run(react(spec, QUESTION, ctx, gateway=gateway, registry=registry))

    assert [e["delta"] for e in collector.of_type("token")] == [answer[i:i + 4] for i in range(0, len(answer), 4)]


def test_an_llm_timeout_returns_the_partial_answer_and_an_llm_timeout_error_event(
    fake: FakeLLM, make_gateway: Callable[..., LLMGateway], registry: ToolRegistry, ctx: RunContext,
    collector: ListCollector,
) -> None:
    add_search(registry)
    gateway = make_gateway(fake.base_url, timeout=0.4)
    fake.script(
        Reply.calls(Call("search_statutes", {"query": "分居"})),
        Reply.text("依据第一千零七十九条，可以起诉离婚，但是", chunk_size=4, stall_after=4, stall=3.0),
    )
    spec = AgentSpec(name="legal_advisor", tools=["*"], stream=True)

    result = run(react(spec, QUESTION, ctx, gateway=gateway, registry=registry))

    assert result.finish == "llm_timeout" and result.partial
    assert result.content == "依据第一千零七十九条，可" == collector.text()
    assert [r.tool for r in result.tool_results] == ["search_statutes"]
    assert result.notice and "超时" in result.notice
    (error,) = collector.of_type("error")
    assert error["code"] == "llm_timeout"


def test_an_llm_timeout_before_any_text_still_keeps_the_tool_results(
    fake: FakeLLM, make_gateway: Callable[..., LLMGateway], registry: ToolRegistry, ctx: RunContext,
    collector: ListCollector,
) -> None:
    add_search(registry)
    gateway = make_gateway(fake.base_url, timeout=0.3)
    fake.script(Reply.calls(Call("search_statutes", {"query": "分居"})), Reply.slow(2.0), Reply.slow(2.0))
    spec = AgentSpec(name="legal_advisor", tools=["*"], stream=False)

    result = run(react(spec, QUESTION, ctx, gateway=gateway, registry=registry))

    assert (result.finish, result.content, result.steps) == ("llm_timeout", "", 2)
    assert len(result.tool_results) == 1
    assert len(fake.chat_requests) == 3  # the gateway retried the timed-out call once
    assert [e["code"] for e in collector.of_type("error")] == ["llm_timeout"]


def test_an_unreachable_llm_raises_a_typed_error_carrying_what_the_run_had(
    make_gateway: Callable[..., LLMGateway], registry: ToolRegistry, ctx: RunContext
) -> None:
    gateway = make_gateway(unused_base_url())
    spec = AgentSpec(name="legal_advisor", stream=False)

    with pytest.raises(AgentUnavailable) as caught:
        run(react(spec, QUESTION, ctx, gateway=gateway, registry=registry))

    assert isinstance(caught.value.cause, LLMUnavailable)
    assert caught.value.code == "llm_unavailable"
    assert caught.value.agent == "legal_advisor"
    assert caught.value.partial.tool_results == ()


def test_run_agent_routes_an_unreachable_llm_to_the_offline_engine(
    fake: FakeLLM, gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext, collector: ListCollector
) -> None:
    add_search(registry)
    engine = OfflineEngine()

    @engine.register("legal_advisor")
    async def answer_offline(request: Any) -> str:
        found = [r.content for r in request.partial.tool_results]
        return "根据检索到的法条：" + "；".join(found)

    fake.script(Reply.calls(Call("search_statutes", {"query": "分居"})), Reply.error(503), Reply.error(503))
    spec = AgentSpec(name="legal_advisor", tools=["*"], stream=False)

    result = run(run_agent(spec, QUESTION, ctx, gateway=gateway, registry=registry, engine=engine))

    assert result.offline and result.finish == "offline"
    assert result.content.startswith("【离线模式】根据检索到的法条：《民法典》第一千零七十九条")
    assert [r.tool for r in result.tool_results] == ["search_statutes"]
    assert [e["code"] for e in collector.of_type("error")] == ["llm_unavailable"]
    assert result.usage.llm_calls == 1


def test_run_agent_without_fallback_lets_the_caller_route(
    make_gateway: Callable[..., LLMGateway], registry: ToolRegistry, ctx: RunContext
) -> None:
    gateway = make_gateway(unused_base_url())

    with pytest.raises(AgentUnavailable):
        run(run_agent(AgentSpec(name="a"), QUESTION, ctx, gateway=gateway, registry=registry, fallback=False))
