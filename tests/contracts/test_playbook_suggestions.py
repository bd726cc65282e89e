"""Every suggestion of every starter rule on every dev contract can be sent: no blank or placeholder
(【】, {party}), no doubled punctuation where it replaces the quoted words, only parties the contract
names, and the figures it restates agree with each other (an amount and its share of the total)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from contracts.ingest import read_document, split_document
from contracts.playbook import contract_facts, contract_findings, numbers, starter_rules
from contracts.playbook.facts import PARTY_ROLES
from contracts.types import SectionDraft

DATA = Path(__file__).resolve().parents[1] / "data"
DEV_FILES = sorted(p for folder in (DATA / "contracts", DATA / "contracts" / "more", DATA / "contracts_planted")
                   for p in folder.glob("*") if p.suffix in (".docx", ".txt", ".md"))
RULES = starter_rules()
STOPS = "。；;，,！!？?：:"
#: Words naming no particular party (一方, 守约方 …) are always fine.
NEUTRAL = ("一方", "对方", "双方", "各方", "守约方", "违约方", "付款方", "收款方", "履行方", "接收方", "披露方")


def _sections(path: Path):
    split = split_document(read_document(path.name, path.read_bytes()))
    return split


def _check(path: Path, side: str) -> list[str]:
    split = _sections(path)
    whole = "\n".join(s.text for s in split.sections)
    facts = contract_facts(split.sections, side=side)
    by_order = {s.order: s for s in split.sections}
    defects = []
    for f in contract_findings(split.sections, split.contract_type, RULES, side=side):
        s = f.suggestion
        where = f"{path.name} {f.rule_code} ({side or '未指定'})：{s}"
        if re.search(r"[【】{}]|_{3,}|＿{2,}", s):
            defects.append(f"blank: {where}")
        if re.search(rf"[{STOPS}]{{2,}}", s):
            defects.append(f"doubled punctuation: {where}")
        if f.section_order is not None and s:
            text = by_order[f.section_order].text
            joined = text[max(0, f.start - 1):f.start] + s + text[f.end:f.end + 1]
            if re.search(rf"[{STOPS}]{{2,}}", joined):
                defects.append(f"doubled punctuation after replacing: {where} | {joined[-6:]}")
        for role in PARTY_ROLES:
            if role in s and role not in whole and not any(role in n for n in NEUTRAL):
                if not any(role in other and other in whole for other in PARTY_ROLES if other != role):
                    defects.append(f"party {role} not in the contract: {where}")
        if facts.total_price and re.search(r"总价|总额|总金额", s):
            amounts = {round(q.value, 2) for q in numbers.amounts(s)}
            for q in numbers.percentages(s):
                if not re.search(r"(?:总价|总额|总金额)[款的]{0,3}$", s[max(0, q.start - 8):q.start]):
                    continue
                if len(amounts) == 1 and q.period == "":
                    share = next(iter(amounts)) / facts.total_price * 100
                    if abs(share - q.value) > 0.6:
                        defects.append(f"figures disagree ({share:.1f}% vs {q.value}%): {where}")
    return defects


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
    assert "【】" in f.suggestion and "。。" in f.suggestion and "出租人" in f.suggestion
