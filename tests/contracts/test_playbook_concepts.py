"""The concept lexicon (contracts/playbook/concepts.toml, docs/decisions/contract-concepts.md): validated on load,
each concept read in many phrasings and not when the clause negates it; rules that test a concept find their
risk in wordings of our own and stay silent where the concept is negated or carved out."""

from __future__ import annotations

import pytest

from contracts.playbook import starter_rules
from contracts.playbook.concepts import MIN_PHRASINGS, ConceptInvalid, find, lexicon, parse_lexicon
from contracts.playbook.spec import RuleInvalid, validate_params
from tests.contracts.concept_cases import LOOKALIKES, PARTIES, RISKS
from tests.contracts.playbook_support import rule_case_tests

STARTER = starter_rules()
CODES = {r.code for r in STARTER}
CONCEPT_RULES = {r.code for r in STARTER if (r.detection == "pattern" and r.parsed.concepts)
                 or (r.detection == "fact" and r.parsed.act_concepts)}


def test_every_concept_has_many_phrasings_and_its_parties():
    concepts = lexicon()
    assert {"EXEMPT", "WAIVE_CLAIM", "UNILATERAL_CHANGE", "TERMINATE_AT_WILL", "DEEMED_ACCEPT", "FORFEIT",
            "ASSIGN_ALL_IP", "CONSENT_WAIVED", "NON_COMPETE", "CONFIDENTIAL_FOREVER", "PERSONAL_DATA_USE",
            "DEFER_TO_LATER", "EXCLUSIVE_FORUM", "PAYMENT_CONDITION", "PAY_REGARDLESS"} <= set(concepts)
    for concept in concepts.values():
        assert len(set(concept.phrasings)) >= MIN_PHRASINGS, concept.name
        assert concept.actor and concept.affected and concept.act


def _one(**over) -> dict:
    item = {"name": "TEST_ACT", "act": "测试", "actor": "一方", "affected": "另一方",
            "phrasings": [f"写法{i}" for i in range(MIN_PHRASINGS)]}
    item.update(over)
    return {"concept": [item]}


@pytest.mark.parametrize(("data", "message"), [
    (_one(phrasings=["写法"] * MIN_PHRASINGS), "至少"),
    (_one(phrasings=[f"写法{i}" for i in range(MIN_PHRASINGS - 1)] + ["(未闭合"]), "无效"),
    (_one(phrasings=[f"写法{i}" for i in range(MIN_PHRASINGS - 1)] + ["(?:x)?"]), "空串"),
    (_one(name="lower"), "大写"),
    (_one(actor=""), "actor"),
    (_one(extra="x"), "未知字段"),
    ({"concept": []}, "至少"),
])
def test_a_broken_lexicon_is_refused(data, message):
    with pytest.raises(ConceptInvalid) as exc:
        parse_lexicon(data)
    assert message in str(exc.value)


def test_a_rule_naming_an_unknown_concept_is_refused():
    with pytest.raises(RuleInvalid) as exc:
        validate_params("pattern", {"concepts": [{"concept": "NO_SUCH_ACT"}]})
    assert exc.value.field.startswith("params.concepts")
    with pytest.raises(RuleInvalid) as exc:
        validate_params("pattern", {})
    assert exc.value.field == "params.patterns"
    assert validate_params("pattern", {"concepts": [{"concept": "EXEMPT", "objects": ["损失"]}]}).concepts


@pytest.mark.parametrize(("concept", "objects", "sentence"), [
    ("EXEMPT", ("损失",), "因停电造成的损失，出租方概不理赔"),
    ("EXEMPT", ("延误",), "航班延误的后果由旅客自负"),
    ("WAIVE_CLAIM", ("违约金",), "乙方确认不再就迟延交付主张违约金"),
    ("WAIVE_CLAIM", ("异议",), "买方对结算金额不得提出任何异议"),
    ("UNILATERAL_CHANGE", ("收费",), "收费项目以平台届时公布的为准"),
    ("TERMINATE_AT_WILL", ("合同",), "甲方可以单方解除本合同而无需说明理由"),
    ("DEEMED_ACCEPT", (), "甲方在收到成果后十日内没有书面提出异议的，即视为验收通过"),
    ("FORFEIT", ("保证金",), "乙方违约的，保证金予以没收"),
    ("ASSIGN_ALL_IP", ("成果",), "开发成果的一切权利在全世界范围内由甲方单独享有"),
    ("CONSENT_WAIVED", ("分包",), "承包人可自行分包部分工程，无需另行征得发包人同意"),
    ("NON_COMPETE", (), "乙方离职后两年内不得到与甲方有竞争关系的单位任职"),
    ("CONFIDENTIAL_FOREVER", (), "本协议终止后乙方仍然负有保密义务，该义务永久有效"),
    ("PERSONAL_DATA_USE", (), "甲方可将会员的消费记录共享给合作伙伴"),
    ("DEFER_TO_LATER", ("单价",), "单价日后另议"),
    ("EXCLUSIVE_FORUM", (), "争议只能向甲方所在地人民法院提起诉讼"),
    ("PAYMENT_CONDITION", ("审核",), "工程结算价款以财政评审中心的审核结论为准"),
    ("PAY_REGARDLESS", ("服务费",), "不管推广效果如何，广告主都应按期支付服务费"),
])
def test_a_concept_is_read_in_another_phrasing(concept, objects, sentence):
    assert find(sentence, concept, objects) is not None


