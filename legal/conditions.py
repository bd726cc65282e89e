"""Conclusions that turn on a fact the question states: typed predicates over the facts.

An answer of a card may carry ``cases``: each a list of predicates (``when``) and the conclusion that
holds when all of them hold. The first case that holds replaces the answer's default conclusion; a
predicate on a fact the question does not give never holds, so without the fact the default (the
common case) stands. A predicate compares a fact with a number (``value``), with a share of another
fact (``of`` and ``times``: half the sentence, for parole) or with a threshold the law computes from other
facts (``rule``): the probation limit of the contract term, four times the LPR at the loan date, 20 % of
the price, 130 % of the loss. The chosen conclusion names the fact and
the threshold (``{probation_months}``, ``{probation_limit}``), so it says why:
"不合法。约定试用期6个月，超过劳动合同期限12个月对应的上限2个月".

This module needs no Django (the card loader validates cases with it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

#: Comparison operators a predicate may use; ``known`` / ``unknown`` test whether the fact was given.
OPS: dict[str, Callable[[Decimal, Decimal], bool]] = {
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
}
PRESENCE_OPS = ("known", "unknown")


def _dec(value: Any) -> Decimal | None:
    if isinstance(value, bool):
        return Decimal(int(value))
    if isinstance(value, Decimal):
        return value
    if isinstance(value, int | float | str):
        try:
            return Decimal(str(value))
        except InvalidOperation:
            return None
    return None


def _probation_limit(facts: Mapping[str, Any]) -> Decimal | None:
    """劳动合同法 19: under 3 months none, under a year 1 month, under three years 2, else 6 (months)."""
    months = _dec(facts.get("contract_months"))
    if months is None:
        return None
    return Decimal(0 if months < 3 else 1 if months < 12 else 2 if months < 36 else 6)


def _rate_cap(facts: Mapping[str, Any]) -> Decimal | None:
    """民间借贷规定 25: four times the one-year LPR at the contract date (a stated LPR first); 24 % for a
    loan made before 2020-08-20."""
    from legal.calculators import CHINA_TZ
    from legal.rules import lpr_on

    lpr = _dec(facts.get("lpr_rate"))
    if lpr is not None:
        return lpr * 4
    day = facts.get("loan_date")
    if not isinstance(day, date):
        day = datetime.now(tz=CHINA_TZ).date()
    if day < date(2020, 8, 20):
        return Decimal(24)
    return lpr_on(day) * 4


def _share(name: str, factor: str) -> Callable[[Mapping[str, Any]], Decimal | None]:
    def compute(facts: Mapping[str, Any]) -> Decimal | None:
        base = _dec(facts.get(name))
        return None if base is None else base * Decimal(factor)
    return compute


#: Thresholds a predicate's ``rule`` names, each computed from the facts (None: an input is missing).
THRESHOLDS: dict[str, Callable[[Mapping[str, Any]], Decimal | None]] = {
    "probation_limit": _probation_limit,            # months (劳动合同法 19)
    "rate_cap": _rate_cap,                          # % a year (民间借贷规定 25)
    "deposit_cap": _share("contract_price", "0.2"),  # 元 (民法典 586)
    "penalty_cap": _share("loss_amount", "1.3"),     # 元 (合同编通则解释 65)
    "final_award_cap": _share("minimum_wage", "12"),  # 元 (劳动争议调解仲裁法 47: 十二个月最低工资)
}


class ConditionError(ValueError):
    """A case or predicate written wrong (the loader names the file, card and field)."""


@dataclass(frozen=True)
class Predicate:
    fact: str
    op: str
    #: A number, or a word for a fact whose value is one (``side``: "lender", "borrower" …; == and != only).
    value: Decimal | str | None = None
    rule: str = ""
    #: Another fact the threshold is a share of (``of = "sentence_months", times = 0.5``: half the sentence), declared
    #: on the card: the law's ratio is the card's, not code's.
    of: str = ""
    times: Decimal = Decimal(1)

    def holds(self, facts: Mapping[str, Any]) -> bool:
        return self.state(facts) is True  # an unknown fact decides nothing: the default conclusion stands

    def state(self, facts: Mapping[str, Any]) -> bool | None:
        """Three-valued: True (met), False (unmet: the told fact, or the told threshold, fails it), None (unknown:
        the fact, or an input of its threshold, is not told — never guessed)."""
        given = facts.get(self.fact)
        if self.op in PRESENCE_OPS:
            return (given is not None) == (self.op == "known")
        if isinstance(self.value, str):
            if given is None:
                return None
            if isinstance(given, bool | int | float | Decimal):
                return None  # a figure where a word is asked: decides nothing
            return (str(given) == self.value) == (self.op == "==")
        left = _dec(given)
        right = self.bound(facts)
        if left is None or right is None:
            return None
        return OPS[self.op](left, right)

    def inputs(self) -> tuple[str, ...]:
        """The facts this predicate reads: its own, and the one its bound is a share of."""
        return (self.fact, self.of) if self.of else (self.fact,)

    def bound(self, facts: Mapping[str, Any]) -> Decimal | None:
        """The number the fact is compared with: the value, the law's threshold, or a share of another fact."""
        if self.rule:
            return THRESHOLDS[self.rule](facts)
        if self.of:
            base = _dec(facts.get(self.of))
            return None if base is None else base * self.times
        return self.value if isinstance(self.value, Decimal) else None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"fact": self.fact, "op": self.op}
        if self.of:
            out["of"] = self.of
            if self.times != 1:
                out["times"] = float(self.times)
        elif self.rule:
            out["rule"] = self.rule
        elif isinstance(self.value, str):
            out["value"] = self.value
        elif self.value is not None:
            out["value"] = int(self.value) if self.value == self.value.to_integral_value() else float(self.value)
        return out


