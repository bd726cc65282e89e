"""Agent tools: the ``Tool`` contract, the registry, per-agent toolboxes and the result cache.

An app offers tools in its ``tools.py``; importing the module registers them (``@tool``), and
:meth:`ToolRegistry.autodiscover` imports every installed app's ``tools.py`` the way the admin
imports ``admin.py``::

    class SearchParams(BaseModel):
        query: str = Field(description="检索语句")
        top_k: int = Field(5, ge=1, le=20)

    @tool(cache="regulation", shared_cache=True)
    async def search_legal_knowledge(params: SearchParams, ctx: RunContext) -> list[dict]:
        \"\"\"检索现行法律条文。\"\"\"
        return await statute_search(user=ctx.user, query=params.query, top_k=params.top_k)

Agents never see the registry directly: :meth:`ToolRegistry.toolbox` gives an agent the tools
its allowlist names. A :class:`Toolbox` validates the model's arguments (bad JSON or schema
violations come back to the model as a tool error message, never an exception), runs the tool
with a timeout and one retry, caps its output, caches it by type, and emits ``tool_call`` /
``tool_result`` events (ARCHITECTURE §5). Registry listeners receive one :class:`ToolResult`
per call with the full input and output (the audit trail hooks in there).
"""

from __future__ import annotations

import asyncio
import dataclasses
import fnmatch
import hashlib
import importlib
import importlib.util
import inspect
import json
import logging
import re
import threading
import time
import unicodedata
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Generic, Literal, TypeVar, get_type_hints

from pydantic import BaseModel, ValidationError

from agents import events
from agents.aio import db_sync_to_async
from agents.llm import ToolCall, model_schema

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

logger = logging.getLogger(__name__)

__all__ = [
    "CACHE_TTLS",
    "CacheType",
    "RunContext",
    "Tool",
    "ToolCache",
    "ToolError",
    "ToolRegistry",
    "ToolResult",
    "Toolbox",
    "normalise_arguments",
    "registry",
    "tool",
]

CacheType = Literal["regulation", "case", "news"]
#: Seconds a cached result lives in Django's cache (Redis), by type. ``AGENT_TOOL_CACHE_TTLS``
#: overrides them type by type.
CACHE_TTLS: Final[Mapping[str, int]] = {"regulation": 24 * 3600, "case": 6 * 3600, "news": 3600}
LOCAL_CACHE_ENTRIES: Final = 100
LOCAL_CACHE_SECONDS: Final = 300.0

DEFAULT_TIMEOUT: Final = 20.0
DEFAULT_MAX_OUTPUT_CHARS: Final = 8000
SUMMARY_CHARS: Final = 200
#: OpenAI-compatible function names: ``^[a-zA-Z0-9_-]{1,64}$``; ours are stricter snake_case.
NAME_PATTERN: Final = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
_WHITESPACE: Final = re.compile(r"\s+")

ErrorKind = Literal["invalid_arguments", "unknown_tool", "not_allowed", "timeout", "failed"]


# ---------------------------------------------------------------------------------------------
# Context, errors, results
# ---------------------------------------------------------------------------------------------
def _new_trace_id() -> str:
    return str(uuid.uuid4())


DepsT = TypeVar("DepsT")


