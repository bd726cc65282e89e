"""Risks a lawyer checks in every contract whatever its family (rules/74-*.toml onward): each kind in several
drafting styles (第X条, 一、, （三）, 1.1, figures and words) and contract types, beside lawful look-alikes in
the same style that must stay silent, and the side the firm acts for."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_facts, contract_findings, starter_rules
from contracts.playbook.quality import suggestion_defects
from contracts.types import SectionDraft
from tests.contracts.cross_family_cases import LOOKALIKES, RISKS, SAME_RISK

STARTER = starter_rules()

def _sections(text: str) -> list[SectionDraft]:
    return [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line,
                         para_start=i + 1, para_end=i + 1) for i, line in enumerate(text.split("\n"))]


def _cases(table):
    return [(kind, *case) for kind, cases in table.items() for case in cases]


@pytest.mark.parametrize(("kind", "contract_type", "text", "side"), _cases(RISKS),
                         ids=[f"{k}:{c[1][:10]}" for k, c in ((k, c) for k, cs in RISKS.items() for c in cs)])
def test_the_kind_is_found_in_every_family_and_style(kind, contract_type, text, side):
    sections = _sections(text)
    codes = {kind} | SAME_RISK.get(kind, set())
    found = [f for f in contract_findings(sections, contract_type, STARTER, side=side) if f.rule_code in codes]
    assert found, f"{kind} not found in: {text}"
    facts = contract_facts(sections, side=side)
    for f in found:
        assert f.basis and f.section_order is not None
        assert not suggestion_defects(f, sections, facts), (f.suggestion, suggestion_defects(f, sections, facts))


@pytest.mark.parametrize(("kind", "contract_type", "text", "side"), _cases(LOOKALIKES),
                         ids=[f"{k}:{c[1][:10]}" for k, c in ((k, c) for k, cs in LOOKALIKES.items() for c in cs)])
def test_a_lawful_look_alike_raises_nothing_of_the_kind(kind, contract_type, text, side):
    found = [f.rule_code for f in contract_findings(_sections(text), contract_type, STARTER, side=side)
             if f.rule_code in {kind} | SAME_RISK.get(kind, set())]
    assert not found, text
