"""The article that decides a risk (deciding.toml, ``params.basis_by``) and whose interest a rule protects
(protects.toml, ``params.protects``): findings cite the specific article before the general one, and with
the firm's side set a clause one-sided in our favour is not our risk."""

from __future__ import annotations

import pytest

from contracts.playbook import RuleInvalid, contract_findings, starter_rules, validate_params
from contracts.playbook.deciding import deciding_basis, deciding_table
from contracts.playbook.sides import ROLE_CLASSES, protects_us, side_classes
from contracts.types import BasisRef, SectionDraft

STARTER = starter_rules()
CIVIL = "中华人民共和国民法典"
LOANS = "最高人民法院关于审理民间借贷案件适用法律若干问题的规定"


def _findings(contract_type: str, text: str, side: str = "", *, clauses_only: bool = True):
    sections = [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line,
                             para_start=i + 1, para_end=i + 1) for i, line in enumerate(text.split("\n"))]
    found = contract_findings(sections, contract_type, STARTER, side=side)
    return [f for f in found if f.section_order is not None or not clauses_only]


def _cited(found) -> set[tuple[str, int]]:
    return {(b.law, b.article) for f in found for b in f.basis}


# -- the deciding article -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("contract_type", "clause", "article"), [
    # a penalty over a 定金, read by the general penalty rule: the 定金 articles decide
    ("sale", "第九条 任何一方违约的，应向守约方支付定金数额三倍的违约金。", (CIVIL, 587)),
    # a new partner's exemption from earlier debts, read by the general exemption rule: 入伙
    ("partnership", "第九条 新合伙人入伙的，对入伙前合伙企业的债务不承担任何责任。", ("中华人民共和国合伙企业法", 44)),
    # prepaid training fees kept whatever happens
    ("service", "第七条 甲方预付的全部课时费在任何情况下均不予退还。", ("中华人民共和国消费者权益保护法", 53)),
    # 转托他人 in an agency contract
    ("entrustment", "第五条 受托人可将委托事务转托他人办理，委托人对此不持异议。", (CIVIL, 923)),
    # the risk before delivery put on the buyer, read by the general exemption rule: 604
    ("sale", "第十一条 货物交付前的一切风险由买方承担。", (CIVIL, 604)),
    # a warehouse keeper exempt from any loss, read by the general exemption rule: 917
    ("storage", "第八条 保管方对仓储物在储存期间的任何损失均不承担责任。", (CIVIL, 917)),
    # a warranty excluded on a sale as is (不作任何保证): the seller's warranty of quality, 618
    ("sale", "第六条 车辆按现状出售，卖方对车辆是否发生过重大事故以及表显里程是否真实不作任何保证。", (CIVIL, 618)),
    # a cap said to hold whatever the cause reaches intent and gross negligence: 506
    ("tech_dev", "第十条 乙方的全部责任，无论基于何种原因，均以已支付的首期款的百分之十为限。", (CIVIL, 506)),
    # the designer made to answer for errors in the client's own data: 805
    ("construction", "第六条 乙方对因设计原因及甲方提供的基础资料错误造成的全部损失承担赔偿责任。", (CIVIL, 805)),
    # a fee paid to a payee the lender names, however long its name: disguised interest
    ("loan", "第三条 乙方另应按借款本金的每月千分之五，向甲方指定的某某信息咨询服务部支付融资服务费。", (LOANS, 29)),
    # non-compete pay said to be inside the wage (the wage named first)
    ("labor", "第九条 乙方的基本工资中已包含竞业限制经济补偿人民币捌佰元。", ("中华人民共和国劳动合同法", 23)),
    # a partner's capital kept on withdrawal
    ("partnership", "第八条 合伙人退伙的，其出资一律不予退还。", ("中华人民共和国合伙企业法", 51)),
])
def test_a_finding_cites_the_article_that_decides_its_words(contract_type, clause, article):
    found = _findings(contract_type, clause)
    assert found, clause
    assert article in _cited(found), [(f.rule_code, f.basis) for f in found]


