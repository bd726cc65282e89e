"""Whose interest a rule protects, in the roles a contract gives its parties (``params.protects``).

A rule written for the lessee (a landlord who may take the premises back at any time) is not the firm's
risk when the firm acts for the lessor: the clause is one-sided in our favour. :func:`side_classes` reads
the roles of the firm's side from the names the contract gives it (乙方（承租方） → lessee), and
:func:`protects_us` says whether a rule protecting ``protects`` is our risk. With no side, or a side whose
role the contract does not tell, every rule fires as before."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

#: Role classes and the words contracts use for them.
ROLE_CLASSES: dict[str, tuple[str, ...]] = {
    "lessee": ("承租人", "承租方", "租户", "承租户"),
    "lessor": ("出租人", "出租方", "房东"),
    "employee": ("劳动者", "员工", "职工", "受聘人", "受聘方", "雇员"),
    "employer": ("用人单位", "聘用单位", "聘用方", "雇主"),
    "buyer": ("买受人", "买受方", "买方", "需方", "采购方", "购买方", "购房人"),
    "seller": ("出卖人", "出卖方", "卖方", "供方", "供货方", "销售方", "出售方"),
    "borrower": ("借款人", "借款方"),
    "lender": ("出借人", "出借方", "贷款人", "贷款方"),
    "owner": ("业主", "业主大会", "业主委员会", "全体业主"),
    "manager": ("物业服务人", "物业服务企业", "物业服务方", "物业公司", "物业管理公司"),
    "depositor": ("存货人", "存货方", "寄存人", "寄存方"),
    "keeper": ("保管人", "保管方", "仓储人", "仓储方"),
    "shipper": ("托运人", "托运方"),
    "carrier": ("承运人", "承运方"),
    "franchisee": ("被特许人", "加盟商", "加盟方", "受许人"),
    "franchisor": ("特许人", "特许方"),
    "principal": ("委托人", "委托方", "被代理人"),
    "agent": ("受托人", "受托方", "代理人", "中介人", "中介方", "居间人", "居间方"),
    "orderer": ("定作人", "定作方"),
    "maker": ("承揽人", "承揽方", "加工方", "加工人"),
    "client": ("发包人", "发包方", "建设单位", "总承包人", "总承包方", "总包方", "总承包单位", "施工总承包单位"),
    "builder": ("承包人", "承包方", "施工单位", "施工方", "分包人", "分包方", "分包单位", "专业分包人",
                "劳务分包人", "专业分包单位"),
    "guarantor": ("保证人", "保证方", "担保人", "担保方"),
    "creditor": ("债权人",),
    "discloser": ("披露方", "披露人"),
    "recipient": ("接收方", "接收人", "接受方"),
    "donor": ("赠与人", "赠与方"),
    "donee": ("受赠人", "受赠方"),
    "transferor": ("转让方", "转让人", "让与人", "许可方", "许可人"),
    "transferee": ("受让方", "受让人", "被许可方", "被许可人"),
    "learner": ("学员", "受训方", "受训人", "学生"),
    "trainer": ("培训机构", "培训方", "培训学校", "培训中心"),
    "advertiser": ("广告主",),
    "publisher": ("广告经营者", "广告发布者"),
    "artist": ("艺人", "演员", "表演者", "演出方", "歌手"),
    "talent_agency": ("经纪公司", "经纪方", "经纪机构", "演艺经纪公司"),
    "organizer": ("主办方", "主办单位", "演出举办单位", "举办方"),
    "platform": ("平台经营者", "电子商务平台经营者", "平台方", "平台运营方"),
    "merchant": ("平台内经营者", "入驻商家", "入驻商户", "入驻方", "商家"),
}

#: The class on the other side of each class.
OPPOSITES: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in {
    "lessee": {"lessor"}, "lessor": {"lessee"}, "employee": {"employer"}, "employer": {"employee"},
    "buyer": {"seller"}, "seller": {"buyer"}, "borrower": {"lender", "creditor"}, "lender": {"borrower", "guarantor"},
    "owner": {"manager"}, "manager": {"owner"}, "depositor": {"keeper"}, "keeper": {"depositor"},
    "shipper": {"carrier"}, "carrier": {"shipper"}, "franchisee": {"franchisor"}, "franchisor": {"franchisee"},
    "principal": {"agent"}, "agent": {"principal"}, "orderer": {"maker"}, "maker": {"orderer"},
    "client": {"builder"}, "builder": {"client"}, "guarantor": {"creditor", "lender"},
    "creditor": {"guarantor", "borrower"}, "discloser": {"recipient"}, "recipient": {"discloser"},
    "donor": {"donee"}, "donee": {"donor"}, "transferor": {"transferee"}, "transferee": {"transferor"},
    "advertiser": {"publisher"}, "publisher": {"advertiser"}, "learner": {"trainer"}, "trainer": {"learner"},
    "artist": {"talent_agency", "organizer"}, "talent_agency": {"artist"}, "organizer": {"artist"},
    "platform": {"merchant"}, "merchant": {"platform"},
}.items()}

_BY_WORD = {word: cls for cls, words in ROLE_CLASSES.items() for word in words}


_ROLE_WORDS = re.compile("|".join(sorted(map(re.escape, _BY_WORD), key=len, reverse=True)))


def side_classes(names: Iterable[str]) -> frozenset[str]:
    """The role classes of the firm's side from every name the contract gives it — a role word inside a
    description counts too (乙方（艺人林若溪） → artist; 被特许人 is not 特许人: the longest word wins)."""
    return frozenset(_BY_WORD[m.group(0)] for n in names for m in _ROLE_WORDS.finditer(n))


def protects_us(protects: Iterable[str], ours: frozenset[str]) -> bool:
    """A rule protecting ``protects`` is our risk unless our side's roles are all on the other side of it
    (we are the lessor and the rule protects the lessee). Unknown roles: our risk."""
    protected = set(protects)
    if not protected or not ours or ours & protected:
        return True
    against = set().union(*(OPPOSITES.get(p, frozenset()) for p in protected))
    return not (ours & against)


#: The classes of the party that pays the price (rent, the price of goods, fees, wages) and of the party paid
#: for its goods or work. A duty a sentence lays on no one — paying late, a deposit or an advance kept — falls
#: on the payer.
PAYING = frozenset({"lessee", "buyer", "borrower", "owner", "depositor", "shipper", "franchisee", "principal",
                    "orderer", "client", "learner", "advertiser", "employer", "transferee", "merchant", "customer"})
ENGAGED = frozenset({"lessor", "seller", "lender", "manager", "keeper", "carrier", "franchisor", "agent", "maker",
                     "builder", "trainer", "publisher", "employee", "transferor", "platform", "provider"})


def payer_is_us(roles: Iterable[str]) -> bool | None:
    """Whether the firm's side (its role classes) is the party that pays the price: True, False, or None when
    its roles do not tell (no side, or roles on both lists)."""
    roles = set(roles)
    paying, engaged = bool(roles & PAYING), bool(roles & ENGAGED)
    if paying == engaged:
        return None
    return paying


# -- the contract's own labels bound to the roles of its type (issue 21) ------------------------------------

_LEXICON_FILE = Path(__file__).with_name("roles.toml")


@lru_cache(maxsize=1)
def _lexicon() -> tuple[dict[str, tuple[tuple[str, tuple[str, ...]], ...]], frozenset[str]]:
    """Each type's role classes, in party-block order, with their words; and the generic words."""
    data = tomllib.loads(_LEXICON_FILE.read_text(encoding="utf-8"))
    types = {kind: tuple((cls, _twins(words)) for cls, words in classes.items())
             for kind, classes in data["types"].items()}
    return types, frozenset(data.get("generic", ()))


