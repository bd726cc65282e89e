"""Deciding between neighbours: when the cards closest to a question are one family (they rest on a
shared controlling provision, or are cards of the same file about nearly the same thing), the matcher
tells them apart by the words one of them has and its siblings do not — not by the subject they share.

Each test builds its own cards and sets the scores the family step starts from, so what changes the
order is the family step alone."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from legal.cardfile import parse_card
from legal.matcher import FAMILY, CardScore, Matcher

SHARED_LAW = "测试劳动法"
#: Phrasings every test card carries (a card has at least six): words all siblings share, which tell nothing.
PADDING = ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥"]


class KeyedEmbedder:
    """A fixed vector per text (by its first character's code), so that cards can be made alike or not."""

    backend = "keyed"
    model = "keyed"

    def __init__(self, vectors: dict[str, Sequence[float]] | None = None) -> None:
        self.vectors = vectors or {}

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows = [self.vectors.get(text, (1.0, 0.0, 0.0, 0.0)) for text in texts]
        matrix = np.asarray(rows, dtype=np.float32)
        return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


def card(slug: str, title: str, phrasings: list[str], *, law: str = SHARED_LAW, article: int = 30,
         elements: Sequence[str] = (), padding: Sequence[str] = tuple(PADDING)) -> object:
    return parse_card({
        "slug": slug, "title": title, "domain": "labor", "summary": f"{title}。", "phrasings": [*phrasings, *padding],
        "terms": ["工资"], "question_types": ["yes_no"], "answers": {"yes_no": {"conclusion": "可以。"}},
        "elements": [{"text": e} for e in elements],
        "provisions": [{"law": law, "article": article, "role": "controlling", "decides": "测试",
                        "keywords": ["测试"]}],
    })


# two cards of one subject (wages), resting on the same provision: arrears, and pay while work stops
ARREARS = card("labor.t-arrears", "拖欠工资", ["老板欠着工资不发", "工资拖了三个月还没给", "说好月底发工资又拖"],
               elements=["用人单位到期未足额支付劳动报酬"])
STOPPAGE = card("labor.t-stoppage", "停工停产期间的工资", ["厂里停产放假工资怎么发", "停工一个月以后还发工资吗",
                                                      "没活干让我们回家待着工资给多少"],
                elements=["非因劳动者原因停工停产"])


def row(scores: Sequence[tuple[object, float]]) -> list[CardScore]:
    return [CardScore(c, s, signals={"agreement": 0.0}) for c, s in scores]


def first(matcher: Matcher, scores: Sequence[tuple[object, float]], text: str) -> str:
    return matcher.rank_family(row(scores), [(text, 1.0)])[0].card.slug


@pytest.mark.parametrize("question", [
    "车间停产两个月了，这段时间公司只给我们发生活费，合法吗",
    "疫情停工在家待着，单位说停工期间不发钱，可以这样吗",
    "工厂没订单放假三个月，放假期间的钱该怎么算",
])
def test_a_sibling_whose_own_words_the_question_uses_wins_over_a_slightly_closer_one(question: str) -> None:
    matcher = Matcher([ARREARS, STOPPAGE], embedder=KeyedEmbedder())
    scores = [(ARREARS, 1.0), (STOPPAGE, 0.97)]
    assert Matcher.rank(row(scores))[0].card.slug == "labor.t-arrears"  # the plain ranking
    assert first(matcher, scores, question) == "labor.t-stoppage"


@pytest.mark.parametrize("question", [
    "老板拖了半年工资一直不给，我该怎么办",
    "工资到期了老板还欠着没发，说月底再说",
])
def test_the_closer_sibling_stays_first_when_the_question_uses_its_own_words(question: str) -> None:
    matcher = Matcher([ARREARS, STOPPAGE], embedder=KeyedEmbedder())
    assert first(matcher, [(ARREARS, 0.97), (STOPPAGE, 1.0)], question) == "labor.t-arrears"


def test_the_words_every_sibling_uses_tell_nothing() -> None:
    matcher = Matcher([ARREARS, STOPPAGE], embedder=KeyedEmbedder())
    shared = matcher.distinct_scores("工资", [0, 1])
    assert shared == [0.0, 0.0]
    told = matcher.distinct_scores("停产放假", [0, 1])
    assert told[1] > told[0] == 0.0


def test_cards_resting_on_other_provisions_in_other_files_are_no_family() -> None:
    other = parse_card({
        "slug": "housing.t-stoppage-rent", "title": "停工停产期间的租金", "domain": "real_estate",
        "summary": "测试。", "phrasings": ["厂房停产了租金还要交吗", "停工期间能不能少交房租", *PADDING],
        "terms": ["租金"],
        "question_types": ["yes_no"], "answers": {"yes_no": {"conclusion": "可以。"}},
        "provisions": [{"law": "测试合同法", "article": 5, "role": "controlling", "decides": "测试",
                        "keywords": ["测试"]}],
    })
    matcher = Matcher([ARREARS, other], embedder=KeyedEmbedder())
    assert not matcher.siblings(0, 1)
    assert first(matcher, [(ARREARS, 1.0), (other, 0.97)], "停产期间放假在家，工资怎么发") == "labor.t-arrears"


def test_same_file_cards_are_siblings_only_when_they_are_about_nearly_the_same_thing() -> None:
    near = card("labor.t-near", "加班费", ["周末加班给不给钱"], law="测试甲法")
    alike = card("labor.t-alike", "值班费", ["节假日值班算不算加班"], law="测试乙法")
    elsewhere = ["天地玄黄", "宇宙洪荒", "日月盈昃", "辰宿列张", "寒来暑往"]
    apart = card("labor.t-apart", "竞业限制", ["离职后不让去同行上班"], law="测试丙法", padding=elsewhere)
    vectors = {text: (1.0, 0.1, 0.0, 0.0) for text in ("加班费", "周末加班给不给钱", "值班费", "节假日值班算不算加班")}
    vectors.update({text: (0.0, 0.0, 1.0, 0.0) for text in ("竞业限制", "离职后不让去同行上班", *elsewhere)})
    matcher = Matcher([near, alike, apart], embedder=KeyedEmbedder(vectors))
    assert matcher.siblings(0, 1)
    assert not matcher.siblings(0, 2)


def test_a_sibling_far_below_the_top_card_is_not_pulled_up() -> None:
    matcher = Matcher([ARREARS, STOPPAGE], embedder=KeyedEmbedder())
    far = 1.0 - FAMILY["gap"] - 0.05
    assert first(matcher, [(ARREARS, 1.0), (STOPPAGE, far)], "车间停产放假期间工资怎么发") == "labor.t-arrears"


def test_the_family_step_keeps_every_card_and_says_what_it_did() -> None:
    matcher = Matcher([ARREARS, STOPPAGE], embedder=KeyedEmbedder())
    ranked = matcher.rank_family(row([(ARREARS, 1.0), (STOPPAGE, 0.97)]), [("停产放假期间的工资", 1.0)])
    assert {s.card.slug for s in ranked} == {"labor.t-arrears", "labor.t-stoppage"}
    assert ranked[0].signals["family"] > 0 > ranked[1].signals["family"]
    assert 0.0 < ranked[0].confidence < 1.0


@pytest.mark.parametrize("signal", ["qtype", "computable"])
def test_a_sibling_that_answers_what_is_asked_less_well_is_not_put_first_by_its_words(signal: str) -> None:
    # a how-much part: the top card answers it with a calculator of its own, the sibling only in words
    matcher = Matcher([ARREARS, STOPPAGE], embedder=KeyedEmbedder())
    scores = [CardScore(ARREARS, 1.0, signals={"agreement": 0.0, signal: 1.0}),
              CardScore(STOPPAGE, 0.97, signals={"agreement": 0.0, signal: 0.0})]
    assert matcher.rank_family(scores, [("停产放假期间工资能拿多少", 1.0)])[0].card.slug == "labor.t-arrears"
    # answering it as well as the top card, the sibling the words name comes first
    scores[1].signals[signal] = 1.0
    assert matcher.rank_family(scores, [("停产放假期间工资能拿多少", 1.0)])[0].card.slug == "labor.t-stoppage"
