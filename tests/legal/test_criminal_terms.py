"""Criminal terms as data: the statutory lengths clients ask (刑法 38、42、45; 道路交通安全法 91), the probation a
sentence carries (刑法 73) and the term several sentences come to (刑法 69), each read from the client's words
(docs/decisions/figures-and-deadlines.md, "Third round")."""

from __future__ import annotations

from datetime import date

import pytest

from legal.composer import computable_for
from legal.facts import extract_facts, part_flags
from legal.readers import sentence_terms
from legal.rules import calculate

TODAY = date(2026, 11, 27)


def answer(question: str, part: str | None = None) -> tuple[str, str]:
    part = part or question
    facts = extract_facts(question, today=TODAY)
    name = computable_for(part, "criminal", facts)
    if not name:
        return "", ""
    calculation = calculate(name, {**facts.values(), **part_flags(part)})
    return name, calculation.headline()


@pytest.mark.parametrize(("question", "lowest", "highest"), [
    ("被判有期徒刑八个月，宣告缓刑，缓刑考验期最短是多久", "1 年", "5 年"),
    ("法院判了两年缓刑，那考验期最长几年", "2 年", "5 年"),
    ("我弟判了拘役四个月缓刑，缓刑多久", "4 个月", "1 年"),
    ("判处拘役一个月，考验期最少多长", "2 个月", "1 年"),
])
def test_a_probation_runs_from_the_sentence_to_the_statutory_ceiling(question: str, lowest: str, highest: str) -> None:
    name, text = answer(question)
    assert name == "probation_term"
    assert f"最少 {lowest}" in text and f"最长 {highest}" in text


@pytest.mark.parametrize(("question", "terms", "top"), [
    ("他犯了两个罪，盗窃判2年，故意伤害判1年6个月，数罪并罚最多执行几年", (24, 18), "3 年 6 个月（3.5 年）"),
    ("一审三个罪分别判了五年、四年和八个月，合并起来最多坐多久", (60, 48, 8), "9 年 8 个月"),
    ("数罪并罚：一个罪判了十二年，另一个判了十五年，最多执行多少年", (144, 180), "20 年"),
])
def test_several_sentences_come_to_at_most_their_sum_within_the_statutory_cap(question: str, terms: tuple[int, ...],
                                                                             top: str) -> None:
    assert sentence_terms(question) == terms
    name, text = answer(question)
    assert name == "concurrent_sentence"
    assert f"最多 {top}" in text


def test_one_sentence_is_not_a_concurrent_term() -> None:
    assert sentence_terms("他2022年判了三年，今年又被抓了") == ()


@pytest.mark.parametrize(("question", "number"), [
    ("拘役一般最长能关多久", "最多 6 个月"),
    ("管制最多能判几年", "最多 2 年"),
    ("有期徒刑最低判多久", "最少 6 个月"),
])
def test_a_statutory_term_is_stated_with_its_figures(question: str, number: str) -> None:
    name, text = answer(question)
    assert name == "statutory_term" and number in text


def test_the_licence_bar_is_five_years_only_after_drink_driving() -> None:
    name, text = answer("昨晚喝了酒开车被交警查到，醉驾，驾照被吊销以后几年能重新考", "驾照被吊销以后几年能重新考")
    assert name == "statutory_term" and "5 年" in text
    assert answer("驾照扣满12分了，多久能重新考", "驾照扣满12分了，多久能重新考")[0] != "statutory_term"


# -- composed with the card the matcher hands over ------------------------------------------------------
def _part_text(slug: str, text: str) -> str:
    from legal.cardfile import shipped_cards
    from legal.composer import compose
    from legal.matcher import CardScore, PartMatch

    cards = {c.slug: c for c in shipped_cards()}
    match = PartMatch(text, [CardScore(cards[slug], 1.0, 0.95, {"bigrams": 1.0})], True)
    return compose(text, [match], today=TODAY).parts[0].text


def test_a_probation_asked_how_long_is_computed_on_its_card() -> None:
    text = _part_text("criminal.probation", "我被判了八个月有期徒刑，给了缓刑，缓刑考验期最短多久")
    assert "最少 1 年" in text and "最长 5 年" in text


def test_a_statutory_range_asked_how_long_is_stated_in_digits() -> None:
    text = _part_text("criminal.penalty-terms", "拘役一般最长能关多久")
    assert "6个月" in text or "6 个月" in text
