"""Filling a template's fields from what the firm already knows, without a model.

Sources, in order of trust: the matter (委托人 → 原告/甲方/委托人), the chat session's state
memory (persons, organisations, amounts, dates, locations the chat extracted) and the user's
own messages (who lent to whom, 身份证号, phone numbers, what each amount and date is about —
read from the words around it). Every value is validated against the schema; one that does
not pass is left out. :func:`prefill` says where each value came from, so the page can mark it.

The narrative parts (事实与理由, 律师函 facts) are assembled from the user's messages and the
statutes the chat cited; the drafting agent rewrites them when a model is configured.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Final

from drafting import schema as fs
from legal.text.entities import Entities, extract_entities
from legal.text.vocabulary import entity_lexicon

NAME: Final = r"[\u4e00-\u9fa5]{2,4}?"
_ID = re.compile(r"(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])")
_MOBILE = re.compile(r"(?<!\d)1[3-9]\d{9}(?!\d)")
_USCC = re.compile(r"(?<![0-9A-Z])[0-9A-HJ-NP-RTUWXY]{2}\d{6}[0-9A-HJ-NP-RTUWXY]{10}(?![0-9A-Z])")
_SELF_NAME = re.compile(r"我(?:叫|是|名叫|的名字是)(" + NAME + r")(?=[，,。.；;\s]|$|，|身份|电话|住)")
_ADDRESS = re.compile(r"(?:住在|住址(?:是|为)?[:：]?|家住|住)"
                      r"([\u4e00-\u9fa50-9号室栋单元楼层\-]{4,40}?(?:号|室|村|组|小区|楼))")
#: Words before a person that make them the other side (被告 / 相对方).
_OTHER_SIDE = re.compile(r"(?:借给(?:了)?|借钱给|起诉|告|被告(?:是)?|对方(?:叫|是)?|欠款人(?:是)?|房东(?:是)?|"
                         r"租给(?:了)?|卖给(?:了)?|向)$")
_SURNAMES: Final = "".join(entity_lexicon().persons.surnames)
#: A person named right after the words that make them the other side (借给张三5万元, 起诉李四).
_OTHER_NAMED = re.compile(r"(?:借给(?:了)?|借钱给|起诉|被告(?:是)?|对方(?:叫|是)|欠款人(?:是)?|房东(?:是)?|租给(?:了)?|"
                          r"卖给(?:了)?)(?:我的)?(?:朋友|同事|邻居|亲戚|同学|老乡|前夫|前妻|丈夫|妻子)?"
                          r"([" + _SURNAMES + r"][\u4e00-\u9fa5]{1,2}?)"
                          r"(?=[0-9０-９一两三四五六七八九十几，,。.；;、\s]|向|欠|借|还|要|不|没|的|$)")
#: A person who borrowed, named before it (朋友李四向我借了, 邻居周涛2022年6月15日找我借).
_OTHER_BORROWED = re.compile(r"(?:朋友|同事|邻居|亲戚|同学|老乡|前夫|前妻)([" + _SURNAMES + r"][\u4e00-\u9fa5]{1,2}?)"
                             r"(?=[0-9０-９，,]|向我|找我|跟我|借|欠|$)")
_OTHER_SIDE_AFTER = re.compile(r"^(?:向我借|找我借|跟我借|从我这借|欠我|一直不还|没还|拖欠|不还)")

#: Amount fields and the words that, just before an amount, say it is that one.
AMOUNT_WORDS: Final = {
    "principal": ("借给", "借了", "借款", "借", "本金"),
    "repaid": ("还了", "已还", "归还了", "还过"),
    "price": ("总价", "货款总额", "合同价", "价款", "总货款", "货值"),
    "paid": ("付了", "已付", "支付了", "付过"),
    "monthly_wage": ("月薪", "工资", "每月"),
    "medical_cost": ("医疗费", "医药费", "治疗费", "住院费"),
    "lost_income": ("误工费", "误工"),
    "rent": ("月租", "租金", "房租"),
    "deposit": ("押金", "保证金"),
    "child_support": ("抚养费",),
    "fee": ("报酬", "服务费", "费用"),
    "amount": ("欠", "拖欠", "尚欠", "欠款", "货款"),
}
#: Date fields and the words around a date that say it is that one.
DATE_WORDS: Final = {
    "loan_date": ("借给", "借了", "借款", "借"),
    "due_date": ("还款", "到期", "约定", "说好", "归还", "还钱", "还"),
    "entry_date": ("入职", "进公司", "上班", "进厂", "进的"),
    "leave_date": ("辞退", "离职", "解除", "开除", "被炒"),
    "accident_date": ("事故", "撞", "车祸", "出事"),
    "marriage_date": ("结婚", "登记"),
    "contract_date": ("签订", "签了", "签约", "合同"),
    "start_date": ("起租", "开始", "起"),
    "end_date": ("到期", "届满", "止"),
}
#: Amounts that stand for the whole claim when a template has one (标的总额, 催告金额).
TOTAL_FROM: Final = ("principal", "amount", "price", "medical_cost")


@dataclass
class Prefill:
    values: dict[str, Any] = field(default_factory=dict)
    #: field path → where its value came from: matter | state | conversation | generated
    sources: dict[str, str] = field(default_factory=dict)

    def put(self, name: str, value: Any, source: str) -> None:
        if name not in self.values and not fs.is_empty(value):
            self.values[name] = value
            self.sources[name] = source


@dataclass(frozen=True)
class Known:
    """What prefill reads: the session's state memory, the user's messages, the matter's client,
    the statutes the chat cited (``[{"law", "article"}]``) and today's date."""

    state: Mapping[str, Any] = field(default_factory=dict)
    messages: Sequence[str] = ()
    client: str = ""
    citations: Sequence[Mapping[str, Any]] = ()
    today: date | None = None


