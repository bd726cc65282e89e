"""The answers bench scores a deadline by its meaning, not its spelling (bench/answers.py)."""

from __future__ import annotations

import pytest

from bench.answers import deadline_right


@pytest.mark.parametrize(("gold", "text", "right"), [
    ("2026-12-27", "最晚应于2026年12月27日前申请仲裁。", True),
    ("2026-12-27", "最晚应于2026-12-27前申请仲裁。", True),
    ("2026-12-27", "最晚应于2026年12月28日前申请仲裁。", False),
    ("2026-12-27", "应当在三十日内申请仲裁。", False),
    ("三十日内（至2026年12月27日）", "自收到之日起30日内，即2026年12月27日前。", True),
    ("三十日内（至2026年12月27日）", "自收到之日起15日内，即2026年12月27日前。", False),
    ("一年，已届满", "时效一年，已经届满。", True),
])
def test_a_deadline_is_the_same_day_and_period_however_written(gold, text, right):
    assert deadline_right(gold, text) is right


@pytest.mark.parametrize(("gold", "text", "right"), [
    (2000, "每月约 2,000 元。", True),
    (2000, "每月约 2,100 元。", False),
    ("2400-3600", "一般为每月 2400 元至 3600 元。", True),
    ("2400-3600", "一般为每月 2400 元。", False),
    ("3-10", "处三年以上十年以下有期徒刑，即 3 至 10 年。", True),
])
def test_a_gold_figure_or_range_is_met_by_the_numbers_of_the_answer(gold, text, right):
    from bench.answers import figure_right

    assert figure_right(gold, text) is right


@pytest.mark.parametrize(("gold", "text", "right"), [
    ("四十八小时", "律师提出会见后，看守所应当在48小时内安排。", True),
    ("四十八小时", "律师提出会见后，看守所应当在四十八个小时以内安排。", True),
    ("四十八小时", "看守所应当在二十四小时内安排。", False),
    ("七十二小时，至2026年11月30日", "法院应在七十二小时内作出，即2026年11月30日前。", True),
    ("七十二小时，至2026年11月30日", "法院应在72小时内作出，即2026年12月1日前。", False),
])
def test_a_period_in_hours_is_read_as_hours(gold, text, right):
    assert deadline_right(gold, text) is right


@pytest.mark.parametrize(("gold", "text", "right"), [
    (0.125, "您、姐姐和奶奶各得房屋的1/8。", True),
    (0.125, "您、姐姐和奶奶各得八分之一。", True),
    (0.125, "您、姐姐和奶奶各得12.5%。", True),
    (0.125, "您、姐姐和奶奶各得四分之一。", False),
    (0.1, "机动车一方最多承担一成（不超过10%）。", True),
    (0.1, "机动车一方最多承担二成。", False),
    (2000, "按收入的20%计算。", False),
])
def test_a_share_below_one_is_met_by_its_percentage_or_fraction(gold, text, right):
    from bench.answers import figure_right

    assert figure_right(gold, text) is right
