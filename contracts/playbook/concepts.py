"""The concept lexicon (``concepts.toml``): the legal acts contract clauses express — exempting, waiving a
claim, changing the contract alone, terminating at will, deeming acceptance, forfeiting money paid … — each
with the many phrasings a drafter uses. A pattern rule tests a concept (``params.concepts``) near the objects
it names; every rule on one concept reads every phrasing of it.

The lexicon is validated on load (:func:`lexicon`): names unique and upper-case, at least
:data:`MIN_PHRASINGS` phrasings each, every phrasing a regular expression that compiles.

A hit is the act only when the clause does not negate it (乙方并不因此放弃…, 不视为验收合格): a negation
of the clause reader (``facts.negation_scopes``) that opens before the phrasing, in its fragment, and is not
closed by the 的 of a condition (乙方未按时验收的视为验收合格 is the act), undoes it.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from contracts.playbook import facts as reader

LEXICON_PATH = Path(__file__).with_name("concepts.toml")
MIN_PHRASINGS = 15
#: ``…`` in a phrasing: a gap inside one sentence.
GAP = r"[^。；;\n]{0,16}"
_NAME = re.compile(r"[A-Z][A-Z_]{1,39}")
#: A carve-out kept beside the act (除甲方故意或重大过失外, 但因乙方原因造成的除外, 除非…).
CARVE_OUT = re.compile(r"除(?:非)?[^，,。；;]{1,40}?(?:外|以外)|(?:但|但是)[^。；;]{1,40}?除外|除非")


class ConceptInvalid(ValueError):
    """The lexicon cannot be used: ``where`` names the concept (and phrasing) at fault."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class Concept:
    name: str
    act: str
    actor: str
    affected: str
    phrasings: tuple[str, ...]
    #: The act is one at will: a hit after a ground the sentence names (乙方逾期付款的，甲方有权解除) is a right
    #: on that ground, not this act (facts.unconditional's reading of grounds).
    at_will: bool = False


@dataclass(frozen=True)
class Hit:
    """Where a concept was found in a sentence: the phrasing's span (what the actor is read around)."""

    begin: int
    finish: int

    def start(self) -> int:
        return self.begin

    def end(self) -> int:
        return self.finish


def _expand(phrasing: str) -> str:
    return phrasing.replace("…", GAP)


def parse_lexicon(data: dict) -> dict[str, Concept]:
    """The concepts of a parsed ``concepts.toml``, validated (raises :class:`ConceptInvalid`)."""
    out: dict[str, Concept] = {}
    items = data.get("concept")
    if not isinstance(items, list) or not items:
        raise ConceptInvalid("concept", "词库须至少有一个概念")
    for i, item in enumerate(items):
        name = str(item.get("name", ""))
        where = name or f"concept[{i}]"
        if not _NAME.fullmatch(name):
            raise ConceptInvalid(where, "概念名须为大写英文字母与下划线")
        if name in out:
            raise ConceptInvalid(where, "概念名重复")
        unknown = set(item) - {"name", "act", "actor", "affected", "phrasings", "at_will"}
        if unknown:
            raise ConceptInvalid(where, f"未知字段：{', '.join(sorted(unknown))}")
        for key in ("act", "actor", "affected"):
            if not str(item.get(key, "")).strip():
                raise ConceptInvalid(where, f"{key} 不能为空")
        phrasings = item.get("phrasings") or []
        if len(set(phrasings)) < MIN_PHRASINGS:
            raise ConceptInvalid(where, f"须至少有 {MIN_PHRASINGS} 种不同写法（现有 {len(set(phrasings))} 种）")
        for ph in phrasings:
            if ph.count("{O}") > 1:
                raise ConceptInvalid(f"{where}: {ph}", "{O} 只能出现一次")
            try:
                rx = re.compile(_expand(ph).replace("{O}", "x"))
            except re.error as exc:
                raise ConceptInvalid(f"{where}: {ph}", f"正则表达式无效（{exc}）") from None
            if rx.fullmatch(""):
                raise ConceptInvalid(f"{where}: {ph}", "写法不能匹配空串")
        out[name] = Concept(name=name, act=str(item["act"]), actor=str(item["actor"]),
                            affected=str(item["affected"]), phrasings=tuple(phrasings),
                            at_will=bool(item.get("at_will", False)))
    return out


@lru_cache(maxsize=1)
def lexicon() -> dict[str, Concept]:
    """The shipped lexicon, read and validated once."""
    with open(LEXICON_PATH, "rb") as fh:
        return parse_lexicon(tomllib.load(fh))


@lru_cache(maxsize=64)
def concept_rx(name: str) -> re.Pattern[str]:
    """One regular expression for every phrasing of a concept; the group ``c`` holds the phrasing."""
    every = [_expand(p).replace("{O}", GAP) for p in lexicon()[name].phrasings]
    return re.compile("(?P<c>" + "|".join(f"(?:{p})" for p in every) + ")")


@lru_cache(maxsize=512)
def _objects_rx(objects: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{o})" for o in objects))


