"""Provider profiles: what each OpenAI-compatible provider accepts and how it answers, as data.

A profile says what the gateway *sends* (which optional parameters, which JSON mode, how tools
are offered, the temperature range, provider switches such as DashScope's ``enable_thinking``).
What comes back is read the same way for every provider (``agents.llm.shapes``): reasoning in
``reasoning_content``/``reasoning`` or in ``<think>`` tags, tool calls native or written into the
text, usage wherever the provider puts it.

The provider comes from ``LLM_PROVIDER`` (a name below) or, with ``auto`` (the default), from the
profile ``manage.py llm_check`` stored for this base URL (it probes the endpoint), else from the
base URL's host. ``docs/decisions/llm-providers.md`` has the table and the sources.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Final, Literal
from urllib.parse import urlsplit

__all__ = [
    "PROFILES",
    "PROVIDERS",
    "ProviderProfile",
    "detect_provider",
    "profile_for",
]

ToolMode = Literal["native", "content", "none"]
JsonMode = Literal["json_schema", "json_object", "prompt"]
ReasoningMode = Literal["none", "field", "think_tags"]

#: Optional request parameters a profile may accept; anything else is always sent.
OPTIONAL_PARAMS: Final = frozenset({"parallel_tool_calls", "stream_options", "tool_choice"})


@dataclass(frozen=True)
class ProviderProfile:
    """How to talk to one provider (and, through ``models``, to particular models of it).

    ``tools``: ``native`` (``tools``/``tool_calls``), ``content`` (the server has no tool parser:
    tools are described in the prompt and the model writes ``<tool_call>{…}</tool_call>``) or
    ``none`` (the runtime retrieves itself and asks the model only to compose).
    ``json``: the ``response_format`` the structured calls use (``prompt`` = none, the schema is
    spelled out in the prompt and an invalid reply is repaired once).
    ``reasoning``: where the model's thinking shows up (informative: the gateway reads every
    shape). ``think_prefilled``: the chat template opens ``<think>`` itself, so the text starts
    inside the thinking and only ``</think>`` appears.
    ``accepts``: the optional parameters of :data:`OPTIONAL_PARAMS` the provider takes.
    ``max_tokens_param``: ``max_tokens`` or ``max_completion_tokens``.
    ``temperature``: the accepted closed range; None = the provider ignores or rejects it.
    ``plain_call_body``: sent with every non-streaming call (DashScope needs ``enable_thinking:
    false`` there for its Qwen3 models). ``models``: fnmatch pattern -> overrides for models that
    differ from the provider's default.
    """

    name: str
    label: str
    tools: ToolMode = "native"
    json: JsonMode = "json_object"
    reasoning: ReasoningMode = "none"
    think_prefilled: bool = False
    accepts: frozenset[str] = frozenset({"tool_choice"})
    max_tokens_param: str = "max_tokens"
    temperature: tuple[float, float] | None = (0.0, 2.0)
    plain_call_body: Mapping[str, Any] = field(default_factory=dict)
    usage_in_stream: Literal["stream_options", "last_chunk", "choice", "absent"] = "last_chunk"
    hosts: tuple[str, ...] = ()
    models: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    notes: str = ""

    def for_model(self, model: str) -> ProviderProfile:
        """This profile with the overrides of the first ``models`` pattern ``model`` matches."""
        name = model.lower().rsplit("/", 1)[-1]
        for pattern, overrides in self.models.items():
            if fnmatch.fnmatch(name, pattern):
                return replace(self, models={}, **dict(overrides))
        return self

    def with_measured(self, capabilities: Mapping[str, Any]) -> ProviderProfile:
        """This profile corrected by what ``llm_check`` measured (only the keys it could decide)."""
        changes: dict[str, Any] = {}
        if capabilities.get("tools") in ("native", "content", "none"):
            changes["tools"] = capabilities["tools"]
        if capabilities.get("json") in ("json_schema", "json_object", "prompt"):
            changes["json"] = capabilities["json"]
        if capabilities.get("reasoning") in ("none", "field", "think_tags"):
            changes["reasoning"] = capabilities["reasoning"]
        if isinstance(capabilities.get("think_prefilled"), bool):
            changes["think_prefilled"] = capabilities["think_prefilled"]
        if isinstance(capabilities.get("plain_call_body"), Mapping):
            changes["plain_call_body"] = {**self.plain_call_body, **capabilities["plain_call_body"]}
        if isinstance(capabilities.get("stream_options"), bool):
            accepts = set(self.accepts)
            (accepts.add if capabilities["stream_options"] else accepts.discard)("stream_options")
            changes["accepts"] = frozenset(accepts)
        return replace(self, **changes) if changes else self

    def clamp_temperature(self, value: float) -> float | None:
        if self.temperature is None:
            return None
        low, high = self.temperature
        return min(max(value, low), high)

    def describe(self) -> dict[str, Any]:
        return {
            "provider": self.name,
            "label": self.label,
            "tools": self.tools,
            "json": self.json,
            "reasoning": self.reasoning,
            "think_prefilled": self.think_prefilled,
            "accepts": sorted(self.accepts),
            "max_tokens_param": self.max_tokens_param,
            "temperature": list(self.temperature) if self.temperature else None,
            "usage_in_stream": self.usage_in_stream,
        }


_ALL_OPTIONAL = frozenset({"parallel_tool_calls", "stream_options", "tool_choice"})

PROFILES: Final[Mapping[str, ProviderProfile]] = MappingProxyType({
    profile.name: profile
    for profile in (
        ProviderProfile(
            name="openai", label="OpenAI", json="json_schema", accepts=_ALL_OPTIONAL,
            max_tokens_param="max_completion_tokens", usage_in_stream="stream_options",
            hosts=("api.openai.com",),
            models={"o[1-9]*": {"temperature": None}, "gpt-5*": {"temperature": None}},
            notes="参考形态：原生工具调用、json_schema；推理模型只接受 max_completion_tokens，不接受 temperature。",
        ),
        ProviderProfile(
            name="dashscope", label="阿里云百炼 DashScope（通义千问）", json="json_object",
            accepts=frozenset({"parallel_tool_calls", "stream_options", "tool_choice"}),
            temperature=(0.0, 1.99), plain_call_body={"enable_thinking": False},
            usage_in_stream="stream_options", hosts=("dashscope.aliyuncs.com", "dashscope-intl.aliyuncs.com"),
            models={"qwen3*": {"reasoning": "field"}, "qwq*": {"reasoning": "field", "json": "prompt"}},
            notes="兼容模式；Qwen3 思考内容在 reasoning_content，非流式调用须 enable_thinking=false；"
                  "JSON 用 json_object；用量只在 include_usage 的最后一个空 choices 块。",
        ),
        ProviderProfile(
            name="deepseek", label="DeepSeek", json="json_object",
            accepts=frozenset({"stream_options", "tool_choice"}), usage_in_stream="stream_options",
            hosts=("api.deepseek.com",),
            models={"deepseek-reasoner*": {"reasoning": "field", "tools": "none", "json": "prompt",
                                           "temperature": None, "accepts": frozenset({"stream_options"})}},
            notes="deepseek-chat：原生工具、json_object、不收 parallel_tool_calls；deepseek-reasoner："
                  "reasoning_content，不支持工具与 JSON 模式、忽略 temperature（运行时自行检索）。",
        ),
        ProviderProfile(
            name="vllm", label="vLLM（自建 GPU）", tools="content", json="json_schema",
            reasoning="think_tags", think_prefilled=True, accepts=_ALL_OPTIONAL - {"tool_choice"},
            usage_in_stream="stream_options",
            notes="未开 --enable-auto-tool-choice/--tool-call-parser 时模型把 <tool_call>{…}</tool_call> "
                  "写进 content，tool_choice=auto 返回 400；未开 --reasoning-parser 时 <think> 在 content，"
                  "R1 类模板自己写开头的 <think>：流式先扣住正文直到 </think>（llm_check 测得不思考时放开）。",
        ),
        ProviderProfile(
            name="ollama", label="Ollama（自建）", json="json_schema", reasoning="think_tags",
            accepts=frozenset({"stream_options", "tool_choice"}), usage_in_stream="stream_options",
            hosts=(":11434",),
            notes="工具调用在流中整块到达，finish_reason 可能为 stop；R1/Qwen3 的 <think> 在 content；"
                  "不收 parallel_tool_calls。",
        ),
        ProviderProfile(
            name="zhipu", label="智谱 GLM", json="json_object", accepts=frozenset({"tool_choice"}),
            temperature=(0.01, 0.99), usage_in_stream="last_chunk", hosts=("open.bigmodel.cn",),
            models={"glm-4.5*": {"reasoning": "field"}, "glm-z1*": {"reasoning": "think_tags"}},
            notes="temperature 取开区间 (0,1)；工具调用在流中整块到达；不收 stream_options、"
                  "parallel_tool_calls；用量在最后一块。",
        ),
        ProviderProfile(
            name="moonshot", label="月之暗面 Kimi（Moonshot）", json="json_object",
            accepts=frozenset({"tool_choice"}), temperature=(0.0, 1.0), usage_in_stream="choice",
            hosts=("api.moonshot.cn", "api.moonshot.ai"),
            models={"kimi-thinking*": {"reasoning": "field"}, "kimi-k2-thinking*": {"reasoning": "field"}},
            notes="temperature 0–1；流式用量写在最后一块的 choices[0].usage；不收 stream_options。",
        ),
        ProviderProfile(
            name="generic", label="其他 OpenAI 兼容服务", json="json_schema",
            accepts=frozenset({"stream_options", "tool_choice"}), usage_in_stream="stream_options",
            notes="先试 json_schema（400 则记住并改用 json_object）；不发 parallel_tool_calls；"
                  "拒绝的参数（400）去掉后重试一次；能力以 llm_check 实测为准。",
        ),
    )
})

PROVIDERS: Final[tuple[str, ...]] = tuple(PROFILES)


def detect_provider(base_url: str) -> str:
    """The provider a base URL's host names (``generic`` when it names none)."""
    parts = urlsplit(base_url or "")
    host = (parts.hostname or "").lower()
    port = f":{parts.port}" if parts.port else ""
    for profile in PROFILES.values():
        for pattern in profile.hosts:
            if pattern.startswith(":") and port == pattern:
                return profile.name
            if not pattern.startswith(":") and (host == pattern or host.endswith("." + pattern)):
                return profile.name
    if "ollama" in host:
        return "ollama"
    if "vllm" in host:
        return "vllm"
    return "generic"


def provider_from_models_listing(listing: Any) -> str | None:
    """What ``GET /models`` says about the server: vLLM and Ollama sign their model entries."""
    data = listing.get("data") if isinstance(listing, Mapping) else None
    owners = {str(item.get("owned_by", "")).lower() for item in data or [] if isinstance(item, Mapping)}
    if "vllm" in owners:
        return "vllm"
    if owners & {"library", "ollama"}:
        return "ollama"
    return None


def profile_for(provider: str, base_url: str = "") -> ProviderProfile:
    """The profile named ``provider`` (``auto``: detected from the base URL)."""
    name = detect_provider(base_url) if provider in ("", "auto") else provider
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(f"unknown LLM provider {provider!r}; known: auto, {', '.join(PROVIDERS)}") from None
