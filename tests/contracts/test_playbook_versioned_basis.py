"""A playbook basis naming the versions it cites (docs/decisions/laws-in-force-on-a-date.md, "Versioned
citations"): read on a day passed in, the rule cites the article of the text in force that day (商标法 43 of the
2019 text, 55 of the 2026 text from 2027-01-01), or leaves that basis out; the basis check reads each version."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from contracts.playbook import starter_rules
from contracts.playbook.spec import RuleInvalid, basis_from_json, basis_to_json
from contracts.selectors.playbook import basis_on, basis_ref_on
from contracts.services.playbook import basis_check
from contracts.types import BasisRef

TM = "中华人民共和国商标法"
OLD, NEW = dt.date(2019, 11, 1), dt.date(2027, 1, 1)
BEFORE, ON = dt.date(2026, 12, 31), dt.date(2027, 1, 1)
BOTH = {"law": TM, "article": 43, "version": "2019-11-01", "articles": {"2027-01-01": 55}}


def test_the_basis_reads_and_writes_the_versions_it_cites():
    (ref,) = basis_from_json([BOTH])
    assert ref == BasisRef(TM, 43) and ref.editions == ((OLD, 43), (NEW, 55))
    assert basis_to_json([ref]) == [BOTH]
    assert basis_to_json(basis_from_json([{"law": TM, "article": 43}])) == [{"law": TM, "article": 43}]
    with pytest.raises(RuleInvalid):
        basis_from_json([{"law": TM, "article": 43, "articles": {"2027-01-01": 55}}])
    with pytest.raises(RuleInvalid):
        basis_from_json([{"law": TM, "article": 43, "version": "明年"}])


def test_the_trademark_licence_rule_names_both_texts():
    rule = next(r for r in starter_rules() if r.code == "trademark-licence-recordal-missing")
    assert [(r.law, r.article, r.editions) for r in rule.basis] == [(TM, 43, ((OLD, 43), (NEW, 55)))]


@pytest.mark.django_db
def test_the_rule_cites_the_article_of_the_text_in_force_on_the_day_given(statutes):
    (ref,) = basis_from_json([BOTH])
    assert basis_ref_on(ref, BEFORE).article == 43
    assert basis_ref_on(ref, ON).article == 55
    (old_only,) = basis_from_json([{"law": TM, "article": 43, "version": "2019-11-01"}])
    assert basis_ref_on(old_only, BEFORE).article == 43
    assert basis_ref_on(old_only, ON) is None  # never 43 against the 2026 text
    civil = BasisRef("中华人民共和国民法典", 509)
    assert basis_on([old_only, civil], ON) == [civil]
    assert basis_on([ref, civil], ON)[0].article == 55


@pytest.mark.django_db
def test_the_basis_check_reads_each_version_and_wants_the_text_in_force(statutes):
    spec = next(r for r in starter_rules() if r.code == "trademark-licence-recordal-missing")
    assert basis_check(spec).basis[0].editions == ((OLD, 43), (NEW, 55))
    spec.basis = basis_from_json([{**BOTH, "articles": {"2027-01-01": 500}}])  # no 第五百条 in the 2026 text
    with pytest.raises(ValidationError):
        basis_check(spec)
    spec.basis = basis_from_json([{"law": TM, "article": 55, "version": "2027-01-01"}])  # not in force today
    with pytest.raises(ValidationError):
        basis_check(spec)
