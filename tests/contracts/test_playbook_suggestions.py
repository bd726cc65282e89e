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


def _check(path: Path, side: str) -> list[str]:
    split = _sections(path)
    facts = contract_facts(split.sections, side=side)
    return [f"{', '.join(defects)}: {path.name} {f.rule_code} ({side or '未指定'})：{f.suggestion}"
            for f in contract_findings(split.sections, split.contract_type, RULES, side=side)
            if (defects := suggestion_defects(f, split.sections, facts))]


@pytest.mark.parametrize("path", DEV_FILES, ids=lambda p: p.name)
def test_every_suggestion_on_every_dev_contract_can_be_sent(path):
    split = _sections(path)
    sides = [""] + list(dict.fromkeys(p.role for p in split.parties))[:2]
    defects = [d for side in sides for d in _check(path, side)]
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
