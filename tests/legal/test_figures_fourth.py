"""Figures and deadlines, fourth round (docs/decisions/figures-and-deadlines.md, "Fourth round"): each class
on several spellings of its own, none a measuring set's question."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from legal.composer import calculators_for
from legal.facts import extract_facts
from legal.rules import calculate, deadline, refine_calculator

TODAY = date(2026, 11, 27)


def dated(text: str) -> list[tuple[date, str]]:
    return [(d.day, d.event) for d in extract_facts(text, today=TODAY).dates]


# -- dates by their event ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "day", "event"), [
    # who spoke comes between the date and what was done to the client
    ("上个月20号经理找我谈话说业绩不行 第二天就不让我进公司了", date(2026, 10, 20), "termination"),
    ("3月5号老板在群里骂了我一顿 说明天开始你就不用来了", date(2026, 3, 5), "termination"),
    ("上周二19号早上送孩子上学的路上 电动车被一辆面包车撞了", date(2026, 11, 19), "accident"),
    # an adverb between the date and the verb
    ("那批货去年5月8号就收了 一直没拆", date(2025, 5, 8), "delivery"),
    ("裁决书我们11月20号才收到", date(2026, 11, 20), "judgment"),
    # a day of the month alone before the verb of its event
    ("我是这个月12号离职的 公司还没给结工资", date(2026, 11, 12), "termination"),
    ("我爸3号摔的 现在还在医院", date(2026, 11, 3), "injury"),
])
def test_a_date_takes_the_event_named_a_clause_later(text: str, day: date, event: str) -> None:
    assert (day, event) in dated(text)


@pytest.mark.parametrize("text", ["我住16号楼，物业费一直交着", "坐3号线上班"])
def test_a_numbered_place_is_no_date(text: str) -> None:
    assert dated(text) == []


# -- detention: the request's own last day -----------------------------------------------------------------
@pytest.mark.parametrize(("start", "first", "long_request"), [
    (date(2026, 11, 25), date(2026, 11, 28), date(2026, 12, 25)),
    (date(2026, 11, 10), date(2026, 11, 13), date(2026, 12, 10)),
])
def test_detention_states_the_last_day_to_request_arrest(start: date, first: date, long_request: date) -> None:
    found = deadline("criminal_detention", start=start, today=TODAY)
    stages = dict(found.stages)
    assert stages["公安提请批捕最晚"] == first
    assert stages["流窜、多次、结伙作案延长至三十日的，提请最晚"] == long_request
    text = found.text()
    assert f"{first.year}年{first.month}月{first.day}日" in text
    assert f"{long_request.year}年{long_request.month}月{long_request.day}日" in text


# -- amounts as said -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "role", "value"), [
    ("朋友欠我30多万一直不还", "principal", Decimal("300000")),
    ("他借了我三十多万，说好年底还", "principal", Decimal("300000")),
    ("婚后我们两个人还了二十多万房贷", "joint_repaid", Decimal("200000")),
])
def test_an_amount_with_more_before_its_unit_is_its_lower_bound(text: str, role: str, value: Decimal) -> None:
    assert extract_facts(text, today=TODAY).values()[role] == value


# -- a house bought before the marriage and repaid together (婚姻家庭编解释（一）78) -------------------------------
def figure(name: str, text: str) -> Decimal:
    values = extract_facts(text, today=TODAY).values()
    calculation = calculate(refine_calculator(name, values), values)
    assert calculation.ok, (text, values, calculation.missing, calculation.error)
    return calculation.result.amount


@pytest.mark.parametrize(("text", "expected"), [
    # repaid 300,000 of a 1,000,000 house now worth 2,000,000: 600,000 with its increase, half of it
    ("他婚前付首付买的房，总价100万，婚后一起还贷30万，目前市值200万，离婚我能拿多少", Decimal("300000")),
    ("房子是我老婆婚前买的 总价一百五十万 结婚后我们还了三十万贷款 现在能卖三百万 离婚她要补我多少", Decimal("300000")),
    ("婚前男方按揭买房总价80万，婚后共同还贷20万，现值120万", Decimal("150000")),
])
def test_joint_repayment_is_compensated_with_its_increase(text: str, expected: Decimal) -> None:
    assert "joint_repayment_compensation" in calculators_for(text, "marriage_family")
    assert figure("joint_repayment_compensation", text) == expected


def test_joint_repayment_needs_the_value_today() -> None:
    values = extract_facts("婚前他买的房总价100万，婚后我们一起还了30万", today=TODAY).values()
    calculation = calculate("joint_repayment_compensation", values)
    assert not calculation.ok and "current_value" in calculation.missing


# -- tenure as clients say it ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "months"), [
    ("在这个厂三年多了，月薪五千，老板说不干了就走人", 36),
    ("来这家公司快五年了，一个月到手6500", 59),
    ("我在单位都十年了 工资8000", 120),
    ("公司五年都没给我交社保，月薪7000，我想辞职", 60),
    ("从2021年3月干到现在，月薪1.2w", 68),
])
def test_tenure_said_by_the_workplace_or_by_what_lasted_with_it(text: str, months: int) -> None:
    assert extract_facts(text, today=TODAY).values()["service_months"] == months


@pytest.mark.parametrize("text", ["租的房子三年了，房东要涨租", "在这个小区住了三年了，物业费没交"])
def test_years_at_a_home_are_no_tenure(text: str) -> None:
    assert "service_months" not in extract_facts(text, today=TODAY).values()


# -- a wage by the day is not a month's wage ----------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("在厂里干了三年 每天300 公司说裁员把我辞退了", Decimal("19575.00")),  # 300 × 21.75 = 6,525 × 3
    ("日薪400 做了两年 被裁员了", Decimal("17400.00")),  # 400 × 21.75 = 8,700 × 2
])
def test_a_daily_wage_becomes_the_month_by_the_paid_days(text: str, expected: Decimal) -> None:
    values = extract_facts(text, today=TODAY).values()
    assert "monthly_wage" not in values
    calculation = calculate("economic_compensation", values)
    assert calculation.ok and calculation.result.amount == expected
    assert "21.75" in calculation.headline()


def test_a_monthly_wage_said_wins_over_a_daily_one() -> None:
    values = extract_facts("月薪8000，加班每天另算100，干了两年被辞退", today=TODAY).values()
    assert calculate("economic_compensation", values).result.amount == Decimal("16000")


# -- dates said relative to the story ------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "due"), [
    ("2022年5月借给同事两万 说好当年底还 到现在也没还", date(2022, 12, 31)),
    ("2021年3月借了他5万，约定同年12月还", date(2021, 12, 1)),
])
def test_the_same_year_is_the_year_said_before(text: str, due: date) -> None:
    assert extract_facts(text, today=TODAY).values()["due_date"] == due


@pytest.mark.parametrize(("text", "event"), [
    ("昨天在厂里被机器夹伤了手", "injury"),
    ("大前天被冲床压断了手指", "injury"),
    ("上个月5号被人打伤了 对方一直不赔", "injury"),
    ("房东昨天打电话跟我说房子要卖", "notice"),
    ("我昨天跟经理说了要走", "resign"),
])
def test_today_and_the_days_before_take_their_event(text: str, event: str) -> None:
    assert [d.event for d in extract_facts(text, today=TODAY).dates] == [event]


# -- roles: a sum taken is not a wage, a guarantor's payment by enforcement, none of the leave taken ---------------
def test_a_sum_taken_from_the_wage_is_no_wage() -> None:
    values = extract_facts("我给朋友担保 法院把我工资扣走了五万 能找他要回来吗", today=TODAY).values()
    assert "monthly_wage" not in values and values["guarantee_paid"] == Decimal(50000)


@pytest.mark.parametrize("text", ["工作十五年了 今年年假一天都没给我批 月薪4350",
                                  "累计工作15年 年休假一天也没安排 月薪4350"])
def test_no_leave_given_is_the_whole_year(text: str) -> None:
    assert extract_facts(text, today=TODAY).values()["untaken_leave_days"] == Decimal(10)


@pytest.mark.parametrize("text", ["试用期干了一个月不想干了 提前几天说就行", "还没转正 想辞职 要提前多久"])
def test_probation_said_in_passing(text: str) -> None:
    assert extract_facts(text, today=TODAY).values().get("in_probation") is True


# -- 订金 is paid back, not doubled ---------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["交了一万订金买沙发，不想要了，合同写的订金，能退多少",
                                  "付了5000意向金，后来没买成，能要回多少"])
def test_an_advance_not_called_deposit_comes_back_once(text: str) -> None:
    values = extract_facts(text, today=TODAY).values()
    name = refine_calculator("deposit_return", values)
    assert name == "advance_refund"
    result = calculate(name, values).result
    assert result.amount == values["amount_paid"]
    assert [(b.law, b.article) for b in result.legal_basis] == [
        ("最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释", "第六十七条")]


@pytest.mark.parametrize("text", ["把规格理解错了才下的单", "合同金额记错了多写了一个零", "下错单了 型号选错了"])
def test_a_mistake_said_in_other_words(text: str) -> None:
    assert extract_facts(text, today=TODAY).values().get("mistake") is True


# -- N for a dismissal whose lawfulness is not known: the 2N of the other case follows ----------------------------
@pytest.mark.parametrize("text", ["公司说部门撤销把我辞退了 干了5年 月薪9000 能拿多少",
                                  "老板让我明天别来了 我在这干了五年 工资9000 补偿多少"])
def test_a_dismissal_states_both_n_and_2n(text: str) -> None:
    values = extract_facts(text, today=TODAY).values()
    calculation = calculate("economic_compensation", values)
    assert calculation.result.amount == Decimal(45000)
    assert "90,000" in calculation.headline()


@pytest.mark.parametrize("text", ["合同到期公司不续签了 干了5年 月薪9000 补偿多少",
                                  "我自己主动辞职的 干了5年 月薪9000 有补偿吗",
                                  "和公司协商一致解除合同 干了5年 月薪9000"])
def test_an_end_not_by_dismissal_states_n_alone(text: str) -> None:
    values = extract_facts(text, today=TODAY).values()
    calculation = calculate("economic_compensation", values)
    assert calculation.result.amount == Decimal(45000)
    assert "90,000" not in calculation.headline()


# -- the sentence band of a theft or a fraud by the amount --------------------------------------------------------
@pytest.mark.parametrize(("text", "band", "years"), [
    ("网上骗了人家12万 会判多少年", "数额巨大", (3, 10)),
    ("他偷了工地的钢筋 卖了八千块 会判几年", "数额较大", (0, 3)),
    ("诈骗了60万 要坐几年牢", "数额特别巨大", (10, None)),
])
def test_the_amount_decides_the_band_everywhere(text: str, band: str, years: tuple) -> None:
    values = extract_facts(text, today=TODAY).values()
    assert "sentence_band" in calculators_for(text, "criminal")
    result = calculate("sentence_band", values).result
    assert result.figures["band"] == band and (result.figures["lowest_years"], result.figures["highest_years"]) == years
    assert "已达到各地" in result.steps[-1]


def test_an_amount_within_the_national_range_gives_both_bands() -> None:
    result = calculate("sentence_band", extract_facts("偷了一辆电动车 价值4万 会怎么判", today=TODAY).values()).result
    assert result.figures["band"] == "数额巨大"
    assert "3年以上10年以下" in result.steps[-1] and "3年以下" in result.steps[-1]


@pytest.mark.parametrize("text", ["公司一直不交社保 我想跟公司解除劳动合同 干了5年 月薪9000 能要多少补偿",
                                  "拖欠工资三个月 我被迫解除劳动合同 干了5年 月薪9000"])
def test_the_client_ending_it_for_the_employer_s_fault_states_n_alone(text: str) -> None:
    values = extract_facts(text, today=TODAY).values()
    assert "dismissed" not in values


@pytest.mark.parametrize(("text", "event"), [
    ("前年12月1号收到的一批设备 合同里没写验货期 最近才发现有质量问题", "delivery"),
    ("3月1日收到法院的传票 让我去开庭", "notice"),
    ("11月10号收到了交警的处罚决定书", "decision"),
])
def test_what_was_received_is_read_before_a_word_further_on(text: str, event: str) -> None:
    assert [d.event for d in extract_facts(text, today=TODAY).dates] == [event]


@pytest.mark.parametrize(("text", "event"), [
    ("11月3号收到市场监管局的罚款决定书 罚5000 想复议", "decision"),
    ("10月9号收到交警罚单 觉得罚错了", "decision"),
    ("9月1号他微信上跟我说钱一定会还", "acknowledge"),
])
def test_a_paper_named_further_on_and_a_promise_keep_their_events(text: str, event: str) -> None:
    assert [d.event for d in extract_facts(text, today=TODAY).dates] == [event]
