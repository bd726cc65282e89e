"""The answer composer: an answer built from matched cards, one conclusion per question part.

For each part: the question type it asks (yes/no, valid, how much, by when, which, forum, what to
do), the card's conclusion for that type in words with its conditions, the figure computed by the
card's calculator from the question's role-labelled facts (or the one precise question for the
missing fact), the deadline with its start event (and, when the start date is known, the date and
whether it has passed). Then at most three controlling provisions, each with what it decides and
its elements set against the client's facts; evidence; next steps with forum and deadline;
exceptions and common mistakes. No keyword echo, no unfilled checklist, no truncated quote.

A part the matcher could not decide gets a line saying what could not be decided and what fact
would decide it; it cites nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from knowledge.numerals import int_to_cn
from legal.cardfile import Answer, Card, Provision
from legal.facts import LABELS, Facts, extract_facts
from legal.matcher import PartMatch
from legal.rules import Calculation, Deadline, calculate, deadline

OFFLINE_HEAD = ("【离线模式】未使用大语言模型：以下结论依据律所维护的法律要点卡片与现行法条自动整理，请律师复核。")

QTYPE_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("which", re.compile(r"什么罪|哪个罪|哪种罪|何罪|罪名|定什么罪|判什么罪|什么案由|属于什么|算什么|哪一类|什么性质")),
    ("how_much", re.compile(r"多少|怎么算|如何计算|怎么计算|几倍|标准是|赔偿标准|补偿标准|判几年|判多久|判多少|金额|几个月工资|赔偿多少")),
    ("by_when", re.compile(r"多久|多长时间|期限|时效|还来得及|过期|几天内|多少天|什么时候|有效期|截止|超过.{0,6}还能|还能.{0,6}(?:年|月)")),
    ("forum", re.compile(r"去哪|到哪|找哪|哪个部门|向谁|哪里告|哪告|在哪.{0,4}(?:起诉|告|申请|投诉)|哪个法院|管辖|什么程序|怎么起诉|如何起诉|流程|找谁|投诉")),
    ("valid", re.compile(r"合法吗|违法吗|有效吗|算不算|是否有效|是否合法|合不合法|合理吗|违不违法|有没有效|是不是违法|犯法吗|侵权吗|算.{0,6}吗|违法|无效")),
    ("what_to_do", re.compile(r"怎么办|该怎么|如何处理|怎么处理|咋办|怎么做|如何维权|怎么维权|应该怎样|怎样处理")),
    ("yes_no", re.compile(r"能不能|可以吗|可不可以|能否|能吗|是否|要不要|有没有权|需要|还能|可以|能|吗|会不会|用不用")),
)
#: When a card has no answer for the asked type: the nearest type it has.
FALLBACK = {"yes_no": ("valid", "what_to_do"), "valid": ("yes_no",), "what_to_do": ("forum", "yes_no"),
            "forum": ("what_to_do",), "by_when": ("yes_no",), "how_much": ("yes_no",), "which": ("valid", "yes_no")}


def question_type(text: str) -> str:
    for qtype, pattern in QTYPE_CUES:
        if pattern.search(text):
            return qtype
    return ""


def law_short(law: str) -> str:
    return law.removeprefix("中华人民共和国")


def article_label(number: int) -> str:
    return f"第{int_to_cn(number)}条"


def cite(provision: Provision) -> str:
    return f"《{provision.law}》{article_label(provision.article)}"


@dataclass
class PartAnswer:
    part: str
    qtype: str
    card: Card | None
    confidence: float
    answer: Answer | None = None
    text: str = ""
    calculation: Calculation | None = None
    deadline: Deadline | None = None
    ask: str = ""
    alternatives: list[str] = field(default_factory=list)

    @property
    def decided(self) -> bool:
        return self.card is not None

    def citations(self) -> list[dict[str, Any]]:
        if self.card is None:
            return []
        return [{"law": p.law, "article": article_label(p.article), "valid": True} for p in self.card.controlling]


@dataclass
class Composition:
    parts: list[PartAnswer]
    facts: Facts
    markdown: str = ""

    @property
    def decided(self) -> bool:
        return any(p.decided for p in self.parts)

    def cards(self) -> list[Card]:
        seen: dict[str, Card] = {}
        for p in self.parts:
            if p.card is not None:
                seen.setdefault(p.card.slug, p.card)
        return list(seen.values())

    def conclusions(self, verified: Callable[[str, str], bool] | None = None) -> list[dict[str, Any]]:
        """ARCHITECTURE §8: one per part — the part, the text answering it, its controlling citations."""
        out = []
        for p in self.parts:
            citations = p.citations()
            if verified is not None:
                citations = [dict(c, valid=verified(c["law"], c["article"])) for c in citations]
            out.append({"part": p.part, "text": p.text, "citations": citations})
        return out

    def card_refs(self, ids: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        refs: dict[str, dict[str, Any]] = {}
        for p in self.parts:
            if p.card is not None and p.card.slug not in refs:
                refs[p.card.slug] = {"id": (ids or {}).get(p.card.slug), "slug": p.card.slug, "title": p.card.title,
                                     "confidence": round(p.confidence, 3)}
        return list(refs.values())


def _pick_answer(card: Card, qtype: str) -> Answer:
    if qtype in card.answers:
        return card.answers[qtype]
    for other in FALLBACK.get(qtype, ()):
        if other in card.answers:
            return card.answers[other]
    return card.answer_for(qtype)


def _fill(answer: Answer, facts: Facts, today: date | None) -> tuple[str, Calculation | None, Deadline | None, str]:
    text = answer.conclusion
    calculation = None
    found_deadline = None
    ask = ""
    if answer.calculator:
        calculation = calculate(answer.calculator, facts.values(), inputs=answer.inputs)
        if calculation.ok:
            text = text.replace("{result}", calculation.headline())
        else:
            ask = calculation.ask() if calculation.missing else ""
            missing = "、".join(LABELS.get(m, m) for m in calculation.missing) or "计算要素"
            text = text.replace("{result}", f"具体数额需知道您的{missing}后计算")
    if answer.deadline:
        found_deadline = deadline(answer.deadline, start_event=answer.start, start=facts.get("start_date"),
                                  today=today)
        if found_deadline is not None:
            text = text.replace("{deadline}", found_deadline.text())
    text = text.replace("{result}", "").replace("{deadline}", "")
    text = re.sub(r"[：:]\s*。", "。", text).replace("：；", "；")
    return text.strip(), calculation, found_deadline, ask


def compose(question: str, matches: Sequence[PartMatch], *, facts: Facts | None = None, today: date | None = None,
            article_text: Callable[[str, int], str] | None = None, offline: bool = True) -> Composition:
    """The answer to ``question`` from the matched cards (``matches`` from the matcher)."""
    facts = facts if facts is not None else extract_facts(question, today=today)
    parts: list[PartAnswer] = []
    for match in matches:
        qtype = question_type(match.text) or question_type(question)
        best = match.best
        if not match.decided or best is None:
            alternatives = [s.card.title for s in match.scores[:2]] if match.scores else []
            text = ("未能可靠判断这一问具体涉及哪个法律问题" + (f"（最接近的是“{alternatives[0]}”，但把握不足）" if alternatives else "")
                    + "。请补充：发生了什么、对方是谁（单位、个人还是机关）、您希望达到什么结果。")
            parts.append(PartAnswer(match.text, qtype, None, best.confidence if best else 0.0, text=text,
                                    alternatives=alternatives))
            continue
        card = best.card
        chosen = _pick_answer(card, qtype or card.question_types[0])
        if qtype in ("forum", "what_to_do") and chosen.qtype not in ("forum", "what_to_do") and card.next_steps:
            # asked where to go or what to do, and the card answers neither: its next steps do
            chosen = Answer(qtype, "；".join(s.rstrip("。；") for s in card.next_steps) + "。")
        text, calculation, found_deadline, ask = _fill(chosen, facts, today)
        parts.append(PartAnswer(match.text, qtype or chosen.qtype, card, best.confidence, chosen, text, calculation,
                                found_deadline, ask))
    composition = Composition(parts, facts)
    composition.markdown = render(composition, article_text=article_text, offline=offline)
    return composition


# -- Markdown ----------------------------------------------------------------------------------------------
def _element_line(element: Any, facts: Facts, question: str) -> str:
    if element.fact and element.fact in facts:
        fact = facts.items[element.fact]
        return f"   - {element.text}：已具备（您提到“{fact.text}”）"
    if element.ask:
        return f"   - {element.text}：待确认——{element.ask}"
    return f"   - {element.text}"


def _facts_line(facts: Facts) -> str:
    shown = []
    for fact in facts.items.values():
        if fact.name in ("employment", "written_contract"):
            continue
        value = fact.value
        if hasattr(value, "isoformat"):
            value = value.isoformat()
        shown.append(f"{fact.label} {value}（“{fact.text}”）")
    return "；".join(shown)


_ARTICLE = r"第[一二三四五六七八九十百千零〇两\d]+条(?:之[一二三四五六七八九十])?"


def bracket_citations(text: str, laws: Sequence[str]) -> str:
    """A card's free text names articles the way lawyers write notes ("劳动合同法第三十九条"); the
    answer cites them as 《劳动合同法》第三十九条, so the citation check reads the law's name right."""
    names = sorted({n for law in laws for n in (law, law_short(law)) if n}, key=len, reverse=True)
    if not names:
        return text
    pattern = re.compile(rf"(?<!《)(?<!中华人民共和国)({'|'.join(map(re.escape, names))})(?!》)({_ARTICLE})")
    return pattern.sub(lambda m: f"《{m.group(1)}》{m.group(2)}", text)


