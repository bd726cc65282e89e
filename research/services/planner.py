"""The planner: a question becomes at most eight steps, each with a tool type, an input and the
steps it depends on.

With a model, the agent ``research_planner`` (role ``planner``) answers with structured output
(:class:`PlanModel`); the gateway repairs an invalid reply once, and a reply still invalid (or no
model at all) gives the heuristic planner's plan. Either way the plan is then the code's: ids made
unique, dependencies only on earlier steps, at most :data:`MAX_STEPS` steps; statuses are the
executor's to set, never the model's.

The heuristic planner (offline) reads the question: its card-level sub-issues
(``research.services.issues``: one per ask, matched to its issue card) become a statute search
each, tagged with the part and the card (without sub-issues, its clauses with a question word),
explicit citations a look-up, amounts and durations the calculators the facts allow, 程序/怎么办 a
search of the procedure and a step that lays it out,
案例/类案 (or work in a matter) a search of the firm's case library, 最新/政策 a web search when
one is configured.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from agents.llm import LLMError, LLMGateway
from knowledge.websearch import configured_providers
from legal.text.entities import Entities, extract_entities
from research import tools
from research.constants import MAX_STEPS, TOOL_TYPES
from research.services.issues import SubIssue
from research.specialists import PLANNER

logger = logging.getLogger(__name__)

__all__ = ["PlanModel", "PlannedStep", "heuristic_plan", "llm_plan", "normalise_steps"]

QUESTION_WORDS = ("吗", "么", "多少", "怎么", "如何", "是否", "能否", "能不能", "可不可以", "可以", "什么", "哪些",
                  "哪个", "谁", "几", "怎样", "为何", "为什么", "要不要", "有没有", "？", "?")
PROCEDURE_WORDS = ("程序", "怎么办", "流程", "步骤", "如何维权", "怎么维权", "怎么起诉", "如何起诉", "怎么申请",
                   "如何申请",
                   "去哪", "找谁", "向谁", "哪里申请")
CASE_WORDS = ("案例", "判例", "类案", "先例", "判决", "裁判")
WEB_WORDS = ("最新", "新闻", "近期", "政策", "今年")
MAX_SUB_QUESTIONS = 3
MAX_SUB_ISSUES = 4
_CLAUSE = re.compile(r"[。！!；;\n]+")
_SUB = re.compile(r"[，,？?]")


class PlannedStep(BaseModel):
    id: str = Field(min_length=1, max_length=20, description="步骤编号，如 s1")
    description: str = Field(min_length=1, max_length=500, description="这一步要查明什么")
    tool_type: str = Field(description="search_legal：检索法条；lookup_article：按法律名称与条号查询法条；"
                                            "search_cases：检索律所案例库；calculate：计算金额、期限；"
                                            "search_web：网络检索；none：不用工具，依据前序步骤推理")
    input: str | dict[str, Any] = Field("", description="工具输入：检索语句、《法律》第X条、算式或计算要素")
    depends_on: list[str] = Field(default_factory=list, description="依赖的步骤编号（其结果是本步的输入）")


class PlanModel(BaseModel):
    steps: list[PlannedStep] = Field(min_length=1, max_length=20)


# --- normalising any plan ---------------------------------------------------------------------------
def normalise_steps(raw: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The plan as the code keeps it: at most MAX_STEPS steps with unique ids, a known tool type,
    dependencies only on earlier steps (so the plan is a DAG), status ``pending``."""
    steps: list[dict[str, Any]] = []
    seen: set[str] = set()
    renamed: dict[str, str] = {}
    for index, item in enumerate(raw[:MAX_STEPS], start=1):
        wanted = re.sub(r"[^A-Za-z0-9_-]", "", str(item.get("id") or ""))[:20] or f"s{index}"
        step_id = wanted if wanted not in seen else f"s{index}"
        while step_id in seen:
            step_id = f"{step_id}x"
        renamed.setdefault(str(item.get("id") or wanted), step_id)
        tool_type = item.get("tool_type") if item.get("tool_type") in TOOL_TYPES else "none"
        depends = []
        for dep in item.get("depends_on") or []:
            target = renamed.get(str(dep))
            if target is not None and target in seen and target not in depends:
                depends.append(target)
        value = item.get("input", "")
        steps.append({
            "id": step_id,
            "description": str(item.get("description") or "").strip()[:500] or "研究步骤",
            "tool_type": tool_type,
            "input": value if isinstance(value, str | dict) else str(value),
            "depends_on": depends,
            "status": "pending",
        })
        seen.add(step_id)
    return steps


