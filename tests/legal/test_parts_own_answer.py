"""Each part of a multi-part question answered as its own question, and the figures the client gave used
(docs/decisions/parts-own-answer.md):

* a later part matched to the same answer of the same card as an earlier part is led by the sentence of
  that answer about its own words, with that clause's yes or no — never by the earlier part's yes or no;
  a later part that names nothing the paragraph speaks of keeps the paragraph (it is not suppressed);
* a part asking how much or by when whose card answers only in words of another type is led by the
  clause stating a measure or a period;
* a how-much part naming a claim item (丧葬费, 误工费) gets that item's rule, not the card's other figure,
  when the card holds the item's provision;
* a yes/no part no card decides, naming a figure its facts compute, gets the figure;
* tenure said with the job in between and notice given fewer than thirty days ahead are read as facts.

The cards are built for the test; the expected figures come from the law's own rules."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

import pytest

from bench.answers import polarity
from legal.cardfile import parse_card
from legal.composer import compose
from legal.facts import extract_facts
from legal.focus import modal_head, own_answer, own_words
from legal.matcher import CardScore, PartMatch
from legal.qtypes import question_type

TODAY = date(2026, 11, 27)
PHRASINGS = ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"]


def make_card(slug: str, answers: dict, *, domain: str = "labor", held: Sequence[tuple[str, int]] = ()) -> object:
    provisions = [{"law": law, "article": article, "role": "controlling" if i < 3 else "supporting",
                   "decides": "测试", "keywords": ["测试"]} for i, (law, article) in enumerate(held)]
    return parse_card({
        "slug": slug, "title": "测试事项", "domain": domain, "summary": "测试。", "phrasings": PHRASINGS,
        "terms": ["测试"], "question_types": list(answers), "answers": answers,
        "provisions": provisions or [{"law": f"测试法{slug}", "article": 1, "role": "controlling", "decides": "测试",
                                      "keywords": ["测试"]}],
    })


def answers(card: object, narrative: str, parts: Sequence[str]) -> list:
    """The question's parts all matched to ``card`` (as the matcher does for follow-ups on one issue)."""
    matches = [PartMatch(p, [CardScore(card, 1.0, 0.95, {"bigrams": 1.0})], True) for p in parts]
    return compose(narrative + "".join(parts), matches, today=TODAY).parts


MISCONDUCT = {"yes_no": {"conclusion": "可以（违纪事实属实的）：用人单位可以单方解除劳动合同，不需要提前三十日通知，"
                                       "也不需要支付经济补偿；但规章制度须经民主程序制定并公示。"}}


# -- a later part on the same answer: its own sentence, its own yes or no -----------------------------------
@pytest.mark.parametrize("later", ["要给补偿吗", "还用付经济补偿金吗", "补偿那块要不要给他", "需要给补偿么"])
def test_a_later_part_is_answered_by_the_clause_about_its_own_words(later: str) -> None:
    card = make_card("t.misconduct", MISCONDUCT)
    first, second = answers(card, "员工连续旷工一周，员工手册写明旷工三天算严重违纪。", ["能直接辞退他吗？", later])
    assert polarity(first.text) == "positive"
    assert polarity(second.text) == "negative" and second.text.startswith("不需要")
    assert "经济补偿" in second.text and second.text != first.text


LOCKUP = {"yes_no": {"conclusion": "不能直接见：判决生效前家属会见须经办案机关批准，一般不批；"
                                   "衣物、生活费可以按看守所规定寄存；子女不得就读高收费私立学校的限制与此无关。"}}


@pytest.mark.parametrize(("later", "head"), [("能给他存点生活费吗", "可以"), ("衣物能寄进去不", "可以")])
def test_the_later_parts_yes_or_no_is_that_of_its_own_clause(later: str, head: str) -> None:
    card = make_card("t.visit", LOCKUP, domain="criminal_procedure")
    first, second = answers(card, "我爸被刑拘了。", ["家属能去看守所见他吗？", later])
    assert polarity(first.text) == "negative"
    assert second.text.startswith(head)


