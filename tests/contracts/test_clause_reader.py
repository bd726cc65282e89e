"""The clause reader: typed facts wherever the words sit in the sentence."""

from __future__ import annotations

from datetime import date

import pytest

from contracts.playbook.concepts import is_deferred
from contracts.playbook.facts import read_clause


def one(items, **where):
    found = [x for x in items if all(getattr(x, k) == v for k, v in where.items())]
    assert len(found) == 1, (where, items)
    return found[0]


# -- money ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "amount", "label"), [
    ("定金为人民币叁拾陆万元整。", 360_000, "定金"),
    ("乙方应支付定金人民币贰拾万元整（¥200,000元）。", 200_000, "定金"),
    ("押金肆仟伍佰元，于签约时支付。", 4_500, "押金"),
    ("合同总价款为1.2亿元。", 120_000_000, "总价款"),
    ("月租金为人民币陆仟元。", 6_000, "租金"),
    ("违约方应赔偿对方30万元违约金。", 300_000, "违约金"),
])
def test_money_in_every_numeral_style_with_what_it_is_for(text, amount, label):
    money = read_clause(text).money
    assert money[0].amount == pytest.approx(amount)
    assert money[0].label == label
    assert text[money[0].start:money[0].end].endswith("元")


def test_money_in_a_negation_is_not_a_payment():
    facts = read_clause("甲方解除合同的，不向乙方支付任何补偿。")
    pay = one(facts.obligations, party="甲方")
    assert pay.negated and pay.modal == "无需" and "补偿" in pay.act
    assert facts.negations


# -- rates ----------------------------------------------------------------------------------------------

def test_per_day_rate_split_off_by_commas_keeps_its_period_and_base():
    rate = read_clause("逾期交货的，每逾期一日，按货款总额的百分之零点五计。").rates[0]
    assert rate.percent == pytest.approx(0.5)
    assert rate.per == "day"
    assert rate.base == "货款总额"
    assert rate.annual_percent == pytest.approx(182.5)


@pytest.mark.parametrize(("text", "percent", "per"), [
    ("乙方应按日千分之五支付滞纳金。", 0.5, "day"),
    ("违约金为合同总额的百分之三十。", 30, ""),
    ("逾期利率为月利率2%。", 2, "month"),
    ("借款年利率为24%。", 24, "year"),
    ("每日按未付款项的万分之五计付违约金。", 0.05, "day"),
    ("违约金按未付租金的千分之三/日计算。", 0.3, "day"),
    ("出借人按月息二分收取利息。", 2, "month"),
])
def test_rates_with_their_period(text, percent, per):
    rate = read_clause(text).rates[0]
    assert rate.percent == pytest.approx(percent)
    assert rate.per == per


def test_a_penalty_written_as_a_formula_over_other_figures():
    rate = read_clause("乙方违约的，应按剩余期限应付款项的两倍支付违约金。").rates[0]
    assert rate.multiple and rate.percent == 200
    assert rate.base == "剩余期限应付款项"
    assert rate.label == "违约金"
    assert rate.party == "乙方"


def test_a_share_at_the_end_of_a_formula_reads_its_label_and_base():
    rate = read_clause("乙方提前退租的，应按下列公式向甲方支付违约金：违约金＝当月保底租金×违约天数×10%。").rates[0]
    assert (rate.label, rate.base, rate.per, rate.percent) == ("违约金", "当月保底租金", "day", 10.0)


def test_rate_base_before_the_share():
    rate = read_clause("承租人逾期支付的，以日租金为基数，按百分之十计收滞纳金。").rates[0]
    assert rate.base == "日租金"
    assert rate.label == "滞纳金"


# -- durations ------------------------------------------------------------------------------------------

def test_a_number_before_its_trigger_word():
    facts = read_clause("两年内乙方不得从事同类业务。")
    d = facts.durations[0]
    assert d.unit == "year" and d.months == pytest.approx(24.33, abs=0.5)
    rest = one(facts.obligations, modal="不得")
    assert rest.party == "乙方" and "同类业务" in rest.act


@pytest.mark.parametrize(("text", "unit", "hours", "event"), [
    ("买受人应于收货后十二小时内提出异议。", "hour", 12, "收货"),
    ("自合同签订之日起三十日内，甲方支付首付款。", "day", 720, "合同签订"),
    ("乙方应在收到通知后5个工作日内完成整改。", "workday", 5 * 24 * 7 / 5, "收到通知"),
    ("保修期为叁年。", "year", 3 * 365 * 24, ""),
])
def test_durations_from_hours_to_years_with_their_start_event(text, unit, hours, event):
    d = read_clause(text).durations[0]
    assert d.unit == unit
    assert d.hours == pytest.approx(hours)
    assert d.start_event == event


def test_a_date_is_not_a_duration_and_dates_are_read():
    facts = read_clause("租赁期限自2024年1月1日至2026年12月31日，每月5日前支付租金。")
    assert [d.value for d in facts.dates] == [date(2024, 1, 1), date(2026, 12, 31)]
    assert facts.durations == []


