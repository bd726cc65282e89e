"""Explicit hooks between apps that may not import each other.

An app registers a function under a name in its ``AppConfig.ready()``; another app calls it by that
name. The layers stay one-way (docs/decisions/layers.md): ``drafting`` reads chat sessions for its
pre-fill through the hooks ``chat`` registers, without importing ``chat``. Every hook is listed there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_hooks: dict[str, Callable[..., Any]] = {}


def hook_register(name: str, func: Callable[..., Any]) -> None:
    """Register ``func`` as the hook ``name``; a second, different function for the same name is an error."""
    current = _hooks.get(name)
    if current is not None and current is not func:
        raise RuntimeError(f"the hook {name!r} is registered already ({current.__module__}.{current.__qualname__})")
    _hooks[name] = func


def hook_call(name: str, /, *args: Any, **kwargs: Any) -> Any:
    """Call the hook ``name``; LookupError when no app registered it."""
    try:
        func = _hooks[name]
    except KeyError:
        raise LookupError(f"no app registered the hook {name!r}") from None
    return func(*args, **kwargs)
