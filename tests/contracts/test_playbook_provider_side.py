"""Risks of the party that performs — the lessor, the maker, the consultant — read by construction (issue 21):
its defences barred, an exception that keeps only the other side's intent, money it paid kept whole, an
amount whose words and figures disagree, the other side's at-will exit (退租), a lien waived, payment waiting
on a third party."""

from __future__ import annotations

from contracts.playbook import contract_findings, starter_rules
from contracts.playbook import facts as reader
from contracts.types import SectionDraft

STARTER = starter_rules()
LEASE = "出租方：某某机械租赁有限公司\n承租方：某某建设工程有限公司"


def _codes(contract_type: str, clause: str, side: str, preamble: str = LEASE) -> set[str]:
    sections = [SectionDraft(order=1, kind="preamble", number="", title="", text=preamble, para_start=1, para_end=1),
                SectionDraft(order=2, kind="clause", number="1", title="", text=clause, para_start=2, para_end=2)]
    return {f.rule_code for f in contract_findings(sections, contract_type, STARTER, side=side) if f.section_order == 2}


def test_an_amount_whose_words_and_figures_disagree_is_a_fact():
    (m,) = reader.read_clause("住宅物业费为每月每平方米人民币贰元叁角（¥3.20）。").mismatches
    assert (m.amount, m.restated) == (2.3, 3.2)
    assert not reader.read_clause("暂定租金总额为人民币壹佰壹拾万零肆仟元整（¥1,104,000.00）。").mismatches
    assert "fact-amount-words-figures-differ" in _codes("lease", "1．月租金为人民币叁万元整（¥38,000.00）。", "出租方")


def test_our_defences_barred_while_the_other_side_does_not_pay():
    clause = "19．租赁期内，出租方不得以任何理由（包括承租方欠付租金）停机、撤场或者撤回设备。"
    assert "fact-defence-excluded" in _codes("lease", clause, "出租方")
    assert "fact-defence-excluded" not in _codes("lease", clause, "承租方")


def test_an_exception_keeping_only_intent_exempts_gross_negligence():
    clause = "14．租赁期间，设备发生毁损、灭失的，除承租方故意造成的以外，由出租方自行承担。"
    assert "fact-exception-only-intent" in _codes("lease", clause, "出租方")
    assert "fact-exception-only-intent" not in _codes("lease", clause, "承租方")
    fair = "14．租赁期间，设备发生毁损、灭失的，除承租方故意或者重大过失造成的以外，由出租方自行承担。"
    assert "fact-exception-only-intent" not in _codes("lease", fair, "出租方")


HOME = "发包人（甲方）：张某\n承包人（乙方）：某某装饰工程有限公司"


def test_money_we_paid_kept_whole_is_a_penalty_in_disguise():
    clause = "12．甲方在开工前解除合同的，已支付的首期款不予退还。"
    assert "fact-paid-money-kept" in _codes("construction", clause, "甲方", HOME)
    assert "fact-paid-money-kept" not in _codes("construction", clause, "乙方", HOME)
    spent = "12．甲方解除合同的，已消耗的服务费不予退还，未消耗部分按实际余额退还。"
    assert "fact-paid-money-kept" not in _codes("construction", spent, "甲方", HOME)


def test_the_other_sides_exit_at_will_and_our_payment_on_a_third_party():
    exit_ = "20．承租方可根据工程进度随时书面通知出租方退租，按实际使用天数结算租金，无需支付任何补偿。"
    assert "fact-terminate-at-will" in _codes("lease", exit_, "出租方")
    paid = "18．承租方在收到建设单位支付的相应工程进度款后，向出租方支付已结算租金的百分之七十。"
    assert "construction-back-to-back-payment" in _codes("lease", paid, "出租方")
    assert "construction-back-to-back-payment" not in _codes("lease", paid, "承租方")


def test_a_lien_waived_in_many_words_is_waived():
    work = "定作方：某某装备有限公司（以下简称甲方）\n承揽方：某某精密机械有限公司（以下简称乙方）"
    clause = "七、乙方确认放弃对本合同项下全部工作成果及定作方提供主材的留置权。"
    assert "work-lien-excluded" in _codes("work", clause, "乙方（承揽方）", work)
