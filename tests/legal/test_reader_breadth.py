"""The fact reader over phrasings nobody tuned on: amounts, rates, dates, durations, counts and roles
as clients write them (thousands separators, full-width digits, 来/出头, 分 of interest, a monthly
interest amount, Chinese-numeral dates, a month without its year, 上中下旬, arrears said apart from
the rent, a wage said after its amount, a basic wage beside the month's average).

Each row is a question's words and the role-labelled fact a calculator reads from them; the
reader must find that fact and no other value.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from legal.facts import extract_facts
from legal.normalise import normalise

TODAY = date(2026, 11, 27)

ROWS = [
    # the client's own monthly wage
    ("工资12,000元，被辞退了", "monthly_wage", 12000),
    ("月薪１２０００，被辞退", "monthly_wage", 12000),
    ("月薪15k，被辞退", "monthly_wage", 15000),
    ("月薪1w5，被辞退", "monthly_wage", 15000),
    ("一个月两万出头，被辞退", "monthly_wage", 20000),
    ("工资一万出头，被辞退", "monthly_wage", 10000),
    ("月薪到手6500，被辞退", "monthly_wage", 6500),
    ("税前一万五，被辞退", "monthly_wage", 15000),
    ("我每月拿8500，被辞退", "monthly_wage", 8500),
    ("公司每个月发我六千块，被辞退", "monthly_wage", 6000),
    ("薪资待遇是9000/月，被辞退", "monthly_wage", 9000),
    ("月工资标准为5500元，被辞退", "monthly_wage", 5500),
    ("基本工资4000加提成平均每月1万，被辞退", "monthly_wage", 10000),
    ("底薪3000，算上提成一个月差不多7000，被辞退", "monthly_wage", 7000),
    ("我拿的是一万一的月薪，被辞退", "monthly_wage", 11000),
    ("我每个月工资是五千八，被辞退", "monthly_wage", 5800),
    ("年薪三十万，被辞退", "monthly_wage", 25000),
    ("工资六七千，被辞退", "monthly_wage", 6500),
    ("当地社平工资8000，我月薪5000，被辞退", "monthly_wage", 5000),
    # a day's income
    ("日薪300，干了20天", "daily_income", 300),
    ("一天能挣两百五，受伤了", "daily_income", 250),
    ("每天工资200块，受伤了休息了一个月", "daily_income", 200),
    # tenure
    ("干了两年零三个月，月薪6000", "service_months", 27),
    ("干了一年半，月薪6000", "service_months", 18),
    ("进厂六年了，月薪6000", "service_months", 72),
    ("来公司三年多了，月薪6000", "service_months", 36),
    ("我已经在这干了七年三个月，月薪6000", "service_months", 87),
    ("二〇二四年三月一日入职，月薪6000", "service_months", 32),
    ("25年3月入职的，月薪6000", "service_months", 20),
    # loans and interest
    ("借给他十来万", "principal", 100000),
    ("我借出去的8万", "principal", 80000),
    ("借条上写的借款金额为人民币伍万元整", "principal", 50000),
    ("他欠我货款12万", "amount_claimed", 120000),
    ("我借了他10万，年化24%", "annual_rate", 24),
    ("借款20万，月息2分", "annual_rate", 24),
    ("借了5万，一分五的利息", "annual_rate", 18),
    ("借了5万，利息一分半", "annual_rate", 18),
    ("借了10万，2分利", "annual_rate", 24),
    ("借了10万，3分息", "annual_rate", 36),
    ("借了10万，利息按年15%算", "annual_rate", 15),
    ("借了5万，说好每个月给1000利息", "annual_rate", 24),
    ("借了10万，日息千分之一", "annual_rate", Decimal("36.5")),
    ("借款10万，砍头息扣了1万，实际到手9万", "actually_received", 90000),
    # arrears
    ("工资拖了三个月没发，月薪6000", "wage_arrears_months", 3),
    ("已经两个月没发工资了，月薪6000", "wage_arrears_months", 2),
    ("3月1日起一直没发工资至今，月薪6000", "wage_arrears_months", 8),
    ("从今年3月开始就没发过工资，月薪6000", "wage_arrears_months", 8),
    ("3月1日至今一直没发工资，月薪6000", "wage_arrears_months", 8),
    ("房租每月2500，拖了3个月", "rent_arrears_months", 3),
    ("月租2000，租客有4个月没交了", "rent_arrears_months", 4),
    # contracts and housing
    ("交了5000定金，卖家反悔", "deposit_amount", 5000),
    ("违约金约定的是合同总额的30%，合同总额100万", "penalty_amount", 300000),
    ("开发商晚交房90天，房款150万，合同约定每日万分之五", "delay_days", 90),
    ("开发商逾期交房3个月，房款150万，每日万分之五", "delay_days", 90),
    ("注册资本100万，认缴期限写的20年", "capital_term_years", 20),
    # injuries
    ("骨折住院20天，出院后又休息了3个月", "lost_days", 110),
    ("评了个九级伤残，月薪6000", "disability_grade", 9),
    # offences by amount
    ("盗窃了价值4万元的财物", "max_penalty_years", 10),
    ("骗了人家2000块", "max_penalty_years", 3),
    ("诈骗金额五十万", "max_penalty_years", 99),
]


@pytest.mark.parametrize(("said", "name", "value"), ROWS)
def test_the_fact_however_written(said, name, value):
    got = extract_facts(said, today=TODAY).get(name)
    assert got is not None, f"{name} not read from {said!r}"
    assert Decimal(str(got)) == Decimal(str(value))


NOT_A_WAGE = ["一个月利息2000，被辞退", "每月房租3000，被辞退", "最低工资2000，被辞退", "押金有2个月，被辞退"]


@pytest.mark.parametrize("said", NOT_A_WAGE)
def test_what_is_not_the_own_wage(said):
    assert extract_facts(said, today=TODAY).get("monthly_wage") is None


DATES = [
    ("11月初被辞退", date(2026, 11, 1), "termination"),
    ("10月中旬被辞退", date(2026, 10, 15), "termination"),
    ("8月份被辞退", date(2026, 8, 1), "termination"),
    ("12月底被辞退", date(2025, 12, 31), "termination"),  # December is still to come this year
    ("今年6月底被辞退", date(2026, 6, 30), "termination"),
    ("2025年3月下旬被辞退", date(2025, 3, 25), "termination"),
    ("十月十五号被辞退", date(2026, 10, 15), "termination"),
    ("二〇二五年三月一日被辞退", date(2025, 3, 1), "termination"),
    ("25年3月签的合同", date(2025, 3, 1), "contract"),
    ("上个月15号被公司辞退", date(2026, 10, 15), "termination"),
    ("前天被公司开除了", date(2026, 11, 25), "termination"),
    ("2025.3.1被辞退", date(2025, 3, 1), "termination"),
    ("三天前被刑拘", date(2026, 11, 24), "detention"),
    ("上周三收到判决书", date(2026, 11, 18), "judgment"),
    # the time since an event, counted back from today (2026-11-27, a Friday)
    ("我老公被抓进去三天了", date(2026, 11, 24), "detention"),
    ("拘留到今天第8天了", date(2026, 11, 20), "detention"),
    ("人被关进去一个礼拜了", date(2026, 11, 20), "detention"),
    ("收到判决书已经一周了", date(2026, 11, 20), "judgment"),
    ("离职快一年了，公司没给补偿", date(2025, 12, 27), "termination"),  # not yet a full year
    ("周一被警察带走", date(2026, 11, 23), "detention"),
    ("他9月1号把房子白送给儿子了 我10月才知道", date(2026, 10, 1), "knew"),
    ("星期五收到的裁决书", date(2026, 11, 27), "judgment"),
]


@pytest.mark.parametrize(("said", "day", "event"), DATES)
def test_a_date_and_its_event_however_written(said, day, event):
    found = extract_facts(said, today=TODAY).dates
    assert any(d.day == day and d.event == event for d in found), [(d.day, d.event) for d in found]


@pytest.mark.parametrize("said", ["干了三年了，月薪6000", "每周一开例会", "周一到周五上班，周六加班"])
def test_a_duration_or_a_weekday_that_is_no_event_gives_no_date(said):
    assert extract_facts(said, today=TODAY).dates == []


@pytest.mark.parametrize("said", ["一月8000", "三个月", "干了12年3个月", "借期3月", "月薪8000,300天", "12月工资没发"])
def test_words_that_are_not_dates_stay(said):
    assert normalise(said, TODAY) == said
