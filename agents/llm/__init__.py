"""LLM gateway: the only package in LegalSite that talks to a model.

It wraps ``openai.AsyncOpenAI`` against any OpenAI-compatible endpoint (DashScope compatible
mode, DeepSeek, OpenAI, vLLM, Ollama, Zhipu GLM, Moonshot). Models and temperatures are chosen per
role; every call carries token usage, latency and a cost in CNY from a price table; transient
failures are retried exactly once; failures surface as typed :class:`LLMError` subclasses. What
differs between providers (reasoning output, tool calls written into the text, JSON modes,
parameters they reject) is data: a :class:`~agents.llm.profiles.ProviderProfile` per provider.

With no ``LLM_BASE_URL`` the project is offline (see :func:`is_offline`); calling the gateway
then raises :class:`LLMUnavailable` - the offline engine lives in ``agents.offline``.

API keys never appear in a repr/str, in the ``request``/``response`` dicts of a result, or in an
error message produced here.

Modules: ``errors``, ``config``, ``results`` (tool calls, results, stream assembly),
``profiles`` (provider profiles and detection), ``shapes`` (reasoning and tool calls in the text),
``transport`` (clients, attempts), ``structured`` (JSON output), ``gateway`` (the calls), ``check`` and
``store`` (the capability check and its stored report), ``factory`` (the process-wide gateway).
"""

from __future__ import annotations

from agents.llm.config import (
    DEFAULT_PRICES,
    DEFAULT_TEMPERATURES,
    ROLES,
    LLMConfig,
    ModelPrice,
    role_models_from_env,
)
from agents.llm.errors import LLMBadRequest, LLMBadResponse, LLMError, LLMTimeout, LLMUnavailable
from agents.llm.factory import get_gateway, is_offline, reset_gateway
from agents.llm.gateway import LLMGateway
from agents.llm.results import LLMFailure, LLMResult, ToolCall, model_schema, parse_tool_arguments

__all__ = [
    "DEFAULT_PRICES",
    "DEFAULT_TEMPERATURES",
    "ROLES",
    "LLMBadRequest",
    "LLMBadResponse",
    "LLMConfig",
    "LLMError",
    "LLMFailure",
    "LLMGateway",
    "LLMResult",
    "LLMTimeout",
    "LLMUnavailable",
    "ModelPrice",
    "ToolCall",
    "get_gateway",
    "is_offline",
    "model_schema",
    "parse_tool_arguments",
    "reset_gateway",
    "role_models_from_env",
]
