"""The specialists' offline handlers (``chat.specialists`` names them): the research answer and the
undecided answer, similar cases, the advisor's synthesis, the drafting checklist, the general reply.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from agents.aio import db_sync_to_async
from agents.offline import LABEL, OfflineRequest
from chat.offline.calculators import _basis_articles, _calculation_lines, _calculations
from chat.offline.common import (
    ABSTAIN_LISTED,
    BASIS_MAX,
    CLASSIFIED_SEARCH_MIN,
    TAIL_CHARS,
    TOP_K,
    _deps,
    _entities,
    _hits,
    _key,
    _quote,
    _routing,
)
from chat.offline.sections import _facts_line, _next_steps, _relevant, _requirements, _risks, _why
from legal.text import domains
from legal.text.entities import extract_entities, merge
from legal.text.extractive import _cite, conclusion, key_article, question_kind, question_terms, relevant_hits


async def research_offline(request: OfflineRequest) -> str:
    """The offline answer: 结论 (the direct answer with its conditions), 法律依据 (key articles first,
    each with why it applies), 结合您的情况 (the facts against the requirements and the SOP), 计算,
    下一步, 风险提示. Sections without content are left out; only retrieved articles are cited."""
    routing = _routing(request)
    domain, intent = routing.get("domain", domains.GENERAL), routing.get("intent", domains.QA_RETRIEVAL)
    question = request.question
    cards = _deps(request).cards
    searched = search_domain(routing)
    if cards is not None and cards.decided:
        # the issue cards decide: the answer is theirs; the search still runs for the sources shown
        await _search(request, question, searched)
        return cards.markdown
    if cards is not None and cards.engaged:
        # no card decides: say what could not be decided; what retrieval found is listed apart, as
        # possibly related and not verified to apply — never as the controlling provision
        retrieved = await _search(request, question, searched)
        hits = await db_sync_to_async(relevant_hits)(retrieved, question) if retrieved else []
        return abstention(cards.markdown, hits)
    facts = _entities(request)
    if len(question) > TAIL_CHARS:  # a long narrative asks at its end: its dates and durations count
        facts = merge(facts, extract_entities(question[-TAIL_CHARS:]))
    retrieved = await _search(request, question, searched)
    hits = await db_sync_to_async(relevant_hits)(retrieved, question) if retrieved else []
    calculations = await _calculations(request, question, facts, domain, intent)
    calculated = await _basis_articles(request, calculations)
    sop = domains.sop_for(domain, intent)
    lines = [
        f"【离线模式】未使用大语言模型：以下内容由系统检索现行法律法规后按“{domains.domain_label(domain)}”"
        f"分析步骤自动整理，请律师复核。",
        "",
    ]
    seen = {_key(h) for h in calculated}
    basis = [*calculated, *[h for h in hits if _key(h) not in seen]][:BASIS_MAX]
    if not basis:
        lines += ["未检索到与问题直接相关的现行法条。建议补充案情要素（时间、金额、当事人关系、争议焦点）后重试，"
                  "或咨询专业律师。"]
        return "\n".join(lines)
    terms = question_terms(question)
    kind = question_kind(question)
    key, statement = key_article(hits, question)
    answer = conclusion(kind, key, statement, calculations, basis, question)
    if calculations or key is None:
        key = basis[0]
    if answer:
        lines += ["### 结论", "", answer, ""]
    lines += ["### 法律依据", ""]
    for i, hit in enumerate(basis, start=1):
        lines += [f"{i}. {_quote(hit)}", f"   - 适用理由：{_why(hit, terms)}。"]
    analysis = []
    facts_line = _facts_line(facts)
    if facts_line:
        analysis.append(f"您提到的要素：{facts_line}。")
    requirements = [] if calculations else _requirements(key, terms, question)
    if requirements:
        analysis += [f"{_cite(key)}的要件与您所述的对照：", *requirements]
    if sop is not None:
        for number, step in enumerate(sop.steps, start=1):
            related = _relevant(step, basis)
            cited = f"（{'、'.join(_cite(h) for h in related)}）" if related else ""
            analysis.append(f"{number}. **{step.name}**{cited}：{step.guidance}。")
    if analysis:
        lines += ["", "### 结合您的情况", "", *analysis]
    if calculations:
        lines += ["", "### 计算", ""]
        for calculation in calculations:
            lines += _calculation_lines(calculation)
    elif intent == "calculation":
        lines += ["", "### 计算", "", "计算所需要素不足：请说明月工资、工作年限（月数）、起止日期或争议金额。"]
    steps = _next_steps(sop, intent, calculations)
    if steps:
        lines += ["", "### 下一步", "", *steps]
    lines += ["", "### 风险提示", "", *_risks(calculations, domain),
              "- 以上为离线模式依据现行法条的一般性分析，具体结论取决于证据与案件细节。"]
    return "\n".join(lines)


def abstention(markdown: str, hits: list[Mapping[str, Any]]) -> str:
    """The undecided answer (the card engine's lines saying what could not be decided and what
    would decide it) with the articles retrieval found listed as possibly related, unverified."""
    if not hits:
        return markdown
    listed = [f"- {_cite(h)}" for h in hits[:ABSTAIN_LISTED]]
    block = ["### 可能相关的规定（未核实是否适用）", "",
             "以下条文由检索得到，系统未能确认它们决定您的问题，仅供律师核对：", *listed, ""]
    head, marker, tail = markdown.partition("### 风险提示")
    return f"{head}{chr(10).join(block)}\n{marker}{tail}" if marker else markdown + "\n\n" + "\n".join(block)


def search_domain(routing: Mapping[str, Any]) -> str:
    """The domain the statutes are searched in: the route's, or — when a classification below the
    routing threshold sent the turn to 综合咨询 — the classified domain if it is a specialised one held
    with at least ``CLASSIFIED_SEARCH_MIN`` confidence. An unfiltered search of a whole corpus answers
    a dismissal question with 保险法 and 海商法 articles that share its words (解除合同, 提前…通知);
    the domain's search falls back to the unfiltered one when it finds nothing (``_search``)."""
    route = str(routing.get("domain") or domains.GENERAL)
    if route in domains.SPECIALISED_DOMAINS:
        return route
    classified = routing.get("classified") or {}
    domain = str(classified.get("domain") or "")
    try:
        confidence = float(classified.get("confidence") or 0.0)
    except (TypeError, ValueError):
        confidence = 0.0
    return domain if domain in domains.SPECIALISED_DOMAINS and confidence >= CLASSIFIED_SEARCH_MIN else route