def render(composition: Composition, *, article_text: Callable[[str, int], str] | None = None,
           offline: bool = True) -> str:
    laws = sorted({p.law for card in composition.cards() for p in card.provisions} | KNOWN_LAWS)
    return bracket_citations(_render(composition, article_text=article_text, offline=offline), laws)


#: Laws card notes often name without 《》 besides the cards' own provisions.
KNOWN_LAWS = frozenset({
    "中华人民共和国劳动合同法", "中华人民共和国劳动法", "中华人民共和国劳动合同法实施条例", "中华人民共和国民法典",
    "中华人民共和国民事诉讼法", "中华人民共和国刑法", "中华人民共和国刑事诉讼法", "中华人民共和国公司法",
    "中华人民共和国行政诉讼法", "中华人民共和国行政复议法", "中华人民共和国道路交通安全法", "工伤保险条例",
    "中华人民共和国消费者权益保护法", "中华人民共和国社会保险法", "中华人民共和国劳动争议调解仲裁法",
})


def verified_line(text: str) -> bool:
    """Whether every statute ``text`` cites is in this corpus (a risk or a mistake whose citation the
    corpus cannot show is not presented, like a controlling provision)."""
    from knowledge.verification import citations_verify

    return all(c.valid for c in citations_verify(text=text))


