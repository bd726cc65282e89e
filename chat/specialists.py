"""The chat's specialists, each declared once: name, model role, instructions, tools, offline handler.

The intent plans (``chat.domains``) name which of them answer a question; the turn
(``chat.turn``) reads everything else from here through the agent registry. The offline
handlers' bodies live in ``chat.offline``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from agents.registry import Agent, registry
from chat import domains, offline

RESEARCH_TOOLS: Final = ("search_legal_knowledge", "lookup_legal_article", "query_knowledge_graph", "web_search",
                         "analyze_legal_situation", "mcp_*")
CALCULATOR_TOOLS: Final = ("calculate_severance", "calculate_double_wage", "calculate_litigation_fee",
                           "calculate_limitation_period", "calculate")
CASE_TOOLS: Final = ("search_cases", "search_legal_knowledge", "web_search")
ADVISOR_TOOLS: Final = ("lookup_legal_article", "verify_citations")

#: The one agent with every tool that answers alone when ENABLE_MULTI_AGENT is off.
SINGLE_AGENT: Final = "legal_assistant"


@dataclass(frozen=True)
class Specialist(Agent):
    """A chat specialist: its own tools plus, for some intents, more (calculators for calculation)."""

    intent_tools: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def tools_for(self, *, intent: str = "", **situation: Any) -> tuple[str, ...]:
        return tuple(dict.fromkeys((*self.tools, *self.intent_tools.get(intent, ()))))


LEGAL_RESEARCH = registry.register(Specialist(
    name=domains.LEGAL_RESEARCH, role="research", label="法律检索",
    instructions="你是法律检索专员：先用工具检索现行法条，再依据检索到的条文作答，引用格式为《法律全称》第X条。",
    tools=RESEARCH_TOOLS, intent_tools={"calculation": CALCULATOR_TOOLS},
    offline=offline.research_offline,
))
CASE_ANALYSIS = registry.register(Specialist(
    name=domains.CASE_ANALYSIS, role="case_analysis", label="类案分析",
    instructions="你是类案分析专员：检索律所案例库与公开信息，归纳裁判要点与风险。",
    tools=CASE_TOOLS,
    offline=offline.case_analysis_offline,
))
LEGAL_ADVISOR = registry.register(Specialist(
    name=domains.LEGAL_ADVISOR, role="advisor", label="法律顾问",
    instructions="你是法律顾问：综合检索与分析结果，给出结论、依据（逐条引用法条）、风险与下一步建议。",
    tools=ADVISOR_TOOLS, intent_tools={"calculation": CALCULATOR_TOOLS},
    offline=offline.advisor_offline,
))
DOCUMENT_DRAFTING = registry.register(Specialist(
    name=domains.DOCUMENT_DRAFTING, role="drafting", label="文书起草",
    instructions="你是文书起草助理：列出起草所需的事实与材料，并给出文书结构与要点。",
    offline=offline.drafting_offline,
))
GENERAL_AGENT = registry.register(Specialist(
    name=domains.GENERAL_AGENT, role="advisor", label="通用助理",
    instructions="这不是法律问题。请简短回答，并提醒用户本平台专注于法律咨询。",
    offline=offline.general_offline,
))
LEGAL_ASSISTANT = registry.register(Specialist(
    name=SINGLE_AGENT, role="advisor", label="法律助理",
    instructions="你是律所的法律助理：用工具检索现行法条与案例、必要时计算，再给出结论、逐条引用的依据、风险与下一步建议。",
    tools=tuple(dict.fromkeys((*RESEARCH_TOOLS, *CALCULATOR_TOOLS, *CASE_TOOLS, *ADVISOR_TOOLS))),
    offline=offline.research_offline,
))

#: Every chat specialist, in the order the page lists them.
SPECIALISTS: Final = (LEGAL_RESEARCH, CASE_ANALYSIS, LEGAL_ADVISOR, DOCUMENT_DRAFTING, GENERAL_AGENT, LEGAL_ASSISTANT)
#: Agent -> the LLM gateway role whose model it uses (ARCHITECTURE §3).
AGENT_ROLES: Final = MappingProxyType({agent.name: agent.role for agent in SPECIALISTS})
#: Agent -> its Chinese name on the page.
AGENT_LABELS: Final = MappingProxyType({agent.name: agent.label for agent in SPECIALISTS})


def specialist(name: str) -> Specialist:
    """The registered chat specialist called ``name`` (LookupError for an unknown one)."""
    agent = registry.get(name)
    if not isinstance(agent, Specialist):
        raise LookupError(f"{name!r} is not a chat specialist")
    return agent
