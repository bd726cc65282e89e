"""``manage.py llm_check`` against the scripted server in each provider's shapes: the capabilities
it prints, the profile it stores, and the gateway using the stored profile afterwards."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from agents.llm import get_gateway
from tests.fakellm import Call, FakeLLM, Reply

#: What the check must find in each provider's documented shapes.
EXPECTED = {
    "openai": {"tools": "native", "json": "json_schema", "reasoning": "none", "stream_usage": True},
    "dashscope": {"tools": "native", "json": "json_object", "reasoning": "field", "stream_usage": True},
    "deepseek": {"tools": "native", "json": "json_object", "reasoning": "field", "stream_usage": True},
    "vllm": {"tools": "content", "json": "json_schema", "reasoning": "think_tags", "think_prefilled": True,
             "stream_usage": True},
    "ollama": {"tools": "native", "json": "json_schema", "reasoning": "think_tags", "think_prefilled": False,
               "stream_usage": True},
    "zhipu": {"tools": "native", "json": "json_object", "reasoning": "field", "stream_options": False,
              "stream_usage": True},
    "moonshot": {"tools": "native", "json": "json_object", "reasoning": "field", "stream_options": False,
                 "stream_usage": True},
}


def _answer(body: Mapping[str, Any]) -> Reply:
    """A model that does what it is asked (the shapes then differ by provider)."""
    if body.get("tools"):
        return Reply.calls(Call("lookup_legal_article", {"law": "民法典", "article": "第一千零七十九条"}),
                           reasoning="要查条文。")
    text = json.dumps(body.get("messages"), ensure_ascii=False)
    if body.get("response_format") or "JSON" in text:
        return Reply.json({"ok": True, "word": "收到"}, reasoning="按格式。")
    return Reply.text("收到", reasoning="只需回答收到。")


@pytest.fixture
def configure(settings, tmp_path):
    def apply(fake: FakeLLM, provider: str) -> None:
        settings.LLM_BASE_URL = fake.base_url
        settings.LLM_API_KEY = "sk-test-0123456789"
        settings.LLM_MODEL = "test-model"
        settings.LLM_ROLE_MODELS = {"intent": "test-small"}
        settings.LLM_PROVIDER = provider
        settings.LLM_PROFILE_PATH = tmp_path / "llm_profile.json"

    return apply


@pytest.mark.parametrize("provider", sorted(EXPECTED))
def test_llm_check_prints_and_stores_the_capabilities_of_each_provider(provider, configure, settings) -> None:
    # vLLM and Ollama are recognised by their model listing; the hosted ones are named.
    told = "auto" if provider in ("vllm", "ollama") else provider
    with FakeLLM(provider=provider, models=("test-model", "test-small"), responder=_answer) as fake:
        configure(fake, told)
        out = io.StringIO()
        call_command("llm_check", stdout=out)
        stored = json.loads(settings.LLM_PROFILE_PATH.read_text(encoding="utf-8"))
        gateway = get_gateway()
        profile = gateway.profile("advisor")
    printed = out.getvalue()
    assert f"provider: {provider}" in printed
    assert stored["provider"] == provider and set(stored["models"]) == {"test-model", "test-small"}
    assert stored["roles"]["intent"] == "test-small" and stored["roles"]["advisor"] == "test-model"
    measured = stored["models"]["test-model"]
    for key, value in EXPECTED[provider].items():
        assert measured[key] == value, key
    assert measured["chat"] and measured["stream"] and isinstance(measured["latency_ms"], int)
    advisor_row = next(line for line in printed.splitlines() if line.startswith("advisor "))
    assert EXPECTED[provider]["tools"] in advisor_row and EXPECTED[provider]["json"] in advisor_row
    # the gateway of every process now speaks the measured profile
    assert gateway.provider == provider
    assert (profile.tools, profile.json) == (EXPECTED[provider]["tools"], EXPECTED[provider]["json"])
    if provider == "vllm":
        assert "工具解析" in printed  # what degrades is said plainly


def test_a_model_that_cannot_be_reached_is_reported_as_offline_for_its_roles(configure, settings) -> None:
    def only_the_big_model(body: Mapping[str, Any]) -> Reply:
        if body.get("model") == "test-small":
            return Reply.error(503, "model is loading")
        return _answer(body)

    with FakeLLM(provider="ollama", models=("test-model",), responder=only_the_big_model) as fake:
        configure(fake, "ollama")
        out = io.StringIO()
        call_command("llm_check", "--no-store", stdout=out)
    assert "test-small（intent）无法调用" in out.getvalue()
    assert not settings.LLM_PROFILE_PATH.exists()


def test_llm_check_without_an_endpoint_says_so(settings) -> None:
    settings.LLM_BASE_URL = ""
    with pytest.raises(CommandError, match="offline"):
        call_command("llm_check")


def test_make_run_checks_the_endpoint_once_at_start_and_says_what_degrades(configure, settings) -> None:
    from agents.setup import llm_profile

    with FakeLLM(provider="vllm", models=("test-model", "test-small"), responder=_answer) as fake:
        configure(fake, "auto")
        out = io.StringIO()
        note = llm_profile(out)
    assert note.startswith("LLM：vllm") and "工具解析" in note
    assert "role" in out.getvalue() and settings.LLM_PROFILE_PATH.exists()
    settings.LLM_BASE_URL = ""
    assert llm_profile(io.StringIO()) is None


def test_a_server_that_insists_on_enable_thinking_gets_it_after_the_check(configure, settings) -> None:
    import asyncio

    with FakeLLM(provider="dashscope", models=("test-model",), responder=_answer) as fake:
        configure(fake, "auto")  # a DashScope-compatible server behind a URL that names nothing
        call_command("llm_check", stdout=io.StringIO())
        stored = json.loads(settings.LLM_PROFILE_PATH.read_text(encoding="utf-8"))
        fake.rejections.clear()
        result = asyncio.run(get_gateway().complete("advisor", [{"role": "user", "content": "你好"}]))
        rejections = list(fake.rejections)
    assert stored["provider"] == "generic" and stored["models"]["test-model"]["chat"] is True
    assert stored["models"]["test-model"]["plain_call_body"] == {"enable_thinking": False}
    assert result.content == "收到" and rejections == []
