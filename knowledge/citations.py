"""Extract statute citations from free text.

Handles 《X法》第N条, X法第N条, 民法典1254条, 第N条第M款第K项, ranges (第N条至第M条, expanded and
capped), lists (第N条、第M条和第K条, 第N、M条), and references resolved from context: 本法/该法/同法
(the nearest preceding law mention, or ``default_law``) and a bare 第N条 in the same sentence as a
law citation. A citation of a law the index does not know (《中华人民共和国不存在法》第3条), or by a
short name several documents answer to (行政诉讼法解释第十二条), is kept with ``law=None`` and
``law_text`` set, so a verifier can report it as invalid (and, for the latter, name the candidates).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from knowledge.lawnames import LawNameIndex, normalize_name
from knowledge.numerals import CN_NUMERAL_CHARS, ArticleNumber, cn_to_int

#: Expansion of a range (第一条至第九十九条) stops after this many articles.
MAX_RANGE_ARTICLES = 50

Via = Literal["explicit", "context"]


@dataclass(frozen=True)
class Citation:
    """One cited article.

    ``law`` is the resolved full name (None when unknown or unresolvable); ``law_text`` is how the
    law was written (《》 stripped; 本法/该法 for references; None for a bare 第N条). ``via`` is
    ``explicit`` when the law is written right before the article, ``context`` when it was taken
    from an earlier mention or ``default_law``. ``span`` is the slice of the text the citation came
    from (including the law name when it directly precedes the first article of a group).
    """

    law: str | None
    law_text: str | None
    article: ArticleNumber
    paragraph: int | None
    item: int | None
    span: tuple[int, int]
    via: Via


@dataclass(frozen=True)
class _Ref:
    article: ArticleNumber
    paragraph: int | None
    item: int | None
    start: int
    end: int
    range_from_previous: bool


@dataclass(frozen=True)
class _LawAt:
    law: str | None
    law_text: str | None
    start: int
    via: Via


_NUM = rf"(?:[0-9０-９]+|[{CN_NUMERAL_CHARS}]+)"
_WS = r"[ \t\u3000]*"
_SUFFIX = rf"(?:{_WS}之{_WS}(?P<suffix>[一二三四五六七八九十0-9]+))"
_PARA = rf"(?:{_WS}第{_WS}(?P<para>{_NUM}){_WS}款)"
_ITEM = rf"(?:{_WS}第?{_WS}[（(]?{_WS}(?P<item>{_NUM}){_WS}[）)]?{_WS}项)"
_REF_RE = re.compile(
    rf"(?P<di>第)?{_WS}(?P<num>{_NUM}){_WS}(?P<tiao>条)?{_SUFFIX}?{_PARA}?{_ITEM}?(?!{_WS}[款项章节编])"
)
_EXTRA_PARA_RE = re.compile(rf"(?:{_WS}(?:、|和|及|或者|或){_WS}第{_WS}{_NUM}{_WS}款)+")
_LIST_SEP_RE = re.compile(rf"{_WS}(、|，|,|和|及|以及|与|或者|或|并)\s*")
_RANGE_SEP_RE = re.compile(rf"{_WS}(至|到|～|~|－|—|-){_WS}")
_COMPACT_SEPS = "、|和|及|至|到|-|－|—|～|~"
_COMPACT_RE = re.compile(rf"第{_WS}(?P<nums>{_NUM}(?:{_WS}(?:{_COMPACT_SEPS}){_WS}{_NUM})+){_WS}条")
_COMPACT_SPLIT_RE = re.compile(rf"{_WS}({_COMPACT_SEPS}){_WS}")
_RANGE_WORDS = frozenset("至到-－—～~")
_GROUP_START_RE = re.compile(rf"第{_WS}{_NUM}|[0-9０-９]+{_WS}条")
_VERSION_NOTE_RE = re.compile(r"[（(][^（）()\n]{1,20}[）)]\s*$")

_SELF_REFS = ("本法", "本条例", "本规定", "本办法", "本解释", "本决定", "本法典")
_PEER_REFS = ("该法", "同法", "此法", "上述法律", "前述法律", "该条例", "该规定", "该办法", "该解释")
_NORM_SUFFIX_RE = re.compile(
    r"(?:法|法典|条例|规定|办法|解释|细则|决定|规则|修正案|纪要|意见|准则|公约|条约|协定)"
    r"(?:（[一二三四五六七八九十0-9]+）)?$"
)
_UNQUOTED_NAME_RE = re.compile(
    r"[\u4e00-\u9fff《》（）]{1,40}?(?:法|法典|条例|修正案|解释|细则)(?:（[一二三四五六七八九十0-9]+）)?$"
)
_TRIGGERS_RE = re.compile(
    "根据|依据|依照|按照|参照|适用|违反|援引|引用|对照|结合|符合|触犯|认为|指出|即|和|与|及|或|是|在|对|由"
)
_GENERIC_NAMES = frozenset(
    {"办法", "方法", "做法", "说法", "立法", "司法", "执法", "违法", "合法", "依法", "非法"}
)
_BARE_PREDECESSOR_RE = re.compile(
    r"(?:^|[\s，,。；;：:、！？!?（(“\"]|根据|依据|依照|按照|参照|适用|违反|见|即|和|与|及|或者|或|以及|并|"
    r"另外|此外|同时|还有|而)$"
)
#: 本法 preceded by 基 is 基本法, 同法 preceded by 合 is 合同法 …
_REF_WORD_BLOCKERS = {"本法": "基根资", "同法": "合共协认相不", "该法": "应", "此法": "因如"}
#: A bare 第N条 right after one of these belongs to another document (合同第5条, 公约第4条).
_OTHER_DOCUMENT_RE = re.compile(
    r"(?:合同|协议|章程|公约|条约|协定|规则|细则|办法|条例|规定|决定|解释|意见|》)\s*$"
)
_SENTENCE_END = "。；;！!？?\n"


def extract_citations(text: str, index: LawNameIndex, *, default_law: str | None = None) -> list[Citation]:
    """Every statute citation in ``text``, in order of appearance.

    ``default_law`` is the law the text belongs to (e.g. when extracting cross-references from an
    article of that law): 本法 and bare 第N条 then resolve to it.
    """
    norm = text.replace("(", "（").replace(")", "）")
    mentions = [*index.find_in_text(norm, ambiguous=True), *_unknown_quoted_mentions(norm, index)]
    mentions.sort()
    citations: list[Citation] = []
    pos = 0
    while True:
        match = _GROUP_START_RE.search(norm, pos)
        if match is None:
            break
        start = match.start()
        if _inside(mentions, start):
            pos = start + 1
            continue
        refs = _parse_group(norm, start)
        if not refs:
            pos = start + 1
            continue
        law_at = _law_for_group(norm, start, mentions, index, default_law)
        if law_at is not None:
            citations.extend(_expand(refs, law_at))
        pos = refs[-1].end
    return citations


def _inside(mentions: list[tuple[int, int, str | None]], pos: int) -> bool:
    return any(start <= pos < end for start, end, _ in mentions)


def _unknown_quoted_mentions(norm: str, index: LawNameIndex) -> list[tuple[int, int, str | None]]:
    """《X》 that look like a legal norm (…法, …条例, …规定) but do not resolve: law None."""
    found: list[tuple[int, int, str | None]] = []
    for match in re.finditer(r"《([^《》\n]{2,80})》", norm):
        inner = normalize_name(match[1])
        if index.resolve(inner) is None and _NORM_SUFFIX_RE.search(inner):
            found.append((match.start(), match.end(), None))
    return found


# -- parsing a group of article references ------------------------------------------------------


def _parse_ref(norm: str, pos: int) -> _Ref | None:
    match = _REF_RE.match(norm, pos)
    if match is None or match["tiao"] is None:
        return None
    try:
        number = cn_to_int(match["num"])
        suffix = cn_to_int(match["suffix"]) if match["suffix"] else 0
        article = ArticleNumber(number, suffix)
        paragraph = cn_to_int(match["para"]) if match["para"] else None
        item = cn_to_int(match["item"]) if match["item"] else None
    except ValueError:
        return None
    end = match.end()
    if match["para"]:
        extra = _EXTRA_PARA_RE.match(norm, end)
        end = extra.end() if extra else end
    return _Ref(article, paragraph or None, item or None, pos, end, False)


def _parse_compact(norm: str, pos: int) -> list[_Ref] | None:
    """第N、M、K条 / 第N至M条: numbers sharing one 第 and one 条."""
    match = _COMPACT_RE.match(norm, pos)
    if match is None:
        return None
    parts = _COMPACT_SPLIT_RE.split(match["nums"])
    refs: list[_Ref] = []
    is_range = False
    for i, part in enumerate(parts):
        if i % 2 == 1:
            is_range = part in _RANGE_WORDS
            continue
        try:
            article = ArticleNumber(cn_to_int(part))
        except ValueError:
            return None
        refs.append(_Ref(article, None, None, pos, match.end(), is_range and i > 0))
    return refs


def _parse_group(norm: str, start: int) -> list[_Ref]:
    refs = _parse_compact(norm, start) or ([ref] if (ref := _parse_ref(norm, start)) else [])
    if not refs:
        return []
    pos = refs[-1].end
    while True:
        nxt = _next_in_group(norm, pos)
        if nxt is None:
            return refs
        refs.extend(nxt)
        pos = nxt[-1].end


def _next_in_group(norm: str, pos: int) -> list[_Ref] | None:
    range_sep = _RANGE_SEP_RE.match(norm, pos)
    list_sep = None if range_sep else _LIST_SEP_RE.match(norm, pos)
    sep = range_sep or list_sep
    if sep is None:
        return None
    after = sep.end()
    if list_sep and list_sep[1] in "，," and not norm.startswith("第", after):
        return None
    if not (norm.startswith("第", after) or norm[after : after + 1].isdigit()):
        return None
    refs = _parse_compact(norm, after) or ([ref] if (ref := _parse_ref(norm, after)) else [])
    if not refs:
        return None
    if range_sep:
        refs[0] = _Ref(refs[0].article, refs[0].paragraph, refs[0].item, refs[0].start, refs[0].end, True)
    return refs


# -- finding the law a group belongs to -------------------------------------------------------------


def _law_for_group(
    norm: str,
    start: int,
    mentions: list[tuple[int, int, str | None]],
    index: LawNameIndex,
    default_law: str | None,
) -> _LawAt | None:
    before = norm[:start]
    stripped = _VERSION_NOTE_RE.sub("", before).rstrip()
    for m_start, m_end, name in mentions:
        if m_end == len(stripped):
            return _LawAt(name, normalize_name(norm[m_start:m_end]), m_start, "explicit")
    for ref_word in _SELF_REFS:
        if _ends_with_word(stripped, ref_word):
            law = default_law or _nearest_mention(mentions, start)
            return _LawAt(law, ref_word, len(stripped) - len(ref_word), "context")
    for ref_word in _PEER_REFS:
        if _ends_with_word(stripped, ref_word):
            law = _nearest_mention(mentions, start) or default_law
            return _LawAt(law, ref_word, len(stripped) - len(ref_word), "context")
    unknown = _unquoted_unknown_name(stripped, index)
    if unknown is not None:
        return _LawAt(None, unknown, len(stripped) - len(unknown), "explicit")
    if norm[start] != "第":
        return None  # 1254条 without 第 only counts right after a law name
    return _bare_reference(before, start, mentions, default_law)


def _ends_with_word(text: str, word: str) -> bool:
    """本法 at the end of 依照本法, but not the tail of 基本法; 同法 not the tail of 合同法."""
    if not text.endswith(word):
        return False
    prev = text[-len(word) - 1 : -len(word)]
    return not prev or prev not in _REF_WORD_BLOCKERS.get(word, "")


def _nearest_mention(mentions: list[tuple[int, int, str | None]], pos: int) -> str | None:
    preceding = [m for m in mentions if m[1] <= pos]
    return preceding[-1][2] if preceding else None


def _unquoted_unknown_name(stripped: str, index: LawNameIndex) -> str | None:
    """合同法 in 根据合同法第52条: an unquoted name the index does not know."""
    match = _UNQUOTED_NAME_RE.search(stripped[-40:])
    if match is None:
        return None
    name = match[0]
    cut = list(_TRIGGERS_RE.finditer(name))
    if cut:
        name = name[cut[-1].end() :]
    name = name.strip("《》")
    if len(name) < 3 or name in _GENERIC_NAMES or name.startswith(("本", "该", "同", "此", "上述", "前述")):
        return None
    if "《" in name or "》" in name or index.resolve(name) is not None:
        return None
    return name


def _bare_reference(
    before: str, start: int, mentions: list[tuple[int, int, str | None]], default_law: str | None
) -> _LawAt | None:
    """A bare 第N条: the text's own law, or a law cited earlier in the same sentence."""
    if _OTHER_DOCUMENT_RE.search(before[-6:]):
        return None
    if default_law:
        return _LawAt(default_law, None, start, "context")
    if not _BARE_PREDECESSOR_RE.search(before[-4:] if before else ""):
        return None
    sentence_start = max((before.rfind(ch) for ch in _SENTENCE_END), default=-1) + 1
    in_sentence = [m for m in mentions if m[1] <= start and m[0] >= sentence_start]
    if not in_sentence or in_sentence[-1][2] is None:
        return None
    return _LawAt(in_sentence[-1][2], None, start, "context")


