"""Contract type read from titles naming several types, composites, and type checklists met only by a clause
that agrees the point. Clauses written for these tests, in wordings of their own."""

from __future__ import annotations

import pytest

from contracts.ingest.parties import composite_types, guess_contract_type
from contracts.playbook import contract_facts, contract_findings, starter_rules
from contracts.playbook.engine import missing_clause_findings
from tests.contracts.playbook_support import line_sections, rule_case_tests
from tests.contracts.type_reader_cases import LOOKALIKES, RISKS

RULES = starter_rules()


def _type(text: str) -> str:
    return guess_contract_type(text[:3000], [], text)


@pytest.mark.parametrize(("text", "kind"), [
    # two types in the title: the parties' roles choose
    ("货物仓储与城市配送服务合同\n存货方（甲方）：某食品公司\n保管方（乙方）：某物流公司\n仓储费按月结算。", "storage"),
    ("物流及仓储一体化协议\n托运人：某电器公司\n承运人：某运输公司\n运费按车次计收，货物运至收货人。",
     "transport"),
    # a type whose title word lies inside another's is not named
    ("设备融资租赁合同\n出租人：某租赁公司\n承租人：某机械厂", "finance_lease"),
    ("仓库租赁合同\n出租方：某置业公司\n承租方：某贸易公司\n租金按季支付。", "lease"),
    ("技术服务合同\n委托方：某公司\n受托方：某研究所", "tech_service"),
    # roles named after the alias (以下简称“…”，即…)
    ("冷库服务协议\n甲：某冷链公司（以下简称“服务方”）\n乙：某水产公司（以下简称“委托方”，即存货人）\n"
     "仓储费按托盘计收，存货人提取仓储物。", "storage"),
])
def test_a_title_naming_several_types_is_read_by_the_parties_roles(text, kind):
    assert _type(text) == kind


def test_a_three_party_sale_with_a_broker_holds_both_types():
    text = ("二手住房买卖中介合同\n卖方（甲方）：张某\n买方（乙方）：李某\n中介方（丙方）：某房产经纪公司\n"
            "第一条 房屋坐落于某市某区，不动产权证号某某。\n第二条 成交价格一百万元。")
    assert _type(text) == "sale"
    assert composite_types(text[:3000], text) == frozenset({"intermediary"})
    facts = contract_facts(line_sections(text), side="乙方")
    assert facts.also_types == frozenset({"intermediary"})


def test_a_title_naming_two_types_without_the_second_roles_is_no_composite():
    text = "仓储及配送物流服务合同\n存货人（甲方）：某公司\n保管人（乙方）：某公司\n仓储费按月支付。"
    assert composite_types(text[:3000], text) == frozenset()


def _missing(text: str, kind: str, side: str) -> set[str]:
    return {f.rule_code for f in missing_clause_findings(line_sections(text), kind, RULES, side=side)}


HOUSE = ("卖方（甲方）：周某\n买方（乙方）：吴某\n第一条 房屋坐落于某市某路8号，房产证号第123号，该房屋现抵押给某银行，"
         "尚欠按揭贷款四十万元。\n第二条 总价二百万元，买方分两期付款。\n")


def test_a_mortgaged_flat_sold_without_a_release_term_is_flagged_for_the_buyer():
    assert "house-sale-mortgage-release-missing" in _missing(HOUSE, "sale", "乙方（买方）")
    # the seller is not the one the term protects
    assert "house-sale-mortgage-release-missing" not in _missing(HOUSE, "sale", "甲方（卖方）")


def test_a_release_term_with_its_time_meets_the_checklist():
    text = HOUSE + "第三条 卖方应于收到首期房款之日起十个工作日内还清贷款并注销抵押登记。"
    assert "house-sale-mortgage-release-missing" not in _missing(text, "sale", "乙方（买方）")
    # a sentence that only names the mortgage agrees nothing
    text = HOUSE + "第三条 房屋抵押事宜由卖方负责处理。"
    assert "house-sale-mortgage-release-missing" in _missing(text, "sale", "乙方（买方）")


def test_the_co_owner_consent_checklist():
    assert "house-sale-co-owner-consent-missing" in _missing(HOUSE, "sale", "乙方（买方）")
    text = HOUSE + "第四条 卖方保证其配偶已书面同意出售该房屋，同意书作为本合同附件。"
    assert "house-sale-co-owner-consent-missing" not in _missing(text, "sale", "乙方（买方）")
    # a developer's 商品房 sale is no private owner's disposal
    text = HOUSE.replace("第一条", "第一条 本商品房由出卖人开发建设，")
    assert "house-sale-co-owner-consent-missing" not in _missing(text, "sale", "乙方（买方）")


