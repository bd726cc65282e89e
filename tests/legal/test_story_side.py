"""Whose question it is, read from the whole story (issue 20): who 我/我们 is, the other party's role told in
the third person, and the acts the client took or suffered — with a confidence, abstaining when the story
is ambiguous; and a conclusion whose first words are the client's side's, never the other party's right.
Every question here is written for this file, several wordings per side (some with a client's slips:
老版, 压金); none is a tuning question."""

from __future__ import annotations

from datetime import date

import pytest

from legal.cardfile import CardFileError, parse_card
from legal.composer import compose
from legal.facts import extract_facts, side, story_sides
from legal.matcher import CardScore, PartMatch
from legal.sides import addressed_side, client_side, neutral_for_side, side_answer

TODAY = date(2026, 11, 27)
NEUTRAL = ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"]


def read(question: str) -> str:
    found = side(question)
    return found[0] if found else ""


# -- each side both ways -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "expected"), [
    # the employer: the worker is the other party, told in the third person, and the acts against him ours
    ("员工因为我们没交社保提了辞职，现在让我们赔经济补偿，我们要赔吗", "employer"),
    ("手底下的人干了两年说要走，走的时候要给他钱吗", "employer"),
    ("我开了间小饭馆，伙记干了三个月不干了，还问我要双倍工资", "employer"),
    ("我们家请了个保姆，做了一年多要走，要给她补偿吗", "employer"),
    ("店里招的人试用期表现很差，我想把他辞了，要赔钱吗", "employer"),
    ("我们厂里一个工人下班路上被车撞了，我们没给他交工伤保险，要我们出多少", "employer"),
    ("我是公司老版，有个业务员离职的时候把客户资料带走了", "employer"),
    # the worker: the acts are the company's against him
    ("公司没给我交社保，我想辞职，能要补偿吗", "employee"),
    ("老版说我旷工要开除我，其实我请过假", "employee"),
    ("我在一家物业公司干保安，经理让我天天加班不给加班费", "employee"),
    ("单位拖了我三个月工资，我能直接不干了吗", "employee"),
    ("我老婆在超市上班，怀孕了被辞退了，能要赔偿吗", "employee"),
    # the lender and the borrower
    ("借我钱的那个人跑了，电话也不接，五万块怎么办", "lender"),
    ("同学问我借了两万，说好年底还，现在一直拖", "lender"),
    ("我借了朋友五万块实在还不上了，他说要去法院起诉我", "borrower"),
    ("我在网贷平台借了三万，现在还不起，催收天天打我家人电话", "borrower"),
    # the landlord and the tenant
    ("租我房子的人三个月没交房租了，人也联系不上", "landlord"),
    ("我把一套房子租给一家人住，他们把墙砸了，压金能扣吗", "landlord"),
    ("我租的房子，房东突然说要卖了让我下个月搬走", "tenant"),
    ("房东一直不退压金，说我把地板弄脏了", "tenant"),
    # the suspect's family and the victim
    ("我弟跟人打架把对方打成轻伤，对方开口要二十万才肯谅解", "offender"),
    ("我老公被刑拘了，说是帮别人洗钱，家里人能做什么", "offender"),
    ("我被人打了，打人的那个现在还没抓到", "victim"),
    ("我儿子在学校被同学打伤了，对方家长一分钱不赔", "victim"),
    # the seller and the buyer
    ("买我车的那个人开了半年说发动机有问题要退车", "seller"),
    ("我把老房子卖了，买家交房后说漏水要我赔", "seller"),
    ("卖给我车的人隐瞒了泡水的事", "buyer"),
    ("我买了一套二手房，卖家收了定金又反悔不卖了", "buyer"),
])
def test_each_side_is_read_from_the_whole_story(question, expected):
    assert read(question) == expected


def test_the_asker_told_by_the_other_partys_role_is_read_with_confidence():
    facts = extract_facts("员工辞职了还要我们给他补发加班费，我们要给吗", today=TODAY)
    assert facts.get("side") == "employer"
    assert 0.5 < float(facts.get("side_confidence")) <= 1


# -- ambiguous stories stay neutral ---------------------------------------------------------------------------
@pytest.mark.parametrize("question", [
    # the boss's son working in the shop: sued with the shop by its staff, unpaid by his father
    "我是老板的儿子，也在店里上班，店员说要告我们，老板又不给我发工资",
    # a shift leader both claimed against and claiming
    "公司要辞退我，手下的员工也要求我们给他们补偿，要给吗",
])
def test_an_ambiguous_story_abstains(question):
    pairs = story_sides(question)
    assert pairs.get(("employer", "employee"), "absent") is None
    assert read(question) not in ("employer", "employee")


@pytest.mark.parametrize("question", [
    "我工资8000，离婚后孩子跟他，我每个月要给多少抚养费",
    "老公月工资一万二，离婚的话孩子抚养费能要多少",
    "我的工资卡一直在婆婆手里，离婚能要回来吗",
])
def test_a_family_matters_wage_is_no_worker(question):
    assert read(question) not in ("employee", "employer")
    assert client_side(extract_facts(question, today=TODAY), question, "marriage_family") != "employee"


def test_a_story_with_no_first_person_role_tells_no_side():
    assert read("劳动合同到期不续签有没有补偿") == ""


# -- the conclusion's first words ----------------------------------------------------------------------------
def card(asker: str, conclusion: str, *, sides: dict | None = None, qtype: str = "yes_no") -> object:
    raw = {
        "slug": "t.story", "title": "测试事项", "domain": "labor", "summary": "测试。", "phrasings": NEUTRAL,
        "terms": ["测试"], "question_types": [qtype], "answers": {qtype: {"conclusion": conclusion}},
        "provisions": [{"law": "测试法", "article": 1, "role": "controlling", "decides": "测试", "keywords": ["测试"]}],
        "asker": asker,
    }
    if sides is not None:
        raw["sides"] = sides
    return parse_card(raw)


