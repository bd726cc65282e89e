"""Quantities as contracts write them: amounts (人民币壹佰万元整, 30万元, ¥1,000,000.00), percentages
(百分之三十, 30%, 千分之五, 万分之五, 两倍), durations (三个月, 两年, 90日, 一年半) and interest rates
(年利率24%, 月利率2%, 日利率万分之五, 月息2分), read as numbers — Chinese numerals through ``cn2an``.

Every reader returns the quantity with its span in the text (``start``/``end``), so a finding can
quote the words it fired on. No Django here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

#: Characters of a Chinese numeral (financial capitals included).
CN_DIGITS = "零〇一二两三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟萬億"
_CN = f"[{CN_DIGITS}]+(?:[点點][{CN_DIGITS}]+)?"
_AR = r"\d+(?:[,，]\d{3})*(?:\.\d+)?"
NUM = f"(?:{_AR}|{_CN})"

_FULLWIDTH = str.maketrans("０１２３４５６７８９．％，", "0123456789.%,")


@lru_cache(maxsize=1024)
def normalize(text: str) -> str:
    """Full-width digits, point and percent sign to ASCII; the length of the text is unchanged, so
    offsets into the result are offsets into the original (every rule asks it of the same clause: kept)."""
    return text.translate(_FULLWIDTH)


def to_number(token: str) -> float | None:
    """``"1,000,000.50"`` → 1000000.5, ``"壹佰万"`` → 1000000, ``"两"`` → 2; None when it is not a number."""
    import cn2an
    token = token.strip()
    if not token:
        return None
    if re.fullmatch(_AR, token):
        return float(token.replace(",", "").replace("，", ""))
    try:
        value = cn2an.cn2an(token.replace("點", "点").replace("〇", "零"), "smart")
    except (ValueError, KeyError, IndexError, TypeError):
        return None
    return float(value)


@dataclass(frozen=True)
class Quantity:
    value: float
    start: int
    end: int
    #: yuan | percent | months | annual_percent
    unit: str
    #: For percentages and rates: "day" | "month" | "year" | "" (a one-off share).
    period: str = ""


# -- amounts ---------------------------------------------------------------------------------------

_JIAO_FEN = "零一二两三四五六七八九壹贰叁肆伍陆柒捌玖0123456789"
_AMOUNT = re.compile(
    rf"(?:人民币|RMB|CNY|￥|¥)?\s*(?P<num>{NUM})\s*(?P<unit>亿元|万元|千元|元|亿|万)(?!分之)"
    # 贰元捌角, 3元5角2分: the 角 and 分 after 元
    # 贰拾元零伍分: a 零 between 元 and the 分 it skips
    rf"(?:(?<=元)零?(?P<jiao>[{_JIAO_FEN}])角)?(?:(?<=[元角])零?(?P<fen>[{_JIAO_FEN}])分(?!之))?")
_UNIT_YUAN = {"亿元": 1e8, "亿": 1e8, "万元": 1e4, "万": 1e4, "千元": 1e3, "元": 1.0}


def amounts(text: str) -> list[Quantity]:
    """Money amounts in yuan: ``30万元`` → 300000, ``人民币壹佰万元整`` → 1000000."""
    text = normalize(text)
    out = []
    for m in _AMOUNT.finditer(text):
        # 壹佰万元: the 万 is part of the Chinese numeral and the unit is 元 (to_number reads 壹佰万).
        value = to_number(m.group("num"))
        if value is None:
            continue
        for part, share in (("jiao", 0.1), ("fen", 0.01)):
            if m.group(part):
                value += (to_number(m.group(part)) or 0) * share
        unit = m.group("unit")
        out.append(Quantity(value * _UNIT_YUAN[unit], m.start(), m.end(), "yuan"))
    return out


# -- percentages and multiples ----------------------------------------------------------------------

_FRACTION = {"百分之": 1.0, "千分之": 0.1, "万分之": 0.01}
_PERCENT = re.compile(
    rf"(?P<frac>百分之|千分之|万分之)(?P<fnum>{NUM})"
    rf"|(?P<num>{_AR}|[{CN_DIGITS}]+(?:[点點][{CN_DIGITS}]+)?)\s*(?P<sign>%|‰|‱)"
    rf"|(?P<mnum>{_AR}|[一二两三四五六七八九十]+|[壹贰叁肆伍陆柒捌玖拾]+)\s*倍"
    # 总价的一半 / 半数 (a share of one half; 双倍返还定金 is the deposit rule's own measure, no share)
    r"|(?<=的)(?P<half>一半|半数)"
)
_SIGN = {"%": 1.0, "‰": 0.1, "‱": 0.01}
_DAY = re.compile(r"(每日|每天|日|按日|/日|/天)[^，。；;,\n]{0,12}$")
_MONTH = re.compile(r"(每月|月|按月|/月)[^，。；;,\n]{0,12}$")
_YEAR = re.compile(r"(每年|年|按年|/年)[^，。；;,\n]{0,12}$")


def _period(before: str) -> str:
    """The period a rate is stated per, from the words just before it (日利率万分之五, 每日按千分之一)."""
    for period, pattern in (("day", _DAY), ("month", _MONTH), ("year", _YEAR)):
        if pattern.search(before):
            return period
    return ""


def percentages(text: str) -> list[Quantity]:
    """Percentages: ``百分之三十`` → 30, ``30%`` → 30, ``千分之五`` → 0.5, ``两倍`` → 200, each with the period
    it is stated per when the words before say so (每日 / 月 / 年)."""
    text = normalize(text)
    out = []
    for m in _PERCENT.finditer(text):
        if m.group("frac"):
            value = to_number(m.group("fnum"))
            scale = _FRACTION[m.group("frac")]
        elif m.group("num"):
            value = to_number(m.group("num"))
            scale = _SIGN[m.group("sign")]
        elif m.group("half"):
            value, scale = 50.0, 1.0
        else:
            value = to_number(m.group("mnum"))
            scale = 100.0
        if value is None:
            continue
        before = text[max(0, m.start() - 12):m.start()]
        out.append(Quantity(value * scale, m.start(), m.end(), "percent", _period(before)))
    return out


# -- interest rates ----------------------------------------------------------------------------------

#: 月息2分 / 月利一分五厘 / 年息1分: the traditional way of writing a rate
#: (月息一分 = 1% a month, 年息一分 = 10% a year).
_FEN = re.compile(rf"(?P<per>年|月)(?:息|利|利息)\s*(?P<num>{_AR}|[一二两三四五六七八九十]+)\s*分"
                  r"(?:(?P<li>[一二三四五六七八九\d])厘)?")


def annual_rates(text: str) -> list[Quantity]:
    """Interest rates as an annual percentage: 年利率24% → 24, 月利率2% → 24, 日利率万分之五 → 18.25,
    月息2分 → 24. A percentage with no period is taken as annual (年化)."""
    text = normalize(text)
    out: list[Quantity] = []
    for q in percentages(text):
        factor = {"day": 365.0, "month": 12.0, "year": 1.0, "": 1.0}[q.period]
        # 年利率12%另加50%: a markup on the rate just before it (12 % × 1.5 = 18 %)
        if out and re.search(r"(?:另加|加收|上浮|加上|增加|提高)\s*$", text[max(0, q.start - 4):q.start]) \
                and q.start - out[-1].end <= 16:
            was = out[-1]
            out.append(Quantity(was.value * (1 + q.value / 100), q.start, q.end, "annual_percent", was.period))
            continue
        out.append(Quantity(q.value * factor, q.start, q.end, "annual_percent", q.period or "year"))
    for m in _FEN.finditer(text):
        value = to_number(m.group("num"))
        if value is None:
            continue
        li = to_number(m.group("li")) if m.group("li") else 0.0
        if m.group("per") == "月":
            annual = (value + (li or 0) / 10) * 12
        else:
            annual = (value + (li or 0) / 10) * 10
        period = "month" if m.group("per") == "月" else "year"
        out.append(Quantity(annual, m.start(), m.end(), "annual_percent", period))
    out.sort(key=lambda q: q.start)
    return out


# -- durations ------------------------------------------------------------------------------------

_DURATION = re.compile(
    rf"(?P<num>{_AR}|[{CN_DIGITS}]+?)\s*(?P<again>[（(]\s*\d+\s*[)）])?\s*(?P<half>个半|半)?\s*"
    r"(?P<unit>个自然月|个工作日|个月|自然月|工作日|周年|年|月|日|天|周|星期)"
    rf"(?P<half2>半)?"
    r"|(?P<onlyhalf>半)(?P<hunit>年|个月)"
)
_MONTHS = {"年": 12.0, "周年": 12.0, "个月": 1.0, "月": 1.0, "个自然月": 1.0, "自然月": 1.0,
           "日": 1 / 30, "天": 1 / 30, "工作日": 7 / 5 / 30, "个工作日": 7 / 5 / 30, "周": 7 / 30, "星期": 7 / 30}


#: What a count of months or years measures when it is a sum of money, not a time: 三十个月工资, 两年的租金.
_PAY_AFTER = re.compile(r"\s*(?:的)?(?:税前|应发|实发)?(?:平均)?"
                        r"(?:工资|薪资|薪酬|薪水|月薪|年薪|报酬|经济补偿|补偿金|补偿|租金|收入)")


#: A period named just before the count (试用期六个月工资按八折): the count is that period's length.
_PERIOD_BEFORE = re.compile(r"期(?:限|间)?\s*(?:为|是|：|:)?\s*$")


def pay_multiple(text: str, start: int, end: int) -> bool:
    """The count of months or years at ``start``–``end`` is a multiple of a wage, rent or compensation (an
    amount: 支付三十个月工资), not a duration; unless a period is named just before it (试用期六个月工资…)."""
    return bool(_PAY_AFTER.match(text, end)) and not _PERIOD_BEFORE.search(text[max(0, start - 6):start])


def durations(text: str) -> list[Quantity]:
    """Durations in months: ``三个月`` → 3, ``两年`` → 24, ``一年半`` → 18, ``90日`` → 3, ``半年`` → 6.
    A date (2024年1月1日) is not a duration, nor a multiple of a wage or rent (三十个月工资)."""
    text = normalize(text)
    out = []
    for m in _DURATION.finditer(text):
        if pay_multiple(text, m.start(), m.end()):
            continue
        if m.group("onlyhalf"):
            months = 6.0 if m.group("hunit") == "年" else 0.5
            out.append(Quantity(months, m.start(), m.end(), "months"))
            continue
        num, unit = m.group("num"), m.group("unit")
        after = text[m.end():m.end() + 6]
        # 2024年1月 / 1月1日 / 5日前 in a date: a 4-digit year or a month followed by a day is a date.
        if unit == "年" and (re.fullmatch(r"\d{4}", num) or re.match(r"\s*\d{1,2}\s*月", after)
                            or re.match(rf"[{CN_DIGITS}]{{1,3}}月", after) and len(num) == 4):
            continue
        if unit == "月" and re.match(rf"\s*(?:{_AR}|[{CN_DIGITS}]{{1,3}})\s*[日号]", after):
            continue
        if unit == "月" and re.search(r"年\s*$", text[max(0, m.start() - 2):m.start()]):
            continue
        if unit in ("日", "天") and re.search(r"月\s*$", text[max(0, m.start() - 2):m.start()]):
            continue
        value = to_number(num)
        if value is None or value <= 0:
            continue
        if m.group("half") or m.group("half2"):
            value += 0.5
        months = value * _MONTHS[unit]
        out.append(Quantity(months, m.start(), m.end(), "months"))
    return out


# -- dates and date ranges -----------------------------------------------------------------------------



def _date_rx(n: int) -> str:
    return rf"(?P<y{n}>\d{{4}})\s*年\s*(?P<m{n}>\d{{1,2}})\s*月\s*(?P<d{n}>\d{{1,2}})\s*[日号]"


_RANGE = re.compile(rf"{_date_rx(1)}[^。；;\n]{{0,8}}?(?:至|到|—|–|-|~|～)\s*{_date_rx(2)}")


def date_ranges(text: str) -> list[Quantity]:
    """``自2024年1月1日起至2026年12月31日止`` → 36 months (rounded to whole days / 30.44)."""
    text = normalize(text)
    out = []
    for m in _RANGE.finditer(text):
        try:
            a = date(int(m.group("y1")), int(m.group("m1")), int(m.group("d1")))
            b = date(int(m.group("y2")), int(m.group("m2")), int(m.group("d2")))
        except ValueError:
            continue
        if b <= a:
            continue
        months = ((b - a).days + 1) / 30.44
        out.append(Quantity(round(months, 2), m.start(), m.end(), "months"))
    return out


# -- writing a quantity back in the style it was written -----------------------------------------------


def _plain(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".")


def _chinese(value: float) -> str:
    import cn2an
    return cn2an.an2cn(_plain(value))


def _styled(number: str, value: float) -> str:
    """``value`` in the numeral style of ``number`` (Chinese numerals or digits)."""
    import cn2an
    if re.search(r"\d", number):
        return _plain(value)
    # 叁拾伍% → 贰拾%: financial numerals stay financial
    return cn2an.an2cn(_plain(value), "up") if _FINANCIAL.search(number) else _chinese(value)


def percent_like(token: str, percent: float) -> str | None:
    """``percent`` written like ``token``: 百分之三十 → 百分之二十, 30% → 20%, 千分之五 → 千分之一, 三倍 → 一倍."""
    norm = normalize(token)
    m = _PERCENT.fullmatch(norm)
    if m is None or percent < 0:
        return None
    if m.group("frac"):
        return m.group("frac") + _styled(m.group("fnum"), percent / _FRACTION[m.group("frac")])
    if m.group("num"):
        return _styled(m.group("num"), percent / _SIGN[m.group("sign")]) + token[len(m.group("num")):].lstrip()
    multiple = percent / 100
    return f"{_styled(m.group('mnum'), multiple)}倍" if multiple == int(multiple) and multiple >= 1 else None


def duration_like(token: str, months: float) -> str | None:
    """``months`` written like ``token``: 三年 (as 24 months) → 二年, 三个月 → 二个月, 90日 (as 1 month) → 30日."""
    norm = normalize(token)
    m = _DURATION.fullmatch(norm)
    if m is None or m.group("onlyhalf") or months <= 0:
        return None
    num, unit = m.group("num"), m.group("unit")
    per_unit = _MONTHS[unit]
    if unit in ("年", "周年") and months % 12:
        return f"{_styled(num, months)}个月"
    count = months / per_unit
    if unit in ("日", "天", "工作日", "个工作日", "周", "星期"):
        count = round(count)
    if count != int(count):
        count, unit = months, "个月"
    # 十二（12）个月: the figure restated in brackets follows.
    again = f"（{_plain(count)}）" if m.group("again") else ""
    return f"{_styled(num, count)}{again}{unit}"


_FINANCIAL = re.compile("[壹贰叁肆伍陆柒捌玖拾佰仟]")


def amount_like(token: str, yuan: float) -> str | None:
    """``yuan`` written like the amount ``token``: 人民币贰拾万元整 → 人民币壹拾陆万元整, ¥200,000元 → ¥160,000元,
    30万元 → 16万元 (the unit and the prefix kept; 大写 stays 大写)."""
    import cn2an
    norm = normalize(token)
    m = _AMOUNT.search(norm)
    if m is None or yuan < 0 or m.group("jiao") or m.group("fen"):
        return None
    unit = m.group("unit")
    count = yuan / _UNIT_YUAN[unit]
    num = m.group("num")
    if re.search(r"\d", num):
        if "." in num:
            written = f"{count:,.2f}" if "," in num else f"{count:.2f}"
        elif count != int(count):
            written = f"{count:,.2f}".rstrip("0").rstrip(".") if "," in num else _plain(count)
        else:
            written = f"{int(count):,}" if "," in num else str(int(count))
    else:
        if count != int(count):
            return None
        written = cn2an.an2cn(str(int(count)), "up" if _FINANCIAL.search(num) else "low")
        if _FINANCIAL.search(num) and written.startswith("拾"):
            written = "壹" + written
    return token[:m.start("num")] + written + token[m.end("num"):]


def count_like(token: str, count: int) -> str | None:
    """A duration ``token`` (十二小时, 30日, 两年) with its number replaced by ``count`` in the same style."""
    import cn2an
    norm = normalize(token)
    m = re.match(rf"(?P<num>{_AR}|[{CN_DIGITS}]+?)(?P<again>\s*[（(]\s*\d+\s*[)）])?"
                 r"(?=\s*(?:个|小时|工作日|自然|月|年|日|天|周|星期|h|H))", norm)
    if m is None or count <= 0:
        return None
    num = m.group("num")
    written = str(count) if re.search(r"\d", num) else cn2an.an2cn(str(count), "up" if _FINANCIAL.search(num)
                                                                    else "low")
    again = f"（{count}）" if m.group("again") else ""
    return written + again + token[m.end():]