def _context_before(text: str, needle: str, width: int = 10) -> str:
    at = text.find(needle)
    return text[max(0, at - width):at] if at >= 0 else ""


def _context_after(text: str, needle: str, width: int = 10) -> str:
    at = text.find(needle)
    return text[at + len(needle):at + len(needle) + width] if at >= 0 else ""


def _kind_for(before: str, after: str, words: Mapping[str, Iterable[str]], wanted: Iterable[str]) -> str | None:
    """The field whose words sit closest to the value (an amount or a date), ``before`` it (ending
    right at it) or ``after`` it; at equal distance the words before win."""
    best, best_distance = None, 10_000
    for name in wanted:
        for word in words.get(name, ()):
            at = before.rfind(word)
            if at >= 0 and len(before) - at - len(word) < best_distance:
                best, best_distance = name, len(before) - at - len(word)
            at = after.find(word)
            if at >= 0 and at + 0.5 < best_distance:
                best, best_distance = name, at + 0.5
    return best


def _occurrences(text: str, needle: str, before: int, after: int) -> list[tuple[str, str]]:
    """(text before, text after) around every occurrence of ``needle``."""
    return [(text[max(0, m.start() - before):m.start()], text[m.end():m.end() + after])
            for m in re.finditer(re.escape(needle), text)] if needle else []


_ORG_PREFIX = re.compile(r"^.*?(?:叫做|叫|是|为|名称)")


def _clean_org(name: str) -> str:
    """公司叫北京某某科技有限公司 → 北京某某科技有限公司 (what the chat's extractor may include)."""
    stripped = _ORG_PREFIX.sub("", name)
    return stripped if len(stripped) >= 4 else name


#: Institutions a story mentions that are never a party to a private dispute: the bank the money went
#: through, the law firm consulted, the court or arbitration body, the police.
_INSTITUTION = re.compile(r"(银行|信用社|支付宝|微信|财付通|律师事务所|事务所|法院|仲裁委员会|仲裁委|公安局|派出所|"
                          r"检察院|司法局|人社局|劳动监察|公证处)")
