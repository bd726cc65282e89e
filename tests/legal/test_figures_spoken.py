"""Figures whose inputs clients say in words the readers did not know: a tenure as a span with no contract
signed (二倍工资), a loan overdue for a span (LPR overdue interest), a yearly rate in words (本息), a card's
bonus (its refund), subscribed and paid-in capital, and the years a death or disability award counts."""

from datetime import date
from decimal import Decimal

import pytest

from legal.facts import extract_facts
from legal.rules import calculate

TODAY = date(2026, 11, 27)


def _figure(name: str, question: str) -> Decimal:
    calculation = calculate(name, extract_facts(question, today=TODAY).values())
    assert calculation.ok and calculation.result is not None, calculation.missing
    assert calculation.result.amount is not None
    return calculation.result.amount


@pytest.mark.parametrize(("question", "months"), [
    ("入职半年没签合同，月薪6000", 6),
    ("进公司八个月了一直没签劳动合同，工资5000", 8),
    ("干了一年半都没签书面合同，月薪7000", 12),   # at most twelve months count
])
def test_unsigned_months_from_a_span(question: str, months: int) -> None:
    assert extract_facts(question, today=TODAY).get("unsigned_months") == Decimal(months)


def test_double_wage_from_a_span() -> None:
    assert _figure("double_wage", "入职半年没签合同 老板说我是临时工 月薪6000") == Decimal(30000)


@pytest.mark.parametrize("question", [
    "借了他5万没写利息，到期都一年了还不还",
    "借给朋友五万，到期已经一年了，借条上没写利息",
])
def test_overdue_interest_from_the_time_overdue(question: str) -> None:
    facts = extract_facts(question, today=TODAY)
    assert facts.get("due_date") == date(2025, 11, 27)


@pytest.mark.parametrize(("question", "rate"), [
    ("借条写年利息百分之十", Decimal(10)),
    ("约定年利率百分之八点五", Decimal("8.5")),
    ("年化百分之十二的利息", Decimal(12)),
])
def test_a_yearly_rate_in_words(question: str, rate: Decimal) -> None:
    assert extract_facts(f"借给他五万 {question} 借两年", today=TODAY).get("annual_rate") == rate


def test_principal_with_interest_from_a_rate_in_words() -> None:
    assert _figure("principal_with_interest", "借给他五万 借条写年利息百分之十 借两年 到期一分没还") == Decimal(60000)


@pytest.mark.parametrize(("question", "refund"), [
    ("美容院充了5000送3000 花了2000 能退多少", Decimal(3750)),
    ("健身卡充值两千赠送五百，用了一千，剩下的能退多少", Decimal(1200)),
    ("理发店充了3000 用了500", Decimal(2500)),             # no bonus: what is left
])
def test_a_card_refund_leaves_the_bonus_out(question: str, refund: Decimal) -> None:
    assert _figure("prepaid_balance", question) == refund


@pytest.mark.parametrize(("question", "owed"), [
    ("我认缴了100万 实缴了20万 债主要我补多少", Decimal(800000)),
    ("认缴出资50万，只缴了10万，公司还不上钱", Decimal(400000)),
    ("我认缴的是30万，实际出资30万", Decimal(0)),
])
def test_unpaid_capital(question: str, owed: Decimal) -> None:
    assert _figure("unpaid_capital", question) == owed


@pytest.mark.parametrize(("age", "years"), [(45, 20), (60, 20), (68, 12), (74, 6), (75, 5), (82, 5)])
def test_compensation_years(age: int, years: int) -> None:
    assert _figure("compensation_years", f"我爸{age}岁 被车撞死了 死亡赔偿金按多少年算") == Decimal(years)


@pytest.mark.parametrize(("question", "middle"), [
    ("孩子他爸月收入大概一万 抚养费一般给多少", "2,500"),
    ("离婚了孩子跟我，他每月工资8000，抚养费能要多少", "2,000"),
])
def test_child_support_names_the_middle_of_its_range(question: str, middle: str) -> None:
    calculation = calculate("child_support", extract_facts(question, today=TODAY).values())
    assert calculation.ok and calculation.result is not None
    assert f"25% 约 {middle}" in calculation.result.steps[-1]
