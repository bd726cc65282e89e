"""Figures read as what they measure and judged by the law's thresholds (figures.toml, issue 21): clauses written
here in several wordings per unit and subject; lawful figures stay silent."""

from __future__ import annotations

import tomllib

import pytest

from contracts.playbook import facts as reader
from contracts.playbook import section_findings, starter_rules
from contracts.types import SectionDraft

RULES = starter_rules()


def clause(text: str) -> SectionDraft:
    return SectionDraft(order=1, kind="clause", number="", title="", text=text, para_start=1, para_end=1)


def figures(text: str) -> list[tuple[str, str, str, float]]:
    return [(f.subject, f.item, f.kind, round(f.value, 2)) for f in reader.read_clause(text).figures]


def fired(text: str, contract_type: str) -> set[str]:
    return {f.rule_code for f in section_findings(clause(text), contract_type, RULES)}


# -- the reader: subject, unit and payer ------------------------------------------------------------------


@pytest.mark.parametrize(("text", "want"), [
    # a late fee per day, in every writing, read a year
    ("买方每迟延付款一天，须按欠款的万分之五另付违约金。", ("penalty", "", "rate", 18.25)),
    ("逾期交付的，卖方按日向买方支付货值0.05%的违约金。", ("penalty", "", "rate", 18.25)),
    ("滞纳金：按未缴金额每日千分之三计收。", ("penalty", "", "rate", 109.5)),
    ("借款人逾期的，还应按逾期本金的日千分之一另付违约金。", ("penalty", "", "rate", 36.5)),
    # a one-off share of a base
    ("违约一方应赔付守约方相当于价款30%的违约金。", ("penalty", "", "share", 30.0)),
    ("定金数额为总额的百分之二十五。", ("deposit", "", "share", 25.0)),
    # interest, by the month, the year or the old 分 of a month
    ("本借款按月息二分计算。", ("interest", "", "rate", 24.0)),
    ("借款年化利率为18%。", ("interest", "", "rate", 18.0)),
    # periods in every unit, read in days
    ("承租期定为二十五年。", ("lease_term", "", "period", 9125.0)),
    ("员工离开公司后的三十六个月内不得受雇于同类企业。", ("non_compete", "", "period", 1080.0)),
    ("货到后买方须于两周内验货。", ("inspection", "", "period", 14.0)),
    ("需方收货后三个工作日内完成质量检验。", ("inspection", "", "period", 4.2)),
    ("屋面防水部分的保修年限为三年。", ("warranty", "waterproof", "period", 1095.0)),
    ("管道及线路保修一年。", ("warranty", "installation", "period", 365.0)),
])
def test_a_figure_is_read_with_its_subject_and_normal_unit(text, want):
    assert want in figures(text)


def test_the_payer_of_a_charge_is_not_the_side_that_collects_it():
    (fee,) = reader.read_clause("出租方有权按每日千分之五向承租方加收滞纳金。").figures
    assert fee.subject == "penalty" and fee.party == "承租方"


def test_a_term_and_a_restraint_during_the_relation_are_no_figures_of_those_subjects():
    assert not [f for f in reader.read_clause("本合同期限三年，其中试用期六个月。").figures if f.written == "三年"]
    assert not [f for f in reader.read_clause("乙方在职期间三年内不得从事与甲方相竞争的业务。").figures
                if f.subject == "non_compete"]
    # 双倍返还定金 is the deposit's own penalty, no share of the price
    assert not [f for f in reader.read_clause("甲方违约的，应双倍返还定金。").figures if f.subject == "deposit"]


# -- the rules: thresholds broken fire, lawful figures stay silent -----------------------------------------


