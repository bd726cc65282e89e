"""Answers that answer what the client asked, read from how the question is put:

* the question type is the asking clause's: a period or a date told in the story (合同期限一年, 没写什么时候还)
  does not make a yes/no or a validity question a by-when one; of two asks in one part the specific
  one (a period, a figure) is what the answer gives;
* "还来得及吗 / 过了时效没有" is answered yes or no from the computed last day, and the period is the
  card's own (a rescission's year), not the general three years the words 还来得及 would name;
* a question put in the negative (我能不交吗) gets 不能 when the answer says the client must;
* "may the other side do this to me" (物业能停我水电吗) is answered by whether that act is lawful;
* a list of claims under one ask (我能要哪些钱：工资、加班费、补偿) is answered item by item;
* whether an act is a crime goes to the criminal card, how much is owed for it to the civil one.

The cards here are built for the test (not the shipped ones); the expected figures are computed from
the law's own rules (劳动合同法 47, 工资 × months owed)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

import numpy as np
import pytest

from bench.answers import polarity
from legal.cardfile import parse_card
from legal.composer import compose
from legal.matcher import CardScore, Matcher, PartMatch
from legal.qtypes import question_type

TODAY = date(2026, 11, 27)
PHRASINGS = ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"]


def make_card(slug: str, answers: dict, *, domain: str = "labor", terms: Sequence[str] = ("测试",),
              phrasings: Sequence[str] = PHRASINGS) -> object:
    return parse_card({
        "slug": slug, "title": "测试事项", "domain": domain, "summary": "测试。", "phrasings": list(phrasings),
        "terms": list(terms), "question_types": list(answers), "answers": answers,
        "provisions": [{"law": f"测试法{slug}", "article": 1, "role": "controlling", "decides": "测试",
                        "keywords": ["测试"]}],
    })


def answer(card: object, text: str):
    match = PartMatch(text, [CardScore(card, 1.0, 0.95, {"bigrams": 1.0})], True)
    return compose(text, [match], today=TODAY).parts[0]


# -- the asking clause decides the question type ----------------------------------------------------------
@pytest.mark.parametrize(("text", "qtype"), [
    ("借条上没写什么时候还 我现在想要回来 能随时要吗", "yes_no"),
    ("合同期限一年，约定试用期三个月，HR说没问题，这个对吗", "valid"),
    ("股东认缴了500万 章程写的期限是2040年 我能找股东要吗", "yes_no"),
    ("我给对方发了解除合同的通知 对方说不同意 合同到底解没解除", "yes_no"),
    ("借条写月息2分 这个利息法院认不认", "valid"),
    ("公司发了催缴书 宽限期最短得给多久 过了能把他除名吗", "by_when"),
    ("公司辞退我，赔偿金怎么算，我干了3年月薪8000", "how_much"),
    ("诉讼时效过期了还能起诉吗", "by_when"),
])
def test_the_asking_clause_decides_the_question_type(text: str, qtype: str) -> None:
    assert question_type(text) == qtype


# -- whether there is still time -------------------------------------------------------------------------
INJURY = {"by_when": {"conclusion": "应在一年内申请：{deadline}。", "deadline": "work_injury_application",
                      "start": "事故伤害发生之日"},
          "yes_no": {"conclusion": "可以申请。"}}


@pytest.mark.parametrize(("when", "expected"), [("2025年10月8日", "negative"), ("2026年10月8日", "positive")])
def test_still_time_is_answered_yes_or_no_from_the_last_day(when: str, expected: str) -> None:
    card = make_card("t.injury-deadline", INJURY)
    part = answer(card, f"{when}在工地摔伤了，单位一直没给申请工伤认定，现在还来得及吗")
    assert part.deadline is not None and part.deadline.passed is (expected == "negative")
    assert polarity(part.text) == expected


def test_whether_the_period_has_run_is_answered_from_the_last_day() -> None:
    card = make_card("t.arbitration", {"by_when": {"conclusion": "一年：{deadline}。", "deadline": "labor_arbitration",
                                                   "start": "离职之日"}})
    gone = answer(card, "2025年3月1日离职的 想追讨加班费 过了仲裁时效没有")
    assert gone.deadline is not None and gone.deadline.passed and gone.text.startswith("是")
    open_ = answer(card, "2026年9月1日离职的 想追讨加班费 过了仲裁时效没有")
    assert open_.deadline is not None and not open_.deadline.passed and polarity(open_.text) == "negative"


def test_still_time_keeps_the_cards_own_period() -> None:
    rescission = {"conclusion": "一年内：{deadline}。", "deadline": "rescission_period", "start": "知道解除事由之日"}
    card = make_card("t.rescission", {"by_when": rescission}, domain="contract")
    part = answer(card, "对方一直不交货，我想解除合同，现在还来得及吗")
    assert part.deadline is not None and part.deadline.rule.name == "rescission_period"
    sued = answer(card, "对方一直不交货，现在还能起诉要货款吗")  # a procedure named: the three years
    assert sued.deadline is not None and sued.deadline.rule.name == "civil_limitation"


# -- the negative ask, the other side's act --------------------------------------------------------------
def test_a_negative_ask_is_answered_by_what_the_client_must_do() -> None:
    must = make_card("t.fee", {"yes_no": {"conclusion": "需要交（原则上）。服务不到位的可以要求减免。"}})
    assert polarity(answer(must, "物业服务太差 我能不交物业费吗").text) == "negative"
    assert polarity(answer(must, "我不交物业费行不行").text) == "negative"
    assert polarity(answer(must, "我要交物业费吗").text) == "positive"
    need_not = make_card("t.attend", {"yes_no": {"conclusion": "不需要。调解不是必经程序。"}})
    assert polarity(answer(need_not, "法院叫调解 我可以不去吗").text) == "positive"


def test_may_the_other_side_do_it_is_answered_by_whether_its_act_is_lawful() -> None:
    card = make_card("t.utilities", {"yes_no": {"conclusion": "可以。您有权要求物业提供服务。"},
                                     "valid": {"conclusion": "不合法。物业不得以停水停电催交物业费。"}},
                     domain="real_estate")
    assert answer(card, "物业能停我水电吗").text.startswith("不合法")
    assert answer(card, "我能要求物业修电梯吗").text.startswith("可以")


# -- a list of claims ------------------------------------------------------------------------------------
def test_a_list_of_claims_is_answered_item_by_item() -> None:
    card = make_card("t.dismissal", {
        "how_much": {"conclusion": "经济补偿：{result}。", "calculator": "economic_compensation",
                     "inputs": ["monthly_wage", "service_months"]},
        "yes_no": {"conclusion": "可以。"}})
    wage, years, owed = 6000, 4, 3
    part = answer(card, f"公司拖欠我{owed}个月工资然后把我辞退了，我干了{years}年，月薪{wage}，"
                        "我能要哪些钱：工资、加班费、补偿")
    text = part.text.replace(",", "")
    assert text.startswith("可以分项主张")
    assert f"{wage * owed}" in text  # the wages owed
    assert f"{wage * years}" in text  # N: one month's wage per year (劳动合同法 47)
    assert "加班费" in text and f"{wage * owed + wage * years}" in text
    one = answer(card, f"我干了{years}年，月薪{wage}，被辞退了，能要多少补偿")
    assert not one.text.startswith("可以分项主张")


# -- a crime or the money ---------------------------------------------------------------------------------
class FlatEmbedder:
    backend = "flat"
    model = "flat"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return np.ones((len(texts), 4), dtype=np.float32) / 2.0


def test_whether_it_is_a_crime_goes_to_the_criminal_card_and_the_money_to_the_civil_one() -> None:
    crime = make_card("criminal.t-injury", {"yes_no": {"conclusion": "会。"}}, domain="criminal", terms=["轻伤"])
    civil = make_card("personal_injury.t-fight", {"yes_no": {"conclusion": "要赔。"}}, domain="personal_injury",
                      terms=["轻伤"])
    matcher = Matcher([civil, crime], embedder=FlatEmbedder())
    first = [matcher.score_texts([t])[0][0].card.slug
             for t in ("跟人打架把对方打成轻伤了 私了了还会判刑吗", "跟人打架把对方打成轻伤了 要赔多少钱")]
    assert first == ["criminal.t-injury", "personal_injury.t-fight"]


# -- figures read by their role ---------------------------------------------------------------------------
@pytest.mark.parametrize(("said", "name", "value"), [
    ("逾期按已付房款每天万分之零点五付违约金 我付了120万 现在逾期200天了", "daily_penalty_rate", "0.00005"),
    ("逾期按已付房款每天万分之零点五付违约金 我付了120万 现在逾期200天了", "contract_price", "1200000"),
    ("借给朋友20万 借条写的年息24% 借两年", "loan_months", "24"),
    ("借条写的10万 可是打到我卡上只有9万 说1万是手续费先扣了", "actually_received", "90000"),
    ("丧葬费怎么算 我们省上一年职工年平均工资大概9万6", "local_average_wage", "8000"),
    ("被错误拘留了10天 按去年职工日平均工资算 一天大概470", "daily_average_wage", "470"),
    ("一台设备卖十万，买家付了三万说是定金", "deposit_amount", "30000"),
    ("一台设备卖十万，买家付了三万说是定金", "contract_price", "100000"),
    ("医生开了休息两个月的证明 我每个月到手工资6500 这两个月没上班", "lost_days", "60"),
])
def test_figures_read_by_their_role(said: str, name: str, value: str) -> None:
    from decimal import Decimal

    from legal.facts import extract_facts

    got = extract_facts(said, today=TODAY).get(name)
    assert got is not None and Decimal(str(got)) == Decimal(value)


def test_a_yearly_average_wage_is_not_the_clients_own() -> None:
    from legal.facts import extract_facts

    assert extract_facts("我们省上一年职工年平均工资大概9万6 丧葬费多少", today=TODAY).get("monthly_wage") is None


def test_an_undecided_part_does_not_ask_for_a_fact_the_question_gives() -> None:
    card = parse_card({
        "slug": "t.elements", "title": "测试事项", "domain": "labor", "summary": "测试。", "phrasings": PHRASINGS,
        "terms": ["测试"], "question_types": ["yes_no"], "answers": {"yes_no": {"conclusion": "可以。"}},
        "provisions": [{"law": "测试法", "article": 1, "role": "controlling", "decides": "测试", "keywords": ["测试"]}],
        "elements": [{"text": "月工资", "fact": "monthly_wage", "ask": "您的月工资是多少？"},
                     {"text": "解除理由", "ask": "公司解除时给出了什么理由？"}],
    })
    text = "我月薪8000，公司让我走，这样行吗"
    part = compose(text, [PartMatch(text, [CardScore(card, 0.3, 0.3, {})], False)], today=TODAY).parts[0]
    assert part.card is None and "给出了什么理由" in part.text and "月工资是多少" not in part.text
    bare = "公司让我走，这样行吗"
    part = compose(bare, [PartMatch(bare, [CardScore(card, 0.3, 0.3, {})], False)], today=TODAY).parts[0]
    assert "月工资是多少" in part.text


def test_a_yes_no_part_about_time_takes_its_answer_from_the_cards_period() -> None:
    card = make_card("t.prosecution", {
        "yes_no": {"conclusion": "要看是否已过追诉期限以及有无例外。"},
        "by_when": {"conclusion": "{deadline}。", "deadline": "prosecution_limitation", "start": "犯罪之日"}},
        domain="criminal")
    # theft of 6,000 元: at most three years (刑法 264), so five years to prosecute (刑法 87)
    old = answer(card, "十年前年轻不懂事偷过一辆摩托车 当时值六千 一直没被发现 现在还会被抓吗")
    assert polarity(old.text) == "negative"
    assert [(p.law, p.article) for p in old.basis] == [("中华人民共和国刑法", 87)]  # the period decides it
    recent = answer(card, "两年前偷过一辆摩托车 当时值六千 一直没被发现 现在还会被抓吗")
    assert polarity(recent.text) == "positive"
