"""How people write amounts and dates, rewritten into one form before the facts are read.

A client writes a wage as 8000, 8k, 8千, 八千, 8千5, 八千五, 1.2w, 1万2, 壹万贰仟, 七八千 or
8000-9000, and a date as 2023年5月, 2023.5, 去年3月, 上个月15号, 月底. :func:`normalise` rewrites
each amount into Arabic digits of yuan (a range into its lower and upper bound, ``7000-8000``) and
each relative date into an absolute one (``2025年3月``), so that the role patterns of
:mod:`legal.facts` read one form whatever the client wrote. Words that are not amounts stay as they
are: 一个月, 三年, 千分之五, 万分之三, 十天.
"""

from __future__ import annotations

import calendar
import re
from datetime import date
from decimal import Decimal, InvalidOperation

from knowledge.numerals import mask_numeral_runs

_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "俩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
           "九": 9}
_UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10000}
#: 大写 numerals (on receipts, IOUs and contracts) and their everyday forms.
_CAPITAL = str.maketrans({"壹": "一", "贰": "二", "貳": "二", "叁": "三", "參": "三", "肆": "四", "伍": "五",
                          "陆": "六", "陸": "六", "柒": "七", "捌": "八", "玖": "九", "拾": "十", "佰": "百",
                          "仟": "千", "萬": "万", "圆": "元"})
_CAPITAL_RUN = re.compile(r"[零壹贰貳叁參肆伍陆陸柒捌玖拾佰仟萬万]{2,}[元圆]?|[壹贰貳叁參肆伍陆陸柒捌玖][拾佰仟萬万]")
_CN = "零〇一二两俩三四五六七八九十百千万"


def chinese_number(text: str) -> Decimal | None:
    """'八千五' -> 8500, '一万二' -> 12000, '两万五千' -> 25000, '三百' -> 300, '十五' -> 15,
    '一千零五十' -> 1050: a digit after a unit with nothing between is the next lower unit."""
    if not text or any(ch not in _CN for ch in text):
        return None
    total, section, number, last_unit, zero = 0, 0, 0, 0, False
    for ch in text:
        if ch in _DIGITS:
            if ch in "零〇":
                zero = True
            number = _DIGITS[ch]
        else:
            unit = _UNITS[ch]
            if unit == 10000:
                total += (section + number) * unit
                section, number, last_unit = 0, 0, 10000
            else:
                section += (number or 1) * unit
                number, last_unit = 0, unit
            zero = False
    if number and last_unit >= 10 and not zero and text[-1] in _DIGITS:
        # 八千五 = 8500, 一万二 = 12000, 三百五 = 350 (the elided unit is the next lower one)
        number *= last_unit // 10
    return Decimal(total + section + number)


def _plain(value: Decimal) -> str:
    value = value.quantize(Decimal(1)) if value == value.to_integral() else value.normalize()
    return format(value, "f")


_UNIT_VALUE = {"万": 10000, "w": 10000, "W": 10000, "千": 1000, "k": 1000, "K": 1000}
#: 1万2 = 12000, 2w5 = 25000, 8千5 = 8500 (a single digit after the unit is the next lower unit).
_ARABIC_ELIDED = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(万|w|W|千|k|K)([1-9])(?![\d千百万kKwW.年月日号天个周岁])")
#: 2块5, 3块8 (yuan and jiao as people say a small price).
_KUAI_JIAO = re.compile(r"(?<![\d.])(\d{1,4})\s*块\s*([1-9])(?![\d万千百块元毛角])")
#: 1.2w, 8k, 1.5万, 3千 (not 千分之, 万分之; not a word continuing in Latin letters: 8kg, 5km).
_ARABIC_UNIT = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(万|w|W|千|k|K)(?!分之|[a-zA-Z米克])")
#: 七八千, 五六万 (two neighbouring digits before a unit): a range.
_CN_RANGE = re.compile(r"(?<![零〇一二两三四五六七八九十百千万])([一两三四五六七八])([二三四五六七八九])\s*(百|千|万)")
#: A Chinese number (一千零五十, 八千五, 两万五千, 十五, 三): units with their digits, then at most one digit.
_CN_AMOUNT = re.compile(r"(?<![零〇一二两俩三四五六七八九十百千万])"
                        r"((?:[零〇]?[一二两俩三四五六七八九]?[十百千万])+[零〇]?[一二两俩三四五六七八九]?"
                        r"|[一二两俩三四五六七八九])")
