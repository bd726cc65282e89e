"""The chat app's offline behaviour: answers composed from the statutes retrieved, without a model.

Each specialist has a handler (its declaration in ``chat.specialists`` names it) that the agent
runtime's offline engine calls with the agent's own toolbox, so tool calls, events, caching and the
audit trail are the same as with a model.
The research handler writes the answer: the matching statutes quoted with their citations, how
they bear on the stated facts (the domain's SOP steps), calculator results when the facts carry
amounts and durations, and next steps for procedure questions.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from typing import Any

from agents.aio import db_sync_to_async
from agents.offline import OfflineRequest
from agents.tools import ToolResult
from chat import domains
from chat.entities import Entities
from chat.vocabulary import offline_keywords
from knowledge.selectors import article_texts

TOP_K = 5
QUOTE_CHARS = 260

# Words of the question that make a calculator run (chat/vocab/offline.toml).
_CALCULATOR_WORDS = offline_keywords().calculators
_UNLAWFUL = tuple(_CALCULATOR_WORDS.unlawful_dismissal)
_NO_CONTRACT = tuple(_CALCULATOR_WORDS.no_written_contract)
_FEE = tuple(_CALCULATOR_WORDS.litigation_fee)
_LIMITATION = tuple(_CALCULATOR_WORDS.limitation_period)


def _routing(request: OfflineRequest) -> dict[str, Any]:
    return dict(request.ctx.extra.get("routing") or {})


def _entities(request: OfflineRequest) -> Entities:
    return Entities.from_dict(_routing(request).get("entities"))


def _hits(result: ToolResult) -> list[Mapping[str, Any]]:
    """The statutes a knowledge tool returned (its ``sources``), with their full text from the corpus."""
    if not result.ok or not isinstance(result.output, Mapping):
        return []
    return with_texts([hit for hit in result.output.get("sources", []) if isinstance(hit, Mapping)])


def with_texts(hits: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    texts = article_texts([hit["article_id"] for hit in hits if hit.get("article_id")])
    return [dict(hit, text=texts.get(hit.get("article_id"), hit.get("text", ""))) for hit in hits]


def _quote(hit: Mapping[str, Any]) -> str:
    text = re.sub(r"\s+", " ", str(hit.get("text", ""))).strip()
    if len(text) > QUOTE_CHARS:
        text = text[:QUOTE_CHARS].rstrip("，。；、") + "……"
    return f"《{hit.get('law')}》{hit.get('article_label')}：“{text}”"


async def _search(request: OfflineRequest, query: str, domain: str) -> list[Mapping[str, Any]]:
    arguments: dict[str, Any] = {"query": query[:30_000], "top_k": TOP_K}
    if domain in domains.SPECIALISED_DOMAINS:
        result = await request.call_tool("search_legal_knowledge", {**arguments, "domain": domain})
        hits = await db_sync_to_async(_hits)(result)
        if hits:
            return hits
    return await db_sync_to_async(_hits)(await request.call_tool("search_legal_knowledge", arguments))


async def _calculations(request: OfflineRequest, question: str, facts: Entities) -> list[dict[str, Any]]:
    """Run the calculators the facts allow; each result carries its legal basis."""
    tools = set(request.toolbox.names())
    results: list[ToolResult] = []
    wage, months = facts.monthly_wage(), facts.service_months()
    if wage and "calculate_severance" in tools and months is not None:
        unlawful = any(word in question for word in _UNLAWFUL)
        results.append(await request.call_tool("calculate_severance", {
            "monthly_wage": float(wage), "service_months": int(months), "unlawful": unlawful}))
    if wage and "calculate_double_wage" in tools and any(word in question for word in _NO_CONTRACT):
        unsigned = int(months) if months is not None else None
        if unsigned:
            results.append(await request.call_tool("calculate_double_wage", {
                "monthly_wage": float(wage), "months_without_contract": unsigned}))
    if "calculate_litigation_fee" in tools and any(word in question for word in _FEE):
        amounts = [a for a in facts.amounts if a.kind == "amount"]
        if amounts:
            results.append(await request.call_tool("calculate_litigation_fee", {"amount": float(amounts[-1].value)}))
    if "calculate_limitation_period" in tools and any(word in question for word in _LIMITATION):
        known = next((d for d in reversed(facts.dates) if d.year and d.month), None)
        if known is not None:
            results.append(await request.call_tool("calculate_limitation_period", {
                "known_on": date(known.year, known.month, known.day or 1).isoformat()}))
    return [r.output for r in results if r.ok and isinstance(r.output, Mapping)]


def _facts_line(facts: Entities) -> str:
    parts = []
    if facts.persons:
        parts.append("当事人：" + "、".join(facts.persons[:6]))
    if facts.organizations:
        parts.append("单位：" + "、".join(facts.organizations[:4]))
    if facts.amounts:
        parts.append("金额：" + "、".join(a.text for a in facts.amounts[:6]))
    if facts.durations:
        parts.append("期间：" + "、".join(d.text for d in facts.durations[:4]))
    if facts.dates:
        parts.append("日期：" + "、".join(d.text for d in facts.dates[:4]))
    if facts.locations:
        parts.append("地点：" + "、".join(facts.locations[:3]))
    return "；".join(parts)


def _bigrams(text: str) -> set[str]:
    return {text[i:i + 2] for i in range(len(text) - 1) if re.fullmatch(r"[\u4e00-\u9fff]{2}", text[i:i + 2])}


def _relevant(step: domains.SopStep, hits: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Statutes that share a *distinctive* term with the step: a two-character term of the step that
    occurs in some but not most of the retrieved texts (common words like 人民、法律 say nothing)."""
    texts = [str(hit.get("text", "")) for hit in hits]
    distinctive = {w for w in _bigrams(step.name + step.guidance)
                   if 0 < sum(w in t for t in texts) <= max(1, len(texts) // 2)}
    scored = [(sum(w in text for w in distinctive), i) for i, text in enumerate(texts)]
    return [hits[i] for score, i in sorted(scored, key=lambda x: (-x[0], x[1])) if score > 0][:2]


def _cite(hit: Mapping[str, Any]) -> str:
    return f"《{hit.get('law')}》{hit.get('article_label')}"


def _calculation_lines(calculation: Mapping[str, Any]) -> list[str]:
    lines = [f"**{calculation.get('name')}**" + (f"：{calculation['amount']} 元" if calculation.get("amount") else "")]
    lines += [f"- {step}" for step in calculation.get("steps", [])]
    basis = "、".join(b.get("text", "") for b in calculation.get("legal_basis", []))
    if basis:
        lines.append(f"- 依据：{basis}")
    lines += [f"- 注意：{note}" for note in calculation.get("notes", [])]
    return lines


async def research_offline(request: OfflineRequest) -> str:
    routing = _routing(request)
    domain, intent = routing.get("domain", domains.GENERAL), routing.get("intent", domains.QA_RETRIEVAL)
    question = request.question
    facts = _entities(request)
    hits = await _search(request, question, domain)
    sop = domains.sop_for(domain, intent)
    lines = [
        f"【离线模式】未使用大语言模型：以下内容由系统检索现行法律法规后按“{domains.domain_label(domain)}”"
        f"分析步骤自动整理，请律师复核。",
        "",
    ]
    if not hits:
        lines += ["未检索到与问题直接相关的现行法条。建议补充案情要素（时间、金额、当事人关系、争议焦点）后重试，"
                  "或咨询专业律师。"]
        return "\n".join(lines)
    lines += ["### 一、相关法律规定", ""]
    lines += [f"{i}. {_quote(hit)}" for i, hit in enumerate(hits, start=1)]
    lines += ["", "### 二、结合您的情况"]
    facts_line = _facts_line(facts)
    if facts_line:
        lines.append(f"您提到的要素：{facts_line}。")
    if sop is not None:
        for number, step in enumerate(sop.steps, start=1):
            related = _relevant(step, hits)
            basis = f"可参照{'、'.join(_cite(h) for h in related)}。" if related else ""
            lines.append(f"{number}. **{step.name}**：{step.guidance}。{basis}")
    lines.append(f"首要依据为{_cite(hits[0])}；其余条文可作补充或对照适用。")
    if intent == "calculation":
        calculations = await _calculations(request, question, facts)
        lines += ["", "### 三、计算结果"]
        if calculations:
            for calculation in calculations:
                lines += _calculation_lines(calculation)
        else:
            lines.append("计算所需要素不足：请说明月工资、工作年限（月数）、起止日期或争议金额。")
    if intent == "procedure_guidance":
        lines += ["", "### 三、办理步骤"]
        lines += [f"{i}. **{step.name}**：{step.guidance}" for i, step in enumerate(domains.PROCEDURE_SOP.steps, 1)]
    if intent == "contract_review":
        lines += ["", "提示：完整的合同逐条审查请使用“合同审查”功能上传合同文本。"]
    lines += ["", "以上为依据现行法条的一般性分析，具体结论取决于证据与案件细节。"]
    return "\n".join(lines)


def _previous(request: OfflineRequest) -> str:
    for message in reversed(request.messages):
        content = str(message.get("content", ""))
        if message.get("role") == "assistant" and content.startswith("前序分析"):
            return content.removeprefix("前序分析：").strip()
    return ""


def _strip_agent_tags(text: str) -> str:
    return re.sub(r"【(legal_research|case_analysis|legal_advisor|document_drafting)】", "", text).strip()


async def case_analysis_offline(request: OfflineRequest) -> str:
    if "search_cases" not in request.toolbox:
        return "【离线模式】律所案例库检索不可用，类案分析从略。"
    result = await request.call_tool("search_cases", {"query": request.question[:2000], "top_k": 3})
    hits = result.output.get("sources", []) if result.ok and isinstance(result.output, Mapping) else []
    if not hits:
        return "【离线模式】律所案例库中未找到相近的案例。"
    lines = ["【离线模式】律所案例库中的相近案例："]
    lines += [f"- {hit.get('title') or hit.get('law')}：{str(hit.get('text', ''))[:160]}" for hit in hits]
    return "\n".join(lines)


def advisor_offline(request: OfflineRequest) -> str:
    previous = _strip_agent_tags(_previous(request))
    return previous or "【离线模式】没有可供综合的检索结果，建议补充案情或咨询专业律师。"


def drafting_offline(request: OfflineRequest) -> str:
    lines = ["【离线模式】文书起草需要以下材料与要点："]
    lines += [f"{i}. **{step.name}**：{step.guidance}" for i, step in enumerate(domains.DRAFTING_SOP.steps, 1)]
    previous = _strip_agent_tags(_previous(request))
    if previous:
        lines += ["", "可援引的法律依据：", previous]
    lines += ["", "文书起草功能上线后，可在“文书起草”中依模板生成 Word 文书。"]
    return "\n".join(lines)


def general_offline(request: OfflineRequest) -> str:
    return ("【离线模式】这个问题看起来与法律无关，本平台专注于法律咨询，暂不回答此类问题。"
            "如涉及劳动、婚姻、合同、债务、交通事故等法律问题，欢迎详细描述。")
