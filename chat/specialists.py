"""The chat's specialists, each declared once: name, model role, instructions, tools, offline handler.

The intent plans (``legal.text.domains``) name which of them answer a question; the turn
(``chat.turn``) reads everything else from here through the agent registry. The offline
handlers' bodies live in ``chat.offline``, imported at a handler's first call (:class:`agents.offline.DeferredHandler`):
this module is imported in every process at start, and the handlers bring retrieval and the readers with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from agents.offline import DeferredHandler
from agents.registry import Agent, registry
from legal.text import domains

RESEARCH_TOOLS: Final = ("search_legal_knowledge", "lookup_legal_article", "query_knowledge_graph", "web_search",
                         "analyze_legal_situation", "mcp_*")
CALCULATOR_TOOLS: Final = ("calculate_severance", "calculate_double_wage", "calculate_litigation_fee",
                           "calculate_limitation_period", "calculate")
CASE_TOOLS: Final = ("search_cases", "search_legal_knowledge", "web_search")
ADVISOR_TOOLS: Final = ("lookup_legal_article", "verify_citations")
#: A deadline question (过去两年了还能起诉吗) gets the limitation calculator whatever its intent.
DEADLINE_TOOLS: Final = ("calculate_limitation_period",)

#: The sections of every answer to a legal question, in order (with a model and offline alike).
ANSWER_SECTIONS: Final = ("结论", "法律依据", "结合您的情况", "计算", "下一步", "风险提示")
ANSWER_FORMAT: Final = (
    "回答按以下小标题依次组织（用 Markdown 三级标题，没有内容的小节省略）：\n"
    "### 结论：第一句直接回答所问的问题（能不能、多少、会怎样、怎么办、是否合法），并写明结论成立的条件，"
    "如“可以起诉：诉讼时效为三年，自知道权利受损之日起计算，您所述已过两年，尚在时效内”；\n"
    "### 法律依据：最关键的条文放在最前，逐条引用《法律全称》第X条，每条用一句话说明为什么适用；"
    "只引用检索或查到的条文，与问题无关的条文不要引用；\n"
    "### 结合您的情况：把所述事实逐项对照条文的构成要件，指出已具备与尚需补充的事实；\n"
    "### 计算：事实允许时给出计算（金额、期限、时效届满日），写明计算过程与依据；\n"
    "### 下一步：证据、程序（向谁、怎么办）与期限；\n"
    "### 风险提示：证据、时效、对方抗辩等风险。"
)

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
    instructions=("你是法律检索专员：先用工具检索现行法条，再依据检索到的条文作答，引用格式为《法律全称》第X条。\n"
                  + ANSWER_FORMAT),
    tools=(*RESEARCH_TOOLS, *DEADLINE_TOOLS), intent_tools={"calculation": CALCULATOR_TOOLS},
    offline=DeferredHandler("chat.offline.handlers", "research_offline"),
))
CASE_ANALYSIS = registry.register(Specialist(
    name=domains.CASE_ANALYSIS, role="case_analysis", label="类案分析",
    instructions="你是类案分析专员：检索律所案例库与公开信息，归纳裁判要点与风险；没有找到相近案例时不必说明。",
    tools=CASE_TOOLS,
    offline=DeferredHandler("chat.offline.handlers", "case_analysis_offline"),
))
LEGAL_ADVISOR = registry.register(Specialist(
    name=domains.LEGAL_ADVISOR, role="advisor", label="法律顾问",
    instructions="你是法律顾问：综合检索与分析结果作答，保留前序分析中已核实的引用。\n" + ANSWER_FORMAT,
    tools=ADVISOR_TOOLS, intent_tools={"calculation": CALCULATOR_TOOLS},
    offline=DeferredHandler("chat.offline.handlers", "advisor_offline"),
))
DOCUMENT_DRAFTING = registry.register(Specialist(
    name=domains.DOCUMENT_DRAFTING, role="drafting", label="文书起草",
    instructions="你是文书起草助理：列出起草所需的事实与材料，并给出文书结构与要点。",
    offline=DeferredHandler("chat.offline.handlers", "drafting_offline"),
))
GENERAL_AGENT = registry.register(Specialist(
    name=domains.GENERAL_AGENT, role="advisor", label="通用助理",
    instructions="这不是法律问题。请简短回答，并提醒用户本平台专注于法律咨询。",
    offline=DeferredHandler("chat.offline.handlers", "general_offline"),
))
LEGAL_ASSISTANT = registry.register(Specialist(
    name=SINGLE_AGENT, role="advisor", label="法律助理",
    instructions="你是律所的法律助理：用工具检索现行法条与案例、必要时计算，再作答。\n" + ANSWER_FORMAT,
    tools=tuple(dict.fromkeys((*RESEARCH_TOOLS, *CALCULATOR_TOOLS, *CASE_TOOLS, *ADVISOR_TOOLS))),
    offline=DeferredHandler("chat.offline.handlers", "research_offline"),
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
