"""The clause reader: a clause's text turned into typed facts a rule can test, wherever the words sit
in the sentence.

- :class:`Money` — an amount (digits, 大写 and financial numerals, 万/亿) with the word it pays for
  (定金, 违约金, 租金 …);
- :class:`Rate` — a share or a rate (百分之, 千分之, 万分之, %, 倍) with its period (per day / month / year)
  and the base it applies to (合同总额, 未付款, 日租金 …), read across commas
  (“每逾期一日，按货款总额的百分之零点五计” is 0.5 % of 货款总额 per day);
- :class:`Duration` — hours to years, with the event it runs from (收货后, 签订之日起 …);
- :class:`DateFact` — a calendar date;
- :class:`Obligation` — party + modal (应当 / 有权 / 不得 / 可以 / 无权 / 无需) + act, negation included;
- :class:`Exemption` — who is exempted, from what, and which carve-outs (除…外 / 但…除外) keep liability;
- negation scopes (不 / 无 / 未 / 非 … to the end of the fragment).

Each fact carries its span in the clause's text, the sentence it sits in, the party it belongs to (the
party named nearest before it in its sentence, else the sentence's first party) and whether it sits in
a negation (“不向乙方支付任何补偿” is not a payment). No Django here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from pathlib import Path

from contracts.playbook import numbers

#: Party roles as contracts name them; longer names first so 出租人 is not read as 出租.
PARTY_ROLES = (
    "甲方", "乙方", "丙方", "丁方", "出租人", "承租人", "出租方", "承租方", "出卖人", "买受人", "卖方", "买方",
    "供方", "需方", "供货方", "采购方", "借款人", "贷款人", "出借人", "用人单位", "劳动者", "委托人", "受托人",
    "委托方", "受托方", "服务方", "客户", "发包人", "承包人", "发包方", "承包方", "定作人", "承揽人", "托运人",
    "承运人", "存货人", "保管人", "赠与人", "受赠人", "保证人", "债权人", "债务人", "抵押人", "抵押权人", "出质人",
    "质权人", "转让方", "受让方", "特许人", "被特许人", "物业服务人", "业主", "中介人", "居间人", "合伙人",
    "研究开发人", "许可方", "被许可方", "披露方", "接收方", "广告主", "广告经营者", "演出方", "主办方", "公司",
    "员工", "出质方", "开发方", "用户", "个人信息处理者", "数据处理者", "提供方", "使用方",
)


def _with_variants(roles: tuple[str, ...]) -> tuple[str, ...]:
    """Each role in both spellings contracts use: 保管人 / 保管方, 托运方 / 托运人 (甲方, 乙方 … have one)."""
    out = list(roles)
    for role in roles:
        if len(role) >= 3 and role[-1] in "人方":
            twin = role[:-1] + ("方" if role[-1] == "人" else "人")
            if twin not in out:
                out.append(twin)
    return tuple(out)


PARTY_ROLES = _with_variants(PARTY_ROLES)
#: Role words that also begin ordinary words (提供方案, 使用方法, 供方式): read as a role only when not.
_ROLE_GUARD = "(?![案式法面向便针位])"
_GUARDED = frozenset({"提供方", "使用方", "供方", "需方"})
_ROLE_RX = re.compile("|".join(re.escape(r) + (_ROLE_GUARD if r in _GUARDED else "")
                               for r in sorted(PARTY_ROLES, key=len, reverse=True)))
#: Ends a sentence; fragments end at commas too.
SENTENCE_END = "。；;！!？?\n"
FRAGMENT_SEP = "，,：:、"
_NEGATION = re.compile(r"(?<![除并])(?:不得|不应|不予|不再|不必|不承担|不负|不会|不向|不能|不"
                       r"|无需|无须|无权|无|未|非|免于|免除|概不|毋须)")
#: Words that look like a negation but are not one (不可抗力, 无论, 不限于 …).
_NOT_NEGATION = re.compile(r"不可抗力|无论|不论|不限于|不少于|不低于|不超过|不高于|不足|无息|非因|不定期"
                           r"|无固定期限|不动产|未付|未支付部分|未履行部分|未完成部分|非经|不得不|并非|无效|不合格|无条件|无异议|无误|不符"
                           r"|无偿|非独占|非排他|无限期|无限制")


@dataclass(frozen=True)
class Fact:
    start: int
    end: int
    #: (start, end) of the sentence the fact sits in.
    sentence: tuple[int, int]
    #: The party the fact belongs to (甲方 / 出租人 …) or "".
    party: str = ""
    #: The fact sits inside a negation's scope.
    negated: bool = False


@dataclass(frozen=True)
class Money(Fact):
    amount: float = 0.0
    currency: str = "CNY"
    #: The word the amount is for, nearest before it in its sentence: 定金 / 违约金 / 租金 / 价款 … or "".
    label: str = ""
    #: The same amount written a second time in the brackets right after it (贰元叁角（¥3.20）, ¥3.20（大写：
    #: 叁元贰角）), as that writing reads; None when it is not written twice.
    written_as: float | None = None


@dataclass(frozen=True)
class Rate(Fact):
    #: The share in percent (千分之五 → 0.5, 两倍 → 200).
    percent: float = 0.0
    #: "hour" | "day" | "month" | "year" | "" (a one-off share).
    per: str = ""
    #: What it is a share of: 合同总额 / 未付款 / 日租金 / 剩余期限应付款项 … or "".
    base: str = ""
    label: str = ""
    #: Written as a multiple (两倍).
    multiple: bool = False

    @property
    def annual_percent(self) -> float:
        return self.percent * {"hour": 8760.0, "day": 365.0, "month": 12.0}.get(self.per, 1.0)

    @property
    def daily_percent(self) -> float:
        return self.percent * 24 if self.per == "hour" else \
            self.percent / {"day": 1.0, "month": 30.0, "year": 365.0}.get(self.per, 365.0)


@dataclass(frozen=True)
class Duration(Fact):
    value: float = 0.0
    #: hour | day | workday | week | month | year
    unit: str = "day"
    #: The event it runs from (收货, 签订, 通知 …) or "".
    start_event: str = ""
    label: str = ""

    @property
    def hours(self) -> float:
        return self.value * _UNIT_HOURS[self.unit]

    @property
    def days(self) -> float:
        return self.hours / 24

    @property
    def months(self) -> float:
        return self.days / 30


@dataclass(frozen=True)
class DateFact(Fact):
    value: date | None = None


@dataclass(frozen=True)
class Obligation(Fact):
    #: 应当 | 有权 | 不得 | 可以 | 无权 | 无需
    modal: str = ""
    act: str = ""

    @property
    def rights(self) -> frozenset[str]:
        """What the act does, whatever its words (:data:`RIGHT_CLASSES`): ``price`` (changes a price or a
        fee), ``scope`` (changes or adds to the work), ``deduct`` (takes money from what it owes or holds),
        ``decide`` (settles a question alone), ``assign`` (hands the contract or its duties to another),
        ``delegate`` (has another do the work: 转委托, 分包)."""
        return right_classes(self.act)


@dataclass(frozen=True)
class Exemption(Fact):
    #: What the exemption covers: all | intent | gross_negligence | personal_injury | property | indirect.
    covers: frozenset[str] = frozenset()
    #: What a carve-out keeps liability for (the same vocabulary).
    carveouts: frozenset[str] = frozenset()
    scope: str = ""
    #: For an exemption said as the other one bearing (风险由甲方自行承担 / 由乙方自负): the role that bears; the
    #: party exempted is then the one the sentence releases (与乙方无关), else the other side of the bearer.
    bearer: str = ""


@dataclass(frozen=True)
class Ownership(Fact):
    """What belongs to whom: “开发成果的知识产权归甲方所有” (``party`` is the owner)."""

    what: str = ""


@dataclass(frozen=True)
class Mismatch(Fact):
    """An amount written in words and restated in figures beside it that disagree: 贰元叁角（¥3.20）."""

    amount: float = 0.0
    restated: float = 0.0


@dataclass(frozen=True)
class Forum(Fact):
    """The court a dispute clause agrees (由甲方住所地人民法院管辖, 向房屋所在地人民法院起诉).

    ``place``: ``party_seat`` (a party's 住所地 / 所在地 — ``party`` is whose), ``plaintiff`` / ``defendant``
    (原告 / 被告住所地), ``property`` (不动产、房屋、工程、物业所在地), ``performance`` / ``signing`` (合同履行地 /
    签订地), ``unlinked`` (the seat of someone who is no party: 承租方上级单位所在地, 甲方关联公司所在地),
    ``chosen`` (a court one side names later: 甲方指定的法院), ``named`` (a court named by its place:
    北京市海淀区人民法院) or ``statutory`` (有管辖权的人民法院, no place agreed). ``agreed``: the clause itself fixes
    the court (not so for ``chosen``).

    An arbitration the clause agrees (提交上海仲裁委员会仲裁, 通过仲裁方式解决) is a forum too: ``body`` is
    ``arbitration`` (``court`` otherwise) and ``place`` is ``arbitration``; ``institution`` is the institution
    it names ("" when none: 提交仲裁解决; a city's only institution — 在上海仲裁 — counts as named).
    ``alternative``: the sentence leaves a dispute to arbitration or to a court, at a party's choice
    (可以向杭州仲裁委员会申请仲裁，也可以向甲方所在地人民法院起诉) — not a court after the award (对裁决不服,
    申请撤销, 执行, 保全)."""

    place: str = ""
    agreed: bool = True
    body: str = "court"
    institution: str = ""
    alternative: bool = False


@dataclass
class ClauseFacts:
    text: str
    money: list[Money] = field(default_factory=list)
    rates: list[Rate] = field(default_factory=list)
    durations: list[Duration] = field(default_factory=list)
    dates: list[DateFact] = field(default_factory=list)
    obligations: list[Obligation] = field(default_factory=list)
    exemptions: list[Exemption] = field(default_factory=list)
    ownerships: list[Ownership] = field(default_factory=list)
    negations: list[tuple[int, int]] = field(default_factory=list)
    mismatches: list[Mismatch] = field(default_factory=list)
    forums: list[Forum] = field(default_factory=list)
    foreign_choices: list[ForeignChoice] = field(default_factory=list)
    secrecies: list[Secrecy] = field(default_factory=list)
    definitions: list[Definition] = field(default_factory=list)
    caps: list[Cap] = field(default_factory=list)
    restraints: list[Restraint] = field(default_factory=list)
    #: every amount, rate and period read as what it measures (issue 21)
    figures: list[Figure] = field(default_factory=list)
    #: Who bears a cost, risk, liability or duty (Allocation, issue 21).
    allocations: list[Allocation] = field(default_factory=list)

    def of_kind(self, kind: str) -> list[Fact]:
        return {"money": self.money, "rate": self.rates, "duration": self.durations, "date": self.dates,
                "obligation": self.obligations, "exemption": self.exemptions, "ownership": self.ownerships,
                "mismatch": self.mismatches, "forum": self.forums, "foreign_choice": self.foreign_choices,
                "secrecy": self.secrecies, "definition": self.definitions, "cap": self.caps,
                "restraint": self.restraints, "figure": self.figures, "allocation": self.allocations}[kind]


_UNIT_HOURS = {"hour": 1.0, "day": 24.0, "workday": 24 * 7 / 5, "week": 24 * 7.0, "month": 24 * 30.0,
               "year": 24 * 365.0}

# -- sentences, parties, negation --------------------------------------------------------------------------


def sentence_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    start = 0
    for i, ch in enumerate(text + "\n"):
        if ch in SENTENCE_END or i == len(text):
            a, b = start, i
            while a < b and text[a].isspace():
                a += 1
            while b > a and text[b - 1].isspace():
                b -= 1
            if b > a:
                spans.append((a, b))
            start = i + 1
    return spans


def _sentence_at(spans: list[tuple[int, int]], pos: int) -> tuple[int, int]:
    for a, b in spans:
        if a <= pos < b or (pos == b and a < b):
            return a, b
    return pos, pos


def _fragment_start(text: str, lo: int, pos: int) -> int:
    cut = max((text.rfind(c, lo, pos) for c in FRAGMENT_SEP), default=-1)
    return cut + 1 if cut >= lo else lo


def _fragment_end(text: str, pos: int, hi: int) -> int:
    ends = [i for i in (text.find(c, pos, hi) for c in FRAGMENT_SEP) if i != -1]
    return min(ends) if ends else hi


#: A role right after one of these is an object (对乙方, 向甲方, 给买方), not the subject.
_OBJECT_MARK = re.compile(r"(?:对|向|给|致|与|为|使|令|要求|通知|告知|赔偿|补偿|收到|接到|收悉)\s*$")


def party_at(text: str, sentence: tuple[int, int], pos: int) -> str:
    """The party a fact at ``pos`` belongs to: the subject role named nearest before it in its sentence
    (a role after 对/向/给 is an object and is passed over), else the first role of the sentence, else ""."""
    a, b = sentence
    roles = list(_ROLE_RX.finditer(text, a, b))
    # 乙方员工, 甲方客户: a generic word right after a party names that party's people, not a party.
    roles = [m for i, m in enumerate(roles)
             if not (m.group(0) in GENERIC_ROLES and i and roles[i - 1].end() == m.start())]
    before = [m for m in roles if m.start() < pos
              and not _OBJECT_MARK.search(text[max(a, m.start() - 4):m.start()])]
    if before:
        return before[-1].group(0)
    return roles[0].group(0) if roles else ""


#: Role words that are also ordinary nouns (有限公司, 员工, 客户, 用户).
GENERIC_ROLES = frozenset({"公司", "员工", "用户", "客户"})


def negation_scopes(text: str) -> list[tuple[int, int]]:
    """(start, end) of each negation: from the negating word to the end of its fragment."""
    out = []
    blocked = [(m.start(), m.end()) for m in _NOT_NEGATION.finditer(text)]
    for m in _NEGATION.finditer(text):
        if any(a <= m.start() < b for a, b in blocked):
            continue
        end = len(text)
        for sep in FRAGMENT_SEP + SENTENCE_END:
            i = text.find(sep, m.end())
            if i != -1:
                end = min(end, i)
        out.append((m.start(), end))
    return out


def _negated(scopes: list[tuple[int, int]], pos: int) -> bool:
    return any(a <= pos < b for a, b in scopes)


#: Negations the scopes pass over but a lawyer reads as undoing the act that follows (乙方并不因此放弃…, 并未
#: 免除…).
MORE_NEGATION = re.compile(r"并不|并未|并非|并无|绝不")
#: A prohibition on a pretext (不得以…为由，…; 不能因…而…): it reaches the act past the pretext's comma.
_PRETEXT = re.compile(r"(?:不得|不能|不可|不应|无权|禁止|严禁|不允许)(?:以|因|借口|凭|援引)[^。；;]{0,40}?"
                      r"(?:为由|为借口|为理由|作为理由|而)")


def negated_before(sentence: str, pos: int, scopes: list[tuple[int, int]] | None = None) -> bool:
    """The sentence negates or prohibits what stands at ``pos``: a negation scope opens before it (in its
    fragment; a list after it — 不得降低其工资、予以辞退 — and a pretext's comma — 不得以此为由，拒绝… — carry
    it on) and no 的 closes a condition between them. A negation the words at ``pos`` begin inside (概不负责)
    is their own."""
    scopes = list(scopes if scopes is not None else negation_scopes(sentence))
    for m in MORE_NEGATION.finditer(sentence, 0, pos):
        ends = [i for i in (sentence.find(sep, m.end()) for sep in FRAGMENT_SEP) if i != -1]
        scopes.append((m.start(), min(ends) if ends else len(sentence)))
    for m in _PRETEXT.finditer(sentence, 0, pos):
        ends = [i for i in (sentence.find(sep, m.end() + 1) for sep in FRAGMENT_SEP + SENTENCE_END) if i != -1]
        scopes.append((m.start(), min(ends) if ends else len(sentence)))
    for a, b in scopes:
        while b < len(sentence) and sentence[b] == "、":
            ends = [i for i in (sentence.find(sep, b + 1) for sep in FRAGMENT_SEP) if i != -1]
            b = min(ends) if ends else len(sentence)
        # 一概不负赔偿之责: a negation straddling the words' start is theirs when they open with one too (不得单方
        # 调整 is a ban on 得单方调整)
        word = _NEGATION.match(sentence, a) or MORE_NEGATION.match(sentence, a)
        if word is not None and word.end() > pos and _NEGATION.match(sentence, pos):
            continue
        if a < pos < b and not _closed(sentence, a, pos, word):
            return True
    return False


def _closed(sentence: str, a: int, pos: int, word: re.Match[str] | None) -> bool:
    """A 的 between a negation at ``a`` and ``pos`` ends its scope — a condition's (乙方未按时验收的视为…) or a
    relative clause's (对无法预见的损失) — unless the negation governs a preposition's object that the 的
    only possesses (平台不得将用户的个人信息提供给…, 不得以甲方的原因为由…)."""
    if "的" not in sentence[a:pos]:
        return False
    after = word.end() if word is not None else a + 1
    return bool(_CONDITION_DE.search(sentence, a, pos)) or not _PREPOSITION.match(sentence, after)


_PREPOSITION = re.compile(r"\s*(?:将|把|对|向|就|给|与|以|从|在|因|为)")
#: 乙方未按时验收的视为验收合格 / 乙方逾期未付的，甲方…: a 的 that closes a condition, not one of possession
#: (平台不得将用户的个人信息提供给…).
_CONDITION_DE = re.compile(r"的(?=\s*(?:[，,]|视为|视同|即|则|应|须|均|一律|由|按|可|有权|" + _ROLE_RX.pattern + "))")


# -- labels ----------------------------------------------------------------------------------------------

#: Words an amount or a rate may be "for", nearest before it in the sentence.
LABELS = ("定金", "订金", "保证金", "押金", "违约金", "滞纳金", "罚金", "罚款", "赔偿金", "补偿金", "经济补偿",
          "利息", "利率",
          "逾期利息", "罚息", "服务费", "佣金", "报酬", "中介费", "租金", "物业费", "价款", "货款", "总价", "合同总额",
          "借款", "本金", "工资", "月工资", "薪酬", "预付款", "首付款", "尾款", "质保金", "保修金", "履约保证金",
          "费用", "总金额", "合同金额", "总价款", "借款金额", "股权转让款", "转让款", "加盟费", "特许经营费",
          "广告费", "演出费", "运费", "仓储费", "保管费", "总价值", "单价")
_LABEL_RX = re.compile("|".join(sorted(LABELS, key=len, reverse=True)))
DURATION_LABELS = ("试用期", "竞业限制", "保密期限", "保密期", "保修期", "质保期", "质量保证期", "租赁期限", "租期",
                   "借款期限",
                   "合同期限", "劳动合同期限", "服务期", "验收", "异议", "检验", "通知", "支付", "付款", "交付", "交货",
                   "退还", "返还", "答复", "整改", "维修", "解除", "宽限期", "免租期", "保证期间", "诉讼时效")
_DLABEL_RX = re.compile("|".join(sorted(DURATION_LABELS, key=len, reverse=True)))


def _label_near(rx: re.Pattern[str], text: str, sentence: tuple[int, int], start: int, end: int,
                exclude: str = "") -> str:
    """The label in the fact's own fragment (nearest before it, else after it), else the nearest before it
    in the sentence, else the first after it."""
    a, b = sentence
    lo, hi = _fragment_start(text, a, start), _fragment_end(text, end, b)
    own = [m for m in rx.finditer(text, lo, hi)
           if (m.end() <= start or m.start() >= end) and not (exclude and m.group(0) in exclude)]
    if own:
        before_own = [m for m in own if m.end() <= start]
        return (before_own[-1] if before_own else own[0]).group(0)
    before = [m for m in rx.finditer(text, a, start) if not (exclude and m.group(0) in exclude)]
    if before:
        return before[-1].group(0)
    after = [m for m in rx.finditer(text, end, b) if not (exclude and m.group(0) in exclude)]
    return after[0].group(0) if after else ""


# -- money -------------------------------------------------------------------------------------------------


#: Brackets right after an amount that hold only another writing of it: （¥3.20）, （小写：200,000元）,
#: （大写：贰拾万元整）.
_WRITTEN_TWICE = re.compile(r"\s*(?:整)?\s*[（(]\s*(?:即|计|合|大写|小写|人民币|金额)?\s*[:：]?\s*"
                            r"(?:人民币|RMB|CNY)?\s*(?P<body>[^（()）]{1,24}?)\s*[)）]")
_BARE_FIGURE = re.compile(r"[¥￥]?\s*(?P<num>\d+(?:[,，]\d{3})*(?:\.\d+)?)\s*(?P<unit>万元|万|元)?(?:整)?")


def _written_as(text: str, end: int) -> float | None:
    """The amount written a second time in the brackets right after ``end``, or None."""
    m = _WRITTEN_TWICE.match(numbers.normalize(text), end)
    if not m:
        return None
    body = m.group("body").strip()
    bare = _BARE_FIGURE.fullmatch(body)
    if bare:
        value = numbers.to_number(bare.group("num"))
        return None if value is None else value * (1e4 if (bare.group("unit") or "").startswith("万") else 1.0)
    inner = numbers.amounts(body)
    if len(inner) == 1 and inner[0].start <= 3 and inner[0].end >= len(body.rstrip("整")) - 1:
        return inner[0].value
    return None


def _money(text: str, spans, scopes) -> list[Money]:
    out = []
    for q in numbers.amounts(text):
        s = _sentence_at(spans, q.start)
        currency = "USD" if re.search(r"美元|USD|\$", text[q.start:q.end + 2]) else "CNY"
        out.append(Money(q.start, q.end, s, party_at(text, s, q.start), _negated(scopes, q.start), q.value, currency,
                         _label_near(_LABEL_RX, text, s, q.start, q.end), _written_as(text, q.end)))
    return out


# -- rates -------------------------------------------------------------------------------------------------

#: 按年租金的10%, 按月租金的一半: the period word begins the base (a year's rent), not the period a rate runs
#: per (按日支付万分之五 and 按年利率 still are periods).
_NOT_A_PERIOD = (r"(?!(?:度)?(?:租金|总租金|销售额|营业额|营业收入|收入|服务费|费用|管理费|物业费|成交额|产值|总额|"
                 r"工资|薪酬|报酬|佣金))")
_PER_HOUR = re.compile(r"每(?:逾期|迟延|延迟|超时)?\s*(?:一|1|壹)?\s*(?:个)?小时|/小时|/h\\b")
_PER_DAY = re.compile(r"每(?:逾期|迟延|延迟|拖欠|延误|超期)?\s*(?:一|1|壹)?\s*(?:日|天)"
                      # 每迟延付款一天, 每逾期交货一日: the late act named between 每逾期 and the day
                      r"|每(?:逾期|迟延|延迟|拖欠|延误|超期)[\u4e00-\u9fa5]{1,6}?(?:一|1|壹)\s*(?:日|天)"
                      r"|按日" + _NOT_A_PERIOD + r"|日(?:利率|息|比率|费率)|/日|/天|每(?:日|天)"
                      # 违约金＝逾期付款金额×逾期天数×0.3%, 逾期金额乘以逾期天数: a formula over the days late
                      r"|(?:[×*xX]|乘以)\s*(?:逾期|迟延|延迟|拖欠|延误|短少|超期|停机|违约|实际(?:逾期|违约)?)?(?:天数|日数)")
_PER_MONTH = re.compile(r"每(?:逾期|迟延|延迟)?\s*(?:一|1|壹)?\s*(?:个)?月|按月" + _NOT_A_PERIOD
                        + r"|月(?:利率|息|利|比率|费率)|/月")
_PER_YEAR = re.compile(r"每(?:一|1|壹)?年|按年" + _NOT_A_PERIOD + r"|年(?:利率|息|化|利)|/年")
#: “按货款总额的”, “以未付款项为基数”, “为日租金的”: the base of a share.
_BASE = re.compile(r"(?:按|以|为|按照|计|即|相当于|占)?\s*(?P<base>[\u4e00-\u9fa5（）()]{2,16}?)"
                   r"(?:的|之|为基数[，,]?\s*(?:按)?)\s*$")
_BASE_AFTER = re.compile(r"^\s*的?\s*(?P<base>[\u4e00-\u9fa5]{0,3}"
                         r"(?:合同总额|总价款?|货款|价款|租金|未付款项?|欠款|借款本金|本金)[\u4e00-\u9fa5]{0,2})")

#: Charges that name what is owed, not a base (违约金百分之三十 is the penalty itself).
_CHARGES_NOT_BASES = frozenset({"违约金", "滞纳金", "赔偿金", "罚款", "罚金", "定金", "押金", "保证金"})

_BASE_OF = re.compile(r"以(?P<base>[\u4e00-\u9fa5]{2,12}?)为(?:计算)?基数")


def _period(text: str, sentence: tuple[int, int], start: int) -> str:
    """The period a rate is stated per: the nearest per-day/month/year wording before it in the sentence
    (across commas), or just after it (千分之五/日)."""
    a, _ = sentence
    before = text[a:start]
    # 每逾期一日…，但违约金总额不超过合同总价的百分之十: a cap after the per-day wording is a one-off share.
    own = text[_fragment_start(text, a, start):start]
    cap = _CAP_WORDS.search(own)
    if cap:
        before = own
    best, where = "", -1
    for per, rx in (("hour", _PER_HOUR), ("day", _PER_DAY), ("month", _PER_MONTH), ("year", _PER_YEAR)):
        for m in rx.finditer(before):
            if m.start() > where:
                best, where = per, m.start()
    # 按逾期金额的日千分之一, 月百分之二: the period written right before the share
    right_before = _PER_RIGHT_BEFORE.search(text, max(a, start - 2), start)
    if right_before:
        return {"日": "day", "天": "day", "月": "month", "年": "year"}[right_before.group(1)]
    after = text[start:start + 14]
    m = re.match(r"[^，,。；;]{0,8}?(?:/日|/天|每日|每天|/月|每月|/年|每年)", after)
    if re.match(r"[^，,。；;]{0,8}?(?:[×*xX]|乘以)\s*"
                r"(?:逾期|迟延|延迟|拖欠|延误|违约|实际(?:逾期|违约)?)?(?:天数|日数)", after):
        return "day"
    if m:
        tail = m.group(0)[-2:]
        per = {"/日": "day", "/天": "day", "每日": "day", "每天": "day", "/月": "month", "每月": "month"}
        return per.get(tail, "year")
    return best


#: A period word standing right before a share, after 的 / 按 / 为 (金额的日千分之一, 按月百分之二).
_PER_RIGHT_BEFORE = re.compile(r"(?<=[的按为以计])(日|天|月|年)\s*$")

#: A multiple written as a product: 乘以三, ×3 (not ×1% nor ×逾期天数).
_TIMES = re.compile(r"(?:乘以|[×＊*])\s*(?P<n>\d+(?:\.\d+)?|[一二两三四五六七八九十]+)"
                    r"(?!\s*(?:%|‰|‱|分之|[\d.]))(?:倍)?")
#: Words that make a share a ceiling on the total, not a rate per period.
_CAP_WORDS = re.compile(r"不超过|不得超过|最高不超过|最多不超过|以[^，,。；;]{0,12}为限|上限|封顶")
#: 年利率百分之十二另加百分之五十: a markup on the rate before it.
_MARKUP = re.compile(r"(?:另加|加收|上浮|加上|增加|提高)\s*$")


def _base(text: str, sentence: tuple[int, int], start: int, end: int) -> str:
    a, b = sentence
    frag_lo = _fragment_start(text, a, start)
    before = re.sub(r"(?:每(?:日|天|月|年)|按日|按月|按年)\s*$", "", text[frag_lo:start])
    m = _BASE.search(before)
    if m:
        base = re.split(r"按照|按|以|为|即|相当于|占|计", m.group("base"))[-1]
        if base and not re.fullmatch(r"[每逾期一日天月年计算支付违约金]+", base):
            return base
    m = _BASE_AFTER.match(text[end:min(b, end + 20)])
    if m and m.group("base"):
        return m.group("base")
    found = list(_BASE_OF.finditer(text, a, start))
    if found:
        return found[-1].group("base")
    m = re.search(r"(?:按|以|按照)([\u4e00-\u9fa5]{2,12})$", before)
    if m and not re.search(r"[日月年天]$", m.group(1)):
        return m.group(1)
    # 剩余期限仓储费百分之五十: a charge named right before the share is its base.
    m = re.search(r"([\u4e00-\u9fa5]{0,6}?(?:费用?|款项?|租金|价款|货款|总额|总价|本金))\s*$", before)
    return m.group(1) if m and m.group(1) not in _CHARGES_NOT_BASES else ""


#: The subject of a rate's fragment collects it (乙方有权…按每日千分之五收取滞纳金): it is not the payer.
_COLLECTS = re.compile(r"(?:有权|可以|可|得以)[^。；;]{0,24}(?:收取|计收|加收|征收|扣收|另收)")


def _payer(text: str, sentence: tuple[int, int], pos: int) -> str:
    """The party a rate belongs to (who pays it): the subject named before it, unless that subject collects
    it — then the payer is the other of 甲方/乙方, or not named here ("")."""
    party = party_at(text, sentence, pos)
    if _COLLECTS.search(text[sentence[0]:min(sentence[1], pos + 12)]):
        return {"甲方": "乙方", "乙方": "甲方"}.get(party, "")
    return party


_EQUALS = re.compile(r"[＝=]")
_FACTOR_SPLIT = re.compile(r"[×xX*＊]|乘以")


def _formula(text: str, sentence: tuple[int, int], pos: int) -> tuple[str, str] | None:
    """(label, base) of a share written as the last factor of a formula in its fragment
    (违约金＝当月保底租金×违约天数×10%): the label is what stands before ＝, the base its first factor."""
    lo = _fragment_start(text, sentence[0], pos)
    eq = _EQUALS.search(text, lo, pos)
    if not eq:
        return None
    label = _LABEL_RX.search(text, lo, eq.start())
    factors = _FACTOR_SPLIT.split(text[eq.end():pos])
    if not label or len(factors) < 2:
        return None
    return label.group(0), factors[0].strip()


def _rates(text: str, spans, scopes) -> list[Rate]:
    out: list[Rate] = []
    for q in numbers.percentages(text):
        s = _sentence_at(spans, q.start)
        token = text[q.start:q.end]
        prior = [r for r in out if r.sentence == s and r.end <= q.start and not r.multiple]
        if prior and _MARKUP.search(text[max(s[0], q.start - 4):q.start]) and q.end - prior[-1].end <= 16:
            # the marked-up rate: 12 % + 50 % of it = 18 %, per the same period
            was = prior[-1]
            out.append(Rate(q.start, q.end, s, was.party, was.negated, was.percent * (1 + q.value / 100),
                            was.per, was.base, was.label))
            continue
        base = _base(text, s, q.start, q.end)
        label = _label_near(_LABEL_RX, text, s, q.start, q.end, base)
        formula = _formula(text, s, q.start)
        if formula:
            # 违约金＝当月保底租金×违约天数×10%: what the formula computes is the label, its first factor the base
            label, base = formula
        out.append(Rate(q.start, q.end, s, _payer(text, s, q.start), _negated(scopes, q.start), q.value,
                        _period(text, s, q.start), base, label, token.endswith("倍")))
    # 按短少货物零售价格乘以三, 货款×3: a multiple written as a product is a formula penalty too.
    for m in _TIMES.finditer(text):
        if any(r.start <= m.start("n") < r.end for r in out):
            continue
        value = numbers.to_number(m.group("n"))
        if not value or value < 1:
            continue
        s = _sentence_at(spans, m.start())
        lo = _fragment_start(text, s[0], m.start())
        base = re.split(r"按照|按|以|为|即", text[lo:m.start()])[-1].strip()
        out.append(Rate(m.start(), m.end(), s, _payer(text, s, m.start()), _negated(scopes, m.start()),
                        value * 100, _period(text, s, m.start()), base[-16:],
                        _label_near(_LABEL_RX, text, s, m.start(), m.end(), base), True))
    for m in numbers._FEN.finditer(text):
        s = _sentence_at(spans, m.start())
        value = numbers.to_number(m.group("num")) or 0.0
        li = numbers.to_number(m.group("li")) if m.group("li") else 0.0
        monthly = m.group("per") == "月"
        pct = value + (li or 0) / 10 if monthly else (value + (li or 0) / 10) * 10
        out.append(Rate(m.start(), m.end(), s, party_at(text, s, m.start()), _negated(scopes, m.start()), pct,
                        "month" if monthly else "year", "", "利息"))
    return out


# -- durations and dates ----------------------------------------------------------------------------------

_DUR = re.compile(
    rf"(?P<num>{numbers._AR}|[{numbers.CN_DIGITS}]+?)\s*(?:[（(]\s*\d+\s*[)）])?\s*(?P<half>个半|半)?\s*"
    r"(?P<unit>个小时|小时|个工作日|工作日|个自然日|自然日|个自然月|自然月|个月|周年|年|月|日|天|周|星期"
    r"|(?<=\d)\s*[hH](?![a-zA-Z]))(?P<half2>半)?"
    # 半年, 半个月 with no number before them
    rf"|(?<![{numbers.CN_DIGITS}\d])(?P<num_half>半)(?P<unit_half>个月|年)"
)
_UNIT = {"个小时": "hour", "小时": "hour", "h": "hour", "H": "hour", "个工作日": "workday", "工作日": "workday",
         "个自然日": "day",
         "自然日": "day", "日": "day", "天": "day", "个自然月": "month", "自然月": "month", "个月": "month",
         "月": "month", "周年": "year", "年": "year", "周": "week", "星期": "week"}
_START_EVENT = re.compile(r"(?:自|从|于|在)?(?P<ev>[\u4e00-\u9fa5]{1,12}?)"
                          r"(?:之日起|之日后|之日|后|起|以后|之后|前)\s*(?:的)?\s*$")


def _is_date_part(text: str, m: re.Match[str]) -> bool:
    num, unit = m.group("num"), m.group("unit")
    after = text[m.end():m.end() + 6]
    before = text[max(0, m.start() - 2):m.start()]
    if unit == "年" and (re.fullmatch(r"\d{4}", num) or len(num) == 4 or re.match(r"\s*\d{1,2}\s*月", after)):
        return True
    if unit == "月" and (re.match(rf"\s*(?:{numbers._AR}|[{numbers.CN_DIGITS}]{{1,3}})\s*[日号]", after)
                         or re.search(r"年\s*$", before)):
        return True
    if unit in ("日", "天") and re.search(r"月\s*$", before):
        return True
    return bool(unit in ("日", "天") and re.search(r"每月\s*$|每月第?\s*$", text[max(0, m.start() - 3):m.start()]))


def _start_event(text: str, sentence: tuple[int, int], start: int, end: int) -> str:
    a, b = sentence
    lo = _fragment_start(text, a, start)
    # 自2024年1月1日起三年: the start is the date itself, not its last character.
    dated = re.search(r"(\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*[日号])\s*(?:起|之后|以后|后)?\s*(?:的)?\s*$",
                      text[lo:start].rstrip("内"))
    if dated:
        return re.sub(r"\s+", "", dated.group(1))
    m = _START_EVENT.search(text[lo:start].rstrip("内"))
    if m:
        ev = re.sub(r"^.*?(?:应于|应在|须于|应自|自|从|于|在)", "", m.group("ev"))
        ev = _ROLE_RX.sub("", ev).lstrip("应须")
        # 验收期限为交付后十五日: the event is 交付, not what the period is called.
        tail = re.split(r"为|是", ev)[-1]
        if len(tail) >= 2:
            ev = tail
        # 签订日起 / 交付使用日起: the event is 签订, 交付使用 (日 is the day it happens).
        if len(ev) >= 3 and ev.endswith("日") and not ev.endswith(("即日", "工作日", "节假日")):
            ev = ev[:-1]
        if ev:
            return ev
    # 收到通知后三日内 / 三日内 … 签订后: look behind across the fragment start too.
    prev = text[max(a, lo - 16):lo]
    m = re.search(r"([\u4e00-\u9fa5]{1,10}?)(?:之日起|后|起)[，,]?\s*$", prev)
    return m.group(1) if m else ""


def _durations(text: str, spans, scopes) -> list[Duration]:
    out = []
    for m in _DUR.finditer(text):
        if m.group("num_half"):
            s = _sentence_at(spans, m.start())
            unit = _UNIT[m.group("unit_half")]
            out.append(Duration(m.start(), m.end(), s, party_at(text, s, m.start()), _negated(scopes, m.start()),
                                0.5, unit, _start_event(text, s, m.start(), m.end()),
                                _label_near(_DLABEL_RX, text, s, m.start(), m.end())))
            continue
        if _is_date_part(text, m) or numbers.pay_multiple(text, m.start(), m.end()):
            continue
        value = numbers.to_number(m.group("num"))
        if value is None or value <= 0:
            continue
        # 每逾期一日 is a period, not a duration.
        if re.search(r"每(?:逾期|迟延|延迟)?\s*$", text[max(0, m.start() - 3):m.start()]) and value == 1:
            continue
        if m.group("half") or m.group("half2"):
            value += 0.5
        s = _sentence_at(spans, m.start())
        out.append(Duration(m.start(), m.end(), s, party_at(text, s, m.start()), _negated(scopes, m.start()),
                            value, _UNIT[m.group("unit").strip()], _start_event(text, s, m.start(), m.end()),
                            _label_near(_DLABEL_RX, text, s, m.start(), m.end())))
    return out


_DATE = re.compile(r"(?P<y>\d{4})\s*年\s*(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*[日号]")


def _dates(text: str, spans, scopes) -> list[DateFact]:
    out = []
    for m in _DATE.finditer(text):
        try:
            value = date(int(m.group("y")), int(m.group("m")), int(m.group("d")))
        except ValueError:
            continue
        s = _sentence_at(spans, m.start())
        out.append(DateFact(m.start(), m.end(), s, party_at(text, s, m.start()), False, value))
    return out


# -- obligations and rights --------------------------------------------------------------------------------

MODALS = {"应当": "应当", "应": "应当", "须": "应当", "必须": "应当", "负责": "应当", "承担": "应当",
          "有权": "有权", "可以": "可以", "可": "可以", "得": "可以", "不得": "不得", "不应": "不得", "禁止": "不得",
          "无权": "无权", "无需": "无需", "无须": "无需", "不必": "无需", "不承担": "无需", "不负": "无需"}
_MODAL_RX = re.compile(r"(?P<modal>不得|不应|禁止|无权|无需|无须|不必|不承担|不负|有权|可以|应当|必须|负责|承担"
                       r"|应|须|可)"
                       r"(?P<act>[^，,。；;\n]{1,40})")


def _modal_matches(text: str, a: int, b: int):
    """Each modal and its act in text[a:b], read again from the next character after a modal word that only
    sits inside another word (许可方可在任何时候…终止: the 可 of 许可方 must not swallow the modal after it)."""
    pos = a
    while (m := _MODAL_RX.search(text, pos, b)) is not None:
        yield m
        inner = text[max(a, m.start() - 1):m.start()]
        inside = (inner and inner in "不许认即") or (
            m.group("modal") == "应" and inner in ("相", "供", "适", "对", "反"))
        pos = m.start() + 1 if inside else m.end()


#: An act with no modal word (甲方支付…, 不向乙方支付任何补偿): a duty, or none when negated.
_ACT_RX = re.compile(r"(?P<neg>不|无需|无须|不予|拒绝)?\s*(?:向[^，,。；;]{1,6}?)?"
                     r"(?P<act>(?:支付|给予|退还|返还|赔偿|补偿|承担)"
                     r"[^，,。；;\n]{0,30})")


#: The verbs of a change to something agreed, in the many words contracts use for it.
CHANGE_VERBS = (r"调整|变更|变动|更改|更动|改动|修改|修订|改变"
                r"|重新(?:核定|确定|定价|制定|议定|核算|厘定|评估)|核定|厘定"
                r"|上调|下调|上浮|下浮|浮动|提高|调高|调增|调低|降低|调减|提价|涨价|加价|降价|加收"
                r"|另行(?:公布|制定|确定|通知)")
#: What a price is called.
PRICE_WORDS = r"价|费|租金|报酬|佣金|收费|费率|资费|扣点|提成|服务费|酬金"
#: The verbs that add to or cut the work, beside the change verbs.
ADD_VERBS = r"增加|增补|追加|增设|扩大|扩充|加派|减少|删减|调减|缩减|取消|增减"
#: What the work is called.
SCOPE_WORDS = (r"服务|工作|内容|范围|事项|需求|功能|图纸|设计|工作量|标准|交付物|方案|任务|规格|型号|工程量|项目"
               r"|点位|时段|频次|排期|岗位职责|位置|面积|品类|数量|名称|标识|样式|式样")
#: Each class of right by the words of its act (a change verb and its object, in either order).
RIGHT_CLASSES: dict[str, re.Pattern[str]] = {
    "price": re.compile(rf"(?:{CHANGE_VERBS})[^，,。；;]{{0,10}}(?:{PRICE_WORDS})"
                        rf"|(?:{PRICE_WORDS})[^，,。；;]{{0,8}}(?:{CHANGE_VERBS})|调价|定价|自行报价"
                        # 服务费的具体金额由甲方…确定: a price one side fixes alone
                        rf"|(?:{PRICE_WORDS})[^，,。；;]{{0,14}}(?:确定|决定|认定|核定)"),
    "scope": re.compile(rf"(?:{CHANGE_VERBS}|{ADD_VERBS})[^，,。；;]{{0,10}}(?:{SCOPE_WORDS})"
                        rf"|(?:{SCOPE_WORDS})[^，,。；;]{{0,8}}(?:{CHANGE_VERBS}|{ADD_VERBS})"
                        # 随时调整冠名名称, 单方变更…: a change at its own discretion, whatever it changes
                        rf"|(?:随时|单方|任意|自行)[^，,。；;]{{0,6}}(?:{CHANGE_VERBS}|{ADD_VERBS})"),
    "deduct": re.compile(r"扣除|扣减|扣留|扣发|扣划|划扣|抵扣|抵减|抵销|抵消|冲抵|冲减|没收|直接扣"
                         r"|从[^，,。；;]{1,16}中扣"),
    "decide": re.compile(r"(?:单方|自行|独自|全权|单独|最终)?(?:认定|决定|判定|核定|判断|裁量|解释|评定)"),
    "assign": re.compile(r"转让[^，,。；;]{0,12}(?:义务|合同|权利义务)|(?:义务|合同)[^，,。；;]{0,6}转(?:让|移)给"
                         r"|(?:债务|义务)[^，,。；;]{0,10}转(?:由|给|移|交)"),
    "delegate": re.compile(r"转委托|转包|分包|交由[^，,。；;]{0,8}(?:第三[人方]|他人)(?:履行|完成|实施)"),
}


def right_classes(act: str) -> frozenset[str]:
    """The classes (:data:`RIGHT_CLASSES`) an act falls in."""
    return frozenset(name for name, rx in RIGHT_CLASSES.items() if rx.search(act))


#: An act that only says on what ground or when (根据经营需要, 视市场情况, 在必要时): what is done follows the comma.
_ADVERBIAL = re.compile(r"(?:根据|依据|按照|依照|视|基于|鉴于|出于|因|结合)[^，,。；;]{0,30}"
                        r"(?:需要|需求|情况|状况|安排|变化|要求|规划|战略|政策|考虑|发展|行情|水平)"
                        r"|(?:在|于|如|若)[^，,。；;]{0,20}(?:时|后|前|的)|随时|必要时|任何时候")
#: A right stated as one a party keeps or has: 甲方保留根据市场行情重新核定价格的权利, 出租人享有随时收回的权利.
_RESERVED = re.compile(r"(?P<modal>保留|享有|拥有|具有)(?P<act>[^，,。；;\n]{2,40}?)的?(?:权利|权力)")


#: A question settled by one side's word: 对服务内容的增减由甲方视需要决定, 服务费的具体金额由甲方在项目结束后确定.
_DECIDED_BY = re.compile(r"(?P<what>[^，,。；;\n]{2,24}?)由(?P<role>ROLES)(?P<how>[^，,。；;\n]{0,12}?)"
                         r"(?P<verb>决定|确定|认定|核定|判断|裁定)(?!权)")


#: A clause's own number opening its text (第三条, 三、, 3.1).
_NUMBERING = re.compile(r"^\s*(?:第[^条\s]{1,5}条|[一二三四五六七八九十]+、|[（(][一二三四五六七八九十\d]+[)）]"
                        r"|\d+(?:\.\d+)*[.．、]?)\s*")


@lru_cache(maxsize=1)
def _decided_rx() -> re.Pattern[str]:
    return re.compile(_DECIDED_BY.pattern.replace("ROLES", _ROLE_RX.pattern))


def _obligations(text: str, spans, scopes) -> list[Obligation]:
    out = []
    for a, b in spans:
        for m in _RESERVED.finditer(text, a, b):
            party = party_at(text, (a, b), m.start())
            if not party or _negated(scopes, m.start()):
                continue
            out.append(Obligation(m.start(), m.end(), (a, b), party, False, "有权", m.group("act").strip()))
        for m in _decided_rx().finditer(text, a, b):
            # 由双方协商确定 names no one side; 经甲方确认后由乙方确定 is still one side's word
            if _negated(scopes, m.start("verb")) or re.search(r"协商|共同|双方", m.group("how")):
                continue
            what = _NUMBERING.sub("", m.group("what")).lstrip("对就关于")
            out.append(Obligation(m.start("role"), m.end(), (a, b), m.group("role"), False, "有权",
                                  f"{what}{m.group('how')}{m.group('verb')}"))
        for m in _modal_matches(text, a, b):
            before = text[max(a, m.start() - 1):m.start()]
            if before and before in "不许认即":
                continue
            party = party_at(text, (a, b), m.start())
            if not party:
                continue
            modal = MODALS[m.group("modal")]
            # 应 inside a word (相应, 供应, 适应, 应付) is not a modal.
            act = m.group("act")
            if m.group("modal") in ("应", "可", "须") and re.match(r"(?:付|收|税|用|是|能|行|视为|选择地)", act):
                if not re.match(r"(?:付清|支付|收回)", act):
                    continue
            if m.group("modal") == "应" and text[max(a, m.start() - 1):m.start()] in ("相", "供", "适", "对", "反"):
                continue
            neg = _negated(scopes, m.start()) and modal not in ("不得", "无权", "无需")
            act = m.group("act").strip()
            # 甲方有权根据经营需要，调整乙方的铺位: an act that is only its ground or occasion goes on past the comma
            if _ADVERBIAL.fullmatch(act) and m.end() < b and text[m.end()] in "，,":
                act += "，" + text[m.end() + 1:_fragment_end(text, m.end() + 1, b)]
            out.append(Obligation(m.start(), m.end(), (a, b), party, neg, modal, act))
        taken = [(o.start, o.end) for o in out]
        for m in _ACT_RX.finditer(text, a, b):
            if any(x <= m.start() < y for x, y in taken):
                continue
            party = party_at(text, (a, b), m.start())
            if not party:
                continue
            neg = bool(m.group("neg")) or _negated(scopes, m.start())
            out.append(Obligation(m.start(), m.end(), (a, b), party, neg, "无需" if neg else "应当",
                                  m.group("act").strip()))
    return out


# -- exemptions --------------------------------------------------------------------------------------------

#: A cap on damages (按每件不超过伍拾元赔偿, 赔偿总额以一个月服务费为限) exempts whatever it caps — with
#: 不论/无论 … 故意或重大过失 it caps (and so exempts) liability for intent and gross negligence too.
_CAP = re.compile(r"(?:赔偿|责任)[^。；;]{0,40}(?:为限|封顶|不超过|上限)|不超过[^。；;，,]{0,16}(?:赔偿|为限)"
                  r"|最高(?:赔偿|赔付|责任)(?:额|金额|限额)?|赔偿(?:上限|限额|最高额)")
#: A cap said to reach intent, gross negligence or personal injury (包括因故意造成的损失, 无论是否造成人身伤亡, 含人身
#: 损害): an exemption of what 民法典506 keeps out of any cap.
_REGARDLESS = re.compile(r"(?:不论|无论|不管|即使|包括|包含|含)[^。；;]{0,24}(?:故意|重大过失|人身|伤亡|死亡|伤残)")
#: "Whatever the cause" (无论基于何种原因, 不论任何理由): a cap or exemption said so reaches intent and gross
#: negligence too.
_ANY_CAUSE = re.compile(r"(?:不论|无论|不管)(?:是否)?(?:基于|因|由于|出于)?(?:何种|任何|什么|哪种|何等)"
                        r"(?:原因|理由|情形|情况|事由)")
#: A sentence that carries an earlier cap over (前述限额适用于一切原因造成的损失，包括…故意或者重大过失): the cap.
_CAP_REF = re.compile(r"(?:前述|上述|以上|前款|该|此)(?:赔偿)?(?:限额|上限|责任限额|赔偿限额|责任限制)")
_EXEMPT = re.compile(r"不承担(?:任何)?(?:[\u4e00-\u9fa5]{0,6})?责任|概不负责"
                     # 不承担任何因设备质量问题导致的停产损失、利润损失及人身损害赔偿责任
                     r"|不承担(?:任何)?(?:因|由于)[^。；;，,]{2,48}?(?:赔偿|违约|法律)?责任"
                     # 乙方不对因其员工故意…造成的损失承担责任: the negation before what it exempts
                     r"|不(?:对|就)[^。；;]{1,40}?(?:承担|负)(?:任何)?[\u4e00-\u9fa5]{0,4}?责任"
                     r"|不负(?:任何)?责任"
                     # 不负赔偿之责, 不承担任何赔偿之责, 免于承担责任, 免于赔偿, 得以免责
                     r"|不(?:负|承担)(?:任何)?[\u4e00-\u9fa5]{0,4}之责|免于[^。；;，,]{0,10}?(?:责任|赔偿)"
                     # 车辆按现状出售，甲方对车辆是否发生过事故不作任何保证: a warranty excluded
                     r"|不作(?:任何)?(?:保证|担保)"
                     r"|免除[\u4e00-\u9fa5]{0,6}责任|免责|不予(?:赔偿|补偿|退还)|无需(?:承担|赔偿|负责)|不负责(?:赔偿)?|与[甲乙]方无关|自行承担|由[甲乙]方自负")
_COVER_WORDS = {
    "all": r"任何|一切|全部|所有|均不|概不|一概|均免|概免",
    # the acts of whoever the party hands the work to (转委托的第三人, 实际承运人, 分包人, 第三方仓储企业)
    "third_party": r"转委托|(?:转交|交由|交给|委托|转移至)[^，,。；;]{0,8}(?:第三[人方]|他人|其他)"
                   r"|其他承运人|实际承运人|转运|分包|转包|外包|协作单位|其他仓库",
    # causes inside the party's own sphere, dressed as force majeure (施工进度, 材料供应, 资金, 设备故障 …)
    "own_risk": r"施工进度|材料供应|原材料|资金(?:周转|困难|不足|紧张)?|设备(?:故障|检修)|停工待料|供应商|供货商"
                r"|人员(?:不足|变动|短缺)|市场(?:行情|变化|波动)|价格(?:上涨|波动)|经营(?:困难|调整)|上游|网络故障"
                r"|系统(?:故障|升级|维护)|市政配套|配套设施",
    "intent": r"故意",
    "gross_negligence": r"重大过失",
    "personal_injury": r"人身|伤亡|伤害|死亡|受伤|伤残",
    "property": r"财产损失|财物",
    "indirect": r"间接损失|预期利益|可得利益|停产|停工损失|窝工损失|利润损失|营业损失|经营损失|商誉损失",
}
_CARVE = re.compile(r"除(?:非)?(?P<a>[^，,。；;]{1,40}?)(?:外|以外)|(?:但|但是)(?P<b>[^。；;]{1,40}?)除外"
                    r"|除非(?P<c>[^，,。；;]{1,40})")


def _covers(text: str) -> frozenset[str]:
    return frozenset(k for k, rx in _COVER_WORDS.items() if re.search(rx, text))


def _carved(carved: str) -> frozenset[str]:
    """What a carve-out keeps liability for: the words it names, and every fault-based head when it keeps
    liability for the party's fault (但因甲方过错造成的除外, 除因乙方原因造成的以外)."""
    kept = _covers(carved)
    if re.search(r"过错|过失|原因(?:造成|导致|所致|引起)|责任事故|违约(?:造成|导致)", carved):
        kept |= {"intent", "gross_negligence", "personal_injury", "property"}
    return frozenset(kept)


def _exemptions(text: str, spans, scopes) -> list[Exemption]:
    out = []
    for a, b in spans:
        whole = text[a:b]
        found = list(_EXEMPT.finditer(whole))
        if not found and (_REGARDLESS.search(whole) or _ANY_CAUSE.search(whole)):
            found = [m for m in [_CAP.search(whole) or _CAP_REF.search(whole)] if m]
        # A run-on sentence may exempt twice (…随时解除且无需承担任何责任，…甲方因故意…亦不承担责任): each
        # exemption reads the words from the one before it to the one after it.
        pairs = zip(found, found[1:], strict=False)
        cuts = [0] + [_between(whole, x.end(), y.start()) for x, y in pairs] + [len(whole)]
        local = negation_scopes(whole)
        for k, m in enumerate(found):
            # 不得以任何理由免除或减轻其责任, 并不因此免除乙方的责任: a prohibited or negated exemption is the
            # protective opposite, no exemption
            if negated_before(whole, m.start(), local):
                continue
            out.extend(_exemption(text, a, b, whole, m, cuts[k], cuts[k + 1]))
    return out


def _between(whole: str, end: int, start: int) -> int:
    """Where the words of one exemption stop and the next one's begin: before the condition the next one
    opens with (…，甲方因故意或重大过失给乙方造成损失的，甲方亦不承担责任), else at the next one."""
    seg = whole[end:start]
    cond = max(seg.rfind("的，"), seg.rfind("的,"))
    if cond == -1:
        # …自行承担，受托方在任何情况下均不承担赔偿责任: the next one's words begin with its own fragment
        cut = max(seg.rfind(c) for c in "，,；;")
        return end + cut + 1 if cut != -1 else start
    cut = max(seg.rfind(c, 0, cond) for c in "，,；;")
    return end + cut + 1 if cut != -1 else start


#: What may stand before a role that opens a sentence as its topic: a number, a bracket, 如/若/凡.
_TOPIC = re.compile(r"^[\s（(]*[0-9０-９一二三四五六七八九十.．、）)]*\s*(?:如果|如|若|倘若|凡|因)?\s*$")


def _exemption(text: str, a: int, b: int, whole: str, found: re.Match[str], lo: int, hi: int) -> list[Exemption]:
    """The exemption ``found`` of the sentence ``text[a:b]`` (``whole``), read over ``whole[lo:hi]``."""
    sentence = whole[lo:hi]
    start, end = found.start() - lo, found.end() - lo
    carve_spans = [(c.start(), c.end()) for c in _CARVE.finditer(sentence)]
    carved = "".join(sentence[x:y] for x, y in carve_spans)
    kept = "".join(ch for i, ch in enumerate(sentence) if not any(x <= i < y for x, y in carve_spans))
    # 乙方对其故意或重大过失造成的损失不承担责任: the scope is what the exemption sentence names.
    party = party_at(text, (a, b), a + found.start())
    # 店铺被关闭或者乙方主动退出的，已缴纳的服务费不予退还: a role inside the condition (…的，) before the
    # exempting fragment is that condition's subject, not the party exempted; with no role after it the
    # sentence names none (a fee kept then belongs to the payee: engine._PAYERS_DUTY). A role opening the
    # sentence is its topic and carries over (乙方…因过失给甲方造成损失的，不承担任何赔偿责任).
    frag_at = max(whole.rfind(c, 0, found.start()) for c in "，,；;") + 1
    named = [m for m in _ROLE_RX.finditer(whole, 0, found.start())
             if not _OBJECT_MARK.search(whole[max(0, m.start() - 4):m.start()])]
    if named and named[-1].start() < frag_at and re.search(r"的\s*[，,]", whole[named[-1].end():frag_at]) \
            and not _TOPIC.match(whole[:named[-1].start()]):
        party = ""
    # 卖方对因产品缺陷造成的买方停产损失不承担赔偿责任: a role inside the 对/就 phrase is its object; the
    # party exempted is the one named before 对.
    frag = max(whole.rfind(c, 0, found.start()) for c in "，,；;") + 1
    head = re.match(rf"[^，,。；;]{{0,12}}?(?P<role>{_ROLE_RX.pattern})[^，,。；;]{{0,4}}?(?:对|就)[^。；;]+$",
                    whole[frag:found.start()])
    if head:
        party = head.group("role")
    covers = _covers(kept) - {"all"}
    if _ANY_CAUSE.search(kept):
        covers |= {"intent", "gross_negligence"}
    # “任何 / 一切 / 全部” make an exemption total only next to the exempting words
    # (甲方不承担任何责任), not anywhere in the sentence (退还已收取的全部费用).
    near = sentence[max(0, start - 15):end]
    # 已缴纳的服务费均不予退还 keeps money paid (a forfeiture, paid-sums rules); it exempts no liability at all.
    refund_only = found.group(0) == "不予退还"
    if re.search(_COVER_WORDS["all"], near) and not refund_only and not any(x <= start < y for x, y in carve_spans):
        covers |= {"all"}
    party, bearer = _exempted(whole, found.group(0), party, found.start())
    return [Exemption(a + found.start(), a + found.end(), (a, b), party, False, frozenset(covers),
                      _carved(carved), kept.strip(), bearer)]


def _exempted(whole: str, said: str, party: str, at: int = 0) -> tuple[str, str]:
    """(the party exempted, the party that bears) for exempting words ``said``: 与乙方无关 exempts 乙方; 由甲方自行
    承担 / 甲方自负 make 甲方 bear — the party exempted is then a role the sentence releases (…，与乙方无关 /
    乙方概不负责), else none (the other side of the bearer, read by the engine)."""
    named = re.fullmatch(rf"与\s*(?P<r>{_ROLE_RX.pattern})\s*无关", said)
    if named:
        return named.group("r"), ""
    if said == "自行承担" or said.startswith("由"):
        inside = _ROLE_RX.search(said)
        # the bearer is named inside the words (由甲方自负) or before them (甲方自行承担), never after them
        before = [r for r in _ROLE_RX.finditer(whole, 0, at)
                  if not _OBJECT_MARK.search(whole[max(0, r.start() - 4):r.start()])]
        party = inside.group(0) if inside else (before[-1].group(0) if before else "")
        rel = re.search(rf"与\s*(?P<r>{_ROLE_RX.pattern})\s*无关|(?P<r2>{_ROLE_RX.pattern})\s*(?:概不负责|不承担|不负)",
                        whole)
        released = (rel.group("r") or rel.group("r2")) if rel else ""
        return (released if released != party else ""), party
    return party, ""


# -- ownership --------------------------------------------------------------------------------------------

_OWN = re.compile(r"(?:均|全部|一律|皆)?(?:(?:归|属于|归属于|由)\s*(?P<party>ROLES)\s*(?:单独|独家|独自)?"
                  r"(?:所有|享有|拥有|所有并享有)"
                  # 一切权利即专属于甲方。 / 成果均归属甲方，: everything to one owner, named at the fragment's end
                  r"|(?:(?:均|全部|一律|皆|全|完全|概)(?:归|属于|归属于|归属)|专属于|独家归)\s*(?P<bare>ROLES)\s*(?:单独|独家|独自)?(?:所有)?(?=\s*[。；;，,]|\s*$))")


@lru_cache(maxsize=1)
def _own_rx() -> re.Pattern[str]:
    return re.compile(_OWN.pattern.replace("ROLES", _ROLE_RX.pattern))


def _ownerships(text: str, spans, scopes) -> list[Ownership]:
    rx = _own_rx()
    out = []
    for a, b in spans:
        found = list(rx.finditer(text, a, b))
        # A form's choice (归 ☐乙方所有 ☐甲方所有 ☐双方共有) names several owners: no choice made.
        # (共有部分 — the common parts of a building — is not such a choice.)
        if len({_owner(m) for m in found}) > 1 or re.search(r"[☐□]|(?:双方|共同|按份)共有|共同所有|共有(?!部分)",
                                                                   text[a:b]):
            continue
        for m in found:
            if _negated(scopes, m.start()):
                continue
            lo = _fragment_start(text, a, m.start())
            what = text[lo:m.start()].strip()
            out.append(Ownership(m.start(), m.end(), (a, b), _owner(m), False, what))
    return out


def _owner(m: re.Match[str]) -> str:
    return m.group("party") or m.group("bare")


# -- amounts restated in figures --------------------------------------------------------------------------

#: The figures that restate an amount in words right after it: （¥3.20）, （人民币1,104,000.00元）, (10万元).
_RESTATED = re.compile(r"\s*整?\s*[（(]\s*(?:人民币|RMB|CNY)?\s*[￥¥]?\s*(?P<num>\d[\d,，]*(?:\.\d+)?)"
                       r"\s*(?P<unit>万元|元|万)?\s*[）)]")
_CN_NUMERAL = re.compile(r"[零壹贰叁肆伍陆柒捌玖拾佰仟一二三四五六七八九十百千两]")


def _mismatches(text: str, spans) -> list[Mismatch]:
    out = []
    for q in numbers.amounts(text):
        if not _CN_NUMERAL.search(text[q.start:q.end]):
            continue
        m = _RESTATED.match(text, q.end)
        if not m:
            continue
        restated = float(m.group("num").replace(",", "").replace("，", ""))
        restated *= 1e4 if (m.group("unit") or "").startswith("万") else 1.0
        if abs(restated - q.value) > 0.005:
            s = _sentence_at(spans, q.start)
            out.append(Mismatch(q.start, m.end(), s, party_at(text, s, q.start), False, q.value, restated))
    return out


# -- the court a dispute clause agrees ---------------------------------------------------------------------

_FORUM = re.compile(r"(?:由|向|归|提交|交由|交|在|至)\s*(?P<where>[^。；;，,由向]{0,30}?)"
                    r"(?:有管辖权的|有权管辖的)?(?:人民)?法院")
_SUED = re.compile(r"管辖|起诉|诉讼|审理|裁判|解决")
_SEAT_WORDS = r"(?:的)?(?:住所地|所在地|注册地|营业地|经营地|注册所在地|住所)"
#: The seat of someone who is no party to the contract: no actual link to the dispute.
_UNLINKED = re.compile(r"(?:上级(?:主管)?(?:单位|部门|公司|机关|机构)?|母公司|总公司|集团|总部|关联(?:公司|方|企业)"
                       r"|股东|控股)" + _SEAT_WORDS)
_PLACES = (("chosen", re.compile(r"指定|选择|认为合适|任意|届时|另行确定")),
           ("property", re.compile(r"(?:不动产|房屋|房产|物业|工程|项目|标的物|土地|租赁物|小区)(?:的)?所在地")),
           ("defendant", re.compile(r"被告")),
           ("plaintiff", re.compile(r"原告")),
           ("signing", re.compile(r"签订地|签约地")),
           ("performance", re.compile(r"履行地|交货地|施工地")))
_NAMED = re.compile(r"[\u4e00-\u9fa5]{2,}(?:省|市|区|县)")


def _forums(text: str, spans) -> list[Forum]:
    out = []
    for a, b in spans:
        if not _SUED.search(text, a, b):
            continue
        for m in _FORUM.finditer(text, a, b):
            where = m.group("where")
            place = next((name for name, rx in _PLACES if rx.search(where)), "")
            role = _ROLE_RX.search(where)
            # whose seat it is — or who picks the court later (甲方指定的法院)
            party = role.group(0) if role else ""
            if not place and role:
                rest = where[role.end():]
                if _UNLINKED.match(rest) or _UNLINKED.search(where):
                    place = "unlinked"
                elif re.match(_SEAT_WORDS, rest):
                    place = "party_seat"
            if not place:
                place = "unlinked" if _UNLINKED.search(where) else "named" if _NAMED.search(where) else "statutory"
            # 任何一方不得向甲方所在地法院起诉: a court the clause rules out is no forum agreed
            if negated_before(text[a:b], m.start() - a):
                continue
            out.append(Forum(m.start(), m.end(), (a, b), party, False, place, place != "chosen"))
    return out + _arbitrations(text, spans, out)


#: A dispute clause's words: an arbitration read only where the clause speaks of disputes.
_DISPUTE = re.compile(r"争议|纠纷|争端|分歧|争执")
#: An agreement to arbitrate (提交仲裁, 申请仲裁, 通过仲裁方式解决, 以仲裁方式, 仲裁解决).
_ARBITRATE = re.compile(r"(?:提交|提请|交由|交付|申请|通过|采用|采取|以|选择|诉诸|付诸)[^。；;，,]{0,30}?仲裁"
                        r"|仲裁(?:解决|裁决|处理)")
_INSTITUTION = re.compile(r"[^\W\d向交由在至及或和的以]{2,16}?(?:仲裁委员会|仲裁院|仲裁中心|仲裁协会|国际商会)"
                          r"|国际商会|ICC|CIETAC|HKIAC|SIAC|贸仲|海仲")
#: A place whose only institution the clause then names (在上海仲裁, 仲裁地为深圳): 仲裁法解释 6.
_ARB_PLACE = re.compile(r"(?:在|于)[\u4e00-\u9fa5]{2,8}?(?:市)?(?:进行)?仲裁|仲裁地(?:点)?(?:为|在|是|设在|位于)")
#: What a court does after an award or beside it, not instead of it.
_AFTER_AWARD = re.compile(r"不服|裁决(?:书)?(?:作出|生效|送达)?(?:后|之日)|撤销|执行|保全|仲裁协议(?:的)?效力|证据保全")
#: Arbitration of labour disputes is the law's own first step (劳动争议调解仲裁法): no agreement.
_STATUTORY_ARB = re.compile(r"劳动(?:人事)?争议|劳动仲裁|人事争议|劳动保障|农村土地承包")
#: Arbitration or a court as a party's choice (或, 也可以, 亦可, 任选).
_EITHER = re.compile(r"或者|或|也可以|也可|亦可|任选|任择|选择")
_ARB_OR_SUE = re.compile(r"仲裁(?:或者|或|、|/)(?:向[^。；;，,]{0,12})?(?:诉讼|起诉)|(?:诉讼|起诉)(?:或者|或|、|/)仲裁")
#: A model form's choice still open (选择下列第＿种方式, ☐): no choice made yet.
_FORM_CHOICE = re.compile(r"[☐□]|下列第|第[＿_\s]*种|以下(?:一种|方式)|选择(?:以下|下列)")
#: A remedy the law gives (可以依法提起诉讼或者申请仲裁): no forum agreed.
_BY_LAW = re.compile(r"依法(?:向[^。；;，,]{0,12})?(?:提起|申请|起诉|通过)")


def _arbitrations(text: str, spans, courts: list[Forum]) -> list[Forum]:
    if not _DISPUTE.search(text) or "仲裁" not in text:
        return []
    out = []
    for a, b in spans:
        sentence = text[a:b]
        if _STATUTORY_ARB.search(sentence) or _FORM_CHOICE.search(sentence):
            continue
        m = _ARBITRATE.search(sentence)
        if m is None or negated_before(sentence, m.start()) or _BY_LAW.search(sentence) \
                or _AFTER_AWARD.search(m.group(0)):
            continue
        inst = _INSTITUTION.search(sentence) or _INSTITUTION.search(text)
        named = inst.group(0) if inst else ""
        if not named and _ARB_PLACE.search(sentence):
            named = _ARB_PLACE.search(sentence).group(0)
        # 提交＿＿仲裁委员会仲裁, 向{{仲裁委员会}}仲裁委员会: a model form's blank is no institution left out
        if not named and re.search(r"仲裁委员会|仲裁院|仲裁中心", sentence):
            named = "（空白）"
        beside = [f for f in courts if f.sentence == (a, b)]
        # 通过仲裁或者诉讼方式解决: either, in one breath
        alternative = bool(_ARB_OR_SUE.search(sentence))
        for court in beside:
            lo, hi = sorted((a + m.start(), court.start))
            between = text[lo:hi + 2]
            if _EITHER.search(between) and not _AFTER_AWARD.search(text[min(lo, court.start):b]):
                alternative = True
        out.append(Forum(a + m.start(), a + m.end(), (a, b), "", False, "arbitration", True, "arbitration",
                         named, alternative))
    return out


# -- the reader -------------------------------------------------------------------------------------------


def read_clause(text: str) -> ClauseFacts:
    """Every fact of one clause's text (offsets into ``text``; full-width digits are read as digits).

    A clause is read once: the fact rules, the deciding table (an exemption's covers) and the terms table
    all ask for the same clause's facts, so the result is kept per text. Callers read it and never change
    it."""
    return _read_clause(text)


@lru_cache(maxsize=2048)
def _read_clause(text: str) -> ClauseFacts:
    norm = numbers.normalize(text)
    spans = sentence_spans(norm)
    scopes = negation_scopes(norm)
    money, rates, durations = _money(norm, spans, scopes), _rates(norm, spans, scopes), _durations(norm, spans, scopes)
    return ClauseFacts(
        text=text, money=money, rates=rates,
        durations=durations, dates=_dates(norm, spans, scopes),
        obligations=_obligations(norm, spans, scopes), exemptions=_exemptions(norm, spans, scopes),
        ownerships=_ownerships(norm, spans, scopes), negations=scopes, mismatches=_mismatches(norm, spans),
        forums=_forums(norm, spans), foreign_choices=_foreign_choices(norm, spans),
        secrecies=_secrecies(norm, spans), definitions=_definitions(norm, spans), caps=_caps(norm, spans),
        restraints=_restraints(norm, spans), figures=_figures(norm, money, rates, durations),
        allocations=_allocations(norm, spans, scopes),
    )


#: Wording that defers a term instead of agreeing it (另议, 届时报价, 待定, an empty blank).
DEFERRAL = re.compile(r"另议|另行(?:协商|商定|约定|确定|签订|签署)|(?:日后|今后|将来)(?:协商|另议|商定|确认|确定)|届时"
                      r"|(?:以|按|另签|另行签订)?(?:补充协议|另行协议)(?:约定|确定|为准)|后续(?:协商|约定|确定|商定)"
                      r"|视(?:具体)?(?:情况|市场(?:情况|行情)?)(?:而定|确定)|由双方(?:另行)?(?:协商|商定)确定|暂不(?:约定|确定)"
                      r"|以[^。；，,]{0,10}(?:报价|通知|确定)为准|待定|"
                      r"由[^。；，,]{0,8}(?:单方|自行)确定|【\s*】|_{3,}|＿{2,}|（\s*）")


# -- overtime and conditions -------------------------------------------------------------------------------

#: Overtime (加班, 延长工作时间, 延时, 加点) as against working time (每周工作, 上班, 工时, 出勤).
_OVERTIME = re.compile(r"加班|延长(?:工作)?时间|延时|加点")
_WORKTIME = re.compile(r"工作|上班|工时|出勤|在岗|休息")
_OVERTIME_PERIODS = (("week", re.compile(r"周|星期|礼拜")), ("day", re.compile(r"每日|每天|当日|单日|日均|一日|一天")),
                     ("month", re.compile(r"月")))


def overtime_period(text: str, fact: Duration) -> str | None:
    """The period (``day`` ``week`` ``month``) of an hours figure that is overtime, or None when the figure is
    not overtime: the words before it in its fragment (inside the brackets it sits in, if any) name overtime,
    or name no working time in a sentence about overtime (…确需加班的，…每月累计不超过36小时). A working week
    or day told beside overtime (每周工作时间为四十八小时（含每周延长工作时间八小时）) is no overtime figure."""
    a, b = fact.sentence
    lead = text[_fragment_start(text, a, fact.start):fact.start]
    inner = max(lead.rfind("（"), lead.rfind("("))
    if inner != -1 and ")" not in lead[inner:] and "）" not in lead[inner:]:
        lead = lead[inner + 1:]
    if not _OVERTIME.search(lead) and (_WORKTIME.search(lead) or not _OVERTIME.search(text[a:b])):
        return None
    return next((name for name, rx in _OVERTIME_PERIODS if rx.search(lead)), "month")


#: A right limited to stated grounds: a condition before it (…的，/ 如 / 一旦 / 发生下列情形) or in it (在乙方违约时).
_CONDITION = re.compile(r"的\s*[，,:：]|(?:^|[，,\s])(?:如|若|如果|一旦|倘若|凡|假如)|(?:发生|出现|有|存在|具有|在)"
                        r"(?:下列|以下|如下|前述|上述|本条|前款|任一|任何一种|约定)|情形之一|下列情形|以下情形|情形下"
                        r"|违反|违约|未按|逾期|拖欠|挪用|改变.{0,4}用途|转移(?:财产|资产)|丧失(?:偿债|清偿)")
#: A ground that is only the right-holder's own needs (根据自身资金需要, 视其资金状况); a ground it judges (甲方认为…
#: 可能影响还款的) is a ground the lender-opinion rules read.
_OWN_WILL = re.compile(r"自行|(?:视|根据|依据|按照)(?:其|自身|自己|本方|经营|资金)?"
                       r"[^，,。；;]{0,8}(?:需要|安排|情况|状况)")
#: A ground the right-holder judges (认为, 根据其风险评估结果): the lender-opinion rules read it.
_JUDGED = re.compile(r"认为|判断|认定|评估|有理由相信")
#: At will, whatever the ground (随时, 任意, 无需理由, 以任何理由).
_AT_WILL = re.compile(r"随时|任意|任何时候|无需(?:说明)?(?:任何)?理由|不需(?:要)?(?:任何)?理由"
                      r"|(?:不论|无论)(?:何种|任何)?(?:原因|理由)|以任何理由")


def unconditional(text: str, ob: Obligation) -> bool:
    """The right is the holder's at will: it says so (随时, 以任何理由), or neither the words before it in its sentence
    nor its act name a ground other than the holder's own will or view (a right that lists the other side's
    defaults — 有下列情形之一的 / 在乙方违约时 — is a right on those grounds)."""
    a, _ = ob.sentence
    before, act = text[a:ob.start], ob.act
    if _AT_WILL.search(before) or _AT_WILL.search(act):
        return True
    grounds = before + "，" + act
    if _JUDGED.search(grounds):
        return False
    if not _CONDITION.search(grounds):
        return True
    return bool(_OWN_WILL.search(grounds)) and not re.search(r"下列|以下|如下|情形之一", grounds)


# -- a law or a forum outside the mainland, and whether the contract has a foreign element -------------------

#: Places outside the mainland whose law, courts or arbitral seats a contract may name.
ABROAD = (r"香港|澳门|台湾|新加坡|美国|纽约州?|加利福尼亚州?|特拉华州?|英国|英格兰(?:及威尔士|和威尔士)?|伦敦"
          r"|日本|东京|韩国|首尔|德国|法国|巴黎|瑞士|日内瓦|苏黎世|瑞典|斯德哥尔摩|荷兰|比利时|意大利|西班牙|加拿大|澳大利亚|新西兰|开曼(?:群岛)?"
          r"|英属维尔京群岛|维尔京群岛|百慕大|马来西亚|泰国|越南|印度尼西亚|印度|阿联酋|迪拜|俄罗斯|卢森堡|爱尔兰")
#: Arbitral institutions seated outside the mainland (a mainland one — 中国国际经济贸易仲裁委员会, 上海国际仲裁中心,
#: 深圳国际仲裁院 — is none).
_ABROAD_INSTITUTION = re.compile(
    r"新加坡国际仲裁中心|香港国际仲裁中心|国际商会(?:国际)?仲裁(?:院|庭)|国际商会|伦敦国际仲裁院|斯德哥尔摩商会仲裁院"
    r"|日本商事仲裁协会|大韩商事仲裁院|美国仲裁协会|国际争议解决中心|香港海事仲裁协会|\bSIAC\b|\bHKIAC\b|\bICC\b|\bLCIA\b"
    r"|\bAAA\b|\bSCC\b")
_LAW_ABROAD = re.compile(rf"(?:适用|受|依照|依据|按照|遵循|遵守|根据|以)[^。；;，,]{{0,12}}?(?P<place>{ABROAD})"
                         r"(?:共和国|联邦|王国|合众国|特别行政区|地区)?(?:的)?(?:现行|有效)?(?:法律|法)(?!院)")
_SEAT_ABROAD = re.compile(rf"仲裁地(?:点)?(?:为|在|是|设在|位于)?(?P<place>{ABROAD})"
                          rf"|(?:在|于|提交|到|去|赴|交)(?P<place2>{ABROAD})"
                          r"(?:特别行政区)?(?:进行)?仲裁")
_COURT_ABROAD = re.compile(rf"(?P<place>{ABROAD})(?:特别行政区)?(?:的)?(?:[\u4e00-\u9fa5]{{0,6}})?法院")
#: Words that keep a place out of the choice (适用中华人民共和国法律，不包括香港、澳门和台湾地区法律).
_NOT_CHOSEN = re.compile(r"不包括|不含|除外|排除")


@dataclass(frozen=True)
class ForeignChoice(Fact):
    """A choice of a law, an arbitral institution or seat, or a court outside the mainland (适用香港法律,
    提交新加坡国际仲裁中心仲裁, 由英国法院管辖). ``kind``: ``law`` | ``arbitration`` | ``court``; ``place``: the
    place or institution named."""

    kind: str = ""
    place: str = ""


def _foreign_choices(text: str, spans) -> list[ForeignChoice]:
    out = []
    for a, b in spans:
        sentence = text[a:b]
        found: list[tuple[str, re.Match[str], str]] = []
        for m in _LAW_ABROAD.finditer(sentence):
            found.append(("law", m, m.group("place")))
        for m in _ABROAD_INSTITUTION.finditer(sentence):
            if re.search(r"仲裁|规则|管理", sentence):
                found.append(("arbitration", m, m.group(0)))
        for m in _SEAT_ABROAD.finditer(sentence):
            found.append(("arbitration", m, m.group("place") or m.group("place2")))
        if re.search(r"管辖|起诉|诉讼", sentence) and "仲裁" not in sentence:
            for m in _COURT_ABROAD.finditer(sentence):
                found.append(("court", m, m.group("place")))
        seen: set[str] = set()
        for kind, m, place in found:
            lead = sentence[max(0, m.start() - 8):m.start()]
            if _NOT_CHOSEN.search(lead) or kind in seen:
                continue
            seen.add(kind)
            out.append(ForeignChoice(a + m.start(), a + m.end(), (a, b), "", False, kind, place))
    return out


#: What makes a contract foreign-related (涉外民事关系法律适用法解释（一）第一条): a party abroad or foreign, the
#: subject matter abroad, the facts that make the contract abroad — read outside the choice-of-law and dispute words.
_FOREIGN_PARTY = re.compile(
    rf"(?:住所|地址|注册地|注册于|设立于|成立于|经常居所|国籍|居住地|办公地)[^。；;\n]{{0,12}}(?:{ABROAD})"
    rf"|(?:{ABROAD})(?:特别行政区)?[^。；;\n，,]{{0,20}}(?:有限公司|公司|集团|居民|公民|籍)"
    r"|外国(?:公民|法人|公司|企业|人|国籍)|外籍|护照号|境外(?:公司|企业|机构|法人|主体|投资者)"
    r"|\b(?:Limited|Ltd\.?|Pte\.?|Inc\.?|LLC|GmbH|Corporation|Corp\.?|B\.V\.|S\.A\.|PLC|AG)\b")
_FOREIGN_SUBJECT = re.compile(
    rf"(?:运往|发往|出口(?:至|到)?|交付(?:至|到|于)|交货(?:至|地点为|地为)|进口自|位于|坐落于|在)(?:{ABROAD}|境外|国外|海外)"
    rf"|(?:{ABROAD}|境外|国外|海外)(?:的)?(?:项目|工程|市场|仓库|港口|码头|分公司|子公司)"
    r"|跨境|出口合同|进口合同|离岸|FOB|CIF|CFR|DAP|DDP|EXW|信用证|自由贸易试验区[^。；;]{0,30}外商|外商独资[^。；;]{0,30}自由贸易试验区")
_CHOICE_WORDS = re.compile(r"适用[^。；;]{0,20}法律|管辖|仲裁|争议|诉讼|法律适用")


def foreign_element(text: str) -> bool:
    """The contract has a foreign element outside its choice-of-law and dispute words: a party foreign or seated
    abroad (香港、新加坡 … 公司, 外籍, Ltd), the subject matter or a performance abroad (运往新加坡, 境外项目, 跨境),
    a trade term (FOB, CIF) or a foreign-owned enterprise in a free trade zone (which may choose a foreign seat)."""
    norm = numbers.normalize(text)
    # a party set up in China under an English name too (贝洛蒂（上海）有限公司（BELLOTTI (Shanghai) Co., Ltd.），
    # 依据中华人民共和国法律设立的外商独资企业) is a Chinese legal person: its line brings no foreign element
    kept = "。".join(s for s in re.split(r"[。；;\n]", norm)
                    if not _CHOICE_WORDS.search(s) and not _DOMESTIC_ENTITY.search(s))
    return bool(_FOREIGN_PARTY.search(kept) or _FOREIGN_SUBJECT.search(kept))


#: A party line that says the party was set up in the mainland (its English name then names no foreign party).
_DOMESTIC_ENTITY = re.compile(
    r"(?:依据|依照|根据|按照)中(?:华人民共和)?国(?:境内)?(?:的)?法律(?:依法)?(?:设立|成立|注册|组建)"
    r"|在中国(?:境内|大陆|内地)(?:依法)?(?:设立|成立|注册)"
    r"|\((?:Shanghai|Beijing|Shenzhen|Guangzhou|Hangzhou|Suzhou|Tianjin|Chengdu|Wuhan|Nanjing|China)\)")


# -- confidentiality: who is bound, whose information, for how long -----------------------------------------

_SECRECY = re.compile(r"保密(?:义务|责任|期限|期)?|保守[^。；;，,]{0,12}秘密"
                      r"|(?:不得|禁止)[^。；;]{0,20}(?:披露|泄露|泄漏|透露|公开)")
#: Both sides bound (双方, 各方, 任何一方, 相互) — or the duty runs to each other (对对方 / 彼此).
_BOTH = re.compile(r"双方|各方|任何一方|任一方|相互|彼此|互相|一方[^。；;]{0,12}另一方|各自")
#: Information both sides hold: the other's as well as its own, or the contract itself (本合同的内容, 合同价格).
_BOTH_INFO = re.compile(r"双方|相互|彼此|各方|本(?:合同|协议)(?:的)?(?:内容|条款|价格|约定|签订)"
                        r"|合同(?:内容|条款|价格|价款)|(?:项目|合作)(?:内容|信息|情况)")
_PERPETUAL = re.compile(r"永久|永远|无限期|终身|不受(?:合同|本合同|任何)?(?:期限|时间|期间)(?:的)?限制|长期有效"
                        r"|始终有效|任何时候|无期限|不设期限|没有期限")
_PUBLIC_CARVEOUT = re.compile(
    r"已(?:经)?(?:依法)?(?:公开|公布|披露|为公众|进入公有|进入公共)|公知|公众(?:所)?(?:知悉|知晓|所知)|公有领域|公共领域"
    r"|合法(?:地)?(?:从第三方)?(?:取得|获得|获悉|知悉)|独立开发|已(?:经)?知悉"
    r"|非因[^。；;]{0,8}(?:过错|原因|违约)[^。；;]{0,8}公开|直至[^。；;]{0,20}公开|依法(?:应当|须)?(?:披露|公开)")


_SUBJECT_RX = re.compile(r"甲乙双方|双方|各方|任何一方|任一方|相互|彼此|互相|" + _ROLE_RX.pattern)


def _secrecy_subject(before: str) -> str:
    """Who a confidentiality duty binds: the first party (or 双方, 各方) named before it that is no object or
    owner of the information (对甲方的技术秘密, 知悉的双方商业秘密, 向乙方提供的 name whose information it is)."""
    for m in _SUBJECT_RX.finditer(before):
        if re.search(r"(?:对|向|给|的|与|及|和|或|、|为|自|从|由)\s*$", before[max(0, m.start() - 2):m.start()]):
            continue
        return m.group(0)
    return ""


@dataclass(frozen=True)
class Secrecy(Fact):
    """A duty of confidentiality (乙方应对…保密, 不得向任何第三方披露). ``party``: the side bound (``双方`` when
    both are); ``shapes``: ``one_way`` (one side bound for information both sides hold — 双方的商业秘密, 本合同内容),
    ``perpetual`` (永久, 无限期, 不受期限限制), ``penalised`` (the clause sets a 违约金 for it),
    ``no_public_carveout`` (the clause keeps nothing public or lawfully obtained out of it)."""

    shapes: frozenset[str] = frozenset()


def _secrecies(text: str, spans) -> list[Secrecy]:
    out = []
    clause_perpetual = bool(_PERPETUAL.search(text))
    penalised = bool(re.search(r"违约金", text))
    carved = bool(_PUBLIC_CARVEOUT.search(text))
    for a, b in spans:
        sentence = text[a:b]
        m = _SECRECY.search(sentence)
        if not m or re.search(r"保密费|保密津贴", sentence[m.start():m.end() + 2]):
            continue
        subject = _secrecy_subject(sentence[:m.start()])
        both = bool(subject and _BOTH.fullmatch(subject))
        party = "双方" if both else party_at(text, (a, b), a + m.start())
        shapes = set()
        if not both and party and _BOTH_INFO.search(sentence):
            shapes.add("one_way")
        if _PERPETUAL.search(sentence) or (clause_perpetual and re.search(r"保密(?:期限|期)", text)):
            shapes.add("perpetual")
        if penalised:
            shapes.add("penalised")
        if not carved:
            shapes.add("no_public_carveout")
        out.append(Secrecy(a + m.start(), a + m.end(), (a, b), party, False, frozenset(shapes)))
    return out


# -- definitions that widen a duty or an exemption -----------------------------------------------------------

#: What a defined word is (保密信息, 不可抗力 …), by its words.
DEFINED_CLASSES = (
    ("confidential", re.compile(r"保密信息|保密资料|商业秘密|机密信息|秘密信息|保密事项|机密资料|专有信息")),
    ("force_majeure", re.compile(r"不可抗力")),
    ("work_product", re.compile(r"工作成果|开发成果|技术成果|知识产权|交付成果|作品|职务成果|研发成果")),
    ("affiliate", re.compile(r"关联方|关联公司|关联企业|关联人")),
)
#: A definition: “X”指 / X，是指 / 本合同所称X包括 / X包括但不限于 / 下列情形视为X / …等属于X.
_DEFINES = re.compile(r"(?:所称|所述|所指)?[“\"「『]?(?P<term>[\u4e00-\u9fa5]{2,8})[”\"」』]?\s*[，,：:]?\s*"
                      r"(?:是指|系指|指|包括|包含|涵盖|的范围包括|范围包括)")
_DEEMED_AS = re.compile(r"(?:视为|属于|均属|均为|构成|认定为|都算|算作|算是|均算|当作)\s*"
                        r"(?P<term>不可抗力|保密信息|保密资料|商业秘密|机密信息|工作成果|知识产权|关联方)")
#: Any information a party learns, however it learns it, not marked or limited (乙方知悉的任何信息, 接触到的一切资料).
_KNOWLEDGE = re.compile(rf"(?P<role>{_ROLE_RX.pattern})?[^。；;]{{0,16}}"
                        r"(?:知悉|接触|获得|获悉|了解|掌握|得知|取得|接收)(?:到)?的(?:任何|一切|全部|所有)?"
                        r"(?:形式的|方式的)?[^。；;，,]{0,24}?(?:信息|资料|情况|数据|内容|文件|材料|图纸)"
                        r"|(?:任何|一切|全部|所有)(?:形式的|方式的|相关的)?[^。；;，,]{0,24}?(?:信息|资料|数据|文件|材料)")
#: Causes inside a party's own business or the market dressed as force majeure (市场行情变化, 原材料涨价, 政策调整).
_OWN_RISK_CAUSES = re.compile(_COVER_WORDS["own_risk"] + r"|政策(?:调整|变化|变动)|汇率|行情|涨价"
                              r"|成本(?:上升|上涨|增加)|资金|原料|人员(?:离职|流失)|客户(?:流失|取消)|订单")
#: A work-product definition that reaches beyond the contract's work (whether or not related to it, before or
#: after its term, in one's own time, one's earlier technology and its improvements).
_BEYOND_WORK = re.compile(r"(?:无论|不论|不管)[^。；;，,]{0,6}(?:是否)?[^。；;，,]{0,8}"
                          r"(?:相关|有关|关联|利用|工作时间|职务)|签订前|签署前|履行前|之前(?:已)?(?:拥有|开发|取得)|终止后|届满后|解除后|业余时间|工作时间以外"
                          r"|以外的|无关的|(?:既有|原有|背景)技术|及其(?:任何)?改进")


@dataclass(frozen=True)
class Definition(Fact):
    """A defined word (“保密信息”指…, 不可抗力包括…, 下列情形视为不可抗力). ``term``: the word; ``cls``:
    ``confidential`` | ``force_majeure`` | ``work_product`` | ``affiliate`` | ``""``; ``party``: the side whose
    knowledge or work the definition reaches (乙方知悉的…, 乙方完成的…); ``shapes``: ``knowledge_based`` (any
    information that side learns, not limited to what is marked or secret), ``no_public_carveout``,
    ``own_risk`` (force majeure that takes in market, price, policy, funding or supply causes),
    ``beyond_the_work`` (work product whether or not related to the contract, before or after it)."""

    term: str = ""
    cls: str = ""
    shapes: frozenset[str] = frozenset()


def _definitions(text: str, spans) -> list[Definition]:
    out = []
    carved = bool(_PUBLIC_CARVEOUT.search(text))
    for a, b in spans:
        sentence = text[a:b]
        m = _DEFINES.search(sentence) or _DEEMED_AS.search(sentence)
        # 市场行情变化不属于不可抗力 / 不视为保密信息: what the words keep out of the word defines nothing
        if not m or (m.re is _DEEMED_AS and re.search(r"(?:不|非|未|并不|均不)\s*$", sentence[:m.start()])):
            continue
        term = m.group("term")
        cls = next((name for name, rx in DEFINED_CLASSES if rx.search(term)), "")
        if not cls:
            continue
        # (以下情况属于不可抗力：…汇率大幅波动: the list may follow 视为X / 属于X too)
        body = sentence[m.end():] if m.re is _DEFINES else sentence[:m.start()] + "，" + sentence[m.end():]
        shapes = set()
        party = ""
        if cls == "confidential":
            know = _KNOWLEDGE.search(body)
            marked = [x for x in re.finditer(r"标(?:注|明|记)|标示|书面(?:确认|指明)|明确(?:为|属于)", body)
                      if not re.search(r"(?:无论|不论|不管|是否|无需|不以)[^。；;，,]{0,4}$", body[:x.start()])]
            if know and not marked:
                shapes.add("knowledge_based")
                party = know.group("role") or party_at(text, (a, b), a + m.start())
            if not carved:
                shapes.add("no_public_carveout")
        elif cls == "force_majeure":
            scopes = negation_scopes(body)
            for c in _OWN_RISK_CAUSES.finditer(body):
                if not any(x <= c.start() < y for x, y in scopes) and not re.search(
                        r"不包括|不属于|除外|不视为|不构成", body[max(0, c.start() - 24):c.start()]):
                    shapes.add("own_risk")
                    break
        elif cls == "work_product" and _BEYOND_WORK.search(body):
            shapes.add("beyond_the_work")
            role = _ROLE_RX.search(body)
            party = role.group(0) if role else ""
        if shapes:
            out.append(Definition(a + m.start(), a + m.end(), (a, b), party, False, term=term, cls=cls,
                                  shapes=frozenset(shapes)))
    return out


# -- a cap on one side's liability -------------------------------------------------------------------------

_CAPPED = re.compile(r"(?:责任|赔偿|违约金|赔付)[^。；;]{0,30}?"
                     r"(?:以|不超过|不得超过|最高不超过|累计不超过|最高为|上限为)[^。；;]{0,24}?(?:为限|为上限|封顶|$|[，,])|(?:赔偿|责任|赔付)(?:总额|上限|限额|最高额)")
_CAP_BOTH = re.compile(r"双方|各方|任何一方|任一方|每一方|一方[^。；;]{0,10}(?:另一方|对方)")


@dataclass(frozen=True)
class Cap(Fact):
    """A cap on a party's liability (甲方的违约责任总额以合同总价的10%为限, 乙方累计赔偿不超过已收服务费).
    ``party``: whose liability is capped; ``双方`` for a cap both sides share."""

    #: The cap keeps intent or gross negligence out (但因故意或者重大过失造成的损失除外).
    carved: bool = False
    #: It caps only a penalty for delay (违约金累计不超过合同价款的百分之五), not the party's liability.
    penalty_only: bool = False


def _caps(text: str, spans) -> list[Cap]:
    out = []
    for a, b in spans:
        sentence = text[a:b]
        m = _CAPPED.search(sentence)
        if not m or not re.search(r"为限|上限|封顶|不超过|最高", sentence):
            continue
        head = sentence[:m.end()]
        both = _CAP_BOTH.search(head)
        party = "双方" if both else party_at(text, (a, b), a + m.start())
        if party:
            carved = bool(re.search(r"故意|重大过失", "".join(c.group(0) for c in _CARVE.finditer(sentence))))
            penalty_only = bool(re.search(r"违约金[^。；;，,]{0,8}(?:累计|总额|合计)?(?:不超过|不得超过|最高)",
                                          sentence) and not re.search(r"赔偿责任|全部责任|责任总额", sentence))
            out.append(Cap(a + m.start(), a + m.end(), (a, b), party, False, carved, penalty_only))
    return out


#: A party's liability said to be without limit (赔偿甲方的全部损失, 承担一切损失, 不设上限).
_UNLIMITED = re.compile(r"(?:赔偿|承担|负责|赔付)[^。；;]{0,12}(?:全部|一切|所有)(?:的)?[^。；;，,]{0,8}"
                        r"(?:损失|责任|费用)|不设(?:上限|封顶)|不受[^。；;，,]{0,8}(?:上限|限额)(?:的)?限制|无限(?:连带)?责任")


def unlimited_parties(text: str) -> frozenset[str]:
    """The parties whose liability the clause leaves expressly without limit (乙方违约的，应赔偿甲方的全部损失)."""
    norm = numbers.normalize(text)
    out = set()
    for a, b in sentence_spans(norm):
        m = _UNLIMITED.search(norm, a, b)
        if m and not _negated(negation_scopes(norm[a:b]), m.start() - a):
            party = party_at(norm, (a, b), m.start())
            if party:
                out.add(party)
    return frozenset(out)


# -- a restraint on competing -------------------------------------------------------------------------------

#: A party may not compete: run, join or work for a like business (不得从事…相同或类似的业务, 不得在同行业任职).
_RESTRAINT = re.compile(r"(?:不得|不能|不可|禁止|不再|不应)[^。；;]{0,30}?"
                        r"(?:从事|经营|开展|参与|投资|任职|就职|工作|加入|开设|自营)"
                        r"[^。；;]{0,24}?(?:竞争|相同|类似|同类|同行业|同业|竞品|相竞争|同一行业)"
                        r"|(?:不得|禁止)[^。；;]{0,12}(?:在|到|为)[^。；;]{0,12}(?:竞争|同行业|同类|竞品)[^。；;]{0,10}"
                        r"(?:任职|就职|工作|服务)")
#: A restraint with no end (永久, 无限期, 期限不限, 终身, 任何时候).
_NO_END = re.compile(r"永久|永远|无限期|终身|期限不限|不设期限|不限期限|没有期限|不受期限限制|任何时候|在任何时间")


@dataclass(frozen=True)
class Restraint(Fact):
    """A restraint on competing (合同终止后，乙方不得从事与甲方相同或类似的经营). ``party``: the side restrained;
    ``shapes``: ``perpetual`` (永久, 期限不限, 终身 — no end to it)."""

    shapes: frozenset[str] = frozenset()


def _restraints(text: str, spans) -> list[Restraint]:
    out = []
    for a, b in spans:
        sentence = text[a:b]
        m = _RESTRAINT.search(sentence)
        if not m:
            continue
        shapes = {"perpetual"} if _NO_END.search(sentence) else set()
        out.append(Restraint(a + m.start(), a + m.end(), (a, b), party_at(text, (a, b), a + m.start()), False,
                             frozenset(shapes)))
    return out


# -- figures: what an amount, a rate or a period measures (issue 21) ----------------------------------------

FIGURES_PATH = Path(__file__).with_name("figures.toml")


@dataclass(frozen=True)
class Figure(Fact):
    """A number of the clause read as what it measures (``figures.toml``): ``subject`` (penalty, deposit,
    interest, retention, probation, non_compete, lease_term, warranty, inspection, payment_term, notice),
    ``item`` (what a warranty covers: structure, waterproof, installation, heating), ``kind`` (rate — a share
    per period; share — a one-off share of a base; amount; period) and ``value`` in its normal unit: a rate as
    a percent a year (日万分之五 → 18.25), a share in percent (价款的百分之三十 → 30), an amount in yuan, a period in
    days (三个工作日 → 4.2, 两周 → 14). ``party`` is who pays or bears it (the payer of a penalty, not the
    side that collects it); ``per`` the period a rate was written per, ``base`` what a share is of."""

    subject: str = ""
    item: str = ""
    kind: str = ""
    value: float = 0.0
    per: str = ""
    base: str = ""
    #: the words of the number as written (日万分之五, 三个工作日, 人民币60万元)
    written: str = ""
    #: a period's count in its own unit (``per``): 三个工作日 → 3
    count: float = 0.0
    #: a charge its clause compounds: the unpaid charge becomes part of what it is counted on (滞纳金计入欠款本金,
    #: 对未付的违约金再计收违约金, 复利)
    compounds: bool = False

    @property
    def months(self) -> float:
        """A period in months, counted in its own unit (两年 → 24, 六个月 → 6, 九十日 → 2.96)."""
        if self.kind != "period":
            return 0.0
        per_month = {"year": 1 / 12, "month": 1.0}.get(self.per)
        return self.count / per_month if per_month else self.value / (365 / 12)


@dataclass(frozen=True)
class Subject:
    name: str
    words: re.Pattern[str]
    weak: re.Pattern[str] | None
    kinds: frozenset[str]
    needs: re.Pattern[str] | None
    plain: re.Pattern[str] | None
    fragment_only: bool
    items: tuple[tuple[str, re.Pattern[str]], ...]


@dataclass(frozen=True)
class Threshold:
    name: str
    subject: str
    item: str
    kinds: frozenset[str]
    measure: str
    gt: float | None
    lt: float | None
    law: str
    article: int
    said: str
    #: other subjects whose figures a ``sentence_total`` sums with the subject's
    also: frozenset[str] = frozenset()
    #: the figure itself must reach this (a ``breach_ratio``: a penalty of a few percent is no burden, whatever the
    #: other side's)
    at_least: float = 0.0


def _alternation(words: list[str]) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))