_CURRENCY_AFTER = re.compile(r"\s*(?:多|余)?\s*(?:元|块|人民币)")
#: 8000-9000 / 8000到9000 / 8千至9千 (both bounds an amount, neither a year).
_RANGE = re.compile(r"(?<![\d.])(\d{3,}(?:\.\d+)?)\s*(?:-|~|～|—|–|到|至)\s*(\d{3,}(?:\.\d+)?)(?![\d年])")


#: 12,000 / 1,200,000: thousands separators (a clause comma after four digits is not one).
_THOUSANDS = re.compile(r"(?<![\d,.])(\d{1,3})((?:,\d{3})+)(?![\d,])")
#: ８０００ / １２％: full-width digits and signs as phones type them.
_FULL_WIDTH = str.maketrans("０１２３４５６７８９．％：", "0123456789.%:")


def amounts(text: str) -> str:
    """``text`` with every amount in Arabic yuan (a range kept as ``low-high``)."""
    text = text.translate(_FULL_WIDTH)
    # 彩礼十八万一分不退, 欠我五万一分没还: 一分 is "not a cent", never the amount's last digit (十八万一 = 181000)
    text = re.sub(r"(?<=[万千百])一分(?=钱?\s*(?:都|也)?\s*(?:不|没|未))", " 一分", text)
    text = _THOUSANDS.sub(lambda m: m.group(1) + m.group(2).replace(",", ""), text)
    text = _CAPITAL_RUN.sub(lambda m: m.group(0).translate(_CAPITAL), text)
    # 十来万, 两千来块, 三万出头: about the amount (来 / 出头 dropped, the amount kept)
    text = re.sub(r"([一二两三四五六七八九十百千\d])来(万|千|百|块|元)", r"\1\2", text)
    # 30多万, 三十多万, 两千多: the amount said (多 before the unit dropped; the figure is its lower bound)
    text = re.sub(r"((?<![\d.])\d+|[一二两三四五六七八九]?十|[一二两三四五六七八九]百)多(万|千)", r"\1\2", text)

    def elided(m: re.Match[str]) -> str:
        unit = _UNIT_VALUE[m.group(2)]
        return _plain(Decimal(m.group(1)) * unit + Decimal(m.group(3)) * unit / 10)

    text = _ARABIC_ELIDED.sub(elided, text)
    text = _KUAI_JIAO.sub(lambda m: f"{m.group(1)}.{m.group(2)}元", text)
    text = _ARABIC_UNIT.sub(lambda m: _plain(Decimal(m.group(1)) * _UNIT_VALUE[m.group(2)]), text)

    def cn_range(m: re.Match[str]) -> str:
        unit = _UNITS[m.group(3)]
        low, high = _DIGITS[m.group(1)], _DIGITS[m.group(2)]
        if high != low + 1:
            return m.group(0)
        return f"{low * unit}-{high * unit}"

    text = _CN_RANGE.sub(cn_range, text)

    def cn_amount(m: re.Match[str]) -> str:
        words = m.group(1)
        after = text[m.end():m.end() + 2]
        if after.startswith("分之") or words[0] not in "零〇一二两俩三四五六七八九十":
            return m.group(0)  # 千分之五 is a rate; 万一, 千万别 are words
        if not any(u in words for u in "百千万") and not _CURRENCY_AFTER.match(text, m.end()):
            return m.group(0)  # 三年, 十五天, 一个月: counts, not amounts
        if len(words) > 1 and words[-2] in "百千万" and words[-1] in "一二两俩三四五六七八九" and \
                after.startswith(("个", "天", "年", "次", "周", "岁")):
            # 一万一个月, 八千两年: the last digit counts what follows it (一个月), it is no elided unit
            value = chinese_number(words[:-1])
            return f"{_plain(value)}{words[-1]}" if value is not None else m.group(0)
        value = chinese_number(words)
        return _plain(value) if value is not None else m.group(0)

    text = _CN_AMOUNT.sub(cn_amount, text)
    # an Arabic number followed by 万 left over (8500万 after a Chinese amount): multiply
    return re.sub(r"(?<![\d.])(\d+(?:\.\d+)?)万(?!分之)", lambda m: _plain(Decimal(m.group(1)) * 10000), text)


def midpoint(low: str, high: str) -> Decimal | None:
    try:
        a, b = Decimal(low), Decimal(high)
    except InvalidOperation:
        return None
    return (a + b) / 2 if a < b else None


