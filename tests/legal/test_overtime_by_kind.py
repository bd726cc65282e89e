"""Overtime pay computed from what the client told, by kind (劳动法 44; docs/decisions/answers-compute-figures.md):
statutory-holiday days by dates, lunar days, counts or names (the break's other days are rest days), rest days
with or without 补休, weekday hours; each kind told is computed and summed, a kind not told is never asked for.
Wordings written for these tests, none a measuring set's question."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from legal.facts import extract_facts
from legal.rules import calculate

TODAY = date(2026, 11, 27)
KINDS = ("overtime_hours_workday", "overtime_days_restday", "overtime_days_holiday")


def facts(text: str) -> dict[str, object]:
    return {k: v.value for k, v in extract_facts(text, today=TODAY).items.items()}


def pay(text: str):  # type: ignore[no-untyped-def]
    return calculate("overtime_pay", facts(text))


# -- statutory holidays: only the national statutory days are 300 % ------------------------------------------
@pytest.mark.parametrize(("text", "holiday", "rest"), [
    ("十一那三天我一天没歇，全在车间干活，日薪260", 3, None),
    ("10月1日至10月7日公司让我们轮流值班，我值了全部七天", 3, 4),
    ("国庆长假前三天被经理叫去上班，一天工资三百五", 3, None),
    ("今年过年从除夕一直到初五都在店里上班", 4, 2),
    ("大年初一到初三在工地加班", 3, None),
    ("五一劳动节那几天，5月1号到4号都在厂里上班", 2, 2),
    ("清明节当天被叫回公司加班了", 1, None),
    ("端午节那天也被安排上班", 1, None),
    ("春节7天都在值班", 4, 3),
])
def test_holiday_work_counts_the_statutory_days_and_the_breaks_rest_days(text: str, holiday: int,
                                                                          rest: int | None) -> None:
    found = facts(text)
    assert found.get("overtime_days_holiday") == holiday
    assert found.get("overtime_days_restday") == rest


def test_a_date_span_outside_any_holiday_is_no_holiday_work() -> None:
    assert facts("3月10号到15号在外地出差上班").get("overtime_days_holiday") is None


# -- a day off given or denied ---------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["周六加了两天班，单位也没安排补休", "周末干了3天活，调休也没有",
                                  "休息日来上班，公司从来不给调休"])
def test_a_day_off_denied_is_no_comp_time(text: str) -> None:
    assert "comp_time_given" not in facts(text)


@pytest.mark.parametrize("text", ["周末加了2天班，后来补休了两天", "星期六上了两天班，公司给我们调休了"])
def test_a_day_off_given_is_comp_time(text: str) -> None:
    assert facts(text).get("comp_time_given") is True


# -- the calculator: each kind told, summed; a kind not told is not asked for ----------------------------------
def test_holiday_only_with_a_daily_wage() -> None:
    found = pay("国庆前三天都在仓库值班，日薪200元，也没补休")
    assert found.missing == [] and found.result is not None
    assert found.result.amount == Decimal(1800)  # 200 × 300 % × 3
    assert any("可一并主张" in step for step in found.result.steps)


def test_rest_days_without_comp_time_are_doubled() -> None:
    found = pay("双休日上了4天班，没有调休，月薪4350")
    assert found.result is not None and found.result.amount == Decimal(1600)  # 200 × 200 % × 4


def test_rest_days_with_comp_time_leave_the_holidays() -> None:
    found = pay("中秋当天加班，另外周末也加了两天班但已经补休了，月工资4350")
    assert found.result is not None
    assert found.result.amount == Decimal(600)  # the holiday's 200 × 300 %; the rest days made up
    assert any("补休" in step for step in found.result.steps)


def test_comp_time_never_removes_the_holidays_300_percent() -> None:
    found = pay("元旦那天去公司值班，后来补休了一天，日薪300")
    assert found.result is not None and found.result.amount == Decimal(900)


def test_weekday_hours_from_a_month_of_working_days() -> None:
    found = pay("每天晚上多干两个小时，一个月22个工作日，月薪6960")
    assert found.result is not None
    # hourly 6960 / 21.75 / 8 = 40; 2 × 22 = 44 hours × 40 × 150 %
    assert found.result.amount == Decimal(2640)


def test_mixed_kinds_are_summed() -> None:
    found = pay("国庆7天都在上班，没调休，日工资240")
    assert found.result is not None
    assert found.result.amount == Decimal(240 * 3 * 3 + 240 * 2 * 4)


def test_monthly_wage_is_divided_by_21_75() -> None:
    found = pay("月薪8700，今年春节初一到初三被安排值班")
    assert found.result is not None and found.result.amount == Decimal(3600)  # 400 × 300 % × 3


def test_nothing_told_still_asks_for_the_hours() -> None:
    assert "overtime_hours_workday" in calculate("overtime_pay", facts("月薪5000，加班费怎么算")).missing


@pytest.mark.parametrize(("text", "hours"), [("每周加班10小时，月薪6000", Decimal("43.5")),
                                              ("一个礼拜多干八个钟头", Decimal("34.8"))])
def test_weekday_hours_by_the_week(text: str, hours: Decimal) -> None:
    assert facts(text).get("overtime_hours_workday") == hours


@pytest.mark.parametrize(("text", "days"), [("国庆节那几天都在上班，月薪6000", 3), ("春节假期里一直在值班", 4),
                                            ("五一放假期间天天加班", 2)])
def test_a_break_worked_through_gives_its_statutory_days(text: str, days: int) -> None:
    assert facts(text).get("overtime_days_holiday") == days