@lru_cache(maxsize=1)
def figure_table() -> tuple[tuple[Subject, ...], dict[str, Threshold]]:
    """The subjects a figure can measure and the thresholds of the law, from ``figures.toml`` (a missing or
    malformed file raises: the figure rules cannot run without it)."""
    import tomllib
    data = tomllib.loads(FIGURES_PATH.read_text(encoding="utf-8"))
    subjects = []
    for name, s in data["subjects"].items():
        if not s.get("words"):
            raise ValueError(f"figures.toml: subject {name} has no words")
        subjects.append(Subject(
            name, _alternation(s["words"]), _alternation(s["weak"]) if s.get("weak") else None,
            frozenset(s["kinds"]), _alternation(s["needs"]) if s.get("needs") else None,
            _alternation(s["plain"]) if s.get("plain") else None, bool(s.get("fragment_only", False)),
            tuple((item, _alternation(words)) for item, words in s.get("items", {}).items())))
    thresholds = {}
    for t in data["threshold"]:
        if t["subject"] not in data["subjects"]:
            raise ValueError(f"figures.toml: threshold {t['name']} names an unknown subject")
        if ("gt" in t) == ("lt" in t):
            raise ValueError(f"figures.toml: threshold {t['name']} needs one of gt / lt")
        thresholds[t["name"]] = Threshold(t["name"], t["subject"], t.get("item", ""), frozenset(t["kinds"]),
                                          t["measure"], t.get("gt"), t.get("lt"), t["law"], int(t["article"]),
                                          t.get("said", ""), frozenset(t.get("also", [])),
                                          float(t.get("at_least", 0.0)))
    return tuple(subjects), thresholds


