"""Gateway configuration: roles, temperatures, prices and :class:`LLMConfig`."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

from agents.llm.store import stored_profile_load

__all__ = [
    "DEFAULT_PRICES",
    "DEFAULT_TEMPERATURES",
    "ROLES",
    "LLMConfig",
    "ModelPrice",
    "role_models_from_env",
]

ROLES: Final[tuple[str, ...]] = (
    "intent",
    "research",
    "case_analysis",
    "advisor",
    "drafting",
    "critic",
    "contract_review",
    "planner",
    "summarizer",
)

#: Built-in per-role temperatures; ``LLM_ROLE_TEMPERATURES`` overrides them role by role.
DEFAULT_TEMPERATURES: Final[Mapping[str, float]] = MappingProxyType(
    {
        "intent": 0.0,
        "research": 0.3,
        "case_analysis": 0.3,
        "advisor": 0.5,
        "drafting": 0.4,
        "critic": 0.0,
        "contract_review": 0.1,
        "planner": 0.2,
        "summarizer": 0.2,
    }
)

#: Built-in list prices in CNY per million tokens (non-cached input / output, the lowest context
#: tier, approximate as of 2025). ``LLM_PRICES`` overrides or extends them model by model.
DEFAULT_PRICES: Final[Mapping[str, Mapping[str, float]]] = MappingProxyType(
    {
        "qwen-max": {"input": 2.4, "output": 9.6},
        "qwen3-max": {"input": 6.0, "output": 24.0},
        "qwen-plus": {"input": 0.8, "output": 2.0},
        "qwen-turbo": {"input": 0.3, "output": 0.6},
        "qwen-flash": {"input": 0.15, "output": 1.5},
        "qwen-long": {"input": 0.5, "output": 2.0},
        "deepseek-chat": {"input": 2.0, "output": 3.0},
        "deepseek-reasoner": {"input": 2.0, "output": 3.0},
    }
)

#: Keys shorter than this are treated as placeholders ("EMPTY", "ollama") and not redacted.
_DATE_SUFFIX: Final = re.compile(r"-(?:latest|\d{4}-\d{2}-\d{2}|\d{4,8})$")


@dataclass(frozen=True, slots=True)
class ModelPrice:
    """CNY per million tokens."""

    input: float
    output: float

    def cost(self, tokens_in: int, tokens_out: int) -> float:
        return (tokens_in * self.input + tokens_out * self.output) / 1_000_000


def _price_from_mapping(model: str, value: Any) -> ModelPrice:
    if isinstance(value, ModelPrice):
        return value
    try:
        price = ModelPrice(input=float(value["input"]), output=float(value["output"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(
            f"LLM_PRICES[{model!r}] needs numeric 'input' and 'output' (CNY per 1M tokens)"
        ) from exc
    if price.input < 0 or price.output < 0:
        raise ValueError(f"LLM_PRICES[{model!r}] must not be negative")
    return price


def _price_candidates(model: str) -> list[str]:
    """``Qwen/qwen-plus-2025-07-28`` -> [full name, ``qwen-plus-2025-07-28``, ``qwen-plus``]."""
    name = model.strip().lower()
    candidates = [name]
    if "/" in name:
        name = name.rsplit("/", 1)[1]
        candidates.append(name)
    while (stripped := _DATE_SUFFIX.sub("", name)) != name:
        name = stripped
        candidates.append(name)
    return candidates


def role_models_from_env(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """``LLM_MODEL_<ROLE>`` environment variables as a role -> model dict (for settings)."""
    env = os.environ if environ is None else environ
    models: dict[str, str] = {}
    for role in ROLES:
        value = (env.get(f"LLM_MODEL_{role.upper()}") or "").strip()
        if value:
            models[role] = value
    return models


def _safe_url(url: str) -> str:
    """The URL without user info and query string (either may carry credentials)."""
    if not url:
        return ""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


@dataclass(frozen=True)
class LLMConfig:
    """Gateway configuration. Build it with :meth:`from_settings` or directly (tests).

    An empty ``base_url`` means offline. ``prices`` only holds overrides/additions; they are
    merged over :data:`DEFAULT_PRICES`. ``retry_backoff`` is the pause before the single retry
    (a ``Retry-After`` header, capped at 5 s, wins).
    """

    base_url: str = ""
    api_key: str = field(default="", repr=False)
    model: str = ""
    timeout: float = 60.0
    role_models: Mapping[str, str] = field(default_factory=dict)
    role_temperatures: Mapping[str, float] = field(default_factory=dict)
    prices: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    retry_backoff: float = 0.5
    provider: str = "auto"
    measured: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("role_models", "role_temperatures"):
            unknown = set(getattr(self, name)) - set(ROLES)
            if unknown:
                raise ValueError(f"{name}: unknown role(s) {sorted(unknown)}; roles are {', '.join(ROLES)}")
        if self.timeout <= 0:
            raise ValueError("timeout must be positive (seconds)")
        if self.base_url and not self.model and set(self.role_models) != set(ROLES):
            raise ValueError("LLM_MODEL is required when LLM_BASE_URL is set (unless every role has a model)")
        object.__setattr__(self, "role_models", MappingProxyType(dict(self.role_models)))
        temperatures = {role: float(value) for role, value in self.role_temperatures.items()}
        object.__setattr__(self, "role_temperatures", MappingProxyType(temperatures))
        prices = {
            str(model).lower(): _price_from_mapping(model, value) for model, value in self.prices.items()
        }
        object.__setattr__(self, "prices", MappingProxyType(prices))

    @property
    def offline(self) -> bool:
        return not self.base_url

    @classmethod
    def from_settings(cls, source: Any = None) -> LLMConfig:
        """Read ``LLM_*`` from Django settings (or any object with those attributes), lazily.

        ``LLM_ROLE_MODELS`` defaults to the ``LLM_MODEL_<ROLE>`` environment variables.
        """
        if source is None:
            from django.conf import settings as source
        role_models = getattr(source, "LLM_ROLE_MODELS", None)
        base_url = str(getattr(source, "LLM_BASE_URL", "") or "").strip()
        path = getattr(source, "LLM_PROFILE_PATH", None)
        measured = stored_profile_load(path, base_url) if path and base_url else {}
        return cls(
            base_url=str(getattr(source, "LLM_BASE_URL", "") or "").strip(),
            api_key=str(getattr(source, "LLM_API_KEY", "") or "").strip(),
            model=str(getattr(source, "LLM_MODEL", "") or "").strip(),
            timeout=float(getattr(source, "LLM_TIMEOUT", 60.0) or 60.0),
            role_models=role_models_from_env() if role_models is None else dict(role_models),
            role_temperatures=dict(getattr(source, "LLM_ROLE_TEMPERATURES", None) or {}),
            prices=dict(getattr(source, "LLM_PRICES", None) or {}),
            provider=str(getattr(source, "LLM_PROVIDER", "auto") or "auto").strip().lower(),
            measured=measured,
        )

    def describe(self) -> dict[str, Any]:
        """A loggable summary; never contains the key."""
        return {
            "base_url": _safe_url(self.base_url),
            "api_key_set": bool(self.api_key),
            "model": self.model,
            "timeout": self.timeout,
            "role_models": dict(self.role_models),
            "offline": self.offline,
            "provider": self.provider,
        }

