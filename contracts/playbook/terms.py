"""The key-terms table (合同要素表): parties, price and payment, term, deposit, penalties, termination
rights, acceptance, IP, confidentiality, governing law and forum, notice — each with the sentence it was
read from, a parsed value from the clause reader's facts, and the clause it sits in. No Django here.

Shapes (ARCHITECTURE §8, ``GET /api/v1/contracts/{id}/terms``): ``{"key", "label", "text", "value",
"section" (the section's order here; the API gives its id), "section_number"}`` with ``value`` one of
``{"amount", "currency"}``, ``{"ratio", "per", "base"}``, ``{"days"|"months"|"years"|"hours", "from"}``,
``{"start", "end"}``, ``{"party"}``, ``{"owner"}``, ``{"forum", "place"}``, ``{"parties": [...]}`` or None.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from contracts.playbook import concepts, numbers
from contracts.playbook import facts as reader

#: (key, label, sentence patterns) in the order the table lists them.
TERMS: tuple[tuple[str, str, str], ...] = (
    ("price", "价款/报酬",
     r"总价(?!值)|(?<!货物)总金额|合同金额|合同价款|价款|总租金|月租金|租金|报酬|服务费|借款金额|借款本金|出借|开发经费|转让款"
     r"|工资|月薪|仓储费|保管费|运费|物业费|佣金|广告费|发布费|演出费|总费用|费用总额|许可费|使用费|加盟费"),
    ("payment", "支付方式与期限",
     r"(?:支付|付款|付清|结算)[^。；]{0,30}(?:日内|日前|之日起|分期|首付款|预付款|尾款|每月|按月|按季)"
     r"|(?:日内|日前|之日起|每月|按月|按季)[^。；]{0,20}(?:支付|付款|付清|结算)"),
    ("term", "合同期限",
     r"(?:合同|协议|服务|租赁|借款|委托|聘用|劳动合同|物业服务|储存|仓储|合作|许可|保证|发布|演出|经营)期限|有效期|租期"
     r"|聘用期|服务期"),
    ("deposit", "定金/押金/保证金", r"定金|订金|押金|保证金"),
    ("penalty", "违约金", r"违约金|赔偿金"),
    ("late_fee", "逾期违约金/滞纳金/利息", r"逾期|滞纳金|迟延|罚息"),
    ("termination", "解除权", r"(?:有权|可以|可|得)[^。；]{0,12}(?:解除|终止)"),
    ("acceptance", "验收", r"验收|检验|验货"),
    ("ip", "知识产权归属", r"知识产权|著作权|专利|成果|技术秘密"),
    ("confidentiality", "保密", r"保密"),
    ("governing_law", "适用法律", r"适用[^。；]{0,10}法律|法律适用"),
    ("forum", "争议解决", r"人民法院|法院|仲裁委员会|仲裁"),
    ("notice", "通知与送达", r"送达|通知地址|联系地址|电子邮箱|邮寄"),
)
LABELS = {"parties": "当事人", **{key: label for key, label, _ in TERMS}}
CLAUSE_KINDS = ("clause", "chapter", "annex")


def _value(key: str, sentence: str) -> dict[str, Any] | None:
    facts = reader.read_clause(sentence)
    money = [m for m in facts.money if not m.negated]
    rates = [r for r in facts.rates if not r.negated]
    durations = [d for d in facts.durations if not d.negated]
    if key == "price" and money:
        total = [m for m in money if re.search(r"总(?!价值)|合同金额|合同价款", m.label)] or money
        return {"amount": total[0].amount, "currency": total[0].currency}
    if key == "deposit" and money:
        return {"amount": money[0].amount, "currency": money[0].currency}
    if key == "penalty":
        one_off = [r for r in rates if r.per == ""]
        if one_off:
            return {"ratio": one_off[0].percent / 100, "per": "", "base": one_off[0].base}
        if money:
            return {"amount": money[0].amount, "currency": money[0].currency}
        return None
    if key in ("deposit", "late_fee") and rates:
        periodic = [r for r in rates if r.per] if key == "late_fee" else rates
        if periodic:
            r = periodic[0]
            return {"ratio": r.percent / 100, "per": r.per, "base": r.base}
    if key == "term":
        ranges = re.search(r"(\d{4})年(\d{1,2})月(\d{1,2})日[^。；]{0,8}?(?:至|到|—|-|~)\s*"
                           r"(\d{4})年(\d{1,2})月(\d{1,2})日", numbers.normalize(sentence))
        if ranges:
            y1, m1, d1, y2, m2, d2 = (int(x) for x in ranges.groups())
            return {"start": f"{y1:04d}-{m1:02d}-{d1:02d}", "end": f"{y2:04d}-{m2:02d}-{d2:02d}"}
    if key in ("term", "payment", "acceptance", "confidentiality") and durations:
        d = durations[0]
        unit = {"hour": "hours", "day": "days", "workday": "days", "week": "days", "month": "months",
                "year": "years"}[d.unit]
        count = d.value * 7 if d.unit == "week" else d.value
        return {unit: count, "from": d.start_event, **({"workdays": True} if d.unit == "workday" else {})}
    if key == "termination":
        rights = [o for o in facts.obligations if o.modal in ("有权", "可以") and re.search(r"解除|终止", o.act)]
        if rights:
            return {"party": rights[0].party}
    if key == "ip" and facts.ownerships:
        return {"owner": facts.ownerships[0].party}
    if key == "forum":
        if re.search(r"仲裁", sentence) and not re.search(r"人民法院", sentence):
            place = re.search(r"提交\s*([\u4e00-\u9fa5]{2,20}?仲裁委员会)", sentence)
            return {"forum": "arbitration", "place": place.group(1) if place else ""}
        place = re.search(r"(?:由|向)\s*([\u4e00-\u9fa5（）()]{2,20}?)(?:有管辖权的)?人民法院", sentence)
        return {"forum": "court", "place": place.group(1) if place else ""}
    return None


def key_terms(sections: Sequence[Any], parties: Sequence[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """One row per key term the contract states (the first sentence that states it, with a parsed value
    where one is found); a term the contract does not state is left out."""
    items: list[dict[str, Any]] = []
    if parties:
        items.append({"key": "parties", "label": LABELS["parties"],
                      "text": "；".join(f"{p.get('role', '')}：{p.get('name', '')}" for p in parties),
                      "value": {"parties": [{"role": p.get("role", ""), "name": p.get("name", "")}
                                            for p in parties]},
                      "section": None, "section_number": None})
    body = [s for s in sections if s.kind in CLAUSE_KINDS]
    for key, label, pattern in TERMS:
        found = _first(body, key, pattern)
        if found is None and key == "term":
            # No 合同期限 named as such: any 期限 sentence (期限三年) rather than none.
            found = _first(body, key, r"期限")
        if found is not None:
            section, sentence = found
            items.append({"key": key, "label": label, "text": sentence, "value": _value(key, sentence),
                          "section": section.order, "section_number": section.number})
    return items


def _first(body: Sequence[Any], key: str, pattern: str) -> tuple[Any, str] | None:
    rx = re.compile(pattern)
    fallback = None
    for section in body:
        text = section.text
        for a, b in reader.sentence_spans(text):
            sentence = text[a:b]
            if not rx.search(sentence) and not rx.search(section.title or ""):
                continue
            if concepts.is_deferred(sentence) and key not in ("notice",):
                continue
            value = _value(key, sentence)
            if value is not None:
                return section, sentence
            if fallback is None and key in ("termination", "governing_law", "notice", "ip", "confidentiality",
                                            "acceptance", "payment"):
                fallback = (section, sentence)
    return fallback