_PRICE_LABEL = re.compile(r"价款|货款|总价|总额|总金额|合同金额|本金|借款金额|标的额|转让款|租金$")

#: Subjects that are acts a period is a deadline for (…日内支付, …日内验收), not terms (保修期, 试用期).
_ACTS = frozenset({"payment_term", "inspection"})

#: Terms named before their length.
_TERMS = frozenset({"warranty", "probation", "lease_term"})

#: The words between a period and the act it is for: 内 / 以内 / 之内, a party, a manner (书面, 一次性).
_WITHIN = re.compile(r"\s*(?:内|以内|之内)?\s*(?:向[\u4e00-\u9fa5]{1,4}?)?(?:书面|一次性|全额|足额|及时)?\s*")

#: The end of a start event right after a word (…合格之日起, …通知后).
_START_OF = re.compile(r"[^，,。；;为是]{0,4}?(?:之日起|之日后|之日|以后|之后|后|起)")

#: 每 … before a count of one: the count is the period a charge runs per.
_PER_COUNT = re.compile(r"每[\u4e00-\u9fa5]{0,8}$")

#: A period its own fragment names as another term (the contract's, a loan's, a service period).
_OWN_PERIOD = re.compile(r"合同期限|合同期|有效期|期限|期间|服务期|借款期限|聘用期|任期|工期|履行期")

