"""The starter playbook: every rule validates, every basis article exists in the real corpus (the laws
and the second corpus of interpretations) and is about the rule, and migrate loads it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from contracts.models import ContractType, PlaybookRule
from contracts.playbook import starter_rules
from knowledge.selectors import article_lookup, versions
from tests.contracts.playbook_support import playbook_corpus  # noqa: F401 - fixture
from tests.legal.citation_audit import Citation, audit, audit_days

CONTRACT_TYPES = {"sale", "lease", "labor", "service", "entrustment", "loan", "tech_dev", "nda", "data"}
#: Every ContractType but 其他: the playbook has rules of its own for each.
ALL_TYPES = {t for t in ContractType.values if t != ContractType.OTHER}


def test_starter_set_is_a_real_playbook():
    rules = starter_rules()
    assert len(rules) >= 200
    assert {r.detection for r in rules} == {"missing_clause", "pattern", "numeric_limit", "fact"}
    assert len([r for r in rules if r.detection == "fact"]) >= 30
    generic = [r for r in rules if not r.contract_types]
    assert len(generic) >= 30
    covered = {t for r in rules for t in r.contract_types}
    assert covered == ALL_TYPES and len(ALL_TYPES) >= 20
    for kind in ALL_TYPES:
        own = [r for r in rules if kind in r.contract_types]
        assert len(own) >= 4, kind
    for rule in rules:
        assert rule.basis, rule.code
        assert rule.basis_keywords, rule.code
        assert rule.suggestion.strip(), rule.code


@pytest.mark.django_db
def test_every_basis_resolves_and_is_about_the_rule(playbook_corpus):  # noqa: F811
    cited = 0
    for rule in starter_rules():
        for ref in rule.basis:
            if ref.editions:
                continue  # a citation naming its versions: the date-proof audit below reads it in each
            article = article_lookup(law=ref.law, article=ref.article)
            assert article.law.name == ref.law, (rule.code, ref)
            assert article.number == ref.article
            assert article.law.in_force, (rule.code, ref, article.law.time_status)
            assert any(k in article.text for k in rule.basis_keywords), (
                f"{rule.code}: {ref.law}第{ref.article}条 does not mention any of {rule.basis_keywords}")
            cited += 1
    assert cited >= 250


@pytest.mark.django_db
def test_every_basis_is_right_today_and_on_each_day_a_new_text_takes_effect(playbook_corpus):  # noqa: F811
    """Date-proof (tests/legal/citation_audit.py): each versioned basis against the version it names, and every
    basis as of today and of each later day a stored text of its law takes effect (商标法 2026 on 2027-01-01),
    with the rule's keywords - so the suite shows today which basis would break on that day."""
    citations = [Citation(f"playbook {rule.code}", ref.law, ref.article, ref.editions, tuple(rule.basis_keywords))
                 for rule in starter_rules() for ref in rule.basis]
    assert any(c.editions for c in citations)
    days = audit_days(citations, versions.today())
    assert audit(citations, days) == []


@pytest.mark.django_db
def test_every_deciding_article_resolves_and_holds_its_keywords(playbook_corpus):  # noqa: F811
    from contracts.playbook.deciding import deciding_table
    for entry in deciding_table():
        for ref in entry.basis:
            article = article_lookup(law=ref.law, article=ref.article)
            assert article.law.name == ref.law and article.number == ref.article, (entry.name, ref)
            assert article.law.in_force, (entry.name, ref, article.law.time_status)
            assert any(k in article.text for k in entry.keywords), (
                f"{entry.name}: {ref.law}第{ref.article}条 does not mention any of {entry.keywords}")


@pytest.mark.django_db
def test_second_corpus_interpretations_are_cited():
    laws = {ref.law for r in starter_rules() for ref in r.basis}
    assert "最高人民法院关于审理民间借贷案件适用法律若干问题的规定" in laws
    assert "最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释" in laws
    assert "最高人民法院关于审理劳动争议案件适用法律问题的解释（一）" in laws
    assert "最高人民法院关于审理城镇房屋租赁合同纠纷案件具体应用法律若干问题的解释" in laws


@pytest.mark.django_db
def test_migrate_loaded_the_starter_set():
    codes = set(PlaybookRule.objects.values_list("code", flat=True))
    assert {r.code for r in starter_rules()} <= codes
    rule = PlaybookRule.objects.get(code="generic-deposit-over-20")
    assert rule.basis == [{"law": "中华人民共和国民法典", "article": 586}]
    assert rule.params["thresholds"] == ["deposit_share", "deposit_amount_share"]
    assert rule.enabled


def test_planted_set_names_real_rules_and_has_an_untouched_measuring_half():
    root = Path(__file__).resolve().parents[1] / "data" / "contracts_planted"
    gold = json.loads((root / "planted.json").read_text(encoding="utf-8"))
    rules = {r.code: r for r in starter_rules()}
    categories = {r.category for r in rules.values()}
    halves = {"tune": 0, "measure": 0}
    for item in gold["contracts"]:
        assert (root / item["file"]).is_file(), item["file"]
        assert item["type"] in CONTRACT_TYPES
        halves[item["half"]] += 1
        for risk in item["planted"]:
            assert set(risk) <= {"rule", "category", "clause"}, risk
            # a planted risk names a starter rule that applies to this contract type, or else a category
            # the playbook reviews (never both, never a rule code that does not exist)
            assert ("rule" in risk) != ("category" in risk), risk
            if "rule" in risk:
                rule = rules.get(risk["rule"])
                assert rule is not None, risk
                assert not rule.contract_types or item["type"] in rule.contract_types, (item["file"], risk)
            else:
                assert risk["category"] in categories, risk
    assert len(gold["contracts"]) >= 12 and halves["measure"] >= 6 and halves["tune"] >= 6
