"""The gateway against each provider's documented response shapes (``tests/provider_shapes.py``),
replayed by the scripted server: thinking never in the answer, tool calls in every shape, JSON per
profile, only accepted parameters sent, and a rejected one retried once without it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import BaseModel

from agents.llm import LLMConfig, LLMGateway, LLMResult
from agents.llm.profiles import PROFILES, detect_provider, provider_from_models_listing
from agents.llm.shapes import StreamFilter, split_reasoning, tool_calls_from_content
from tests.fakellm import Call, FakeLLM, Reply
from tests.provider_shapes import SHAPES

PROVIDERS = sorted(SHAPES)
USER = [{"role": "user", "content": "公司拖欠工资三个月怎么办？"}]
THINKING = "用户问欠薪。先想劳动合同法第三十条和第八十五条，再说劳动监察投诉。"
ANSWER = "依据《劳动合同法》第三十条，用人单位应当及时足额支付劳动报酬；可向劳动监察部门投诉。"
SEARCH = {
    "type": "function",
    "function": {
        "name": "search_legal_knowledge",
        "description": "检索法条",
        "parameters": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]},
    },
}
LOOKUP = {
    "type": "function",
    "function": {
        "name": "lookup_legal_article",
        "description": "查法条",
        "parameters": {"type": "object", "properties": {"law": {"type": "string"}, "article": {"type": "string"}}},
    },
}


class Verdict(BaseModel):
    acceptable: bool
    feedback: str


def _gateway(fake: FakeLLM, provider: str, model: str = "test-model", **options: Any) -> LLMGateway:
    return LLMGateway(LLMConfig(base_url=fake.base_url, api_key="sk-test-0123456789", model=model, timeout=5,
                                retry_backoff=0.0, provider=provider, **options))


def _collect(gateway: LLMGateway, *args: Any, **kwargs: Any) -> tuple[list[str], LLMResult]:
    async def go() -> tuple[list[str], LLMResult]:
        deltas, final = [], None
        async for item in gateway.stream(*args, **kwargs):
            if isinstance(item, LLMResult):
                final = item
            else:
                deltas.append(item)
        assert final is not None
        return deltas, final

    return asyncio.run(go())


@pytest.fixture(params=PROVIDERS)
def provider(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def served(provider: str) -> Callable[[], FakeLLM]:
    servers: list[FakeLLM] = []

    def start() -> FakeLLM:
        servers.append(FakeLLM(provider=provider).start())
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


def test_a_plain_answer_keeps_thinking_out_of_the_content_and_in_the_reasoning(provider, served) -> None:
    fake = served()
    fake.script(Reply.text(ANSWER, reasoning=THINKING, usage=(120, 45)))

    result = asyncio.run(_gateway(fake, provider).complete("advisor", USER))

    assert result.content == ANSWER
    if SHAPES[provider].reasoning != "none":
        assert result.reasoning and "第八十五条" in result.reasoning
    assert "<think>" not in result.content and "</think>" not in result.content
    assert (result.tokens_in, result.tokens_out) == (120, 45)  # as the provider reported them
    assert fake.rejections == []  # the profile sent nothing the provider refuses


def test_a_stream_shows_only_the_answer_and_reports_the_providers_usage(provider, served) -> None:
    fake = served()
    fake.script(Reply.text(ANSWER, reasoning=THINKING, usage=(300, 80), chunk_size=3))

    deltas, result = _collect(_gateway(fake, provider), "advisor", USER)

    assert "".join(deltas) == ANSWER == result.content
    assert not any(word in "".join(deltas) for word in ("用户问欠薪", "think>"))
    if SHAPES[provider].reasoning != "none":
        assert result.reasoning and result.reasoning.startswith("用户问欠薪")
    assert (result.tokens_in, result.tokens_out) == (300, 80)
    assert fake.rejections == []


def test_streamed_tool_calls_are_assembled_in_every_shape_and_never_shown(provider, served) -> None:
    fake = served()
    calls = (Call("search_legal_knowledge", {"query": "拖欠工资 劳动报酬"}),
             Call("lookup_legal_article", {"law": "劳动合同法", "article": "第三十条"}))
    fake.script(Reply.calls(*calls, reasoning="需要先检索。", chunk_size=4))

    deltas, result = _collect(_gateway(fake, provider), "research", USER, [SEARCH, LOOKUP], tool_choice="auto")

    assert [(c.name, c.arguments) for c in result.tool_calls] == [
        ("search_legal_knowledge", {"query": "拖欠工资 劳动报酬"}),
        ("lookup_legal_article", {"law": "劳动合同法", "article": "第三十条"}),
    ]
    assert all(c.arguments_valid and c.id for c in result.tool_calls)
    assert "".join(deltas).strip() == "" and result.content == ""
    assert fake.rejections == []


def test_tool_calls_in_a_whole_reply_are_read_in_every_shape(provider, served) -> None:
    fake = served()
    fake.script(Reply.calls(Call("search_legal_knowledge", {"query": "欠薪"})))

    result = asyncio.run(_gateway(fake, provider).complete("research", USER, [SEARCH], tool_choice="auto"))

    assert [(c.name, c.arguments) for c in result.tool_calls] == [("search_legal_knowledge", {"query": "欠薪"})]
    assert result.to_message()["tool_calls"][0]["function"]["name"] == "search_legal_knowledge"
    sent = fake.chat_requests[-1].json
    profile = PROFILES[provider]
    assert ("parallel_tool_calls" in sent) == ("parallel_tool_calls" in profile.accepts and profile.tools == "native")
    assert fake.rejections == []


def test_structured_output_uses_the_profiles_json_mode(provider, served) -> None:
    fake = served()
    fake.script(Reply.json({"acceptable": True, "feedback": "引用准确"}, reasoning="核对引用。"))

    verdict = asyncio.run(_gateway(fake, provider).structured("critic", USER, Verdict, temperature=0.0))

    assert verdict == Verdict(acceptable=True, feedback="引用准确")
    sent = fake.chat_requests[-1].json
    expected = {"json_schema": "json_schema", "json_object": "json_object"}.get(PROFILES[provider].json)
    assert (sent.get("response_format") or {}).get("type") == expected
    low, high = PROFILES[provider].temperature or (0, 2)
    assert low <= sent["temperature"] <= high
    assert fake.rejections == []


def test_a_reasoning_model_without_tools_gets_none_and_thinking_stays_out(served) -> None:
    fake = FakeLLM(provider="deepseek").start()
    try:
        fake.script(Reply.text(ANSWER, reasoning=THINKING), Reply.json({"acceptable": True, "feedback": "ok"},
                                                                        reasoning="想一想"))
        gateway = _gateway(fake, "auto", model="deepseek-reasoner",
                           measured={"provider": "deepseek", "base_url": fake.base_url})
        assert gateway.provider == "deepseek" and gateway.tool_mode("advisor") == "none"
        result = asyncio.run(gateway.complete("advisor", USER, [SEARCH], tool_choice="auto"))
        verdict = asyncio.run(gateway.structured("critic", USER, Verdict))
    finally:
        fake.stop()
    assert result.content == ANSWER and "欠薪" in (result.reasoning or "")
    assert verdict.acceptable
    assert "tools" not in fake.chat_requests[0].json and "response_format" not in fake.chat_requests[1].json
    assert fake.rejections == []


def test_a_rejected_parameter_is_retried_once_without_it_and_then_left_out() -> None:
    with FakeLLM(provider="zhipu") as fake:  # told nothing: the generic profile sends stream_options
        fake.script(Reply.text("第一次"), Reply.text("第二次"))
        gateway = _gateway(fake, "generic")
        first = _collect(gateway, "advisor", USER, temperature=0.5)[1]
        second = _collect(gateway, "advisor", USER, temperature=0.5)[1]
        bodies = [r.json for r in fake.chat_requests]
        error = fake.rejections[0][0]
    assert (first.content, second.content) == ("第一次", "第二次")
    assert ["stream_options" in body for body in bodies] == [True, False, False]
    assert "stream_options" in error
    assert "stream_options" not in first.request  # the audit record shows what was finally sent


def test_max_tokens_is_renamed_when_the_model_wants_max_completion_tokens() -> None:
    with FakeLLM(provider="openai") as fake:
        fake.script(Reply.text("好"))
        gateway = _gateway(fake, "generic")  # the generic profile sends max_tokens
        result = asyncio.run(gateway.complete("advisor", USER, max_tokens=100))
        bodies = [r.json for r in fake.chat_requests]
    assert result.content == "好" and len(bodies) == 2
    assert bodies[1].get("max_completion_tokens") == 100 and "max_tokens" not in bodies[1]


def test_a_second_400_is_not_retried_again() -> None:
    with FakeLLM(provider="zhipu") as fake:
        gateway = _gateway(fake, "generic")
        with pytest.raises(Exception) as raised:
            asyncio.run(gateway.complete("advisor", USER, temperature=1.5, response_format={
                "type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "object"}}}))
        sent = len(fake.chat_requests)
    assert getattr(raised.value, "status_code", None) == 400 and sent == 2


def test_providers_are_detected_from_the_url_and_the_models_listing() -> None:
    assert detect_provider("https://dashscope.aliyuncs.com/compatible-mode/v1") == "dashscope"
    assert detect_provider("https://api.deepseek.com/v1") == "deepseek"
    assert detect_provider("https://open.bigmodel.cn/api/paas/v4/") == "zhipu"
    assert detect_provider("https://api.moonshot.cn/v1") == "moonshot"
    assert detect_provider("http://gpu-box:11434/v1") == "ollama"
    assert detect_provider("http://10.0.0.5:8000/v1") == "generic"
    assert provider_from_models_listing({"data": [{"id": "Qwen3-32B", "owned_by": "vllm"}]}) == "vllm"
    assert provider_from_models_listing({"data": [{"id": "qwen3:8b", "owned_by": "library"}]}) == "ollama"
    assert provider_from_models_listing({"data": []}) is None


@pytest.mark.parametrize(("text", "answer", "thinking"), [
    ("<think>先分析</think>\n\n答案", "答案", "先分析"),
    ("先分析\n</think>\n\n答案", "答案", "先分析"),
    ("答案里没有思考", "答案里没有思考", ""),
])
def test_think_tags_are_split_from_the_answer(text: str, answer: str, thinking: str) -> None:
    assert split_reasoning(text) == (answer, thinking)


def test_tool_calls_written_as_text_are_read_only_for_offered_tools() -> None:
    written = '好的。\n<tool_call>\n{"name": "search_legal_knowledge", "arguments": {"query": "欠薪"}}\n</tool_call>'
    fenced = '```json\n{"name": "search_legal_knowledge", "parameters": {"query": "欠薪"}}\n```'
    assert tool_calls_from_content(written, {"search_legal_knowledge"}) == (
        "好的。", [("search_legal_knowledge", json.dumps({"query": "欠薪"}, ensure_ascii=False))])
    assert tool_calls_from_content(fenced, {"search_legal_knowledge"})[1][0][0] == "search_legal_knowledge"
    assert tool_calls_from_content(written, {"other_tool"}) == (written, [])
    plain = '合同约定 {"name": "张三"} 为甲方。'
    assert tool_calls_from_content(plain, {"search_legal_knowledge"}) == (plain, [])


def test_the_stream_filter_holds_thinking_and_tool_markup_split_across_deltas() -> None:
    text = "<thi" + "nk>想</th" + "ink>答：" + "第一条。<tool_" + 'call>{"name": "x"}</tool_call>'
    shown = StreamFilter(tools_offered=True)
    out = "".join(shown.feed(piece) for piece in ["<thi", "nk>想</th", "ink>答：", "第一条。<tool_",
                                                    'call>{"name": "x"}</tool_call>'])
    assert out == "答：第一条。" and shown.reasoning == "想" and text
    prefilled = StreamFilter(tools_offered=False, prefilled=True)
    assert "".join(prefilled.feed(p) for p in ["想一", "想</think>", "\n\n答"]) == "答"


def test_tool_call_fragments_without_index_or_ids_are_assembled() -> None:
    def sse(*chunks: dict) -> str:
        return "".join(f"data: {json.dumps(c, ensure_ascii=False)}\n\n" for c in chunks) + "data: [DONE]\n\n"

    def delta(tool_call: dict, finish: str | None = None) -> dict:
        return {"id": "x", "object": "chat.completion.chunk", "model": "m",
                "choices": [{"index": 0, "delta": {"tool_calls": [tool_call]}, "finish_reason": finish}]}

    body = sse(
        delta({"type": "function", "function": {"name": "search_legal_knowledge", "arguments": '{"query": '}}),
        delta({"function": {"arguments": '"欠薪"}'}}),
        delta({"type": "function", "function": {"name": "lookup_legal_article", "arguments": "{}"}}, "stop"),
    )
    with FakeLLM() as fake:
        fake.script(Reply.raw(body, headers={"Content-Type": "text/event-stream"}))
        _, result = _collect(_gateway(fake, "generic"), "research", USER, [SEARCH, LOOKUP])
    assert [(c.name, c.arguments) for c in result.tool_calls] == [
        ("search_legal_knowledge", {"query": "欠薪"}), ("lookup_legal_article", {})]
    assert len({c.id for c in result.tool_calls}) == 2


def test_rate_limits_and_server_errors_in_each_providers_error_body_keep_the_one_retry(provider, served) -> None:
    fake = served()
    body = json.dumps(SHAPES[provider].error_body(429, "rate limit reached"), ensure_ascii=False)
    fake.script(Reply.raw(body, status=429, headers={"Retry-After": "0"}), Reply.text(ANSWER),
                Reply.raw(body, status=429), Reply.error(503, "overloaded"))
    gateway = _gateway(fake, provider)
    result = asyncio.run(gateway.complete("advisor", USER))
    assert result.content == ANSWER and result.attempts == 2
    with pytest.raises(Exception) as raised:
        asyncio.run(gateway.complete("advisor", USER))
    assert type(raised.value).__name__ == "LLMUnavailable" and raised.value.status_code == 503
    assert raised.value.attempts == 2
