"""Chinese and Arabic numerals as they appear in contract numbering."""

from __future__ import annotations

_DIGITS = {"零": 0, "〇": 0, "○": 0, "Ｏ": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6,
           "七": 7, "八": 8, "九": 9, "壹": 1, "贰": 2, "貳": 2, "叁": 3, "參": 3, "肆": 4, "伍": 5, "陆": 6,
           "陸": 6, "柒": 7, "捌": 8, "玖": 9}
_UNITS = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
_FULLWIDTH = str.maketrans("０１２３４５６７８９", "0123456789")

#: Characters a Chinese or Arabic numeral in a heading can be made of (for regular expressions).
CN_NUM_CHARS = "零〇○一二两三四五六七八九十百千壹贰貳叁參肆伍陆陸柒捌玖拾佰仟"
NUM_CLASS = f"[{CN_NUM_CHARS}0-9０-９]"


def parse_number(token: str) -> int | None:
    """``"十二"`` → 12, ``"二十"`` → 20, ``"一百零三"`` → 103, ``"12"``/``"１２"`` → 12; ``None`` if not a number."""
    token = token.strip().translate(_FULLWIDTH)
    if not token:
        return None
    if token.isdigit():
        return int(token)
    if any(ch not in _DIGITS and ch not in _UNITS for ch in token):
        return None
    if all(ch in _DIGITS for ch in token):
        # Digit-by-digit form: 二〇二五, or a single digit.
        value = 0
        for ch in token:
            value = value * 10 + _DIGITS[ch]
        return value
    total, current = 0, 0
    for ch in token:
        if ch in _DIGITS:
            current = _DIGITS[ch]
        else:
            unit = _UNITS[ch]
            total += (current or 1) * unit
            current = 0
    return total + current


_CN = "零一二三四五六七八九"


def to_chinese(n: int) -> str:
    """12 → ``"十二"``, 20 → ``"二十"``, 105 → ``"一百零五"`` (Word's chineseCounting)."""
    if n <= 0:
        return _CN[0] if n == 0 else str(n)
    if n >= 10000:
        return str(n)
    parts: list[str] = []
    units = [(1000, "千"), (100, "百"), (10, "十"), (1, "")]
    zero_pending = False
    started = False
    for value, name in units:
        digit = n // value % 10
        if digit == 0:
            if started:
                zero_pending = True
            continue
        if zero_pending:
            parts.append("零")
            zero_pending = False
        if not (value == 10 and digit == 1 and not started):
            parts.append(_CN[digit])
        parts.append(name)
        started = True
    return "".join(parts)


_LEGAL = "零壹贰叁肆伍陆柒捌玖"


def to_chinese_legal(n: int) -> str:
    """The capital form (chineseLegalSimplified): 12 → ``"壹拾贰"``."""
    plain = to_chinese(n)
    if n >= 10 and n < 20:
        plain = "一" + plain
    table = str.maketrans("一二三四五六七八九十百千", "壹贰叁肆伍陆柒捌玖拾佰仟")
    return plain.translate(table)


def to_roman(n: int) -> str:
    if n <= 0 or n >= 4000:
        return str(n)
    pairs = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
             (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    out = []
    for value, sym in pairs:
        while n >= value:
            out.append(sym)
            n -= value
    return "".join(out)


def to_letters(n: int) -> str:
    """1 → A, 26 → Z, 27 → AA (Word repeats the letter)."""
    if n <= 0:
        return str(n)
    letter = chr(ord("A") + (n - 1) % 26)
    return letter * ((n - 1) // 26 + 1)