def test_a_later_part_naming_nothing_the_paragraph_speaks_of_keeps_it() -> None:
    card = make_card("t.misconduct", MISCONDUCT)
    first, second = answers(card, "员工连续旷工一周。", ["能直接辞退他吗？", "那我该跟谁说一声吗？"])
    # not suppressed: the paragraph may answer both — its lead answers the later part, the rest is not copied
    # (docs/decisions/card-lint.md): the later part says which part holds it
    assert second.text.startswith(first.text.split("；")[0]) and second.text != first.text
    assert second.text.endswith("其余同第1问的回答（见上）。")


WITHDRAWAL = {"yes_no": {"conclusion": "可以。股东把出资转走构成抽逃出资，"
                                       "公司债权人可以要求该股东在抽逃的本息范围内对公司不能清偿的债务承担补充赔偿责任；"
                                       "帮助抽逃的董事承担连带责任。"}}


@pytest.mark.parametrize("later", ["他能要多少", "最多能让他赔多少钱", "股东最多赔多少"])
def test_a_how_much_part_answered_in_words_leads_with_the_measure(later: str) -> None:
    card = make_card("t.withdrawal", WITHDRAWAL, domain="company")
    first, second = answers(card, "公司欠我们货款不还，大股东把注册资金转走了。", ["我能找这个股东要钱吗？", later])
    assert first.text.startswith("可以")
    assert "本息范围内" in second.text.split("。")[0]  # the measure leads, not the earlier part's 可以
    assert not second.text.startswith("可以")


SUBLEASE = {"yes_no": {"conclusion": "可以解除。未经同意转租的，出租人可以解除合同；"
                                     "但出租人知道或者应当知道转租后6个月内未提出异议的，视为同意转租。"}}


@pytest.mark.parametrize("later", ["法律上有没有时间限制？", "有期限吗", "最晚多久要提出？"])
def test_a_by_when_part_answered_in_words_leads_with_the_period(later: str) -> None:
    card = make_card("t.sublease", SUBLEASE, domain="real_estate")
    parts = answers(card, "租客没经过我同意把房子转租了。", ["我能解约吗？", later])
    assert parts[1].qtype == "by_when"
    assert parts[1].text.startswith("出租人知道或者应当知道转租后6个月内")


INSURANCE = {"how_much": {"conclusion": "交强险限额：有责时死亡伤残赔偿限额18万元、医疗费用限额1.8万元、"
                                        "财产损失限额2000元；无责时分别为1.8万元、1800元、100元。"}}


def test_an_item_of_a_list_asked_on_its_own_is_answered_by_its_item() -> None:
    card = make_card("t.insurance", INSURANCE, domain="traffic_accident")
    first, second = answers(card, "被车撞了，对方只有交强险。", ["死亡伤残那块最多赔多少？",
                                                                 "医疗费那块呢最多赔多少？"])
    assert "18万元" in first.text
    assert second.text.startswith("医疗费用限额1.8万元")


# -- the pure pieces --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("clause", "head"), [
    ("也不需要支付经济补偿", "不需要"), ("子女不得就读高收费私立学校", "不能"), ("须提供相当于请求数额的担保", "需要"),
    ("衣物可以按规定寄存", "可以"), ("按月工资计算", ""),
])
def test_a_clause_gives_the_yes_or_no_of_its_modal(clause: str, head: str) -> None:
    assert modal_head(clause) == head


def test_own_words_leave_out_question_words_and_the_earlier_parts() -> None:
    assert own_words("能给补偿吗", ["能直接开除他吗"]) == {"补偿"}
    assert own_words("他能要多少") == set()
    assert own_answer("他能要多少", "可以。句一。", "how_much", answered="how_much", computed=True) == "可以。句一。"


# -- the item a how-much part names -----------------------------------------------------------------------
DEATH = {"how_much": {"conclusion": "死亡赔偿金：{result}。", "calculator": "death_compensation",
                      "inputs": ["per_capita_income", "age"]}}
