import datetime as dt

import pytest

from knowledge import selectors
from knowledge.exceptions import InvalidQuery, LawNotFound
from knowledge.selectors import statute_search, versions

LABOR_CONTRACT = "中华人民共和国劳动合同法"
CIVIL_CODE = "中华人民共和国民法典"


def _pairs(response):
    return [(hit.law, hit.article_no) for hit in response.results]


def test_colloquial_dismissal_question_finds_the_labor_contract_articles(statutes):
    response = statute_search(query="公司无缘无故把我辞退了，能要求赔偿吗？", top_k=5)
    assert {(LABOR_CONTRACT, 87), (LABOR_CONTRACT, 48), (LABOR_CONTRACT, 47)} & set(_pairs(response))
    assert "解除劳动合同" in response.query.expanded_terms


def test_explicit_citation_is_answered_first(statutes):
    response = statute_search(query="民法典1254条 高空抛物谁来赔", top_k=5)
    first = response.results[0]
    assert (first.law, first.article_no) == (CIVIL_CODE, 1254)
    assert first.signals[0] == "citation" and response.query.citations == [f"{CIVIL_CODE}第一千二百五十四条"]
    quoted = statute_search(query="《劳动合同法》第四十七条怎么理解", top_k=3)
    assert (quoted.results[0].law, quoted.results[0].article_no) == (LABOR_CONTRACT, 47)


def test_law_filter_never_returns_other_laws(statutes):
    for query in ("赔偿损失", "民法典第1254条 侵权", "醉酒驾驶机动车"):
        response = statute_search(query=query, law="劳动合同法", top_k=20)
        assert response.results, query
        assert {hit.law for hit in response.results} == {LABOR_CONTRACT}, query


def test_unknown_law_filter_is_an_error_with_suggestions(statutes):
    with pytest.raises(LawNotFound) as caught:
        statute_search(query="经济补偿", law="劳动合同条例")
    assert LABOR_CONTRACT in caught.value.suggestions


def test_default_scope_is_current_law_and_history_is_opt_in(statutes, monkeypatch):
    """On 2026-11-28 the 2019 商标法 is in force and the 2026 revision (labelled 现行有效) takes effect on
    2027-01-01: the default scope holds the text in force, ``history`` every other version."""
    monkeypatch.setattr(versions, "today", lambda: dt.date(2026, 11, 28))
    selectors.invalidate_caches()
    response = statute_search(query="侵犯注册商标专用权的行为", top_k=20)
    assert response.results
    assert all(hit.law_status in ("现行有效", "已被修改") for hit in response.results)
    assert {hit.law_version for hit in response.results if hit.law == "中华人民共和国商标法"} == {"2019年版"}
    other = statute_search(query="侵犯注册商标专用权的行为", law="商标法", status="history", top_k=5)
    assert other.results and {(hit.law_version, hit.law_status, hit.is_current_version) for hit in other.results} == {
        ("2026年版", "2027年1月1日起施行", False)}
    selectors.invalidate_caches()


def test_domain_and_department_filters(statutes):
    labor = statute_search(query="赔偿", domain="labor", top_k=10)
    assert labor.results and {hit.law for hit in labor.results} <= {LABOR_CONTRACT}
    family = statute_search(query="离婚 财产", domain="marriage_family", top_k=10)
    assert family.results and all(hit.law == CIVIL_CODE and (1040 <= hit.article_no <= 1163 or hit.article_no in
                                                             range(26, 40)) for hit in family.results)
    criminal = statute_search(query="醉酒驾驶", department="刑法", top_k=5)
    assert {hit.law for hit in criminal.results} == {"中华人民共和国刑法"}
    with pytest.raises(InvalidQuery):
        statute_search(query="赔偿", domain="astrology")


def test_results_carry_the_contract_fields_and_signals(statutes):
    hit = statute_search(query="劳动者 经济补偿 工作年限", top_k=3).results[0]
    assert hit.article_label.startswith("第") and isinstance(hit.article_no, int)
    assert hit.text and hit.score > 0 and set(hit.signals) <= {"citation", "dense", "fts", "law_mention"}
    assert hit.signals and hit.matched_terms


def test_a_30000_character_narrative_is_served_and_30001_is_rejected(statutes):
    facts = ("2019年3月，张某入职某科技公司担任销售经理，月工资一万二千元，双方签订了三年期劳动合同。"
             "2021年5月公司以业务调整为由口头通知张某不用再来上班，未支付任何补偿。")
    narrative = (facts * 400)[:30_000]
    response = statute_search(query=narrative, top_k=5)
    assert response.query.long and response.results
    assert LABOR_CONTRACT in {hit.law for hit in response.results}
    with pytest.raises(InvalidQuery, match="过长"):
        statute_search(query=narrative + "。")


@pytest.mark.parametrize("query", ["", "   ", "刑"])
def test_empty_or_one_character_queries_are_rejected(statutes, query):
    with pytest.raises(InvalidQuery):
        statute_search(query=query)


def test_top_k_out_of_range_is_rejected(statutes):
    for top_k in (0, 51):
        with pytest.raises(InvalidQuery):
            statute_search(query="经济补偿", top_k=top_k)


def test_law_index_comes_from_the_database(statutes):
    index = selectors.law_index()
    assert index.resolve("《劳动合同法》") == LABOR_CONTRACT
    assert index.resolve("宪法修正案（2018年）") == "中华人民共和国宪法修正案（2018年）"
    assert index.resolve("公司法") is None  # not imported in the test corpus


def test_a_named_law_is_searched_in_its_default_version(statutes):
    response = statute_search(query="赔偿", law="《劳动合同法》", top_k=5)
    assert response.results and response.query.dense
    assert {(hit.law, hit.law_status) for hit in response.results} == {(LABOR_CONTRACT, "现行有效")}
    trademark = statute_search(query="注册商标 侵权 赔偿", law="商标法", top_k=10)
    assert {hit.law_version for hit in trademark.results} == {selectors.law_resolve(name="商标法").version_label}


def test_traditional_characters_and_full_width_digits_search_like_simplified(statutes):
    simplified = statute_search(query="公司拖欠工资2个月，劳动者可以解除劳动合同吗", top_k=5)
    traditional = statute_search(query="公司拖欠工資２個月，勞動者可以解除勞動合同嗎", top_k=5)
    assert [(r.law, r.article_no) for r in traditional.results] == [(r.law, r.article_no) for r in simplified.results]
    assert any(r.law == "中华人民共和国劳动合同法" for r in traditional.results)
    cited = statute_search(query="勞動合同法第３８條", top_k=3)
    assert (cited.results[0].law, cited.results[0].article_no) == ("中华人民共和国劳动合同法", 38)
