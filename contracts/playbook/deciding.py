"""The article that decides a risk (``deciding.toml``): a rule reads a risk in general terms (a one-sided
clause: 民法典 496/497; a penalty: 585), but the clause's own subject often has an article of its own —
a penalty on a 定金 is 586/587's, a waiver of the limitation defence 197's, a 转委托 923/169's, a 流押 401's.

Each entry names the words of the finding's sentence that call for it (``words``, not ``unless``), the
contract types it is for (``types``, none = every type) and the rule categories it reads (``categories``,
none = every category). :func:`deciding_basis` puts the entry's articles before the rule's own. A rule
may carry entries of its own (``params.basis_by``, same shape); they are tried first. Every article is
checked in the corpus by the tests against the entry's ``keywords``."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from contracts.playbook.spec import CONTRACT_SETTINGS, basis_from_json
from contracts.types import BasisRef

TABLE_PATH = Path(__file__).with_name("deciding.toml")
#: What a contract is besides its type (engine.contract_settings): an entry for one of these is for every
#: typed rule too.
SETTINGS = frozenset(CONTRACT_SETTINGS)
#: At most this many entries speak for one finding.
MAX_ENTRIES = 2


@dataclass(frozen=True)
class Deciding:
    name: str
    words: tuple[re.Pattern[str], ...]
    basis: tuple[BasisRef, ...]
    unless: tuple[re.Pattern[str], ...] = ()
    types: frozenset[str] = frozenset()
    categories: tuple[re.Pattern[str], ...] = ()
    keywords: tuple[str, ...] = ()
    #: The entry fits only when the clause's exemption (facts.Exemption) covers one of these — intent,
    #: gross_negligence, personal_injury, all — and does not carve it out; ``words`` may then be empty.
    covers: frozenset[str] = frozenset()
    #: Contract types (or settings) the entry is never for (a labour contract is no 格式条款 case).
    types_not: frozenset[str] = frozenset()
    #: The entry's articles support the finding's own: they go after its basis, never before it.
    supporting: bool = False
    #: Our side's role (patterns over the names the firm's side goes by: 有限合伙人, 保证人): the entry fits
    #: only when the review is for such a party — an article that protects a limited partner decides a
    #: limited partner's risk, not a general partner's; with no side given it abstains.
    sides: tuple[re.Pattern[str], ...] = ()
    #: Our side's roles the entry is never for (a general partner's unlimited liability, 合伙企业法 39/44, is
    #: not a limited partner's).
    sides_not: tuple[re.Pattern[str], ...] = ()
    #: The entry's law governs the contract in place of the general contract articles (a labour contract's
    #: working time is 劳动法36's, not a 格式条款's, 民法典497): when it fits, the GENERAL_ARTICLES of 民法典 a
    #: rule cites for any contract are dropped from the finding's basis.
    displaces_general: bool = False

    def fits(self, sentence: str, contract_types: set[str], category: str,
             covers: frozenset[str] = frozenset(), side_names: frozenset[str] = frozenset()) -> bool:
        if self.types and not (self.types & contract_types):
            return False
        if self.sides and not any(p.search(name) for p in self.sides for name in side_names):
            return False
        if self.sides_not and any(p.search(name) for p in self.sides_not for name in side_names):
            return False
        if self.types_not and self.types_not & contract_types:
            return False
        if self.categories and not any(c.search(category) for c in self.categories):
            return False
        if self.covers and not (self.covers & covers):
            return False
        if self.words and not any(w.search(sentence) for w in self.words):
            return False
        return not any(u.search(sentence) for u in self.unless)


def entry_from_dict(data: dict[str, Any]) -> Deciding:
    return Deciding(
        name=str(data.get("name", "")), words=tuple(re.compile(w) for w in data.get("words") or ()),
        basis=tuple(basis_from_json(data.get("basis"))), unless=tuple(re.compile(u) for u in data.get("unless") or ()),
        types=frozenset(data.get("types") or ()), categories=tuple(re.compile(c) for c in data.get("categories") or ()),
        keywords=tuple(data.get("keywords") or ()), covers=frozenset(data.get("covers") or ()),
        types_not=frozenset(data.get("types_not") or ()), supporting=bool(data.get("supporting", False)),
        sides=tuple(re.compile(p) for p in data.get("sides") or ()),
        sides_not=tuple(re.compile(p) for p in data.get("sides_not") or ()),
        displaces_general=bool(data.get("displaces_general", False)))


@lru_cache(maxsize=1)
def deciding_table() -> tuple[Deciding, ...]:
    with open(TABLE_PATH, "rb") as fh:
        data = tomllib.load(fh)
    return tuple(entry_from_dict(item) for item in data.get("entry", []))


@lru_cache(maxsize=256)
def _rule_entries(items: str) -> tuple[Deciding, ...]:
    import json
    return tuple(entry_from_dict(item) for item in json.loads(items))


def rule_entries(params: dict[str, Any]) -> tuple[Deciding, ...]:
    """A rule's own ``basis_by`` entries."""
    items = params.get("basis_by") or []
    if not items:
        return ()
    import json
    return _rule_entries(json.dumps(items, ensure_ascii=False, sort_keys=True))


