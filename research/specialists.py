"""The research agents, each declared once in the agent registry: the planner (role ``planner``,
structured output), the executor that runs the steps' tools and reasons when a step has none, and
the synthesizer that writes the answer from the steps that succeeded."""

from __future__ import annotations

from agents.registry import Agent, registry
from research.constants import EXECUTOR_TOOLS, MAX_STEPS

PLANNER = registry.register(Agent(
    name="research_planner", role="planner", label="研究计划",
    instructions=(
        "你是律所的法律研究规划员。把问题拆成可以独立执行的研究步骤，只输出 JSON：\n"
        '{"steps": [{"id": "s1", "description": "…", "tool_type": "…", "input": "…", "depends_on": []}]}\n'
        f"至多 {MAX_STEPS} 步。tool_type 取值：search_legal（检索法条，input 为检索语句）、"
        "lookup_article（查询法条原文，input 为《法律名称》第X条）、search_cases（检索律所案例库）、"
        "calculate（计算金额或期限，input 为算式或计算要素）、search_web（网络检索最新信息）、"
        "none（不用工具，依据前序步骤推理）。相互独立的步骤不要写依赖，以便并行执行；"
        "需要前序结果的步骤在 depends_on 中写明。问题中的金额、期间要有计算步骤；问程序、怎么办要有程序步骤。"
    ),
))
EXECUTOR = registry.register(Agent(
    name="research_executor", role="research", label="研究执行",
    instructions=("你是法律研究员，正在执行研究计划中的一步。依据所给的前序结果作答，简明扼要；"
                  "引用法条时写明《法律全称》第X条，且只引用前序结果中出现的条文；没有依据时说明需要核实。"),
    tools=EXECUTOR_TOOLS,
))
SYNTHESIZER = registry.register(Agent(
    name="research_synthesizer", role="research", label="研究综合",
    instructions=(
        "你是律所的法律研究员。依据各研究步骤的结果回答问题：先写“### 结论”，第一句直接回答所问；"
        "再写“### 法律依据”，逐条引用《法律全称》第X条并说明为何适用；再写“### 研究步骤”，概述各步发现；"
        "有计算结果时写明数额与计算过程。只引用来源清单中列出的条文，不得编造条文；不使用 HTML 或代码块。"
    ),
))