def range_at(text: str, end: int) -> Decimal | None:
    """The midpoint of a range that starts with the amount ending at ``end`` (8000-9000 → 8500)."""
    m = re.match(r"\s*(?:-|~|～|—|–|到|至)\s*(\d{3,}(?:\.\d+)?)(?![\d年])", text[end:])
    if not m:
        return None
    start = re.search(r"(\d{3,}(?:\.\d+)?)$", text[:end])
    return midpoint(start.group(1), m.group(1)) if start else None


# -- dates ---------------------------------------------------------------------------------------------
_MONTH_WORD = r"(\d{1,2}|[一二三四五六七八九十]{1,3})\s*月(?:份)?"
_DAY_WORD = r"(?:\s*(\d{1,2}|[一二三四五六七八九十]{1,3})\s*[日号])?"
_YEAR_REL = {"今年": 0, "去年": -1, "前年": -2, "大前年": -3, "明年": 1}
_REL_YEAR = re.compile(rf"(大前年|前年|去年|今年|明年)\s*(?:的)?\s*{_MONTH_WORD}{_DAY_WORD}")
_REL_YEAR_ONLY = re.compile(r"(大前年|前年|去年|今年|明年)"
                            r"(?=\s*(?:入职|进|开始|借|签|结婚|离婚|买|租|年初|年底|年末|底|初))")
_MONTH_REL = r"(上上个?月|上个?月|这个?月|本月|下个?月)"
_REL_MONTH = re.compile(_MONTH_REL + r"\s*(?:的)?\s*(?:(\d{1,2}|[一二三四五六七八九十]{1,3})\s*[日号]"
                        r"|(底|末|初|上旬|中旬|下旬))")
#: 上个月被辞退, 上个月才知道, 这个月刚收到: a month alone before the event it dates (never 上个月工资, 上个月加班).
_REL_MONTH_ONLY = re.compile(_MONTH_REL + r"(?=\s*(?:就|才|刚|又|我|他|她|公司|单位|老板|厂里)?\s*"
                             r"(?:入职|被|借|签|开始|到期|还|发|离职|辞职|知道|得知|听说|受伤|摔|出事|收到|拿到|接到|结婚|离婚|去世|过世|生了|下单|买|交了|"
                             r"拘|抓|判|起诉|申请|出院|住院|解除|辞退|开除|裁|炒|把我|出了|撞))")
_YEAR_END = re.compile(r"(\d{4})年\s*(?:年)?(底|末|初)")
#: 当年底, 那年年底, 同年12月: the year of the date said before (当年底还 after 2023年借的).
_SAME_YEAR = re.compile(r"(当年|那年|同年|那一年|当年的)\s*(?:的)?\s*(?:年)?(底|末|(?=\d{1,2}\s*月))")


def _cn_small(text: str) -> int | None:
    value = chinese_number(text) if not text.isdigit() else Decimal(text)
    return int(value) if value is not None else None


def _month_shift(today: date, months: int) -> tuple[int, int]:
    year, month = divmod(today.year * 12 + today.month - 1 + months, 12)
    return year, month + 1


#: 3天前, 两周前, 十天前: a day counted back from today; 十来天前, 二十多天前, 一个多星期前 count the number said
#: (十几天前 its middle, fifteen) — a period's start read from it is stated as the day it is taken to be.
_DAYS_AGO = re.compile(r"(\d{1,2}|[一二两三四五六七八九十]{1,3}|十几)\s*(?:来|多)?\s*(?:个)?(?:多)?(天|周|星期|礼拜)"
                       r"(?:多)?(?:以)?前")
#: 上周五, 上个星期三, 这周一, 上上周二: a weekday of this or an earlier week.
_WEEKDAY = re.compile(r"(上上周|上上个?星期|上上个?礼拜|上周|上个?星期|上个?礼拜|这周|本周|这个?星期)"
                      r"([一二三四五六日天])")
_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}


#: 二〇二五年, 二零二五年: a year written digit by digit.
_CN_YEAR = re.compile(r"([零〇一二三四五六七八九]{4})\s*年")
_CN_YEAR_DIGITS = str.maketrans("零〇一二三四五六七八九", "00123456789")
#: 三月一日, 十月十五号, 十二月份: a month (and a day) in Chinese numerals; a month alone only with 份 or a
#: part of the month after it (一月 alone is also "a month": 一月8000).
_CN_MONTH_DAY = re.compile(r"(?<![零〇一二两三四五六七八九十个])(十[一二]?|[一二三四五六七八九])\s*月"
                           r"(?:\s*(三十[一]?|二十[一二三四五六七八九]?|十[一二三四五六七八九]?|[一二三四五六七八九])\s*([日号])"
                           r"|(?=\s*(?:份|初|底|末|中旬|上旬|下旬)))")