def deciding_basis(basis: list[BasisRef], sentence: str, contract_types: set[str], category: str,
                   own: tuple[Deciding, ...] = (), rule_types: tuple[str, ...] | list[str] = (),
                   covers: frozenset[str] = frozenset(), side_names: frozenset[str] = frozenset()
                   ) -> list[BasisRef]:
    """``basis`` with the articles deciding the risk in ``sentence`` put first (the rule's own entries, then
    the table's); unchanged when no entry fits. An entry for other contract types than a typed rule's is
    not the rule's (its articles are not among the rule's verified ones). ``covers``: what the clause's
    exemption covers (facts.Exemption.covers less its carve-outs), for the entries that read it;
    ``side_names``: the names of the firm's side, for the entries of one side's role. A supporting entry's
    articles (497 beside the article that decides) go after the rest."""
    own_chosen: list[BasisRef] = []
    chosen: list[BasisRef] = []
    support: list[BasisRef] = []
    used = 0
    displaced = False
    for is_own, entry in [(True, e) for e in own] + [(False, e) for e in deciding_table()]:
        # a supporting entry (497 beside the article that decides) takes no deciding entry's place
        if used >= MAX_ENTRIES and not (entry.supporting and not is_own):
            continue
        if entry.types and rule_types and not (entry.types & (set(rule_types) | SETTINGS)):
            continue
        # The rule already cites every article of the entry: its author chose where they stand. An entry
        # that adds the parallel article of another law (民法典972 cited, 合伙企业法33 not) adds that one.
        # A rule's own entry leads with its articles whether or not the rule cites them already.
        missing = [b for b in entry.basis if b not in own_chosen and b not in chosen and b not in support
                   and (is_own or b not in basis)]
        if not missing or not entry.fits(sentence, contract_types, category, covers, side_names):
            continue
        if not (entry.supporting and not is_own):
            used += 1
        displaced = displaced or entry.displaces_general
        # an entry for our side's role (a limited partner's article) leads as a rule's own does: it decides the
        # risk in place of the general article the rule cites for any party
        lead = is_own or bool(entry.sides)
        (support if entry.supporting and not is_own else own_chosen if lead else chosen).extend(missing)
    if support:
        basis = basis + [b for b in support if b not in basis]
    if displaced:
        basis = [b for b in basis if (b.law, b.article) not in GENERAL_ARTICLES]
    if not chosen and not own_chosen:
        return basis
    # The rule's own entries name what decides the risk in these words for this contract type (a result
    # of 技术开发 is 859's, of 技术服务 885's): they lead. The table's articles go before a general first
    # article and after a specific one, which already decides a particular risk.
    rest = chosen + basis if general_first(basis) else basis + chosen
    return own_chosen + [b for b in rest if b not in own_chosen]


def general_first(basis: list[BasisRef]) -> bool:
    """The basis starts with a general article (or is empty): a deciding article goes before it."""
    return not basis or (basis[0].law, basis[0].article) in GENERAL_ARTICLES


#: Articles that state a general rule (格式条款, 违约金, 违约责任, 合同解除, 免责条款, 协议变更): an article of the
#: table that decides the clause's subject goes before them.
_CIVIL = "中华人民共和国民法典"
GENERAL_ARTICLES = frozenset({
    (_CIVIL, 496), (_CIVIL, 497), (_CIVIL, 498), (_CIVIL, 506), (_CIVIL, 509), (_CIVIL, 510), (_CIVIL, 543),
    (_CIVIL, 562), (_CIVIL, 563), (_CIVIL, 577), (_CIVIL, 584), (_CIVIL, 585), (_CIVIL, 470), (_CIVIL, 465),
    ("最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释", 65),
})


def table_laws() -> set[str]:
    return {b.law for e in deciding_table() for b in e.basis}