#: A restraint that runs during the relation only (在职期间, 合同期内): not the post-term restraint capped.
_DURING = re.compile(r"在职期间|任职期间|在职期|合作期间|合同(?:有效)?期(?:限|间)?内|服务期间"
                     r"|劳动合同期(?:限|间)?内|聘用期间")
#: A number that counts or names something, not a figure of the subjects (第三条, 三个工作日内 stays).
_FIGURE_SKIP = re.compile(r"第\s*$")


def _nearest(rx: re.Pattern[str], text: str, lo: int, hi: int, start: int,
             end: int) -> tuple[int, re.Match[str]] | None:
    """The match of ``rx`` in ``text[lo:hi]`` nearest the number at ``start``–``end`` (before it preferred:
    its distance is counted from its end; one after it counts from the number's end, plus a step)."""
    best: tuple[int, re.Match[str]] | None = None
    for m in rx.finditer(text, lo, hi):
        if m.start() < end and m.end() > start:
            return 0, m  # 月息二分: the subject is written in the number's own words
        if m.end() <= start and text.startswith(("内", "期内", "期间", "期满", "届满"), m.end()):
            continue  # 保修期内，…三日内派人维修: a frame the period runs in, not its length
        if m.end() <= start and _START_OF.match(text, m.end(), start) and not text.startswith("期", m.end()):
            continue  # 竣工验收合格之日起六个月, 保修通知后七日: the word is the event the period runs from
        dist = start - m.end() if m.end() <= start else m.start() - end + 4
        if best is None or dist < best[0]:
            best = (dist, m)
    return best