#: 25年3月, 19年8月: a two-digit year before a month.
_SHORT_YEAR = re.compile(r"(?<![\d.年])(?<![干做了满近有工龄待呆])([0-3]\d)\s*年\s*(?=\d{1,2}\s*月(?!\s*(?:工资|薪)))")
#: 2025年6月底, 2025年3月初, 2025年10月中旬: a part of a given month.
_PART_OF_MONTH = re.compile(r"((?:19|20)\d{2})\s*年\s*(\d{1,2})\s*月(?:份)?\s*(初|上旬|中旬|下旬|底|末)")
#: 8月份被辞退, 11月初, 10月中旬 (no year, no day): the latest such month not after today.
_MONTH_ALONE = re.compile(r"(?<![\d年./\-个])(\d{1,2})\s*月(?:份)?\s*(初|上旬|中旬|下旬|底|末)?"
                          r"(?!\s*\d)(?!\s*(?:工资|薪|的工资|份工资|份的工资|利息|房租|租金))")
_MONTH_PART_DAY = {"初": 1, "上旬": 5, "中旬": 15, "下旬": 25}
_EVENT_AFTER = re.compile(r"\s*(?:的时候|时|那会|左右)?\s*(?:被|就|我|他|她|公司|单位|老板|入职|进|开始|借|签|受伤|摔|"
                          r"离职|辞职|收到|拿到|交|买|到期|结婚|离婚|生|出|发生|去世|过世|报|立案|起诉|申请|拘|抓|判|开|"
                          r"搬|租|付|还|下单|提出|通知|解除|停|没|不|才|知道|发现|得知|听说)")


def _part_day(year: int, month: int, part: str | None) -> int:
    if part in ("底", "末"):
        return calendar.monthrange(year, month)[1]
    return _MONTH_PART_DAY.get(part or "", 1)


def written_dates(text: str, today: date) -> str:
    """Dates written in Chinese numerals or shortened made Arabic and whole: 二〇二五年三月一日 →
    2025年3月1日, 十月十五号 → 10月15号, 25年3月 → 2025年3月, 2025年6月底 → 2025年6月30日, and a month
    without its year (8月份被辞退, 11月初) → the latest such month not after today."""
    text = _CN_YEAR.sub(lambda m: m.group(1).translate(_CN_YEAR_DIGITS) + "年", text)

    def cn_month_day(m: re.Match[str]) -> str:
        month = _cn_small(m.group(1))
        day = _cn_small(m.group(2)) if m.group(2) else None
        if month is None or not 1 <= month <= 12 or (day is not None and not 1 <= day <= 31):
            return m.group(0)
        return f"{month}月" + (f"{day}{m.group(3)}" if day is not None else "")

    text = _CN_MONTH_DAY.sub(cn_month_day, text)

    def short_year(m: re.Match[str]) -> str:
        year = 2000 + int(m.group(1))
        return f"{year}年" if 2000 < year <= today.year else m.group(0)

    text = _SHORT_YEAR.sub(short_year, text)

    def part_of_month(m: re.Match[str]) -> str:
        year, month = int(m.group(1)), int(m.group(2))
        if not 1 <= month <= 12:
            return m.group(0)
        return f"{year}年{month}月{_part_day(year, month, m.group(3))}日"

    text = _PART_OF_MONTH.sub(part_of_month, text)

    def month_alone(m: re.Match[str]) -> str:
        month = int(m.group(1))
        if not 1 <= month <= 12:
            return m.group(0)
        if not m.group(2) and "份" not in m.group(0) and not _EVENT_AFTER.match(text, m.end()):
            return m.group(0)  # 3月 with nothing telling it is a month of the calendar
        year = today.year if month <= today.month else today.year - 1
        if m.group(2) is None:
            return f"{year}年{month}月"
        return f"{year}年{month}月{_part_day(year, month, m.group(2))}日"

    return _MONTH_ALONE.sub(month_alone, text)


#: 周一被带走的, 星期三收到判决书: a weekday alone is this week's (last week's when still to come).
_BARE_WEEKDAY = re.compile(r"(?<![上这本每下个])(?:周|星期|礼拜)([一二三四五六日天])"
                           r"(?!\s*(?:到|至|-|—|～|和|、|或)\s*(?:周|星期|礼拜)?[一二三四五六日天])")


