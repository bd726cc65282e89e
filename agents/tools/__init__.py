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

The package, by the seams the module marked (docs/decisions/module-splits.md):

- ``context``: ``RunContext`` (what a tool is handed), ``ToolError``, ``ToolResult`` and output rendering;
- ``cache``: argument normalisation and ``ToolCache`` (Django's cache plus a small local one);
- ``definition``: the ``Tool`` contract (and its parameters model read from a function's signature);
- ``catalog``: ``ToolRegistry``, the project-wide ``registry`` and the ``@tool`` decorator that registers
  into it;
- ``toolbox``: one agent's tools and the machinery around each call (``Toolbox``).

Every public name is re-exported here, so ``from agents.tools import X`` keeps working.
"""

from agents.tools.cache import (
    CACHE_TTLS,
    LOCAL_CACHE_ENTRIES,
    LOCAL_CACHE_SECONDS,
    CacheType,
    ToolCache,
    normalise_arguments,
)
from agents.tools.catalog import ToolListener, ToolRegistry, registry, tool
from agents.tools.context import (
    SUMMARY_CHARS,
    DepsT,
    ErrorKind,
    RunContext,
    ToolError,
    ToolResult,
    render_output,
    truncate,
)
from agents.tools.definition import DEFAULT_MAX_OUTPUT_CHARS, DEFAULT_TIMEOUT, NAME_PATTERN, Tool, ToolFunc
from agents.tools.toolbox import Toolbox

__all__ = [
    "CACHE_TTLS",
    "CacheType",
    "DEFAULT_MAX_OUTPUT_CHARS",
    "DEFAULT_TIMEOUT",
    "DepsT",
    "ErrorKind",
    "LOCAL_CACHE_ENTRIES",
    "LOCAL_CACHE_SECONDS",
    "NAME_PATTERN",
    "RunContext",
    "SUMMARY_CHARS",
    "Tool",
    "ToolCache",
    "ToolError",
    "ToolFunc",
    "ToolListener",
    "ToolRegistry",
    "ToolResult",
    "Toolbox",
    "normalise_arguments",
    "registry",
    "render_output",
    "tool",
    "truncate",
]