def test_the_deciding_article_goes_before_a_general_one_and_after_a_specific_one():
    general = [BasisRef(CIVIL, 585)]
    got = deciding_basis(general, "买受人违约的，定金不予退还。", {"sale"}, "违约金")
    assert got[0] == BasisRef(CIVIL, 586) and got[-1] == BasisRef(CIVIL, 585)
    specific = [BasisRef(CIVIL, 831)]
    got = deciding_basis(specific, "收货人对货物毁损提出的异议一律不予受理。", {"transport"}, "运输")
    assert got[0] == BasisRef(CIVIL, 831) and BasisRef(CIVIL, 832) in got
    # words for no entry, or an entry for another contract type: unchanged
    assert deciding_basis(general, "乙方应按时交货。", {"sale"}, "违约金") == general
    assert deciding_basis(general, "承租人可以转租。", {"sale"}, "违约金") == general


def test_a_rule_of_its_own_may_choose_its_basis_by_words():
    own = validate_params("pattern", {"patterns": ["罚款"], "basis_by": [
        {"words": ["试用期"], "basis": [{"law": "中华人民共和国劳动合同法", "article": 19}], "keywords": ["试用期"]}]})
    assert own.basis_by[0].words == ["试用期"]
    with pytest.raises(RuleInvalid) as exc:
        validate_params("pattern", {"patterns": ["罚款"], "basis_by": [{"words": ["(a+)+"], "basis": [
            {"law": CIVIL, "article": 1}]}]})
    assert exc.value.field.startswith("params.basis_by")
    with pytest.raises(RuleInvalid):
        validate_params("pattern", {"patterns": ["罚款"], "basis_by": [{"words": ["x"], "basis": [
            {"law": CIVIL, "article": "第零条"}]}]})


def test_every_table_entry_has_words_articles_and_keywords():
    table = deciding_table()
    assert len(table) >= 40
    for entry in table:
        assert (entry.words or entry.covers) and entry.basis and entry.keywords, entry.name


def test_a_starter_rule_may_cite_what_its_keywords_verify():
    """The keywords of the table entries a rule can use join its own (the corpus test checks them)."""
    deposit = next(r for r in STARTER if r.code == "generic-penalty-high")
    assert "定金" in deposit.basis_keywords and "诉讼时效" in deposit.basis_keywords
    lease = next(r for r in STARTER if r.code == "lease-all-repairs-tenant")
    assert "维修" in lease.basis_keywords
    assert "敏感个人信息" in lease.basis_keywords  # an entry for every type
    assert "利息不得预先在本金中扣除" not in lease.basis_keywords  # a loan entry is not a lease rule's


# -- whose interest a rule protects ---------------------------------------------------------------------------

def test_role_classes_read_the_names_a_side_goes_by():
    assert side_classes({"乙方", "承租方"}) == {"lessee"}
    assert side_classes({"甲方"}) == frozenset()
    assert protects_us(["lessee"], frozenset({"lessee"}))
    assert not protects_us(["lessee"], frozenset({"lessor"}))
    assert protects_us(["lessee"], frozenset())  # a side with no known role: every rule fires
    assert protects_us(["lessee"], frozenset({"employer"}))  # a role the rule does not know of


def test_every_typed_rule_with_no_party_states_whom_it_protects_or_both():
    from contracts.playbook.starter import protects_table
    by_type, by_rule = protects_table()
    assert set(by_rule) <= {r.code for r in STARTER}
    for rule in STARTER:
        protects = rule.params.get("protects", [])
        assert all(p in ROLE_CLASSES for p in protects), rule.code
        if rule.contract_types and all(t in by_type for t in rule.contract_types) and \
                rule.params.get("party", "any") == "any" and by_rule.get(rule.code) != ["any"]:
            assert protects, rule.code


LEASE = ("出租方：某某置业有限公司（以下简称甲方）\n承租方：张三（以下简称乙方）\n"
         "第五条 租赁期间，房屋及附属设施的全部维修均由乙方自行负责并承担费用，甲方不承担任何维修义务。")


def test_a_clause_in_our_favour_is_not_our_risk():
    plain = _findings("lease", LEASE)
    assert "lease-all-repairs-tenant" in {f.rule_code for f in plain}
    assert "lease-all-repairs-tenant" in {f.rule_code for f in _findings("lease", LEASE, "乙方")}
    assert "lease-all-repairs-tenant" not in {f.rule_code for f in _findings("lease", LEASE, "甲方")}
    assert "lease-all-repairs-tenant" not in {f.rule_code for f in _findings("lease", LEASE, "出租方")}


