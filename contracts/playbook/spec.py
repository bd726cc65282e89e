"""A playbook rule as the engine sees it (:class:`RuleSpec`) and the validation of its parameters
(one pydantic model per detection kind). No Django here: the service turns a
:class:`RuleInvalid` into a ``ValidationError`` naming the field."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from contracts.playbook import concepts as lex
from contracts.playbook.numbers import to_number
from contracts.types import BasisRef

DETECTIONS = ("missing_clause", "pattern", "numeric_limit", "fact")
SEVERITIES = ("high", "medium", "low")
#: ContractType values (contracts.models.ContractType), repeated here so the engine needs no Django.
CONTRACT_TYPES = ("sale", "lease", "labor", "service", "entrustment", "loan", "tech_dev", "tech_transfer",
                  "tech_service", "nda", "data", "construction", "property", "intermediary", "work", "transport",
                  "storage", "gift", "partnership", "equity", "guarantee", "franchise", "advertising",
                  "performance", "finance_lease", "other")
#: What a contract is besides its type (engine.contract_settings): a ``basis_by`` entry or a deciding-table
#: entry may name these as types (a consumer's forum clause: 民事诉讼法解释31).
CONTRACT_SETTINGS = ("consumer", "prepaid", "housing", "employment", "standard_form")
MAX_REGEX = 300
#: A quantifier applied to a group that itself ends in a quantifier ((a+)+, (.*)*): catastrophic
#: backtracking on long clauses, refused.
_NESTED_QUANTIFIER = re.compile(r"\([^()]*[+*}]\)[+*{]")


class RuleInvalid(ValueError):
    """A rule that cannot be used; ``field`` names what is wrong (``params.max``, ``basis[0].article``)."""

    def __init__(self, field_name: str, message: str) -> None:
        self.field = field_name
        self.message = message
        super().__init__(f"{field_name}: {message}")


def _check_regex(value: str) -> str:
    if not value or len(value) > MAX_REGEX:
        raise ValueError(f"正则表达式须为 1–{MAX_REGEX} 个字符")
    if _NESTED_QUANTIFIER.search(value):
        raise ValueError(f"正则表达式含嵌套重复（如 (a+)+），可能导致回溯失控：{value}")
    try:
        _compiled(value)  # the engine's own cache: a rule set is validated per review, re's 512 would thrash
    except re.error as exc:
        raise ValueError(f"正则表达式无效（{exc}）：{value}") from None
    return value


class BasisBy(BaseModel):
    """One alternative basis of a rule, chosen by the words of the finding's sentence
    (contracts/playbook/deciding.py): a penalty rule on a 定金 cites 民法典586/587 first."""

    model_config = ConfigDict(extra="forbid")

    words: list[str] = Field(min_length=1)
    unless: list[str] = Field(default_factory=list)
    types: list[str] = Field(default_factory=list)
    categories: list[str] = Field(default_factory=list)
    basis: list[dict[str, Any]] = Field(min_length=1)
    keywords: list[str] = Field(default_factory=list)
    name: str = ""

    @field_validator("words", "unless", "categories")
    @classmethod
    def _regexes(cls, values: list[str]) -> list[str]:
        return [_check_regex(v) for v in values]

    @field_validator("types")
    @classmethod
    def _types(cls, values: list[str]) -> list[str]:
        unknown = [t for t in values if t not in CONTRACT_TYPES and t not in CONTRACT_SETTINGS]
        if unknown:
            raise ValueError(f"未知的合同类型：{', '.join(unknown)}")
        return values

    @field_validator("basis")
    @classmethod
    def _basis(cls, values: list[dict[str, Any]]) -> list[dict[str, Any]]:
        try:
            basis_from_json(values)
        except RuleInvalid as exc:
            raise ValueError(exc.message) from None
        return values


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid")

    #: Alternative bases chosen by the words of the finding's sentence (the article that decides the risk
    #: in these words comes first); the shared table ``deciding.toml`` applies to every rule after these.
    basis_by: list[BasisBy] = Field(default_factory=list)
    #: Whose interest the rule protects, as role classes (contracts/playbook/sides.py: lessee, employee,
    #: buyer …; ``any`` for both): with the firm's side set, a rule protecting only the other side does
    #: not report a clause one-sided in our favour.
    protects: list[str] = Field(default_factory=list)

    @field_validator("protects")
    @classmethod
    def _protects(cls, values: list[str]) -> list[str]:
        from contracts.playbook.sides import ROLE_CLASSES
        unknown = [v for v in values if v != "any" and v not in ROLE_CLASSES]
        if unknown:
            raise ValueError(f"未知的当事人角色：{', '.join(unknown)}（可用：{' / '.join(ROLE_CLASSES)} / any）")
        return values

    #: The rule also reads the contract's preamble (the notice before the first clause: 重要提示 … 已充分提示
    #: 和说明); other rules review clauses only.
    preamble: bool = False
    #: The rule applies only in a contract of one of these settings (engine.contract_settings: a consumer
    #: or learner is a party, money paid in advance, a 商品房 sale, an employee is a party).
    settings: list[Literal[CONTRACT_SETTINGS]] = Field(default_factory=list)  # type: ignore[valid-type]
    #: The rule applies only if the contract's text matches one of these (e.g. 定金, 房屋).
    when: list[str] = Field(default_factory=list)
    #: The rule does not apply when the contract's text matches one of these (融资租赁 for a lease rule
    #: that the finance-lease chapter decides otherwise).
    when_not: list[str] = Field(default_factory=list)

    @field_validator("when", "when_not")
    @classmethod
    def _when(cls, values: list[str]) -> list[str]:
        return [_check_regex(v) for v in values]


class MissingClauseParams(_Params):
    """Fires once per contract when no clause (title or text) matches any of ``any_of``."""

    any_of: list[str] = Field(min_length=1)
    #: Look only in section titles (a heading such as 争议解决) rather than titles and texts.
    titles_only: bool = False
    #: The clause must agree the term, not defer it: a sentence matching ``any_of`` that leaves it to later
    #: (另议, 以出卖人届时报价为准, an empty blank) does not count (``contracts.playbook.concepts.is_deferred``).
    substance: bool = False

    @field_validator("any_of")
    @classmethod
    def _any_of(cls, values: list[str]) -> list[str]:
        return [_check_regex(v) for v in values]


@lru_cache(maxsize=8192)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


class ConceptUse(BaseModel):
    """A concept of the lexicon (``concepts.toml``) a pattern rule tests: any of its phrasings, not negated,
    within ``within`` characters of one of ``objects`` (the thing exempted, waived, changed …) in a sentence."""

    model_config = ConfigDict(extra="forbid")

    concept: str
    objects: list[str] = Field(default_factory=list)
    within: int = Field(default=16, ge=0, le=60)
    #: Silent when the sentence keeps a carve-out beside the act (除…外, 但…除外).
    carved_silent: bool = False
    #: The sentence must also say one of these (what the act is about, when ``objects`` name its other end:
    #: personal information as well as the third party it goes to).
    with_words: list[str] = Field(default_factory=list)

    @field_validator("concept")
    @classmethod
    def _known(cls, value: str) -> str:
        if value not in lex.lexicon():
            raise ValueError(f"未知的概念：{value}（可用：{' / '.join(lex.lexicon())}）")
        return value

    @field_validator("objects", "with_words")
    @classmethod
    def _objects(cls, values: list[str]) -> list[str]:
        return [_check_regex(v) for v in values]


class PatternParams(_Params):
    """Fires on each sentence matching one of ``patterns`` (or one of ``concepts``) — unless one of
    ``unless`` also matches the same sentence (``unless_scope = "sentence"``) or the same clause
    (``"section"``)."""

    #: Concepts of the lexicon the rule tests besides its patterns (a rule may have only these).
    concepts: list[ConceptUse] = Field(default_factory=list)
    patterns: list[str] = Field(default_factory=list, validate_default=True)
    unless: list[str] = Field(default_factory=list)
    unless_scope: Literal["sentence", "section"] = "sentence"
    #: Only in clauses whose number/title/first line matches one of these (e.g. 违约|责任).
    titles: list[str] = Field(default_factory=list)
    #: The clause must also mention one of these somewhere (e.g. 竞业限制 for a 补偿 rule).
    requires: list[str] = Field(default_factory=list)
    #: ``replace``: the suggestion replaces the quoted words; ``append``: it is added after them (the clause
    #: lacks something, e.g. the 竞业限制 compensation), so the rewrite keeps the quote.
    rewrite: Literal["replace", "append"] = "replace"
    #: Side (as for fact rules): whose words these are — ``other``: a risk when the sentence's subject is
    #: the other side (their right, their exemption); ``ours``: when it is ours; ``any``.
    party: Literal["any", "ours", "other"] = "any"
    #: Silent when the matched sentence gives a period of at least this many days (read by the clause
    #: reader: 十五个工作日, 一个月): a deemed acceptance after a reasonable period is the law's own rule.
    unless_days_at_least: float | None = Field(default=None, gt=0)
    #: Side: only a party named inside the matched words acts (以届时乙方报价为准 → 乙方); words naming no
    #: party (价款另行协商) are a risk for either side.
    actor_inside: bool = False
    #: The party of a penalty clause is the one who pays it (乙方应支付违约金, 要求乙方支付违约金 → 乙方), not
    #: the party entitled to ask for it; with ``party = "ours"`` the rule fires when we pay.
    payer: bool = False
    #: Words the party the risk falls on says itself (甲方对本合同全部内容无任何异议 beside 乙方已作出充分提示):
    #: their actor is the other one of ``party`` — with ``party = "other"`` they fire when we say them.
    #: Read when none of ``patterns`` matches the sentence.
    said_by_us: list[str] = Field(default_factory=list)
    #: The rule's own patterns are read with the concepts' scopes too: words a negation or a prohibition
    #: before them undoes (不得从工程款中直接扣除, 合同期满后不自动续期) are not the act. For rules moved onto a
    #: concept whose act is no prohibition itself.
    scoped: bool = False
    #: A risk read across clauses (facts.controlling_clause): the sentence fires only when another clause
    #: undoes it — ``penalty_adjustment_waived`` (a penalty whose adjustment another clause waives),
    #: ``right_overridden`` (a right another clause takes back) — and the finding cites that clause.
    linked: Literal["", "penalty_adjustment_waived", "right_overridden"] = ""

    @field_validator("patterns", "unless", "titles", "requires", "said_by_us")
    @classmethod
    def _regexes(cls, values: list[str], info: ValidationInfo) -> list[str]:
        if info.field_name == "patterns" and not values and not info.data.get("concepts"):
            raise ValueError("须至少有一个匹配模式或概念")
        return [_check_regex(v) for v in values]

    def match(self, sentence: str) -> re.Match[str] | Any | None:
        """The first of ``patterns`` that matches the sentence, else the first concept found in it."""
        for p in self.patterns:
            for m in _compiled(p).finditer(sentence):
                # 不视为放弃, 并不意味着同意: words undoing the act before it leave no act to report
                if lex.undone_at(sentence, m.start()) or (self.scoped and lex.negated_at(sentence, m.start())):
                    continue
                return m
        if self.concepts:
            for use in self.concepts:
                if use.with_words and not any(_compiled(w).search(sentence) for w in use.with_words):
                    continue
                hit = lex.find(sentence, use.concept, tuple(use.objects), use.within, carved_silent=use.carved_silent)
                if hit is not None:
                    return hit
        return None


class NumericParams(_Params):
    """A quantity near a trigger word, compared with a limit.

    ``check``:
      - ``percent``: a percentage (百分之三十, 30%, 两倍) after a trigger — or an amount divided by the
        contract's total price (``of_total``) — against ``max``/``min``; a per-day percentage is
        compared with ``max_daily`` instead (违约金每日千分之五);
      - ``annual_rate``: an interest rate normalised to a year (月利率2% → 24) against ``max``;
      - ``duration``: a duration in months (两年 → 24, 90日 → 3) against ``max``/``min``;
      - ``probation_vs_term``: 试用期 against the 劳动合同期限 of the same contract (劳动合同法第十九条);
      - ``period_vs_norm``: the first duration after the trigger (合同工期 120 日历天) against the norm the same
        region states (定额工期 420 天): the share it is compressed by, in percent, against ``max``.
    """

    check: Literal["percent", "annual_rate", "duration", "probation_vs_term", "period_vs_norm"]
    triggers: list[str] = Field(min_length=1)
    max: float | None = None
    min: float | None = None
    max_daily: float | None = None
    #: For ``percent``: divide an amount after the trigger by the contract's total price.
    of_total: bool = False
    #: For ``percent``: divide an amount after the trigger by the monthly wage the contract states
    #: (试用期工资 6000 元 against 月工资 9000 元).
    of_wage: bool = False
    #: Characters after the trigger a quantity may sit within (same sentence fragment).
    window: int = Field(default=30, ge=2, le=120)
    #: For ``duration``: ``max``/``min`` in months or in days.
    unit: Literal["month", "day"] = "month"
    requires: list[str] = Field(default_factory=list)
    unless: list[str] = Field(default_factory=list)
    #: Side, as for pattern rules (``ours``: a penalty or duty of our side is our risk).
    party: Literal["any", "ours", "other"] = "any"

    @field_validator("triggers", "requires", "unless")
    @classmethod
    def _regexes(cls, values: list[str]) -> list[str]:
        return [_check_regex(v) for v in values]

    @model_validator(mode="after")
    def _limits(self) -> NumericParams:
        if self.check == "probation_vs_term":
            return self
        if self.max is None and self.min is None and self.max_daily is None:
            raise ValueError("须至少给出 max、min 或 max_daily 之一")
        for name in ("max", "min", "max_daily"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise ValueError(f"{name} 不能为负数")
        return self


FACT_KINDS = ("money", "rate", "duration", "obligation", "exemption", "ownership")
MEASURES = ("amount", "share_of_total", "percent", "annual_percent", "daily_percent", "hours", "days", "months")
COVERS = ("all", "intent", "gross_negligence", "personal_injury", "property", "indirect")


class FactParams(_Params):
    """A predicate over the facts the clause reader found (contracts/playbook/facts.py; the spec is
    contracts/playbook/SPEC.md). The rule fires on each fact of kind ``fact`` that passes every test given."""

    fact: Literal["money", "rate", "duration", "obligation", "exemption", "ownership", "mismatch", "forum",
                  "foreign_choice", "secrecy", "definition", "cap", "restraint", "figure", "allocation"]
    #: Allocations (facts.Allocation — who bears a cost, risk, liability or duty): the polarities accepted
    #: (bears / exempt / shares), the heads of burden any one of which it must name (cost risk liability loss tax
    #: fine repair insurance), and ``total`` — the allocation reaches every such burden (均/全部/一切/任何/无论…).
    #: An allocation that follows the party's own fault, force majeure, or the law (依法, 法定) never passes, nor an
    #: exemption whose carve-out keeps liability for intent or gross negligence.
    polarity: list[Literal["bears", "exempt", "shares"]] = Field(default_factory=list)
    burdens: list[Literal["cost", "risk", "liability", "loss", "tax", "fine", "repair", "insurance"]] = Field(
        default_factory=list)
    total: bool | None = None
    #: False: a burden put on the other side in our own draft is a bargain it accepts — its risk, not ours (no
    #: court strikes a cost or risk allocated by agreement as such); the rule then reads its side even when we
    #: drafted (engine.strikes reads the drafter's own 497 terms otherwise).
    own_draft: bool = True
    #: Figures (facts.Figure — a number read as what it measures): the thresholds of ``figures.toml`` it is judged
    #: by (each a subject, item, kinds, measure and limit, with the article that decides it); any one broken fires.
    thresholds: list[str] = Field(default_factory=list)
    #: Obligations: or the act (with its modal) says one of these concepts of the lexicon (an act at will in
    #: any phrasing: 可以在任何时候通知乙方解除, 可随时取回).
    act_concepts: list[ConceptUse] = Field(default_factory=list)

    def act_concept(self, act: str, before: str = "") -> bool:
        """The act says one of ``act_concepts`` (near its objects, not negated); ``before`` is its sentence up
        to the obligation (a ground named there makes a right not one at will)."""
        for use in self.act_concepts:
            if use.with_words and not any(_compiled(w).search(act) for w in use.with_words):
                continue
            hit = lex.find(act, use.concept, tuple(use.objects), use.within, carved_silent=use.carved_silent)
            if hit is None:
                continue
            said = act[hit.start():hit.end()]
            if lex.lexicon()[use.concept].at_will and lex.on_grounds(before + act[:hit.start()], said):
                continue
            return True
        return False
    #: The fact's sentence mentions one of these (anywhere: before or after the number).
    context: list[str] = Field(default_factory=list)
    #: The fact's own label (定金, 违约金, 试用期 …) or, when it has none, its fragment matches one of these.
    label: list[str] = Field(default_factory=list)
    #: The fact's sentence mentions none of these.
    unless: list[str] = Field(default_factory=list)
    #: Only in clauses whose heading matches one of these.
    titles: list[str] = Field(default_factory=list)
    #: The clause mentions one of these somewhere.
    requires: list[str] = Field(default_factory=list)
    #: Durations: the units accepted (hour, day, workday, week, month, year).
    units: list[Literal["hour", "day", "workday", "week", "month", "year"]] = Field(default_factory=list)
    #: Rates: the periods accepted ("day", "month", "year", "" for a one-off share).
    per: list[Literal["hour", "day", "month", "year", ""]] = Field(default_factory=list)
    #: The number compared: money ``amount`` / ``share_of_total`` (percent of the contract's total price);
    #: rate ``percent`` / ``annual_percent`` / ``daily_percent``; duration ``hours`` / ``days`` / ``months``.
    #: money ``written_gap``: the difference between the amount and its second writing in brackets (大写 vs 小写).
    #: duration ``overtime_hours``: an hours figure that is overtime (facts.overtime_period), per month — a weekly
    #: figure times 52/12, a daily one times 12 (the daily cap, three hours, is a twelfth of the monthly 36);
    #: a figure that is no overtime (a working week told beside it) is not measured.
    measure: Literal["amount", "share_of_total", "written_gap", "percent", "annual_percent", "daily_percent", "hours",
                     "days", "months", "overtime_hours"] | None = None
    gt: float | None = None
    lt: float | None = None
    #: Obligations: the modals accepted (应当 有权 可以 不得 无权 无需) and the act (regexes).
    modal: list[Literal["应当", "有权", "可以", "不得", "无权", "无需"]] = Field(default_factory=list)
    act: list[str] = Field(default_factory=list)
    #: Obligations: the classes of right the act falls in (facts.RIGHT_CLASSES: a change of price or of the
    #: work, a deduction, a decision alone, an assignment), whatever its words; with ``act`` either one passes.
    rights: list[Literal["price", "scope", "deduct", "decide", "assign", "delegate"]] = Field(default_factory=list)
    #: Obligations: the right is the holder's at will (facts.unconditional): 随时 / 以任何理由, or no ground named
    #: but its own needs — a right on listed grounds (有下列情形之一的) does not pass.
    unconditional: bool = False
    #: Require the fact to sit (True) or not to sit (False) in a negation.
    negated: bool | None = None
    #: Exemptions: fire when the exemption covers any of these and no carve-out keeps liability for it.
    covers_any: list[Literal["all", "intent", "gross_negligence", "personal_injury", "property", "indirect",
                             "third_party", "own_risk"]] = (
        Field(default_factory=list))
    #: Side: ``ours`` — a risk when the fact belongs to the firm's side (a penalty we pay, a restraint on us);
    #: ``other`` — a risk when it belongs to the other side (their right to change the price, their
    #: exemption); ``drafter`` — a 格式条款 fairness risk, flagged for the side that drafted; ``any``.
    party: Literal["any", "ours", "other", "drafter"] = "any"
    #: Forums: the places of the agreed court accepted (facts.Forum.place: party_seat, plaintiff, defendant,
    #: property, performance, signing, unlinked, chosen, named, statutory).
    places: list[Literal["party_seat", "plaintiff", "defendant", "property", "performance", "signing", "unlinked",
                         "chosen", "named", "statutory", "arbitration"]] = Field(default_factory=list)
    #: Forums: an arbitration that names (True) or does not name (False) its institution (facts.Forum.institution).
    institution: bool | None = None
    #: Forums: arbitration or a court left to a party's choice in one sentence (facts.Forum.alternative).
    alternative: bool | None = None

    #: The contract has (True) or has not (False) a foreign element (facts.foreign_element: a party or the subject
    #: matter abroad), read outside its choice-of-law and dispute words.
    foreign_element: bool | None = None
    #: Confidentiality duties and definitions: the shapes the fact must have, all of them (facts.Secrecy:
    #: one_way perpetual penalised no_public_carveout; facts.Definition: knowledge_based no_public_carveout
    #: own_risk beyond_the_work).
    #: (facts.Restraint: perpetual)
    shapes: list[Literal["one_way", "perpetual", "penalised", "no_public_carveout", "knowledge_based", "own_risk",
                         "beyond_the_work"]] = Field(default_factory=list)
    #: Definitions: the classes of the defined word (facts.DEFINED_CLASSES).
    defines: list[Literal["confidential", "force_majeure", "work_product", "affiliate"]] = Field(default_factory=list)
    #: Money and rates: a delay penalty (facts read by engine.penalty_per_day) that is this many times the other
    #: side's, or the other side's that many times it — reported for the side paying the heavier one.
    outweighs: float | None = Field(default=None, gt=1)

    @field_validator("context", "label", "unless", "titles", "requires", "act")
    @classmethod
    def _regexes(cls, values: list[str]) -> list[str]:
        return [_check_regex(v) for v in values]

    @model_validator(mode="after")
    def _measure(self) -> FactParams:
        allowed = {"money": ("amount", "share_of_total", "written_gap"),
                   "rate": ("percent", "annual_percent", "daily_percent"),
                   "duration": ("hours", "days", "months", "overtime_hours")}.get(self.fact, ())
        if (self.gt is not None or self.lt is not None) and self.measure is None and self.fact != "figure":
            raise ValueError("给出 gt/lt 时须写明 measure")
        if self.measure is not None and self.measure not in allowed:
            raise ValueError(f"{self.fact} 的 measure 须为 {' / '.join(allowed) or '（无）'}")
        if (self.polarity or self.burdens or self.total is not None) and self.fact != "allocation":
            raise ValueError("polarity/burdens/total 只用于 allocation")
        if self.covers_any and self.fact != "exemption":
            raise ValueError("covers_any 只用于 exemption")
        if (self.modal or self.act or self.rights or self.unconditional) and self.fact != "obligation":
            raise ValueError("modal/act/rights/unconditional 只用于 obligation")
        if (self.places or self.institution is not None or self.alternative is not None) and self.fact != "forum":
            raise ValueError("places/institution/alternative 只用于 forum")
        if self.act_concepts and self.fact not in ("obligation", "forum"):
            raise ValueError("act_concepts 只用于 obligation 与 forum")
        if (self.fact == "figure") != bool(self.thresholds):
            raise ValueError("figure 须且只有 figure 写明 thresholds")
        if self.thresholds:
            from contracts.playbook.facts import figure_table
            unknown = [t for t in self.thresholds if t not in figure_table()[1]]
            if unknown:
                raise ValueError(f"未知的 threshold：{', '.join(unknown)}（见 figures.toml）")
            if self.measure is not None:
                raise ValueError("figure 的 measure 取自 figures.toml（gt / lt 可改写其界限）")
        return self


PARAMS_MODELS: dict[str, type[_Params]] = {
    "missing_clause": MissingClauseParams,
    "pattern": PatternParams,
    "numeric_limit": NumericParams,
    "fact": FactParams,
}


@dataclass
class RuleSpec:
    code: str
    title: str
    detection: str
    params: dict[str, Any]
    category: str
    severity: str
    description: str
    suggestion: str
    basis: list[BasisRef] = field(default_factory=list)
    contract_types: list[str] = field(default_factory=list)
    enabled: bool = True
    #: Words the cited articles' texts contain (checked against the corpus by the tests and the service).
    basis_keywords: list[str] = field(default_factory=list)
    #: The validated parameters (set by :func:`validate_rule`).
    parsed: Any = None

    def applies_to(self, contract_type: str) -> bool:
        return not self.contract_types or contract_type in self.contract_types


def _pydantic_field(exc: ValidationError) -> tuple[str, str]:
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err.get("loc", ()) if p != "__root__")
    message = str(err.get("msg", "无效")).removeprefix("Value error, ")
    return (f"params.{loc}" if loc else "params"), message


def validate_params(detection: str, params: Any) -> _Params:
    if detection not in PARAMS_MODELS:
        raise RuleInvalid("detection", f"检测方式须为 {' / '.join(DETECTIONS)}")
    if not isinstance(params, dict):
        raise RuleInvalid("params", "检测参数须为对象（JSON object）")
    try:
        return PARAMS_MODELS[detection].model_validate(params)
    except ValidationError as exc:
        raise RuleInvalid(*_pydantic_field(exc)) from None


def validate_rule(rule: RuleSpec) -> RuleSpec:
    """Check every field but the corpus look-up of the basis (the service does that); sets ``parsed``."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]{1,59}", rule.code or ""):
        raise RuleInvalid("code", "规则代码须为 2–60 个小写字母、数字、- 或 _")
    if not (rule.title or "").strip():
        raise RuleInvalid("title", "名称不能为空")
    if rule.severity not in SEVERITIES:
        raise RuleInvalid("severity", "风险等级须为 high / medium / low")
    if not (rule.category or "").strip():
        raise RuleInvalid("category", "类别不能为空")
    if not (rule.description or "").strip():
        raise RuleInvalid("description", "问题描述不能为空")
    unknown = [t for t in rule.contract_types if t not in CONTRACT_TYPES]
    if unknown:
        raise RuleInvalid("contract_types", f"未知的合同类型：{', '.join(unknown)}")
    for i, ref in enumerate(rule.basis):
        if not isinstance(ref, BasisRef) or not ref.law.strip():
            raise RuleInvalid(f"basis[{i}].law", "依据须写明法律名称")
        if not isinstance(ref.article, int) or ref.article <= 0:
            raise RuleInvalid(f"basis[{i}].article", "条文编号须为正整数")
    rule.parsed = validate_params(rule.detection, rule.params)
    return rule


