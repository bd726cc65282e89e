"""A law's status on a date, computed from its versions' dates - never trusted from the stored label.

One rule (docs/decisions/laws-in-force-on-a-date.md), used by every selector that looks up "the current
article" (law resolution, article look-up, search scope, citation verification, cards, playbook):

* a version starts on its effective date (施行日期); when the stored effective date is older than the
  version's own date (the original enactment's date carried over to a revision), on the version date;
* a version whose start is after the day is **已公布，尚未施行** (pending) and is never the current version;
* a version labelled 已废止 is repealed (the corpora give no repeal date: repealed as of the source);
* a version a later version (of the same name) has replaced by the day is **已被修订** (superseded);
* otherwise it is **现行有效** (in force). The current version of a law is its latest version in force;
  a law may have none (only a text not yet in force, or only repealed texts).

Pure functions over plain values: no database, so the rule is tested without one and reused by the import
report, the corpus cache and the verifier alike.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from django.utils import timezone

#: Computed statuses (Chinese: shown to people as they are).
IN_FORCE = "现行有效"
PENDING = "已公布，尚未施行"
SUPERSEDED = "已被修订"
REPEALED = "已废止"
TIME_STATUSES = (IN_FORCE, PENDING, SUPERSEDED, REPEALED)

_REPEALED_LABEL = "已废止"
T = TypeVar("T")


class Dated(Protocol):
    """What the rule reads of a version (a ``Law`` row or a :class:`VersionDates`)."""

    pk: int | None
    status: str
    publish_date: dt.date | None
    effective_date: dt.date | None
    version_date: dt.date | None


@dataclass(frozen=True)
class VersionDates:
    pk: int | None
    status: str
    publish_date: dt.date | None = None
    effective_date: dt.date | None = None
    version_date: dt.date | None = None


def today() -> dt.date:
    """The day statuses are computed for (the server's local date)."""
    return timezone.localdate()


def version_start(version: Dated) -> dt.date | None:
    """The day the version's text takes effect (None: unknown, taken as long in force)."""
    effective = version.effective_date
    own = version.version_date or version.publish_date
    if effective and own and effective < own:
        return own  # a revision stored with the original enactment's 施行日期
    return effective or own


def _order(version: Dated) -> tuple[dt.date, dt.date, int]:
    return (version_start(version) or dt.date.min, version.version_date or version.publish_date or dt.date.min,
            version.pk or 0)


def status_on(version: Dated, versions: Iterable[Dated], day: dt.date) -> str:
    """The status of ``version`` on ``day`` among all stored ``versions`` of its law (it may be among them)."""
    start = version_start(version)
    if start and start > day:
        return PENDING
    if version.status == _REPEALED_LABEL:
        return REPEALED
    mine = _order(version)
    for other in versions:
        if other is version or (other.pk is not None and other.pk == version.pk):
            continue
        other_start = version_start(other)
        if (other_start is None or other_start <= day) and _order(other) > mine:
            return SUPERSEDED
    return IN_FORCE


def statuses_on(versions: Sequence[Dated], day: dt.date) -> list[str]:
    return [status_on(v, versions, day) for v in versions]


def current_version(versions: Sequence[Dated], day: dt.date) -> Dated | None:
    """The latest version in force on ``day``, or None when no version is."""
    in_force = [v for v in versions if status_on(v, versions, day) == IN_FORCE]
    return max(in_force, key=_order, default=None)


def default_version(versions: Sequence[Dated], day: dt.date) -> Dated | None:
    """The version a name resolves to when no version is asked for: the current one; without one, the next
    text to take effect; without that, the latest stored (repealed) text - shown with its status."""
    current = current_version(versions, day)
    if current is not None:
        return current
    pending = [v for v in versions if (s := version_start(v)) is not None and s > day]
    if pending:
        return min(pending, key=_order)
    return max(versions, key=_order, default=None)


def shown_status(label: str, status: str) -> str:
    """The status to show: the stored label where it agrees with the computed status (历史版本, 已被修改 kept),
    else the computed one (a 现行有效 label on a text taking effect next year shows 已公布，尚未施行)."""
    agrees = {IN_FORCE: ("现行有效", "已被修改"), SUPERSEDED: ("历史版本", "已被修改"), REPEALED: ("已废止",)}
    return label if label in agrees.get(status, ()) else status


def date_cn(day: dt.date) -> str:
    return f"{day.year}年{day.month}月{day.day}日"


def status_note(status: str, start: dt.date | None) -> str:
    """How a citation of a text not in force is marked: （2027年1月1日起施行） / （已废止） / （已被修订）."""
    if status == PENDING:
        return f"（{date_cn(start)}起施行）" if start else "（尚未施行）"
    if status in (REPEALED, SUPERSEDED):
        return f"（{status}）"
    return ""


# -- citations that name the version they cite (docs/decisions/laws-in-force-on-a-date.md, "Versioned citations")


def cited_version(versions: Sequence[Dated], cited: dt.date) -> Dated | None:
    """The version a citation names by a date: the text in force on that date (``2019-11-01`` names 商标法 2019,
    ``2027-01-01`` the 2026 text), by the same rule as every other status."""
    return current_version(versions, cited)


def edition_on(versions: Sequence[Dated], editions: Sequence[tuple[dt.date, T]], day: dt.date) -> T | None:
    """Of a citation's ``editions`` ((the date naming a version, what it cites there), ...), what it cites in
    the version in force on ``day``; None when no edition names that version (or none is in force): the
    citation abstains rather than read an article number of one text against another."""
    current = current_version(versions, day)
    if current is None:
        return None
    for cited, value in editions:
        named = cited_version(versions, cited)
        if named is not None and (named is current or (named.pk is not None and named.pk == current.pk)):
            return value
    return None


def effective_dates(versions: Sequence[Dated], after: dt.date) -> list[dt.date]:
    """The days after ``after`` on which a stored version of the law takes effect (a pending text's start)."""
    return sorted({s for v in versions if (s := version_start(v)) is not None and s > after})
