"""The LLM gateway against a scripted OpenAI-compatible server, through the real ``openai`` client."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import openai
import pytest
from pydantic import BaseModel, Field

from agents.llm import (
    ROLES,
    LLMBadRequest,
    LLMBadResponse,
    LLMConfig,
    LLMFailure,
    LLMGateway,
    LLMResult,
    LLMTimeout,
    LLMUnavailable,
    parse_tool_arguments,
)
from tests.fakellm import Call, FakeLLM, Reply, unused_base_url

SECRET = "sk-live-SECRET-0123456789abcdef"
USER = [{"role": "user", "content": "公司拖欠工资三个月怎么办？"}]
SEARCH_TOOL = {
    "type": "function",
    "function": {
        "name": "search_legal_knowledge",
        "description": "Search statutes",
        "parameters": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]},
    },
}


@pytest.fixture
def fake() -> Iterator[FakeLLM]:
    with FakeLLM() as server:
        yield server


def make_gateway(base_url: str, **overrides: Any) -> LLMGateway:
    options: dict[str, Any] = {
        "base_url": base_url,
        "api_key": SECRET,
        "model": "qwen-plus",
        "timeout": 5.0,
        "retry_backoff": 0.0,
    }
    options.update(overrides)
    return LLMGateway(LLMConfig(**options))


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def collect(gateway: LLMGateway, role: str, **kwargs: Any) -> tuple[list[str], LLMResult]:
    deltas: list[str] = []
    result: LLMResult | None = None
    async for item in gateway.stream(role, USER, **kwargs):
        if isinstance(item, LLMResult):
            result = item
        else:
            deltas.append(item)
    assert result is not None
    return deltas, result


# --- plain completion, usage, cost ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("model", "expected_cost"),
    [("qwen-plus", (1000 * 0.8 + 500 * 2.0) / 1e6), ("deepseek-chat", (1000 * 2.0 + 500 * 3.0) / 1e6)],
)
def test_complete_returns_content_usage_latency_and_cost(
    fake: FakeLLM, model: str, expected_cost: float
) -> None:
    fake.script(Reply.text("根据《劳动合同法》第三十条，可以要求支付。", usage=(1000, 500)))
    gateway = make_gateway(fake.base_url, model=model)

    result = run(gateway.complete("advisor", USER))

    assert result.content == "根据《劳动合同法》第三十条，可以要求支付。"
    assert (result.tokens_in, result.tokens_out) == (1000, 500)
    assert result.cost_cny == pytest.approx(expected_cost)
    assert result.cost_cny > 0
    assert result.model == model
    assert result.latency_ms > 0
    assert result.finish_reason == "stop"
    assert result.tool_calls == ()
    assert result.attempts == 1
    sent = fake.chat_requests[0].json
    assert sent["model"] == model
    assert sent["messages"] == USER
    assert result.request["messages"] == USER
    assert result.response["usage"]["prompt_tokens"] == 1000


def test_price_table_handles_qwen_and_deepseek_names_settings_override_and_unknown_models() -> None:
    gateway = make_gateway(
        "", prices={"deepseek-chat": {"input": 4, "output": 12}, "my-vllm-model": {"input": 0, "output": 0}}
    )

    assert gateway.price_for("qwen-plus-2025-07-28").input == 0.8
    assert gateway.price_for("Qwen/qwen-max-latest").output == 9.6
    assert gateway.price_for("qwen-turbo-1101").input == 0.3
    assert gateway.cost_for("deepseek-chat", 1_000_000, 1_000_000) == pytest.approx(16.0)
    assert gateway.cost_for("deepseek-reasoner", 1_000_000, 0) == pytest.approx(2.0)
    assert gateway.cost_for("my-vllm-model", 10, 10) == 0.0
    assert gateway.cost_for("mystery-model", 10, 10) is None
    assert gateway.cost_for("qwen-plus", None, None) is None
    with pytest.raises(ValueError, match="LLM_PRICES"):
        LLMConfig(prices={"broken": {"input": "cheap"}})


def test_unknown_model_has_no_cost_rather_than_zero(fake: FakeLLM) -> None:
    fake.script(Reply.text("ok", usage=(10, 10)))
    result = run(make_gateway(fake.base_url, model="mystery-model").complete("advisor", USER))
    assert result.tokens_in == 10
    assert result.cost_cny is None


def test_role_selects_model_and_temperature(fake: FakeLLM) -> None:
    fake.script(*[Reply.text("ok") for _ in range(4)])
    gateway = make_gateway(
        fake.base_url,
        role_models={"critic": "qwen-max", "intent": "qwen-turbo"},
        role_temperatures={"advisor": 0.7},
    )

    async def calls() -> None:
        await gateway.complete("critic", USER)
        await gateway.complete("advisor", USER)
        await gateway.complete("intent", USER)
        await gateway.complete("drafting", USER, temperature=0.9)

    run(calls())

    sent = [(r.json["model"], r.json["temperature"]) for r in fake.chat_requests]
    assert sent == [("qwen-max", 0.0), ("qwen-plus", 0.7), ("qwen-turbo", 0.0), ("qwen-plus", 0.9)]
    with pytest.raises(ValueError, match="unknown LLM role"):
        gateway.model_for("astrologer")


def test_config_from_settings_object_reads_env_role_models(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LLM_MODEL_CRITIC", "qwen-max")
    source = SimpleNamespace(
        LLM_BASE_URL="https://dashscope.aliyuncs.com/compatible-mode/v1",
        LLM_API_KEY=SECRET,
        LLM_MODEL="qwen-plus",
        LLM_TIMEOUT="12.5",
    )

    config = LLMConfig.from_settings(source)

    assert config.role_models == {"critic": "qwen-max"}
    assert config.timeout == 12.5
    assert not config.offline
    assert LLMConfig.from_settings(SimpleNamespace()).offline
    with pytest.raises(ValueError, match="unknown role"):
        LLMConfig(role_models={"adviser": "qwen-max"})
    assert set(ROLES) >= {"intent", "critic", "summarizer"}


def test_offline_gateway_raises_unavailable_without_network() -> None:
    gateway = LLMGateway(LLMConfig())
    assert gateway.offline
    with pytest.raises(LLMUnavailable, match="offline"):
        run(gateway.complete("advisor", USER))


# --- streaming and tool calls ----------------------------------------------------------------
def test_stream_yields_token_deltas_then_assembled_result(fake: FakeLLM) -> None:
    text = "根据《民法典》第五百七十七条，违约方应当承担继续履行等违约责任。"
    fake.script(Reply.text(text, chunk_size=3, usage=(200, 40)))
    gateway = make_gateway(fake.base_url)

    deltas, result = run(collect(gateway, "research"))

    assert len(deltas) > 5
    assert "".join(deltas) == text
    assert result.content == text
    assert result.streamed
    assert (result.tokens_in, result.tokens_out) == (200, 40)
    assert result.cost_cny == pytest.approx((200 * 0.8 + 40 * 2.0) / 1e6)
    sent = fake.chat_requests[0].json
    assert sent["stream"] is True
    assert sent["stream_options"] == {"include_usage": True}
    assert result.response["choices"][0]["message"]["content"] == text


def test_streamed_tool_call_arguments_are_assembled(fake: FakeLLM) -> None:
    arguments = {"query": "违约金 过高 调整", "top_k": 5}
    fake.script(Reply.calls(Call("search_legal_knowledge", arguments, id="call_abc"), chunk_size=2))
    gateway = make_gateway(fake.base_url)

    deltas, result = run(collect(gateway, "research", tools=[SEARCH_TOOL]))

    assert deltas == []
    assert result.finish_reason == "tool_calls"
    assert len(result.tool_calls) == 1
    call = result.tool_calls[0]
    assert (call.id, call.name, call.arguments) == ("call_abc", "search_legal_knowledge", arguments)
    assert call.arguments_valid
    assert fake.chat_requests[0].json["tools"] == [SEARCH_TOOL]


@pytest.mark.parametrize("streamed", [False, True])
def test_parallel_tool_calls_keep_order_and_ids(fake: FakeLLM, streamed: bool) -> None:
    fake.script(
        Reply.calls(
            Call("search_legal_knowledge", {"query": "工伤认定"}, id="c1"),
            Call("lookup_article", {"law": "劳动合同法", "article": 47}, id="c2"),
        )
    )
    gateway = make_gateway(fake.base_url)

    if streamed:
        _, result = run(collect(gateway, "research", tools=[SEARCH_TOOL]))
    else:
        result = run(gateway.complete("research", USER, tools=[SEARCH_TOOL]))

    assert [(c.id, c.name) for c in result.tool_calls] == [
        ("c1", "search_legal_knowledge"),
        ("c2", "lookup_article"),
    ]
    assert result.tool_calls[1].arguments == {"law": "劳动合同法", "article": 47}
    message = result.to_message()
    assert [c["id"] for c in message["tool_calls"]] == ["c1", "c2"]
    assert json.loads(message["tool_calls"][0]["function"]["arguments"]) == {"query": "工伤认定"}


@pytest.mark.parametrize("streamed", [False, True])
def test_wrong_tool_arguments_are_flagged_not_raised(fake: FakeLLM, streamed: bool) -> None:
    fake.script(
        Reply.calls(
            Call("search_legal_knowledge", '{"query": "未闭合', id="bad_json"),
            Call("search_legal_knowledge", "[1, 2]", id="not_object"),
            Call("search_legal_knowledge", {"query": "ok"}, id="good"),
        )
    )
    gateway = make_gateway(fake.base_url)

    if streamed:
        _, result = run(collect(gateway, "research", tools=[SEARCH_TOOL]))
    else:
        result = run(gateway.complete("research", USER, tools=[SEARCH_TOOL]))

    bad, not_object, good = result.tool_calls
    assert not bad.arguments_valid and bad.arguments == {} and "not valid JSON" in bad.arguments_error
    assert bad.raw_arguments == '{"query": "未闭合'
    assert not not_object.arguments_valid and "JSON object" in not_object.arguments_error
    assert good.arguments_valid and good.arguments == {"query": "ok"}
    assert parse_tool_arguments("") == ({}, None)


# --- retries and typed errors ---------------------------------------------------------------
def test_timeout_is_retried_once_then_raises_llm_timeout(fake: FakeLLM) -> None:
    fake.script(Reply.slow(0.6), Reply.slow(0.6))
    gateway = make_gateway(fake.base_url, timeout=0.2)

    with pytest.raises(LLMTimeout) as caught:  # the 0.6 s replies would have come: only the timeout cut them
        run(gateway.complete("advisor", USER))

    assert caught.value.attempts == 2
    assert caught.value.code == "llm_timeout"
    assert len(fake.chat_requests) == 2


def test_timeout_then_success_on_retry(fake: FakeLLM) -> None:
    fake.script(Reply.slow(0.6), Reply.text("second try"))
    result = run(make_gateway(fake.base_url, timeout=0.2).complete("advisor", USER))
    assert result.content == "second try"
    assert result.attempts == 2


def test_rate_limit_then_success_is_retried(fake: FakeLLM) -> None:
    fake.script(Reply.error(429, "rate limited", headers={"Retry-After": "0"}), Reply.text("ok"))
    result = run(make_gateway(fake.base_url).complete("advisor", USER))
    assert result.content == "ok"
    assert result.attempts == 2
    assert len(fake.chat_requests) == 2


def test_server_error_twice_raises_unavailable(fake: FakeLLM) -> None:
    fake.script(Reply.error(500), Reply.error(502), Reply.text("never reached"))
    with pytest.raises(LLMUnavailable) as caught:
        run(make_gateway(fake.base_url).complete("advisor", USER))
    assert caught.value.status_code == 502
    assert not isinstance(caught.value, LLMBadRequest)
    assert caught.value.code == "llm_unavailable"
    assert len(fake.chat_requests) == 2
    assert fake.pending == 1


def test_connection_refused_raises_unavailable() -> None:
    gateway = make_gateway(unused_base_url())
    with pytest.raises(LLMUnavailable, match="cannot connect") as caught:
        run(gateway.complete("advisor", USER))
    assert caught.value.attempts == 2


def test_authentication_failure_is_unavailable_and_not_retried() -> None:
    with FakeLLM(api_key="the-right-key-123") as server:
        with pytest.raises(LLMUnavailable, match="authentication") as caught:
            run(make_gateway(server.base_url).complete("advisor", USER))
        assert caught.value.status_code == 401
        assert len(server.chat_requests) == 1


def test_bad_request_is_not_retried(fake: FakeLLM) -> None:
    fake.script(Reply.error(400, "context length exceeded"))
    with pytest.raises(LLMBadRequest, match="context length"):
        run(make_gateway(fake.base_url).complete("advisor", USER))
    assert len(fake.chat_requests) == 1


def test_malformed_json_body_raises_bad_response(fake: FakeLLM) -> None:
    fake.script(Reply.raw('{"id": "chatcmpl-1", "choices": [{"message": '))
    with pytest.raises(LLMBadResponse, match="malformed JSON"):
        run(make_gateway(fake.base_url).complete("advisor", USER))
    assert len(fake.chat_requests) == 1


def test_body_without_choices_raises_bad_response(fake: FakeLLM) -> None:
    fake.script(Reply.raw('{"id": "chatcmpl-1", "object": "chat.completion"}'))
    with pytest.raises(LLMBadResponse, match="no choices"):
        run(make_gateway(fake.base_url).complete("advisor", USER))


def test_stream_retries_rate_limit_and_fails_on_repeated_server_errors(fake: FakeLLM) -> None:
    gateway = make_gateway(fake.base_url)
    fake.script(Reply.error(429), Reply.text("好的"))
    deltas, result = run(collect(gateway, "advisor"))
    assert "".join(deltas) == "好的" and result.attempts == 2

    fake.script(Reply.error(500), Reply.error(500))
    with pytest.raises(LLMUnavailable):
        run(collect(gateway, "advisor"))
    assert len(fake.chat_requests) == 4


def test_listeners_receive_results_and_failures(fake: FakeLLM) -> None:
    records: list[LLMResult | LLMFailure] = []
    gateway = make_gateway(fake.base_url)
    gateway.add_listener(records.append)
    fake.script(Reply.text("ok"), Reply.error(500), Reply.error(500))

    run(gateway.complete("summarizer", USER))
    with pytest.raises(LLMUnavailable):
        run(gateway.complete("summarizer", USER))

    assert isinstance(records[0], LLMResult) and records[0].role == "summarizer"
    assert isinstance(records[1], LLMFailure) and records[1].attempts == 2
    assert isinstance(records[1].error, LLMUnavailable)


# --- structured output -----------------------------------------------------------------------
class IntentDecision(BaseModel):
    domain: str
    intent: str
    confidence: float = Field(ge=0, le=1)


def test_structured_output_uses_json_schema(fake: FakeLLM) -> None:
    fake.script(Reply.json({"domain": "labor", "intent": "qa_retrieval", "confidence": 0.92}))

    decision = run(make_gateway(fake.base_url).structured("intent", USER, IntentDecision))

    assert decision == IntentDecision(domain="labor", intent="qa_retrieval", confidence=0.92)
    response_format = fake.chat_requests[0].json["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["name"] == "IntentDecision"
    assert set(response_format["json_schema"]["schema"]["properties"]) == {"domain", "intent", "confidence"}


def test_structured_falls_back_to_json_mode_when_json_schema_is_rejected() -> None:
    with FakeLLM(reject_json_schema=True) as server:
        server.script(
            Reply.json({"domain": "debt", "intent": "calculation", "confidence": 0.8}),
            Reply.json({"domain": "tort", "intent": "qa_retrieval", "confidence": 0.7}),
        )
        gateway = make_gateway(server.base_url)

        first = run(gateway.structured("intent", USER, IntentDecision))
        second = run(gateway.structured("intent", USER, IntentDecision))

        assert (first.domain, second.domain) == ("debt", "tort")
        kinds = [r.json["response_format"]["type"] for r in server.chat_requests]
        assert kinds == ["json_schema", "json_object", "json_object"]
        json_mode_messages = server.chat_requests[1].json["messages"]
        assert json_mode_messages[0]["role"] == "system"
        assert (
            "JSON" in json_mode_messages[0]["content"] and '"confidence"' in json_mode_messages[0]["content"]
        )


def test_structured_output_repairs_invalid_json_once(fake: FakeLLM) -> None:
    fake.script(
        Reply.text("这是劳动纠纷，置信度很高"),
        Reply.text('```json\n{"domain": "labor", "intent": "qa_retrieval", "confidence": 0.9}\n```'),
    )

    decision = run(make_gateway(fake.base_url).structured("intent", USER, IntentDecision))

    assert decision.domain == "labor"
    repair_messages = fake.chat_requests[1].json["messages"]
    assert repair_messages[-2] == {"role": "assistant", "content": "这是劳动纠纷，置信度很高"}
    assert "Invalid JSON" in repair_messages[-1]["content"]


def test_structured_output_raises_bad_response_when_repair_also_fails(fake: FakeLLM) -> None:
    fake.script(
        Reply.json({"domain": "labor", "intent": "qa_retrieval", "confidence": 7}),
        Reply.json({"domain": "labor"}),
    )
    with pytest.raises(LLMBadResponse, match="still invalid after one repair"):
        run(make_gateway(fake.base_url).structured("intent", USER, IntentDecision))
    assert "confidence" in fake.chat_requests[1].json["messages"][-1]["content"]
    assert len(fake.chat_requests) == 2


# --- secrets ---------------------------------------------------------------------------------
def test_api_key_is_sent_but_never_in_results_errors_or_reprs(fake: FakeLLM) -> None:
    fake.script(
        Reply.text(f"echo {SECRET}", usage=(5, 5)),
        Reply.calls(Call("search_legal_knowledge", {"query": SECRET})),
        Reply.error(400, f"invalid api key {SECRET}"),
    )
    gateway = make_gateway(fake.base_url)
    messages = [{"role": "user", "content": f"my key is {SECRET}"}]

    async def calls() -> tuple[LLMResult, LLMResult, LLMBadRequest]:
        plain = await gateway.complete("advisor", messages)
        streamed: LLMResult | None = None
        async for item in gateway.stream("advisor", messages, tools=[SEARCH_TOOL]):
            if isinstance(item, LLMResult):
                streamed = item
        assert streamed is not None
        try:
            await gateway.complete("advisor", messages)
        except LLMBadRequest as exc:
            return plain, streamed, exc
        raise AssertionError("expected LLMBadRequest")

    plain, streamed, failure = run(calls())

    assert fake.chat_requests[0].header("authorization") == f"Bearer {SECRET}"
    exposed = [
        json.dumps(plain.request, ensure_ascii=False),
        json.dumps(plain.response, ensure_ascii=False),
        json.dumps(streamed.request, ensure_ascii=False),
        json.dumps(streamed.response, ensure_ascii=False),
        repr(plain),
        repr(gateway),
        repr(gateway.config),
        str(gateway.config),
        json.dumps(gateway.config.describe()),
        str(failure),
    ]
    for text in exposed:
        assert SECRET not in text
    assert "***" in plain.request["messages"][0]["content"]


# --- the test double itself ------------------------------------------------------------------
def test_fake_server_serves_deterministic_embeddings_and_models(fake: FakeLLM) -> None:
    async def calls() -> tuple[Any, Any, Any]:
        client = openai.AsyncOpenAI(base_url=fake.base_url, api_key="test-key", max_retries=0)
        try:
            first = await client.embeddings.create(model="emb", input=["劳动合同", "租赁"], dimensions=16)
            again = await client.embeddings.create(model="emb", input="劳动合同", dimensions=16)
            models = await client.models.list()
            return first, again, models
        finally:
            await client.close()

    first, again, models = run(calls())

    assert len(first.data) == 2 and len(first.data[0].embedding) == 16
    assert first.data[0].embedding == pytest.approx(again.data[0].embedding, abs=1e-6)
    assert first.data[0].embedding != pytest.approx(first.data[1].embedding, abs=1e-6)
    assert [m.id for m in models.data] == ["fake-model"]


def test_stream_reads_odd_chunks_as_empty_and_keeps_what_is_well_formed(fake: FakeLLM) -> None:
    chunks = [
        {"id": "c-1", "model": "qwen-plus", "choices": "not a list"},
        {"choices": [{"index": 0, "delta": None}]},
        {"choices": [{"index": 1, "delta": {"content": "另一个候选"}}]},  # only choice 0 is the answer
        {"choices": [{"index": 0, "delta": {"content": "依据", "reasoning_content": "先找法条"}}]},
        {"choices": [{"index": 0, "delta": {"content": 42, "tool_calls": ["junk", {"id": "t1", "function": {
            "name": "lookup_legal_article", "arguments": '{"law": "民法典"'}}]}}]},
        {"choices": [{"index": 0, "delta": {"tool_calls": [{"id": "t1", "function": {"arguments": "}"}}]},
                      "finish_reason": "tool_calls"}], "usage": {"prompt_tokens": 12, "completion_tokens": "x"}},
    ]
    body = "".join(f"data: {json.dumps(c, ensure_ascii=False)}\n\n" for c in chunks) + "data: [DONE]\n\n"
    fake.script(Reply.raw(body, headers={"Content-Type": "text/event-stream"}))

    deltas, result = run(collect(make_gateway(fake.base_url), "research", tools=[SEARCH_TOOL]))

    assert deltas == ["依据"]
    assert (result.content, result.reasoning, result.finish_reason) == ("依据", "先找法条", "tool_calls")
    assert [(c.id, c.name, c.arguments) for c in result.tool_calls] == [
        ("t1", "lookup_legal_article", {"law": "民法典"})]
    assert (result.tokens_in, result.tokens_out) == (12, None)
    assert result.response["id"] == "c-1" and result.response["stream_chunks"] == len(chunks)


@pytest.mark.parametrize("streamed", [False, True])
def test_request_body_is_sent_as_built_with_extra_body_merged(fake: FakeLLM, streamed: bool) -> None:
    fake.script(Reply.text("好的"))
    gateway = make_gateway(fake.base_url)
    extra = {"enable_thinking": False, "top_k": 3}
    if streamed:
        run(collect(gateway, "research", tools=[SEARCH_TOOL], extra_body=extra))
    else:
        run(gateway.complete("research", USER, tools=[SEARCH_TOOL], extra_body=extra))

    sent = fake.chat_requests[0]
    assert sent.header("authorization") == f"Bearer {SECRET}"
    assert sent.json["messages"] == USER and sent.json["tools"] == [SEARCH_TOOL]
    assert (sent.json["enable_thinking"], sent.json["top_k"]) == (False, 3)
    assert "extra_body" not in sent.json
    assert sent.json.get("stream", False) is streamed
