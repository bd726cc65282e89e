"""A card's premises: the typed facts it is written for, declared on the card and read from the client's words
(docs/decisions/answers-card-choice.md).

The classes, each tested with wordings written for these tests (none taken from a question set), in several
registers, and with look-alikes where the general card must stay:
(a) the facts contradict the chosen card's premise and a close card fits them — the card goes below it;
(c) a special card whose premise the facts meet loses to the general card on shared words — it goes first;
(open) two close siblings written for different values of a fact the client has not told — the confidence
falls below the citing line and the answer asks that fact.
"""

from __future__ import annotations

import pytest

from legal.cardfile import CardFileError, parse_card, shipped_cards
from legal.matcher import PREMISE, CardScore, card_deciding, deciding_question, premise_open, premise_order
from legal.premises import PREMISE_ASKS, PREMISES, premise_problems, stated_premises


def _card(slug):
    return next(c for c in shipped_cards() if c.slug == slug)


def _first(row, stated):
    return max(premise_order(row, stated), key=lambda s: s.score).card.slug


# -- the schema -------------------------------------------------------------------------------------------------

def _raw(premises):
    raw = _card("tort.good-samaritan").to_dict()
    raw["premises"] = premises
    return raw


def test_a_declared_premise_is_read_and_written_back():
    card = parse_card(_raw({"rescuer": "yes"}), path="t.toml")
    assert card.premises == {"rescuer": "yes"}
    assert card.to_dict()["premises"] == {"rescuer": "yes"}


@pytest.mark.parametrize("premises", [{"party": "worker"}, {"rescuer": "no"}, {"asks": "validity"}, ["rescuer"]])
def test_the_loader_rejects_an_unknown_premise_or_value(premises):
    with pytest.raises(CardFileError, match="premises"):
        parse_card(_raw(premises), path="t.toml")


def test_every_premise_has_its_one_question_and_every_declared_one_is_valid():
    assert set(PREMISE_ASKS) == set(PREMISES)
    assert all(q.endswith("？") for q in PREMISE_ASKS.values())
    declared = [c for c in shipped_cards() if c.premises]
    assert len(declared) >= 30
    assert all(not premise_problems(dict(c.premises)) for c in declared)
    # a declared premise is the card's deciding value, over what its phrasings say
    assert card_deciding(_card("labor.work-injury-application-deadline"))["asks"] == "deadline"


# -- the readers --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "name", "value"), [
    ("看到有人在地铁口抢手机，我上去拦，被那人用刀划伤了手", "rescuer", "yes"),
    ("老人落水我下水救人，自己呛水住院了五天，花了八千", "rescuer", "yes"),
    ("帮隔壁大姐追偷电动车的贼，摔骨折了", "rescuer", "yes"),
    ("我们村的房子被划进征收范围，补偿标准太低", "taking", "expropriation"),
    ("拆迁办给的评估价比周边二手房低一半", "taking", "expropriation"),
    ("在中介买的二手房，过户后发现有查封", "taking", "market"),
    ("我给同事的贷款当了担保人，他现在不还了", "debt_role", "guarantor"),
    ("朋友借钱时我在借条上签了保证人", "debt_role", "guarantor"),
    ("入职时公司收了我五百块工装押金，离职不退", "relation", "employment"),
    ("房东说退租要扣一个月押金当清洁费", "relation", "lease"),
    ("我哥上周被刑拘了，今天公安说已经报捕", "custody_stage", "detention"),
    ("表弟九月被批准逮捕，到现在还关着", "custody_stage", "arrested"),
    ("案子上个月已经移送检察院审查起诉了", "custody_stage", "prosecution"),
    ("因为打架被行政拘留五天", "proceeding", "administrative"),
])
def test_each_premise_is_read_from_the_words_that_state_it(text, name, value):
    assert stated_premises(text).get(name) == value


