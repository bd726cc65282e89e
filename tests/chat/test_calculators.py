from datetime import date
from decimal import Decimal

import pytest

from legal.calculators import (
    CalculatorInputError,
    compensation_months,
    double_wage,
    economic_compensation,
    limitation_period,
    litigation_fee,
    unlawful_termination_damages,
)

# -- 经济补偿 (劳动合同法第四十七条) -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("months", "n"),
    [
        (36, "3"),  # 3 full years
        (30, "3"),  # 2 years + 6 months: six months or more count as a full year -> 2 + 1
        (28, "2.5"),  # 2 years + 4 months: under six months is half a month -> 2 + 0.5
        (78, "7"),  # 6年半: 6 + 1
        (5, "0.5"),  # under six months: half a month
        (6, "1"),
        (11, "1"),
        (12, "1"),
        (13, "1.5"),
    ],
)
def test_compensation_months_follow_the_half_year_rules(months, n):
    # 第四十七条: 每满一年一个月; 六个月以上不满一年的按一年; 不满六个月的半个月.
    assert compensation_months(months) == Decimal(n)


def test_three_years_at_8000_is_24000():
    # 公司把我辞退了…我干了3年，月薪8000: N = 3, 8000 × 3 = 24000.
    result = economic_compensation(monthly_wage=8000, service_months=36)
    assert result.amount == Decimal("24000.00")
    assert result.figures["n_months"] == 3
    assert [str(b) for b in result.legal_basis] == ["《中华人民共和国劳动合同法》第四十七条"]
    assert any("N = 3" in step for step in result.steps)


def test_six_and_a_half_years_plus_notice_pay_is_n_plus_1():
    # 干了6年半，月薪1.2万: 6 years + 6 months -> N = 7; 12000 × 7 = 84000; +1 month = 96000.
    result = economic_compensation(monthly_wage="12000", service_months=78, with_notice_pay=True)
    assert result.figures["n_months"] == 7
    assert result.figures["compensation"] == Decimal("84000.00")
    assert result.figures["notice_pay"] == Decimal("12000.00")
    assert result.amount == Decimal("96000.00")
    assert "第四十条" in [b.article for b in result.legal_basis]


def test_high_wage_is_capped_at_three_times_the_local_average_and_twelve_years():
    # Wage 40000 > 3 × 10000: base 30000; 15 years -> N capped at 12; 30000 × 12 = 360000.
    result = economic_compensation(monthly_wage=40000, service_months=180, local_average_monthly_wage=10000)
    assert result.figures["capped"] is True
    assert result.figures["base_wage"] == Decimal(30000)
    assert result.figures["n_months"] == 12
    assert result.amount == Decimal("360000.00")


def test_the_twelve_year_cap_only_applies_to_capped_wages():
    # Wage 20000 <= 3 × 10000: no cap; 15 years -> N = 15; 20000 × 15 = 300000.
    result = economic_compensation(monthly_wage=20000, service_months=180, local_average_monthly_wage=10000)
    assert result.figures["capped"] is False
    assert result.amount == Decimal("300000.00")


def test_without_the_local_average_the_cap_is_not_checked_and_said_so():
    result = economic_compensation(monthly_wage=8000, service_months=36)
    assert any("三倍封顶" in note for note in result.notes)


def test_unlawful_termination_damages_are_twice_the_compensation():
    # 第八十七条: 8000 × 3 × 2 = 48000.
    result = unlawful_termination_damages(monthly_wage=8000, service_months=36)
    assert result.amount == Decimal("48000.00")
    assert [b.article for b in result.legal_basis] == ["第八十七条", "第四十七条"]


def test_unlawful_termination_damages_keep_the_caps():
    # Capped base 30000 × 12 × 2 = 720000.
    result = unlawful_termination_damages(monthly_wage=50000, service_months=240, local_average_monthly_wage=10000)
    assert result.amount == Decimal("720000.00")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"monthly_wage": -1, "service_months": 12}, "月工资不能为负数"),
        ({"monthly_wage": 0, "service_months": 12}, "月工资必须大于零"),
        ({"monthly_wage": "abc", "service_months": 12}, "月工资必须是数字"),
        ({"monthly_wage": 8000, "service_months": 0}, "不能为零"),
        ({"monthly_wage": 8000, "service_months": -3}, "不能为负数"),
        ({"monthly_wage": 8000, "service_months": 2.5}, "必须是整数个月"),
        ({"monthly_wage": 8000, "service_months": 12, "local_average_monthly_wage": -5}, "不能为负数"),
    ],
)
def test_invalid_compensation_input_gives_chinese_errors(kwargs, message):
    with pytest.raises(CalculatorInputError, match=message):
        economic_compensation(**kwargs)


