"""Text of another topic or question type in an answer (docs/decisions/card-lint.md).

* the card lint (legal/cardlint.py) flags, in a card built here, a sentence about another card's topic, a worked
  example's figure in a conclusion, a limitation period in a ``valid`` answer and a figure template in a ``which``
  answer — and not a threshold the card's provisions state, nor a cross-reference tied to the card's own issue;
* the shipped cards pass it (a new card text that fails it fails this test);
* the composer's filter (``own_topic_text``) drops a line about another card's topic the question does not
  speak of, keeps it when the question does, and drops a later part's sentence an earlier part already gave;
  a figure computed for both parts is stated once, by the part asking how much."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from legal.cardfile import Card, parse_card, shipped_cards
from legal.cardlint import TopicIndex, example_figures, lint, topic_index, wrong_type
from legal.composer import compose, own_topic_text
from legal.matcher import CardScore, PartMatch

PHRASINGS = ["工资拖了三个月没发", "老板一直拖欠工资怎么办", "欠薪半年了能告吗", "包工头跑了工钱谁给",
             "公司说没钱发工资", "拖欠工资去哪投诉"]


def wage_card(**fields: Any) -> Card:
    raw: dict[str, Any] = {
        "slug": "labor.test-wage-arrears", "title": "拖欠工资的追讨", "domain": "labor",
        "summary": "用人单位拖欠劳动报酬的，劳动者可以投诉、申请支付令或仲裁。", "phrasings": PHRASINGS,
        "terms": ["拖欠工资", "欠薪", "工资"], "question_types": ["what_to_do"],
        "provisions": [{"law": "中华人民共和国劳动合同法", "article": 30, "role": "controlling",
                        "decides": "用人单位应当按照约定和国家规定及时足额支付劳动报酬", "keywords": ["劳动报酬"]}],
        "answers": {"what_to_do": {"conclusion": "先向劳动保障监察投诉，再申请劳动仲裁。"}},
    }
    raw.update(fields)
    return parse_card(raw)


def findings(card: Card) -> list[Any]:
    """The lint's findings on ``card`` beside the shipped cards: the topic index is the whole set's (their
    topic words and IDF), the checks run on ``card`` alone (each card's findings read only it and the index;
    the shipped cards' own are ``test_the_shipped_cards_pass_the_lint``'s)."""
    cards = [*shipped_cards(), card]
    return [f for f in lint([card], TopicIndex(cards)) if f.slug == card.slug]


def card_alone_findings(card: Card, kind: str) -> list[Any]:
    """The lint's findings of ``kind`` on ``card`` where that check reads the card alone (a worked example's
    figure, text typed for another question type: ``example_figures``, ``wrong_type``, never the topic index):
    the same as :func:`findings`' of that kind, linted beside the shipped cards' own index (built once per
    process) instead of one built again with ``card`` in it, which only the topic check reads."""
    assert kind in ("figure", "qtype")
    return [f for f in lint([card], topic_index(shipped_cards())) if f.slug == card.slug and f.kind == kind]


@pytest.mark.parametrize("foreign", [
    "自愿参加有风险的文体活动，被其他参加者造成损害的，适用自甘风险规则",
    "饭店禁止自带酒水、收取开瓶费的，属于霸王条款，对消费者没有约束力",
])
def test_a_planted_sentence_of_another_topic_is_flagged(foreign: str) -> None:
    card = wage_card(exceptions=[foreign])
    kinds = [(f.kind, f.where) for f in findings(card)]
    assert ("foreign", "exceptions[0]") in kinds


def test_a_cross_reference_tied_to_the_cards_own_issue_passes() -> None:
    card = wage_card(exceptions=["老板以饭店被认定霸王条款、收不到开瓶费为由拖欠工资的，不影响您追讨欠薪"])
    assert not [f for f in findings(card) if f.kind == "foreign"]


@pytest.mark.parametrize("conclusion", [
    "按月工资的百分之二十计算：比如月薪八千元，每月一千六百元。",
    "每满一年支付一个月工资。假设工作了三年、月薪5000元，就是15000元。",
    "伙食补助按标准乘天数（如每天80元、住院10天为800元）。",
    "按实际给付的计算：欠条写5万、实际给了4万的，只能要4万。",
])
def test_a_worked_example_figure_in_a_conclusion_is_flagged(conclusion: str) -> None:
    card = wage_card(answers={"how_much": {"conclusion": conclusion}}, question_types=["how_much"])
    assert card_alone_findings(card, "figure")
    assert example_figures(card, conclusion)


def test_a_threshold_or_a_figure_the_provisions_state_is_no_example() -> None:
    card = wage_card(provisions=[{"law": "中华人民共和国刑法", "article": 276, "role": "controlling",
                                  "decides": "拒不支付劳动报酬数额较大，一般为五千元以上", "keywords": ["劳动报酬"]}])
    assert not example_figures(card, "例如欠薪达到五千元以上、经责令仍不支付的，构成犯罪。")
    assert not example_figures(card, "例如一人欠薪五千元，已达到标准。")


@pytest.mark.parametrize(("qtype", "text"), [
    ("valid", "不合法。单位拖欠工资违法；诉讼时效为三年，自知道之日起算。"),
    ("valid", "有效。另外，时效期间一般为一年。"),
    ("which", "属于劳动争议：{result}。"),
    ("which", "属于加班费纠纷，月工资÷21.75×150%。"),
])
def test_text_typed_for_another_question_type_is_flagged(qtype: str, text: str) -> None:
    assert wrong_type(qtype, text)
    card = wage_card(answers={qtype: {"conclusion": text}}, question_types=[qtype])
    assert card_alone_findings(card, "qtype")


@pytest.mark.parametrize(("qtype", "text"), [
    ("by_when", "诉讼时效为三年，自知道之日起算。"),
    ("valid", "不合法：已过时效的抗辩由对方提出。"),
    ("which", "属于劳动争议，先仲裁后诉讼。"),
])
def test_text_of_its_own_type_is_not(qtype: str, text: str) -> None:
    assert not wrong_type(qtype, text)


def test_the_shipped_cards_pass_the_lint() -> None:
    assert [str(f) for f in lint(shipped_cards())] == []


# -- the composer's filter ---------------------------------------------------------------------------------------
def school_card() -> Card:
    return next(c for c in shipped_cards() if c.slug == "personal_injury.school-injury")


SPORTS = "自愿参加有风险的文体活动，被其他参加者造成损害的，适用自甘风险规则。"


@pytest.mark.parametrize("question", ["孩子6岁在幼儿园滑梯上摔下来骨折了，园方说不管",
                                      "女儿课间在走廊被同学推倒磕破头"])
def test_a_line_of_another_topic_is_dropped_when_the_question_does_not_speak_of_it(question: str) -> None:
    lines = ["学校未尽教育管理职责的应当赔偿。", SPORTS]
    assert own_topic_text(lines, school_card(), question) == lines[:1]


@pytest.mark.parametrize("question", ["儿子打篮球比赛被对方球员撞伤，这算自甘风险吗",
                                      "学校组织的文体活动中孩子被撞伤了，谁来赔"])
def test_it_is_kept_when_the_question_speaks_of_that_topic(question: str) -> None:
    lines = ["学校未尽教育管理职责的应当赔偿。", SPORTS]
    assert own_topic_text(lines, school_card(), question) == lines


def test_the_first_line_of_a_conclusion_is_kept() -> None:
    assert own_topic_text([SPORTS], school_card(), "孩子在幼儿园摔伤", keep_first=True) == [SPORTS]


EARLIER: Mapping[str, str] = {
    "first": "不能擅自离开，须经批准：离开所居住的市、县应当事先向司法所申请；未经批准擅自外出的，会被撤销缓刑。",
}


@pytest.mark.parametrize("copy", ["未经批准擅自外出的，会被撤销缓刑。", "未经批准 擅自外出的,会被撤销缓刑；"])
def test_a_later_part_never_repeats_an_earlier_parts_sentence(copy: str) -> None:
    card = wage_card()
    lines = ["需要向司法所书面请假。", copy]
    assert own_topic_text(lines, card, "过年能回老家吗，要跟谁说", [EARLIER["first"]]) == lines[:1]
    assert own_topic_text([copy, "请假获批后再走。"], card, "要跟谁说", [EARLIER["first"]], keep_first=True) == \
        [copy, "请假获批后再走。"]


# -- the figure a later part asks stays with it; brackets are never cut ------------------------------------------
FOOD = {"yes_no": {"conclusion": "可以，没有吃出问题也能要：食品不符合食品安全标准的，销售者明知的要承担十倍赔偿。",
                   "calculator": "tenfold_damages", "inputs": ["purchase_price"]},
        "how_much": {"conclusion": "可以另要求价款十倍的赔偿金（不足一千元的按一千元；造成损害的另赔）。",
                     "calculator": "tenfold_damages", "inputs": ["purchase_price"]}}


@pytest.mark.parametrize("parts", [["能要十倍赔偿吗？", "能赔多少钱？"], ["可以索赔吗？", "最多能拿到多少？"]])
def test_the_figure_a_later_part_asks_leads_it_and_no_bracket_is_cut(parts: list[str]) -> None:
    card = parse_card({
        "slug": "consumer.test-food", "title": "过期食品的十倍赔偿", "domain": "consumer", "summary": "测试。",
        "phrasings": PHRASINGS, "terms": ["过期食品", "十倍赔偿"], "question_types": list(FOOD), "answers": FOOD,
        "provisions": [{"law": "中华人民共和国食品安全法", "article": 148, "role": "controlling", "decides": "十倍赔偿",
                        "keywords": ["十倍"]}]})
    matches = [PartMatch(p, [CardScore(card, 1.0, 0.95, {"bigrams": 1.0})], True) for p in parts]
    first, second = compose("在超市买了一盒过期的饼干，花了38元。" + "".join(parts), matches).parts
    assert first.text.startswith("可以")
    assert second.text.startswith("按您所述") and "1,000" in second.text
    for part in (first, second):
        assert part.text.count("（") == part.text.count("）")


def test_sentences_are_never_cut_inside_brackets() -> None:
    from legal.cardlint import sentences

    text = ("不能同时主张。按您所述可得7万元（选定金共得4万元；选违约金共得7万元）。"
            "期限为一年（自知道之日起；最长五年）。")
    assert sentences(text) == ["不能同时主张。", "按您所述可得7万元（选定金共得4万元；选违约金共得7万元）。",
                               "期限为一年（自知道之日起；最长五年）。"]
