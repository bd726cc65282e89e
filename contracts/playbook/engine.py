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

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from contracts.playbook import numbers
from contracts.playbook.spec import MissingClauseParams, NumericParams, PatternParams, RuleSpec, validate_rule
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


@lru_cache(maxsize=4096)
def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _any(patterns: Iterable[str], text: str) -> re.Match[str] | None:
    for p in patterns:
        m = _rx(p).search(text)
        if m:
            return m
    return None


# -- spans ---------------------------------------------------------------------------------------------


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of ``text``, whitespace trimmed; the end excludes the punctuation."""
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
    return spans


def _sentence_of(spans: list[tuple[int, int]], pos: int) -> tuple[int, int]:
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

_TOTAL = re.compile(r"(?:合同总价款?|总价款|合同总金额|合同总额|合同金额|合同价款|总金额|总价|总租金|借款金额|借款本金|"
                    r"借款数额|服务费总额|开发经费|研究开发经费和报酬|合同价格)")
#: An unticked option of a form (☐无固定期限) is not the contract's choice.
_OPEN_ENDED = re.compile(r"(?<![☐□])无固定期限")
_TASK_BASED = re.compile(r"(?<![☐□])以完成一定(?:的)?工作任务为期限")
_WAGE = re.compile(r"(?:月工资|月薪|基本工资|工资标准|每月工资|月基本工资|转正后?工资)(?:为|是|：|:)?")
_TERM = re.compile(r"(?:劳动合同期限|本合同期限|合同期限|聘用期限|合同有效期|租赁期限|租期|借款期限|服务期限)"
                   r"(?:为|是|：|:|自)?")


def _clip(text: str, start: int, length: int) -> str:
    region = text[start:start + length]
    cut = min((i for i in (region.find(c) for c in "。；;\n") if i != -1), default=len(region))
    return region[:cut]


def contract_facts(sections: Sequence[SectionLike]) -> ContractFacts:
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
    return ContractFacts(text=text, total_price=total, term_months=term, monthly_wage=wage,
                         open_ended=bool(_OPEN_ENDED.search(norm)), task_based=bool(_TASK_BASED.search(norm)))


# -- findings ------------------------------------------------------------------------------------------


def _finding(rule: RuleSpec, section: SectionLike, start: int, end: int, detail: str = "",
             suggestion: str = "") -> Finding:
    description = rule.description.strip()
    if detail:
        description = f"{description}（{detail}）"
    return Finding(
        rule_code=rule.code, section_order=section.order, quote=section.text[start:end], start=start, end=end,
        category=rule.category, severity=rule.severity, description=description,
        suggestion=suggestion or rule.suggestion.strip(), basis=list(rule.basis),
    )


def _parsed(rule: RuleSpec):
    if rule.parsed is None:
        validate_rule(rule)
    return rule.parsed


def _heading(section: SectionLike) -> str:
    first = section.text.split("\n", 1)[0][:60]
    return f"{section.number} {section.title} {first}"


def _pattern_findings(rule: RuleSpec, p: PatternParams, section: SectionLike) -> list[Finding]:
    text = section.text
    if p.titles and not _any(p.titles, _heading(section)):
        return []
    if p.requires and not _any(p.requires, text):
        return []
    if p.unless and p.unless_scope == "section" and _any(p.unless, text):
        return []
    out: list[Finding] = []
    spans = sentences(text)
    for a, b in spans:
        sentence = text[a:b]
        m = _any(p.patterns, sentence)
        if m is None:
            continue
        if p.unless and p.unless_scope == "sentence" and _any(p.unless, sentence):
            continue
        lo, hi = narrow(text, (a, b), a + m.start(), a + m.end())
        suggestion = ""
        if p.rewrite == "append" and rule.suggestion.strip():
            suggestion = f"{text[lo:hi]}；{rule.suggestion.strip().rstrip('。')}"
        out.append(_finding(rule, section, lo, hi, suggestion=suggestion))
    return out


def _fmt(value: float, unit: str) -> str:
    shown = f"{value:.2f}".rstrip("0").rstrip(".")
    return {"percent": f"{shown}%", "annual": f"年化 {shown}%", "months": f"{shown} 个月",
            "days": f"{shown} 日"}.get(unit, shown)


def _regions(text: str, spans: list[tuple[int, int]], p: NumericParams) -> list[tuple[int, int, int]]:
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


def section_findings(section: SectionLike, contract_type: str, rules: list[RuleSpec], *,
                     facts: ContractFacts | None = None) -> list[Finding]:
    """The pattern and numeric-limit rules that fire on one section (rules not for this contract type,
    disabled ones and missing-clause rules are skipped; a preamble or signature section has none).
    ``facts`` (:func:`contract_facts`) lets a rule compare with the rest of the contract; without it the
    section alone is the contract."""
    if section.kind in SKIPPED_KINDS or not section.text.strip():
        return []
    facts = facts or contract_facts([section])
    out: list[Finding] = []
    for rule in rules:
        if not rule.enabled or rule.detection == "missing_clause" or not rule.applies_to(contract_type):
            continue
        p = _parsed(rule)
        if p.when and not _any(p.when, facts.text or section.text):
            continue
        if isinstance(p, PatternParams):
            found = _pattern_findings(rule, p, section)
        elif isinstance(p, NumericParams):
            found = _numeric_findings(rule, p, section, facts)
        else:
            found = []
        seen: set[tuple[int, int]] = set()
        for f in found:
            if (f.start, f.end) not in seen and len(seen) < PER_RULE_PER_SECTION:
                seen.add((f.start, f.end))
                out.append(f)
    out.sort(key=lambda f: (f.start, f.rule_code))
    return out


def missing_clause_findings(sections: Sequence[SectionLike], contract_type: str,
                            rules: list[RuleSpec]) -> list[Finding]:
    """One finding (``section_order`` None, empty quote) per required clause no section has."""
    body = [s for s in sections if s.kind in CLAUSE_KINDS] or [s for s in sections if s.kind != "signature"]
    whole = "\n".join(f"{s.title}\n{s.text}" for s in sections)
    out: list[Finding] = []
    for rule in rules:
        if not rule.enabled or rule.detection != "missing_clause" or not rule.applies_to(contract_type):
            continue
        p = _parsed(rule)
        assert isinstance(p, MissingClauseParams)
        if p.when and not _any(p.when, whole):
            continue
        haystacks = [f"{s.number} {s.title}" if p.titles_only else f"{s.number} {s.title}\n{s.text}" for s in body]
        if any(_any(p.any_of, h) for h in haystacks):
            continue
        out.append(Finding(rule_code=rule.code, section_order=None, quote="", start=0, end=0,
                           category=rule.category, severity=rule.severity, description=rule.description.strip(),
                           suggestion=rule.suggestion.strip(), basis=list(rule.basis)))
    return out


def contract_findings(sections: Sequence[SectionLike], contract_type: str, rules: list[RuleSpec]) -> list[Finding]:
    """Every finding of the playbook on a whole contract: each section's, then the missing clauses."""
    facts = contract_facts(sections)
    out: list[Finding] = []
    for section in sections:
        out.extend(section_findings(section, contract_type, rules, facts=facts))
    out.extend(missing_clause_findings(sections, contract_type, rules))
    return out
