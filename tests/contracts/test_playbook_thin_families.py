"""The families the playbook knew least (issue #21): each rule of ``rules/63-*.toml`` onwards fires on its risk
in several drafting styles and cites the article that decides it, the lawful look-alike draws no issue from
any rule, the suggestion can be sent, and clauses that are the law's own arrangement for the family (a
finance lessee's repair duty, a storage fee for late collection …) draw no issue at all."""

from __future__ import annotations

import copy
import functools

import pytest

from contracts.playbook import contract_facts, contract_findings, starter_rules
from contracts.playbook.quality import suggestion_defects
from contracts.types import SectionDraft
from tests.contracts.thin_family_cases import LAWFUL, THIN_CASES

RULES = starter_rules()
#: The title and party block a contract of the type opens with (the suggestion names parties it declares).
HEADERS = {
    "finance_lease": "融资租赁合同\n出租人（甲方）：某某融资租赁有限公司\n承租人（乙方）：某某制造有限公司",
    "intermediary": "房屋买卖居间合同\n委托人（甲方）：赵某\n居间人（乙方）：某某房地产经纪有限公司",
    "transport": "公路货物运输合同\n托运人（甲方）：某某电器有限公司\n承运人（乙方）：某某物流有限公司",
    "storage": "仓储合同\n存货人（甲方）：某某食品有限公司\n保管人（乙方）：某某仓储有限公司",
    "nda": "保密与竞业限制协议\n甲方（用人单位）：某某科技有限公司\n乙方（劳动者）：陈某",
    "labor": "劳动合同\n甲方（用人单位）：某某科技有限公司\n乙方（劳动者）：陈某",
    "performance": "演艺经纪合同\n甲方（经纪公司）：某某文化传媒有限公司\n乙方（艺人）：林某",
    "entrustment": "委托合同\n委托人（甲方）：某某贸易有限公司\n受托人（乙方）：某某咨询有限公司",
    "tech_service": "技术服务合同\n委托方（甲方）：某某制药有限公司\n受托方（乙方）：某某信息技术有限公司",
    "gift": "赠与合同\n赠与人（甲方）：周某\n受赠人（乙方）：周某某",
    "sale": "买卖合同\n出卖人（甲方）：某某机械有限公司\n买受人（乙方）：某某贸易有限公司",
    "work": "加工承揽合同\n定作人（甲方）：某某家具有限公司\n承揽人（乙方）：某某木业加工厂",
}
IDS = [f"{c[0]}-{i}" for i, c in enumerate(THIN_CASES)]


def _sections(text: str) -> list[SectionDraft]:
    return [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line, para_start=i + 1,
                         para_end=i + 1) for i, line in enumerate(text.split("\n"))]


@functools.cache
def _reviewed(kind: str, text: str) -> tuple:
    """The engine's findings on the clause under the type's header, computed once per process: the risk test and
    the suggestion test read the same review of the same risky clause (a third of this module's CPU)."""
    return tuple(contract_findings(_sections(HEADERS.get(kind, "") + "\n" + text), kind, RULES))


def _findings(kind: str, text: str) -> list:
    """A copy of :func:`_reviewed`'s findings for one test (nothing a test does reaches the next)."""
    return copy.deepcopy(list(_reviewed(kind, text)))


def _clause_findings(kind: str, text: str):
    sections = _sections(HEADERS.get(kind, "") + "\n" + text)
    return [f for f in _findings(kind, text) if f.section_order == len(sections)]


def test_every_new_rule_has_a_case():
    import tomllib
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "contracts" / "playbook" / "rules"
    # 74-*.toml onwards (the risks of every family) have their cases in tests/contracts/cross_family_cases.py.
    new = {item["code"] for path in folder.glob("*.toml") if "63" <= path.name < "74"
           for item in tomllib.loads(path.read_text(encoding="utf-8"))["rule"] if item["detection"] != "missing_clause"}
    assert new, "no 63-*.toml rule files"
    assert new <= {c[0] for c in THIN_CASES}, sorted(new - {c[0] for c in THIN_CASES})


@pytest.mark.parametrize("case", THIN_CASES, ids=IDS)
def test_the_risk_is_reported_on_the_deciding_article(case):
    code, kind, risky, _lawful, article = case
    found = _clause_findings(kind, risky)
    assert code in {f.rule_code for f in found} or any(article in {(b.law, b.article) for b in f.basis}
                                                        for f in found), (code, [f.rule_code for f in found])
    cited = {(b.law, b.article) for f in found for b in f.basis}
    assert article in cited, (code, sorted(cited))


@pytest.mark.parametrize("case", THIN_CASES, ids=IDS)
def test_the_look_alike_draws_no_issue(case):
    code, kind, _risky, lawful, _article = case
    found = _clause_findings(kind, lawful)
    assert not found, [(f.rule_code, f.quote) for f in found]


@pytest.mark.parametrize("case", THIN_CASES, ids=IDS)
def test_the_suggestion_can_be_sent(case):
    _code, kind, risky, _lawful, _article = case
    sections = _sections(HEADERS.get(kind, "") + "\n" + risky)
    facts = contract_facts(sections)
    found = _findings(kind, risky)
    assert found
    for f in found:
        assert suggestion_defects(f, sections, facts) == [], (f.rule_code, f.suggestion)


@pytest.mark.parametrize("kind, text", LAWFUL, ids=[f"{k}-{i}" for i, (k, _t) in enumerate(LAWFUL)])
def test_the_familys_own_arrangement_is_not_a_risk(kind, text):
    found = _clause_findings(kind, text)
    assert not found, [(f.rule_code, f.quote) for f in found]


def test_a_daily_ratio_named_before_a_comma_is_a_daily_rate():
    from contracts.playbook.facts import read_clause

    (rate,) = read_clause("违约金为逾期金额乘以逾期天数，再乘以日比率，日比率为，千分之五。").rates
    assert rate.per == "day" and rate.annual_percent == pytest.approx(182.5)
    (rate,) = read_clause("按月费率百分之二收取服务费。").rates
    assert rate.per == "month"
