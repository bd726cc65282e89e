"""Among an answer's provisions the typed facts choose the one that decides: a provision's ``when``
predicates (legal/conditions.py) hold for the facts the question gives (不满八周岁 → 民法典 1199,
八周岁以上 → 1200); a fact the question does not give rules nothing out."""

from __future__ import annotations

from datetime import date

import pytest

from legal.cardfile import CardFileError, card_from_dict, card_to_dict, parse_card
from legal.composer import compose
from legal.matcher import CardScore, PartMatch

TODAY = date(2026, 11, 27)
CODE = "中华人民共和国民法典"


def school(when_young: object = None, when_old: object = None) -> object:
    young = {"law": CODE, "article": 1199, "role": "controlling", "decides": "无民事行为能力人在校受伤学校承担责任",
             "keywords": ["无民事行为能力人"]}
    old = {"law": CODE, "article": 1200, "role": "controlling",
           "decides": "限制民事行为能力人在校受伤学校未尽职责的承担责任", "keywords": ["限制民事行为能力人"]}
    if when_young is not None:
        young["when"] = when_young
    if when_old is not None:
        old["when"] = when_old
    return parse_card({
        "slug": "t.school", "title": "学生在校受伤", "domain": "personal_injury", "summary": "测试。",
        "phrasings": ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"], "terms": ["学校"],
        "question_types": ["yes_no"],
        "answers": {"yes_no": {"conclusion": "要赔。", "basis": [{"law": CODE, "article": 1199},
                                                               {"law": CODE, "article": 1200}]}},
        "provisions": [young, old],
    })


CARD = school([{"fact": "age", "op": "<", "value": 8}], [{"fact": "age", "op": ">=", "value": 8}])


def _cited(card: object, question: str) -> list[int]:
    part = compose(question, [PartMatch(question, [CardScore(card, 0.9, 0.95)], True)], today=TODAY).parts[0]
    return [p.article for p in part.basis]


@pytest.mark.parametrize(("question", "article"), [
    ("孩子10岁，在学校课间被同学推倒摔断了胳膊，学校要不要负责？", 1200),
    ("孩子5岁，在幼儿园被同学推倒摔断了胳膊，幼儿园要不要负责？", 1199),
])
def test_the_age_chooses_the_provision(question, article):
    assert _cited(CARD, question) == [article]


def test_without_the_predicates_the_words_choose_as_before():
    assert _cited(school(), "孩子10岁，在学校课间被同学推倒摔断了胳膊，学校要不要负责？") == [1199]


def test_an_unknown_age_rules_nothing_out():
    assert _cited(CARD, "孩子在学校课间被同学推倒摔断了胳膊，学校要不要负责？") == [1199]


def test_the_predicates_survive_the_card_table_round_trip():
    again = card_from_dict(card_to_dict(CARD))
    assert [p.when for p in again.provisions] == [p.when for p in CARD.provisions]


@pytest.mark.parametrize("bad", [[], [{"fact": "age", "op": "~", "value": 8}], [{"fact": "age", "op": "<"}], "age<8"])
def test_a_predicate_written_wrong_is_rejected(bad):
    with pytest.raises(CardFileError):
        school(bad)


@pytest.mark.parametrize(("question", "form"), [
    ("我爸电脑打印的遗嘱，最后签了名按了手印，但是没有见证人，这个有效么", "typed_will"),
    ("老人自己手写的遗嘱，没写日期，有效吗", "handwritten_will"),
    ("请邻居代写的遗嘱，有两个见证人，算数吗", "dictated_will"),
    ("爷爷用手机录了段视频当遗嘱，说房子给我", "recorded_will"),
])
def test_the_form_of_a_will_is_read_as_a_typed_fact(question, form):
    from legal.facts import extract_facts

    forms = [name for name in extract_facts(question).items if name.endswith("_will")]
    assert forms == [form]


def test_a_typed_document_that_is_no_will_is_no_will_form():
    from legal.facts import extract_facts

    assert not [name for name in extract_facts("电脑打印的合同没有手写签名，有效吗").items if name.endswith("_will")]


@pytest.mark.parametrize(("question", "kind"), [
    ("我是连带保证人，债主不找借款人直接起诉我，可以吗", "joint_guarantee"),
    ("合同写的是一般保证，债主能直接找我这个保证人吗", "general_guarantee"),
    # the kind left open is a general guarantee (民法典 686 ②), whatever 连带 the question names beside it
    ("借条下面朋友签了担保人三个字，没写什么连带不连带，我能直接找担保人要钱吗", "general_guarantee"),
    ("合同里也没写是一般担保还是连带担保，银行直接找我要，我得马上还吗", "general_guarantee"),
])

def test_the_kind_of_guarantee_is_read_as_a_typed_fact(question, kind):
    from legal.facts import extract_facts

    assert [name for name in extract_facts(question).items if name.endswith("_guarantee")] == [kind]


@pytest.mark.parametrize(("question", "paid"), [
    ("我当担保人，借钱的人不还，法院判我替他还了八万，我能找他要回来多少", True),
    ("做担保的，已经代偿了二十万，能向借款人追多少", True),
    ("我给别人做担保，借款100万，合同写我只担保50万，剩下的我要还多少", False),
])
def test_a_guarantor_who_paid_is_read_as_a_typed_fact(question, paid):
    from legal.facts import extract_facts

    assert ("guarantor_paid" in extract_facts(question).items) is paid


def test_a_sum_called_dingjin_yet_said_to_be_an_advance_is_an_advance():
    from legal.facts import extract_facts

    told = extract_facts("交的是订金不是定金，五千，现在不想买了，商家说不退，是这样吗")
    assert "advance_named" in told.items
    assert "advance_named" not in extract_facts("婚宴订了酒店交了8000定金，酒店说定金不退，对吗").items


