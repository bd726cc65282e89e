"""Heads of claim: a how-much answer gives every head of claim the client's facts allow, one by one, with a total.

A card lists its heads (``[[card.heads]]``, ``legal/cards/SCHEMA.md``): 违法解除赔偿金, 二倍工资 and 拖欠工资 on a
dismissal; 医疗费, 误工费, 护理费, 交通费, 营养费 on an injury; 本金, 利息 and the capped 违约金 on a loan; 押金 and the
rent paid ahead on a lease. :func:`evaluate` runs each head that applies (its ``when`` predicates hold) on the
client's facts: a figure with its article when the facts compute it, else the head named with what it still
needs — a regional figure (人均可支配收入, 社平工资) the client did not give is said to be missing, never guessed.
Heads that exclude each other (经济补偿 and 赔偿金) are never both counted: the first the card lists whose facts
apply is. :func:`heads_text` states them and the total of the computed heads.

Figures come from the client's own words only: the typed facts (``legal/facts.py``) and, for items the fact
reader has no name for, the sums the client tells beside an item's name (:func:`told_items`: 交通费800,
营养费花了一千二, 预交了三个月房租).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from knowledge.numerals import int_to_cn
from legal import calculators as calc
from legal.normalise import amounts
from legal.numerals import figures_in_digits
from legal.rules import Calculation, calculate, yuan

if TYPE_CHECKING:  # cardfile validates heads against this module's tables: no import back at run time
    from legal.cardfile import Card, Head

#: Calculators of heads the engine's rules do not name, each with the facts it needs (legal/calculators.py).
HEAD_CALCULATORS: dict[str, tuple[tuple[str, ...], Any]] = {
    "prepaid_rent_refund": (("monthly_rent", "prepaid_rent_months"), lambda f: calc.prepaid_rent_refund(
        monthly_rent=f["monthly_rent"], months=f["prepaid_rent_months"])),
    "injury_leave_wages": (("monthly_wage", "leave_months"), lambda f: calc.injury_leave_wages(
        monthly_wage=f["monthly_wage"], leave_months=f["leave_months"])),
}


def run(name: str, facts: Mapping[str, Any]) -> Calculation:
    """A head's calculator on ``facts``: one of :data:`HEAD_CALCULATORS`, else the engine's (legal/rules.py)."""
    if name not in HEAD_CALCULATORS:
        return calculate(name, facts)
    needs, runner = HEAD_CALCULATORS[name]
    missing = [n for n in needs if facts.get(n) is None]
    if missing:
        return Calculation(name, missing=missing)
    try:
        return Calculation(name, runner(facts))
    except calc.CalculatorInputError as exc:
        return Calculation(name, error=str(exc))

#: The items the fact reader has no name for, read where the client tells a sum beside the item's name:
#: fact name -> (label, the item's words).
TOLD_ITEMS: dict[str, tuple[str, str]] = {
    "transport_expenses": ("交通费", r"交通费|路费|打车费|车费"),
    "nutrition_fee": ("营养费", r"营养费|营养品"),
    "nursing_paid": ("护理费", r"护理费|护工费|陪护费"),
    "lost_earnings_told": ("误工费", r"误工费|误工损失"),
    "assistive_device_fee": ("残疾辅助器具费", r"辅助器具|假肢|轮椅"),
    "property_loss": ("财产损失", r"修车费?|车损|维修费|财产损失"),
    "prepaid_rent": ("预交的房租", r"(?:预交|提前交|预付|多交|已交|交了)(?:的)?(?:房租|租金)"),
    "penalty_told": ("违约金", r"违约金"),
}
#: The labels of the facts :func:`told_items` reads (a card's head may name them).
TOLD_LABELS = {name: label for name, (label, _words) in TOLD_ITEMS.items()} | {
    "prepaid_rent_months": "预交房租的月数", "leave_months": "停工留薪的月数"}

#: Matters where the other side pays the loss by its share of fault (责任比例).
SHARED_LOSS_DOMAINS = frozenset({"traffic_accident", "personal_injury", "tort"})

_AMOUNT = r"(\d+(?:\.\d+)?)\s*(万)?\s*(?:元|块钱?|块)?"
#: Between an item's words and its sum: a verb or a few words, never another sentence or item.
_GAP = r"[^，,。；;！？?\d]{0,6}?"
_LEAVE = re.compile(r"(?:停工留薪期?|养伤|休养|在家休息?|休息|休)[^，,。；;\d]{0,4}?(\d+(?:\.\d+)?)个月")
#: A number that is a count, not a sum (3个月, 20天, 30%).
_NOT_A_SUM = r"(?![\d.]|\s*(?:个月|天|日|小时|%|倍|年|次))"
_MONTHS_AHEAD = re.compile(r"(?:预交|提前交|预付|多交|交了)(?:了)?(\d+)个月(?:的)?(?:房租|租金)")


def _sum(digits: str, wan: str | None) -> Decimal:
    value = Decimal(digits)
    return value * 10000 if wan else value


def told_items(question: str) -> dict[str, Decimal]:
    """The sums the client tells beside an item's name (交通费花了800 → transport_expenses 800), and the months of
    rent paid ahead (预交了三个月房租 → prepaid_rent_months 3). Only a sum written right after the item's words
    counts: a figure elsewhere in the sentence is not the item's."""
    text = figures_in_digits(amounts(question)).replace("半年", "6个月")
    found: dict[str, Decimal] = {}
    for name, (_label, words) in TOLD_ITEMS.items():
        m = re.search(rf"(?:{words}){_GAP}(?:共|一共|总共|大概|大约|约)?{_AMOUNT}{_NOT_A_SUM}", text)
        if m is not None and Decimal(m.group(1)) > 0:
            found[name] = _sum(m.group(1), m.group(2))
    m = _LEAVE.search(text)
    if m is not None and 0 < Decimal(m.group(1)) <= 24:
        found["leave_months"] = Decimal(m.group(1))
    m = _MONTHS_AHEAD.search(text)
    if m is not None and 0 < int(m.group(1)) <= 24:
        found["prepaid_rent_months"] = Decimal(m.group(1))
        found.pop("prepaid_rent", None)  # 交了3个月房租: months, not a sum
    return found


