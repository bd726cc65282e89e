"""Whether a theft or a fraud is a crime turns on the amount the client states, and whether a light
injury is one on the age of the one who caused it (刑法 17).

刑法 264 and 266 punish theft and fraud of a 数额较大 amount; the judicial interpretations leave the
figure to each province within a national band — theft 1,000 to 3,000 元 (盗窃解释 1), fraud 3,000 to
10,000 元 (诈骗解释 1). Above the band's top the act is a crime everywhere, below its floor nowhere
(save 入户、扒窃、携带凶器、多次 for theft), in between it turns on the province. The amount is read from
the question as people write it; the expected polarity is computed here from the band, never copied
from the engine.
"""

from datetime import date

import pytest

from bench.answers import polarity
from legal.cardfile import shipped_cards
from legal.composer import compose
from legal.facts import extract_facts
from legal.matcher import CardScore, PartMatch

TODAY = date(2026, 11, 27)
CARDS = {card.slug: card for card in shipped_cards()}
BANDS = {"criminal.theft": (1000, 3000), "criminal.fraud": (3000, 10000)}


def _conclusion(slug: str, text: str) -> str:
    match = PartMatch(text, [CardScore(CARDS[slug], 1.0, 0.95, {"bigrams": 1.0})], True)
    return compose(text, [match], today=TODAY).parts[0].text


def _expected(slug: str, amount: int) -> str | None:
    floor, top = BANDS[slug]
    return "positive" if amount >= top else "negative" if amount < floor else None


THEFT = [
    "在商场偷了一个价值{a}块的手机被抓了，会坐牢吗",
    "我弟在超市顺了{a}元的东西被保安抓了，会不会判刑",
    "偷了同事{a}块钱，会被判刑吗",
]
FRAUD = [
    "网上冒充客服骗了别人{a}元，会坐牢吗",
    "我老公骗了朋友{a}块钱，会被判刑吗",
]


@pytest.mark.parametrize("template", THEFT)
@pytest.mark.parametrize("amount", [500, 800, 1500, 2800, 3000, 5000, 20000])
def test_theft_amount_decides_whether_it_is_a_crime(template: str, amount: int) -> None:
    text = template.format(a=amount)
    conclusion = _conclusion("criminal.theft", text)
    assert polarity(conclusion) == _expected("criminal.theft", amount), conclusion
    assert f"{amount}元" in conclusion


@pytest.mark.parametrize("template", FRAUD)
@pytest.mark.parametrize("amount", [1000, 2999, 5000, 10000, 30000])
def test_fraud_amount_decides_whether_it_is_a_crime(template: str, amount: int) -> None:
    text = template.format(a=amount)
    conclusion = _conclusion("criminal.fraud", text)
    expected = _expected("criminal.fraud", amount)
    if expected is None:  # no case for the band: the common-case conclusion stands
        assert "{" not in conclusion and f"骗取{amount}元" not in conclusion
    else:
        assert polarity(conclusion) == expected, conclusion
        assert f"{amount}元" in conclusion


def test_amount_involved_is_read_with_the_offence():
    facts = extract_facts("在地铁上偷了一部手机，值4500元，会判几年", today=TODAY)
    assert facts.get("amount_involved") == 4500


def test_no_amount_keeps_the_common_case():
    conclusion = _conclusion("criminal.theft", "偷东西被抓了会坐牢吗")
    assert conclusion.startswith("不一定")


# -- age: 刑法 17 makes a light injury no crime below sixteen ----------------------------------------------
INJURY = [
    "儿子今年{n}岁 跟同学打架把人打成轻伤了 会判刑吗",
    "我{n}岁的弟弟打人致轻伤，会坐牢吗",
]


@pytest.mark.parametrize("template", INJURY)
@pytest.mark.parametrize("age", [13, 14, 15, 16, 17, 30])
def test_light_injury_by_a_minor_under_sixteen_is_no_crime(template: str, age: int) -> None:
    conclusion = _conclusion("criminal.intentional-injury", template.format(n=age))
    assert polarity(conclusion) == ("negative" if age < 16 else "positive"), conclusion