@pytest.mark.parametrize(("question", "delivered"), [
    ("前几年把一套房子过户给了儿子，说好他给我养老，结果他动手打我，我能把房子要回来吗", True),
    ("谈恋爱的时候给女朋友买了台车，写的她名字，现在分手了能要回来吗", True),
    ("说好送给侄子一套房子，还没有过户，我反悔了可以吗", False),
    ("房子过户给买家了，对方一直不付尾款", False),  # a sale, not a gift
])
def test_a_gift_handed_over_is_read_as_a_typed_fact(question, delivered):
    from legal.facts import extract_facts

    assert ("gift_delivered" in extract_facts(question).items) is delivered


def gift_card() -> object:
    return parse_card({
        "slug": "t.gift", "title": "赠与反悔", "domain": "contract", "summary": "测试。",
        "phrasings": ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"], "terms": ["赠与"],
        "question_types": ["yes_no"],
        "answers": {"yes_no": {"conclusion": "视情况。", "basis": [{"law": CODE, "article": 658},
                                                                {"law": CODE, "article": 663}]}},
        "provisions": [
            {"law": CODE, "article": 658, "role": "controlling", "decides": "赠与财产的权利转移之前可以撤销赠与",
             "keywords": ["撤销赠与"]},
            {"law": CODE, "article": 663, "role": "controlling",
             "decides": "受赠人严重侵害赠与人的，赠与人可以撤销赠与",
             "keywords": ["撤销赠与"], "when": [{"fact": "gift_delivered", "op": "known"}]},
        ],
    })


@pytest.mark.parametrize(("question", "article"), [
    ("前几年把一套房子过户给了儿子，说好他给我养老，结果他动手打我，我能把房子要回来吗", 663),
    ("说好送给侄子一套房子，还没有过户，我反悔了可以吗", 658),
])
def test_a_gift_handed_over_is_revoked_only_on_the_donees_fault(question, article):
    assert _cited(gift_card(), question) == [article]


@pytest.mark.parametrize(("question", "told"), [
    ("男方，没领证，办了酒，在一起住了两年多，现在分手了，彩礼十八万能要回来吗",
     {"marriage_unregistered_told", "lived_together_told"}),
    ("订婚给了彩礼18万8，后来领证了，住了不到半年女方就要离婚，彩礼能退吗",
     {"marriage_registered_told", "lived_together_told"}),
    ("订婚给了10万彩礼，现在女方悔婚了，能要回来吗", {"marriage_unregistered_told"}),
    ("领证了，住在一起半年，现在离婚，房子怎么分", set()),  # no 彩礼: nothing read for it
])
def test_what_a_betrothal_question_says_of_the_couple_is_read_as_told(question, told):
    from legal.facts import extract_facts

    assert {name for name in extract_facts(question).items if name.endswith("_told")} == told


@pytest.mark.parametrize(("registered", "cohabited", "law", "article"), [
    (True, True, "最高人民法院关于审理涉彩礼纠纷案件适用法律若干问题的规定", 5),
    (False, True, "最高人民法院关于审理涉彩礼纠纷案件适用法律若干问题的规定", 6),
    (False, False, "最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）", 5),
    (True, False, "最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）", 5),
])
def test_the_betrothal_figure_rests_on_the_rule_of_the_couples_case(registered, cohabited, law, article):
    from decimal import Decimal

    from legal.rules import basis_numbers, betrothal_return

    result = betrothal_return(betrothal_amount=Decimal(100000), registered=registered, cohabited=cohabited)
    assert basis_numbers(result.legal_basis) == [(law, article)]


@pytest.mark.parametrize(("question", "online"), [
    ("网上买的衣服，七天无理由能退吗", True),
    ("直播间买的金手链是镀金的", True),
    ("商场搞活动，牌子上写着最终解释权归本商场所有，有用吗", False),
    ("我被公司开除了，能要补偿吗", None),
    ("我在健身房上班，老板拖欠两个月工资", None),  # a shop named, no purchase told
])
def test_the_channel_of_a_purchase_is_read_as_a_typed_fact(question, online):
    from legal.facts import extract_facts

    assert extract_facts(question).values().get("online_purchase") is online


def terms_card() -> object:
    online_rules = "最高人民法院关于审理网络消费纠纷案件适用法律若干问题的规定（一）"
    return parse_card({
        "slug": "t.terms", "title": "霸王条款", "domain": "consumer", "summary": "测试。",
        "phrasings": ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"], "terms": ["格式条款"],
        "question_types": ["valid"],
        "answers": {"valid": {"conclusion": "无效。", "basis": [
            {"law": "中华人民共和国消费者权益保护法", "article": 26}, {"law": online_rules, "article": 1}]}},
        "provisions": [
            {"law": "中华人民共和国消费者权益保护法", "article": 26, "role": "controlling",
             "decides": "经营者以格式条款、店堂告示排除限制消费者权利的，内容无效", "keywords": ["店堂告示"]},
            {"law": online_rules, "article": 1, "role": "controlling",
             "decides": "经营者享有最终解释权等格式条款无效", "keywords": ["最终解释权"],
             "when": [{"fact": "online_purchase", "op": "==", "value": 1}]},
        ],
    })


@pytest.mark.parametrize(("question", "article"), [
    ("商场搞活动，牌子上写着最终解释权归本商场所有，这个最终解释权有用吗", 26),
    ("淘宝店铺写着最终解释权归本店所有，这个最终解释权有用吗", 1),
])
def test_the_online_consumption_rules_decide_an_online_purchase_only(question, article):
    assert _cited(terms_card(), question) == [article]