# -- 二倍工资 (第八十二条) ------------------------------------------------------------------------------


def test_ten_months_without_a_contract_give_nine_extra_wages():
    # 入职10个月一直没签，工资5500: months 2..10 = 9 × 5500 = 49500.
    result = double_wage(monthly_wage=5500, months_without_contract=10)
    assert result.figures["payable_months"] == 9
    assert result.amount == Decimal("49500.00")
    assert str(result.legal_basis[0]) == "《中华人民共和国劳动合同法》第八十二条"


def test_double_wage_is_at_most_eleven_months():
    # 18 months: only the 2nd..12th months count = 11 × 6000 = 66000.
    result = double_wage(monthly_wage=6000, months_without_contract=18)
    assert result.figures["payable_months"] == 11
    assert result.amount == Decimal("66000.00")
    assert any("无固定期限" in note for note in result.notes)


def test_the_first_month_is_a_grace_period():
    assert double_wage(monthly_wage=6000, months_without_contract=1).amount == Decimal("0.00")


def test_double_wage_rejects_zero_months():
    with pytest.raises(CalculatorInputError, match="不能为零"):
        double_wage(monthly_wage=6000, months_without_contract=0)


# -- 诉讼费 (诉讼费用交纳办法第十三条) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "fee"),
    [
        (5_000, "50"),  # up to 10,000: a flat 50
        (10_000, "50"),
        (15_000, "175"),  # 50 + 5,000 × 2.5% = 50 + 125
        (100_000, "2300"),  # 50 + 90,000 × 2.5% = 50 + 2,250
        (200_000, "4300"),  # 2,300 + 100,000 × 2% = 2,300 + 2,000
        (500_000, "8800"),  # 4,300 + 300,000 × 1.5% = 4,300 + 4,500
        (1_000_000, "13800"),  # 8,800 + 500,000 × 1% = 8,800 + 5,000
        (2_000_000, "22800"),  # 13,800 + 1,000,000 × 0.9% = 13,800 + 9,000
        (5_000_000, "46800"),  # 22,800 + 3,000,000 × 0.8% = 22,800 + 24,000
        (10_000_000, "81800"),  # 46,800 + 5,000,000 × 0.7% = 46,800 + 35,000
        (20_000_000, "141800"),  # 81,800 + 10,000,000 × 0.6% = 81,800 + 60,000
        (30_000_000, "191800"),  # 141,800 + 10,000,000 × 0.5% = 141,800 + 50,000
        ("123456.78", "2769.14"),  # 2,300 + 23,456.78 × 2% = 2,300 + 469.1356 = 2,769.1356 -> 2,769.14
    ],
)
def test_property_case_fee_tiers(amount, fee):
    result = litigation_fee(case_type="property", amount=amount)
    assert result.amount == Decimal(fee)
    assert str(result.legal_basis[0]) == "《诉讼费用交纳办法》第十三条"


def test_fee_steps_show_each_band():
    result = litigation_fee(case_type="property", amount=150_000)
    assert result.steps[1:] == [
        "不超过1万元的部分：每件交纳50元",
        "超过1万元至10万元的部分：90,000元 × 2.5% = 2,250元",
        "超过10万元至20万元的部分：50,000元 × 2% = 1,000元",
        "案件受理费 = 3,300元",
    ]


def test_simple_procedure_halves_the_fee():
    # 200,000: 4,300 / 2 = 2,150 (第十六条).
    result = litigation_fee(case_type="property", amount=200_000, simple_procedure=True)
    assert result.amount == Decimal("2150.00")
    assert [b.article for b in result.legal_basis] == ["第十三条", "第十六条"]


def test_divorce_fee_is_a_range_plus_half_a_percent_over_200000():
    # 50–300, property 500,000: (500,000 − 200,000) × 0.5% = 1,500 -> 1,550–1,800.
    result = litigation_fee(case_type="divorce", amount=500_000)
    assert result.amount is None
    assert result.figures["fee_min"] == Decimal("1550.00")
    assert result.figures["fee_max"] == Decimal("1800.00")


def test_divorce_without_property_over_200000_pays_only_the_flat_fee():
    result = litigation_fee(case_type="divorce", amount=150_000)
    assert (result.figures["fee_min"], result.figures["fee_max"]) == (Decimal(50), Decimal(300))


