"""``ToolRegistry``: every tool of the project by name, the agents' allowlists, autodiscovery of each
app's ``tools.py``, listeners (the audit trail); ``registry``, the project-wide instance; and the
``@tool`` decorator, which builds a :class:`~agents.tools.definition.Tool` and registers it (here,
beside the registry it registers into, so the tool contract does not import the registry back).
"""

from __future__ import annotations

import fnmatch
import importlib
import importlib.util
import inspect
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from pydantic import BaseModel

from agents.tools.cache import CacheType, ToolCache
from agents.tools.context import ToolResult, logger
from agents.tools.definition import (
    DEFAULT_MAX_OUTPUT_CHARS,
    DEFAULT_TIMEOUT,
    Tool,
    ToolFunc,
    _parameters_from_signature,
)
from agents.tools.toolbox import Toolbox

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
