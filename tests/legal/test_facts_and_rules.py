"""Entities with roles, and the calculators and deadline rules run on them."""

from datetime import date
from decimal import Decimal

from legal.facts import extract_facts
from legal.rules import calculate, deadline

TODAY = date(2026, 11, 27)


def test_the_own_wage_not_the_regional_average():
    facts = extract_facts("末位淘汰，我在公司工作了7年3个月，当地平均工资4000，我月薪15000", today=TODAY)
    assert facts.get("monthly_wage") == Decimal(15000)
    assert facts.get("service_months") == 87
    assert facts.get("local_average_wage") == Decimal(4000)


def test_tenure_from_dates_and_the_dismissal_as_start():
    facts = extract_facts("2018年3月入职，2025年6月被辞退，工资1.2万", today=TODAY)
    assert facts.get("service_months") == 87
    assert facts.get("monthly_wage") == Decimal("12000")
    assert facts.get("start_date") == date(2025, 6, 1)


def test_weekend_words_are_not_a_period_and_sums_are_not_computed():
    assert extract_facts("周六周日都要加班，没有加班费", today=TODAY).values() == {}
    facts = extract_facts("借了600000+3年", today=TODAY)
    assert facts.get("principal") == Decimal(600000)
    assert "service_months" not in facts and "lost_days" not in facts


def test_lost_days_and_loan_date_by_role():
    facts = extract_facts("交通事故对方全责，我误工两个月月薪8000", today=TODAY)
    assert facts.get("lost_days") == Decimal(60)
    loan = extract_facts("朋友借我5万元没写借条，三年前借的", today=TODAY)
    assert loan.get("principal") == Decimal(50000)
    assert loan.get("loan_date") == date(2023, 11, 27)


def test_two_n_for_seven_years_three_months():
    calc = calculate("unlawful_termination_damages", {"monthly_wage": Decimal(15000), "service_months": 87})
    assert calc.ok and calc.result.amount == Decimal("225000.00")


def test_a_missing_input_is_one_precise_question():
    calc = calculate("lost_earnings", {"lost_days": Decimal(60)})
    assert not calc.ok and calc.missing == ["daily_income"]
    assert "收入" in calc.ask()


def test_interest_cap_uses_the_lpr_at_the_contract_date():
    calc = calculate("interest_cap", {"annual_rate": Decimal(24), "loan_date": date(2024, 1, 10),
                                      "principal": Decimal(100000)})
    assert calc.result.figures["cap_rate"] == Decimal("13.80")
    assert calc.result.amount == Decimal("13800.00")


def test_a_deadline_passed_or_not():
    ended = deadline("labor_arbitration", start_event="解除之日", start=date(2025, 6, 1), today=TODAY)
    assert ended.passed and ended.ends == date(2026, 6, 1)
    running = deadline("admin_reconsideration", start=date(2026, 11, 1), today=TODAY)
    assert not running.passed and running.days_left == 34


def test_consumer_damages_from_what_the_client_paid():
    from legal.rules import calculate

    car = extract_facts("在二手车行花8万买了台车，结果是泡水车，能赔多少", today=TODAY)
    assert car.get("purchase_price") == Decimal(80000)
    treble = calculate("treble_damages", car.values())
    assert treble.ok and treble.result.amount == Decimal(240000)
    milk = extract_facts("超市买了一盒过期牛奶，才30块钱", today=TODAY)
    tenfold = calculate("tenfold_damages", milk.values())
    assert tenfold.ok and tenfold.result.amount == Decimal(1000)  # 300 is below the 1,000 floor
    cheap = calculate("treble_damages", {"purchase_price": Decimal(100)})
    assert cheap.result.amount == Decimal(500)  # 300 is below the 500 floor
    assert calculate("treble_damages", {}).missing == ["purchase_price"]


def test_a_deposit_comes_back_double_within_a_fifth_of_the_price():
    from legal.rules import calculate

    plain = extract_facts("买二手房交了5万定金，房东不卖了，能要回多少", today=TODAY)
    assert plain.get("deposit_amount") == Decimal(50000)
    assert calculate("deposit_return", plain.values()).result.amount == Decimal(100000)
    over = extract_facts("房子总价100万，交了30万定金，卖家违约", today=TODAY)
    result = calculate("deposit_return", over.values()).result
    # 20 % of 1,000,000 is the deposit: 200,000 × 2, and the other 100,000 back once
    assert result.amount == Decimal(500000) and result.figures["double"] == Decimal(400000)
