"""Whether a finding's suggestion can be sent as it is: no blank or placeholder (【】, {party}, ____), no
doubled punctuation where it replaces the quoted words, only parties the contract names, and figures that
agree with each other (an amount and the share of the total price stated beside it). Used by the tests
and by the benches. No Django here."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Any

from contracts.playbook import numbers
from contracts.playbook.engine import OTHER_OF_KIND, ContractFacts
from contracts.playbook.facts import PARTY_ROLES, read_clause
from contracts.types import Finding

STOPS = "。；;，,！!？?：:"
#: Words naming no particular party (一方, 守约方 …).
NEUTRAL = ("一方", "对方", "双方", "各方", "守约方", "违约方", "付款方", "收款方", "履行方", "接收方", "披露方")
#: A role word inside a compound noun names no party (用户画像 is a profile of users, not the party 用户).
COMPOUNDS = re.compile(r"用户(?=画像|群体|体验|数据|信息|账号|行为|偏好|标签)")


#: What follows a role word when it is only the head of another word: 保证人员 (staff), 保证人民币 (a sum). A
#: contract that says 转让方保证人员稳定 names no 保证人 (承租人身份证, 出租人口头通知 do).
_NOT_A_ROLE_AFTER = "员民格才士选群家"
#: Role words in 方 that begin ordinary words (提供方案, 使用方法, 供方式): 甲方向乙方 is 甲方 all the same.
_GUARDED_FANG = frozenset({"提供方", "使用方", "供方", "需方"})


def role_in(role: str, text: str) -> bool:
    """The contract names ``role`` as a role (a party or a third person it speaks of), not only as the first
    characters of another word (保证人 inside 保证人员, 保证人民币; 提供方 inside 提供方案)."""
    tail = _NOT_A_ROLE_AFTER if role.endswith("人") else "式案法面向便针位" if role in _GUARDED_FANG else ""
    guard = f"(?![{tail}])" if tail else ""
    return _rx(re.escape(role) + guard).search(text) is not None


@cache
def _rx(pattern: str) -> re.Pattern[str]:
    """A pattern built from a role word, compiled once per process: the role checks build ~80 a finding, more than
    ``re``'s own cache of 512 holds across a review, so ``re.search(str, …)`` compiled them again each time."""
    return re.compile(pattern)


@cache
def _longer_roles(word: str) -> tuple[str, ...]:
    """The role words that end in ``word`` (承租人 for 租人), once per word."""
    return tuple(r for r in PARTY_ROLES if r != word and r.endswith(word))


def suggestion_defects(finding: Finding, sections: Sequence[Any], facts: ContractFacts) -> list[str]:
    """What is wrong with ``finding.suggestion`` (empty when it can be sent)."""
    s = finding.suggestion
    out = []
    # an empty 【】 or an unclosed one, a {placeholder}, a line to fill in (a 【…】 the contract itself
    # writes round a filled-in formula is no blank)
    if (re.search(r"【[\s_＿]*】|[{}]|_{3,}|＿{2,}", s) or s.count("【") != s.count("】")
            or re.search(r"】[^【]*】|【[^】]*【", s)):
        out.append("blank")
    if re.search(rf"[{STOPS}]{{2,}}", s):
        out.append("doubled punctuation")
    whole = facts.text or "\n".join(sec.text for sec in sections)
    # 【城市及办公地址】: a placeholder left for someone to fill (words naming what goes there, no figure), unless the
    # contract itself writes those brackets; a filled-in formula a rewrite changes (【总值×0.3%×天数】) is none
    if "blank" not in out and any(
            f"【{m.group(1)}】" not in whole and not re.search(r"[\d０-９×%％]", m.group(1))
            for m in re.finditer(r"【([^【】]+)】", s)):
        out.append("blank")
    # 我方 / 本方 / 贵方: the text goes into the contract, which names its parties by their labels and roles
    if re.search(r"我方|贵方|本方(?!案)", s):
        out.append("party named from one side's view (我方)")
    # 主乙方: a party's label put inside another word (主债务人 → 主乙方 names the party the word is not)
    if re.search(r"主[甲乙丙丁]方", s):
        out.append("party label inside a word")
    by_order = {sec.order: sec for sec in sections}
    if finding.section_order is not None and s and finding.section_order in by_order:
        text = by_order[finding.section_order].text
        joined = text[max(0, finding.start - 1):finding.start] + s + text[finding.end:finding.end + 1]
        if re.search(rf"[{STOPS}]{{2,}}", joined):
            out.append("doubled punctuation after the replacement")
    named = COMPOUNDS.sub("", s)
    # the role words contracts use (facts.PARTY_ROLES). The type lexicons' further words (加盟方, 货主, 培训机构 …) are
    # rendered by the contract's labels where its parties are bound (sides.bind_labels), but are not checked here: in
    # a contract of bare 甲方/乙方 they name a third party (a loan's 担保人) or a role no label tells.
    roles = PARTY_ROLES
    for role in roles:
        # 其他承运人, 新的物业服务企业: another one of that kind is a third party, not a party misnamed
        # 主债务人 of a guarantee is the principal debtor, a third party like 其他承运人
        if (_rx("(?<!主)" + OTHER_OF_KIND + re.escape(role) + "(?![式案法面向便针位])").search(named)
                and not role_in(role, whole) and not any(role in n for n in NEUTRAL)):
            if not any(role in other and role_in(other, whole) for other in roles if other != role):
                out.append(f"party {role} not in the contract")
    # A role word the contract does not declare (出租人 in a contract between 甲方 and 乙方) is a defect too.
    for word, name in facts.role_names:
        longer = _longer_roles(word)
        guard = "".join(f"(?<!{re.escape(r[:-len(word)])})" for r in longer)
        if (_rx(rf"(?<!主){guard}{OTHER_OF_KIND}{word}(?![式案法面向便针位])").search(s)
                and f"party {word} not in the contract" not in out):
            out.append(f"party {word} not declared (the contract calls it {name})")
    # 人民币肆拾叁万元整（¥602,000.00）: an amount and its figures in brackets that disagree
    for money in read_clause(s).money:
        if money.written_as is not None and abs(money.written_as - money.amount) > 0.001:
            out.append(f"amount and its figures disagree ({money.amount:g} vs {money.written_as:g})")
    if finding.section_order is not None and s and finding.section_order in by_order:
        text = by_order[finding.section_order].text
        out.extend(_read_on(finding, s, text, facts))
    if facts.total_price and re.search(r"总价|总额|总金额", s):
        amounts = {round(q.value, 2) for q in numbers.amounts(s)}
        for q in numbers.percentages(s):
            if not re.search(r"(?:总价|总额|总金额)[款的]{0,3}$", s[max(0, q.start - 8):q.start]):
                continue
            if len(amounts) == 1 and q.period == "":
                share = next(iter(amounts)) / facts.total_price * 100
                if abs(share - q.value) > 0.6:
                    out.append(f"figures disagree ({share:.1f}% vs {q.value}%)")
    return out


