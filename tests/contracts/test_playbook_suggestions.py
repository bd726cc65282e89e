"""Every suggestion of every starter rule on every dev contract can be sent: no blank or placeholder
(【】, {party}), no doubled punctuation where it replaces the quoted words, only parties the contract
names, and the figures it restates agree with each other (an amount and its share of the total)."""

from __future__ import annotations

from pathlib import Path

import pytest

from contracts.ingest import read_document, split_document
from contracts.playbook import contract_facts, contract_findings, starter_rules
from contracts.playbook.quality import suggestion_defects
from contracts.types import SectionDraft

DATA = Path(__file__).resolve().parents[1] / "data"
DEV_FILES = sorted(p for folder in (DATA / "contracts", DATA / "contracts" / "more", DATA / "contracts" / "data_family",
                                     DATA / "contracts_planted")
                   for p in folder.glob("*") if p.suffix in (".docx", ".txt", ".md"))
RULES = starter_rules()


def _sections(path: Path):
    split = split_document(read_document(path.name, path.read_bytes()))
    return split


def _check(path: Path, split, side: str) -> list[str]:
    """The defects of every suggestion on the contract ``split`` (read once per test) for ``side``."""
    facts = contract_facts(split.sections, side=side)
    return [f"{', '.join(defects)}: {path.name} {f.rule_code} ({side or '未指定'})：{f.suggestion}"
            for f in contract_findings(split.sections, split.contract_type, RULES, side=side)
            if (defects := suggestion_defects(f, split.sections, facts))]


@pytest.mark.parametrize("path", DEV_FILES, ids=lambda p: p.name)
def test_every_suggestion_on_every_dev_contract_can_be_sent(path):
    split = _sections(path)
    sides = [""] + list(dict.fromkeys(p.role for p in split.parties))[:2]
    defects = [d for side in sides for d in _check(path, split, side)]
    assert defects == []


def test_the_checks_catch_what_they_look_for():
    """The same checks on a rule made to fail each one (so the test above can fail)."""
    from contracts.playbook import rule_from_dict

    bad = rule_from_dict({
        "code": "t-bad", "title": "t", "detection": "pattern", "category": "c", "severity": "low",
        "description": "d", "suggestion": "由【】承担。。出租人负责",
        "basis": [{"law": "中华人民共和国民法典", "article": 585}], "params": {"patterns": ["违约金"]}})
    section = SectionDraft(order=1, kind="clause", number="第一条", title="", text="甲方应支付违约金。",
                           para_start=0, para_end=0)
    (f,) = contract_findings([section], "sale", [bad])
    defects = suggestion_defects(f, [section], contract_facts([section]))
    assert defects == ["blank", "doubled punctuation", "doubled punctuation after the replacement",
                       "party 出租人 not in the contract"]


def test_a_share_rewritten_takes_the_amounts_that_restate_it_along():
    lines = ["第一条 本合同总价款为人民币捌拾陆万元整（¥860,000.00）。",
             "2. 合同签订后五个工作日内，甲方支付合同总价款的百分之七十，即人民币陆拾万贰仟元整（¥602,000.00）。"]
    sections = [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line, para_start=i + 1,
                             para_end=i + 1) for i, line in enumerate(lines)]
    found = [f for f in contract_findings(sections, "tech_dev", starter_rules(), side="甲方")
             if f.rule_code == "fact-prepayment-too-high"]
    assert found
    (f,) = found
    assert "百分之五十，即人民币肆拾叁万元整（¥430,000.00）" in f.suggestion, f.suggestion
    assert suggestion_defects(f, sections, contract_facts(sections, side="甲方")) == []
    # the defect test sees an amount whose figures were left behind
    f.suggestion = "甲方支付合同总价款的百分之五十，即人民币肆拾叁万元整（¥602,000.00）"
    assert any("disagree" in d for d in suggestion_defects(f, sections, contract_facts(sections, side="甲方")))


def test_a_filled_in_bracket_the_contract_writes_is_no_blank():
    lines = ["第一条 合同总价款为人民币壹拾万元整（¥100,000.00）。",
             "第十条 乙方违反约定的，应按【设备总值×0.5%×违约天数】向甲方支付违约金。"]
    sections = [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line, para_start=i + 1,
                             para_end=i + 1) for i, line in enumerate(lines)]
    found = [f for f in contract_findings(sections, "gift", starter_rules(), side="乙方") if f.section_order == 2]
    rewritten = [f for f in found if "【设备总值×" in f.suggestion]
    assert rewritten, [(f.rule_code, f.suggestion) for f in found]
    for f in rewritten:
        # ×违约天数 makes the share a daily one: the rewrite lowers it, and the contract's own 【】 stays
        assert "0.5%" not in f.suggestion
        assert suggestion_defects(f, sections, contract_facts(sections, side="乙方")) == []
