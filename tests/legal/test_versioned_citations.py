"""Citations that stay right when a law's new text takes effect (docs/decisions/laws-in-force-on-a-date.md,
"Versioned citations"). 商标法 is stored in its 2019 text (in force) and its 2026 text (from 2027-01-01), numbered
differently: a card names the version each citation cites and the article in each; read on a day passed in, it
carries the article of the text in force that day, or abstains - never an old number against the new text."""

from __future__ import annotations

import datetime as dt

import pytest

from knowledge import selectors as knowledge_selectors
from knowledge.selectors import versions
from legal import selectors
from legal.cardfile import CardFileError, card_from_dict, card_to_dict, parse_card
from tests.legal.citation_audit import Citation, audit, audit_days

TM = "中华人民共和国商标法"
OLD, NEW = dt.date(2019, 11, 1), dt.date(2027, 1, 1)
BEFORE, ON = dt.date(2026, 12, 31), dt.date(2027, 1, 1)
NEUTRAL = ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"]


def card(provision: dict, basis: dict | None = None, *, extra: list[dict] = ()) -> dict:
    return {"slug": "t.versioned", "title": "示例商标", "domain": "intellectual_property", "summary": "测试。",
            "phrasings": NEUTRAL, "terms": ["测试"], "question_types": ["valid"],
            "answers": {"valid": {"conclusion": "属于。", "basis": [basis or provision]}},
            "provisions": [{**provision, "role": "controlling", "decides": "侵权行为",
                            "keywords": ["侵犯注册商标专用权"]}, *extra]}


BOTH = {"law": TM, "article": 57, "version": OLD, "articles": {NEW.isoformat(): 72}}
OLD_ONLY = {"law": TM, "article": 57, "version": OLD}
LABOR = {"law": "中华人民共和国劳动合同法", "article": 47, "role": "controlling", "decides": "经济补偿",
         "keywords": ["经济补偿"]}


def test_the_schema_reads_the_version_and_each_versions_article_and_writes_them_back():
    parsed = parse_card(card(BOTH))
    assert parsed.provisions[0].editions == ((OLD, 57), (NEW, 72))
    assert parsed.answers["valid"].basis == ((TM, 57),)
    assert parsed.answers["valid"].basis_editions == (((OLD, 57), (NEW, 72)),)
    # as the firm's stored versions keep it (JSON: dates as ISO strings), and back
    data = card_to_dict(parsed)
    assert data["provisions"][0]["version"] == "2019-11-01" and data["provisions"][0]["articles"] == {"2027-01-01": 72}
    assert card_from_dict(data, source="<card>") == parsed
    unversioned = parse_card(card({"law": TM, "article": 57}))
    assert unversioned.provisions[0].editions == () and unversioned.answers["valid"].basis_editions == ()


@pytest.mark.parametrize("bad", [
    {"law": TM, "article": 57, "articles": {"2027-01-01": 72}},  # other versions without the one `article` cites
    {"law": TM, "article": 57, "version": "2019年", "articles": {"2027-01-01": 72}},
    {"law": TM, "article": 57, "version": OLD, "articles": {"2027-01-01": 0}},
    {"law": TM, "article": 57, "version": OLD, "articles": {"2019-11-01": 58}},  # a version named twice
])
def test_a_malformed_versioned_citation_is_an_error(bad):
    with pytest.raises(CardFileError):
        parse_card(card(bad))


@pytest.mark.django_db
def test_the_resolver_picks_the_article_of_the_text_in_force_on_the_day_given(statutes):
    editions = ((OLD, 57), (NEW, 72))
    assert selectors.cited_article(TM, 57, editions, day=BEFORE) == 57
    assert selectors.cited_article(TM, 57, editions, day=ON) == 72
    assert selectors.cited_article(TM, 57, editions[:1], day=ON) is None  # abstains
    assert selectors.cited_article(TM, 57, (), day=ON) == 57  # names no version: whichever text is in force
    # the text of a versioned citation only while its version is in force
    assert "侵犯注册商标专用权" in selectors.provision_text(TM, 57, version=OLD, day=BEFORE)
    assert selectors.provision_text(TM, 57, version=OLD, day=ON) == ""
    assert not selectors.provision_valid(TM, 57, version=OLD, day=ON)
    assert selectors.provision_valid(TM, 72, version=NEW, day=ON)
    assert "侵犯注册商标专用权" in selectors.provision_text(TM, 72, version=NEW, day=ON)
    assert not selectors.provision_valid(TM, 72, version=NEW, day=BEFORE)


