"""Risks a lawyer checks in every contract whatever its family (rules/74-*.toml onward): each kind in several
drafting styles (第X条, 一、, （三）, 1.1, figures and words) and contract types, beside lawful look-alikes in
the same style that must stay silent, and the side the firm acts for."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_facts, contract_findings, starter_rules
from contracts.playbook.facts import read_clause
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
    for f in (f for f in found if f.rule_code == kind):  # the kind's own suggestion (SAME_RISK rules: their tests)
        assert f.basis and f.section_order is not None
        assert not suggestion_defects(f, sections, facts), (f.suggestion, suggestion_defects(f, sections, facts))


@pytest.mark.parametrize(("kind", "contract_type", "text", "side"), _cases(LOOKALIKES),
                         ids=[f"{k}:{c[1][:10]}" for k, c in ((k, c) for k, cs in LOOKALIKES.items() for c in cs)])
def test_a_lawful_look_alike_raises_nothing(kind, contract_type, text, side):
    """No rule of the playbook — the kind's, a family's, a general one — fires on a lawful look-alike (the
    clauses a one-clause contract lacks are another matter: missing-clause findings sit on no clause)."""
    found = [f.rule_code for f in contract_findings(_sections(text), contract_type, STARTER, side=side)
             if f.section_order is not None]
    assert not found, (kind, text, found)


@pytest.mark.parametrize(("text", "amount", "written_as"), [
    ("物业费为每月每平方米人民币贰元叁角（¥3.20）。", 2.3, 3.2),
    ("总价为人民币壹拾贰万元整（¥102,000.00元）。", 120000, 102000),
    ("服务费为捌万元（8.5万元）。", 80000, 85000),
    ("借款金额为500,000元（大写：伍拾伍万元整）。", 500000, 550000),
    ("月租金为人民币伍仟元（含税）。", 5000, None),
    ("定金人民币贰拾万元整（¥200,000元），即合同总额的20%。", 200000, 200000),
])
def test_the_reader_sees_an_amount_written_twice(text, amount, written_as):
    money = read_clause(text).money[0]
    assert money.amount == pytest.approx(amount)
    assert money.written_as == (None if written_as is None else pytest.approx(written_as))


def test_a_retired_rule_is_no_starter_rule_and_its_risk_has_one():
    from contracts.playbook.starter import retired_rules
    codes = {r.code for r in STARTER}
    retired = retired_rules()
    assert retired and not set(retired) & codes
    assert set(retired.values()) <= codes
