"""Negation and prohibition scopes over every concept of the lexicon, and over the clause reader's exemptions
(docs/decisions/contract-concepts.md, “Scopes, forums and sides”): a negated or prohibited act is not the act."""

from __future__ import annotations

import pytest

from contracts.playbook import facts as reader
from contracts.playbook.concepts import find, lexicon
from tests.contracts.concept_scope_cases import SCOPES


def test_every_concept_has_its_scope_cases():
    assert set(SCOPES) == set(lexicon())


@pytest.mark.parametrize("concept", sorted(SCOPES))
def test_the_act_is_read(concept):
    said, _, _ = SCOPES[concept]
    assert find(said, concept) is not None, said


@pytest.mark.parametrize("concept", sorted(SCOPES))
def test_the_negated_act_is_silent(concept):
    _, negated, _ = SCOPES[concept]
    assert find(negated, concept) is None, negated


@pytest.mark.parametrize("concept", sorted(SCOPES))
def test_the_prohibited_act_is_silent(concept):
    _, _, prohibited = SCOPES[concept]
    assert find(prohibited, concept) is None, prohibited


@pytest.mark.parametrize("sentence", [
    "承包人不得以任何理由免除或者减轻其应承担的质量责任。",
    "受托人不得以转委托为由，不承担对委托人的赔偿责任。",
    "保管人并不因此免除其妥善保管的责任。",
    "任何一方不能因对方违约而免除自身的付款责任。",
    "出租人不应以房屋老旧为借口不承担维修责任。",
])
def test_a_prohibited_or_negated_exemption_is_no_exemption(sentence):
    assert reader.read_clause(sentence).exemptions == []


@pytest.mark.parametrize(("sentence", "party"), [
    ("承运人对运输途中货物的一切损失不承担任何责任。", "承运人"),
    ("买方逾期付款的，卖方不承担迟延交货的责任。", "卖方"),
    ("保管人对无法预见的损失不负赔偿之责。", "保管人"),
])
def test_an_exemption_said_is_still_read(sentence, party):
    found = reader.read_clause(sentence).exemptions
    assert found and found[0].party == party
