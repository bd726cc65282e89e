"""The checklist points that had no rule (docs/decisions/contract-risk-checklist.md,
contracts/playbook/rules/94-checklist-breadth.toml): each rule finds its risk in several wordings, drafting
styles and contract types, with a basis and a suggestion a lawyer can send, and stays silent — with every other
rule of the playbook — on lawful clauses that look like it."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_facts, contract_findings, starter_rules
from contracts.playbook.quality import suggestion_defects
from contracts.types import SectionDraft
from tests.contracts.checklist_cases import LOOKALIKES, RISKS

STARTER = starter_rules()
CODES = {r.code for r in STARTER}


def _sections(text: str) -> list[SectionDraft]:
    return [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line,
                         para_start=i + 1, para_end=i + 1) for i, line in enumerate(text.split("\n"))]


def _cases(table):
    return [(code, *case) for code, cases in table.items() for case in cases]


def _ids(table):
    return [f"{code}:{case[1][:12]}" for code, cases in table.items() for case in cases]


def test_every_rule_has_risks_and_look_alikes():
    assert set(RISKS) == set(LOOKALIKES)
    assert set(RISKS) <= CODES, set(RISKS) - CODES


@pytest.mark.parametrize(("code", "contract_type", "text", "side"), _cases(RISKS), ids=_ids(RISKS))
def test_the_rule_finds_its_risk(code, contract_type, text, side):
    sections = _sections(text)
    found = [f for f in contract_findings(sections, contract_type, STARTER, side=side) if f.rule_code == code]
    assert found, f"{code} not found in: {text}"
    facts = contract_facts(sections, side=side)
    for f in found:
        assert f.basis and f.section_order is not None
        assert not suggestion_defects(f, sections, facts), (f.suggestion, suggestion_defects(f, sections, facts))


@pytest.mark.parametrize(("code", "contract_type", "text", "side"), _cases(LOOKALIKES), ids=_ids(LOOKALIKES))
def test_a_lawful_look_alike_raises_nothing(code, contract_type, text, side):
    found = [f.rule_code for f in contract_findings(_sections(text), contract_type, STARTER, side=side)
             if f.section_order is not None]
    assert not found, (code, text, found)


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
