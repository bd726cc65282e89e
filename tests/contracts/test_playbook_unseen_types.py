"""Issue 21, second round (docs/decisions/contract-missed-families.md): the type of a contract whose title hides
it, read from what is promised for what, and rule families for the types first seen — each finding its risk in
wordings of its own and silent on the lawful look-alikes."""

from __future__ import annotations

import pytest

from contracts.ingest.parties import guess_contract_type
from contracts.playbook import starter_rules
from tests.contracts.playbook_support import missing_codes, rule_case_tests
from tests.contracts.unseen_type_cases import LOOKALIKES, RISKS, WIDENED, WIDENED_LOOKALIKES

RULES = starter_rules()


def _missing(text: str, kind: str, side: str, code: str) -> set[str]:
    return missing_codes(RULES, text, kind, side, code)


def _type(text: str) -> str:
    return guess_contract_type(text[:3000], [], text)


def test_every_rule_has_risks_and_look_alikes():
    assert set(RISKS) == set(LOOKALIKES)
    assert set(RISKS) <= {r.code for r in RULES}


test_the_rule_finds_its_risk, test_a_lawful_look_alike_raises_nothing = rule_case_tests(RULES, RISKS, LOOKALIKES)
test_a_widened_phrasing_finds_its_risk, test_a_widened_look_alike_raises_nothing = rule_case_tests(
    RULES, WIDENED, WIDENED_LOOKALIKES)


@pytest.mark.parametrize(("text", "kind"), [
    # a brokerage titled an information service between a principal and a broker
    ("商铺求租信息服务协议\n委托方（甲方）：某餐饮公司\n服务方（乙方）：某商业地产顾问公司\n"
     "第一条 乙方为甲方寻找合适铺位，向甲方报告订立租赁合同的机会。\n"
     "第二条 甲方与出租人签订租赁合同后，向乙方支付相当于半个月租金的服务费；乙方未能促成的，不得收取服务费。",
     "intermediary"),
    # a storage titled a service
    ("成品暂存服务合同\n甲方：某家具厂\n乙方：某物流园\n第一条 甲方将成品家具交由乙方仓库存放，乙方负责保管。\n"
     "第二条 乙方凭甲方出具的出库单发货。", "storage"),
    # a property service titled a general management service
    ("园区综合管理服务协议\n甲方：某产业园业主委员会\n乙方：某管理公司\n"
     "第一条 乙方负责园区共用部位、共用设施设备的维修养护和保洁。\n第二条 业主每月向乙方交纳物业服务费。", "property"),
    # a performance titled a cooperation
    ("年会合作协议\n甲方：某科技公司\n乙方：某乐队\n第一条 乙方于甲方年会晚会上演唱五首歌曲。\n"
     "第二条 甲方向乙方支付出场费八万元。", "performance"),
    # a processing of personal information titled a technical service
    ("会员运营技术服务协议\n甲方：某连锁药店\n乙方：某软件公司\n第一条 甲方委托乙方存储和分析会员个人信息。\n"
     "第二条 乙方应按照甲方的指示处理个人信息，合同终止后删除个人信息。", "data"),
    # a guarantee titled an undertaking
    ("代偿承诺书\n承诺人：周某\n债权人：某小额贷款公司\n第一条 借款人未按期还款的，由承诺人承担连带清偿责任。\n"
     "第二条 承诺人承担责任的期间为借款到期后一年。", "guarantee"),
    # a brokerage whose title names the sale it brokers, between a buyer and the broker only
    ("二手房买卖居间服务协议\n甲方（委托人/买方）：吴某\n乙方（居间方）：某房产经纪公司\n"
     "第一条 乙方向甲方报告房源信息，协助甲方与出卖人签约。\n第二条 甲方与出卖人签订买卖合同的，视为居间成功。",
     "intermediary"),
])
def test_a_hidden_type_is_read_from_what_is_promised(text, kind):
    assert _type(text) == kind


@pytest.mark.parametrize(("text", "kind"), [
    # a warehouse let to a tenant who stores its own goods stays a lease: its parties hold the lease's roles
    ("仓库租赁合同\n出租方（甲方）：某物流园\n承租方（乙方）：某贸易公司\n第一条 甲方将仓库出租给乙方存放货物，"
     "乙方自行保管。\n第二条 租金每月三万元。\n第三条 保管期间货物毁损的由乙方自负。", "lease"),
    # a loan with a mortgage between lender and borrower stays a loan though a guarantor promises too
    ("借款及抵押合同\n出借人（甲方）：钱某\n借款人（乙方）：孙某\n第一条 借款五十万元。\n"
     "第二条 乙方不能按期还款的，由丙方承担连带清偿责任，保证期间为三年。", "loan"),
    # a sale between seller and buyer naming a broker's fee stays a sale
    ("房屋买卖合同\n出卖人（甲方）：李某\n买受人（乙方）：王某\n第一条 房屋总价三百万元。\n"
     "第二条 中介费由乙方承担。", "sale"),
])
def test_the_title_stands_when_the_parties_hold_its_roles(text, kind):
    assert _type(text) == kind


@pytest.mark.parametrize(("code", "kind", "side", "lacking", "agreed"), [
    ("guarantee-amount-cap-missing", "guarantee", "乙方（保证人）",
     "第二条 保证范围包括主债权本金、利息、违约金及实现债权的费用。",
     "第二条 保证人承担保证责任的最高金额为人民币三十万元。"),
    ("guarantee-amount-cap-missing", "guarantee", "保证人",
     "第三条 担保金额以债权人发放的借款为准。",
     "第三条 保证人在人民币五十万元范围内承担保证责任。"),
    ("payer-late-payment-liability-missing", "performance", "乙方（艺人）",
     "第七条 艺人无故缺席演出的，应支付演出费两倍的违约金。",
     "第七条 甲方逾期支付演出费的，每日按未付金额的万分之五支付违约金。"),
    ("payer-late-payment-liability-missing", "storage", "乙方（保管人）",
     "第六条 保管人保管不善造成货物毁损的，应按货值赔偿。",
     "第六条 存货人拖欠仓储费超过三十日的，应承担逾期部分每日千分之一的滞纳金。"),
])
def test_a_checklist_point_is_met_only_by_a_sentence_that_agrees_it(code, kind, side, lacking, agreed):
    assert code in _missing(lacking, kind, side, code)
    assert code not in _missing(agreed, kind, side, code)


def test_the_payee_check_is_not_the_payers_risk():
    text = "第七条 艺人无故缺席演出的，应支付演出费两倍的违约金。"
    assert "payer-late-payment-liability-missing" not in _missing(
        text, "performance", "甲方（主办方）", "payer-late-payment-liability-missing")


@pytest.mark.parametrize(("text", "per", "base"), [
    # the period word begins the base: a share of a year's (a month's) rent, not a rate per year (month)
    ("第八条 承租方提前退租的，应按年租金的20%支付违约金。", "", "年租金"),
    ("三、委托人私下成交的，按月租金的80%支付报酬。", "", "月租金"),
    ("每迟延一天，按月服务费的2%支付违约金。", "day", "月服务费"),
    # a period still: the rate itself named per year, a charge paid per day
    ("借款按年利率12%计算利息。", "year", "年利率"),
    ("逾期付款的，应按日支付万分之五的违约金。", "day", None),
])
def test_a_period_word_that_begins_a_base_is_no_period(text, per, base):
    from contracts.playbook.facts import read_clause
    (rate,) = read_clause(text).rates
    assert rate.per == per
    if base is not None:
        assert rate.base == base
