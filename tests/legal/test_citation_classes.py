"""Citation classes read from clients' wording (docs/decisions/card-citations-audit.md, fourth round):
the typed facts that choose among a card's deciding provisions, and the words of a short part over
the words of its question."""

from __future__ import annotations

from datetime import date
from functools import cache

import pytest

from legal.cardfile import Card, shipped_cards
from legal.composer import compose
from legal.facts import extract_facts
from legal.matcher import CardScore, PartMatch

TODAY = date(2026, 11, 27)


@cache
def shipped(slug: str) -> Card:
    return next(c for c in shipped_cards() if c.slug == slug)


def cited(slug: str, question: str, part: str | None = None) -> list[tuple[str, int | str]]:
    text = part or question
    composition = compose(question, [PartMatch(text, [CardScore(shipped(slug), 0.95, 0.95)], True)], today=TODAY)
    return [(p.law.removeprefix("中华人民共和国"), p.article) for p in composition.parts[0].basis]


@pytest.mark.parametrize(("question", "unsecured", "banned"), [
    ("被邻居家没拴绳的狗咬了，打疫苗花了三千", True, False),
    ("小区里遛狗不牵绳，我被咬了一口", True, False),
    ("他家的狗散养在外面，把我孩子咬了", True, False),
    ("我家院子里养了条藏獒，拴着的，小孩翻墙进来被咬了", False, True),
    ("被一条拴着的狗咬了，主人不认账", False, False),
    ("朋友借钱不还，也没写借条", False, False),  # no animal: nothing read
])
def test_how_an_animal_was_kept_is_read_as_a_typed_fact(question, unsecured, banned):
    items = extract_facts(question).items
    assert ("animal_unsecured" in items) is unsecured
    assert ("animal_banned_breed" in items) is banned


@pytest.mark.parametrize(("question", "article"), [
    ("被邻居家没拴绳的狗咬了，打狂犬疫苗花了三千二，能要回来多少", 1246),
    ("我家养了条藏獒，小孩自己翻墙进来被咬了，我要赔吗", 1247),
    ("被邻居家的狗咬了，打狂犬疫苗花了三千二，能要回来多少", 1245),
])
def test_how_the_animal_was_kept_chooses_the_liability_rule(question, article):
    assert cited("tort.animal-injury", question) == [("民法典", article)]


def _criminal_card(basis: list[dict[str, object]], domain: str = "criminal") -> Card:
    from legal.cardfile import parse_card

    return parse_card({
        "slug": "t.theft", "title": "盗窃", "domain": domain, "summary": "测试。",
        "phrasings": ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"], "terms": ["偷"],
        "question_types": ["yes_no"],
        "answers": {"yes_no": {"conclusion": "数额较大的构成盗窃罪。", "basis": basis}},
        "provisions": [
            {"law": "中华人民共和国刑法", "article": 264, "role": "controlling", "decides": "盗窃罪"},
            {"law": INTERP, "article": 1, "role": "controlling", "decides": "数额较大的标准"},
        ],
    })


def _basis(card: Card, question: str) -> list[tuple[str, int | str]]:
    composition = compose(question, [PartMatch(question, [CardScore(card, 0.95, 0.95)], True)], today=TODAY)
    return [(p.law, p.article) for p in composition.parts[0].basis]


INTERP = "最高人民法院、最高人民检察院关于办理盗窃刑事案件适用法律若干问题的解释"


def test_a_criminal_conclusion_resting_on_an_interpretation_cites_the_crime_it_implements():
    card = _criminal_card([{"law": INTERP, "article": 1}])
    assert _basis(card, "偷了一部两千块的手机，够判刑吗") == [("中华人民共和国刑法", 264), (INTERP, 1)]


def test_a_conclusion_citing_the_statute_already_is_left_as_it_is():
    card = _criminal_card([{"law": "中华人民共和国刑法", "article": 264}])
    assert _basis(card, "偷了一部两千块的手机，够判刑吗") == [("中华人民共和国刑法", 264)]


def test_another_domains_interpretation_is_left_as_it_is():
    card = _criminal_card([{"law": INTERP, "article": 1}], domain="debt")
    assert _basis(card, "偷了一部两千块的手机，够判刑吗") == [(INTERP, 1)]