def test_a_missing_clause_only_the_other_side_needs_is_not_reported():
    loan = ("出借人：李四（以下简称甲方）\n借款人：王五（以下简称乙方）\n第一条 借款金额为人民币拾万元。\n"
            "第二条 借款期限一年，到期一次还本付息。")
    codes = lambda side: {f.rule_code for f in _findings("loan", loan, side, clauses_only=False)}  # noqa: E731
    assert "loan-purpose-missing" in codes("")
    assert "loan-purpose-missing" in codes("甲方")
    assert "loan-purpose-missing" not in codes("乙方")


def test_a_format_clause_in_our_favour_is_not_reported_even_where_the_law_may_void_it():
    from contracts.playbook.engine import ContractFacts, _for_our_side
    from contracts.types import Finding
    on_497 = [r for r in STARTER if (CIVIL, 497) in {(b.law, b.article) for b in r.basis}]
    rule = next(r for r in on_497 if r.category == "格式条款")
    p = validate_params(rule.detection, {**rule.params, "protects": ["lessee"]})

    def finding() -> Finding:
        return Finding(rule_code=rule.code, section_order=1, quote="x", start=0, end=1, category=rule.category,
                       severity="high", description="d", suggestion="s", basis=list(rule.basis))

    # the firm acts for the lessor, who drafted the term: the lessee's risk, not ours
    facts = ContractFacts(side="甲方", side_names=frozenset({"甲方", "出租方"}), side_roles=frozenset({"lessor"}))
    assert _for_our_side(rule, p, [finding()], facts) == []
    ours = ContractFacts(side="乙方", side_names=frozenset({"乙方", "承租方"}), side_roles=frozenset({"lessee"}))
    assert _for_our_side(rule, p, [finding()], ours)[0].severity == "high"


def test_a_price_left_to_one_party_is_the_other_partys_risk_and_a_deferred_one_both():
    quote = ("甲方：某某科技有限公司\n乙方：某某软件有限公司\n"
             "第三条 二期功能（与甲方系统对接）的开发费用以届时乙方报价为准。")
    codes = lambda text, side: {f.rule_code for f in _findings("tech_dev", text, side)}  # noqa: E731
    assert "price-deferred-other-types" in codes(quote, "甲方")
    assert "price-deferred-other-types" not in codes(quote, "乙方")
    deferred = "甲方：某某科技有限公司\n乙方：某某软件有限公司\n第三条 甲方应支付的二期开发费用日后另议。"
    assert "price-deferred-other-types" in codes(deferred, "甲方")
    assert "price-deferred-other-types" in codes(deferred, "乙方")


def test_swapping_the_side_on_a_lease_drops_the_tenants_risks():
    lease = ("出租方：某某置业有限公司（以下简称甲方）\n承租方：张三（以下简称乙方）\n"
             "第六条 租赁期间，甲方有权视周边市场行情自行调整租金标准。\n"
             "第七条 乙方有权将该房屋转租给第三人，无需另行征得甲方同意。")
    tenant = {f.rule_code for f in _findings("lease", lease, "乙方")}
    landlord = {f.rule_code for f in _findings("lease", lease, "甲方")}
    assert "lease-rent-increase-unilateral" in tenant and "lease-rent-increase-unilateral" not in landlord
    assert "lease-sublease-free" in landlord and "lease-sublease-free" not in tenant


def test_a_role_word_inside_the_sides_description_names_its_role():
    assert side_classes({"乙方（艺人林若溪）"}) == {"artist"}
    assert side_classes({"被特许人"}) == {"franchisee"}  # not 特许人 inside it
    assert side_classes({"甲方（委托人/买方陈思远）"}) == {"principal", "buyer"}


def test_an_artists_risk_is_not_the_agencys():
    text = ("甲方（经纪公司）：某某文化传媒有限公司\n乙方（艺人）：林某\n"
            "第五条 乙方的演艺收入以甲方提供的结算数据为准，乙方无权查阅相关合同及账目。")
    artist = {f.rule_code for f in _findings("performance", text, "乙方（艺人）")}
    agency = {f.rule_code for f in _findings("performance", text, "甲方（经纪公司）")}
    assert "performance-accounts-barred" in artist
    assert "performance-accounts-barred" not in agency


