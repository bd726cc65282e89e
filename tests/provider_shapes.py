"""The response shapes each provider's published API documentation describes, as data the scripted
server (``tests/fakellm.py``) replays: ``FakeLLM(provider="deepseek")``.

What a shape sets: where thinking shows up (a ``reasoning_content``/``reasoning`` field, or
``<think>`` tags in ``content``, optionally with the opening tag left to the chat template); how
tool calls come (native and streamed in fragments, fragments without ids, one whole call per
chunk, or written into ``content`` as ``<tool_call>{…}</tool_call>``); the ``finish_reason`` a
reply with tool calls ends on; where usage goes in a stream; which request parameters the provider
answers with a 400 (and the error body it sends). Sources are named per shape.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = ["SHAPES", "ProviderShape"]

Rejection = Callable[[Mapping[str, Any]], str | None]


def _param(name: str, message: str) -> Rejection:
    return lambda body: message if name in body else None


def _temperature_above(limit: float, message: str) -> Rejection:
    return lambda body: message if float(body.get("temperature", 0) or 0) > limit else None


def _temperature_zero(message: str) -> Rejection:
    return lambda body: message if "temperature" in body and float(body["temperature"]) <= 0 else None


def _json_schema(message: str) -> Rejection:
    return lambda body: message if (body.get("response_format") or {}).get("type") == "json_schema" else None


def _reasoner(message: str) -> Rejection:
    def check(body: Mapping[str, Any]) -> str | None:
        asks = "tools" in body or "response_format" in body
        return message if asks and "reasoner" in str(body.get("model", "")) else None
    return check


def _tool_choice_auto(message: str) -> Rejection:
    return lambda body: message if body.get("tool_choice") == "auto" else None


def _thinking_not_off(message: str) -> Rejection:
    return lambda body: message if not body.get("stream") and body.get("enable_thinking") is not False else None


@dataclass(frozen=True)
class ProviderShape:
    name: str = "plain"
    reasoning: Literal["none", "reasoning_content", "reasoning", "think_tags", "think_close_only"] = "none"
    tools: Literal["fragments", "fragments_no_ids", "whole", "content"] = "fragments"
    finish_with_tools: str = "tool_calls"
    usage: Literal["stream_options", "last_chunk", "choice", "absent"] = "stream_options"
    rejects: tuple[Rejection, ...] = ()
    error_body: Callable[[int, str], dict[str, Any]] = field(
        default=lambda status, message: {"error": {"message": message, "type": "invalid_request_error",
                                                   "param": None, "code": None}})
    owned_by: str = "system"


SHAPES: Mapping[str, ProviderShape] = {
    # platform.openai.com/docs/api-reference/chat: usage only with stream_options.include_usage, in a
    # last chunk with empty choices; tool-call fragments carry index, the first one id and name.
    "openai": ProviderShape(
        name="openai",
        rejects=(_param("max_tokens", "Unsupported parameter: 'max_tokens' is not supported with this model. "
                                      "Use 'max_completion_tokens' instead."),),
        owned_by="openai",
    ),
    # help.aliyun.com (百炼 OpenAI 兼容 - 深度思考 / Function Calling): reasoning_content deltas before the
    # answer; later tool-call fragments repeat an empty id; non-streaming Qwen3 calls need enable_thinking=false.
    "dashscope": ProviderShape(
        name="dashscope", reasoning="reasoning_content", tools="fragments_no_ids",
        rejects=(_thinking_not_off("parameter.enable_thinking must be set to false for non-streaming calls"),
                 _json_schema("'response_format.type' json_schema is not supported by this model"),),
        error_body=lambda status, message: {"error": {"message": message, "type": "invalid_request_error",
                                                      "param": None, "code": "invalid_parameter_error"}},
    ),
    # api-docs.deepseek.com (推理模型 / Function Calling / JSON Output): reasoning_content, JSON Output
    # is json_object only; parallel_tool_calls is not a parameter of the API.
    "deepseek": ProviderShape(
        name="deepseek", reasoning="reasoning_content",
        rejects=(_reasoner("deepseek-reasoner does not support Function Calling or JSON Output"),
                 _json_schema("This response_format type is unavailable now"),
                 _param("parallel_tool_calls", "Unknown parameter: parallel_tool_calls")),
        owned_by="deepseek",
    ),
    # docs.vllm.ai (Tool Calling; Reasoning Outputs): without --enable-auto-tool-choice the Hermes/Qwen
    # template makes the model write <tool_call> into content and tool_choice=auto is a 400; without
    # --reasoning-parser R1-style templates open <think> themselves, so only </think> shows.
    "vllm": ProviderShape(
        name="vllm", reasoning="think_close_only", tools="content", finish_with_tools="stop",
        rejects=(_tool_choice_auto('"auto" tool choice requires --enable-auto-tool-choice and '
                                   '--tool-call-parser to be set'),),
        error_body=lambda status, message: {"object": "error", "message": message, "type": "BadRequestError",
                                            "param": None, "code": status},
        owned_by="vllm",
    ),
    # github.com/ollama/ollama docs/openai.md: tool calls arrive whole in one chunk and the reply ends
    # on finish_reason "stop"; <think> in content for R1/Qwen3; parallel_tool_calls unsupported.
    "ollama": ProviderShape(
        name="ollama", reasoning="think_tags", tools="whole", finish_with_tools="stop",
        rejects=(_param("parallel_tool_calls", "parallel_tool_calls is not supported"),),
        owned_by="library",
    ),
    # open.bigmodel.cn/dev/api (GLM-4 / GLM-4.5): temperature in (0, 1), reasoning_content for GLM-4.5,
    # whole tool calls per chunk, usage in the last chunk; unknown parameters are a 400 (code 1210).
    "zhipu": ProviderShape(
        name="zhipu", reasoning="reasoning_content", tools="whole", usage="last_chunk",
        rejects=(_temperature_above(1.0, "参数 temperature 取值范围 (0, 1)"),
                 _temperature_zero("参数 temperature 取值范围 (0, 1)"),
                 _param("stream_options", "不支持的参数 stream_options"),
                 _param("parallel_tool_calls", "不支持的参数 parallel_tool_calls"),
                 _json_schema("response_format 仅支持 json_object")),
        error_body=lambda status, message: {"error": {"code": "1210", "message": message}},
    ),
    # platform.moonshot.cn/docs/api/chat: temperature in [0, 1]; in a stream the usage is written into
    # the last chunk's choices[0].usage; stream_options is not a parameter.
    "moonshot": ProviderShape(
        name="moonshot", reasoning="reasoning_content", usage="choice",
        rejects=(_temperature_above(1.0, "invalid temperature: only 0 <= temperature <= 1 is allowed"),
                 _param("stream_options", "unknown field stream_options"),
                 _param("parallel_tool_calls", "unknown field parallel_tool_calls"),
                 _json_schema("response_format json_schema is not supported")),
    ),
}


#: The providers the agents' whole flows are run against, each with a model name it serves.
FLOW_PROVIDERS: tuple[tuple[str, str], ...] = (
    ("openai", "gpt-4.1"),
    ("dashscope", "qwen3-235b-a22b"),
    ("deepseek", "deepseek-chat"),
    ("vllm", "Qwen3-32B"),
    ("ollama", "qwen3:8b"),
    ("zhipu", "glm-4.5"),
    ("moonshot", "kimi-k2-0905-preview"),
)


def use_provider(settings: Any, fake: Any, provider: str, model: str) -> None:
    """Point the project's gateway at ``fake`` speaking ``provider``'s shapes."""
    settings.LLM_BASE_URL = fake.base_url
    settings.LLM_API_KEY = "sk-test-0123456789"
    settings.LLM_TIMEOUT = 10
    settings.LLM_MODEL = model
    settings.LLM_ROLE_MODELS = {}
    settings.LLM_PROVIDER = provider