#: Words that start a phrase rather than a name (通过…银行, 在…法院), and relations said in place of a name.
_NOT_A_NAME = re.compile(r"^(?:通过|经过|在|向|到|去|从|找|给|把|被|跟|和|与|对|于|由|想|我|他|她|你)")
_RELATION_ONLY = frozenset({"朋友", "同事", "邻居", "亲戚", "同学", "老乡", "前夫", "前妻", "丈夫", "妻子", "老板",
                            "房东", "对方", "被告", "原告", "借款人", "出借人"})


def is_party_name(name: str) -> bool:
    """Whether ``name`` can stand as a party: not an institution the story only mentions (a bank, a
    law firm, a court), not a relation word (朋友) and not a phrase (通过中国工商银行)."""
    name = name.strip()
    return bool(name) and name not in _RELATION_ONLY and not _INSTITUTION.search(name) and not _NOT_A_NAME.match(
        name) and len(name) >= 2


def _sides(text: str, entities: Entities, client: str) -> tuple[list[str], list[str]]:
    """(our side, the other side): the names of people and organisations in the conversation that can
    be parties (:func:`is_party_name`); a name the user did not write is never used."""
    ours: list[str] = []
    if client:
        ours.append(client)
    for match in _SELF_NAME.finditer(text):
        if match.group(1) not in ours:
            ours.append(match.group(1))
    others: list[str] = []
    named = [match.group(1) for pattern in (_OTHER_NAMED, _OTHER_BORROWED) for match in pattern.finditer(text)]
    organizations = [_clean_org(name) for name in entities.organizations]
    for name in [*named, *entities.persons, *organizations]:
        if name in ours or name in others or not is_party_name(name) or name not in text:
            continue
        before, after = _context_before(text, name, 8), _context_after(text, name, 6)
        if (name in named or name in organizations or _OTHER_SIDE.search(before)
                or _OTHER_SIDE_AFTER.match(after)):
            others.append(name)
    return ours, others


def _nearest_after(text: str, name: str, pattern: re.Pattern[str], names: Sequence[str]) -> str:
    """The first match of ``pattern`` after ``name`` and before the next party's name."""
    start = text.find(name)
    if start < 0:
        return ""
    end = len(text)
    for other in names:
        at = text.find(other, start + len(name))
        if other != name and 0 <= at < end:
            end = at
    match = pattern.search(text, start, end)
    return match.group(1) if match and match.groups() else (match.group(0) if match else "")


def _party(text: str, name: str, names: Sequence[str], spec: Mapping[str, Any]) -> dict[str, Any]:
    party: dict[str, Any] = {"name": name}
    is_org = bool(re.search(r"(公司|厂|店|中心|银行|医院|学校|局|委员会|事务所|集团|合作社)$", name))
    party["kind"] = "法人" if is_org else "自然人"
    id_number = _nearest_after(text, name, _USCC if is_org else _ID, names)
    if id_number:
        party["credit_code" if is_org else "id_number"] = id_number.upper()
    phone = _nearest_after(text, name, _MOBILE, names)
    if phone:
        party["phone"] = phone
    address = _nearest_after(text, name, _ADDRESS, names)
    if address:
        party["address"] = address
    subs = {sub["name"]: sub for sub in spec.get("fields", [])}
    kept = {key: _valid(subs[key], value) for key, value in party.items() if key in subs}
    return {key: value for key, value in kept.items() if value not in (None, "")}


def _valid(spec: Mapping[str, Any], value: Any) -> Any:
    """The value normalised when the field accepts it, else None."""
    cleaned, errors = fs.validate([dict(spec)], {spec["name"]: value})
    return None if errors else cleaned.get(spec["name"])