#: A cap on a penalty alone (违约金累计不超过合同价款的百分之五, 滞纳金总额以欠款的百分之十为限): the penalty's
#: own measure, not a cap on the party's liability.
_PENALTY_CAP = re.compile(r"(?:违约金|滞纳金|罚金|罚款|延误金|误期赔偿)[^。；;，,]{0,10}"
                          r"(?:累计|总额|合计|总计|最高|最多)?(?:不超过|不得超过|以|最高为|上限为)")
_LIABILITY_CAP = re.compile(r"赔偿责任|全部责任|责任总额|赔偿总额|违约责任|赔偿金额|赔偿额|责任限额|赔偿限额")


def _subject_of(text: str, sentence: tuple[int, int], start: int, end: int, kind: str,
                after_only: bool = False) -> tuple[Subject, str] | None:
    """The subject the number measures: the nearest subject word in its own fragment, else in its sentence
    (a subject with ``fragment_only`` only in the fragment); weak words only when no word is found. A
    subject whose ``needs`` the sentence does not say is passed over."""
    subjects, _ = figure_table()
    a, b = sentence
    lo, hi = _fragment_start(text, a, start), _fragment_end(text, end, b)
    fits = [s for s in subjects if kind in s.kinds
            and (s.needs is None or s.needs.search(text, a, b) or (s.plain and s.plain.search(text, a, b)))]
    # a cap caps a liability named before its figure (赔偿责任…以…为限); 合理干耗以0.3%为限 caps no liability, and a
    # penalty's own cap is the penalty's measure
    if not re.search(r"赔偿|责任|赔付|损失", text[max(a, start - 30):start]) or (
            _PENALTY_CAP.search(text, _fragment_start(text, a, start), start)
            and not _LIABILITY_CAP.search(text, _fragment_start(text, a, start), start)):
        fits = [s for s in fits if s.name != "cap"]
    if kind == "period":
        # 自提交验收报告之日起一百二十日内支付: the act right after a period (…日内支付) is what it is for
        right_after = [(m.start(), s) for s in fits if s.name in _ACTS
                       and (m := s.words.search(text, end, min(hi, end + 6))) and _WITHIN.match(text, end, m.start())]
        if right_after:
            subject = min(right_after, key=lambda x: x[0])[1]
            return subject, _item_of(subject, text, sentence, start, end)
    for scope_lo, scope_hi, wide in ((lo, hi, False), (a, b, True)):
        if wide and kind == "period" and _OWN_PERIOD.search(text, lo, hi):
            return None  # 本合同期限三年，其中试用期六个月: 三年 is the contract's own term
        found = []
        for s in fits:
            if wide and s.fragment_only:
                continue
            # a term is named before its length (保修期为二年, 保修两年): 七日内派人保修 is a response time
            hit = _nearest(s.words, text, end if after_only else scope_lo,
                           start if s.name in _TERMS else scope_hi, start, end)
            if hit:
                found.append((hit[0], s))
        if found:
            subject = min(found, key=lambda x: x[0])[1]
            return subject, _item_of(subject, text, sentence, start, end)
    for s in fits:
        if s.weak is not None and not s.fragment_only and _nearest(s.weak, text, a, b, start, end):
            return s, _item_of(s, text, sentence, start, end)
    return None