@dataclass(frozen=True)
class Case:
    when: tuple[Predicate, ...]
    conclusion: str
    #: The calculator this case's conclusion rests on; "" when the facts deny the figure's premise (岗前培训,
    #: no service-period agreement: nothing to pay, no sum to compute or ask for); None keeps the answer's.
    calculator: str | None = None
    #: The provisions (law, article) that decide this case, cited as its controlling basis in place of the answer's:
    #: an exception decides by its own article (劳动合同法 45, not 44). Empty: the answer's basis stands.
    basis: tuple[tuple[str, int | str], ...] = ()
    #: The card exception this case was made from (its ``text``); "" for a case written on the answer itself. Such
    #: a case is the exception's, written back as the exception (never twice, as an answer case too).
    exception: str = field(default="", compare=False)

    def holds(self, facts: Mapping[str, Any]) -> bool:
        return self.state(facts) is True

    def state(self, facts: Mapping[str, Any]) -> bool | None:
        """Three-valued and decided as soon as the told facts decide: False when any predicate is unmet (one unmet
        element rules the case out, whatever else is untold), True when all are met, else None."""
        states = [p.state(facts) for p in self.when]
        if False in states:
            return False
        return True if all(states) else None

    def untold(self, facts: Mapping[str, Any]) -> tuple[str, ...]:
        """The facts of the predicates still unknown (the ones that would decide this case)."""
        return tuple(dict.fromkeys(p.fact for p in self.when if p.state(facts) is None))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"when": [p.to_dict() for p in self.when], "conclusion": self.conclusion}
        if self.calculator is not None:
            out["calculator"] = self.calculator
        if self.basis:
            out["basis"] = [{"law": law, "article": article} for law, article in self.basis]
        return out


def parse_predicate(raw: Any, where: str) -> Predicate:
    if not isinstance(raw, Mapping):
        raise ConditionError(f"{where} must be a table with fact, op and value or rule")
    fact, op = raw.get("fact"), raw.get("op")
    if not isinstance(fact, str) or not fact.strip():
        raise ConditionError(f"{where}.fact is missing or not a string")
    if op not in OPS and op not in PRESENCE_OPS:
        raise ConditionError(f"{where}.op must be one of {', '.join([*OPS, *PRESENCE_OPS])}")
    value, rule, of, times = raw.get("value"), raw.get("rule"), raw.get("of"), raw.get("times")
    if op in PRESENCE_OPS:
        if value is not None or rule is not None or of is not None:
            raise ConditionError(f"{where}: op {op} takes neither value nor rule nor of")
        return Predicate(fact.strip(), op)
    if sum(x is not None for x in (value, rule, of)) != 1:
        raise ConditionError(f"{where} needs exactly one of value or rule (or of, a share of another fact)")
    if times is not None and of is None:
        raise ConditionError(f"{where}.times goes with of")
    if of is not None:
        if not isinstance(of, str) or not of.strip():
            raise ConditionError(f"{where}.of must name a fact")
        if times is not None and (isinstance(times, bool) or not isinstance(times, int | float) or times <= 0):
            raise ConditionError(f"{where}.times must be a positive number")
        share = Decimal(str(times)) if times is not None else Decimal(1)
        return Predicate(fact.strip(), op, of=of.strip(), times=share)
    if rule is not None:
        if rule not in THRESHOLDS:
            raise ConditionError(f"{where}.rule must be one of {', '.join(THRESHOLDS)}")
        return Predicate(fact.strip(), op, rule=rule)
    if isinstance(value, str) and value.strip() and op in ("==", "!="):
        return Predicate(fact.strip(), op, value=value.strip())
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConditionError(f"{where}.value must be a number (or a word, with == or !=)")
    return Predicate(fact.strip(), op, value=Decimal(str(value)))


