"""One risk, one issue — and two risks in one sentence stay two (engine._same_risk, engine._speaks_first):
clauses written here, in wordings of their own."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_findings, starter_rules
from contracts.types import SectionDraft

RULES = starter_rules()


def codes(text: str, contract_type: str, side: str) -> set[str]:
    section = SectionDraft(order=1, kind="clause", number="", title="", text=text, para_start=1, para_end=1)
    return {f.rule_code for f in contract_findings([section], contract_type, RULES, side=side)
            if f.section_order is not None}


@pytest.mark.parametrize(("text", "contract_type"), [
    ("第九条 供方寄送的调价通知，需方三日内不作答复的，即视为需方接受新价格。", "sale"),
    ("8.2 委托方对受托方提出的补充条款，收到后五日内未书面提出意见的，均视为同意并予以执行。", "service"),
    ("第六条 出租人发出的变更通知，承租人两日内没有回复的，视同承租人已经认可变更内容。", "lease"),
])
def test_a_deemed_consent_to_changes_is_read_as_a_change_not_as_an_acceptance(text, contract_type):
    # a 视为同意 sentence about 调价 / 补充条款 / 变更通知 is a deemed consent to changes (民法典140), whichever
    # rule is listed first
    found = codes(text, contract_type, "需方" if contract_type == "sale" else "委托方" if contract_type == "service"
                  else "承租人")
    assert "deemed-consent-to-changes-by-silence" in found
    assert "fact-deemed-acceptance" not in found


@pytest.mark.parametrize("text", [
    "第七条 需方收到货物后二日内未提出书面异议的，视为验收合格。",
    "5.3 买方到货后三日内不办理验收的，即视为货物验收通过。",
])
def test_a_deemed_acceptance_of_goods_is_not_a_consent_to_changes(text):
    assert "deemed-consent-to-changes-by-silence" not in codes(text, "sale", "买方")


@pytest.mark.parametrize(("text", "contract_type", "side"), [
    ("第十条 不论何种原因，服务方的全部赔偿责任以客户已支付的当月服务费为限，客户在任何情况下均不得解除本合同。",
     "service", "客户"),
    ("七、出租方承担的赔偿责任累计不超过已收取的一个月租金，承租方无论以任何理由均不得解除合同。", "lease", "承租方"),
])
def test_a_cap_and_a_waived_termination_in_one_sentence_are_two_risks(text, contract_type, side):
    # both rules cite the 格式条款 article 497, each its own deciding one (584 / 563, 724): two issues, not one
    section = SectionDraft(order=1, kind="clause", number="", title="", text=text, para_start=1, para_end=1)
    categories = {f.rule_code: f.category for f in contract_findings([section], contract_type, RULES, side=side)}
    assert "fact-liability-cap-low" in categories
    assert "合同解除" in categories.values()