# --- the heuristic planner ---------------------------------------------------------------------------
def _clauses(question: str) -> tuple[list[str], list[str]]:
    """(sub-questions, facts): the parts of the question with a question word, and the rest."""
    subs: list[str] = []
    facts: list[str] = []
    for sentence in _CLAUSE.split(question):
        parts = [p.strip() for p in _SUB.split(sentence) if p.strip()]
        for part in parts:
            asks = sentence.rstrip().endswith(("？", "?")) and part == parts[-1]
            if asks or any(word in part for word in QUESTION_WORDS):
                subs.append(part)
            else:
                facts.append(part)
    merged: list[str] = []
    for sub in subs:  # 能不能要赔偿、要多少 → one sub-question per distinct ask
        if sub not in merged:
            merged.append(sub)
    return merged, facts


def facts_text(question: str, limit: int = 60) -> str:
    """The question's statements of fact (no question words), shortened: the context of each search."""
    _, facts = _clauses(question)
    return "，".join(facts)[:limit]


def _explicit_citations(question: str) -> list[dict[str, str]]:
    found = []
    for match in tools.CITATION.finditer(question):
        item = {"law": match.group(1), "article": match.group(2)}
        if item not in found:
            found.append(item)
    return found[:3]


def heuristic_plan(question: str, *, facts: Entities | None = None, matter_id: int | None = None,
                   issues: Sequence[SubIssue] | None = None) -> list[dict[str, Any]]:
    """The offline plan of ``question`` (see the module's docstring), normalised. With ``issues``
    (``research.services.issues``) each sub-issue gets its own search, tagged with its part and card."""
    facts = facts if facts is not None else extract_entities(question)
    subs, _ = _clauses(question)
    context = facts_text(question)
    raw: list[dict[str, Any]] = []

    def add(description: str, tool_type: str, value: Any = "", depends_on: Sequence[str] = ()) -> str:
        step_id = f"s{len(raw) + 1}"
        raw.append({"id": step_id, "description": description, "tool_type": tool_type, "input": value,
                    "depends_on": list(depends_on)})
        return step_id

    for citation in _explicit_citations(question):
        add(f"查询《{citation['law']}》{citation['article']}原文", "lookup_article", citation)
    for call in tools.calculations_for(question, facts, domain=tools.domain_of(question)):
        label = {"calculate_severance": "计算经济补偿或赔偿金", "calculate_double_wage": "计算未签劳动合同的二倍工资",
                 "calculate_litigation_fee": "计算案件受理费", "calculate_limitation_period": "计算诉讼时效届满日",
                 "calculate": "计算合计金额"}[call.tool]
        add(label, "calculate", {"calculator": call.tool, "arguments": call.arguments})
    procedure = any(word in question for word in PROCEDURE_WORDS)
    asks = [s for s in subs if not (procedure and any(word in s for word in PROCEDURE_WORDS))]
    if issues:
        # card-level sub-issues: one search per ask, within its card's provisions first
        for issue in issues[:MAX_SUB_ISSUES]:
            card = issue.card
            value: dict[str, Any] = {"query": f"{issue.part} {context}".strip()[:300], "part": issue.index}
            if card is not None:
                value["card"] = card.slug
            label = f"（要点：{card.title}）" if card is not None else ""
            add(f"检索：{issue.part}{label}"[:500], "search_legal", value)
    else:
        for sub in asks[:MAX_SUB_QUESTIONS] or ([] if procedure else [question[:200]]):
            add(f"检索：{sub}", "search_legal", f"{sub} {context}".strip()[:300])
    if procedure:
        ask = next((s for s in subs if any(word in s for word in PROCEDURE_WORDS)), "办理程序")
        found = add(f"检索办理程序：{ask}", "search_legal", f"{ask} 依法申请仲裁 提起诉讼 程序"[:300])
        add("整理办理程序：向谁申请、需要哪些材料、期限", "none", "", [found])
    if matter_id is not None or any(word in question for word in CASE_WORDS):
        add("检索律所案例库中的相近案例", "search_cases", f"{context or question[:100]}")
    if configured_providers() and any(word in question for word in WEB_WORDS):
        add("网络检索最新政策与报道", "search_web", question[:100])
    return normalise_steps(raw)


# --- the model's plan --------------------------------------------------------------------------------
def _planner_messages(question: str, facts: Entities, matter_id: int | None) -> list[dict[str, str]]:
    context = []
    if not facts.is_empty():
        context.append(f"问题中的事实要素：{facts.to_dict()}")
    if matter_id is not None:
        context.append("本任务属于一个案件，可以检索律所案例库（search_cases）。")
    return [{"role": "system", "content": PLANNER.instructions},
            {"role": "user", "content": "\n".join([f"问题：{question}", *context])}]


async def llm_plan(question: str, *, gateway: LLMGateway, facts: Entities,
                   matter_id: int | None = None) -> list[dict[str, Any]] | None:
    """The planner model's plan, normalised; None when the model is unavailable or its reply is
    still invalid after the gateway's one repair round."""
    try:
        plan = await gateway.structured(PLANNER.role, _planner_messages(question, facts, matter_id), PlanModel)
    except LLMError as exc:
        logger.info("research planner: %s; using the heuristic plan", exc.message)
        return None
    return normalise_steps([step.model_dump() for step in plan.steps])
