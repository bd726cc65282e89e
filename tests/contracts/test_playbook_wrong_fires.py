"""Findings that fired where a lawyer would not comment, or twice where a lawyer comments once (issue 21): a
non-compete penalty stated as a multiple of the compensation, one at-will termination read by a general and a
labour rule, and the preamble's declaration that the standard terms were explained (reviewed now)."""

from __future__ import annotations

from contracts.playbook import contract_findings, starter_rules
from contracts.types import SectionDraft

STARTER = starter_rules()

PARTIES = "甲方（用人单位）：某某科技有限公司\n乙方（劳动者）：张三"


def _findings(contract_type: str, clauses: list[str], side: str = "", *, preamble: str = PARTIES):
    sections = [SectionDraft(order=1, kind="preamble", number="", title="", text=preamble, para_start=1, para_end=1)]
    sections += [SectionDraft(order=i + 2, kind="clause", number="", title="", text=text,
                              para_start=i + 2, para_end=i + 2) for i, text in enumerate(clauses)]
    return [f for f in contract_findings(sections, contract_type, STARTER, side=side) if f.section_order is not None]


def test_a_non_compete_penalty_over_the_compensation_is_no_contract_price_share():
    clause = "第二条 乙方违反竞业限制义务的，应向甲方支付违约金，违约金为甲方已支付竞业限制补偿总额的三倍。"
    codes = {f.rule_code for f in _findings("labor", [clause], "乙方（劳动者）")}
    assert not codes & {"generic-penalty-high", "fact-penalty-multiple", "fact-penalty-over-30"}, codes
    # the same multiple over the contract price is a penalty far above any loss
    sale = "第九条 乙方逾期交货的，应按合同总价的三倍向甲方支付违约金。"
    found = _findings("sale", [sale], "乙方", preamble="甲方（买方）：某公司\n乙方（卖方）：某公司")
    assert {"generic-penalty-high", "fact-penalty-multiple"} & {f.rule_code for f in found}


def test_one_at_will_termination_is_one_issue():
    clause = "第三条 甲方有权随时解除本合同，无需承担任何责任。"
    found = _findings("labor", [clause], "乙方（劳动者）")
    assert [f.rule_code for f in found] == ["labor-terminate-at-will"], [(f.rule_code, f.quote) for f in found]
    # outside a labour contract the general rule speaks
    service = _findings("service", [clause], "乙方", preamble="甲方：某公司\n乙方：某公司")
    assert "fact-terminate-at-will" in {f.rule_code for f in service}


NOTICE = ("甲方（委托人）：陈思远\n乙方（居间方）：某某房地产经纪有限公司\n"
          "重要提示：本合同为乙方制定的格式文本。甲方在签署前已仔细阅读全部条款，乙方已对全部条款作出充分提示和说明，"
          "甲方对本合同全部内容无任何异议。")


def test_the_preamble_declaring_the_standard_terms_explained_is_reviewed_for_the_other_party():
    clause = "一、甲方委托乙方为其寻找二手住宅。"
    found = _findings("intermediary", [clause], "甲方（委托人）", preamble=NOTICE)
    on_notice = [f for f in found if f.section_order == 1]
    assert [f.rule_code for f in on_notice] == ["blanket-notice-declaration"]
    assert ("中华人民共和国民法典", 496) in {(b.law, b.article) for b in on_notice[0].basis}
    # the party that drafted the terms: its own notice is not its risk
    assert not [f for f in _findings("intermediary", [clause], "乙方（居间方）", preamble=NOTICE)
                if f.section_order == 1]
    # a notice that names the terms and marks them in bold is what the law asks for
    proper = NOTICE.replace("乙方已对全部条款作出充分提示和说明，甲方对本合同全部内容无任何异议",
                            "乙方已以加粗字体对第五条、第七条作出提示，并应甲方要求作出说明")
    assert not [f for f in _findings("intermediary", [clause], "甲方（委托人）", preamble=proper)
                if f.section_order == 1]