def _item_of(subject: Subject, text: str, sentence: tuple[int, int], start: int, end: int) -> str:
    """What the figure's subject covers (figures.toml items), ``whole`` when its sentence names no part."""
    if not subject.items:
        return ""
    a, b = sentence
    # 地基基础和主体结构工程保修两年；屋面防水工程保修一年: the item nearest before the period in its sentence
    lo = max(a, max((text.rfind(sep, a, start) for sep in "，,；;。"), default=a))
    best: tuple[int, str] | None = None
    for scope in ((lo, start), (a, start), (end, b)):
        for item, rx in subject.items:
            for m in rx.finditer(text, *scope):
                dist = start - m.end() if m.end() <= start else m.start() - end + 40
                if best is None or dist < best[0]:
                    best = (dist, item)
        if best:
            return best[1]
    return "whole"


#: 向承租方加收, 对乙方收取: the side a collecting verb charges.
_CHARGED = re.compile(r"(?:向|对)\s*(?P<role>ROLES)[^。；;，,]{0,16}?(?:收取|计收|加收|征收|扣收|另收|追收|主张)")


def _charged(text: str, sentence: tuple[int, int], party: str) -> str:
    """Who pays a charge: the side the collecting verb names (出租方有权…向承租方加收滞纳金 → 承租方), else
    the payer read before (``party``)."""
    rx = re.compile(_CHARGED.pattern.replace("ROLES", _ROLE_RX.pattern))
    m = rx.search(text, *sentence)
    if m:
        return m.group("role")
    # 向已足额出资的合伙人支付违约金: a role after 向 (past its modifiers) is the payee, not the payer
    payee = rf"(?:向|给|对)[^，,。；;向给对]{{0,12}}?{re.escape(party)}[^，,。；;]{{0,6}}?(?:支付|赔偿|给付|偿付)"
    if party and re.search(payee, text[sentence[0]:sentence[1]]):
        return ""
    return party