def test_duration_labels_the_term_it_measures():
    d = read_clause("试用期为六个月。").durations[0]
    assert d.label == "试用期" and d.months == pytest.approx(6.08, abs=0.1)


# -- obligations and rights -----------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "party", "modal", "act"), [
    ("出卖人有权视市场行情自行调整价格。", "出卖人", "有权", "调整价格"),
    ("委托方可随时增加服务内容。", "委托方", "可以", "增加服务内容"),
    ("甲方应当于每月5日前支付租金。", "甲方", "应当", "支付租金"),
    ("乙方不得将本合同项下的权利转让给第三方。", "乙方", "不得", "转让"),
    ("承租人无权要求减免租金。", "承租人", "无权", "减免租金"),
])
def test_obligations_and_rights_party_modal_act(text, party, modal, act):
    o = one(read_clause(text).obligations, modal=modal)
    assert o.party == party
    assert act in o.act


def test_a_word_containing_ying_is_not_a_modal():
    facts = read_clause("甲方提供相应的技术资料。")
    assert not [o for o in facts.obligations if o.modal == "应当" and o.act.startswith("的")]


def test_the_subject_not_the_object_owns_the_fact():
    facts = read_clause("甲方对乙方的任何损失不承担责任。")
    assert facts.exemptions[0].party == "甲方"


# -- exemptions -----------------------------------------------------------------------------------------

def test_an_exemption_that_covers_intent_and_gross_negligence():
    ex = read_clause("甲方对因其故意或重大过失造成的损失不承担责任。").exemptions[0]
    assert {"intent", "gross_negligence"} <= ex.covers
    assert not ex.carveouts


def test_a_carve_out_keeps_liability_for_intent():
    ex = read_clause("除甲方故意或重大过失外，甲方对乙方的任何损失不承担责任。").exemptions[0]
    assert ex.party == "甲方"
    assert "all" in ex.covers
    assert {"intent", "gross_negligence"} <= ex.carveouts
    assert "intent" not in ex.covers


def test_carve_out_after_but():
    ex = read_clause("乙方在训练中受伤的，甲方不承担任何责任，但因甲方故意造成的除外。").exemptions[0]
    assert "personal_injury" in ex.covers
    assert "intent" in ex.carveouts and "intent" not in ex.covers


def test_personal_injury_exemption():
    ex = read_clause("健身过程中发生的人身伤害，由会员自行承担，与甲方无关。").exemptions[0]
    assert "personal_injury" in ex.covers


def test_a_cap_that_holds_whatever_the_cause_reaches_intent_and_gross_negligence():
    ex = read_clause("乙方在本合同项下的全部责任，无论基于何种原因，均以甲方已支付的首期款的百分之十为限。").exemptions
    assert ex and {"intent", "gross_negligence"} <= ex[0].covers
    assert ex[0].party == "乙方"
    # a cap with no such words stays a cap, not an exemption of intent
    plain = read_clause("乙方在本合同项下的全部赔偿责任以甲方已支付的首期款的百分之十为限。").exemptions
    assert not any("intent" in e.covers for e in plain)


# -- negation -------------------------------------------------------------------------------------------

def test_words_that_only_look_negative_are_not_negations():
    facts = read_clause("因不可抗力不能履行合同的，无论何种情形，违约金不超过合同总额的百分之二十。")
    rate = facts.rates[0]
    assert not rate.negated
    assert rate.percent == 20


def test_negation_scope_ends_at_the_fragment():
    facts = read_clause("乙方不得泄露保密信息，应当支付违约金人民币10万元。")
    assert not facts.money[0].negated
    assert one(facts.obligations, modal="不得").party == "乙方"


# -- deferral -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "deferred"), [
    ("相关成果的权利归属由双方日后另议。", True),
    ("价格以出卖人届时报价为准。", True),
    ("违约金为合同总额的【  】%。", True),
    ("开发成果的知识产权归甲方所有。", False),
    ("合同总价为人民币100万元。", False),
])
def test_a_term_left_to_later_is_not_agreed(text, deferred):
    assert is_deferred(text) is deferred


@pytest.mark.parametrize(("text", "label", "base", "per", "percent"), [
    ("违约金为合同总额的百分之三十。", "违约金", "合同总额", "", 30),
    ("定金为合同总价的25%。", "定金", "合同总价", "", 25),
    ("乙方应按未付租金的每日千分之五向甲方支付违约金。", "违约金", "未付租金", "day", 0.5),
])
def test_the_charge_and_its_base_are_told_apart(text, label, base, per, percent):
    rate = read_clause(text).rates[0]
    assert (rate.label, rate.base, rate.per) == (label, base, per)
    assert rate.percent == pytest.approx(percent)


def test_ownership_names_the_owner_and_skips_a_form_choice():
    own = read_clause("开发成果的知识产权归甲方所有。").ownerships[0]
    assert (own.party, own.what) == ("甲方", "开发成果的知识产权")
    assert read_clause("知识产权归 ☐乙方所有 ☐甲方所有 ☐双方共有。").ownerships == []
    assert read_clause("标的数据的所有权不归乙方所有。").ownerships == []
