"""The shapes of risk every contract shares, read whatever their words (tests/contracts/shape_cases.py), the
reader's classes under them, and a lawful clause of each shape kept silent."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_facts, contract_findings, starter_rules
from contracts.playbook.facts import read_clause, right_classes
from contracts.playbook.quality import suggestion_defects
from contracts.types import SectionDraft
from tests.contracts.shape_cases import LOOKALIKES, RISKS

STARTER = starter_rules()


def _sections(text: str) -> list[SectionDraft]:
    return [SectionDraft(order=1, kind="clause", number="", title="", text=text, para_start=1, para_end=1)]


def _risks():
    return [(shape, codes, *case) for shape, (codes, cases) in RISKS.items() for case in cases]


def _lookalikes():
    return [(shape, *case) for shape, cases in LOOKALIKES.items() for case in cases]


@pytest.mark.parametrize(("shape", "codes", "contract_type", "text", "side"), _risks(),
                         ids=[f"{c[0]}:{c[3][:12]}" for c in _risks()])
def test_the_shape_is_read_in_words_of_its_own(shape, codes, contract_type, text, side):
    sections = _sections(text)
    found = [f for f in contract_findings(sections, contract_type, STARTER, side=side) if f.rule_code in codes]
    assert found, f"{shape} not read in: {text}"
    facts = contract_facts(sections, side=side)
    for f in found:
        assert f.basis and f.section_order == 1
        assert not suggestion_defects(f, sections, facts), (f.suggestion, suggestion_defects(f, sections, facts))


@pytest.mark.parametrize(("shape", "contract_type", "text", "side"), _lookalikes(),
                         ids=[f"{c[0]}:{c[2][:12]}" for c in _lookalikes()])
def test_a_lawful_clause_of_the_shape_stays_silent(shape, contract_type, text, side):
    found = [f.rule_code for f in contract_findings(_sections(text), contract_type, STARTER, side=side)
             if f.section_order is not None]
    assert not found, (shape, text, found)


@pytest.mark.parametrize(("act", "classes"), [
    ("根据其经营需要对服务单价作相应变动", {"price"}),
    ("视周边租金水平对月租金进行重新核定", {"price"}),
    ("根据项目进展增补服务事项", {"scope"}),
    ("从押金中扣减其认定的各项费用", {"deduct"}),
    ("将本合同项下的全部权利义务转让给其关联公司", {"assign"}),
    ("按时支付服务费", set()),
])
def test_a_right_is_classed_by_what_it_does(act, classes):
    found = right_classes(act) & {"price", "scope", "deduct", "assign"}
    assert classes <= found and bool(found) == bool(classes)


def test_a_reserved_right_and_a_question_one_side_settles_are_rights():
    reserved = [o for o in read_clause("三、卖方保留依据原材料价格走势重新核定供货价格的权利。").obligations
                if o.modal == "有权"]
    assert reserved and reserved[0].party == "卖方" and "price" in reserved[0].rights
    decided = [o for o in read_clause("第六条 对服务内容的增减由甲方视需要决定。").obligations if o.modal == "有权"]
    assert decided and decided[0].party == "甲方" and "scope" in decided[0].rights
    # 由双方协商确定 is no one side's word; a reservation negated is none
    assert not [o for o in read_clause("服务内容的增减由甲方与乙方协商确定。").obligations if o.modal == "有权"]
    assert not [o for o in read_clause("甲方不保留调整价格的权利。").obligations if o.modal == "有权"]


@pytest.mark.parametrize(("text", "percent"), [
    ("违约金为合同总价的一半。", 50.0),
    ("违约金为已收款项两倍。", 200.0),
])
def test_a_share_written_in_words_is_a_rate(text, percent):
    assert [r.percent for r in read_clause(text).rates] == [percent]


@pytest.mark.parametrize(("text", "party", "covers"), [
    ("甲方对乙方遭受的任何损失均不负赔偿之责。", "甲方", {"all"}),
    ("保管人均免于承担责任。", "保管人", {"all"}),
    ("乙方对间接损失不承担责任，但乙方故意造成的除外。", "乙方", {"indirect"}),
])
def test_an_exemption_is_read_in_other_words(text, party, covers):
    found = read_clause(text).exemptions
    assert found and found[0].party == party and covers <= found[0].covers


def test_the_second_exemption_of_a_run_on_sentence_keeps_its_own_words():
    # …由甲方自行承担，乙方在任何情况下均不承担赔偿责任: 任何 belongs to the second exemption
    found = read_clause("甲方据此所作决策的后果由甲方自行承担，乙方在任何情况下均不承担赔偿责任。").exemptions
    second = [e for e in found if e.party == "乙方"]
    assert second and "all" in second[0].covers


def test_an_owner_named_at_the_end_of_a_fragment_owns():
    owned = read_clause("开发形成的一切权利即专属于甲方。").ownerships
    assert [o.party for o in owned] == ["甲方"]
    # an agreed owner of one right is no "everything to them" (专利申请权归甲方；乙方享有署名权)
    assert not read_clause("研究开发成果的专利申请权归甲方；乙方享有署名权。").ownerships
    # the ground a cause stands on is no owner (属于甲方的原因)
    assert not read_clause("因属于甲方的原因造成延误的，工期顺延。").ownerships