#: Words naming what a sum of money is for (定金, 首付款 …): a fix about one of them rewrites that one only.
#: The words that name a subject's own figure besides the subject itself: a rate is the interest's (借款年利率).
SUBJECT_WORDS = {"利息": ("利息", "利率"), "违约金": ("违约金", "违约责任"), "租金": ("租金", "租费")}
MONEY_SUBJECTS = ("定金", "订金", "押金", "保证金", "违约金", "滞纳金", "租金", "利息", "首付款", "首期款", "房款",
                  "价款", "货款", "余款", "尾款", "预付款", "进度款", "佣金", "服务费", "转让款", "借款")
_SENTENCE_END = re.compile(r"[。；;\n]")


def _read_on(finding: Finding, s: str, text: str, facts: ContractFacts) -> list[str]:
    """The replacement read with the contract's words after it, as the reader will see them (a quote that
    ends inside 定金人民币柒拾万元整（¥1,050,000.00） leaves the figures in the brackets standing), and the
    amounts it changes: each must be of the finding's own subject (a 定金 fix rewrites no 首付款)."""
    out: list[str] = []
    quote = text[finding.start:finding.end]
    stop = _SENTENCE_END.search(text, finding.end)
    after = text[finding.end:stop.start() if stop else len(text)][:60]
    if after:
        # the contract's own disagreement is not the suggestion's
        before = {(round(m.amount, 2), m.written_as) for m in read_clause(quote + after).money
                  if m.written_as is not None and abs(m.written_as - m.amount) > 0.001}
        for money in read_clause(s + after).money:
            if (money.written_as is not None and abs(money.written_as - money.amount) > 0.001
                    and (round(money.amount, 2), money.written_as) not in before):
                out.append(f"figures after the replacement disagree ({money.amount:g} vs {money.written_as:g})")
        if facts.total_price:
            joined, own_text = s + after, quote + after
            amounts = numbers.amounts(joined)

            def share_off(q, amount) -> bool:
                return abs(amount / facts.total_price * 100 - q.value) > 0.6

            def of_total(t: str, q) -> bool:
                return bool(re.search(r"(?:总价|总额|总金额)[款的]{0,3}$", t[max(0, q.start - 8):q.start]))

            own_amounts = numbers.amounts(own_text)
            own_off = any(of_total(own_text, q) and not q.period and len(own_amounts) == 1
                          and share_off(q, own_amounts[0].value)
                          for q in numbers.percentages(own_text) if q.start < len(quote))
            for q in numbers.percentages(joined):
                if q.start >= len(s) or q.period or len(amounts) != 1 or own_off or not of_total(joined, q):
                    continue
                if share_off(q, amounts[0].value):
                    share = amounts[0].value / facts.total_price * 100
                    out.append(f"figures disagree after the replacement ({share:.1f}% vs {q.value}%)")
    subject = finding.category if finding.category in MONEY_SUBJECTS else ""
    if subject:
        old = {round(m.amount, 2) for m in read_clause(quote).money}
        old_rates = {round(r.percent, 3) for r in read_clause(quote).rates if r.percent is not None}
        changed = [m.start for m in read_clause(s).money if round(m.amount, 2) not in old]
        changed += [r.start for r in read_clause(s).rates
                    if r.percent is not None and round(r.percent, 3) not in old_rates]
        for start in changed:
            head = re.split(r"[，,。；;：:]", s[:start])[-1]
            named = [w for w in MONEY_SUBJECTS if w in head and w != subject]
            if named and not any(w in head for w in SUBJECT_WORDS.get(subject, (subject,))):
                out.append(f"amount of another subject rewritten ({named[0]} for {subject})")
                break
    return out

