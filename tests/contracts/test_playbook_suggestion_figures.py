"""A suggestion a lawyer can send (issue 21, docs/decisions/contract-controlling-articles.md): read with the
contract's words after the quote, its figures agree, and a fix about one sum rewrites that sum only — the
check (contracts.playbook.quality) flags both, and the deposit rule produces neither."""

from __future__ import annotations

from contracts.playbook import contract_facts, contract_findings, starter_rules
from contracts.playbook.quality import suggestion_defects
from contracts.types import Finding, SectionDraft

STARTER = starter_rules()
PARTIES = "出卖人：某置业有限公司（以下简称甲方）\n买受人：赵某（以下简称乙方）\n房屋总价款为人民币肆佰万元整。"


def _sections(clause: str) -> list[SectionDraft]:
    return [SectionDraft(order=1, kind="preamble", number="", title="", text=PARTIES, para_start=1, para_end=1),
            SectionDraft(order=2, kind="clause", number="第三条", title="", text=clause, para_start=2, para_end=2)]


def _defects(clause: str, quote: str, suggestion: str, category: str = "定金") -> list[str]:
    sections = _sections(clause)
    start = clause.index(quote)
    f = Finding(rule_code="x", section_order=2, quote=quote, start=start, end=start + len(quote), category=category,
                severity="high", description="", suggestion=suggestion)
    return suggestion_defects(f, sections, contract_facts(sections))


def test_figures_left_standing_after_the_replaced_words_are_a_defect():
    clause = "乙方于签约当日支付定金人民币壹佰贰拾万元整（¥1,200,000.00），余款按揭支付。"
    quote = "乙方于签约当日支付定金人民币壹佰贰拾万元整（¥1"
    got = _defects(clause, quote, "乙方于签约当日支付定金人民币捌拾万元整（¥1")
    assert any(d.startswith("figures after the replacement") for d in got), got
    # both writings rewritten: nothing to flag
    whole = "乙方于签约当日支付定金人民币壹佰贰拾万元整（¥1,200,000.00）"
    assert _defects(clause, whole, "乙方于签约当日支付定金人民币捌拾万元整（¥800,000.00）") == []


def test_a_deposit_fix_that_rewrites_another_sum_is_a_defect():
    clause = "乙方应于网签后十日内支付首期房款人民币壹佰陆拾万元（含已付定金）。"
    got = _defects(clause, clause[:-1], "乙方应于网签后十日内支付首期房款人民币捌拾万元（含已付定金）")
    assert any(d.startswith("amount of another subject") for d in got), got
    clause = "第二期：乙方支付转让价款的百分之五十（含已抵作价款的定金）。"
    got = _defects(clause, clause[:-1], "第二期：乙方支付转让价款的百分之二十（含已抵作价款的定金）")
    assert any(d.startswith("amount of another subject") for d in got), got
    # the deposit's own sum rewritten is the fix
    clause = "定金为房屋总价款的百分之三十。"
    assert _defects(clause, clause[:-1], "定金为房屋总价款的百分之二十") == []


def _deposit_findings(clause: str) -> list[Finding]:
    sections = _sections(clause)
    return [f for f in contract_findings(sections, "sale", STARTER, side="买受人（乙方）")
            if f.rule_code == "generic-deposit-over-20" and f.section_order == 2]


def test_the_deposit_cap_reads_the_deposit_only_and_keeps_its_figures_alike():
    found = _deposit_findings("乙方于签约当日支付定金人民币壹佰贰拾万元整（¥1,200,000.00），余款按揭支付。")
    assert found and found[0].suggestion.endswith("捌拾万元整（¥800,000.00）"), [f.suggestion for f in found]
    assert _deposit_findings("乙方支付房屋总价款的百分之三十作为定金。")
    for clause in ("乙方应于网签后十日内支付首期房款人民币壹佰陆拾万元（含已付定金）。",
                   "首期：乙方支付总价款的30%（含已付定金）。"):
        assert not _deposit_findings(clause), clause


def test_the_principal_debtor_of_a_guarantee_keeps_its_name_and_a_label_inside_a_word_is_a_defect():
    preamble = "债权人：某商业银行（以下简称甲方）\n保证人：某担保公司（以下简称乙方）"
    sections = [SectionDraft(order=1, kind="preamble", number="", title="", text=preamble, para_start=1, para_end=1),
                SectionDraft(order=2, kind="clause", number="第五条", title="", text="保证人放弃其可能享有的全部抗辩。",
                             para_start=2, para_end=2)]
    facts = contract_facts(sections, side="保证人（乙方）", contract_type="guarantee")
    found = [f for f in contract_findings(sections, "guarantee", STARTER, side="保证人（乙方）")
             if f.section_order == 2]
    assert found
    for f in found:
        assert "主乙方" not in f.suggestion and not suggestion_defects(f, sections, facts), f.suggestion
    f = Finding(rule_code="x", section_order=None, quote="", start=0, end=0, category="", severity="medium",
                description="", suggestion="保证人可以主张主乙方对债权人享有的抗辩。")
    assert "party label inside a word" in suggestion_defects(f, sections, facts)


def test_an_amount_in_digits_restated_in_capitals_after_it_is_rewritten_in_both_writings():
    """人民币 X 元（大写：人民币……元整）: the penalty's fix rewrites the capitals too, never leaves the old sum
    beside it."""
    sections = _sections("乙方逾期付款超过六十日的，应一次性向甲方支付违约金人民币 2,000,000 元"
                         "（大写：人民币贰佰万元整），并继续履行。")
    facts = contract_facts(sections)
    found = [f for f in contract_findings(sections, "sale", STARTER, side="买受人（乙方）")
             if f.rule_code == "generic-penalty-high" and f.section_order == 2]
    assert found, "a penalty of half the price is high"
    for f in found:
        assert "贰佰万" not in f.suggestion and not suggestion_defects(f, sections, facts), f.suggestion


def test_a_rate_rewritten_in_an_interest_fix_is_the_interests_own_figure():
    """借款年利率为百分之二十四 → 百分之十: the rate is the interest's figure although its words begin with 借款."""
    clause = "借款年利率为百分之二十四，按月付息。"
    assert _defects(clause, "借款年利率为百分之二十四", "借款年利率为百分之十", category="利息") == []
    # the loan's own sum rewritten under an interest finding is still another subject's
    clause = "借款本金为人民币伍拾万元，年利率为百分之二十四。"
    got = _defects(clause, "借款本金为人民币伍拾万元", "借款本金为人民币叁拾万元", category="利息")
    assert any(d.startswith("amount of another subject") for d in got), got