def _statute_line(citations: Sequence[Mapping[str, Any]]) -> str:
    cited = []
    for citation in citations:
        if citation.get("valid") and citation.get("law") and citation.get("article"):
            label = f"《{citation['law']}》{citation['article']}"
            if label not in cited:
                cited.append(label)
    return "依据" + "、".join(cited) + "的规定，原告的诉讼请求应予支持。" if cited else ""


def _basis_lines(citations: Sequence[Mapping[str, Any]]) -> str:
    """请求依据: the verified statutes the consultation cited, one per line ('' when none: a basis is
    never invented)."""
    lines: list[str] = []
    for citation in citations:
        if citation.get("valid") and citation.get("law") and citation.get("article"):
            label = f"《{citation['law']}》{citation['article']}"
            if label not in lines:
                lines.append(label)
    return "\n".join(lines)


_NOT_FACT = re.compile(r"怎么办|能不能|可以吗|怎么|如何|吗$|呢$|请帮|帮我|起草|写一份|模板|律师函|起诉状|"
                       r"我叫|我是|身份证|电话|手机|住在|住址|家住|律师事务所|咨询|想在|准备在|人民法院")


def narrative(known: Known, *, other: str = "") -> str:
    """事实与理由 assembled offline: the user's account in the third person (我 → 原告, 他/她 → the
    other side), clause by clause, without the questions and the personal details; then the
    statutes the chat cited."""
    sentences: list[str] = []
    for message in known.messages:
        for sentence in re.split(r"[。！？!?\n]+", message):
            clauses = [clause.strip() for clause in re.split(r"[，,；;]", sentence)]
            kept = [clause for clause in clauses if clause and not _NOT_FACT.search(clause)]
            if kept:
                sentences.append("，".join(kept) + "。")
    story = "".join(sentences).replace("我们", "原告").replace("我", "原告")
    if other:
        story = re.sub(r"(?:朋友|同事|邻居|亲戚|同学|老乡)?" + re.escape(other), "被告" + other, story, count=1)
        story = story.replace("被告被告", "被告")
        story = re.sub(r"[他她](?=[^们])", "被告", story)
    lines = [story] if story else []
    statutes = _statute_line(known.citations)
    if statutes:
        lines.append(statutes)
    return "\n".join(lines)


#: An administrative-division prefix of a court name (上海市徐汇区, 浙江省杭州市, 朝阳区).
_DIVISION = re.compile(r"(?:[\u4e00-\u9fa5]{2,4}?(?:省|自治区))?(?:[\u4e00-\u9fa5]{2,4}?(?:市|州|盟))?"
                       r"(?:[\u4e00-\u9fa5]{1,4}?(?:区|县|旗|市))?")
#: Characters a court's place name does not start with (the verb or preposition before it).
_COURT_STOP = set("在向到去于由想拟要准备的是和与及把跟对给找")
#: The court level words besides 基层 (中级 / 高级人民法院; 铁路、海事 … are named in full by users).
_COURT_SUFFIX = re.compile(r"(?:中级|高级)?人民法院")


def court_named(text: str) -> str:
    """The court the user names (想在上海市徐汇区人民法院起诉 → 上海市徐汇区人民法院), '' when none."""
    for match in _COURT_SUFFIX.finditer(text):
        start = match.start()
        best = ""
        for begin in range(max(0, start - 16), start):
            place = text[begin:start]
            if place[0] in _COURT_STOP or not _DIVISION.fullmatch(place):
                continue
            if len(place) > len(best):
                best = place
        if best:
            return best + match.group(0)
    return ""


def court_for_domicile(address: str) -> str:
    """The basic-level court of the place in ``address`` (被告住所地, 民事诉讼法第二十二条):
    上海市徐汇区漕溪北路88号 → 上海市徐汇区人民法院; '' when the address names no district or county."""
    match = re.match(r"((?:[\u4e00-\u9fa5]{2,4}?(?:省|自治区))?(?:[\u4e00-\u9fa5]{2,4}?(?:市|州|盟))?"
                     r"[\u4e00-\u9fa5]{1,4}?(?:区|县|旗))", address or "")
    return f"{match.group(1)}人民法院" if match else ""


