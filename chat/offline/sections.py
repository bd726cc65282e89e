"""The offline answer's sections: 结论 (by the kind of question), each article's 适用理由, the key
article's requirements against the facts, the SOP steps with the articles about them, 下一步, 风险提示.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from typing import Any

from chat.offline.relevance import _specific
from knowledge.textsearch import get_tokenizer
from legal.calculators import cn_date
from legal.text import domains
from legal.text.entities import Entities
from legal.text.extractive import _COMMON_BIGRAMS, _statement, _title, _units, _word_counts

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
            day = cn_date(date.fromisoformat(str(expires)))
            lines.append(f"{len(lines) + 1}. **期限**：诉讼时效届满日 {day}（节假日顺延前），"
                         "此前起诉或书面催告。")
    if intent == "contract_review":
        lines.append(f"{len(lines) + 1}. 完整的合同逐条审查请使用“合同审查”功能上传合同文本。")
    return lines


def _risks(calculations: list[dict[str, Any]], domain: str) -> list[str]:
    lines = ["- 结论以您所述的事实为准；对方提出相反证据或事实有出入的，结论可能不同，关键事实需有证据证明。"]
    if not any(c.get("name") == "诉讼时效" for c in calculations) and domain not in ("criminal", domains.GENERAL):
        lines.append("- 注意时效与期限：超过法定期限主张权利，可能得不到支持。")
    lines += [f"- {note}。" for c in calculations for note in c.get("notes", [])]
    return lines
