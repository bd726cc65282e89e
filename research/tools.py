"""The tools a research step runs, by tool type, and how a step's input becomes a tool's arguments.

The research executor reuses the project's registered tools (``agents.tools.registry``): statute
search and article look-up (``knowledge.tools``), the firm's case library scoped to the asking user
within the task's matter (``search_cases``), the chat app's calculators and web search
(``chat.tools``). A step's ``input`` is what the planner wrote (a query, a citation, a calculator
with its parameters, an expression, or free text); :func:`prepare` turns it into one tool call,
filling what the planner left out from the question's facts (entities). Input that cannot become a
valid call raises :class:`InputError`, and the executor then reasons instead (method ``fallback``).
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Final

from agents.tools import ToolRegistry
from agents.tools import registry as default_registry
from legal.calculators import CHINA_TZ
from legal.text import arith
from legal.text.entities import Entities
from legal.text.vocabulary import offline_keywords
from research.constants import CALCULATORS, EXECUTOR_TOOLS, TOOL_BY_TYPE

__all__ = ["CALCULATORS", "CITATION", "EXECUTOR_TOOLS", "TOOL_BY_TYPE", "InputError", "ToolCallPlan",
           "calculations_for", "domain_of", "prepare", "tool_registry"]

MAX_QUERY_CHARS: Final = 300

_WORDS = offline_keywords().calculators
_UNLAWFUL = tuple(_WORDS.unlawful_dismissal)
_NO_CONTRACT = tuple(_WORDS.no_written_contract)
_FEE = tuple(_WORDS.litigation_fee)
_DEADLINE = (*_WORDS.limitation_period, *_WORDS.deadline_question)
CITATION = re.compile(r"《?([\u4e00-\u9fa5（）()]{2,40}?(?:法|条例|规定|解释|办法|法典))》?\s*"
                       r"(第[一二三四五六七八九十百千零〇两\d]+条(?:之[一二三四五六七八九十])?)")
_WORK = ("工作", "干了", "入职", "上班", "任职")
#: Domains whose claims run on their own periods (labour arbitration: one year), not the civil three years.
_OWN_PERIODS = frozenset({"labor", "criminal", "administrative", "demolition"})
#: Words asking for a total of the amounts stated (医疗费2万元，误工费8000元，一共多少).
_TOTAL = ("一共", "总共", "合计", "共计", "加起来", "总计")
_MONEY = re.compile(r"[元块万千¥￥]")
_EXPRESSION = re.compile(r"[\d.]+(?:\s*[+\-*/×÷]\s*\(?[\d.]+\)?)+")


def _plain(value: Any) -> str:
    text = format(value, "f") if hasattr(value, "as_tuple") else str(value)
    return text.rstrip("0").rstrip(".") if "." in text else text


def domain_of(question: str) -> str:
    """The question's domain by the chat's layer-1 rules (cheap, no model)."""
    # imported here: the rules compile their patterns on import, and the agent registry imports this
    # module (through research.specialists) in every process at start
    from legal.text import intent_rules

    return intent_rules.classify(question[:4000]).guess_domain


def tool_registry() -> ToolRegistry:
    """The registry the executor takes its tools from (the project's)."""
    return default_registry


class InputError(ValueError):
    """A step's input cannot become a valid call of its tool."""


@dataclass(frozen=True)
class ToolCallPlan:
    tool: str
    arguments: dict[str, Any]


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, Mapping):
        for key in ("query", "text", "question", "expression", "input"):
            if isinstance(value.get(key), str) and value[key].strip():
                return value[key].strip()
    return ""


def _query(step: Mapping[str, Any], question: str, facts: str) -> str:
    """A search query: the step's input, else its description with the question's facts."""
    given = _text(step.get("input"))
    base = re.sub(r"^(检索|查询|搜索|查找)[：:]\s*", "", given or str(step.get("description", "")).strip())
    # the planner's own query stands; a query built from the description gets the question's facts
    query = base if given or not facts or facts in base else f"{base} {facts}".strip()
    if len(query.strip()) < 2:
        query = question
    return query[:MAX_QUERY_CHARS]


def _citation(value: Any) -> tuple[str, str]:
    if isinstance(value, Mapping) and value.get("law") and value.get("article"):
        return str(value["law"]), str(value["article"])
    match = CITATION.search(_text(value))
    if match is None:
        raise InputError("没有可查询的法条（需要法律名称与条号）")
    return match.group(1), match.group(2)


def _months_before(day: date, months: int) -> date:
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    return date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def _limitation_start(facts: Entities, today: date) -> date | None:
    known = next((d for d in reversed(facts.dates) if d.year and d.month and not d.relative), None)
    if known is not None:
        start = date(known.year, known.month, known.day or 1)
        if start <= today:
            return start
    period = next((d for d in reversed(facts.durations) if d.kind == "period" and d.months), None)
    if period is not None and 0 < period.months <= 12 * 40:
        return _months_before(today, int(period.months))
    return None