_RATE = re.compile(r"(?:年利率|年息|年化)\s*(\d+(?:\.\d+)?)\s*[%％]|(?:月利率|月息)\s*(\d+(?:\.\d+)?)\s*[%％]|"
                   r"月息\s*([一二三四五]|\d(?:\.\d)?)\s*分")
_CN_DIGIT = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5}


def annual_rate(text: str) -> float | None:
    """The agreed yearly interest rate in percent (年利率6% → 6; 月息1% / 月息1分 → 12), None when none."""
    match = _RATE.search(text)
    if not match:
        return None
    if match.group(1):
        return float(match.group(1))
    if match.group(2):
        return float(match.group(2)) * 12
    value = match.group(3)
    return float(_CN_DIGIT.get(value, value)) * 12 if value else None


def interest_terms(text: str) -> str:
    rate = annual_rate(text)
    if rate is not None:
        return f"约定年利率{rate:g}%"
    if re.search(r"没(?:有)?(?:约定|说)?(?:利息|利率)|无息|不要利息|未约定利息", text):
        return "未约定利息"
    return ""


def delivery_of(text: str) -> str:
    if re.search(r"转账|汇款|打款|微信转|支付宝转|银行卡", text):
        return "银行转账" if re.search(r"银行|转账|汇款|银行卡", text) else "网络转账"
    if re.search(r"现金", text):
        return "现金"
    return ""