#: A role and the modal of its duty (甲方应, 乙方须): the side a period binds.
_BEARER = re.compile(r"(?P<role>ROLES)\s*(?:应当|应|须|必须|需|承诺|保证|负责|有义务)")


def _bearer(text: str, sentence: tuple[int, int], pos: int) -> str:
    """The side whose duty a period sets: the role before the last modal before it in its sentence (甲方应在乙方
    提交报告之日起一百二十日内支付 → 甲方, not the 乙方 of the time phrase)."""
    rx = re.compile(_BEARER.pattern.replace("ROLES", _ROLE_RX.pattern))
    found = list(rx.finditer(text, sentence[0], pos))
    return found[-1].group("role") if found else ""


_CHARGE = r"(?:滞纳金|违约金|罚息|利息|逾期费|迟延履行金|延误金|资金占用费)"
#: A charge counted on itself (issue 21): the unpaid charge joins the sum it runs on, or a charge is counted on it.
_COMPOUND = re.compile(
    r"复利|利滚利|息上加息|滚动计(?:算|息|收)"
    rf"|{_CHARGE}[^。；;，,]{{0,10}}(?:计入|并入|转入|滚入|纳入|转为|转作|作为)[^。；;，,]{{0,8}}"
    r"(?:本金|欠款|应付款|未付款|本息|计算基数|计费基数|基数)"
    rf"|(?:对|就|以)[^。；;，,]{{0,8}}?{_CHARGE}[^。；;]{{0,12}}?(?:再|继续|另行|亦|也)?"
    rf"(?:计收|加收|收取|计算|计付|按)[^。；;，,]{{0,12}}{_CHARGE}"
    rf"|(?:未付|欠付|未缴|未交|拖欠|已产生|已发生)的?{_CHARGE}[^。；;]{{0,12}}?(?:计算|计收|加收|计付|收取)[^。；;，,]{{0,6}}"
    rf"{_CHARGE}"
    rf"|(?:欠款|本金|应付款|未付款|欠费|总额|基数)[^。；;，,]{{0,4}}[（(]?(?:含|包括|包含|连同)[^。；;，,）)]{{0,8}}{_CHARGE}"
    rf"|(?:本金|欠款|应付款|未付款|租金|货款|价款|费用|款项)[^。；;，,]{{0,4}}(?:及|和|与|加|连同)[^。；;，,]{{0,6}}"
    rf"{_CHARGE}[^。；;，,]{{0,10}}"
    r"(?:一并|合并|为基数|之和|总额)[^。；;，,]{0,8}(?:计收|加收|计算|计付|收取)")
_NOT_COMPOUND = re.compile(r"(?:不|不得|不再|不另|不予|禁止|严禁|不能|无)[^。；;，,]{0,4}$")


def compounding_sentences(text: str, spans) -> list[tuple[int, int]]:
    """The sentences of ``text`` that compound a charge (:data:`_COMPOUND`, not negated: 不计复利 is none)."""
    out = []
    for a, b in spans:
        for m in _COMPOUND.finditer(text, a, b):
            # 违约金不计入本金, 不计复利: a negation before or inside the words compounds nothing
            if not _NOT_COMPOUND.search(text[max(a, m.start() - 6):m.start()]) \
                    and not re.search(r"不(?!足)|禁止|严禁", m.group()):
                out.append((a, b))
                break
    return out


def _figures(text: str, money: list[Money], rates: list[Rate], durations: list[Duration]) -> list[Figure]:
    out: list[Figure] = []
    spans = sentence_spans(text)
    compounded = compounding_sentences(text, spans)
    for r in rates:
        kind = "rate" if r.per in ("hour", "day", "month", "year") else "share"
        # 定金数额三倍的违约金: what a multiple multiplies stands before it; what it measures, after it
        found = _subject_of(text, r.sentence, r.start, r.end, kind, after_only=r.multiple) \
            or (_subject_of(text, r.sentence, r.start, r.end, kind) if r.multiple else None)
        if not found:
            continue
        subject, item = found
        if r.multiple and (subject.name == "deposit" or not text[r.start:r.end].endswith("倍")):
            # 双倍返还定金 is the deposit's own penalty (民法典587); a penalty as a multiple (零售价格乘以三, 定金数额
            # 三倍) is a formula the multiple rules read, not a share of the price
            continue
        value = r.annual_percent if kind == "rate" else r.percent
        # 按应缴未缴出资额的百分之一: the 未 of the base (the sum unpaid) negates no figure
        negated = r.negated and not re.search(r"未|不|无", r.base or "")
        # the charge's own sentence or the one right after it (…按日千分之五计收滞纳金。滞纳金计入欠款本金…)
        after = next((x for x in spans if x[0] >= r.sentence[1]), None)
        compounds = subject.name in ("penalty", "interest") and (
            r.sentence in compounded or (after is not None and after in compounded
                                         and text[r.sentence[1]:after[0]].strip(" 。；;\n") == ""))
        out.append(Figure(r.start, r.end, r.sentence, _charged(text, r.sentence, r.party), negated, subject.name,
                          item, kind, value, r.per,
                          r.base, text[r.start:r.end], compounds=compounds))
    for m in money:
        # the price or a total named beside a deposit (合同总价款为人民币200万元) is what a share is of
        if m.currency != "CNY" or _PRICE_LABEL.search(m.label or ""):
            continue
        found = _subject_of(text, m.sentence, m.start, m.end, "amount")
        if not found:
            continue
        subject, item = found
        out.append(Figure(m.start, m.end, m.sentence, _payer(text, m.sentence, m.start), m.negated, subject.name,
                          item, "amount", m.amount, "", m.label, text[m.start:m.end]))
    for d in durations:
        if _FIGURE_SKIP.search(text[max(0, d.start - 2):d.start]):
            continue
        if d.value == 1 and _PER_COUNT.search(text, _fragment_start(text, d.sentence[0], d.start), d.start):
            continue  # 每迟延付款一天: the period a charge is counted per, no term
        found = _subject_of(text, d.sentence, d.start, d.end, "period")
        if not found:
            continue
        subject, item = found
        if d.unit == "hour" and subject.name != "inspection":
            continue  # hours elsewhere are response and working times, read by their own rules
        if subject.name == "non_compete" and _DURING.search(text, *d.sentence) \
                and not re.search(r"离职|离任|解除|终止|届满|期满|退出", text[d.sentence[0]:d.end]):
            continue
        out.append(Figure(d.start, d.end, d.sentence, _bearer(text, d.sentence, d.start) or d.party, d.negated,
                          subject.name, item, "period", d.days,
                          d.unit, "", text[d.start:d.end], d.value))
    out.sort(key=lambda f: f.start)
    return out


# -- who bears it: allocations of costs, risks, liabilities and duties (issue 21) ---------------------------

@dataclass(frozen=True)
class Allocation(Fact):
    """One party bears, is exempt from, or shares a burden: ``party`` (the role it falls on or is lifted from;
    双方 for a sharing or a mutual exemption), ``polarity`` (``bears`` / ``exempt`` / ``shares``), ``what`` (the
    heads: cost risk liability loss tax fine repair insurance; empty when the words name none), ``scope``
    (``all`` — 均/全部/一切/任何/所有/无论…原因; else ``item``), ``cause`` (``own_fault`` — the burden follows
    the party's own fault or breach; ``force_majeure``; ``lawful`` — the law or the state puts it there,
    依法/法定/按国家规定; else ""), ``carveouts`` (what a 除…外 / 但…除外 keeps: the Exemption vocabulary) and
    ``released`` (for a bearing said 自行 / 自负 / 与X无关: the role the sentence releases, when it names one)."""

    polarity: str = "bears"
    what: frozenset[str] = frozenset()
    scope: str = "item"
    cause: str = ""
    carveouts: frozenset[str] = frozenset()
    released: str = ""
    #: Where the allocation's own words begin in its sentence (after the previous allocation of the sentence:
    #: 交付前由出卖人承担，交付后由买受人承担 — the second one's words are 交付后由买受人承担), as an offset into it.
    own_from: int = 0
    #: The sentence says whatever the cause (无论何种原因, 不论是否, 任何情况下): one-sided on its face.
    regardless: bool = False


#: The heads of a burden, each in the words contracts use for it.
BURDEN_HEADS = {
    "tax": r"税",
    "fine": r"罚款|罚金|处罚|滞纳金",
    "repair": r"维修|修缮|修理|保养|维护|养护|检修",
    "insurance": r"保险",
    "risk": r"风险",
    "loss": r"损失|损害|损毁|毁损|灭失|损坏|事故|意外|亏损|亏空|盈亏",
    "liability": r"责任|赔偿|补偿|索赔|纠纷|债务|负债|后果",
    "cost": r"费用|[^免]费(?!率)|开支|成本|支出|款项|价款",
}
_HEADS_RX = {k: re.compile(v) for k, v in BURDEN_HEADS.items()}
#: Words that make a burden total: a quantifier over the burden itself (一切费用, 任何损失, 全部责任), 均/一律/概
#: right before the allocating words (均由, 一律由, 概不负责, 均不承担), or whatever the cause (无论/不论…原因).
_ALL_HEAD = re.compile(r"(?:全部|一切|所有|任何|一概|统统)(?:的)?[\u4e00-\u9fa5、]{0,10}?(?:"
                       + "|".join(v for k, v in BURDEN_HEADS.items() if k != "cost")
                       + r"|费用|费|开支|成本|支出|后果|义务)")
_ALL_NEAR = re.compile(r"(?:均|概|一律|全部|统统|都|统一|一并)\s*(?:应当?|须)?\s*"
                       r"(?:由|自行|不|与|系|无需|无须)?\s*$")
_ALL_CAUSE = re.compile(r"(?:无论|不论|不管)[^。；;]{0,30}?(?:原因|何种|任何|是否|如何|何方|因何|何故)"
                        r"|(?:任何|一切)(?:原因|情况|情形)下?")
#: The burden follows the party's own fault or breach (因乙方原因造成的损失由乙方承担): the law's own rule.
_OWN_FAULT = re.compile(r"(?:因|由于|系)\s*(?P<r>ROLES)\s*(?:的|自身|单方|一方)?\s*(?:原因|过错|过失|违约|故意|责任|"
                        r"使用不当|操作不当|保管不善|管理不善|擅自|未按|未能|违反|不当|拖延|延误|迟延|逾期|行为)"
                        r"|(?P<r2>ROLES)\s*(?:违约|违反|擅自|未按|未能|逾期|迟延|故意|过错|过失)[^，,。；;]{0,30}的\s*[，,]")
_FORCE_MAJEURE = re.compile(r"不可抗力|自然灾害|意外事件")
_BEYOND_FORCE = re.compile(r"(?:其他|任何|一切)(?:原因|情形|情况|事由)|等(?:原因|情形|事由)|无论|不论|不管")
_LAWFUL = re.compile(r"依法|法定|按照?国家|依照?国家|根据(?:国家|法律)|依照?法律|按照?法律|按照?相关规定|按照?有关规定"
                     r"|纳税义务人|各自(?:依法)?(?:承担|负担|缴纳)|法律(?:、|及|和)?(?:法规)?规定")
_SHARES = re.compile(r"双方(?:各自|各|互|均|分别|共同|按)|各自(?:承担|负担|负责|自理|支付|缴纳)|各半|平均(?:分担|承担)"
                     r"|按[^，,。；;]{0,10}比例(?:分担|承担|负担)|共同(?:承担|负担|分担)|任何一方(?:均|都)?(?:不|无需|无须)")
_ALLOC_BEARS = (r"由\s*(?P<r>ROLES)\s*(?:方面)?\s*(?:自行|独自|单独|全部|全额|一并|负责|全权)?\s*"
                r"(?P<v>承担|负担|负责|自理|自负|支付|缴纳|交纳|承付|赔偿|补偿|处理|解决|购买|投保|办理)"
                r"|(?P<r2>ROLES)\s*(?:均|都|一律)?\s*(?:应当|应|须|需|必须|同意)?\s*(?P<adv>自行|独自|单独|全部|全额|一并|自愿)\s*"
                r"(?P<v2>承担|负担|负责|解决|处理|支付|缴纳|赔偿|消化)"
                r"|(?P<r3>ROLES)\s*(?:均|都|一律)?\s*(?:应当|应|须|需|必须)?\s*(?:自理|自负|承担|负担)")
_ALLOC_EXEMPT = (r"(?P<r>ROLES)(?:[^，,。；;]{0,30}?)(?P<v>不承担|不负|概不负责|不负责|不予(?:赔偿|补偿|承担|负责|退还)"
                 r"|免责|免除|无需(?:承担|赔偿|负责|支付|补偿|退还)|无须(?:承担|赔偿|负责|支付|补偿|退还)"
                 r"|不必(?:承担|赔偿|支付)|不(?:对|就)[^。；;]{1,40}?(?:承担|负)(?:任何)?[\u4e00-\u9fa5]{0,4}?责任)"
                 r"|与\s*(?P<r2>ROLES)\s*无关|免除\s*(?P<r3>ROLES)[^，,。；;]{0,12}(?:责任|义务)"
                 # …通知乙方而终止本协议，且无需承担任何赔偿责任: a fragment with no role carries the topic over
                 r"|(?<=[，,])\s*(?:且|并且?|而且?|亦|也|同时|均)?\s*(?P<vt>(?:无需|无须|不必)(?:给予|向[^，,。；;]{1,8})?"
                 r"(?:任何)?(?:承担|赔偿|负责|支付|补偿)|不(?:再)?承担|不负(?:任何)?责任|概不负责|不予(?:赔偿|补偿))")


