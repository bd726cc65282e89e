"""Checklist points read in any wording (docs/decisions/contract-checklist-wording.md): each rule of
contracts/playbook/rules/96-checklist-wording.toml, and each rule widened to read the risk's construction
rather than its first drafting, finds its risk in wordings written for these tests — with a basis and a
suggestion a lawyer can send — and lawful clauses on the same subject raise nothing."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from contracts.playbook import contract_findings, starter_rules
from tests.contracts.checklist_wording_cases import LOOKALIKES, PARTIES, RISKS
from tests.contracts.playbook_support import (
    line_sections,
    rule_case_tests,
)

STARTER = starter_rules()
CODES = {r.code for r in STARTER}
OWN_FILE = Path(__file__).resolve().parents[2] / "contracts" / "playbook" / "rules" / "96-checklist-wording.toml"


def test_every_rule_of_the_file_has_risks_in_other_wordings():
    own = {rule["code"] for rule in tomllib.loads(OWN_FILE.read_text(encoding="utf-8"))["rule"]}
    assert own <= set(RISKS), own - set(RISKS)
    assert set(RISKS) | set(LOOKALIKES) <= CODES, (set(RISKS) | set(LOOKALIKES)) - CODES




test_the_rule_finds_its_risk, test_a_lawful_look_alike_raises_nothing = rule_case_tests(
    STARTER, RISKS, LOOKALIKES, text_of=lambda contract_type, text: PARTIES[contract_type] + "\n" + text)


@pytest.mark.parametrize(("code", "contract_type", "text", "ours", "theirs"), [
    ("finance-lease-surplus-kept-by-lessor", "finance_lease",
     "第二十条 出租人收回设备后，处置所得全部归出租人所有。", "承租人", "出租人"),
    ("lease-alteration-without-consent", "lease",
     "第十二条 承租人可以自行扩建附属用房，无需征得出租人同意。", "出租人", "承租人"),
    ("tech-software-copyright-left-to-law", "tech_dev",
     "第十条 委托开发的软件著作权按照法律规定确定，委托方取得使用权。", "委托方", "受托方"),
])
def test_a_risk_is_reported_for_the_side_it_burdens(code, contract_type, text, ours, theirs):
    def codes(side):
        return {f.rule_code for f in contract_findings(line_sections(text), contract_type, STARTER, side=side)}
    assert code in codes(ours)
    assert code not in codes(theirs)


@pytest.mark.parametrize(("text", "fires"), [
    ("合同工期为120日历天（定额工期为420天）。", True),      # 71 % shorter
    ("合同工期180天，定额工期为280天。", True),              # 36 % shorter
    ("合同工期200天，定额工期为280天。", False),             # 29 % shorter: within the line
    ("合同工期300天（定额工期330天）。", False),             # 9 % shorter
    ("合同工期为400日历天，与定额工期相符。", False),        # no norm figure to compare with
])
def test_the_construction_period_is_compared_with_the_norm_as_numbers(text, fires):
    found = {f.rule_code for f in contract_findings(line_sections(text), "construction", STARTER, side="承包人")}
    assert ("construction-period-compressed-vs-norm" in found) is fires
