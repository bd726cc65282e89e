"""Rules moved onto the second round of concepts and onto the forum facts (docs/decisions/contract-concepts.md,
“Scopes, forums and sides”): each finds its risk in wordings of our own, stays silent where the act is prohibited,
negated or lawful, and stays silent where the clause favours the firm's side."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_findings, starter_rules
from contracts.playbook.concepts import find
from tests.contracts.moved_rule_cases import FAVOURS_US, LOOKALIKES, PARTIES, RISKS
from tests.contracts.playbook_support import case_ids, case_rows, line_sections, rule_case_tests

STARTER = starter_rules()
BY_CODE = {r.code: r for r in STARTER}

test_the_rule_finds_its_risk, test_the_lawful_or_prohibited_clause_raises_nothing = rule_case_tests(
    STARTER, RISKS, LOOKALIKES, text_of=lambda contract_type, text: PARTIES[contract_type] + "\n" + text)


def _codes(contract_type: str, text: str, side: str) -> list[str]:
    sections = line_sections(PARTIES[contract_type] + "\n" + text)
    return [f.rule_code for f in contract_findings(sections, contract_type, STARTER, side=side)
            if f.section_order is not None]


@pytest.mark.parametrize(("code", "contract_type", "text", "side"), case_rows(FAVOURS_US), ids=case_ids(FAVOURS_US))
def test_a_clause_favouring_our_side_is_not_our_risk(code, contract_type, text, side):
    assert code not in _codes(contract_type, text, side)


def test_the_cases_name_rules_that_exist():
    assert set(RISKS) | set(LOOKALIKES) | set(FAVOURS_US) <= set(BY_CODE)


@pytest.mark.parametrize("code", sorted(c for c in RISKS if BY_CODE[c].detection == "pattern"))
def test_a_moved_rule_tests_a_concept_and_reads_its_patterns_in_scope(code):
    params = BY_CODE[code].parsed
    assert params.concepts
    assert params.scoped or not params.patterns


def test_the_arbitration_rules_read_the_forum_fact_on_the_concept():
    for code in ("generic-arbitration-or-litigation", "forum-arbitration-no-institution"):
        params = BY_CODE[code].parsed
        assert params.fact == "forum" and params.places == ["arbitration"]
        assert [use.concept for use in params.act_concepts] == ["EXCLUSIVE_FORUM"]


@pytest.mark.parametrize(("sentence", "institution", "alternative"), [
    ("因本合同发生的争议，提交武汉仲裁委员会仲裁。", "武汉仲裁委员会", False),
    ("双方发生纠纷的，协商不成，提交仲裁解决。", "", False),
    ("本合同争议可以向成都仲裁委员会申请仲裁，也可以向原告住所地人民法院起诉。", "成都仲裁委员会", True),
    ("本协议项下纠纷，通过诉讼或仲裁方式解决。", "", True),
])
def test_an_arbitration_is_read_as_a_typed_forum(sentence, institution, alternative):
    from contracts.playbook import facts as reader
    found = [f for f in reader.read_clause(sentence).forums if f.body == "arbitration"]
    assert len(found) == 1
    assert (found[0].institution, found[0].alternative) == (institution, alternative)


@pytest.mark.parametrize("sentence", [
    "对仲裁裁决不服的，可以向人民法院提起诉讼。",
    "任何一方不得将本合同争议提交仲裁。",
    "发生劳动争议的，当事人可以向劳动争议仲裁委员会申请仲裁。",
])
def test_no_arbitration_is_agreed(sentence):
    from contracts.playbook import facts as reader
    assert not [f for f in reader.read_clause(sentence).forums if f.body == "arbitration"]


def test_a_forum_ruled_out_is_no_forum():
    assert find("任何一方均不得向甲方所在地人民法院起诉。", "EXCLUSIVE_FORUM") is None


#: Money, rates and periods are read by the number-bearing rules' own side checks (the payer of a penalty, a
#: deposit's payer): another part of the playbook, not this test's.
_NUMBER_BEARING = ("money", "rate", "duration")


def _reads_a_number(rule) -> bool:
    params = rule.parsed
    return (rule.detection == "numeric_limit" or getattr(params, "fact", None) in _NUMBER_BEARING
            or rule.category == "定金")


def test_every_rule_that_names_the_party_at_risk_checks_whose_side_it_is():
    """A rule whose finding names ``{party}`` reads a side: its ``party`` is not ``any``, or it protects a party
    (its own ``protects`` or protects.toml's), or protects.toml says both sides care — else it reports a clause
    favouring us as our risk."""
    from contracts.playbook.starter import protects_table
    both_sides = {code for code, roles in protects_table()[1].items() if roles == ["any"]}
    unchecked = [r.code for r in STARTER
                 if getattr(r.parsed, "party", "any") == "any" and not getattr(r.parsed, "protects", None)
                 and r.code not in both_sides and not _reads_a_number(r)
                 and ("{party}" in r.description or "{party}" in r.suggestion)]
    assert not unchecked, unchecked