@dataclass(frozen=True)
class RunContext(Generic[DepsT]):
    """Who asks, for which work, in which trace, and where events go - handed to every tool and
    agent run.

    ``user`` is the user who asked (never the owner of the work on their behalf): tools read as
    them. ``matter_id`` is the matter of the work the agent acts for (None: unfiled work); a tool
    reading client work reads that matter's objects the user may see plus the user's own unfiled
    ones, nothing of another matter (``firm.selectors.work_scope_q``). ``agent`` is filled in by
    the runtime for the agent that is running; ``deps`` is the caller's own small frozen dataclass
    of what its tools need (``chat.deps.ChatDeps``, ``contracts.types.ReviewDeps``,
    ``drafting.deps.DraftingDeps``, ``research.deps.ResearchDeps``; None for a caller whose tools
    need nothing more). ``emit`` may be None (no events).
    """

    user: AbstractBaseUser | AnonymousUser | None = None
    trace_id: str = field(default_factory=_new_trace_id)
    emit: events.Emit | None = None
    agent: str = ""
    deps: DepsT | None = None
    matter_id: int | None = None
    #: Event call ids issued in this trace (shared by every agent derived from this context), so
    #: a model's repeated or clashing tool-call ids never pair the wrong tool_call/tool_result.
    call_ids: set[str] = field(default_factory=set, repr=False, compare=False)

    def for_agent(self, agent: str) -> RunContext:
        return dataclasses.replace(self, agent=agent)

    @property
    def scope_key(self) -> str:
        """Who reads for which work, as a cache scope: a result read for one user in one matter's
        work is never served to another user, nor to the same user in other work."""
        user = getattr(self.user, "pk", None) or "anonymous"
        return f"user:{user}:matter:{self.matter_id if self.matter_id is not None else '-'}"

    def issue_call_id(self, wanted: str | None = None) -> str:
        """A call id unique in this trace: ``wanted`` (the model's id) when it is still free,
        else ``wanted-2``, ``wanted-3``...; a fresh random id when there is none."""
        base = wanted or f"call_{uuid.uuid4().hex[:12]}"
        call_id, n = base, 1
        while call_id in self.call_ids:
            n += 1
            call_id = f"{base}-{n}"
        self.call_ids.add(call_id)
        return call_id

    async def send(self, event: Mapping[str, Any]) -> None:
        """Deliver one event to ``emit`` (if any). A failing sink is logged, never fatal."""
        if self.emit is None:
            return
        try:
            await events.deliver(self.emit, event)
        except Exception:
            logger.exception("event sink failed for %s event", event.get("type"))


