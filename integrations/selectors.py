"""Reads for the integration surfaces: the registered agents, the system's health and a trace's
token usage."""

from __future__ import annotations

import urllib.error
import urllib.request
from typing import Any

from django.conf import settings
from django.db.models import Sum

from agents.critic import DEFAULT_MAX_ROUNDS
from agents.llm import ROLES, get_gateway
from agents.registry import registry as agent_registry
from agents.tools import registry as tool_registry
from core.health import health_check
from knowledge.selectors.statutes import corpus_status
from tracing.models import LLMCall

#: What the page and the API show instead of a model name when no LLM is configured.
OFFLINE_LABEL = "离线模式"


def agent_list() -> list[dict[str, Any]]:
    """Every registered agent: name, role, label, model (or 离线模式), tools and limits."""
    gateway = get_gateway()
    agents = []
    for agent in sorted(agent_registry.all(), key=lambda a: a.name):
        patterns = list(agent.tools)
        agents.append({
            "name": agent.name,
            "role": agent.role,
            "label": agent.label or agent.name,
            "model": OFFLINE_LABEL if gateway.offline else gateway.model_for(agent.role),
            "tool_mode": "none" if gateway.offline else gateway.tool_mode(agent.role),
            "offline_handler": agent.offline is not None,
            "tool_patterns": patterns,
            "tools": [tool.name for tool in tool_registry.allowed(agent.name, patterns)] if patterns else [],
            "limits": {
                "max_steps": agent.max_steps or settings.AGENT_MAX_STEPS,
                "window": agent.window or settings.AGENT_MESSAGE_WINDOW,
                "critic_rounds": DEFAULT_MAX_ROUNDS,
                "agent_timeout_s": settings.AGENT_TIMEOUT,
                "llm_timeout_s": settings.LLM_TIMEOUT,
            },
        })
    return agents


def llm_profile() -> dict[str, Any]:
    """The provider profile the gateway uses, per role, and where it came from (the stored
    ``llm_check`` report for this endpoint, ``LLM_PROVIDER``, or the base URL)."""
    gateway = get_gateway()
    if gateway.offline:
        return {"configured": False, "provider": None, "source": None, "checked_at": None, "roles": {},
                "degraded": []}
    stored = dict(gateway.config.measured or {})
    if gateway.config.provider not in ("", "auto"):
        source = "LLM_PROVIDER"
    else:
        source = "llm_check" if stored else "base URL"
    roles = {}
    for role in ROLES:
        model = gateway.model_for(role)
        profile = gateway.profile_for(model).describe()
        measured = (stored.get("models") or {}).get(model) or {}
        roles[role] = {"model": model, **profile, "context": measured.get("context"),
                       "latency_ms": measured.get("latency_ms"), "checked": bool(measured)}
    return {"configured": True, "provider": gateway.provider, "source": source,
            "checked_at": stored.get("checked_at"), "roles": roles,
            "degraded": list(stored.get("degraded") or [])}


def _knowledge() -> dict[str, Any]:
    try:
        status = corpus_status()
    except Exception as exc:  # reported, never raised
        return {"ok": False, "error": " ".join(str(exc).split())[:300]}
    return {"ok": status["articles"]["current"] > 0, "laws": status["laws"], "articles": status["articles"],
            "needs_reembed": status["embedding"]["needs_reembed"]}


def llm_reachable(*, timeout: float = 2.0) -> dict[str, Any]:
    """Whether the configured LLM endpoint answers HTTP at all (any status counts as reachable)."""
    if not settings.LLM_BASE_URL:
        return {"configured": False, "reachable": False}
    url = settings.LLM_BASE_URL.rstrip("/") + "/models"
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {settings.LLM_API_KEY}"})  # noqa: S310
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 - env_url allows http(s) only
            status = response.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except (OSError, ValueError) as exc:
        return {"configured": True, "reachable": False, "error": " ".join(str(exc).split())[:300]}
    return {"configured": True, "reachable": True, "http_status": status}


def system_status(*, worker_timeout: float = 1.0) -> dict[str, Any]:
    """The agents and the health of what they need: LLM endpoint, worker, database, knowledge."""
    health = health_check(worker_timeout=worker_timeout)
    components = health["components"]
    llm = components["llm"]
    return {
        "status": health["status"],
        "llm": {**llm, **llm_reachable()},
        "llm_profile": llm_profile(),
        "worker": components["worker"],
        "components": components,
        "knowledge": _knowledge(),
        "multi_agent": settings.ENABLE_MULTI_AGENT,
        "agents": agent_list(),
    }


def system_status_brief(*, worker_timeout: float = 1.0) -> dict[str, Any]:
    """What every logged-in user may know of the system: the agents' names and each component's
    health (up or not), without addresses, errors, models or limits (admins read
    :func:`system_status`)."""
    health = health_check(worker_timeout=worker_timeout)
    return {
        "status": health["status"],
        "health": {name: bool(component.get("ok")) for name, component in health["components"].items()},
        "agents": [{"name": agent["name"], "label": agent["label"]} for agent in agent_list()],
    }


def trace_token_usage(trace_id: str) -> dict[str, int]:
    """The tokens of a trace's model calls as OpenAI reports usage: ``prompt_tokens`` and
    ``completion_tokens`` are the sums of the recorded calls' input and output tokens (a call the
    endpoint reported no usage for counts 0), and ``total_tokens`` their sum. A trace
    without model calls (the offline engine) uses no tokens."""
    totals = (LLMCall.objects.filter(trace__trace_id=trace_id) if trace_id else LLMCall.objects.none()
              ).aggregate(prompt=Sum("tokens_in"), completion=Sum("tokens_out"))
    prompt, completion = int(totals["prompt"] or 0), int(totals["completion"] or 0)
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}
