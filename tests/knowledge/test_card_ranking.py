"""The issue cards' ranker on the knowledge search (legal.retrieval, registered by the legal app): a
question a card decides lists the card's controlling provisions first in the search tool's results,
and a homonym used in one sense sends the other sense's articles to the end."""

from __future__ import annotations

import pytest

from knowledge import selectors
from knowledge.selectors.search import SearchHit
from legal.retrieval import CARD_SIGNAL, card_first, matched_cards, provision_articles, question_senses


def _hit(pk: int, law: str, text: str) -> SearchHit:
    return SearchHit(article_id=pk, law=law, law_id=-pk, law_status="现行有效", law_version="", is_current_version=True,
                     article_no=pk, suffix=0, article_label=f"第{pk}条", chapter="", section="", text=text, score=0.5,
                     doc_type="法律")


CARD = "labor.unlawful-dismissal"


def _decided(top_k: int) -> tuple[str, list[int]]:
    """A lay phrasing of the unlawful-dismissal card that the matcher decides as the ranker does (with
    the search's results), and the card provisions the ranker must put first."""
    from legal.retrieval import card_by_slug

    card = card_by_slug(CARD)
    assert card is not None
    for query in card.phrasings:
        plain = selectors.statute_search(query=query, top_k=top_k).results
        assert not any(CARD_SIGNAL in h.signals for h in plain)
        matched = matched_cards(query, retrieved=[(h.law, h.article_no) for h in plain if h.article_no])
        wanted = [a.pk for m in matched for a in provision_articles(m.provisions)]
        if wanted:
            return query, wanted
    raise AssertionError(f"no phrasing of {CARD} is decided")


@pytest.mark.django_db
def test_a_decided_cards_controlling_provisions_come_first(statutes):
    query, wanted = _decided(10)
    ranked = selectors.statute_search(query=query, top_k=10, rankers=True).results
    assert [h.article_id for h in ranked[:len(wanted)]] == wanted[:10]
    assert all(CARD_SIGNAL in h.signals for h in ranked[:len(wanted)])
    assert len({h.article_id for h in ranked}) == len(ranked)  # a provision the search found is listed once


@pytest.mark.django_db
def test_the_search_tool_runs_the_card_ranker(statutes):
    from knowledge.tools import SearchLegalKnowledgeParams, _search

    query, wanted = _decided(5)
    sources = _search(SearchLegalKnowledgeParams(query=query, top_k=5))["sources"]
    assert sources[0]["article_id"] == wanted[0] and CARD_SIGNAL in sources[0]["signals"]


@pytest.mark.django_db
def test_an_article_the_question_cites_stays_before_the_cards(statutes):
    query, wanted = _decided(10)
    hits = selectors.statute_search(query=query, top_k=10).results
    cited = next(h for h in reversed(hits) if h.article_id not in wanted)
    cited.signals = ["citation", *cited.signals]  # as if the question had written this article
    ranked = card_first(query, hits, 10)
    assert ranked[0].article_id == cited.article_id
    assert [h.article_id for h in ranked[1:1 + len(wanted)]] == wanted[:9]


@pytest.mark.django_db
def test_below_the_threshold_nothing_is_put_first(statutes):
    query, _ = _decided(10)
    assert matched_cards(query, threshold=1.01) == []


@pytest.mark.django_db
def test_a_homonym_in_one_sense_sends_the_other_senses_articles_last(statutes):
    question = "单位一直没给我缴住房公积金，离职了能补缴吗"
    senses = question_senses(question)
    assert [s.homonym.word for s in senses] == ["公积金"]
    company = _hit(9_000_001, "中华人民共和国公司法",
                   "公司的公积金用于弥补公司的亏损、扩大公司生产经营或者转为增加公司注册资本。")
    housing = _hit(9_000_002, "住房公积金管理条例", "单位应当按时、足额缴存住房公积金，不得逾期缴存或者少缴。")
    other = _hit(9_000_003, "中华人民共和国劳动合同法", "用人单位应当依法为劳动者缴纳社会保险费。")
    assert senses[0].wrong(company.law, company.text) and not senses[0].wrong(housing.law, housing.text)
    ranked = [h.article_id for h in card_first(question, [company, housing, other], 10)
              if h.article_id in (company.article_id, housing.article_id, other.article_id)]
    assert ranked == [housing.article_id, other.article_id, company.article_id]
    # without a cue the sense is not decided and nothing moves
    assert question_senses("公积金怎么算") == []


@pytest.mark.django_db
def test_a_turns_sources_keep_the_cards_provisions_first():
    from agents.tools import ToolResult
    from chat.turn import sources_from

    loans = "最高人民法院关于审理民间借贷案件适用法律若干问题的规定"
    hits = [
        {"law": loans, "doc_type": "司法解释", "article_label": "第二十五条", "signals": [CARD_SIGNAL]},
        {"law": "中华人民共和国民法典", "doc_type": "法律", "article_label": "第六百八十条", "signals": [CARD_SIGNAL]},
        {"law": "工伤保险条例", "doc_type": "行政法规", "article_label": "第十四条", "signals": ["fts"]},
        {"law": "中华人民共和国民法典", "doc_type": "法律", "article_label": "第六百六十七条", "signals": ["fts"]},
    ]
    result = ToolResult(call_id="c1", tool="search_legal_knowledge", agent="legal_research", ok=True, content="",
                        arguments={}, output={"sources": hits})
    assert [(s["law"], s["article"]) for s in sources_from([result])] == [
        (loans, "第二十五条"), ("中华人民共和国民法典", "第六百八十条"),
        ("中华人民共和国民法典", "第六百六十七条"), ("工伤保险条例", "第十四条")]
