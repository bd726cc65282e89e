"""Readers, events and rules of the third round (docs/decisions/figures-and-deadlines.md, "Third round"):
each on spellings of its own, none a measuring set's question."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from legal import events
from legal.composer import deadline_for
from legal.facts import extract_facts
from legal.normalise import amounts
from legal.rules import calculate, deadline, leave_entitlement, refine_rule

TODAY = date(2026, 11, 27)


def facts(text: str) -> dict:
    return extract_facts(text, today=TODAY).values()


@pytest.mark.parametrize(("said", "written"), [
    ("平均工资一万一个月", "平均工资10000一个月"),
    ("月薪一万一", "月薪11000"),
    ("八千两年都没涨过", "8000两年都没涨过"),
])
def test_a_last_digit_that_counts_what_follows_is_not_an_elided_unit(said: str, written: str) -> None:
    assert amounts(said) == written


@pytest.mark.parametrize(("text", "days", "months"), [
    ("腿被撞骨折，医院开了两个月的病假，我月薪6000，误工费怎么算", 60, 2),
    ("出院时医生建议休息45天，误工费能赔多少", 45, None),
    ("病假条开了三周，日收入300", 21, None),
])
def test_a_doctors_note_gives_the_lost_time(text: str, days: int, months: int | None) -> None:
    values = facts(text)
    assert values["lost_days"] == days
    assert values.get("lost_months") == months


def test_a_card_paid_per_use_counts_its_uses() -> None:
    values = facts("游泳卡充了3000，每次扣50，才游了12次，店就关门了，能退多少")
    assert values["units_total"] == 60 and values["units_used"] == 12
    assert calculate("prepaid_refund", values).result.amount == Decimal("2400")


def test_the_loss_beyond_the_insurance_is_what_a_driver_without_fault_shares() -> None:
    values = facts("我开车正常走，一个骑自行车的闯红灯撞上来，认定我无责，保险赔完还剩8万，我最多赔多少")
    assert values["total_loss"] == 80000 and values["liable_share"] == Decimal("0.1")
    assert calculate("damages_by_share", values).result.amount == Decimal("8000")


def test_overtime_said_with_words_between_the_day_and_the_overtime() -> None:
    values = facts("每天晚上还要加班三个小时，一个月按21天，工资4350")
    assert values["overtime_hours_workday"] == 63


def test_the_other_parents_monthly_wage_is_the_support_base() -> None:
    values = facts("孩子他爸月工资九千，离婚后孩子跟我，抚养费一般判多少")
    assert values["payer_income"] == 9000


@pytest.mark.parametrize(("months", "days"), [(6, 0), (30, 5), (140, 10), (250, 15)])
def test_annual_leave_by_years_worked(months: int, days: int) -> None:
    assert leave_entitlement(service_months=months).amount == days


def test_a_sentence_and_a_custody_in_months_leave_months() -> None:
    values = facts("判了一年零两个月，之前在看守所关了五个月，还要关多久")
    headline = calculate("sentence_credit", {**values, "sentence_months": 14}).headline()
    assert "还需执行约 9 个月" in headline


@pytest.mark.parametrize(("text", "event", "day"), [
    ("去年6月3号收到的那批钢材有裂纹", "delivery", date(2025, 6, 3)),
    ("8月9号放学时被同学推倒磕破了头", "injury", date(2026, 8, 9)),
    ("区政府9月2号下达了征收补偿决定", "decision", date(2026, 9, 2)),
    ("公安11月20号已经报捕了", "arrest_requested", date(2026, 11, 20)),
])
def test_each_date_carries_the_event_its_words_name(text: str, event: str, day: date) -> None:
    dates = extract_facts(text, today=TODAY).dates
    assert (day, event) in [(d.day, d.event) for d in dates]


def test_knowing_on_the_day_of_an_event_dates_the_knowledge() -> None:
    dates = extract_facts("10月8号签合同的时候把数量写错了，当天就发现了", today=TODAY).dates
    assert (date(2026, 10, 8), "knew") in [(d.day, d.event) for d in dates]
    assert events.start_of(dates, "mistake_revocation", "", TODAY).day == date(2026, 10, 8)


def test_a_mistake_takes_ninety_days_not_frauds_year() -> None:
    assert refine_rule("voidable_revocation", facts("合同上单价多写了一个零，能撤销吗")) == "mistake_revocation"
    assert refine_rule("voidable_revocation", facts("他骗我说是原装的，能撤销吗")) == "voidable_revocation"


def test_a_dated_arrest_request_gives_the_prosecutors_seven_days() -> None:
    values = facts("派出所11月24号提请批捕了，检察院什么时候出结果")
    rule = refine_rule("criminal_detention", values)
    assert rule == "arrest_approval"
    assert deadline(rule, start=date(2026, 11, 24), today=TODAY).ends == date(2026, 12, 1)


@pytest.mark.parametrize(("text", "domain", "rule"), [
    ("那个业务员没有授权，我发函让他们公司确认，要等多久", "contract", "ratification_notice"),
    ("我已经辞去了法定代表人，公司多久要换人", "company", "legal_rep_replacement"),
    ("房子过户给了女儿，现在她不管我还打我，能要回来吗，有期限吗", "contract", "gift_revocation"),
])
def test_the_words_name_the_rule(text: str, domain: str, rule: str) -> None:
    assert deadline_for(text, domain) == rule


def test_a_gift_from_a_debtor_is_the_creditors_revocation_not_the_givers() -> None:
    assert deadline_for("欠我钱的人把房子过户给了他儿子，能撤掉吗，有期限吗", "contract") == "creditor_revocation"


def test_the_other_parent_implied_by_the_couples_property_is_an_heir() -> None:
    values = facts("我妈前年走了，留下一套房是爸妈婚后一起买的，值120万，我外婆还在，我和我哥两个，我能分多少")
    assert values["heirs"] == 4  # father, the client, the brother, the grandmother
    assert calculate("inheritance_share", values).result.amount == Decimal("150000")


def test_a_fee_owed_over_a_span_gives_its_month_and_the_part_within_three_years() -> None:
    values = facts("业主四年的物业费一共9600没交，物业起诉了，之前没催过")
    assert values["fee_arrears_months"] == 48 and values["monthly_fee"] == 200
    headline = calculate("fee_arrears", values).headline()
    assert "9,600" in headline and "7,200" in headline


def test_what_a_guarantor_paid_is_what_he_recovers() -> None:
    values = facts("我给朋友借款做了担保，后来法院判我替他还了六万五，我能向他要回多少")
    assert values["guarantee_paid"] == 65000
    assert calculate("guarantor_recourse", values).result.amount == Decimal("65000")


def test_the_price_named_before_the_word_goods_is_the_price_paid_late() -> None:
    assert facts("二十万的货款对方拖了半年才付，没约定违约金")["contract_price"] == 200000


def test_a_spaced_clause_ends_at_the_space_a_deposit_is_the_sum_joined_to_its_word() -> None:
    values = facts("买车签了合同 车子20万 定金写的6万 对方不卖了 定金能按6万罚吗")
    assert values["deposit_amount"] == 60000 and values["contract_price"] == 200000
    # the deposit counts up to 20 % of the price (40,000, doubled 80,000); the 20,000 over it comes back once
    assert calculate("deposit_return", values).result.amount == Decimal("100000")


def test_interest_paid_beyond_the_cap_offsets_the_principal() -> None:
    values = facts("借了5万 借期一年 约定月息2分5 已经付了一万五的利息 多付的能抵本金吗")
    assert values["interest_paid"] == 15000
    headline = calculate("interest_cap", values).headline()
    assert "多付 9,000" in headline  # 15,000 − 50,000 × 12 %


def test_a_written_sum_partly_never_given_is_lent_only_as_received() -> None:
    values = facts("借条写的是6万 对方实际只转了4万 说剩下的给了现金 其实没给我")
    assert values["actually_received"] == 40000


def test_a_no_fault_dismissal_without_a_word_on_notice_gives_n_and_n_plus_one() -> None:
    values = facts("医疗期满了公司说我干不了原来的活要解除，我干了4年，月薪6000，能拿多少")
    headline = calculate("economic_compensation", values).headline()
    assert "24,000" in headline and "30,000" in headline
    told = facts("医疗期满了公司提前一个月书面通知了要解除，我干了4年，月薪6000，能拿多少")
    assert "30,000" not in calculate("economic_compensation", told).headline()


def test_the_one_sum_of_a_court_fee_question_is_the_sum_sued_for() -> None:
    assert facts("想告他要回八万块 诉讼费大概多少")["amount_claimed"] == 80000
    assert facts("打官司要钱十二万 受理费交多少")["amount_claimed"] == 120000
    assert "amount_claimed" not in facts("诉讼费怎么收 房租每月3000 押金5000")


@pytest.mark.parametrize("text", ["昨天收到交警的事故认定书，说我主责", "11月26号拿到了事故认定书，不服"])
def test_the_day_an_accident_finding_is_received_is_a_decisions_day(text: str) -> None:
    assert [d.event for d in extract_facts(text, today=TODAY).dates] == ["decision"]