@pytest.mark.parametrize(("text", "name"), [
    ("小偷偷了我的包，我报了警", "rescuer"),                       # a victim, no rescuer
    ("我追着他要账，他不接电话", "rescuer"),                         # chasing, nobody hurt
    ("我借给朋友两万块，他一直不还", "debt_role"),                   # a lender, no guarantor
    ("公司让我租了员工宿舍，退宿舍押金被扣", "relation"),             # a job and a tenancy: neither
    ("刑拘37天了还没有被批捕，会放人吗", "custody_stage_arrested"),  # not arrested
])
def test_look_alikes_state_nothing(text, name):
    read = stated_premises(text)
    if name == "custody_stage_arrested":
        assert read.get("custody_stage") == "detention"
    else:
        assert name not in read


def test_the_stage_is_the_story_s_not_the_step_asked_about():
    assert stated_premises("人是上月批捕的，公安最晚什么时候要移送检察院")["custody_stage"] == "arrested"


# -- (a) a contradicted premise demotes the card ----------------------------------------------------------------

@pytest.mark.parametrize(("text", "wrong", "right"), [
    ("老公前天被刑拘，派出所说已经报捕了，检察院几天内要批", "administrative.security-case-time-limit",
     "criminal_procedure.detention-periods"),
    ("我爸因为打架被行政拘留了，派出所办案子最长能拖多久", "criminal_procedure.detention-periods",
     "administrative.security-case-time-limit"),
    ("工伤已经认定下来了，九级伤残一次性能拿多少钱", "labor.work-injury-recognition",
     "labor.work-injury-disability-benefits"),
    ("上班路上被车撞了，单位不给报，我自己去申请最晚什么时候", "labor.commute-injury",
     "labor.work-injury-application-deadline"),
    ("在厂里干活时交了一千块押金，辞职了老板不退", "housing.deposit-not-returned",
     "labor.resignation-penalty-deposit"),
    ("弟弟已经被批捕了，侦查阶段还能关多久", "criminal_procedure.detention-periods",
     "criminal_procedure.case-timeline"),
])
def test_a_card_whose_premise_the_facts_contradict_goes_below_a_close_card_they_fit(text, wrong, right):
    stated = stated_premises(text, text)
    row = [CardScore(_card(wrong), 1.00), CardScore(_card(right), 0.85),
           CardScore(_card("labor.unlawful-dismissal"), 0.9)]
    out = premise_order(row, stated)
    assert max(out, key=lambda s: s.score).card.slug == right
    assert out[2].score == 0.9  # a lift: no other card moves


def test_a_contradicted_card_stays_when_no_close_card_is_left():
    stated = stated_premises("因为打架被行政拘留了，想知道派出所办案期限")
    row = [CardScore(_card("criminal_procedure.detention-periods"), 1.0),
           CardScore(_card("administrative.security-case-time-limit"), 1.0 - PREMISE["gap"] - 0.05)]
    assert _first(row, stated) == "criminal_procedure.detention-periods"


def test_a_general_card_silent_on_the_fact_is_not_contradicted():
    # the general dismissal card declares no proceeding: a criminal story does not push it down
    stated = stated_premises("员工被公安刑拘了，公司能不能直接解除合同")
    row = [CardScore(_card("labor.unlawful-dismissal"), 1.0),
           CardScore(_card("criminal_procedure.detention-periods"), 0.95)]
    assert _first(row, stated) == "labor.unlawful-dismissal"


# -- (c) the special card whose premise is met goes before the general one ---------------------------------------

@pytest.mark.parametrize(("text", "general", "special"), [
    ("帮邻居抓小偷的时候被推倒，胳膊摔断了，邻居要不要给点补偿", "criminal.theft", "tort.good-samaritan"),
    ("路上有人抢包我去追，被捅了一刀，被抢的人该不该补偿我", "criminal.robbery", "tort.good-samaritan"),
    ("老宅被征收了，评估价比旁边二手房低太多，怎么办", "housing.resale-title-risk", "demolition.valuation-objection"),
    ("我儿子才十五岁，跟人去商场偷了东西被抓，会判吗", "criminal.theft", "criminal.juvenile-offender"),
    ("我是担保人，借钱的人跑了，债主让我还全部的钱", "debt.no-iou-transfer-records", "debt.guarantee-type"),
])
def test_a_close_card_whose_premise_the_facts_meet_goes_before_the_general_card(text, general, special):
    stated = stated_premises(text, text)
    gap = PREMISE["cross_gap"] - 0.02
    row = [CardScore(_card(general), 1.0), CardScore(_card(special), 1.0 - gap)]
    assert _first(row, stated) == special


