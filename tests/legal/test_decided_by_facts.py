"""Conclusions that said 要看 / 不一定 although the question's facts decide them: the fact is read (the
age and the harm, thefts within two years, a gambling debt, 订金 written for 定金) and the card's case
for it answers. The expected answers follow from the law (刑法 17 and 264, 民法典 1064, 合同编通则解释 67);
the phrasings are written here."""

from datetime import date

import pytest

from bench.answers import polarity
from legal.cardfile import shipped_cards
from legal.composer import compose
from legal.facts import extract_facts
from legal.matcher import CardScore, PartMatch

TODAY = date(2026, 11, 27)
CARDS = {card.slug: card for card in shipped_cards()}


def _conclusion(slug: str, text: str) -> str:
    match = PartMatch(text, [CardScore(CARDS[slug], 1.0, 0.95, {"bigrams": 1.0})], True)
    return compose(text, [match], today=TODAY).parts[0].text


@pytest.mark.parametrize(("question", "answer"), [
    ("我儿子今年15，跟人打架把对方打成轻伤，他要负刑事责任吗", "negative"),
    ("孩子才14岁，打同学鉴定是轻微伤，要坐牢吗", "negative"),
    ("侄子当时刚满13，推了同学一把造成轻伤，会被追究刑事责任吗", "negative"),
    ("女儿11岁，把别人家孩子推倒受了重伤，要负刑事责任吗", "negative"),
    ("我弟弟17岁，跟人打架把人打成轻伤，会不会被判刑", "positive"),
    ("儿子今年15，偷了邻居3000块钱，要负刑事责任吗", "negative"),
])
def test_juvenile_responsibility_by_age_and_harm(question: str, answer: str) -> None:
    assert polarity(_conclusion("criminal.juvenile-offender", question)) == answer


def test_a_grave_offence_at_fifteen_is_not_decided_for_the_client() -> None:
    text = _conclusion("criminal.juvenile-offender", "儿子今年15，跟人抢劫了一部手机，要负刑事责任吗")
    assert not text.startswith("不用")


@pytest.mark.parametrize("question", [
    "我儿子在超市顺东西又被抓了，两年里已经是第三次了，每次几十块，这回会判吗",
    "他一年多偷了四回电动车电瓶，每回就两三百，会坐牢吗",
    "老公在地铁上从别人包里偷了个钱包，里面就两百块，会判刑吗",
    "撬门进了邻居家偷了500块，会构成犯罪吗",
])
def test_theft_that_is_a_crime_whatever_the_amount(question: str) -> None:
    assert _conclusion("criminal.theft", question).startswith("会构成盗窃罪")


def test_a_small_single_theft_is_not_a_crime() -> None:
    assert _conclusion("criminal.theft", "在超市偷了一瓶300块的酒被抓了，会判刑吗").startswith("不会")


@pytest.mark.parametrize("question", [
    "前夫婚内赌博欠了二十万，债主说是共同债务要我还，我要还吗",
    "老公网赌输了借了网贷，催收打电话让我还，我需要还吗",
    "丈夫吸毒欠了朋友五万，现在人家找我要，我得还吗",
])
def test_a_gambling_or_drug_debt_is_not_joint(question: str) -> None:
    text = _conclusion("family.joint-debt", question)
    assert text.startswith("不需要还")


def test_an_ordinary_debt_stays_open() -> None:
    # the co-signature is not told: the common case's plain answer, and the one fact that would change it asked
    text = _conclusion("family.joint-debt", "老公婚内借了十万，债主让我还，我要还吗")
    assert text.startswith("一般不用还") and "签过字" in text


@pytest.mark.parametrize(("question", "amount"), [
    ("买家具交了3000块订金，店家后来不做了，能要双倍吗", "3000"),
    ("看房交了2万意向金，开发商说不退，我能要双倍返还吗", "20000"),
    ("收据上写的订金，对方违约了，能不能要求双倍返还", ""),
])
def test_earnest_money_is_not_a_deposit(question: str, amount: str) -> None:
    text = _conclusion("contract.deposit-vs-earnest", question)
    assert text.startswith("不能要求双倍返还")
    assert amount in text


def test_a_deposit_named_as_such_keeps_the_default() -> None:
    question = "交了5000定金，卖家违约了，能要双倍吗"
    assert "earnest_named" not in extract_facts(question, today=TODAY)
    assert not _conclusion("contract.deposit-vs-earnest", question).startswith("不能要求双倍")
