"""The chat app's offline behaviour: answers composed from the statutes retrieved, without a model.

Each specialist has a handler (its declaration in ``chat.specialists`` names it) that the agent
runtime's offline engine calls with the agent's own toolbox, so tool calls, events, caching and the
audit trail are the same as with a model.
The research handler writes the answer in the sections every answer has (``ANSWER_SECTIONS`` of
``chat.specialists``): 结论 — a direct answer to the kind of question asked, with its conditions,
from the retrieved rule in its own words or a calculation; 法律依据 — the key articles first, each
with why it applies, articles about something else left out; 结合您的情况 — the facts against the
requirements and the domain's SOP steps, each citing only articles about it; 计算 whenever the facts
allow one; 下一步; 风险提示. Empty tool results add no text (docs/decisions/chat.md).
"""

from __future__ import annotations

import calendar
import dataclasses
import re
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from agents.aio import db_sync_to_async
from agents.offline import LABEL, OfflineRequest
from agents.tools import ToolResult
from chat.deps import ChatDeps
from knowledge.textsearch import get_tokenizer
from legal.calculators import CHINA_TZ
from legal.text import domains
from legal.text.entities import Entities, extract_entities, merge
from legal.text.extractive import (
    _COMMON_BIGRAMS,
    _WORDS,
    _cite,
    _clean,
    _statement,
    _title,
    _units,
    _word_counts,
    conclusion,
    key_article,
    question_kind,
    question_terms,
    relevant_hits,
    with_texts,
)

TOP_K = 8
#: Articles the basis quotes at most (the calculators' own articles first).
BASIS_MAX = 5
#: Retrieved articles an undecided answer lists as possibly related.
ABSTAIN_LISTED = 3
QUOTE_CHARS = 260
#: The end of a long narrative, where the question usually is, read again for its dates and durations.
TAIL_CHARS = 2000

# Words of the question that make a calculator run (legal/text/vocab/offline.toml).
_CALCULATOR_WORDS = _WORDS.calculators
_UNLAWFUL = tuple(_CALCULATOR_WORDS.unlawful_dismissal)
_NO_CONTRACT = tuple(_CALCULATOR_WORDS.no_written_contract)
_FEE = tuple(_CALCULATOR_WORDS.litigation_fee)
_LIMITATION = tuple(_CALCULATOR_WORDS.limitation_period)
_DEADLINE = tuple(_CALCULATOR_WORDS.deadline_question)
_GENERIC_TITLES = tuple(_WORDS.relevance.generic_titles)
#: Domains whose claims run on their own periods (labour arbitration: one year), not the civil three years.
_OWN_PERIODS = frozenset({"labor", "criminal", "administrative", "demolition"})


def _deps(request: OfflineRequest) -> ChatDeps:
    deps = request.ctx.deps
    return deps if isinstance(deps, ChatDeps) else ChatDeps()


def _routing(request: OfflineRequest) -> dict[str, Any]:
    return dict(_deps(request).routing or {})


def _entities(request: OfflineRequest) -> Entities:
    return Entities.from_dict(_routing(request).get("entities"))


def _hits(result: ToolResult) -> list[Mapping[str, Any]]:
    """The statutes a knowledge tool returned (its ``sources``), with their full text from the corpus."""
    if not result.ok or not isinstance(result.output, Mapping):
        return []
    return with_texts([hit for hit in result.output.get("sources", []) if isinstance(hit, Mapping)])


def _quote(hit: Mapping[str, Any]) -> str:
    text = _clean(hit.get("text", ""))
    if len(text) > QUOTE_CHARS:
        text = text[:QUOTE_CHARS].rstrip("，。；、") + "……"
    return f"{_cite(hit)}：“{text}”"


def _key(hit: Mapping[str, Any]) -> tuple[str, str]:
    return str(hit.get("law")), str(hit.get("article_label"))


# -- what the question asks and what it is about ---------------------------------------------------------


def _specific(title: str) -> bool:
    """A title that names a topic (not 一般规定, 法律责任 …)."""
    return bool(title) and not all(any(g in part for g in _GENERIC_TITLES) for part in title.split())


# -- calculators -------------------------------------------------------------------------------------------