def prefill(schema: Sequence[Mapping[str, Any]], known: Known) -> Prefill:
    out = Prefill()
    text = "\n".join(known.messages)
    entities = Entities.from_dict(dict(known.state)) if known.state else extract_entities(text)
    if not known.state and not text:
        entities = Entities()
    by_name = {spec["name"]: spec for spec in schema}
    ours, others = _sides(text, entities, known.client)
    names = [*ours, *others]

    # parties
    for name_, side in (("plaintiffs", ours), ("respondents", ours), ("defendants", others)):
        spec = by_name.get(name_)
        if spec and side:
            source = "matter" if known.client and side[0] == known.client else "conversation"
            out.put(name_, [_party(text, who, names, spec) for who in side[:1 if name_ != "defendants" else 5]],
                    source)
    for name_, side in (("party_a", ours), ("party_b", others)):
        spec = by_name.get(name_)
        if spec and side:
            out.put(name_, _party(text, side[0], names, spec), "conversation")
    if "client" in by_name and ours:
        out.put("client", ours[0], "matter" if known.client else "conversation")
    if "recipient" in by_name and others:
        out.put("recipient", others[0], "conversation")
    if "plaintiff_names" in by_name and others:
        out.put("plaintiff_names", others[0], "conversation")

    # amounts: each mention goes to the field whose words precede it
    amount_fields = [name for name in AMOUNT_WORDS if name in by_name]
    for amount in entities.amounts:
        if amount.kind == "monthly_wage" and "monthly_wage" in by_name:
            out.put("monthly_wage", _valid(by_name["monthly_wage"], amount.value), "state")
            continue
        # the same sum may be said twice for two things (月租6500元，押金6500元): each mention counts
        for before, _after in _occurrences(text, amount.text, 12, 0) or [("", "")]:
            free = [name for name in amount_fields if name not in out.values]
            kind = _kind_for(before, "", AMOUNT_WORDS, free) if before else None
            if kind is None and free:
                kind = next((name for name in TOTAL_FROM if name in free), None)
            if kind:
                out.put(kind, _valid(by_name[kind], amount.value), "state")
    if "total" in by_name:
        main = next((out.values[name] for name in TOTAL_FROM if name in out.values), None)
        if main is not None:
            out.put("total", main, "state")

    # dates
    date_fields = [name for name in DATE_WORDS if name in by_name and by_name[name]["type"] == "date"]
    for mention in entities.dates:
        day = mention.as_date()
        if day is None:
            continue
        for before, after in _occurrences(text, mention.text, 10, 12)[:1]:
            kind = _kind_for(before, after, DATE_WORDS, [name for name in date_fields if name not in out.values])
            if kind:
                out.put(kind, day.isoformat(), "state")

    # when the partial repayment was made (interest runs on the larger sum until then)
    repaid_on: tuple[str, date | None] | None = None
    for mention in entities.dates:
        for _before, after in _occurrences(text, mention.text, 0, 8)[:1]:
            if re.match(r"[^，,。；;]{0,3}(?:还了|归还了|还过|还款了|已还)", after) and "前" not in after[:2]:
                day = mention.as_date() or (date(mention.year, mention.month, 1) if mention.year and mention.month
                                            else None)
                repaid_on = (mention.text, day)
                break
        if repaid_on:
            break

    # places
    if "accident_place" in by_name and entities.locations:
        out.put("accident_place", entities.locations[0], "state")

    # loan terms in words
    if "interest_terms" in by_name:
        out.put("interest_terms", interest_terms(text), "conversation")
    if "delivery" in by_name:
        out.put("delivery", delivery_of(text), "conversation")

    # the court: the one the user names, else the defendant's domicile (民事诉讼法第二十二条)
    if "court" in by_name:
        named_court = court_named(text)
        if named_court:
            out.put("court", named_court, "conversation")
        else:
            defendants = out.values.get("defendants") or []
            address = defendants[0].get("address", "") if defendants and isinstance(defendants[0], dict) else ""
            out.put("court", court_for_domicile(address), "rule")

    # narrative and claims
    story = narrative(known, other=others[0] if others else "")
    for name_ in ("facts",):
        if name_ in by_name and story:
            out.put(name_, story, "generated")
    if "claims" in by_name:
        out.put("claims", claims_for(out.values, by_name, rate=annual_rate(text), today=known.today,
                                     repaid_on=repaid_on), "generated")
        owed = claimed_total(out.values, rate=annual_rate(text), today=known.today, repaid_on=repaid_on)
        if "total" in by_name and owed is not None:
            out.values["total"] = f"{owed:.2f}"
            interest = accrued_interest(out.values, rate=annual_rate(text), today=known.today, repaid_on=repaid_on)
            if interest and "total_note" in by_name:
                out.put("total_note", f"（本金{outstanding_principal(out.values):,.2f}元＋利息暂计{interest:,.2f}元）",
                        "generated")
    if "legal_basis" in by_name:
        out.put("legal_basis", _basis_lines(known.citations), "conversation")
    if "sign_date" in by_name and known.today:
        out.put("sign_date", known.today.isoformat(), "generated")
    cleaned, errors = fs.validate(schema, out.values)
    for bad in {path.split("[")[0].split(".")[0] for path in errors}:
        out.values.pop(bad, None)
        out.sources.pop(bad, None)
    out.values = {name: cleaned[name] for name in out.values if name in cleaned}
    return out


def _day(value: Any) -> date | None:
    try:
        return date.fromisoformat(str(value)) if value else None
    except ValueError:
        return None


def outstanding_principal(values: Mapping[str, Any]) -> Any:
    """The principal still owed: the principal less what was repaid (a Decimal), or None."""
    if fs.is_empty(values.get("principal")):
        return None
    owed = fs.parse_amount(values["principal"])
    if not fs.is_empty(values.get("repaid")):
        owed -= fs.parse_amount(values["repaid"])
    return max(owed, 0)


Repayment = tuple[str, date | None]