#: The Spring Festival (正月初一) by year: 过年前 and 春节前 are the eve (除夕) of the festival, 过完年 the day.
SPRING_FESTIVAL = {2018: date(2018, 2, 16), 2019: date(2019, 2, 5), 2020: date(2020, 1, 25), 2021: date(2021, 2, 12),
                   2022: date(2022, 2, 1), 2023: date(2023, 1, 22), 2024: date(2024, 2, 10), 2025: date(2025, 1, 29),
                   2026: date(2026, 2, 17), 2027: date(2027, 2, 6), 2028: date(2028, 1, 26), 2029: date(2029, 2, 13),
                   2030: date(2030, 2, 3)}
#: 过年前, 春节前, 今年过年之前, 去年春节后, 过完年: a day fixed by the festival (the year's word, else the latest
#: festival not after today).
_FESTIVAL = re.compile(r"(大前年|前年|去年|今年|明年)?\s*(?:的)?\s*"
                       r"(?:(?:过|农历)?(?:春节|过年|大年)(前|之前|以前|后|之后|以后)|过完年|年三十|除夕)")


def festival_dates(text: str, today: date) -> str:
    """``text`` with the days the Spring Festival fixes written as dates: 过年前 → the eve's date followed by 前,
    过完年 → the festival's date followed by 后."""

    def festival(m: re.Match[str]) -> str:
        if m.group(1):
            year = today.year + _YEAR_REL[m.group(1)]
        else:
            year = max((y for y, day in SPRING_FESTIVAL.items() if day <= today), default=today.year)
        day = SPRING_FESTIVAL.get(year)
        if day is None:
            return m.group(0)
        said = m.group(0)
        after = m.group(2) in ("后", "之后", "以后") or said.endswith("过完年")
        if after:
            return f"{day.year}年{day.month}月{day.day}日后"
        eve = date.fromordinal(day.toordinal() - 1)
        return f"{eve.year}年{eve.month}月{eve.day}日" + ("前" if m.group(2) else "")

    return _FESTIVAL.sub(festival, text)


#: Festivals clients date things by (去年中秋借的, 前年端午节, 国庆的时候, 过年那会儿): the day of each, by year for the
#: lunar ones (农历八月十五, 五月初五, 七月初七; 元宵 is the Spring Festival's fifteenth day), fixed for the others.
MID_AUTUMN = {2018: date(2018, 9, 24), 2019: date(2019, 9, 13), 2020: date(2020, 10, 1), 2021: date(2021, 9, 21),
              2022: date(2022, 9, 10), 2023: date(2023, 9, 29), 2024: date(2024, 9, 17), 2025: date(2025, 10, 6),
              2026: date(2026, 9, 25), 2027: date(2027, 9, 15), 2028: date(2028, 10, 3), 2029: date(2029, 9, 22),
              2030: date(2030, 9, 12)}
DRAGON_BOAT = {2018: date(2018, 6, 18), 2019: date(2019, 6, 7), 2020: date(2020, 6, 25), 2021: date(2021, 6, 14),
               2022: date(2022, 6, 3), 2023: date(2023, 6, 22), 2024: date(2024, 6, 10), 2025: date(2025, 5, 31),
               2026: date(2026, 6, 19), 2027: date(2027, 6, 9), 2028: date(2028, 5, 28), 2029: date(2029, 6, 16),
               2030: date(2030, 6, 5)}
QIXI = {2018: date(2018, 8, 17), 2019: date(2019, 8, 7), 2020: date(2020, 8, 25), 2021: date(2021, 8, 14),
        2022: date(2022, 8, 4), 2023: date(2023, 8, 22), 2024: date(2024, 8, 10), 2025: date(2025, 8, 29),
        2026: date(2026, 8, 19), 2027: date(2027, 8, 8), 2028: date(2028, 8, 26), 2029: date(2029, 8, 16),
        2030: date(2030, 8, 5)}
QINGMING = {2018: 5, 2019: 5, 2020: 4, 2021: 4, 2022: 5, 2023: 5, 2024: 4, 2025: 4, 2026: 5, 2027: 5, 2028: 4,
            2029: 4, 2030: 5}