@pytest.mark.parametrize(("text", "contract_type", "code"), [
    ("买方每迟延付款一天，须按欠款的百分之一另付违约金。", "sale", "fact-late-fee-annual"),
    ("违约一方应赔付守约方相当于价款40%的违约金。", "sale", "generic-penalty-high"),
    ("定金数额为总额的百分之二十五。", "sale", "generic-deposit-over-20"),
    ("本借款按月息二分计算。", "loan", "loan-interest-over-cap"),
    ("借款年化利率为18%。", "loan", "loan-interest-over-cap"),
    ("承租期定为二十五年。", "lease", "lease-term-over-20y"),
    ("员工离开公司后的三十六个月内不得受雇于同类企业。", "labor", "labor-noncompete-over-2y"),
    ("需方收货后三个工作日内完成质量检验，逾期视为合格。", "sale", "sale-inspection-too-short"),
    ("屋面防水部分的保修年限为三年。", "construction", "construction-warranty-short"),
    ("管道及线路保修一年。", "construction", "construction-warranty-short"),
    ("本工程保修期为一年。", "construction", "construction-warranty-short"),
    ("发包人从每期进度款中扣留百分之五作为质量保证金。", "construction", "construction-retention-over-three-percent"),
])
def test_a_figure_beyond_the_threshold_fires(text, contract_type, code):
    # two rules reading one threshold (the loan's general rule and the borrower's) are one issue: either speaks
    same = {"loan-interest-over-cap": {"loan-rate-fact-over-cap"}, "generic-penalty-high": {"fact-penalty-over-30"}}
    assert ({code} | same.get(code, set())) & fired(text, contract_type)


@pytest.mark.parametrize(("text", "contract_type"), [
    ("逾期付款的，每日按未付款的万分之三支付违约金。", "sale"),
    ("买方每迟延付款一天，须按欠款的万分之五另付违约金。", "sale"),
    ("定金为合同总价的百分之十。", "sale"),
    ("甲方违约的，应双倍返还定金。", "sale"),
    ("借款年利率为8%。", "loan"),
    ("租赁期限为十年。", "lease"),
    ("竞业限制期限为离职后二年。", "labor"),
    ("乙方在职期间三年内不得从事与甲方相竞争的业务。", "labor"),
    ("买方应于收货后十五日内完成检验。", "sale"),
    ("乙方应在收到对账单后三日内提出书面异议。", "sale"),
    ("屋面防水工程的保修期为五年。", "construction"),
    ("电气管线、给排水管道、设备安装工程保修期为二年。", "construction"),
    ("质量保证金为结算总价的百分之三。", "construction"),
    ("本合同期限三年，其中试用期六个月。", "labor"),
])
def test_a_lawful_figure_is_silent(text, contract_type):
    number_rules = {"generic-penalty-high", "fact-late-fee-annual", "fact-penalty-over-30", "generic-deposit-over-20",
                    "loan-interest-over-cap",
                    "lease-term-over-20y", "labor-noncompete-over-2y", "sale-inspection-too-short",
                    "construction-warranty-short", "construction-retention-over-three-percent",
                    "labor-probation-vs-term", "loan-overdue-over-cap", "loan-rate-fact-over-cap"}
    assert not fired(text, contract_type) & number_rules


def test_overdue_interest_and_penalty_are_summed_against_the_loan_cap():
    both = clause("逾期还款的，借款人应按年利率10%支付逾期利息，并按逾期本金每日万分之五支付违约金。")
    (f,) = [f for f in section_findings(both, "loan", RULES) if f.rule_code == "loan-overdue-over-cap"]
    assert "合计年化 28.25%" in f.description and 29 in [b.article for b in f.basis]
    alone = clause("借款人逾期还款的，按年利率8%支付逾期利息，另按日万分之一支付违约金。")
    assert "loan-overdue-over-cap" not in {f.rule_code for f in section_findings(alone, "loan", RULES)}


def test_the_finding_tells_the_figure_and_the_law_s_limit():
    (f,) = [f for f in section_findings(clause("违约金按每日合同价款的千分之五计算。"), "sale", RULES)
            if f.rule_code in ("generic-penalty-high", "fact-late-fee-annual")]
    assert "折合年化 182.5%" in f.description and "超过 24%" in f.description


def test_every_figure_rule_cites_the_article_of_its_thresholds():
    _, thresholds = reader.figure_table()
    used = set()
    for rule in RULES:
        for name in rule.params.get("thresholds", []):
            t = thresholds[name]
            used.add(name)
            assert any(b.article == t.article and t.law in b.law for b in rule.basis), (rule.code, name)
    assert used, "no rule reads a figure"


def test_the_table_names_known_subjects_and_one_limit_each():
    data = tomllib.loads(reader.FIGURES_PATH.read_text(encoding="utf-8"))
    for t in data["threshold"]:
        assert t["subject"] in data["subjects"] and ("gt" in t) != ("lt" in t), t["name"]
