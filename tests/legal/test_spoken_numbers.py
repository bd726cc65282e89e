"""Amounts, periods and dates as people write them, read into role-labelled facts.

A table of the ways clients write a wage, a tenure, a loan, a date (万/千/k/w, 块/元, 大写, 八千五,
1万2, ranges, 税前/税后, 快三年, 去年3月, 2023.5, 上个月15号, 月底), and a property: the facts a
calculator needs are found whatever order the client states them in and whatever words join them.
"""

from __future__ import annotations

import itertools
from datetime import date
from decimal import Decimal

import pytest

from legal.facts import extract_facts, side
from legal.normalise import chinese_number, normalise

TODAY = date(2026, 11, 27)

WAGES = [
    ("月薪8000", 8000), ("月薪8000元", 8000), ("工资8千", 8000), ("工资8k", 8000), ("月薪8K", 8000),
    ("一个月八千", 8000), ("一个月八千五", 8500), ("月薪8千5", 8500), ("工资1.2w", 12000), ("月薪1.2万", 12000),
    ("工资1万2", 12000), ("月薪一万二", 12000), ("月薪两万五", 25000), ("月薪2万5", 25000),
    ("每月工资壹万贰仟元", 12000), ("月工资伍仟元整", 5000), ("工资5000块", 5000), ("一个月5千块", 5000),
    ("每个月到手6500", 6500), ("每个月给我开7500", 7500), ("月薪税前1.2w", 12000),
    ("工资税后9千，税前1万1", 11000), ("月薪8000-9000", 8500), ("工资8000到9000左右", 8500),
    ("工资大概七八千", 7500), ("月薪一万左右", 10000), ("年薪24万", 20000), ("底薪三千五", 3500),
    ("我一个月挣6000", 6000), ("8000一个月", 8000), ("月入1.5万", 15000),
]


@pytest.mark.parametrize(("said", "wage"), WAGES)
def test_the_own_monthly_wage_however_written(said, wage):
    assert extract_facts(f"{said}，被公司辞退了", today=TODAY).get("monthly_wage") == Decimal(wage)


@pytest.mark.parametrize("said", ["当地平均工资8000", "社平工资一万二", "最低工资2000", "全市职工月平均工资9千"])
def test_an_average_or_a_minimum_is_never_the_own_wage(said):
    assert extract_facts(f"{said}，被公司辞退了", today=TODAY).get("monthly_wage") is None


TENURES = [
    ("干了3年", 36), ("干了三年", 36), ("工作了两年半", 30), ("干了3年8个月", 44), ("干了两年零两个月", 26),
    ("上班三年多", 36), ("干了快三年", 35), ("入职快两年了", 23), ("在这干了将近五年", 59), ("工作了十个月", 10),
    ("在厂里干了十年", 120), ("做了1年10个月", 22), ("工龄8年", 96), ("2023年5月入职", 42), ("2023.5入职", 42),
    ("去年3月入职", 20), ("2021年8月进的公司，2026年10月被裁", 62), ("前年6月入职", 29),
]


@pytest.mark.parametrize(("said", "months"), TENURES)
def test_tenure_however_written(said, months):
    assert extract_facts(f"{said}，月薪6000", today=TODAY).get("service_months") == months


PRINCIPALS = [
    ("借给他5万", 50000), ("借给他五万块钱", 50000), ("借了我3万5", 35000), ("他欠我八万块", 80000),
    ("借款叁拾万元整", 300000), ("借给朋友1.5w", 15000), ("本金10万元", 100000), ("借出去两万块", 20000),
]


@pytest.mark.parametrize(("said", "amount"), PRINCIPALS)
def test_a_loan_however_written(said, amount):
    assert extract_facts(f"{said}，一直不还", today=TODAY).get("principal") == Decimal(amount)


DATES = [
    ("上个月15号借的钱", "loan_date", date(2026, 10, 15)),
    ("去年3月10号被辞退", "start_date", date(2025, 3, 10)),
    ("今年10月被裁的", "start_date", date(2026, 10, 1)),
    ("2026.9.1收到的判决", "start_date", date(2026, 9, 1)),
    ("说好这个月底还", "due_date", date(2026, 11, 30)),
    ("约定明年3月还款", "due_date", date(2027, 3, 1)),
    ("前年年底借给他的钱", "loan_date", date(2024, 12, 31)),
]


