"""The article a finding leads with is the one that decides its risk (docs/decisions/contract-deciding-articles.md):
the special law or the judicial interpretation before the 民法典's general articles, chosen by the facts of
the clause and the contract (a consumer, a 商品房 sale, the contract type), and every such article is in
force in the corpus the review and the benches read."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_findings, starter_rules
from contracts.playbook.deciding import rule_entries
from contracts.playbook.engine import contract_settings
from contracts.types import SectionDraft
from knowledge.selectors import article_lookup
from tests.contracts.playbook_support import playbook_corpus  # noqa: F401 - fixture

STARTER = {r.code: r for r in starter_rules()}
CIVIL = "中华人民共和国民法典"
LOANS = "最高人民法院关于审理民间借贷案件适用法律若干问题的规定"
GENERAL_PART = "最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释"
PREPAID = "最高人民法院关于审理预付式消费民事纠纷案件适用法律若干问题的解释"
HOUSING = "最高人民法院关于审理商品房买卖合同纠纷案件适用法律若干问题的解释"
CIVIL_PROCEDURE = "最高人民法院关于适用《中华人民共和国民事诉讼法》的解释"
PI = "中华人民共和国个人信息保护法"


# -- the first article of a rule is the one a lawyer cites for its risk ---------------------------------------

@pytest.mark.parametrize(("code", "law", "article"), [
    ("loan-interest-over-cap", LOANS, 25),
    ("loan-rate-fact-over-cap", LOANS, 25),
    ("loan-fees-disguised-interest", LOANS, 25),
    ("generic-earnest-dingjin", GENERAL_PART, 67),
    ("fact-deposit-forfeit-any-breach", CIVIL, 587),
    ("sale-quality-missing", CIVIL, 616),
    ("sale-delivery-missing", CIVIL, 603),
    ("generic-price-missing", CIVIL, 511),
    ("fact-deemed-acceptance", CIVIL, 621),
    ("property-fee-unilateral-increase", "最高人民法院关于审理物业服务纠纷案件适用法律若干问题的解释", 2),
    ("tech-grant-back-exclusive", "最高人民法院关于审理技术合同纠纷案件适用法律若干问题的解释", 10),
    ("tech-improvement-owned-by-other", "最高人民法院关于审理技术合同纠纷案件适用法律若干问题的解释", 10),
    ("payment-on-third-party-condition", "保障中小企业款项支付条例", 9),
    ("franchise-fee-no-refund", CIVIL, 566),
    ("performance-cancel-no-refund", CIVIL, 577),
])
def test_a_rule_leads_with_the_article_that_decides_its_risk(code, law, article):
    first = STARTER[code].basis[0]
    assert (first.law, first.article) == (law, article), STARTER[code].basis


# -- the facts choose the article -----------------------------------------------------------------------------

def _findings(contract_type: str, lines: list[str], side: str = ""):
    sections = [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line,
                             para_start=i + 1, para_end=i + 1) for i, line in enumerate(lines)]
    return [f for f in contract_findings(sections, contract_type, list(STARTER.values()), side=side)
            if f.section_order is not None]


def _leads(found, code: str) -> tuple[str, int]:
    hit = [f for f in found if f.rule_code == code]
    assert hit, [(f.rule_code, f.basis) for f in found]
    return hit[0].basis[0].law, hit[0].basis[0].article


def _cited(found) -> set[tuple[str, int]]:
    return {(b.law, b.article) for f in found for b in f.basis}


FORUM = "第十条 因本合同发生的争议，由甲方住所地（北京市海淀区）人民法院管辖。"


def test_a_consumers_forum_clause_cites_the_consumer_rule_and_a_companys_does_not():
    consumer = _findings("service", ["甲方：某某教育科技有限公司", "乙方（学员、消费者）：张三",
                                     "第二条 乙方应于开课前一次性支付全部学费人民币二万元。", FORUM],
                         side="乙方（学员、消费者）")
    assert (CIVIL_PROCEDURE, 31) in _cited(consumer)
    assert (PREPAID, 9) in _cited(consumer)
    company = _findings("service", ["甲方：某某科技有限公司", "乙方：某某咨询有限公司", FORUM], side="乙方")
    # between companies a court at the other side's seat agreed in writing is lawful (民诉法35): no issue
    assert not company, [(f.rule_code, f.quote) for f in company]


def test_contract_settings_read_the_parties_not_a_passing_word():
    assert contract_settings("乙方（学员）：李四\n学费：人民币一万元") == {"consumer", "prepaid"}
    assert contract_settings("消费者：王五\n服务内容：家电维修") == {"consumer"}
    # a franchise mentioning 消费者权益 is no consumer contract; a lease mentioning 商品房 no house sale
    assert contract_settings("特许人应保障消费者权益。被特许人预付加盟费。") == frozenset()
    assert contract_settings("出租人将其所有的商品房出租给承租人。") == frozenset()
    assert contract_settings("商品房买卖合同（预售）") == {"housing"}


def test_a_prepaid_course_changed_at_will_cites_the_prepaid_consumption_rules():
    found = _findings("service", ["乙方（学员）：张三", "第二条 乙方预付课时费人民币一万元。",
                                  "第三条 甲方有权根据教学需要调整授课教师、上课时间及教学地点，乙方应无条件服从。"],
                      side="乙方（学员）")
    assert {(PREPAID, 9), (PREPAID, 13)} <= _cited(found)


def test_a_house_sale_penalty_cites_the_house_sale_interpretation():
    lines = ["商品房买卖合同", "第十条 买受人逾期付款的，每逾期一日，按逾期应付款的千分之五向出卖人支付违约金。"]
    assert (HOUSING, 12) in _cited(_findings("sale", lines, side="买受人"))
    goods = ["设备买卖合同", lines[1]]
    assert (HOUSING, 12) not in _cited(_findings("sale", goods, side="买受人"))


@pytest.mark.parametrize(("contract_type", "article"), [("tech_dev", 859), ("tech_service", 885)])
def test_results_given_to_the_other_side_lead_with_the_types_own_article(contract_type, article):
    found = _findings(contract_type, ["第十条 本项目完成的全部技术成果及知识产权均归乙方所有。"], side="甲方")
    assert _leads(found, "fact-ip-to-other-side") == (CIVIL, article)


def test_deemed_acceptance_is_decided_by_the_types_acceptance_duty():
    clause = "第八条 甲方收到成果之日起三日内未书面提出异议的，视为验收合格。"
    assert _leads(_findings("work", [clause], side="甲方"), "fact-deemed-acceptance") == (CIVIL, 780)
    # in a sale the inspection-period rule reads it: 622 and 621, no 646
    sale = _findings("sale", [clause], side="甲方")
    assert {(CIVIL, 622), (CIVIL, 621)} <= _cited(sale) and (CIVIL, 646) not in _cited(sale)
    service = _findings("service", [clause], side="甲方")
    assert {(CIVIL, 621), (CIVIL, 646)} <= _cited(service)


def test_lost_data_in_a_development_contract_is_no_personal_information_breach():
    clause = "第十二条 乙方对本项目成果的任何缺陷、数据泄露或数据丢失均不承担任何责任。"
    found = _findings("tech_dev", [clause], side="甲方")
    assert found and not any(b.law == PI for f in found for b in f.basis), [(f.rule_code, f.basis) for f in found]
    personal = _findings("tech_dev", ["第三条 乙方为甲方处理其用户的个人信息。", clause], side="甲方")
    assert (PI, 59) in _cited(personal)


# -- every article a rule may lead with is in force in the corpus ---------------------------------------------

@pytest.mark.django_db
def test_every_rule_entry_article_resolves_and_holds_its_keywords(playbook_corpus):  # noqa: F811
    checked = 0
    for rule in STARTER.values():
        for entry in rule_entries(rule.params):
            for ref in entry.basis:
                article = article_lookup(law=ref.law, article=ref.article)
                assert article.law.name == ref.law and article.number == ref.article, (rule.code, ref)
                assert article.law.status == "现行有效", (rule.code, ref)
                assert any(k in article.text for k in entry.keywords), (rule.code, ref, entry.keywords)
                checked += 1
    assert checked >= 8


PROCEDURE_LAW = "中华人民共和国民事诉讼法"


def test_a_lease_forum_clause_leads_with_the_exclusive_jurisdiction_of_real_property():
    lines = ["甲方（出租方）：某某置业有限公司", "乙方（承租方）：李四",
             "第十五条 因本合同发生的争议，由甲方所在地人民法院管辖。"]
    found = _findings("lease", lines, side="乙方（承租方）")
    assert _leads(found, "forum-against-exclusive-jurisdiction") == (PROCEDURE_LAW, 34)
    assert (CIVIL_PROCEDURE, 28) in _cited(found)
    sale = _findings("sale", ["甲方（买方）：某某公司", "乙方（卖方）：某某公司", lines[-1]], side="乙方（卖方）")
    assert (PROCEDURE_LAW, 34) not in _cited(sale)


def test_a_third_partys_fault_is_no_excuse_and_probation_dismissal_is_21s():
    sale = _findings("sale", ["甲方（买方）：某某", "乙方（卖方）：某某",
                              "第九条 因供应商原因导致交货延误的，乙方不承担任何违约责任。"], side="甲方（买方）")
    assert _leads(sale, "fact-exempt-own-risk") == (CIVIL, 593)
    labor = _findings("labor", ["甲方（用人单位）：某某", "乙方（劳动者）：某某",
                                "第五条 试用期内甲方可随时解除劳动合同。"], side="乙方（劳动者）")
    assert _leads(labor, "labor-terminate-at-will") == ("中华人民共和国劳动合同法", 21)


def test_a_loan_penalty_is_capped_with_the_overdue_interest():
    lines = ["甲方（出借人）：某某", "乙方（借款人）：某某",
             "第八条 乙方逾期还款的，应按借款本金的百分之三十向甲方支付违约金。"]
    found = _findings("loan", lines, side="乙方（借款人）")
    assert (LOANS, 29) in _cited(found)


def test_safety_shifted_to_a_subcontractor_and_a_franchisees_exit_barred_cite_their_own_rules():
    lines = ["甲方（总承包人）：某某建设公司", "乙方（专业分包人）：某某公司",
             "第九条 施工期间发生的任何安全事故，无论原因，均由乙方承担全部责任，甲方不承担任何责任。"]
    assert ("建设工程安全生产管理条例", 24) in _cited(_findings("construction", lines, side="乙方（专业分包人）"))
    lines = ["甲方（特许人）：某某餐饮公司", "乙方（被特许人）：某某",
             "3.2 本合同签订后，乙方不得以任何理由单方解除本合同。"]
    assert ("商业特许经营管理条例", 12) in _cited(_findings("franchise", lines, side="乙方（被特许人）"))


def test_a_property_fee_raised_at_will_is_one_issue_on_the_property_interpretation():
    lines = ["甲方（业主委员会）：某小区业主委员会", "乙方（物业服务人）：某某物业公司",
             "第八条 乙方可根据物价及人工成本变化自行调整物业服务费标准。"]
    found = _findings("property", lines, side="甲方（业主委员会）")
    on_fee = [f for f in found if "物业服务费" in f.quote]
    assert len(on_fee) == 1, [(f.rule_code, f.basis) for f in on_fee]
    assert on_fee[0].basis[0].law == "最高人民法院关于审理物业服务纠纷案件适用法律若干问题的解释"


# -- whose risk ------------------------------------------------------------------------------------------------

def test_a_forfeiture_that_burdens_the_other_side_is_not_ours_a_void_restraint_is():
    noncompete = ["甲方（用人单位）：某某科技公司", "乙方（劳动者）：某某",
                  "第十条 乙方离职后三年内不得到与甲方有竞争关系的单位任职，甲方按月支付补偿。"]
    codes = {f.rule_code for f in _findings("labor", noncompete, side="乙方（劳动者）")}
    assert "labor-noncompete-fact-over-2y" in codes or "labor-noncompete-over-2y" in codes
    # the restraint beyond two years is void (劳动合同法 24): the employer cannot rely on it either
    codes = {f.rule_code for f in _findings("labor", noncompete, side="甲方（用人单位）")}
    assert codes & {"labor-noncompete-fact-over-2y", "labor-noncompete-over-2y"}, codes
    deposit = ["甲方（特许人）：某某餐饮公司", "乙方（被特许人）：某某",
               "4.4 乙方有任何违约行为的，甲方有权没收乙方缴纳的全部履约保证金。"]
    assert "security-deposit-forfeited-whole" in {f.rule_code for f in _findings("franchise", deposit,
                                                                                  side="乙方（被特许人）")}
    assert "security-deposit-forfeited-whole" not in {f.rule_code for f in _findings("franchise", deposit,
                                                                                      side="甲方（特许人）")}


LABOR_I = "最高人民法院关于审理劳动争议案件适用法律问题的解释（一）"


def test_a_liability_cap_is_not_a_penalty():
    lines = ["甲方（存货人）：某某食品公司", "乙方（保管人）：某某冷链公司",
             "第七条 乙方对单次事故的赔偿金额，以该批仓储物当月仓储费的五倍为限。"]
    codes = {f.rule_code for f in _findings("storage", lines, side="乙方（保管人）")}
    assert not codes & {"fact-penalty-over-30", "fact-penalty-multiple"}, codes
    penalty = ["甲方（存货人）：某某食品公司", "乙方（保管人）：某某冷链公司",
               "第七条 乙方违约的，应按合同总价的百分之五十向甲方支付违约金。"]
    codes = {f.rule_code for f in _findings("storage", penalty, side="乙方（保管人）")}
    assert codes & {"fact-penalty-over-30", "generic-penalty-high"}, codes


def test_the_no_compensation_rule_reads_the_clause_that_states_the_restraint():
    restraint = "第三条 乙方离职后二年内不得到与甲方有竞争关系的单位任职。"
    penalty = "第四条 竞业限制违约责任：乙方违反竞业限制义务的，应向甲方支付违约金五万元。"
    found = _findings("labor", ["甲方（用人单位）：某某公司", "乙方（劳动者）：某某", restraint, penalty],
                      side="乙方（劳动者）")
    rules = {"labor-noncompete-no-compensation", "labor-noncompete-substance-no-compensation"}
    on = {f.section_order for f in found if f.rule_code in rules}
    assert 3 in on and 4 not in on, [(f.rule_code, f.section_order) for f in found]


@pytest.mark.parametrize(("words", "article"), [
    ("甲方有权随时书面通知乙方解除竞业限制义务，补偿金自通知之日起停止支付，乙方不得要求任何额外补偿。", 39),
    ("乙方支付违约金后，即视为竞业限制义务履行完毕。", 40),
])
def test_the_non_compete_articles_of_the_labour_interpretation_decide_their_words(words, article):
    from contracts.playbook.deciding import deciding_basis
    got = deciding_basis([], words, {"labor"}, "竞业限制")
    assert (LABOR_I, article) in {(b.law, b.article) for b in got}


def test_a_finance_lessors_exemption_for_goods_it_chose_cites_747():
    from contracts.playbook.deciding import deciding_basis
    got = deciding_basis([], "租赁物不符合约定的，出租人不承担任何责任；出租人向承租人推荐出卖人的，亦同。",
                         {"finance_lease"}, "免责条款")
    assert (got[0].law, got[0].article) == (CIVIL, 747)
    assert ("最高人民法院关于审理融资租赁合同纠纷案件适用法律问题的解释", 8) in {(b.law, b.article) for b in got}


EMPLOYEE_NDA = ["甲方（用人单位）：某某医药公司", "乙方（员工）：许某"]


@pytest.mark.parametrize(("code", "risky", "lawful"), [
    ("labor-noncompete-paid-during-employment",
     "3.4 竞业限制补偿金已包含在乙方在职期间每月随工资发放的津贴中，乙方离职后甲方不再另行支付。",
     "3.4 竞业限制期限内，甲方于每月十日前向乙方支付竞业限制补偿金，标准为离职前十二个月平均工资的30%。"),
    ("labor-noncompete-bound-without-pay",
     "3.5 甲方未按月支付竞业限制补偿金的，不影响乙方竞业限制义务的履行，乙方不得以此为由主张解除竞业限制。",
     "3.5 因甲方原因三个月未支付竞业限制补偿金的，乙方有权解除竞业限制约定。"),
    ("labor-noncompete-release-no-extra-pay",
     "3.6 甲方有权随时书面通知乙方解除竞业限制义务，补偿金自通知之日起停止支付，乙方不得要求任何额外补偿。",
     "3.6 甲方在竞业限制期限内解除竞业限制的，应额外向乙方支付三个月的竞业限制补偿金。"),
])
def test_the_non_compete_rules_of_the_labour_interpretation(code, risky, lawful):
    for kind in ("labor", "nda"):
        found = _findings(kind, [*EMPLOYEE_NDA, "第三条 竞业限制", risky], side="乙方（员工）")
        assert code in {f.rule_code for f in found}, (kind, [(f.rule_code, f.basis) for f in found])
        quiet = _findings(kind, [*EMPLOYEE_NDA, "第三条 竞业限制", lawful], side="乙方（员工）")
        assert code not in {f.rule_code for f in quiet}, kind
    # the employer's side: the term burdens the employee, but a court will not hold the employee to it
    # (劳动争议解释（一） 36–39), so the employer's lawyer flags it as well
    assert code in {f.rule_code for f in _findings("labor", [*EMPLOYEE_NDA, risky], side="甲方（用人单位）")}


def test_a_confidentiality_penalty_on_an_employee_is_void_even_in_an_nda():
    clause = "2.7 乙方违反本协议保密义务的，无论是否给甲方造成损失，均应向甲方支付违约金人民币伍拾万元整。"
    found = _findings("nda", [*EMPLOYEE_NDA, clause], side="乙方（员工）")
    assert ("中华人民共和国劳动合同法", 25) in _cited(found)
    # between two companies it is an ordinary penalty: no labour article
    parties = ["甲方（披露方）：某某医药公司", "乙方（接收方）：某某咨询公司"]
    companies = _findings("nda", [*parties, clause], side="乙方（接收方）")
    assert ("中华人民共和国劳动合同法", 25) not in _cited(companies)


def test_a_cap_carried_over_to_intent_and_gross_negligence_is_an_exemption_506_decides():
    parties = ["甲方（托运人）：某某电子公司", "乙方（承运人）：某某物流公司"]
    cap = "7.3 乙方按实际损失赔偿，但每票赔偿金额最高不超过该票运费的三倍。"
    carried = "前述限额适用于一切原因造成的损失，包括乙方故意或者重大过失造成的损失。"
    risky = _findings("transport", [*parties, cap + carried], side="甲方（托运人）")
    assert _leads(risky, "fact-exempt-intent-gross") == (CIVIL, 506)
    lawful = _findings("transport", [*parties, cap + "前述限额不适用于乙方故意或者重大过失造成的损失。"],
                       side="甲方（托运人）")
    assert "fact-exempt-intent-gross" not in {f.rule_code for f in lawful}
