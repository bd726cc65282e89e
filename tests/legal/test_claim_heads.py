"""Heads of claim (``[[card.heads]]``, legal/heads.py): a how-much answer gives each head the client's facts allow,
with its article, names the heads still lacking facts with what they lack, never counts two heads that exclude
each other, and totals the computed heads. Wordings here are written for these tests."""

import re
from datetime import date
from decimal import Decimal

import pytest

from legal import heads
from legal.cardfile import CardFileError, parse_card, shipped_cards
from legal.facts import extract_facts

TODAY = date(2026, 11, 28)


def _card(slug: str):
    return next(card for card in shipped_cards() if card.slug == slug)


def _values(question: str) -> dict:
    return {**heads.told_items(question), **extract_facts(question, today=TODAY).values()}


def _computed(slug: str, question: str) -> dict[str, Decimal]:
    return {f.head.name: f.amount for f in heads.evaluate(_card(slug).heads, _values(question)) if f.computed}


def _total_in(text: str) -> Decimal:
    m = re.search(r"以上\d+项合计 ([\d,]+(?:\.\d+)?) 元", text)
    assert m is not None, text
    return Decimal(m.group(1).replace(",", ""))


@pytest.mark.parametrize("question", [
    "在物流公司干了一年半，一直没签劳动合同，月薪七千，前天主管打电话说明天不用来了，还欠我一个月工资没发，能要多少",
    "入职20个月没签劳动合同，工资5500，昨天被老板辞退了，还欠3个月工资，我能拿回多少",
])
def test_unsigned_dismissed_unpaid_gets_three_heads(question: str) -> None:
    got = _computed("labor.no-written-contract-double-wage", question)
    assert {"未签书面劳动合同二倍工资", "违法解除赔偿金", "拖欠的工资"} <= set(got)
    text = heads.heads_text(_card("labor.no-written-contract-double-wage"), _values(question))
    assert "《劳动合同法》第八十七条" in text and "《劳动合同法》第八十二条" in text
    assert _total_in(text) == sum(got.values())


def test_unlawful_damages_and_compensation_never_both_counted() -> None:
    question = "公司无故把我辞退了，干了四年，月薪一万，能赔多少"
    got = _computed("labor.unlawful-dismissal", question)
    assert "违法解除赔偿金" in got and "经济补偿" not in got
    assert got["违法解除赔偿金"] == Decimal("80000.00")
    # the same rivalry written the other way round (only the second head names the first) holds too
    card = parse_card({**_minimal(), "heads": [
        {"name": "经济补偿", "calculator": "economic_compensation", "needs": ["monthly_wage", "service_months"],
         "basis": {"law": "中华人民共和国劳动合同法", "article": 47}},
        {"name": "违法解除赔偿金", "calculator": "unlawful_termination_damages",
         "needs": ["monthly_wage", "service_months"], "excludes": ["经济补偿"],
         "basis": {"law": "中华人民共和国劳动合同法", "article": 87}}]})
    figures = heads.evaluate(card.heads, {"monthly_wage": Decimal(8000), "service_months": 30})
    assert [f.head.name for f in figures] == ["经济补偿"]


def test_wage_arrears_not_counted_twice_inside_compensation() -> None:
    question = "单位拖欠两个月工资我被迫辞职，工作三年，月工资6000，能要多少补偿"
    got = _computed("labor.economic-compensation", question)
    assert got["经济补偿"] == Decimal("18000.00")
    assert got["拖欠的工资"] == Decimal("12000.00")


