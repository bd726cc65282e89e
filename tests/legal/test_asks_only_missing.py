"""Asks only what is missing (docs/decisions/answers-ask-only-what-is-missing.md): a fact the client stated —
typed by a reader or only said in his own words — is never asked again; an input the part's question type does
not need is not asked; a needed unknown fact is asked once. The cards are built for the test, the wordings
written for it (none is a measuring set's question)."""

from __future__ import annotations

from datetime import date

import pytest

from legal import mentions
from legal.cardfile import Element, parse_card
from legal.composer import compose, element_ask, part_ask, start_told, undecided_text
from legal.facts import extract_facts
from legal.matcher import CardScore, PartMatch

TODAY = date(2026, 11, 27)
PHRASINGS = ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"]


# -- the mention readers: each kind in several phrasings as clients talk ------------------------------------
@pytest.mark.parametrize(("kind", "said"), [
    ("age", "我闺女今年九岁"), ("age", "孩子才6周岁"), ("age", "小孙子三岁半"), ("age", "宝宝八个月大"),
    ("age", "他已满十六周岁"), ("age", "我爸七十多了"),
    ("date", "上个礼拜三他又动手了"), ("date", "前天晚上收到的通知"), ("date", "2025年7月签的"),
    ("date", "十月初就搬走了"), ("date", "半个月前被辞退"), ("date", "10号交的材料"), ("date", "去年年底借的"),
    ("amount", "一共花了三千二百块"), ("amount", "赔了对方两万"), ("amount", "转了他8500元"), ("amount", "借了1.5w"),
    ("payer", "首付是我爸妈掏的"), ("payer", "房贷婚后两个人一起还的"), ("payer", "学费一直是我出的钱"),
    ("payer", "彩礼都是男方家给的"),
    ("police", "交警认定他负主要责任"), ("police", "派出所出警做了笔录"), ("police", "伤情鉴定是轻伤二级"),
    ("police", "我当场就报了警"),
    ("contract", "当时打了借条"), ("contract", "我们口头说好的"), ("contract", "没签劳动合同"),
    ("marriage", "我们没领证只办了酒席"), ("marriage", "结婚五年了"), ("marriage", "房子是婚前买的"),
    ("prior", "他以前没犯过事，是初犯"), ("prior", "这已经是第三次了"),
    ("duty", "店员骑车送外卖的时候撞了人"), ("duty", "司机是老板派去拉货的"), ("duty", "他下班以后开车去办私事"),
])
def test_a_stated_fact_is_mentioned(kind: str, said: str) -> None:
    assert mentions.mentioned(kind, said)


@pytest.mark.parametrize(("kind", "said"), [
    ("age", "孩子在学校被同学推倒了"), ("date", "公司把我辞退了"), ("amount", "对方不肯赔"),
    ("payer", "房子现在要分"), ("police", "邻居天天吵架"), ("marriage", "我们合伙开店"),
])
def test_an_unstated_fact_is_not_mentioned(kind: str, said: str) -> None:
    assert not mentions.mentioned(kind, said)


@pytest.mark.parametrize(("fact", "said", "told"), [
    ("monthly_wage", "到手工资一个月六千五", True),
    ("monthly_wage", "每个月能拿9000块", True),
    ("monthly_wage", "借给同事2万块", False),  # an amount, but not the wage
    ("principal", "借给同事2万块", True),
    ("medical_expenses", "住院花了一万二", True),
    ("age", "孩子九岁", True),
    ("start_date", "上礼拜一被开除的", True),
    ("start_date", "被开除了", False),
])
def test_told_reads_the_fact_by_its_own_words(fact: str, said: str, told: bool) -> None:
    assert mentions.told(said, {}, fact=fact) is told


def test_a_typed_fact_is_told_whatever_the_words() -> None:
    assert mentions.told("随便什么话", {"monthly_wage": object()}, fact="monthly_wage")


def test_of_an_ask_only_its_unanswered_questions_are_kept() -> None:
    ask = "决定书是哪天收到的？罚款是多少？"
    assert mentions.untold_ask(ask, "我前天收到处罚决定") == "罚款是多少？"
    assert mentions.untold_ask(ask, "昨天收到决定书，罚了五百元") == ""
    assert mentions.untold_ask(ask, "收到处罚决定书了") == ask


# -- element asks: the first the client has not answered ------------------------------------------------------
ELEMENTS = (Element(text="受害人的年龄", fact="age", ask="孩子当时几岁？"),
            Element(text="事发地点", ask="是在学校里还是放学路上？"),
            Element(text="是否报警", ask="有没有报警或做过伤情鉴定？"))


@pytest.mark.parametrize("said", ["我儿子七岁，在学校被打了", "小孩刚上小学一年级，六周岁，被同学打伤",
                                  "孩子8岁半，被高年级学生欺负"])
def test_an_element_the_client_answered_is_not_asked(said: str) -> None:
    facts = extract_facts(said, today=TODAY)
    asked = element_ask(ELEMENTS, facts, said)
    assert asked == "是在学校里还是放学路上？"


def test_the_next_unanswered_element_is_asked_once() -> None:
    said = "孩子9岁，放学路上在校门口被打，已经报警了"
    facts = extract_facts(said, today=TODAY)
    # age told, the place is not recognised as a kind (kept), the police told
    assert element_ask(ELEMENTS, facts, said) == "是在学校里还是放学路上？"
    said = "孩子被打了怎么办"
    assert element_ask(ELEMENTS, extract_facts(said, today=TODAY), said) == "孩子当时几岁？"