#: (month, day) of the festivals on a fixed day; 开春 / 立春 is the beginning of spring (about 2月4日: the earliest
#: day the words can mean, so a period counted from it is never late).
_FIXED_FESTIVALS = {"元旦": (1, 1), "五一": (5, 1), "劳动节": (5, 1), "国庆": (10, 1), "国庆节": (10, 1),
                    "开春": (2, 4), "立春": (2, 4), "双十一": (11, 11), "双11": (11, 11), "双十二": (12, 12),
                    "圣诞": (12, 25), "圣诞节": (12, 25), "情人节": (2, 14), "七一": (7, 1), "八一": (8, 1)}


def festival_day(name: str, year: int) -> date | None:
    """The day of festival ``name`` (中秋, 端午节, 国庆, 过年, 元宵, 清明, 七夕, 开春 …) in ``year``; None when
    unknown."""
    if name not in _FIXED_FESTIVALS and name != "春节":
        name = name.removesuffix("节")
    if name in _FIXED_FESTIVALS:
        month, day = _FIXED_FESTIVALS[name]
        return date(year, month, day)
    if name in ("国庆", "劳动"):
        return date(year, 10, 1) if name == "国庆" else date(year, 5, 1)
    if name in ("中秋", "八月十五"):
        return MID_AUTUMN.get(year)
    if name in ("端午", "五月初五"):
        return DRAGON_BOAT.get(year)
    if name == "七夕":
        return QIXI.get(year)
    if name == "清明":
        return date(year, 4, QINGMING[year]) if year in QINGMING else None
    if name in ("过年", "春节", "大年初一", "正月初一"):
        return SPRING_FESTIVAL.get(year)
    if name in ("元宵", "正月十五"):
        spring = SPRING_FESTIVAL.get(year)
        return date.fromordinal(spring.toordinal() + 14) if spring else None
    return None


_FESTIVAL_NAMES = (r"中秋节?|八月十五|端午节?|五月初五|七夕节?|清明节?|元宵节?|正月十五|大年初一|正月初一"
                   r"|元旦|五一|劳动节|国庆节?|开春|立春|双十一|双11|双十二|圣诞节?|情人节|过年|春节")
#: A festival as the day of an event: with its year's word (去年中秋, 前年国庆节), or followed by the words that
#: make it a day (的时候, 那会儿, 前后, 期间, 左右) or by the event's verb (借, 签, 入职, 被 …); never a holiday's
#: overtime or leave (国庆加班3天, 春节放假7天, 国庆1号到7号: those are the facts' holiday readers').
_FESTIVAL_DAY = re.compile(r"(大前年|前年|去年|今年)?\s*(?:的)?\s*(" + _FESTIVAL_NAMES + r")"
                           r"(?!\s*(?:加班|值班|上班|放假|假期|休假|节假日|三天|七天|八天|那几天|\d|[一二三四五六七八九十两]+天|到|至))"
                           r"(?=\s*(?:的时候|那会儿?|那阵子?|那天|当天|期间|前后|左右|前|后|之前|之后|以前|以后|时|"
                           r"借|签|入职|进|被|我|他|她|就|刚|才|买|下单|收到|结婚|离婚|摔|受伤|出|发生|去世|走|开始|还|给|付|"
                           r"领|办|生|搬|租|住|收|发|回|辞|离|开|打|"
                           r"的|，|,|。|\s))")


#: A festival promised as a due day (说好中秋前还, 他说过完年就还, 答应年前给, 约定国庆节后付): the first such day after
#: the latest date the story gave before it (the loan's day); with none, it is read as any other festival.
_PROMISED_FESTIVAL = re.compile(r"(?:说好|约定|约好|讲好|答应|承诺|保证|定好|说是|他说|她说|对方说)"
                                r"[^，。,；;？?！!\d年]{0,3}?"
                                r"(?<![\d一二两三四五六七八九十半个多几])"
                                r"(过完年|过了年|过年后|过年前|春节前|春节后|年前|年后|" + _FESTIVAL_NAMES + r")"
                                r"(前|之前|以前|后|之后|以后)?(?=\s*(?:就|再|一定)?\s*(?:还|给|付|归还|结|退|交|办))")
_ANY_DATE = re.compile(r"((?:19|20)\d{2})年(\d{1,2})月(\d{1,2})日")
_REL_YEAR_MONTH = re.compile(r"(大前年|前年|去年|今年)\s*(?:的)?\s*(\d{1,2})\s*月")


