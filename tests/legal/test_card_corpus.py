"""Every provision of every card — the shipped files and the test fixture — is in the imported
corpus: the law exists in force, the article exists, and its text contains one of the provision's
keywords. The laws the cards cite are imported here through the real importer (without vectors):
the bundled corpus, and the shipped second corpus for interpretations and regulations
(tests/legal/cited_laws.py)."""

import pytest

from knowledge import selectors as knowledge_selectors
from knowledge.exceptions import ArticleNotFound, LawNotFound
from legal.cardfile import shipped_cards
from legal.composer import article_label
from tests.legal.cited_laws import article_lookups, import_cited
from tests.legal.conftest import FIXTURE  # noqa: F401  (the fixture cards come through fixture_card_list)


@pytest.mark.django_db
def test_every_card_provision_exists_in_force_and_speaks_of_the_issue(fixture_card_list, monkeypatch, tmp_path_factory):
    cards = [*shipped_cards(), *fixture_card_list]
    import_cited({p.law for card in cards for p in card.provisions}
                 | {law for card in cards for a in card.answers.values() for law, _ in a.basis},
                 monkeypatch, tmp_path_factory)
    article_lookup = article_lookups()
    problems = []
    for card in cards:
        for p in card.provisions:
            where = f"{card.source}:{card.slug} 《{p.law}》{article_label(p.article)}"
            try:
                article = article_lookup(law=p.law, article=p.article)
            except (LawNotFound, ArticleNotFound) as exc:
                problems.append(f"{where}: {exc}")
                continue
            if not article.law.in_force:
                problems.append(f"{where}: not in force ({article.law.status})")
            elif not any(k in article.text for k in p.keywords):
                problems.append(f"{where}: contains none of {list(p.keywords)}")
        for qtype, answer in card.answers.items():
            for law, number in answer.basis:  # what a conclusion cites: it exists, in force
                try:
                    if not article_lookup(law=law, article=number).law.in_force:
                        problems.append(f"{card.slug} answers.{qtype}.basis 《{law}》{number}: not in force")
                except (LawNotFound, ArticleNotFound) as exc:
                    problems.append(f"{card.slug} answers.{qtype}.basis 《{law}》{number}: {exc}")
    assert problems == []


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
