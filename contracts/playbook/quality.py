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
    by_order = {sec.order: sec for sec in sections}
    if finding.section_order is not None and s and finding.section_order in by_order:
        text = by_order[finding.section_order].text
        joined = text[max(0, finding.start - 1):finding.start] + s + text[finding.end:finding.end + 1]
        if re.search(rf"[{STOPS}]{{2,}}", joined):
            out.append("doubled punctuation after the replacement")
    whole = facts.text or "\n".join(sec.text for sec in sections)
    named = COMPOUNDS.sub("", s)
    # the role words contracts use (facts.PARTY_ROLES). The type lexicons' further words (加盟方, 货主, 培训机构 …) are
    # rendered by the contract's labels where its parties are bound (sides.bind_labels), but are not checked here: in
    # a contract of bare 甲方/乙方 they name a third party (a loan's 担保人) or a role no label tells.
    roles = PARTY_ROLES
    for role in roles:
        # 其他承运人, 新的物业服务企业: another one of that kind is a third party, not a party misnamed
        if (re.search(OTHER_OF_KIND + re.escape(role) + "(?![式案法面向便针位])", named) and role not in whole
                and not any(role in n for n in NEUTRAL)):
            if not any(role in other and other in whole for other in roles if other != role):
                out.append(f"party {role} not in the contract")
    # A role word the contract does not declare (出租人 in a contract between 甲方 and 乙方) is a defect too.
    for word, name in facts.role_names:
        longer = _longer_roles(word)
        guard = "".join(f"(?<!{re.escape(r[:-len(word)])})" for r in longer)
        if (re.search(rf"{guard}{OTHER_OF_KIND}{word}(?![式案法面向便针位])", s)
                and f"party {word} not in the contract" not in out):
            out.append(f"party {word} not declared (the contract calls it {name})")
    # 人民币肆拾叁万元整（¥602,000.00）: an amount and its figures in brackets that disagree
    for money in read_clause(s).money:
        if money.written_as is not None and abs(money.written_as - money.amount) > 0.001:
            out.append(f"amount and its figures disagree ({money.amount:g} vs {money.written_as:g})")
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