def _anchor(text: str, today: date) -> date | None:
    """The latest day the words before a promise give (a date written out, or 去年3月), None when they give none."""
    days = [date(int(y), int(m), int(d)) for y, m, d in _ANY_DATE.findall(text)
            if 1 <= int(m) <= 12 and 1 <= int(d) <= calendar.monthrange(int(y), int(m))[1]]
    days += [date(today.year + _YEAR_REL[w], int(m), 1) for w, m in _REL_YEAR_MONTH.findall(text) if 1 <= int(m) <= 12]
    return max(days) if days else None


def _promised_festival(m: re.Match[str], before: str, today: date) -> str | None:
    name, part = m.group(1), m.group(2) or ""
    anchor = _anchor(before, today)
    if anchor is None:
        return None  # no day in the story: the festival is read as any other (festival_dates, _FESTIVAL_DAY)
    if name in ("过完年", "过了年", "过年后", "春节后", "年后", "过年前", "春节前", "年前"):
        part = "后" if name in ("过完年", "过了年", "过年后", "春节后", "年后") else "前"
        name = "春节"
    days = [d for y in (anchor.year, anchor.year + 1, anchor.year + 2) if (d := festival_day(name, y)) is not None]
    days = [d for d in days if d > anchor]
    if not days:
        return None
    day = min(days)
    if name == "春节" and part == "前":
        day = date.fromordinal(day.toordinal() - 1)  # 年前 / 过年前: by the eve
    said = m.group(0)[:m.start(1) - m.start(0)]
    return f"{said}{day.year}年{day.month}月{day.day}日{part}"


def festival_days(text: str, today: date) -> str:
    """``text`` with the days festivals fix written as dates (去年中秋借的 → 2025年10月6日借的; 国庆的时候 → the latest
    1 October not after today; 说好过完年还 → the first Spring Festival after the loan's day); 前/后 after them stay
    (中秋前还 is due by that day). Read left to right, so a promise finds the day said before it."""
    out, pos = [], 0
    while True:
        promise = _PROMISED_FESTIVAL.search(text, pos)
        said = _FESTIVAL_DAY.search(text, pos)
        written = None
        if promise is not None and (said is None or promise.start() <= said.start()):
            written = _promised_festival(promise, "".join(out) + text[pos:promise.start()], today)
        if written is not None and promise is not None:
            out.append(text[pos:promise.start()] + written)
            pos = promise.end()
            continue
        if said is None:
            break
        written = _festival_day(said, text, today)
        out.append(text[pos:said.start()] + (written if written is not None else said.group(0)))
        pos = said.end()
    out.append(text[pos:])
    return "".join(out)


def _festival_day(m: re.Match[str], text: str, today: date) -> str | None:
    name = m.group(2)
    if name in ("过年", "春节") and re.match(r"\s*(?:前|之前|以前|后|之后|以后)", text[m.end():]):
        return None  # 去年春节前, 过年后: festival_dates' (the eve before, the day after)
    if name in ("过年", "春节") and not m.group(1) and not re.match(r"\s*(?:的时候|那会儿?|那阵子?|那天|期间|时)",
                                                                    text[m.end():]):
        return None  # 过年前 / 过完年 are festival_dates'; 过年 alone is too loose a day
    if m.group(1):
        day = festival_day(name, today.year + _YEAR_REL[m.group(1)])
    else:
        days = [d for y in (today.year, today.year - 1, today.year - 2) if (d := festival_day(name, y)) is not None]
        days = [d for d in days if d <= today]
        day = max(days) if days else None
    if day is None:
        return None
    return f"{day.year}年{day.month}月{day.day}日"


#: 说好年底前还, 约定年底还清, 答应年底给: a year's end promised in a story dated earlier is that year's end (借于
#: 2025年10月6日，说好年底前还 → 2025年12月31日), not this year's.
_PROMISED_YEAR_END = re.compile(r"(?<=说好|约定|约好|讲好|答应|承诺|保证|定好|说是|他说|她说)"
                                r"(\s*(?:在|到|是)?\s*)(?<![\d年])(?:年)?年(底|末)")


def promised_year_end(m: re.Match[str], text: str, today: date) -> str:
    """The end of the latest year written before the promise (this year's when none is)."""
    years = [int(y) for y in re.findall(r"((?:19|20)\d{2})\s*年\s*\d{1,2}\s*月", text[:m.start()])]
    year = years[-1] if years and years[-1] <= today.year else today.year
    return f"{m.group(1)}{year}年12月31日"


