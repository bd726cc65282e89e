"""Are the client's own dates and amounts worked out? A check of the COMPOSED answer's text, whatever card or
wording made it (docs/decisions/answers-figures-and-deadlines.md).

Two typed findings, each a fault a practising lawyer marks down as "the figure was not worked out":

- ``period_no_date``: the answer states a period (一年内, 十五日, 六十日, 三年) while the client's facts date an event
  a period runs from (a written date, 去年3月, 三个月前, 上周五 …), and the answer names no calendar day — the last
  day and whether it has passed are missing.
- ``cap_no_figure``: the answer states a cap, a rate, a multiple or a share (不超过十二个月工资, LPR四倍, 三倍, 20%,
  二倍) while the client gave the sum it applies to (a wage, a loan, a price, a deposit, a loss), and the answer
  names no sum of money — the figure is missing.

The check reads; it never writes. ``bench/answers.py`` prints the count per set, and tests hold the detector to
wordings of either kind.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from legal.text.arith import ArithmeticInputError, evaluate

KINDS = ("period_no_date", "cap_no_figure")
#: The kind :func:`arithmetic` reports (a shown step that does not add up), counted apart from the unworked kinds.
ARITHMETIC = "arithmetic_wrong"

_CN = "一二两三四五六七八九十百"
#: A period stated as a rule: 一年内, 十五日内, 60日, 三十日, 六个月, 3年 (a duration, not an age or a sentence).
PERIOD = re.compile(rf"(?:[{_CN}]+|\d+)\s*(?:个工作日|个月|日|天|年)(?:内|以内|之内|届满|期限|时效)?")
#: Words that make a number of years a sentence or an age, not a time limit (判三年, 三年以下有期徒刑, 满三年工龄).
_NOT_A_LIMIT = re.compile(r"有期徒刑|拘役|管制|刑期|判处?|工龄|工作年限|满\s*$|以上不满|年限|服务期|周岁|岁")
#: The words around a stated period that make it a time limit to act in (期限为一年, 时效三年, 六十日的复议期限).
_LIMIT_BEFORE = re.compile(r"(?:期限|时效|期间|除斥期间)(?:期间)?(?:为|是|只有|仅)?\s*$")
_LIMIT_AFTER = re.compile(r"\s*(?:的)?(?:诉讼|仲裁|申请|起诉|上诉|复议)?(?:时效|期限)")
#: A calendar day written in the answer (2026年12月5日, 2026-12-05).
DAY = re.compile(r"(?:19|20)\d{2}\s*(?:年|-|/|\.)\s*\d{1,2}\s*(?:月|-|/|\.)\s*\d{1,2}")
#: A cap, a rate, a multiple or a share the answer applies.
CAP = re.compile(r"[二两三四五六七八九十\d]+\s*倍|\d+(?:\.\d+)?\s*%|LPR|上限|封顶"
                 r"|不超过[^。；，]{0,12}(?:工资|价款|标的|本金|损失)|[一二三四五六七八九]成")
#: A sum of money stated in the answer (49,200 元, 1.2万元, 3600元).
MONEY = re.compile(r"\d[\d,]*(?:\.\d+)?\s*(?:万)?\s*元")
#: A sum of money the client gives (8200, 1.2w, 5万块, 三万元, 月薪六千, 月息3分 on 20万).
CLIENT_MONEY = re.compile(r"\d[\d,]*(?:\.\d+)?\s*(?:万|千|k|K|w|W)?\s*(?:元|块|人民币)"
                          r"|\d+(?:\.\d+)?\s*(?:万|w|W)(?![\u4e00-\u9fff]*(?:公里|人|平))"
                          r"|[一二两三四五六七八九十百千万]+\s*(?:万|千)\s*(?:元|块)?"
                          r"|(?:月薪|工资|月收入|底薪|税前|到手|花了|借了?|借给|本金|定金|押金|价款|总价|房款|货款|损失)"
                          r"\s*(?:是|为|有|大概|约)?\s*\d[\d,.]*")


@dataclass(frozen=True)
class FigureFinding:
    kind: str
    text: str

    def __str__(self) -> str:
        return f"{self.kind} | {self.text[:80]}"


def _limit_periods(text: str) -> list[str]:
    """The periods ``text`` states as time limits (not a sentence, an age or a count of years worked)."""
    found = []
    for m in PERIOD.finditer(text):
        before = text[max(0, m.start() - 8):m.start()]
        after = text[m.end():m.end() + 8]
        if _NOT_A_LIMIT.search(before) or _NOT_A_LIMIT.match(after) or re.match(r"\s*(?:工资|的工资|薪)", after):
            continue
        if (m.group(0).endswith(("内", "以内", "之内", "届满", "期限", "时效")) or _LIMIT_BEFORE.search(before)
                or _LIMIT_AFTER.match(after)):
            found.append(m.group(0))
    return found


def dated_start(question: str, today: date | None = None) -> bool:
    """Whether the client's words date an event a period may run from (any dated event but a hire, a loan or a
    wedding: those start no period by themselves)."""
    from legal import events
    from legal.facts import extract_facts

    facts = extract_facts(question, today=today)
    return any(d.event not in events.NO_PERIOD for d in facts.dates)


def client_sum(question: str) -> bool:
    """Whether the client gives a sum of money a cap or a multiple could apply to."""
    return CLIENT_MONEY.search(question) is not None


def findings(question: str, conclusions: Iterable[str], today: date | None = None) -> list[FigureFinding]:
    """The unworked periods and caps of one answer (its conclusions' texts, all parts together)."""
    text = "\n".join(conclusions)
    out: list[FigureFinding] = []
    periods = _limit_periods(text)
    if periods and not DAY.search(text) and dated_start(question, today):
        out.append(FigureFinding("period_no_date", periods[0]))
    cap = CAP.search(text)
    if cap is not None and not MONEY.search(text) and client_sum(question):
        out.append(FigureFinding("cap_no_figure", text[max(0, cap.start() - 20):cap.end() + 20]))
    return out


#: One step of arithmetic an answer shows: numbers with their units joined by ×, ÷, +, − and ending "= result"
#: (9,000元 × 6.5 = 58,500元; 50 元/小时 × 150% × 2 × 22 = 3,300 元; 20,000 元 × 2 = 40,000 元).
_TERM = r"\d[\d,]*(?:\.\d+)?\s*(?:%|万元|元/小时|元/天|元|个月|天|小时|年|倍|人)?"
#: (an ASCII hyphen is a date's or a range's, never an operator here)
_STEP = re.compile(rf"(?<![\d,.])({_TERM}(?:\s*[×÷+＋−]\s*{_TERM})+)\s*=\s*(\d[\d,]*(?:\.\d+)?)\s*(万元|元)?")
_OPERATOR = {"×": "*", "÷": "/", "+": "+", "＋": "+", "−": "-"}


def _value(term: str) -> float:
    number = float(re.match(r"\d[\d,]*(?:\.\d+)?", term).group(0).replace(",", ""))  # type: ignore[union-attr]
    if term.rstrip().endswith("%"):
        return number / 100
    return number * 10000 if "万元" in term else number


def arithmetic(conclusions: Iterable[str]) -> list[FigureFinding]:
    """Each shown step whose result does not follow from its inputs (``arithmetic_wrong``): the one consistency
    check over a composed figure — whatever calculator, card or part wrote it, the sum shown must add up (to a fen,
    or 1 % for a rounded rate)."""
    out: list[FigureFinding] = []
    for text in conclusions:
        for m in _STEP.finditer(text):
            if re.search(r"[×÷+＋−）)～~]\s*$", text[max(0, m.start() - 3):m.start()]):
                continue  # the tail of a longer step (a range or a bracket before it): not a whole step
            terms = re.split(r"\s*([×÷+＋−])\s*", m.group(1))
            try:
                expected = evaluate("".join(_OPERATOR[t] if t in _OPERATOR else repr(_value(t)) for t in terms))
            except (ArithmeticInputError, ZeroDivisionError, AttributeError, ValueError):
                continue
            said = float(m.group(2).replace(",", "")) * (10000 if m.group(3) == "万元" else 1)
            if abs(said - expected) > max(0.01, abs(expected) * 0.01):
                out.append(FigureFinding(ARITHMETIC, m.group(0)))
    return out
