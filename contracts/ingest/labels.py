"""The numbering label a paragraph starts with (第五条, 第二章, 一、, （一）, 1., 1.1, 附件二 …).

A label counts only at the very start of a paragraph and only when what follows looks like a
heading's title or the clause's text — never like a sentence that merely mentions a clause
(``第五条约定的…``, ``第八条第（二）项…``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from contracts.ingest.numerals import NUM_CLASS, parse_number

# Leading characters stripped before looking for a label: indentation and list bullets.
_LEAD = " \t\u3000\u00a0\ufeff\u200b"
_SEP = r"[\s\u3000\u00a0、:：.．,，]"

_ARTICLE = re.compile(rf"^第\s*({NUM_CLASS}{{1,6}})\s*(条|章|节)")
_CN_ENUM = re.compile(r"^([零〇一二三四五六七八九十百壹贰叁肆伍陆柒捌玖拾]{1,5})\s*[、.．]")
_CN_ENUM_SPACE = re.compile(r"^([一二三四五六七八九十]{1,3})[\u3000 ]{1,3}(?=[\u4e00-\u9fff])")
_PAREN = re.compile(rf"^[（(]\s*({NUM_CLASS}{{1,4}}|[a-zA-Z])\s*[）)]")
_HALF_PAREN = re.compile(r"^(\d{1,3}|[a-zA-Z])[）)]")
_CIRCLED = re.compile(r"^[①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳]")
_DECIMAL = re.compile(r"^(\d{1,3}(?:[.．]\d{1,3}){0,4})"
                      r"(?:([.．、])(?![\d])|(?=[\s\u3000])|(?=[\u4e00-\u9fff（(“\"【]))")
_DECIMAL_FULL = re.compile(r"^([０-９]{1,3}(?:[.．][０-９]{1,3}){0,4})([.．、])")
_UNIT_AFTER_NUMBER = ("元", "倍", "万", "亿", "米", "年", "月", "日", "个", "天", "小", "吨")
_ANNEX = re.compile(rf"^附\s*[件录表]\s*({NUM_CLASS}{{0,4}})")

# What may not directly follow 第X条/章 when it starts a paragraph: a reference, not a heading.
_REFERENCE_TAIL = ("第", "款", "项", "规定", "约定", "所", "的", "之", "中", "和", "及", "或", "至", "、第", "项下",
                   "下", "同", "相关", "有关", "，", ",", "。", "；", "至第", "以及", "与", "、")
_REFERENCE_ITEM = re.compile(rf"^[（(]\s*{NUM_CLASS}{{1,3}}\s*[）)]\s*(项|款|目|条|之)")
_DASHES = "—–-－一"
_ANNEX_BAD_TAIL = ("为", "与", "是", "作为", "均", "及", "和", "具有", "属于", "构成", "中", "所", "的", "内容",
                   "约定", "规定", "经", "一式", "共", "应", "须", "系", "如", "由", "等")


@dataclass(frozen=True)
class Label:
    """``scheme``: article | chapter | section (第X节) | cn (一、) | pcn (（一）) | paren (（1）/1）/①) |
    dec (1. / 1.1) | annex. ``numbers``: the numeric value(s) (``(1, 2)`` for ``1.2``); ``text``:
    the label as written (``"第五条"``, ``"1.2"``); ``rest``: what follows the label."""

    scheme: str
    numbers: tuple[int, ...]
    text: str
    rest: str

    @property
    def number(self) -> int:
        return self.numbers[0] if self.numbers else 0

    @property
    def depth(self) -> int:
        return len(self.numbers)


def strip_lead(text: str) -> str:
    return text.lstrip(_LEAD)


def _rest_after(text: str, end: int) -> tuple[str, bool]:
    rest = text[end:]
    stripped = rest.lstrip(" \t\u3000\u00a0")
    had_space = len(stripped) != len(rest)
    return stripped, had_space


def parse_label(text: str) -> Label | None:
    """The label at the start of ``text``, if any (see module docstring)."""
    s = strip_lead(text)
    if not s:
        return None
    if s.startswith("第") and len(s) > 2 and s[1] in _DASHES and s[2] in "条章节":
        s = "第一" + s[2:]  # OCR reads 一 as a dash
    m = _ARTICLE.match(s)
    if m:
        n = parse_number(m.group(1))
        if n is None or n <= 0:
            return None
        kind = {"条": "article", "章": "chapter", "节": "section"}[m.group(2)]
        rest, had_space = _rest_after(s, m.end())
        if not had_space and rest.startswith(_REFERENCE_TAIL):
            return None
        if _REFERENCE_ITEM.match(rest):
            return None  # 第五条（二）项…
        if had_space and rest.startswith(("第", "款", "项", "、", "，", "。")):
            return None
        rest = rest.lstrip("、:：.．")
        return Label(kind, (n,), re.sub(r"\s+", "", m.group(0)), rest.strip())
    m = _ANNEX.match(s)
    if m:
        rest, had_space = _rest_after(s, m.end())
        num = parse_number(m.group(1)) if m.group(1) else 0
        if m.group(1) and num is None:
            return None
        body = rest.lstrip(":：、.． ")
        if body.startswith(_ANNEX_BAD_TAIL) or "。" in body or len(s) > 60:
            return None
        return Label("annex", (num or 0,), re.sub(r"\s+", "", m.group(0)), body.strip())
    m = _PAREN.match(s)
    if m:
        token = m.group(1)
        n = ord(token.lower()) - 96 if token.isascii() and token.isalpha() else (parse_number(token) or 0)
        kind = "pcn" if m.group(1)[0] in "零〇一二三四五六七八九十" else "paren"
        return Label(kind, (n,), re.sub(r"\s+", "", m.group(0)), s[m.end():].strip())
    m = _HALF_PAREN.match(s)
    if m:
        g = m.group(1)
        n = int(g) if g.isdigit() else ord(g.lower()) - 96
        return Label("paren", (n,), m.group(0), s[m.end():].strip())
    if _CIRCLED.match(s):
        return Label("paren", ("①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳".index(s[0]) + 1,), s[0], s[1:].strip())
    m = _CN_ENUM.match(s) or _CN_ENUM_SPACE.match(s)
    if m:
        n = parse_number(m.group(1))
        if n is None or n <= 0 or n > 200:
            return None
        rest = s[m.end():].strip()
        return Label("cn", (n,), m.group(0).strip(), rest)
    m = _DECIMAL.match(s) or _DECIMAL_FULL.match(s)
    if m:
        raw = m.group(1).translate(str.maketrans("０１２３４５６７８９．", "0123456789."))
        numbers = tuple(int(x) for x in raw.split("."))
        sep = m.group(2) if m.lastindex and m.lastindex >= 2 else None
        if len(numbers) == 1 and not sep:
            return None  # "2024年…", "3 个月…": a bare number is not a label
        if numbers[0] == 0 or numbers[0] > 300:
            return None
        rest = s[m.end():].strip()
        if rest[:1] in ("%", "％", "‰") or (len(numbers) >= 2 and rest[:1] in _UNIT_AFTER_NUMBER):
            return None
        label = m.group(0).strip()
        return Label("dec", numbers, label, rest)
    return None


def label_of(auto_number: str, text: str) -> tuple[Label | None, bool]:
    """The paragraph's leading label: Word's automatic number when it has one, else the text's.
    The flag says whether the label came from Word numbering."""
    if auto_number:
        label = parse_label(auto_number)
        if label is not None:
            rest = strip_lead(text).strip()
            return Label(label.scheme, label.numbers, label.text, rest), True
    return parse_label(text), False


def title_like(rest: str) -> bool:
    """Short heading text with no sentence punctuation: ``违约责任``, ``甲方的权利和义务``."""
    rest = rest.strip()
    if not rest:
        return True
    if len(rest) > 32:
        return False
    return not re.search(r"[。；;，,！？]", rest.rstrip("：:"))


def heading_title(rest: str) -> str:
    """The short title after a clause number: the whole rest when it is title-like, else the
    text before a colon or a wide space when that part is short."""
    rest = rest.strip()
    if not rest:
        return ""
    if title_like(rest):
        return rest.rstrip("：:").strip()
    m = re.match(r"^([^。；;，,：:\s]{1,20})(?:[：:]|[\s\u3000]{1,})", rest)
    if m:
        return m.group(1)
    return ""
