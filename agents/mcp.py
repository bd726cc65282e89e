"""MCP servers as tools, through the official ``mcp`` SDK.

Servers are declared in ``settings.MCP_SERVERS``, a list of dicts::

    MCP_SERVERS = [
        {"name": "chinalaw", "command": "china-law-mcp", "args": [], "env": {},
         "timeout": 30, "cache": "regulation", "shared_cache": True},
        {"name": "search", "url": "https://mcp.example.com/mcp", "headers": {"Authorization": "Bearer ..."}},
        {"name": "legacy", "url": "https://old.example.com/sse", "transport": "sse"},
    ]

Keys: ``name`` (required); ``command`` + ``args`` + ``env`` + ``cwd`` for stdio, or ``url`` (+
``headers``, ``transport``: ``streamable_http`` (default for URLs) or ``sse``); ``timeout`` per
call (30 s), ``connect_timeout`` (30 s), ``retries`` (1), ``tools`` (fnmatch patterns of the
server's tool names to expose; default all), ``cache``/``shared_cache``/``max_output_chars`` as
for any :class:`~agents.tools.Tool`, ``prefix`` (default ``mcp_<name>_``).

Each remote tool joins the registry as ``mcp_<server>_<tool>`` (an :class:`MCPTool`), so it gets
the same validation (against the server's JSON schema), timeout, retry, cache, output cap,
events and allowlists as the project's own tools - allow it with e.g. ``"mcp_chinalaw_*"``.

One connection per server and event loop is kept open by a background task (MCP sessions live
in anyio task groups bound to their loop; a Celery task's ``asyncio.run`` gets its own), and is
closed when the loop shuts down or by :func:`aclose_all`. A call that fails on the transport
drops the connection, so the tool's retry reconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
import fnmatch
import hashlib
import json
import logging
import re
import sys
import threading
import time
import weakref
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from pydantic import BaseModel

from agents.tools import (
    DEFAULT_MAX_OUTPUT_CHARS,
    CacheType,
    RunContext,
    Tool,
    ToolError,
    ToolRegistry,
)
from agents.tools import registry as default_registry

logger = logging.getLogger(__name__)

__all__ = [
    "MCPServer",
    "MCPServerConfig",
    "MCPTool",
    "MCPUnavailable",
    "aclose_all",
    "ensure_tools",
    "get_servers",
    "register_server_tools",
    "reset",
]

Transport = Literal["stdio", "streamable_http", "sse"]
_SLUG: Final = re.compile(r"[^a-z0-9]+")
_RETRY_DISCOVERY_AFTER: Final = 60.0
_CONNECTION_CLOSED: Final = -32000


class MCPUnavailable(Exception):
    """The MCP server could not be started/reached, or the connection broke."""


def _slug(value: str) -> str:
    return _SLUG.sub("_", value.lower()).strip("_")


@dataclass(frozen=True)
class MCPServerConfig:
    """One entry of ``MCP_SERVERS`` (see the module docstring)."""

    name: str
    command: str | None = None
    args: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict, repr=False)
    cwd: str | None = None
    url: str | None = None
    headers: Mapping[str, str] = field(default_factory=dict, repr=False)
    transport: Transport = "stdio"
    timeout: float = 30.0
    connect_timeout: float = 30.0
    retries: int = 1
    tools: tuple[str, ...] | None = None
    cache: CacheType | None = None
    shared_cache: bool = False
    max_output_chars: int = DEFAULT_MAX_OUTPUT_CHARS
    prefix: str = ""

    def __post_init__(self) -> None:
        if not self.name or not _slug(self.name):
            raise ValueError("an MCP server needs a name (letters or digits)")
        if bool(self.command) == bool(self.url):
            raise ValueError(f"MCP server {self.name!r}: give either 'command' (stdio) or 'url', not both")
        if self.url and self.transport == "stdio":
            object.__setattr__(self, "transport", "streamable_http")
        if self.command and self.transport != "stdio":
            raise ValueError(f"MCP server {self.name!r}: a 'command' runs over stdio")
        if self.transport not in ("stdio", "streamable_http", "sse"):
            raise ValueError(f"MCP server {self.name!r}: transport must be stdio, streamable_http or sse")
        if self.timeout <= 0 or self.connect_timeout <= 0:
            raise ValueError(f"MCP server {self.name!r}: timeouts must be positive")
        if not self.prefix:
            object.__setattr__(self, "prefix", f"mcp_{_slug(self.name)}_")

    @classmethod
    def from_mapping(cls, entry: Mapping[str, Any]) -> MCPServerConfig:
        known = set(cls.__dataclass_fields__)
        unknown = set(entry) - known
        if unknown:
            raise ValueError(f"MCP_SERVERS entry {entry.get('name')!r}: unknown key(s) {sorted(unknown)}")
        values = dict(entry)
        for key in ("args", "tools"):
            if values.get(key) is not None:
                if isinstance(values[key], str):
                    raise ValueError(f"MCP_SERVERS entry {entry.get('name')!r}: {key!r} must be a list")
                values[key] = tuple(str(v) for v in values[key])
        for key in ("env", "headers"):
            values[key] = {str(k): str(v) for k, v in (values.get(key) or {}).items()}
        return cls(**values)

    def tool_name(self, remote: str) -> str:
        """``mcp_<server>_<tool>``, snake_case, at most 64 characters."""
        name = self.prefix + (_slug(remote) or "tool")
        if len(name) > 64:
            digest = hashlib.sha256(name.encode()).hexdigest()[:8]
            name = f"{name[:55].rstrip('_')}_{digest}"
        return name

    def exposes(self, remote: str) -> bool:
        return self.tools is None or any(fnmatch.fnmatchcase(remote, p) for p in self.tools)


# ---------------------------------------------------------------------------------------------
# Connections
# ---------------------------------------------------------------------------------------------
def _errlog() -> Any:
    stream = sys.__stderr__
    if stream is not None:
        try:
            stream.fileno()
            return stream
        except (OSError, ValueError, AttributeError):
            pass
    return open("/dev/null", "w")  # lives as long as the server process


@contextlib.asynccontextmanager
async def _http_transport(config: MCPServerConfig) -> AsyncIterator[Any]:
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    async with create_mcp_http_client(headers=dict(config.headers) or None) as http:
        async with streamable_http_client(config.url or "", http_client=http) as streams:
            yield streams


def _make_client(config: MCPServerConfig) -> Any:
    from mcp import Client, StdioServerParameters
    from mcp.client.sse import sse_client
    from mcp.client.stdio import stdio_client

    transport: Any
    if config.transport == "stdio":
        params = StdioServerParameters(
            command=config.command or "", args=list(config.args), env=dict(config.env) or None, cwd=config.cwd
        )
        transport = stdio_client(params, errlog=_errlog())
    elif config.transport == "sse":
        transport = sse_client(config.url or "", headers=dict(config.headers) or None, timeout=config.connect_timeout)
    else:
        transport = _http_transport(config)
    return Client(transport, read_timeout_seconds=config.timeout)


class _Connection:
    """One open MCP session, owned by a background task of one event loop."""

    def __init__(self, server: MCPServer, loop: asyncio.AbstractEventLoop) -> None:
        self.server = server
        self.client: Any = None
        self.error: BaseException | None = None
        self._ready = asyncio.Event()
        self._stop = asyncio.Event()
        self.task = loop.create_task(self._keep(), name=f"mcp:{server.config.name}")

    @property
    def alive(self) -> bool:
        return not self.task.done() and not self._stop.is_set()

    async def _keep(self) -> None:
        try:
            async with _make_client(self.server.config) as client:
                self.client = client
                self._ready.set()
                await self._stop.wait()
        except Exception as exc:  # reported to whoever waits; never an unretrieved task exception
            self.error = exc
            if self.client is not None:
                logger.warning("MCP server %s: connection ended: %r", self.server.config.name, exc)
        finally:
            self.client = None
            self._ready.set()
            self.server._forget(self)

    async def ready(self, timeout: float) -> Any:
        try:
            async with asyncio.timeout(timeout):
                await self._ready.wait()
        except TimeoutError:
            self.close()
            raise MCPUnavailable(
                f"MCP server {self.server.config.name!r} did not start within {timeout:g}s"
            ) from None
        if self.client is None:
            raise MCPUnavailable(
                f"MCP server {self.server.config.name!r} is unavailable: {_describe(self.error)}"
            ) from self.error
        return self.client

    def close(self) -> None:
        self._stop.set()

    async def aclose(self) -> None:
        self.close()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task


def _describe(exc: BaseException | None) -> str:
    if exc is None:
        return "connection closed"
    if isinstance(exc, BaseExceptionGroup):
        return "; ".join(_describe(e) for e in exc.exceptions)
    return f"{type(exc).__name__}: {exc}"


class MCPServer:
    """Client side of one configured MCP server: a connection per event loop, tool listing and
    calls. Safe to share across loops and threads."""

    def __init__(self, config: MCPServerConfig) -> None:
        self.config = config
        self._connections: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Connection] = (
            weakref.WeakKeyDictionary()
        )
        self._lock = threading.Lock()  # loops in several threads (Celery -P threads) share a server
        self.registered: weakref.WeakSet[ToolRegistry] = weakref.WeakSet()
        self.failed_at: float | None = None

    def __repr__(self) -> str:
        return f"MCPServer({self.config.name!r}, transport={self.config.transport!r})"

    def _forget(self, connection: _Connection) -> None:
        with self._lock:
            for loop, existing in list(self._connections.items()):
                if existing is connection:
                    self._connections.pop(loop, None)

    def _pop(self) -> _Connection | None:
        with self._lock:
            return self._connections.pop(asyncio.get_running_loop(), None)

    async def client(self) -> Any:
        """The connected ``mcp.Client`` for the running loop (connecting if needed)."""
        loop = asyncio.get_running_loop()
        with self._lock:
            connection = self._connections.get(loop)
            if connection is None or not connection.alive:
                connection = _Connection(self, loop)
                self._connections[loop] = connection
        return await connection.ready(self.config.connect_timeout)

    async def drop(self) -> None:
        """Close this loop's connection (the next call reconnects)."""
        connection = self._pop()
        if connection is not None:
            connection.close()

    async def aclose(self) -> None:
        """Close this loop's connection and wait until the server has stopped."""
        connection = self._pop()
        if connection is not None:
            await connection.aclose()

    async def list_tools(self) -> list[Any]:
        client = await self.client()
        tools: list[Any] = []
        cursor: str | None = None
        for _ in range(100):
            page = await client.list_tools(cursor=cursor)
            tools.extend(page.tools)
            cursor = page.next_cursor
            if not cursor:
                break
        return tools

    async def call_tool(self, name: str, arguments: Mapping[str, Any]) -> Any:
        """Call a remote tool and return its output: the structured content when the server
        gives it, else its text (parsed when it is one JSON object or array). A result flagged
        ``isError`` raises :class:`ToolError`."""
        from mcp import MCPError

        client = await self.client()
        try:
            result = await client.call_tool(name, dict(arguments), read_timeout_seconds=self.config.timeout)
        except MCPError as exc:
            if exc.code == _CONNECTION_CLOSED:
                await self.drop()
                raise MCPUnavailable(f"MCP server {self.config.name!r} closed the connection") from exc
            raise ToolError(f"MCP 服务器 {self.config.name} 拒绝调用 {name}：{exc.message}") from exc
        except (asyncio.CancelledError, ToolError):
            raise
        except Exception as exc:
            await self.drop()
            raise MCPUnavailable(f"MCP server {self.config.name!r} call failed: {_describe(exc)}") from exc
        return _output(result)