@dataclass
class HeadFigure:
    """One head as the client's facts leave it: ``amount`` and ``text`` when computed, else what it needs."""

    head: Head
    amount: Decimal | None = None
    text: str = ""
    missing: list[str] = field(default_factory=list)
    regional: list[str] = field(default_factory=list)
    #: the article the computed figure rests on, when the calculator names one of the head's law (伤残等级 picks
    #: 工伤保险条例 35, 36 or 37); else the card's
    article: str = ""

    @property
    def computed(self) -> bool:
        return bool(self.text)

    def cite(self) -> str:
        own = self.head.article if isinstance(self.head.article, str) else f"第{int_to_cn(self.head.article)}条"
        article = self.article or own
        return f"《{self.head.law.removeprefix('中华人民共和国')}》{article}"


def _labels() -> Mapping[str, str]:
    from legal.facts import LABELS

    return {**LABELS, **TOLD_LABELS}


def _applies(head: Head, values: Mapping[str, Any]) -> bool:
    return all(p.holds(values) for p in head.when)


def _in_play(head: Head, values: Mapping[str, Any]) -> bool:
    """Whether a head the facts do not compute is still the client's to be told about: its ``when`` is met by
    facts he told (a head without ``when`` shows only when computed: every card would otherwise list every item)."""
    return bool(head.when) and _applies(head, values)


