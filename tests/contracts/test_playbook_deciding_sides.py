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


def test_a_void_term_is_a_risk_for_the_side_it_favours_too():
    # A ban on marrying is void (民法典 1042, 153): the agency cannot enforce it, so its lawyer flags it as well.
    text = ("甲方（经纪公司）：某某文化传媒有限公司\n乙方（艺人）：林某\n"
            "第五条 合同期内乙方不得恋爱、结婚或公开恋情，否则应承担违约责任。")
    for side in ("乙方（艺人）", "甲方（经纪公司）"):
        assert "performance-private-life-restricted" in {f.rule_code for f in _findings("performance", text, side)}