@pytest.mark.parametrize(("said", "name", "day"), DATES)
def test_dates_however_written(said, name, day):
    assert extract_facts(said, today=TODAY).get(name) == day


@pytest.mark.parametrize("said", ["上个月15号借的钱", "三年前借给他5万", "2023年5月借给朋友两万"])
def test_the_day_money_was_lent_starts_no_period(said):
    facts = extract_facts(said, today=TODAY)
    assert facts.get("loan_date") is not None and facts.get("start_date") is None


@pytest.mark.parametrize(("words", "value"), [
    ("八千五", 8500), ("一万二", 12000), ("两万五千", 25000), ("一千零五十", 1050), ("三百五", 350), ("十五", 15),
    ("三", 3), ("一百二十万", 1200000)])
def test_chinese_numbers(words, value):
    assert chinese_number(words) == Decimal(value)


@pytest.mark.parametrize("text", ["万一他不还", "千万别签", "按千分之五计", "住了十天", "一个月", "第三条"])
def test_words_that_are_not_amounts_stay(text):
    assert normalise(text, TODAY) == text


WAGE_CLAUSES = ["月薪8000", "一个月八千", "工资8k", "每个月工资8000块"]
TENURE_CLAUSES = ["干了3年", "在这上班三年了", "工作了三年", "入职3年"]
EVENT_CLAUSES = ["公司把我辞退了", "老板让我明天别来了", "被公司开除了"]


def test_a_calculators_inputs_are_found_whatever_the_order():
    """Every order of the three clauses, every wording, every joiner: the wage and the tenure are read."""
    for wage, tenure, event in itertools.product(WAGE_CLAUSES, TENURE_CLAUSES, EVENT_CLAUSES):
        for order in itertools.permutations((wage, tenure, event)):
            for joiner in ("，", " ", "。", "，然后"):
                facts = extract_facts(joiner.join(order) + "，能赔多少", today=TODAY)
                assert facts.get("monthly_wage") == Decimal(8000), order
                assert facts.get("service_months") == 36, order


def test_lost_time_and_wage_in_any_order():
    lost_clauses, wage_clauses = ["误工两个月", "休息了2个月", "在家养伤两个月"], ["月薪8000", "工资八千", "一个月8k"]
    for lost, wage in itertools.product(lost_clauses, wage_clauses):
        for order in ((lost, wage), (wage, lost)):
            facts = extract_facts("被车撞了，" + "，".join(order) + "，误工费能赔多少", today=TODAY)
            assert facts.get("lost_days") == Decimal(60), order
            assert facts.get("monthly_wage") == Decimal(8000), order


@pytest.mark.parametrize(("text", "who"), [
    ("公司把我辞退了，没给补偿", "employee"), ("我们公司有个员工旷工三天，能开除吗", "employer"),
    ("房东不退押金", "tenant"), ("我是房东，租客拖欠房租三个月", "landlord"), ("朋友借我5万没还", "lender"),
    ("他借给我2万块，现在催我还", "borrower"), ("网贷还不上了，天天催收", "borrower"), ("我被人打成轻伤", "victim"),
    ("老公打架被刑拘了", "offender"), ("买二手房，房东不卖了", "buyer"), ("朋友借我的车出了事故", None)])
def test_whose_question_it_is(text, who):
    found = side(text)
    assert (found[0] if found else None) == who


@pytest.mark.parametrize(("text", "held"), [
    ("借给他五万块钱，没写还款时间", True), ("朋友借我5万没写借条", True), ("当时没说什么时候还", True),
    ("借给他五万，约定2025年6月1日还款", False)])
def test_a_loan_without_a_due_date(text, held):
    assert (extract_facts(text, today=TODAY).get("no_due_date") is True) is held


@pytest.mark.parametrize("text", ["1" * 4000, "１" * 4000, "一" * 4000, "1万" * 1300])
def test_a_run_of_numerals_no_one_writes_is_no_number(text):
    """A pasted hash or a key held down is read as no number (the patterns would otherwise try every start
    and length in it); what surrounds it is still read."""
    assert not any(ch.isdigit() for ch in normalise(text, TODAY))
    assert extract_facts(f"月薪8000，{text}", today=TODAY).get("monthly_wage") == Decimal(8000)


@pytest.mark.parametrize("text", ["身份证号110101199003071234", "银行卡6222021234567890123", "借款12,000,000元"])
def test_numbers_people_do_write_stay(text):
    assert "…" not in normalise(text, TODAY)