# -- asks the part's type does not need ----------------------------------------------------------------------
def test_a_figure_is_asked_only_by_a_part_asking_one() -> None:
    ask = ["您离职前十二个月的平均月工资是多少？"]
    assert part_ask(ask, "how_much", "how_much", "能拿多少补偿") == ask[0]
    assert part_ask(ask, "how_much", "yes_no", "公司这样辞退我合法吗") == ""
    assert part_ask(ask, "how_much", "yes_no", "能要几个月工资的补偿") == ask[0]  # its words ask a quantity


def test_a_start_date_is_asked_only_by_a_part_about_time() -> None:
    ask = ["您是哪一天收到决定书的？"]
    assert part_ask(ask, "by_when", "by_when", "最晚什么时候起诉") == ask[0]
    assert part_ask(ask, "by_when", "yes_no", "现在还能起诉吗") == ask[0]
    assert part_ask(ask, "by_when", "yes_no", "养伤期间工资照发吗") == ""
    # asked only how long: the law's period answers it, whatever day it started
    assert part_ask(ask, "by_when", "by_when", "公司最多能拖多久") == ""
    assert part_ask(ask, "by_when", "by_when", "要等多少天才能卖") == ""
    assert part_ask(ask, "by_when", "by_when", "到哪天算我放弃") == ask[0]


@pytest.mark.parametrize(("ask", "said", "left"), [
    ("购房合同是婚前还是婚后签的？", "婚前我自己付首付买的房", ""),       # when it was signed, told; not whether
    ("有没有签书面合同？", "我们签了劳动合同", ""),
    ("有没有签书面合同？", "在厂里干了两年", "有没有签书面合同？"),
])
def test_an_ask_about_a_contract_is_told_by_what_it_asks(ask: str, said: str, left: str) -> None:
    assert mentions.untold_ask(ask, said) == left


@pytest.mark.parametrize("said", ["国庆节那几天被开除了", "大概半个月前被辞退", "月初公司让我走人"])
def test_a_date_said_in_words_no_reader_placed_counts_as_told(said: str) -> None:
    assert start_told(extract_facts(said, today=TODAY), said)


def test_a_date_of_another_event_does_not_tell_the_start() -> None:
    said = "我2020年3月1日入职，后来被辞退了"
    facts = extract_facts(said, today=TODAY)
    assert facts.dates and not start_told(facts, said)


# -- through the composer -----------------------------------------------------------------------------------
def card(answers: dict, elements: list | None = None) -> object:
    return parse_card({
        "slug": "t.asks", "title": "测试事项", "domain": "labor", "summary": "测试。", "phrasings": PHRASINGS,
        "terms": ["测试"], "question_types": list(answers), "answers": answers, "elements": elements or [],
        "provisions": [{"law": "测试法", "article": 1, "role": "controlling", "decides": "测试", "keywords": ["测试"]}],
    })


def part(c: object, text: str):
    match = PartMatch(text, [CardScore(c, 1.0, 0.95, {"bigrams": 1.0})], True)
    return compose(text, [match], today=TODAY).parts[0]


COMPENSATION = {"how_much": {"conclusion": "经济补偿：{result}。", "calculator": "economic_compensation",
                             "inputs": ["monthly_wage", "service_months"]},
                "yes_no": {"conclusion": "可以。{result}"}}


@pytest.mark.parametrize("said", ["我干了4年，月薪7000，被辞退了，补偿有多少", "月工资九千，工作三年被裁，能拿多少钱",
                                  "在厂里做了五年，每个月到手8000块，被辞退能赔多少"])
def test_a_stated_input_is_never_asked(said: str) -> None:
    answered = part(card(COMPENSATION), said)
    assert answered.ask == "" and "月工资" not in answered.ask


@pytest.mark.parametrize("said", ["我干了4年被辞退了，补偿有多少", "工作三年被裁，能拿多少钱"])
def test_a_needed_unknown_input_is_asked_once(said: str) -> None:
    answered = part(card(COMPENSATION), said)
    assert "月工资" in answered.ask and answered.ask.count("？") == 1
    assert answered.text.count("需知道") <= 1


def test_a_yes_no_part_does_not_ask_for_a_figure() -> None:
    answered = part(card(COMPENSATION), "我干了4年被辞退了，可以要补偿吗")
    assert answered.ask == "" and "需知道" not in answered.text


def test_an_undecided_part_does_not_reask_what_was_said() -> None:
    c = card({"yes_no": {"conclusion": "可以。"}},
             [{"text": "受害人的年龄", "fact": "age", "ask": "孩子当时几岁？"},
              {"text": "是否报警", "ask": "有没有报警？"}])
    for said, expected in (("我女儿十岁在学校被打了", "有没有报警"), ("儿子被打了，派出所来过", "孩子当时几岁"),
                           ("七岁的孩子被打，已经报案了", "")):
        match = PartMatch(said, [CardScore(c, 0.3, 0.2, {})], False)
        text = undecided_text(match, "yes_no", extract_facts(said, today=TODAY), said)
        assert (expected in text) if expected else "需要先确认" not in text
