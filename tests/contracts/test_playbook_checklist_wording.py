"""Checklist points read in any wording (docs/decisions/contract-checklist-wording.md): each rule of
contracts/playbook/rules/96-checklist-wording.toml, and each rule widened to read the risk's construction
rather than its first drafting, finds its risk in wordings written for these tests — with a basis and a
suggestion a lawyer can send — and lawful clauses on the same subject raise nothing."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from contracts.playbook import contract_findings, starter_rules
from tests.contracts.checklist_wording_cases import LOOKALIKES, RISKS
from tests.contracts.playbook_support import (
    assert_look_alike_silent,
    assert_rule_finds_its_risk,
    case_ids,
    case_rows,
    line_sections,
)

STARTER = starter_rules()
CODES = {r.code for r in STARTER}
OWN_FILE = Path(__file__).resolve().parents[2] / "contracts" / "playbook" / "rules" / "96-checklist-wording.toml"


def test_every_rule_of_the_file_has_risks_in_other_wordings():
    own = {rule["code"] for rule in tomllib.loads(OWN_FILE.read_text(encoding="utf-8"))["rule"]}
    assert own <= set(RISKS), own - set(RISKS)
    assert set(RISKS) | set(LOOKALIKES) <= CODES, (set(RISKS) | set(LOOKALIKES)) - CODES


#: The parties' block a contract of each type opens with (the suggestions name the parties as it does).
PARTIES = {
    "finance_lease": "出租人：某融资租赁有限公司；承租人：某制造有限公司；出卖人：某设备有限公司。",
    "equity": "转让方：某投资有限公司；受让方：某科技有限公司；目标公司：某实业有限公司。",
    "guarantee": "债权人：某银行；债务人：某贸易有限公司；保证人：某实业有限公司。",
    "construction": "发包人：某置业有限公司；承包人：某建设有限公司。",
    "labor": "用人单位：某有限公司；劳动者：李某。",
    "sale": "卖方：某机械有限公司；买方：某制造有限公司。供方、出卖人均指卖方，需方、买受人均指买方。",
    "lease": "出租人：某物业有限公司；承租人：某餐饮有限公司。",
    "intermediary": "委托人：张某；中介人：某房地产经纪有限公司；出卖人：李某。",
    "tech_dev": "甲方（委托方）：某物流有限公司；乙方（受托方）：某软件有限公司。",
    "tech_service": "甲方（委托方）：某物流有限公司；乙方（受托方）：某软件有限公司。",
    "tech_transfer": "许可方：某研究院；被许可方：某制造有限公司。",
    "loan": "出借人：王某；借款人：赵某。",
    "property": "业主委员会：某小区业主委员会；物业服务人：某物业服务有限公司；业主：本小区全体业主。",
    "entrustment": "委托人：某贸易有限公司；受托人：某咨询有限公司。",
    "service": "甲方：某商贸有限公司；乙方：某服务有限公司。",
    "nda": "披露方：某科技有限公司；接收方：某咨询有限公司。",
    "data": "委托方：某电商有限公司；受托方：某数据有限公司；用户：使用本平台服务的个人。",
    "advertising": "广告主：某酒业有限公司；广告发布者：某传媒有限公司。",
    "partnership": "合伙人甲：张某；合伙人乙：李某；合伙人丙：王某。",
}


@pytest.mark.parametrize(("code", "contract_type", "text", "side"), case_rows(RISKS), ids=case_ids(RISKS))
def test_the_rule_finds_its_risk(code, contract_type, text, side):
    assert_rule_finds_its_risk(STARTER, code, contract_type, PARTIES[contract_type] + "\n" + text, side)


@pytest.mark.parametrize(("code", "contract_type", "text", "side"), case_rows(LOOKALIKES), ids=case_ids(LOOKALIKES))
def test_a_lawful_look_alike_raises_nothing(code, contract_type, text, side):
    assert_look_alike_silent(STARTER, code, contract_type, text, side)


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
