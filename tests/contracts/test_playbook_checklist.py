"""The checklist points that had no rule (docs/decisions/contract-risk-checklist.md,
contracts/playbook/rules/94-checklist-breadth.toml): each rule finds its risk in several wordings, drafting
styles and contract types, with a basis and a suggestion a lawyer can send, and stays silent — with every other
rule of the playbook — on lawful clauses that look like it."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_findings, starter_rules
from tests.contracts.checklist_cases import LOOKALIKES, RISKS
from tests.contracts.playbook_support import line_sections as _sections
from tests.contracts.playbook_support import (
    rule_case_tests,
)

STARTER = starter_rules()
CODES = {r.code for r in STARTER}


def test_every_rule_has_risks_and_look_alikes():
    assert set(RISKS) == set(LOOKALIKES)
    assert set(RISKS) <= CODES, set(RISKS) - CODES


test_the_rule_finds_its_risk, test_a_lawful_look_alike_raises_nothing = rule_case_tests(STARTER, RISKS, LOOKALIKES)


@pytest.mark.parametrize(("code", "contract_type", "text", "side", "other_side"), [
    ("gift-tied-to-purchases", "gift", "第七条 乙方所需耗材应当全部向甲方采购。", "乙方", "甲方"),
    ("franchise-transfer-without-consent", "franchise", "第十二条 乙方可以将特许经营权自行转让给第三方。",
     "甲方", "乙方"),
    ("licensee-sublicense-free", "tech_transfer", "第六条 被许可方有权自行再许可第三方实施本专利。",
     "许可方", "被许可方"),
])
def test_a_one_sided_risk_is_reported_for_the_side_it_burdens(code, contract_type, text, side, other_side):
    """A right or burden one side carries is that side's risk; a void or unlawful term (劳动合同法, 民法典850 …) is
    read for both sides (contracts/playbook/mandatory.toml) and is not among these."""
    def codes(s):
        return {f.rule_code for f in contract_findings(_sections(text), contract_type, STARTER, side=s)}
    assert code in codes(side)
    assert code not in codes(other_side)
