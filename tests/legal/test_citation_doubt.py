"""A part whose card is not sure cites nothing as controlling: the top two cards about equally close
on different provisions (the note says which fact decides), or a confidence below CITE_CONFIDENCE
(SUPPORTED_CONFIDENCE when the runner-up card or a statute search backs the provision)."""

from __future__ import annotations

from datetime import date

import pytest

from legal.cardfile import parse_card
from legal.composer import (
    CITE_CONFIDENCE,
    CONTEST_GAP,
    PHRASING_CLOSE,
    SUPPORTED_CONFIDENCE,
    citation_doubt,
    compose,
    supported,
)
from legal.matcher import CardScore, PartMatch

TODAY = date(2026, 11, 27)
NEUTRAL = ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"]


def card(slug: str, law: str, article: int, *, ask: str = "") -> object:
    return parse_card({
        "slug": slug, "title": f"事项{slug}", "domain": "labor", "summary": "测试。",
        "phrasings": NEUTRAL, "terms": ["测试"], "question_types": ["yes_no"],
        "answers": {"yes_no": {"conclusion": "可以。", "basis": [{"law": law, "article": article}]}},
        "provisions": [{"law": law, "article": article, "role": "controlling", "decides": "测试", "keywords": ["测试"]},
                       {"law": law, "article": article + 1, "role": "related", "decides": "其他",
                        "keywords": ["其他"]}],
        "elements": [{"text": "要件", "ask": ask}] if ask else [],
    })


A = card("t.a", "测试法甲", 10, ask="单位是否提前三十日书面通知？")
B = card("t.b", "测试法乙", 20)
SAME_LAW = card("t.c", "测试法甲", 10)


def part(*scores: CardScore) -> PartMatch:
    return PartMatch("能不能这样？", list(scores), True)


def test_a_sure_card_cites_its_basis():
    match = part(CardScore(A, 0.9, 0.95), CardScore(B, 0.5, 0.4))
    assert citation_doubt(match) == ""
    answer = compose("能不能这样？", [match], today=TODAY).parts[0]
    assert [(p.law, p.article) for p in answer.basis] == [("测试法甲", 10)]
    assert answer.citations() and not answer.withheld


@pytest.mark.parametrize("gap", [0.0, CONTEST_GAP / 2])
def test_two_close_cards_on_different_provisions_cite_nothing_and_say_what_decides(gap):
    match = part(CardScore(A, 0.7, 0.9), CardScore(B, 0.7 - gap, 0.85))
    doubt = citation_doubt(match)
    assert B.title in doubt and "提前三十日书面通知" in doubt
    composition = compose("能不能这样？", [match], today=TODAY)
    answer = composition.parts[0]
    assert answer.decided and answer.citations() == []
    assert ("测试法甲", 10) in [(p.law, p.article) for p in answer.related()]
    # the note goes with the legal basis; the conclusion answers first and then states the assumption it rests on,
    # so the two say one thing (docs/decisions/answers-read-as-a-note.md)
    assert B.title in answer.note
    lead, rest = answer.text.split("。", 1)
    assert "前提是" not in lead and A.title not in lead
    assert f"以上是按“{A.title}”的规则回答的；如果您的情况属于“{B.title}”" in rest and "提前三十日书面通知" in rest
    assert B.title in composition.markdown.split("### 法律依据", 1)[1]


def test_the_contest_note_adds_no_second_ask_to_a_part_that_asks():
    match = PartMatch("单位书面通知了我，能不能这样？", [CardScore(A, 0.7, 0.9), CardScore(B, 0.7, 0.85)], True)
    said = "公司上个月15号就书面通知了我，能不能这样？"
    from legal.facts import extract_facts

    doubt = citation_doubt(match, question=said, facts=extract_facts(said, today=TODAY), asking="您是哪天收到通知的？")
    assert B.title in doubt and "要看" not in doubt  # the part asks its one question already


