"""A yes/no answer in the client's own frame (docs/decisions/answers-yes-no-in-the-clients-frame.md).

* the client's ask is read as typed parts — who would act, may / must / is / will, negated or not, the act — in
  many wordings, the negative ones first;
* the card's decision (its title's ask or its declared ``actor`` / ``act``) is mapped onto the ask when it decides
  the same act, or the other side of a demand; when it decides another actor's act or another kind of question,
  the lead says it in full words, never a bare 可以;
* a card not sure of its issue leads with the premise its decision rests on (one confidence, lead and note agree);
* a lead whose condition the client's own facts fail is not stated as the answer;
* ``cardlint.frame_fault`` rejects a bare decision of another kind than the card's own question.

The cards are built for the test, in wordings of their own."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from legal import asks
from legal.cardfile import CardFileError, parse_card
from legal.cardlint import frame_fault
from legal.composer import compose
from legal.matcher import CardScore, PartMatch

TODAY = date(2026, 11, 27)
PHRASINGS = ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"]


def make_card(title: str, conclusion: str, *, asker: str = "", domain: str = "debt", cases: Any = None,
              **answer: Any) -> Any:
    yes_no: dict[str, Any] = {"conclusion": conclusion, **answer}
    if cases:
        yes_no["cases"] = cases
    return parse_card({
        "slug": "t.frame", "title": title, "domain": domain, "summary": "测试。", "phrasings": PHRASINGS,
        "terms": ["测试"], "question_types": ["yes_no"], "answers": {"yes_no": yes_no},
        **({"asker": asker} if asker else {}),
        "provisions": [{"law": "测试法", "article": 1, "role": "controlling", "decides": "测试", "keywords": ["测试"]}],
    })


def lead(card: Any, question: str, *, sure: bool = True) -> Any:
    score = CardScore(card, 1.0, 0.95, {"bigrams": 1.0}) if sure else CardScore(card, 0.5, 0.4, {"bigrams": 0.0})
    return compose(question, [PartMatch(question, [score], True)], today=TODAY).parts[0]


# -- reading the ask ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "actor", "modal", "negated", "act"), [
    ("俺可以不去参加那个培训吗", asks.SELF, asks.MAY, True, "去参加那个培训"),
    ("他可不可以不给我工钱", asks.OTHER, asks.MAY, True, "给我工钱"),
    ("房东有权不还押金吗", asks.OTHER, asks.MAY, True, "还押金"),
    ("不交这个钱行不行", "", asks.MAY, True, "交这个钱"),
    ("咱们就不用赔吗", asks.SELF, asks.MUST, True, "赔"),
    ("对方难道不需要道歉吗", asks.OTHER, asks.MUST, True, "道歉"),
    ("请了病假没去 不算旷工吗", "", asks.IS, True, "旷工"),
    ("我老婆不会被抓吧", asks.THIRD, asks.WILL, True, "被抓"),
    ("我儿子会不会留案底", asks.THIRD, asks.WILL, False, "留案底"),
    ("我需不需要出这笔钱", asks.SELF, asks.MUST, False, "出这笔钱"),
    ("公司能不能把我调去外地", asks.OTHER, asks.MAY, False, "把我调去外地"),
    ("这种情况属不属于工伤", "", asks.IS, False, "工伤"),
    ("这样算不算自首", "", asks.IS, False, "自首"),
    ("他告得赢吗", asks.OTHER, asks.MAY, False, "告赢"),
    ("钱还能要得回来吗", "", asks.MAY, False, "要回来"),
])
def test_the_ask_is_read_as_actor_modal_polarity_and_act(text: str, actor: str, modal: str, negated: bool,
                                                          act: str) -> None:
    ask = asks.read_ask(text)
    assert ask is not None
    assert (ask.actor, ask.modal, ask.negated, ask.act) == (actor, modal, negated, act)


def test_an_a_not_a_ask_is_not_read_as_a_negative_one() -> None:
    for text in ("用不用还", "需不需要赔", "会不会坐牢", "算不算违约"):
        ask = asks.read_ask(text)
        assert ask is not None and not ask.negated, text


# -- the card's decision mapped onto the ask -------------------------------------------------------------------
LENDER = make_card("出借人能否要求借款人还款", "可以。借款到期后出借人可以要求返还借款，并按约定支付利息。",
                   asker="lender")


@pytest.mark.parametrize("question", ["借钱的人能不能不还", "他可以不还钱吗", "对方不还行不行"])
def test_the_other_side_of_a_demand_answers_a_negated_ask(question: str) -> None:
    text = lead(LENDER, question).text
    assert text.startswith("不能不还"), text


def test_a_must_ask_from_the_party_owing_takes_the_demand_as_a_duty() -> None:
    text = lead(LENDER, "我是借款人，我还要还吗").text
    assert text.startswith("要还"), text


def test_the_card_answering_the_clients_own_ask_keeps_its_words() -> None:
    text = lead(LENDER, "我能要求他还款吗").text
    assert text.startswith("可以。借款到期后")


FEE = make_card("物业费是否要交",
                "需要。物业服务合同对全体业主有约束力，服务有瑕疵的可以要求整改或减免，但不能拒交全部费用。")


@pytest.mark.parametrize(("question", "start"), [("我能不交物业费吗", "不能不交物业费"),
                                                 ("楼里好几户都没交 我可以不交吗", "不能不交")])
def test_a_negated_may_on_a_must_answer_turns_the_word(question: str, start: str) -> None:
    assert lead(FEE, question).text.startswith(start)


def test_a_negated_must_is_answered_in_its_own_words() -> None:
    card = make_card("损坏公物是否要赔", "需要。损坏他人财物的，应当赔偿实际损失。")
    assert lead(card, "孩子把学校的窗户打碎了 他不用赔吗").text.startswith("要赔")


def test_a_negated_classification_is_answered_in_its_own_words() -> None:
    card = make_card("未请假离岗算不算旷工", "算。未经批准不到岗的，按旷工处理。", domain="labor")
    assert lead(card, "我那天没打招呼就走了 不算旷工吗").text.startswith("算旷工")


COMPETE = make_card("用人单位能否要求劳动者竞业限制",
                    "可以。对高级管理人员、高级技术人员和负有保密义务的人员可以约定竞业限制。",
                    asker="employer", domain="labor")


def test_another_actors_decision_is_said_in_full_words() -> None:
    text = lead(COMPETE, "我在公司当普通文员，辞职了，我可以去同行上班吗").text
    assert text.startswith("用人单位可以要求劳动者竞业限制"), text


def test_another_kind_of_question_gets_the_decision_in_full_words() -> None:
    card = make_card("用人单位能否以旷工为由解除劳动合同",
                     "可以（规章制度经民主程序制定并公示的）。连续旷工达到规定天数的属于严重违纪。",
                     asker="employer", domain="labor")
    text = lead(card, "我不去新厂上班算旷工吗").text
    assert text.startswith("可以以旷工为由解除劳动合同（"), text


def test_a_card_whose_title_names_no_act_says_which_question_its_word_decides() -> None:
    card = make_card("竞业限制协议", "可以。单位可以与负有保密义务的人员约定竞业限制。", domain="labor")
    text = lead(card, "我这种情况会不会被告").text
    assert text.startswith("可以（就“竞业限制协议”而言）"), text


def test_a_declared_actor_and_act_stand_where_the_title_names_none() -> None:
    card = make_card("竞业限制协议", "可以。单位可以与负有保密义务的人员约定竞业限制。", domain="labor",
                     asker="employee", actor="employer", act="要求劳动者遵守竞业限制")
    text = lead(card, "我是员工，我可以去同行上班吗").text
    assert text.startswith("用人单位可以要求劳动者遵守竞业限制"), text


def test_the_loader_rejects_an_unknown_actor() -> None:
    with pytest.raises(CardFileError, match="actor"):
        make_card("测试", "可以。", actor="landlady")


# -- one confidence ------------------------------------------------------------------------------------------------
def test_a_doubtful_card_answers_first_then_states_its_assumption_as_the_note_does() -> None:
    part = lead(LENDER, "朋友拿了我三万块一直拖着 我能要回来吗", sure=False)
    assert "不作为结论的依据" in part.note and "出借人能否要求借款人还款" in part.note
    first, rest = part.text.split("。", 1)
    assert first.startswith("可以") and "前提是" not in first, part.text
    assert "以上是按“出借人能否要求借款人还款”的规则回答的" in rest, part.text


def test_a_sure_card_states_its_decision_plainly() -> None:
    part = lead(LENDER, "朋友拿了我三万块一直拖着 我能要回来吗")
    assert not part.note and "前提是" not in part.text


# -- conditions the facts decide -------------------------------------------------------------------------------------
GIFT = make_card("赠与能否反悔",
                 "可以（还没交付、登记的）。财产权利转移之前赠与人可以撤销；已经交付的，只有受赠人有严重过错才可以撤销。",
                 domain="contract")


def test_a_condition_the_facts_fail_is_applied_not_stated_as_the_answer() -> None:
    text = lead(GIFT, "答应送给外甥的摩托车上个月已经交付了 我现在能反悔吗").text
    # an unmet necessary condition decides the opposite (answers-apply-the-case.md, "Three-valued"), not 不一定
    assert text.startswith("不可以") and "已经交付" in text.split("。", 1)[0], text


def test_a_condition_the_facts_meet_keeps_the_decision() -> None:
    text = lead(GIFT, "说好送朋友一台电脑 还没交付 我能反悔吗").text
    assert text.startswith("可以（还没交付、登记的）")


# -- the lint checks polarity mapping ------------------------------------------------------------------------------
def test_a_bare_decision_of_another_kind_than_the_cards_question_is_flagged() -> None:
    card = make_card("口头约定是否有效", "可以：对方不履行的可以要求履行。")
    assert frame_fault(card, "yes_no", card.answers["yes_no"].conclusion)
    good = make_card("口头约定是否有效", "有效：对方不履行的可以要求履行。")
    assert not frame_fault(good, "yes_no", good.answers["yes_no"].conclusion)


def test_a_case_whose_bare_word_answers_another_kind_than_the_default_is_flagged() -> None:
    card = make_card("离职后的约定", "需要遵守：离职后不得到竞争单位任职。", domain="labor",
                     cases=[{"when": [{"fact": "non_compete_unpaid", "op": "known"}],
                             "conclusion": "不会（单位未付补偿的）。"}])
    answer = card.answers["yes_no"]
    assert frame_fault(card, "yes_no", answer.cases[0].conclusion, answer.conclusion)
    assert not frame_fault(card, "yes_no", "不需要遵守（单位未付补偿的）。", answer.conclusion)