@pytest.mark.django_db
def test_a_card_read_on_each_side_of_the_new_text_cites_that_texts_article(statutes):
    parsed = parse_card(card(BOTH))
    before, on = selectors.cards_on([parsed], BEFORE)[0], selectors.cards_on([parsed], ON)[0]
    assert [p.article for p in before.provisions] == [57] and before.answers["valid"].basis == ((TM, 57),)
    assert [p.article for p in on.provisions] == [72] and on.answers["valid"].basis == ((TM, 72),)
    # read again, a card read for a day is the same (the editions, not the article, decide)
    assert selectors.cards_on([on], BEFORE)[0].answers["valid"].basis == ((TM, 57),)


@pytest.mark.django_db
def test_a_card_citing_only_the_old_text_abstains_from_that_basis_once_the_new_text_is_in_force(statutes):
    parsed = parse_card(card(OLD_ONLY, extra=[LABOR]))
    on = selectors.cards_on([parsed], ON)[0]
    assert [(p.law, p.article) for p in on.provisions] == [(LABOR["law"], 47)]  # never 57 against the 2026 text
    assert on.answers["valid"].basis == ()
    assert selectors.cards_on([parse_card(card(OLD_ONLY))], ON) == []  # nothing left to cite: the card abstains
    assert selectors.cards_on([parsed], BEFORE)[0].answers["valid"].basis == ((TM, 57),)


@pytest.mark.django_db
def test_the_engines_card_set_is_read_for_today(statutes, monkeypatch):
    from legal.cardfile import shipped_cards

    def on(day: dt.date):
        monkeypatch.setattr(versions, "today", lambda: day)
        knowledge_selectors.invalidate_caches()
        selectors.cards_changed()
        cards, _ = selectors.active_cards()
        return next(c for c in cards if c.slug == "ip.trademark-infringement")

    assert any(p.editions for c in shipped_cards() if c.slug == "ip.trademark-infringement" for p in c.provisions)
    assert [p.article for p in on(BEFORE).provisions if p.law == TM] == [57, 63, 60]
    assert [p.article for p in on(ON).provisions if p.law == TM] == [72, 77, 74]
    selectors.cards_changed()


@pytest.mark.django_db
def test_the_audit_lists_what_will_break_on_the_day_before_it_comes(statutes):
    today = dt.date(2026, 11, 28)
    keywords = ("侵犯注册商标专用权",)
    right = Citation("right", TM, 57, ((OLD, 57), (NEW, 72)), keywords)
    no_version = Citation("no version", TM, 57, (), keywords)
    old_only = Citation("old only", TM, 57, ((OLD, 57),), keywords)
    wrong_new = Citation("wrong new number", TM, 57, ((OLD, 57), (NEW, 57)), keywords)
    days = audit_days([right], today)
    assert days == [today, NEW]
    assert audit([right], days) == []
    problems = audit([no_version, old_only, wrong_new], days)
    assert [p.split(":", 1)[0] for p in problems] == ["no version", "old only", "wrong new number",
                                                      "wrong new number"]
    assert "takes effect on 2027-01-01" in problems[0]
    assert "names no article of the text in force on 2027-01-01" in problems[1]
    # today alone, an unversioned citation of the text in force is fine: only the future days show the break
    assert audit([old_only], [today]) == []


@pytest.mark.django_db
def test_an_answer_cites_the_trademark_article_of_the_text_in_force_on_its_day(statutes, monkeypatch):
    """End to end (matcher, composer, the engine's card set): the same question answered before and after
    2027-01-01 cites 商标法 2019's article, then the 2026 text's - never the 2019 number against the 2026 text."""
    import re

    from legal.engine import card_answer

    def cited(day: dt.date, question: str) -> set[str]:
        monkeypatch.setattr(versions, "today", lambda: day)
        knowledge_selectors.invalidate_caches()
        selectors.cards_changed()
        return set(re.findall(r"《中华人民共和国商标法》(第[^条]+条)", card_answer(question).markdown))

    question = "有个厂家仿冒我们的注册商标生产同类商品，侵权赔偿能要到多少？"
    before, after = cited(BEFORE, question), cited(ON, question)
    selectors.cards_changed()
    assert "第六十三条" in before and not before & {"第七十七条", "第七十二条"}
    assert "第七十七条" in after and "第六十三条" not in after and "第五十七条" not in after


def test_a_deadline_rule_cites_the_article_of_the_text_in_force_on_the_day() -> None:
    # the trademark renewal period: 商标法 2019 第四十条, the 2026 text's 第四十四条 from 2027-01-01
    from datetime import date

    from legal.rules import DEADLINES

    basis = DEADLINES["trademark_renewal"].basis
    assert basis.on(date(2026, 12, 31)) == "第四十条"
    assert basis.on(date(2027, 1, 1)) == "第四十四条"
