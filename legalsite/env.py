"""Typed reading of environment variables.

Every reader raises :class:`ConfigError` with a one-line message that names the
variable, so a wrong value stops start-up with a clear sentence instead of a
traceback deep inside Django.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from urllib.parse import urlsplit

from core.redaction import redact_url  # noqa: F401 - read here by its older importers

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


class ConfigError(Exception):
    """A configuration value from the environment is missing or invalid."""

    def __init__(self, name: str, problem: str) -> None:
        self.name = name
        self.problem = problem
        super().__init__(f"{name}: {problem}")


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ConfigError(name, f"expected true/false (1/0, yes/no), got {raw!r}")


def env_int(name: str, default: int, *, minimum: int | None = None, maximum: int | None = None) -> int:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ConfigError(name, f"expected an integer, got {raw!r}") from None
    if minimum is not None and value < minimum or maximum is not None and value > maximum:
        raise ConfigError(name, f"must be between {minimum} and {maximum}, got {value}")
    return value


def env_float(name: str, default: float, *, minimum: float = 0.0) -> float:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        value = float(raw.strip())
    except ValueError:
        raise ConfigError(name, f"expected a number, got {raw!r}") from None
    if value < minimum:
        raise ConfigError(name, f"must be at least {minimum}, got {value}")
    return value


def env_list(name: str, default: Iterable[str] = ()) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_json(name: str, default: object) -> object:
    """Read a JSON value (e.g. a price table); malformed JSON names the variable."""
    import json

    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return json.loads(raw)
    except ValueError as exc:
        raise ConfigError(name, f"invalid JSON ({exc.msg} at position {exc.pos})") from None


def env_choice(name: str, choices: Iterable[str], default: str) -> str:
    allowed = list(choices)
    value = env_str(name, default) or default
    if value not in allowed:
        raise ConfigError(name, f"unknown value {value!r}; expected one of {', '.join(allowed)}")
    return value


def env_url(name: str, *, schemes: Iterable[str], default: str = "") -> str:
    """Read a URL and check that it parses and uses one of ``schemes``."""
    value = env_str(name, default)
    if not value:
        return ""
    allowed = tuple(schemes)
    try:
        parts = urlsplit(value)
        port = parts.port  # raises ValueError on a non-numeric port
    except ValueError as exc:
        raise ConfigError(name, f"cannot parse URL ({exc})") from None
    if parts.scheme not in allowed:
        raise ConfigError(name, f"unsupported scheme {parts.scheme or '(none)'!r}; expected {', '.join(allowed)}")
    if not parts.hostname and not (parts.scheme.startswith("redis") and parts.path) and port is None:
        raise ConfigError(name, "URL has no host")
    return value
