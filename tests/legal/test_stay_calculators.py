"""Figures for a stay: the hospital meal allowance (人身损害赔偿解释 10) and the rent for a thing held after
the lease ended (民法典 733), read from facts as clients write them."""

from datetime import date
from decimal import Decimal

import pytest

from legal.composer import calculator_for, claim_items
from legal.facts import extract_facts
from legal.rules import calculate

TODAY = date(2026, 11, 27)


@pytest.mark.parametrize(("question", "total"), [
    ("摔伤住院10天，我们这出差伙食补助一天100，伙食补助费能要多少", Decimal(1000)),
    ("被狗咬了住了半个月院，伙食补助标准每天80元", Decimal(1200)),
    ("车祸在医院躺了两周，当地出差补助每天120，住院吃饭的钱怎么算", Decimal(1680)),
    ("住院治疗了7天 每天100的伙食补助 能赔多少", Decimal(700)),
])
def test_hospital_meal_allowance(question: str, total: Decimal) -> None:
    facts = extract_facts(question, today=TODAY)
    calculation = calculate("hospital_meal_allowance", facts.values())
    assert calculation.ok and calculation.result is not None
    assert calculation.result.amount == total


def test_meal_allowance_asks_for_the_standard_when_not_given() -> None:
    facts = extract_facts("住院住了12天，吃饭的钱能要吗", today=TODAY)
    calculation = calculate("hospital_meal_allowance", facts.values())
    assert not calculation.ok and calculation.missing == ["meal_allowance_rate"]


@pytest.mark.parametrize(("question", "total"), [
    # a rent by the day, returned late on a day the client names
    ("我把挖机租给人家一天1500，说好用到11月10号，他拖到20号才还回来，多出来的天数能要多少", Decimal(15000)),
    # a monthly rent, held on after the term
    ("房子租期到期后租客又住了两个月才搬，月租3000，这两个月能要多少", Decimal(6000)),
    ("租约2026年9月30日到期，他一直赖着不走，日租金200", Decimal(200) * (TODAY - date(2026, 9, 30)).days),
    ("合同10月底到期，租客到现在还不搬，月租金4500，占用费能要多少",
     (Decimal(4500) * (TODAY - date(2026, 10, 31)).days / 30).quantize(Decimal("0.01"))),
    ("场地租期满了多占了20天，租金每天300", Decimal(6000)),
])
def test_rent_for_a_thing_held_after_the_lease(question: str, total: Decimal) -> None:
    facts = extract_facts(question, today=TODAY)
    calculation = calculate("overdue_return_rent", facts.values())
    assert calculation.ok and calculation.result is not None
    assert calculation.result.amount == total


def test_no_overstay_without_a_lease() -> None:
    facts = extract_facts("说好11月10号还钱，拖到20号才还", today=TODAY)
    assert facts.get("overdue_days") is None


@pytest.mark.parametrize(("part", "name"), [
    ("住院伙食补助费能要多少", "hospital_meal_allowance"),
    ("住院这些天吃饭的钱能要多少", "hospital_meal_allowance"),
    ("租期到了他不搬，这段时间的房租能要多少", "overdue_return_rent"),
    ("多出来的10天能要多少钱", "overdue_return_rent"),
])
def test_the_part_names_the_calculator(part: str, name: str) -> None:
    assert calculator_for(part, "personal_injury" if "住院" in part else "real_estate") == name


def test_a_list_of_claims_computes_the_meal_allowance() -> None:
    from legal.cardfile import parse_card

    card = parse_card({"slug": "t.injury", "title": "人身损害赔偿项目", "domain": "personal_injury",
                       "summary": "测试。",
                       "phrasings": ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"],
                       "terms": ["测试"], "question_types": ["how_much"],
                       "answers": {"how_much": {"conclusion": "按项目计算。"}},
                       "provisions": [{"law": "测试法", "article": 1, "role": "controlling", "decides": "测试",
                                       "keywords": ["测试"]}]})
    question = "被车撞了住院10天，出差伙食补助一天100，我能要哪些钱：医疗费、住院伙食补助费、营养费"
    text = claim_items(question, card, extract_facts(question, today=TODAY))
    assert "住院伙食补助费：" in text and "1,000" in text
