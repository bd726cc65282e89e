"""The family and inheritance issues that had no card (docs/decisions/cards-family.md): each new card's issue
asked in two wordings written here (in none of its phrasings), matched by the matcher with the real embedder
against the domain's card files — the neighbours a new card could lose to or take from — and composed: the
card chosen is the new one, and its conclusion cites the card's controlling article."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from bench.answers import polarity
from legal.cardfile import load_cards
from legal.composer import article_label, compose
from legal.matcher import Matcher
from tests.legal.card_cases import assert_each_asked_twice, assert_new_wordings, cited
from tests.statutes import MemoEmbedder

TODAY = date(2026, 11, 28)
CARD_FILES = [Path(__file__).resolve().parents[2] / "legal" / "cards" / name
              for name in ("family.toml", "inheritance.toml")]
CIVIL_CODE = "中华人民共和国民法典"
MARRIAGE_ONE = "最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）"
MARRIAGE_TWO = "最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（二）"
PROCEDURE_INTERPRETATION = "最高人民法院关于适用《中华人民共和国民事诉讼法》的解释"
PROCEDURE_LAW = "中华人民共和国民事诉讼法"


@pytest.fixture(scope="module")
def domain_matcher() -> Matcher:
    return Matcher(tuple(load_cards(CARD_FILES)), embedder=MemoEmbedder())


# (the new card, a client's question, the lead the conclusion opens with or "" for no yes/no, the cited articles)
CASES = [
    ("family.house-given-to-spouse", "结婚后我把自己婚前买的房子加上了丈夫的名字，现在闹离婚他要分一半房子，这样合理吗",
     "", ((MARRIAGE_TWO, 5),)),
    ("family.house-given-to-spouse", "丈夫在婚内写了把他那套公寓送我的协议，公寓一直没有办变更登记，离婚前他能反悔吗",
     "", ((MARRIAGE_ONE, 32), (MARRIAGE_TWO, 5))),
    ("family.gifts-to-lover", "老公瞒着我给相好的转账了十五万，我去法院告那个女人能全部要回来吗",
     "positive", ((MARRIAGE_TWO, 7), (CIVIL_CODE, 157))),
    ("family.gifts-to-lover", "丈夫拿夫妻的钱给婚外的女人买包买首饰，这钱我有没有办法追回",
     "positive", ((MARRIAGE_TWO, 7), (CIVIL_CODE, 157))),
    ("family.house-both-want", "离婚时婚后买的那套房我们俩都想留下，法院会把房子判给谁",
     "", ((MARRIAGE_ONE, 76), (MARRIAGE_ONE, 77))),
    ("family.house-both-want", "夫妻共有的房子还欠着银行贷款，离婚时一方拿房另一方拿钱，补偿款怎么算",
     "", ((MARRIAGE_ONE, 76),)),
    ("family.missing-spouse-divorce", "老婆离家出走快四年没有任何消息，我去法院起诉离婚可以吗",
     "positive", ((PROCEDURE_INTERPRETATION, 217), (CIVIL_CODE, 1079))),
    ("family.missing-spouse-divorce", "丈夫出门打工十年音讯全无，找不到他本人能判离婚吗",
     "positive", ((PROCEDURE_INTERPRETATION, 217), (CIVIL_CODE, 1079))),
    ("family.inherited-property-in-marriage", "我婚后继承了外婆留下的一套老房子，离婚的时候前夫有份吗",
     "positive", ((CIVIL_CODE, 1062), (CIVIL_CODE, 1063))),
    ("family.inherited-property-in-marriage", "妻子结婚以后从她父亲那里继承了一笔遗产，离婚分财产时这笔钱也算进去吗",
     "positive", ((CIVIL_CODE, 1062), (CIVIL_CODE, 1063))),
    ("family.military-spouse-divorce", "丈夫是部队现役军官，我坚持要离婚但他一直不同意，我能离成吗",
     "negative", ((CIVIL_CODE, 1081),)),
    ("family.military-spouse-divorce", "军人老公在外面有人了，我要离婚还得他点头同意吗",
     "", ((CIVIL_CODE, 1081), (MARRIAGE_ONE, 64))),
    ("inheritance.estate-partition-suit", "母亲过世后二姐一家占着老房子不搬也不分，我们怎么通过法律分到自己那份",
     "", ((CIVIL_CODE, 1132), (PROCEDURE_LAW, 34))),
    ("inheritance.estate-partition-suit", "哥哥一直霸着爸妈留下的门面房收租，一分也不分给我们姐妹，我们能起诉要求分吗",
     "positive", ((CIVIL_CODE, 1132), (CIVIL_CODE, 1151))),
    ("inheritance.lifetime-gift-to-one-child", "奶奶活着的时候就把房子过户给了小叔，奶奶去世后我爸还能分这套房吗",
     "negative", ((CIVIL_CODE, 1122),)),
    ("inheritance.lifetime-gift-to-one-child", "爸爸生前说老房子留给我，一直没办过户，爸爸走了以后哥哥要平分，他有份吗",
     "positive", ((CIVIL_CODE, 1122),)),
    ("family.grandparent-visitation",
     "闺女离婚后外孙归了前女婿，前女婿连过年都不让我们当外公外婆的见孩子，我们能上法院争探望吗",
     "negative", ((CIVIL_CODE, 1086),)),
    ("family.grandparent-visitation",
     "儿子和媳妇离了，孙子跟妈妈过，我们当爷爷奶奶的自己去法院申请看孙子的权利，法院会支持吗",
     "negative", ((CIVIL_CODE, 1086),)),
    ("family.housework-compensation", "我在家做了六年全职主妇，孩子和婆婆都是我照顾，老公提离婚，我能让他另外补偿我吗",
     "positive", ((CIVIL_CODE, 1088),)),
    ("family.housework-compensation", "为了照顾家里老小我把工作辞了，离婚时这份付出法院会判他补给我多少钱",
     "", ((MARRIAGE_TWO, 21), (CIVIL_CODE, 1088))),
]


@pytest.mark.parametrize(("slug", "text", "lead", "articles"), CASES)
def test_a_new_card_is_chosen_for_its_issue_and_cites_its_controlling_article(
        domain_matcher: Matcher, slug: str, text: str, lead: str, articles: tuple[tuple[str, int], ...]) -> None:
    parts = domain_matcher.match(text)
    assert parts and parts[0].best is not None
    assert parts[0].best.card.slug == slug, [(s.card.slug, round(s.confidence, 2)) for s in parts[0].scores[:3]]
    part = compose(text, parts[:1], today=TODAY).parts[0]
    if lead:
        assert polarity(part.text) == lead, part.text
    answered = cited(part)
    assert answered & {(law, article_label(article)) for law, article in articles}, (answered, part.text)


def test_every_new_card_is_asked_twice() -> None:
    assert_each_asked_twice(CASES)
    assert_new_wordings(CASES, {card.slug: card for card in load_cards(CARD_FILES)})
