"""Figures and deadlines by class (docs/decisions/figures-and-deadlines.md, "By class"): each reader and
rule on several spellings of its own, none a measuring set's question."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from legal.composer import calculators_for, deadline_for
from legal.facts import extract_facts
from legal.rules import calculate, deadline, refine_calculator, refine_rule

TODAY = date(2026, 11, 27)


def facts(text: str) -> dict:
    return extract_facts(text, today=TODAY).values()


def figure(name: str, text: str) -> Decimal:
    values = facts(text)
    calculation = calculate(refine_calculator(name, values), values)
    assert calculation.ok, (text, values, calculation.missing, calculation.error)
    return calculation.result.amount


# -- deposits (民法典 586–588) ------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "门面转让费定了二十万，对方给了6万作为定金，现在我反悔了得退他多少",
    "买卖合同总价20万元，买方交了6万当定金，我违约了要返还多少",
    "我卖一批钢材给人家，售价二十万，他付了六万算作定金，我不卖了，退多少",
])
def test_deposit_over_a_fifth_counts_twice_only_up_to_the_cap(text: str) -> None:
    # the deposit counts to 20 % of 200,000 = 40,000 (doubled: 80,000); the 20,000 over it comes back once
    assert figure("deposit_return", text) == Decimal("100000")


@pytest.mark.parametrize("text", [
    "签了50万的装修合同，付了5万定金，合同还约定违约金10万，对方跑了，我最多能拿回多少",
    "一笔50万元的采购合同，我交了5万定金，又写了违约方赔10万违约金，对方不供货了一共能要回多少",
])
def test_penalty_chosen_over_the_deposit_brings_the_deposit_back_too(text: str) -> None:
    # 定金罚则: 100,000; 违约金: 100,000 + the 50,000 paid back = 150,000 (民法典 588)
    assert figure("deposit_return", text) == Decimal("150000")


@pytest.mark.parametrize("text", [
    "设备总价8万，我付了1万定金，对方不交货，双倍返还是多少",
    "一台车卖8万，买家交了一万作为定金，我违约了要退多少",
])
def test_deposit_within_the_cap_is_doubled(text: str) -> None:
    assert figure("deposit_return", text) == Decimal("20000")


# -- instalments (民法典 634) -------------------------------------------------------------------------------
@pytest.mark.parametrize("text, unpaid", [
    ("挖机50万分期付款卖给他，他欠了三期没给，一共12万，能让他一次性全付吗", Decimal("120000")),
    ("车子50万分期卖的，现在还欠8万没付，能要求剩下的全部付清吗", Decimal("80000")),
])
def test_instalment_threshold_is_a_fifth_of_the_price(text: str, unpaid: Decimal) -> None:
    values = facts(text)
    assert values["contract_price"] == Decimal("500000")
    assert values["unpaid_amount"] == unpaid
    result = calculate("installment_threshold", values).result
    assert result.amount == Decimal("100000")
    assert result.figures["reached"] is (unpaid >= 100000)
    assert calculators_for(text, "contract")[0] == "installment_threshold"


# -- late performance by the day --------------------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("合同写逾期交房每天按已付房款万分之零点五赔，我已付房款200万，逾期100天", Decimal("10000")),
    ("约定每日万分之二的违约金，我一次性付了100万，开发商逾期了50天", Decimal("10000")),
    ("每逾期一天按千分之一点五付违约金，已付款项20万，晚了10天", Decimal("3000")),
])
def test_daily_rate_with_decimals_and_the_paid_sum(text: str, expected: Decimal) -> None:
    assert figure("daily_penalty", text) == expected


@pytest.mark.parametrize("text, days", [
    ("合同约定2026年1月10号前交货，对方拖到2026年3月1号才交，按合同总价30万每日万分之五算违约金", 50),
    ("说好2025年12月1日前交房，拖到2026年1月10日才交", 40),
])
def test_delay_between_the_agreed_and_the_actual_day(text: str, days: int) -> None:
    assert facts(text)["delay_days"] == Decimal(days)


# -- loans ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, months", [
    ("2023年9月借给他10万，年息20%，借三年，法院支持多少利息", 36),
    ("借期一年半，2023年9月借的10万，约定年利率20%", 18),
])
def test_interest_cap_runs_over_the_loan_term(text: str, months: int) -> None:
    values = facts(text)
    assert values["loan_months"] == Decimal(months)
    # 2023-09: one-year LPR 3.45 %, cap 13.8 %
    assert calculate("interest_cap", values).result.amount == Decimal("100000") * Decimal("0.138") * months / 12


@pytest.mark.parametrize("text", [
    "借条写了5万，可实际到账只有4万5，说5千是服务费先扣了，本金算多少",
    "借款合同写5万，对方转给我4.5万，手续费预先扣了，我要还多少本金",
])
def test_principal_is_what_was_received(text: str) -> None:
    assert figure("actual_principal", text) == Decimal("45000")


@pytest.mark.parametrize("text", [
    "2025年6月借了5万，逾期利息、违约金还有律师费加起来一年最多能收我多少",
    "2025年6月份借款5万，他说违约金和服务费算在一起，合计最多能要多少",
])
def test_costs_claimed_together_are_capped_as_one(text: str) -> None:
    values = facts(text)
    assert refine_calculator("overdue_interest", values) == "lending_cost_cap"
    # 2025-06: LPR 3.0 %, four times 12 %
    assert calculate("lending_cost_cap", values).result.amount == Decimal("6000")


# -- injury, state compensation, food, prepaid ------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "我爸车祸走了，丧葬费怎么算，本省上年度职工年平均工资约12万",
    "丧葬费按什么算？听说我们这职工年均工资12万元",
])
def test_funeral_expenses_from_a_yearly_average(text: str) -> None:
    values = facts(text)
    assert "monthly_wage" not in values or values["monthly_wage"] != Decimal("120000")
    assert figure("funeral_expenses", text) == Decimal("60000")


@pytest.mark.parametrize("text", [
    "被错误羁押了20天，国家上年度职工日平均工资一天大概480，能赔多少",
    "派出所错拘我20天，听说按日平均工资480元算，国家赔偿多少",
])
def test_liberty_compensation_reads_the_daily_average(text: str) -> None:
    assert figure("liberty_compensation", text) == Decimal("9600")


@pytest.mark.parametrize("text, expected", [
    ("外卖的凉皮里吃出头发 18块钱 能要十倍吗", Decimal("1000")),
    ("超市买的零食过期了，300元，能赔多少", Decimal("3000")),
])
def test_food_price_and_the_thousand_floor(text: str, expected: Decimal) -> None:
    assert figure("tenfold_damages", text) == expected


@pytest.mark.parametrize("text, expected", [
    ("美容院办卡充了5000，消费了1200，现在人去楼空了，能退多少", Decimal("3800")),
    ("洗车店充值了两千，刷了300，老板跑路了", Decimal("1700")),
])
def test_prepaid_balance_without_units(text: str, expected: Decimal) -> None:
    assert figure("prepaid_refund", text) == expected


@pytest.mark.parametrize("text, expected", [
    ("报了一年的钢琴课9600，上了四个月老师走了，退多少", Decimal("6400")),
    ("游泳馆年卡交了3600，用了三个月就说要装修关门，退多少", Decimal("2700")),
])
def test_prepaid_term_bought_and_used(text: str, expected: Decimal) -> None:
    assert figure("prepaid_refund", text) == expected


def test_co_guarantors_share_what_one_paid() -> None:
    text = "我和朋友一起给表哥的借款当了保证人，借款20万，债主让我一个人全还了，另一个保证人该给我多少"
    assert figure("guarantor_share", text) == Decimal("100000")


# -- deadlines -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("part, rule", [
    ("简易程序多久能判下来", "summary_trial_term"),
    ("走简易程序的话几个月审结", "summary_trial_term"),
    ("普通程序要多长时间", "ordinary_trial_term"),
    ("查封了我的房子，我提了执行异议，法院多久答复", "enforcement_objection_review"),
    ("施工方的工程款优先受偿权有没有期限", "construction_priority"),
    ("跟团被导游带去购物店买了东西，多久内能退", "tour_shopping_return"),
    ("看到公告说它减资了，我要求还钱的期限是多久", "reduction_creditor_claim"),
])
def test_procedures_named_in_the_part(part: str, rule: str) -> None:
    assert deadline_for(part, "general") == rule


def test_a_period_for_a_decision_is_named_only_by_its_own_part() -> None:
    question = "9月1日被开除了，申请仲裁最晚哪天？立案以后多久能出结果？"
    assert deadline_for("申请仲裁最晚哪天", "labor", question) != "arbitration_award_time"
    assert deadline_for("立案以后多久能出结果", "labor", question) == "arbitration_award_time"


def test_creditor_revocation_needs_a_debtor() -> None:
    assert deadline_for("最晚什么时候起诉", "debt", "他欠我30万，把车低价卖给了亲戚，能撤销吗") == "creditor_revocation"
    sold = "急用钱把房子低价卖给了别人，这个合同能撤销吗"
    assert deadline_for("最晚哪天起诉", "contract", sold) == "voidable_revocation"


@pytest.mark.parametrize("name, start, ends", [
    ("summary_trial_term", date(2026, 5, 10), date(2026, 8, 10)),
    ("ordinary_trial_term", date(2026, 5, 10), date(2026, 11, 10)),
    ("construction_priority", date(2025, 3, 15), date(2026, 9, 15)),
    ("tour_shopping_return", date(2026, 10, 2), date(2026, 11, 1)),
    ("reduction_creditor_claim", date(2026, 10, 1), date(2026, 11, 15)),
    ("guarantee_limitation", date(2026, 2, 3), date(2029, 2, 3)),
])
def test_new_periods_end_where_the_law_says(name: str, start: date, ends: date) -> None:
    assert deadline(name, start=start, today=TODAY).ends == ends


@pytest.mark.parametrize("text", [
    "我是连带保证人，今年2月3号债权人寄了律师函要我承担保证责任",
    "债主2026年2月3日发函让我承担担保责任，我是担保人",
])
def test_a_demand_on_the_guarantor_starts_the_limitation(text: str) -> None:
    values = facts(text)
    assert refine_rule("guarantee_period", values) == "guarantee_limitation"


@pytest.mark.parametrize("text, expected", [
    ("公司2019年注册的，章程里认缴期限写到2060年，新公司法下要改吗", "capital_transition"),
    ("我们是2024年8月成立的公司，认缴出资期限多久", "capital_contribution"),
])
def test_companies_before_the_new_law_have_the_transition(text: str, expected: str) -> None:
    assert refine_rule("capital_contribution", facts(text)) == expected
    text_of = deadline(refine_rule("capital_contribution", facts(text))).text()
    assert ("2032年6月30日" in text_of) is (expected == "capital_transition")


@pytest.mark.parametrize("text", [
    "医生让休息三个月 月薪5000 这三个月都没上班 误工费多少",
    "开了休息三个月的假条，我月薪5000，那三个月一分钱没拿到，误工费怎么算",
])
def test_a_stretch_named_again_is_not_counted_twice(text: str) -> None:
    assert figure("lost_earnings", text) == Decimal("15000")


@pytest.mark.parametrize("text", [
    "我离职前一年平均工资一万，竞业补偿能要多少",
    "受伤前一年平均工资每月6000，评了九级",
])
def test_the_clients_own_yearly_average_stays_his_wage(text: str) -> None:
    values = facts(text)
    assert values.get("monthly_wage") is not None
    assert "local_average_wage" not in values


@pytest.mark.parametrize("text, heirs", [
    ("我爸去年走了，没遗嘱，留了套房子值300万，是婚后买的，家里还有我妈、我、我哥，奶奶也健在，我能分多少", 4),
    ("我妈上个月去世了，留下存款80万，家里有我爸、我和我妹，外婆已经去世了", 3),
])
def test_heirs_counted_from_the_family_the_client_lists(text: str, heirs: int) -> None:
    assert facts(text)["heirs"] == heirs


@pytest.mark.parametrize("text, expected", [
    ("外公前两个月去世了，留下90万，他有三个子女，我妈是老二，前年就已经走了，我和我哥能分多少", Decimal("150000")),
    ("奶奶去世了 留了存款90万 她有三个孩子 我爸早就不在了 我能继承多少", Decimal("300000")),
])
def test_representation_shares_the_predeceased_childs_part(text: str, expected: Decimal) -> None:
    assert figure("inheritance_share", text) == expected


@pytest.mark.parametrize("text, expected", [
    ("业主两年没交物业费了，每月350，能起诉要多少", Decimal("8400")),
    ("物业费每个月280，他欠了10个月，最多起诉多少", Decimal("2800")),
    ("一年物业费3600，拖了一年半没交物业费", Decimal("5400")),
])
def test_property_fees_owed_by_the_month(text: str, expected: Decimal) -> None:
    assert figure("fee_arrears", text) == expected


def test_a_mistake_keeps_its_ninety_days_before_a_contracts_own_rescission() -> None:
    question = "合同里把单价8.6元错写成0.86元，9月3号才发现，想撤销这个合同，什么时候之前要起诉"
    assert deadline_for(question, "contract") == "mistake_revocation"


def test_an_execution_objection_named_in_the_question_times_the_courts_answer() -> None:
    question = "法院执行别人的案子把我买的车查封了，车是我早就买下的，只是没过户。法院多久给答复？"
    assert deadline_for("法院多久给答复", "civil_procedure", question) == "enforcement_objection_review"