@pytest.mark.parametrize(("question", "expected"), [
    ("骑电动车被小轿车撞了，看病花了一万八，来回打车费花了600，营养费900，我每月工资六千，在家歇了两个月没上班，对方全责，怎么算赔偿",
     {"医疗费": Decimal(18000), "交通费": Decimal(600), "营养费": Decimal(900)}),
    ("被人开车撞伤，医药费共计3万元，交通费一千二百元，月收入4000元，误工60天，能赔多少钱",
     {"医疗费": Decimal(30000), "交通费": Decimal(1200)}),
])
def test_injury_items_the_client_told_are_each_counted(question: str, expected: dict) -> None:
    got = _computed("traffic.compensation-items", question)
    for name, amount in expected.items():
        assert got[name] == amount
    assert "误工费" in got
    text = heads.heads_text(_card("traffic.compensation-items"), _values(question))
    assert _total_in(text) == sum(got.values())


def test_regional_base_not_given_is_said_not_guessed() -> None:
    question = "车祸后评了十级伤残，今年35岁，医疗费花了两万，误工费5000，能赔多少"
    card = _card("traffic.compensation-items")
    figures = heads.evaluate(card.heads, _values(question))
    disability = next(f for f in figures if f.head.name == "残疾赔偿金")
    assert not disability.computed and disability.amount is None
    assert disability.regional
    text = heads.heads_text(card, _values(question))
    assert "残疾赔偿金（需要" in text and "未按估计数计算" in text
    assert "残疾赔偿金：" not in text.split("另可主张")[0]  # the pending head has no figure and is outside the total


def test_loan_principal_and_capped_extras() -> None:
    question = "借给同事5万块，约定年息10%，借期一年，借条写了逾期违约金每月1%，现在到期不还，我总共能要多少"
    got = _computed("debt.interest-rate-cap", question)
    assert got["本金"] == Decimal(50000)
    assert "利息、违约金和费用合计" in got and "借期利息" not in got and "逾期利息" not in got


def test_loan_principal_and_interest_without_penalty() -> None:
    question = "去年借出去八万，约好年利率6%，借期12个月，本金和利息一共能要多少"
    got = _computed("debt.interest-rate-cap", question)
    assert got["本金"] == Decimal(80000)
    assert got["借期利息"] == Decimal("4800.00")


def test_work_injury_heads() -> None:
    question = ("车间干活手被机器轧伤，鉴定八级伤残，本人工资每月6500，停工留薪在家休养了4个月，"
                "医疗费花了两万一，能拿哪些钱")
    got = _computed("labor.work-injury-disability-benefits", question)
    assert got["一次性伤残补助金"] == Decimal("71500.00")
    assert got["停工留薪期工资"] == Decimal("26000.00")
    assert got["工伤医疗费"] == Decimal(21000)
    text = heads.heads_text(_card("labor.work-injury-disability-benefits"), _values(question))
    assert "《工伤保险条例》第三十七条" in text  # the grade picks the article


def test_tenancy_deposit_and_rent_paid_ahead() -> None:
    question = "退租时房东押金2000不退，而且我提前交了两个月租金还没住，月租1800，能要回多少"
    got = _computed("housing.deposit-not-returned", question)
    assert got["押金"] == Decimal(2000)
    assert got["预交未住的房租"] == Decimal(3600)
    assert "预交的房租" not in got


def test_one_head_alone_adds_nothing() -> None:
    assert heads.heads_text(_card("labor.unlawful-dismissal"), _values("被辞退了，干了三年，工资7000，赔多少")) == ""


@pytest.mark.parametrize(("text", "name", "value"), [
    ("交通费花了八百多", "transport_expenses", Decimal(800)),
    ("营养费一千五", "nutrition_fee", Decimal(1500)),
    ("预交了半年房租", "prepaid_rent_months", Decimal(6)),
])
def test_told_items(text: str, name: str, value: Decimal) -> None:
    assert heads.told_items(text)[name] == value


@pytest.mark.parametrize("text", ["护理费按20天算", "交通费没算，住院15天", "营养费还不知道，工资8000"])
def test_a_count_or_a_figure_elsewhere_is_not_an_items_sum(text: str) -> None:
    found = heads.told_items(text)
    assert "nursing_paid" not in found and "transport_expenses" not in found and "nutrition_fee" not in found


