"""Issue 21, third round (docs/decisions/contract-missed-families.md "Stop 42"): rule families of the common
types a lawyer checks for our side, each finding its risk in wordings of its own and silent on the lawful
look-alikes; the role reader not misled by a role word inside a longer noun; a contract concluded by clicking read
as a standard form."""

from __future__ import annotations

import pytest

from contracts.playbook import starter_rules
from contracts.playbook.engine import _role_count, _role_names, contract_settings
from tests.contracts.common_type_cases import LOOKALIKES, RISKS
from tests.contracts.playbook_support import rule_case_tests

RULES = starter_rules()


def test_every_rule_has_risks_and_look_alikes():
    assert set(RISKS) == set(LOOKALIKES)
    assert set(RISKS) <= {r.code for r in RULES}


test_the_rule_finds_its_risk, test_a_lawful_look_alike_raises_nothing = rule_case_tests(RULES, RISKS, LOOKALIKES)


@pytest.mark.parametrize(("text", "word", "count"), [
    ("保证人员应持证上岗，保证人员名单附后。", "保证人", 0),
    ("服务方案由服务方拟定，服务方式另行约定。", "服务方", 1),
    ("代理人数不限；代理人应勤勉尽责。", "代理人", 1),
    ("出租方将房屋出租给承租方。", "出租方", 1),
])
def test_a_role_word_inside_a_longer_noun_is_no_role(text, word, count):
    assert _role_count(text, word) == count


def test_staff_of_a_security_service_are_no_guarantor():
    text = ("安保服务合同\n甲方：某商场\n乙方：某保安服务公司\n第一条 乙方派驻保证人员十名，保证人员须持证上岗。\n"
            "第二条 甲方按月向乙方支付服务费。")
    assert "保证人" not in dict(_role_names(text)).values()


@pytest.mark.parametrize(("text", "standard"), [
    ("您点击“同意并订购”即与本公司订立本协议。", True),
    ("用户注册即视为已阅读并同意本协议。", True),
    ("一经勾选，本协议生效。", True),
    ("甲乙双方经平等协商，订立本合同。", False),
    ("甲方点击确认收货后七日内付款。", False),
])
def test_a_contract_concluded_by_clicking_is_a_standard_form(text, standard):
    assert ("standard_form" in contract_settings(text)) is standard


_ALIASED = ("【审慎阅读】您点击“同意”即与本公司订立本协议。\n"
            "服务提供方（以下简称“星澜”）：某网络科技有限公司\n用户：某商贸有限公司\n"
            "第八条 因本协议产生的争议，应提交星澜所在地有管辖权的人民法院解决。")


def test_a_party_named_by_its_short_name_is_read_at_its_seat():
    from contracts.playbook import contract_findings
    from contracts.playbook.engine import party_aliases
    from tests.contracts.playbook_support import line_sections

    assert ("星澜", "服务提供方") in party_aliases(_ALIASED)
    sections = line_sections(_ALIASED)
    theirs = [f.rule_code for f in contract_findings(sections, "tech_service", RULES, side="用户")]
    assert "standard-form-forum-drafter-seat" in theirs
    ours = [f.rule_code for f in contract_findings(sections, "tech_service", RULES, side="服务提供方")]
    assert "standard-form-forum-drafter-seat" not in ours


@pytest.mark.parametrize(("code", "kind", "text", "fires"), [
    # 质量 said in passing agrees no quality standard
    ("sale-quality-missing", "sale", "出卖人：某厂\n买受人：某公司\n第一条 货物名称：办公桌椅一批，总价五万元。\n"
     "第二条 买受人收货后发现质量问题的，应在七日内书面提出质量异议。", True),
    ("sale-quality-missing", "sale", "出卖人：某厂\n买受人：某公司\n第一条 货物：办公桌椅一批，总价五万元。\n"
     "第二条 货物应符合GB/T 3325-2017的要求。", False),
    ("sale-quality-missing", "sale", "出卖人：某厂\n买受人：某公司\n"
     "第一条 货物：茶叶二百斤，以双方封存的样品为准。", False),
    # 区域 said of a manager grants no territory
    ("franchise-territory-missing", "franchise", "特许人：某餐饮公司\n被特许人：李某\n"
     "第一条 特许人的区域经理每季度到店巡查一次。", True),
    ("franchise-territory-missing", "franchise", "特许人：某餐饮公司\n被特许人：李某\n"
     "第一条 特许人在被特许人门店周边两公里范围内不得另设加盟店。", False),
])
def test_a_missing_clause_check_is_met_by_the_term_not_the_word(code, kind, text, fires):
    from tests.contracts.playbook_support import missing_codes
    assert (code in missing_codes(RULES, text, kind, "", code)) is fires