# -- expansion into citations -------------------------------------------------------------------------


def _expand(refs: list[_Ref], law_at: _LawAt) -> list[Citation]:
    out: list[Citation] = []
    for i, ref in enumerate(refs):
        span_start = min(law_at.start, ref.start) if i == 0 else ref.start
        if ref.range_from_previous and i > 0:
            out.extend(_range_between(refs[i - 1], ref, law_at))
            continue
        out.append(_citation(ref, law_at, (span_start, ref.end)))
    return _dedupe(out)


def _range_between(low: _Ref, high: _Ref, law_at: _LawAt) -> list[Citation]:
    """The articles after ``low`` up to ``high``; with ``low`` itself at most MAX_RANGE_ARTICLES."""
    span = (low.start, high.end)
    a, b = low.article, high.article
    if a.number == b.number and b.suffix > a.suffix:
        articles = [ArticleNumber(a.number, s) for s in range(a.suffix + 1, b.suffix + 1)]
    elif b.number > a.number:
        articles = [ArticleNumber(n) for n in range(a.number + 1, b.number + 1)]
        if b.suffix:
            articles.append(b)
    else:
        articles = [b]
    return [
        Citation(law_at.law, law_at.law_text, art, None, None, span, law_at.via)
        for art in articles[: MAX_RANGE_ARTICLES - 1]
    ]


def _citation(ref: _Ref, law_at: _LawAt, span: tuple[int, int]) -> Citation:
    return Citation(law_at.law, law_at.law_text, ref.article, ref.paragraph, ref.item, span, law_at.via)


def _dedupe(citations: list[Citation]) -> list[Citation]:
    seen: set[tuple[str | None, ArticleNumber, int | None, int | None, tuple[int, int]]] = set()
    out: list[Citation] = []
    for c in citations:
        key = (c.law, c.article, c.paragraph, c.item, c.span)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out
