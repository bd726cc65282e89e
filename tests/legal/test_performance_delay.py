"""One reader of a late performance: the agreed day and the day it came (or today, when it has not come),
the dates as clients write them; and one reader of a penalty rate by the day."""

from datetime import date
from decimal import Decimal

import pytest

from legal.facts import extract_facts
from legal.normalise import normalise

TODAY = date(2026, 11, 27)


@pytest.mark.parametrize(("question", "days"), [
    # written out, both days
    ("约定2025年12月31日前交房，拖到2026年3月31日才交，违约金怎么算", 90),
    ("合同上写的2026年1月10日交货，直到2026年2月9日才到货", 30),
    # relative: last year's month, last month's day
    ("开发商约定去年3月交房，拖到上个月15号才交", (date(2026, 10, 15) - date(2025, 3, 1)).days),
    # the day it came said as what it actually was
    ("说好2026年6月1日发货，结果2026年6月21日才发", 20),
    # the Spring Festival
    ("说好过年前交房，结果拖到今年5月20号才交", (date(2026, 5, 20) - date(2026, 2, 16)).days),
    # not come yet: to today
    ("合同写的11月初发货，到现在还没发", (TODAY - date(2026, 11, 1)).days),
    ("约定上个月15号付款，到现在还没付", (TODAY - date(2026, 10, 15)).days),
    ("说好春节前交货，一直没交", (TODAY - date(2026, 2, 16)).days),
])
def test_delay_from_agreed_day(question: str, days: int) -> None:
    assert extract_facts(question, today=TODAY).get("delay_days") == Decimal(days)


@pytest.mark.parametrize("question", [
    "2025年3月入职，2026年10月15日被辞退",          # no agreed performance
    "约定2026年12月31日交房，现在还没到时间",        # the agreed day is still to come
    "每逾期一天按万分之五，2026年3月1日签的合同",    # the rate's unit is not a delay
])
def test_no_delay_without_an_agreed_day_passed(question: str) -> None:
    assert extract_facts(question, today=TODAY).get("delay_days") is None


def test_the_client_counting_the_days_wins() -> None:
    facts = extract_facts("约定2026年1月1日交房，晚交了45天", today=TODAY)
    assert facts.get("delay_days") == Decimal(45)


@pytest.mark.parametrize(("question", "rate"), [
    ("违约金每天万分之零点五", Decimal("0.00005")),
    ("按日万分之五支付违约金", Decimal("0.0005")),
    ("每逾期一天按千分之一点五", Decimal("0.0015")),
    ("每日千分之二的违约金", Decimal("0.002")),
    ("每天万分之两", Decimal("0.0002")),
])
def test_daily_rate_read_once(question: str, rate: Decimal) -> None:
    facts = extract_facts(question, today=TODAY)
    assert facts.get("daily_penalty_rate") == rate
    assert facts.get("annual_rate") != Decimal(0)  # never also a yearly rate of zero


def test_daily_rate_runs_on_the_sum_paid() -> None:
    facts = extract_facts("约定每天万分之一的违约金，我一次性付了150万，晚交房30天", today=TODAY)
    assert facts.get("daily_penalty_rate") == Decimal("0.0001")
    assert facts.get("contract_price") == Decimal(1500000)
    assert facts.get("delay_days") == Decimal(30)


@pytest.mark.parametrize(("said", "written"), [
    ("过年前", "2026年2月16日"),
    ("去年春节前", "2025年1月28日前"),
    ("过完年", "2026年2月17日后"),
    ("明年过年之前", "2027年2月5日前"),
])
def test_spring_festival_as_a_date(said: str, written: str) -> None:
    assert written in normalise(f"说好{said}交房", TODAY)