def _output(result: Any) -> Any:
    texts = []
    for block in getattr(result, "content", None) or []:
        text = getattr(block, "text", None)
        texts.append(text if isinstance(text, str) else f"[{getattr(block, 'type', 'content')}]")
    if getattr(result, "is_error", False):
        raise ToolError("\n".join(texts) or "MCP tool reported an error")
    structured = getattr(result, "structured_content", None)
    if structured is not None:
        if isinstance(structured, dict) and set(structured) == {"result"}:
            return structured["result"]
        return structured
    if len(texts) == 1:  # servers often send JSON as text: give callers the data
        try:
            parsed = json.loads(texts[0])
        except ValueError:
            return texts[0]
        if isinstance(parsed, dict | list):
            return parsed
    return "\n".join(texts)


# ---------------------------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------------------------
class _SchemaParameters(BaseModel):
    """Placeholder: MCP tools validate against the server's JSON schema instead."""


@dataclass(eq=False, repr=False)
class MCPTool(Tool):
    """A tool of an MCP server: validated against the server's ``inputSchema``."""

    server: MCPServer | None = None
    remote_name: str = ""
    input_schema: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__post_init__()
        from jsonschema import Draft202012Validator

        schema = dict(self.input_schema) or {"type": "object", "properties": {}}
        Draft202012Validator.check_schema(schema)
        self._validator = Draft202012Validator(schema)

    def json_schema(self) -> dict[str, Any]:
        schema = dict(self.input_schema) or {"type": "object", "properties": {}}
        schema.pop("title", None)
        schema.setdefault("type", "object")
        schema.setdefault("properties", {})
        return schema

    def validate(self, arguments: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
        values = dict(arguments)
        errors = sorted(self._validator.iter_errors(values), key=lambda e: list(e.path))
        if errors:
            parts = [f"{'.'.join(str(p) for p in e.path) or '(参数整体)'}: {e.message}" for e in errors[:10]]
            raise ValueError("; ".join(parts))
        return values, values


def _remote_call(server: MCPServer, remote: str) -> Any:
    async def call(params: Mapping[str, Any], ctx: RunContext) -> Any:
        return await server.call_tool(remote, params)

    call.__name__ = f"mcp_{remote}"
    return call


async def register_server_tools(server: MCPServer, registry: ToolRegistry | None = None) -> list[Tool]:
    """List the server's tools and register them (replacing earlier registrations of the same
    names). Raises :class:`MCPUnavailable` when the server cannot be reached."""
    registry = registry or default_registry
    config = server.config
    try:
        remote_tools = await server.list_tools()
    except MCPUnavailable:
        raise
    except Exception as exc:
        await server.drop()
        raise MCPUnavailable(f"MCP server {config.name!r}: listing tools failed: {_describe(exc)}") from exc
    made: list[Tool] = []
    for remote in remote_tools:
        if not config.exposes(remote.name):
            continue
        description = (remote.description or "").strip() or f"MCP 工具 {remote.name}（{config.name}）"
        made_tool = MCPTool(
            name=config.tool_name(remote.name),
            description=f"[MCP:{config.name}] {description}",
            parameters=_SchemaParameters,
            func=_remote_call(server, remote.name),
            timeout=config.timeout,
            retries=config.retries,
            max_output_chars=config.max_output_chars,
            cache=config.cache,
            shared_cache=config.shared_cache,
            server=server,
            remote_name=remote.name,
            input_schema=dict(remote.input_schema or {}),
        )
        registry.register(made_tool, replace=True)
        made.append(made_tool)
    server.registered.add(registry)
    server.failed_at = None
    logger.info("MCP server %s: %d tool(s) registered", config.name, len(made))
    return made


# ---------------------------------------------------------------------------------------------
# Settings
# ---------------------------------------------------------------------------------------------
_servers: dict[str, MCPServer] | None = None
_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = weakref.WeakKeyDictionary()


def get_servers() -> dict[str, MCPServer]:
    """The servers of ``settings.MCP_SERVERS`` by name (built once; see :func:`reset`)."""
    global _servers
    if _servers is None:
        from django.conf import settings
        from django.core.exceptions import ImproperlyConfigured

        entries = getattr(settings, "MCP_SERVERS", None) or []
        servers: dict[str, MCPServer] = {}
        for entry in entries:
            try:
                config = MCPServerConfig.from_mapping(entry)
            except (TypeError, ValueError) as exc:
                raise ImproperlyConfigured(f"MCP_SERVERS: {exc}") from exc
            if config.name in servers:
                raise ImproperlyConfigured(f"MCP_SERVERS: duplicate server name {config.name!r}")
            servers[config.name] = MCPServer(config)
        _servers = servers
    return _servers


def reset() -> None:
    """Forget the configured servers (after ``MCP_SERVERS`` changes)."""
    global _servers
    _servers = None


async def ensure_tools(
    registry: ToolRegistry | None = None, servers: Sequence[MCPServer] | None = None
) -> list[str]:
    """Register the tools of every configured server not yet in ``registry``. A server that
    cannot be reached is logged and skipped (tried again after a minute); the agents go on
    without its tools. Returns the names of the tools registered now."""
    registry = registry or default_registry
    candidates = list(servers) if servers is not None else list(get_servers().values())
    pending = [s for s in candidates if registry not in s.registered]
    if not pending:
        return []
    loop = asyncio.get_running_loop()
    lock = _locks.setdefault(loop, asyncio.Lock())
    names: list[str] = []
    async with lock:
        for server in pending:
            if registry in server.registered:
                continue
            if server.failed_at is not None and time.monotonic() - server.failed_at < _RETRY_DISCOVERY_AFTER:
                continue
            try:
                made = await register_server_tools(server, registry)
            except MCPUnavailable as exc:
                server.failed_at = time.monotonic()
                logger.warning("MCP server %s skipped: %s", server.config.name, exc)
                continue
            names.extend(t.name for t in made)
    return names


async def aclose_all() -> None:
    """Close every connection of the running loop (tests, graceful shutdown)."""
    for server in list((_servers or {}).values()):
        await server.aclose()


def _on_setting_changed(*, setting: str, **_: Any) -> None:
    if setting == "MCP_SERVERS":
        reset()


def _connect_setting_changed() -> None:
    from django.core.signals import setting_changed

    setting_changed.connect(_on_setting_changed, dispatch_uid="agents.mcp.reset")


_connect_setting_changed()
