"""Issue 21's shapes read as typed facts whatever the drafting style (tests/contracts/shape_ten_cases.py), the
reader's predicates under them, and the lawful look-alike of each kept silent."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_facts, contract_findings, starter_rules
from contracts.playbook.facts import foreign_element, overtime_period, read_clause, unconditional
from tests.contracts.playbook_support import (
    line_sections,
    rule_case_tests,
)
from tests.contracts.shape_ten_cases import LOOKALIKES, RISKS

STARTER = starter_rules()


test_the_shape_is_read_in_any_drafting_style, test_the_lawful_look_alike_stays_silent = rule_case_tests(
    STARTER, RISKS, LOOKALIKES)


def test_the_heavier_penalty_is_the_risk_of_the_side_that_pays_it_only():
    # 万分之五 a day is lawful on its own: only the comparison with the other side's makes it a risk
    text = ("第七条 乙方逾期付款的，每逾期一日按逾期付款金额的万分之五向甲方支付违约金。\n"
            "第八条 甲方逾期交货的，每逾期一日按逾期交货部分货款的万分之零点五向乙方支付违约金。")
    facts = contract_facts(line_sections(text), side="乙方")
    read = sorted((d.payer, round(d.daily_percent, 4)) for d in facts.delay_penalties)
    assert read == [("乙方", 0.05), ("甲方", 0.005)]
    for side, expected in (("乙方", True), ("甲方", False)):
        found = [f for f in contract_findings(line_sections(text), "sale", STARTER, side=side)
                 if f.rule_code.startswith("penalty-delay-one-sided")]
        assert bool(found) == expected, (side, found)


@pytest.mark.parametrize(("text", "period"), [
    ("每月加班总时长为四十五小时。", "month"),
    ("确需加班的，每周不超过十小时。", "week"),
    ("甲方可以安排乙方每日延长工作时间四小时。", "day"),
    ("每周工作时间为四十八小时（含每周延长工作时间八小时）。", None),
    ("乙方每周工作四十小时，加班费按法定标准支付。", None),
])
def test_an_hours_figure_is_overtime_only_where_its_words_say_so(text, period):
    hours = [d for d in read_clause(text).durations if d.unit == "hour"]
    assert hours and overtime_period(text, hours[0]) == period


@pytest.mark.parametrize(("text", "at_will"), [
    ("出借人可随时要求借款人提前归还全部借款。", True),
    ("甲方有权根据自身资金需要提前收回借款。", True),
    # a ground the lender judges is the lender-opinion rule's (loan-acceleration-at-lender-opinion)
    ("甲方认为乙方财务状况恶化可能影响还款的，甲方有权宣布借款提前到期。", False),
    ("借款人有下列情形之一的，出借人有权提前收回借款。", False),
    ("借款人逾期还款超过三十日的，出借人有权提前收回借款。", False),
    ("出借人有权在借款人改变借款用途时提前收回借款。", False),
])
def test_a_right_is_at_will_unless_it_names_a_ground_beyond_the_holders_needs(text, at_will):
    rights = [o for o in read_clause(text).obligations if o.modal in ("有权", "可以")]
    assert rights and unconditional(text, rights[0]) == at_will


@pytest.mark.parametrize(("text", "foreign"), [
    ("乙方：ABC Trading Pte. Ltd.，注册地址：新加坡\n本合同适用新加坡法律。", True),
    ("甲方：上海某公司\n乙方：香港某某贸易有限公司", True),
    ("货物运往越南胡志明市交付。", True),
    ("甲方：上海某公司，住所：上海\n乙方：杭州某公司\n本合同适用香港法律，争议提交香港国际仲裁中心仲裁。", False),
    ("甲方：外商投资企业北京某公司\n乙方：天津某公司", False),
])
def test_a_foreign_element_is_read_outside_the_dispute_words(text, foreign):
    assert foreign_element(text) == foreign


def test_whose_confidentiality_and_what_a_definition_takes_in():
    one_way = read_clause("乙方对在合作过程中知悉的双方商业秘密负有保密义务。").secrecies
    assert one_way and one_way[0].party == "乙方" and "one_way" in one_way[0].shapes
    both = read_clause("双方对在合作中知悉的对方商业秘密负有保密义务。").secrecies
    assert both and both[0].party == "双方" and "one_way" not in both[0].shapes
    fm = read_clause("不可抗力包括地震、洪水以及原材料涨价。").definitions
    assert fm and fm[0].cls == "force_majeure" and "own_risk" in fm[0].shapes
    assert not read_clause("原材料涨价不属于不可抗力。").definitions
    secret = read_clause("“保密信息”指乙方知悉的任何信息。").definitions
    assert secret and secret[0].party == "乙方" and {"knowledge_based", "no_public_carveout"} <= secret[0].shapes
