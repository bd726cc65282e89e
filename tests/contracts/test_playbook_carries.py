"""Issue 21, the review carried to a contract set never seen: the type read from titles that name it apart
(合伙…协议, 服务采购, 经销), checklists met only by a clause that agrees the point, a modal after a role word
that holds a modal character, a domestic party's English name, and rule families written once (a restraint of
trade on a non-employee, our information disclosed by the other side, partnership property). Clauses written
for these tests, in wordings of their own."""

from __future__ import annotations

import pytest

from contracts.ingest.parties import guess_contract_type
from contracts.playbook import contract_facts, contract_findings, starter_rules
from contracts.playbook.engine import missing_clause_findings, section_findings
from contracts.playbook.facts import foreign_element, read_clause
from tests.contracts.playbook_support import line_sections

RULES = starter_rules()


def _type(text: str) -> str:
    return guess_contract_type(text[:3000], [], text)


@pytest.mark.parametrize(("title", "kind"), [
    ("合伙开办火锅店协议", "partnership"),
    ("关于共同合伙经营民宿的协议书", "partnership"),
    ("市场调研服务采购合同", "service"),
    ("年度审计服务采购协议", "service"),
    ("办公家具采购合同", "sale"),
    ("白酒区域经销合同", "sale"),
    ("华南区独家分销协议", "sale"),
])
def test_the_type_is_read_from_a_title_that_names_it_apart(title, kind):
    assert _type(f"{title}\n甲方：某某\n乙方：某某\n第一条 双方约定如下。") == kind


def test_a_party_set_up_in_china_under_an_english_name_is_no_foreign_element():
    domestic = ("出租方：卡曼（北京）商贸有限公司（Kaman (Beijing) Trading Co., Ltd.），"
                "一家依照中国法律设立的外商投资企业\n承租方：某某餐饮有限公司\n")
    assert not foreign_element(domestic)
    assert foreign_element("卖方：Sunrise Trading Pte. Ltd.，注册于新加坡\n买方：某某贸易有限公司\n")
    text = domestic + "第九条 本合同适用英国法律，争议提交伦敦国际仲裁院仲裁。"
    findings = contract_findings(line_sections(text), "lease", RULES, side="承租方")
    assert "foreign-law-or-seat-without-foreign-element" in {f.rule_code for f in findings}


def test_a_modal_after_a_role_word_holding_a_modal_character_is_read():
    facts = read_clause("被许可人可于任何时间书面通知许可人解除本合同，且不负任何赔偿责任。")
    assert any(o.party == "被许可人" and o.modal == "可以" and "解除" in o.act for o in facts.obligations)
    facts = read_clause("甲方认可乙方的报价。")
    assert not [o for o in facts.obligations if o.modal == "可以"]


def _codes(text: str, kind: str, side: str) -> set[str]:
    return {f.rule_code for f in contract_findings(line_sections(text), kind, RULES, side=side)}


def test_termination_at_any_time_after_a_notice_with_no_compensation_is_flagged():
    text = ("许可人（甲方）：某品牌公司\n被许可人（乙方）：某服饰公司\n第七条 解除\n"
            "7.1 甲方可在任何时间提前六十日通知乙方终止本合同，且不承担任何补偿责任。")
    assert "fact-terminate-at-will" in _codes(text, "tech_transfer", "乙方（被许可人）")


def _missing(text: str, kind: str, side: str) -> set[str]:
    return {f.rule_code for f in missing_clause_findings(line_sections(text), kind, RULES, side=side)}


LABOR = ("用人单位（甲方）：某餐饮公司\n劳动者（乙方）：某某\n第一条 乙方担任厨师，月工资六千元。\n"
         "第二条 乙方在岗时不得使用手机，工作时间内不得擅自离岗。")


def test_working_hours_are_a_point_of_both_sides_met_only_by_agreed_hours():
    assert "labor-working-hours-missing" in _missing(LABOR, "labor", "甲方（用人单位）")
    assert "labor-working-hours-missing" in _missing(LABOR, "labor", "乙方（劳动者）")
    agreed = LABOR + "\n第三条 甲方实行综合计算工时工作制，乙方每周休息一天。"
    assert "labor-working-hours-missing" not in _missing(agreed, "labor", "甲方（用人单位）")


ADS = ("广告主（甲方）：某食品公司\n发布方（乙方）：某网络公司\n第一条 广告按CPM计费，乙方按实际消耗实时扣费。\n"
       "第二条 结算以乙方后台数据为准，第三方监测数据不作为结算依据。")


def test_invalid_traffic_is_agreed_by_a_return_term_not_by_a_refused_check():
    assert "advertising-invalid-traffic-missing" in _missing(ADS, "advertising", "甲方（广告主）")
    agreed = ADS + "\n第三条 经核查属于机器刷量等作弊流量的，乙方应退还相应消耗。"
    assert "advertising-invalid-traffic-missing" not in _missing(agreed, "advertising", "甲方（广告主）")