def test_a_procedure_card_cites_the_procedure_law_beside_the_police_rules():
    assert cited("criminal_procedure.police-refuse-to-file", "报案后派出所不给立案，能申请复议吗")[:1] == [
        ("刑事诉讼法", 113)]


def test_a_period_of_its_own_is_cited_by_its_rule_whatever_the_rest_of_the_question_speaks_of():
    question = "老公打我，我想申请保护令，法院多长时间给结果，有效多久"
    assert cited("family.protection-order", question, "法院多长时间给结果") == [("反家庭暴力法", 28)]


def test_a_general_period_leaves_the_cards_special_provision_to_decide():
    question = "借给别人钱分12期还，最后一期是今年3月15号，他从第三期开始就没还过，现在还能告吗，时效怎么算"
    assert cited("debt.limitation-with-due-date", question, "时效怎么算") == [("民法典", 189)]


@pytest.mark.parametrize(("slug", "question", "part", "article"), [
    ("criminal.traffic-accident-crime", "开车撞了人对方没抢救过来，会判多少年，赔钱拿到谅解书能缓刑吗",
     "赔钱拿到谅解书能缓刑吗", 72),
    ("criminal.intentional-injury", "打架把人打成轻伤二级，第二天我自己去派出所说了，这样算不算自首", None, 67),
    ("criminal.intentional-injury", "有人拿刀冲过来，我抢过刀把他捅伤了，我这算正当防卫吗", None, 20),
])
def test_an_institution_of_the_general_part_asked_on_a_crimes_card_is_decided_by_its_article(slug, question, part,
                                                                                             article):
    assert cited(slug, question, part) == [("刑法", article)]


def test_how_long_probation_lasts_is_no_question_of_whether_it_is_granted():
    assert ("刑法", 72) not in cited("criminal.theft", "偷东西判了缓刑，缓刑期间能不能去外省打工")


def test_a_procedure_card_answers_what_it_is_asked_of_probation_itself():
    assert ("刑法", 72) not in cited("criminal.plea-signing", "检察院说可以认罪认罚，签了具结书是不是就一定判缓刑了")


@pytest.mark.parametrize(("question", "expected"), [
    ("儿子15岁，跟几个大孩子去超市偷东西被抓了，会不会判刑", [("刑法", 17)]),
    ("儿子17岁，跟几个大孩子去超市偷东西被抓了，会不会判刑", [("刑法", 17), ("刑法", 264)]),
    ("儿子20岁，跟几个朋友去超市偷东西被抓了，会不会判刑", [("刑法", 264)]),
])
def test_an_offenders_age_under_eighteen_decides_first(question, expected):
    assert cited("criminal.theft", question)[:len(expected)] == expected


@pytest.mark.parametrize(("question", "article"), [
    ("楼上卫生间漏水，把我家天花板泡黄了一大块，找他好几次都不修，我该咋办", 296),
    ("楼上装修把墙打通了，我家客厅墙开始裂缝，我该怎么办", 1165),
])
def test_damage_from_the_flat_above_is_claimed_in_tort_and_between_neighbours(question, article):
    assert cited("housing.renovation-damage-neighbor", question) == [("民法典", article)]


@pytest.mark.parametrize(("question", "unpaid"), [
    ("合同里签了竞业限制两年，说好每月补偿3000，我走了八个多月了一分钱都没打过来，我能去同行吗", True),
    ("签了竞业限制，离职后没收到任何补偿，能去同行业吗", True),
    ("竞业限制补偿每月按时打给我的，我能去同行吗", False),
])
def test_non_compete_compensation_said_unpaid_in_clients_words(question, unpaid):
    assert ("non_compete_unpaid" in extract_facts(question).items) is unpaid


@pytest.mark.parametrize(("question", "law", "article"), [
    ("在家具店交了两万订金，后来不想买了，店里说订金不退，合同上写的是订金不是定金，我能要回多少",
     "最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释", 67),
    ("买车交了两万定金，结果车行把车卖给别人了，我能要回多少", "民法典", 587),
])
def test_what_a_sum_paid_in_advance_brings_back_depends_on_what_it_was_called(question, law, article):
    assert cited("contract.deposit-vs-earnest", question) == [(law, article)]
