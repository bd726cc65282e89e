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