def test_the_preamble_is_read_only_by_the_rules_written_for_it():
    # the parties' block names a 定金-free amount and an at-will word: no clause rule reads it
    preamble = PARTIES + "\n鉴于甲方可随时解除与第三方的合作，双方订立本合同。"
    found = _findings("labor", ["第一条 乙方担任工程师。"], "乙方（劳动者）", preamble=preamble)
    assert not [f for f in found if f.section_order == 1]


def test_a_penalty_written_as_a_product_is_read_as_a_formula():
    from contracts.playbook import facts as reader
    rates = reader.read_clause("乙方应按短少货物零售价格乘以三再乘以短少天数的百分之十支付违约金。").rates
    multiple = next(r for r in rates if r.multiple)
    assert (multiple.percent, multiple.base, multiple.label) == (300.0, "短少货物零售价格", "违约金")
    assert next(r for r in rates if not r.multiple).per == "day"  # 乘以短少天数: per day short
    # ×1% is a share and ×逾期天数 a count of days, not multiples
    assert not [r for r in reader.read_clause("违约金＝加工费总额×逾期天数×1%。").rates if r.multiple]
    storage = "存货方：某公司（以下简称甲方）\n保管方：某冷链物流公司（以下简称乙方）"
    clause = "第七条 仓储物短少的，乙方应按短少货物零售价格乘以三支付违约金。"
    found = _findings("storage", [clause], "乙方（保管方）", preamble=storage)
    penalty = [f for f in found if f.rule_code in ("fact-penalty-multiple", "fact-penalty-over-30")]
    assert penalty and "300%" in penalty[0].description, [(f.rule_code, f.description) for f in found]


def test_a_generic_word_is_no_party_when_a_party_is_named():
    consult = "甲方：某某水务有限公司\n乙方：某某环境技术有限公司"
    clause = "第九条 乙方有权将本项目的工艺数据用于其学术论文发表及向其他客户展示项目案例，无需征得甲方同意。"
    assert "generic-unilateral-change" not in {f.rule_code for f in _findings("tech_service", [clause], "乙方",
                                                                                    preamble=consult)}


def test_a_penalty_plus_all_losses_is_the_payers_risk():
    from contracts.playbook.engine import payer_of
    assert payer_of("乙方违约的，甲方有权要求乙方支付违约金并赔偿全部损失") == "乙方"
    assert payer_of("甲方逾期付款的，甲方应向乙方支付违约金，并赔偿乙方全部损失") == "甲方"
    sale = "甲方（买方）：某公司\n乙方（卖方）：某公司"
    clause = "第九条 乙方逾期交货的，甲方有权要求乙方支付违约金并赔偿甲方因此遭受的全部损失。"
    codes = lambda side: {f.rule_code for f in _findings("sale", [clause], side, preamble=sale)}  # noqa: E731
    assert "fact-penalty-plus-all-losses" in codes("乙方（卖方）")
    assert "fact-penalty-plus-all-losses" not in codes("甲方（买方）")


def test_a_numbered_clause_declaring_the_terms_explained_and_what_is_no_such_declaration():
    sale = "甲方（买方）：某公司\n乙方（卖方）：某公司"
    clauses = ["第一条 乙方已向甲方充分说明产品的使用方法和注意事项。", "第二条 双方对本合同内容无异议，自愿签署。",
               "第三条 乙方已对本合同全部条款作出充分提示和说明，甲方对本合同全部内容无任何异议。"]
    found = _findings("sale", clauses, "甲方（买方）", preamble=sale)
    declared = {f.section_order for f in found if f.rule_code == "blanket-notice-declaration"}
    assert declared == {4}, [(f.section_order, f.rule_code) for f in found]


def test_a_penalty_over_a_stated_figure_shows_the_amount_it_comes_to():
    service = "甲方（委托方）：某公司\n乙方（服务方）：某公司"
    clauses = ["第一条 本合同总价款为人民币100万元。", "第二条 乙方违约的，应按合同总价款的三倍向甲方支付违约金。"]
    found = [f for f in _findings("service", clauses, "乙方（服务方）", preamble=service) if f.section_order == 3]
    assert found and "3,000,000 元" in found[0].description, [f.description for f in found]