INJURY = "最高人民法院关于审理人身损害赔偿案件适用法律若干问题的解释"
#: 15 死亡赔偿金, 14 丧葬费, 7 误工费: the items' own provisions, held by the card.
HELD = ((INJURY, 15), (INJURY, 14), (INJURY, 7))


@pytest.mark.parametrize(("later", "item"), [("丧葬费怎么算", "丧葬费"), ("丧葬费能要多少钱", "丧葬费"),
                                             ("误工费按什么标准", "误工费")])
def test_a_how_much_part_naming_an_item_gets_that_items_rule(later: str, item: str) -> None:
    card = make_card("t.death", DEATH, domain="traffic_accident", held=HELD)
    first, second = answers(card, "我爸70岁，过马路被车撞了没救过来。", ["死亡赔偿金按几年算？", later])
    assert second.qtype == "how_much"
    assert second.text.startswith(item) and "死亡赔偿金" not in second.text
    bare = make_card("t.death-only", DEATH, domain="traffic_accident", held=HELD[:1])
    _first, kept = answers(bare, "我爸70岁，过马路被车撞了没救过来。", ["死亡赔偿金按几年算？", later])
    assert kept.text.startswith("死亡赔偿金")  # the card holds no provision of the item: its own answer stands


def test_a_named_item_the_facts_compute_is_computed() -> None:
    card = make_card("t.death", DEATH, domain="traffic_accident", held=HELD)
    (part,) = answers(card, "去年当地职工月平均工资是8000元，我父亲出车祸去世了。", ["丧葬费能要多少？"])
    assert "48,000" in part.text  # 8000 × 6 (人身损害赔偿解释 14)


# -- a yes/no part no card decides, naming a figure the facts compute -----------------------------------------
@pytest.mark.parametrize(("question", "figure"), [
    ("摔伤后在医院住了12天，我们这出差伙食补助一天80，住院吃饭的钱能要吗", "960"),
    ("住院伙食补助费能报吗？住院15天，当地出差伙食补助标准每天100元", "1,500"),
])
def test_an_undecided_yes_no_part_naming_a_computed_figure_gets_it(question: str, figure: str) -> None:
    card = make_card("t.far", {"yes_no": {"conclusion": "可以。"}}, domain="personal_injury")
    match = PartMatch(question, [CardScore(card, 0.2, 0.2, {})], False)
    (part,) = compose(question, [match], today=TODAY).parts
    assert figure in part.text and part.basis


# -- the figures the client gives -------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "months"), [
    ("我在物流公司做调度四年七个月了", 55), ("当保安三年了，月薪五千", 36), ("在超市当收银员两年零三个月了", 27),
])
def test_tenure_said_with_the_job_in_between(text: str, months: int) -> None:
    assert extract_facts(text, today=TODAY).get("service_months") == months


@pytest.mark.parametrize(("text", "short"), [
    ("公司昨天通知我明天起解除合同，就提前了一天", True), ("单位只提前一周告诉我不用来了", True),
    ("公司提前三十天书面通知了我", False), ("试用期我提前3天通知了公司", False),
])
def test_notice_fewer_than_thirty_days_ahead(text: str, short: bool) -> None:
    assert bool(extract_facts(text, today=TODAY).get("no_notice")) is short


@pytest.mark.parametrize("text", ["超出保险的部分对方最多赔几成", "这种情况按百分之几赔", "责任按什么比例分",
                                  "护理费按什么标准", "营养费啥标准赔"])
def test_a_share_or_a_standard_asked_is_a_how_much_question(text: str) -> None:
    assert question_type(text) == "how_much"


# -- which remedy gives more, what to claim, what to prepare ----------------------------------------------
@pytest.mark.parametrize(("text", "qtype"), [
    ("不能两个都要的话选哪个能拿得多", "how_much"), ("定金和违约金怎么选最划算", "how_much"),
    ("哪个更划算", "how_much"),
    ("我能要求什么", "what_to_do"), ("可以主张哪些", "what_to_do"), ("打官司要准备什么", "what_to_do"),
    ("选哪个法院起诉", "forum"),
])
def test_a_choice_a_claim_or_a_preparation_asked(text: str, qtype: str) -> None:
    assert question_type(text) == qtype