def dates(text: str, today: date) -> str:
    """``text`` with relative dates made absolute: 去年3月 → 2025年3月, 上个月15号 → 2026年10月15日,
    这个月底 → 2026年11月30日, 2023.5 stays (the facts read it), 前年年底 → 2024年12月31日."""

    def rel_year(m: re.Match[str]) -> str:
        year = today.year + _YEAR_REL[m.group(1)]
        month = _cn_small(m.group(2))
        if month is None or not 1 <= month <= 12:
            return m.group(0)
        day = _cn_small(m.group(3)) if m.group(3) else None
        return f"{year}年{month}月" + (f"{day}日" if day else "")

    text = festival_days(text, today)
    text = festival_dates(text, today)
    text = _REL_YEAR.sub(rel_year, text)

    def rel_month(m: re.Match[str]) -> str:
        word = m.group(1)
        shift = -2 if word.startswith("上上") else -1 if word.startswith("上") else 1 if word.startswith("下") else 0
        year, month = _month_shift(today, shift)
        if m.group(3):
            day = _part_day(year, month, m.group(3))  # 上个月中旬: the 15th; 底: the month's last day
        else:
            day = _cn_small(m.group(2) or "") or 0
            if not 1 <= day <= calendar.monthrange(year, month)[1]:
                return m.group(0)
        return f"{year}年{month}月{day}日"

    text = _REL_MONTH.sub(rel_month, text)

    def rel_month_only(m: re.Match[str]) -> str:
        word = m.group(1)
        shift = -2 if word.startswith("上上") else -1 if word.startswith("上") else 1 if word.startswith("下") else 0
        year, month = _month_shift(today, shift)
        return f"{year}年{month}月"

    text = _REL_MONTH_ONLY.sub(rel_month_only, text)

    def days_ago(m: re.Match[str]) -> str:
        count = 15 if m.group(1) == "十几" else _cn_small(m.group(1))
        if count is None or not 0 < count <= 60:
            return m.group(0)
        weeks = m.group(2) in ("周", "星期", "个星期", "个礼拜", "礼拜")
        day = date.fromordinal(today.toordinal() - count * (7 if weeks else 1))
        return f"{day.year}年{day.month}月{day.day}日"

    text = _DAYS_AGO.sub(days_ago, text)

    def last_week(m: re.Match[str]) -> str:
        weekday = _WEEKDAYS.get(m.group(2))
        if weekday is None:
            return m.group(0)
        back = 7 * (2 if m.group(1).startswith("上上") else 1 if m.group(1).startswith("上") else 0)
        monday = today.toordinal() - today.weekday() - back
        day = date.fromordinal(monday + weekday)
        return f"{day.year}年{day.month}月{day.day}日"

    text = _WEEKDAY.sub(last_week, text)

    def bare_weekday(m: re.Match[str]) -> str:
        if not _EVENT_AFTER.match(text, m.end()) or re.search(r"(?:到|至)\s*$", text[max(0, m.start() - 2):m.start()]):
            return m.group(0)
        back = (today.weekday() - _WEEKDAYS[m.group(1)]) % 7
        day = date.fromordinal(today.toordinal() - back)
        return f"{day.year}年{day.month}月{day.day}日"

    text = _BARE_WEEKDAY.sub(bare_weekday, text)
    text = _REL_YEAR_ONLY.sub(lambda m: f"{today.year + _YEAR_REL[m.group(1)]}年", text)

    def same_year(m: re.Match[str]) -> str:
        # 2023年借的 说好当年底还: the year of the date said before it, not this year
        years = re.findall(r"((?:19|20)\d{2})\s*年", text[:m.start()])
        if not years:
            return m.group(0)
        year = int(years[-1])
        if m.group(2) in ("底", "末"):
            return f"{year}年12月31日"
        return f"{year}年"

    text = _SAME_YEAR.sub(same_year, text)
    text = _YEAR_END.sub(lambda m: f"{m.group(1)}年12月31日" if m.group(2) in "底末" else f"{m.group(1)}年1月1日", text)
    text = _PROMISED_YEAR_END.sub(lambda m: promised_year_end(m, text, today), text)
    text = re.sub(r"(?<![\d年])(?:今年)?年(?:底|末)", f"{today.year}年12月31日", text)
    return written_dates(text, today)


def normalise(text: str, today: date) -> str:
    """Amounts in Arabic yuan and relative dates made absolute (see the module's docstring); a run of
    numerals too long to be a number becomes ``…`` (before the rewriting and after it, which can join
    amounts: 1万1万 → 1000010000)."""
    return mask_numeral_runs(amounts(dates(mask_numeral_runs(text), today)))