@pytest.mark.parametrize(("concept", "objects", "sentence"), [
    ("WAIVE_CLAIM", (), "甲方未行使本合同项下的权利的，不视为放弃该权利"),
    ("WAIVE_CLAIM", ("违约责任",), "乙方并不因此放弃追究甲方违约责任的权利"),
    ("EXEMPT", ("损失",), "甲方不得以任何理由免除其对乙方损失的赔偿责任"),
    ("DEEMED_ACCEPT", (), "乙方签收货物的，不视为验收合格"),
    ("FORFEIT", (), "出租人不得没收承租人的押金"),
    ("TERMINATE_AT_WILL", (), "用人单位不得降低其工资、予以辞退或解除劳动合同"),
    ("EXEMPT", ("损失",), "货物毁损的，保管人不承担责任"),  # the object is not there: 毁损 is not 损失
])
def test_a_negated_concept_or_one_without_its_object_is_not_read(concept, objects, sentence):
    assert find(sentence, concept, objects) is None


def test_a_carve_out_silences_a_rule_that_asks_for_it():
    sentence = "仓储物毁损的，保管人不承担责任，但保管人保管不善的除外"
    assert find(sentence, "EXEMPT", ("毁损",), 20) is not None
    assert find(sentence, "EXEMPT", ("毁损",), 20, carved_silent=True) is None


def test_a_right_on_a_ground_is_not_at_will():
    assert find("乙方逾期付款超过三十日的，甲方有权解除合同", "TERMINATE_AT_WILL") is None
    assert find("甲方可根据自身经营需要随时解除合同", "TERMINATE_AT_WILL") is not None


def test_a_condition_that_negates_is_not_a_negation_of_the_act():
    """乙方逾期未验收的，视为验收合格: the 未 belongs to the condition (closed by 的), not to the act."""
    assert find("乙方逾期未验收的视为验收合格", "DEEMED_ACCEPT") is not None


def test_the_cases_name_rules_that_test_concepts():
    assert set(RISKS) | set(LOOKALIKES) <= CODES, (set(RISKS) | set(LOOKALIKES)) - CODES
    assert set(RISKS) <= CONCEPT_RULES, set(RISKS) - CONCEPT_RULES


test_the_rule_finds_its_risk, test_a_negated_or_carved_out_concept_raises_nothing = rule_case_tests(
    STARTER, RISKS, LOOKALIKES, text_of=lambda contract_type, text: PARTIES[contract_type] + "\n" + text)


@pytest.mark.parametrize(("code", "contract_type", "deferred", "agreed"), [
    ("tech-ip-ownership-deferred", "tech_dev", "第八条 研发成果的知识产权归属，由双方视项目进展而定。",
     "第八条 研发成果的知识产权归甲方所有。"),
    ("tech-ip-ownership-deferred", "tech_dev", "第八条 研发成果的专利申请权归属，留待项目验收后确定。",
     "第八条 研发成果的专利申请权归乙方所有。"),
])
def test_a_term_put_off_is_not_the_term(code, contract_type, deferred, agreed):
    """Missing-clause checks test substance: a clause deferring the term in any phrasing of DEFER_TO_LATER is
    reported on the sentence that defers it; the same clause agreeing the term is the term."""
    from contracts.playbook import contract_findings
    from tests.contracts.playbook_support import line_sections
    parties = PARTIES[contract_type]
    found = [f for f in contract_findings(line_sections(parties + "\n" + deferred), contract_type, STARTER)
             if f.rule_code == code]
    assert found and found[0].section_order == 2, found
    assert not [f for f in contract_findings(line_sections(parties + "\n" + agreed), contract_type, STARTER)
                if f.rule_code == code]
