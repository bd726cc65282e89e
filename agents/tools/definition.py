"""The ``Tool`` contract: a snake_case name, a description, a pydantic parameters model (given, or
read from the function's signature), a function, cache and timeout settings, and how it runs once.
The ``@tool`` decorator that builds and registers one is in :mod:`agents.tools.catalog`.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, get_type_hints

from pydantic import BaseModel, ValidationError

from agents.aio import db_sync_to_async
from agents.llm import model_schema
from agents.tools.cache import CACHE_TTLS, CacheType
from agents.tools.context import RunContext

DEFAULT_TIMEOUT: Final = 20.0
DEFAULT_MAX_OUTPUT_CHARS: Final = 8000
#: OpenAI-compatible function names: ``^[a-zA-Z0-9_-]{1,64}$``; ours are stricter snake_case.
NAME_PATTERN: Final = re.compile(r"^[a-z][a-z0-9_]{0,63}$")


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