@pytest.mark.parametrize(("text", "general", "special"), [
    # the same cards, but the client states none of the special premises: the general card stays
    ("超市里有人偷东西被保安抓了，会判刑吗", "criminal.theft", "tort.good-samaritan"),
    ("买的二手房有抵押没解除，卖家不配合过户", "housing.resale-title-risk", "demolition.valuation-objection"),
    ("我成年的弟弟偷了工地的电缆，会判几年", "criminal.theft", "criminal.juvenile-offender"),
    ("朋友借了我五万没打借条，只有转账记录", "debt.no-iou-transfer-records", "debt.guarantee-type"),
])
def test_without_the_special_fact_the_general_card_stays(text, general, special):
    stated = stated_premises(text, text)
    row = [CardScore(_card(general), 1.0), CardScore(_card(special), 0.95)]
    assert _first(row, stated) == general


def test_a_special_card_of_another_file_far_below_is_not_pulled_up():
    stated = stated_premises("帮人抓小偷被打伤了，小偷会判几年")
    row = [CardScore(_card("criminal.theft"), 1.0),
           CardScore(_card("tort.good-samaritan"), 1.0 - PREMISE["cross_gap"] - 0.05)]
    assert _first(row, stated) == "criminal.theft"


# -- (open) close siblings that differ on an untold premise ask it -----------------------------------------------

def test_close_siblings_differing_on_an_untold_premise_are_open_and_ask_it():
    finding, amount = _card("labor.work-injury-recognition"), _card("labor.work-injury-disability-benefits")
    ranked = [CardScore(finding, 1.0, 0.9), CardScore(amount, 0.98, 0.8)]
    assert premise_open(ranked, {}) == "asks"
    question = "在车间被机器压伤了手"
    assert deciding_question(finding, amount, question) == PREMISE_ASKS["asks"]
    # told, nothing is open; far apart, nothing is open
    assert premise_open(ranked, {"asks": "amount"}) == ""
    far = [CardScore(finding, 1.0, 0.9), CardScore(amount, 1.0 - PREMISE["open_gap"] - 0.05, 0.8)]
    assert premise_open(far, {}) == ""


def test_an_open_premise_keeps_the_article_out_of_the_conclusion_and_names_the_fact():
    from legal.composer import citation_doubt
    from legal.matcher import PartMatch

    finding, amount = _card("labor.work-injury-recognition"), _card("labor.work-injury-disability-benefits")
    question = "厂里机器把我手压伤了"
    best = CardScore(finding, 1.0, 0.7, {"premise_open": 1.0, "bigrams": 0.1})
    match = PartMatch(question, [best, CardScore(amount, 0.97, 0.6, {"bigrams": 0.1})], decided=True)
    note = citation_doubt(match, finding.controlling, question=question)
    assert "不把任何条文作为结论的依据" in note and "责任怎么认定" in note


def test_the_matcher_marks_an_open_premise_and_lowers_the_confidence():
    from legal.matcher import Matcher

    class Flat:
        backend, model = "flat", "flat"

        def embed(self, texts):
            import numpy as np

            return np.ones((len(texts), 4), dtype=np.float32) / 2.0

    finding, amount = _card("labor.work-injury-recognition"), _card("labor.work-injury-disability-benefits")
    matcher = Matcher([finding, amount], embedder=Flat())
    row = [CardScore(finding, 1.6, signals={"agreement": 0.0}), CardScore(amount, 1.58, signals={"agreement": 0.0})]
    ranked = matcher._premised(row, [("在厂里被机器压伤了手", 1.0)])
    assert ranked[0].signals.get("premise_open") == 1.0
    assert ranked[0].confidence <= PREMISE["open_confidence"]
    told = matcher._premised(row, [("在厂里被机器压伤了手，九级伤残能拿多少钱", 1.0)])
    assert told[0].card.slug == amount.slug and "premise_open" not in told[0].signals
