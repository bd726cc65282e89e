"""The deciding article chosen by the clause's facts (issue 21): 506 when the exemption the reader finds
covers intent, gross negligence or personal injury and does not carve it out; 497 beside the article that
decides when a standard term excludes the drafter's liability or the other party's rights, and not for a
term the parties negotiated or a labour contract."""

from __future__ import annotations

from contracts.playbook import contract_findings, starter_rules
from contracts.playbook.deciding import deciding_basis
from contracts.playbook.engine import exemption_covers
from contracts.types import BasisRef, SectionDraft

STARTER = starter_rules()
CIVIL = "中华人民共和国民法典"


def _cited(contract_type: str, preamble: str, clause: str, side: str) -> list[tuple[str, int]]:
    sections = [SectionDraft(order=1, kind="preamble", number="", title="", text=preamble, para_start=1, para_end=1),
                SectionDraft(order=2, kind="clause", number="第一条", title="", text=clause, para_start=2, para_end=2)]
    found = [f for f in contract_findings(sections, contract_type, STARTER, side=side) if f.section_order == 2]
    assert found, clause
    return [(b.law, b.article) for f in found for b in f.basis]


def test_the_exemptions_facts_say_what_it_covers():
    assert "gross_negligence" in exemption_covers("即使因乙方重大过失所致，乙方亦不承担赔偿责任。")
    # a carve-out keeps liability for fault: nothing left for 506
    assert not exemption_covers("乙方不承担责任，但因乙方故意或者重大过失造成的除外。") & {"intent", "gross_negligence"}


def test_506_decides_an_exemption_covering_gross_negligence_by_its_facts_not_its_wording():
    general = [BasisRef(CIVIL, 917)]
    words = "仓储物发生毁损的，即使系乙方重大过失所致，乙方亦不承担责任。"
    got = deciding_basis(general, words, {"storage"}, "免责条款", covers=exemption_covers(words))
    assert BasisRef(CIVIL, 506) in got
    carved = "仓储物发生毁损的，乙方不承担责任，但乙方重大过失所致的除外。"
    got = deciding_basis(general, carved, {"storage"}, "免责条款", covers=exemption_covers(carved))
    assert BasisRef(CIVIL, 506) not in got


TRANSPORT = "托运方：某公司（以下简称甲方）\n承运方：某物流公司（以下简称乙方）"


def test_a_standard_term_excluding_liability_cites_497_after_the_article_that_decides():
    cited = _cited("transport", TRANSPORT, "第一条 运输时效仅供参考，货物延误的，乙方概不负责。", "托运方")
    assert cited[0] == (CIVIL, 811) and (CIVIL, 497) in cited


def test_a_negotiated_term_or_a_labour_contract_is_no_497_case():
    negotiated = deciding_basis([BasisRef(CIVIL, 811)], "经双方协商一致，货物延误的，乙方概不负责。", {"transport"},
                                "运输责任")
    assert BasisRef(CIVIL, 497) not in negotiated
    labour = deciding_basis([BasisRef("中华人民共和国劳动合同法", 39)], "甲方可随时单方解除本合同。", {"labor"}, "解除")
    assert BasisRef(CIVIL, 497) not in labour