PLATFORM = ("甲方（平台经营者）：某某网络科技有限公司\n乙方（平台内经营者）：某某商贸有限公司\n"
            "第十一条 店铺因任何原因被关闭或者乙方主动退出的，已缴纳的年度软件服务费均不予退还。")


def test_a_fee_the_platform_keeps_is_the_merchants_risk_not_the_platforms():
    # the merchant named in the condition (乙方主动退出的) is not the party the no-refund favours
    merchant = _findings("service", PLATFORM, "乙方（平台内经营者）")
    platform = _findings("service", PLATFORM, "甲方（平台经营者，本协议起草方）")
    assert any(f.section_order == 3 for f in merchant), [(f.rule_code, f.quote) for f in merchant]
    assert not any(f.section_order == 3 for f in platform), [(f.rule_code, f.quote) for f in platform]
    assert side_classes({"甲方（平台经营者）"}) == {"platform"}
    assert side_classes({"乙方（平台内经营者）"}) == {"merchant"}


def test_the_role_opening_a_condition_is_the_party_its_exemption_frees():
    from contracts.playbook.facts import read_clause
    own = read_clause("（二）乙方在处理委托事务过程中因过失给甲方造成损失的，不承担任何赔偿责任。").exemptions
    assert [e.party for e in own] == ["乙方"]
    inside = read_clause("店铺被关闭或者乙方主动退出的，已缴纳的服务费不承担任何责任。").exemptions
    assert [e.party for e in inside] == [""]
    kept = read_clause("已缴纳的年度软件服务费均不予退还。").exemptions
    assert all("all" not in e.covers for e in kept)


def test_a_court_at_the_keepers_seat_is_the_depositors_point_not_the_keepers():
    text = ("存货方：某某食品有限公司（以下简称甲方）\n保管方：某某冷链物流有限公司（以下简称乙方）\n"
            "第十条 本合同发生争议，双方协商解决；协商不成的，由乙方住所地人民法院管辖。")
    codes = lambda side: {f.rule_code for f in _findings("storage", text, side)}  # noqa: E731
    assert "storage-forum-keeper-seat" in codes("存货方")
    assert "storage-forum-keeper-seat" not in codes("保管方")
    depositors_seat = text.replace("由乙方住所地", "由甲方住所地")
    assert "storage-forum-keeper-seat" not in {f.rule_code for f in _findings("storage", depositors_seat, "存货方")}


def test_the_side_drafted_the_terms_when_the_note_names_it_as_the_drafter():
    from contracts.playbook.engine import we_drafted
    assert we_drafted("甲方（用人单位；合同由甲方起草）")
    assert we_drafted("甲方（平台经营者，即本协议起草方）")
    assert not we_drafted("乙方（受赠方；合同由赠与方甲方起草）")
    assert not we_drafted("甲方（转让方；协议由受让方起草）")


def test_an_employer_that_drafted_the_contract_hears_of_its_unlawful_terms():
    text = ("甲方（用人单位）：某某科技有限公司\n乙方（劳动者）：张某\n"
            "第二条 本合同期限为三年，乙方的试用期为八个月。")
    drafted = {f.rule_code for f in _findings("labor", text, "甲方（用人单位；合同由甲方起草）")}
    employee = {f.rule_code for f in _findings("labor", text, "乙方（劳动者）")}
    assert drafted and drafted <= employee, (drafted, employee)


def test_non_compete_pay_inside_the_wage_is_not_read_as_a_wage_below_the_minimum():
    found = _findings("labor", "第九条 甲方每月支付给乙方的基本工资中已包含竞业限制经济补偿人民币捌佰元。")
    assert "labor-minimum-wage" not in {f.rule_code for f in found}
    assert "labor-minimum-wage" in {f.rule_code for f in _findings("labor", "第四条 乙方月工资为人民币捌佰元。")}


def test_a_guarantee_period_until_the_debt_is_paid_is_the_creditors_risk():
    # read as unclear, the period is six months: short for the creditor, good for the guarantor
    text = ("债权人：某某银行股份有限公司\n保证人：张某\n"
            "第四条 本合同项下的保证期间为自本合同生效之日起至主合同项下全部债务本息还清之日止。")
    codes = lambda side: {f.rule_code for f in _findings("guarantee", text, side)}  # noqa: E731
    assert "guarantee-period-unclear" in codes("债权人")
    assert "guarantee-period-unclear" not in codes("保证人")