def _article(value: Any) -> int | None:
    if isinstance(value, str):
        text = value.strip().removeprefix("第").removesuffix("条")
        number = to_number(text)
        value = int(number) if number is not None and number == int(number) else None
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        return None
    return value


def _day(value: Any) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        return None


def _editions(item: dict[str, Any], article: int, i: int) -> tuple[tuple[date, int], ...]:
    """``version`` (the date naming the text ``article`` numbers: the text in force that day) and ``articles``
    (``{"2027-01-01": 55}``: the same rule's article in other versions) -> the citation's editions."""
    version, others = item.get("version"), item.get("articles")
    if version is None:
        if others is not None:
            raise RuleInvalid(f"basis[{i}].articles", "写明各版本条文时须写明 version（article 所属版本的施行日期）")
        return ()
    first = _day(version)
    if first is None:
        raise RuleInvalid(f"basis[{i}].version", "版本须写作施行日期（如 2019-11-01）")
    editions = [(first, article)]
    if others is not None:
        if not isinstance(others, dict) or not others:
            raise RuleInvalid(f"basis[{i}].articles", "各版本条文须为 {施行日期: 条文编号}")
        for key, value in others.items():
            day, number = _day(key), _article(value)
            if day is None or number is None:
                raise RuleInvalid(f"basis[{i}].articles", f"版本“{key}”须写作施行日期，条文编号须为正整数")
            editions.append((day, number))
    if len({day for day, _ in editions}) != len(editions):
        raise RuleInvalid(f"basis[{i}].articles", "同一版本写了两次")
    return tuple(editions)


def basis_from_json(items: Any) -> list[BasisRef]:
    """``[{law, article}]`` (article an int or 第X条; optionally the ``version`` it cites and the ``articles`` of
    other versions) → BasisRefs; raises RuleInvalid naming the item."""
    if items in (None, ""):
        return []
    if not isinstance(items, list):
        raise RuleInvalid("basis", "依据须为 [{law, article}] 列表")
    refs = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not str(item.get("law", "")).strip():
            raise RuleInvalid(f"basis[{i}].law", "依据须写明法律名称")
        article = _article(item.get("article"))
        if article is None:
            raise RuleInvalid(f"basis[{i}].article", "条文编号须为正整数或“第X条”")
        refs.append(BasisRef(law=str(item["law"]).strip().strip("《》"), article=article,
                             editions=_editions(item, article, i)))
    return refs


def basis_to_json(refs: list[BasisRef]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for r in refs:
        item: dict[str, Any] = {"law": r.law, "article": r.article}
        if r.editions:
            (first, _), rest = r.editions[0], r.editions[1:]
            item["version"] = first.isoformat()
            if rest:
                item["articles"] = {day.isoformat(): number for day, number in rest}
        out.append(item)
    return out