def _minimal() -> dict:
    return {"slug": "test.heads", "title": "测试", "domain": "labor", "summary": "测试卡片。",
            "phrasings": [f"说法{i}" for i in range(6)], "terms": ["测试"], "question_types": ["how_much"],
            "provisions": [{"law": "中华人民共和国劳动合同法", "article": 47, "role": "controlling"}],
            "answers": {"how_much": {"conclusion": "按月工资 × N 计算：{result}。"}}}


@pytest.mark.parametrize(("head", "fault"), [
    ({"name": "甲", "calculator": "double_wage", "fact": "principal", "basis": {"law": "L", "article": 1}},
     "exactly one"),
    ({"name": "甲", "basis": {"law": "L", "article": 1}}, "exactly one"),
    ({"name": "甲", "calculator": "double_wage"}, "basis"),
    ({"name": "甲", "calculator": "double_wage", "basis": {"law": "L", "article": 0}}, "article"),
    ({"name": "甲", "calculator": "double_wage", "basis": {"law": "L", "article": 1}, "excludes": ["乙"]}, "excludes"),
    ({"name": "甲", "calculator": "double_wage", "basis": {"law": "L", "article": 1}, "colour": "red"}, "unknown key"),
    ({"name": "甲", "calculator": "double_wage", "basis": {"law": "L", "article": 1}, "needs": ["monthly_wage"],
      "regional": ["per_capita_income"]}, "regional"),
    ({"name": "甲", "calculator": "double_wage", "basis": {"law": "L", "article": 1},
      "when": [{"fact": "dismissed", "op": "~"}]}, "op"),
])
def test_loader_rejects_a_malformed_head(head: dict, fault: str) -> None:
    with pytest.raises(CardFileError, match=fault):
        parse_card({**_minimal(), "heads": [head]})


def test_loader_warns_of_unknown_names_and_keeps_heads_in_the_dict_round_trip() -> None:
    card = parse_card({**_minimal(), "heads": [
        {"name": "甲", "calculator": "no_such_rule", "needs": ["no_such_fact"], "basis": {"law": "L", "article": 2}}]})
    assert any("no_such_rule" in w for w in card.warnings) and any("no_such_fact" in w for w in card.warnings)
    again = parse_card(card.to_dict())
    assert again.heads == card.heads


def test_shipped_cards_carry_heads_for_each_family() -> None:
    with_heads = {card.slug for card in shipped_cards() if card.heads}
    for slug in ("labor.unlawful-dismissal", "labor.no-written-contract-double-wage", "labor.overtime-pay",
                 "labor.work-injury-disability-benefits", "traffic.compensation-items",
                 "personal_injury.compensation-calculation", "debt.interest-rate-cap", "housing.deposit-not-returned"):
        assert slug in with_heads
    assert not [w for card in shipped_cards() for w in card.warnings if w.startswith("heads")]


def test_the_other_sides_share_of_the_total() -> None:
    question = "晚上走路被电动车撞了，对方负主要责任承担70%，医药费一万，交通费五百，营养费一千，能赔多少"
    card = _card("traffic.compensation-items")
    text = heads.heads_text(card, _values(question))
    assert _total_in(text) == Decimal(11500)
    assert "可向对方主张 8,050 元" in text


def test_a_part_about_another_figure_gets_no_heads() -> None:
    from legal.cardfile import Answer
    from legal.composer import claim_heads

    question = "被电动车撞伤，医药费花了一万二，交通费四百，营养费八百"
    facts = extract_facts(question, today=TODAY)
    card = _card("traffic.compensation-items")
    assert claim_heads(question, card, facts, question).startswith("按您所述，可以分项主张")
    fee = Answer("how_much", "按您提供的数据计算：{result}。", calculator="litigation_fee")
    assert claim_heads(question, card, facts, question, fee) == ""
