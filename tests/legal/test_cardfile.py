"""Card files are validated on load: an invalid card names its file, card and field."""

import pytest

from legal.cardfile import CardFileError, card_to_dict, load_cards, parse_card
from tests.legal.conftest import FIXTURE


def _valid(fixture_card_list):
    return card_to_dict(fixture_card_list[0])


def test_fixture_file_loads_with_every_part(fixture_card_list):
    card = next(c for c in fixture_card_list if c.slug == "labor.unlawful-dismissal")
    assert [p.article for p in card.controlling] == [87, 48]
    assert card.answers["how_much"].calculator == "unlawful_termination_damages"
    assert card.elements[0].fact == "employment"
    assert not card.warnings


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.pop("summary"), "summary"),
    (lambda d: d["answers"].pop("valid"), "question_types"),
    (lambda d: d.update(phrasings=d["phrasings"][:3]), "phrasings"),
    (lambda d: d["provisions"][0].update(article="八十七"), "provisions[0].article"),
    (lambda d: d.update(terms="辞退"), "terms"),
    (lambda d: d.update(asker="boss"), "asker"),
    (lambda d: d.update(when_facts="no_due_date"), "when_facts"),
])
def test_an_invalid_card_names_the_card_and_field(fixture_card_list, change, field):
    data = _valid(fixture_card_list)
    change(data)
    with pytest.raises(CardFileError) as caught:
        parse_card(data, path="labor.toml")
    assert str(caught.value).startswith(f"labor.toml: card labor.unlawful-dismissal: {field}")


def test_unknown_names_are_warnings_not_errors(fixture_card_list):
    data = _valid(fixture_card_list)
    data["answers"]["how_much"]["calculator"] = "no_such_calculator"
    data["domain"] = "policy"
    card = parse_card(data, path="x.toml")
    assert any("no_such_calculator" in w for w in card.warnings)
    assert any("policy" in w for w in card.warnings)


def test_a_slug_used_twice_is_an_error(tmp_path):
    text = FIXTURE.read_text(encoding="utf-8")
    (tmp_path / "a.toml").write_text(text, encoding="utf-8")
    (tmp_path / "b.toml").write_text(text, encoding="utf-8")
    with pytest.raises(CardFileError, match="already used in a.toml"):
        load_cards([tmp_path / "a.toml", tmp_path / "b.toml"])


def test_whose_question_and_situational_facts_round_trip(fixture_card_list):
    data = _valid(fixture_card_list)
    data.update(asker="employee", when_facts=["no_notice"], unless_facts=["no_written_contract"])
    card = parse_card(data, path="labor.toml")
    assert (card.asker, card.when_facts, card.unless_facts) == ("employee", ("no_notice",), ("no_written_contract",))
    assert parse_card(card_to_dict(card), path="labor.toml") == card


@pytest.mark.parametrize(("written", "article"), [
    (87, 87), ("133之一", "第一百三十三条之一"), ("第287条之二", "第二百八十七条之二"),
    ("第一百三十三条之一", "第一百三十三条之一"), ("0之一", None), ("133之十", None), ("八十七", None), (True, None),
    (0, None)])
def test_an_article_is_a_number_or_an_inserted_articles_label(written, article):
    from legal.cardfile import article_number

    assert article_number(written) == article


def test_an_inserted_article_is_cited_by_its_label(fixture_card_list):
    from legal.composer import cite

    data = _valid(fixture_card_list)
    data["provisions"][0].update(law="中华人民共和国刑法", article="133之一")
    data["answers"]["valid"]["basis"] = [{"law": "中华人民共和国刑法", "article": "133之一"}]
    card = parse_card(data, path="criminal.toml")
    assert cite(card.provisions[0]) == "《中华人民共和国刑法》第一百三十三条之一"
    assert card.answers["valid"].basis == (("中华人民共和国刑法", "第一百三十三条之一"),)
    assert parse_card(card_to_dict(card), path="criminal.toml") == card


def test_every_shipped_card_loads_without_a_warning():
    """A warning (an unknown calculator, deadline rule or fact) means part of a card never works; the
    system check would also print it on every command."""
    from legal.cardfile import shipped_cards

    warned = [f"{card.slug}: {w}" for card in shipped_cards() for w in card.warnings]
    assert warned == []


def test_no_lay_phrasing_is_carried_by_two_cards():
    """A phrasing two cards carry (compared without spaces, punctuation and case) tells the matcher
    nothing between them and makes the two neighbours look equally sure: it belongs to one."""
    import re

    from legal.cardfile import shipped_cards

    owners: dict[str, set[str]] = {}
    for card in shipped_cards():
        for text in card.phrasings:
            owners.setdefault(re.sub(r"[\W_]+", "", text).lower(), set()).add(card.slug)
    shared = {text: sorted(slugs) for text, slugs in owners.items() if len(slugs) > 1}
    assert shared == {}