def _months_before(day: date, months: int) -> date:
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    return date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def _limitation_start(question: str, facts: Entities, today: date) -> tuple[date, str] | None:
    """When the three years start, from the stated facts: the latest full date, else a duration
    back from today (已经过去两年 → two years ago)."""
    known = next((d for d in reversed(facts.dates) if d.year and d.month and not d.relative), None)
    if known is not None:
        start = date(known.year, known.month, known.day or 1)
        if start <= today:
            return start, f"以您提到的 {known.text} 为起算点"
    period = next((d for d in reversed(facts.durations) if d.kind == "period" and d.months), None)
    if period is not None and 0 < period.months <= 12 * 40:
        more = "多" if period.approximate else ""
        return _months_before(today, int(period.months)), f"按您所述已过去{period.text}{more}推算"
    return None


async def _calculations(request: OfflineRequest, question: str, facts: Entities, domain: str,
                        intent: str) -> list[dict[str, Any]]:
    """Run the calculators the facts allow, whatever the intent; each result carries its legal basis.
    A question about a deadline with a date or a duration runs the limitation calculator."""
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
    deadline = any(word in question for word in (*_LIMITATION, *_DEADLINE))
    if "calculate_limitation_period" in tools and deadline and domain not in _OWN_PERIODS:
        start = _limitation_start(question, facts, datetime.now(tz=CHINA_TZ).date())
        if start is not None:
            result = await request.call_tool("calculate_limitation_period", {"known_on": start[0].isoformat()})
            if result.ok and isinstance(result.output, Mapping):
                results.append(dataclasses.replace(result, output={**result.output, "start_note": start[1]}))
    return [dict(r.output) for r in results if r.ok and isinstance(r.output, Mapping)]


