"""A how-much answer states its figures in digits (legal.numerals.figures_in_digits; docs/decisions/
figures-and-deadlines.md, "Third round")."""

from __future__ import annotations

import pytest

from legal.numerals import figures_in_digits


@pytest.mark.parametrize(("said", "written"), [
    ("处三年以下有期徒刑、拘役或者管制", "处3年以下有期徒刑、拘役或者管制"),
    ("至迟不得超过四十八小时", "至迟不得超过48小时"),
    ("五百元以上五百万元以下的赔偿", "500元以上500万元以下的赔偿"),
    ("承担不超过百分之十的赔偿责任", "承担不超过10%的赔偿责任"),
    ("一般不超过十二个月，最长二十四个月", "一般不超过12个月，最长24个月"),
    ("自接到书面通知之日起三十日内未答复", "自接到书面通知之日起30日内未答复"),
    ("赔偿数额为两倍", "赔偿数额为2倍"),
])
def test_a_spelled_quantity_with_its_unit_is_written_in_digits(said: str, written: str) -> None:
    assert figures_in_digits(said) == written


@pytest.mark.parametrize("said", [
    "《中华人民共和国民法典》第一百九十六条", "一般一审判决", "一次性伤残补助金", "两个以上子女", "每周六加班",
    "春节初一到初七", "第一顺序继承人", "死亡伤残限额18万元", "医疗 1.8 万元", "赔了2万元", "3千元",
])
def test_ordinals_and_words_holding_a_numeral_stay_as_they_are(said: str) -> None:
    assert figures_in_digits(said) == said
