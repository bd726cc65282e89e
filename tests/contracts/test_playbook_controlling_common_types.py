"""The controlling provisions of the common contract types by the risk's subject (issue 21, round 4, "Stop 42" in
docs/decisions/contract-controlling-articles.md): a finding a general rule raises on a labour, lease, sale or
guarantee clause cites the article that decides the clause's subject (劳动法36 for the hours of work, 民法典634 for
an instalment sale's acceleration, 担保制度解释2 for a guarantee said to survive the main contract …), only where the
clause meets that article's predicate; a labour contract's entries displace the general contract articles. The
wordings are our own, written for these tests, not a tuning contract's."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_findings, starter_rules
from contracts.playbook.deciding import deciding_basis
from contracts.types import BasisRef, SectionDraft

CIVIL = "中华人民共和国民法典"
LABOR = "中华人民共和国劳动法"
LCL = "中华人民共和国劳动合同法"
LEAVE = "职工带薪年休假条例"
LEASE_SPC = "最高人民法院关于审理城镇房屋租赁合同纠纷案件具体应用法律若干问题的解释"
GUARANTEE_SPC = "最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释"
GENERIC = [BasisRef(law=CIVIL, article=497), BasisRef(law=CIVIL, article=543)]
STARTER = starter_rules()


def _basis(sentence: str, contract_type: str, category: str = "条款") -> set[tuple[str, int]]:
    return {(b.law, b.article) for b in deciding_basis(list(GENERIC), sentence, {contract_type}, category)}


CASES = [
    # labour: the hours of work, annual leave, the wage cycle, a change of post, dismissal
    ("labor", "员工每星期上班6天，每日工作时间为早八点至晚八点。", (LABOR, 36)),
    ("labor", "门店实行大小周排班，乙方应服从安排。", (LABOR, 36)),
    ("labor", "乙方每天工作十一个小时，午休不计入工作时间。", (LABOR, 41)),
    ("labor", "员工当年未休完的年假于次年一月一日起自动清零，公司不作任何补偿。", (LEAVE, 5)),
    ("labor", "乙方在合同期内不享受带薪年休假。", (LABOR, 45)),
    ("labor", "乙方的薪资每半年结算一次，于六月底和十二月底发放。", (LABOR, 50)),
    ("labor", "公司可视经营状况下调乙方的薪酬标准，乙方不得提出异议。", (LCL, 35)),
    ("labor", "乙方必须服从公司的调动安排，包括派驻外地分支机构。", (LCL, 35)),
    ("labor", "职工因生病请假累计超过二十天的，公司可以直接辞退。", (LCL, 42)),
    ("labor", "乙方连续两个季度考核不合格的，公司有权予以辞退且不支付补偿。", (LCL, 40)),
    ("labor", "公司根据经营需要可以随时解除与员工的劳动合同。", (LCL, 87)),
    ("labor", "公司有权随时修订员工手册，修订后的员工手册即时生效，员工应当遵守。", (LCL, 4)),
    ("labor", "员工在上下班途中发生意外的，一切费用由员工自负，与公司无关。", (LCL, 0)),
    # lease: a cut-off of supply or a lock-out to collect rent; decoration on termination
    ("lease", "承租人拖欠租金的，出租人可切断该铺位的水电直至租金付清。", (CIVIL, 708)),
    ("lease", "乙方欠付租金超过五日的，甲方有权更换房屋门锁并禁止乙方进入。", (CIVIL, 722)),
    ("lease", "乙方欠缴物业费的，物业公司可对该单元暂停供电。", (CIVIL, 944)),
    ("lease", "本合同提前终止的，乙方投入的装修一律无偿归甲方所有，甲方无须补偿。", (LEASE_SPC, 9)),
    ("lease", "租期届满后乙方不享有优先续租的权利。", (CIVIL, 734)),
    # sale: instalments, retention of title
    ("sale", "货款分六期支付，买方任何一期迟付的，剩余全部货款视为立即到期。", (CIVIL, 634)),
    ("sale", "卖方依约取回设备的，买方已付的款项不予退还，卖方并可另行出售该设备。", (CIVIL, 643)),
    ("sale", "设备在质保期内出现质量问题的，卖方仅负责免费维修，不接受退货，也不承担其他赔偿责任。", (CIVIL, 582)),
    ("sale", "货物售出后概不退货。", (CIVIL, 617)),
    # work, loan, guarantee, labour: the type's own chapter
    ("work", "定作方在加工过程中变更图纸要求的，由此增加的费用和损失由承揽方自行承担。", (CIVIL, 777)),
    ("work", "定作方付清加工费之前，承揽方不得留置成品。", (CIVIL, 783)),
    ("loan", "借款人提前归还借款的，仍应按合同约定的全部借款期限支付利息。", (CIVIL, 677)),
    ("loan", "借款期限内借款人不得提前还款。", (CIVIL, 677)),
    ("guarantee", "保证人承担保证责任后，放弃向借款人追偿的权利。", (CIVIL, 700)),
    ("labor", "乙方在合同期内辞职的，须经公司总经理书面批准。", (LCL, 37)),
    ("labor", "合同期未满，员工不得提出解除劳动合同。", (LCL, 37)),
    # partnership: a partner's non-compete, even when it names the years after leaving
    ("partnership", "各合伙人在合伙存续期间及退伙后三年内，不得在本市投资或者经营与合伙企业相同或者类似的业务。",
     ("中华人民共和国合伙企业法", 32)),
    # guarantee: beyond the main debt; independence
    ("guarantee", "保证人另行向债权人支付相当于借款本金百分之十的违约金。", (GUARANTEE_SPC, 3)),
    ("guarantee", "即使借款合同被认定无效，保证人仍应对全部借款本息承担保证责任。", (GUARANTEE_SPC, 2)),
]


@pytest.mark.parametrize(("contract_type", "sentence", "article"), CASES)
def test_the_subjects_article_is_cited(contract_type, sentence, article):
    cited = _basis(sentence, contract_type)
    if article == (LCL, 0):  # 工伤 is decided by the social insurance law and the work injury regulation
        assert ("中华人民共和国社会保险法", 33) in cited and ("工伤保险条例", 62) in cited, cited
    else:
        assert article in cited, (sentence, cited)


@pytest.mark.parametrize(("contract_type", "sentence", "article"), [c for c in CASES if c[0] == "labor"])
def test_a_labour_contracts_subject_displaces_the_general_contract_articles(contract_type, sentence, article):
    cited = _basis(sentence, contract_type)
    assert (CIVIL, 497) not in cited and (CIVIL, 543) not in cited, cited


ABSTAIN = [
    # the clause does not meet the article's predicate
    ("labor", "乙方实行经劳动行政部门批准的综合计算工时工作制，每日工作十小时，周期内总工时不超过法定标准。",
     (LABOR, 36)),
    ("labor", "员工年终奖于每年年底一次性发放。", (LABOR, 50)),
    ("labor", "经双方协商一致，甲方可调整乙方的工作岗位。", (LCL, 35)),
    ("labor", "乙方患病的，在医疗期满后不能从事原工作，也不能从事甲方另行安排的工作的，甲方可提前三十日书面通知解除。",
     (LCL, 42)),
    ("labor", "乙方不能胜任工作，经过培训或者调整工作岗位仍不能胜任的，甲方可提前三十日通知解除。", (LCL, 40)),
    ("labor", "公司修订员工手册，应经职工代表大会讨论并公示。", (LCL, 4)),
    ("lease", "因市政检修停水停电的，甲方应提前通知乙方。", (CIVIL, 708)),
    ("sale", "买方未付到期价款达全部价款五分之一，经催告后在合理期限内仍未支付的，卖方可以要求支付全部价款。",
     (CIVIL, 634)),
    ("guarantee", "保证范围为主债权及利息、违约金和实现债权的费用。", (GUARANTEE_SPC, 3)),
    ("sale", "七日无理由退货期满后，不予退货。", (CIVIL, 617)),
    ("labor", "乙方离职后两年内不得到竞争单位任职，未经甲方同意不得离职后为竞争对手工作。", (LCL, 37)),
    ("loan", "借款人可以提前还款，利息按实际借款期间计算。", (CIVIL, 677)),
    ("partnership", "各合伙人在合伙存续期间及退伙后三年内，不得在本市投资或者经营与合伙企业相同或者类似的业务。",
     ("中华人民共和国合伙企业法", 45)),
    # the subject belongs to another type's law
    ("sale", "乙方每天工作十一个小时。", (LABOR, 36)),
    ("service", "承租人拖欠租金的，出租人可切断水电。", (CIVIL, 708)),
]


@pytest.mark.parametrize(("contract_type", "sentence", "article"), ABSTAIN)
def test_the_article_abstains_where_its_predicate_is_not_met(contract_type, sentence, article):
    assert article not in _basis(sentence, contract_type), sentence


def test_outside_labour_the_general_articles_stand():
    cited = _basis("甲方有权随时单方调整服务费用，乙方应予接受。", "service")
    assert (CIVIL, 497) in cited and (CIVIL, 543) in cited


def test_a_deposit_forfeited_beside_a_cut_off_keeps_its_own_article():
    """A sentence with two risks: a deposit kept (585) and a cut-off of supply (708/722). The deposit's finding does
    not take the cut-off's articles (and so is not folded into the cut-off's finding as one risk)."""
    basis = deciding_basis([BasisRef(law=CIVIL, article=585)], "乙方欠租超过七日的，甲方没收押金并停止供电。",
                           {"lease"}, "押金")
    cited = {(b.law, b.article) for b in basis}
    assert (CIVIL, 708) not in cited and (CIVIL, 585) in cited


def test_a_lease_clause_cutting_supply_cites_the_lessors_duty_in_a_whole_review():
    text = ("第一条 甲方将其所有的位于某市某路的写字楼一层出租给乙方作办公使用，租期两年，月租金二万元。\n"
            "第二条 乙方迟延交付租金满五日的，甲方有权停止向乙方所租区域供电及供应空调，直至乙方结清欠款，"
            "由此产生的一切损失由乙方自行承担。")
    sections = [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line,
                             para_start=i + 1, para_end=i + 1) for i, line in enumerate(text.split("\n"))]
    found = [f for f in contract_findings(sections, "lease", STARTER, side="乙方（承租方）") if f.section_order == 2]
    assert found, "no finding on the cut-off clause"
    cited = {(b.law, b.article) for f in found for b in f.basis}
    assert (CIVIL, 708) in cited or (CIVIL, 722) in cited, [(f.rule_code, f.basis) for f in found]


NOT_THIS_ARTICLE = [
    # ending a non-compete, an incentive plan, or a dismissal on a lawful ground is no at-will dismissal (48/87)
    ("labor", "离职后甲方可随时通知乙方解除竞业限制义务，补偿自通知次日停发。", (LCL, 87)),
    ("labor", "公司可随时终止员工持股激励计划，已授予未行权部分作废。", (LCL, 87)),
    ("labor", "乙方以欺诈手段订立本合同的，甲方可随时解除本合同。", (LCL, 87)),
    # pregnancy said to be incompetence is the pregnancy article's, not a question of training (40)
    ("labor", "女员工怀孕的视为不能胜任工作，公司可以解除劳动合同。", (LCL, 40)),
    # a borrower's own penalty is no guarantee beyond the main debt
    ("loan", "借款人逾期还款的，应另行向出借人支付借款本金百分之二十的违约金。", (GUARANTEE_SPC, 3)),
]


@pytest.mark.parametrize(("contract_type", "sentence", "article"), NOT_THIS_ARTICLE)
def test_a_neighbouring_subject_does_not_take_the_article(contract_type, sentence, article):
    assert article not in _basis(sentence, contract_type), sentence


@pytest.mark.parametrize("clause", [
    "3.4 房屋因台风、暴雨等自然灾害损毁而无法使用期间，租金照常计收。",
    "如遇火灾致使仓库灭失，乙方的租金仍应按月支付。",
])
def test_rent_running_on_while_the_premises_are_destroyed_is_its_own_finding(clause):
    """A second risk of a clause (the rent running on, 729) is found as its own finding, beside a forum or a
    penalty read in the same clause."""
    text = ("第一条 甲方将厂房出租给乙方，租期三年，月租金五万元。\n" + clause
            + "因本合同发生的争议，由甲方住所地人民法院管辖。")
    sections = [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line,
                             para_start=i + 1, para_end=i + 1) for i, line in enumerate(text.split("\n"))]
    found = [f for f in contract_findings(sections, "lease", STARTER, side="乙方（承租方）") if f.section_order == 2]
    cited = {(b.law, b.article) for f in found for b in f.basis}
    assert (CIVIL, 729) in cited, [(f.rule_code, f.basis) for f in found]


def test_rent_running_on_after_damage_the_lessee_caused_is_silent():
    text = ("第一条 甲方将厂房出租给乙方，租期三年，月租金五万元。\n"
            "因乙方使用不当致房屋损毁无法使用的，乙方应负责修复，修复期间租金照常支付。")
    sections = [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line,
                             para_start=i + 1, para_end=i + 1) for i, line in enumerate(text.split("\n"))]
    found = contract_findings(sections, "lease", STARTER, side="乙方（承租方）")
    assert not any(f.rule_code == "lease-no-rent-reduction" for f in found), found
