"""The offline reviewer: playbook rules applied to a contract's sections, no LLM.

- :func:`section_findings` — the pattern and numeric-limit rules on one section; each finding quotes
  the sentence (or, in a long sentence, the comma-separated fragment) it fired on, with offsets into
  ``section.text``;
- :func:`missing_clause_findings` — the required-clause rules over the whole contract (one finding,
  with no section, per clause the contract lacks);
- :func:`contract_facts` — what a section's rule may need from the rest of the contract (the total
  price for 定金 as a share of it, the contract term for 试用期).

The contract's text is only ever matched against the rules; nothing in it is read as an instruction.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Protocol

from contracts.playbook import concepts, numbers, sides
from contracts.playbook import facts as reader
from contracts.playbook.deciding import deciding_basis, general_first, rule_entries
from contracts.playbook.spec import (
    FactParams,
    MissingClauseParams,
    NumericParams,
    PatternParams,
    RuleSpec,
    validate_rule,
)
from contracts.types import Finding

#: Ends a sentence (a clause's item lines end at a line break).
_SENTENCE_END = "。；;！!？?\n"
#: Separates fragments inside a sentence.
_FRAGMENT_SEP = "，,：:、"
#: A sentence longer than this is narrowed to the fragment(s) around what fired.
LONG_SENTENCE = 80
#: At most this many findings of one rule in one section (a clause repeating a phrase is one issue).
PER_RULE_PER_SECTION = 3
#: Section kinds no clause rule reads: the cover (title, 使用说明, party block) and the signature block.
SKIPPED_KINDS = ("preamble", "signature")
#: Section kinds searched for a required clause (the cover, party block and signature are not clauses).
CLAUSE_KINDS = ("clause", "chapter", "annex")


class SectionLike(Protocol):
    order: int
    number: str
    title: str
    text: str
    kind: str


@dataclass(frozen=True)
class DelayPenalty:
    """One side's penalty for delay (逾期交货, 逾期付款, 工期延误): who pays it and its daily percent of its base."""

    payer: str
    daily_percent: float
    #: How the contract says it (每日合同总价款的0.5%, 每日50 元).
    said: str = ""


@dataclass(frozen=True)
class BreachPenalty:
    """One side's one-off penalty for its breach (乙方违约的，应支付合同总价30%的违约金): who pays it, its share of
    its base in percent (an amount as a share of the contract's total price) and how the contract says it."""

    payer: str
    percent: float
    said: str = ""


@dataclass(frozen=True)
class ContractFacts:
    """Facts of the whole contract a clause's rule may compare with."""

    text: str = ""
    #: 合同总价 / 总价款 / 借款金额 … in yuan, when the contract states one.
    total_price: float | None = None
    #: The monthly wage (月工资 / 月薪 / 基本工资) in yuan, when stated outside a 试用期 sentence.
    monthly_wage: float | None = None
    #: The contract's term in months (合同期限 三年 / a date range), when stated.
    term_months: float | None = None
    #: 无固定期限 (labour contracts).
    open_ended: bool = False
    #: 以完成一定工作任务为期限 (labour contracts).
    task_based: bool = False
    #: The party the firm acts for, as the contract names it (甲方, 出租人 …), or "" when not stated.
    side: str = ""
    #: The contract type the text reads as (contracts.ingest guess), used when the type set is 其他 or a
    #: broad 服务 and the text is a narrower kind (承揽, 广告 …).
    guessed_type: str = ""
    #: The further types a title naming two types holds, when the parties bear the roles of each (房屋买卖居间合同
    #: with 出卖人, 买受人 and 居间方: the brokerage's rules run beside the sale's).
    also_types: frozenset[str] = frozenset()
    #: Every name the contract gives the firm's side (甲方（出租人） → {甲方, 出租人}).
    side_names: frozenset[str] = frozenset()
    #: A role word a rule's text uses → the name this contract gives that party (出卖人 → 乙方), for the
    #: role words the contract itself does not use.
    role_names: tuple[tuple[str, str], ...] = ()
    #: The role classes of the firm's side (sides.ROLE_CLASSES: lessee, employer …), from its names.
    side_roles: frozenset[str] = frozenset()
    #: What the contract is besides its type, for the articles that decide its risks: ``consumer`` (a party
    #: is a consumer or a learner: 民事诉讼法解释31 for a standard forum clause) and ``prepaid`` (a consumer
    #: pays in advance: 预付式消费解释) and ``housing`` (a 商品房 sale: 商品房买卖解释).
    settings: frozenset[str] = frozenset()
    #: A short name a party is given (服务提供方（以下简称“云帆”） → (云帆, 服务提供方)), to read a clause that names
    #: the party by it (云帆住所地的人民法院).
    aliases: tuple[tuple[str, str], ...] = ()
    #: The firm's side drafted the terms (its side says so: 即本协议起草方, 本方文本): its own one-sided terms
    #: are its risk too — a court strikes them (497) and a regulator fines them.
    we_drafted: bool = False
    #: The contract has a foreign element (a party or the subject matter abroad: facts.foreign_element).
    foreign_element: bool = False
    #: The parties whose liability the contract caps (甲方的违约责任以合同总价10%为限 → 甲方; ``双方`` when
    #: shared).
    capped: frozenset[str] = frozenset()
    #: The parties whose liability a clause leaves expressly without limit (赔偿全部损失, 不设上限).
    unlimited: frozenset[str] = frozenset()
    #: Each side's penalty for delay, per day as a percent of its base (乙方逾期每日千分之五 → (乙方, 0.5); an amount
    #: per day — 每逾期一日伍拾元 — as a share of the total price): the two sides' penalties compared.
    delay_penalties: tuple[DelayPenalty, ...] = ()
    #: Each side's one-off penalties for its breach (facts.Figure: a penalty as a share or an amount), and the
    #: sides whose breach a clause names at all (乙方违约的，应承担违约责任): a side named without a figure pays none.
    breach_penalties: tuple[BreachPenalty, ...] = ()
    breach_named: frozenset[str] = frozenset()


@lru_cache(maxsize=4096)
def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _excepted(patterns: Iterable[str], sentence: str) -> bool:
    """An ``unless`` word the sentence says — and does not negate: in 无需征得甲方同意 the word 同意 is what
    the clause waives, not a safeguard it keeps (a negation that begins the word itself, 不得保留, counts)."""
    scopes = reader.negation_scopes(sentence)
    for p in patterns:
        for m in _rx(p).finditer(sentence):
            if not any(a < m.start() < b for a, b in scopes):
                return True
    return False


def _any(patterns: Iterable[str], text: str) -> re.Match[str] | None:
    for p in patterns:
        m = _rx(p).search(text)
        if m:
            return m
    return None


# -- spans ---------------------------------------------------------------------------------------------


