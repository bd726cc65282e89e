"""Who bears it (issue 21): a cost, risk, loss, liability or duty read as a typed allocation per clause sentence
(facts.Allocation: the party, bears / exempt / shares, the heads, total or one item, own fault / force majeure /
the law), bound to our side through the party reader; the burden and exemption rules read that fact. Clauses
written here in wordings of their own."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_findings, starter_rules
from contracts.playbook import facts as reader
from contracts.types import SectionDraft

STARTER = starter_rules()


BURDEN_RULES = [r for r in STARTER if r.code.startswith("burden-")]


def _codes(contract_type: str, text: str, side: str = "", rules=STARTER) -> set[str]:
    """The rules that report the clauses (``rules``: the whole starter set, where one risk is one issue and a typed
    rule may speak for the burden rule, or the burden rules alone)."""
    sections = [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line,
                             para_start=i + 1, para_end=i + 1) for i, line in enumerate(text.split("\n"))]
    return {f.rule_code for f in contract_findings(sections, contract_type, rules, side=side)
            if f.section_order is not None}


def _alloc(sentence: str) -> list[tuple[str, str, frozenset[str], str, str]]:
    return [(x.party, x.polarity, x.what, x.scope, x.cause) for x in reader.read_clause(sentence).allocations]


# -- the reader ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("sentence", "party", "polarity", "heads", "scope"), [
    # passive 由…, with 均 before it
    ("项目实施中发生的差额及杂项开支均由承包方负担。", "承包方", "bears", {"cost"}, "all"),
    # topic first, the bearer after it
    ("场地清理费、垃圾外运费用，买方自行承担。", "买方", "bears", {"cost"}, "item"),
    # a list of heads with a quantifier over them
    ("经营期间产生的一切税款、罚金及滞纳金由乙方自理。", "乙方", "bears", {"tax", "fine"}, "all"),
    # whatever the cause
    ("设备的检修保养，不论故障因何产生，统一由承租方负责。", "承租方", "bears", {"repair"}, "all"),
    # negatives first: 概不 / 不对…承担 / 无需
    ("对于乙方人员在作业中遭受的意外，甲方概不负责。", "甲方", "exempt", {"loss"}, "all"),
    ("服务方不就客户依据报告所作决定的任何后果承担责任。", "服务方", "exempt", {"liability"}, "all"),
    # the topic carried into a fragment with no role
    ("许可方可以随时书面通知被许可方收回许可，且无需给予任何补偿。", "许可方", "exempt", set(), "all"),
    # 与X无关 releases X
    ("运输途中的货物灭失由托运人自负，与承运人无关。", "承运人", "exempt", {"loss"}, "item"),
])
def test_the_reader_reads_who_bears_what(sentence, party, polarity, heads, scope):
    found = [(p, pol, what, sc) for p, pol, what, sc, _ in _alloc(sentence)]
    assert any(p == party and pol == polarity and heads <= what and sc == scope for p, pol, what, sc in found), found


@pytest.mark.parametrize(("sentence", "cause"), [
    ("由于承租方使用不当造成的设施损坏，维修费用由承租方承担。", "own_fault"),
    ("受托方违反保密义务的，因此产生的全部损失均由受托方承担。", "own_fault"),
    ("因台风、地震等不可抗力导致货物损毁的，损失由托运方自行承担。", "force_majeure"),
    ("交易所涉及的印花税，由买卖双方依照国家规定各自缴纳。", ""),
])
def test_a_burden_the_law_already_places_is_marked_so(sentence, cause):
    found = _alloc(sentence)
    if not cause:
        # 双方各自缴纳: no one-sided allocation at all
        assert all(p in ("", "双方") or pol == "shares" for p, pol, *_ in found), found
        return
    assert found and all(c == cause for *_, c in found), found


def test_a_force_majeure_said_with_any_other_cause_is_no_force_majeure():
    found = _alloc("因不可抗力或者其他任何原因造成的损失，供方均不承担责任。")
    assert found and found[0][4] == "" and found[0][3] == "all", found


def test_a_cap_is_no_total_exemption():
    found = _alloc("承运方的赔偿以该批货物运费的两倍为限，超出部分承运方不承担任何责任。")
    assert found and all(scope == "item" for *_, scope, _ in found), found


def test_a_prohibited_exemption_is_none():
    assert not [x for x in _alloc("出租方不得以任何理由免除其维修义务。") if x[1] == "exempt"]


def test_an_exemption_said_as_the_other_bearing_is_the_released_partys():
    released = reader.read_clause("寄存期间物品的任何损坏由存货人自行承担，与保管人无关。").exemptions
    assert released and all(e.party in ("保管人", "") for e in released), released
    assert any(e.bearer == "存货人" for e in released)


# -- the rules read the fact ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("contract_type", "clause", "side"), [
    ("service", "第六条 本项目推广过程中产生的全部费用、风险及第三方索赔，均由委托方承担。", "甲方（委托方）"),
    ("service", "第六条 活动执行的一切开支和意外损失，无论起因如何，甲方均应自行负担。", "甲方"),
    ("partnership", "第五条 合伙经营期间如有亏损，全部由乙方承担。", "乙方"),
])
def test_all_burdens_on_our_side_are_reported(contract_type, clause, side):
    assert "burden-all-on-our-side" in _codes(contract_type, clause, side, BURDEN_RULES)


@pytest.mark.parametrize(("contract_type", "clause", "side"), [
    # the other side bears it
    ("service", "第六条 本项目推广过程中产生的全部费用、风险及第三方索赔，均由受托方承担。", "甲方（委托方）"),
    # our own fault, our own people, a mutual sharing, the law's own tax
    ("service", "第六条 因甲方原因导致活动取消的，由此产生的全部费用由甲方承担。", "甲方"),
    ("service", "第六条 甲方派驻人员的全部工资、社会保险及差旅费用由甲方自行承担。", "甲方"),
    ("service", "第六条 本合同履行中各项费用，由双方按照百分之五十的比例分担。", "甲方"),
    ("sale", "第九条 本次交易产生的全部税费，由买卖双方依法各自承担。", "甲方"),
])
def test_look_alike_burdens_stay_silent(contract_type, clause, side):
    assert "burden-all-on-our-side" not in _codes(contract_type, clause, side, BURDEN_RULES)


@pytest.mark.parametrize(("contract_type", "clause", "side"), [
    ("tech_transfer", "第七条 许可方可提前三十日通知被许可方终止本协议，且无需承担任何赔偿责任。", "被许可方"),
    ("service", "第八条 对于客户因使用本服务遭受的任何损失，服务方一概不负责任。", "客户"),
    # a right with the exemption after 而: 有权…而无需…
    ("lease", "第九条 出租方有权提前收回房屋而无需承担任何违约或赔偿责任。", "承租方"),
    # an exception word elsewhere in the sentence (不可抗力) does not silence an exemption that reaches any cause
    ("sale", "第九条 因不可抗力或者其他任何原因造成需方损失的，供方均不承担任何责任。", "需方"),
])
def test_the_other_sides_total_exemption_is_reported(contract_type, clause, side):
    # a total exemption that comes with a right to end the contract is read as the termination's risk
    assert {"burden-other-side-exempt-from-all", "burden-other-side-exempt-on-termination"} & _codes(
        contract_type, clause, side, BURDEN_RULES)
    # in the whole playbook the risk is one issue, whichever rule speaks for it (an exemption or a termination rule)
    assert _codes(contract_type, clause, side)


@pytest.mark.parametrize(("contract_type", "clause", "side"), [
    # our own exemption is not our risk
    ("tech_transfer", "第七条 许可方可提前三十日通知被许可方终止本协议，且无需承担任何赔偿责任。", "许可方"),
    # a mutual force-majeure exemption
    ("service", "第八条 因不可抗力致使合同不能履行的，遭受不可抗力的一方不承担责任。", "客户"),
    # an exemption keeping intent and gross negligence
    ("service", "第八条 服务商对客户的间接损失不承担责任，但服务商故意或者重大过失造成的除外。", "客户"),
])
def test_look_alike_exemptions_stay_silent(contract_type, clause, side):
    assert not {"burden-other-side-exempt-from-all", "burden-other-side-exempt-on-termination"} & _codes(
        contract_type, clause, side, BURDEN_RULES)


def test_an_exemption_of_our_side_is_not_read_as_the_other_sides():
    clause = "第五条 仓库内存放的全部物品如有丢失，由存货方自行承担，与保管方无关。"
    # for the keeper: the clause releases us — no exemption risk of the other side
    assert not _codes("storage", clause, "保管方") & {"fact-exempt-all", "burden-other-side-exempt-from-all"}
    # for the depositor: the keeper is released and we bear the loss
    assert _codes("storage", clause, "存货方") & {"fact-exempt-all", "burden-other-side-exempt-from-all",
                                                   "burden-all-on-our-side", "burden-goods-in-storage-on-depositor",
                                                   "storage-keeper-exempt"}


@pytest.mark.parametrize(("contract_type", "clause", "side", "code"), [
    ("lease", "第八条 房屋屋面渗漏、上下水管道老化等维修，由承租方负责并承担费用。",
     "承租方", "burden-lessee-bears-structural-repairs"),
    ("sale", "第十条 货物在到货验收之前发生毁损的，风险由买方承担。",
     "买方", "burden-goods-risk-before-delivery-on-buyer"),
    ("transport", "第四条 货物在途期间发生丢失、被盗的，损失由托运方承担。",
     "托运方", "burden-goods-in-transit-on-shipper"),
    ("storage", "第四条 货物在库期间发生霉变、短少的，损失由存货方承担。",
     "存货方", "burden-goods-in-storage-on-depositor"),
])
def test_a_burden_the_law_puts_on_the_other_side_is_reported(contract_type, clause, side, code):
    assert code in _codes(contract_type, clause, side, BURDEN_RULES)


@pytest.mark.parametrize(("contract_type", "clause", "side", "code"), [
    # the lessor's repairs on the lessor; the tenant's own misuse
    ("lease", "第八条 房屋主体结构、上下水管道的维修由出租方负责。",
     "承租方", "burden-lessee-bears-structural-repairs"),
    ("lease", "第八条 因承租方使用不当导致管道损坏的，维修由承租方负责。",
     "承租方", "burden-lessee-bears-structural-repairs"),
    # the law's own split of the risk at delivery
    ("sale", "第十条 货物毁损、灭失的风险，在交付之前由卖方承担，交付之后由买方承担。",
     "买方",
     "burden-goods-risk-before-delivery-on-buyer"),
    # the goods' own nature, and the carrier side reading its own favourable clause
    ("transport", "第四条 因货物自然性质或合理损耗造成的在途短少，由托运方承担。",
     "托运方", "burden-goods-in-transit-on-shipper"),
    ("transport", "第四条 货物在途期间发生丢失的，损失由托运方承担。",
     "承运方", "burden-goods-in-transit-on-shipper"),
])
def test_the_laws_own_allocation_stays_silent(contract_type, clause, side, code):
    assert code not in _codes(contract_type, clause, side, BURDEN_RULES)


# -- a period defined in one clause, its consequence in another --------------------------------------------------

def _contract_codes(contract_type: str, clauses: list[str], side: str) -> dict[int, set[str]]:
    sections = [SectionDraft(order=i + 1, kind="clause", number="", title="", text=text,
                             para_start=i + 1, para_end=i + 1) for i, text in enumerate(clauses)]
    out: dict[int, set[str]] = {}
    for f in contract_findings(sections, contract_type, STARTER, side=side):
        if f.section_order is not None:
            out.setdefault(f.section_order, set()).add(f.rule_code)
    return out


def test_a_linked_period_is_read_where_the_clause_names_it():
    deemed = "买方未在检验期内书面提出质量异议的，视为货物合格。"
    found = reader.linked_periods(f"第四条 买方应在货到后二日内完成检验。\n第七条 {deemed}", deemed)
    assert found == [(2.0, "第四条 买方应在货到后二日内完成检验")]
    referred = "逾第三条所定期限未答复的，视为认可。"
    assert reader.linked_periods(f"第三条 复核期限为收到报告后二十个工作日。\n第八条 {referred}", referred)[0][0] >= 20
    # a sentence that names its own figure reads nothing elsewhere
    assert reader.linked_periods("第三条 验收期限为三十日。", "甲方收货后五日内未提出异议的，视为验收合格。") == []


def test_a_deemed_acceptance_after_a_reasonable_period_defined_elsewhere_is_lawful():
    clauses = ["第四条 需方应当在货物送达后三十日内完成质量检验。",
               "第五条 需方未在前条约定的检验期内书面提出异议的，视为货物质量符合约定。"]
    linked = _contract_codes("sale", clauses, "需方").get(2, set())
    short = _contract_codes("sale", [clauses[0].replace("三十日", "二日"), clauses[1]], "需方").get(2, set())
    deemed = {"fact-deemed-acceptance", "sale-deemed-acceptance-short", "deemed-acceptance-by-silence"}
    # the same consequence is a risk when the period it reads is two days, and lawful when it is thirty
    assert short - linked, (short, linked)
    assert not (linked & deemed), linked
