"""The article that controls a risk by the clause's subject and by our side's role (issue 21, round 3,
docs/decisions/contract-controlling-articles.md): a limited partner's risks cite the limited partnership's own
articles, and only for a limited partner's review; a property contract's automatic renewal, a settlement review,
the debtor's own security beside a guarantee and a lien sold at once cite the article that decides each; a second
risk in one clause is found as its own finding; and a suggestion names only the parties and roles the contract
has. Wordings here are our own, not the tuning contracts'."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_facts, contract_findings, starter_rules
from contracts.playbook.quality import role_in, suggestion_defects
from contracts.types import Finding, SectionDraft

STARTER = starter_rules()
CIVIL = "中华人民共和国民法典"
PARTNERSHIP = "中华人民共和国合伙企业法"
BUILDING = "最高人民法院关于审理建设工程施工合同纠纷案件适用法律问题的解释（一）"


def _findings(contract_type: str, text: str, side: str = ""):
    sections = [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line,
                             para_start=i + 1, para_end=i + 1) for i, line in enumerate(text.split("\n"))]
    return [f for f in contract_findings(sections, contract_type, STARTER, side=side) if f.section_order is not None]


def _cited(found) -> set[tuple[str, int]]:
    return {(b.law, b.article) for f in found for b in f.basis}


LP = "丙方（有限合伙人）"
GP = "甲方（普通合伙人）"
LP_CLAUSES = [
    ("第五条 戊方作为新加入的合伙人，"
     "对合伙企业在其加入之前（即入伙前）所负的全部债务与其他合伙人一并承担无限连带清偿责任。",
     (PARTNERSHIP, 77)),
    ("第九条 有限合伙人无权查看或复制合伙企业的会计账册和银行流水，普通合伙人亦无义务向其提供。", (PARTNERSHIP, 68)),
    ("第十条 有限合伙人申请退出时，普通合伙人可按其原始出资额的七成收购其财产份额，有限合伙人不得另行对外转让。",
     (PARTNERSHIP, 73)),
    ("第六条 有限合伙人逾期缴纳第二期出资超过十日的，"
     "普通合伙人有权取消其合伙人资格，已缴出资一概不退。", (PARTNERSHIP, 65)),
]


@pytest.mark.parametrize(("clause", "article"), LP_CLAUSES)
def test_a_limited_partners_risk_cites_the_limited_partnerships_article(clause, article):
    found = _findings("partnership", clause, side=LP)
    assert article in _cited(found), (clause, [(f.rule_code, f.basis) for f in found])
    # for a limited partner it leads the finding that reads the clause
    assert any(f.basis and (f.basis[0].law, f.basis[0].article) == article for f in found), found


@pytest.mark.parametrize(("clause", "article"), LP_CLAUSES)
def test_a_general_partners_or_unsided_review_does_not_cite_a_limited_partners_article(clause, article):
    for side in (GP, ""):
        assert article not in _cited(_findings("partnership", clause, side=side)), (side, clause)


def test_a_limited_partner_is_not_told_of_a_general_partners_liability_for_prior_debts():
    found = _findings("partnership", LP_CLAUSES[0][0], side=LP)
    assert (PARTNERSHIP, 44) not in _cited(found)


@pytest.mark.parametrize(("contract_type", "clause", "article", "side"), [
    ("property", "第二十条 服务期届满前两个月内业主委员会未提出异议的，本合同即自动续展两年，费用标准不变。",
     (CIVIL, 948), "甲方（业主委员会）"),
    ("construction", "第十四条 乙方提交竣工结算文件后，甲方应在一百二十日内审定，"
                     "甲方在审定期内未提出修改意见的，也不视为其认可乙方的结算金额。",
     (BUILDING, 21), "乙方（承包人）"),
    ("guarantee", "第七条 借款人已以其自有房产为本债务设定抵押，"
                  "丙方放弃要求甲方先就抵押财产受偿的抗辩，甲方可径行要求丙方承担保证责任。",
     (CIVIL, 392), "丙方（保证人）"),
    ("property", "第七条 承接查验的范围、方式及竣工图纸等资料的移交事宜，由双方另行协商。",
     ("物业管理条例", 28), "乙方（物业服务企业）"),
    ("storage", "第九条 存货方欠付保管费的，保管方可留置其在库货物，"
                "五日内仍未付清的，保管方有权自行拍卖并以所得价款抵偿。",
     (CIVIL, 453), "甲方（存货方）"),
])
def test_the_clauses_subject_decides_the_article(contract_type, clause, article, side):
    assert article in _cited(_findings(contract_type, clause, side=side)), clause


@pytest.mark.parametrize(("contract_type", "clause", "article"), [
    # a lease's automatic renewal is no property service contract
    ("lease", "第二十条 租期届满前一个月双方均未提出异议的，本合同自动续展一年。", (CIVIL, 948)),
    # a third party's mortgage: the creditor may choose (392), no risk of order for the guarantor to cite it for
    ("guarantee", "第七条 第三人提供的抵押与丙方的保证并存时，甲方可以选择先要求丙方承担保证责任。", (CIVIL, 392)),
    # a lien sold after the sixty days the law gives: 453 is met
    ("storage", "第九条 存货方欠付保管费的，保管方可留置相应货物，"
                "经书面催告六十日后仍未付清的，可依法拍卖。", (CIVIL, 453)),
])
def test_the_article_abstains_where_the_clause_does_not_meet_it(contract_type, clause, article):
    assert article not in _cited(_findings(contract_type, clause)), clause


# -- the second risk in a clause -----------------------------------------------------------------------------

def test_a_keeper_that_only_counts_packages_is_the_depositors_risk():
    clause = "第三条 货物进仓时保管方仅核对件数，对货物的品质和型号不作检验。"
    found = _findings("storage", clause, side="甲方（存货方）")
    assert "storage-intake-not-inspected" in {f.rule_code for f in found}
    assert (CIVIL, 907) in _cited(found)
    keeper = _findings("storage", clause, side="乙方（保管方）")
    assert "storage-intake-not-inspected" not in {f.rule_code for f in keeper}
    joint = "第三条 货物进仓时由双方共同验收，保管方仅核对件数的，对品质和型号不作检验。"
    both = _findings("storage", joint, side="甲方（存货方）")
    assert "storage-intake-not-inspected" not in {f.rule_code for f in both}


def test_a_debt_transfer_binding_a_guarantor_named_by_its_label():
    clause = "第五条 主债务人把借款债务部分转让给其关联公司的，丙方对转让后的债务仍承担连带保证责任。"
    found = _findings("guarantee", clause, side="丙方（保证人）")
    assert (CIVIL, 697) in _cited(found), [(f.rule_code, f.basis) for f in found]


def test_no_extension_for_any_cause_is_the_contractors_risk_whoever_causes_the_delay():
    clause = "第八条 工期包干，因发包人迟延提供场地、变更设计等任何原因导致的延误，竣工日期一律不予顺延。"
    found = _findings("construction", clause, side="乙方（承包人）")
    assert "construction-no-extension-any-cause" in {f.rule_code for f in found}
    assert "construction-no-extension-any-cause" not in {
        f.rule_code for f in _findings("construction", clause, side="甲方（发包人）")}


def test_a_transfer_to_another_warehouse_without_consent():
    clause = "第六条 保管方可根据库容安排将存货方的货物转运到其合作的其他仓库，无须另行取得存货方同意。"
    found = _findings("storage", clause, side="甲方（存货方）")
    assert (CIVIL, 894) in _cited(found)


def test_a_late_pick_up_fee_multiplied_when_the_term_ends_and_goods_are_not_taken_away():
    clause = "第四条 储存期到期后存货方没有运走货物的，超出的天数按日常仓储费的四倍收取。"
    found = _findings("storage", clause, side="甲方（存货方）")
    assert (CIVIL, 915) in _cited(found)


# -- a suggestion names only the parties and roles the contract has -------------------------------------------

def test_a_role_inside_another_word_is_no_role_of_the_contract():
    assert not role_in("保证人", "转让方保证人员稳定，并以人民币支付。")
    assert not role_in("保证人", "受让方应保证人民币价款按期到账。")
    assert role_in("保证人", "丙方作为保证人为受让方的付款义务承担连带责任。")
    assert role_in("承租人", "承租人身份证复印件作为附件。")
    assert role_in("甲方", "甲方向乙方发放工作服。")
    assert not role_in("提供方", "乙方应提供方案。")


def _defects(contract: str, suggestion: str) -> list[str]:
    sections = [SectionDraft(order=1, kind="clause", number="第一条", title="", text=contract,
                             para_start=1, para_end=1)]
    f = Finding(rule_code="x", section_order=None, quote="", start=0, end=0, category="担保", severity="high",
                description="", suggestion=suggestion)
    return suggestion_defects(f, sections, contract_facts(sections))


def test_a_fix_naming_a_guarantor_the_contract_does_not_have_is_a_defect():
    contract = ("转让方：甲公司（以下简称甲方）；受让方：乙公司（以下简称乙方）。甲方保证人员稳定，"
                "目标公司为乙方的付款提供担保。")
    assert any("保证人" in d for d in _defects(contract, "保证人应向债权人提交股东会决议。"))
    assert _defects(contract, "提供担保的公司应向接受担保的一方提交股东会决议。") == []


def test_the_company_guarantee_resolution_fix_names_no_absent_party():
    contract = ("股权转让协议\n转让方（甲方）：某投资有限公司\n受让方（乙方）：某科技有限公司\n"
                "第五条 目标公司某某有限公司为乙方支付转让款的义务向甲方提供连带责任担保。")
    sections = [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line, para_start=i + 1,
                             para_end=i + 1) for i, line in enumerate(contract.split("\n"))]
    facts = contract_facts(sections, side="乙方（受让方）")
    found = contract_findings(sections, "equity", STARTER, side="乙方（受让方）")
    guarantee = [f for f in found if f.rule_code == "equity-guarantee-resolution-missing"]
    for f in guarantee:
        assert suggestion_defects(f, sections, facts) == [], f.suggestion
        assert "保证人" not in f.suggestion and "债权人" not in f.suggestion


# -- missing terms with their own articles --------------------------------------------------------------------

def _missing(contract_type: str, text: str, side: str) -> set[str]:
    sections = [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line,
                             para_start=i + 1, para_end=i + 1) for i, line in enumerate(text.split("\n"))]
    found = contract_findings(sections, contract_type, STARTER, side=side)
    return {f.rule_code for f in found if f.section_order is None}


def test_a_storage_contract_without_a_notice_of_deterioration():
    text = "第一条 存货方将冷冻水产存放于保管方冷库。\n第二条 仓储费每月结算一次。"
    assert "storage-deterioration-notice-missing" in _missing("storage", text, "甲方（存货方）")
    told = text + "\n第三条 保管方发现货物霉变或包装破损的，应于当日告知存货方。"
    assert "storage-deterioration-notice-missing" not in _missing("storage", told, "甲方（存货方）")


def test_a_property_contract_without_published_accounts():
    text = "第一条 物业服务人负责小区的保洁、绿化与秩序维护。\n第二条 物业费每平方米每月二元。"
    assert "property-accounts-disclosure-missing" in _missing("property", text, "甲方（业主委员会）")
    shown = text + "\n第三条 物业服务人每半年在小区公告栏公布物业费及公共收益的收支明细。"
    assert "property-accounts-disclosure-missing" not in _missing("property", shown, "甲方（业主委员会）")


def test_a_limited_partnership_without_a_way_to_remove_its_manager():
    text = ("第一条 甲方为普通合伙人并担任执行事务合伙人，乙方、丙方为有限合伙人。\n"
            "第二条 有限合伙人逾期出资的，执行事务合伙人有权将其除名。")
    assert "partnership-manager-removal-missing" in _missing("partnership", text, "丙方（有限合伙人）")
    removable = text + ("\n第三条 执行事务合伙人严重违反本协议的，"
                        "经全体有限合伙人同意，可将执行事务合伙人除名并另行选任。")
    assert "partnership-manager-removal-missing" not in _missing("partnership", removable, "丙方（有限合伙人）")
    # a general partnership has no limited partner to protect
    general = "第一条 甲乙丙三方为普通合伙人，共同执行合伙事务。"
    assert "partnership-manager-removal-missing" not in _missing("partnership", general, "丙方")


def test_a_stoppage_by_the_city_is_no_cutoff_by_the_manager():
    lawful = "第十五条 因市政停水停电或者业主自身原因造成的损失，物业服务人不承担责任。"
    assert "property-utility-cutoff" not in {f.rule_code for f in _findings("property", lawful, "甲方（业主委员会）")}
    cutoff = "第十五条 业主拖欠物业费满两个月的，物业服务人可以对其房屋停水停电。"
    assert "property-utility-cutoff" in {f.rule_code for f in _findings("property", cutoff, "甲方（业主委员会）")}


def test_a_placeholder_or_a_party_named_from_one_sides_view_is_a_defect():
    contract = "甲方：某物流有限公司；乙方：某电子有限公司。第一条 乙方委托甲方运输货物。"
    assert "blank" in _defects(contract, "乙方的收货地址为【省、市及详细地址】。")
    assert any("我方" in d for d in _defects(contract, "因对方原因造成的损失由对方承担，我方不承担责任。"))
    # brackets the contract itself writes round a filled-in term are no blank
    filled = contract + "运费按【每吨每公里0.8元】计算。"
    assert _defects(filled, "运费按【每吨每公里0.8元】计算，每月结算一次。") == []


@pytest.mark.parametrize("code", ["indemnity-covers-others-own-fault", "orderer-change-losses-on-performer",
                                  "labor-workplace-missing"])
def test_the_rules_fixes_name_parties_by_the_contracts_words(code):
    rule = next(r for r in STARTER if r.code == code)
    assert "我方" not in rule.suggestion and "【" not in rule.suggestion, rule.suggestion


def test_a_cancellation_at_will_without_liability_is_the_other_sides_breach():
    clause = "第四条 主办方可以随时改期或取消本场演出，且无须对演出方承担任何违约责任或补偿。"
    ours = _findings("performance", clause, side="乙方（演出方）")
    assert "cancel-at-will-without-liability" in {f.rule_code for f in ours}
    assert (CIVIL, 577) in _cited(ours)
    # the party that may cancel is not told its own right is a risk
    theirs = _findings("performance", clause, side="甲方（主办方）")
    assert "cancel-at-will-without-liability" not in {f.rule_code for f in theirs}
    # cancellation by force majeure is the law's own rule
    lawful = "第四条 因不可抗力致演出无法举行的，主办方可以随时取消本场演出，且无须承担任何责任。"
    excused = _findings("performance", lawful, side="乙方（演出方）")
    assert "cancel-at-will-without-liability" not in {f.rule_code for f in excused}