def _figure(head: Head, values: Mapping[str, Any]) -> HeadFigure:
    labels = _labels()
    if head.fact:
        told = values.get(head.fact)
        if told is not None and not isinstance(told, bool):
            amount = Decimal(str(told))
            return HeadFigure(head, amount, f"{yuan(amount)}（按您所述）")
        figure = HeadFigure(head, missing=[labels.get(head.fact, head.fact)])
        if head.fact in head.regional:
            figure.regional = list(figure.missing)
        return figure
    facts = {k: v for k, v in values.items() if k not in head.ignore}
    calculation = run(head.calculator, facts)
    missing = [n for n in head.needs if facts.get(n) is None]
    if calculation.ok and calculation.result is not None and calculation.result.amount is not None \
            and not calculation.result.figures.get("unit") and not missing:
        own = [b.article for b in calculation.result.legal_basis if b.law == head.law]
        return HeadFigure(head, calculation.result.amount, calculation.headline(), article=own[0] if own else "")
    missing = list(dict.fromkeys([*missing, *calculation.missing]))
    figure = HeadFigure(head, missing=[labels.get(n, n) for n in missing])
    figure.regional = [labels.get(n, n) for n in missing if n in head.regional]
    return figure


def evaluate(heads: Sequence[Head], values: Mapping[str, Any]) -> list[HeadFigure]:
    """Each head that applies, in the card's order: computed, or named with what it needs when the client's facts
    put it in play. A head excluded by one already taken (either side's ``excludes``) is left out; a computed
    head goes before an excluded rival only the card's order puts first when both compute."""
    figures = [_figure(head, values) for head in heads if _applies(head, values)]
    taken: list[HeadFigure] = []
    # computed heads claim their place first: a rival that only lacks facts never crowds out a figure
    for figure in sorted(figures, key=lambda f: not f.computed):
        if not figure.computed and not _in_play(figure.head, values):
            continue
        if any(_excluded(figure.head, other.head) for other in taken):
            continue
        taken.append(figure)
    order = {id(h): i for i, h in enumerate(heads)}
    return sorted(taken, key=lambda f: order[id(f.head)])


def _excluded(one: Head, other: Head) -> bool:
    return other.name in one.excludes or one.name in other.excludes


def total(figures: Sequence[HeadFigure]) -> Decimal:
    """The sum of the computed heads."""
    return sum((f.amount for f in figures if f.amount is not None), Decimal(0))


def heads_text(card: Card, values: Mapping[str, Any]) -> str:
    """The heads of ``card`` the facts allow, each with its figure and article, the ones still lacking facts with
    what they lack, and the total of the computed ones ("" when fewer than two heads are in play or none is
    computed)."""
    figures = evaluate(card.heads, values)
    computed = [f for f in figures if f.computed]
    if not computed or len(figures) < 2:
        return ""
    lines = [f"{f.head.name}：{f.text.rstrip('。')}（{f.cite()}）" for f in computed]
    text = "按您所述，可以分项主张：" + "；".join(f"{i}. {line}" for i, line in enumerate(lines, start=1))
    if len(computed) > 1:
        text += f"；以上{len(computed)}项合计 {yuan(total(computed))}"
    share = values.get("liable_share")
    if card.domain in SHARED_LOSS_DOMAINS and share is not None and 0 < Decimal(str(share)) < 1:
        # a loss the other side bears by its share of fault (民法典 1173): the total is the loss, not the claim
        part = Decimal(str(share))
        text += (f"；以上是损失总额，按对方承担 {part * 100:.0f}% 的责任计，"
                 f"可向对方主张 {yuan(total(computed) * part)}")
    text += "。"
    pending = [f for f in figures if not f.computed]
    if pending:
        notes = []
        for f in pending:
            if f.regional:
                need = (f"需要{'、'.join(f.regional)}（当地统计数据），您未提供，未按估计数计算"
                        + (f"；另需{'、'.join(m for m in f.missing if m not in f.regional)}"
                           if len(f.missing) > len(f.regional) else ""))
            else:
                need = f"还需要{'、'.join(f.missing)}" if f.missing else "按实际发生的数额"
            rule = f"，{f.head.rule}" if f.head.rule else ""
            notes.append(f"{f.head.name}（{need}{rule}；{f.cite()}）")
        text += "另可主张、尚未算入合计的：" + "；".join(notes) + "。"
    return text
