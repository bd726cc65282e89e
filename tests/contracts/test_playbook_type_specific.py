"""The type-specific rules (docs/decisions/contract-type-specific-risks.md,
contracts/playbook/rules/95-type-specific.toml): each rule finds its risk in several wordings and drafting styles,
with a basis and a suggestion a lawyer can send, and stays silent — with every other rule of the playbook — on
lawful clauses that look like it."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_facts, contract_findings, starter_rules
from tests.contracts.playbook_support import line_sections as _sections
from tests.contracts.playbook_support import (
    rule_case_tests,
)
from tests.contracts.type_specific_cases import LOOKALIKES, RISKS

STARTER = starter_rules()
CODES = {r.code for r in STARTER}


def test_every_rule_has_risks_and_look_alikes():
    assert set(RISKS) == set(LOOKALIKES)
    assert set(RISKS) <= CODES, set(RISKS) - CODES


test_the_rule_finds_its_risk, test_a_lawful_look_alike_raises_nothing = rule_case_tests(STARTER, RISKS, LOOKALIKES)


@pytest.mark.parametrize(("code", "contract_type", "text", "side", "other_side"), [
    ("loan-acceleration-at-lender-opinion", "loan",
     "五、甲方认为乙方财务状况恶化可能影响还款的，甲方有权宣布借款提前到期。", "乙方（借款人）", "甲方（出借人）"),
    ("equity-transition-losses-on-transferor", "equity",
     "第十一条 过渡期内丙方发生的亏损由甲方全额补足，收益由乙方享有。", "甲方（转让方）", "乙方（受让方）"),
    ("equity-price-on-buyer-confirmation", "equity",
     "第四条 剩余转让价款在乙方书面确认交割完成后支付给甲方。", "甲方（转让方）", "乙方（受让方）"),
])
def test_a_one_sided_risk_is_reported_for_the_side_it_burdens(code, contract_type, text, side, other_side):
    """A right or burden one side carries is that side's risk, not the other side's."""
    def codes(s):
        return {f.rule_code for f in contract_findings(_sections(text), contract_type, STARTER, side=s)}
    assert code in codes(side)
    assert code not in codes(other_side)


@pytest.mark.parametrize(("side", "drafted"), [
    ("居间方（某某房地产经纪有限公司，本格式文本提供方）", True),
    ("甲方（出卖人，本合同起草方）", True),
    ("委托方（某某股份有限公司；合同为咨询公司格式文本）", False),
    ("甲方（委托方；合同文本由开发方乙方提供）", False),
])
def test_the_lawyer_names_the_drafting_side(side, drafted):
    """A note on the side that the firm's side provided the form (本格式文本提供方) makes its own standard terms
    its risk too (497); a note that the other side provided it does not."""
    assert contract_facts(_sections("第一条 双方订立本合同。"), side=side).we_drafted is drafted
