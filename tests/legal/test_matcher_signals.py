"""The matcher's wording signals, each in isolation: cards that differ only in the signal under test
(same phrasings, an embedder that scores every card alike), so the order they come out in is that
signal's doing.

* a term many cards share tells less than a term only one card uses;
* a term that only says what is asked (赔多少, 多久之内) names no issue;
* a card that answers the part's question type with a rule of its own (a deadline rule for a
  by-when part) is preferred, and a part read with its narrative keeps the part's own type;
* whose question it is: a card of the opposite side (the landlord's for a tenant) is pushed down;
* situational facts: a card whose ``when_facts`` hold rises, one whose ``unless_facts`` hold falls."""

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


def card(slug: str, terms: list[str], *, by_when_rule: str = "", domain: str = "labor", **extra: object) -> object:
    answers: dict[str, dict] = {"yes_no": {"conclusion": "可以。"}}
    qtypes = ["yes_no"]
    if by_when_rule:
        answers["by_when"] = {"conclusion": "应在期限内提出：{deadline}。", "deadline": by_when_rule,
                              "start": "解除之日"}
        qtypes.append("by_when")
    return parse_card({
        **extra, "slug": slug, "title": "测试事项", "domain": domain, "summary": "测试。", "phrasings": NEUTRAL,
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
    # the narrative mentions a period (时效) but the part asks what to do: no by-when preference,
    # whether the type is given or read from the text's asking clause
    text = "听说仲裁有时效。被辞退了怎么办"
    assert matcher.score_texts([text])[0][0].signals["qtype"] == 0.0
    assert matcher.score_texts([text], asked=["what_to_do"])[0][0].signals["qtype"] == 0.0
    assert matcher.score_texts(["听说仲裁有时效。被辞退了多久内要申请"])[0][0].signals["qtype"] == 1.0


def test_a_card_of_the_opposite_side_is_pushed_down():
    landlord = card("t.landlord", ["押金"], domain="real_estate", asker="landlord")
    tenant = card("t.tenant", ["押金"], domain="real_estate", asker="tenant")
    both = card("t.both", ["押金"], domain="real_estate", asker="any")
    matcher = Matcher([landlord, tenant, both], embedder=FlatEmbedder())
    scores = {s.card.slug: s for s in matcher.score_texts(["房东不退押金怎么办"])[0]}
    assert scores["t.landlord"].signals["side"] == -1.0
    assert scores["t.tenant"].signals["side"] == 0.0 and scores["t.both"].signals["side"] == 0.0
    assert scores["t.landlord"].score < scores["t.tenant"].score == scores["t.both"].score
    # a question that does not say whose it is moves no card
    flat = {s.card.slug: s.signals["side"] for s in matcher.score_texts(["押金能退吗"])[0]}
    assert set(flat.values()) == {0.0}


def test_a_cards_side_is_read_from_its_phrasings_only_within_its_domain():
    from legal.matcher import card_side

    said = ["房东不退押金", "房东说押金不退了", "租的房子到期了房东扣押金", "押金被房东扣了一半", "退租后押金要不回",
            "押金"]
    housing = card("t.housing", ["押金"], domain="real_estate")
    housing = type(housing)(**{**housing.__dict__, "phrasings": tuple(said)})
    labor = type(housing)(**{**housing.__dict__, "slug": "t.labor", "domain": "labor"})
    assert card_side(housing) == "tenant"
    assert card_side(labor) == ""


def test_situational_facts_choose_between_neighbouring_cards():
    no_due = card("t.no-due", ["借款", "诉讼时效"], domain="debt", when_facts=["no_due_date"],
                  unless_facts=["due_date"])
    due = card("t.due", ["借款", "诉讼时效"], domain="debt", when_facts=["due_date"], unless_facts=["no_due_date"])
    assert ranked([due, no_due], "借款没约定还款时间，诉讼时效过了吗")[0] == "t.no-due"
    assert ranked([no_due, due], "借款约定2023年6月1日还款，诉讼时效过了吗")[0] == "t.due"


def test_a_how_much_part_prefers_the_card_whose_calculator_its_facts_can_run():
    words = card("t.words", ["交通事故", "赔"], domain="traffic_accident")
    words.answers["how_much"] = type(words.answers["yes_no"])(qtype="how_much", conclusion="按责任比例赔偿。")
    lost = parse_card({
        "slug": "t.lost", "title": "测试事项", "domain": "traffic_accident", "summary": "测试。", "phrasings": NEUTRAL,
        "terms": ["交通事故", "赔"], "question_types": ["how_much"],
        "answers": {"how_much": {"conclusion": "误工费：{result}。", "calculator": "lost_earnings",
                                 "inputs": ["lost_days", "monthly_wage"]}},
        "provisions": [{"law": "测试法", "article": 1, "role": "controlling", "decides": "测试", "keywords": ["测试"]}],
    })
    matcher = Matcher([words, lost], embedder=FlatEmbedder())
    scores = {s.card.slug: s for s in matcher.score_texts(["交通事故对方全责，我误工两个月月薪8000能赔多少"])[0]}
    assert scores["t.lost"].signals["computable"] == 1.0 and scores["t.words"].signals["computable"] == 0.0
    assert scores["t.lost"].score > scores["t.words"].score
    # without the facts the calculator needs, neither card is computable
    bare = {s.card.slug: s.signals["computable"] for s in matcher.score_texts(["交通事故能赔多少"])[0]}
    assert bare == {"t.lost": 0.0, "t.words": 0.0}


def test_agreement_through_a_provision_many_cards_share_weighs_less():
    shared = [card(f"t.shared{i}", ["事故"]) for i in range(4)]
    shared = [type(c)(**{**c.__dict__, "provisions": (*c.provisions[:0], _provision("共同法", 76))}) for c in shared]
    own = type(shared[0])(**{**shared[0].__dict__, "slug": "t.own", "provisions": (_provision("专门法", 7),)})
    matcher = Matcher([*shared, own], embedder=FlatEmbedder())
    retrieved = [("共同法", 76), ("专门法", 7)]
    scores = {s.card.slug: s.signals["agreement"] for s in matcher.score_texts(["事故"], retrieved=retrieved)[0]}
    assert scores["t.own"] == 1.0
    assert scores["t.shared0"] == 0.5  # four cards rest on 共同法 76: 1/sqrt(4)


def _provision(law: str, article: int):
    from legal.cardfile import Provision

    return Provision(law=law, article=article, role="controlling", decides="测试", keywords=("测试",))


def test_a_part_reads_whose_question_it_is_from_the_question_it_belongs_to():
    landlord = card("t.landlord", ["押金"], domain="real_estate", asker="landlord")
    tenant = card("t.tenant", ["押金"], domain="real_estate", asker="tenant")
    matcher = Matcher([landlord, tenant], embedder=FlatEmbedder())
    alone = {s.card.slug: s.signals["side"] for s in matcher.score_texts(["押金能退吗"])[0]}
    assert set(alone.values()) == {0.0}
    told = {s.card.slug: s.signals["side"]
            for s in matcher.score_texts(["押金能退吗"], facts_from=["房东不退押金，押金能退吗"])[0]}
    assert told == {"t.landlord": -1.0, "t.tenant": 0.0}


def test_a_follow_up_part_keeps_its_question_and_its_own_words_choose_within_it():
    # the narrative speaks of a work injury's disability benefit; the second part names the paid leave
    benefit = card("t.benefit", ["伤残补助金"])
    leave = card("t.leave", ["停工留薪期"])
    other = card("t.other", ["试用期"])
    matcher = Matcher([benefit, leave, other], embedder=FlatEmbedder())
    question = "老公工伤认定了，伤残七级。一次性伤残补助金是多少？停工留薪期最长多久？"
    parts = matcher.match(question)
    assert [p.best.card.slug for p in parts] == ["t.benefit", "t.leave"]
    assert parts[1].context_used


def test_blending_weighs_the_parts_own_score_by_its_share():
    from legal.matcher import _blend

    a, b = card("t.a", ["甲"]), card("t.b", ["乙"])
    matcher = Matcher([a, b], embedder=FlatEmbedder())
    own, context = matcher._score_all(["甲", "乙乙"])
    blended = _blend(own, context, 0.25)
    for mine, theirs, mixed in zip(own, context, blended, strict=True):
        assert mixed.score == pytest.approx(0.25 * mine.score + 0.75 * theirs.score)
        assert mixed.signals["terms"] == pytest.approx(0.25 * mine.signals["terms"] + 0.75 * theirs.signals["terms"])
