"""The rates the law fixes live in one table (legal/rates.py) that the calculators read: a rate changed there
changes every figure that uses it, and each carries its deciding article."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from legal import rates
from legal.calculators import economic_compensation, unlawful_termination_damages
from legal.rules import (
    annual_leave_pay,
    child_support,
    deposit_return,
    overtime_pay,
    penalty_excess,
    tenfold_damages,
    treble_damages,
)


def test_every_rate_names_its_article() -> None:
    for key, found in rates.RATES.items():
        assert found.key == key and found.law and found.article > 0 and found.value > 0 and found.what


@pytest.mark.parametrize(("price", "expected"), [(Decimal(100), Decimal(500)), (Decimal(1000), Decimal(3000))])
def test_fraud_is_three_times_with_a_floor_of_five_hundred(price: Decimal, expected: Decimal) -> None:
    assert treble_damages(purchase_price=price).amount == expected


@pytest.mark.parametrize(("price", "expected"), [(Decimal(50), Decimal(1000)), (Decimal(300), Decimal(3000))])
def test_food_is_ten_times_with_a_floor_of_a_thousand(price: Decimal, expected: Decimal) -> None:
    assert tenfold_damages(purchase_price=price).amount == expected


def test_the_calculators_follow_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    table = dict(rates.RATES)
    changed = {"fraud_treble": Decimal(4), "food_tenfold": Decimal(12), "overtime_restday": Decimal(3),
               "leave_extra": Decimal(3), "deposit_cap": Decimal("0.1"), "penalty_line": Decimal("1.5"),
               "child_support_low": Decimal("0.1"), "unlawful_termination": Decimal(3),
               "compensation_wage_cap": Decimal(2)}
    for key, value in changed.items():
        table[key] = replace(table[key], value=value)
    monkeypatch.setattr(rates, "RATES", table)
    assert treble_damages(purchase_price=Decimal(1000)).amount == Decimal(4000)
    assert tenfold_damages(purchase_price=Decimal(1000)).amount == Decimal(12000)
    assert overtime_pay(monthly_wage=Decimal("2175"), overtime_days_restday=Decimal(1)).amount == Decimal(300)
    assert annual_leave_pay(monthly_wage=Decimal("2175"), untaken_leave_days=Decimal(2)).amount == Decimal(600)
    # 10 % of 100,000 counts as the deposit: 20,000 back for it, the other 10,000 once
    assert deposit_return(deposit_amount=Decimal(20000), contract_price=Decimal(100000)).amount == Decimal(30000)
    assert penalty_excess(loss_amount=Decimal(10000)).amount == Decimal(15000)
    assert child_support(payer_income=Decimal(10000)).figures["low"] == Decimal(1000)
    assert unlawful_termination_damages(monthly_wage=Decimal(8000), service_months=24).amount == Decimal(48000)
    capped = economic_compensation(monthly_wage=Decimal(30000), service_months=24,
                                   local_average_monthly_wage=Decimal(10000))
    assert capped.amount == Decimal(40000)


def test_the_shipped_rates_give_the_statutory_figures() -> None:
    assert overtime_pay(monthly_wage=Decimal("2175"), overtime_hours_workday=Decimal(8)).amount == Decimal(150)
    assert deposit_return(deposit_amount=Decimal(30000), contract_price=Decimal(100000)).amount == Decimal(50000)
    assert unlawful_termination_damages(monthly_wage=Decimal(8000), service_months=24).amount == Decimal(32000)