@lru_cache(maxsize=1)
def _alloc_rx() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    roles = _ROLE_RX.pattern
    return (re.compile(_ALLOC_EXEMPT.replace("ROLES", roles)), re.compile(_ALLOC_BEARS.replace("ROLES", roles)),
            re.compile(_OWN_FAULT.pattern.replace("ROLES", roles)))


def burden_heads(words: str) -> frozenset[str]:
    """The heads of burden ``words`` name (BURDEN_HEADS)."""
    return frozenset(k for k, rx in _HEADS_RX.items() if rx.search(words))


def _alloc_role(m: re.Match[str], whole: str = "") -> str:
    role = next((g for g in (m.groupdict().get(k) for k in ("r", "r2", "r3")) if g), "")
    if role or not whole:
        return role
    # the sentence's topic: its first role that is no object (对/向/通知…) and opens no condition (…的，)
    for r in _ROLE_RX.finditer(whole, 0, m.start()):
        if _OBJECT_MARK.search(whole[max(0, r.start() - 4):r.start()]):
            continue
        cond = re.search(r"的\s*[，,]", whole[r.end():m.start()])
        if cond and (not _TOPIC.match(whole[:r.start()])
                     # 乙方逾期付款的，…亦不承担任何责任: the party in breach is not the one released
                     or re.search(r"违约|逾期|未按|未能|擅自|违反|过错|过失|拒绝|迟延|拖欠|解除|退出|终止",
                                  whole[r.end():r.end() + cond.start()])):
            return ""
        return r.group(0)
    return ""


def _allocations(text: str, spans, scopes) -> list[Allocation]:
    """Every allocation of a burden in the clause, negatives first: 乙方不承担任何责任 / 与甲方无关 / 甲方有权…而无需…
    exempt a party; 由乙方承担 / 费用…乙方自行承担 / 乙方自理 make it bear; 双方各自承担 / 任何一方均不 share."""
    exempt_rx, bears_rx, fault_rx = _alloc_rx()
    out: list[Allocation] = []
    for a, b in spans:
        whole = text[a:b]
        local = negation_scopes(whole)
        taken: list[tuple[int, int]] = []
        found: list[tuple[str, re.Match[str]]] = []
        for m in exempt_rx.finditer(whole):
            if m.group("vt") and not _alloc_role(m, whole):
                continue  # no topic to carry: 乙方逾期的，不予退还 — the condition's subject is not exempted
            verb = m.group("v") or m.group("vt") or ""
            # 不得以任何理由免除…责任, 并不因此免除乙方的责任: a prohibited or negated exemption protects
            at = (m.start("v") if m.group("v") else m.start("vt")) if verb else m.start()
            if negated_before(whole, at, local) or re.search(r"(?:不得|不能|不应|无权)\s*$", whole[max(0, at - 4):at]):
                continue
            found.append(("exempt", m))
            taken.append((at, m.end()))
        for m in bears_rx.finditer(whole):
            v = m.start("v") if m.group("v") else (m.start("v2") if m.group("v2") else m.end() - 2)
            # 要求保证人承担保证责任, 向乙方承担: a role that is the object of a demand bears nothing here
            if _OBJECT_MARK.search(whole[max(0, m.start() - 4):m.start()]):
                continue
            # 不应由甲方承担部分的费用: a negated bearing is none
            if any(x <= v < y for x, y in taken) \
                    or re.search(r"(?:不|无需|无须|不必|不予|免于)\s*$", whole[max(0, v - 3):v]) \
                    or re.search(r"(?:不|不应|不得|无需|无须|不必)\s*$", whole[max(0, m.start() - 3):m.start()]):
                continue
            found.append(("bears", m))
        span_lo = 0
        for polarity, m in sorted(found, key=lambda f: f[1].start()):
            out.append(_allocation(text, a, whole, polarity, m, fault_rx, span_lo))
            span_lo = _fragment_end(whole, m.end(), len(whole))
    return out


def _allocation(text: str, a: int, whole: str, polarity: str, m: re.Match[str],
                fault_rx: re.Pattern[str], span_lo: int = 0) -> Allocation:
    role = _alloc_role(m, whole)
    # the words the burden is read from: the sentence up to the verb's fragment end (topic-first: 费用…乙方承担)
    lo = 0
    hi = _fragment_end(whole, m.end(), len(whole))
    words = whole[lo:hi]
    carve_spans = [(c.start(), c.end()) for c in _CARVE.finditer(words)]
    kept = "".join(ch for i, ch in enumerate(words) if not any(x <= i < y for x, y in carve_spans))
    # a carve-out anywhere in the sentence keeps what it names (…不承担责任，但因甲方故意造成的除外)
    carved = "".join(c.group(0) for c in _CARVE.finditer(whole))
    # the heads the allocation names: its own fragment and the ones before it (a condition's 的-clause too)
    frag = _fragment_start(whole, 0, m.start())
    near = kept[max(0, frag - 40 - lo):hi]
    what = burden_heads(near) or burden_heads(kept)
    # the allocation's own words: from the previous allocation of the sentence (or its start) to its fragment end
    if m.groupdict().get("r2") and polarity == "exempt" and whole[m.start():m.start() + 1] == "与":
        span_lo = 0  # …由甲方自行承担，与乙方无关: the release reaches what the bearing named
    own = whole[span_lo:hi]
    verb = m.group("v") or m.groupdict().get("vt") or ""
    scope = "all" if (_ALL_HEAD.search(own) or re.match(r"概|一概|均", verb)
                      or _ALL_NEAR.search(whole[max(span_lo, m.start() - 6):m.start()])
                      or _ALL_NEAR.search(whole[m.start():m.start("v") if m.groupdict().get("v") else m.start()])
                      or _ALL_CAUSE.search(whole[span_lo:m.end()])) else "item"
    # 赔偿以运费三倍为限，超出部分不承担: a cap limits what it reaches, it does not lift it all
    if _CAP.search(whole) or re.search(r"(?:超出|超过)[^，,。；;]{0,10}部分", whole):
        scope = "item"
    cause = ""
    fault = fault_rx.search(whole[:hi])
    if fault and (fault.group("r") or fault.group("r2")) and polarity == "bears" \
            and (fault.group("r") or fault.group("r2")) == role:
        cause = "own_fault"
    elif _FORCE_MAJEURE.search(whole[:hi]) and not _BEYOND_FORCE.search(whole[:hi]):
        # 因不可抗力造成的损失 — the law's own exemption; 因不可抗力或其他任何原因 reaches beyond it
        cause = "force_majeure"
    elif _LAWFUL.search(whole):
        cause = "lawful"
    party = role
    if role in ("双方", "任何一方", "各方") or _SHARES.search(whole[max(0, frag - 4):hi]):
        polarity, party = "shares", "双方"
    released = ""
    if polarity == "bears":
        # 由甲方自行承担，与乙方无关 / 乙方概不负责: the role the sentence releases beside the one who bears
        rel = re.search(rf"与\s*(?P<r>{_ROLE_RX.pattern})\s*无关|(?P<r2>{_ROLE_RX.pattern})\s*(?:概不负责|不承担|不负)",
                        whole)
        if rel and (rel.group("r") or rel.group("r2")) != role:
            released = rel.group("r") or rel.group("r2")
    if not cause and polarity == "bears" and re.search(r"否则|如未|若未|未按(?:照)?(?:本条|上述|前款)?(?:约定|要求)",
                                                         whole[:m.start()]):
        # (存货方应)提供…资料，否则…由存货方承担: the consequence of a duty unperformed, not a one-sided burden
        cause = "own_fault"
    if not cause and polarity == "bears" and re.search(
            rf"{re.escape(role)}\s*(?:自行)?(?:提交|提供|上传|发布|选定|指定|选择|采购|制作)的", whole[:m.start()]):
        # 乙方提供的资料不实的后果由乙方承担: what a party supplies itself is its own to answer for
        cause = "own_fault"
    return Allocation(a + m.start(), a + m.end(), (a, a + len(whole)), party, False, polarity, what, scope, cause,
                      _carved(carved), released, span_lo, bool(_ALL_CAUSE.search(whole[:m.end()])))


# -- a period defined in one clause, read by another (issue 21) ---------------------------------------------

#: A clause referred to by its number (第五条, 第5.2条, 本合同第六条约定的, 见第3条).
_CLAUSE_REF = re.compile(r"第\s*(?P<n>[0-9]+(?:\.[0-9]+)*|[一二三四五六七八九十百]+)\s*条")
#: A period named by its term and not by a figure (上述验收期限内, 在检验期内, 前述异议期): the word before 期.
_PERIOD_TERM = re.compile(r"(?P<term>验收|检验|异议|质保|保修|整改|复核|确认|审核|审查)(?:的)?(?:期限|期间|时限|期)")


def linked_periods(contract: str, sentence: str) -> list[tuple[float, str]]:
    """The periods (days, where found) a sentence that names none reads elsewhere in the contract: a clause it
    refers to by number (第五条约定的期限) and the sentence that defines the period it names by its term (验收期限为
    收货后三日 / 甲方应于收货后三日内完成验收, for 未在验收期限内提出异议的). Empty when it names a figure itself."""
    if not contract or _read_clause(sentence).durations:
        return []
    norm = numbers.normalize(contract)
    out: list[tuple[float, str]] = []
    for ref in _CLAUSE_REF.finditer(sentence):
        label = ref.group(0)
        at = re.search(rf"(?m)^\s*(?:{re.escape(label)}|{re.escape(ref.group('n'))}(?=[\s、．.]))", norm)
        if at is None:
            continue
        body = norm[at.start():norm.find("\n", at.end()) if "\n" in norm[at.end():] else len(norm)]
        out.extend((d.days, label) for d in _read_clause(body).durations)
    term = _PERIOD_TERM.search(sentence)
    if term:
        word = term.group("term")
        for a, b in sentence_spans(norm):
            said = norm[a:b]
            if word not in said or said.strip() == sentence.strip():
                continue
            for d in _read_clause(said).durations:
                # the period is the one that word measures (验收期限为…三日, 三日内完成验收)
                if re.search(rf"{word}[^。；;，,]{{0,12}}$", said[:d.start]) or re.search(
                        rf"^[^。；;，,]{{0,10}}{word}", said[d.end:]):
                    label = clause_label(norm, a)
                    quote = said.strip()
                    # the clause's number once: not again before a sentence that already opens with it
                    named = label and not quote.startswith(label)
                    out.append((d.days, f"{label}：{quote[:30]}" if named else quote[:30]))
    return out


# -- a term of one clause undone by another (issue 21) ------------------------------------------------------

#: The start of a clause: its number (第十二条, 十二、, 12.1, 12．) at the head of a line.
_CLAUSE_AT = re.compile(r"(?m)^[\s\u3000]*(第[一二三四五六七八九十百零〇\d]+条|[一二三四五六七八九十]+(?=[、．.])"
                        r"|\d+(?:\.\d+)*(?=[\s\u3000、．.]))")
#: A waiver of the court's power to adjust a penalty (不得以违约金过高为由请求调整, 放弃请求调减违约金的权利,
#: 违约金不因任何理由调整).
_ADJUST_WAIVED = re.compile(
    r"(?:不得|不能|无权|放弃|不再|不会|均不|不可|不以|不因)[^。；;]{0,16}违约金[^。；;]{0,8}(?:过高|过分高于|过高于|偏高)"
    r"[^。；;]{0,16}(?:调整|调减|减少|降低|减免|变更)"
    r"|放弃[^。；;]{0,12}(?:调整|调减|减少|降低)[^。；;]{0,6}违约金"
    r"|违约金[^。；;]{0,16}(?:不予|不得|不作|不因任何[^。；;]{0,6})(?:调整|调减|减少|降低)")
#: A penalty with a figure (按…的百分之五, 每日千分之三, 人民币伍万元): a bare 承担违约责任 is none.
_PENALTY_FIGURE = re.compile(r"(?:违约金|滞纳金|罚金)[^。；;]{0,40}(?:%|％|百分之|千分之|万分之|倍|元|万)"
                             r"|(?:%|％|百分之|千分之|万分之|倍|元|万)[^。；;]{0,30}(?:违约金|滞纳金|罚金)")
#: A right a party is given (乙方有权解除本合同, 甲方可以要求退货) and the act it is a right to.
_RIGHT = re.compile(r"(?:有权|可以|可|享有)[^。；;，,]{0,6}?(?P<act>解除|终止|退货|退款|退还|拒收|拒绝|索赔|要求赔偿|"
                    r"请求赔偿|提出异议|更换|退租|转租|续租|优先购买)")
#: The carve-out that lets another clause take a right back (本合同另有约定的除外, 以第九条为准).
_CARVE_OTHER = re.compile(r"(?:本合同|本协议|合同|协议)?(?:其他条款|第[^。；;，,]{1,8}条)?另有约定的?除外"
                          r"|以(?:本合同)?第[^。；;，,]{1,8}条(?:的)?(?:约定)?为准|(?:但)?(?:本合同|本协议)另有约定的?除外")
#: A clause that says it prevails (以本条为准, 优先适用, 不受…限制).
_PREVAILS = re.compile(r"以本条(?:约定)?为准|本条(?:约定)?优先|优先(?:于[^。；;]{0,12})?适用"
                       r"|不受[^。；;]{0,12}(?:限制|约束)|其他条款[^。；;]{0,10}不一致的[^。；;]{0,6}以本条")
_DENIED = "(?:不得|无权|不能|不可|不享有|放弃|不再|均不得|一律不得)"


def clause_label(contract: str, pos: int) -> str:
    """The number of the clause ``pos`` falls in (第十二条, 8.2), or "" when none is found before it."""
    found = ""
    for m in _CLAUSE_AT.finditer(contract, 0, min(len(contract), pos + 16)):
        if m.start(1) > pos:
            break
        found = m.group(1)
    if found and not found.startswith("第"):
        found = f"第{found}条"
    return found


def _refs(sentence: str) -> list[str]:
    return [m.group("n") for m in _CLAUSE_REF.finditer(sentence)]


def _in_clause(label: str, refs: list[str]) -> bool:
    """Whether a clause numbered ``label`` (第十二条, 第8.2条) is one of ``refs`` or inside one (8.2 in 第8条)."""
    own = re.sub(r"^第|条$", "", label)
    return any(own == r or own.startswith(f"{r}.") for r in refs)


def _words(contract: str, norm: str, a: int, b: int) -> str:
    """A sentence's words as the contract writes them (the normalised text keeps its length), its number dropped."""
    said = (contract if len(contract) == len(norm) else norm)[a:b].strip()
    return _CLAUSE_AT.sub("", said, count=1).strip() if _CLAUSE_AT.match(said) else said


@dataclass(frozen=True)
class Control:
    """A sentence of another clause that decides what a clause's words do: its clause's number and its words."""

    label: str
    words: str


def controlling_clause(kind: str, contract: str, sentence: str) -> Control | None:
    """The clause elsewhere in the contract that undoes the risk-free reading of ``sentence``:

    - ``penalty_adjustment_waived``: ``sentence`` sets a penalty and another clause waives asking a court to
      adjust it (不得以违约金过高为由请求调整) — a waiver that names clauses reaches only those;
    - ``right_overridden``: ``sentence`` gives a right and another clause takes the same act back (乙方不得解除) —
      through this sentence's own carve-out (本合同另有约定的除外, 以第九条为准) or by saying it prevails itself
      (以本条为准).

    None when no such clause is found (a carve-out nothing uses is no risk)."""
    if not contract:
        return None
    norm = numbers.normalize(contract)
    own = numbers.normalize(sentence).strip()
    at = norm.find(own)
    own_label = clause_label(norm, at) if at >= 0 else ""
    if kind == "penalty_adjustment_waived":
        if not _PENALTY_FIGURE.search(sentence) or _ADJUST_WAIVED.search(sentence):
            return None
        for a, b in sentence_spans(norm):
            said = norm[a:b]
            if said.strip() == own or not _ADJUST_WAIVED.search(said):
                continue
            label = clause_label(norm, a)
            refs = _refs(_words(norm, norm, a, b))
            if re.search(r"本条|本款", said) and label != own_label:
                continue
            if refs and not _in_clause(own_label, refs):
                continue
            return Control(label, _words(contract, norm, a, b))
        return None
    if kind == "right_overridden":
        right = _RIGHT.search(sentence)
        if right is None:
            return None
        act = right.group("act")
        carve = _CARVE_OTHER.search(sentence)
        refs = _refs(carve.group(0)) if carve else []
        denied = re.compile(rf"{_DENIED}[^。；;，,]{{0,12}}{act}|{act}[^。；;，,]{{0,6}}(?:权利)?[^。；;，,]{{0,4}}"
                            rf"(?:不予|不得|无效|不适用)")
        for a, b in sentence_spans(norm):
            said = norm[a:b]
            if said.strip() == own or not denied.search(said):
                continue
            label = clause_label(norm, a)
            if label and label == own_label:
                continue
            if carve and (not refs or any(_in_clause(label, [r]) for r in refs)):
                return Control(label, _words(contract, norm, a, b))
            # the clause says it prevails, in this sentence or another of its paragraph (…不得解除；本条…以本条为准)
            end = norm.find("\n", b)
            line = norm[norm.rfind("\n", 0, a) + 1:end if end >= 0 else len(norm)]
            if not carve and _PREVAILS.search(line):
                return Control(label, _words(contract, norm, a, b))
        return None
    return None
