"""The client's own dates and amounts worked out: a relative or approximate date before the event it dates is a
period's start; a figure told in other words is the calculator's input; and the audit of the composed text
(legal/figurecheck.py) finds a period or a cap left unworked (docs/decisions/answers-figures-and-deadlines.md)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from legal.facts import extract_facts
from legal.figurecheck import findings

TODAY = date(2026, 11, 28)

#: (how a client writes the date, the event, the day it is read as)
STARTS = [
    ("上个月才知道合同里被做了手脚", "knew", date(2026, 10, 1)),
    ("上上个月刚收到法院的判决", "judgment", date(2026, 9, 1)),
    ("这个月就被单位辞退了", "termination", date(2026, 11, 1)),
    ("十来天前收到了一审判决书", "judgment", date(2026, 11, 18)),
    ("二十多天前被老板开除", "termination", date(2026, 11, 8)),
    ("十几天前被公司辞退的", "termination", date(2026, 11, 13)),
    ("一个多星期前收到判决", "judgment", date(2026, 11, 21)),
    ("3周前被辞退", "termination", date(2026, 11, 7)),
    ("一个多月前被公司解除了劳动合同", "termination", date(2026, 10, 28)),
]


@pytest.mark.parametrize(("text", "event", "day"), STARTS)
def test_a_relative_or_approximate_date_dates_its_event(text: str, event: str, day: date) -> None:
    dated = extract_facts(text, today=TODAY).dates
    assert any(d.event == event and d.day == day for d in dated), dated


@pytest.mark.parametrize("text", ["上个月工资8000没发", "上个月加班了很多"])
def test_a_month_of_pay_or_work_is_no_date(text: str) -> None:
    assert extract_facts(text, today=TODAY).dates == []


#: (the client's words, the fact, its value)
FIGURES = [
    ("月薪六千五，这个月工作日晚上加班，加起来有18个小时", "overtime_hours_workday", Decimal(18)),
    ("底薪5200，工作日下班后加班 合计32小时", "overtime_hours_workday", Decimal(32)),
    ("周六日加班一共6天，月薪4800", "overtime_days_restday", Decimal(6)),
    ("休息日加班共计五天，工资七千", "overtime_days_restday", Decimal(5)),
    ("店员说是正品卖我2600，结果是假货", "purchase_price", Decimal(2600)),
    ("商家卖给我的是一万二的二手电脑", "purchase_price", Decimal(12000)),
    ("借条写20万，实际转我18万", "actually_received", Decimal(180000)),
    ("被电动车撞了，医生证明休两个月，月薪5500", "lost_days", Decimal(60)),
    ("我妈请假照顾了我20天，她每月工资4000", "care_days", Decimal(20)),
]


@pytest.mark.parametrize(("text", "name", "value"), FIGURES)
def test_a_figure_told_in_other_words_is_read(text: str, name: str, value: Decimal) -> None:
    assert extract_facts(text, today=TODAY).get(name) == value


@pytest.mark.parametrize(("text", "days"), [
    ("参加工作十五年了，今年一天年假没休，月薪九千", Decimal(10)),   # none taken: the whole year's entitlement
    ("工龄25年，今年一天年假都没让我休", Decimal(15)),
    ("工龄八年，还有一天年假没休，月薪六千", Decimal(1)),             # one day left is one day
])
def test_untaken_leave_by_the_years_worked(text: str, days: Decimal) -> None:
    assert extract_facts(text, today=TODAY).get("untaken_leave_days") == days


@pytest.mark.parametrize(("text", "months"), [
    ("签了两年的劳动合同，下个月合同期满，公司说不续了，月薪九千", 24),
    ("我们签的是五年合同，马上到期，单位不续签", 60),
])
def test_a_first_contract_running_out_is_the_tenure(text: str, months: int) -> None:
    assert extract_facts(text, today=TODAY).get("service_months") == months


@pytest.mark.parametrize("text", [
    "2019年入职，签了三年合同，续签过一次，这次到期不续了，月薪8000",   # a renewal: the term is not the tenure
    "合同三年，干了两年半了，月薪八千",                                  # not running out
])
def test_the_term_is_no_tenure_otherwise(text: str) -> None:
    facts = extract_facts(text, today=TODAY)
    assert facts.get("service_months") != facts.get("contract_months")


# -- the audit of the composed text -----------------------------------------------------------------------------

def test_a_period_with_a_dated_start_and_no_day_is_found() -> None:
    answer = "可以申请劳动仲裁，仲裁时效期间为一年，自知道权利被侵害之日起计算。"
    found = findings("我是9月3号被公司开除的，想申请仲裁", [answer], TODAY)
    assert [f.kind for f in found] == ["period_no_date"]


def test_a_period_with_its_last_day_passes() -> None:
    assert findings("我是9月3号被公司开除的，想申请仲裁",
                    ["可以。期限为一年，自 2026年9月3日 起算，至 2027年9月3日 届满（尚余 279 天）。"], TODAY) == []


def test_a_period_without_a_dated_start_is_not_a_fault() -> None:
    assert findings("被公司开除了想申请仲裁", ["仲裁时效期间为一年，自知道权利被侵害之日起计算。"], TODAY) == []


def test_a_sentence_is_not_a_period() -> None:
    answer = "可能判处三年以下有期徒刑、拘役或者管制，并处罚金。"
    assert findings("去年5月偷了一辆电动车，会判几年", [answer], TODAY) == []


@pytest.mark.parametrize("question", ["借给同学八万块，约定月息两分", "借了他3.5w，利息写的年24%",
                                      "本金十二万，利息怎么算"])
def test_a_cap_with_the_sum_given_and_no_figure_is_found(question: str) -> None:
    found = findings(question, ["利息不得超过合同成立时一年期LPR的四倍，超过部分不受保护。"], TODAY)
    assert [f.kind for f in found] == ["cap_no_figure"]


def test_a_cap_worked_into_a_figure_passes() -> None:
    assert findings("借给同学八万块，约定月息两分",
                    ["可主张的利息以LPR四倍为限：80,000 元 × 12% = 9,600 元。"], TODAY) == []


def test_a_cap_without_the_client_s_sum_is_not_a_fault() -> None:
    assert findings("借钱给朋友，利息最高能约定多少", ["利息不得超过合同成立时一年期LPR的四倍。"], TODAY) == []


# -- the first steps the law times from a dated event, through the one deadline function ------------------------

@pytest.mark.parametrize(("rule", "start", "last"), [
    ("written_contract_due", date(2026, 10, 20), date(2026, 11, 19)),   # one month, the day of hire counted
    ("written_contract_due", date(2026, 1, 31), date(2026, 2, 27)),
    ("birth_registration", date(2026, 11, 3), date(2026, 12, 3)),
    ("car_replacement", date(2026, 11, 25), date(2026, 12, 2)),
])
def test_a_first_step_has_its_last_day(rule: str, start: date, last: date) -> None:
    from legal.rules import deadline

    found = deadline(rule, start=start, today=TODAY)
    assert found is not None and found.ends == last


@pytest.mark.parametrize(("part", "side", "rule"), [
    ("要是单位一直不报，他自己去申请最晚哪天", "employer", "work_injury_application"),
    ("我们公司最晚哪天要去报工伤", "employer", "work_injury_application_employer"),
    ("公司应该在哪天之前给我申请工伤", "employee", "work_injury_application_employer"),
    ("单位不管的话我本人申请能拖到什么时候", "employee", "work_injury_application"),
    # the employer NOT applying: what is left is the worker's own year
    ("厂里一直拒绝给我申报工伤，现在报还赶得上吗", "employee", "work_injury_application"),
    ("老板到现在都没报，还来得及不", "employee", "work_injury_application"),
])
def test_the_part_names_whose_application(part: str, side: str, rule: str) -> None:
    from legal.facts import part_flags
    from legal.rules import refine_rule

    assert refine_rule("work_injury_application", {"side": side, **part_flags(part)}) == rule


@pytest.mark.parametrize(("text", "amount"), [
    ("法院判我还对方8万，我都不服，要上诉，上诉费多少", Decimal(80000)),
    ("一审判我赔原告十二万 我全部不服 准备上诉", Decimal(120000)),
])
def test_an_appeal_against_the_whole_judgment_is_counted_on_its_sum(text: str, amount: Decimal) -> None:
    assert extract_facts(text, today=TODAY).get("amount_claimed") == amount


def test_an_appeal_of_part_of_the_judgment_names_no_sum() -> None:
    facts = extract_facts("判我赔15万，我只对其中的利息部分不服，想上诉", today=TODAY)
    assert facts.get("amount_claimed") is None