def test_a_receipt_named_in_a_definition_is_no_duty_to_issue_one():
    base = ("存货人（甲方）：某公司\n保管人（乙方）：某仓储公司\n1.1 “货物”指甲方交存的商品，以《入库单》记载为准。\n"
            "1.2 仓储费按月结算。")
    assert "storage-receipt-missing" in _missing(base, "storage", "甲方（存货人）")
    text = base + "\n1.3 乙方应在货物入库验收当日向甲方签发入库单。"
    assert "storage-receipt-missing" not in _missing(text, "storage", "甲方（存货人）")


def test_the_equity_handover_checklist():
    base = "转让方（甲方）：某某\n受让方（乙方）：某某\n第一条 甲方将其持有的目标公司30%股权转让给乙方。"
    assert "equity-handover-missing" in _missing(base, "equity", "乙方（受让方）")
    assert "equity-handover-missing" not in _missing(base, "equity", "甲方（转让方）")
    text = base + "\n第二条 变更登记完成后三日内，甲方应向乙方移交目标公司的公章、营业执照及财务账簿。"
    assert "equity-handover-missing" not in _missing(text, "equity", "乙方（受让方）")


def test_a_long_credit_term_without_retention_of_title_is_the_sellers_point():
    base = "供方（乙方）：某零件厂\n需方（甲方）：某整机厂\n第四条 需方于货物验收合格后九十日内付款。"
    assert "sale-retention-of-title-missing" in _missing(base, "sale", "乙方（供方）")
    assert "sale-retention-of-title-missing" not in _missing(base, "sale", "甲方（需方）")
    text = base + "\n第五条 需方付清全部货款之前，货物所有权仍归供方所有。"
    assert "sale-retention-of-title-missing" not in _missing(text, "sale", "乙方（供方）")
    # cash on delivery: no credit to secure
    cash = "供方（乙方）：某零件厂\n需方（甲方）：某整机厂\n第四条 需方于提货时一次付清货款。"
    assert "sale-retention-of-title-missing" not in _missing(cash, "sale", "乙方（供方）")


def test_a_service_handling_customers_personal_data_needs_the_entrustment_terms():
    base = "委托方（甲方）：某餐饮公司\n服务方（乙方）：某运营公司\n一、乙方负责甲方网店的在线客服咨询回复及会员管理。"
    assert "service-personal-info-entrusted-missing" in _missing(base, "service", "甲方（委托方）")
    text = base + "\n二、乙方仅为本合同目的处理顾客个人信息，不得向第三方提供，合同终止后应删除。"
    assert "service-personal-info-entrusted-missing" not in _missing(text, "service", "甲方（委托方）")


# -- one-sided terms in phrasings the lexicon lacked: each found in wordings of its own, lawful look-alikes silent --

test_the_rule_finds_its_risk, test_a_lawful_look_alike_raises_nothing = rule_case_tests(RULES, RISKS, LOOKALIKES)


@pytest.mark.parametrize(("code", "contract_type", "text", "other_side"), [
    ("equity-preemption-left-to-transferor", "equity",
     "第五条 标的股权的优先购买权问题，不影响乙方按本协议支付转让价款。", "甲方（转让方）"),
    ("inspection-objection-without-time-limit", "sale",
     "第七条 需方无论何时发现货物存在质量瑕疵，均可向供方提出退货或索赔。", "甲方（需方）"),
    ("indemnity-covers-others-own-fault", "service",
     "第九条 甲方因任何原因遭受第三方索赔的，即使系甲方自身过错所致，乙方亦应全额赔偿甲方损失。", "甲方"),
])
def test_the_other_sides_risk_is_not_ours(code, contract_type, text, other_side):
    found = {f.rule_code for f in contract_findings(line_sections(text), contract_type, RULES, side=other_side)}
    assert code not in found


def test_a_counterpart_the_contract_never_names_reads_the_other_party():
    from contracts.playbook.engine import _absent_counterpart
    contract = "本协议由数据服务提供方与客户签订。服务提供方按月收取费用。"
    rewrite = "使用方逾期付款的，提供方可以暂停服务。"
    assert _absent_counterpart(rewrite, contract) == "对方逾期付款的，提供方可以暂停服务。"
    # both roles named: nothing changes
    assert _absent_counterpart(rewrite, "提供方与使用方约定如下。") == rewrite
