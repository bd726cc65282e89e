"""Labour cards written from the intake checklist (docs/decisions/cards-labor.md): each new card's issue asked
in two wordings written here (in none of the card's phrasings), matched by the engine's matcher over the shipped
cards and composed: the card chosen is the one written for the issue, and its conclusion cites the controlling
article that decides it."""

from __future__ import annotations

from datetime import date

import pytest

from legal.cardfile import shipped_cards
from legal.matcher import Matcher
from tests.legal.card_cases import cites, sure_part

TODAY = date(2026, 11, 29)
CONTRACT_LAW = "中华人民共和国劳动合同法"
CONTRACT_RULES = "中华人民共和国劳动合同法实施条例"
LABOUR_LAW = "中华人民共和国劳动法"
CHILD_LABOUR = "禁止使用童工规定"
WAGE_RULES = "工资支付暂行规定"


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return Matcher(list(shipped_cards()))


def _part(slug: str, text: str):
    return sure_part(next(c for c in shipped_cards() if c.slug == slug), text, TODAY)


@pytest.mark.parametrize(("slug", "text", "law", "articles"), [
    ("labor.employee-refuses-written-contract",
     "我们公司上周招的仓管员，劳动合同拿给他三次了他就是不签，我们现在能不能叫他别来了", CONTRACT_RULES, (5, 6)),
    ("labor.employee-refuses-written-contract",
     "开了个装修队，招来的工人说签了合同麻烦不愿签，我作为老板该怎么处理才不吃亏", CONTRACT_RULES, (5, 6)),
    ("labor.final-wage-settlement",
     "上月底我从超市离职了，交接单也签了，店长说剩下那二十来天的工资得等年底一起算，这样对吗", WAGE_RULES, (9,)),
    ("labor.final-wage-settlement",
     "走人的时候单位把我最后半个月的薪水扣着不给，说是行规，我能要回来吗", WAGE_RULES, (9,)),
    ("labor.employer-change-contract-continues",
     "我们厂去年被一家上市公司买下了，新东家说旧合同一律作废，要大家重新签而且底薪要降，这合法吗",
     CONTRACT_LAW, (33, 34)),
    ("labor.employer-change-contract-continues",
     "公司的老板和股东都换了一拨人，以前签的劳动合同还作不作数", CONTRACT_LAW, (33, 34)),
    ("labor.child-labor",
     "我侄子才十四岁，跟着老乡去服装厂踩缝纫机，厂里这么招人违不违法", LABOUR_LAW, (15,)),
    ("labor.child-labor",
     "女儿十五岁在奶茶店打零工被开水烫伤了，店里说她没成年不算员工不赔，医药费谁出", CHILD_LABOUR, (10,)),
])
def test_the_new_card_is_chosen_and_cites_its_controlling_article(matcher: Matcher, slug: str, text: str,
                                                                   law: str, articles: tuple[int, ...]) -> None:
    parts = matcher.match(text)
    assert parts and parts[0].best is not None
    assert parts[0].best.card.slug == slug, [(s.card.slug, round(s.confidence, 3)) for s in parts[0].scores[:3]]
    # composed with the card as a sure match hands it over: the conclusion cites what decides the issue
    part = _part(slug, text)
    assert cites(part, law, articles), [(p.law, p.article) for p in part.basis]


def test_a_fifteen_year_old_is_told_the_work_is_unlawful_and_a_seventeen_year_old_that_it_is_not() -> None:
    for text, lead in (("我家孩子15岁被招进电子厂流水线上班，这种用工合法吗", "不合法"),
                       ("儿子今年17岁，去工厂做包装工，工厂招他合法吗", "合法")):
        part = _part("labor.child-labor", text)
        assert part.text.lstrip("*").startswith(lead), part.text


def test_an_employer_whose_new_hand_will_not_sign_is_told_the_first_month_costs_nothing_and_later_costs_n() -> None:
    within = _part("labor.employee-refuses-written-contract", "员工入职才十天，合同一直不签，公司能终止用工吗")
    beyond = _part("labor.employee-refuses-written-contract", "员工干了三个月一直拒绝签合同，公司能终止用工吗")
    assert "无需支付经济补偿" in within.text and cites(within, CONTRACT_RULES, (5,)), within.text
    assert "须支付经济补偿" in beyond.text and cites(beyond, CONTRACT_RULES, (6,)), beyond.text
