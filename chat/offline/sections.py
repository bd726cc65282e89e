"""The offline answer's sections: 结论 (by the kind of question), each article's 适用理由, the key
article's requirements against the facts, the SOP steps with the articles about them, 下一步, 风险提示.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from chat import domains
from chat.entities import Entities
from chat.offline.common import _COMMON_BIGRAMS, _cite
from chat.offline.relevance import _polarity, _specific, _statement, _title, _units, _word_counts, asks_about
from knowledge.textsearch import get_tokenizer

# -- the sections ------------------------------------------------------------------------------------------

_LEADS = {
    ("legality", "prohibitive"): "通常不合法：法律对此有禁止性或否定性规定",
    ("legality", "permissive"): "是否合法取决于是否符合法定条件",
    ("legality", "neutral"): "是否合法取决于是否符合法定条件",
    # a prohibition in the rule may bind the other side as well as the asker: no 一般不能
    ("can", "prohibitive"): "能否主张取决于下列法定条件",
    ("can", "permissive"): "一般可以，但须符合法定条件",
    ("can", "neutral"): "能否主张取决于下列法定条件",
    ("consequence", "prohibitive"): "依法可能承担不利后果",
    ("consequence", "permissive"): "依法可能承担下列后果",
    ("consequence", "neutral"): "依法可能承担下列后果",
    ("action", "prohibitive"): "可以依法维权，对方的做法受法律限制",
    ("action", "permissive"): "可以依法主张权利",
    ("action", "neutral"): "可以依法主张权利",
}


def _limitation_conclusion(kind: str, calculation: Mapping[str, Any], article: Mapping[str, Any] | None,
                           question: str) -> str:
    figures = calculation.get("figures", {})
    expires, expired = figures.get("expires_on", ""), bool(figures.get("expired"))
    rule = ""
    if article is not None:
        sentences = [s for lead, s in _units(str(article.get("text", ""))) if "期间" in s or "起计算" in s]
        rule = "，".join(_statement("", s) for s in sentences[:2])
        rule = f"依据{_cite(article)}，{rule}。" if rule else ""
    start = str(calculation.get("start_note", ""))
    asks_suit = kind == "can" or "起诉" in question or "告" in question
    if expired:
        head = ("诉讼时效可能已经届满：仍可起诉，但对方以时效届满抗辩的，法院不再支持；"
                "期间内有催告、对方承认或部分履行等中断事由的，时效重新计算")
        tail = f"{start}，时效已于 {expires} 届满。"
    else:
        head = ("可以起诉，前提是诉讼时效尚未届满" if asks_suit else "诉讼时效尚未届满") + "：时效期间为三年"
        tail = (f"{start}，时效至 {expires} 届满，尚余 {figures.get('days_left')} 天，"
                "请在此之前起诉或书面催告（催告使时效中断、重新计算）。")
    condition = "约定了履行（还款）期限的，一般自期限届满之日起算；没有约定的，自催要后给对方的合理期限届满之日起算。"
    return f"**{head}。** {rule}{tail}{condition}"


def conclusion(kind: str, key: Mapping[str, Any] | None, statement: str, calculations: list[dict[str, Any]],
               basis: list[dict[str, Any]], question: str) -> str:
    """The direct answer to what was asked, with its conditions, grounded in the articles quoted below."""
    limitation = next((c for c in calculations if c.get("name") == "诉讼时效"), None)
    if limitation is not None:
        article = next((b for b in basis if b.get("reason", "").startswith("诉讼时效")), None)
        return _limitation_conclusion(kind, limitation, article, question)
    amount = next((c for c in calculations if c.get("amount")), None)
    if amount is not None:
        cited = "、".join(b.get("text", "") for b in amount.get("legal_basis", []))
        return (f"**按您提供的数据，{amount.get('name')}为 {amount['amount']} 元。** 依据{cited}计算，"
                "计算过程见下；实际数额以查明的工资基数与工作年限为准。")
    if key is None or not statement:
        return ""
    if kind == "amount":
        return f"**数额按法定标准确定：** 依据{_cite(key)}，“{statement}”。补充具体数额、期间等要素后可以精确计算。"
    lead = _LEADS.get((kind, _polarity(statement)))
    if not asks_about(statement, question):
        # the closest rule found does not speak of what was asked: say so instead of stretching it
        path = "协商不成的，可以起诉或依约定申请仲裁。" if kind in ("action", "can") else ""
        return (f"**{lead or '需结合具体事实判断'}。** 检索到的条文没有直接规定您所问的情形，"
                f"最接近的是{_cite(key)}（见下）。{path}建议补充事实或咨询律师。")
    if lead is None:
        return f"**依据{_cite(key)}：** “{statement}”。"
    return f"**{lead}。** 依据{_cite(key)}，“{statement}”。以上以您所述事实属实为前提。"


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
