"""Word automatic numbering (``w:numPr`` → ``numbering.xml``) resolved to the text Word shows.

A paragraph's list number is not part of its text: Word computes it from the numbering
definitions (``w:abstractNum/w:lvl``: ``w:start``, ``w:numFmt``, ``w:lvlText`` such as
``"第%1条"`` or ``"%1.%2"``, ``w:lvlRestart``, ``w:isLgl``) and per-list counters. The numbering
can be set on the paragraph or inherited from its style."""

from __future__ import annotations

from dataclasses import dataclass, field

from docx.oxml.ns import qn
from lxml.etree import _Element

_W_VAL = qn("w:val")
_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
_ZODIAC = "甲乙丙丁戊己庚辛壬癸"


@dataclass
class Level:
    start: int = 1
    fmt: str = "decimal"
    text: str = "%1."
    restart: int | None = None  # restart after this (0-based) level; None = after any shallower level
    legal: bool = False


@dataclass
class NumberingDefinitions:
    #: numId → {ilvl: Level}
    levels: dict[str, dict[int, Level]] = field(default_factory=dict)
    #: numId → the key its counters live under: the abstractNumId (Word continues a list across
    #: w:num instances of one abstract definition) unless the instance restarts with a
    #: w:startOverride, which makes it a list of its own.
    counter_key: dict[str, str] = field(default_factory=dict)


def _val(el: _Element | None, default: str | None = None) -> str | None:
    if el is None:
        return default
    return el.get(_W_VAL, default)


def _parse_level(lvl: _Element, base: Level | None = None) -> Level:
    level = Level(**vars(base)) if base else Level()
    start = lvl.find(qn("w:start"))
    if start is not None:
        try:
            level.start = int(_val(start, "1") or 1)
        except ValueError:
            pass
    fmt = lvl.find(qn("w:numFmt"))
    if fmt is not None:
        level.fmt = _val(fmt, "decimal") or "decimal"
    text = lvl.find(qn("w:lvlText"))
    if text is not None:
        level.text = _val(text, "") or ""
    restart = lvl.find(qn("w:lvlRestart"))
    if restart is not None:
        try:
            value = int(_val(restart, "0") or 0)
            level.restart = value - 1 if value > 0 else -1  # 0 = never restart
        except ValueError:
            pass
    if lvl.find(qn("w:isLgl")) is not None:
        level.legal = _val(lvl.find(qn("w:isLgl")), "1") not in ("0", "false")
    return level


def parse_numbering(root: _Element | None) -> NumberingDefinitions:
    """Read a ``w:numbering`` element (``None`` when the package has no numbering part)."""
    defs = NumberingDefinitions()
    if root is None:
        return defs
    abstract: dict[str, dict[int, Level]] = {}
    for an in root.iter(qn("w:abstractNum")):
        an_id = an.get(qn("w:abstractNumId"), "")
        levels: dict[int, Level] = {}
        for lvl in an.iter(qn("w:lvl")):
            try:
                ilvl = int(lvl.get(qn("w:ilvl"), "0"))
            except ValueError:
                continue
            levels[ilvl] = _parse_level(lvl)
        abstract[an_id] = levels
    for num in root.iter(qn("w:num")):
        num_id = num.get(qn("w:numId"), "")
        an_id = _val(num.find(qn("w:abstractNumId")), "") or ""
        levels = {k: Level(**vars(v)) for k, v in abstract.get(an_id, {}).items()}
        restarts = False
        for override in num.iter(qn("w:lvlOverride")):
            try:
                ilvl = int(override.get(qn("w:ilvl"), "0"))
            except ValueError:
                continue
            lvl = override.find(qn("w:lvl"))
            if lvl is not None:
                levels[ilvl] = _parse_level(lvl, levels.get(ilvl))
            start = override.find(qn("w:startOverride"))
            if start is not None:
                restarts = True
                levels.setdefault(ilvl, Level())
                try:
                    levels[ilvl].start = int(_val(start, "1") or 1)
                except ValueError:
                    pass
        defs.levels[num_id] = levels
        defs.counter_key[num_id] = f"num:{num_id}" if restarts else f"abstract:{an_id}"
    return defs


def format_value(n: int, fmt: str) -> str:
    if fmt in ("chineseCounting", "chineseCountingThousand", "taiwaneseCounting", "japaneseCounting",
               "taiwaneseCountingThousand", "koreanCounting"):
        return to_chinese(n)
    if fmt in ("chineseLegalSimplified", "ideographLegalTraditional"):
        return to_chinese_legal(n)
    if fmt in ("ideographDigital", "taiwaneseDigital", "japaneseDigitalTenThousand"):
        return "".join("〇一二三四五六七八九"[int(d)] for d in str(n))
    if fmt == "ideographTraditional":
        return _ZODIAC[(n - 1) % 10] if n > 0 else str(n)
    if fmt in ("upperRoman",):
        return to_roman(n)
    if fmt in ("lowerRoman",):
        return to_roman(n).lower()
    if fmt in ("upperLetter",):
        return to_letters(n)
    if fmt in ("lowerLetter",):
        return to_letters(n).lower()
    if fmt in ("decimalEnclosedCircle", "decimalEnclosedCircleChinese"):
        return _CIRCLED[n - 1] if 0 < n <= len(_CIRCLED) else str(n)
    if fmt == "decimalFullWidth":
        return str(n).translate(str.maketrans("0123456789", "０１２３４５６７８９"))
    if fmt == "decimalZero":
        return f"{n:02d}"
    if fmt == "decimalEnclosedParen":
        return f"({n})"
    if fmt == "none":
        return ""
    return str(n)


class NumberingCounter:
    """Walks paragraphs in body order and returns each numbered paragraph's label."""

    def __init__(self, defs: NumberingDefinitions) -> None:
        self.defs = defs
        self.counters: dict[str, dict[int, int]] = {}

    def label(self, num_id: str, ilvl: int) -> str:
        levels = self.defs.levels.get(num_id)
        if not levels or num_id in ("", "0"):
            return ""
        level = levels.get(ilvl)
        if level is None:
            return ""
        counters = self.counters.setdefault(self.defs.counter_key.get(num_id, num_id), {})
        counters[ilvl] = counters[ilvl] + 1 if ilvl in counters else level.start
        for deeper in [k for k in counters if k > ilvl]:
            deeper_level = levels.get(deeper)
            restart = deeper_level.restart if deeper_level else None
            if restart is None or (restart >= 0 and ilvl <= restart):
                del counters[deeper]
        if level.fmt == "bullet":
            return ""
        text = level.text
        for k in range(9):
            token = f"%{k + 1}"
            if token not in text:
                continue
            lvl_k = levels.get(k, Level())
            value = counters.get(k, lvl_k.start)
            fmt = "decimal" if level.legal else lvl_k.fmt
            text = text.replace(token, format_value(value, fmt))
        return text.strip()


# --- number formats ----------------------------------------------------------------------------------
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
