"""Liability caps, compounding and stacked late charges, and one-sided penalties (issue 21), read as typed
figures and judged by figures.toml: clauses written here in several wordings; lawful look-alikes stay silent."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_findings, starter_rules
from contracts.playbook import facts as reader
from contracts.playbook.facts import figure_table
from contracts.types import SectionDraft

RULES = starter_rules()
PRICE = "第一条 本合同总价款为人民币100万元。"


def found(texts: list[str], contract_type: str, side: str) -> dict[str, list]:
    sections = [SectionDraft(order=i + 1, kind="clause", number="", title="", text=t, para_start=i + 1,
                             para_end=i + 1) for i, t in enumerate(texts)]
    out: dict[str, list] = {}
    for f in contract_findings(sections, contract_type, RULES, side=side):
        if f.section_order is not None:
            out.setdefault(f.rule_code, []).append(f)
    return out


# -- liability caps --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "第十条 乙方的违约赔偿责任以合同总价的百分之五为限。",
    "10.2 服务方对客户承担的赔偿总额最高不超过人民币3万元。",
    "第十一条 受托方因履行本合同给委托方造成损失的，其赔偿责任累计不超过合同价款的10%。",
    "第九条 乙方在本合同项下的最高赔偿额为人民币2万元。",
    "第九条 乙方就本合同承担的全部责任（无论基于合同、侵权或其他）之上限为本合同总价的10%。",
    "第九条 乙方的赔偿责任封顶为合同价款的5%。",
])
def test_a_cap_far_below_the_price_is_found(text):
    side = "客户" if "客户" in text else "委托方" if "委托方" in text else "甲方"
    hits = found([PRICE, text], "service", side)
    assert "liability-cap-far-below-price" in hits
    f = hits["liability-cap-far-below-price"][0]
    assert {b.article for b in f.basis} >= {584}
    assert "百分之二十" in f.description or "20%" in f.description


@pytest.mark.parametrize("text", [
    # a cap at the price or above it, or on a penalty alone, or a cap the firm's side enjoys: silent
    "第十条 乙方的赔偿责任以本合同总价款为限，但因故意或重大过失造成的损失除外。",
    "第十条 乙方的违约赔偿责任以合同总价的百分之五十为限。",
    "第十条 乙方逾期交付的，每日按合同总价的万分之五支付违约金，违约金累计不超过合同总价的百分之五。",
    "第十条 甲方的违约赔偿责任以合同总价的百分之五为限。",
    "第十条 货物在运输途中的合理损耗以0.5%为限，超出部分由乙方赔偿。",
])
def test_lawful_caps_are_silent(text):
    assert "liability-cap-far-below-price" not in found([PRICE, text], "service", "甲方")


def test_a_penalty_cap_is_no_liability_cap_figure():
    figures = reader.read_clause("逾期交付的，违约金累计不超过合同总价的百分之五。").figures
    assert [f.subject for f in figures] == ["penalty"]


@pytest.mark.parametrize("text", [
    "第十条 无论损失因何产生（包括人身伤亡），乙方的赔偿责任均不超过当期服务费。",
    "第十条 乙方的赔偿总额以合同总价款为限，该限额适用于包括人身损害在内的一切损失。",
    "第十条 乙方的全部赔偿责任以人民币一万元为限，包括因乙方故意或者重大过失造成的损失。",
])
def test_a_cap_reaching_intent_or_personal_injury_is_decided_by_506(text):
    hits = found([text], "service", "甲方")
    assert any(506 in {b.article for b in f.basis} for fs in hits.values() for f in fs), hits.keys()


# -- compounding and stacked late charges ------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "contract_type", "side"), [
    ("第十条 甲方逾期付款的，每日按欠款的万分之五支付滞纳金，滞纳金计入欠款本金，一并计收滞纳金。", "sale", "甲方"),
    ("第七条 乙方逾期交租的，以欠付租金及滞纳金之和为基数，按日千分之一计收滞纳金。", "lease", "乙方"),
    ("第九条 买方逾期付款的，对未付的违约金，卖方有权继续按日万分之三计收违约金。", "sale", "买方"),
    ("第八条 业主逾期交纳物业费的，按日万分之五计收滞纳金。逾期未交的滞纳金转入欠费本金。", "property", "业主"),
    ("第十条 甲方逾期付款的，应按日万分之五支付违约金，未付违约金按同一标准计算违约金。", "service", "甲方"),
    ("第十条 甲方逾期付款的，每日加收欠款总额（含已产生的滞纳金）千分之一的滞纳金。", "service", "甲方"),
    ("第十条 甲方逾期付款的，逾期款项按日万分之五计算违约金，违约金按月滚入欠款。", "service", "甲方"),
])
def test_a_charge_counted_on_itself_is_found(text, contract_type, side):
    hits = found([text], contract_type, side)
    assert "late-fee-compounded" in hits
    assert {585} <= {b.article for b in hits["late-fee-compounded"][0].basis}


@pytest.mark.parametrize("text", [
    "第十条 甲方逾期付款的，按日万分之三支付违约金，不计复利。",
    "第十条 甲方逾期付款的，按日万分之五计收违约金，违约金不计入本金。",
    "第十条 甲方逾期付款的，以逾期未付的货款本金为基数，按日万分之五计付违约金。",
    "第十条 甲方逾期付款的，按日万分之五计收违约金，以未付款项本金为基数，已产生的违约金不计算违约金。",
    "第十条 甲方逾期付款的，按欠款（不含滞纳金）的日万分之五计收滞纳金。",
    "第十条 甲方逾期付款的，应支付欠款及按日万分之五计算的违约金。",
])
def test_a_charge_on_the_debt_alone_is_not_compounded(text):
    assert "late-fee-compounded" not in found([text], "sale", "甲方")


@pytest.mark.parametrize("text", [
    "第十条 甲方逾期付款的，除按日万分之五支付违约金外，还应按年利率百分之二十四支付逾期利息。",
    "第十条 承租人迟延交付租金的，按月息百分之二支付资金占用费，另按每日千分之零点五计收滞纳金。",
])
def test_stacked_late_charges_are_judged_together(text):
    hits = found([text], "lease" if "承租人" in text else "sale", "承租人" if "承租人" in text else "甲方")
    assert "late-charges-stacked" in hits
    assert "合计年化" in hits["late-charges-stacked"][0].description


@pytest.mark.parametrize("text", [
    "第十条 甲方逾期付款的，按年利率百分之六支付逾期利息，另按日万分之一支付违约金。",
    "第十条 甲方逾期付款的，按日万分之五支付违约金。",
])
def test_modest_late_charges_together_are_silent(text):
    assert "late-charges-stacked" not in found([text], "sale", "甲方")


def test_a_loan_compounded_or_stacked_cites_the_lending_rules():
    text = "第七条 借款人逾期还款的，按年利率百分之十计收逾期利息，另按日万分之五支付违约金。"
    hits = found([text], "loan", "借款人")
    articles = {b.article for fs in hits.values() for f in fs for b in f.basis}
    assert 29 in articles


# -- one-sided penalties ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("theirs", "ours"), [
    ("第八条 卖方违约的，应向买方支付合同总价百分之五的违约金。",
     "第九条 买方违约的，应向卖方支付合同总价百分之三十的违约金。"),
    ("第八条 卖方违约的，应承担相应的违约责任。",
     "第九条 买方违约的，应向卖方支付合同总价百分之三十的违约金。"),
    ("第八条 卖方违约的，应向买方支付违约金人民币5万元。",
     "第九条 买方违约的，应向卖方支付违约金人民币30万元。"),
])
def test_ours_far_heavier_than_theirs_is_one_finding_naming_both(theirs, ours):
    hits = found([PRICE, theirs, ours], "sale", "买方")
    assert len(hits.get("penalty-one-sided", [])) == 1
    said = hits["penalty-one-sided"][0].description
    assert "买方违约" in said and "卖方违约" in said


@pytest.mark.parametrize(("texts", "side"), [
    # even penalties; the heavier one theirs; ours alone with the other side's breach never named; a small one
    (["第八条 卖方违约的，应向买方支付合同总价百分之二十的违约金。",
      "第九条 买方违约的，应向卖方支付合同总价百分之二十的违约金。"], "买方"),
    (["第八条 卖方违约的，应向买方支付合同总价百分之五的违约金。",
      "第九条 买方违约的，应向卖方支付合同总价百分之三十的违约金。"], "卖方"),
    (["第九条 买方违约的，应向卖方支付合同总价百分之三十的违约金。"], "买方"),
    (["第八条 卖方违约的，应承担违约责任。", "第九条 买方违约的，应向卖方支付合同总价百分之五的违约金。"], "买方"),
    (["第八条 任何一方违约的，应向对方支付合同总价20%的违约金。", "第九条 买方逾期付款的，应承担违约责任。"], "买方"),
])
def test_balanced_or_light_penalties_are_silent(texts, side):
    assert "penalty-one-sided" not in found([PRICE, *texts], "sale", side)


def test_a_tenant_paying_ten_times_the_landlord_is_found_naming_both():
    hits = found(["第一条 租金总额为人民币60万元。",
                  "第十条 甲方违约的，应向乙方退还已收租金并支付租金总额5%的违约金。",
                  "第十一条 乙方提前退租的，应按租金总额的50%向甲方支付违约金。"], "lease", "乙方")
    said = hits["penalty-one-sided"][0].description
    assert "50%" in said and "5%" in said


def test_a_delay_penalty_ten_times_the_other_sides_names_both():
    hits = found([PRICE, "第八条 卖方逾期交货的，每逾期一日按合同总价的万分之一支付违约金。",
                  "第九条 买方逾期付款的，每逾期一日按合同总价的千分之一支付违约金。"], "sale", "买方")
    said = " ".join(f.description for fs in hits.values() for f in fs)
    assert "卖方逾期" in said and "买方逾期" in said


def test_the_new_thresholds_are_in_the_table():
    _, thresholds = figure_table()
    for name in ("cap_share", "cap_amount_share", "penalty_compounded", "late_total", "penalty_one_sided"):
        assert name in thresholds
    assert thresholds["penalty_one_sided"].at_least == 10