class ToolError(Exception):
    """Raised by a tool to report a failure to the model. ``retry=False`` (the default) means
    another attempt cannot help (e.g. "no such article"); the message goes to the model."""

    def __init__(self, message: str, *, retry: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.retry = retry


@dataclass(frozen=True)
class ToolResult:
    """The outcome of one tool call. ``content`` is what the model reads (size-capped, or the
    error message); ``output`` is the tool's own return value (JSON-safe, not capped) for the
    caller (sources, citations). ``error_kind`` is set when ``ok`` is False."""

    call_id: str
    tool: str
    agent: str
    ok: bool
    content: str
    arguments: Mapping[str, Any]
    output: Any = None
    error: str | None = None
    error_kind: ErrorKind | None = None
    attempts: int = 0
    duration_ms: float = 0.0
    cached: bool = False
    truncated: bool = False
    model_call_id: str | None = None

    def to_message(self) -> dict[str, Any]:
        """The ``tool`` message answering the model's call."""
        return {"role": "tool", "tool_call_id": self.model_call_id or self.call_id, "content": self.content}

    @property
    def summary(self) -> str:
        text = self.content if self.ok else (self.error or self.content)
        return _one_line(text, SUMMARY_CHARS)


def _one_line(text: str, limit: int) -> str:
    flat = _WHITESPACE.sub(" ", text or "").strip()
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _jsonable(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def render_output(output: Any) -> str:
    """A tool's return value as text for the model: strings as they are, the rest as JSON."""
    if isinstance(output, str):
        return output
    return json.dumps(_jsonable(output), ensure_ascii=False, indent=None)


def truncate(text: str, limit: int) -> tuple[str, bool]:
    """Cap ``text`` at ``limit`` characters, with a marker saying how much was cut."""
    if limit <= 0 or len(text) <= limit:
        return text, False
    marker = f"\n…[输出已截断：原文 {len(text)} 字符，仅保留前 {limit} 字符]"
    return text[:limit] + marker, True


# ---------------------------------------------------------------------------------------------
# Argument normalisation and the cache
# ---------------------------------------------------------------------------------------------
def _normalise(value: Any) -> Any:
    if isinstance(value, str):
        return _WHITESPACE.sub(" ", unicodedata.normalize("NFKC", value)).strip()
    if isinstance(value, Mapping):
        return {_normalise(str(k)): _normalise(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_normalise(v) for v in value]
    return value


def normalise_arguments(arguments: Mapping[str, Any]) -> str:
    """Canonical JSON of the arguments: NFKC, whitespace collapsed and trimmed, keys sorted."""
    return json.dumps(_normalise(_jsonable(arguments)), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


_MISS: Final = object()


class ToolCache:
    """An in-process LRU (100 entries x 5 min) in front of Django's cache (Redis) with a TTL per
    cache type. Failures of the shared cache are logged and treated as misses."""

    def __init__(
        self,
        *,
        max_entries: int = LOCAL_CACHE_ENTRIES,
        local_seconds: float = LOCAL_CACHE_SECONDS,
        ttls: Mapping[str, int] | None = None,
        backend: Any = None,
        clock: Callable[[], float] = time.monotonic,
        namespace: str = "",
    ) -> None:
        """``namespace`` goes into every key: a new namespace starts from an empty cache (e.g.
        after the statutes were re-imported, or one per test)."""
        self.namespace = namespace
        self.max_entries = max_entries
        self.local_seconds = local_seconds
        self._ttls = dict(ttls) if ttls is not None else None
        self._backend = backend
        self.clock = clock
        self._local: OrderedDict[str, tuple[float, Any]] = OrderedDict()
        self._lock = threading.Lock()

    # -- configuration ----------------------------------------------------------------------
    def ttl(self, cache_type: str) -> int:
        if self._ttls is not None:
            ttls = self._ttls
        else:
            from django.conf import settings

            ttls = {**CACHE_TTLS, **(getattr(settings, "AGENT_TOOL_CACHE_TTLS", None) or {})}
        if cache_type not in ttls:
            raise ValueError(f"unknown tool cache type {cache_type!r}; types are {', '.join(ttls)}")
        return int(ttls[cache_type])

    @property
    def backend(self) -> Any:
        if self._backend is None:
            from django.conf import settings
            from django.core.cache import caches

            return caches[getattr(settings, "AGENT_TOOL_CACHE_ALIAS", "default")]
        return self._backend

    def key(self, tool: str, arguments: Mapping[str, Any], *, scope: str = "shared") -> str:
        """``agents:tool:[<namespace>:]<tool>:<scope>:<sha256 of the normalised arguments>``."""
        digest = hashlib.sha256(normalise_arguments(arguments).encode()).hexdigest()[:40]
        space = f"{self.namespace}:" if self.namespace else ""
        return f"agents:tool:{space}{tool}:{scope}:{digest}"

    # -- local LRU ----------------------------------------------------------------------------
    def _local_get(self, key: str) -> Any:
        with self._lock:
            entry = self._local.get(key)
            if entry is None:
                return _MISS
            expires, value = entry
            if expires <= self.clock():
                del self._local[key]
                return _MISS
            self._local.move_to_end(key)
            return value

    def _local_set(self, key: str, value: Any, seconds: float) -> None:
        with self._lock:
            self._local[key] = (self.clock() + min(self.local_seconds, seconds), value)
            self._local.move_to_end(key)
            while len(self._local) > self.max_entries:
                self._local.popitem(last=False)

    def clear_local(self) -> None:
        with self._lock:
            self._local.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._local)

    # -- public ---------------------------------------------------------------------------------
    async def get(self, key: str) -> tuple[bool, Any]:
        value = self._local_get(key)
        if value is not _MISS:
            return True, value
        try:
            stored = await self.backend.aget(key, _MISS)
        except Exception:
            logger.warning("tool cache read failed for %s", key, exc_info=True)
            return False, None
        if stored is _MISS or not isinstance(stored, dict) or "value" not in stored:
            return False, None
        self._local_set(key, stored["value"], self.local_seconds)
        return True, stored["value"]

    async def set(self, key: str, value: Any, cache_type: str) -> None:
        seconds = self.ttl(cache_type)
        self._local_set(key, value, seconds)
        try:
            await self.backend.aset(key, {"value": value}, timeout=seconds)
        except Exception:
            logger.warning("tool cache write failed for %s", key, exc_info=True)

    async def delete(self, key: str) -> None:
        with self._lock:
            self._local.pop(key, None)
        try:
            await self.backend.adelete(key)
        except Exception:
            logger.warning("tool cache delete failed for %s", key, exc_info=True)


# ---------------------------------------------------------------------------------------------
# Tool
# ---------------------------------------------------------------------------------------------
ToolFunc = Callable[[Any, RunContext], Awaitable[Any] | Any]


class _NoParameters(BaseModel):
    pass


@dataclass(eq=False)
class Tool:
    """One tool an agent may call.

    ``func(params, ctx)`` receives the validated ``parameters`` instance and the
    :class:`RunContext`; it may be async (preferred) or sync (run in a worker thread, thread
    sensitive, so ORM calls are safe - a timeout then stops waiting but cannot stop the thread).
    ``retries`` extra attempts follow a timeout or an exception (a :class:`ToolError` with
    ``retry=False`` is final at once). ``cache`` names a cache type; results are cached per user
    and matter (:attr:`RunContext.scope_key`) unless ``shared_cache`` says the output does not
    depend on who asks (public statutes).
    """

    name: str
    description: str
    parameters: type[BaseModel]
    func: ToolFunc
    timeout: float = DEFAULT_TIMEOUT
    retries: int = 1
    max_output_chars: int = DEFAULT_MAX_OUTPUT_CHARS
    cache: CacheType | None = None
    shared_cache: bool = False
    #: The client work a call acts on: (``app_label.model``, the parameter holding its id). Whoever
    #: records a call outside a piece of work (MCP) files its trace and audit event under that
    #: object's matter (docs/decisions/ethical-walls.md).
    acts_on: tuple[str, str] | None = None

    def __post_init__(self) -> None:
        if not NAME_PATTERN.match(self.name or ""):
            raise ValueError(f"tool name {self.name!r} must be snake_case: [a-z][a-z0-9_]*, at most 64 characters")
        if not (self.description or "").strip():
            raise ValueError(f"tool {self.name!r} needs a description (the model reads it)")
        if not (isinstance(self.parameters, type) and issubclass(self.parameters, BaseModel)):
            raise TypeError(f"tool {self.name!r}: parameters must be a pydantic BaseModel subclass")
        if self.timeout <= 0:
            raise ValueError(f"tool {self.name!r}: timeout must be positive")
        if self.retries < 0:
            raise ValueError(f"tool {self.name!r}: retries must be >= 0")
        if self.cache is not None and self.cache not in CACHE_TTLS:
            raise ValueError(f"tool {self.name!r}: cache must be one of {', '.join(CACHE_TTLS)}")
        self.description = inspect.cleandoc(self.description)

    def __repr__(self) -> str:
        return f"<Tool {self.name}>"

    # -- schema and validation (overridden by MCP tools, which carry a JSON schema) ------------
    def json_schema(self) -> dict[str, Any]:
        schema = model_schema(self.parameters)
        schema.pop("title", None)
        schema.setdefault("type", "object")
        schema.setdefault("properties", {})
        return schema

    def openai_schema(self) -> dict[str, Any]:
        """The entry for the ``tools`` list of a chat completion request."""
        return {
            "type": "function",
            "function": {"name": self.name, "description": self.description, "parameters": self.json_schema()},
        }

    def validate(self, arguments: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
        """``(params for func, JSON-safe arguments)``; raises ``ValueError`` with a readable
        message when the arguments do not fit the schema."""
        try:
            params = self.parameters.model_validate(dict(arguments))
        except ValidationError as exc:
            raise ValueError(_validation_text(exc)) from None
        return params, params.model_dump(mode="json")

    async def invoke(self, params: Any, ctx: RunContext) -> Any:
        if inspect.iscoroutinefunction(self.func):
            return await self.func(params, ctx)
        result = await db_sync_to_async(self.func)(params, ctx)
        if inspect.isawaitable(result):
            result = await result
        return result


def _validation_text(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors(include_url=False)[:10]:
        location = ".".join(str(p) for p in error.get("loc", ())) or "(参数整体)"
        parts.append(f"{location}: {error.get('msg', '')}")
    return "; ".join(parts)


def tool(
    func: ToolFunc | None = None,
    *,
    name: str | None = None,
    description: str | None = None,
    parameters: type[BaseModel] | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    retries: int = 1,
    max_output_chars: int = DEFAULT_MAX_OUTPUT_CHARS,
    cache: CacheType | None = None,
    shared_cache: bool = False,
    acts_on: tuple[str, str] | None = None,
    registry: ToolRegistry | None = None,
) -> Any:
    """Decorator turning ``async def name(params: Model, ctx: RunContext)`` into a registered
    :class:`Tool` (name from the function, description from the docstring, parameters from the
    first argument's annotation). Returns the Tool; ``registry`` defaults to the global one."""

    def wrap(fn: ToolFunc) -> Tool:
        model = parameters or _parameters_from_signature(fn)
        made = Tool(
            name=name or fn.__name__,
            description=description or inspect.getdoc(fn) or "",
            parameters=model,
            func=fn,
            timeout=timeout,
            retries=retries,
            max_output_chars=max_output_chars,
            cache=cache,
            shared_cache=shared_cache,
            acts_on=acts_on,
        )
        (registry if registry is not None else _global_registry()).register(made)
        return made

    return wrap(func) if func is not None else wrap


def _parameters_from_signature(fn: ToolFunc) -> type[BaseModel]:
    positional = [
        p for p in inspect.signature(fn).parameters.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    if len(positional) != 2:
        raise TypeError(f"tool function {fn.__name__} must take (params, ctx)")
    try:
        hints = get_type_hints(fn)
    except Exception as exc:  # unresolved forward references
        raise TypeError(f"tool function {fn.__name__}: cannot resolve annotations ({exc}); pass parameters=") from exc
    model = hints.get(positional[0].name)
    if model is None:
        return _NoParameters
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise TypeError(f"tool function {fn.__name__}: first argument must be annotated with a pydantic model")
    return model


# ---------------------------------------------------------------------------------------------
# Registry
# ---------------------------------------------------------------------------------------------
ToolListener = Callable[[ToolResult], object]


class ToolRegistry:
    """Every tool of the project by name, plus per-agent allowlists.

    The global :data:`registry` autodiscovers ``<app>.tools`` modules on first use. Allowlists
    are fnmatch patterns (``"search_*"``, ``"mcp_chinalaw_*"``); an agent with no allowlist gets
    no tools. ``settings.AGENT_TOOL_ALLOWLISTS`` ({agent: [patterns]}) replaces the allowlist
    set in code for the agents it names.
    """

    def __init__(self, *, autodiscover: bool = False, cache: ToolCache | None = None) -> None:
        self._tools: dict[str, Tool] = {}
        self._allowlists: dict[str, tuple[str, ...]] = {}
        self._listeners: list[ToolListener] = []
        self._autodiscover_pending = autodiscover
        self._lock = threading.RLock()
        self.cache = cache if cache is not None else ToolCache()

    # -- registration -----------------------------------------------------------------------
    def register(self, item: Tool, *, replace: bool = False) -> Tool:
        with self._lock:
            existing = self._tools.get(item.name)
            if existing is not None and existing is not item and not replace:
                raise ValueError(f"a different tool is already registered as {item.name!r}")
            self._tools[item.name] = item
        return item

    def unregister(self, name: str) -> None:
        with self._lock:
            self._tools.pop(name, None)

    def autodiscover(self, app_names: Iterable[str] | None = None, *, module: str = "tools") -> list[str]:
        """Import ``<app>.<module>`` for each installed app (or each of ``app_names``) that has
        one, and register the :class:`Tool` objects it defines. Import errors propagate.
        Returns the names of the modules imported."""
        if app_names is None:
            from django.apps import apps

            app_names = [config.name for config in apps.get_app_configs()]
        imported = []
        for app in app_names:
            if app == "agents":
                continue
            dotted = f"{app}.{module}"
            try:
                spec = importlib.util.find_spec(dotted)
            except ModuleNotFoundError:
                spec = None
            if spec is None:
                continue
            loaded = importlib.import_module(dotted)
            imported.append(dotted)
            for value in vars(loaded).values():
                if isinstance(value, Tool):
                    self.register(value)
        with self._lock:
            self._autodiscover_pending = False
        return imported

    def _ensure_discovered(self) -> None:
        if self._autodiscover_pending:
            with self._lock:
                if self._autodiscover_pending:
                    self.autodiscover()

    def get(self, name: str) -> Tool | None:
        self._ensure_discovered()
        return self._tools.get(name)

    def names(self) -> list[str]:
        self._ensure_discovered()
        return sorted(self._tools)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    # -- allowlists ---------------------------------------------------------------------------
    def set_allowlist(self, agent: str, patterns: Sequence[str]) -> None:
        with self._lock:
            self._allowlists[agent] = tuple(patterns)

    def allowlist(self, agent: str) -> tuple[str, ...]:
        from django.conf import settings

        configured = (getattr(settings, "AGENT_TOOL_ALLOWLISTS", None) or {}).get(agent)
        if configured is not None:
            return tuple(configured)
        return self._allowlists.get(agent, ())

    def allowed(self, agent: str, allow: Sequence[str] | None = None) -> list[Tool]:
        patterns = tuple(allow) if allow is not None else self.allowlist(agent)
        self._ensure_discovered()
        with self._lock:
            tools = list(self._tools.values())
        return [t for t in sorted(tools, key=lambda t: t.name) if any(fnmatch.fnmatchcase(t.name, p) for p in patterns)]

    def toolbox(self, agent: str, allow: Sequence[str] | None = None) -> Toolbox:
        """The tools ``agent`` may call: ``allow`` (patterns) if given, else its allowlist."""
        return Toolbox(self, agent, self.allowed(agent, allow))

    # -- listeners ----------------------------------------------------------------------------
    def add_listener(self, listener: ToolListener) -> None:
        """``listener(ToolResult)`` after every tool call (in the caller's task; async
        listeners are awaited). Exceptions are logged, never raised."""
        self._listeners.append(listener)

    def remove_listener(self, listener: ToolListener) -> None:
        self._listeners.remove(listener)

    async def _notify(self, result: ToolResult) -> None:
        for listener in list(self._listeners):
            try:
                outcome = listener(result)
                if inspect.isawaitable(outcome):
                    await outcome
            except Exception:
                logger.exception("tool listener %r failed", listener)


#: The project-wide registry; ``<app>/tools.py`` modules register here.
registry = ToolRegistry(autodiscover=True)


def _global_registry() -> ToolRegistry:
    return registry


# ---------------------------------------------------------------------------------------------
# Toolbox: one agent's tools, and the machinery around each call
# ---------------------------------------------------------------------------------------------
class Toolbox:
    """The tools one agent may use, and the way every call runs (events, validation, timeout,
    retry, cache, output cap). Used by the ReAct loop and by offline handlers alike."""

    def __init__(self, registry: ToolRegistry, agent: str, tools: Iterable[Tool]) -> None:
        self.registry = registry
        self.agent = agent
        self.tools: dict[str, Tool] = {t.name: t for t in tools}

    def __bool__(self) -> bool:
        return bool(self.tools)

    def __contains__(self, name: object) -> bool:
        return name in self.tools

    def names(self) -> list[str]:
        return list(self.tools)

    def schemas(self) -> list[dict[str, Any]]:
        return [t.openai_schema() for t in self.tools.values()]

    async def call(self, name: str, arguments: Mapping[str, Any] | None = None, *, ctx: RunContext) -> ToolResult:
        """Call a tool directly (offline handlers, services)."""
        return await self._run(name, dict(arguments or {}), None, None, ctx)

    async def run(self, call: ToolCall, ctx: RunContext) -> ToolResult:
        """Run one tool call the model asked for."""
        return await self._run(call.name, call.arguments, call.arguments_error, call.id, ctx, raw=call.raw_arguments)

    async def run_many(self, calls: Sequence[ToolCall], ctx: RunContext) -> list[ToolResult]:
        """Run the model's tool calls concurrently; results keep the order of ``calls``."""
        return list(await asyncio.gather(*(self.run(c, ctx) for c in calls)))

    async def _run(
        self,
        name: str,
        arguments: Mapping[str, Any],
        arguments_error: str | None,
        model_call_id: str | None,
        ctx: RunContext,
        *,
        raw: str | None = None,
    ) -> ToolResult:
        ctx = ctx if ctx.agent == self.agent else ctx.for_agent(self.agent)
        call_id = ctx.issue_call_id(model_call_id)
        started = time.perf_counter()
        found = self.tools.get(name)
        problem: tuple[ErrorKind, str] | None = None
        params: Any = None
        shown: dict[str, Any] = dict(arguments)
        if arguments_error is not None:
            shown = {"_raw": (raw or "")[:2000]}
            problem = ("invalid_arguments", f"参数不是合法的 JSON 对象（{arguments_error}）")
        elif found is None:
            known = self.registry.get(name) is not None
            kind: ErrorKind = "not_allowed" if known else "unknown_tool"
            problem = (kind, f"工具 {name!r} 不可用；可用工具：{', '.join(self.tools) or '无'}")
        else:
            try:
                params, shown = found.validate(arguments)
            except ValueError as exc:
                problem = ("invalid_arguments", f"参数不符合工具的参数定义：{exc}")

        await ctx.send(events.tool_call(ctx.trace_id, call_id=call_id, agent=self.agent, tool=name, input=shown))

        if problem is not None:
            kind_, message = problem
            hint = f"\n参数定义：{json.dumps(found.json_schema(), ensure_ascii=False)}" if found is not None else ""
            result = ToolResult(
                call_id=call_id,
                tool=name,
                agent=self.agent,
                ok=False,
                content=f"工具调用失败（{kind_}）：{message}{hint}\n请修正后重试，或不使用该工具直接回答。",
                arguments=shown,
                error=message,
                error_kind=kind_,
                duration_ms=(time.perf_counter() - started) * 1000,
                model_call_id=model_call_id,
            )
        else:
            assert found is not None
            result = await self._execute(found, params, shown, call_id, model_call_id, ctx, started)

        await ctx.send(
            {
                **events.tool_result(
                    ctx.trace_id,
                    call_id=call_id,
                    ok=result.ok,
                    summary=result.summary,
                    duration_ms=result.duration_ms,
                ),
                # Beyond §5, for the audit trail (tracing.recorder reads them):
                "agent": self.agent,
                "tool": name,
                "attempt": result.attempts,
                "cached": result.cached,
                "timeout": result.error_kind == "timeout",
                "error": result.error,
                "output": result.content,
            }
        )
        if not result.ok and result.error_kind in ("timeout", "failed"):
            await ctx.send(
                events.error(ctx.trace_id, code="tool_failed", message=f"{name}: {_one_line(result.error or '', 300)}")
            )
        await self.registry._notify(result)
        return result

    async def _execute(
        self,
        found: Tool,
        params: Any,
        arguments: dict[str, Any],
        call_id: str,
        model_call_id: str | None,
        ctx: RunContext,
        started: float,
    ) -> ToolResult:
        cache = self.registry.cache
        key = None
        if found.cache is not None:
            scope = "shared" if found.shared_cache else ctx.scope_key
            key = cache.key(found.name, arguments, scope=scope)
            hit, value = await cache.get(key)
            if hit:
                return self._success(found, value, arguments, call_id, model_call_id, started, 0, cached=True)

        attempts = 0
        error: str = ""
        kind: ErrorKind = "failed"
        while attempts <= found.retries:
            attempts += 1
            try:
                async with asyncio.timeout(found.timeout):
                    output = await found.invoke(params, ctx)
            except TimeoutError:
                error, kind = f"超时（{found.timeout:g} 秒）", "timeout"
                logger.info("tool %s timed out (attempt %d)", found.name, attempts)
                continue
            except ToolError as exc:
                error, kind = exc.message, "failed"
                if not exc.retry:
                    break
                continue
            except Exception as exc:
                error, kind = f"{type(exc).__name__}: {exc}", "failed"
                logger.warning("tool %s failed (attempt %d): %s", found.name, attempts, error, exc_info=True)
                continue
            output = _jsonable(output)
            if key is not None and found.cache is not None:
                await cache.set(key, output, found.cache)
            return self._success(found, output, arguments, call_id, model_call_id, started, attempts)

        return ToolResult(
            call_id=call_id,
            tool=found.name,
            agent=self.agent,
            ok=False,
            content=f"工具 {found.name} 调用失败（已尝试 {attempts} 次）：{error}。请不依赖该工具继续作答。",
            arguments=arguments,
            error=error,
            error_kind=kind,
            attempts=attempts,
            duration_ms=(time.perf_counter() - started) * 1000,
            model_call_id=model_call_id,
        )

    def _success(
        self,
        found: Tool,
        output: Any,
        arguments: dict[str, Any],
        call_id: str,
        model_call_id: str | None,
        started: float,
        attempts: int,
        *,
        cached: bool = False,
    ) -> ToolResult:
        content, truncated = truncate(render_output(output), found.max_output_chars)
        return ToolResult(
            call_id=call_id,
            tool=found.name,
            agent=self.agent,
            ok=True,
            content=content,
            arguments=arguments,
            output=output,
            attempts=attempts,
            duration_ms=(time.perf_counter() - started) * 1000,
            cached=cached,
            truncated=truncated,
            model_call_id=model_call_id,
        )
