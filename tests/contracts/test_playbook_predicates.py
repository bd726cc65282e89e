"""Rules as predicates over the clause reader's facts (detection ``fact``): each test names the fact,
the figure the finding explains, and the rewrite that keeps the contract's figures consistent."""

from __future__ import annotations

import pytest

from contracts.playbook import RuleInvalid, contract_findings, missing_clause_findings, rule_from_dict
from contracts.types import SectionDraft


def rule(params: dict, detection: str = "fact", **extra):
    data = dict(code="t-" + detection, title="测试规则", detection=detection, params=params, category="测试",
                severity="high", description="测试描述。", suggestion="建议条款。",
                basis=[{"law": "中华人民共和国民法典", "article": 585}])
    data.update(extra)
    return rule_from_dict(data)


def clause(order: int, text: str, title: str = "") -> SectionDraft:
    return SectionDraft(order=order, kind="clause", number=f"第{order}条", title=title, text=text,
                        para_start=order, para_end=order)


def run(rules, *texts, side: str = "", contract_type: str = "sale"):
    sections = [clause(i + 1, t) for i, t in enumerate(texts)]
    return contract_findings(sections, contract_type, rules, side=side)


DEPOSIT = rule({"fact": "money", "label": ["定金"], "measure": "share_of_total", "gt": 20})
LATE_FEE = rule({"fact": "rate", "context": ["违约金", "滞纳金", "逾期"], "per": ["day", "month"],
                 "measure": "annual_percent", "gt": 36})
UNILATERAL = rule({"fact": "obligation", "modal": ["有权", "可以"], "act": ["调整.{0,4}价", "增加.{0,6}内容"],
                   "party": "other"})
EXEMPT = rule({"fact": "exemption", "covers_any": ["intent", "gross_negligence", "personal_injury"],
               "party": "other"})
SHORT_NOTICE = rule({"fact": "duration", "context": ["异议", "验收", "检验"], "measure": "hours", "lt": 72})


def test_deposit_stated_as_an_amount_is_measured_against_the_total_and_rewritten_consistently():
    found = run([DEPOSIT], "合同总价为人民币捌拾万元整。",
                "买受人应于签订后支付定金人民币贰拾万元整（¥200,000元），即合同总额的25%。")
    (f,) = found
    assert "200,000 元" in f.description and "800,000 元" in f.description and "25%" in f.description
    assert f.suggestion == "买受人应于签订后支付定金人民币壹拾陆万元整（¥160,000元），即合同总额的20%"


def test_deposit_within_the_limit_is_silent():
    assert run([DEPOSIT], "合同总价为人民币100万元。", "定金为人民币20万元。") == []


def test_per_day_rate_across_commas_is_annualised_and_explained():
    (f,) = run([LATE_FEE], "逾期交货的，每逾期一日，按货款总额的百分之零点五计。")
    assert "折合年化 182.5%" in f.description
    assert f.quote == "逾期交货的，每逾期一日，按货款总额的百分之零点五计"
    assert f.suggestion == "逾期交货的，每逾期一日，按货款总额的百分之零点零五计"


def test_a_late_fee_of_five_per_mille_a_day():
    (f,) = run([LATE_FEE], "乙方逾期付款的，应按日千分之五支付滞纳金。")
    assert "182.5%" in f.description


def test_unilateral_change_by_the_other_side_but_not_by_ours():
    text = "出卖人有权视市场行情自行调整价格。"
    assert len(run([UNILATERAL], text)) == 1
    assert len(run([UNILATERAL], text, side="买受人")) == 1
    assert run([UNILATERAL], text, side="出卖人") == []


def test_side_follows_the_names_the_contract_gives_a_party():
    text = "甲方（出卖人）与乙方（买受人）签订本合同。出卖人有权视市场行情自行调整价格。"
    assert run([UNILATERAL], text, side="甲方") == []
    assert len(run([UNILATERAL], text, side="乙方")) == 1


def test_exemption_covering_intent_fires_and_a_carve_out_keeps_it_silent():
    (f,) = run([EXEMPT], "甲方对因其故意或重大过失造成的损失不承担责任。")
    assert "故意" in f.description
    assert run([EXEMPT], "除甲方故意或重大过失外，甲方对乙方的任何损失不承担责任。") == []