_ARTICLE = re.compile(r"^[1-9]\d*之[一二三四五六七八九]$")


def parse_basis(raw: Any, where: str) -> tuple[tuple[str, int | str], ...]:
    """A case's or an exception's ``basis``: one ``{law, article}`` table or a list of them (at most three)."""
    if raw is None:
        return ()
    items = [raw] if isinstance(raw, Mapping) else raw
    if not isinstance(items, list) or not items or len(items) > 3:
        raise ConditionError(f"{where} must be a {{law, article}} table or a list of one to three")
    out: list[tuple[str, int | str]] = []
    for index, item in enumerate(items):
        law = item.get("law") if isinstance(item, Mapping) else None
        article = item.get("article") if isinstance(item, Mapping) else None
        if not isinstance(law, str) or not law.strip():
            raise ConditionError(f"{where}[{index}].law is missing or not a string")
        if isinstance(article, bool) or not (isinstance(article, int) and article > 0
                                             or isinstance(article, str) and _ARTICLE.match(article)):
            raise ConditionError(f"{where}[{index}].article must be a positive integer or \"<n>之<一…九>\"")
        out.append((law.strip(), article))
    return tuple(out)


def _when(item: Mapping[str, Any], at: str) -> tuple[Predicate, ...]:
    """The ``when`` of a case or an exception: a non-empty list of predicates."""
    when = item.get("when")
    if not isinstance(when, list) or not when:
        raise ConditionError(f"{at}.when must be a non-empty list of predicates")
    return tuple(parse_predicate(p, f"{at}.when[{i}]") for i, p in enumerate(when))


def parse_cases(raw: Any, where: str) -> tuple[Case, ...]:
    """An answer's ``cases``: a list of ``{when = [predicates], conclusion}`` tables."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ConditionError(f"{where} must be a list of {{when, conclusion}} tables")
    cases = []
    for index, item in enumerate(raw):
        at = f"{where}[{index}]"
        if not isinstance(item, Mapping):
            raise ConditionError(f"{at} must be a table with when and conclusion")
        conclusion = item.get("conclusion")
        if not isinstance(conclusion, str) or not conclusion.strip():
            raise ConditionError(f"{at}.conclusion is missing or not a string")
        predicates = _when(item, at)
        calculator = item.get("calculator")
        if calculator is not None and not isinstance(calculator, str):
            raise ConditionError(f"{at}.calculator must be a string (\"\" for none)")
        cases.append(Case(predicates, conclusion.strip(), calculator.strip() if calculator is not None else None,
                          basis=parse_basis(item.get("basis"), f"{at}.basis")))
    return tuple(cases)


def _show(value: Any) -> str:
    number = _dec(value)
    if number is None:
        return str(value)
    number = number.quantize(Decimal("0.01")).normalize()
    return f"{number:f}"


_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


def fill(conclusion: str, facts: Mapping[str, Any]) -> str:
    """The conclusion with ``{fact}`` and ``{threshold}`` names replaced by their values;
    ``{result}`` and ``{deadline}`` are left for the calculator and the deadline rule."""
    def value(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in THRESHOLDS:
            computed = THRESHOLDS[name](facts)
            return _show(computed) if computed is not None else m.group(0)
        return _show(facts[name]) if facts.get(name) is not None else m.group(0)
    return _PLACEHOLDER.sub(value, conclusion)


def choose(cases: tuple[Case, ...], facts: Mapping[str, Any]) -> Case | None:
    """The first case whose predicates all hold for ``facts`` (None: the default conclusion stands)."""
    return settle(cases, facts).case


@dataclass(frozen=True)
class Settled:
    """What the told facts settle among an answer's cases: the case they choose, or — none chosen — the one untold
    fact every case still open turns on (``deciding``; "" when none is open, or when they turn on different facts)."""

    case: Case | None
    deciding: str = ""
    #: The cases neither met nor ruled out by the told facts.
    open: tuple[Case, ...] = ()


def settle(cases: tuple[Case, ...], facts: Mapping[str, Any]) -> Settled:
    """Cases evaluated three-valued, in order: the first met case decides — but only when no case before it is
    still open on an untold fact (an earlier case, an exception, decides first when it holds: a later case is not
    chosen over it on a guess). None met: the open cases and the one untold fact they all turn on."""
    still: list[Case] = []
    for case in cases:
        state = case.state(facts)
        if state is True and not still:
            return Settled(case)
        if state is True:
            # an earlier open case would decide first if its fact were told: the later case stands while no told
            # fact says so — the earlier one is named (the composer's ask), never assumed
            return Settled(case, deciding=_one_fact(still, facts), open=tuple(still))
        if state is None:
            still.append(case)
    return Settled(None, deciding=_one_fact(still, facts), open=tuple(still))


def _one_fact(cases: list[Case], facts: Mapping[str, Any]) -> str:
    untold = {name for case in cases for name in case.untold(facts)}
    return next(iter(untold)) if len(untold) == 1 else ""


# -- exceptions that decide (docs/decisions/answers-apply-the-case.md, "Exceptions that decide") --
#: The question types an exception may answer, each with its own conclusion (the decision, the figure, the period,
#: the steps): the first clause of each carries its type's answer form (``cardlint.lead_fault``).
EXCEPTION_TYPES = ("yes_no", "valid", "how_much", "by_when", "which", "what_to_do", "forum")
_EXCEPTION_KEYS = frozenset({"text", "when", "basis", "ask", *EXCEPTION_TYPES})


@dataclass(frozen=True)
class ExceptionRule:
    """A card's exception written as a rule the engine applies (``exceptions = [{text, when, basis, ask, yes_no …}]``):
    when the client's facts meet ``when``, the exception's conclusion for the part's question type IS the answer,
    citing ``basis`` (the article that lays the exception down); when the deciding fact is not told, ``ask`` names
    that one fact beside the general rule ("若您在孕期、产期或哺乳期，合同顺延至哺乳期满，公司不能到期终止")."""

    text: str
    when: tuple[Predicate, ...]
    basis: tuple[tuple[str, int | str], ...]
    answers: Mapping[str, str]
    ask: str = ""

    def case_for(self, qtype: str) -> Case | None:
        """The case this exception adds to the card's ``qtype`` answer (None: it answers no such type)."""
        text = self.answers.get(qtype)
        return Case(self.when, text, basis=self.basis, exception=self.text) if text else None

    def undecided(self, facts: Mapping[str, Any]) -> bool:
        """The question leaves the exception open: no deciding fact is told against it and at least one is not told
        at all (a fact told for it makes the case fire; one told against it closes it)."""
        return Case(self.when, self.text).state(facts) is None and any(facts.get(p.fact) is None for p in self.when)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "when": [p.to_dict() for p in self.when],
                               "basis": [{"law": law, "article": article} for law, article in self.basis]}
        out.update({qtype: self.answers[qtype] for qtype in EXCEPTION_TYPES if qtype in self.answers})
        if self.ask:
            out["ask"] = self.ask
        return out