def sentences(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of each sentence of ``text``, whitespace trimmed; the end excludes the punctuation.
    Every rule asks this of the same section: it is split once."""
    return _sentences(text)


@lru_cache(maxsize=1024)
def _sentences(text: str) -> tuple[tuple[int, int], ...]:
    spans = []
    start = 0
    for i, ch in enumerate(text + "\n"):
        if ch in _SENTENCE_END or i == len(text):
            a, b = start, i
            while a < b and text[a].isspace():
                a += 1
            while b > a and text[b - 1].isspace():
                b -= 1
            if b > a:
                spans.append((a, b))
            start = i + 1
    return tuple(spans)


def _sentence_of(spans: Sequence[tuple[int, int]], pos: int) -> tuple[int, int]:
    for a, b in spans:
        if a <= pos < b:
            return a, b
    return pos, pos


def narrow(text: str, sentence: tuple[int, int], start: int, end: int, *,
           fragment: bool = False) -> tuple[int, int]:
    """The quote for a hit at ``start:end``: the whole sentence when it is short (unless ``fragment``),
    else the fragments (between commas) that contain the hit."""
    a, b = sentence
    if b - a <= LONG_SENTENCE and not fragment:
        return a, b
    left = max((text.rfind(sep, a, start) for sep in _FRAGMENT_SEP), default=-1)
    lo = left + 1 if left >= a else a
    rights = [i for i in (text.find(sep, end, b) for sep in _FRAGMENT_SEP) if i != -1]
    hi = min(rights) if rights else b
    while lo < hi and text[lo].isspace():
        lo += 1
    return lo, hi


# -- facts of the whole contract -------------------------------------------------------------------------

#: (货物总价值 / 总金额 of goods in store or in transit is what the goods are worth, not the price.)
_TOTAL = re.compile(r"(?<!货物)(?<!货值)(?:合同总价款?|总价款|合同总金额|合同总额|合同金额|合同价款|总金额|总价(?!值)"
                    r"|总租金|借款金额|借款本金|借款数额|服务费总额|开发经费|研究开发经费和报酬|合同价格|货款总额|价款总额"
                    r"|成交价款?|转让价款?|车辆价款|房屋总价)")
#: An unticked option of a form (☐无固定期限) is not the contract's choice.
_OPEN_ENDED = re.compile(r"(?<![☐□])无固定期限")
_TASK_BASED = re.compile(r"(?<![☐□])以完成一定(?:的)?工作任务为期限")
#: A party described as a consumer or a learner (乙方（学员、消费者）, 消费者：张三).
_CONSUMER = re.compile(r"[（(][^）)\n]{0,15}(?:消费者|学员)[^）)\n]{0,10}[）)]"
                       r"|(?:^|\n)\s*(?:消费者|学员)(?:姓名)?\s*[:：]"
                       # a home's fit-out for its owner: the owner is a consumer (消费者权益保护法)
                       r"|家庭居室装饰装修|住宅(?:室内)?装饰装修|家庭装修|家装")
#: A party described as an employee (乙方（员工许佳琪）, 劳动者：张三): a confidentiality or non-compete
#: agreement with one is a labour matter (劳动合同法 23–25).
_EMPLOYEE = re.compile(r"[（(][^）)\n]{0,15}(?:员工|劳动者|职工|雇员)[^）)\n]{0,20}[）)]"
                       r"|(?:^|\n)\s*(?:员工|劳动者|职工)(?:姓名)?\s*[:：]")
#: A sale of a commercial house (商品房买卖解释).
_HOUSING = re.compile(r"商品房(?:买卖|预售|销售|现售)")
#: A contract concluded by clicking or ticking on the drafter's page, or declared accepted by registering, paying
#: or using (点击“同意并订购”, 勾选同意, 一经注册即视为您已阅读并同意): every term is a 格式条款 of its drafter.
_STANDARD_FORM = re.compile(r"点击[“\"‘]?(?:同意|我已阅读|接受)|勾选[^。；\n]{0,12}(?:同意|已阅读|接受)"
                            r"|审慎阅读|一经(?:点击|勾选|注册|登录|使用|下单|订购|付款)"
                            r"|(?:注册|登录|使用|下单|订购|付款)[^。；\n]{0,12}即(?:表示|视为)(?:您|用户|客户)?"
                            r"(?:已)?(?:阅读|同意|接受)")
#: Money a consumer pays before the service: 预付式消费.
_PREPAID = re.compile(r"预付|预收|预存|充值|学费|课时费|课程费|会员费|培训费")


@lru_cache(maxsize=64)  # missing_clause_findings reads it once per rule with settings
def contract_settings(text: str) -> frozenset[str]:
    """``consumer`` when a party is a consumer or learner; ``prepaid`` when such a contract takes money in
    advance; ``housing`` for a 商品房 sale; ``employment`` when a party is an employee; ``standard_form`` when it is
    concluded by clicking or using on the drafter's page (ContractFacts.settings)."""
    found = {"housing"} if _HOUSING.search(text) else set()
    if _EMPLOYEE.search(text):
        found.add("employment")
    if _CONSUMER.search(text):
        found |= {"consumer", "prepaid"} if _PREPAID.search(text) else {"consumer"}
    if _STANDARD_FORM.search(text[:6000]):
        found.add("standard_form")
    return frozenset(found)
_WAGE = re.compile(r"(?:月工资|月薪|基本工资|工资标准|每月工资|月基本工资|转正后?工资)(?:为|是|：|:)?")
_MONTHLY_RENT = re.compile(r"(?:月租金|每月租金|租金(?:标准)?(?:为|是)?每月|租金每月)(?:为|是|：|:)?")
_TERM = re.compile(r"(?:劳动合同期限|本合同期限|合同期限|聘用期限|合同有效期|租赁期限|租期|借款期限|服务期限"
                   # 本合同为固定期限劳动合同，期限自……至……止: the term named right after the contract
                   r"|合同[，,]\s*(?:合同)?期限)"
                   r"(?:为|是|：|:|自)?")


def _clip(text: str, start: int, length: int) -> str:
    region = text[start:start + length]
    cut = min((i for i in (region.find(c) for c in "。；;\n") if i != -1), default=len(region))
    return region[:cut]


#: Role words that name the same party, and the other side of each (seller ↔ buyer …); the first group of
#: a pair is the party that delivers or is engaged, the second the one that pays or commissions.
ROLE_GROUPS: tuple[tuple[tuple[str, ...], tuple[str, ...], str, str], ...] = (
    (("出卖人", "卖方", "供方", "供货方", "出售方"), ("买受人", "买方", "需方", "采购方", "购买方"),
     r"交付|交货|供货|发货|出售|出卖|供应", r"采购|购买|订购|买受"),
    (("出租人", "出租方"), ("承租人", "承租方"), r"将.{0,40}出租给|出租", r"承租|租用"),
    (("受托人", "受托方", "研究开发人", "开发方", "服务方", "承揽人", "承包人", "承包方"),
     ("委托人", "委托方", "定作人", "发包人", "发包方"), r"受托|接受.{0,4}委托|承接|开发|提供.{0,6}服务", r"委托|发包"),
    (("劳动者",), ("用人单位",), r"应聘|提供劳动", r"聘用|招用|录用|支付.{0,4}工资"),
    (("借款人", "债务人"), ("出借人", "贷款人", "债权人"), r"借款人|向.{0,6}借款", r"出借|提供借款|借给"),
    (("中介人", "居间人"), ("委托人",), r"居间|中介|促成|提供.{0,4}(?:房源|信息|机会)", r"委托"),
    (("承运人",), ("托运人",), r"承运|运输", r"托运"),
    (("保管人",), ("存货人", "寄存人"), r"保管|储存", r"寄存|存货"),
    (("被许可方", "受让方"), ("许可方", "转让方", "让与人"), r"受让|被许可", r"许可|转让"),
    # 中介人 / 居间人 / 经纪人: a 中介合同 names the intermediary in any of these.
    (("中介人", "居间人", "经纪人"), ("委托人", "委托方"), r"居间|中介|促成|介绍|提供.{0,6}(?:房源|信息|机会)",
     r"委托"),
    (("接收方", "使用方"), ("提供方", "披露方"), r"接收|使用.{0,4}(?:数据|信息)|处理.{0,4}(?:数据|信息)",
     r"提供.{0,6}(?:数据|信息)|披露"),
    (("赠与人",), ("受赠人",), r"赠与|捐赠|赠送", r"受赠|接受.{0,4}(?:赠与|捐赠)"),
    (("物业服务人", "物业服务企业", "物业公司", "物业管理公司"), ("建设单位", "开发建设单位"),
     r"提供.{0,4}物业(?:服务|管理)|物业服务|物业管理", r"选聘|聘请|委托"),
)
#: The groups whose first party supplies the goods, the thing, the work or the service and whose second pays
#: for it: a role word of one of them that a contract of another does not use names that contract's party in
#: the same place (出卖人 in a 承揽 contract is its 承揽人, 委托方 its 定作人). Labour, loans, gifts and data have
#: no such place in another contract.
_EXCHANGE_GROUPS = (0, 1, 2, 5, 6, 7, 8, 9, 12)


#: Each role in both spellings (保管人 / 保管方): a contract may use either.
ROLE_GROUPS = tuple((reader._with_variants(engaged), reader._with_variants(paying), ev, pv)
                    for engaged, paying, ev, pv in ROLE_GROUPS)


def declared_roles(text: str) -> frozenset[str]:
    """The role words the contract gives its parties in its party block or its definitions: 甲方：…,
    出租人（甲方）：…, （以下简称“乙方”）, 甲方/出租人. A role word that only turns up in the body (a quoted
    statute's 承租人) is not one of them. Empty when the contract declares none."""
    role = reader._ROLE_RX.pattern
    found: set[str] = set()
    for rx in (rf"(?m)^\s*(?:[（(]?[一二三四五六七八九十\d]+[)）、.]?\s*)?({role})"
               rf"\s*(?:[（(][^）)\n]{{0,20}}[）)])?\s*[:：]",
               rf"(?:以下简称|下称|简称)\s*[“\"‘]?({role})",
               rf"({role})\s*[（(](?:以下简称|下称|简称)?\s*[“\"]?({role})[”\"]?\s*[）)]",
               rf"({role})\s*[/／]\s*({role})"):
        for m in re.finditer(rx, text):
            found |= {g for g in m.groups() if g}
    return frozenset(found - GENERIC_ROLES)


def _two_parties(text: str, given: frozenset[str]) -> tuple[str, str] | None:
    """The two parties a contract is between, by the names it uses: 甲方 and 乙方 when it has both, else the
    two role words it declares when it declares exactly two (数据提供方“提供方” and 数据使用方“使用方”), in the
    order they first appear; ``None`` otherwise."""
    if "甲方" in text and "乙方" in text:
        return "甲方", "乙方"
    if len(given) == 2:
        first, second = sorted(given, key=lambda word: text.find(word))
        return first, second
    return None


def party_bindings(text: str, contract_type: str = "") -> tuple[sides.Binding, ...]:
    """The contract's own labels for its parties (the party block and its definitions) bound to the role
    classes of its type's lexicon (sides.bind_labels); the type read from the text when not given."""
    from contracts.ingest.parties import party_labels
    kind = contract_type if contract_type and contract_type != "other" else _guess_type(text)
    return sides.bind_labels(party_labels(text, sides.lexicon_words()), kind, text)


@lru_cache(maxsize=64)  # a pure function of the text: contract_facts and missing_clause_findings both read it
def role_names(text: str, contract_type: str = "") -> tuple[tuple[str, str], ...]:
    """For role words the contract does not use, the name it gives that party instead: the label its party
    block binds to that word's role in the type's lexicon (被特许人 → 乙方 where it says 乙方（加盟方）), its own
    synonym (供方 for 出卖人), the role a declaration names (甲方（出卖人）), the party the verbs point to (甲方将房屋
    出租给乙方), else the common drafting convention (甲方 commissions and pays, 乙方 performs)."""
    out = dict(_role_names(text))
    kind = contract_type if contract_type and contract_type != "other" else _guess_type(text)
    bindings = party_bindings(text, kind)
    for how in ("word", "remaining", "position"):
        mapped = sides.bound_names(tuple(b for b in bindings if b.how == how), kind)
        for word, label in mapped.items():
            # a binding by a label overrides a guess; one by the party block's order only fills a gap
            if how != "position" or word not in out:
                out[word] = label
    # a role word of another type's exchange: the party in the same place (pays / is paid), only to fill a gap
    for word, label in sides.exchange_names(bindings, kind, text).items():
        out.setdefault(word, label)
    used = {n for b in bindings for n in b.names}
    out = {w: n for w, n in out.items() if w not in used and w != n}
    return tuple(sorted(out.items(), key=lambda kv: -len(kv[0])))


#: What turns a role word into another noun: 保证人员 (staff), 代理人数, 服务方案, 供方式 are no party.
_ROLE_WORD_GOES_ON = {"人": "员士数口群身格选", "方": "案式面法向针位圆便"}


def _role_count(text: str, word: str) -> int:
    """How often ``word`` stands in ``text`` as a role: not as the head of a longer noun (保证人员 holds no
    保证人, 服务方案 no 服务方)."""
    goes_on = _ROLE_WORD_GOES_ON.get(word[-1:], "")
    if not goes_on:
        return text.count(word)
    return len(_rx(rf"{re.escape(word)}(?![{goes_on}])").findall(text))


def _role_names(text: str) -> tuple[tuple[str, str], ...]:
    out: dict[str, str] = {}
    given = declared_roles(text)

    def present(word: str) -> bool:
        # A contract that declares its parties goes by the names it declares.
        return word in given if given else _role_count(text, word) > 0

    resolved: list[dict[int, str]] = []
    for engaged, paying, engaged_verbs, paying_verbs in ROLE_GROUPS:
        names: dict[int, str] = {}
        resolved.append(names)
        for i, group in enumerate((engaged, paying)):
            used = [(_role_count(text, w), w) for w in group if present(w)]
            if used:
                names[i] = max(used)[1]
        if len(names) < 2:
            for i, group in enumerate((engaged, paying)):
                if i in names:
                    continue
                declared = _rx(rf"(甲方|乙方)\s*[（(](?:以下简称)?[“\"]?(?:{'|'.join(group)})|"
                               rf"(?:{'|'.join(group)})\s*[（(](?:以下简称)?[“\"]?(甲方|乙方)").search(text)
                if declared:
                    names[i] = declared.group(1) or declared.group(2)
        pair = _two_parties(text, given)
        if len(names) < 2 and pair is not None:
            first, second = pair
            both = f"{re.escape(first)}|{re.escape(second)}"
            votes = {first: 0, second: 0}
            for m in _rx(rf"({both})[^，。；\n]{{0,6}}?(?:{engaged_verbs})").finditer(text):
                votes[m.group(1)] += 1
            for m in _rx(rf"({both})[^，。；\n]{{0,6}}?(?:{paying_verbs})").finditer(text):
                votes[second if m.group(1) == first else first] += 1
            engaged_name = second if votes[second] >= votes[first] else first
            names.setdefault(0, engaged_name)
            names.setdefault(1, first if names[0] == second else second)
    # The contract's own supplier and payer, from an exchange group whose two words it uses itself.
    own = next((names for k, names in enumerate(resolved) if k in _EXCHANGE_GROUPS and len(names) == 2
                and all(present(name) for name in names.values())), None)
    data = resolved[10] if len(resolved[10]) == 2 and all(present(n) for n in resolved[10].values()) else None
    for k, ((engaged, paying, _ev, _pv), names) in enumerate(zip(ROLE_GROUPS, resolved, strict=True)):
        if own is not None and k in _EXCHANGE_GROUPS:
            for i in (0, 1):
                names.setdefault(i, own[i])
        # a money debt's 债务人 is the party that pays (a lease's 承租人), its 债权人 the party paid
        if k == 4 and own is not None:
            names.setdefault(0, own[1])
            names.setdefault(1, own[0])
        # a data contract's 提供方 entrusts the processing to its 接收方 (委托方, 受托方)
        if k == 2 and data is not None:
            names.setdefault(0, data[0])
            names.setdefault(1, data[1])
        for i, group in enumerate((engaged, paying)):
            if i in names:
                for word in group:
                    if not present(word) and word != names[i]:
                        out[word] = names[i]
    return tuple(sorted(out.items(), key=lambda kv: -len(kv[0])))


@lru_cache(maxsize=64)  # read up to three times per text (role_names, party_bindings, contract_facts)
def _guess_type(text: str) -> str:
    from contracts.ingest.parties import guess_contract_type
    return guess_contract_type(text[:3000], [], text)


@lru_cache(maxsize=64)
def _also_types(text: str) -> frozenset[str]:
    from contracts.ingest.parties import composite_types
    return composite_types(text[:3000], text)


#: A type set by the lawyer that a narrower type read from the text may refine (its rules apply too).
BROAD_TYPES = {"other": None, "service": {"advertising", "performance", "tech_service", "property", "intermediary",
                                          "transport", "storage", "work", "entrustment"},
               "entrustment": {"intermediary", "advertising", "performance"},
               # 融资租赁 filed as 租赁: the title decides, the 融资租赁 rules apply (the lease rules that do
               # not fit it step aside through their when_not).
               "lease": {"finance_lease"}}


def applies(rule: RuleSpec, contract_type: str, facts: ContractFacts) -> bool:
    """The rule is for this contract's type — the type set, or the narrower type its text reads as when
    the type set is 其他 or a broad one (a 承揽 contract filed as 其他 gets the 承揽 rules)."""
    if rule.applies_to(contract_type):
        return True
    # A composite contract (a three-party 房屋买卖居间合同) is reviewed under each type it holds.
    if any(rule.applies_to(kind) for kind in facts.also_types if kind != contract_type):
        return True
    # A confidentiality or non-compete agreement with an employee is a labour matter: the labour rules that
    # read clauses apply (not its missing-clause checks: an NDA need not state wages or hours).
    if (contract_type == "nda" and "employment" in facts.settings and rule.detection != "missing_clause"
            and rule.applies_to("labor")):
        return True
    guessed = facts.guessed_type
    if not guessed or guessed == contract_type or contract_type not in BROAD_TYPES:
        return False
    allowed = BROAD_TYPES[contract_type]
    return (allowed is None or guessed in allowed) and rule.applies_to(guessed)


#: A note the lawyer adds to the side about the contract, not a name of our party (合同由赠与方甲方起草,
#: 即本协议起草方, 审查其格式协议的合规风险, 合同参照示范文本编制).
_SIDE_NOTE = re.compile(r"起草|提供|拟定|拟制|编制|审查|复核|谈判|协商|参照|示范文本|文本")
#: Our side drafted the terms.
_WE_DRAFTED = re.compile(r"(?:本(?:合同|协议)|合同|协议|格式条款)?(?:的)?(?:起草方|起草人|拟定方|制定方)"
                         r"|本方(?:起草|拟定)?的?(?:文本|格式)|我方(?:起草|拟定)"
                         r"|(?:本|该)?(?:格式)?(?:合同|协议|文本|条款)(?:文本)?(?:的)?(?:提供方|提供人)")


def side_label(side: str) -> str:
    """The side as it names our party: its notes about the contract dropped — what follows a ；inside the
    brackets, and each part that speaks of drafting or reviewing (乙方（受赠方，某中学；合同由赠与方甲方起草） →
    乙方（受赠方，某中学）). A role word in a note names another party, never ours."""
    m = re.match(r"\s*([^（(]*)[（(](.*?)[）)]?\s*$", side or "")
    if not m:
        return (side or "").strip()
    head, inner = m.group(1).strip(), re.split(r"[；;]", m.group(2))[0]
    parts = [p.strip() for p in re.split(r"[，,]", inner) if p.strip() and not _SIDE_NOTE.search(p)]
    return f"{head}（{'，'.join(parts)}）" if parts and head else head or "，".join(parts)


def we_drafted(side: str) -> bool:
    """The lawyer says the firm's side drafted the terms (甲方（…，即本协议起草方）, 甲方（用人单位；合同由甲方起草）);
    a note that another party drafted them (合同由赠与方甲方起草 on 乙方's side, 协议由受让方起草 on 转让方's)
    does not."""
    m = re.search(r"[（(](.*)", side or "")
    if not m:
        return False
    label = side_label(side)
    head = re.split(r"[（(]", label)[0].strip()
    ours = sides.side_classes([label])
    for part in re.split(r"[；;，,]", m.group(1)):
        by = re.search(r"由([^；;，,]{0,12}?)(?:起草|提供|拟定|拟制|制定)", part)
        if by:
            named = by.group(1)
            named_roles = sides.side_classes([named])
            if (head and head in named and not (named_roles and not named_roles & ours)) or (named_roles & ours):
                return True
        elif _WE_DRAFTED.search(part):
            return True
    return False


def side_names(text: str, side: str) -> frozenset[str]:
    """The names the contract gives ``side``: 甲方（出租人）, 出租人（以下简称“甲方”）, 甲方/出租人."""
    side = side_label(side)
    if not side:
        return frozenset()
    # “乙方（承租方）”, “甲方/出租人”: every name given counts.
    names = {side, *(p for p in re.split(r"[（）()/／、,，\s]+", side) if p)}
    # 丙方（出资的普通合伙人郑一鸣）: a role word inside a description names the side too (合伙人).
    names |= {m.group(0) for p in list(names) if p != side for m in reader._ROLE_RX.finditer(p)
              if m.group(0) not in GENERIC_ROLES}
    given = set(names)
    role = reader._ROLE_RX.pattern
    pairs = [(m.group(1), m.group(2)) for rx in (
        # 甲方（出租人）, 出租人（以下简称“甲方”）
        rf"({role})\s*[（(](?:以下简称|下称|简称)?[“\"]?({role})[”\"]?[）)]",
        # 甲方/出租人
        rf"({role})\s*[/／]\s*({role})",
        # 托运方：厦门某某科技有限公司（以下简称甲方）
        rf"(?m)^\s*({role})\s*[:：][^\n（(]{{0,60}}[（(](?:以下简称|下称|简称)[“\"]?({role})[”\"]?[）)]",
    ) for m in re.finditer(rx, text)]
    for a, b in pairs:
        # A generic word (有限公司（以下简称甲方）) names no side; linking through it would join both parties.
        if a in GENERIC_ROLES or b in GENERIC_ROLES:
            continue
        if a in given or b in given:
            names |= {a, b}
    return frozenset(names)


@lru_cache(maxsize=64)
def party_aliases(text: str) -> tuple[tuple[str, str], ...]:
    """The short names the party block gives its parties, each with the role word it stands for: 服务提供方（以下简称
    “云帆”）, 出租方：某某公司（以下简称“星河”）. A short name that is itself a role word (以下简称“甲方”) is no alias
    here (side_names reads those)."""
    role = reader._ROLE_RX.pattern
    head = text[:3000]
    found: dict[str, str] = {}
    label = rf"([\u4e00-\u9fa5]{{0,4}}?(?:{role}))"
    short = r"(?:以下简称|下称|简称)\s*[“\"‘]([^”\"’）)\s]{1,10})[”\"’]"
    for rx in (rf"(?<![\u4e00-\u9fa5]){label}\s*[（(]{short}\s*[）)]",
               rf"(?m)^\s*{label}\s*[:：][^\n（(]{{0,60}}[（(]{short}"):
        for m in _rx(rx).finditer(head):
            word, alias = m.group(1), m.group(2)
            if word in GENERIC_ROLES or reader._ROLE_RX.fullmatch(alias) or alias in found:
                continue
            found[alias] = word
    return tuple(found.items())


#: A court at the seat of a party named by its short name (云帆住所地有管辖权的人民法院).
_ALIAS_SEAT = r"(?:的)?(?:住所地|所在地|注册地|营业地|经营地|注册所在地)"


def _aliased_forum(fact: reader.Forum, text: str, facts: ContractFacts) -> reader.Forum:
    """A forum the reader took for a statutory or named court that sits at a party's seat named by its short name
    is that party's seat."""
    if fact.place not in ("statutory", "named") or not facts.aliases:
        return fact
    where = text[fact.sentence[0]:fact.end]
    for alias, word in facts.aliases:
        if _rx(re.escape(alias) + _ALIAS_SEAT).search(where):
            return replace(fact, place="party_seat", party=word)
    return fact


#: Role words that are also ordinary nouns (有限公司, 客户): never an alias of a side.
GENERIC_ROLES = reader.GENERIC_ROLES | {"业主"}


def bound_side_roles(text: str, names: frozenset[str], contract_type: str = "") -> frozenset[str]:
    """The role classes the party block binds to a party the firm's side is (乙方 where it says 乙方（加盟方）, 车主
    in a lease whose other party is the 承租方) — by its label or as the one party left, never by order alone."""
    if not names:
        return frozenset()
    return frozenset(b.role for b in party_bindings(text, contract_type)
                     if b.how != "position" and set(b.names) & names)


def _with_role_names(names: frozenset[str], roles: tuple[tuple[str, str], ...]) -> frozenset[str]:
    """A side given as a role word the contract does not use (劳动者 in a 甲方/乙方 contract) also goes by
    the name the contract gives that party (:func:`role_names`)."""
    mapped = {name for word, name in roles if word in names}
    return names | mapped if mapped else names


def contract_facts(sections: Sequence[SectionLike], *, side: str = "", contract_type: str = "") -> ContractFacts:
    text = "\n".join(f"{s.title}\n{s.text}" if s.title and s.title not in s.text else s.text for s in sections)
    norm = numbers.normalize(text)
    total = None
    for m in _TOTAL.finditer(norm):
        found = numbers.amounts(_clip(norm, m.end(), 40))
        if found:
            total = found[0].value
            break
    term = None
    for m in _TERM.finditer(norm):
        region = _clip(norm, m.end(), 60)
        ranges = numbers.date_ranges(region)
        spans = ranges or [d for d in numbers.durations(region) if "试用" not in region[max(0, d.start - 6):d.start]]
        if spans:
            term = spans[0].value
            break
    wage = None
    for m in _WAGE.finditer(norm):
        if "试用" in norm[max(0, m.start() - 8):m.start()]:
            continue
        found = numbers.amounts(_clip(norm, m.end(), 20))
        if found:
            wage = found[0].value
            break
    if term is None:
        # A term under its own heading: 第三条 租赁期限 / 自2024年1月1日起至2026年12月31日止.
        for section in sections:
            if re.search(r"期限|租期|有效期", section.title or "") and section.kind != "preamble":
                body = numbers.normalize(section.text)
                spans = numbers.date_ranges(body) or numbers.durations(body[:80])
                if spans:
                    term = spans[0].value
                    break
    if total is None and term:
        # A lease states its rent per month: the total is the monthly rent times the term.
        m = _MONTHLY_RENT.search(norm)
        found = numbers.amounts(_clip(norm, m.end(), 30)) if m else []
        if found:
            total = round(found[0].value * round(term), 2)
    roles = role_names(text, contract_type)
    names = _with_role_names(side_names(text, side), roles)
    bound = bound_side_roles(text, names, contract_type)
    penalties = delay_penalties(sections, total)
    breaches, named = breach_penalties(sections, total)
    return ContractFacts(text=text, total_price=total, term_months=term, monthly_wage=wage,
                         open_ended=bool(_OPEN_ENDED.search(norm)), task_based=bool(_TASK_BASED.search(norm)),
                         side=side, side_names=names, role_names=roles,
                         guessed_type=_guess_type(text), also_types=_also_types(text),
                         side_roles=side_roles(names, roles) | bound,
                         settings=contract_settings(text), we_drafted=we_drafted(side), aliases=party_aliases(text),
                         foreign_element=reader.foreign_element(text), delay_penalties=penalties,
                         breach_penalties=breaches, breach_named=named,
                         capped=frozenset(c.party for s in sections if s.kind not in SKIPPED_KINDS
                                          for c in reader.read_clause(s.text).caps),
                         unlimited=frozenset(p for s in sections if s.kind not in SKIPPED_KINDS
                                             for p in reader.unlimited_parties(s.text)))


#: A penalty for delay: the sentence speaks of being late and of a penalty, late fee or interest for it.
_DELAY = re.compile(r"逾期|迟延|延迟|延误|拖延|超期|晚于|误期|拖欠")
_DELAY_PENALTY = re.compile(r"违约金|滞纳金|罚金|赔偿金|赔偿|利息|资金占用费|计息|罚息")
#: An amount per day of delay (每逾期一日…伍拾元, 每延误一天罚款500元, 按每日200元).
_PER_DAY = re.compile(r"每(?:逾期|迟延|延迟|延误|拖延|超期|误期)?\s*(?:一|1|壹)?\s*(?:个)?(?:日|天|工作日)"
                      r"|按日|/日|/天")
#: Interest at the loan prime rate (按同期贷款市场报价利率, LPR的1.5倍): read at about 3 % a year.
_LPR = re.compile(r"(?:贷款市场报价利率|LPR|贷款基准利率|同期银行贷款利率)(?:的)?"
                  r"(?:(?P<mult>\d+(?:\.\d+)?|[一二两三四])倍)?")
LPR_ANNUAL_PERCENT = 3.0


def _delay_sentence(sentence: str) -> bool:
    return bool(_DELAY.search(sentence) and _DELAY_PENALTY.search(sentence))


def _delay_payer(sentence: str, fact: reader.Fact) -> str:
    return payer_of(sentence) or fact.party


def penalty_per_day(fact: reader.Fact, text: str, total: float | None) -> tuple[float, str] | None:
    """A delay penalty's daily percent of its base and how it is said, or None when the fact is no delay penalty:
    a rate per day or month in a sentence about delay and its penalty, or an amount per day of delay (as a share
    of the contract's total price)."""
    a, b = fact.sentence
    sentence = text[a:b]
    if not _delay_sentence(sentence):
        return None
    if isinstance(fact, reader.Rate) and fact.per in ("day", "month", "hour") and not fact.multiple:
        per = {"hour": "每小时", "day": "每日", "month": "每月"}[fact.per]
        return fact.daily_percent, f"{per}{fact.base + '的' if fact.base else ''}{_fmt(fact.percent, 'percent')}"
    if isinstance(fact, reader.Money) and total and fact.amount < total \
            and _PER_DAY.search(sentence[max(0, fact.start - a - 24):fact.start - a]):
        return fact.amount / total * 100, f"每日{_money_text(fact.amount)}"
    return None


def delay_penalties(sections: Sequence[SectionLike], total: float | None) -> tuple[DelayPenalty, ...]:
    """Every side's delay penalty in the contract (see :class:`DelayPenalty`); interest at the loan prime rate is
    read at :data:`LPR_ANNUAL_PERCENT` a year (times its multiple)."""
    out = []
    for section in sections:
        if section.kind in SKIPPED_KINDS or not section.text.strip():
            continue
        text = numbers.normalize(section.text)
        clause = reader.read_clause(section.text)
        for fact in [*clause.rates, *clause.money]:
            found = penalty_per_day(fact, text, total)
            payer = _delay_payer(text[fact.sentence[0]:fact.sentence[1]], fact)
            if found and payer and not fact.negated:
                out.append(DelayPenalty(payer, found[0], found[1]))
        for a, b in reader.sentence_spans(text):
            sentence = text[a:b]
            m = _LPR.search(sentence)
            if m and _delay_sentence(sentence) and not reader._ROLE_RX.search(sentence[m.end():m.end() + 2]):
                mult = (numbers.to_number(m.group("mult")) if m.group("mult") else 1.0) or 1.0
                payer = payer_of(sentence) or reader.party_at(text, (a, b), m.start())
                said = "按贷款市场报价利率" + (f"的{_fmt(mult, '')}倍" if mult != 1 else "") + "计息"
                if payer:
                    out.append(DelayPenalty(payer, LPR_ANNUAL_PERCENT * mult / 365, said))
    return tuple(out)


#: A side's breach named as the ground of a liability (乙方违约的, 甲方未按约定付款的…应承担违约责任).
_BREACH = re.compile(r"违约|逾期|迟延|延迟|未按(?:约定|合同|时|期)|未能|不能|拒绝|拒不|擅自")
_LIABLE = re.compile(r"违约责任|违约金|赔偿|承担[^。；;，,]{0,6}责任")


def breach_penalties(sections: Sequence[SectionLike],
                     total: float | None) -> tuple[tuple[BreachPenalty, ...], frozenset[str]]:
    """Every side's one-off penalty for breach (a penalty figure as a share, or an amount as a share of the total
    price; a rate per day is a delay penalty, :func:`delay_penalties`), and the sides whose breach a clause names."""
    out: list[BreachPenalty] = []
    named: set[str] = set()
    for section in sections:
        if section.kind in SKIPPED_KINDS or not section.text.strip():
            continue
        text = numbers.normalize(section.text)
        clause = reader.read_clause(section.text)
        for f in clause.figures:
            if f.subject != "penalty" or f.negated or not f.party or f.kind not in ("share", "amount"):
                continue
            if f.kind == "share":
                # 向卖方支付合同总价百分之三十: the base is what follows the paying verb
                base = re.sub(r"^.*?(?:支付|赔偿|给付|偿付|赔付)", "", f.base or "")
                said = f"{base + '的' if base else ''}{_fmt(f.value, 'percent')}"
                out.append(BreachPenalty(f.party, f.value, said))
            elif total and f.value < total:
                out.append(BreachPenalty(f.party, f.value / total * 100, _money_text(f.value)))
        for a, b in reader.sentence_spans(text):
            m = _BREACH.search(text, a, b)
            if m and _LIABLE.search(text, m.end(), b):
                party = reader.party_at(text, (a, b), m.start())
                if party:
                    named.add(party)
    return tuple(out), frozenset(named)


def _other_side(a: str, b: str, facts: ContractFacts) -> bool:
    """``a`` and ``b`` name the two sides of the contract (甲方 and 乙方, 出卖人 and 乙方（买受人）)."""
    if not a or not b or a == b or "双方" in (a, b) or "任何一方" in (a, b):
        return False
    if facts.side_names and (a in facts.side_names) != (b in facts.side_names):
        return True
    names = dict(facts.role_names)
    return COUNTERPARTS.get(a) == b or COUNTERPARTS.get(names.get(a, a)) == names.get(b, b)


def _outweighed(p: FactParams, fact: reader.Fact, text: str, facts: ContractFacts) -> tuple[bool, str]:
    """The two sides' delay penalties differ by ``p.outweighs`` or more: reported for the side that pays the
    heavier one, on its own penalty, and on the other side's when that is a fixed sum per day (with no side
    given, on the heavier one only)."""
    mine = penalty_per_day(fact, text, facts.total_price)
    a, b = fact.sentence
    payer = _delay_payer(text[a:b], fact)
    if mine is None or not payer or fact.negated or mine[0] <= 0:
        return False, ""
    theirs = [d for d in facts.delay_penalties if _other_side(payer, d.payer, facts) and d.daily_percent > 0]
    if not theirs or p.outweighs is None:
        return False, ""
    lightest, heaviest = min(theirs, key=lambda d: d.daily_percent), max(theirs, key=lambda d: d.daily_percent)
    if mine[0] / lightest.daily_percent >= p.outweighs:
        ratio = mine[0] / lightest.daily_percent
        if facts.side and not _side_allows_party("ours", payer, facts):
            return False, ""
        return True, (f"{payer}逾期的违约金约定为{mine[1]}，而{lightest.payer}逾期仅为{lightest.said}，"
                      f"按日计为对方的 {_fmt(ratio, '')} 倍")
    # The lighter one is reported only as a fixed sum per day (每逾期一日伍拾元), which does not grow with the stake and
    # falls short of the loss (585 II); a lighter rate is the law's usual form and the heavier one speaks for it.
    if isinstance(fact, reader.Money) and heaviest.daily_percent / mine[0] >= p.outweighs and facts.side \
            and _side_allows_party("ours", heaviest.payer, facts) and not _side_allows_party("ours", payer, facts):
        ratio = heaviest.daily_percent / mine[0]
        return True, (f"{payer}逾期的违约金仅为{mine[1]}，而{heaviest.payer}逾期为{heaviest.said}，"
                      f"{heaviest.payer}的负担按日计为对方的 {_fmt(ratio, '')} 倍")
    return False, ""


def side_roles(names: frozenset[str], roles: tuple[tuple[str, str], ...] = ()) -> frozenset[str]:
    """The role classes of the firm's side, from the names the contract itself gives it (乙方（承租方）,
    出租方：…（以下简称甲方）). The role words a rule's text is mapped to (``roles``: a guess for words the
    contract does not use) do not count: a side known only as 甲方 has no role, and every rule stays."""
    del roles
    return sides.side_classes(names)


def _for_our_side(rule: RuleSpec, p, found: list[Finding], facts: ContractFacts) -> list[Finding]:
    """Findings of a rule protecting only the other side are not our risk: dropped — also when the firm
    drafted the term and the law may void it (格式条款 497): a term one-sided in our favour is the other
    party's risk, and the lawyer reviewing for us is not asked to comment on it."""
    protects = getattr(p, "protects", None)
    if not found or not protects or not facts.side or sides.protects_us(protects, facts.side_roles):
        return found
    return []


# -- findings ------------------------------------------------------------------------------------------


#: The other party of each pair of roles a contract names (甲方 ↔ 乙方, 出租人 ↔ 承租人 …).
COUNTERPARTS = dict(pair for a, b in (
    ("甲方", "乙方"), ("出租人", "承租人"), ("出租方", "承租方"), ("出卖人", "买受人"), ("卖方", "买方"),
    ("供方", "需方"), ("提供方", "使用方"),
    ("借款人", "出借人"), ("用人单位", "劳动者"), ("委托人", "受托人"), ("委托方", "受托方"), ("发包人", "承包人"),
    ("发包方", "承包方"), ("定作人", "承揽人"), ("托运人", "承运人"), ("存货人", "保管人"), ("赠与人", "受赠人"),
    ("保证人", "债权人"), ("转让方", "受让方"), ("特许人", "被特许人"), ("物业服务人", "业主"), ("许可方", "被许可方"),
    ("披露方", "接收方"), ("广告主", "广告经营者"), ("中介人", "委托人"), ("供货方", "采购方"),
) for pair in ((a, b), (b, a)))
#: 保管方 ↔ 存货方 as well as 保管人 ↔ 存货人.
COUNTERPARTS.update({reader._with_variants((a,))[-1]: reader._with_variants((b,))[-1]
                     for a, b in list(COUNTERPARTS.items()) if len(a) >= 3 and len(b) >= 3})


def fill_parties(text: str, party: str) -> str:
    """A rule's text with ``{party}`` (the party the quoted words are about) and ``{counterparty}`` filled
    in; an unknown party reads 一方 / 对方, so a suggestion never carries an empty blank."""
    if "{" not in text:
        return text
    other = COUNTERPARTS.get(party, "对方") if party else "对方"
    return text.replace("{party}", party or "一方").replace("{counterparty}", other)


#: Punctuation that ends a sentence or a fragment.
_STOPS = "。；;，,！!？?：:"


def fit_punctuation(suggestion: str, following: str) -> str:
    """A rewrite that will sit before ``following`` (the character after the quoted words) with its own
    closing mark dropped when the text already has one — no “。。” or “。，” after the replacement."""
    suggestion = suggestion.strip()
    while suggestion and following and following in _STOPS and suggestion[-1] in _STOPS:
        suggestion = suggestion[:-1]
    return suggestion


def _finding(rule: RuleSpec, section: SectionLike, start: int, end: int, detail: str = "",
             suggestion: str = "", party: str | None = None) -> Finding:
    description = rule.description.strip()
    if detail:
        description = f"{description}（{detail}）"
    if party is None:
        text = numbers.normalize(section.text)
        party = reader.party_at(text, reader._sentence_at(reader.sentence_spans(text), start), start)
    description = fill_parties(description, party)
    suggestion = fit_punctuation(fill_parties(suggestion or rule.suggestion.strip(), party), section.text[end:end + 1])
    return Finding(
        rule_code=rule.code, section_order=section.order, quote=section.text[start:end], start=start, end=end,
        category=rule.category, severity=rule.severity, description=description,
        suggestion=suggestion, basis=list(rule.basis),
    )


def _parsed(rule: RuleSpec):
    if rule.parsed is None:
        validate_rule(rule)
    return rule.parsed


def _heading(section: SectionLike) -> str:
    first = section.text.split("\n", 1)[0][:60]
    return f"{section.number} {section.title} {first}"


def _pattern_findings(rule: RuleSpec, p: PatternParams, section: SectionLike,
                      facts: ContractFacts | None = None) -> list[Finding]:
    """Each sentence a pattern matches; with ``facts`` and a side-aware rule, only the matches whose actor
    (:func:`actor_at`) the side filter allows."""
    text = section.text
    if p.titles and not _any(p.titles, _heading(section)):
        return []
    if p.requires and not _any(p.requires, text):
        return []
    # A safeguard the clause negates (甲方不向乙方支付任何补偿) is not there.
    if p.unless and p.unless_scope == "section" and _excepted(p.unless, text):
        return []
    out: list[Finding] = []
    spans = sentences(text)
    for a, b in spans:
        sentence = text[a:b]
        m = p.match(sentence)
        wanted = p.party
        if m is None and p.said_by_us:
            # the declaration of the side at risk: its speaker is the other one of the rule's side
            m = _any(p.said_by_us, sentence)
            wanted = _OPPOSITE.get(p.party, p.party)
        if m is None:
            continue
        if p.unless and p.unless_scope == "sentence" and _excepted(p.unless, sentence):
            continue
        if p.unless_days_at_least is not None and any(
                d.days >= p.unless_days_at_least for d in reader.read_clause(sentence).durations):
            continue
        detail = ""
        if p.unless_days_at_least is not None and facts is not None:
            # 未在上述验收期限内提出异议的，视为验收合格: the period is defined in another clause (第五条 / the
            # sentence that fixes the 验收期限) — a reasonable one there makes this consequence lawful
            linked = reader.linked_periods(facts.text, sentence)
            if linked and max(days for days, _ in linked) >= p.unless_days_at_least:
                continue
            if linked:
                days, where = min(linked)
                detail = f"所引用的期限约定为 {days:g} 日（{where}），不足 {p.unless_days_at_least:g} 日"
        if p.linked:
            # the risk of this sentence is made by another clause: silent without it, and the finding names it
            control = reader.controlling_clause(p.linked, facts.text if facts is not None else "", sentence)
            if control is None:
                continue
            detail = f"见{control.label or '另一条款'}：“{control.words[:40]}”"
        lo, hi = narrow(text, (a, b), a + m.start(), a + m.end())
        suggestion = ""
        if p.rewrite == "append" and rule.suggestion.strip():
            suggestion = f"{text[lo:hi]}；{rule.suggestion.strip().rstrip('。')}"
        norm = numbers.normalize(text)
        party = (inner_actor(norm, a + m.start(), a + m.end()) if p.actor_inside
                 else actor_at(norm, (a, b), a + m.start(), a + m.end()))
        if p.payer:
            party = payer_of(norm[a:b]) or party
        if facts is not None and wanted != "any" and not _side_allows_party(wanted, party, facts, norm[a:b]):
            continue
        out.append(_finding(rule, section, lo, hi, detail, suggestion=suggestion, party=party or None))
    return out


#: The side a rule's ``said_by_us`` words are spoken by, for each ``party`` of the rule.
_OPPOSITE = {"other": "ours", "ours": "other"}

#: A role that opens a relative clause (甲方提供的资料), owns a thing (借款人的抵押物) or only consents
#: (甲方同意乙方将…) does not act.
_RELATIVE = re.compile(r"[^，,。；;的]{0,6}的")
#: … unless a modal or 将 follows the role at once (乙方有权…的, 乙方将…的).
_ACTS = re.compile(r"\s*(?:有权|可以|可|应|须|不得|无权|无需|将|对)")
_ACTS_INSIDE = re.compile(r"\s*(?:也|亦|仍|都)?(?:有权|可以|可|应|须|不|无权|无需|无须|将|拒绝|一律|均)")


#: A role whose own figure or word decides (乙方报价, 出卖人届时公布的价格, 甲方确定) — or whose own records do
#: (甲方系统记录的数据, 出卖人出库单, 发布方出具的播放报告, 物业服务人的统计数据).
_DECIDES = re.compile(r"\s*(?:届时|当时|最新|实时|单方|另行)?(?:的)?(?:报价|定价|价格表|价格通知|公布|确定|核定|通知的)"
                      # 以甲方书面通知为准: the party whose notice decides
                      r"|\s*(?:的)?(?:书面|正式)?通知(?:为准|确定)"
                      r"|\s*(?:自行|单方|自己|内部)?(?:的)?(?:[A-Za-z]{0,6}(?:系统|平台|后台))?(?:的)?"
                      r"(?:记录|记载|统计|数据|报告|出库单|入库单|台账|账册|单据|出具|填报|认定|判断|核定|计量|核算|评定|考核)")


def inner_actor(text: str, start: int, end: int) -> str:
    """The party named inside ``text[start:end]`` that decides or acts (以届时乙方报价为准 → 乙方), or ""."""
    for m in reader._ROLE_RX.finditer(text, start, end):
        if _DECIDES.match(text, m.end()) or _ACTS_INSIDE.match(text, m.end()):
            return m.group(0)
    return ""


def payer_of(sentence: str) -> str:
    """Who pays the penalty or damages a sentence speaks of: the party required to pay (有权要求乙方支付违约金
    → 乙方), else the party that pays (乙方应向甲方支付违约金 → 乙方); "" when the sentence names none."""
    role = reader._ROLE_RX.pattern
    asked = re.search(rf"(?:要求|责令|由)({role})[^。；;]{{0,12}}(?:支付|赔偿|承担|返还)", sentence)
    if asked:
        return asked.group(1)
    # 乙方违约或者单方解除本合同的，应向甲方支付违约金: the subject of the condition pays.
    # (应按下列公式向甲方支付违约金: the way it is computed may stand between the modal and 向.)
    cond = re.match(rf"[^。；;]{{0,6}}?({role})[^。；;]{{0,30}}?的[，,]\s*(?:应当|应|须|需|还应)"
                    rf"(?:(?:按|按照|依|依照)[^。；;，,向给]{{0,10}})?(?:向|给)"
                    rf"[^。；;，,]{{0,8}}(?:支付|赔偿|承担)[^。；;]{{0,12}}(?:违约金|损失|赔偿金|罚款)", sentence)
    if cond:
        return cond.group(1)
    # 委托方不得聘用…，否则应按该人员年薪的五倍向受托方支付违约金: the one the duty binds pays for breaking it.
    other = re.search(rf"({role})(?:不得|应当|应|须|必须)[^。；;]{{0,60}}?[，,]\s*否则[^。；;]{{0,30}}?"
                      rf"(?:支付|赔偿|承担)[^。；;]{{0,8}}(?:违约金|损失|赔偿金|罚款)", sentence)
    if other:
        return other.group(1)
    # 向承租方支付违约金: a role after 向/给/对 is the one paid, not the payer.
    for pays in re.finditer(rf"({role})(?:应当|应|须|需|必须|还应|另行)?[^。；;，,]{{0,12}}?(?:支付|赔偿|承担)"
                            rf"[^。；;]{{0,12}}(?:违约金|损失|赔偿金|罚款)", sentence):
        # (在受托方年薪的五倍: a role after 在 names whose figure it is, not who pays)
        if not reader._OBJECT_MARK.search(sentence[max(0, pays.start() - 4):pays.start()]) \
                and not sentence[max(0, pays.start() - 1):pays.start()] == "在":
            return pays.group(1)
    return ""


def actor_at(text: str, sentence: tuple[int, int], start: int, end: int) -> str:
    """Who does what ``text[start:end]`` says: a role opening the words (由甲方所在地法院…, 向保管方所在地…),
    else the subject named nearest before them in the sentence — a role after 对/向/给 is an object, one
    that only consents (甲方同意乙方将…) or opens a relative clause (甲方提供的资料) is passed over — else the
    subject of the sentence."""
    a, b = sentence
    m = reader._ROLE_RX.search(text, start, min(end, start + 4))
    opening = ""
    if m and (m.start() - start <= 1 or _SEAT.match(text, m.end())):
        # 客户向定作方付款后…: a generic word (客户, 用户) opening the words is a stranger when a party of the
        # contract is named in the sentence; it acts only when none is.
        if m.group(0) not in reader.GENERIC_ROLES:
            return m.group(0)
        opening = m.group(0)
    # 装修投入甲方不支付任何补偿: a role inside the words that a modal or a negation follows acts.
    for m in reader._ROLE_RX.finditer(text, start, end):
        if _ACTS_INSIDE.match(text, m.end()) and not reader._OBJECT_MARK.search(text[max(a, m.start() - 4):m.start()]):
            return m.group(0)
    before = []
    for m in reader._ROLE_RX.finditer(text, a, start):
        if reader._OBJECT_MARK.search(text[max(a, m.start() - 4):m.start()]):
            continue
        consent = _CONSENTS.match(text, m.end())
        if consent and reader._ROLE_RX.match(text, consent.end()):
            continue
        # 甲方应在乙方提交验收申请后五个工作日内完成验收: a role inside a phrase of time is not the subject.
        if _TIME_OPENS.search(text[max(a, m.start() - 2):m.start()]) and _TIME_CLOSES.match(text, m.end()):
            continue
        # (甲方逾期未验收的，视为…: a 的 inside the matched words closes their condition, not a relative clause)
        relative = _RELATIVE.match(text, m.end())
        if relative and relative.end() <= start and not _ACTS.match(text, m.end()):
            continue
        before.append(m.group(0))
    # 向其他客户展示: a generic word (客户, 用户, 公司) names no party of the contract when one is named.
    named = [r for r in before if r not in GENERIC_ROLES]
    if named:
        return named[-1]
    if opening:
        return opening
    if before:
        return before[-1]
    return reader.party_at(text, sentence, start)


def _fmt(value: float, unit: str) -> str:
    shown = f"{value:.2f}".rstrip("0").rstrip(".")
    return {"percent": f"{shown}%", "annual": f"年化 {shown}%", "months": f"{shown} 个月",
            "days": f"{shown} 日"}.get(unit, shown)


def _regions(text: str, spans: Sequence[tuple[int, int]], p: NumericParams) -> list[tuple[int, int, int]]:
    """For each trigger in ``text``: (trigger start, region start, region end) — the rest of its sentence
    after the trigger up to ``window`` characters, plus a few characters before it in the same fragment.
    A trigger never spans two sentences."""
    out = []
    seen = set()
    for a, b in spans:
        sentence = text[a:b]
        for trig in p.triggers:
            for m in _rx(trig).finditer(sentence):
                t = a + m.start()
                if t in seen:
                    continue
                seen.add(t)
                end = min(b, a + m.end() + p.window)
                before = text[max(a, t - 16):t]
                cut = max((before.rfind(c) for c in "，,"), default=-1)
                out.append((t, t - len(before) + cut + 1, end))
    return sorted(out)


def _broken_limit(value: float, p: NumericParams) -> float | None:
    if p.max is not None and value > p.max + 1e-9:
        return p.max
    if p.min is not None and value < p.min - 1e-9:
        return p.min
    return None


#: The norm a contract period is compared with (定额工期, 合理工期, 工期定额).
_NORM_PERIOD = re.compile(r"定额工期|合理工期|工期定额|标准工期")


def _limit_broken(value: float, p: NumericParams, unit: str) -> str:
    if p.max is not None and value > p.max + 1e-9:
        return f"约定为 {_fmt(value, unit)}，上限 {_fmt(p.max, unit)}"
    if p.min is not None and value < p.min - 1e-9:
        return f"约定为 {_fmt(value, unit)}，不应低于 {_fmt(p.min, unit)}"
    return ""


def probation_limit(term_months: float | None, open_ended: bool, task_based: bool) -> float | None:
    """The longest probation 劳动合同法第十九条 allows for this term (months); 0 when none is allowed,
    None when the term is unknown (then only the 6-month ceiling applies)."""
    if task_based:
        return 0.0
    if term_months is None:
        return 6.0 if open_ended else None
    if term_months < 3 - 1e-6:
        return 0.0
    if term_months < 12 - 0.05:
        return 1.0
    if term_months < 36 - 0.05:
        return 2.0
    return 6.0


def _numeric_findings(rule: RuleSpec, p: NumericParams, section: SectionLike, facts: ContractFacts) -> list[Finding]:
    text = numbers.normalize(section.text)
    if p.requires and not _any(p.requires, text):
        return []
    spans = sentences(text)
    out: list[Finding] = []
    regions = _regions(text, spans, p)
    used: set[int] = set()
    for trig_start, start, end in regions:
        region = text[start:end]
        if p.unless and _any(p.unless, region):
            continue
        hit: tuple[int, int, str] | None = None
        #: The quantity rewritten to the limit, in the clause's own style (百分之三十 → 百分之二十).
        rewrite: str | None = None
        if p.check == "percent":
            for q in numbers.percentages(region):
                if q.period == "day":
                    if p.max_daily is not None and q.value > p.max_daily + 1e-9:
                        hit = (q.start, q.end, f"约定为每日 {_fmt(q.value, 'percent')}，"
                                                   f"上限每日 {_fmt(p.max_daily, 'percent')}")
                        rewrite = numbers.percent_like(region[q.start:q.end], p.max_daily)
                elif q.period in ("", "year"):
                    detail = _limit_broken(q.value, p, "percent")
                    if detail and q.period == "":
                        detail += _share_amount(region[max(0, q.start - 16):q.start], q.value, facts)
                    if detail:
                        hit = (q.start, q.end, detail)
                        rewrite = numbers.percent_like(region[q.start:q.end], _broken_limit(q.value, p) or 0)
                if hit:
                    break
            for base, label, wanted in ((facts.total_price, "合同总价", p.of_total),
                                        (facts.monthly_wage, "月工资", p.of_wage)):
                if hit is not None or not wanted or not base:
                    continue
                for q in numbers.amounts(region):
                    if abs(q.value - base) < 0.5:
                        continue
                    share = q.value / base * 100
                    detail = _limit_broken(share, p, "percent")
                    if detail:
                        hit = (q.start, q.end, f"为{label}的 {_fmt(share, 'percent')}；{detail}")
                        break
        elif p.check == "annual_rate":
            for q in numbers.annual_rates(region):
                detail = _limit_broken(q.value, p, "annual")
                if detail:
                    hit = (q.start, q.end, detail)
                    per = {"year": 1, "month": 12}.get(q.period)
                    limit = _broken_limit(q.value, p)
                    if per and limit is not None:
                        rewrite = numbers.percent_like(region[q.start:q.end], limit / per)
                    break
        elif p.check == "duration":
            for q in numbers.durations(region):
                value = q.value * 30 if p.unit == "day" else q.value
                detail = _limit_broken(value, p, "days" if p.unit == "day" else "months")
                if detail:
                    hit = (q.start, q.end, detail)
                    limit = _broken_limit(value, p) or 0
                    rewrite = numbers.duration_like(region[q.start:q.end], limit / 30 if p.unit == "day" else limit)
                    break
        elif p.check == "period_vs_norm":
            found = numbers.durations(region)
            norm = _NORM_PERIOD.search(region)
            if found and norm:
                after = [d for d in found if d.start >= norm.end() and d.start - norm.end() <= 8]
                q = found[0]
                if after and q.start < norm.start() and after[0].value > 0:
                    share = (1 - q.value / after[0].value) * 100
                    if p.max is not None and share > p.max + 1e-9:
                        hit = (q.start, q.end, f"约定为 {_fmt(q.value * 30, 'days')}，{norm.group(0)} "
                                               f"{_fmt(after[0].value * 30, 'days')}，压缩 {_fmt(share, 'percent')}，"
                                               f"超过 {_fmt(p.max, 'percent')}")
        elif p.check == "probation_vs_term":
            found = numbers.durations(region)
            if found:
                q = found[0]
                limit = probation_limit(facts.term_months, facts.open_ended, facts.task_based)
                if limit is None:
                    if q.value > 6 + 1e-9:
                        hit = (q.start, q.end,
                               f"试用期 {_fmt(q.value, 'months')}，任何劳动合同的试用期均不得超过 6 个月")
                elif q.value > limit + 1e-9:
                    term = "以完成一定工作任务为期限" if facts.task_based else (
                        f"合同期限约 {_fmt(facts.term_months, 'months')}" if facts.term_months is not None
                        else "无固定期限")
                    allowed = "不得约定试用期" if limit == 0 else f"试用期不得超过 {_fmt(limit, 'months')}"
                    hit = (q.start, q.end, f"试用期 {_fmt(q.value, 'months')}；{term}，{allowed}")
                    rewrite = numbers.duration_like(region[q.start:q.end], limit) if limit else None
        if hit is None:
            continue
        q_start, q_end, detail = start + hit[0], start + hit[1], hit[2]
        if q_start in used:
            continue
        used.add(q_start)
        # The trigger nearest before the quantity (支付定金，定金为总价的30%: the second 定金).
        trig_start = max((t for t, _, _ in regions if t <= q_start and t >= start), default=trig_start)
        sentence = _sentence_of(spans, trig_start)
        lo, hi = narrow(text, sentence, min(trig_start, q_start), max(trig_start, q_end), fragment=True)
        lo, hi = min(lo, q_start), max(hi, q_end)
        suggestion = section.text[lo:q_start] + rewrite + section.text[q_end:hi] if rewrite else ""
        out.append(_finding(rule, section, lo, hi, detail, suggestion))
    return out


# -- predicates over the clause reader's facts --------------------------------------------------------------


def _side_allows(p: FactParams, fact: reader.Fact, facts: ContractFacts, text: str = "") -> bool:
    """Whether a fact is the firm's risk given its side: unknown side or party → yes. A penalty or a late fee
    belongs to the party that pays it (payer_of), not to the party named nearest before its figure."""
    a, b = fact.sentence
    sentence = text[a:b]
    party = fact.party
    if isinstance(fact, reader.Figure) and fact.kind != "period" and sentence and fact.party:
        # the figure reader has read the payer (a collecting verb's object; a payee after 向 is none)
        party = payer_of(sentence) or party
    elif isinstance(fact, reader.Money | reader.Rate) and sentence:
        party = payer_of(sentence) or party
    elif (isinstance(fact, reader.Exemption) and not party and fact.bearer and facts.side
          and p.party in ("ours", "other")):
        # 风险由甲方自行承担: the exemption is the other side's of the bearer — the other side's when we bear
        bearer_ours = fact.bearer in facts.side_names
        return bearer_ours if p.party == "other" else not bearer_ours
    return _side_allows_party(p.party, party, facts, sentence)


#: A duty that, when the sentence names no party, falls on the party that pays the price: paying late (and the
#: late fee for it), a deposit, an advance or a fee paid kept.
_PAYERS_DUTY = re.compile(r"(?:逾期|迟延|延迟|拖欠|未按(?:时|期|约定)?)(?:交纳|缴纳|支付|付款|付清|缴付|交费|缴费)"
                          r"|欠费|欠缴|欠付|滞纳金"
                          r"|(?:定金|预付款|首付款|首期款|加盟费|预付|已(?:缴纳|交纳|支付|缴付|付)的?[^。；;，,]{0,16}"
                          r"(?:费|款|金))[^。；;]{0,30}(?:不予退还|不退|概不退还|不予返还)")


def _side_allows_party(wanted: str, party: str, facts: ContractFacts, sentence: str = "") -> bool:
    if wanted in ("any", "drafter") or not facts.side:
        return True
    if not party:
        # 逾期交纳物业费的，按日千分之五加收滞纳金 / 定金均不予退还: a burden named on no one is the payer's (and
        # the right to keep the money the payee's) — our risk only when we pay.
        # A role only in the condition (乙方主动退出的，已缴纳的服务费不予退还) does not name who bears it.
        main = re.split(r"的\s*[，,]", sentence)[-1]
        if sentence and _PAYERS_DUTY.search(sentence) and not reader._ROLE_RX.search(main):
            return sides.payer_is_us(facts.side_roles) is not False
        return True
    ours = party in facts.side_names
    other_party = not ours and party not in ("", "双方", "任何一方")
    if wanted == "ours":
        return not other_party
    return not ours


#: A phrase of time around a role (在乙方提交申请后, 自甲方通知之日起): the role there does not act in the sentence.
_TIME_OPENS = re.compile(r"(?:在|自|从|于|待)\s*$")
_TIME_CLOSES = re.compile(r"[^，,。；;]{0,20}?(?:后|以后|之后|前|以前|之前|时|之日|以来|期间)")
_CONSENTS = re.compile(r"\s*(?:同意|授权|允许|许可|准许|委托)\s*")
_SEAT = re.compile(r"\s*(?:的)?(?:住所地|所在地|注册地|营业地|经营地)")


def _quote_party(section: SectionLike, f: Finding) -> str:
    """The subject of the words a keyword finding quotes: the first party they name that is not an object
    (甲方 in 甲方有权随时解除合同，无需征得乙方同意), else the subject of their sentence."""
    text = numbers.normalize(section.text)
    for m in reader._ROLE_RX.finditer(text, f.start, f.end):
        # 甲方同意乙方将…: the party that consents is not the one that acts.
        if _CONSENTS.match(text, m.end()) and reader._ROLE_RX.match(text, _CONSENTS.match(text, m.end()).end()):
            continue
        # 向保管方所在地人民法院: a party's seat, not an object.
        if _SEAT.match(text, m.end()) or not reader._OBJECT_MARK.search(text[max(f.start, m.start() - 4):m.start()]):
            return m.group(0)
    return reader.party_at(text, reader._sentence_at(reader.sentence_spans(text), f.start), f.start)


def _measure(p: FactParams, fact: reader.Fact, facts: ContractFacts, text: str = "") -> tuple[float, str] | None:
    """The number a predicate compares and how to say it."""
    m = p.measure
    if isinstance(fact, reader.Money):
        if m == "amount":
            return fact.amount, f"{_money_text(fact.amount)}"
        if m == "written_gap":
            if fact.written_as is None:
                return None
            return abs(fact.amount - fact.written_as), (f"{_money_text(fact.amount)}，括号内又写作 "
                                                        f"{_money_text(fact.written_as)}")
        if m == "share_of_total":
            if not facts.total_price or abs(fact.amount - facts.total_price) < 0.5:
                return None
            share = fact.amount / facts.total_price * 100
            return share, (f"{_money_text(fact.amount)}，为合同总价 {_money_text(facts.total_price)} 的 "
                           f"{_fmt(share, 'percent')}")
    if isinstance(fact, reader.Rate):
        per = {"hour": "每小时", "day": "每日", "month": "每月", "year": "每年"}.get(fact.per, "")
        base = f"{fact.base}的" if fact.base else ""
        said = f"{per}{base}{_fmt(fact.percent, 'percent')}" + _formula_amount(fact, facts)
        if m == "percent":
            return fact.percent, said
        if m == "annual_percent":
            return fact.annual_percent, (said if fact.per in ("", "year")
                                         else f"{said}，折合年化 {_fmt(fact.annual_percent, 'percent')}")
        if m == "daily_percent":
            return fact.daily_percent, said
    if isinstance(fact, reader.Duration):
        unit = _UNIT_WORDS[fact.unit]
        said = f"{_fmt(fact.value, '')}{unit}" + (f"（自{fact.start_event}起）" if fact.start_event else "")
        if m == "hours":
            return fact.hours, said
        if m == "days":
            return fact.days, said
        if m == "months":
            return fact.months, said
        if m == "overtime_hours":
            period = reader.overtime_period(text, fact) if fact.unit == "hour" else None
            if period is None:
                return None
            per_month = fact.hours * {"day": 12.0, "week": 52 / 12, "month": 1.0}[period]
            said = {"day": f"每日延长工作时间{_fmt(fact.hours, '')}小时（每日上限为三小时）",
                    "week": f"每周延长工作时间{_fmt(fact.hours, '')}小时，折合每月约{_fmt(per_month, '')}小时",
                    "month": f"每月延长工作时间{_fmt(fact.hours, '')}小时"}[period]
            return per_month, said
    return None


#: Bases whose figure the contract states elsewhere: a share of them is an amount the finding can show.
_WAGE_BASE = re.compile(r"工资|月薪|薪酬")
_PRICE_BASE = re.compile(r"合同总价|合同总额|合同价款|合同金额|总价款|合同总价款")


def _formula_amount(fact: reader.Rate, facts: ContractFacts) -> str:
    """A penalty over a figure the contract states (月工资的三倍, 合同总价的30%) as the amount it comes to."""
    return "" if fact.per else _share_amount(fact.base or "", fact.percent, facts)


def _share_amount(base: str, percent: float, facts: ContractFacts) -> str:
    for rx, value, name in ((_WAGE_BASE, facts.monthly_wage, "月工资"), (_PRICE_BASE, facts.total_price, "合同总价")):
        if value and rx.search(base):
            return f"，按{name} {_money_text(value)}计约为 {_money_text(round(value * percent / 100, 2))}"
    return ""


_UNIT_WORDS = {"hour": "小时", "day": "日", "workday": "个工作日", "week": "周", "month": "个月", "year": "年"}


def _money_text(value: float) -> str:
    return f"{value:,.2f}".rstrip("0").rstrip(".") + " 元"


def _limit_text(p: FactParams, value: float) -> str:
    unit = {"share_of_total": "percent", "percent": "percent", "annual_percent": "percent",
            "daily_percent": "percent", "months": "months", "days": "days"}.get(p.measure or "", "")
    if p.measure == "written_gap":
        return "两种写法的金额不一致" if p.gt is not None and value > p.gt + 1e-9 else ""
    shown = lambda v: _fmt(v, unit) if unit else (f"{_fmt(v, '')} 小时" if p.measure in ("hours", "overtime_hours")  # noqa: E731
                                                  else _money_text(v) if p.measure == "amount" else _fmt(v, ""))
    parts = []
    if p.gt is not None and value > p.gt + 1e-9:
        parts.append(f"超过 {shown(p.gt)}")
    if p.lt is not None and value < p.lt - 1e-9:
        parts.append(f"不足 {shown(p.lt)}")
    return "，".join(parts)


#: An act that only asks the other side (向乙方提出…, 申请…, 建议…).
_REQUEST = re.compile(r"(?:随时|书面|及时)?(?:向[^，,。；;]{1,10}?)?(?:提出|请求|申请|建议|协商)")


def _fact_passes(p: FactParams, fact: reader.Fact, text: str, facts: ContractFacts) -> tuple[bool, str]:
    a, b = fact.sentence
    sentence = text[a:b]
    if p.context and not _any(p.context, sentence):
        return False, ""
    if p.unless and _excepted(p.unless, sentence):
        return False, ""
    if p.label:
        # The fact's own label decides; only a fact with none is judged by the words of its fragment.
        own = getattr(fact, "label", "")
        lo = reader._fragment_start(text, a, fact.start)
        hi = reader._fragment_end(text, fact.end, b)
        if not (_any(p.label, own) if own else _any(p.label, text[lo:hi])):
            return False, ""
    if p.negated is not None and fact.negated != p.negated:
        return False, ""
    if p.per and isinstance(fact, reader.Rate) and fact.per not in p.per:
        return False, ""
    if p.units and isinstance(fact, reader.Duration) and fact.unit not in p.units:
        return False, ""
    if isinstance(fact, reader.Obligation):
        if p.modal and fact.modal not in p.modal:
            return False, ""
        if (p.act or p.rights or p.act_concepts) and not ((p.act and _any(p.act, fact.act))
                                                       or set(p.rights) & fact.rights
                                                       or p.act_concept(fact.modal + fact.act,
                                                                        text[fact.sentence[0]:fact.start])):
            return False, ""
        if p.unconditional and not reader.unconditional(text, fact):
            return False, ""
        # 有权向承运方提出变更…的要求: a right to ask the other side is not a right to decide alone.
        if fact.modal in ("有权", "可以") and _REQUEST.match(fact.act):
            return False, ""
    if isinstance(fact, reader.Forum):
        fact = _aliased_forum(fact, text, facts)
        if p.places and fact.place not in p.places:
            return False, ""
        if p.institution is not None and bool(fact.institution) != p.institution:
            return False, ""
        if p.alternative is not None and fact.alternative != p.alternative:
            return False, ""
        # the sentence agrees the forum in a phrasing of EXCLUSIVE_FORUM that it does not negate
        if p.act_concepts and not p.act_concept(sentence):
            return False, ""
        if fact.body == "arbitration":
            return _side_allows(p, fact, facts, text), _ARBITRATION_SAID[fact.alternative]
        if not _side_allows(p, fact, facts, text):
            return False, ""
        return True, _FORUM_SAID.get(fact.place, "").format(party=fact.party or "一方")
    if p.foreign_element is not None and facts.foreign_element != p.foreign_element:
        return False, ""
    if isinstance(fact, reader.Figure):
        return _figure_passes(p, fact, text, facts)
    if p.outweighs is not None:
        return _outweighed(p, fact, text, facts)
    if isinstance(fact, reader.Cap):
        # a cap one side has and the other has not (乙方 unlimited): a shared cap, or one for each side, is even
        # — only a cap on all its liability, keeping nothing for intent or gross negligence, beside the other side's
        # liability said to be unlimited (赔偿全部损失, 不设上限); a cap on a delay penalty is the penalty's own measure
        others = [c for c in facts.capped if c == "双方" or _other_side(fact.party, c, facts)]
        unlimited = [u for u in facts.unlimited if _other_side(fact.party, u, facts)]
        if fact.party == "双方" or others or fact.carved or fact.penalty_only or not unlimited:
            return False, ""
        return _side_allows(p, fact, facts, text), f"只为{fact.party}的责任设定上限，对方的责任不设上限"
    if isinstance(fact, reader.Definition):
        if (p.defines and fact.cls not in p.defines) or not set(p.shapes) <= fact.shapes:
            return False, ""
        said = {"knowledge_based": "把{party}知悉或接触的任何信息都列入",
                "no_public_carveout": "未排除已公开或合法获得的信息",
                "own_risk": "把市场行情、价格、政策调整或自身经营等原因列为不可抗力",
                "beyond_the_work": "把与本合同工作无关或合同期外的成果也列入"}
        detail = "“" + fact.term + "”的定义" + "，".join(said[s].format(party=fact.party or "一方") for s in p.shapes)
        return _side_allows(p, fact, facts, text), detail
    if isinstance(fact, reader.Restraint):
        if not set(p.shapes) <= fact.shapes:
            return False, ""
        return _side_allows(p, fact, facts, text), f"{fact.party or '一方'}不得从事竞争业务的限制没有期限"
    if isinstance(fact, reader.Secrecy):
        # an employee's duty is the employment law's (劳动合同法23): one-way by nature, its penalty another rule's
        if "employment" in facts.settings or not set(p.shapes) <= fact.shapes:
            return False, ""
        said = {"one_way": "只约束{party}一方，而保密的信息包括双方的信息或合同本身",
                "perpetual": "保密期限为永久或不设期限", "penalised": "并约定了违约金",
                "no_public_carveout": "未排除已公开或合法获得的信息"}
        detail = "，".join(said[s].format(party=fact.party or "一方") for s in p.shapes)
        return _side_allows(p, fact, facts, text), "保密义务" + detail
    if isinstance(fact, reader.ForeignChoice):
        chosen = {"law": f"约定适用{fact.place}法律", "arbitration": f"约定提交{fact.place}仲裁",
                  "court": f"约定由{fact.place}法院管辖"}.get(fact.kind, "")
        told = "，而合同未见涉外因素（当事人、标的物及履行均在境内）" if p.foreign_element is False else ""
        return _side_allows(p, fact, facts, text), chosen + told
    if isinstance(fact, reader.Allocation):
        return _allocation_passes(p, fact, facts, text)
    if isinstance(fact, reader.Exemption) and p.covers_any:
        hit = [c for c in p.covers_any if c in fact.covers and c not in fact.carveouts]
        if not hit:
            return False, ""
        names = {"all": "一切责任", "intent": "故意", "gross_negligence": "重大过失", "personal_injury": "人身损害",
                 "property": "财产损失", "indirect": "间接损失",
                 "third_party": "其交由的第三人的行为", "own_risk": "其自身经营范围内的原因"}
        said = f"{fact.party or '一方'}免责范围包括{'、'.join(names[c] for c in hit)}"
        return _side_allows(p, fact, facts, text), said
    detail = ""
    if p.measure is not None:
        measured = _measure(p, fact, facts, text)
        if measured is None:
            return False, ""
        value, said = measured
        broken = _limit_text(p, value)
        if (p.gt is not None or p.lt is not None) and not broken:
            return False, ""
        detail = f"约定为{said}，{broken}" if broken else f"约定为{said}"
    if not _side_allows(p, fact, facts, text):
        return False, ""
    if not detail and fact.party and isinstance(fact, reader.Obligation):
        detail = f"{fact.party}{fact.modal}{fact.act}"
    if not detail and isinstance(fact, reader.Ownership):
        detail = f"{fact.what or '相关权利'}归{fact.party}所有"
    if isinstance(fact, reader.Mismatch):
        detail = f"大写金额为 {_money_text(fact.amount)}，括号内小写为 {_money_text(fact.restated)}，两者不一致"
    return True, detail


_BURDEN_NAMES = {"cost": "费用", "risk": "风险", "liability": "责任", "loss": "损失", "tax": "税费", "fine": "罚款",
                 "repair": "维修", "insurance": "保险"}


def _allocation_passes(p: FactParams, fact: reader.Allocation, facts: ContractFacts, text: str) -> tuple[bool, str]:
    """An allocation of a burden (facts.Allocation) read by polarity, heads and scope; one that follows the
    party's own fault, force majeure or the law, or an exemption keeping intent and gross negligence, is lawful."""
    if p.polarity and fact.polarity not in p.polarity:
        return False, ""
    hit = [h for h in p.burdens if h in fact.what]
    if p.burdens and not hit:
        return False, ""
    if p.total is not None and (fact.scope == "all") != p.total:
        return False, ""
    if fact.cause or fact.party == "双方":
        return False, ""
    if fact.polarity == "exempt" and {"intent", "gross_negligence"} <= fact.carveouts:
        return False, ""
    if p.context:
        # the allocation's own words name the burden's occasion (交付前由出卖人承担，交付后由买受人承担: the
        # second one's words are 交付后…)
        a, _ = fact.sentence
        own = text[a + fact.own_from:reader._fragment_end(text, fact.end, fact.sentence[1])]
        if not _any(p.context, own):
            return False, ""
    party = fact.party
    if p.protects and "any" not in p.protects and party:
        # a burden the law puts on the other side: only when it falls on the role the rule protects (承租人, 托运人 …)
        classes = sides.side_classes([party]) | {cls for word, name in facts.role_names if name == party
                                                 for cls in sides.side_classes([word])}
        if classes and not classes & set(p.protects):
            return False, ""
    if fact.polarity == "bears" and not facts.side and not p.protects and not (fact.released or fact.regardless):
        # with no side told, a total burden is a bargain; it is one-sided on its face only when the other side is
        # released with it (…，与乙方无关) or it holds whatever the cause
        return False, ""
    if not _side_allows_party(p.party, party, facts, text[fact.sentence[0]:fact.sentence[1]]):
        return False, ""
    heads = "、".join(_BURDEN_NAMES[h] for h in (hit or sorted(fact.what))) or "相关负担"
    every = "全部" if fact.scope == "all" else ""
    if fact.polarity == "exempt":
        return True, f"{party or '一方'}不承担{every}{heads}"
    return True, f"{every}{heads}由{party or '一方'}承担" + (f"，{fact.released}不承担" if fact.released else "")


# -- figures judged by the law's thresholds (figures.toml, issue 21) ------------------------------------------


def figure_measure(t: reader.Threshold, fact: reader.Figure, facts: ContractFacts,
                   text: str = "") -> tuple[float, float, str] | None:
    """(the figure in the threshold's measure, the limit it is held to, how the figure reads) — None when the
    figure cannot be measured so (an amount with no total price, the total price itself)."""
    limit = t.gt if t.gt is not None else t.lt
    assert limit is not None
    per = {"hour": "每小时", "day": "每日", "month": "每月", "year": "每年"}.get(fact.per, "")
    if t.measure == "annual_percent":
        if fact.kind != "rate":
            return None
        said = f"{per}{fact.base + '的' if fact.base else ''}{fact.written}"
        if fact.per != "year":
            said += f"，折合年化 {_fmt(fact.value, 'percent')}"
        return fact.value, limit, said
    if t.measure == "share_percent":
        if fact.kind != "share":
            return None
        said = f"{fact.base + '的' if fact.base else ''}{_fmt(fact.value, 'percent')}"
        return fact.value, limit, said + _share_amount(fact.base, fact.value, facts)
    if t.measure == "amount_share":
        if fact.kind != "amount" or not facts.total_price or abs(fact.value - facts.total_price) < 0.5:
            return None
        share = fact.value / facts.total_price * 100
        return share, limit, (f"{_money_text(fact.value)}，为合同总价 {_money_text(facts.total_price)} 的 "
                              f"{_fmt(share, 'percent')}")
    if t.measure == "breach_ratio":
        # ours against theirs: the other side's heaviest penalty for its breach, or none where its breach is named
        if fact.kind not in t.kinds or not fact.party or not text:
            return None
        mine = next((x for x in facts.breach_penalties if x.payer == fact.party
                     and abs(x.percent - (fact.value if fact.kind == "share" else
                                          fact.value / (facts.total_price or fact.value) * 100)) < 1e-6), None)
        if mine is None or mine.percent < t.at_least:
            return None
        theirs = [x for x in facts.breach_penalties if _other_side(fact.party, x.payer, facts)]
        if theirs:
            heaviest = max(theirs, key=lambda x: x.percent)
            ratio = mine.percent / heaviest.percent if heaviest.percent > 0 else float("inf")
            said = (f"{fact.party}违约须支付{mine.said}的违约金，而{heaviest.payer}违约仅为{heaviest.said}，"
                    f"为对方的 {_fmt(ratio, '')} 倍")
            return ratio, limit, said
        others = [n for n in facts.breach_named if _other_side(fact.party, n, facts)]
        if not others:
            return None
        return float("inf"), limit, f"{fact.party}违约须支付{mine.said}的违约金，而{others[0]}违约未约定任何违约金"
    if t.measure == "compounded":
        # a charge counted on itself (facts.Figure.compounds): reported once, on the first such charge of its sentence
        if fact.kind not in ("rate", "share") or not fact.compounds:
            return None
        first = next((f for f in reader.read_clause(text).figures if f.sentence == fact.sentence and f.compounds
                      and f.subject in {t.subject, *t.also} and f.kind in t.kinds), None) if text else fact
        if first is None or first.start != fact.start:
            return None
        said = (f"{per}{fact.base + '的' if fact.base else ''}{fact.written}，"
                "且未付的款项连同已计的费用一并再计收（利滚利）")
        return 1.0, limit, said
    if t.measure == "sentence_total":
        # the charges of one sentence together (逾期利息年利率15%，另按日千分之一支付违约金): judged once, on its first
        together = [f for f in reader.read_clause(text).figures
                    if f.sentence == fact.sentence and f.kind == "rate" and not f.negated
                    and f.subject in {t.subject, *t.also}]
        # 年利率百分之八另加百分之三十: the marked-up rate replaces the rate it marks up
        together = [f for i, f in enumerate(together)
                    if not (i + 1 < len(together) and _MARKED_UP.search(text, max(0, together[i + 1].start - 4),
                                                                        together[i + 1].start))]
        if len(together) < 2 or together[0].start != fact.start:
            return None
        total = sum(f.value for f in together)
        parts = "、".join(f"{f.written}（年化 {_fmt(f.value, 'percent')}）" for f in together)
        return total, limit, f"{parts}，合计年化 {_fmt(total, 'percent')}"
    if fact.kind != "period":
        return None
    said = fact.written + (f"（约 {_fmt(fact.value, 'days')}）" if fact.per not in ("day", "") else "")
    if t.measure == "days":
        return fact.value, limit, said
    if t.measure == "months":
        return fact.months, limit, said
    if t.measure == "probation":
        cap = probation_limit(facts.term_months, facts.open_ended, facts.task_based)
        cap = 6.0 if cap is None else cap
        term = ("以完成一定工作任务为期限" if facts.task_based else
                f"劳动合同期限约 {_fmt(facts.term_months, 'months')}" if facts.term_months is not None
                else "无固定期限或期限未写明")
        allowed = "不得约定试用期" if cap == 0 else f"试用期不得超过 {_fmt(cap, 'months')}"
        return fact.months - cap, 0.0, f"试用期{fact.written}；{term}，{allowed}"
    return None


def _thresholds(p: FactParams) -> list[reader.Threshold]:
    """The rule's thresholds, with the firm's own limit (``gt`` / ``lt`` on the rule) in place of the table's."""
    from dataclasses import replace
    out = []
    for name in p.thresholds:
        t = reader.figure_table()[1][name]
        if p.gt is not None and t.gt is not None:
            t = replace(t, gt=p.gt)
        if p.lt is not None and t.lt is not None:
            t = replace(t, lt=p.lt)
        out.append(t)
    return out


_MARKED_UP = re.compile(r"(?:另加|加收|上浮|加上|增加|提高)\s*$")


def _figure_passes(p: FactParams, fact: reader.Figure, text: str, facts: ContractFacts) -> tuple[bool, str]:
    for t in _thresholds(p):
        ok, detail = _figure_broken(p, t, fact, text, facts)
        if ok:
            return ok, detail
    return False, ""


def figure_threshold(p: FactParams, fact: reader.Figure, facts: ContractFacts,
                     text: str = "") -> reader.Threshold | None:
    """The first of the rule's thresholds the figure breaks (its side not asked)."""
    for t in _thresholds(p):
        if _breaks(t, fact, facts, text):
            return t
    return None


def _breaks(t: reader.Threshold, fact: reader.Figure, facts: ContractFacts,
            text: str = "") -> tuple[float, float, str] | None:
    if fact.subject not in {t.subject, *t.also} or fact.kind not in t.kinds or (t.item and fact.item != t.item) \
            or fact.negated:
        return None
    measured = figure_measure(t, fact, facts, text)
    if measured is None:
        return None
    value, limit, _ = measured
    if t.gt is not None and not value > limit + 1e-9:
        return None
    if t.lt is not None and not value < limit - 1e-9:
        return None
    return measured


def _figure_broken(p: FactParams, t: reader.Threshold, fact: reader.Figure, text: str,
                   facts: ContractFacts) -> tuple[bool, str]:
    measured = _breaks(t, fact, facts, text)
    if measured is None:
        return False, ""
    value, limit, said = measured
    if not _side_allows(p, fact, facts, text):
        return False, ""
    unit = {"annual_percent": "percent", "share_percent": "percent", "amount_share": "percent",
            "sentence_total": "percent",
            "days": "days", "months": "months"}.get(t.measure, "")
    broken = "" if t.measure in ("probation", "compounded", "breach_ratio") else (
        f"，{'超过' if t.gt is not None else '不足'} {_fmt(limit, unit)}")
    return True, f"约定为{said}{broken}（{t.said}）"


def _figure_rewrite(p: FactParams, fact: reader.Figure, text: str, facts: ContractFacts) -> tuple[str, float] | None:
    """The figure's words rewritten to the threshold it breaks, in the clause's own style."""
    t = figure_threshold(p, fact, facts, text)
    if t is None or t.measure in ("sentence_total", "compounded", "breach_ratio"):
        return None
    limit = t.gt if t.gt is not None else t.lt
    token = text[fact.start:fact.end]
    if limit is None:
        return None
    if t.measure == "annual_percent":
        per_year = {"hour": 8760.0, "day": 365.0, "month": 12.0}.get(fact.per, 1.0)
        target = _round_down(limit / per_year)
        written = numbers.percent_like(token, target)
        return (written, target) if written else None
    if t.measure == "share_percent":
        written = numbers.percent_like(token, limit)
        return (written, limit) if written else None
    if t.measure == "amount_share" and facts.total_price:
        target = round(facts.total_price * limit / 100, 2)
        written = numbers.amount_like(token, target)
        return (written, target) if written else None
    if t.measure in ("days", "months"):
        days = limit * (30 if t.measure == "months" else 1)
        per_unit = {"day": 1.0, "workday": 7 / 5, "week": 7.0, "month": 30.0, "year": 365.0}.get(fact.per)
        if not per_unit:
            return None
        count = days / per_unit
        if t.measure == "months" and fact.per == "year":
            count = limit / 12
        if count != int(count):
            return None
        written = numbers.count_like(token, int(count))
        return (written, count) if written else None
    return None


#: What a finding says of the agreed court, by its place.
_ARBITRATION_SAID = {True: "同一条款既约定仲裁又约定可向法院起诉", False: "约定仲裁但没有选定仲裁机构"}
_FORUM_SAID = {"party_seat": "约定由{party}住所地法院管辖", "unlinked": "约定的法院所在地是{party}以外的单位的所在地",
               "chosen": "管辖法院由{party}另行指定或选择，未经双方书面约定", "plaintiff": "约定由原告住所地法院管辖",
               "defendant": "约定由被告住所地法院管辖", "signing": "约定由合同签订地法院管辖",
               "performance": "约定由合同履行地法院管辖", "named": "约定由特定地点的法院管辖"}


@lru_cache(maxsize=1)
def _mandatory() -> tuple[frozenset[tuple[str, int]], frozenset[tuple[str, int]], frozenset[str], tuple[str, ...]]:
    """The mandatory rules of ``mandatory.toml``: articles that strike a term whoever drafted it, articles that
    strike our own standard terms, laws whose every standard is mandatory, laws a regulator enforces."""
    data = tomllib.loads((Path(__file__).with_name("mandatory.toml")).read_text(encoding="utf-8"))
    def pairs(table: dict[str, list[int]]) -> frozenset[tuple[str, int]]:
        return frozenset((law, int(a)) for law, articles in table.items() for a in articles)
    return (pairs(data["articles"]), pairs(data["drafted"]), frozenset(data["laws"]["names"]),
            tuple(data["regulated"]["words"]))


def strikes(rule: RuleSpec, drafted: bool = False) -> bool:
    """The rule's risk is a term a court strikes or a regulator fines (not only an unfavourable bargain): a term
    against a mandatory rule is void or fined whoever it favours, so it is our risk too — we cannot rely on it.
    A standard term struck for its unfairness (497) or fined by a regulator is ours only when we drafted it."""
    void, own_terms, laws, regulated = _mandatory()
    for b in rule.basis:
        key = (b.law, b.article)
        if key in void or b.law in laws:
            return True
        if drafted and (key in own_terms or any(w in b.law for w in regulated)):
            return True
    return False


def _as_drafter(facts: ContractFacts) -> ContractFacts:
    from dataclasses import replace
    return replace(facts, side="", side_names=frozenset(), side_roles=frozenset())


def _round_down(value: float) -> float:
    """The largest 1/2/3/5 × 10^k not above ``value`` (0.0986 → 0.05, 24 → 20) — a rate a lawyer writes."""
    if value <= 0:
        return 0.0
    if value == int(value) and value >= 1:
        return value
    k = math.floor(math.log10(value))
    for step in (5, 3, 2, 1):
        candidate = step * 10.0 ** k
        if candidate <= value + 1e-12:
            return float(f"{candidate:.6g}")
    return float(f"{10.0 ** k:.6g}")


def _fact_rewrite(p: FactParams, fact: reader.Fact, text: str, facts: ContractFacts) -> tuple[str, float] | None:
    """The fact's words rewritten to the limit in the clause's own style, and the new value."""
    limit = p.gt if p.gt is not None else p.lt
    if limit is None:
        return None
    token = text[fact.start:fact.end]
    if isinstance(fact, reader.Rate):
        factor = {"percent": 1.0, "annual_percent": {"hour": 8760.0, "day": 365.0, "month": 12.0}.get(fact.per, 1.0),
                  "daily_percent": 24.0 if fact.per == "hour" else
                  1 / {"day": 1.0, "month": 30.0, "year": 365.0}.get(fact.per, 365.0)}
        target = limit / factor.get(p.measure or "percent", 1.0)
        if p.gt is not None:
            target = _round_down(target)
        written = numbers.percent_like(token, target)
        return (written, target) if written else None
    if isinstance(fact, reader.Money) and p.measure == "share_of_total" and facts.total_price:
        target = round(facts.total_price * limit / 100, 2)
        written = numbers.amount_like(token, target)
        return (written, target) if written else None
    if isinstance(fact, reader.Duration) and p.measure in ("months", "days", "hours"):
        per = {"months": fact.months / fact.value, "days": fact.days / fact.value,
               "hours": fact.hours / fact.value}[p.measure]
        count = limit / per
        if count != int(count):
            return None
        written = numbers.count_like(token, int(count))
        return (written, count) if written else None
    return None


def _fact_findings(rule: RuleSpec, p: FactParams, section: SectionLike, facts: ContractFacts,
                   clause: reader.ClauseFacts) -> list[Finding]:
    text = numbers.normalize(section.text)
    if p.titles and not _any(p.titles, _heading(section)):
        return []
    if p.requires and not _any(p.requires, text):
        return []
    out: list[Finding] = []
    for fact in clause.of_kind(p.fact):
        ok, detail = _fact_passes(p, fact, text, facts)
        if not ok:
            continue
        a, b = fact.sentence
        if isinstance(fact, reader.Figure) and _of_another_sum(text, a, fact):
            continue
        if isinstance(fact, reader.Figure):
            lo, hi = narrow(text, (a, b), fact.start, fact.end, fragment=True)
        elif isinstance(fact, reader.Money | reader.Rate | reader.Duration):
            lo, hi = narrow(text, (a, b), fact.start, fact.end, fragment=b - a > LONG_SENTENCE)
        else:
            lo, hi = narrow(text, (a, b), fact.start, fact.end)
        lo, hi = min(lo, fact.start), max(hi, fact.end)
        hi = _closing_bracket(text, lo, hi, b)
        if isinstance(fact, reader.Money) or (isinstance(fact, reader.Figure) and fact.kind == "amount"):
            hi = _restating_bracket(text, hi, b, fact.amount if isinstance(fact, reader.Money) else fact.value)
        suggestion = ""
        rewrite = (_figure_rewrite(p, fact, text, facts) if isinstance(fact, reader.Figure)
                   else _fact_rewrite(p, fact, text, facts))
        if rewrite is not None:
            words, new_value = rewrite
            suggestion = consistent_rewrite(section.text, lo, hi, fact, words, new_value, facts)
        out.append(_finding(rule, section, lo, hi, detail, suggestion, party=fact.party))
    return out


#: The words a figure's subject is written with (figures.toml subjects): a figure whose own words name another sum
#: (首付款人民币…（含已付定金）, 支付转让价款的百分之四十（含定金）) is that sum's, not the subject's.
_SUBJECT_SUMS = {"deposit": "定金"}
_OTHER_SUMS = re.compile(r"首付款|首期款|房款|价款|货款|余款|尾款|预付款|进度款|转让款|租金|押金|保证金")


def _of_another_sum(text: str, sentence_start: int, fact: reader.Figure) -> bool:
    """The figure's own fragment names another sum before it and not the subject's word (a down payment that
    includes the deposit is no deposit: 20 % of the price is the deposit's cap, not the down payment's)."""
    word = _SUBJECT_SUMS.get(fact.subject)
    if not word:
        return False
    head = re.split(r"[，,；;：:。]", text[sentence_start:fact.start])[-1]
    if word in head or not _OTHER_SUMS.search(head):
        return False
    # 支付总价款的30%作为定金: the subject's word after the figure names it, unless it is a part included (含定金)
    tail = re.split(r"[，,；;：:。]", text[fact.end:fact.end + 30])[0]
    return not re.search(rf"(?<![含括抵充])(?:作为|为|充作|计作)?{word}", tail) or bool(
        re.search(rf"(?:含|包括|包含|抵充|抵作)[^{word}]{{0,6}}{word}", tail))


#: A bracket right after an amount (300,000元（大写：人民币叁拾万元整）, 贰拾万元整（¥200,000元）).
_BRACKET_AFTER = re.compile(r"\s*整?\s*[（(][^（()）]{1,40}[）)]")


def _restating_bracket(text: str, hi: int, end: int, amount: float) -> int:
    """An amount's other writing in the brackets right after the quote belongs to the quote, so a rewrite changes
    both writings alike (never 270,000 元 beside 大写叁拾万元整)."""
    m = _BRACKET_AFTER.match(text, hi)
    if m is None or m.end() > end:
        return hi
    return m.end() if any(abs(q.value - amount) <= 0.5 for q in numbers.amounts(m.group())) else hi


def _closing_bracket(text: str, lo: int, hi: int, end: int) -> int:
    """A quote that stops inside the brackets restating its amount (定金人民币壹佰万元整（¥1 — cut at the
    thousands comma of ¥1,000,000.00) runs to their close, so a rewrite can keep both writings alike."""
    quote = text[lo:hi]
    if quote.count("（") + quote.count("(") <= quote.count("）") + quote.count(")"):
        return hi
    m = re.compile(r"[）)]").search(text, hi, end)
    return m.end() if m and m.start() - hi <= 24 else hi


def _figures_like(num: str, value: float) -> str:
    """``value`` in the digits style of ``num`` (602,000.00 → 430,000.00; 8.5 → 4.3)."""
    grouped = "," in num or "，" in num
    if "." in num:
        places = len(num.split(".")[1])
        return f"{value:,.{places}f}" if grouped else f"{value:.{places}f}"
    if value == int(value):
        return f"{int(value):,}" if grouped else str(int(value))
    return f"{value:,.2f}" if grouped else f"{value:.2f}"


def consistent_rewrite(text: str, lo: int, hi: int, fact: reader.Fact, words: str, new_value: float,
                       facts: ContractFacts) -> str:
    """The quote ``text[lo:hi]`` with the fact's words replaced — and the figures that restate it kept
    consistent: another writing of the same amount (贰拾万元整（¥200,000元）) follows the new amount, and a
    share of the total price stated beside it (即合同总额的20%) is recomputed."""
    quote_norm = numbers.normalize(text[lo:hi])
    edits: list[tuple[int, int, str]] = [(fact.start - lo, fact.end - lo, words)]
    if isinstance(fact, reader.Money):
        for q in numbers.amounts(quote_norm):
            if q.start == fact.start - lo or abs(q.value - fact.amount) > 0.5:
                continue
            other = numbers.amount_like(text[lo + q.start:lo + q.end], new_value)
            if other:
                edits.append((q.start, q.end, other))
        if facts.total_price:
            old_share = fact.amount / facts.total_price * 100
            new_share = new_value / facts.total_price * 100
            for q in numbers.percentages(quote_norm):
                if abs(q.value - old_share) < 0.6 or q.start > fact.end - lo:
                    written = numbers.percent_like(text[lo + q.start:lo + q.end], float(f"{new_share:.4g}"))
                    if written:
                        edits.append((q.start, q.end, written))
    if isinstance(fact, reader.Figure) and fact.kind == "amount":
        # 定金人民币壹佰万元整（¥1,000,000.00）: the figures in brackets follow the rewritten amount
        again = reader._RESTATED.match(quote_norm, fact.end - lo)
        if again:
            unit = 10000 if again.group("unit") in ("万元", "万") else 1
            edits.append((again.start("num"), again.end("num"), _figures_like(again.group("num"), new_value / unit)))
        else:
            # 人民币 300,000 元（大写：人民币叁拾万元整）: another writing of the same amount after it follows it too
            for q in numbers.amounts(quote_norm):
                if q.start < fact.end - lo or abs(q.value - fact.value) > 0.5:
                    continue
                other = numbers.amount_like(text[lo + q.start:lo + q.end], new_value)
                if other:
                    edits.append((q.start, q.end, other))
    if isinstance(fact, reader.Rate) and not fact.per and facts.total_price and _PRICE_BASE.search(fact.base or ""):
        # 合同总价款的百分之七十，即人民币陆拾万贰仟元整（¥602,000.00）: the amounts that restate the share follow it
        old = facts.total_price * fact.percent / 100
        new = round(facts.total_price * new_value / 100, 2)
        for q in numbers.amounts(quote_norm):
            if q.start < fact.end - lo or abs(q.value - old) > max(0.5, old * 0.001):
                continue
            other = numbers.amount_like(text[lo + q.start:lo + q.end], new)
            if not other:
                return ""  # an amount we cannot write alike: the rule's own suggestion instead
            edits.append((q.start, q.end, other))
            again = reader._RESTATED.match(quote_norm, q.end)  # …元整（¥602,000.00）: the figures in brackets too
            if again:
                unit = 10000 if again.group("unit") in ("万元", "万") else 1
                figures = _figures_like(again.group("num"), new / unit)
                edits.append((again.start("num"), again.end("num"), figures))
    out = text[lo:hi]
    for a, b, w in sorted(edits, reverse=True):
        out = out[:a] + w + out[b:]
    return out


def section_findings(section: SectionLike, contract_type: str, rules: list[RuleSpec], *,
                     facts: ContractFacts | None = None) -> list[Finding]:
    """The pattern and numeric-limit rules that fire on one section (rules not for this contract type,
    disabled ones and missing-clause rules are skipped; a preamble or signature section has none).
    ``facts`` (:func:`contract_facts`) lets a rule compare with the rest of the contract; without it the
    section alone is the contract."""
    if section.kind == "signature" or not section.text.strip():
        return []
    # A preamble is read only by the rules written for it (a notice that declares the standard terms
    # explained); the parties' names and addresses are no clause.
    preamble = section.kind == "preamble"
    facts = facts or contract_facts([section])
    clause: reader.ClauseFacts | None = None
    out: list[Finding] = []
    by_code = {r.code: r for r in rules}
    kinds = ({contract_type, facts.guessed_type} | facts.also_types | facts.settings) - {""}
    if contract_type == "nda" and "employment" in facts.settings:
        kinds.add("labor")
    spans = sentences(section.text)
    # Keyword rules first, fact rules after: when both read the same risk, the established rule's code
    # speaks and the fact rule catches what it misses (_same_risk).
    for rule in sorted(rules, key=lambda r: r.detection == "fact"):
        if not rule.enabled or rule.detection == "missing_clause" or not applies(rule, contract_type, facts):
            continue
        p = _parsed(rule)
        if preamble and not p.preamble:
            continue
        if p.when and not _any(p.when, facts.text or section.text):
            continue
        if p.when_not and _any(p.when_not, facts.text or section.text):
            continue
        if p.settings and not set(p.settings) & facts.settings:
            continue
        # A term a court strikes or a regulator fines is our risk even when it favours us (we cannot rely on it;
        # our own standard terms are struck for unfairness too): the rule reads the clause as for no side.
        drafted = facts.we_drafted and getattr(p, "own_draft", True)
        seen_by = _as_drafter(facts) if facts.side and strikes(rule, drafted) else facts
        if isinstance(p, PatternParams):
            found = _pattern_findings(rule, p, section, seen_by)
        elif isinstance(p, NumericParams):
            found = _numeric_findings(rule, p, section, seen_by)
        elif isinstance(p, FactParams):
            clause = clause or reader.read_clause(section.text)
            found = _fact_findings(rule, p, section, seen_by, clause)
        else:
            found = []
        if isinstance(p, NumericParams) and p.party != "any" and seen_by.side:
            found = [f for f in found if _side_allows_party(p.party, _quote_party(section, f), seen_by)]
        found = _for_our_side(rule, p, found, seen_by)
        # Before the one-risk-one-issue pass, for a rule resting on a general article: it and a specific rule
        # reading one clause then share the deciding article and are one issue (the specific speaks). A rule
        # citing a specific article gets its supporting ones after the pass, so two specific rules on one
        # sentence (优先购买权 726, 买卖不破租赁 725) stay two risks.
        if general_first(rule.basis):
            found = [_with_deciding_basis(f, rule, section, spans, kinds, facts.side_names) for f in found]
        seen: set[tuple[int, int]] = set()
        for f in found:
            f = with_follow_on(f, section.text, spans)
            if (f.start, f.end) in seen or len(seen) >= PER_RULE_PER_SECTION:
                continue
            twin = _same_risk(out, f, by_code)
            if twin is None:
                out.append(f)
            elif _speaks_first(f, rule, out[twin], by_code.get(out[twin].rule_code)):
                out[twin] = f  # the article that decides this risk speaks, not a generic one
            else:
                continue
            seen.add((f.start, f.end))
    out.sort(key=lambda f: (f.start, f.rule_code))
    for f in out:
        rule = by_code.get(f.rule_code)
        if rule is not None and not general_first(rule.basis):
            _with_deciding_basis(f, rule, section, spans, kinds, facts.side_names)
    return [_in_contract_names(f, facts) for f in out]


#: A sentence that carries the one before it on: it ends by applying it again (…泄露客户数据的，亦同) or opens with
#: what follows the act the one before grants (解除后，…由乙方自行处理；甲方撤销赠与的，不受时间限制).
_CARRIED_ON = re.compile(r"(?:亦同|亦然|同样适用|亦适用|适用前述约定|照此办理)\s*$")
_AFTER_THE_ACT = re.compile(r"\s*[^，,。；;]{0,8}?(?P<act>解除|终止|撤销|撤回|退出|退租)"
                            r"(?:本合同|合同|协议|赠与)?(?:后|时|的)[，,]")
_NUMBERED = re.compile(r"\s*(?:\d+(?:[.．]\d+)*[\s、.．)）]|[（(][一二三四五六七八九十\d]+[)）]"
                       r"|[一二三四五六七八九十]+、)")


def with_follow_on(f: Finding, text: str, spans: Sequence[tuple[int, int]]) -> Finding:
    """The finding's quote taken on to the next sentence of its paragraph when that sentence carries the
    quoted one on (亦同; 解除后，…; 甲方撤销赠与的，…): the risk is often in that sentence, and the comment
    anchors on the words that carry it. A suggestion that rewrites the quoted words themselves is kept as is."""
    if f.section_order is None or not f.quote or f.suggestion.startswith(f.quote[:8]):
        return f
    nxt = next(((a, b) for a, b in spans if a >= f.end), None)
    if nxt is None or "\n" in text[f.end:nxt[0]] or _NUMBERED.match(text, nxt[0]):
        return f
    sentence = text[nxt[0]:nxt[1]]
    after = _AFTER_THE_ACT.match(sentence)
    if not (_CARRIED_ON.search(sentence) or (after and after.group("act") in f.quote)):
        return f
    f.end = nxt[1]
    f.quote = text[f.start:f.end]
    f.suggestion = fit_punctuation(f.suggestion, text[f.end:f.end + 1])
    return f


def _with_deciding_basis(f: Finding, rule: RuleSpec, section: SectionLike, spans: Sequence[tuple[int, int]],
                         kinds: set[str], side_names: frozenset[str] = frozenset()) -> Finding:
    """The article that decides the risk in the finding's words (定金 586/587, 转委托 923/169 …) is cited
    with the rule's own: before a general article, after a specific one (deciding.py)."""
    a, b = _sentence_of(spans, f.start)
    lo, hi = min(a, f.start), max(b, f.end)
    words = section.text[lo:hi]
    # The clause's facts are read once (read_clause keeps them per text); the exemptions of the finding's
    # sentences are the ones that may make 506 decide.
    covers = _covered(e for e in reader.read_clause(section.text).exemptions if lo <= e.sentence[0] < hi)
    f.basis = deciding_basis(f.basis, words, kinds, f.category, rule_entries(rule.params), rule.contract_types,
                             covers, side_names)
    return f


def _covered(exemptions: Iterable[reader.Exemption]) -> frozenset[str]:
    covered: set[str] = set()
    for e in exemptions:
        covered |= set(e.covers) - set(e.carveouts)
    return frozenset(covered)


def exemption_covers(words: str) -> frozenset[str]:
    """What the exemptions in ``words`` cover and do not carve out (facts.Exemption): 故意, 重大过失, 人身损害,
    一切责任 — the facts that make 506 the deciding article."""
    return _covered(reader.read_clause(numbers.normalize(words)).exemptions)


#: 其他承运方, 新的物业服务企业, 原权利人: another one of that kind, not this contract's party.
OTHER_OF_KIND = "(?<!其他)(?<!另一)(?<!新的)(?<![新原另])(?<!第三)"


@lru_cache(maxsize=1024)
def _longer_guard(word: str) -> str:
    """Lookbehinds that keep ``word`` from being read inside a longer role word ending with it (服务人 inside
    物业服务人, 特许人 inside 被特许人)."""
    longer = [r for r in (*reader.PARTY_ROLES, *sides.lexicon_words()) if r != word and r.endswith(word)]
    return "".join(f"(?<!{re.escape(r[:-len(word)])})" for r in dict.fromkeys(longer))


def contract_names(text: str, facts: ContractFacts) -> str:
    """A rule's text with the role words this contract does not use replaced by the names it does
    (出卖人 → 乙方 in a 甲方/乙方 contract)."""
    for word, name in facts.role_names:
        if word in text:
            # 服务人 inside 物业服务人 is a part of another role's name, not this role; 委托方式 is no 委托方.
            guard = _longer_guard(word)
            text = re.sub(rf"本{word}(?![（(]{name})(?![式案法面向便针位])", name, text)
            # 主债务人 of a guarantee is the principal debtor, a third party: no label of the contract's own parties
            text = re.sub(rf"(?<!主){guard}{OTHER_OF_KIND}{word}(?![（(]{name})(?![式案法面向便针位])", name, text)
    return text


def _in_contract_names(f: Finding, facts: ContractFacts) -> Finding:
    # 甲方 / 乙方 in a rule's text when the contract calls its parties otherwise (委托方、受托方):
    # an unnamed other side reads 对方 rather than a party the contract does not have.
    if facts.text:
        absent = [r for r in ("甲方", "乙方") if r not in facts.text]
        others = any(r in facts.text for r in reader.PARTY_ROLES
                     if r not in ("甲方", "乙方") and r not in GENERIC_ROLES)
        if len(absent) == 2 or (absent and others):
            for role in absent:
                f.suggestion = f.suggestion.replace(role, "对方")
    if facts.role_names:
        f.suggestion = contract_names(f.suggestion, facts)
        f.description = contract_names(f.description, facts)
    if facts.text:
        f.suggestion = _absent_counterpart(f.suggestion, facts.text)
    return f


def _absent_counterpart(text: str, contract: str) -> str:
    """A counterpart role the contract never names, whose partner it does name only inside a longer name of its
    own (提供方 inside 服务提供方: the counterpart 使用方 is no party of it), reads 对方."""
    for role, other in COUNTERPARTS.items():
        if role in text and role not in contract and other in contract and role not in ("甲方", "乙方"):
            text = text.replace(role, "对方")
    return text


#: The catch-all category of the 格式条款 rules: such a rule on the words of a specific one reads its risk.
FORMAT_CATEGORY = "格式条款"


def _generic_only(f: Finding) -> bool:
    return bool(f.basis) and all((b.law, b.article) in GENERIC_ARTICLES for b in f.basis)


def _one_typed(a: Finding, b: Finding, by_code: dict[str, RuleSpec]) -> bool:
    """One of the two rules is written for particular contract types and the other for every type."""
    ra, rb = by_code.get(a.rule_code), by_code.get(b.rule_code)
    return ra is not None and rb is not None and bool(ra.contract_types) != bool(rb.contract_types)


def _same_risk(kept: list[Finding], new: Finding, by_code: dict[str, RuleSpec] | None = None) -> int | None:
    """The index of the kept finding ``new`` repeats: their words overlap and they rest on a shared article
    (a keyword rule and a fact rule both reading one penalty clause) — one risk is one issue; None when
    ``new`` is a risk of its own."""
    basis = {(b.law, b.article) for b in new.basis}
    for i, f in enumerate(kept):
        if not (f.start < new.end and new.start < f.end):
            continue
        shared = basis & {(b.law, b.article) for b in f.basis}
        # Sharing only the 格式条款 articles (497) is no sign of one risk: a cap on damages and a waiver of the
        # right to terminate in one sentence are two risks of a standard term, each with its deciding article.
        if shared - GENERIC_ARTICLES or (shared and same_category(f.category, new.category)):
            return i
        # One risk read by two rules on different bases (an advance waiver of the limitation defence as
        # 格式条款 497 and as 民法典 197): the same category on the same words is one issue.
        if not _one_sentence(f, new):
            continue
        # A rule resting only on the 格式条款 articles beside one citing the article that decides the
        # risk (诉讼时效 197) reads the same risk; so does a rule for every type beside one for this
        # contract's type in the same category (the typed one speaks: specificity).
        if any(_generic_only(x) and (x.category == FORMAT_CATEGORY or f.category == new.category) for x in (f, new)):
            return i
        if same_category(f.category, new.category) and by_code and _one_typed(f, new, by_code):
            return i
    return None


#: Categories that name one subject in two spellings (合同解除 / 解除, 违约责任 / 违约金).
_CATEGORY_FAMILIES = ({"合同解除", "解除"}, {"违约责任", "违约金"})


def same_category(a: str, b: str) -> bool:
    """Two rule categories name one subject: equal, or spellings of one family (a typed 解除 rule and the
    general 合同解除 rule on one sentence are one risk)."""
    return a == b or any(a in family and b in family for family in _CATEGORY_FAMILIES)


def _one_sentence(a: Finding, b: Finding) -> bool:
    """The two findings quote the same words or one quote holds the other."""
    return (a.start <= b.start and b.end <= a.end) or (b.start <= a.start and a.end <= b.end)


#: Articles that answer almost any one-sided clause (格式条款): a rule citing an article that decides the
#: particular risk is preferred to one citing only these.
GENERIC_ARTICLES = frozenset({("中华人民共和国民法典", 496), ("中华人民共和国民法典", 497)})


def specificity(f: Finding, rule: RuleSpec | None) -> tuple[int, int]:
    """How closely a finding's basis decides its risk: it cites an article beyond the generic 格式条款 ones
    (+1), and its rule is written for particular contract types (+1); then, of two typed rules, the one
    written for fewer types (a finance-lease purchase-price rule before a price rule for twenty types). Of
    two findings of one risk the more specific speaks; on a tie the rule listed first keeps it."""
    # The rule's own basis: an article the deciding table added does not make a 格式条款 rule specific.
    basis = rule.basis if rule is not None else f.basis
    deciding = any((b.law, b.article) not in GENERIC_ARTICLES for b in basis)
    types = len(rule.contract_types) if rule is not None else 0
    return int(deciding) + int(bool(types)), -types if types else -1000


def subject_named(f: Finding, rule: RuleSpec | None) -> int:
    """1 when the finding's words name the subject its rule is about: the rule's category or a spelling of
    its family (验收, 违约金), or what the rule requires the clause to mention (补充条款 for a deemed consent
    to changes) — a deemed-acceptance rule and a deemed-consent rule read one 视为同意 sentence, and the
    sentence speaks of 补充条款, not of 验收."""
    if rule is None or not f.quote:
        return 0
    family = next((fam for fam in _CATEGORY_FAMILIES if f.category in fam), {f.category})
    if any(word and word in f.quote for word in family):
        return 1
    p = _parsed(rule)
    requires = getattr(p, "requires", None) or []
    return int(bool(requires) and _any(requires, f.quote) is not None)


def _speaks_first(new: Finding, rule: RuleSpec | None, kept: Finding, kept_rule: RuleSpec | None) -> bool:
    """``new`` replaces ``kept`` (one risk, two rules): the more specific rule speaks (:func:`specificity`);
    of two as specific, the one whose subject the clause names (:func:`subject_named`); only then the rule
    listed first keeps it."""
    a, b = specificity(new, rule), specificity(kept, kept_rule)
    if a != b:
        return a > b
    a, b = subject_named(new, rule), subject_named(kept, kept_rule)
    if a != b:
        return a > b
    # a finding that reads more than one figure names it too: both sides' figures (one finding naming both), a
    # charge counted on itself, the charges of one debt summed
    return _reads_more(rule) > _reads_more(kept_rule)


#: Threshold measures that read a figure with others (facts.Figure.compounds, the sum of a sentence, the other side's).
_BEYOND_ONE = frozenset({"breach_ratio", "compounded", "sentence_total"})


def _reads_more(rule: RuleSpec | None) -> bool:
    """The rule reads a figure with more than itself: against the other side's (a delay penalty ``outweighs``, a
    breach_ratio, a cap one side has and the other has not), or as compounded or summed with others."""
    if rule is None or rule.detection != "fact":
        return False
    p = _parsed(rule)
    if not isinstance(p, FactParams):
        return False
    return p.outweighs is not None or p.fact == "cap" or any(t.measure in _BEYOND_ONE for t in _thresholds(p))


#: Words that waive a term rather than agree it.
_WAIVED = re.compile(r"无需|无须|不必|不需要?|不负责|不予|免于|不再")


def _agreed(p: MissingClauseParams, haystack: str) -> bool:
    """The clause is there: one of ``any_of`` matches — in a sentence that does not defer the term when
    the rule asks for substance."""
    if not p.substance:
        return _any(p.any_of, haystack) is not None
    for a, b in sentences(haystack):
        sentence = haystack[a:b]
        m = _any(p.any_of, sentence)
        if m is None or concepts.is_deferred(sentence):
            continue
        # 源代码无需向委托方交付: a term the sentence waives is not agreed (a prohibition — 不得披露保密信息 —
        # is a term, so only waiving words count).
        if _WAIVED.search(sentence[max(0, m.start() - 12):m.end()]):
            continue
        return True
    return False


def missing_clause_findings(sections: Sequence[SectionLike], contract_type: str,
                            rules: list[RuleSpec], *, side: str = "") -> list[Finding]:
    """One finding (``section_order`` None, empty quote) per required clause no section has."""
    body = [s for s in sections if s.kind in CLAUSE_KINDS] or [s for s in sections if s.kind != "signature"]
    whole = "\n".join(f"{s.title}\n{s.text}" for s in sections)
    roles = role_names(whole, contract_type)
    ours = _with_role_names(side_names(whole, side), roles)
    names = ContractFacts(role_names=roles, guessed_type=_guess_type(whole), also_types=_also_types(whole),
                          side=side, side_names=ours,
                          side_roles=side_roles(ours, roles) | bound_side_roles(whole, ours, contract_type))
    out: list[Finding] = []
    for rule in rules:
        if not rule.enabled or rule.detection != "missing_clause" or not applies(rule, contract_type, names):
            continue
        p = _parsed(rule)
        assert isinstance(p, MissingClauseParams)
        if p.when and not _any(p.when, whole):
            continue
        if p.when_not and _any(p.when_not, whole):
            continue
        if p.settings and not set(p.settings) & contract_settings(whole):
            continue
        haystacks = [f"{s.number} {s.title}" if p.titles_only else f"{s.number} {s.title}\n{s.text}" for s in body]
        if any(_agreed(p, h) for h in haystacks):
            continue
        if side and p.protects and not sides.protects_us(p.protects, names.side_roles):
            continue  # a clause only the other side needs
        # One missing clause is one issue, whichever rules look for it: the same category resting on the
        # same deciding (first) article. A rule that only shares a secondary article reads another gap
        # (技术秘密 861 beside the ownership of results 859, 861).
        first = (rule.basis[0].law, rule.basis[0].article) if rule.basis else None
        if any(f.category == rule.category and f.basis and (f.basis[0].law, f.basis[0].article) == first
               for f in out):
            continue
        finding = Finding(
            rule_code=rule.code, section_order=None, quote="", start=0, end=0, category=rule.category,
            severity=rule.severity, description=fill_parties(rule.description.strip(), side),
            suggestion=fill_parties(rule.suggestion.strip(), side), basis=list(rule.basis))
        deferred = _deferring_sentence(p, body) if p.substance else None
        if deferred is not None:
            # 知识产权归属由双方另行协商确定: the term is put off in this sentence — the issue sits on it, and
            # the suggestion writes the term in its place.
            section, (a, b) = deferred
            finding.section_order, finding.start, finding.end = section.order, a, b
            finding.quote = section.text[a:b]
            finding.suggestion = fit_punctuation(finding.suggestion, section.text[b:b + 1])
        out.append(_in_contract_names(finding, names))
    return out


def _deferring_sentence(p: MissingClauseParams, body: Sequence[SectionLike]
                        ) -> tuple[SectionLike, tuple[int, int]] | None:
    """The first sentence that names the term a substance check looks for and puts it off (另行协商, 届时, 待定)."""
    for section in body:
        for a, b in sentences(section.text):
            sentence = section.text[a:b]
            if _any(p.any_of, sentence) is not None and concepts.is_deferred(sentence):
                return section, (a, b)
    return None


def contract_findings(sections: Sequence[SectionLike], contract_type: str, rules: list[RuleSpec], *,
                      side: str = "") -> list[Finding]:
    """Every finding of the playbook on a whole contract: each section's, then the missing clauses."""
    facts = contract_facts(sections, side=side, contract_type=contract_type)
    out: list[Finding] = []
    # The rules that apply to this contract, chosen and ordered once (section_findings would pick them again
    # from the whole set for each section; it keeps the same order and the same codes of the rules that fire).
    chosen = [r for r in sorted(rules, key=lambda r: r.detection == "fact")
              if r.enabled and r.detection != "missing_clause" and applies(r, contract_type, facts)]
    for section in sections:
        out.extend(section_findings(section, contract_type, chosen, facts=facts))
    out.extend(missing_clause_findings(sections, contract_type, rules, side=side))
    return out
