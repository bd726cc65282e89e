"""A citation naming its versions resolves to the article of the version in force on a day given to it, never
today's date (knowledge/selectors/versions.py ``cited_version`` / ``edition_on``)."""

from __future__ import annotations

import datetime as dt

from knowledge.selectors.versions import VersionDates, cited_version, edition_on, effective_dates

OLD = VersionDates(1, "历史版本", publish_date=dt.date(2019, 4, 23), effective_date=dt.date(1983, 3, 1),
                   version_date=dt.date(2019, 4, 23))
NEW = VersionDates(2, "现行有效", publish_date=dt.date(2026, 6, 26), effective_date=dt.date(2027, 1, 1),
                   version_date=dt.date(2026, 6, 26))
ONLY_NEW = (VersionDates(3, "现行有效", publish_date=dt.date(2026, 8, 28), effective_date=dt.date(2027, 1, 1),
                         version_date=dt.date(2026, 8, 28)),)
BOTH = (NEW, OLD)
EDITIONS = ((dt.date(2019, 11, 1), 57), (dt.date(2027, 1, 1), 72))


def test_a_date_names_the_text_in_force_that_day():
    assert cited_version(BOTH, dt.date(2019, 11, 1)) is OLD
    assert cited_version(BOTH, dt.date(2027, 1, 1)) is NEW
    assert cited_version(BOTH, dt.date(2030, 5, 1)) is NEW
    assert cited_version(BOTH, dt.date(2010, 1, 1)) is None  # no text yet in force then


def test_the_edition_of_the_text_in_force_on_the_day_is_chosen_on_both_sides_of_the_new_text():
    assert edition_on(BOTH, EDITIONS, dt.date(2026, 12, 31)) == 57
    assert edition_on(BOTH, EDITIONS, dt.date(2027, 1, 1)) == 72
    # the order the editions are written in does not matter
    assert edition_on(BOTH, tuple(reversed(EDITIONS)), dt.date(2026, 12, 31)) == 57


def test_a_citation_naming_only_the_old_text_abstains_once_the_new_one_is_in_force():
    old_only = EDITIONS[:1]
    assert edition_on(BOTH, old_only, dt.date(2026, 11, 28)) == 57
    assert edition_on(BOTH, old_only, dt.date(2027, 1, 1)) is None
    # a new law without an earlier text: nothing is in force before its day
    assert edition_on(ONLY_NEW, ((dt.date(2027, 1, 1), 5),), dt.date(2026, 11, 28)) is None
    assert edition_on(ONLY_NEW, ((dt.date(2027, 1, 1), 5),), dt.date(2027, 1, 1)) == 5


def test_the_days_a_pending_text_takes_effect_are_listed_for_the_audit():
    assert effective_dates(BOTH, dt.date(2026, 11, 28)) == [dt.date(2027, 1, 1)]
    assert effective_dates(BOTH, dt.date(2027, 1, 1)) == []
