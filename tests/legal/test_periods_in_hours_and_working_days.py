"""Periods counted in working days or hours, and periods that run from the client's own step still to take
(docs/decisions/figures-and-deadlines.md, "Third round")."""

from __future__ import annotations

from datetime import date

import pytest

from legal import events
from legal.composer import deadline_for
from legal.facts import extract_facts
from legal.rules import DEADLINES, add_working_days, deadline

TODAY = date(2026, 11, 27)  # a Friday


@pytest.mark.parametrize(("start", "count", "last"), [
    (date(2026, 11, 27), 20, date(2026, 12, 25)),  # from a Friday: four whole weeks of working days
    (date(2026, 11, 28), 1, date(2026, 11, 30)),   # from a Saturday: Monday is the first working day
    (date(2026, 12, 2), 3, date(2026, 12, 7)),     # Wednesday + 3 working days skips the weekend
])
def test_working_days_skip_saturdays_and_sundays(start: date, count: int, last: date) -> None:
    assert add_working_days(start, count) == last


def test_an_information_disclosure_reply_is_due_twenty_working_days_after_the_application() -> None:
    found = deadline("info_disclosure_reply", start=date(2026, 11, 2), today=TODAY)
    assert found is not None and found.ends == date(2026, 11, 30)
    assert "2026年11月30日" in found.text() and "二十个工作日" in found.text()


@pytest.mark.parametrize(("rule", "days"), [("protection_order_decision", 3), ("lawyer_meeting", 2)])
def test_a_period_in_hours_ends_on_the_day_its_hours_run_out(rule: str, days: int) -> None:
    found = deadline(rule, start=date(2026, 12, 3), today=TODAY)
    assert found is not None and (found.ends - date(2026, 12, 3)).days == days
    assert found.extended is None  # hours run through a weekend


def test_a_period_from_the_clients_own_application_counts_from_today_when_no_date_is_given() -> None:
    found = deadline("protection_order_decision", today=TODAY)
    assert found is not None and found.from_today and found.ends == date(2026, 11, 30)
    assert "按今天" in found.text() and "2026年11月30日" in found.text()
    # a period that runs from what another does (a dismissal) is never counted from today
    assert deadline("labor_arbitration", today=TODAY).ends is None


@pytest.mark.parametrize("text", [
    "11月20日向市政府提交了信息公开申请，到现在还没回音，最晚什么时候要答复我",
    "我11月20号递交了政府信息公开的申请书，他们多久必须答复",
])
def test_the_day_an_application_was_handed_in_starts_the_offices_period(text: str) -> None:
    dates = extract_facts(text, today=TODAY).dates
    begins = events.start_of(dates, "info_disclosure_reply", "", TODAY)
    assert begins is not None and begins.day == date(2026, 11, 20)


@pytest.mark.parametrize("text", [
    "被家暴了想申请人身安全保护令，法院几天能批下来",
    "保护令申请交上去多久能有结果",
    "多长时间能拿到保护令",
])
def test_the_words_for_a_protection_order_name_its_period(text: str) -> None:
    assert deadline_for(text, "marriage_family") == "protection_order_decision"


def test_every_rule_with_a_period_in_hours_or_working_days_has_a_start_event() -> None:
    for name, rule in DEADLINES.items():
        if rule.hours or rule.working_days:
            assert events.accepted(name), name


@pytest.mark.parametrize(("text", "event"), [
    ("11月2号去民政局申请协议离婚了，冷静期到哪天", "divorce"),
    ("2026年1月5日我交了辞职信", "resign"),
    ("11月20号申请了劳动仲裁", "applied"),
])
def test_an_application_labels_a_date_only_when_no_other_event_is_named(text: str, event: str) -> None:
    assert [d.event for d in extract_facts(text, today=TODAY).dates] == [event]


def test_the_period_of_a_how_long_part_keeps_its_statutory_words_beside_the_digits() -> None:
    from legal.cardfile import shipped_cards
    from legal.composer import compose
    from legal.matcher import CardScore, PartMatch

    cards = {c.slug: c for c in shipped_cards()}
    text = "被家暴了想申请保护令，法院多久能给结果"
    match = PartMatch(text, [CardScore(cards["family.protection-order"], 1.0, 0.95, {"bigrams": 1.0})], True)
    said = compose(text, [match], today=TODAY).parts[0].text
    assert "72小时" in said and "期限为七十二小时" in said and "2026年11月30日" in said
