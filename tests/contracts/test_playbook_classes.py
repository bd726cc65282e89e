"""Classes of risk read by construction, in wordings of our own: role names in either spelling, caps
that reach gross negligence, exemptions for the people a party hands the work to or for its own business
risks, who acts in a sentence, a right to ask versus a right to decide, and the deciding article."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_facts, contract_findings, numbers, rule_from_dict, starter_rules
from contracts.playbook.concepts import is_deferred
from contracts.playbook.engine import ContractFacts, actor_at, contract_names, side_names
from contracts.playbook.facts import read_clause
from contracts.playbook.terms import key_terms
from contracts.types import SectionDraft

STARTER = starter_rules()


def rule(params: dict, detection: str = "fact", code: str = "t-rule", basis=None, **extra):
    data = dict(code=code, title="测试规则", detection=detection, params=params, category="测试",
                severity="high", description="测试描述。", suggestion="建议条款。",
                basis=basis or [{"law": "中华人民共和国民法典", "article": 585}])
    data.update(extra)
    return rule_from_dict(data)


def run(rules, *texts, side: str = "", contract_type: str = "other"):
    sections = [SectionDraft(order=i + 1, kind="clause", number=f"第{i + 1}条", title="", text=t,
                             para_start=i + 1, para_end=i + 1) for i, t in enumerate(texts)]
    return contract_findings(sections, contract_type, rules, side=side)


def codes(found) -> set[str]:
    return {f.rule_code for f in found}


# -- the reader ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "party"), [
    ("保管方可以根据需要将仓储物移至他处。", "保管方"),
    ("托运方应当如实申报货物的名称和重量。", "托运方"),
    ("承运人应当按约定路线运输。", "承运人"),
])
def test_a_role_is_read_in_either_spelling(text, party):
    (duty,) = read_clause(text).obligations
    assert duty.party == party


@pytest.mark.parametrize(("text", "value", "unit"), [
    ("竞业限制期限为二十四（24）个月。", 24, "month"),
    ("维修人员应于报修后4h内到场。", 4, "hour"),
    ("保修期为半年。", 0.5, "year"),
    ("尾款于验收后半个月内付清。", 0.5, "month"),
    ("服务期限为叁（3）年。", 3, "year"),
])
def test_durations_in_other_drafting_styles(text, value, unit):
    (d,) = read_clause(text).durations
    assert (d.value, d.unit) == (value, unit)


@pytest.mark.parametrize(("text", "deferred"), [
    ("研发成果的归属另行签订协议约定。", True),
    ("知识产权归属以补充协议为准。", True),
    ("单价视市场行情而定。", True),
    ("具体付款方式后续约定。", True),
    ("研发成果的知识产权归委托方所有。", False),
    ("本合同未尽事宜，双方可签订补充协议，补充协议与本合同具有同等效力。", False),
])
def test_a_term_put_off_in_other_words_is_not_agreed(text, deferred):
    assert is_deferred(text) is deferred


@pytest.mark.parametrize(("text", "yuan"), [("物业费按每月每平方米贰元捌角收取。", 2.8), ("单价为3元5角2分。", 3.52)])
def test_jiao_and_fen_after_yuan(text, yuan):
    (money,) = read_clause(text).money
    assert money.amount == pytest.approx(yuan)
    assert numbers.amount_like(text[money.start:money.end], 3) is None  # not rewritten half-way


def test_the_value_of_goods_is_not_the_contract_price():
    sections = [SectionDraft(order=1, kind="clause", number="第1条", title="", para_start=1, para_end=1,
                             text="仓储物总价值约人民币壹仟万元，仓储费每月人民币伍万元。")]
    assert contract_facts(sections).total_price is None
    (unit, total) = read_clause("单价为每平方米人民币3万元，总价款为人民币300万元。").money
    assert (unit.label, total.label) == ("单价", "总价款")


def test_a_figure_restated_in_brackets_follows_the_rewrite():
    assert numbers.duration_like("二十四（24）个月", 12) == "十二（12）个月"
    assert numbers.count_like("四十八（48）小时", 24) == "二十四（24）小时"


def test_a_cap_that_reaches_gross_negligence_is_an_exemption():
    (cap,) = read_clause("承运方的赔偿以每吨贰佰元为限，无论承运方有无重大过失。").exemptions
    assert cap.party == "承运方"
    assert "gross_negligence" in cap.covers and not cap.carveouts


def test_a_ceiling_on_compensation_that_holds_even_for_intent():
    (cap,) = read_clause("承运人对货物毁损的最高赔偿额为运费的三倍，即使承运人存在故意亦同。").exemptions
    assert "intent" in cap.covers


def test_a_cap_with_a_carve_out_or_no_reach_is_not_an_exemption_of_fault():
    (cap,) = read_clause("出租人的赔偿以当月租金为限，不论损失大小，但因其故意或者重大过失造成的损失除外。").exemptions
    assert {"intent", "gross_negligence"} <= cap.carveouts
    assert read_clause("赔偿总额以合同价款为限。").exemptions == []


def test_an_exemption_for_the_people_a_party_hands_the_work_to():
    (ex,) = read_clause("受托人可将事务交由其他律师事务所办理，对该所的过错不负责任。").exemptions
    assert "third_party" in ex.covers
    (stranger,) = read_clause("因第三人侵权造成游客损害的，旅行社不承担责任。").exemptions
    assert "third_party" not in stranger.covers


def test_an_exemption_for_the_partys_own_business_risks():
    (ex,) = read_clause("因原材料短缺、设备检修等原因延误交货的，卖方不承担违约责任。").exemptions
    assert "own_risk" in ex.covers
    (fm,) = read_clause("因地震、战争等不可抗力延误交货的，卖方不承担违约责任。").exemptions
    assert "own_risk" not in fm.covers


def test_a_carve_out_for_the_partys_fault_keeps_every_fault_based_head():
    (ex,) = read_clause("出租人对承租人家属的人身伤害不承担责任，但因出租人过错造成的除外。").exemptions
    assert ex.party == "出租人"
    assert {"intent", "gross_negligence", "personal_injury"} <= ex.carveouts
    exempt = rule({"fact": "exemption", "covers_any": ["personal_injury"], "party": "other"})
    assert run([exempt], "出租人对承租人家属的人身伤害不承担责任，但因出租人过错造成的除外。", side="承租人") == []
    assert len(run([exempt], "出租人对承租人家属的人身伤害不承担任何责任。", side="承租人")) == 1


def test_a_partys_people_are_not_a_party():
    (ex,) = read_clause("甲方对乙方员工在工作中受到的伤害不承担责任。").exemptions
    assert ex.party == "甲方"


def test_without_payment_is_not_a_negation():
    (own,) = read_clause("乙方对该技术所作改进的成果无偿归甲方所有。").ownerships
    assert own.party == "甲方" and not own.negated


def test_common_parts_are_not_a_form_choice_of_owners():
    (own,) = read_clause("利用小区共有部分设置广告所得收入归物业服务人所有。").ownerships
    assert own.party == "物业服务人"
    assert read_clause("研发成果归 ☐甲方所有 ☐乙方所有。").ownerships == []


def test_side_names_come_from_the_party_block_and_never_through_a_company_word():
    text = "出租方：某某置业有限公司（以下简称甲方）\n承租方：某某餐饮有限公司（以下简称乙方）\n"
    names = side_names(text, "出租方")
    assert {"出租方", "甲方"} <= names
    assert "乙方" not in names and "承租方" not in names


def test_a_side_given_as_a_role_word_the_contract_does_not_use():
    text = "甲方：某某科技有限公司\n乙方：张某\n甲方聘用乙方从事研发工作。"
    facts = contract_facts([SectionDraft(order=1, kind="clause", number="第1条", title="", text=text,
                                         para_start=1, para_end=1)], side="劳动者")
    assert "乙方" in facts.side_names and "甲方" not in facts.side_names


# -- who acts ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "words", "actor"), [
    ("甲方同意乙方将甲方提供的客户资料用于乙方的产品推广。", "资料用于", "乙方"),
    ("乙方迟延付款的，甲方有权扣留乙方的全部货物。", "扣留", "甲方"),
    ("协商不成的，任何一方可向保管方所在地人民法院起诉。", "向保管方", "保管方"),
    ("承租人的装修投入出租人不予补偿。", "装修", "出租人"),
    ("债务人违约的，债权人有权将债务人的质押物径行出售。", "质押物", "债权人"),
])
def test_the_actor_of_the_words(text, words, actor):
    start = text.index(words)
    assert actor_at(text, (0, len(text)), start, start + len(words) + 6) == actor


def test_a_keyword_rule_follows_the_actor_not_the_first_party_named():
    keep = rule({"patterns": ["扣留.{0,8}全部"], "party": "other"}, detection="pattern")
    text = "乙方迟延付款的，甲方有权扣留乙方的全部货物。"
    assert len(run([keep], text, side="乙方")) == 1
    assert run([keep], text, side="甲方") == []


def test_a_right_to_ask_is_not_a_right_to_decide():
    change = rule({"fact": "obligation", "modal": ["有权", "可以"], "act": ["变更"], "party": "other"})
    assert run([change], "托运人有权向承运人提出变更到达地点的要求。", side="承运人") == []
    assert len(run([change], "托运人有权变更到达地点。", side="承运人")) == 1


def test_a_safeguard_word_the_clause_waives_does_not_silence_the_rule():
    assign = rule({"fact": "obligation", "modal": ["有权"], "act": ["转让"], "unless": ["同意"], "party": "other"})
    assert len(run([assign], "乙方有权将合同权利义务转让给第三方，无需征得甲方同意。", side="甲方")) == 1
    assert len(run([assign], "乙方有权将合同权利义务转让给第三方，不必取得甲方同意。", side="甲方")) == 1
    assert run([assign], "经甲方书面同意，乙方有权将合同权利义务转让给第三方。", side="甲方") == []


# -- the deciding article ------------------------------------------------------------------------------------

def test_the_article_that_decides_a_risk_speaks_over_a_generic_one():
    generic = rule({"patterns": ["有权.{0,10}调整"]}, detection="pattern", code="t-generic",
                   basis=[{"law": "中华人民共和国民法典", "article": 496},
                          {"law": "中华人民共和国民法典", "article": 497}])
    deciding = rule({"fact": "obligation", "modal": ["有权"], "act": ["调整"]}, code="t-deciding",
                    basis=[{"law": "中华人民共和国民法典", "article": 543},
                           {"law": "中华人民共和国民法典", "article": 497}])
    (f,) = run([generic, deciding], "乙方有权自行调整服务时段。")
    assert f.rule_code == "t-deciding"


def test_a_role_inside_a_longer_role_name_is_not_renamed():
    facts = ContractFacts(role_names=(("服务人", "乙方"),))
    assert contract_names("物业服务人不得停水；服务人应当及时维修", facts) == "物业服务人不得停水；乙方应当及时维修"


# -- the shipped rules on wordings of our own ----------------------------------------------------------------

@pytest.mark.parametrize(("text", "contract_type", "side", "code"), [
    ("维修材料费用由双方届时协商确定。", "lease", "承租人", "sale-price-deferred"),
    ("第二年起的服务费以乙方当期公布的收费标准为准。", "service", "甲方", "sale-price-deferred"),
    ("因原材料价格上涨、供应商断供等原因不能按期供货的，供方不承担违约责任。", "sale", "需方", "fact-exempt-own-risk"),
    ("乙方可视油价变化上调运费。", "transport", "甲方", "fact-unilateral-price-change"),
    ("发生个人信息泄露事件的，受托方应在十五日内告知委托方。", "data", "委托方", "data-breach-notice-late"),
    ("本协议终止后，受托方可将客户数据备份留存两年。", "data", "委托方", "data-retain-after-end"),
    ("寄存人欠付保管费的，保管人可留置其存放的全部物品并径行拍卖。", "storage", "寄存人", "fact-lien-excess-self-sale"),
    ("保管人可将仓储物交由其他仓储企业代为保管。", "storage", "存货人", "storage-transfer-third"),
    ("受托人无需向委托人报告办理进展。", "entrustment", "委托人", "entrust-no-report"),
    ("收货人对货物数量提出的异议，承运人概不受理。", "transport", "托运人", "transport-objection-excluded"),
    ("小区会所、地面停车场的经营收益归出卖人所有。", "sale", "买受人", "property-common-income-owned"),
    ("承揽人有权将主要加工工作交由其他工厂完成。", "work", "定作人", "work-main-task-outsourced"),
    ("赠与人可随时撤销赠与，已交付的财产受赠人应予返还。", "gift", "受赠人", "gift-revoke-anytime"),
    ("特许人可以随时单方修改运营手册，被特许人必须无条件执行。", "franchise", "被特许人",
     "fact-unilateral-scope-change"),
    ("供方有权将本合同项下的义务转让给其关联公司履行。", "sale", "需方", "fact-assignment-without-consent"),
    ("债务人到期未还的，债权人可自行处置抵押车辆。", "loan", "债务人", "fact-collateral-self-sale"),
    ("被许可方对许可技术作出的改进，其成果无偿归许可方所有。", "tech_transfer", "被许可方",
     "tech-improvement-owned-by-other"),
    ("出租人可随时通知承租人腾退房屋。", "lease", "承租人", "lease-landlord-recover-anytime"),
    ("需方不得以货物存在质量瑕疵为由要求退货。", "sale", "需方", "fact-quality-objection-excluded"),
    ("乙方确认放弃向法院请求调减违约金的权利。", "other", "乙方", "generic-waive-litigation"),
    ("乙方交付成果后，甲方逾期未验收的视为验收通过。", "service", "甲方", "fact-deemed-acceptance"),
    ("甲方不得以任何理由拒绝支付服务费。", "service", "甲方", "fact-defence-excluded"),
    ("乙方可在任何时候以任何理由解除本合同。", "service", "甲方", "fact-terminate-at-will"),
])
def test_starter_rules_read_the_class_in_other_words(text, contract_type, side, code):
    """The rule reads the clause — or a more specific rule resting on a shared article took the risk over
    (one risk is one issue, and the deciding article speaks)."""
    found = [f for f in run(STARTER, text, side=side, contract_type=contract_type) if f.section_order == 1]
    wanted = {(b.law, b.article) for b in next(r for r in STARTER if r.code == code).basis}
    assert code in codes(found) or any(wanted & {(b.law, b.article) for b in f.basis} for f in found)


@pytest.mark.parametrize(("text", "contract_type", "side"), [
    ("因地震、台风等不可抗力不能按期供货的，供方不承担违约责任，但应及时通知需方。", "sale", "需方"),
    ("受托方不得将委托数据用于本合同以外的任何目的。", "data", "委托方"),
    ("发生个人信息泄露事件的，受托方应在二十四小时内告知委托方。", "data", "委托方"),
    ("寄存人欠付保管费的，保管人可依法留置相应的保管物。", "storage", "寄存人"),
    ("仓储物入库时由双方共同过磅，数量以双方签字的入库单为准。", "storage", "存货人"),
    ("本协议终止后，受托方应在十日内删除全部客户数据。", "data", "委托方"),
    ("赠与财产交付之前，赠与人可以撤销赠与。", "gift", "受赠人"),
    ("用人单位可依法经民主程序修改规章制度并公示。", "labor", "劳动者"),
])
def test_starter_rules_stay_silent_on_lawful_wording(text, contract_type, side):
    found = run(STARTER, text, side=side, contract_type=contract_type)
    assert [(f.rule_code, f.quote) for f in found if f.section_order is not None] == []


# -- the key-terms table ------------------------------------------------------------------------------------

def test_key_terms_take_the_contract_term_over_another_period_and_read_jiao():
    texts = ["成果验收期限为交付后十个工作日。", "本协议有效期为两年，自签订之日起算。",
             "服务费按每月每平方米叁元伍角收取。"]
    sections = [SectionDraft(order=i + 1, kind="clause", number=f"第{i + 1}条", title="", text=t,
                             para_start=i + 1, para_end=i + 1) for i, t in enumerate(texts)]
    rows = {row["key"]: row for row in key_terms(sections)}
    assert rows["term"]["text"].startswith("本协议有效期") and rows["term"]["value"]["years"] == 2
    assert rows["price"]["value"]["amount"] == pytest.approx(3.5)