def accrued_interest(values: Mapping[str, Any], *, rate: float | None, today: date | None,
                     repaid_on: Repayment | None = None) -> Any:
    """Interest at the agreed yearly ``rate`` from the loan date to ``today`` (simple interest, a
    365-day year): on the whole principal until the partial repayment (``repaid_on``, when known),
    on what is still owed after it. The complaint states it as 暂计. None when a fact is missing."""
    from decimal import Decimal

    start, owed = _day(values.get("loan_date")), outstanding_principal(values)
    if rate is None or start is None or today is None or owed is None or today <= start:
        return None
    yearly = Decimal(str(rate)) / Decimal(100)
    paid_day = repaid_on[1] if repaid_on else None
    if paid_day and start < paid_day < today and not fs.is_empty(values.get("principal")):
        whole = fs.parse_amount(values["principal"])
        total = whole * yearly * (paid_day - start).days / 365 + owed * yearly * (today - paid_day).days / 365
    else:
        total = owed * yearly * Decimal((today - start).days) / Decimal(365)
    return Decimal(total).quantize(Decimal("0.01"))


def claimed_total(values: Mapping[str, Any], *, rate: float | None = None, today: date | None = None,
                  repaid_on: Repayment | None = None) -> Any:
    """标的总额 of a loan claim: the outstanding principal plus the interest so far (None without a
    principal)."""
    owed = outstanding_principal(values)
    if owed is None:
        return None
    interest = accrued_interest(values, rate=rate, today=today, repaid_on=repaid_on)
    return owed + (interest or 0)


def _cn(day: date) -> str:
    return f"{day.year}年{day.month}月{day.day}日"


def claims_for(values: Mapping[str, Any], by_name: Mapping[str, Any], *, rate: float | None = None,
               today: date | None = None, repaid_on: Repayment | None = None) -> list[dict[str, str]]:
    """诉讼请求 from the amounts known: the sum still owed (net of what was repaid), the interest as a
    claim of its own, then the costs."""
    claims: list[dict[str, str]] = []
    owed = outstanding_principal(values)
    if owed is not None:
        repaid = "" if fs.is_empty(values.get("repaid")) else f"（借款{fs.parse_amount(values['principal']):,.2f}元，" \
            f"已还{fs.parse_amount(values['repaid']):,.2f}元）"
        claims.append({"text": f"判令被告偿还借款本金{owed:,.2f}元{repaid}"})
        since = _day(values.get("loan_date"))
        due = _day(values.get("due_date"))
        if rate is not None and since:
            interest = accrued_interest(values, rate=rate, today=today, repaid_on=repaid_on)
            told = f"，暂计至{_cn(today)}为{interest:,.2f}元" if interest and today else ""
            if repaid_on and not fs.is_empty(values.get("repaid")):
                whole = fs.parse_amount(values["principal"])
                paid = repaid_on[0] if repaid_on[1] is None or not re.search(r"日$", repaid_on[0]) else _cn(
                    repaid_on[1])
                basis = (f"以{whole:,.2f}元为基数自{_cn(since)}起至{paid}还款之日止、以{owed:,.2f}元为基数自{paid}"
                         f"还款之日起，均按年利率{rate:g}%计算至实际清偿之日止")
            else:
                basis = f"以{owed:,.2f}元为基数，自{_cn(since)}起按年利率{rate:g}%计算至实际清偿之日止"
            claims.append({"text": f"判令被告支付利息（{basis}{told}）"})
        elif due:
            claims.append({"text": f"判令被告支付逾期利息（以{owed:,.2f}元为基数，自{_cn(due)}次日起按同期全国银行间"
                                   "同业拆借中心公布的一年期贷款市场报价利率计算至实际清偿之日止）"})
    else:
        for name, wording in (("price", "判令被告支付货款{}元"), ("medical_cost", "判令被告赔偿医疗费等损失{}元"),
                              ("amount", "判令被告支付欠款{}元")):
            if name in values and not fs.is_empty(values[name]):
                owed = fs.parse_amount(values[name])
                if name == "price" and values.get("paid"):
                    owed -= fs.parse_amount(values["paid"])
                claims.append({"text": wording.format(f"{owed:,.2f}")})
                break
    if claims or values.get("defendants"):
        claims.append({"text": "判令被告承担本案诉讼费用"})
    return claims