def parse_exceptions(raw: Any, where: str) -> tuple[tuple[str, ...], tuple[ExceptionRule, ...]]:
    """A card's ``exceptions``: each a sentence (prose, shown as a risk note) or a table typing it — ``text`` (the
    sentence), ``when`` (predicates), ``basis`` (its controlling article, required) and at least one conclusion by
    question type (``yes_no = "不能。…"``), with ``ask`` the line said while the deciding fact is unknown. Returns
    the sentences of all (in order) and the typed rules."""
    if raw is None:
        return (), ()
    if not isinstance(raw, list):
        raise ConditionError(f"{where} must be a list of sentences or {{text, when, basis, …}} tables")
    texts: list[str] = []
    rules: list[ExceptionRule] = []
    for index, item in enumerate(raw):
        at = f"{where}[{index}]"
        if isinstance(item, str):
            if item.strip():
                texts.append(item.strip())
            continue
        if not isinstance(item, Mapping):
            raise ConditionError(f"{at} must be a sentence or a table")
        unknown = sorted(set(item) - _EXCEPTION_KEYS)
        if unknown:
            raise ConditionError(f"{at}: unknown key {unknown[0]!r}")
        text = item.get("text")
        if not isinstance(text, str) or not text.strip():
            raise ConditionError(f"{at}.text is missing or not a string")
        predicates = _when(item, at)
        basis = parse_basis(item.get("basis"), f"{at}.basis")
        if not basis:
            raise ConditionError(f"{at}.basis is missing: an exception decides by its own article")
        answers = {}
        for qtype in EXCEPTION_TYPES:
            value = item.get(qtype)
            if value is None:
                continue
            if not isinstance(value, str) or not value.strip():
                raise ConditionError(f"{at}.{qtype} must be a non-empty conclusion")
            answers[qtype] = value.strip()
        if not answers:
            raise ConditionError(f"{at} needs a conclusion for one question type at least "
                                 f"({', '.join(EXCEPTION_TYPES)})")
        ask = item.get("ask")
        if ask is not None and (not isinstance(ask, str) or not ask.strip()):
            raise ConditionError(f"{at}.ask must be a non-empty sentence")
        texts.append(text.strip())
        rules.append(ExceptionRule(text.strip(), predicates, basis, answers, ask.strip() if ask else ""))
    return tuple(texts), tuple(rules)
