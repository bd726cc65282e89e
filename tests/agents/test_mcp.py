"""MCP: servers from settings join the registry as mcp_<server>_<tool>; tested against a real MCP
server nobody here wrote - the china-law-mcp package's own server, over stdio."""

from __future__ import annotations

import asyncio
import sys
from importlib.metadata import entry_points
from typing import Any

import pytest

from agents import mcp
from agents.events import ListCollector
from agents.llm import LLMGateway
from agents.mcp import MCPServer, MCPServerConfig, MCPTool
from agents.runner import run_agent
from agents.tools import RunContext, ToolRegistry
from agents.types import AgentSpec
from tests.fakellm import Call, FakeLLM, Reply


def china_law_mcp_command() -> list[str]:
    """The package's console script is ``china-law-mcp = china_law_mcp.server:main``; run its
    module with this interpreter (the script's own shebang may point elsewhere)."""
    (script,) = entry_points(group="console_scripts", name="china-law-mcp")
    module = script.value.split(":")[0]
    return [sys.executable, "-c", f"from {module} import main; main()"]


def test_server_configs_are_validated_and_named_with_a_prefix() -> None:
    config = MCPServerConfig.from_mapping({"name": "China-Law", "command": "china-law-mcp", "args": ["--x"]})

    assert config.transport == "stdio"
    assert config.tool_name("get_article") == "mcp_china_law_get_article"
    assert config.tool_name("Check-Citations.InText") == "mcp_china_law_check_citations_intext"
    assert len(config.tool_name("x" * 100)) == 64
    assert MCPServerConfig(name="remote", url="https://mcp.example.com/mcp").transport == "streamable_http"
    assert MCPServerConfig(name="old", url="https://mcp.example.com/sse", transport="sse").transport == "sse"
    with pytest.raises(ValueError, match="either"):
        MCPServerConfig(name="both", command="x", url="https://x")
    with pytest.raises(ValueError, match="either"):
        MCPServerConfig(name="neither")
    with pytest.raises(ValueError, match="unknown key"):
        MCPServerConfig.from_mapping({"name": "x", "command": "y", "comand": "typo"})


def test_a_misconfigured_mcp_server_list_fails_loudly(settings: Any) -> None:
    from django.core.exceptions import ImproperlyConfigured

    settings.MCP_SERVERS = [{"name": "a", "command": "x"}, {"name": "a", "command": "y"}]

    with pytest.raises(ImproperlyConfigured, match="duplicate"):
        mcp.get_servers()


def test_an_unreachable_mcp_server_is_skipped_and_the_agent_goes_on(registry: ToolRegistry) -> None:
    server = MCPServer(MCPServerConfig(name="ghost", command=sys.executable, args=["-c", "import sys; sys.exit(3)"],
                                       connect_timeout=10))

    names = asyncio.run(mcp.ensure_tools(registry, servers=[server]))

    assert names == []
    assert registry.names() == []
    assert server.failed_at is not None


def test_china_law_mcp_over_stdio_round_trip_through_settings_registry_and_the_react_loop(
    settings: Any, fake: FakeLLM, gateway: LLMGateway, registry: ToolRegistry, ctx: RunContext,
    collector: ListCollector,
) -> None:
    command, *args = china_law_mcp_command()
    settings.MCP_SERVERS = [{"name": "chinalaw", "command": command, "args": args, "timeout": 60,
                             "cache": "regulation", "shared_cache": True}]
    fake.script(
        Reply.calls(
            Call("mcp_chinalaw_get_article", {"law": "民法典", "article_no": "1079"}, id="lookup"),
            Call("mcp_chinalaw_get_article", {"law": 1079}, id="invalid"),
        ),
        Reply.text("依据《民法典》第一千零七十九条，分居满二年的，调解无效应当准予离婚。"),
    )
    spec = AgentSpec(name="legal_research", tools=["mcp_chinalaw_*"], stream=False)

    async def scenario() -> Any:
        try:
            result = await run_agent(
                spec, [{"role": "user", "content": "民法典第1079条怎么规定的？"}], ctx, gateway=gateway,
                registry=registry,
            )
            listed = registry.names()
            return result, listed
        finally:
            await mcp.aclose_all()

    result, listed = asyncio.run(scenario())

    assert {"mcp_chinalaw_get_article", "mcp_chinalaw_search_statutes", "mcp_chinalaw_verify_citation"} <= set(listed)
    article_tool = registry.get("mcp_chinalaw_get_article")
    assert isinstance(article_tool, MCPTool) and article_tool.remote_name == "get_article"
    assert article_tool.cache == "regulation" and article_tool.timeout == 60
    offered = {t["function"]["name"]: t["function"] for t in fake.chat_requests[0].json["tools"]}
    assert set(offered["mcp_chinalaw_get_article"]["parameters"]["required"]) == {"law", "article_no"}

    lookup, invalid = result.tool_results
    assert lookup.ok, lookup.error
    assert lookup.output["law"] == "中华人民共和国民法典"
    assert lookup.output["article_no"] == "第一千零七十九条"
    assert "因感情不和分居满二年" in lookup.output["text"]
    assert (invalid.ok, invalid.error_kind) == (False, "invalid_arguments")
    sent = fake.chat_requests[1].json["messages"]
    tool_messages = {m["tool_call_id"]: m["content"] for m in sent if m["role"] == "tool"}
    assert "夫妻一方要求离婚" in tool_messages["lookup"]
    assert "article_no" in tool_messages["invalid"]
    assert result.content.startswith("依据《民法典》第一千零七十九条")
    calls = collector.of_type("tool_call")
    assert [(c["tool"], c["agent"]) for c in calls] == [("mcp_chinalaw_get_article", "legal_research")] * 2
    assert {e["call_id"]: e["ok"] for e in collector.of_type("tool_result")} == {"lookup": True, "invalid": False}


def test_mcp_tools_reconnect_in_a_new_event_loop_and_search_real_statutes(registry: ToolRegistry) -> None:
    command, *args = china_law_mcp_command()
    server = MCPServer(MCPServerConfig(name="chinalaw", command=command, args=list(args), timeout=60))
    ctx = RunContext(trace_id="mcp-loops")

    async def discover() -> list[str]:
        try:
            return await mcp.ensure_tools(registry, servers=[server])
        finally:
            await server.aclose()

    async def search() -> Any:
        try:
            box = registry.toolbox("legal_research", allow=["mcp_chinalaw_search_statutes", "mcp_chinalaw_verify_*"])
            found = await box.call("mcp_chinalaw_search_statutes", {"query": "分居满二年 离婚", "top_k": 3}, ctx=ctx)
            fake = await box.call("mcp_chinalaw_verify_citation", {"law": "民法典", "article_no": "9999"}, ctx=ctx)
            return found, fake
        finally:
            await server.aclose()

    names = asyncio.run(discover())
    found, fake = asyncio.run(search())  # a second loop, like the next Celery task

    assert "mcp_chinalaw_search_statutes" in names
    assert found.ok, found.error
    assert any("民法典" in hit["law"] for hit in found.output)
    assert 1 <= len(found.output) <= 3
    assert fake.ok and fake.output["verified"] is False