def conclusion(question: str, the_card: object) -> str:
    match = PartMatch(question, [CardScore(the_card, 0.7, 0.95)], True)
    return compose(question, [match], today=TODAY).parts[0].text


WORKER_RIGHT = "可以主张经济补偿：您以单位未缴社保为由书面解除的，单位应按您的工龄支付。"


@pytest.mark.parametrize(("question", "start"), [
    # the employer's own ask (要付吗) is answered first, from the other side of the worker's claim
    # (docs/decisions/answers-yes-no-in-the-clients-frame.md); the worker's right follows in full words
    ("员工说我们没给他交社保，辞职了还要我们付经济补偿，要付吗", "要付。劳动者可以主张"),
    ("我开了个小店，店员以没交社保为由不干了，要我们赔钱", "劳动者可以主张"),
])
def test_an_employer_is_not_told_the_workers_right_as_his_own(question, start):
    text = conclusion(question, card("employee", WORKER_RIGHT))
    assert text.startswith(start)
    assert "您以单位" not in text and "您的工龄" not in text


@pytest.mark.parametrize("question", ["公司没给我交社保，我辞职了能要经济补偿吗",
                                      "单位一直不给我上社保，我不干了有补偿吗"])
def test_the_worker_keeps_the_cards_own_words(question):
    assert conclusion(question, card("employee", WORKER_RIGHT)).startswith("可以主张经济补偿：您以单位")


def test_a_side_table_words_the_answer_for_that_side():
    employer_words = "需要支付（员工以未缴社保为由解除的）：单位应支付经济补偿，每满一年一个月工资。"
    the_card = card("employee", WORKER_RIGHT, sides={"employer": {"answers": {"yes_no": employer_words}}})
    assert conclusion("员工以我们没交社保为由走了，要我们付补偿，要付吗", the_card).startswith("需要支付")
    assert side_answer(the_card, the_card.answers["yes_no"], "employee").conclusion == WORKER_RIGHT


def test_a_conclusion_in_the_third_person_or_for_the_clients_own_side_is_left_alone():
    third = "可以解除：员工严重违纪的，单位可以解除且无需补偿。"
    both = card("any", third)
    assert neutral_for_side(both, both.answers["yes_no"], "employer").conclusion == third
    assert neutral_for_side(both, both.answers["yes_no"], "employee").conclusion == third
    mine = card("employer", "可以解除：您的员工严重违纪的，您可以解除且无需补偿。")
    assert neutral_for_side(mine, mine.answers["yes_no"], "employer").conclusion.startswith("可以解除：您的员工")


def test_whom_an_unsided_cards_answer_addresses_is_read_from_the_party_it_names():
    # no asker, phrasings from both sides: its 您 beside 单位 is the worker
    unsided = card("any", WORKER_RIGHT)
    assert neutral_for_side(unsided, unsided.answers["yes_no"], "employer").conclusion.startswith("劳动者可以主张")
    assert neutral_for_side(unsided, unsided.answers["yes_no"], "employee").conclusion == WORKER_RIGHT
    lease = card("any", "可以要回。房东应当全额退还您的押金。")
    assert neutral_for_side(lease, lease.answers["yes_no"], "employer").conclusion.startswith("可以要回")


def test_the_clients_own_words_read_back_keep_their_you():
    the_card = card("employee", "可以。按您所说（工龄：3年），您可以主张经济补偿。")
    text = neutral_for_side(the_card, the_card.answers["yes_no"], "employer").conclusion
    assert "按您所说" in text and "劳动者可以主张" in text


@pytest.mark.parametrize(("sides", "message"), [
    ({"employer": {"answers": {"maybe": "x"}}}, "answers must map"),
    ({"employer": {"answers": {"yes_no": ""}}}, "answers must map"),
    ({"employer": {"answers": "x"}}, "answers must map"),
])
def test_the_loader_rejects_a_malformed_side_answer(sides, message):
    with pytest.raises(CardFileError, match=message):
        card("employee", WORKER_RIGHT, sides=sides)


@pytest.mark.parametrize(("text", "addressed"), [
    ("可以。单位未缴社保的，您可以解除并要求经济补偿。", "employee"),
    ("可以要回。房东应当退还您的押金。", "tenant"),
    ("可以。借款人逾期的，您可以起诉。", "lender"),
    ("可以。卖方隐瞒的，您可以请求撤销合同。", "buyer"),
    ("可以。单位与员工协商一致的，您可以解除。", ""),  # both parties named: no side
    ("单位应当支付经济补偿。", ""),  # no 您
])
def test_whom_an_answer_addresses_is_read_from_the_party_beside_you(text, addressed):
    assert addressed_side(text) == addressed


@pytest.mark.parametrize("question", [
    "我给表哥借钱的时候当了担保人，现在他还不上，债主要我还",
    "作为担保人，我替借款人还了五万，能找他要吗",
    "我在同事的借条上签了保证人，出借人起诉我了",
])
def test_a_guarantor_is_neither_lender_nor_borrower(question):
    assert story_sides(question).get(("lender", "borrower")) is None
    assert read(question) not in ("lender", "borrower")


def test_a_creditor_pursuing_the_guarantor_is_the_lender():
    assert read("同学问我借了三万，借条上他舅签了担保人，现在同学跑了，我能直接找担保人要吗") == "lender"


@pytest.mark.parametrize("question", ["工伤职工离职，一次性补助金按什么标准", "员工旷工三天，一般怎么处理"])
def test_a_story_with_no_first_person_is_read_by_no_story_cue(question):
    assert story_sides(question) == {}
