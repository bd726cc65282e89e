"""Quantities as contracts write them, Chinese numerals included."""

from __future__ import annotations

import pytest

from contracts.playbook import numbers


@pytest.mark.parametrize(("text", "value"), [
    ("合同总价为人民币壹佰万元整", 1_000_000),
    ("定金30万元", 300_000),
    ("叁拾万元", 300_000),
    ("价款人民币1,250,000.50元", 1_250_000.5),
    ("贰万伍仟元", 25_000),
    ("０.５亿元", 50_000_000),
])
def test_amounts_in_yuan(text, value):
    found = numbers.amounts(text)
    assert found, text
    assert found[0].value == pytest.approx(value)
    assert text[found[0].start:found[0].end].endswith("元")


@pytest.mark.parametrize(("text", "value", "period"), [
    ("定金为合同总价的百分之三十", 30, ""),
    ("违约金为30%", 30, ""),
    ("违约金为３０％", 30, ""),
    ("每日按千分之五支付违约金", 0.5, "day"),
    ("日万分之五", 0.05, "day"),
    ("培训费用的两倍", 200, ""),
    ("百分之零点五", 0.5, ""),
])
def test_percentages(text, value, period):
    found = numbers.percentages(text)
    assert [(q.value, q.period) for q in found][:1] == [(pytest.approx(value), period)]


def test_double_deposit_is_not_a_percentage():
    assert numbers.percentages("收受定金的一方应当双倍返还定金") == []


@pytest.mark.parametrize(("text", "annual"), [
    ("年利率24%", 24), ("月利率2%", 24), ("日利率万分之五", 18.25), ("月息2分", 24), ("年息一分", 10),
    ("年利率百分之十五", 15),
])
def test_annual_rates(text, annual):
    assert numbers.annual_rates(text)[0].value == pytest.approx(annual)


@pytest.mark.parametrize(("text", "months"), [
    ("试用期三个月", 3), ("期限两年", 24), ("一年半", 18), ("90日", 3), ("半年", 6), ("竞业限制期限为3年", 36),
    ("十二个月", 12), ("三十日内", 1), ("二十五年", 300),
])
def test_durations_in_months(text, months):
    assert numbers.durations(text)[0].value == pytest.approx(months)


@pytest.mark.parametrize("text", ["2024年1月1日", "每月15日前支付", "2024年3月起", "于2025年12月31日前交付"])
def test_dates_are_not_durations(text):
    assert numbers.durations(text) == []


def test_date_range_is_a_term():
    found = numbers.date_ranges("自2024年1月1日起至2026年12月31日止")
    assert found[0].value == pytest.approx(36, abs=0.1)


def test_offsets_survive_fullwidth_digits():
    text = "违约金为合同总价的３５％。"
    q = numbers.percentages(text)[0]
    assert text[q.start:q.end] == "３５％"


@pytest.mark.parametrize(("token", "percent", "written"), [
    ("百分之三十", 20, "百分之二十"), ("30%", 20, "20%"), ("千分之五", 0.1, "千分之一"), ("万分之五", 0.01, "万分之一"),
    ("三倍", 100, "一倍"), ("百分之七十", 80, "百分之八十"),
])
def test_percent_written_back_in_the_same_style(token, percent, written):
    assert numbers.percent_like(token, percent) == written


@pytest.mark.parametrize(("token", "months", "written"), [
    ("三年", 24, "二年"), ("3年", 24, "2年"), ("三个月", 2, "二个月"), ("90日", 1, "30日"), ("二十五年", 240, "二十年"),
    ("三年", 6, "六个月"),
])
def test_duration_written_back_in_the_same_style(token, months, written):
    assert numbers.duration_like(token, months) == written


@pytest.mark.parametrize(("text", "months"), [
    ("违反竞业限制的，乙方应支付相当于三十个月工资的违约金", []), ("押金为两个月租金", []),
    ("经济补偿为十二个月的平均工资", []), ("赔偿两年的租金收入", []),
    ("竞业限制期限为三十个月", [30.0]), ("试用期六个月工资按80%发放", [6.0]), ("租期三年，租金按月支付", [36.0]),
    ("竞业限制期限为三年补偿按月支付", [36.0])])
def test_a_count_of_months_wages_is_an_amount_not_a_duration(text, months):
    assert [q.value for q in numbers.durations(text)] == months