def test_close_cards_on_the_same_provision_do_not_disagree():
    assert citation_doubt(part(CardScore(A, 0.7, 0.9), CardScore(SAME_LAW, 0.7, 0.85))) == ""


def test_a_runner_up_further_away_does_not_contest():
    assert citation_doubt(part(CardScore(A, 0.7, 0.9), CardScore(B, 0.7 - CONTEST_GAP * 2, 0.85))) == ""


@pytest.mark.parametrize(("confidence", "doubted"), [(CITE_CONFIDENCE - 0.05, True), (CITE_CONFIDENCE, False)])
def test_below_the_citation_confidence_nothing_is_controlling(confidence, doubted):
    match = part(CardScore(A, 0.6, confidence))
    answer = compose("能不能这样？", [match], today=TODAY).parts[0]
    assert bool(citation_doubt(match)) is doubted
    assert (answer.citations() == []) is doubted


def test_below_the_citation_confidence_a_part_worded_like_a_lay_phrasing_still_cites():
    close = CardScore(A, 0.6, CITE_CONFIDENCE - 0.05, {"bigrams": PHRASING_CLOSE})
    far = CardScore(A, 0.6, CITE_CONFIDENCE - 0.05, {"bigrams": PHRASING_CLOSE - 0.1})
    assert citation_doubt(part(close)) == ""
    assert citation_doubt(part(far))


def test_a_provision_a_statute_search_finds_for_the_question_is_cited_down_to_the_supported_confidence():
    unsure = CardScore(A, 0.6, SUPPORTED_CONFIDENCE + 0.05)
    assert citation_doubt(part(unsure), A.controlling, found=[("测试法甲", 10)]) == ""
    assert citation_doubt(part(unsure), A.controlling, found=[("测试法甲", 11), ("测试法乙", 10)])
    answer = compose("能不能这样？", [part(unsure)], today=TODAY, found=[("测试法甲", 10)]).parts[0]
    assert [(c["law"], c["article"]) for c in answer.citations()] == [("测试法甲", "第十条")]
    alone = compose("能不能这样？", [part(unsure)], today=TODAY).parts[0]
    assert alone.citations() == [] and ("测试法甲", 10) in [(p.law, p.article) for p in alone.withheld]


def test_a_provision_the_runner_up_card_holds_too_is_supported():
    other = card("t.d", "测试法甲", 9)  # holds 测试法甲 9 and 10 (its related provision)
    far = CardScore(B, 0.3, 0.2)
    assert supported(part(CardScore(A, 0.6, 0.7), CardScore(other, 0.5, 0.4)), A.controlling)
    assert not supported(part(CardScore(A, 0.6, 0.7), far), A.controlling)
    assert citation_doubt(part(CardScore(A, 0.6, 0.7), CardScore(other, 0.5, 0.4)), A.controlling) == ""
    assert citation_doubt(part(CardScore(A, 0.6, 0.7), far), A.controlling)


def test_below_the_supported_confidence_even_a_supported_provision_is_withheld():
    low = CardScore(A, 0.5, SUPPORTED_CONFIDENCE - 0.05)
    assert citation_doubt(part(low), A.controlling, found=[("中华人民共和国测试法甲", 10), ("测试法甲", 10)])


@pytest.mark.parametrize(("retrieved", "doubted"), [
    ([("测试法甲", 10)], False),                   # the search found the provision the card would cite
    ([("中华人民共和国测试法甲", 10)], False),       # the law's full name is the same law
    ([("测试法甲", 11), ("测试法乙", 20)], True),    # it found others only
    ([], True),                                    # no search ran
])
def test_below_the_citation_confidence_a_basis_the_search_found_still_cites(retrieved, doubted):
    match = part(CardScore(A, 0.6, CITE_CONFIDENCE - 0.05))
    answer = compose("能不能这样？", [match], today=TODAY, found=retrieved).parts[0]
    assert (answer.citations() == []) is doubted
    assert bool(citation_doubt(match, A.controlling, retrieved)) is doubted
