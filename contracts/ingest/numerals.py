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