async def _basis_articles(request: OfflineRequest, calculations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The articles a calculation rests on, looked up in the corpus (so they are quoted and verified)."""
    if "lookup_legal_article" not in request.toolbox:
        return []
    found: list[dict[str, Any]] = []
    for calculation in calculations:
        for basis in calculation.get("legal_basis", [])[:1]:
            result = await request.call_tool("lookup_legal_article", {"law": basis["law"], "article": basis["article"]})
            quoted = str(result.output.get("content", "")).partition("：\n")[2] if result.ok else ""
            for hit in await db_sync_to_async(_hits)(result):
                # the look-up's own text when the article is not found by its id (a cached result)
                found.append(dict(hit, text=hit.get("text") or quoted, reason=f"{calculation.get('name')}的计算依据"))
    return found


def _calculation_lines(calculation: Mapping[str, Any]) -> list[str]:
    lines = [f"**{calculation.get('name')}**" + (f"：{calculation['amount']} 元" if calculation.get("amount") else "")]
    if calculation.get("start_note"):
        lines.append(f"- {calculation['start_note']}")
    lines += [f"- {step}" for step in calculation.get("steps", [])]
    basis = "、".join(b.get("text", "") for b in calculation.get("legal_basis", []))
    if basis:
        lines.append(f"- 依据：{basis}")
    return lines


# -- the sections ------------------------------------------------------------------------------------------


def _why(hit: Mapping[str, Any], terms: set[str]) -> str:
    if hit.get("reason"):
        return str(hit["reason"])
    text = str(hit.get("text", ""))
    shared = sorted((t for t in terms if t in text), key=lambda t: (-len(t), t))
    picked: list[str] = []
    for term in shared:
        if not any(term in p for p in picked):
            picked.append(term)
    topic = _title(hit.get("chapter"))
    where = f"（{topic}）" if _specific(topic) else ""
    return f"条文{where}规定了“{'”“'.join(picked[:3])}”，与您的问题直接相关" if picked else "与您的问题相关"


def _requirements(key: Mapping[str, Any], terms: set[str], question_text: str) -> list[str]:
    """The key article's conditions set against what the question says."""
    lines: list[tuple[bool, str]] = []
    # only what the user wrote as a word is echoed back ("通事" is not a word of "交通事故")
    words = set(get_tokenizer().lcut(question_text))
    for lead, item in _units(str(key.get("text", "")))[:12]:
        condition = _statement(lead, item) if lead else _statement("", item)
        if not ("的" in condition or lead):
            continue
        said = sorted({t for t in terms if t in condition and t in words}, key=len, reverse=True)[:3]
        state = f"您已提到“{'”“'.join(said)}”" if said else "您尚未说明，需补充事实"
        lines.append((bool(said), f"- {condition}（{state}）"))
        if len(lines) == 3:
            break
    return [line for _, line in lines] if any(said for said, _ in lines) else []


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


def _main_count(text: str) -> int:
    """How often the article's most frequent word occurs (words common to most statutes aside)."""
    return max(_word_counts(text).values(), default=0)


def _relevant(step: domains.SopStep, hits: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Statutes about the step, best first: they contain two or more of the step's words (two-character
    words of its name and guidance, without those common to most statutes: 人民, 应当 …), and those
    words weigh in the article about as much as its own main word (an article on 保证 that mentions
    债权 and 债务 in passing is not about how a debt comes into being)."""
    words = (_bigrams(step.name) | _bigrams(step.guidance)) - _COMMON_BIGRAMS
    scored = []
    for i, hit in enumerate(hits):
        text = str(hit.get("text", ""))
        found = [w for w in words if w in text]
        weight = sum(text.count(w) for w in found)
        if len(found) >= 2 and weight * 4 >= _main_count(text) * 3:
            scored.append((-weight, i))
    return [hits[i] for _, i in sorted(scored)][:2]


def _next_steps(sop: domains.Sop | None, intent: str, calculations: list[dict[str, Any]]) -> list[str]:
    lines = []
    if sop is not None and sop.code == domains.GENERAL and intent != "procedure_guidance":
        lines += [f"{i}. **{step.name}**：{step.guidance}。" for i, step in enumerate(domains.GENERAL_NEXT_STEPS, 1)]
    elif sop is not None and sop.steps and intent != "procedure_guidance":
        lines.append(f"1. **证据**：围绕“{sop.steps[0].name}”准备材料——{sop.steps[0].guidance}。")
        lines.append(f"2. **程序**：{sop.steps[-1].name}——{sop.steps[-1].guidance}。")
    if intent == "procedure_guidance":
        lines += [f"{i}. **{step.name}**：{step.guidance}。" for i, step in enumerate(domains.PROCEDURE_SOP.steps, 1)]
    for calculation in calculations:
        expires = calculation.get("figures", {}).get("expires_on")
        if calculation.get("name") == "诉讼时效" and expires:
            lines.append(f"{len(lines) + 1}. **期限**：诉讼时效届满日 {expires}（节假日顺延前），此前起诉或书面催告。")
    if intent == "contract_review":
        lines.append(f"{len(lines) + 1}. 完整的合同逐条审查请使用“合同审查”功能上传合同文本。")
    return lines


def _risks(calculations: list[dict[str, Any]], domain: str) -> list[str]:
    lines = ["- 结论以您所述的事实为准；对方提出相反证据或事实有出入的，结论可能不同，关键事实需有证据证明。"]
    if not any(c.get("name") == "诉讼时效" for c in calculations) and domain not in ("criminal", domains.GENERAL):
        lines.append("- 注意时效与期限：超过法定期限主张权利，可能得不到支持。")
    lines += [f"- {note}。" for c in calculations for note in c.get("notes", [])]
    return lines


async def research_offline(request: OfflineRequest) -> str:
    """The offline answer: 结论 (the direct answer with its conditions), 法律依据 (key articles first,
    each with why it applies), 结合您的情况 (the facts against the requirements and the SOP), 计算,
    下一步, 风险提示. Sections without content are left out; only retrieved articles are cited."""
    routing = _routing(request)
    domain, intent = routing.get("domain", domains.GENERAL), routing.get("intent", domains.QA_RETRIEVAL)
    question = request.question
    cards = _deps(request).cards
    if cards is not None and cards.decided:
        # the issue cards decide: the answer is theirs; the search still runs for the sources shown
        await _search(request, question, domain)
        return cards.markdown
    if cards is not None and cards.engaged:
        # no card decides: say what could not be decided; what retrieval found is listed apart, as
        # possibly related and not verified to apply — never as the controlling provision
        retrieved = await _search(request, question, domain)
        hits = await db_sync_to_async(relevant_hits)(retrieved, question) if retrieved else []
        return abstention(cards.markdown, hits)
    facts = _entities(request)
    if len(question) > TAIL_CHARS:  # a long narrative asks at its end: its dates and durations count
        facts = merge(facts, extract_entities(question[-TAIL_CHARS:]))
    retrieved = await _search(request, question, domain)
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