def test_transport_time_limits():
    base = "托运人（甲方）：某电器公司\n承运人（乙方）：某物流公司\n第一条 乙方承运甲方的家电，运费按吨公里计算。"
    assert "transport-time-limit-missing" in _missing(base, "transport", "甲方（托运人）")
    assert "transport-time-limit-missing" not in _missing(base, "transport", "乙方（承运人）")
    agreed = base + "\n第二条 乙方应于提货后四十八小时内将货物运抵收货人仓库。"
    assert "transport-time-limit-missing" not in _missing(agreed, "transport", "甲方（托运人）")


def test_client_cooperation_in_a_consulting_service():
    base = ("委托方（甲方）：某集团\n受托方（乙方）：某咨询公司\n"
            "第一条 乙方为甲方提供薪酬体系诊断咨询，提交诊断报告。\n"
            "第二条 乙方逾期提交报告的，每日按合同价款千分之一支付违约金。")
    assert "service-client-cooperation-missing" in _missing(base, "service", "乙方（受托方）")
    assert "service-client-cooperation-missing" not in _missing(base, "service", "甲方（委托方）")
    agreed = base + "\n第三条 甲方应在启动会后三日内提供近三年的薪酬数据并安排高管访谈。"
    assert "service-client-cooperation-missing" not in _missing(agreed, "service", "乙方（受托方）")


def test_a_trademark_licence_without_recordal():
    base = ("许可人（甲方）：某服装公司\n被许可人（乙方）：某制衣厂\n第一条 甲方许可乙方在童装上使用其注册商标，"
            "许可期限三年。")
    assert "trademark-licence-recordal-missing" in _missing(base, "tech_transfer", "乙方（被许可人）")
    agreed = base + "\n第二条 甲方应在合同生效后两个月内将本许可报商标管理部门备案。"
    assert "trademark-licence-recordal-missing" not in _missing(agreed, "tech_transfer", "乙方（被许可人）")


def test_a_flat_sale_without_quality_remedies():
    base = ("商品房买卖合同\n出卖人：某置业公司\n买受人：某某\n"
            "第一条 买受人购买出卖人开发的商品房一套，总价一百五十万元。\n第二条 出卖人应于次年年底前交付。")
    assert "housing-quality-remedy-missing" in _missing(base, "sale", "买受人")
    agreed = base + "\n第三条 交付后房屋主体结构经核验不合格的，买受人有权退房，出卖人退还全部房款。"
    assert "housing-quality-remedy-missing" not in _missing(agreed, "sale", "买受人")


def test_a_partnership_without_liquidation_terms():
    base = ("甲方：某某\n乙方：某某\n一、双方合伙开设茶馆，甲方出资二十万元，乙方出资十万元。\n"
            "二、合伙解散时资金不足返还出资的，由乙方补足。")
    assert "partnership-liquidation-missing" in _missing(base, "partnership", "乙方")
    agreed = base + "\n三、合伙终止时进行清算，清偿债务后的剩余财产按出资比例分配。"
    assert "partnership-liquidation-missing" not in _missing(agreed, "partnership", "乙方")


def test_paid_on_resale_is_a_long_credit_for_the_seller():
    base = ("供货方（甲方）：某厨具厂\n经销商（乙方）：某商贸公司\n第三条 产品交付乙方后所有权转移至乙方。\n"
            "第四条 乙方按实际售出部分每季度与甲方结算货款。")
    assert "sale-retention-of-title-missing" in _missing(base, "sale", "甲方（供货方）")


def test_a_restraint_of_trade_on_a_party_who_is_no_employee():
    text = ("委托方（甲方）：某药企\n服务方（乙方）：某设计公司\n"
            "第八条 合作结束后两年内，乙方不得为与甲方存在竞争关系的任何企业提供同类设计服务。")
    assert "restraint-of-trade-non-employee" in _codes(text, "service", "乙方（服务方）")
    assert "restraint-of-trade-non-employee" not in _codes(text, "service", "甲方（委托方）")
    # a paid restraint, or one only against soliciting the other's customers, is lawful
    paid = text.replace("提供同类设计服务。", "提供同类设计服务，甲方按月向乙方支付补偿。")
    assert "restraint-of-trade-non-employee" not in _codes(paid, "service", "乙方（服务方）")
    narrow = text.replace("乙方不得为与甲方存在竞争关系的任何企业提供同类设计服务", "乙方不得招揽甲方的既有客户")
    assert "restraint-of-trade-non-employee" not in _codes(narrow, "service", "乙方（服务方）")


