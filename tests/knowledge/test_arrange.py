"""The search's arranging pass: amendment text folded into the article it amended, an interpretation
right after the law it applies, and the rankers another app registers (run only when asked for)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from knowledge import selectors
from knowledge.models import Article
from knowledge.selectors import arrange as arrange_module
from knowledge.selectors.arrange import (
    _target_label,
    amended_article,
    arrange,
    beside_their_law,
    implemented_law,
    register_ranker,
)


@dataclass(frozen=True)
class Item:
    name: str
    law: str
    applies: str | None = None


def _order(items, **kwargs):
    return [i.name for i in beside_their_law(items, law=lambda i: i.law, implements=lambda i: i.applies, **kwargs)]


def test_an_interpretation_moves_up_to_right_after_the_last_article_of_its_law():
    items = [Item("民法典680", "民法典"), Item("民法典667", "民法典"), Item("刑法175", "刑法"),
             Item("劳动合同法30", "劳动合同法"), Item("借贷规定25", "民间借贷规定", "民法典")]
    assert _order(items) == ["民法典680", "民法典667", "借贷规定25", "刑法175", "劳动合同法30"]


def test_the_laws_own_articles_are_never_pushed_down_and_pinned_items_stay():
    items = [Item("刑法133", "刑法"), Item("民法典680", "民法典"), Item("刑法175", "刑法"),
             Item("借贷规定25", "民间借贷规定", "民法典")]
    # the interpretation goes after 民法典680 (the last article of its law above it), before 刑法175
    assert _order(items) == ["刑法133", "民法典680", "借贷规定25", "刑法175"]
    assert _order(items, pinned=4) == ["刑法133", "民法典680", "刑法175", "借贷规定25"]
    assert _order(items, movable=lambda i: False) == ["刑法133", "民法典680", "刑法175", "借贷规定25"]


def test_an_interpretation_ranked_above_its_law_or_without_it_keeps_its_place():
    items = [Item("借贷规定25", "民间借贷规定", "民法典"), Item("刑法133", "刑法"), Item("民法典680", "民法典"),
             Item("担保解释1", "担保制度解释", "公司法")]
    assert _order(items) == ["借贷规定25", "刑法133", "民法典680", "担保解释1"]


@pytest.mark.parametrize("text, label", [
    ("将刑法第一百三十三条之一修改为：“在道路上驾驶机动车……”", "第一百三十三条之一"),
    ("第一百六十二条后增加一条，作为第一百六十二条之一：“隐匿或者故意销毁……”", "第一百六十二条之一"),
    ("宪法第六十七条“全国人民代表大会常务委员会行使下列职权”中第六项修改为……", "第六十七条"),
    ("本修正案自公布之日起施行。", None),
    ("国家监察委员会对全国人民代表大会和全国人民代表大会常务委员会负责。", None),
])
def test_the_article_an_amendment_writes_is_read_from_its_opening(text, label):
    assert _target_label(text) == label


def _article(law: str, label: str) -> Article:
    return Article.objects.select_related("law").get(law__name=law, label=label, law__is_current=True)


def test_an_amendment_article_is_folded_into_the_article_it_amended(statutes):
    amendment = _article("中华人民共和国宪法修正案（2018年）", "第四十四条")  # 宪法第六十七条 … 修改为
    target = amended_article(amendment)
    assert target is not None and (target.law.name, target.label) == ("中华人民共和国宪法", "第六十七条")
    other = _article("中华人民共和国民法典", "第一千零七十九条")
    assert amended_article(other) is None
    articles = {a.pk: a for a in (amendment, other)}
    ids, replaced = arrange([amendment.pk, other.pk], articles, unrelated=set(), top_k=10)
    assert ids == [target.pk, other.pk] and replaced == {target.pk: amendment.pk}
    # the amended article already listed: the amendment's text does not repeat it
    articles[target.pk] = target
    ids, _ = arrange([target.pk, other.pk, amendment.pk], articles, unrelated=set(), top_k=10)
    assert ids == [target.pk, other.pk]


def test_search_results_never_list_an_amendment_beside_the_article_it_amended(statutes):
    response = selectors.statute_search(query="全国人民代表大会常务委员会行使下列职权 监督国务院 中央军事委员会",
                                        top_k=10)
    listed = {h.article_id for h in response.results}
    assert listed
    for hit in response.results:
        article = Article.objects.select_related("law").get(pk=hit.article_id)
        target = amended_article(article)
        assert target is None or target.pk not in listed, f"{hit.law}{hit.article_label} repeats {target.label}"


def test_an_interpretation_applies_the_law_its_title_names_or_its_articles_cite(judicial_statutes):
    from knowledge.models import Law

    def law(name: str) -> Law:
        return Law.objects.get(name=name, is_current=True)

    civil_code = "中华人民共和国民法典"
    assert implemented_law(law("最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释")) == civil_code  # title
    # the enacting clause names it first
    assert implemented_law(law("最高人民法院关于审理民间借贷案件适用法律若干问题的规定")) == civil_code
    assert implemented_law(law("中华人民共和国民法典")) is None


def test_a_search_lists_an_interpretation_right_after_its_law(judicial_statutes):
    response = selectors.statute_search(query="借款合同 借款利息 利率 民间借贷", top_k=10)
    hits = response.results
    laws = [h.law for h in hits]
    assert "中华人民共和国民法典" in laws and any(h.doc_type == "司法解释" for h in hits)
    for position, hit in enumerate(hits):
        applied = arrange_module.hit_implements(hit)
        if applied is None or applied not in laws[:position]:
            continue
        before = hits[position - 1]
        assert before.law == applied or arrange_module.hit_implements(before) == applied, \
            f"{hit.law}{hit.article_label} follows {before.law}{before.article_label}"


def test_registered_rankers_run_only_when_asked_for_and_on_unfiltered_searches(statutes, monkeypatch):
    monkeypatch.setattr(arrange_module, "_rankers", [])
    seen = []

    def reverse(query, hits, top_k):
        seen.append(query)
        return list(reversed(hits))

    register_ranker(reverse)
    register_ranker(reverse)  # once per function
    plain = selectors.statute_search(query="用人单位违法解除劳动合同的赔偿金", top_k=5)
    assert not seen
    ranked = selectors.statute_search(query="用人单位违法解除劳动合同的赔偿金", top_k=5, rankers=True)
    assert seen == ["用人单位违法解除劳动合同的赔偿金"]
    assert [h.article_id for h in ranked.results] == [h.article_id for h in reversed(plain.results)]
    selectors.statute_search(query="用人单位违法解除劳动合同的赔偿金", top_k=5, law="劳动合同法", rankers=True)
    assert len(seen) == 1  # a filtered search: a ranker could bring in an article outside the filter


def test_a_failing_ranker_leaves_the_search_as_it_was(statutes, monkeypatch):
    monkeypatch.setattr(arrange_module, "_rankers", [])

    def broken(query, hits, top_k):
        raise RuntimeError("boom")

    register_ranker(broken)
    plain = selectors.statute_search(query="借款利息", top_k=5)
    ranked = selectors.statute_search(query="借款利息", top_k=5, rankers=True)
    assert [h.article_id for h in ranked.results] == [h.article_id for h in plain.results]
