"""Figures and deadlines computed from the client's own facts (docs/decisions/answers-compute-figures.md): relative
and festival dates, due dates implied by a promise, heirs of a spouse, the no-fault dismissal said in other words.
Each class on several wordings of its own, none a measuring set's question."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from legal.facts import extract_facts
from legal.normalise import festival_day, normalise
from legal.rules import calculate

TODAY = date(2026, 11, 27)


def facts(text: str) -> dict[str, object]:
    return {k: v.value for k, v in extract_facts(text, today=TODAY).items.items()}


def dated(text: str) -> list[tuple[date, str]]:
    return [(d.day, d.event) for d in extract_facts(text, today=TODAY).dates]


# -- festivals as days ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "year", "day"), [
    ("中秋", 2025, date(2025, 10, 6)), ("中秋节", 2024, date(2024, 9, 17)), ("端午节", 2025, date(2025, 5, 31)),
    ("国庆节", 2023, date(2023, 10, 1)), ("元宵", 2026, date(2026, 3, 3)), ("清明节", 2024, date(2024, 4, 4)),
    ("春节", 2025, date(2025, 1, 29)), ("七夕", 2024, date(2024, 8, 10)), ("开春", 2026, date(2026, 2, 4)),
])
def test_festival_days_by_year(name: str, year: int, day: date) -> None:
    assert festival_day(name, year) == day


@pytest.mark.parametrize(("text", "day", "event"), [
    ("前年中秋节我把八万块借给了小舅子", date(2024, 9, 17), "loan"),
    ("去年端午那会儿在工地上摔伤了腰", date(2025, 5, 31), "injury"),
    ("今年元宵节那天老板叫我别来了", date(2026, 3, 3), "termination"),
    ("去年国庆的时候跟他签的合同", date(2025, 10, 1), "contract"),
    ("今年过年那会儿借给表弟两万", date(2026, 2, 17), "loan"),
])
def test_a_festival_dates_the_event_beside_it(text: str, day: date, event: str) -> None:
    assert (day, event) in dated(text)


@pytest.mark.parametrize("text", ["国庆加班了3天，没给加班费", "春节加班5天", "国庆节三天都在上班",
                                  "国庆1号到7号都在值班"])
def test_holiday_overtime_stays_a_holiday(text: str) -> None:
    assert normalise(text, TODAY) == text


# -- due dates implied by the story ----------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "due"), [
    # a promised year's end is the year the loan was made in
    ("去年中秋借了他四万，讲好年底前还清", date(2025, 12, 31)),
    ("2024年5月借出去3万，约定年底还", date(2024, 12, 31)),
    # a promised festival is the first one after the loan
    ("前年国庆节借给老同学1万5，他说过完年就还", date(2025, 1, 29)),
    ("去年3月借给邻居两万，说好中秋前还", date(2025, 10, 6)),
    ("2025年6月1日借给他一万，约定端午节还", date(2026, 6, 19)),
    # a term promised in other words, counted from the loan's day
    ("前年中秋借给工友5000，他说一个月后还", date(2024, 10, 17)),
    ("去年端午节借出去6万，答应三个月内还", date(2025, 8, 31)),
    ("两年多前借给发小三万，说好一年后还", date(2025, 11, 27)),
])
def test_a_promised_due_day_is_read_from_the_loan(text: str, due: date) -> None:
    assert facts(text).get("due_date") == due
    assert (due, "due") in dated(text)


def test_a_year_end_nobody_promised_stays_this_years() -> None:
    assert "2026年12月31日" in normalise("公司说年底要裁员", TODAY)
    assert "2026年12月31日" in normalise("我2019年入职，说好年底转正", TODAY)  # no month: no story date


@pytest.mark.parametrize(("text", "expires"), [
    ("去年中秋借了他四万，讲好年底前还清，到现在一分没还，诉讼时效到什么时候", date(2028, 12, 31)),
    ("前年过年的时候借给堂哥六万，说好半年还，他一直拖着，最晚哪天起诉", date(2027, 8, 10)),
])
def test_the_limitation_runs_from_the_implied_due_day(text: str, expires: date) -> None:
    from legal.rules import deadline

    found = deadline("civil_limitation", start=facts(text)["due_date"], today=TODAY)  # type: ignore[arg-type]
    assert found.ends == expires


# -- heirs of a spouse -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "heirs"), [
    ("我老公去年走了，留下婚后买的房子，公婆都还在，我们有一个儿子，我能继承多少", 4),
    ("妻子上个月病故，留了存款，岳父已经去世，岳母还在，我们一儿一女，遗产怎么分", 4),
    ("丈夫车祸去世了，公婆早就不在了，两个女儿，留下的钱我能分多少", 3),
])
def test_a_widowed_clients_heirs(text: str, heirs: int) -> None:
    assert facts(text)["heirs"] == heirs


def test_the_survivor_takes_half_of_the_joint_property_first() -> None:
    text = ("我爸去世了，留下一套房子值240万，是他和我妈婚后买的，爷爷奶奶都不在了，家里就我和我弟弟，"
            "没有遗嘱，我能分多少")
    found = facts(text)
    assert found["heirs"] == 3 and found["joint_property"] is True
    assert calculate("inheritance_share", found).result.amount == Decimal(400000)


# -- a no-fault dismissal said in other words -----------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "干了三年半，月薪9000，公司说业务调整把我辞退了，没提前通知，能拿多少",
    "工作四年，工资一万，部门撤了就把我辞了，也没提前跟我说，补偿多少",
])
def test_n_plus_one_when_the_notice_was_not_given(text: str) -> None:
    found = facts(text)
    assert found.get("no_fault_ground") and found.get("no_notice")
    result = calculate("economic_compensation", found).result
    wage = found["monthly_wage"]
    assert result.amount == result.figures["compensation"] + wage  # type: ignore[operator]


def test_the_surviving_spouse_keeps_her_half_and_inherits_a_share() -> None:
    found = facts("我丈夫今年4月病故，留下存款120万，全是婚后攒的，他父母都健在，我们有个儿子，我能拿到多少")
    assert found["heirs"] == 4 and found["survivor_spouse"] is True
    result = calculate("inheritance_share", found).result
    assert result.amount == Decimal(150000)
    assert result.figures["survivor_total"] == Decimal(750000)
    assert "750,000" in result.steps[-1]


# -- months said as years and months ------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "months"), [
    ("在餐馆干了两年零三个月，一直没签合同，月工资5000", 12),
    ("干了一年又两个月，老板始终没签劳动合同，工资4000", 12),
    ("入职八个月了一直没签合同，月薪5500", 8),
])
def test_months_without_a_contract_are_the_whole_tenure(text: str, months: int) -> None:
    found = facts(text)
    assert found["unsigned_months"] == months
    wage = found["monthly_wage"]
    assert calculate("double_wage", found).result.amount == wage * min(months - 1, 11)  # type: ignore[operator]


# -- a term written on the IOU ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "due"), [
    ("大前年国庆借给他2万，借条上写的一个月内还", date(2023, 11, 1)),
    ("2024年3月1日借出5万，借条写明借期六个月", date(2024, 9, 1)),
])
def test_a_written_term_gives_the_due_day(text: str, due: date) -> None:
    assert facts(text).get("due_date") == due


# -- the side and the award decide the route ---------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "final"), [
    ("裁决我们公司支付补偿，不是终局裁决，公司不服", False),
    ("这个裁决并非终局裁决，单位想起诉", False),
    ("仲裁委一裁终局，裁决我们赔三万", True),
    ("裁决书上写着是终局裁决，公司不服", True),
])
def test_a_final_award_is_read_with_its_negation(text: str, final: bool) -> None:
    assert bool(facts(text).get("final_award")) is final


def test_hearing_it_from_someone_is_knowing() -> None:
    assert (date(2026, 10, 15), "knew") in dated("上个月15号听隔壁大姐说这房子出过事")


# -- overdue interest within the ceiling -------------------------------------------------------------------------------
def test_overdue_interest_at_an_agreed_rate_above_the_ceiling_is_capped() -> None:
    from legal.rules import lpr_on, overdue_interest

    result = overdue_interest(principal=Decimal(50000), due_date=date(2025, 12, 31), annual_rate=Decimal(24),
                              today=TODAY, loan_date=date(2025, 6, 1))
    cap = lpr_on(date(2025, 6, 1)) * 4
    assert result.figures["rate"] == cap
    days = (TODAY - date(2025, 12, 31)).days
    assert result.amount == (Decimal(50000) * cap / 100 * days / 365).quantize(Decimal("0.01"))


def test_overdue_interest_with_no_rate_agreed_runs_at_the_lpr_and_states_the_sum() -> None:
    found = facts("借给邻居6万，没说利息，说好今年4月底还，现在还没还，逾期利息能要多少")
    assert found["due_date"] == date(2026, 4, 30)
    calculation = calculate("overdue_interest", found)
    result = calculation.result
    days = result.figures["days"]
    assert result.figures["rate"] == Decimal("3.00")
    assert result.amount == (Decimal(60000) * Decimal("3.00") / 100 * days / 365).quantize(Decimal("0.01"))
    assert result.figures["total"] == Decimal(60000) + result.amount
    assert "LPR" in " ".join(result.steps) and "连同本金合计" in calculation.headline()


def test_a_parent_in_laws_estate_is_not_the_spouses() -> None:
    text = "丈夫去世八年了，一直是我照顾婆婆，今年婆婆也走了，留下三十万，婆婆有两个女儿，我能分多少"
    assert facts(text).get("survivor_spouse") is None


def test_a_date_before_a_message_sent_is_no_due_day() -> None:
    assert (date(2026, 10, 20), "due") not in dated("10月20号就给公司发了辞职信，公司一直不办变更")


# -- a total of the figures a part names ---------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "part", "total"), [
    ("入职八个月一直没签合同，月薪五千，上周公司把我辞退了", "经济补偿加二倍工资一共多少", Decimal(40000)),
    ("干了七个月，老板始终没签劳动合同，工资4000，昨天被开了", "二倍工资和经济补偿加起来能拿多少", Decimal(28000)),
])
def test_a_part_asking_a_total_adds_the_figures_it_names(text: str, part: str, total: Decimal) -> None:
    from legal.composer import summed_with

    found = extract_facts(text, today=TODAY)
    calculation = calculate("double_wage", found.values())
    said = summed_with(calculation, part, found)
    assert "经济补偿" in said and f"= {total:,} 元" in said


def test_one_figure_asked_is_no_total() -> None:
    from legal.composer import summed_with

    found = extract_facts("入职八个月一直没签合同，月薪五千，上周公司把我辞退了", today=TODAY)
    assert summed_with(calculate("double_wage", found.values()), "二倍工资能要多少", found) == ""
    # 赔偿金 replaces 经济补偿: never added to it
    assert "赔偿金" not in summed_with(calculate("economic_compensation", found.values()),
                                      "经济补偿和违法解除赔偿金一共多少", found)


@pytest.mark.parametrize("part", ["利息算到今天是多少", "拖了这么久的利息能要多少", "到现在为止的利息怎么算"])
def test_interest_up_to_today_is_the_overdue_interest(part: str) -> None:
    from legal.composer import calculators_for

    assert calculators_for(part, "debt")[0] == "overdue_interest"


# -- a debt with no fixed term: the grace a demand gave --------------------------------------------------------------
@pytest.mark.parametrize(("text", "end"), [
    ("借给他3万，他说等有钱了再还，去年12月1号我催过他一次，给他一个月时间", date(2026, 1, 1)),
    ("借钱时没说什么时候还，今年5月10日发律师函催款，限他十天内还清", date(2026, 5, 20)),
    ("没约定还款时间，上个月1号找他要过，宽限了他半个月", date(2026, 10, 16)),
])
def test_the_grace_a_demand_gave_ends_on_its_day(text: str, end: date) -> None:
    assert (end, "grace_end") in dated(text)


def test_no_grace_is_read_without_a_demand() -> None:
    assert not any(event == "grace_end" for _d, event in dated("借给他一万，给了他一个月时间考虑"))


@pytest.mark.parametrize("text", ["去年元旦借给同学5000块，今年春节他还了1000", "前年借的钱，今年3月5号对方还了两千"])
def test_a_part_repaid_on_a_day_acknowledges_the_debt(text: str) -> None:
    assert any(event == "acknowledge" for _d, event in dated(text))


@pytest.mark.parametrize("text", ["仲裁裁决公司付5万，不是终局裁决，我们是单位，11月13日收到的，起诉最晚哪天",
                                  "这份裁决并非终局裁决，我们公司不服"])
def test_an_award_said_not_final_is_sued_in_fifteen_days(text: str) -> None:
    from legal.rules import refine_rule

    found = facts(text)
    assert not found.get("final_award")
    assert refine_rule("award_revocation", found) == "labor_award_suit"