def test_an_exception_word_elsewhere_does_not_silence_the_exemption():
    text = "乙方应参加甲方组织的安全培训。训练中发生的人身伤害，甲方不承担任何责任。"
    (f,) = run([EXEMPT], text)
    assert "人身损害" in f.description


def test_hours_are_durations():
    (f,) = run([SHORT_NOTICE], "买受人应于收货后十二小时内提出书面异议。")
    assert "12小时（自收货起）" in f.description
    assert f.suggestion == "买受人应于收货后七十二小时内提出书面异议"


def test_negated_payment_is_not_a_payment():
    pays = rule({"fact": "obligation", "act": ["补偿"], "negated": True, "party": "other"})
    assert len(run([pays], "甲方解除合同的，不向乙方支付任何补偿。")) == 1
    assert run([pays], "甲方解除合同的，应向乙方支付补偿。") == []


def test_quotes_are_the_clause_text():
    sections = [clause(1, "逾期交货的，每逾期一日，按货款总额的百分之零点五计。出卖人有权视市场行情自行调整价格。")]
    for f in contract_findings(sections, "sale", [LATE_FEE, UNILATERAL]):
        assert sections[0].text[f.start:f.end] == f.quote


def test_missing_clause_with_substance_is_not_satisfied_by_a_deferral():
    ip = rule({"any_of": ["成果.{0,10}(?:归|属于|所有)", "知识产权.{0,10}(?:归|属于)"], "substance": True},
              detection="missing_clause")
    deferred = [clause(1, "相关成果的权利归属由双方日后另议。")]
    agreed = [clause(1, "开发成果的知识产权归甲方所有。")]
    assert len(missing_clause_findings(deferred, "tech_dev", [ip])) == 1
    assert missing_clause_findings(agreed, "tech_dev", [ip]) == []


def test_a_term_put_off_is_reported_on_the_sentence_that_puts_it_off():
    ip = rule({"any_of": ["成果.{0,10}(?:归|属于|所有)", "知识产权.{0,10}(?:归|属于)"], "substance": True},
              detection="missing_clause")
    deferred = [clause(1, "乙方应按期交付。相关成果的权利归属由双方日后另议。")]
    found = missing_clause_findings(deferred, "tech_dev", [ip])
    assert [(f.section_order, f.quote) for f in found] == [(1, "相关成果的权利归属由双方日后另议")]
    absent = missing_clause_findings([clause(1, "乙方应按期交付。")], "tech_dev", [ip])
    assert [(f.section_order, f.quote) for f in absent] == [(None, "")]


@pytest.mark.parametrize(("params", "field"), [
    ({"fact": "money", "gt": 3}, "params"),
    ({"fact": "rate", "measure": "hours", "gt": 3}, "params"),
    ({"fact": "money", "covers_any": ["intent"]}, "params"),
    ({"fact": "nothing"}, "params.fact"),
    ({"fact": "obligation", "act": ["(a+)+"]}, "params.act"),
])
def test_a_bad_predicate_names_the_field(params, field):
    with pytest.raises(RuleInvalid) as exc:
        rule(params)
    assert exc.value.field == field


IP_TO_OTHER = rule({"fact": "ownership", "context": ["知识产权", "成果"], "party": "other"})


def test_ownership_is_a_risk_only_when_it_goes_to_the_other_side():
    text = "本项目产生的全部知识产权均归委托方所有。"
    assert run([IP_TO_OTHER], text, side="委托方", contract_type="tech_service") == []
    (f,) = run([IP_TO_OTHER], text, side="受托方", contract_type="tech_service")
    assert "归委托方所有" in f.description


def test_a_lease_total_is_monthly_rent_times_term():
    sections = [clause(1, "租赁期限为两年。"), clause(2, "月租金为人民币10000元。"),
                clause(3, "承租人应于签订当日支付定金人民币6万元。")]
    found = contract_findings(sections, "lease", [DEPOSIT])
    assert len(found) == 1 and "240,000 元" in found[0].description
    assert found[0].suggestion == "承租人应于签订当日支付定金人民币4.8万元"
