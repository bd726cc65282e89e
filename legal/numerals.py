"""Numbers as clients write them (8000, 三, 十五, 两千, 1.5, 零点五) and amounts with their units (5w, 八千块,
1.2万), read by the fact readers of :mod:`legal.facts` and :mod:`legal.readers`."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

_CN = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "俩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
       "九": 9}
_CN_UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10000}
NUM = r"(?:\d+(?:\.\d+)?|[零〇一二两俩三四五六七八九十百千]+)"
#: An amount: Arabic digits, or Chinese numerals only with a unit after them (the text is normalised first, so a
#: lone 一 left in it is a word: 损失一共5w, 借给广州一个朋友).
MONEY = (r"(\d+(?:\.\d+)?|[零〇一二两俩三四五六七八九十百千]+(?=\s*(?:万|千|k|K|w|W|元|块|圆|多|余)))"
         r"\s*(万|千|k|K|w|W)?\s*(?:多|余)?\s*(?:元|块钱|块|圆|人民币)?")


def cn_number(text: str) -> Decimal | None:
    """'8000' -> 8000, '三' -> 3, '十五' -> 15, '两千' -> 2000, '1.5' -> 1.5."""
    text = text.strip()
    if not text:
        return None
    try:
        return Decimal(text)
    except InvalidOperation:
        pass
    total, section, number = 0, 0, 0
    for ch in text:
        if ch in _CN:
            number = _CN[ch]
        elif ch in _CN_UNITS:
            unit = _CN_UNITS[ch]
            if unit == 10000:
                total += (section + number) * unit
                section, number = 0, 0
            else:
                section += (number or 1) * unit
                number = 0
        else:
            return None
    return Decimal(total + section + number)


def decimal_number(text: str) -> Decimal | None:
    """A number that may carry a decimal point in words (零点五, 一点七五) or figures (0.5)."""
    if "点" not in text:
        return cn_number(text)
    whole, _, fraction = text.partition("点")
    head = cn_number(whole) if whole else Decimal(0)
    digits = "".join(str(_CN[c]) if c in _CN else c for c in fraction)
    if head is None or not digits.isdigit():
        return None
    return head + Decimal(f"0.{digits}")


def spoken_count(said: str) -> Decimal | None:
    """How many of a unit a client wrote: 半 (a half), 3, 三, 十五."""
    return Decimal("0.5") if said == "半" else cn_number(said)


def days_in(number: str, unit: str) -> Decimal | None:
    """A span as clients write it, in days: a month counts 30, a week 7 (天, 周, 星期, 个星期, 月, 个月)."""
    value = spoken_count(number)
    if value is None:
        return None
    return value * (30 if "月" in unit else 7 if unit in ("周", "星期", "个星期") else 1)


def money(number: str, unit: str | None) -> Decimal | None:
    value = cn_number(number)
    if value is None:
        return None
    return value * {"万": 10000, "w": 10000, "W": 10000, "千": 1000, "k": 1000, "K": 1000}.get(unit or "", 1)


#: A quantity written in Chinese numerals with its unit (三年以下, 四十八小时, 五百万元, 十五日, 两倍): the units a
#: how-much answer states its figures in. 个 alone (两个以上子女) and 次性 (一次性) are words, not quantities.
_SPELLED = re.compile(r"(?<![\d.\s第周星礼初])([零〇一二两三四五六七八九十][零〇一二两三四五六七八九十百千万]*)"
                      r"(?=(?:个工作日|个月|个小时|小时|周岁|年|日|天|元|万元|倍|级|岁|周(?!末)|毫克))")
_PERCENT = re.compile(r"百分之([零〇一二两三四五六七八九十百]+)")


def figures_in_digits(text: str) -> str:
    """``text`` with the quantities it spells in Chinese numerals written in digits (三年以下 → 3年以下, 四十八小时
    → 48小时, 百分之十 → 10%, 五百万元 → 500万元): a how-much answer's figures are read at a glance. Ordinals
    (第一百条), names and words that only contain a numeral (一般, 一审, 一次性) are left as they are."""
    def spelled(m: re.Match[str]) -> str:
        number = m.group(1)
        if number.endswith("万") and len(number) > 1:
            value = cn_number(number[:-1])
            return f"{value}万" if value is not None else number
        value = cn_number(number)
        return str(value) if value is not None else number

    def percent(m: re.Match[str]) -> str:
        value = cn_number(m.group(1))
        return f"{value}%" if value is not None else m.group(0)

    text = _PERCENT.sub(percent, text)
    return _SPELLED.sub(spelled, text)
