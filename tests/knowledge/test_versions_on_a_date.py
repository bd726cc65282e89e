"""A law's status on a date is computed from its versions' dates (knowledge.selectors.versions), never
trusted from the stored label: docs/decisions/laws-in-force-on-a-date.md. Plain values, no database."""

from __future__ import annotations

import datetime as dt

import pytest

from knowledge.selectors.versions import (
    IN_FORCE,
    PENDING,
    REPEALED,
    SUPERSEDED,
    VersionDates,
    current_version,
    default_version,
    shown_status,
    status_note,
    status_on,
    version_start,
)

DAY = dt.date(2026, 11, 28)


def v(pk: int, status: str = "现行有效", *, published: str | None = None, effective: str | None = None,
      version: str | None = None) -> VersionDates:
    parse = lambda text: dt.date.fromisoformat(text) if text else None  # noqa: E731
    return VersionDates(pk, status, parse(published), parse(effective), parse(version or published))


# A revision published this year and taking effect next year, labelled 现行有效 by its source, and the
# revision before it labelled 历史版本 and stored with the original enactment's 施行日期 (as 商标法 is).
OLD = v(1, "历史版本", published="2019-04-23", effective="1983-03-01")
NEW = v(2, "现行有效", published="2026-06-26", effective="2027-01-01")


def test_a_version_taking_effect_after_the_day_is_pending_whatever_its_label():
    assert status_on(NEW, [OLD, NEW], DAY) == PENDING
    assert status_on(NEW, [OLD, NEW], dt.date(2026, 12, 31)) == PENDING
    assert status_on(NEW, [OLD, NEW], dt.date(2027, 1, 1)) == IN_FORCE


def test_the_older_version_applies_until_its_successor_takes_effect():
    assert status_on(OLD, [OLD, NEW], DAY) == IN_FORCE
    assert status_on(OLD, [OLD, NEW], dt.date(2027, 1, 1)) == SUPERSEDED
    # before its own revision date the 2019 text was not yet the law (its stored 施行日期 is the 1983 one)
    assert version_start(OLD) == dt.date(2019, 4, 23)
    assert status_on(OLD, [OLD, NEW], dt.date(2019, 1, 1)) == PENDING


@pytest.mark.parametrize(("day", "expected"), [
    (dt.date(2026, 11, 28), 1), (dt.date(2027, 1, 1), 2), (dt.date(2030, 5, 5), 2)])
def test_the_current_version_is_the_latest_in_force_on_the_day(day, expected):
    assert current_version([NEW, OLD], day).pk == expected
    assert default_version([OLD, NEW], day).pk == expected


def test_a_repealed_text_is_never_current_and_a_past_text_without_successor_is():
    repealed = v(3, "已废止", published="2014-04-24", effective="2015-01-01")
    assert status_on(repealed, [repealed], DAY) == REPEALED
    assert current_version([repealed], DAY) is None
    assert default_version([repealed], DAY).pk == 3  # shown, with its status, never as the basis
    past = v(4, "现行有效", published="2007-06-29", effective="2008-01-01")
    assert status_on(past, [past], DAY) == IN_FORCE
    assert current_version([past], DAY).pk == 4
    undated = v(5, "现行有效")
    assert status_on(undated, [undated], DAY) == IN_FORCE


def test_a_law_whose_only_text_is_pending_has_no_current_version():
    only = v(6, "现行有效", published="2026-08-28", effective="2027-01-01")
    assert current_version([only], DAY) is None
    assert default_version([only], DAY).pk == 6
    assert status_note(status_on(only, [only], DAY), version_start(only)) == "（2027年1月1日起施行）"


def test_a_repealed_successor_ends_the_older_versions_too():
    older = v(7, "历史版本", published="2010-01-01", effective="2010-06-01")
    newest = v(8, "已废止", published="2018-01-01", effective="2018-06-01")
    assert [status_on(x, [older, newest], DAY) for x in (older, newest)] == [SUPERSEDED, REPEALED]
    assert current_version([older, newest], DAY) is None


def test_notes_and_shown_status():
    assert status_note(REPEALED, None) == "（已废止）"
    assert status_note(IN_FORCE, None) == ""
    assert status_note(PENDING, None) == "（尚未施行）"
    assert shown_status("历史版本", IN_FORCE) == IN_FORCE  # 商标法 2019 today
    assert shown_status("现行有效", PENDING) == PENDING  # 商标法 2026 today
    assert shown_status("已被修改", IN_FORCE) == "已被修改"  # 刑法 2020 text: the label's warning is kept
    assert shown_status("历史版本", SUPERSEDED) == "历史版本"