LOAN = {"yes_no": {"conclusion": "可以。没有借条，转账记录加聊天记录也能证明借贷关系。"}}


@pytest.mark.parametrize("later", ["要准备什么", "需要哪些证据", "起诉前得准备啥材料"])
def test_a_part_asking_what_to_prepare_gets_the_cards_evidence(later: str) -> None:
    card = parse_card({
        "slug": "t.no-iou", "title": "没有借条", "domain": "debt", "summary": "测试。", "phrasings": PHRASINGS,
        "terms": ["测试"], "question_types": ["yes_no"], "answers": LOAN,
        "evidence": ["微信或银行转账记录", "催款的聊天记录、录音"],
        "provisions": [{"law": "测试法", "article": 1, "role": "controlling", "decides": "测试", "keywords": ["测试"]}],
    })
    first, second = answers(card, "借给同事一万五，微信转的，没打借条，他现在不认。", ["这钱还能要回来吗？", later])
    assert first.text.startswith("可以")
    assert second.text.startswith("需要准备") and "转账记录" in second.text and "录音" in second.text


@pytest.mark.parametrize(("question", "count"), [
    ("离婚了孩子跟我 他每月工资一万 抚养费一般判多少 要给到孩子多大", 2),
    ("抚养费按他收入的多少给 一直给到孩子多大", 2),
])
def test_a_spaced_clause_closing_on_how_old_asks(question: str, count: int) -> None:
    from legal.matcher import split_parts

    assert len(split_parts(question)[1]) == count


@pytest.mark.parametrize(("heirs", "joint", "share"), [(4, True, "1/8"), (3, False, "1/3"), (2, True, "1/4")])
def test_a_share_of_an_estate_whose_value_is_not_said_is_a_fraction(heirs: int, joint: bool, share: str) -> None:
    from legal.rules import calculate, refine_calculator

    facts = {"heirs": heirs, "joint_property": joint}
    name = refine_calculator("inheritance_share", facts)
    calculation = calculate(name, facts)
    assert name == "inheritance_fraction" and calculation.ok
    assert f"= {share}" in calculation.headline() or f"每人得 {share}" in calculation.headline()
    assert refine_calculator("inheritance_share", {**facts, "estate_value": 400000}) == "inheritance_share"


TERM = {"how_much": {"conclusion": "处1至6个月拘役，并处罚金。"},
        "yes_no": {"conclusion": "会被追究刑事责任：构成危险驾驶罪。"}}
PERIOD = {"by_when": {"conclusion": "拘留后最长三十七日：{deadline}。", "deadline": "criminal_detention"},
          "how_much": {"conclusion": "处1至6个月拘役。"}}


@pytest.mark.parametrize("later", ["最多要关多久", "大概要坐多久的牢", "一般判多长时间"])
def test_how_long_held_on_a_card_without_a_period_is_its_term(later: str) -> None:
    card = make_card("t.drunk", TERM, domain="criminal")
    first, second = answers(card, "老公醉驾被查了，血检一百三十多毫克。", ["会不会被判刑？", later])
    assert second.text.startswith("处1至6个月拘役") and second.deadline is None
    held = make_card("t.detention", PERIOD, domain="criminal_procedure")
    (part,) = answers(held, "我爸被刑拘了。", ["最长能关多久？"])
    assert part.deadline is not None  # a card with a period of its own answers with it


def test_a_sentence_moved_to_the_front_drops_its_connective() -> None:
    text = "需要。公司不能清偿到期债务的，股东应提前缴纳出资。另外，新设公司的股东应当自成立之日起5年内缴足出资。"
    led = own_answer("认缴的出资多少年内要缴足", text, "how_much", answered="yes_no")
    assert led.startswith("新设公司的股东应当自成立之日起5年内缴足出资。")
    assert "需要。" in led  # the rest of the paragraph follows

