"""Retrieval without noise (issue 11 §3): generic articles, charges, lay words and long case facts.

Through the search selector and the public API, against the test corpus (tests/statutes.py).
"""

import pytest

from knowledge.charges import charge_table, find_charges
from knowledge.query_expansion import expand_query
from knowledge.selectors import statute_search
from knowledge.selectors.search import analyse

pytestmark = pytest.mark.django_db

CIVIL_CODE = "中华人民共和国民法典"
CRIMINAL_LAW = "中华人民共和国刑法"
LABOR_CONTRACT = "中华人民共和国劳动合同法"
ROAD_TRAFFIC = "中华人民共和国道路交通安全法"
SEARCH = "/api/v1/knowledge/search"
#: A story around the facts: family, work, the day, the trial — no act, amount or injury in it.
STORY = ("被告人于二〇一九年来到本市务工，先后在多家餐馆和工地打工，与家人关系一般，平时少与邻里来往。"
         "案发当日天气晴朗，被告人上午在出租屋内休息，中午与同乡一起吃饭聊天，谈及近期生活开支较大等情况。"
         "下午被告人独自外出，在附近商场闲逛，后又到公园散步，其同乡证实被告人平日性格内向，喜欢玩手机游戏。"
         "庭审中，被告人对起诉书指控的事实无异议，当庭表示认罪悔罪，其家属代为退赔了部分损失，取得了谅解。")


def _pairs(response):
    return [(hit.law, hit.article_no) for hit in response.results]


def _legal_terms(query):
    analysis = analyse(query)
    terms = {t for t, idf in analysis.idf.items() if len(t) >= 2 and idf >= 3.0}
    return terms | {t for t in analysis.expanded_terms if len(t) >= 2}


def test_every_result_of_a_lay_question_shares_a_legal_term_with_it(statutes):
    # 跑路 was segmented into 跑 + 路, and 路 alone pulled road-traffic articles into a wage question
    query = "公司老板跑路了工资怎么办"
    response = statute_search(query=query, top_k=10)
    terms = _legal_terms(query)
    assert len(response.results) == 10
    noisy = [f"{hit.law}{hit.article_label}" for hit in response.results if not any(t in hit.text for t in terms)]
    assert noisy == []
    assert ROAD_TRAFFIC not in {hit.law for hit in response.results}
    assert response.results[0].law in (LABOR_CONTRACT, CRIMINAL_LAW)


def test_results_sharing_a_legal_term_rank_before_those_that_share_none(statutes):
    # the test corpus has fewer than ten articles on 个体工商户: the rest of the ten come after them
    query = "谁可以成为个体工商户？"
    terms = _legal_terms(query)
    shares = [any(t in hit.text for t in terms) for hit in statute_search(query=query, top_k=10).results]
    assert shares[0] and shares == sorted(shares, reverse=True), shares


def test_the_article_about_a_subject_comes_before_articles_that_mention_it(statutes):
    response = statute_search(query="谁可以成为个体工商户？", top_k=10)
    assert _pairs(response)[0] == (CIVIL_CODE, 54)


def test_the_charge_table_is_built_from_the_corpus_and_pairs_charges_with_articles():
    table = charge_table()
    assert len(table) > 450
    assert table["盗窃罪"] == ("264",)
    assert table["危险驾驶罪"] == ("133之一",)
    assert table["帮助信息网络犯罪活动罪"] == ("287之二",)
    assert table["拒绝提供间谍犯罪、恐怖主义犯罪、极端主义犯罪证据罪"] == ("311",)
    assert table["投毒罪"] == table["投放危险物质罪"] == ("114", "115")  # the old name is kept
    assert all(name.endswith("罪") and len(name) > 2 for name in table)


def test_a_charge_is_matched_in_full_or_by_its_stem_longest_first():
    assert [(m.charge, m.explicit) for m in find_charges("他涉嫌盗窃罪被刑拘")] == [("盗窃罪", True)]
    assert [m.charge for m in find_charges("合同诈骗怎么判")] == ["合同诈骗罪"]
    assert [m.charge for m in find_charges("酒后开车算危险驾驶吗")] == ["危险驾驶罪"]
    assert find_charges("公司与员工协商解除劳动合同") == []


@pytest.mark.parametrize(("query", "article", "label"), [
    ("交通肇事罪怎么判", 133, "第一百三十三条"),
    ("朋友涉嫌危险驾驶罪，会判多久", 133, "第一百三十三条之一"),
    ("出租银行卡被认定帮助信息网络犯罪活动罪", 287, "第二百八十七条之二"),
])
def test_a_charge_named_in_the_question_brings_its_article_first(statutes, query, article, label):
    response = statute_search(query=query, top_k=10)
    top = response.results[:3]
    assert any((hit.law, hit.article_no, hit.article_label) == (CRIMINAL_LAW, article, label) for hit in top), \
        [(h.law, h.article_label) for h in response.results]
    hit = next(h for h in top if h.article_label == label)
    assert "charge" in hit.signals


def test_a_charge_filtered_out_by_the_scope_is_not_added(statutes):
    response = statute_search(query="交通肇事罪的赔偿", law="民法典", top_k=10)
    assert {hit.law for hit in response.results} == {CIVIL_CODE}


@pytest.mark.parametrize(("query", "terms"), [
    ("老板跑路了，欠了三个月工资", {"下落不明", "逃匿", "拖欠劳动报酬"}),
    ("工伤私了以后还能要赔偿吗", {"工伤保险待遇"}),
    ("二房东不退押金", {"转租", "租赁期限届满"}),
    ("老赖欠钱不还", {"借款", "强制执行"}),
    ("想开个店当个体户", {"个体工商户"}),
    ("加班费一分没给", {"延长工作时间"}),
    ("有人撬开我家门窃取了财物", {"盗窃"}),
])
def test_lay_words_reach_the_statute_terms_they_mean(query, terms):
    assert terms <= set(expand_query(query).added_terms)


def test_a_lay_description_of_a_crime_reaches_the_charge_article(statutes):
    response = statute_search(query="有人趁我家里没人撬开房门窃取了现金和金项链", top_k=10)
    assert (CRIMINAL_LAW, 264) in _pairs(response)[:3]


def test_a_30000_character_narrative_is_served_through_the_api_on_its_salient_facts(api_client, staff_user, statutes):
    facts = "被告人张某趁邻居家中无人，撬开房门窃取现金八千元及金项链一条，价值共计一万五千元。"
    narrative = (STORY * 80)[:14_000] + facts + STORY * 100
    narrative = narrative[:30_000]
    assert facts in narrative and len(narrative) == 30_000
    api_client.force_authenticate(staff_user)
    response = api_client.post(SEARCH, {"q": narrative, "top_k": 10}, format="json")
    assert response.status_code == 200, response.content
    pairs = [(hit["law"], hit["article_no"]) for hit in response.json()["results"]]
    assert (CRIMINAL_LAW, 264) in pairs, pairs


def test_a_narrative_repeated_sentence_does_not_outweigh_the_facts(statutes):
    facts = "被告人李某持木棍击打被害人头部，经鉴定被害人损伤程度为轻伤一级。"
    response = statute_search(query=STORY * 3 + facts, top_k=10)
    assert (CRIMINAL_LAW, 234) in _pairs(response)[:3], _pairs(response)