def negated_at(sentence: str, pos: int, scopes: list[tuple[int, int]] | None = None) -> bool:
    """The clause negates or prohibits what stands at ``pos`` (:func:`facts.negated_before`)."""
    return reader.negated_before(sentence, pos, scopes)


#: Words that undo whatever act follows them in their fragment, whoever wrote the pattern (不视为放弃,
#: 并不意味着同意, 不构成对…的认可).
UNDOING = re.compile(r"不视为|不视同|不应视为|不得视为|不构成|不意味着|不代表|不等于|不表示|不作为"
                     r"|并不|并未|并非|不因此")


def undone_at(sentence: str, pos: int) -> bool:
    """Words undoing the act stand before ``pos`` in its fragment (乙方签收不视为验收合格)."""
    for m in UNDOING.finditer(sentence, 0, pos):
        if m.end() > pos:
            continue
        if not any(sep in sentence[m.end():pos] for sep in reader.FRAGMENT_SEP + "的"):
            return True
    return False


@lru_cache(maxsize=8192)
def _scopes(sentence: str) -> tuple[tuple[int, int], ...]:
    return tuple(reader.negation_scopes(sentence))


def on_grounds(before: str, words: str) -> bool:
    """A right the sentence grants on a ground (有下列情形之一的, 乙方逾期付款的, 在乙方违约时), not at will."""
    if reader._AT_WILL.search(before) or reader._AT_WILL.search(words):
        return False
    return bool(reader._CONDITION.search(before)) and not reader._OWN_WILL.search(before)


#: Negations and bans no phrasing of a concept needs inside its own words (并不, 并非, 不得 …), read inside a hit
#: (许可方不得随时…审计: the gap took the ban in).
_INNER_NEGATIONS = (reader.MORE_NEGATION, re.compile(r"不得|无权|禁止|严禁"))
#: A ban on making the other side do something (不得要求, 无权强迫): what follows is what is banned.
_BAN_ON_DEMANDING = re.compile(r"(?:不得|不能|无权|禁止|严禁|不可)(?:要求|强迫|迫使|强制|强令|诱使|胁迫)")


@lru_cache(maxsize=256)
def _writes(name: str, k: int) -> bool:
    """Some phrasing of the concept writes the ``k``-th kind of inner negation itself."""
    return any(_INNER_NEGATIONS[k].search(p) for p in lexicon()[name].phrasings)


def _fragment_end(sentence: str, pos: int) -> int:
    ends = [i for i in (sentence.find(sep, pos) for sep in reader.FRAGMENT_SEP) if i != -1]
    return min(ends) if ends else len(sentence)


@lru_cache(maxsize=8192)
def hits(sentence: str, name: str) -> tuple[tuple[int, int], ...]:
    """Every span where the sentence says the concept and does not negate it (every rule on the concept
    reads the same spans: the sentence is searched once per concept)."""
    rx = concept_rx(name)
    scopes = list(_scopes(sentence))
    out = []
    pos = 0
    while pos < len(sentence):
        m = rx.search(sentence, pos)
        if m is None:
            break
        pos = m.start() + 1
        if negated_at(sentence, m.start(), scopes):
            continue
        # 知识产权并不归委托方所有: a negation the phrasing's gap took in (and none of its phrasings writes)
        if any(rx_.search(m.group(0)) and not _writes(name, k) for k, rx_ in enumerate(_INNER_NEGATIONS)):
            continue
        # 不得要求乙方放弃…: a ban on demanding the act is the protective opposite of the act
        if _BAN_ON_DEMANDING.match(m.group(0)) and rx.search(sentence, m.start() + 2, _fragment_end(sentence, m.end())):
            continue
        if lexicon()[name].at_will and on_grounds(sentence[:m.start()], m.group(0)):
            continue
        out.append((m.start(), m.end()))
    return tuple(out)


def find(sentence: str, name: str, objects: tuple[str, ...] = (), within: int = 16, *,
         carved_silent: bool = False) -> Hit | None:
    """The first hit of a concept in a sentence — with ``objects``, one of them within ``within``
    characters of the phrasing (or inside it) — that the sentence does not negate (nor, with
    ``carved_silent``, carve out)."""
    obj = _objects_rx(tuple(objects)) if objects else None
    if obj is not None and not obj.search(sentence):
        return None
    if carved_silent and CARVE_OUT.search(sentence):
        return None
    for start, end in hits(sentence, name):
        if obj is not None and not obj.search(sentence[max(0, start - within):end + within]):
            continue
        return Hit(start, end)
    return None


def is_deferred(sentence: str) -> bool:
    """The sentence leaves the term to later agreement or to one side's word (另议, 以出卖人届时报价为准) — in
    any phrasing of the concept lexicon's DEFER_TO_LATER that the sentence does not negate."""
    if reader.DEFERRAL.search(sentence):
        return True
    # a term with a fallback (协商不成的，按原价格执行) is agreed
    if re.search(r"协商不成|未能达成一致|不能达成一致|按原", sentence):
        return False
    return find(sentence, "DEFER_TO_LATER") is not None