def test_personality_right_fee_tiers():
    # 100–500 + (100,000 − 50,000) × 1% + (150,000 − 100,000) × 0.5% = +500 + 250 = 850–1,250.
    result = litigation_fee(case_type="personality", amount=150_000)
    assert (result.figures["fee_min"], result.figures["fee_max"]) == (Decimal("850.00"), Decimal("1250.00"))


@pytest.mark.parametrize(
    ("case_type", "fee"),
    [("labor", "10"), ("administrative", "50"), ("administrative_special", "100")],
)
def test_flat_fees(case_type, fee):
    assert litigation_fee(case_type=case_type).amount == Decimal(fee)


def test_ip_case_with_an_amount_is_a_property_case():
    assert litigation_fee(case_type="ip", amount=200_000).amount == Decimal("4300.00")
    no_amount = litigation_fee(case_type="ip")
    assert (no_amount.figures["fee_min"], no_amount.figures["fee_max"]) == (Decimal(500), Decimal(1000))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"case_type": "property", "amount": -100}, "不能为负数"),
        ({"case_type": "property"}, "须提供大于零"),
        ({"case_type": "property", "amount": 0}, "须提供大于零"),
        ({"case_type": "alimony", "amount": 100}, "不支持的案件类型"),
    ],
)
def test_invalid_fee_input(kwargs, message):
    with pytest.raises(CalculatorInputError, match=message):
        litigation_fee(**kwargs)


# -- 诉讼时效 (民法典第一百八十八条) ------------------------------------------------------------------------


def test_three_years_end_on_the_corresponding_day():
    # Known 2021-03-05: the day is not counted (第二百零一条), the period ends 2024-03-05 (第二百零二条).
    result = limitation_period(known_on=date(2021, 3, 5), today=date(2024, 1, 1))
    assert result.figures["expires_on"] == date(2024, 3, 5)
    assert result.figures["expired"] is False
    assert result.figures["days_left"] == 64  # Jan 31 + Feb 29 (2024) + Mar 4 = 64
    assert str(result.legal_basis[0]) == "《中华人民共和国民法典》第一百八十八条"


def test_the_day_after_the_last_day_it_has_expired():
    result = limitation_period(known_on=date(2021, 3, 5), today=date(2024, 3, 6))
    assert result.figures["expired"] is True
    assert any("已于 2024年3月5日 届满" in step for step in result.steps)


def test_february_29_without_a_counterpart_ends_on_the_last_day_of_february():
    result = limitation_period(known_on=date(2020, 2, 29), today=date(2021, 1, 1))
    assert result.figures["expires_on"] == date(2023, 2, 28)


def test_an_interruption_restarts_the_three_years():
    # 催款 on 2022-06-01 (第一百九十五条): new end 2025-06-01.
    result = limitation_period(known_on=date(2020, 1, 1), interrupted_on=date(2022, 6, 1), today=date(2024, 1, 1))
    assert result.figures["expires_on"] == date(2025, 6, 1)
    assert "第一百九十五条" in [b.article for b in result.legal_basis]


def test_the_twenty_year_limit_wins_when_it_ends_first():
    # Damaged 2004-01-10, learnt of it 2022-05-01: 3 years would end 2025-05-01, 20 years end 2024-01-10.
    result = limitation_period(known_on=date(2022, 5, 1), infringed_on=date(2004, 1, 10), today=date(2023, 6, 1))
    assert result.figures["three_year_end"] == date(2025, 5, 1)
    assert result.figures["expires_on"] == date(2024, 1, 10)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"known_on": date(2030, 1, 1)}, "不能晚于今天"),
        ({"known_on": date(2020, 1, 1), "infringed_on": date(2021, 1, 1)}, "不能晚于知道权利受损之日"),
        ({"known_on": date(2020, 1, 1), "interrupted_on": date(2019, 1, 1)}, "不能早于"),
        ({"known_on": "2020-01-01"}, "必须是日期"),
    ],
)
def test_invalid_dates(kwargs, message):
    with pytest.raises(CalculatorInputError, match=message):
        limitation_period(today=date(2025, 1, 1), **kwargs)


def test_results_serialise_to_json_friendly_dicts():
    data = economic_compensation(monthly_wage=8000, service_months=36).to_dict()
    assert data["amount"] == "24000.00"
    assert data["legal_basis"][0] == {
        "law": "中华人民共和国劳动合同法",
        "article": "第四十七条",
        "text": "《中华人民共和国劳动合同法》第四十七条",
    }
    dated = limitation_period(known_on=date(2021, 3, 5), today=date(2024, 1, 1)).to_dict()
    assert dated["figures"]["expires_on"] == "2024-03-05"