def _twins(words: list[str]) -> tuple[str, ...]:
    """Each word and its twin spelling (寄存人 / 寄存方) for words of three characters or more."""
    out = list(words)
    for word in words:
        if len(word) >= 3 and word[-1] in "人方":
            twin = word[:-1] + ("方" if word[-1] == "人" else "人")
            if twin not in out:
                out.append(twin)
    return tuple(out)


def type_roles(contract_type: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The role classes of a contract type and the words for each (empty for a type with none: 合伙, 其他)."""
    return _lexicon()[0].get(contract_type, ())


@lru_cache(maxsize=1)
def lexicon_words() -> frozenset[str]:
    """Every role word of the lexicon."""
    return frozenset(w for classes in _lexicon()[0].values() for _, words in classes for w in words)


@lru_cache(maxsize=1)
def statutory_words() -> frozenset[str]:
    """Role words the law itself uses (平台经营者): kept as the law's word, never a misnamed party."""
    return frozenset(tomllib.loads(_LEXICON_FILE.read_text(encoding="utf-8")).get("statutory", ()))


def generic_words() -> frozenset[str]:
    """Role words that are also ordinary nouns (客户, 公司): they bind a party, never rewrite a rule's text."""
    return _lexicon()[1]


@dataclass(frozen=True)
class Binding:
    """A role class of the contract's type and the party that holds it: every label the contract gives that
    party (``names``), the one it uses most (``label``), and how the binding was made — ``word`` (a label is a
    word of the class), ``remaining`` (the other party of two holds the other class), ``position`` (no label
    tells: the party block's order)."""

    role: str
    names: tuple[str, ...]
    label: str
    how: str


def _preferred(names: list[str], text: str) -> str:
    """The label the contract uses most for a party (甲方 over 加盟方 when the body says 甲方); a generic word only
    when the contract has nothing else."""
    own = [n for n in names if n not in generic_words()] or names
    return max(own, key=lambda n: (text.count(n), -own.index(n)))


def bind_labels(groups: list[list[str]], contract_type: str, text: str) -> tuple[Binding, ...]:
    """Each party (its labels, in party-block order: contracts.ingest.parties.party_labels) bound to a role class
    of the type's lexicon: by a label that is a word of one class only; else, of two parties, the one left takes
    the class left; else, with no label telling either, by the order the type's parties are customarily given."""
    classes = type_roles(contract_type)
    if not classes or not groups:
        return ()
    bound: dict[int, tuple[str, str]] = {}
    ambiguous: set[int] = set()
    for i, names in enumerate(groups):
        # a label of one class binds; a label of two (承包人) leaves the party to the other's word
        hits = {cls for cls, words in classes for n in names if n in words}
        one = {cls for n in names for cls in [c for c, words in classes if n in words]
               if sum(n in words for _, words in classes) == 1}
        if len(one) == 1:
            bound[i] = (one.pop(), "word")
        elif hits and not one:
            ambiguous.add(i)
    # two parties of one class (a table repeating 买受人 for a co-buyer) bind none by their words
    roles_held = [role for role, _ in bound.values()]
    bound = {i: b for i, b in bound.items() if roles_held.count(b[0]) == 1}
    parties = [i for i, names in enumerate(groups) if any(re.fullmatch(r"[甲乙]方", n) for n in names)] or \
        list(range(len(groups)))
    known = lexicon_words()
    # a party whose labels are no role word of the lexicon (车主 in a 租赁, or only 甲方) is bound by its place
    unknown = {i for i, names in enumerate(groups) if not any(n in known for n in names)} | ambiguous
    if len(classes) == 2 and len(parties) == 2:
        first, second = parties
        free = [i for i in (first, second) if i not in bound]
        if len(free) == 1 and free[0] in unknown:
            taken = bound[first if free[0] == second else second][0]
            bound[free[0]] = (next(cls for cls, _ in classes if cls != taken), "remaining")
        elif len(free) == 2 and set(free) <= unknown:
            bound[first] = (classes[0][0], "position")
            bound[second] = (classes[1][0], "position")
    return tuple(Binding(role, tuple(groups[i]), _preferred(groups[i], text), how)
                 for i, (role, how) in sorted(bound.items()))


def bound_names(bindings: tuple[Binding, ...], contract_type: str) -> dict[str, str]:
    """For each word of the type's lexicon the contract does not use, the contract's own label for the role it
    names (被特许人 → 乙方 where the contract says 乙方（加盟方）). Generic words and words the contract uses for any
    party stay as they are; a role no party is bound to maps nothing (no name is invented)."""
    used = {n for b in bindings for n in b.names}
    out: dict[str, str] = {}
    for b in bindings:
        for cls, words in type_roles(contract_type):
            if cls != b.role:
                continue
            for word in words:
                if word not in used and word not in generic_words():
                    out[word] = b.label
    return out


#: Classes no other type's party stands in for: a worker is no seller, and a lender, a property manager or an
#: owner met in another contract is a third party (the buyer's bank, the building's 物业).
_NO_EXCHANGE = frozenset({"employer", "employee", "lender", "borrower", "manager", "owner"})
#: Types whose exchange has a third party in another type's place (融资租赁's 出卖人 supplies the thing leased).
_THIRD_PARTY = {"finance_lease": frozenset({"seller", "buyer"})}


def exchange_names(bindings: tuple[Binding, ...], contract_type: str, text: str = "") -> dict[str, str]:
    """A role word of another type's exchange names this contract's party in the same place: the party that pays
    the price or the one paid for its goods, work or service (PAYING, ENGAGED) — 平台内经营者 in a 分销 contract is
    its buyer, 承揽人 in a sale its seller. Only parties bound by their labels (not by order) stand in, and only for
    words the contract never writes (a 承运人 it names is a carrier, not its seller)."""
    place: dict[str, str] = {}
    for b in bindings:
        if b.how == "position" or b.role in _NO_EXCHANGE:
            continue
        if b.role in PAYING:
            place.setdefault("paying", b.label)
        elif b.role in ENGAGED:
            place.setdefault("engaged", b.label)
    if len(place) < 2:
        return {}
    used = {n for b in bindings for n in b.names} | generic_words()
    own = {w for _, words in type_roles(contract_type) for w in words}
    out: dict[str, str] = {}
    classes = dict(ROLE_CLASSES)
    for kind in _lexicon()[0].values():
        for cls, words in kind:
            classes[cls] = tuple(dict.fromkeys((*classes.get(cls, ()), *words)))
    for cls, words in classes.items():
        if cls in _NO_EXCHANGE or cls in _THIRD_PARTY.get(contract_type, ()):
            continue
        where = "paying" if cls in PAYING else "engaged" if cls in ENGAGED else ""
        if not where:
            continue
        for word in words:
            if word not in used and word not in own and word not in text:
                out.setdefault(word, place[where])
    return out
