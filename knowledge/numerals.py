"""Chinese numerals and statute article numbers.

Converts between integers and Chinese numerals (一千零七十九, 两百, 〇, full-width digits) and
parses every way a user writes an article number (47, 第47条, 第四十七条, 四十七,
第一百三十三条之一, 133之一) into an :class:`ArticleNumber`.

Labels are written in the corpus's own style (checked against every label in the bundled
``laws.db``): 第十条, 第一百一十条, 第一千零七十九条, 第一百三十三条之一.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CN_DIGITS: dict[str, int] = {
    "零": 0,
    "〇": 0,
    "○": 0,
    "一": 1,
    "壹": 1,
    "二": 2,
    "两": 2,
    "贰": 2,
    "三": 3,
    "叁": 3,
    "四": 4,
    "肆": 4,
    "五": 5,
    "伍": 5,
    "六": 6,
    "陆": 6,
    "七": 7,
    "柒": 7,
    "八": 8,
    "捌": 8,
    "九": 9,
    "玖": 9,
}
CN_SMALL_UNITS: dict[str, int] = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
CN_BIG_UNITS: dict[str, int] = {"万": 10_000, "萬": 10_000, "亿": 100_000_000, "億": 100_000_000}

#: Characters that may appear in a Chinese numeral (used by callers to build regexes).
CN_NUMERAL_CHARS = "".join([*CN_DIGITS, *CN_SMALL_UNITS, *CN_BIG_UNITS])

_DIGIT_NAMES = "零一二三四五六七八九"
_FULLWIDTH_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")
_MAX_ARTICLE = 99_999
_MAX_SUFFIX = 99


@dataclass(frozen=True, order=True)
class ArticleNumber:
    """An article of a law: ``number`` is the integer, ``suffix`` 1 for 之一, 2 for 之二, 0 for none.

    第一百三十三条之一 is a different article from 第一百三十三条 (number 133, suffix 1 vs 0).
    """

    number: int
    suffix: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.number <= _MAX_ARTICLE:
            raise ValueError(f"article number out of range: {self.number}")
        if not 0 <= self.suffix <= _MAX_SUFFIX:
            raise ValueError(f"article suffix out of range: {self.suffix}")

    @property
    def label(self) -> str:
        return article_label(self.number, self.suffix)

    def __str__(self) -> str:
        return self.label


#: A run of numerals longer than any amount, date, ID or account number a client writes (a pasted hash, a
#: key held down). Readers of amounts, dates and durations try every start and every length in such a
#: run, which grows with the square of its length (5,000 digits cost a second per reader).
NUMERAL_RUN = re.compile(r"\d{25,}|[零〇一二两俩三四五六七八九十百千万亿]{13,}")


def mask_numeral_runs(text: str) -> str:
    """Each run of numerals too long to be a number replaced by ``…``, so that it is read as no number."""
    return NUMERAL_RUN.sub("…", text)


def to_halfwidth_digits(text: str) -> str:
    """Replace full-width digits (０-９) by ASCII digits."""
    return text.translate(_FULLWIDTH_DIGITS)


def _parse_section(text: str) -> int:
    """Parse a numeral below 10,000 (no 万/亿), e.g. 一千零七十九, 十二, 两百, 一二五四."""
    if not any(ch in CN_SMALL_UNITS for ch in text):
        # Positional digits only: 七 -> 7, 一二五四 -> 1254, 二〇二四 -> 2024.
        value = 0
        for ch in text:
            value = value * 10 + CN_DIGITS[ch]
        return value
    total = 0
    pending: int | None = None
    zero_seen = False
    last_unit = 10_000
    for ch in text:
        if ch in CN_DIGITS:
            if pending is not None and CN_DIGITS[ch] != 0 and pending != 0:
                raise ValueError(f"two digits in a row in {text!r}")
            zero_seen = zero_seen or CN_DIGITS[ch] == 0
            pending = CN_DIGITS[ch]
            continue
        unit = CN_SMALL_UNITS[ch]
        if unit >= last_unit:
            raise ValueError(f"units out of order in {text!r}")
        total += (1 if pending is None else pending) * unit
        pending = None
        zero_seen = False
        last_unit = unit
    if pending is not None:
        # Colloquial 一百五 = 150 and 两千三 = 2300; with 零 (一百零五) the digit is units.
        abbreviated = not zero_seen and last_unit >= 100
        total += pending * (last_unit // 10 if abbreviated else 1)
    return total


def cn_to_int(text: str) -> int:
    """Convert a Chinese or Arabic numeral to an int.

    Accepts 一千二百五十四, 一千零七十九, 两百, 十二, 二十, 〇/零, 一万零一, 一二五四 (digit by digit),
    ASCII and full-width digits. Raises ValueError for anything else.
    """
    s = to_halfwidth_digits(text.strip())
    if not s:
        raise ValueError("empty numeral")
    if s.isascii() and s.isdigit():
        return int(s)
    allowed = set(CN_DIGITS) | set(CN_SMALL_UNITS) | set(CN_BIG_UNITS)
    if any(ch not in allowed for ch in s):
        raise ValueError(f"not a numeral: {text!r}")
    total = 0
    section = ""
    last_big = 0
    for ch in s:
        if ch not in CN_BIG_UNITS:
            section += ch
            continue
        big = CN_BIG_UNITS[ch]
        if last_big and big >= last_big:
            raise ValueError(f"units out of order in {text!r}")
        if not section.strip("零〇○"):
            raise ValueError(f"unit without a value in {text!r}")
        total += _parse_section(section) * big
        section = ""
        last_big = big
    if section:
        if last_big and len(section) == 1 and section in CN_DIGITS:
            # Colloquial 一万二 = 12000.
            return total + CN_DIGITS[section] * (last_big // 10)
        total += _parse_section(section.lstrip("零〇○") or "零")
    return total


def _section_to_cn(n: int, *, leading: bool) -> str:
    """Write 0 < n < 10,000; ``leading`` means no higher section precedes (so 十 not 一十)."""
    parts: list[str] = []
    zero_pending = False
    for unit, name in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        digit = n // unit % 10
        if digit == 0:
            if parts:
                zero_pending = True
            continue
        if zero_pending:
            parts.append("零")
            zero_pending = False
        if unit == 10 and digit == 1 and not parts and leading:
            parts.append("十")
        else:
            parts.append(_DIGIT_NAMES[digit] + name)
    return "".join(parts)


def int_to_cn(n: int) -> str:
    """Write a non-negative int as a Chinese numeral in statute style: 10 -> 十, 110 -> 一百一十,
    1079 -> 一千零七十九, 10001 -> 一万零一."""
    if n < 0:
        raise ValueError("negative numbers are not supported")
    if n == 0:
        return "零"
    high, low = divmod(n, 10_000)
    if high == 0:
        return _section_to_cn(low, leading=True)
    if high >= 10_000:
        raise ValueError("numbers of 10^8 and above are not supported")
    text = _section_to_cn(high, leading=True) + "万"
    if low == 0:
        return text
    if low < 1000:
        text += "零"
    return text + _section_to_cn(low, leading=False)


def article_label(number: int, suffix: int = 0) -> str:
    """第一百三十三条之一 style label, as ``articles.article_no`` writes it."""
    label = f"第{int_to_cn(number)}条"
    if suffix:
        label += f"之{int_to_cn(suffix)}"
    return label


_NUM = rf"[0-9０-９]+|[{CN_NUMERAL_CHARS}]+"
_ARTICLE_RE = re.compile(
    rf"""
    ^(?:第)?\s*(?P<num>{_NUM})\s*(?:条)?
    (?:\s*之\s*(?P<suffix>{_NUM}))?$
    """,
    re.VERBOSE,
)
_STRIP_CHARS = " \t\r\n\u3000。．.，,"


def parse_article_number(text: str) -> ArticleNumber:
    """Parse what a user types as an article number.

    ``47``, ``第47条``, ``第四十七条``, ``四十七``, ``第一千二百五十四条``, ``第一百三十三条之一``,
    ``133之一``, ``第133条之二``, ``第 47 条``, ``４７`` -> ArticleNumber. Raises ValueError otherwise.
    """
    if not isinstance(text, str):
        raise ValueError(f"article number must be text, got {type(text).__name__}")
    s = text.strip(_STRIP_CHARS)
    match = _ARTICLE_RE.match(s)
    if match is None:
        raise ValueError(f"not an article number: {text!r}")
    number = cn_to_int(match["num"])
    suffix = cn_to_int(match["suffix"]) if match["suffix"] else 0
    if suffix == 0 and match["suffix"]:
        raise ValueError(f"invalid 之 suffix in {text!r}")
    return ArticleNumber(number, suffix)


def article_number_or_none(text: str | int | None) -> ArticleNumber | None:
    """Like :func:`parse_article_number` but returns None for garbage; ints are accepted as-is."""
    if text is None or isinstance(text, bool):
        return None
    if isinstance(text, int):
        return ArticleNumber(text) if 1 <= text <= _MAX_ARTICLE else None
    try:
        return parse_article_number(text)
    except ValueError:
        return None
