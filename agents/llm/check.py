"""The capability check (``manage.py llm_check``): probe the configured endpoint for each role's
model and store the profile the gateway then uses.

Per model (roles sharing a model are probed once): a plain chat call (latency, usage, reasoning
and how it shows), a stream (usage in it), native tool calling, tool calls written into the text,
JSON mode (json_schema, else json_object, else the prompt), and the context length where the
server's model listing reports one. The probes send raw requests (not shaped by any profile), so
they measure the server, not our assumptions about it. Each probe is one short request.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, Final

from agents.llm.config import ROLES
from agents.llm.errors import LLMError
from agents.llm.gateway import LLMGateway
from agents.llm.profiles import PROFILES, detect_provider, provider_from_models_listing
from agents.llm.shapes import THINK_CLOSE, THINK_OPEN, tool_calls_from_content

__all__ = ["CAPABILITIES", "check_endpoint", "degradations", "report_table"]

PROBE_TOOL: Final = {
    "type": "function",
    "function": {
        "name": "lookup_legal_article",
        "description": "按法律名称和条号查询法条原文。",
        "parameters": {
            "type": "object",
            "properties": {"law": {"type": "string"}, "article": {"type": "string"}},
            "required": ["law", "article"],
        },
    },
}
PROBE_CHAT: Final = [{"role": "user", "content": "请只回答两个字：收到"}]
PROBE_TOOLS: Final = [{"role": "user", "content": "请调用工具查询《民法典》第一千零七十九条的原文。"}]
PROBE_JSON: Final = [
    {"role": "system", "content": 'Reply with a JSON object {"ok": true, "word": "收到"} and nothing else.'},
    {"role": "user", "content": "请按要求输出 JSON。"},
]
PROBE_SCHEMA: Final = {
    "type": "object",
    "properties": {"ok": {"type": "boolean"}, "word": {"type": "string"}},
    "required": ["ok", "word"],
}
#: The columns of the printed table, in order.
CAPABILITIES: Final = ("chat", "stream", "tools", "json", "reasoning", "context", "latency_ms")
_CONTEXT_KEYS: Final = ("max_model_len", "context_length", "context_window", "max_context_length")


def _message(completion: Any) -> tuple[str, list[Any], dict[str, Any], Any]:
    choice = completion.choices[0]
    message = choice.message
    return message.content or "", list(message.tool_calls or []), dict(message.model_extra or {}), completion.usage


def _reasoning_shape(content: str, extra: Mapping[str, Any]) -> tuple[str, bool]:
    if extra.get("reasoning_content") or extra.get("reasoning"):
        return "field", False
    if THINK_CLOSE in content:
        return "think_tags", THINK_OPEN not in content.split(THINK_CLOSE, 1)[0]
    return "none", False


async def _probe_model(gateway: LLMGateway, model: str, timeout: float, provider: str) -> dict[str, Any]:
    found: dict[str, Any] = {"model": model, "errors": {}}
    errors: dict[str, str] = found["errors"]
    plain_body = dict(PROFILES[provider].for_model(model).plain_call_body)

    async def _post(_: LLMGateway, body: dict[str, Any], seconds: float) -> Any:
        """A raw request; non-streaming ones carry the provider's required switches (DashScope's
        ``enable_thinking: false``), nothing else of the profile."""
        return await gateway._post(body if body.get("stream") else {**body, **plain_body}, seconds)

    def failed(name: str, exc: Exception) -> None:
        error = gateway._translate(exc, "advisor", model, 1, timeout)
        errors[name] = error.message[:300]

    # chat (a server that insists on DashScope's switch for non-streaming calls gets it, and keeps it)
    started = time.perf_counter()
    try:
        try:
            completion = await _post(gateway, {"model": model, "messages": PROBE_CHAT}, timeout)
        except Exception as exc:
            if "enable_thinking" not in str(exc) or "enable_thinking" in plain_body:
                raise
            plain_body["enable_thinking"] = False
            found["plain_call_body"] = dict(plain_body)
            started = time.perf_counter()
            completion = await _post(gateway, {"model": model, "messages": PROBE_CHAT}, timeout)
        content, _, extra, usage = _message(completion)
        found["chat"] = True
        found["latency_ms"] = round((time.perf_counter() - started) * 1000)
        found["usage"] = usage is not None
        found["reasoning"], found["think_prefilled"] = _reasoning_shape(content, extra)
    except Exception as exc:
        failed("chat", exc)
        found["chat"] = False  # nothing else measured: the stored profile keeps the provider's defaults
        return found
    # stream: with stream_options (usage), else without
    found["stream"] = False
    for options in ({"stream_options": {"include_usage": True}}, {}):
        try:
            stream = await _post(gateway, {"model": model, "messages": PROBE_CHAT, "stream": True,
                                           **options}, timeout)
            chunks, usage_seen = 0, False
            async for chunk in stream:
                chunks += 1
                usage_seen = usage_seen or bool(chunk.get("usage")) or any(
                    isinstance(c, Mapping) and c.get("usage") for c in chunk.get("choices") or [])
        except Exception as exc:
            failed("stream", exc)
            continue
        errors.pop("stream", None)
        found.update(stream=chunks > 0, stream_options=bool(options), stream_usage=usage_seen)
        break
    # tools: native, else written into the text, else none
    tools = "none"
    for body in (
        {"model": model, "messages": PROBE_TOOLS, "tools": [PROBE_TOOL], "tool_choice": "auto"},
        {"model": model, "messages": PROBE_TOOLS, "tools": [PROBE_TOOL]},
    ):
        try:
            content, calls, _, _ = _message(await _post(gateway, body, timeout))
        except Exception as exc:
            failed("tools", exc)
            continue
        if calls:
            tools = "native"
        elif tool_calls_from_content(content.split(THINK_CLOSE)[-1], {"lookup_legal_article"})[1]:
            tools = "content"
        errors.pop("tools", None)
        break
    found["tools"] = tools
    # JSON mode
    found["json"] = "prompt"
    for mode, response_format in (
        ("json_schema", {"type": "json_schema", "json_schema": {"name": "probe", "schema": PROBE_SCHEMA}}),
        ("json_object", {"type": "json_object"}),
    ):
        try:
            content, _, _, _ = _message(await _post(gateway, {"model": model, "messages": PROBE_JSON,
                                                              "response_format": response_format}, timeout))
            json.loads(content.split(THINK_CLOSE)[-1].strip().removeprefix("```json").strip("`\n "))
        except Exception as exc:
            errors[mode] = str(getattr(gateway._translate(exc, "advisor", model, 1, timeout), "message", exc))[:300] \
                if not isinstance(exc, ValueError) else "reply is not JSON"
            continue
        found["json"] = mode
        break
    return found


async def _listing(gateway: LLMGateway, timeout: float) -> dict[str, Any]:
    try:
        client = await gateway._client()
        response = await client.get("/models", cast_to=object, options={"timeout": timeout})
    except Exception:
        return {}
    return response if isinstance(response, dict) else {}


def _context_length(listing: Mapping[str, Any], model: str) -> int | None:
    for item in listing.get("data") or []:
        if isinstance(item, Mapping) and item.get("id") == model:
            for key in _CONTEXT_KEYS:
                if isinstance(item.get(key), int):
                    return int(item[key])
    return None


async def _check(gateway: LLMGateway, timeout: float) -> dict[str, Any]:
    listing = await _listing(gateway, timeout)
    configured = gateway.config.provider
    if configured not in ("", "auto"):
        provider, source = configured, "LLM_PROVIDER"
    elif (by_url := detect_provider(gateway.config.base_url)) != "generic":
        provider, source = by_url, "base URL"
    elif by_listing := provider_from_models_listing(listing):
        provider, source = by_listing, "GET /models"
    else:
        provider, source = "generic", "default"
    roles = {role: gateway.model_for(role) for role in ROLES}
    models: dict[str, Any] = {}
    for model in dict.fromkeys(roles.values()):
        measured = await _probe_model(gateway, model, timeout, provider)
        measured["context"] = _context_length(listing, model)
        models[model] = measured
    try:
        await gateway.aclose()
    except Exception:  # noqa: S110 - closing a probe client is best effort
        pass
    return {
        "provider": provider,
        "provider_source": source,
        "base_url": gateway.config.base_url,
        "checked_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "roles": roles,
        "models": models,
    }


def check_endpoint(gateway: LLMGateway, *, timeout: float = 30.0) -> dict[str, Any]:
    """Probe every role's model; the report ``llm_check`` prints and stores (with the effective
    profile per model and what will degrade)."""
    if gateway.offline:
        raise LLMError("no LLM endpoint configured (LLM_BASE_URL is empty): nothing to check")
    report = asyncio.run(_check(gateway, timeout))
    stored = LLMGateway(replace(gateway.config, measured=report))
    for model, measured in report["models"].items():
        measured["profile"] = stored.profile_for(model).describe()
    report["degraded"] = degradations(report)
    return report


def degradations(report: Mapping[str, Any]) -> list[str]:
    """What will work less well than with a fully capable model, in plain words (Chinese UI)."""
    notes: list[str] = []
    roles_by_model: dict[str, list[str]] = {}
    for role, model in (report.get("roles") or {}).items():
        roles_by_model.setdefault(model, []).append(role)
    for model, measured in (report.get("models") or {}).items():
        used = "、".join(roles_by_model.get(model, [])) or "—"
        if not measured.get("chat"):
            notes.append(f"模型 {model}（{used}）无法调用：这些角色将使用离线引擎。")
            continue
        if not measured.get("stream"):
            notes.append(f"模型 {model} 不支持流式输出：答复将在生成完后一次显示。")
        if measured.get("tools") == "content":
            notes.append(f"模型 {model} 的服务未启用工具解析：工具调用从正文中的 <tool_call> 读取（可靠性较低）。")
        if measured.get("tools") == "none":
            notes.append(f"模型 {model}（{used}）不能调用工具：由系统代为检索，模型只负责组织答复；"
                         "合同审查智能体改用规则清单。")
        if measured.get("json") == "prompt":
            notes.append(f"模型 {model} 没有 JSON 模式：意图、规划与审查意见靠提示词输出 JSON，失败时修复一次。")
        if measured.get("stream") and not measured.get("stream_usage"):
            notes.append(f"模型 {model} 在流式输出中不报告用量：流式调用的 token 计为未知。")
    return notes


def report_table(report: Mapping[str, Any]) -> str:
    """The report as a plain-text table: one row per role."""
    header = ("role", "model", *CAPABILITIES)
    rows = [header]
    for role, model in (report.get("roles") or {}).items():
        measured = (report.get("models") or {}).get(model, {})
        if not measured.get("chat"):
            rows.append((role, model, "FAIL", *("?" for _ in CAPABILITIES[1:])))
            continue
        reasoning = measured.get("reasoning", "none")
        if reasoning == "think_tags" and measured.get("think_prefilled"):
            reasoning = "think_tags(prefilled)"
        rows.append((
            role, model,
            "ok" if measured.get("chat") else "FAIL",
            ("ok" if measured.get("stream_usage") else "ok/no-usage") if measured.get("stream") else "FAIL",
            measured.get("tools", "none"),
            measured.get("json", "prompt"),
            reasoning,
            str(measured.get("context") or "?"),
            str(measured.get("latency_ms", "-")),
        ))
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(header))]
    lines = ["  ".join(str(cell).ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def known_providers() -> list[str]:
    return list(PROFILES)
