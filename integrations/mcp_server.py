"""LegalSite's knowledge tools as an MCP server (the official ``mcp`` SDK, low-level ``Server``).

The tool list is generated from the agent tool registry (:data:`integrations.services.MCP_TOOLS`:
name, description and the pydantic parameter schema each tool already has), and every call goes
through :func:`integrations.services.mcp_tool_call`: as the connecting user, in a trace, audited.
Two transports: stdio (``manage.py mcp_server --user NAME``, the user given on the command line)
and streamable HTTP at ``/mcp`` in the ASGI app (``Authorization: Token <key>``; 401 without).
"""

from __future__ import annotations

import asyncio
import contextvars
import json
from typing import Any

import mcp_types as types
from asgiref.sync import sync_to_async
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

from firm.authentication import user_for_token
from integrations.services import mcp_tool_call, mcp_toolbox

#: The user the current MCP request runs as (stdio: the command's user; HTTP: the token's).
current_user: contextvars.ContextVar[Any] = contextvars.ContextVar("mcp_user", default=None)


def tool_list() -> list[types.Tool]:
    return [types.Tool(name=tool.name, description=tool.description, input_schema=tool.json_schema())
            for tool in mcp_toolbox().tools.values()]


async def _list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
    return types.ListToolsResult(tools=await sync_to_async(tool_list, thread_sensitive=False)())


async def _call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
    user = current_user.get()
    if user is None:
        return types.CallToolResult(content=[types.TextContent(text="未认证")], is_error=True)
    result = await mcp_tool_call(actor=user, name=params.name, arguments=params.arguments)
    if not result.ok:
        return types.CallToolResult(content=[types.TextContent(text=result.error or result.content)], is_error=True)
    structured = result.output if isinstance(result.output, dict) else None
    return types.CallToolResult(content=[types.TextContent(text=result.content)], structured_content=structured)


def build_server() -> Server:
    return Server("legalsite", version="1.0", on_list_tools=_list_tools, on_call_tool=_call_tool,
                  instructions="律所法律知识库：法条检索、条文查询、引用核验、法条关系图谱、案例检索")


async def serve_stdio(user: Any) -> None:
    """Serve one client over this process's stdin/stdout, as ``user``."""
    current_user.set(user)
    server = build_server()
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


class MCPHttpApp:
    """The streamable HTTP transport as an ASGI app: token authentication, then the SDK's
    stateless session manager (each POST is one exchange; nothing is kept between requests). The
    manager's task group is started on the first request (daphne sends no ASGI lifespan)."""

    def __init__(self) -> None:
        self.manager = StreamableHTTPSessionManager(app=build_server(), json_response=True, stateless=True)
        self._started: asyncio.Future[None] | None = None

    async def _ensure_started(self) -> None:
        if self._started is None:
            self._started = asyncio.get_running_loop().create_future()
            started = self._started

            async def run() -> None:
                async with self.manager.run():
                    started.set_result(None)
                    await asyncio.Event().wait()  # for the life of the process

            self._task = asyncio.create_task(run(), context=contextvars.Context())
        await asyncio.shield(self._started)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        headers = dict(scope.get("headers") or [])
        scheme, _, key = headers.get(b"authorization", b"").decode("latin-1").partition(" ")
        user = await sync_to_async(user_for_token)(key.strip()) if scheme.lower() == "token" and key.strip() else None
        if user is None:
            body = json.dumps({"detail": "需要 Authorization: Token <API 令牌>"}, ensure_ascii=False).encode()
            await send({"type": "http.response.start", "status": 401,
                        "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b"Token")]})
            await send({"type": "http.response.body", "body": body})
            return
        await self._ensure_started()
        token = current_user.set(user)
        try:
            await self.manager.handle_request(scope, receive, send)
        finally:
            current_user.reset(token)