def test_our_information_disclosed_by_the_other_side():
    text = ("委托方（甲方）：某车企\n受托方（乙方）：某调研公司\n第五条 甲方可将乙方的调研数据和报价分享给其关联公司"
            "用于行业研究。")
    assert "own-information-disclosed-by-other" in _codes(text, "service", "乙方（受托方）")
    assert "own-information-disclosed-by-other" not in _codes(text, "service", "甲方（委托方）")
    masked = text.replace("用于行业研究。", "用于行业研究，但应事先脱敏。")
    assert "own-information-disclosed-by-other" not in _codes(masked, "service", "乙方（受托方）")


PARTNERS = "甲方：某某\n乙方：某某\n一、甲乙双方合伙经营一家花店，甲方出资十万元，乙方出资五万元。\n"


def test_a_partners_personal_debt_paid_from_partnership_property():
    text = PARTNERS + "二、乙方本人对外的欠款，可以从花店的营业款中支取偿还。"
    assert "partnership-property-for-personal-debt" in _codes(text, "partnership", "甲方")
    fine = PARTNERS + "二、任何一方的个人债务由其本人自行清偿，与花店无关。"
    assert "partnership-property-for-personal-debt" not in _codes(fine, "partnership", "甲方")


def test_partnership_property_taken_by_one_partner():
    text = PARTNERS + "二、合伙期间购置的冷柜、花架以及乙方出资购买的车辆，全部归甲方个人所有。"
    assert "partnership-property-to-one-partner" in _codes(text, "partnership", "乙方")
    assert "partnership-property-to-one-partner" not in _codes(text, "partnership", "甲方")
    use_only = PARTNERS + "二、甲方以其店面的使用权出资，店面所有权仍归甲方个人所有。"
    assert "partnership-property-to-one-partner" not in _codes(use_only, "partnership", "乙方")


def test_acceptance_left_to_the_payers_own_process_and_payment_after_its_affiliate_pays():
    text = ("委托方（甲方）：某集团\n服务方（乙方）：某咨询公司\n"
            "第二条 乙方交付成果后，是否合格由甲方按其内部要求自行认定，验收时间以甲方审批流程为准。\n"
            "第三条 甲方的关联公司将分摊费用划付甲方后，甲方再向乙方支付尾款。")
    codes = _codes(text, "service", "乙方（服务方）")
    assert "acceptance-never-deemed" in codes
    assert "payment-on-third-party-condition" in codes


def test_a_type_checklist_keeps_its_facts_reader_in_step():
    # the facts of a sectioned contract still read: the checklists above run on the same sections
    sections = line_sections(PARTNERS)
    assert contract_facts(sections, side="乙方") is not None
    assert all(section_findings(s, "partnership", RULES, facts=contract_facts(sections, side="乙方")) == []
               for s in sections[:1])


SUPPLY = "卖方（甲方）：某灯具厂\n买方（乙方）：某建材超市\n第一条 甲方向乙方供应LED灯具，货到付款。\n"


def test_an_objection_with_no_time_limit_is_the_sellers_risk():
    text = SUPPLY + "第五条 乙方的顾客无论何时发现灯具质量瑕疵，乙方均可要求甲方换货并赔偿，不受保修期限制。"
    assert "sale-objection-without-time-limit" in _codes(text, "sale", "甲方（卖方）")
    assert "sale-objection-without-time-limit" not in _codes(text, "sale", "乙方（买方）")
    timed = SUPPLY + "第五条 乙方应在收货后十日内提出外观异议，在十二个月保修期内提出内在质量异议。"
    assert "sale-objection-without-time-limit" not in _codes(timed, "sale", "甲方（卖方）")


def test_unsold_goods_returnable_at_will_is_the_sellers_risk():
    text = SUPPLY + "第六条 乙方有权无条件将滞销灯具退回甲方，甲方按原进货价退款。"
    assert "sale-unsold-goods-returnable" in _codes(text, "sale", "甲方（卖方）")
    quality = SUPPLY + "第六条 灯具存在质量问题的，乙方有权退回甲方，甲方按原进货价退款。"
    assert "sale-unsold-goods-returnable" not in _codes(quality, "sale", "甲方（卖方）")


def test_our_background_ip_transferred_with_the_project():
    text = ("委托方（甲方）：某银行\n服务方（乙方）：某软件公司\n"
            "第四条 乙方此前自有的风控算法库和报表模板，凡用于本项目的，其著作权一并转让给甲方。")
    assert "background-ip-transferred" in _codes(text, "service", "乙方（服务方）")
    assert "background-ip-transferred" not in _codes(text, "service", "甲方（委托方）")
    kept = text.replace("其著作权一并转让给甲方", "其著作权仍归乙方，甲方可在本项目中使用")
    assert "background-ip-transferred" not in _codes(kept, "service", "乙方（服务方）")
