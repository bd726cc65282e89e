"""Each part answered on its own, from the client's side, with the facts given
(docs/decisions/answers-parts-and-sides.md): a figure or a last day one part computes is said in that part only
(the other part points to it), the client's side is read from the other party he names as his own, a calculator's
ask on a card written for the other party is put about that party, every ask is filtered by the facts the question
states, and the parts audit counts what is still wrong."""

from __future__ import annotations

import pytest

from legal import notecheck
from legal.composer import compose, untold_only
from legal.facts import extract_facts
from legal.matcher import CardScore, PartMatch
from legal.sides import client_side, own_party_side
from tests.legal.answering import CARDS, TODAY


def _answer(question: str, parts: list[tuple[str, str]]):
    matches = [PartMatch(text, [CardScore(CARDS[slug], 1.0, 0.95, {"bigrams": 1.0})], True) for text, slug in parts]
    return compose(question, matches, today=TODAY)


# -- a figure or a day is said by the part that asks it -------------------------------------------------------------
def test_a_figure_asked_by_the_second_part_leaves_the_yes_no_part_but_for_a_pointer() -> None:
    question = "在便利店买的饼干45块钱，拿回家一看已经过期了，可以要十倍赔偿吗，最后能拿到多少钱"
    done = _answer(question, [("可以要十倍赔偿吗", "consumer.food-tenfold-damages"),
                              ("最后能拿到多少钱", "consumer.food-tenfold-damages")])
    first, second = (p.text for p in done.parts)
    assert "1,000" in second and "×" in second  # the calculation, in the part asking how much
    assert "×" not in first and "见第2问" in first and "1,000" in first  # one clause pointing to it
    assert not notecheck.kinds(notecheck.part_audit(done.markdown, question)) & {"cross_part"}


def test_a_last_day_asked_by_the_second_part_leaves_the_first_part_but_for_a_pointer() -> None:
    question = ("我表哥借钱时我在借条上签了连带保证，借款7月20号到期，没写保证期间。"
                "出借人现在还能找我吗？最迟哪天之前他得找我？")
    done = _answer(question, [("出借人现在还能找我吗？", "debt.guarantee-period"),
                              ("最迟哪天之前他得找我？", "debt.guarantee-period")])
    first, second = (p.text for p in done.parts)
    assert "2027年1月20日" in second
    assert first.count("2027年1月20日") == 1 and "见第2问" in first and "期限为" not in first


def test_a_part_that_itself_asks_how_much_keeps_its_figure() -> None:
    question = "买的酸奶过期了，29块，能赔多少钱"
    done = _answer(question, [(question, "consumer.food-tenfold-damages")])
    assert "1,000" in done.parts[0].text and "见第" not in done.parts[0].text


# -- the client's side, read from the other party named as his own ----------------------------------------------------
@pytest.mark.parametrize(("question", "side"), [
    ("我们饭店的厨师干了七个月一直没签合同，他辞职了要二倍工资", "employer"),
    ("我雇的货车司机上个月出了事故，他要我赔", "employer"),
    ("我们厂里有个工人连续旷工一周", "employer"),
    ("租我门面的那个租户拖了两个月租金", "landlord"),
    ("我家房子的租客把墙弄坏了还不肯赔", "landlord"),
    ("找我借了钱的那个人一直拖着不还", "lender"),
])
def test_the_other_party_named_as_the_clients_own_tells_his_side(question: str, side: str) -> None:
    assert own_party_side(question) == side


@pytest.mark.parametrize("question", [
    "我在一家物流公司当货车司机，公司拖欠工资",
    "我租的房子房东不退押金",
    "我们公司的老板拖欠了三个月工资",
    "我找朋友借了钱还不上",
])
def test_the_clients_own_role_is_no_other_party_named(question: str) -> None:
    assert own_party_side(question) == ""


def test_the_side_read_from_the_named_party_wins_in_its_matter() -> None:
    question = "我们公司的保安干了半年没签合同，他走了说要二倍工资，公司怎么应对"
    assert client_side(extract_facts(question, today=TODAY), question, "labor") == "employer"
    question = "楼下租我房子的房客押金两千，他把地板泡坏了，我能扣押金吗"
    assert client_side(extract_facts(question, today=TODAY), question, "real_estate") == "landlord"


def test_an_employer_is_asked_about_the_workers_wage_not_his_own() -> None:
    question = "我们店的服务员干了五个月没签合同，她离职后找我要二倍工资，公司该怎么应对"
    done = _answer(question, [(question, "labor.no-written-contract-double-wage")])
    part = done.parts[0]
    assert "您离职" not in part.ask and "您的月工资" not in part.text
    assert "劳动者" in part.ask or not part.ask


# -- every ask filtered by the facts given -----------------------------------------------------------------------------
@pytest.mark.parametrize(("ask", "question"), [
    ("孩子现在几岁？", "我闺女今年七岁半，在小区被狗咬了"),
    ("首付是谁出的？", "婚前首付是我爸妈出的，婚后一起还贷"),
    ("你们登记结婚了吗？", "我们俩没领证，办了酒席住在一起两年"),
    ("交警的事故认定是怎么划分责任的？", "交警认定对方负全责"),
])
def test_an_ask_the_question_answers_is_dropped(ask: str, question: str) -> None:
    assert untold_only(ask, question, extract_facts(question, today=TODAY)) == ""


@pytest.mark.parametrize(("ask", "question"), [
    ("您受伤前每月的收入是多少？", "医药费花了3000元，对方不肯赔"),  # an amount, but not the income
    ("您是哪天收到通知的？", "上个月15号去交的申请"),  # a date, but another event's
    ("孩子现在几岁？", "邻居家的狗把人咬了"),
])
def test_an_ask_the_question_does_not_answer_is_kept(ask: str, question: str) -> None:
    assert untold_only(ask, question, extract_facts(question, today=TODAY)) == ask


# -- the parts audit --------------------------------------------------------------------------------------------------
_NOTE = """### 结论

1. （能退吗？）**可以。按您所述，应退还的押金为 3,000 元（押金 3,000 元全额退还）。**
   还需要您告诉我：你们签过书面租赁合同吗？
2. （能退多少？）**按您所述，应退还的押金为 3,000 元（押金 3,000 元全额退还）。**
3. （最晚哪天起诉？）**出租人应当及时退还押金。**

### 下一步

1. 书面催告承租人限期腾房，逾期向法院起诉要求腾房。
"""


def test_the_audit_counts_each_kind_once_found() -> None:
    question = "签了书面租赁合同，押金3000，我租的房子到期退租，房东不退押金。能退吗？能退多少？最晚哪天起诉？"
    found = notecheck.part_audit(_NOTE, question, "real_estate")
    kinds = [f.kind for f in found]
    assert "cross_part" in kinds  # part 2 says part 1's sentence
    assert any(f.kind == "wrong_type" and "第3问" in f.detail for f in found)  # by when, answered with no day
    assert "asked_back" in kinds  # the contract was said
    assert any(f.kind == "other_side" and f.section == "下一步" for f in found)  # the landlord's step, to a tenant


def test_the_audit_of_a_clean_note_finds_nothing() -> None:
    note = """### 结论

1. （能退吗？）**可以。房东无正当理由不得扣押金。**
2. （最晚哪天起诉？）**一般自知道被拒退之日起三年内起诉。**

### 下一步

1. 书面要求房东退还押金并保留记录。
"""
    question = "我租的房子到期退租，房东不退押金。能退吗？最晚哪天起诉？"
    assert notecheck.part_audit(note, question, "real_estate") == []
