"""The agent registry: every agent of the project declared once, registered by name.

An :class:`Agent` says everything the runtime needs about one agent: its name (events, traces,
tool allowlists), its LLM role (which model), its instructions (the SOP it follows), the tools it
may call (fnmatch patterns), how it answers without a model (its offline handler) and its limits.
Apps declare their agents in ``<app>/specialists.py``::

    from agents.registry import Agent, registry

    REVIEWER = registry.register(Agent(
        name="clause_reviewer", role="contract_review", label="条款审查",
        instructions="你是合同审查律师：逐条审查……",
        tools=("search_legal_knowledge", "lookup_legal_article"),
        offline=review_offline,
    ))

and the runtime imports every installed app's ``specialists`` module when Django starts
(``AgentsConfig.ready``), the way the admin imports ``admin.py``. Registering an agent also gives
its offline handler to the offline engine under the agent's name. A service builds the run with
:meth:`Agent.spec` (its own system prompt, tools for the situation) and hands it to
:func:`agents.runner.run_agent`.
"""

from __future__ import annotations

import importlib
import importlib.util
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.apps import apps

from agents import offline
from agents.offline import OfflineEngine, OfflineHandler
from agents.types import AgentSpec

__all__ = ["Agent", "AgentRegistry", "registry"]

#: The module each installed app declares its agents in.
MODULE = "specialists"


@dataclass(frozen=True)
class Agent:
    """One agent, declared once. Subclasses may refine :meth:`tools_for` (e.g. more tools for some
    intents) or add fields of their own; the runtime reads only what is here."""

    name: str
    role: str = "advisor"
    instructions: str = ""
    tools: tuple[str, ...] = ()
    offline: OfflineHandler | None = None
    label: str = ""
    max_steps: int | None = None
    window: int | None = None
    temperature: float | None = None
    max_tokens: int | None = None

    def __post_init__(self) -> None:
        if not self.name:
            raise ValueError("an agent needs a name")
        object.__setattr__(self, "tools", tuple(self.tools))

    def tools_for(self, **situation: Any) -> tuple[str, ...]:
        """The allowlist patterns for one run; ``situation`` is what the caller knows (intent…)."""
        return self.tools

    def spec(self, *, instructions: str | None = None, tools: Sequence[str] | None = None,
             stream: bool = True) -> AgentSpec:
        """The run of this agent: its own instructions and tools unless the caller gives the
        prompt it composed (instructions + context) or the tools for the situation."""
        return AgentSpec(
            name=self.name,
            role=self.role,
            instructions=self.instructions if instructions is None else instructions,
            tools=tuple(self.tools if tools is None else tools),
            max_steps=self.max_steps,
            window=self.window,
            stream=stream,
            temperature=self.temperature,
            max_tokens=self.max_tokens,
        )


class AgentRegistry:
    """Agents by name. ``register`` refuses a different agent under a name already taken."""

    def __init__(self, *, engine: OfflineEngine | None = None) -> None:
        self._agents: dict[str, Agent] = {}
        self._lock = threading.RLock()
        self.engine = engine if engine is not None else offline.engine

    def register(self, agent: Agent, *, replace: bool = False) -> Agent:
        with self._lock:
            existing = self._agents.get(agent.name)
            if existing is not None and existing != agent and not replace:
                raise ValueError(f"a different agent is already registered as {agent.name!r}")
            self._agents[agent.name] = agent
            if agent.offline is not None:
                self.engine.register(agent.name, agent.offline, replace=True)
        return agent

    def unregister(self, name: str) -> None:
        with self._lock:
            agent = self._agents.pop(name, None)
            if agent is not None and agent.offline is not None:
                self.engine.unregister(name)

    def get(self, name: str) -> Agent:
        """Raises ``LookupError`` for an agent nobody declared."""
        try:
            return self._agents[name]
        except KeyError:
            raise LookupError(f"no agent is registered as {name!r}") from None

    def all(self) -> list[Agent]:
        with self._lock:
            return list(self._agents.values())

    def __contains__(self, name: object) -> bool:
        return name in self._agents

    def autodiscover(self, app_names: Iterable[str] | None = None, *, module: str = MODULE) -> list[str]:
        """Import ``<app>.<module>`` for each installed app (or each of ``app_names``) that has
        one; its ``registry.register(...)`` calls declare the app's agents. Import errors
        propagate. Returns the modules imported."""
        if app_names is None:
            app_names = [config.name for config in apps.get_app_configs()]
        imported = []
        for app in app_names:
            dotted = f"{app}.{module}"
            try:
                found = importlib.util.find_spec(dotted)
            except ModuleNotFoundError:
                found = None
            if found is not None:
                importlib.import_module(dotted)
                imported.append(dotted)
        return imported


#: The project's agents; ``<app>/specialists.py`` modules register here.
registry = AgentRegistry()
