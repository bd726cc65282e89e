import datetime as dt

import pytest

from knowledge import selectors
from knowledge.exceptions import ArticleNotFound, InvalidArticleNumber, LawNotFound
from knowledge.selectors import versions

CIVIL_CODE = "中华人民共和国民法典"
LABOR_CONTRACT = "中华人民共和国劳动合同法"


@pytest.mark.parametrize(("law", "article"), [
    ("民法典", "1254"), ("《民法典》", "第1254条"), ("中华人民共和国民法典", "第一千二百五十四条"),
    ("《中华人民共和国民法典》", "一千二百五十四"), ("民法典", 1254),
])
def test_every_law_and_article_form_finds_the_same_article(statutes, law, article):
    found = selectors.article_lookup(law=law, article=article)
    assert (found.law.name, found.number, found.label) == (CIVIL_CODE, 1254, "第一千二百五十四条")
    assert "高空" in found.text or "建筑物中抛掷物品" in found.text


@pytest.mark.parametrize("article", ["47", "第47条", "第四十七条", "四十七", "第 47 条"])
def test_article_number_forms(statutes, article):
    found = selectors.article_lookup(law="劳动合同法", article=article)
    assert (found.law.name, found.number) == (LABOR_CONTRACT, 47)
    assert "经济补偿" in found.text


def test_abbreviation_resolves_to_the_full_name(statutes):
    found = selectors.article_lookup(law="道交法", article="第七十六条")
    assert found.law.name == "中华人民共和国道路交通安全法"
    assert found.number == 76


def test_zhi_yi_articles_are_distinct(statutes):
    base = selectors.article_lookup(law="刑法", article="第一百三十三条")
    first = selectors.article_lookup(law="刑法", article="第一百三十三条之一")
    short_form = selectors.article_lookup(law="刑法", article="133之一")
    assert (base.number, base.suffix) == (133, 0)
    assert (first.number, first.suffix, first.label) == (133, 1, "第一百三十三条之一")
    assert short_form.pk == first.pk != base.pk
    assert "醉酒驾驶" in first.text and "醉酒驾驶" not in base.text


def test_the_version_in_force_is_the_default_and_the_others_are_reachable(statutes, monkeypatch):
    """商标法 is stored as the 2019 text and the 2026 revision taking effect on 2027-01-01 (labelled 现行有效):
    the default is the text in force on the day, whatever the label says."""
    monkeypatch.setattr(versions, "today", lambda: dt.date(2026, 11, 28))
    selectors.invalidate_caches()
    now = selectors.article_lookup(law="商标法", article=57)
    assert (now.law.version_label, now.law.in_force, now.law.time_status) == ("2019年版", True, "现行有效")
    assert "侵犯注册商标专用权" in now.text
    pending = selectors.article_lookup(law="商标法", article=72, version="2026")
    assert pending.law.name == now.law.name and pending.law_id != now.law_id
    assert (pending.law.in_force, pending.law.time_status, pending.law.status_note) == (
        False, "已公布，尚未施行", "（2027年1月1日起施行）")
    assert pending.law.status == "现行有效"  # the label alone would have made it the default
    monkeypatch.setattr(versions, "today", lambda: dt.date(2027, 1, 1))
    selectors.invalidate_caches()
    later = selectors.article_lookup(law="商标法", article=72)
    assert later.law_id == pending.law_id and later.law.in_force
    assert not selectors.article_lookup(law="商标法", article=57, version="2019").law.in_force


def test_constitution_amendment_is_never_the_constitution(statutes):
    amendment = selectors.article_lookup(law="宪法修正案（2018年）", article="第三十二条")
    assert amendment.law.name == "中华人民共和国宪法修正案（2018年）"
    with pytest.raises(LawNotFound) as caught:
        selectors.article_lookup(law="宪法修正案", article="第三十二条")
    assert "中华人民共和国宪法修正案（2018年）" in caught.value.suggestions  # ambiguous: suggested, not guessed
    assert selectors.article_lookup(law="宪法", article=1).law.name == "中华人民共和国宪法"


def test_unknown_law_suggests_the_nearest_names(statutes):
    with pytest.raises(LawNotFound) as caught:
        selectors.article_lookup(law="劳动合同条例", article=47)
    assert LABOR_CONTRACT in caught.value.suggestions
    with pytest.raises(LawNotFound) as folded:
        selectors.law_resolve(name="合同法")
    assert folded.value.suggestions[0] == CIVIL_CODE


def test_unknown_article_suggests_the_nearest_articles(statutes):
    with pytest.raises(ArticleNotFound) as caught:
        selectors.article_lookup(law="劳动合同法", article=120)
    labels = [s["article_label"] for s in caught.value.suggestions]
    assert labels[0] == "第九十八条"
    assert all(s["law"] == LABOR_CONTRACT for s in caught.value.suggestions)


@pytest.mark.parametrize("article", ["第四十七款", "abc", "", "第零条"])
def test_malformed_article_numbers_are_rejected(statutes, article):
    with pytest.raises(InvalidArticleNumber):
        selectors.article_lookup(law="劳动合同法", article=article)


def test_article_context_has_chapter_neighbours_and_prev_next(statutes, monkeypatch):
    monkeypatch.setattr(versions, "today", lambda: dt.date(2026, 11, 28))
    selectors.invalidate_caches()
    article = selectors.article_lookup(law="劳动合同法", article=47)
    context = selectors.article_context(article=article)
    assert context.previous.number == 46 and context.next.number == 48
    assert all(a.chapter == article.chapter for a in context.chapter_articles)
    assert article.pk in [a.pk for a in context.chapter_articles] and len(context.chapter_articles) > 3
    trademark = selectors.article_lookup(law="商标法", article=1)
    assert trademark.law.version_label == "2019年版"  # in force today; the 2026 text takes effect 2027-01-01
    assert [(v.law.version_label, v.law.in_force) for v in selectors.article_context(article=trademark).other_versions
            ] == [("2026年版", False)]


def test_a_repeated_look_up_is_answered_from_the_corpus_cache(statutes, django_assert_num_queries):
    first = selectors.article_lookup(law="劳动合同法", article="第四十七条")
    with django_assert_num_queries(0):
        again = selectors.article_lookup(law="劳动合同法", article="第四十七条")
    assert again.pk == first.pk and again.number == 47 and again.law.name == "中华人民共和国劳动合同法"
    # a different spelling is its own entry, with the same answer
    assert selectors.article_lookup(law="《劳动合同法》", article=47).pk == first.pk
    # misses are not remembered: still an error with suggestions, every time
    for _ in range(2):
        with pytest.raises(ArticleNotFound):
            selectors.article_lookup(law="劳动合同法", article="第九百条")
    selectors.invalidate_caches()  # after an import the cache starts again: the article is read anew
    fresh = selectors.article_lookup(law="劳动合同法", article="第四十七条")
    assert fresh.pk == first.pk and fresh is not first
