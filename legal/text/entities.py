"""Entities of a consultation message: persons, organisations, amounts, dates, durations, locations.

``extract_entities(text)`` is regex-based and fast (it runs inside layer-1 intent on every
message). Amounts are normalised to yuan (3万元 → 30000, 八千块 → 8000, 2万4 → 24000, 1.2万 →
12000, 月薪8000 → 8000 tagged ``monthly_wage``); durations to months or days (入职10个月 → 10
months tagged ``service``, 干了6年半 → 78 months); relative dates (去年5月, 上个月) are resolved
against ``today``. ``merge(state, new)`` folds one turn's entities into the session's state
memory; ``Entities.to_dict``/``from_dict`` make it JSON-storable. The lexicons (surnames, kinship
words, places, organisation suffixes, the words around amounts and durations) are data,
``legal/text/vocab/entities.toml`` (docs/vocabularies.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any
from zoneinfo import ZoneInfo

from knowledge.numerals import cn_to_int, mask_numeral_runs, to_halfwidth_digits
from legal.text.vocabulary import entity_lexicon

# -- value types -----------------------------------------------------------------------------------

#: Relative dates (去年, 上个月) are resolved against the date in China.
CHINA_TZ = ZoneInfo("Asia/Shanghai")
AMOUNT_KINDS = ("amount", "monthly_wage", "daily_wage", "annual_salary")
DURATION_KINDS = ("period", "service")


@dataclass(frozen=True)
class Amount:
    """A sum of money in yuan. ``kind``: amount | monthly_wage | daily_wage | annual_salary."""

    text: str
    value: Decimal
    kind: str = "amount"

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "value": _number(self.value), "kind": self.kind}


@dataclass(frozen=True)
class DateMention:
    """A calendar date, possibly partial (2024年 → year only); ``relative`` for 去年5月, 上个月 …"""

    text: str
    year: int | None = None
    month: int | None = None
    day: int | None = None
    relative: bool = False

    @property
    def iso(self) -> str:
        """2024-03-05, 2024-03, 2024, or --03-05 when the year is unknown."""
        if self.year is None:
            return "--" + "-".join(f"{part:02d}" for part in (self.month, self.day) if part is not None)
        parts = [f"{self.year:04d}"] + [f"{part:02d}" for part in (self.month, self.day) if part is not None]
        return "-".join(parts)

    def as_date(self) -> date | None:
        """The date when year, month and day are all known (and valid), else None."""
        if self.year is None or self.month is None or self.day is None:
            return None
        try:
            return date(self.year, self.month, self.day)
        except ValueError:
            return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "year": self.year,
            "month": self.month,
            "day": self.day,
            "relative": self.relative,
            "iso": self.iso,
        }


@dataclass(frozen=True)
class Duration:
    """A length of time: ``months`` for year/month units (6年半 → 78), ``days`` for day/week units.

    ``kind`` is ``service`` for length of employment (入职10个月, 干了3年), else ``period``;
    ``approximate`` for 两年多, 三个多月.
    """

    text: str
    months: Decimal | None = None
    days: int | None = None
    kind: str = "period"
    approximate: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "months": None if self.months is None else _number(self.months),
            "days": self.days,
            "kind": self.kind,
            "approximate": self.approximate,
        }


@dataclass
class Entities:
    persons: list[str] = field(default_factory=list)
    organizations: list[str] = field(default_factory=list)
    amounts: list[Amount] = field(default_factory=list)
    dates: list[DateMention] = field(default_factory=list)
    durations: list[Duration] = field(default_factory=list)
    locations: list[str] = field(default_factory=list)

    def is_empty(self) -> bool:
        return not (
            self.persons or self.organizations or self.amounts or self.dates or self.durations or self.locations
        )

    def count(self) -> int:
        return (
            len(self.persons)
            + len(self.organizations)
            + len(self.amounts)
            + len(self.dates)
            + len(self.durations)
            + len(self.locations)
        )

    def monthly_wage(self) -> Decimal | None:
        """The most recent monthly wage mentioned (月薪8000, 工资5500)."""
        for amount in reversed(self.amounts):
            if amount.kind == "monthly_wage":
                return amount.value
        return None

    def service_months(self) -> Decimal | None:
        """The most recent length of employment in months (入职10个月, 干了6年半)."""
        for duration in reversed(self.durations):
            if duration.kind == "service" and duration.months is not None:
                return duration.months
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "persons": list(self.persons),
            "organizations": list(self.organizations),
            "amounts": [amount.to_dict() for amount in self.amounts],
            "dates": [mention.to_dict() for mention in self.dates],
            "durations": [duration.to_dict() for duration in self.durations],
            "locations": list(self.locations),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Entities:
        """Inverse of :meth:`to_dict`; unknown keys are ignored, so older stored states still load."""
        data = data or {}
        return cls(
            persons=[str(p) for p in data.get("persons", [])],
            organizations=[str(o) for o in data.get("organizations", [])],
            amounts=[
                Amount(text=str(a["text"]), value=Decimal(str(a["value"])), kind=str(a.get("kind", "amount")))
                for a in data.get("amounts", [])
            ],
            dates=[
                DateMention(
                    text=str(d["text"]),
                    year=d.get("year"),
                    month=d.get("month"),
                    day=d.get("day"),
                    relative=bool(d.get("relative", False)),
                )
                for d in data.get("dates", [])
            ],
            durations=[
                Duration(
                    text=str(d["text"]),
                    months=None if d.get("months") is None else Decimal(str(d["months"])),
                    days=d.get("days"),
                    kind=str(d.get("kind", "period")),
                    approximate=bool(d.get("approximate", False)),
                )
                for d in data.get("durations", [])
            ],
            locations=[str(loc) for loc in data.get("locations", [])],
        )


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


# -- lexicons (legal/text/vocab/entities.toml) ----------------------------------------------------------

_LEXICON = entity_lexicon()
#: Every character is a surname; compound surnames (欧阳) are matched first.
_SINGLE_SURNAMES = "".join(_LEXICON.persons.surnames)
_COMPOUND_SURNAMES = tuple(_LEXICON.persons.compound_surnames)
_RELATIONS = list(_LEXICON.persons.relations)
_PERSON_TITLES = list(_LEXICON.persons.titles)
_PERSON_STOP = set(_LEXICON.persons.not_persons)

_PROVINCES = list(_LEXICON.locations.provinces)
_CITIES = list(_LEXICON.locations.cities)
_DISTRICTS = list(_LEXICON.locations.districts)
_FOREIGN = list(_LEXICON.locations.foreign)

_ORG_SUFFIXES = sorted(_LEXICON.organizations.suffixes, key=len, reverse=True)
_ORG_STOP_WORDS = sorted(_LEXICON.organizations.stop_words, key=len, reverse=True)
_ORG_STOP_CHARS = set(_LEXICON.organizations.stop_chars)
_ORG_GENERIC_PREFIXES = set(_LEXICON.organizations.generic_prefixes)

_SERVICE_CUES = tuple(_LEXICON.durations.service_words)
_DURATION_FOLLOW_BLOCK = tuple(_LEXICON.durations.not_duration_after)
_MONEY_KEYWORDS = list(_LEXICON.amounts.money_words)
_KIND_KEYWORDS = tuple((kind, tuple(words)) for kind, words in _LEXICON.amounts.wage_kinds.items())
_AMOUNT_FOLLOW_BLOCK = tuple(_LEXICON.amounts.not_money_after)

# -- regex building blocks -------------------------------------------------------------------------

_CN = "零〇一二两三四五六七八九十百千"
_NUM = rf"(?:\d+(?:\.\d+)?|[{_CN}]+)"
_CN_MONEY = rf"[{_CN}万亿]+"

_DATE_ABSOLUTE = re.compile(
    rf"(?P<y>\d{{4}}|[{_CN}]{{4}})\s*年\s*(?:(?P<m>\d{{1,2}}|[{_CN}]{{1,3}})\s*月\s*(?:(?P<d>\d{{1,2}}|[{_CN}]{{1,3}})\s*[日号])?)?"
    rf"|(?P<y2>\d{{4}})[-./](?P<m2>\d{{1,2}})(?:[-./](?P<d2>\d{{1,2}}))?"
    rf"|(?P<m3>\d{{1,2}}|[{_CN}]{{1,3}})\s*月\s*(?P<d3>\d{{1,2}}|[{_CN}]{{1,3}})\s*[日号]"
)
_DATE_RELATIVE_YEAR = re.compile(
    rf"(?P<rel>今年|去年|前年|明年|大前年)(?:(?P<m>\d{{1,2}}|[{_CN}]{{1,3}})\s*月(?:份)?(?:(?P<d>\d{{1,2}}|[{_CN}]{{1,3}})\s*[日号])?"
    rf"|(?P<part>初|底|年初|年底|年末|上半年|下半年))?"
)
_DATE_RELATIVE_MONTH = re.compile(r"(?P<rel>上上个月|上个月|上月|这个月|本月|下个月|下月)(?:(?P<d>\d{1,2})\s*[日号])?")
_DATE_RELATIVE_DAY = re.compile(r"大前天|前天|昨天|今天|明天|后天|上周|上星期|上礼拜|这周|本周|下周")
_DATE_AGO = re.compile(rf"(?P<n>{_NUM}|半)\s*(?P<unit>年|个月|个星期|周|天)(?:多)?(?:以)?前")

_DURATION = re.compile(
    rf"(?P<n>{_NUM})\s*(?P<unit>年|个月|个星期|星期|周|天)(?P<more>多)?(?P<half>半)?"
    rf"(?:\s*(?:零|又)?\s*(?P<n2>{_NUM})\s*个\s*(?P<more2>多)?月)?"
    rf"|(?P<halfonly>半年|半个月)"
)

_AMOUNT_ARABIC = re.compile(
    r"(?P<cur>[¥￥]|rmb|人民币)?\s*(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*"
    r"(?:(?P<big>万|w|亿)(?P<tail>\d{1,4}(?![\d.年个天月日岁%％号周人件次]))?(?P<tailk>千)?|(?P<k>千|k))?\s*"
    r"(?P<unit>元|块钱|块|圆|rmb)?"
)
_AMOUNT_CHINESE = re.compile(rf"(?P<n>{_CN_MONEY})\s*(?P<unit>元|块钱|块|圆)?")


def _alternatives(words: Iterable[str]) -> str:
    """A regex alternation matching any of ``words`` literally."""
    return "|".join(re.escape(word) for word in words)


_PERSON_NAMED = re.compile(
    "(?:" + "".join(re.escape(name) + "|" for name in _COMPOUND_SURNAMES) + "[" + _SINGLE_SURNAMES + "])"
    "(?:" + _alternatives(_PERSON_TITLES) + ")"
)
_PERSON_NICK = re.compile("[老小][" + _SINGLE_SURNAMES + "](?=[家的说是和跟在把让给欠借打骂，。、,.\\s]|$)")
_PERSON_RELATION = re.compile("(?:我的|我们的|我)?(?:" + _alternatives(sorted(_RELATIONS, key=len, reverse=True)) + ")")
_ORG_SUFFIX_RE = re.compile(_alternatives(_ORG_SUFFIXES))
_LOCATION_RE = re.compile(
    _alternatives(
        sorted(
            [*(p + "省" for p in _PROVINCES), *_PROVINCES, *(c + "市" for c in _CITIES), *_CITIES, *_FOREIGN],
            key=len,
            reverse=True,
        )
    )
)
_DISTRICT_RE = re.compile("(?:" + _alternatives(sorted(_DISTRICTS, key=len, reverse=True)) + ")(?:区|县)?")

_MAX_TEXT = 5_000


# -- extraction ------------------------------------------------------------------------------------


def extract_entities(text: str, *, today: date | None = None) -> Entities:
    """Extract the entities of one message (only the first 5,000 characters are read; a run of numerals
    too long to be a number is read as none)."""
    s = mask_numeral_runs(to_halfwidth_digits((text or "")[:_MAX_TEXT])).lower()
    today = today or datetime.now(tz=CHINA_TZ).date()
    taken: list[tuple[int, int]] = []
    dates = _dates(s, today, taken)
    durations = _durations(s, taken)
    amounts = _amounts(s, taken)
    return Entities(
        persons=_persons(s),
        organizations=_organizations(s),
        amounts=amounts,
        dates=dates,
        durations=durations,
        locations=_locations(s),
    )


def _overlaps(span: tuple[int, int], taken: list[tuple[int, int]]) -> bool:
    return any(span[0] < end and start < span[1] for start, end in taken)


def _int(text: str | None) -> int | None:
    if not text:
        return None
    try:
        return cn_to_int(text)
    except ValueError:
        return None


def _decimal(text: str) -> Decimal | None:
    """'1.5' -> Decimal, '三' -> Decimal(3), '半' -> 0.5; None for anything else."""
    if text == "半":
        return Decimal("0.5")
    try:
        return Decimal(text)
    except InvalidOperation:
        value = _int(text)
        return None if value is None else Decimal(value)


def _shift_month(year: int, month: int, delta: int) -> tuple[int, int]:
    index = year * 12 + (month - 1) + delta
    return index // 12, index % 12 + 1


def _dates(s: str, today: date, taken: list[tuple[int, int]]) -> list[DateMention]:
    found: list[tuple[int, DateMention]] = []

    def add(match: re.Match[str], mention: DateMention) -> None:
        span = match.span()
        if not _overlaps(span, taken):
            taken.append(span)
            found.append((span[0], mention))

    for m in _DATE_ABSOLUTE.finditer(s):
        if m["y"] is not None:
            year = _int(m["y"])
            if year is None or not 1900 <= year <= 2100:
                continue
            add(m, DateMention(m.group(0), year, _valid_month(_int(m["m"])), _valid_day(_int(m["d"]))))
        elif m["y2"] is not None:
            year, month = int(m["y2"]), _valid_month(int(m["m2"]))
            if 1900 <= year <= 2100 and month:
                add(m, DateMention(m.group(0), year, month, _valid_day(_int(m["d2"]))))
        else:
            month, day = _valid_month(_int(m["m3"])), _valid_day(_int(m["d3"]))
            if month and day:
                add(m, DateMention(m.group(0), None, month, day))
    offsets = {"大前年": -3, "前年": -2, "去年": -1, "今年": 0, "明年": 1}
    for m in _DATE_RELATIVE_YEAR.finditer(s):
        year = today.year + offsets[m["rel"]]
        month = _valid_month(_int(m["m"]))
        part = m["part"]
        if month is None and part in ("初", "年初", "上半年"):
            month = None
        add(m, DateMention(m.group(0), year, month, _valid_day(_int(m["d"])) if month else None, relative=True))
    month_offsets = {"上上个月": -2, "上个月": -1, "上月": -1, "这个月": 0, "本月": 0, "下个月": 1, "下月": 1}
    for m in _DATE_RELATIVE_MONTH.finditer(s):
        year, month = _shift_month(today.year, today.month, month_offsets[m["rel"]])
        add(m, DateMention(m.group(0), year, month, _valid_day(_int(m["d"])), relative=True))
    day_offsets = {"大前天": -3, "前天": -2, "昨天": -1, "今天": 0, "明天": 1, "后天": 2}
    week_offsets = {"上周": -7, "上星期": -7, "上礼拜": -7, "这周": 0, "本周": 0, "下周": 7}
    for m in _DATE_RELATIVE_DAY.finditer(s):
        word = m.group(0)
        if word in day_offsets:
            when = today + timedelta(days=day_offsets[word])
            add(m, DateMention(word, when.year, when.month, when.day, relative=True))
        else:
            when = today + timedelta(days=week_offsets[word])
            add(m, DateMention(word, when.year, when.month, None, relative=True))
    for m in _DATE_AGO.finditer(s):
        n = _decimal(m["n"])
        if n is None:
            continue
        unit = m["unit"]
        if unit == "年":
            months = int(n * 12)
            year, month = _shift_month(today.year, today.month, -months)
            add(m, DateMention(m.group(0), year, month if n % 1 else None, relative=True))
        elif unit == "个月":
            year, month = _shift_month(today.year, today.month, -int(n))
            add(m, DateMention(m.group(0), year, month, relative=True))
        else:
            days = int(n * (7 if unit in ("周", "个星期") else 1))
            when = today - timedelta(days=days)
            add(m, DateMention(m.group(0), when.year, when.month, when.day, relative=True))
    return [mention for _, mention in sorted(found, key=lambda item: item[0])]


def _valid_month(month: int | None) -> int | None:
    return month if month is not None and 1 <= month <= 12 else None


def _valid_day(day: int | None) -> int | None:
    return day if day is not None and 1 <= day <= 31 else None


#: A character after 周 that makes it a day of the week (周日, 周末, 周一 …), not a unit of time.
_WEEKDAY_AFTER = frozenset("日末天一二三四五六")


def _durations(s: str, taken: list[tuple[int, int]]) -> list[Duration]:
    found: list[Duration] = []
    for m in _DURATION.finditer(s):
        span = m.span()
        if _overlaps(span, taken):
            continue
        after = s[span[1] : span[1] + 2]
        if m["unit"] in ("周", "星期") and (s[max(0, span[0] - 2) : span[0]].endswith(("周", "星期", "礼拜"))
                                         or after[:1] in _WEEKDAY_AFTER):
            continue  # 周六周日 / 星期一: days of the week, not a period of 六周
        if m["halfonly"]:
            months = Decimal(6) if m["halfonly"] == "半年" else Decimal("0.5")
            duration = Duration(m.group(0), months=months)
        else:
            n = _decimal(m["n"])
            unit = m["unit"]
            if n is None or n <= 0:
                continue
            if unit == "年" and (n >= 200 or after.startswith(_DURATION_FOLLOW_BLOCK)):
                continue
            half = Decimal("0.5") if m["half"] else Decimal(0)
            approximate = bool(m["more"] or m["more2"])
            if unit == "年":
                months = (n + half) * 12
                if m["n2"]:
                    extra = _decimal(m["n2"])
                    months += extra or 0
                duration = Duration(m.group(0), months=months, approximate=approximate)
            elif unit == "个月":
                duration = Duration(m.group(0), months=n + half, approximate=approximate)
            else:
                factor = 7 if unit in ("周", "星期", "个星期") else 1
                days = int((n + half) * factor)
                duration = Duration(m.group(0), days=days, approximate=approximate)
        before = s[max(0, span[0] - 8) : span[0]]
        if any(cue in before for cue in _SERVICE_CUES) and duration.months is not None:
            duration = Duration(
                duration.text, duration.months, duration.days, kind="service", approximate=duration.approximate
            )
        taken.append(span)
        found.append(duration)
    return found


def _amount_kind(before: str) -> str:
    """The wage kind named just before the number; a total (工资一共2万4) or arrears (拖欠工资3万)
    is a plain amount."""
    best, best_pos, best_end = "amount", -1, 0
    for kind, words in _KIND_KEYWORDS:
        for word in words:
            pos = before.rfind(word)
            if pos > best_pos:
                best, best_pos, best_end = kind, pos, pos + len(word)
    if best != "amount" and any(ch in before[best_end:] or ch in before[:best_pos] for ch in "共计总欠"):
        return "amount"
    return best


def _has_money_keyword(before: str) -> bool:
    return any(before.endswith(word) or before[:-1].endswith(word) for word in _MONEY_KEYWORDS)


def _amounts(s: str, taken: list[tuple[int, int]]) -> list[Amount]:
    found: list[tuple[int, Amount]] = []
    for m in _AMOUNT_ARABIC.finditer(s):
        span = m.span()
        text = m.group(0).strip()
        if not text or _overlaps(span, taken):
            continue
        if span[0] > 0 and (s[span[0] - 1].isdigit() or s[span[0] - 1] == "."):
            continue
        after = s[span[1] : span[1] + 3]
        before = s[max(0, span[0] - 6) : span[0]]
        has_unit = bool(m["big"] or m["k"] or m["unit"] or m["cur"])
        if not has_unit:
            if after.startswith(_AMOUNT_FOLLOW_BLOCK) or not _has_money_keyword(before.rstrip("了是为约共 ")):
                if not after.startswith(("买", "块")):
                    continue
        elif not (m["unit"] or m["cur"]) and after.startswith(_AMOUNT_FOLLOW_BLOCK):
            continue
        value = Decimal(m["n"].replace(",", ""))
        if m["big"]:
            value *= Decimal(100_000_000 if m["big"] == "亿" else 10_000)
            if m["tail"]:
                tail = m["tail"]
                scale = {1: 1000, 2: 100, 3: 10, 4: 1}[len(tail)]
                value += Decimal(int(tail) * (1000 if m["tailk"] else scale))
        elif m["k"]:
            value *= 1000
        taken.append(span)
        found.append((span[0], Amount(text=text, value=value, kind=_amount_kind(before))))
    for m in _AMOUNT_CHINESE.finditer(s):
        span = m.span()
        if _overlaps(span, taken):
            continue
        numeral = m["n"]
        after = s[span[1] : span[1] + 3]
        if not m["unit"]:
            # Without 元/块 only a numeral with 万/千/亿 is money: 十万, 一万二 (not 三, not 两百).
            if not any(unit in numeral for unit in "万千亿") or after.startswith(_AMOUNT_FOLLOW_BLOCK):
                continue
        if after.startswith("分之") or numeral.startswith(("万", "亿", "千")):
            continue
        try:
            value = cn_to_int(numeral)
        except ValueError:
            continue
        if value <= 0:
            continue
        before = s[max(0, span[0] - 6) : span[0]]
        taken.append(span)
        found.append((span[0], Amount(text=m.group(0), value=Decimal(value), kind=_amount_kind(before))))
    return [amount for _, amount in sorted(found, key=lambda item: item[0])]


def _dedupe(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _persons(s: str) -> list[str]:
    found: list[tuple[int, str]] = []
    for m in _PERSON_NAMED.finditer(s):
        after = s[m.end() : m.end() + 2]
        if m.group(0).endswith("某") and after.startswith(("公司", "单位", "区", "市", "县", "医院", "银行")):
            continue
        found.append((m.start(), m.group(0)))
    for m in _PERSON_NICK.finditer(s):
        if m.group(0) not in _PERSON_STOP:
            found.append((m.start(), m.group(0)))
    for m in _PERSON_RELATION.finditer(s):
        word = m.group(0)
        if word in ("爸", "妈", "哥", "姐") and not m.group(0).startswith("我"):
            continue
        found.append((m.start(), word))
    return _dedupe([text for _, text in sorted(found)])


def _organizations(s: str) -> list[str]:
    found: list[str] = []
    for m in _ORG_SUFFIX_RE.finditer(s):
        window = s[max(0, m.start() - 12) : m.start()]
        for word in _ORG_STOP_WORDS:
            pos = window.rfind(word)
            if pos >= 0:
                window = window[pos + len(word) :]
        cut = max((i for i, ch in enumerate(window) if ch in _ORG_STOP_CHARS), default=-1)
        prefix = window[cut + 1 :]
        if not prefix or prefix in _ORG_GENERIC_PREFIXES:
            continue
        if m.group(0) in ("厂", "公司") and _LOCATION_RE.fullmatch(prefix):
            continue  # 东莞厂里, 深圳公司: a place and a generic noun, not a name
        found.append(prefix + m.group(0))
    return _dedupe(found)


def _locations(s: str) -> list[str]:
    found = [(m.start(), m.group(0)) for m in _LOCATION_RE.finditer(s)]
    found += [(m.start(), m.group(0)) for m in _DISTRICT_RE.finditer(s)]
    return _dedupe([text for _, text in sorted(found)])


# -- state memory ----------------------------------------------------------------------------------

#: Per list, the state keeps the most recent items only.
STATE_LIMIT = 50


def merge(state: Entities | None, new: Entities) -> Entities:
    """Fold one turn's entities into the session state: union without duplicates, newest last.

    Newest-last order means :meth:`Entities.monthly_wage` and :meth:`Entities.service_months`
    return what the user said most recently ("其实月薪是9000"). Each list keeps its
    :data:`STATE_LIMIT` most recent items. Neither argument is modified.
    """
    state = state or Entities()

    def union(old: list[Any], fresh: list[Any]) -> list[Any]:
        merged = [item for item in old if item not in fresh] + list(dict.fromkeys(fresh))
        return merged[-STATE_LIMIT:]

    return Entities(
        persons=union(state.persons, new.persons),
        organizations=union(state.organizations, new.organizations),
        amounts=union(state.amounts, new.amounts),
        dates=union(state.dates, new.dates),
        durations=union(state.durations, new.durations),
        locations=union(state.locations, new.locations),
    )
