"""Every provision of every card — the shipped files and the test fixture — is in the imported
corpus: the law exists in force, the article exists, and its text contains one of the provision's
keywords. The laws the cards cite are imported here through the real importer (without vectors):
the bundled corpus, and the shipped second corpus for interpretations and regulations
(tests/legal/cited_laws.py)."""

import datetime as dt

import pytest

from knowledge import selectors as knowledge_selectors
from knowledge.exceptions import ArticleNotFound, LawNotFound
from knowledge.selectors import versions
from legal.cardfile import shipped_cards
from legal.composer import article_label
from tests.legal.citation_audit import Citation, audit, audit_days
from tests.legal.cited_laws import import_cited
from tests.legal.conftest import FIXTURE  # noqa: F401  (the fixture cards come through fixture_card_list)


def card_citations(cards) -> list[Citation]:
    """Every provision (with its keywords) and every answer's basis entry of ``cards``, with the versions each
    names."""
    out = []
    for card in cards:
        out += [Citation(f"{card.source}:{card.slug} 《{p.law}》{article_label(p.article)}", p.law, p.article,
                         p.editions, p.keywords) for p in card.provisions]
        for qtype, answer in card.answers.items():
            editions = answer.basis_editions or ((),) * len(answer.basis)
            out += [Citation(f"{card.slug} answers.{qtype}.basis", law, number, cited)
                    for (law, number), cited in zip(answer.basis, editions, strict=True)]
    return out


@pytest.mark.django_db
def test_every_card_provision_exists_in_force_and_speaks_of_the_issue(fixture_card_list, monkeypatch,
                                                                      tmp_path_factory):
    """Date-proof: each citation against the version(s) it names, and as of today and of each later day a stored
    text of a cited law takes effect (tests/legal/citation_audit.py) - the day a new text takes effect turns
    nothing red: the suite shows today which citation would break then."""
    cards = [*shipped_cards(), *fixture_card_list]
    import_cited({p.law for card in cards for p in card.provisions}
                 | {law for card in cards for a in card.answers.values() for law, _ in a.basis},
                 monkeypatch, tmp_path_factory)
    knowledge_selectors.invalidate_caches()
    citations = card_citations(cards)
    days = audit_days(citations, versions.today())
    assert dt.date(2027, 1, 1) in days or versions.today() >= dt.date(2027, 1, 1)  # 商标法 2026 is audited
    assert audit(citations, days) == []


@pytest.mark.django_db
def test_every_rule_a_conclusion_cites_exists_in_force(monkeypatch, tmp_path_factory):
    """A how-much conclusion cites its calculator's provision, a by-when conclusion its deadline rule's
    (legal/rules.py ``CALCULATOR_BASIS``, ``DEADLINES``): each is an article of a law in force in the
    corpus, so a rule never cites a renumbered or repealed article the cards themselves would not."""
    from legal.rules import CALCULATOR_BASIS, DEADLINES, deadline_basis

    cited = {(name, law, number) for name, pairs in CALCULATOR_BASIS.items() for law, number in pairs}
    missing = [name for name in DEADLINES if not deadline_basis(name)]
    cited |= {(name, law, number) for name in DEADLINES for law, number in deadline_basis(name)}
    import_cited({law for _, law, _ in cited}, monkeypatch, tmp_path_factory)
    problems = [f"deadline rule {name}: its basis names no article" for name in missing]
    for name, law, number in sorted(cited, key=str):
        try:
            if not knowledge_selectors.article_lookup(law=law, article=number).law.in_force:
                problems.append(f"{name}: 《{law}》{article_label(number)} not in force")
        except (LawNotFound, ArticleNotFound) as exc:
            problems.append(f"{name}: 《{law}》{article_label(number)}: {exc}")
    assert problems == []
