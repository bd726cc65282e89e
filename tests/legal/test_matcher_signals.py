"""The matcher's wording signals, each in isolation: cards that differ only in the signal under test
(same phrasings, an embedder that scores every card alike), so the order they come out in is that
signal's doing.

* a term many cards share tells less than a term only one card uses;
* a term that only says what is asked (赔多少, 多久之内) names no issue;
* a card that answers the part's question type with a rule of its own (a deadline rule for a
  by-when part) is preferred, and a part read with its narrative keeps the part's own type."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from legal.cardfile import parse_card
from legal.matcher import QUESTION_ONLY_TERM, Matcher

NEUTRAL = ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"]


class FlatEmbedder:
    """Every text gets the same vector: meaning does not tell the cards apart."""

    backend = "flat"
    model = "flat"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return np.ones((len(texts), 4), dtype=np.float32) / 2.0


def card(slug: str, terms: list[str], *, by_when_rule: str = "") -> object:
    answers: dict[str, dict] = {"yes_no": {"conclusion": "可以。"}}
    qtypes = ["yes_no"]
    if by_when_rule:
        answers["by_when"] = {"conclusion": "应在期限内提出：{deadline}。", "deadline": by_when_rule,
                              "start": "解除之日"}
        qtypes.append("by_when")
    return parse_card({
        "slug": slug, "title": "测试事项", "domain": "labor", "summary": "测试。", "phrasings": NEUTRAL,
        "terms": terms, "question_types": qtypes, "answers": answers,
        "provisions": [{"law": f"测试法{slug}", "article": 1, "role": "controlling", "decides": "测试",
                        "keywords": ["测试"]}],
    })


def ranked(cards: list, text: str, **kwargs) -> list[str]:
    matcher = Matcher(cards, embedder=FlatEmbedder())
    return [s.card.slug for s in matcher.score_texts([text], **kwargs)[0]]


def test_a_term_only_one_card_uses_outweighs_terms_many_cards_share():
    generic = card("t.generic", ["违约金", "合同"])
    specific = card("t.specific", ["逾期交房"])
    others = [card(f"t.other{i}", ["违约金", "合同"]) for i in range(3)]
    order = ranked([generic, specific, *others], "开发商逾期交房，合同里约定的违约金怎么算")
    assert order[0] == "t.specific"


@pytest.mark.parametrize(("term", "question_only"), [
    ("赔多少", True), ("多久之内", True), ("几年", True), ("医院赔多少", False), ("算工伤吗", False),
    ("违约金", False), ("试用期多久", False),
])
def test_a_term_that_only_says_what_is_asked_is_recognised(term, question_only):
    assert bool(QUESTION_ONLY_TERM.match(term)) is question_only


def test_a_question_only_term_names_no_issue():
    asking = card("t.asking", ["赔多少"])
    plain = card("t.plain", ["狗咬"])
    matcher = Matcher([asking, plain], embedder=FlatEmbedder())
    scores = {s.card.slug: s for s in matcher.score_texts(["邻居家的狗咬了我，能赔多少"])[0]}
    assert scores["t.asking"].signals["terms"] == 0.0
    assert scores["t.plain"].signals["terms"] > 0.0


def test_a_by_when_part_prefers_the_card_with_a_deadline_rule():
    words = card("t.words", ["辞退"])
    rule = card("t.rule", ["辞退"], by_when_rule="labor_arbitration")
    assert ranked([words, rule], "被辞退了，最晚什么时候申请仲裁")[0] == "t.rule"
    matcher = Matcher([words, rule], embedder=FlatEmbedder())
    plain = {s.card.slug: s.signals["qtype"] for s in matcher.score_texts(["被辞退了，能要补偿吗"])[0]}
    assert plain == {"t.words": 0.0, "t.rule": 0.0}


def test_a_part_read_with_its_narrative_keeps_its_own_question_type():
    rule = card("t.rule", ["辞退"], by_when_rule="labor_arbitration")
    matcher = Matcher([rule], embedder=FlatEmbedder())
    # the narrative mentions a period (时效) but the part asks what to do: no by-when preference
    text = "听说仲裁有时效。被辞退了怎么办"
    assert matcher.score_texts([text])[0][0].signals["qtype"] == 1.0
    assert matcher.score_texts([text], asked=["what_to_do"])[0][0].signals["qtype"] == 0.0
