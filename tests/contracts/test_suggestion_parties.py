"""A suggestion names the parties as the contract names them, whatever the wording of the rule it comes from
(issue 21: no suggestion with a party the contract does not have)."""

from __future__ import annotations

from contracts.playbook import contract_facts
from contracts.playbook.engine import _in_contract_names, role_names
from contracts.playbook.quality import suggestion_defects
from contracts.types import Finding, SectionDraft


def _sections(preamble: str) -> list[SectionDraft]:
    return [SectionDraft(order=1, kind="preamble", number="", title="", text=preamble, para_start=1, para_end=1),
            SectionDraft(order=2, kind="clause", number="1", title="", text="第一条 双方应当诚信履行。",
                         para_start=2, para_end=2)]


def _sent(preamble: str, suggestion: str) -> tuple[str, list[str]]:
    sections = _sections(preamble)
    facts = contract_facts(sections)
    f = Finding(rule_code="x", section_order=None, quote="", start=0, end=0, category="", severity="medium",
                description="", suggestion=suggestion)
    f = _in_contract_names(f, facts)
    return f.suggestion, suggestion_defects(f, sections, facts)


PROPERTY = "甲方（建设单位）：某某房地产开发有限公司\n乙方（物业服务企业）：某某物业服务有限公司\n"
WORK = ('定作方（以下简称"定作方"）：某某智能装备有限公司\n承揽方（以下简称"乙方"）：某某精密机械加工厂\n'
        "担保方：某某投资有限公司\n")
DATA = ("数据提供方（以下简称“提供方”）：某某餐饮管理有限公司\n数据接收方（以下简称“接收方”）：某某科技有限公司\n"
        "见证方：某某律师事务所\n")


def test_a_property_services_company_is_named_as_the_contract_names_it():
    assert dict(role_names(PROPERTY))["物业服务人"] == "乙方"
    text, defects = _sent(PROPERTY, "本合同终止后，物业服务人应在三十日内退还已预收但尚未提供服务期间的物业费。")
    assert text.startswith("本合同终止后，乙方应") and defects == []


def test_a_rule_worded_for_another_exchange_names_this_contracts_supplier_and_payer():
    # 出卖人/买受人 in a 承揽 contract are its 承揽方 (乙方) and 定作方; a money debt's 债务人 is the party that pays
    text, defects = _sent(WORK, "标的物质量不符合约定的，买受人有权拒付相应部分的价款，直至出卖人修理、更换完毕。")
    assert "定作方有权拒付" in text and ("直至承揽方修理" in text or "直至乙方修理" in text) and defects == []
    text, defects = _sent(WORK, "债务人到期未清偿债务的，债权人可以就拍卖、变卖抵押财产所得价款优先受偿。")
    assert text.startswith("定作方到期未清偿") and ("承揽方可以" in text or "乙方可以" in text) and defects == []


def test_a_data_contract_names_the_entrusting_and_the_processing_party():
    text, defects = _sent(DATA, "受托方仅得为完成本合同约定的服务处理委托数据，不得利用委托数据进行用户画像。")
    assert text.startswith("接收方仅得") and defects == []