async def _search(request: OfflineRequest, query: str, domain: str) -> list[Mapping[str, Any]]:
    arguments: dict[str, Any] = {"query": query[:30_000], "top_k": TOP_K}
    if domain in domains.SPECIALISED_DOMAINS:
        result = await request.call_tool("search_legal_knowledge", {**arguments, "domain": domain})
        hits = await db_sync_to_async(_hits)(result)
        if hits:
            return hits
    return await db_sync_to_async(_hits)(await request.call_tool("search_legal_knowledge", arguments))


def _previous(request: OfflineRequest) -> str:
    for message in reversed(request.messages):
        content = str(message.get("content", ""))
        if message.get("role") == "assistant" and content.startswith("前序分析"):
            return content.removeprefix("前序分析：").strip()
    return ""


def _strip_agent_tags(text: str) -> str:
    return re.sub(r"【(legal_research|case_analysis|legal_advisor|document_drafting)】", "", text).strip()


async def case_analysis_offline(request: OfflineRequest) -> str:
    """Similar cases of the firm's library; nothing when there are none (an empty search adds no text)."""
    if "search_cases" not in request.toolbox:
        return ""
    result = await request.call_tool("search_cases", {"query": request.question[:2000], "top_k": 3})
    hits = result.output.get("sources", []) if result.ok and isinstance(result.output, Mapping) else []
    if not hits:
        return ""
    lines = ["### 类案参考", "", "律所案例库中的相近案例："]
    lines += [f"- {hit.get('title') or hit.get('law')}：{str(hit.get('text', ''))[:160]}" for hit in hits]
    return "\n".join(lines)


def _sections(previous: str) -> list[tuple[str, str]]:
    """The earlier specialists' texts by agent, without those that carry nothing but the offline label."""
    parts = re.split(r"【(legal_research|case_analysis|legal_advisor|document_drafting)】", previous)
    found = [(parts[i], parts[i + 1].strip()) for i in range(1, len(parts) - 1, 2)]
    if not found and previous.strip():
        found = [("", previous.strip())]
    return [(agent, text) for agent, text in found if text.replace(f"【{LABEL}】", "").strip()]


def advisor_offline(request: OfflineRequest) -> str:
    """The research answer (it carries the structure), with the similar cases before its risks."""
    sections = _sections(_previous(request))
    research = next((text for agent, text in sections if agent in ("legal_research", "")), "")
    cases = [text.replace(f"【{LABEL}】", "").strip() for agent, text in sections if agent == "case_analysis"]
    if not research:
        return "\n\n".join(cases) or "【离线模式】没有可供综合的检索结果，建议补充案情或咨询专业律师。"
    if cases and "### 风险提示" in research:
        head, tail = research.split("### 风险提示", 1)
        return f"{head}{chr(10).join(cases)}\n\n### 风险提示{tail}"
    return "\n\n".join([research, *cases])


def drafting_offline(request: OfflineRequest) -> str:
    lines = ["【离线模式】文书起草需要以下材料与要点："]
    lines += [f"{i}. **{step.name}**：{step.guidance}" for i, step in enumerate(domains.DRAFTING_SOP.steps, 1)]
    previous = _strip_agent_tags(_previous(request))
    if previous:
        lines += ["", "可援引的法律依据：", previous]
    lines += ["", "可在“文书起草”中依模板生成 Word 文书：当事人、金额、日期将按本次咨询预填。"]
    return "\n".join(lines)


def general_offline(request: OfflineRequest) -> str:
    return ("【离线模式】这个问题看起来与法律无关，本平台专注于法律咨询，暂不回答此类问题。"
            "如涉及劳动、婚姻、合同、债务、交通事故等法律问题，欢迎详细描述。")