def _render(composition: Composition, *, article_text: Callable[[str, int], str] | None = None,
            offline: bool = True) -> str:
    parts = composition.parts
    lines: list[str] = [OFFLINE_HEAD, ""] if offline else []
    lines += ["### 结论", ""]
    many = len(parts) > 1
    for index, part in enumerate(parts, start=1):
        head = f"{index}. " if many else ""
        asked = f"（{part.part}）" if many else ""
        lines.append(f"{head}{asked}**{part.text}**" if part.decided else f"{head}{asked}{part.text}")
        if part.ask:
            lines.append(f"{'   ' if many else ''}还需要您告诉我：{part.ask}")
    cards = composition.cards()
    if cards:
        lines += ["", "### 法律依据", ""]
        number = 0
        seen: set[tuple[str, int]] = set()
        for card in cards:
            for provision in card.controlling:
                if (provision.law, provision.article) in seen:
                    continue
                seen.add((provision.law, provision.article))
                text = article_text(provision.law, provision.article) if article_text else ""
                if article_text and not text:
                    continue  # not in this corpus: a provision that cannot be verified is not presented
                number += 1
                decides = provision.decides or ""
                quote = f"原文：“{text}”" if text and len(text) <= 220 else ""
                lines.append(f"{number}. {cite(provision)}：{decides}。{quote}".replace("。。", "。"))
            related = [e for e in card.elements]
            if related:
                lines.append(f"   要件对照（{card.title}）：")
                lines += [_element_line(e, composition.facts, "") for e in related[:5]]
    facts_line = _facts_line(composition.facts)
    if facts_line:
        lines += ["", "### 结合您的情况", "", f"您提到的要素：{facts_line}。"]
    calculations = [p.calculation for p in parts if p.calculation is not None and p.calculation.ok]
    if calculations:
        lines += ["", "### 计算", ""]
        for calculation in calculations:
            result = calculation.result
            assert result is not None
            lines.append(f"**{result.name}**")
            lines += [f"- {step}" for step in result.steps]
            basis = "、".join(str(b) for b in result.legal_basis)
            if basis:
                lines.append(f"- 依据：{basis}")
    steps: list[str] = []
    for card in cards:
        if card.evidence:
            steps.append(f"**证据**：{'；'.join(card.evidence)}。")
        steps += [f"{s}。".replace("。。", "。") for s in card.next_steps]
    for part in parts:
        if part.deadline is not None and part.deadline.ends is not None:
            steps.append(f"**期限**：{part.deadline.text()}（{part.deadline.rule.basis}）。")
    if steps:
        lines += ["", "### 下一步", ""] + [f"{i}. {s}" for i, s in enumerate(dict.fromkeys(steps), start=1)]
    risks = [f"- {e}。".replace("。。", "。") for card in cards for e in (*card.exceptions, *card.mistakes)
             if article_text is None or verified_line(e)]
    lines += ["", "### 风险提示", "", *risks,
              "- 结论以您所述的事实为准；事实有出入或对方提出相反证据的，结论可能不同。"]
    return "\n".join(lines)