def test_data_used_beyond_the_purpose_by_an_entrusted_processor_cites_its_duty():
    found = _findings("data", "第四条 乙方有权对委托数据进行去标识化处理后，用于乙方产品优化及算法模型训练。")
    assert ("中华人民共和国个人信息保护法", 21) in _cited(found)


def test_the_subject_of_the_condition_pays_a_penalty_computed_by_a_formula():
    from contracts.playbook.engine import payer_of
    assert payer_of("乙方未经甲方同意提前退租的，应按下列公式向甲方支付违约金：违约金＝当月租金×违约天数×10%") == "乙方"


def test_a_role_inside_a_phrase_of_time_is_not_whose_silence_counts():
    text = ("甲方（委托方）：某某器械有限公司\n乙方（受托方）：某某软件有限公司\n"
            "第四条 甲方应在乙方提交验收申请后五个工作日内完成验收，逾期未出具书面验收意见的，视为验收合格。")
    codes = lambda side: {f.rule_code for f in _findings("tech_dev", text, side)}  # noqa: E731
    assert "fact-deemed-acceptance" in codes("甲方（委托方）")
    assert "fact-deemed-acceptance" not in codes("乙方（受托方）")


def test_silence_deemed_receipt_of_the_loan_is_the_borrowers_risk():
    text = ("出借人：李某（以下简称甲方）\n借款人：某某商贸有限公司（以下简称乙方）\n"
            "第四条 甲方发出放款通知后三日内，乙方未就到账金额提出书面异议的，视为乙方已足额收到借款本金。")
    assert "fact-deemed-acceptance" in {f.rule_code for f in _findings("loan", text, "乙方（借款人）")}


def test_a_quote_takes_on_the_sentence_that_carries_it_on():
    carried = _findings("work", "第八条 定作方可随时书面通知乙方解除本合同。解除后，乙方已完成的半成品由乙方自行处理，"
                                "定作方不承担任何费用或赔偿。")
    quote = next(f.quote for f in carried if f.rule_code == "terminate-on-notice-one-side")
    assert quote.endswith("定作方不承担任何费用或赔偿"), quote
    same = _findings("service", "第八条 乙方对甲方的全部赔偿责任以甲方已支付的当月服务费为限。"
                                "乙方泄露甲方客户数据的，亦同。")
    assert any(f.quote.endswith("亦同") for f in same), [f.quote for f in same]
    # a sentence that does not carry the quoted one on stays out of the quote
    apart = _findings("work", "第八条 定作方可随时书面通知乙方解除本合同。乙方应按时交付工件。")
    assert all(not f.quote.endswith("交付工件") for f in apart)


def test_using_the_works_before_acceptance_is_the_clients_risk():
    text = ("发包人：某某置业有限公司\n承包人：某某建设集团有限公司\n"
            "第六条 发包人可在竣工验收前先行使用已完工的商业裙房，先行使用部分视为已经移交发包人。")
    codes = lambda side: {f.rule_code for f in _findings("construction", text, side)}  # noqa: E731
    assert "construction-use-before-acceptance" in codes("发包人")
    assert "construction-use-before-acceptance" not in codes("承包人")


def test_who_bears_a_cost_put_off_to_later_agreement_is_a_term_put_off():
    found = _findings("gift", "第五条 设备的运输、安装、调试费用以及相关税费的承担，由双方另行协商。")
    assert "term-deferred-to-later" in {f.rule_code for f in found}
    agreed = _findings("gift", "第五条 设备的运输、安装、调试费用以及相关税费由甲方承担。")
    assert "term-deferred-to-later" not in {f.rule_code for f in agreed}


def test_a_void_term_is_a_risk_for_the_side_it_favours_too():
    # A ban on marrying is void (民法典 1042, 153): the agency cannot enforce it, so its lawyer flags it as well.
    text = ("甲方（经纪公司）：某某文化传媒有限公司\n乙方（艺人）：林某\n"
            "第五条 合同期内乙方不得恋爱、结婚或公开恋情，否则应承担违约责任。")
    for side in ("乙方（艺人）", "甲方（经纪公司）"):
        assert "performance-private-life-restricted" in {f.rule_code for f in _findings("performance", text, side)}