def _service_months(question: str, facts: Entities) -> Any:
    """The length of service: the facts' own (入职10个月, 干了3年), else a period in a sentence about
    work (工作6年)."""
    months = facts.service_months()
    if months is None and any(word in question for word in _WORK):
        period = next((d for d in facts.durations if d.months), None)
        months = period.months if period is not None else None
    return months


def calculations_for(question: str, facts: Entities, *, domain: str = "", today: date | None = None
                     ) -> list[ToolCallPlan]:
    """The calculator calls the question's facts allow (the chat's offline rules): severance with a
    wage and a length of service, the double wage without a written contract, the court fee of a
    claimed amount, a total of the amounts stated, the limitation period of a deadline question
    with a date or a duration (not in labour disputes: arbitration has its own one-year period)."""
    today = today or datetime.now(tz=CHINA_TZ).date()
    calls: list[ToolCallPlan] = []
    wage, months = facts.monthly_wage(), _service_months(question, facts)
    no_contract = any(word in question for word in _NO_CONTRACT)
    if wage and months is not None and not no_contract:
        calls.append(ToolCallPlan("calculate_severance", {
            "monthly_wage": float(wage), "service_months": int(months),
            "unlawful": any(word in question for word in _UNLAWFUL)}))
    if wage and no_contract and months:
        calls.append(ToolCallPlan("calculate_double_wage", {
            "monthly_wage": float(wage), "months_without_contract": int(months)}))
    if any(word in question for word in _FEE):
        amounts = [a for a in facts.amounts if a.kind == "amount"]
        if amounts:
            calls.append(ToolCallPlan("calculate_litigation_fee", {"amount": float(amounts[-1].value)}))
    # a total adds sums of money the question states as such (8000元, 2万), never bare numbers (3 of 3年)
    amounts = [a for a in facts.amounts if a.kind == "amount" and _MONEY.search(a.text)]
    if any(word in question for word in _TOTAL) and len(amounts) >= 2:
        calls.append(ToolCallPlan("calculate", {"expression": "+".join(_plain(a.value) for a in amounts)}))
    if any(word in question for word in _DEADLINE) and domain not in _OWN_PERIODS and not wage:
        start = _limitation_start(facts, today)
        if start is not None:
            calls.append(ToolCallPlan("calculate_limitation_period", {"known_on": start.isoformat()}))
    return calls


_NAMES: Final = {
    "calculate_severance": ("补偿", "赔偿", "N+1", "2N", "解除"),
    "calculate_double_wage": ("二倍", "双倍", "未签"),
    "calculate_litigation_fee": ("诉讼费", "受理费"),
    "calculate_limitation_period": ("时效", "期限", "届满"),
    "calculate": ("算式", "一共", "合计", "总共"),
}


def _calculation(step: Mapping[str, Any], question: str, facts: Entities) -> ToolCallPlan:
    value = step.get("input")
    if isinstance(value, Mapping) and value.get("calculator") in CALCULATORS:
        return ToolCallPlan(str(value["calculator"]), dict(value.get("arguments") or {}))
    text = _text(value)
    expression = _EXPRESSION.search(text.replace("，", ""))
    if expression is not None:
        try:
            arith.evaluate(expression.group(0).replace("×", "*").replace("÷", "/"))
        except arith.ArithmeticInputError as exc:
            raise InputError(str(exc)) from None
        return ToolCallPlan("calculate", {"expression": expression.group(0).replace("×", "*").replace("÷", "/")})
    wanted = f"{text} {step.get('description', '')}"
    calls = calculations_for(question, facts, domain=domain_of(question))
    for call in calls:  # the calculator the step names, else the first the facts allow
        if any(word in wanted for word in _NAMES[call.tool]):
            return call
    if calls:
        return calls[0]
    raise InputError("事实不足，无法计算（缺少工资、工作年限、金额或日期）")


def prepare(step: Mapping[str, Any], *, question: str, facts: Entities, facts_text: str = "") -> ToolCallPlan:
    """The tool call of one step (``tool_type`` other than ``none``); :class:`InputError` when the
    input cannot become one."""
    tool_type = step.get("tool_type")
    if tool_type == "calculate":
        return _calculation(step, question, facts)
    if tool_type == "lookup_article":
        law, article = _citation(step.get("input") or step.get("description"))
        return ToolCallPlan("lookup_legal_article", {"law": law, "article": article})
    if tool_type in ("search_legal", "search_cases"):
        return ToolCallPlan(TOOL_BY_TYPE[str(tool_type)], {"query": _query(step, question, facts_text), "top_k": 5})
    if tool_type == "search_web":
        return ToolCallPlan("web_search", {"query": _query(step, question, "")[:200], "max_results": 5})
    raise InputError(f"未知的工具类型：{tool_type}")
