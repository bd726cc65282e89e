"""The answer composer: an answer built from matched cards, one conclusion per question part.

For each part: the question type it asks (yes/no, valid, how much, by when, which, forum, what to
do), the card's conclusion for that type in words with its conditions, the figure computed by the
card's calculator from the question's role-labelled facts (or the one precise question for the
missing fact), the deadline with its start event (and, when the start date is known, the date and
whether it has passed). Then at most three controlling provisions, each with what it decides and
its elements set against the client's facts; evidence; next steps with forum and deadline;
exceptions and common mistakes. No keyword echo, no unfilled checklist, no truncated quote.

A part the matcher could not decide gets a line saying what could not be decided and what fact
would decide it; it cites nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from decimal import Decimal
from typing import Any, NamedTuple

from knowledge.numerals import int_to_cn
from legal import asks, conditions, events, kinship, mentions, notecheck
from legal import cardfile as _cardfile
from legal import heads as _heads
from legal.calculators import CHINA_TZ, add_years, cn_date
from legal.cardfile import Answer, Card, Provision
from legal.cardlint import decision, lead_fault, topic_index
from legal.cardlint import sentences as lint_sentences
from legal.facts import LABELS, VALUE_WORDS, Facts, extract_facts, part_flags
from legal.figurecheck import MONEY
from legal.focus import evidence_answer, own_answer, stated_first
from legal.matcher import ASKS_CRIME, PartMatch, card_side, deciding_question
from legal.normalise import amounts, normalise
from legal.numerals import cn_number, figures_in_digits
from legal.qtypes import (  # noqa: F401  (re-exported)
    QTYPE_CUES,
    asking_clause,
    final_ask_type,
    liability_answer,
    part_types,
    question_type,
    read_back,
)
from legal.rules import (
    ASK,
    CALCULATOR_BASIS,
    CIVIL_LIMITATIONS,
    FORMULAS,
    LIMITATION,
    PRECLUSIVE,
    PROBATION_ASKED,
    RESTART_NOTE,
    SPECIFIC_KINDS,
    START_EVENTS,
    STATUTORY_TERMS,
    Calculation,
    Deadline,
    basis_numbers,
    calculate,
    deadline,
    deadline_basis,
    figure_basis,
    holiday_rule,
    period_kind,
    refine_calculator,
    refine_rule,
    revocation_rule,
    yuan,
)
from legal.sides import (
    CRIMINAL_DOMAINS,
    PARTY,
    SIDE_DEFAULTS,
    asked_of,
    client_side,
    facts_with_side,
    for_other_side,
    neutral_for_side,
    other_party_word,
    risks_for,
    side_answer,
    side_label,
    steps_for,
)

OFFLINE_HEAD = ("【离线模式】未使用大语言模型：以下结论依据律所维护的法律要点卡片与现行法条自动整理，请律师复核。")

#: The question types that ask one decision of an issue: a case declared on one of them serves the others
#: (:func:`by_facts`).
SHARED_CASE_TYPES = ("yes_no", "valid", "what_to_do")

#: When a card has no answer for the asked type: the nearest type it has.
FALLBACK = {"yes_no": ("valid", "what_to_do"), "valid": ("yes_no",), "what_to_do": ("forum", "yes_no"),
            "forum": ("what_to_do",), "by_when": ("yes_no",), "how_much": ("yes_no",), "which": ("valid", "yes_no")}


#: What a provision's ``decides`` line says when it decides a question type (used when the card's
#: answer names no ``basis`` and has no calculator or deadline rule).
DECIDES_CUES: dict[str, re.Pattern[str]] = {
    "forum": re.compile(r"管辖|法院|仲裁|复议|起诉|申请|投诉|程序|部门|机关"),
    "which": re.compile(r"罪|处.{0,6}(?:有期徒刑|拘役|罚金)|构成"),
    "valid": re.compile(r"无效|有效|合法|违法|不得|禁止|撤销|属于"),
    "by_when": re.compile(r"期限|期间|时效|日内|年内|月内|届满"),
    "how_much": re.compile(r"赔偿|补偿|标准|计算|数额|倍|金额|费用|利息|利率"),
}


def law_short(law: str) -> str:
    return law.removeprefix("中华人民共和国")


def article_label(number: int | str) -> str:
    """第八十七条 for 87; an inserted article's label (第一百三十三条之一) as it is."""
    if isinstance(number, str):
        return number
    return f"第{int_to_cn(number)}条"


def cite(provision: Provision) -> str:
    return f"《{provision.law}》{article_label(provision.article)}"


@dataclass
class PartAnswer:
    part: str
    qtype: str
    card: Card | None
    confidence: float
    answer: Answer | None = None
    text: str = ""
    calculation: Calculation | None = None
    deadline: Deadline | None = None
    ask: str = ""
    alternatives: list[str] = field(default_factory=list)
    #: The provisions that decide this part's question (at most three): what its conclusion cites.
    basis: list[Provision] = field(default_factory=list)
    #: The provisions that would decide it were the card certain (:func:`citation_doubt`): shown
    #: among 相关规定, never cited as controlling.
    withheld: list[Provision] = field(default_factory=list)
    #: Why nothing is cited as controlling (:func:`citation_doubt`): a note on the citations, shown with
    #: the legal basis — never inside the conclusion, whose first sentence answers.
    note: str = ""

    def facts_used(self, facts: Facts) -> set[str]:
        """The question's facts this part's answer rests on: its calculator's reads and inputs, the facts its
        card's elements, cases and predicates name, the placeholders its conclusion fills, and the date a
        period runs from — the facts read back to the client, each in the role the answer gave it."""
        names: set[str] = set()
        if self.calculation is not None:
            names |= set(self.calculation.read)
        if self.deadline is not None and self.deadline.start is not None:
            names |= {n for n, fact in facts.items.items() if fact.value == self.deadline.start}
        if self.card is not None and self.decided:
            card, answer = self.card, self.answer
            names |= {e.fact for e in card.elements if e.fact}
            names |= {p.fact for prov in card.provisions for p in prov.when}
            names |= set(card.when_facts) | set(card.unless_facts)
            if answer is not None:
                names |= set(answer.inputs) | {p.fact for case in answer.cases for p in case.when}
                names |= set(re.findall(r"\{(\w+)\}", answer.conclusion))
        return {n for n in names if n in facts}

    @property
    def decided(self) -> bool:
        """A card decides the part, or (a by-when part no card decides) the deadline rule its words name."""
        return self.card is not None or ((self.deadline is not None or self.calculation is not None)
                                         and bool(self.basis))

    def citations(self) -> list[dict[str, Any]]:
        """The deciding provisions only (the conclusion's controlling citations)."""
        return [{"law": p.law, "article": article_label(p.article), "valid": True} for p in self.basis]

    def related(self) -> list[Provision]:
        """The card's other provisions: shown apart as 相关规定, never as controlling."""
        if self.card is None:
            return []
        deciding = {(p.law, p.article) for p in self.basis}
        own = [p for p in self.card.provisions if (p.law, p.article) not in deciding]
        seen = {(p.law, p.article) for p in own}
        return [p for p in self.withheld if (p.law, p.article) not in seen] + own


@dataclass
class Composition:
    parts: list[PartAnswer]
    facts: Facts
    markdown: str = ""
    #: Whether the matcher had cards to score (no cards at all: the card engine is not in use).
    scored: bool = False
    #: The question answered (whose side it is asked from, :func:`legal.sides.client_side`).
    question: str = ""
    #: What the note check (legal/notecheck.py) still finds in the rendered answer after the composer's repairs.
    notes: list[notecheck.NoteFinding] = field(default_factory=list)

    def side(self, card: Card) -> str:
        """The client's side in ``card``'s matter ('' when the question does not say)."""
        return client_side(self.facts, self.question, card.domain)

    @property
    def decided(self) -> bool:
        return any(p.decided for p in self.parts)

    def cards(self) -> list[Card]:
        seen: dict[str, Card] = {}
        for p in self.parts:
            if p.card is not None:
                seen.setdefault(p.card.slug, p.card)
        return list(seen.values())

    def conclusions(self, verified: Callable[[str, str], bool] | None = None) -> list[dict[str, Any]]:
        """ARCHITECTURE §8: one per part — the part, the text answering it, its controlling citations."""
        out = []
        for p in self.parts:
            citations = p.citations()
            if verified is not None:
                citations = [dict(c, valid=verified(c["law"], c["article"])) for c in citations]
            related = [{"law": r.law, "article": article_label(r.article)} for r in p.related()]
            out.append({"part": p.part, "text": p.text, "citations": citations, "decided": p.decided,
                        "related": related})
        return out

    def card_refs(self, ids: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        refs: dict[str, dict[str, Any]] = {}
        for p in self.parts:
            if p.card is not None and p.card.slug not in refs:
                refs[p.card.slug] = {"id": (ids or {}).get(p.card.slug), "slug": p.card.slug, "title": p.card.title,
                                     "confidence": round(p.confidence, 3)}
        return list(refs.values())


def _pick_answer(card: Card, qtype: str) -> Answer:
    if qtype in card.answers:
        return card.answers[qtype]
    for other in FALLBACK.get(qtype, ()):
        if other in card.answers:
            return card.answers[other]
    return card.answer_for(qtype)


def _provision(card: Card, law: str, article: int, decides: str = "") -> Provision:
    found = next((p for p in card.provisions if p.law == law and p.article == article), None)
    return found if found is not None else Provision(law, article, "controlling", decides, ())


#: 道路交通安全法 76: a motor vehicle without fault bears at most a tenth of a pedestrian's loss.
ROAD_TRAFFIC_LAW = "中华人民共和国道路交通安全法"
#: The comparative-fault rules a share figure computes by (民法典 1173 过失相抵, 1165).
FAULT_SHARE = frozenset({("中华人民共和国民法典", 1173), ("中华人民共和国民法典", 1165)})


def fault_share_moot(calculation: Calculation | None, facts: Facts | None) -> bool:
    """Whether a share figure (``damages_by_share``) rests on something other than the victim's own fault:
    the facts give no share below the whole (the other side answers for all of it: the card's liability
    rule decides, not 过失相抵) or a motor vehicle without fault (道路交通安全法 76's tenth)."""
    if calculation is None or calculation.name != "damages_by_share" or calculation.result is None or facts is None:
        return False
    if facts.get("driver_without_fault"):
        return True
    share = facts.get("liable_share")
    return share is None or share >= 1


def _share_basis(card: Card, answer: Answer, qtype: str, facts: Facts, asked: str, question: str) -> list[Provision]:
    """What decides a share figure no fault of the victim's reduces (see :func:`fault_share_moot`)."""
    if facts.get("driver_without_fault"):
        return [_provision(card, ROAD_TRAFFIC_LAW, 76, "机动车一方没有过错的，承担不超过百分之十的赔偿责任")]
    own = answer.basis or (card.answers["how_much"].basis if "how_much" in card.answers else ())
    pairs = [(law, article) for law, article in own if (law, article) not in FAULT_SHARE]
    if pairs:
        basis = [_provision(card, law, article) for law, article in pairs]
        return basis if len(basis) == 1 else best_provisions(card, qtype, asked, question, candidates=basis,
                                                             facts=facts)
    candidates = [p for p in (*card.controlling, *card.provisions) if (p.law, p.article) not in FAULT_SHARE]
    return best_provisions(card, qtype, asked, question, candidates=list(dict.fromkeys(candidates)), facts=facts) \
        if candidates else []


def named_figure_basis(card: Card, answer: Answer, qtype: str, calculation: Calculation | None,
                       asked: str) -> list[Provision]:
    """A how-much part whose words name a figure other than the card's answer computes (丧葬费 on the
    death-compensation card, 误工费 on an injury card) and that no calculation computed (an input is
    missing): the figure's own provision decides what the part asks, when the card holds it
    (人身损害赔偿解释 14 for 丧葬费, not 15 for 死亡赔偿金). [] otherwise."""
    if qtype != "how_much" or (calculation is not None and calculation.ok) or not asked:
        return []
    named = calculator_for(asked, card.domain)
    if not named or named == answer.calculator or named in ("economic_compensation", "unlawful_termination_damages"):
        return []
    pairs = figure_basis(named, list(CALCULATOR_BASIS.get(named, ())))
    held = {(p.law, p.article) for p in card.provisions}
    return [_provision(card, law, article) for law, article in pairs] if pairs and set(pairs) <= held else []


def deciding(card: Card, answer: Answer, qtype: str, calculation: Calculation | None = None,
             found_deadline: Deadline | None = None, asked: str = "", question: str = "",
             facts: Facts | None = None) -> list[Provision]:
    """The provisions that decide ``qtype`` for ``card``: the answer's ``basis`` when the card gives
    one; else the calculator's basis for a figure, the deadline rule's for a period; else the card's
    provision that speaks of what the part asks (:func:`best_provisions`). A share figure no fault of
    the victim's reduces cites the card's liability rule, not 过失相抵 (:func:`fault_share_moot`)."""
    if qtype == "how_much" and facts is not None and fault_share_moot(calculation, facts):
        shared = _share_basis(card, answer, qtype, facts, asked, question)
        if shared:
            return shared
    named = named_figure_basis(card, answer, qtype, calculation, asked)
    if named:
        return named
    if qtype == "by_when" and found_deadline is not None and answer.deadline \
            and found_deadline.rule.name != answer.deadline:
        # the facts refined the card's rule (the employer's thirty days against a final award, an untold
        # time to sue): the period stated is the refined rule's, and so is the provision that decides it
        refined = deadline_basis(found_deadline.rule.name)
        if refined:
            return [_provision(card, law, art, f"期限为{found_deadline.rule.period}") for law, art in refined]
    if answer.calculator and calculation is not None and calculation.result is not None \
            and calculation.name != answer.calculator and qtype in ("how_much", answer.qtype):
        # the facts refined the card's calculator (代位继承's shares, the 4×LPR ceiling on costs together):
        # the figure stated is the refined calculator's, and so is the provision that decides it
        refined = figure_basis(calculation.name, basis_numbers(calculation.result.legal_basis))
        if refined:
            return [_provision(card, law, art) for law, art in refined]
    if answer.basis and answer.calculator and calculation is not None and calculation.result is not None \
            and qtype in ("how_much", answer.qtype):
        # the facts chose among the answer's provisions already: the calculator computed by one of them
        # (管制 one day for two, 刑法 41; not 有期徒刑's 47), and that one decides the figure
        computed = figure_basis(answer.calculator, basis_numbers(calculation.result.legal_basis))
        if computed and all(pair in answer.basis for pair in computed):
            return [_provision(card, law, article) for law, article in computed]
    if answer.basis and answer.deadline and qtype == "by_when" and found_deadline is not None and len(answer.basis) > 1 \
            and found_deadline.rule.name not in GENERAL_RULES:
        # the period stated is the deadline rule's own: among the answer's provisions (72 hours to decide, 反家庭暴力法
        # 28; six months in force, 30) the rule's decides it, whatever else the question's words speak of (a general
        # rule — the three-year limitation — leaves the card's special provision to decide: 分期 189, not 188)
        ruled = [pair for pair in deadline_basis(found_deadline.rule.name) if pair in answer.basis]
        if ruled:
            return [_provision(card, law, article) for law, article in ruled]
    if answer.basis:
        basis = [_provision(card, law, article) for law, article in answer.basis]
        # several provisions decide the type for different situations (胁迫 or 隐瞒重大疾病, 管制 or
        # 有期徒刑): the conclusion cites the one that speaks of this part, the first when none does
        return basis if len(basis) == 1 else best_provisions(card, qtype, asked, question, candidates=basis, facts=facts)
    if answer.calculator and qtype in ("how_much", answer.qtype):
        pairs: list[tuple[str, int]] = []
        if calculation is not None and calculation.result is not None:
            pairs = basis_numbers(calculation.result.legal_basis)
        pairs = pairs or list(CALCULATOR_BASIS.get(answer.calculator, ()))
        if pairs:
            # the figure rests on the calculator's first provision (587 the doubled deposit, 私贷规定 28
            # the interest); the others it lists (586's cap, 676's overdue rule) go to 相关规定
            return [_provision(card, law, art) for law, art in figure_basis(answer.calculator, pairs)]
    if answer.deadline and qtype in ("by_when", answer.qtype):
        rule = deadline_basis(answer.deadline)
        if rule:
            decides = found_deadline.rule.period if found_deadline is not None else ""
            return [_provision(card, law, art, f"期限为{decides}" if decides else "") for law, art in rule]
    return best_provisions(card, qtype, asked, question, facts=facts)


#: The statutes a domain's interpretations and regulations implement, in the order they are preferred: a
#: criminal conclusion resting on an interpretation's article alone (盗窃解释 1's amounts, 公安机关程序规定's
#: steps) cites the statute's article the card holds beside it — the crime is defined by 刑法 (264, not the
#: interpretation's thresholds alone), the procedure by 刑事诉讼法.
IMPLEMENTED_STATUTES: dict[str, tuple[str, ...]] = {"criminal": ("中华人民共和国刑法", "中华人民共和国刑事诉讼法")}
#: At most this many provisions decide a part (ARCHITECTURE §8: the conclusion's controlling citations).
MAX_BASIS = 3


def with_statute(card: Card, basis: list[Provision]) -> list[Provision]:
    """``basis`` with the statute's article first when it cites only interpretations or regulations, in a
    domain whose statutes :data:`IMPLEMENTED_STATUTES` names, and the card holds such a statute's article among
    its controlling provisions (the first one: the crime or the procedure the card is about)."""
    statutes = IMPLEMENTED_STATUTES.get(card.domain, ())
    if not basis or not statutes or any(p.law.startswith("中华人民共和国") for p in basis):
        return basis
    for statute in statutes:
        own = next((p for p in card.controlling if p.law == statute), None)
        if own is not None:
            return [own, *basis][:MAX_BASIS]
    return basis


CRIMINAL_LAW = "中华人民共和国刑法"
#: Institutions of the general part of 刑法 a client asks about in any criminal case (算自首吗, 能判缓刑吗, 这算正当
#: 防卫吗, 算累犯吗): the article that defines the institution decides the part, whatever crime the card is about.
#: Asked of a part's asking clause only (缓刑期间能不能出省 asks about the conduct on probation, 75, not 72).
CRIMINAL_INSTITUTIONS: tuple[tuple[re.Pattern[str], int, str], ...] = (
    (re.compile(r"(?:算|是|属于|构成|认定|还算|能算|可以算|能不能算|算不算|是不是)(?:是)?自首|自首(?:吗|么|不|还算|算不算|情节)"),
     67, "犯罪以后自动投案、如实供述自己罪行的，是自首，可以从轻或者减轻处罚"),
    (re.compile(r"(?<!缓刑)(?<!考验)(?:能|可以|会|有机会|争取|申请|判|给|适用|宣告|拿到|有没有)(?:不能|不会|不)?(?:判|适用|宣告|给|争取)?"
                r"(?:个|到)?缓(?:刑|行)(?!期间|考验|期内|期)|缓(?:刑|行)(?:吗|么|的可能|的机会|有没有希望|有希望吗)"),
     72, "被判处拘役、三年以下有期徒刑，犯罪情节较轻、有悔罪表现、没有再犯罪危险、对社区没有重大不良影响的，可以宣告缓刑"),
    (re.compile(r"正当防卫|防卫过当"), 20, "为制止正在进行的不法侵害而采取的制止行为，造成不法侵害人损害的，属于正当防卫，不负刑事责任；"
                                        "明显超过必要限度造成重大损害的是防卫过当，应当减轻或者免除处罚"),
    (re.compile(r"累犯"), 65, "有期徒刑以上刑罚执行完毕或者赦免以后，五年以内再犯应当判处有期徒刑以上刑罚之罪的，是累犯，应当从重处罚"),
)


#: 刑法 17: the age from which one answers for a crime — under 16 only for eight grave crimes, under 18 with a
#: lighter sentence.
AGE_OF_RESPONSIBILITY = (17, "已满十六周岁的人犯罪应当负刑事责任；已满十四周岁不满十六周岁的人只对故意杀人、故意伤害致人重伤或者"
                             "死亡、强奸、抢劫、贩卖毒品、放火、爆炸、投放危险物质八种犯罪负刑事责任；不满十八周岁的应当从轻或者减轻处罚")


def minor_offender_basis(card: Card, part: str, facts: Facts | None, basis: list[Provision]) -> list[Provision]:
    """``basis`` with 刑法 17 first when a part on a crime's card asks whether the offender answers for it
    (判刑, 坐牢, 刑事责任) and the facts give the offender's age under eighteen (the client speaks for the offender's
    side): under sixteen the age decides alone; from sixteen it lightens the sentence of the crime's article."""
    if facts is None or card.domain != "criminal" or not card.controlling or card.controlling[0].law != CRIMINAL_LAW:
        return basis
    age = facts.get("age")
    if age is None or age >= 18 or facts.get("side") != "offender" or not ASKS_CRIME.search(asking_clause(part) or part):
        return basis
    article, decides = AGE_OF_RESPONSIBILITY
    own = _provision(card, CRIMINAL_LAW, article, decides)
    if age < 16:
        return [own]
    return [own, *[p for p in basis if (p.law, p.article) != (own.law, own.article)]][:MAX_BASIS]


def institution_asked(card: Card, part: str) -> Provision | None:
    """The article of the institution a part asks about on a card of a crime (:data:`CRIMINAL_INSTITUTIONS`), None
    when the card is not about a crime (its first controlling provision is not 刑法's: a procedure card such as
    认罪认罚 decides what it asks of probation itself) or the part's asking clause names none."""
    if card.domain != "criminal" or not card.controlling or card.controlling[0].law != CRIMINAL_LAW:
        return None
    clause = asking_clause(part) or part
    for pattern, article, decides in CRIMINAL_INSTITUTIONS:
        if pattern.search(clause):
            return _provision(card, CRIMINAL_LAW, article, decides)
    return None


#: Confidence below which a decided part cites nothing as controlling unless the provision it would
#: cite is supported (:func:`supported`): on the tuning sets a cited provision of a card matched below
#: it, with no other sign, is too often not the deciding one (0.75–0.8: 31 parts cite a gold provision,
#: 8 an irrelevant one; 0.7–0.75: 31 against 16 — docs/decisions/card-citations-audit.md, fourth round).
CITE_CONFIDENCE = 0.75
#: The confidence a supported provision needs: the runner-up card holds it too (the citation stands
#: whichever of the two the question is about), or a plain search of the statutes finds it for the
#: question. Below it even a supported provision is withheld.
SUPPORTED_CONFIDENCE = 0.6
#: Score gap under which the runner-up card is as close as the best one.
CONTEST_GAP = 0.02
#: Below :data:`CITE_CONFIDENCE` a card still cites when the part shares this much of its wording
#: with one of the card's lay phrasings (the matcher's ``bigrams`` signal): the client asked it in
#: the card's words.
PHRASING_CLOSE = 0.5


def _article_key(law: str, article: int | str) -> tuple[str, str]:
    return law_short(law), str(article)


def supported(match: PartMatch, cited: Sequence[Provision], found: Collection[tuple[str, int | str]] = ()) -> bool:
    """Whether a provision the part would cite has support beside the best card: the runner-up card
    holds it as well, or ``found`` (the articles a plain statute search finds for the question,
    ``legal.retrieval.agreement_keys``) holds it."""
    keys = {_article_key(p.law, p.article) for p in cited}
    if not keys:
        return False
    if keys & {_article_key(law, article) for law, article in found}:
        return True
    runner = match.scores[1] if len(match.scores) > 1 else None
    return runner is not None and bool(keys & {_article_key(p.law, p.article) for p in runner.card.provisions})


def citation_doubt(match: PartMatch, cited: Sequence[Provision] = (),
                   found: Collection[tuple[str, int | str]] = (), *, question: str = "", facts: Facts | None = None,
                   asking: str = "") -> str:
    """Why the part's card is not sure enough to cite ``cited`` as controlling ("" when it is): the
    best and the runner-up card are about equally close and rest on different provisions (the note
    says which fact decides between them), or the card's confidence is below :data:`CITE_CONFIDENCE`
    (:data:`SUPPORTED_CONFIDENCE` for a provision with support, :func:`supported`) and the part is not
    worded like one of its lay phrasings."""
    best = match.best
    if best is None or "inherited" in best.signals:
        return ""
    runner = match.scores[1] if len(match.scores) > 1 else None
    # (premise_open: the matcher's two closest siblings are written for different values of a fact not told)
    contest = best.score - runner.score < CONTEST_GAP or bool(best.signals.get("premise_open")) if runner else False
    if runner is not None and contest and not (
            {(p.law, p.article) for p in best.card.controlling} & {(p.law, p.article) for p in runner.card.controlling}):
        # the fact that decides between the two, unless the client stated it or the part already asks its one question
        # a deciding fact the two cards are written for differently (刑事/民事, 合伙/公司) is the one to ask
        need = "" if asking else (deciding_question(best.card, runner.card, question, match.text)
                                  or element_ask(best.card.elements, facts, question)
                                  or element_ask(runner.card.elements, facts, question))
        decide = f"，要看{need.rstrip('？?。')}" if need else ""
        return (f"这一问也可能属于“{runner.card.title}”{decide}；两者适用的条文不同，"
                "此处不把任何条文作为结论的依据，请律师核对")
    if best.signals.get("bigrams", 0.0) >= PHRASING_CLOSE:
        return ""
    needed = SUPPORTED_CONFIDENCE if supported(match, cited, found) else CITE_CONFIDENCE
    if best.confidence < needed:
        return (f"上面的结论是按“{best.card.title}”的规则回答的；您的情况是否属于这一类还需核实，核实前其规定列在"
                "“相关规定”中，不作为结论的依据")
    return ""


# -- asks: only what is missing ----------------------------------------------------------------------------
#: The words of a part that ask for a day (the last day, whether it has passed): the date a period runs from is
#: needed to answer them.
_ASKS_DAY = re.compile(r"还能|来得及|来不及|过了|超过|超了|时效|几年了|年了|个月了|什么时候|何时|哪天|哪一天|几号|几月几|截止|最晚|"
                       r"最迟|到期|期满|晚了|还有效|还算数|还可以")
#: The words of a part that ask only how long a period is (多久, 多少天): the law's period answers them, whatever
#: day it started.
_ASKS_LENGTH = re.compile(r"多久|多长时间|多长|多少天|几天|几个月|几年|多少个月")


def figure_needed(asked: str, part: str) -> bool:
    """Whether the part needs a figure computed: it asks how much (its type, or its words: 多少, 几个月 …)."""
    return asked == "how_much" or bool(_ASKS_QUANTITY.search(part))


def date_needed(asked: str, part: str) -> bool:
    """Whether the part needs the day a period runs from: its words ask for a day (最晚哪天, 还来得及吗, 过了时效没有),
    or it asks by when in no words of length — a part asking only how long (最长多久, 要等多少天) is answered by the
    period itself."""
    if _ASKS_DAY.search(part):
        return True
    return asked == "by_when" and not _ASKS_LENGTH.search(part)


def part_ask(asks: Sequence[str], kind: str, asked: str, part: str) -> str:
    """The one question a part asks the client: the first of ``asks`` (already only what the question does not
    state, :mod:`legal.mentions`), and only when the part's type needs it — a calculator's input (``kind``
    "how_much") for a part asking a figure, a start date ("by_when") for a part asking about time. A part with
    no words (``part`` empty) and no type is not second-guessed."""
    first = next((a for a in asks if a), "")
    if not first or (not asked and not part):
        return first
    needed = figure_needed(asked, part) if kind == "how_much" else date_needed(asked, part)
    return first if needed else ""


def untold_inputs(missing: Sequence[str], facts: Facts, question: str) -> list[str]:
    """The calculator inputs still missing that the client has not stated in any words (:func:`legal.mentions.told`)."""
    if not question:
        return list(missing)
    return [name for name in missing if not mentions.told(question, facts.items, fact=name)]


#: The kinds of fact an ask may be dropped for by its words alone (:func:`untold_only`): never an amount (which amount
#: is told is the input's own check, :func:`legal.mentions.amount_told`) nor a date (a date the client gave may be
#: another event's, :func:`start_told`).
_WORDED_KINDS = frozenset({"age", "payer", "police", "fault", "contract", "marriage", "cohabited", "prior", "children",
                           "injury", "duty", "period"})


def untold_only(ask: str, question: str, facts: Facts) -> str:
    """``ask`` without the questions the client has answered already, whichever step of the composer made it: a
    calculator input's question (:data:`ASK`) whose fact is told (:func:`legal.mentions.told`), or a question asking
    only for facts of kinds :data:`_WORDED_KINDS` the question states (孩子几岁 after 孩子七岁半, 首付谁出的 after 首付是我
    爸妈出的, 领证了吗 after 没领证). "" when every question is answered."""
    if not ask or not question:
        return ask
    kept = []
    for sentence in re.findall(r"[^？?]+[？?]?", ask):
        if not sentence.strip():
            continue
        name = next((n for n, text in ASK.items() if text and text.rstrip("？?") in sentence), "")
        if name and mentions.told(question, facts.items, fact=name):
            continue
        kinds = mentions.asked_kinds(sentence)
        if not name and kinds and kinds <= _WORDED_KINDS and all(mentions.mentioned(k, question) for k in kinds):
            continue
        kept.append(sentence)
    return "".join(kept).strip()


def input_asks(missing: Sequence[str]) -> list[str]:
    """The precise question for each missing input, in the calculator's order (the first decides the figure)."""
    return [ASK.get(name, f"请补充：{LABELS.get(name, name)}") for name in missing]


def start_told(facts: Facts, question: str, today: date | None = None) -> bool:
    """Whether the question states a date no reader placed (前几天, 月初, 半个月前 …): the client told when, and is
    not asked again. Dates the readers placed as another event's are not the start (the start question names
    them), so they are taken out of the question (as the readers wrote them) before it is read."""
    if not question:
        return False
    placed = {(d.day.year, d.day.month) for d in facts.dates}
    rest = _ABSOLUTE_DATE.sub(lambda m: "" if (int(m.group(1)), int(m.group(2))) in placed else m.group(0),
                              normalise(question, today or datetime.now(tz=CHINA_TZ).date()))
    return mentions.mentioned("date", rest)


_ABSOLUTE_DATE = re.compile(r"((?:19|20)\d{2})\s*[年./-]\s*(\d{1,2})\s*(?:[月./-]\s*(?:\d{1,2}\s*[日号]?)?)?")


def element_ask(elements: Sequence[Any], facts: Facts | None, question: str) -> str:
    """The one question an element asks that the client has not answered: the first element whose typed fact is
    not read and whose ask still has a question the ``question`` does not answer (:func:`legal.mentions.untold_ask`)."""
    names = facts.items if facts is not None else {}
    for element in elements:
        if not element.ask:
            continue
        if not question:
            if not (element.fact and element.fact in names):
                return element.ask
            continue
        left = mentions.untold_ask(element.ask, question, names, element.fact or "")
        if left:
            return left
    return ""


def ruled_basis(qtype: str, answer: Answer, calculation: Calculation | None, found: Deadline | None) -> bool:
    """Whether the part's basis is a statutory rule's that computed its answer (the deadline rule of a
    by-when part, the calculator of a how-much part) rather than a provision the card chose: the rule is
    cited as a part no card decides cites it (:func:`_rule_only`), however sure the card is."""
    if answer.basis:
        return False
    if qtype == "by_when":
        return found is not None and bool(answer.deadline)
    if qtype == "how_much":
        return calculation is not None and calculation.ok and bool(answer.calculator)
    return False


def _grams(text: str) -> set[str]:
    chars = re.sub(r"[^\u4e00-\u9fff]", "", text)
    return {chars[i:i + 2] for i in range(len(chars) - 1)}


def chosen_by_facts(candidates: Sequence[Provision], facts: Facts | None) -> list[Provision]:
    """The candidates the facts choose by the provisions' ``when`` predicates: those whose predicates
    all hold, when any does; else all but those a known fact rules out (an unknown fact rules out
    nothing); the candidates as they are when none has predicates."""
    candidates = list(candidates)
    if facts is None or not any(p.when for p in candidates):
        return candidates
    values = facts.values()
    holding = [p for p in candidates if p.when and all(w.holds(values) for w in p.when)]
    if holding:
        return holding
    kept = [p for p in candidates
            if not any(values.get(w.fact) is not None and not w.holds(values) for w in p.when)]
    return kept or candidates


def best_provisions(card: Card, qtype: str, asked: str, question: str = "",
                    candidates: Sequence[Provision] | None = None, facts: Facts | None = None) -> list[Provision]:
    """The card's provision that decides what ``asked`` asks: the one the facts choose by its ``when``
    predicates (:func:`chosen_by_facts`); among the rest each provision's ``decides`` line and
    keywords set against the words of the part (and of the whole question), its ``decides`` line
    against the question type, and the card's own order (controlling first, most decisive first).
    ``candidates``: choose among these instead (an answer's basis, in its order, all deciding)."""
    own = candidates is None
    candidates = (list(card.controlling) + [p for p in card.provisions if not p.controlling]) if own \
        else list(candidates or ())
    candidates = chosen_by_facts(candidates, facts)
    if not candidates:
        return []
    words = _grams(asked) | _grams(question)
    cue = DECIDES_CUES.get(qtype)
    gram_sets = [_grams(p.decides + "".join(p.keywords)) for p in candidates]
    # a word every candidate shares (遗嘱 among the three forms of will) tells none of them apart: a word
    # of the question counts 1/n when n candidates carry it, so the word only one carries (打印) decides
    carriers: dict[str, int] = {}
    for grams in gram_sets:
        for gram in grams:
            carriers[gram] = carriers.get(gram, 0) + 1
    scored = []
    for index, (provision, grams) in enumerate(zip(candidates, gram_sets, strict=True)):
        shared = words & grams
        weight = sum(1.0 / carriers[g] for g in shared) if len(candidates) > 1 else float(len(shared))
        overlap = weight / max(1.0, min(len(words), len(grams)) ** 0.5 * 2) if words and grams else 0.0
        score = overlap + (0.1 if cue is not None and cue.search(provision.decides) else 0.0)
        score += (0.12 * provision.controlling if own else 0.0) - 0.08 * index
        scored.append((score, index, provision))
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [scored[0][2]]


def by_facts(answer: Answer, facts: Facts, asked: str = "", card: Card | None = None) -> Answer:
    """The answer with the conclusion its ``cases`` choose by the question's facts (the first whose
    predicates all hold), the facts and thresholds named in it; unchanged when none holds.

    Cases answer their own question type, and are shared across the types that ask one decision of one issue
    (:data:`SHARED_CASE_TYPES`: 能不能, 合理吗 / 合法吗, 怎么办), declared once on the card's yes/no or validity answer:

    - a yes/no or validity part takes the case of the card's other decision answer when both answers' default
      conclusions open with the same decision (可以 / 合法 both yes, 不可以 / 不合法 both no), or, for a validity
      part the card has no answer of its own for, when the yes/no answer standing in for it carries the case —
      and the case's conclusion opens with the asked type's answer form (``cardlint.lead_fault``);
    - a what-to-do part keeps its steps first and adds the case's decision read back on the client's facts when
      the case confirms the decision the steps were written for (the donor's default decision); a case that
      turns the decision keeps the steps alone.

    A yes/no part answered by a validity stand-in takes none of its cases ("多还的能要回来吗" is not "is the rate
    valid"), nor does any part whose answers open with opposite decisions (the worker's 能要赔偿吗 — 可以 — beside
    合法吗 — 不合法: one case cannot answer both in the same words)."""
    own = answer.cases if not asked or asked == answer.qtype else ()
    settled = conditions.settle(own, facts.values()) if own else conditions.Settled(None)
    case = settled.case
    donor: Answer | None = None
    if case is None and card is not None and asked in SHARED_CASE_TYPES:
        reference = card.answers.get(asked)
        for other in ("yes_no", "valid"):
            given = card.answers.get(other)
            if other == asked or given is None or not given.cases:
                continue
            held = conditions.choose(given.cases, facts.values())
            if held is None:
                continue
            opens = decision(given.conclusion)
            if asked == "what_to_do":
                same = answer.qtype == "what_to_do" and opens is not None and decision(held.conclusion) == opens
            elif reference is not None and reference is not given:
                same = opens is not None and decision(reference.conclusion) == opens
            else:  # no answer of the asked type: only a yes/no answer stands in for a validity part
                same = asked == "valid" and given.qtype == "yes_no"
            if same and (asked == "what_to_do" or not lead_fault(asked, held.conclusion)):
                case, donor = held, given
                break
    if case is None:
        return exception_open(answer, facts, asked, card)
    conclusion = case_read_back(case, facts, conditions.fill(case.conclusion, facts.values()))
    # exceptions that decide: a case with its own article (an exception's: 劳动合同法 45, not 44) cites it
    ruled = {"basis": case.basis, "basis_editions": ()} if case.basis and asked != "what_to_do" else {}
    if donor is not None and asked == "what_to_do":
        # the steps stay first (the first act answers 怎么办); the decision on the client's facts follows them
        pieces = lint_sentences(conclusion)
        upto = next((i for i, piece in enumerate(pieces[:2]) if READ_BACK in piece), 0)
        applied = "".join(pieces[:upto + 1]).rstrip("；") or conclusion
        applied = applied if applied.endswith("。") else applied.rstrip("。；") + "。"
        return replace(answer, conclusion=f"{answer.conclusion.rstrip()}{applied}")
    if donor is not None:
        return replace(answer, conclusion=conclusion, **ruled)
    conclusion = exception_still_open(conclusion, settled, card, facts)
    if case.calculator is not None:  # the case's facts deny (or name) the figure: no formula, no ask
        return replace(answer, conclusion=conclusion,
                       calculator=case.calculator, inputs=() if not case.calculator else answer.inputs, **ruled)
    return replace(answer, conclusion=conclusion, **ruled)


def exception_open(answer: Answer, facts: Facts, asked: str = "", card: Card | None = None) -> Answer:
    """Exceptions that decide, their fact untold: the answer states the general rule and names the one fact that
    would turn it — the ``ask`` line of the card's first typed exception (``Card.exception_rules``) that answers the
    part's type (or a decision, for a yes/no, validity or what-to-do part) and whose deciding fact the question
    leaves untold ("若您在孕期、产期或哺乳期，合同顺延至哺乳期满，公司不能到期终止"). A fact told against the
    exception closes it (nothing is added); a conclusion that already cites the exception's article names it."""
    if card is None or not card.exception_rules:
        return answer
    own = card.answers.get(answer.qtype)
    if own is not None and own.cases and not answer.cases:
        return answer  # a side's own answer (legal/sides.py): the card's cases, and its exceptions, are out of play
    qtype = asked or answer.qtype
    values = facts.values()
    for rule in card.exception_rules:
        decides = qtype in rule.answers or (
            qtype in SHARED_CASE_TYPES and any(t in rule.answers for t in ("yes_no", "valid")))
        if not rule.ask or not decides or not rule.undecided(values):
            continue
        if any(article_label(article) in answer.conclusion for _, article in rule.basis):
            continue
        ask = rule.ask if rule.ask.endswith(("。", "？", "?")) else f"{rule.ask}。"
        return replace(answer, conclusion=f"{answer.conclusion.rstrip()}{ask}")
    return answer


def exception_still_open(conclusion: str, settled: conditions.Settled, card: Card | None, facts: Facts) -> str:
    """``conclusion`` (a case the told facts chose) with the one untold fact that would still turn it named: an
    exception that decides before the chosen case (the card's typed exception, :func:`conditions.settle`) whose
    deciding fact the question does not tell adds its ``ask`` — the answer stands on the told facts, and the hedge
    is one line naming the missing fact, never a 不一定 in its place. Nothing is added when the conclusion already
    cites the exception's article (it states the exception itself)."""
    if card is None or not settled.open:
        return conclusion
    opened = {case.exception for case in settled.open if case.exception}
    for rule in card.exception_rules:
        if rule.text not in opened or not rule.ask or not rule.undecided(facts.values()):
            continue
        if any(article_label(article) in conclusion for _, article in rule.basis):
            continue
        ask = rule.ask if rule.ask.endswith(("。", "？", "?")) else f"{rule.ask}。"
        return f"{conclusion.rstrip()}{ask}"
    return conclusion


_BOUND_WORDS = {">=": "已满", ">": "超过", "<": "不满", "<=": "不超过"}


def case_read_back(case: conditions.Case, facts: Facts, conclusion: str) -> str:
    """``conclusion`` (the case the facts chose) with those facts read back in one clause after its plain
    answer, in the client's own words where he wrote them: "可以。结合您说的“9岁”、“被同学打伤”，……" — the client
    sees which of his facts decided the answer, and no label:是 bookkeeping (按您所说（年龄：9；被同学致伤：是）
    reads as a machine's, docs/decisions/answers-read-as-a-note.md). A fact the conclusion already names (its
    ``{placeholder}``) is not read twice; a yes/no fact reads as the client's words for it (else its label, or
    its label denied); a figure reads its value and the bound it passed."""
    parts: list[str] = []
    named = set(re.findall(r"\{(\w+)\}", case.conclusion))
    labels: set[str] = set()
    for predicate in case.when:
        name = predicate.fact
        label = LABELS.get(name, name)
        if name in named or name not in facts or label in labels:
            continue
        labels.add(label)
        value = facts.get(name)
        said = facts.items[name].text.strip() if name in facts.items else ""
        if isinstance(value, bool):
            plain = label.removeprefix("说明")
            if value:
                parts.append(f"“{said}”" if said and len(said) <= 16 else plain)
            else:
                parts.append(f"“{said}”" if said and len(said) <= 16 else denied(plain))
            continue
        if isinstance(predicate.value, str):
            parts.append(f"{label}为{side_label(str(value)) if name == 'side' else value}")
            continue
        if name in VALUE_WORDS and value in VALUE_WORDS[name]:  # the code's key left out of the label
            parts.append(f"{re.sub(r'（[^）]*[0-9][^）]*）', '', label)}为{VALUE_WORDS[name][value]}")
            continue
        shown = conditions.fill(f"{{{name}}}", facts.values())
        bound = conditions.fill(f"{{{predicate.rule}}}", facts.values()) if predicate.rule else (
            conditions.fill("{v}", {"v": predicate.value}) if predicate.value is not None else "")
        words = _BOUND_WORDS.get(predicate.op)
        parts.append(f"{label}为{shown}" + (f"（{words}{bound}）" if words and bound and "{" not in bound else ""))
    parts = list(dict.fromkeys(parts))
    if not parts:
        return conclusion
    clause = f"{READ_BACK}{'、'.join(parts)}，"
    end = min((i for i in (conclusion.find("。"), conclusion.find("：")) if i > 0), default=-1)
    if 0 < end <= 40:  # after the plain answer, which stays the first thing said
        return conclusion[:end + 1] + clause + conclusion[end + 1:]
    return f"{conclusion.rstrip()}（这是{READ_BACK}{'、'.join(parts)}得出的。）"


#: The words that open the facts a case's conclusion was chosen by (case_read_back).
READ_BACK = "结合您说的"


def denied(label: str) -> str:
    """A yes/no fact's label said false: 没有共同生活 -> 共同生活, 主动辞职 -> 并非主动辞职."""
    for negator in ("没有", "未", "没", "无", "不是"):
        if label.startswith(negator) and len(label) > len(negator) + 1:
            return label[len(negator):]
    return f"并非{label}"


def _deadline_answer(card: Card, chosen: Answer, part: str, question: str) -> Answer:
    """A by-when part answered by its deadline rule: the card's, unless the card's answer has none
    or the part names another procedure (起诉 after 复议, 上诉 …), then the rule the words name."""
    named = deadline_for(part, card.domain, question)
    if period_kind(chosen.deadline) == LIMITATION and named and named != chosen.deadline \
            and period_kind(named) in SPECIFIC_KINDS:
        # 有时间限制吗 on a limitation card, the question naming a right with a period of its own (a legacy's
        # sixty days, a revocation's year, support that no limitation bars): that period controls the right asked
        return Answer("by_when", "{deadline}。", deadline=named, start=START_EVENTS.get(named, ""))
    if not chosen.deadline and chosen.qtype == "by_when" and named in GENERAL_RULES:
        # 最晚什么时候去告 on a card whose by-when answer names no rule but whose right is a revocation or a
        # rescission (its controlling provision is 民法典 152, 564, 663 …): that right's 除斥期间, never 188
        own = next((rule for p in card.provisions if p.role == "controlling" and isinstance(p.article, int)
                    for rule in [revocation_rule(p.law, p.article)] if rule), "")
        if own:
            return replace(chosen, deadline=own, start=START_EVENTS.get(own, ""))
    if chosen.deadline and (not named or named == chosen.deadline or not deadline_for(part, card.domain)):
        return chosen
    if period_kind(chosen.deadline) in SPECIFIC_KINDS and named in GENERAL_RULES and not (
            period_kind(chosen.deadline) == PRECLUSIVE and _MONEY_CLAIM.search(part)):
        # the card's period is the asked right's own (a 除斥期间, a guarantee period, no limitation at all): the
        # general three years neither replaces nor governs it (民法典 199, 692, 196)
        return chosen
    if chosen.deadline in FORMATIVE_PERIODS and named == "civil_limitation" and not _MONEY_CLAIM.search(part):
        # 最晚什么时候去告 on a card whose period is that of a right exercised in court (撤销权, 解除权), no claim
        # for money named: a 除斥期间, which the three-year limitation does not govern; the card's own period
        return chosen
    if chosen.deadline and named in GENERAL_RULES and not _PROCEDURE.search(part):
        # 还来得及吗, 过时效了吗, 还能要吗: the words ask whether there is still time, which the card's
        # own period answers (a 工伤认定's year, an appeal's fifteen days), not the general three years
        return chosen
    if chosen.deadline == "guarantee_period" and named in GENERAL_RULES and re.search(r"找我|担保人|保证人|我这个担保", part):
        return chosen  # the guarantor asks how long he answers, not the debt's limitation
    if not named:
        return chosen
    return Answer("by_when", "{deadline}。", deadline=named, start=START_EVENTS.get(named, ""))


def _with_own_period_basis(card: Card, own: Answer, named: Answer) -> Answer:
    """A by-when part the card's answer has no period for, whose words name a general period (时效, 仲裁,
    起诉: :data:`GENERAL_RULES`): the period stated is the general rule's, but when the card's own
    answer rests on a provision about that period (诉讼时效中断, 民法典 195: "时效是不是重新算了"), that
    provision decides what is asked, not the general rule's article (民法典 188)."""
    if named is own or named.deadline not in GENERAL_RULES or own.deadline or not own.basis:
        return named
    period = DECIDES_CUES["by_when"]
    about = [(law, article) for law, article in own.basis
             if period.search(_provision(card, law, article).decides)]
    return replace(named, basis=tuple(about)) if about else named


def _calculator_answer(card: Card, chosen: Answer, part: str, facts: Facts, question: str = "") -> Answer:
    """A how-much part answered by a calculator: the card's, unless the part names another figure
    (丧葬费 on a 死亡赔偿 card, 加班费 on a 未签合同 card) or the card's answer has none. A part whose own words
    name no figure (这三千二能要回多少, 最多能要多少) takes the one the rest of the question names and its facts
    compute, when the card's own calculator lacks an input."""
    named = computable_for(part, card.domain, facts)
    if not named and question and not calculators_for(part, card.domain) and not (
            chosen.calculator and calculate(refine_calculator(chosen.calculator, facts.values()),
                                            {**facts.values(), **part_flags(part)}).ok):
        named = computable_for(question, card.domain, facts)
        if named in ("economic_compensation", "unlawful_termination_damages") and chosen.calculator:
            named = ""  # the card knows whether it is N or 2N better than the word 补偿 elsewhere
    if not named:
        item = next((n for n in calculators_for(part, card.domain) if n in NAMED_ITEMS), "")
        pairs = figure_basis(item, list(CALCULATOR_BASIS.get(item, ()))) if item else []
        if item and item != chosen.calculator and pairs and set(pairs) <= {(p.law, p.article) for p in card.provisions}:
            # 丧葬费怎么算 on the death-compensation card that holds its provision: the item the part names, its
            # rule in words and the one fact it needs, not the card's figure of another item
            return Answer("how_much", f"{NAMED_ITEMS[item]}：{{result}}。", calculator=item)
    if not named or named == chosen.calculator:
        return chosen  # the named figure cannot be computed: the card's own answer stands
    if chosen.calculator and named in ("economic_compensation", "unlawful_termination_damages"):
        return chosen  # the card knows whether it is N or 2N better than the word 补偿
    if chosen.calculator in GENERAL_FIGURE.get(named, ()) and chosen.basis:
        # 利息能要多少 on the overdue-interest card: the word names interest in general and its figure is
        # computed, but the interest asked for is the card's kind, which the card's basis decides
        # (民间借贷规定 28: no overdue rate agreed, the agreed rate runs on), not the general cap (25)
        return Answer("how_much", "按您提供的数据计算：{result}。", calculator=named, inputs=(), basis=chosen.basis)
    return Answer("how_much", "按您提供的数据计算：{result}。", calculator=named, inputs=())


#: Calculators a general word names (利息) whose figure, on a card whose own calculator computes a
#: special kind of it, is that kind's: the card's basis decides it (:func:`_calculator_answer`).
GENERAL_FIGURE: dict[str, frozenset[str]] = {"interest_cap": frozenset({"overdue_interest", "principal_with_interest"})}

#: A part asking how long someone is held or serves (最多要关多久, 要坐几年牢, 得蹲多长时间): a term, which a card
#: without a period of its own answers with its how-much answer.
_HELD_HOW_LONG = re.compile(r"(?:关|坐|蹲|拘|判)(?:牢|监狱|里面)?(?:几年|多久|多长时间|几个月)")
#: A part whose words ask a quantity (最多判几年, 要等多少天, 有效多久), whatever its question type.
_ASKS_QUANTITY = re.compile(r"几(?:年|个月|天|日|个小时|小时|倍|成)|多少|多久|多长|多大")
#: Calculators whose figure is a length of time (a term, a leave, a sentence left): a by-when part the card
#: gives no period for is answered by them when its words name one.
SPAN_CALCULATORS = frozenset({"statutory_term", "probation_term", "concurrent_sentence", "sentence_credit",
                              "maternity_leave", "unemployment_benefit_period", "patent_term", "compensation_years"})
#: Deadline rules a word such as 起诉 or 仲裁 names in any dispute: a card's own rule is more specific.
GENERAL_RULES = frozenset({"civil_limitation", "labor_arbitration", "admin_litigation"})
#: Periods of rights exercised by suing or applying to a court (撤销权, 解除权, 异议股东 buy-back): fixed periods
#: (除斥期间) that the general limitation (民法典 188) neither replaces nor governs (民法典 199).
FORMATIVE_PERIODS = frozenset({"voidable_revocation", "mistake_revocation", "creditor_revocation",
                               "marriage_revocation_duress", "marriage_revocation_disease", "resolution_revocation",
                               "rescission_period", "share_buyback_suit"})
#: A claim for money or performance (起诉要货款, 告他赔钱): a claim the limitation governs, not the formative right.
_MONEY_CLAIM = re.compile(r"要(?:货款|钱|款|回|赔|他赔|对方赔|违约金|利息)|索赔|讨(?:钱|债|回|要)|追(?:讨|要|偿)|赔偿|还钱|付款|欠款")
#: Words that name a procedure (not only time): a general rule they name may replace a card's own.
_PROCEDURE = re.compile(r"仲裁|起诉|告(?!诉|知)|法院|复议|上诉|执行")
#: A by-when part that asks whether there is still time (还来得及吗, 还能告吗) or whether its period
#: has run (过了仲裁时效没有, 是不是过期了): the answer leads with yes or no from the computed last day.
_STILL_TIME = re.compile(r"还来得及|来不及|还能|还可以|还有没有(?:机会|时间)|还有效|还算数")
_HAS_RUN = re.compile(r"过了?[^，,。？?；]{0,8}(?:没有|没)(?:[？?。]|$)|(?:过|超过|超)[^，,。？?；]{0,8}(?:了吗|吗|了没|没有|了么)"
                      r"|(?:是不是|有没有)(?:已经)?(?:过|超过|届满)|(?:过期|届满|到期|失效)了?(?:吗|没有|没|么)")


#: A yes/no part about what the other side may do to the client (物业能停我水电吗, 公司可以扣我工资吗,
#: 房东有权不退押金吗): the card's validity answer, about that act, answers it from the client's side.
_OTHER_SIDE = re.compile(
    r"(?:公司|单位|老板|领导|厂里|厂家|房东|物业|对方|他们|商家|店家|卖家|银行|医院|学校|开发商|平台|中介|保险公司"
    r"|债主|催收|4S店|派出所|警察|公安|政府|城管|村里|村委会?|业委会|出租方|用人单位|人家|新房东|原房东)"
    r"(?:就|还|真的|到底|也|都|凭什么)?(?:能|可以|有权|能不能|可不可以|有没有权利?|有权利)"
    r"(?=不|[^，,。？?]{0,12}(?:我|咱|俺|这样|这么))")
#: A yes/no part asked in the negative (我能不交物业费吗, 不还行不行, 可以不去吗): an answer that says
#: what the client must do answers it with 不能, one that says the client need not with 可以.
_NEGATED_ASK = re.compile(r"(?:能|可以|可不可以|能不能|是不是可以)不(?![能会行可是])[\u4e00-\u9fff]"
                          r"|(?<![能会要])不[\u4e00-\u9fff]{1,8}(?:行不行|行吗|可以吗|可不可以|也行吗|没事吧)")
_MUST = ("需要", "仍要", "仍需", "要", "应当", "应该", "必须", "得", "还要", "还得")
_NEED_NOT = ("不需要", "不用", "无需", "不必", "可以不")


#: A yes/no part asking whether the other side need not do something (他不用赔吗, 对方就不用负责吗, 公司不需要补偿吗):
#: who, and the verb the answer must give back.
_OTHER_NEED_NOT = re.compile(
    rf"(?P<who>{'|'.join(['他们', '他', '她', '对方', '人家', '店家', '商家', '公司', '单位', '学校', '医院', '房东', '物业', '老板', '平台'])})"
    r"(?:就|也|真的|难道|是不是)?(?:不用|不需要|不必|无需|用不着)(?P<verb>[\u4e00-\u9fff]{1,3}?)(?:吗|么|嘛|了吗|啊)")
_YES_HEADS = ("可以", "能", "有权", "应当", "需要", "要")
_NO_HEADS = ("不可以", "不能", "无权", "不应当", "不需要", "不用")


def other_need_not_lead(part: str, text: str) -> str:
    """``text`` led by the answer in the words of a part asking whether the other side need not do something
    ("他不用赔吗" answered "不能" — the client cannot claim — reads as a contradiction): "不用赔" when the answer
    is against the client's claim, "要赔" when it is for it; ``text`` as it was otherwise."""
    m = _OTHER_NEED_NOT.search(asking_clause(part) or part)
    head = text.lstrip("*")
    if m is None:
        return text
    verb = m.group("verb")
    for words, said in ((_NO_HEADS, f"不用{verb}"), (_YES_HEADS, f"要{verb}")):
        word = next((w for w in sorted(words, key=len, reverse=True) if head.startswith(w)), "")
        if word:
            rest = head[len(word):]
            # the head alone (不能。, 不能（一般情形）：) gives way to the words; a head that starts a phrase (可以要求
            # 修理) stays after them, as the reason
            return said + rest if rest[:1] in "（(。；，,：:" else f"{said}。{head}"
    return text


def negated_lead(part: str, text: str) -> str:
    """The yes or no a part asked in the negative takes when the answer says what the client must (or
    need not) do ("" when it is not asked so, or the answer already leads with 可以 or 不能)."""
    clause = asking_clause(part) or part
    if not _NEGATED_ASK.search(clause) or _OTHER_SIDE.search(clause):
        return ""
    head = text.lstrip("*（( ")
    if head.startswith(_NEED_NOT):
        return "可以。"
    if head.startswith(_MUST):
        return "不能。"
    return ""


# -- the lead in the client's frame (legal/asks.py) ---------------------------------------------------------------


def in_full_words(head: str, word: str, made: asks.CardDecision | None, card: Card, other: bool = False) -> str:
    """``head`` (a conclusion opening with ``word``) with the decision stated in full words: the act it decides
    after the word ("不构成诈骗罪（一般情形）", "可以以单位不缴社保为由解除劳动合同。…"), the party first when it is the
    client's other party (``other``: "用人单位可以要求…"), so a client whose own question was another never reads a bare
    可以 as its answer. A card that names no act says which question the word decides ("可以（就“…”而言）"). A word
    followed by its own verb (可以起诉，…) already says its act."""
    if not word:
        return head
    party = made.party if made is not None and other else ""
    rest = head[len(word):]
    if rest[:1] not in asks.BARE_END:
        return f"{party}{head}"
    act = made.act if made is not None else ""
    if act and act in word + rest[:len(act) + 1]:
        return f"{party}{head}"  # the word holds its act already (有效: 口头合同有效)
    if act:
        return f"{party}{word}{act}{rest}"
    if rest.startswith("（"):
        return f"{party}{word}（就“{card.title}”而言，{rest[1:]}"  # one bracket: 不会（就“…”而言，单位未付补偿的）
    return f"{party}{word}（就“{card.title}”而言）{rest}"


def frame_lead(part: str, text: str, card: Card, answer: Answer, side: str) -> tuple[str, bool]:
    """``text`` (a yes/no conclusion) led in the client's own frame (docs/decisions/answers-yes-no-in-the-clients-
    frame.md), and whether the part asks in a way :func:`legal.asks.read_ask` reads. The card's decision is mapped
    onto the client's ask when it decides the same act — asked in the negative (能不交吗 on a 需要交 answer: 不能不交;
    不算旷工吗 on 算: 算旷工), or from the other side of a demand (他能不能不还 on 出借人可以要求还款: 不能不还) — and said in
    full words when it decides another actor's act or another kind of question (我可以去同行上班吗 on 用人单位可以要求…;
    算旷工吗 on 可以解除); ``text`` unchanged when the card answers the client's own question as asked."""
    ask = asks.read_ask(asking_clause(part) or part)
    stars = text[:len(text) - len(text.lstrip("*"))]
    head = text[len(stars):]
    polarity = decision(head)
    if ask is None:
        return text, False
    if polarity is None:
        return text, True
    made = asks.card_decision(card, answer)
    card_rel = asks.relation(made.actor, side, card_side(card)) if made is not None else ""
    # a lead the side step gave the other party as its subject (出借人可以。…): that party decides, the word follows
    named = next((label for label in sorted(PARTY.values(), key=len, reverse=True) if head.startswith(label)), "")
    if named:
        head, card_rel = head[len(named):], asks.OTHER
        made = replace(made, party=made.party or named) if made is not None else asks.CardDecision("", named, "", "")
    word, modal = asks.lead_word(head)
    ask_rel = ask.actor or (asks.SELF if ask.modal in (asks.MAY, asks.MUST) else "")
    same_actor = not card_rel or not ask_rel or card_rel == ask_rel or ask_rel == asks.THIRD
    # the act the lead decides: its own words after the decision word, else (a bare word) the card's
    said = re.split(r"[。；，,：:（(]", head[len(word):], maxsplit=1)[0] if word else ""
    act = said or (made.act if made is not None else "")
    same = not act or asks.same_act(ask.act, act)
    # the other side of a demand: a party that may demand X (要求还款) means the other must do X (还)
    correlative = (modal == asks.MAY and bool(card_rel) and bool(ask_rel) and card_rel != ask_rel and made is not None
                   and (not said or asks.demands(said)) and asks.owed_by_demand(said or made.act, ask.act))
    yes: bool | None = None
    if correlative and ask.modal in (asks.MAY, asks.MUST):
        # 他能不还吗 / 我不用还吗 — 可以要求还款: 不能不还 / 要还; 我要还吗 — 要还
        yes = polarity if ask.modal == asks.MUST and not ask.negated else not polarity
    elif ask.negated and same_actor and same:
        if ask.modal == asks.MAY and modal == asks.MUST:
            yes = not polarity  # 能不交吗 — 需要交: 不能不交
        elif ask.modal == asks.MUST and modal == asks.MUST:
            yes = not polarity  # 他不用赔吗 — 需要赔: 要赔
        elif ask.modal in (asks.IS, asks.WILL) and modal in (asks.IS, asks.WILL):
            yes = not polarity  # 不算旷工吗 — 算: 算旷工
        elif ask.modal == asks.MAY and modal == asks.LAWFUL:
            yes = polarity  # 房东有权不退押金吗 — 不合法 (not returning it): 不能不退押金
    elif ask.modal in (asks.MUST, asks.WILL) and modal == asks.LAWFUL and asks.same_act(ask.act, card.title):
        yes = polarity  # 会不会要赔违约金 — (the penalty clause is) 有效: 会要赔违约金
    if yes is not None:
        lead = ask.answer(yes)
        rest = head[len(word):]
        if word and rest[:1] in "。；，,：:":
            return f"{stars}{lead}{rest}", True
        return f"{stars}{lead}。{in_full_words(head, word, made, card, card_rel == asks.OTHER)}", True
    if not word:
        return text, True
    crossing = modal != asks.LAWFUL and asks.FAMILY.get(ask.modal) != asks.FAMILY.get(modal)  # validity answers both kinds
    if crossing or not same_actor or ask.negated and ask.modal != modal and modal != asks.LAWFUL:
        return f"{stars}{in_full_words(head, word, made, card, card_rel == asks.OTHER)}", True
    return text, True


#: A negation before a verb in a lead's condition or in the client's words (还没过户, 没有交付, 未登记).
_NEGATOR = r"(?:还没有|还没|没有|尚未|未|没|不)"
#: What asserts a verb happened in the client's words: 已/已经/早就 before it, 了/过/给 after it.
_DONE_BEFORE = re.compile(r"(?:已经|已|早就|早已|都)$")
_DONE_AFTER = re.compile(r"^(?:了|过|给|完|好)")


def _told(verb: str, question: str) -> bool | None:
    """Whether the client's words say ``verb`` happened (True), did not (False), or neither (None)."""
    said: set[bool] = set()
    for m in re.finditer(re.escape(verb), question):
        before, after = question[max(0, m.start() - 3):m.start()], question[m.end():m.end() + 1]
        if re.search(_NEGATOR + r"$", before) or re.search(_NEGATOR + r"\S?$", before):
            said.add(False)
        elif _DONE_BEFORE.search(before) or _DONE_AFTER.match(after):
            said.add(True)
    return said.pop() if len(said) == 1 else None


def condition_applied(text: str, question: str) -> str:
    """``text`` (a yes/no conclusion whose decision carries its condition: "可以（还没交付、过户的）") when the client's
    words do not decide the condition; led by what it turns on when they fail it ("不一定：“可以”的前提是还没交付、
    过户，按您所说已经过户了，不符合这一前提。" then the rest): a decision the client's own facts already rule out is
    not stated as the answer."""
    stars = text[:len(text) - len(text.lstrip("*"))]
    head = text[len(stars):]
    word, _modal = asks.lead_word(head)
    m = re.match(r"（(?P<cond>[^（）]{2,30}?)的?）", head[len(word):]) if word else None
    if m is None:
        return text
    cond = m.group("cond")
    neg = re.match(rf"^[^，,；]*?{_NEGATOR}(?P<verbs>[\u4e00-\u9fff]{{2}}(?:[、或和][\u4e00-\u9fff]{{2}})*)$", cond)
    verbs = re.split(r"[、或和]", neg.group("verbs")) if neg else []
    failed = [v for v in verbs if _told(v, question) is True]
    if not failed or any(_told(v, question) is False for v in verbs):
        return text
    rest = head[len(word) + m.end():].lstrip("。；：:，, ")
    done = "、".join(failed)
    # an unmet necessary condition decides: the opposite of the conditioned word, not 不一定 (the exceptions that
    # would still turn it follow in the rest, each with the fact it needs)
    return f"{stars}{negated_word(word)}：“{word}”的前提是{cond}，按您所说已经{done}，不符合这一前提。{rest}"


#: A decision word and its opposite (an unmet necessary condition turns the word it conditions).
_OPPOSITES = {"可以": "不可以", "能": "不能", "可": "不可以", "还能": "不能", "还可以": "不可以", "有权": "无权",
              "需要": "不需要", "要": "不用", "应当": "不应当", "应": "不应", "必须": "不必", "属于": "不属于",
              "构成": "不构成", "算": "不算", "是": "不是", "合法": "不合法", "有效": "无效", "会": "不会",
              "成立": "不成立", "承担": "不承担", "赔": "不赔"}


def negated_word(word: str) -> str:
    """The opposite decision of ``word`` (可以 → 不可以, 不能 → 能); 不一定 for a word without a known opposite."""
    if word in _OPPOSITES:
        return _OPPOSITES[word]
    back: dict[str, str] = {}
    for yes, no in _OPPOSITES.items():
        back.setdefault(no, yes)  # the first, plainest word for each opposite (不能 → 能, not 还能)
    return back.get(word, "不一定")


#: A doubt note naming the runner-up card and the fact between the two (citation_doubt).
_CONTEST = re.compile(r"这一问也可能属于“(?P<runner>[^”]+)”(?:，要看(?P<need>[^；]+))?")


def premised_lead(text: str, card: Card, doubt: str) -> str:
    """``text`` (a yes/no or validity conclusion whose card is not sure, ``doubt``) with its first clause saying the
    premise the decision rests on — that the question is the card's issue, and what decides it when a neighbouring
    card is as close — so the lead and the basis note say one thing: "可以（前提是本问属于“…”，这一点尚待确认）：…"."""
    stars = text[:len(text) - len(text.lstrip("*"))]
    head = text[len(stars):]
    if decision(head) is None or PREMISE_HEAD[1:] in head:
        return text
    head = head.replace(f"就“{card.title}”而言，", "").replace(f"（就“{card.title}”而言）", "")  # the premise says it
    m = _CONTEST.search(doubt)
    if m is not None:
        need = f"，要看{m.group('need')}" if m.group("need") else ""
        premise = f"{PREMISE_HEAD}“{card.title}”而不是“{m.group('runner')}”{need}）"
    else:
        premise = f"{PREMISE_HEAD}“{card.title}”，这一点尚待确认）"
    # after the first clause: the decision and its own condition (可以（还没交付的）) stay first
    cut = re.search(r"[。；：:，,]", _skip_brackets(head))
    at = cut.start() if cut else len(head)
    return f"{stars}{head[:at]}{premise}{head[at:]}"


PREMISE_HEAD = "（前提是本问属于"


def stated_assumption(text: str, card: Card, doubt: str) -> str:
    """``text`` (a conclusion whose card is not sure enough to cite, ``doubt``) with the assumption it rests on said
    AFTER the answer, as a lawyer notes it — "以上是按“…”的规则回答的；如果…，结论也会不同。" — so the
    conclusion and the basis note (which names the same assumption) carry one confidence, and the lead is the answer,
    not a bracketed premise read as a hedge (docs/decisions/answers-read-as-a-note.md)."""
    if not text.strip() or ASSUMED in text:
        return text
    text = without_premise(text)
    m = _CONTEST.search(doubt)
    if m is not None:
        need = f"（要看{m.group('need')}）" if m.group("need") else ""
        said = (f"{ASSUMED}“{card.title}”的规则回答的；如果您的情况属于“{m.group('runner')}”{need}，"
                "适用的规则不同，结论也会不同。")
    else:
        said = f"{ASSUMED}“{card.title}”的规则回答的；如果您的情况不属于这一类，结论可能不同。"
    stars = text[len(text.rstrip("*")):]
    body = text[:len(text) - len(stars)].rstrip()
    body = body if body.endswith(("。", "！", "？", "）")) else body.rstrip("；;，,") + "。"
    return f"{body}{said}{stars}"


#: The words that open the assumption a doubted conclusion rests on (stated_assumption).
ASSUMED = "以上是按"


def without_premise(text: str) -> str:
    """``text`` without the premise :func:`premised_lead` put in its first clause (brackets inside it counted):
    two parts that lead with the same decision are the same answer, whatever doubt one of them states."""
    start = text.find(PREMISE_HEAD)
    if start < 0:
        return text
    depth = 0
    for at in range(start, len(text)):
        depth += {"（": 1, "）": -1}.get(text[at], 0)
        if depth == 0:
            return text[:start] + text[at + 1:]
    return text[:start]


def _skip_brackets(text: str) -> str:
    """``text`` with what stands inside brackets blanked (the same length): a stop inside a bracket is no stop."""
    out, depth = [], 0
    for char in text:
        if char in "（(":
            depth += 1
        elif char in "）)":
            depth = max(0, depth - 1)
            out.append(char)
            continue
        out.append("_" if depth else char)
    return "".join(out)


#: A yes/no part asking whether something always or necessarily follows (签了是不是就一定判缓刑, 是不是只要判三年
#: 以下都能缓刑, 不赔钱就一定要坐牢吗): a conditional answer says first that it does not necessarily.
_NECESSITY_ASK = re.compile(r"是不是(?:就|都)?(?:一定|肯定|必然|百分之?百)|是不是只要"
                            r"|只要[^，,。？?]{1,24}(?:就|都)(?:一定|肯定|能|会|可以)[^，,。？?]{0,16}(?:吗|么|吧|是不是)"
                            r"|(?:就|都)(?:一定|肯定)(?:会|要|能|得)[^，,。？?]{0,16}(?:吗|么|吧)")
#: What makes an answer's first sentence conditional: a bracketed condition, a 但, a chance (可能, 争取, 一般).
_CONDITIONAL_HEAD = re.compile(r"（|\(|但|可能|争取|一般|多数|原则上|不一定|视情况|取决于")


def necessity_lead(part: str, text: str) -> str:
    """"不是，不一定。" (or "不一定。") for a part asking whether something necessarily follows when the
    answer's first sentence is conditional ("" otherwise: an answer that already says no, or that says
    the thing always follows, keeps its own first word)."""
    clause = asking_clause(part) or part
    m = _NECESSITY_ASK.search(clause)
    head = text.lstrip("*（( ")
    if m is None or head.startswith(("不", "没有", "无")):
        return ""
    first = re.split(r"[。；！!]", head, maxsplit=1)[0]
    if not _CONDITIONAL_HEAD.search(first):
        return ""
    return "不是，不一定。" if m.group(0).startswith("是不是") else "不一定。"


#: The claims a client lists under one ask (我能要哪些钱：工资、加班费、补偿), each with the calculator
#: that computes it ("" for an item paid as spent or as agreed: 医疗费 by the bills, 违约金 by the contract).
CLAIM_ITEMS: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("二倍工资", re.compile(r"二倍工资|双倍工资"), "double_wage"),
    ("加班费", re.compile(r"加班费|加班工资"), "overtime_pay"),
    ("未休年休假工资", re.compile(r"年假|年休假"), "annual_leave_pay"),
    ("拖欠的工资", re.compile(r"(?<![倍班假])(?:工资|工钱|薪水)(?![差单条])|欠薪"), "wage_arrears"),
    ("违法解除赔偿金", re.compile(r"赔偿金|2N|二N|双倍赔偿"), "unlawful_termination_damages"),
    ("经济补偿", re.compile(r"经济补偿|补偿金|(?<!精神)(?<!损害)补偿|N\+1"), "economic_compensation"),
    ("医疗费", re.compile(r"医药费|医疗费|治疗费"), ""),
    ("误工费", re.compile(r"误工费|误工"), "lost_earnings"),
    ("护理费", re.compile(r"护理费|陪护费"), "nursing_fee"),
    ("营养费", re.compile(r"营养费"), ""),
    ("交通费", re.compile(r"交通费|路费"), ""),
    ("住院伙食补助费", re.compile(r"伙食补助|住院.{0,10}(?:吃饭|伙食|饭钱)"), "hospital_meal_allowance"),
    ("残疾赔偿金", re.compile(r"残疾赔偿金|伤残赔偿"), "disability_compensation"),
    ("死亡赔偿金", re.compile(r"死亡赔偿金"), "death_compensation"),
    ("丧葬费", re.compile(r"丧葬费"), "funeral_expenses"),
    ("精神损害抚慰金", re.compile(r"精神损失|精神损害|精神抚慰"), ""),
)
#: The items of a claim a part names by their name (丧葬费, 误工费, 加班费), each with its calculator: a how-much
#: part naming one is answered by its rule, whatever other figure its card computes.
NAMED_ITEMS: dict[str, str] = {calc: label for label, _pattern, calc in CLAIM_ITEMS
                               if calc and calc not in ("wage_arrears", "economic_compensation",
                                                        "unlawful_termination_damages")}
#: What an item without a calculator comes to.
_AS_SPENT = {"医疗费": "按医院票据、病历实际发生的数额", "营养费": "按医疗机构意见酌定", "交通费": "按就医的实际票据",
             "住院伙食补助费": "按当地国家机关一般工作人员出差伙食补助标准 × 住院天数",
             "精神损害抚慰金": "造成严重精神损害的，由法院按过错程度、后果等酌定"}
#: A part that asks for the list of what can be claimed (我能要哪些钱, 都能要什么, 包括哪几项).
_LIST_ASK = re.compile(r"哪些|哪几|什么钱|什么费|都能要|都可以要|能要什么|可以要什么|包括什么|有什么(?:补偿|赔偿)")


def claim_items(part: str, card: Card, facts: Facts) -> str:
    """Each claim a part lists under one ask, answered one by one — the figure when the facts compute
    it, else the rule and what it needs ("" when the part lists fewer than two claims or asks no list)."""
    ask = _LIST_ASK.search(part)
    if ask is None:
        return ""
    named: list[tuple[str, str]] = []
    for text in (part[ask.start():], part):
        found = sorted((m.start(), label, calc) for label, pattern, calc in CLAIM_ITEMS
                       if (m := pattern.search(text)) is not None)
        named = [(label, calc) for _, label, calc in found]  # in the order the client lists them
        if len(named) >= 2:
            break
    if len(named) < 2:
        return ""
    if any(calc == "unlawful_termination_damages" for _, calc in named):
        named = [(label, calc) for label, calc in named if calc != "economic_compensation"]  # N and 2N do not add
    money = card.answers.get("how_much")
    values = {**facts.values(), **part_flags(part)}
    lines, amounts = [], []
    for label, calc in named:
        if calc in ("economic_compensation", "unlawful_termination_damages") and money is not None \
                and money.calculator in ("economic_compensation", "unlawful_termination_damages"):
            calc = money.calculator  # the card knows whether the dismissal gives N or 2N
            label = "违法解除赔偿金" if calc == "unlawful_termination_damages" else "经济补偿"
        if not calc:
            lines.append(f"{label}：{_AS_SPENT.get(label, '按实际发生并有证据的数额')}")
            continue
        calculation = calculate(calc, values)
        if calculation.ok and calculation.result is not None:
            lines.append(f"{label}：{calculation.headline()}")
            if calculation.result.amount is not None and not calculation.result.figures.get("unit"):
                amounts.append(calculation.result.amount)
        else:
            missing = "、".join(LABELS.get(m, m) for m in calculation.missing)
            lines.append(f"{label}：按{FORMULAS.get(calc, '法定标准')}计算" + (f"（还需要{missing}）" if missing else ""))
    total = f"；已能算出的各项合计 {sum(amounts):,.2f} 元" if len(amounts) > 1 else ""
    return "可以分项主张：" + "；".join(f"{i}. {line}" for i, line in enumerate(lines, start=1)) + f"{total}。"


def claim_heads(part: str, card: Card, facts: Facts, question: str, chosen: Answer | None = None) -> str:
    """A how-much part on a card with heads of claim (``[[card.heads]]``): each head the client's facts allow —
    its figure with its article, or what it still needs — and the total of the computed heads (legal/heads.py;
    "" when the card has no heads or the facts compute fewer than one of two heads in play). A part whose words
    name a figure that is none of the card's heads (诉讼费 on an injury card) is about that figure: no heads."""
    if not card.heads:
        return ""
    own = card.answers.get("how_much")
    if chosen is not None and chosen.calculator and chosen.calculator not in {h.calculator for h in card.heads} | {
            own.calculator if own is not None else ""}:
        return ""
    values = {**_heads.told_items(question), **facts.values(), **part_flags(part)}
    return _heads.heads_text(card, values)


#: A part that asks whether what the other side told the client holds (老板说喝酒不算工伤 是这样吗, 房东说押金
#:一分不退 合理吗, 他说我要赔两万 是不是真的): who said it, and what.
_ADVERSARY = (r"对方|他们|他|她|老板|公司|单位|领导|厂里|HR|hr|人事|房东|中介|物业|商家|卖家|店家|店里|酒店|医院|学校|银行"
              r"|保险公司|快递|物流|开发商|平台|肇事方|司机|车主|债主|催收|警察|派出所|交警|村里|城管|前夫|前妻|包工头|总包"
              r"|4S店|客服|机构|健身房|培训机构|老师|派出所的人|民警|办案的人|厂家|网站|施工方|装修公司|甲方|乙方")
_CLAIM_CHECK = re.compile(
    rf"(?P<who>{_ADVERSARY})(?:那边|方面|的人)?(?:跟我|和我|对我|给我|跟我们|和我们)?"
    r"(?:说|讲|称|声称|告诉我|表示|坚持|咬定|非说|硬说|回复|答复|回我)(?:说)?[，,：:\s]*"
    r"(?P<claim>[^？?。]{2,60}?)[，,\s]*(?:这|那|他|她|他们|对方)?(?:说的|说得|讲的|这话|这个)?\s*"
    r"(?:是真的吗|真的吗|是不是真的|有道理吗|有没有道理|对吗|对不对|说得对吗|是这样吗|是不是这样|合理吗|合不合理"
    r"|合法吗|靠谱吗|站得住吗|成立吗|可信吗|有依据吗|是对的吗|是不是|真的假的|合理不|对不|有道理不|合法不|是真的不)")
#: The first words of an answer that favour the client (whatever the other side's claim was) and that do not.
#: (有权/无权 say nothing alone: whose right it is — the client's or the other side's — differs by card.)
_FOR_CLIENT = ("不合法", "违法", "无效", "不合理", "不需要", "不用", "无需", "不必", "可以", "能", "应当退", "应当赔",
               "应当返还", "应当支付", "应退")
_AGAINST_CLIENT = ("不能", "不可以", "合法", "有效", "合理")
#: The first words of an answer that classify (属于工伤, 不构成犯罪): the claim holds when it says the same.
_CLASSIFY_YES = ("属于", "构成", "算", "是")
_CLASSIFY_NO = ("不属于", "不构成", "不算", "不是")
_CLAIM_NEGATED = re.compile(r"不|没|无|别|免|拒")


def claim_lead(part: str, text: str, calculation: Calculation | None = None) -> str:
    """The yes or no a part that asks whether the other side's claim holds takes, from the client's side
    ("" when the part asks no such thing, or the answer's first words do not say): a sum claimed against
    the computed figure; a classification (不算工伤) against the answer's; else whether the answer favours
    the client (then the claim, which favours the other side, does not hold)."""
    m = _CLAIM_CHECK.search(part)
    head = re.sub(r"^(?:一般|通常|原则上|多数情况下)[，,]?", "", text.lstrip("*（( "))
    if m is None or head.startswith(("是的", "不是。", "是。")):
        return ""
    who, claim = m.group("who"), m.group("claim")
    who = "对方" if who in ("他", "她", "他们") else who
    wrong, right = f"不是。{who}的说法不成立：", f"是的，{who}的说法有依据："
    said = [Decimal(v) for v in re.findall(r"\d+(?:\.\d+)?", amounts(claim))] if calculation is not None else []
    figure = calculation.result.amount if calculation is not None and calculation.ok and calculation.result else None
    if said and figure is not None and said[0] >= 100:
        return right if said[0] <= figure * Decimal("1.01") else wrong
    if head.startswith(_CLASSIFY_NO) or head.startswith(_CLASSIFY_YES):
        answer_no = head.startswith(_CLASSIFY_NO)
        return right if answer_no == bool(_CLAIM_NEGATED.search(claim)) else wrong
    # the longer word first: 不能 before 能, 不合理 before 合理
    ordered = sorted([(w, right) for w in _AGAINST_CLIENT] + [(w, wrong) for w in _FOR_CLIENT], key=lambda t: -len(t[0]))
    return next((lead for word, lead in ordered if head.startswith(word)), "")


_REST_DAY_NAMES = ("周一", "周二", "周三", "周四", "周五", "周六", "周日")


#: A by-when part asking when the client *may* act (什么时候可以再起诉, 要等多少天才能卖, 多久以后才能): a period that
#: bars until it ends, answered by when it ends — never by a "last day".
_MAY_ASK = re.compile(r"什么时候(?:才)?(?:可以|能)|(?:多久|多长时间|几天|多少天)(?:以后|之后)?才(?:能|可以)"
                      r"|(?:要|得|需要)?等(?:多久|多长时间|几天|多少天|到什么时候|到哪天)|哪天(?:以后|之后)?(?:才)?(?:能|可以)")


def deadline_lead(found: Deadline | None, today: date | None = None, part: str = "") -> str:
    """The last day a by-when part asks for, first: "最晚 2026年12月10日：期限为十五日（…），自 2026年11月25日 起算
    （尚余 13 天）", or, once run, "期限已于 2026年11月20日 届满：…" ("" when the facts give no start, the period
    has no computable length, or it counts back from a day to come)."""
    if found is None or found.ends is None or found.start is None or not found.rule.computable \
            or found.rule.days < 0 or found.rule.name == "copyright_term":
        return ""
    # a last day on a weekend: the nominal day leads, the statutory extension said beside it with the advice
    # not to rely on it (民法典 203, 民事诉讼法 85) — never moved silently
    last = found.ends
    moved = found.moved_text()
    later = "".join(f"；{what} {cn_date(day)}" for what, day in found.stages)
    rule = f"期限为{found.rule.period}"
    day = today or datetime.now(tz=CHINA_TZ).date()
    if part and _MAY_ASK.search(asking_clause(part) or part) and not found.from_today:
        # when may I: the day the period ends, after which the client may act (or: it has ended, act now)
        if found.passed:
            return (f"现在就可以：这一期限已于 {cn_date(found.ends)} 届满。{rule}，自 {found.start_text()} 起算"
                    f"{later}")
        last = found.extended or found.ends  # the day after which the client may act: the law's own last day
        notes = (f"（{cn_date(found.ends)}是{_REST_DAY_NAMES[found.ends.weekday()]}，依{holiday_rule(found.rule.name)}顺延；"
                 f"尚余 {(last - day).days} 天）" if found.extended is not None else f"（尚余 {(last - day).days} 天）")
        first = cn_date(date.fromordinal(last.toordinal() + 1))  # the first day the client may act
        return f"{cn_date(last)} 期限届满后，自 {first} 起就可以{notes}。{rule}，自 {found.start_text()} 起算{later}"
    # a step after the period the client must take by its own day (the thirty days to ask for the certificate); a
    # date counted in years beside it (a year's separation) is a fact to know, not the day to act by
    later_facts = {what for what, _years in found.rule.year_stages}
    ahead = [(what, when) for what, when in found.stages if "延长" not in what and when >= day and what not in later_facts]
    if found.passed and ahead:
        # the period has run and the step after it is still ahead (冷静期 over, thirty days to ask for the
        # certificate): that step's last day is what the client must act by
        what, when = ahead[0]
        return (f"{what.rstrip('，, ')} {cn_date(when)}。{rule}，自 {found.start_text()} 起算，"
                f"已于 {cn_date(found.ends)} 届满{moved}")
    if found.from_today:
        return f"最晚 {cn_date(last)}{moved}。{rule}，按今天（{cn_date(found.start)}）提出并被受理计算{later}"
    if found.passed:
        again = f"。{RESTART_NOTE}" if found.rule.name in CIVIL_LIMITATIONS and not found.restarted_by else ""
        return (f"这一期限已于 {cn_date(found.ends)} 届满{moved}。{rule}，自 {found.start_text()} 起算{later}"
                f"{again}")
    left = "就是今天" if found.days_left == 0 else f"尚余 {found.days_left} 天"
    notes = f"（{moved.strip('（）')}；{left}）" if moved else f"（{left}）"
    return f"最晚 {cn_date(last)}{notes}。{rule}，自 {found.start_text()} 起算{later}"


#: A worked example in a card's words (例如月收入10000元，约每月2000–3000元): once the client's own figure or day is
#: computed, another's numbers beside it only confuse.
_EXAMPLE = re.compile(r"[，,：:]?(?:例如|比如|譬如|举例来说)[^。；]*([。；]|$)")


def without_examples(text: str) -> str:
    """``text`` without its worked examples (:data:`_EXAMPLE`); each leaves the stop that closed it."""
    def cut(m: re.Match[str]) -> str:
        # an example that was a sentence of its own goes with its stop; one ending a clause leaves the stop
        alone = m.start() == 0 or text[m.start() - 1] in "。；！"
        return "" if alone and m.group(0)[:1] not in "，,：:" else m.group(1)

    return _EXAMPLE.sub(cut, text)


def computed_first(text: str, asked: str, calculation: Calculation | None, found: Deadline | None,
                   today: date | None = None, part: str = "") -> str:
    """A part asking how much or by when, whose figure or last day the facts computed, answered first by it
    (:func:`legal.focus.stated_first`): the card's rule and conditions follow as the reasons, and the figure or
    the period is not stated a second time further in. Other parts, and parts nothing computed: ``text``."""
    if asked not in ("how_much", "by_when"):
        return text
    lead = deadline_lead(found, today, part) if asked == "by_when" else ""
    if lead and "重新计算" in text:
        lead = lead.replace(f"。{RESTART_NOTE}", "")  # the card's own words say how the period restarts
    if lead:
        assert found is not None
        return stated_first(without_examples(text), lead, [found.text()])
    if calculation is None or not calculation.ok or calculation.result is None:
        return text
    figure = calculation.headline()
    if not figure:
        return text
    text = without_examples(text)
    name = calculation.result.name
    lead = figure if figure.startswith("按您所述") else figure_clause(name, figure)
    if not lead:
        return text
    return stated_first(text, lead, [f"{lead}。", figure])


def figure_clause(name: str, figure: str) -> str:
    """"按您所述，{name}为 {figure}" — the sentence stating what the facts compute — when ``figure`` opens with its
    number; a figure that opens with words (the rule the calculator stated, 夫妻共同财产先分出一半…每人得 1/8) is
    set after a colon (份额为 夫妻… reads as a broken sentence), and one that states no number at all computes
    nothing for the client: no sentence ("" — docs/decisions/answers-read-as-a-note.md)."""
    figure = figure.strip()
    if not re.search(r"\d", figure):
        return ""
    if re.match(r"[\d\-−]", figure):
        return f"按您所述，{name}为 {figure}"
    return f"按您所述，{name}：{re.sub(r'^按您所述[，,]?', '', figure)}"


#: A conclusion's bare yes or no, a sentence of its own ("可以。", "不能（一般情形）。" keeps its words).
_BARE_HEAD = re.compile(r"^\**(?:可以|不可以|能|不能|需要|不需要|是|不是|合法|不合法|有效|无效|会|不会)[。；]")
#: A conclusion that says no figure is owed or due (不用赔, 不需要支付, 无需返还, 不构成 …).
_NOTHING_OWED = re.compile(r"^\**(?:不用|不需要|无需|无须|不必|不能|不可以|不构成|不属于|无效|无权|不会|没有)")
#: A part asking the most the law allows (最多赔多少, 上限是多少, 限额多少, 最高能判多少).
_ASKS_CAP = re.compile(r"最多|最高|上限|限额|封顶|顶格")
_MONEY_STATED = re.compile(r"\d+(?:\.\d+)?\s*(?:万|千)?\s*元|[一二三四五六七八九十百千]+万元")


def figure_moot(text: str, part: str) -> bool:
    """Whether a figure the card's calculator lacks inputs for is not to be asked for: the conclusion says
    nothing is owed, or the part asks the cap the law fixes and the conclusion states a sum before the figure's
    place."""
    if _NOTHING_OWED.match(text.lstrip("*（( ")):
        return True
    clause = asking_clause(part) or part
    before = text.split("{result}")[0]
    return bool(part) and bool(_ASKS_CAP.search(clause)) and bool(_MONEY_STATED.search(before))


def time_lead(part: str, found: Deadline | None) -> str:
    """The yes or no a by-when part asks for when it asks whether there is still time or whether the
    period has run ("" when it asks only for the date, or the last day is not known)."""
    if found is None or found.passed is None:
        return ""
    clause = asking_clause(part) or part
    if _STILL_TIME.search(clause):
        return "不能（期限已届满）：" if found.passed else "可以（仍在期限内）："
    if _HAS_RUN.search(clause):
        return "是，已经超过期限：" if found.passed else "没有（仍在期限内）："
    return ""
#: What a yes/no part about time answers when its period has run or has not (the rule's own words).
PASSED_WORDS: dict[str, tuple[str, str]] = {
    "prosecution_limitation": ("不会（一般情形）。已过追诉期限，不再追诉，但立案后逃避侦查、审判的除外",
                               "会。仍在追诉期限内，可能被追诉"),
}
#: A yes/no part that asks about time (还能…吗, 来得及吗, 过了…还): the card's deadline is stated too.
_TIME_WORDS = re.compile(r"还能|来得及|现在|过了|超过|多久|时间|期限|时效|几年了|年了|个月了")
#: Words that ask about time itself (来得及吗, 过期了吗, 期限多久), not "still" (还能要赔偿吗).
_ASKS_TIME = re.compile(r"来得及|过了|超过|多久|时间|期限|时效|几年了|年了|个月了|晚了|过期|最晚|最迟|几天|哪天")


#: A first sentence that hedges where an answer should stand (视情况全部或部分返还, 不一定, 要看…).
_HEDGE = re.compile(r"视情况|不一定|分情况|取决于|要看|需结合|具体情况")
#: The yes or no a hedging first sentence still gives, before its hedge ("可以，视情况…").
_HEDGED_HEAD = re.compile(r"^(不可以|可以|不能|能|不需要|需要|不用|应当|要)[，,]")


def decided_hedge(text: str, added: str) -> str:
    """``text`` with ``added`` (what the facts computed, :func:`_computed_too`) after it — or, when ``text``'s first
    sentence hedges (可以，视情况全部或部分返还) and ``added`` states the figure the client's facts come to, the
    hedge replaced by that figure: "可以。按您所述，…为 188,000 元（…应全额返还）。" then the rule's conditions. The
    hedge stood for what the facts decide; once they decide it, it is no answer."""
    if not added:
        return text
    sentences = re.split(r"(?<=[。；！])", text, maxsplit=1)
    first, rest = sentences[0], (sentences[1] if len(sentences) > 1 else "")
    head = _HEDGED_HEAD.match(first)
    if head is None or not _HEDGE.search(first) or not re.match(r"按您所述，[^。]{0,40}?为 \d", added):
        return f"{text}{added}"
    return f"{head.group(1)}。{added}{rest.lstrip()}"


#: An age a clause of a conclusion is conditioned on: 不满8周岁的 (below), 8周岁以上的 / 已满十六周岁的 (from).
_AGE_CONDITION = re.compile(r"(?P<below>不满|未满|未达)?(?P<n>[\d一二三四五六七八九十]+)\s*周岁(?P<up>以上)?")
#: Words naming a minor, the one whose age such a clause speaks of.
_MINOR = re.compile(r"孩子|儿子|女儿|小孩|学生|未成年|闺女|娃|小朋友|孙子|孙女|外孙")


def _age_holds(clause: str, age: Any) -> bool | None:
    """Whether ``age`` meets the age condition ``clause`` states (None when it states none, or two)."""
    found = [m for m in _AGE_CONDITION.finditer(clause) if m.group("below") or m.group("up") or "已满" in clause]
    if len(found) != 1:
        return None
    m = found[0]
    limit = cn_number(m.group("n"))
    if limit is None:
        return None
    return age < limit if m.group("below") else age >= limit


def age_applied(text: str, facts: Facts, question: str) -> str:
    """``text`` without the clauses whose age condition the minor's stated age fails (不满8周岁的… for a child of
    nine): the rule applied to the client's facts, not every case listed. Only a clause after the first sentence
    goes (the first answers), and only when the question speaks of a minor and states an age under eighteen."""
    age = facts.get("age")
    if age is None or age >= 18 or not _MINOR.search(question):
        return text
    sentences = re.split(r"(?<=[。；])", text)
    verdicts = [_age_holds(piece, age) if index else None for index, piece in enumerate(sentences)]
    if False not in verdicts:
        return text
    kept = "".join(piece for piece, verdict in zip(sentences, verdicts, strict=True) if verdict is not False)
    return re.sub(r"；$", "。", kept.strip())


#: Time words of a story that make a period relevant even when the asking clause names none (已经三年了，能告吗).
_STORY_TIME = re.compile(r"过了|超过|几年了|年了|个月了|多久|时效|期限")


def _computed_too(card: Card, part: str, facts: Facts, today: date | None) -> str:
    """What a yes/no (valid, what-to-do) answer adds so a client can act on it: the card's figure when
    every input is known ("走的话能要补偿吗" with the wage and the years), and its deadline when the
    start date is known or the part's asking clause asks about time ("现在还能撤销吗"; a bare period the
    clause does not ask about — 他告得成吗 — answers nothing)."""
    added = ""
    money = card.answers.get("how_much")
    named = "" if money is not None and money.calculator else computable_for(part, card.domain, facts)
    if named and named not in ("economic_compensation", "unlawful_termination_damages"):
        # 定金双倍返还，我能要回4w吗: the figure the part's own words name, when the card computes none
        money = Answer("how_much", "", calculator=named)
    if money is not None and money.calculator:
        calculation = calculate(refine_calculator(money.calculator, facts.values()), {**facts.values(), **part_flags(part)})
        other = computable_for(part, card.domain, facts)
        if not calculation.ok and other and other not in ("economic_compensation", "unlawful_termination_damages"):
            # 年假只有5天是不是少了: the card's own figure lacks an input; the one the part's words name computes
            calculation = calculate(other, {**facts.values(), **part_flags(part)})
        if calculation.ok and calculation.result is not None:
            clause = figure_clause(calculation.result.name, calculation.headline())
            added += f"{clause}。" if clause else ""
    found = _part_deadline(card, part, facts, today)
    if found is not None:
        added += f"{found.text()}。"
    return added


#: The client is the one asked to pay (物业起诉我要我付, 他现在找我要钱, 催我还): the limitation is his defence.
_ASKED_TO_PAY = re.compile(r"(?:起诉|告|催|找|逼|让|要|叫|追)(?:了)?我(?:还|付|交|给|赔|支付|补交|缴|要)"
                           r"|(?:起诉|告)(?:了)?我|找我要|催我|向我(?:追讨|催|要)")
#: A debt or a fee of money (not a crime, a divorce, a custody).
_DEBT_WORDS = re.compile(r"物业费|房租|租金|管理费|取暖费|供暖费|水电费|欠款|借款|借的|借了|欠条|借条|货款|工程款|欠[^，,。？?]{0,4}钱|信用卡|网贷")
#: A span of years owed (五年的物业费, 欠了四年, 六年前借的): the oldest part of it is that old.
_OLD_SPAN = re.compile(r"(?P<a>[一二两三四五六七八九十\d]+)\s*年(?:多)?(?:的|来的|以前的|前的)?"
                       r"(?:物业费|房租|租金|管理费|取暖费|供暖费|水电费|欠款|费用|货款|工程款)"
                       r"|(?:欠了?|拖了?|没交|没还|没付)\s*(?P<b>[一二两三四五六七八九十\d]+)\s*年"
                       r"|(?P<c>[一二两三四五六七八九十\d]+)\s*年前(?:借|欠|的借款|的欠款)")
#: The words that say no interrupting act happened (从来没找我要过, 一直没催过, 他也没找过我).
_NO_INTERRUPTION = re.compile(r"(?:从来|一直|从|也|都)(?:都)?(?:没|没有|未)(?:人|有人)?(?:找|催|要|问|联系|提)"
                              r"|(?:没|没有|未)(?:找|催|向)(?:我|过我)?(?:要|催|讨)?过")
#: The words of an interrupting act said without a date (催过我, 我承认过, 还过一部分, 起诉过).
_INTERRUPTION_SAID = re.compile(r"催过|催了|要过|发过(?:函|律师函|催款)|承认|认账|还过|还了一部分|部分还款|重新打|重打|补打"
                                r"|起诉过|告过|申请过仲裁")


def limitation_defence(question: str, facts: Facts, today: date | None, stated: str = "") -> str:
    """The limitation defence of a client asked to pay an old debt or fee ("" when the question is not such a
    claim, or nothing says the claim is older than three years): the claim, or the part of it, older than
    three years with no demand, acknowledgement or suit since is barred (民法典 188, 192), a defence the court
    does not raise by itself (193) — said as a line of its own, with the restart (195) when an act is said."""
    if not _ASKED_TO_PAY.search(question) or not _DEBT_WORDS.search(question):
        return ""
    day = today or datetime.now(tz=CHINA_TZ).date()
    dated = [d for d in facts.dates if d.day <= day]
    due = [d.day for d in dated if d.event == "due"]
    acts = [d.day for d in dated if d.event in events.INTERRUPTING]
    span = _OLD_SPAN.search(question)
    years = cn_number(next(g for g in span.groups() if g)) if span is not None else None
    silent = _NO_INTERRUPTION.search(question) is not None
    said = _INTERRUPTION_SAID.search(re.sub(_NO_INTERRUPTION, "", question)) is not None
    rule = "（民法典第一百八十八条、第一百九十二条）；法院不会主动适用诉讼时效，须由您在一审中明确提出（第一百九十三条）"
    restart = "；但对方催要过或您承认、还过款的，时效从最后一次起重新计算（第一百九十五条）" if said or not silent else ""
    if due:
        last = max([*due, *acts])
        ends = add_years(last, 3)
        if ends >= day:
            return ""
        since = f"自 {cn_date(last)} 起算" if not acts or last not in acts else f"自最后一次中断的 {cn_date(last)} 起算"
        run = "这笔债的诉讼时效已过；" if f"已于 {cn_date(ends)} 届满" in stated else f"按您所述，这笔债的诉讼时效{since}，已于 {cn_date(ends)} 届满；"
        return (f"诉讼时效抗辩：{run}期间对方没有催要、您也没有承认或还款的，您可以以时效已过为由拒绝支付{rule}"
                f"{restart if not acts else ''}。")
    if years is not None and years > 3 and not acts:
        return (f"诉讼时效抗辩：按您所述欠了{int_to_cn(int(years))}年，其中超过三年的部分（起诉前三年以前到期的各期），"
                f"对方一直没有催要、您也没有承认或还款的，诉讼时效已过，您可以拒绝支付这部分{rule}{restart}。")
    return ""


def with_limitation_defence(text: str, question: str, facts: Facts, today: date | None) -> str:
    """``text`` with the limitation defence (:func:`limitation_defence`) right after its first sentence — the
    decisive point, not buried; where the card's own words already name the defence, only the part they lack
    (the court does not raise it: the client must, in the first instance)."""
    line = limitation_defence(question, facts, today, text)
    if not line:
        return text
    if _NO_INTERRUPTION.search(question):
        # the client says no demand was ever made: the reminder that one would restart the period is beside the point
        text = text.replace(f"；{RESTART_NOTE}", "").replace(f"。{RESTART_NOTE}", "")
    if re.search(r"(?:可以|可|有权)(?:提出|主张)(?:诉讼)?时效抗辩", text):
        if "一审" in text:
            return text
        # the card's words name the defence already: only what they lack, after them
        tail = "诉讼时效抗辩须由您在一审中明确提出，法院不会主动适用（民法典第一百八十八条、第一百九十三条）。"
        return f"{text}{tail}" if text.endswith("。") else f"{text}。{tail}"
    head, stop, rest = text.partition("。")
    return f"{head}{stop}{line}{rest}" if stop else f"{text}。{line}"


def _part_deadline(card: Card, part: str, facts: Facts, today: date | None) -> Deadline | None:
    """The deadline a yes/no part's card (or the procedure its words name) runs, when the facts give
    its start or the part asks about time; None otherwise."""
    named = deadline_for(part, card.domain)  # the part's own words; the rest of the question asks its own parts
    when = card.answers.get("by_when")
    own = when.deadline if when is not None else ""
    rule = refine_rule(own if own and (not named or named in GENERAL_RULES) else (named or own),
                       {**facts.values(), **part_flags(part)})
    if not rule:
        return None
    start_event = (when.start if when is not None and when.deadline == rule else "") or START_EVENTS.get(rule, "")
    day = today or datetime.now(tz=CHINA_TZ).date()
    begins = events.start_of(facts.dates, rule, start_event, day)
    clause = asking_clause(part) or part
    if begins is None and not _TIME_WORDS.search(clause) and not _STORY_TIME.search(part):
        # no start known, and neither the asking clause nor the story's time (三年了, 过了半年) is about time — a
        # story's 现在 alone is not: a bare period answers nothing
        return None
    if begins is None and not _ASKS_TIME.search(clause) and not _STORY_TIME.search(part):
        # 还能要赔偿吗, 现在怎么办: "still" is not a question about time — with no start known, a period of the
        # card's (seven days to return goods, on a claim for fraud) answers nothing asked
        return None
    if begins is None and rule in GENERAL_RULES and rule != own:
        # the general three years (一年 for a labour claim) a word such as 告 names, on a card with no such
        # period of its own and no start known: a line that decides nothing asked (a fraud report, a loan made
        # for gambling, a rescission) — the card's own answer stands alone
        return None
    return deadline(rule, start_event=start_event, start=begins.day if begins is not None else None,
                    today=today, contract_months=facts.get("contract_months"),
                    max_penalty_years=facts.get("max_penalty_years"), death_year=facts.get("death_year"),
                    start_label=begins.event if begins is not None else "")


def _timed_yes_no(card: Card, part: str, facts: Facts, today: date | None) -> Deadline | None:
    """The period a yes/no part about time is answered by (see :func:`yes_no_on_time`), or None."""
    if not _TIME_WORDS.search(part):
        return None
    found = _part_deadline(card, part, facts, today)
    if found is None or found.passed is None or found.rule.name in GENERAL_RULES:
        return None
    return found


def yes_no_on_time(card: Card, part: str, facts: Facts, today: date | None) -> str:
    """The yes or no a yes/no part about time (现在还会被追究吗, 还能要吗) takes from its card's period when
    the facts give the last day ("" otherwise): the rule's own words when it has them (追诉期限), else
    whether there is still time."""
    if not _TIME_WORDS.search(part):
        return ""
    found = _part_deadline(card, part, facts, today)
    if found is None or found.passed is None or found.rule.name in GENERAL_RULES:
        return ""
    if found.rule.name in PASSED_WORDS:
        gone, open_ = PASSED_WORDS[found.rule.name]
        return f"{gone if found.passed else open_}。"
    return time_lead(part, found)


def _rule_only(match: PartMatch, question: str, facts: Facts, today: date | None, qtype: str) -> PartAnswer | None:
    """A by-when or how-much part no card decides, whose words name a procedure with a statutory
    period (上诉, 复议, 仲裁, 工伤认定 …) or a figure a calculator computes (误工费, 加班费, 诉讼费 …):
    the rule decides it (a figure only when every input is known); nothing else is claimed."""
    domain = match.best.card.domain if match.best is not None else "general"
    if qtype == "how_much":
        return _calculator_only(match, facts, domain)
    named = deadline_for(match.text, domain, question)
    if not named:
        return None
    answer = Answer("by_when", "{deadline}。", deadline=named, start=START_EVENTS.get(named, ""))
    text, _calculation, found, ask = _fill(answer, facts, today, question=question, asked="by_when")
    text = computed_first(text, "by_when", None, found, today)
    if found is None:
        return None
    basis = [Provision(law, article, "controlling", f"期限为{found.rule.period}", ())
             for law, article in deadline_basis(named)]
    confidence = match.best.confidence if match.best is not None else 0.0
    return PartAnswer(match.text, "by_when", None, confidence, answer, text, None, found, ask, basis=basis)


def _calculator_only(match: PartMatch, facts: Facts, domain: str) -> PartAnswer | None:
    named = computable_for(match.text, domain, facts)
    if not named or named in ("economic_compensation", "unlawful_termination_damages"):
        return None
    calculation = calculate(named, {**facts.values(), **part_flags(match.text)})
    if not calculation.ok or calculation.result is None:
        return None
    answer = Answer("how_much", "{result}。", calculator=named)
    text = f"{calculation.result.name}：{calculation.headline()}。"
    pairs = basis_numbers(calculation.result.legal_basis) or list(CALCULATOR_BASIS.get(named, ()))
    basis = [Provision(law, article, "controlling", "", ()) for law, article in figure_basis(named, pairs)]
    confidence = match.best.confidence if match.best is not None else 0.0
    return PartAnswer(match.text, "how_much", None, confidence, answer, text, calculation, None, "", basis=basis)


def _fill(answer: Answer, facts: Facts, today: date | None, part: str = "", question: str = "", asked: str = ""
          ) -> tuple[str, Calculation | None, Deadline | None, str]:
    """The answer's conclusion with its figure and its deadline filled in, and the one question still needed
    (:func:`part_ask`: never a fact the ``question`` states, never an input the part's type ``asked`` does not
    need)."""
    text = answer.conclusion
    calculation = None
    found_deadline = None
    ask = ""
    if answer.calculator:
        calculation = calculate(refine_calculator(answer.calculator, facts.values()), {**facts.values(), **part_flags(part)},
                                inputs=answer.inputs)
        placed = "{result}" in text
        if calculation.ok and calculation.result is not None:
            figure = calculation.headline() + summed_with(calculation, part, facts)
            clause = figure_clause(calculation.result.name, figure)
            text = text.replace("{result}", figure) if placed else (
                f"{text.rstrip()}{clause}。" if clause else text)
        elif figure_moot(text, part):
            # no figure is owed (不用赔), or the part asks the law's cap the words state (最多赔多少: 18万): asking the
            # client for an amount to compute one would contradict the answer or ask what nobody asked
            text = text.replace("{result}", "")
        else:
            unknown = untold_inputs(calculation.missing, facts, question)
            needs_figure = figure_needed(asked, part)
            ask = part_ask(input_asks(unknown), "how_much", asked, part)
            missing = "、".join(LABELS.get(m, m) for m in unknown) or "计算要素"
            formula = FORMULAS.get(answer.calculator, "")
            rule = f"按{formula}计算；" if formula else ""
            # an input the client stated in words no reader typed is not asked for again, nor is a figure the part
            # does not ask: the rule alone is said
            needed = f"{rule}具体数额需知道您的{missing}后计算" if unknown and needs_figure else (
                f"按{formula}计算" if formula else "")
            text = text.replace("{result}", needed) if placed else (
                f"{text.rstrip()}{needed}。" if calculation.missing and needed else text)
    if answer.deadline:
        # a deadline runs only from a date whose event is its rule's start event (legal/events.py):
        # a hire date, the day money was lent or a date of another event never starts it
        day = today or datetime.now(tz=CHINA_TZ).date()
        rule = refine_rule(answer.deadline, {**facts.values(), **part_flags(part)})  # the employer's thirty days …
        start_event = (answer.start if rule == answer.deadline else "") or START_EVENTS.get(rule, "")
        begins = events.start_of(facts.dates, rule, start_event, day)
        found_deadline = deadline(rule, start_event=answer.start if rule == answer.deadline else start_event,
                                  start=begins.day if begins is not None else None, today=today,
                                  contract_months=facts.get("contract_months"),
                                  max_penalty_years=facts.get("max_penalty_years"),
                                  death_year=facts.get("death_year"),
                                  start_label=begins.event if begins is not None else "")
        if found_deadline is not None:
            said = found_deadline.text()
            if "重新计算" in text:
                said = said.replace(f"；{RESTART_NOTE}", "")  # the card's own words say how the period restarts
            if "{deadline}" in text:
                text = text.replace("{deadline}", said)
            elif found_deadline.ends is not None or not found_deadline.rule.computable:
                text = f"{text.rstrip()}{said}。"
            if found_deadline.ends is None and found_deadline.rule.computable and not start_told(facts, question, today):
                ask = ask or part_ask([events.start_question(facts.dates, rule, start_event)], "by_when", asked, part)
    text = text.replace("{result}", "").replace("{deadline}", "")
    text = re.sub(r"[：:]\s*。", "。", text).replace("：；", "；")
    return text.strip(), calculation, found_deadline, ask


class Cue(NamedTuple):
    """Words that name a deadline rule: ``areas`` limits them to cards of those domains (empty: any);
    a ``fallback`` cue — words that only hint at the rule (a bare 起诉 or 仲裁 in a domain with one
    general time limit, a disposal undone with no debtor named) — names its rule only when no rule's
    other cue is in the words."""

    pattern: re.Pattern[str]
    areas: tuple[str, ...] = ()
    fallback: bool = False


#: The deadline rule a by-when question names by its words, one entry per rule, each with its cues;
#: the first rule with a cue in the words wins, a fallback cue only when no rule's other cue is there.
#: Used when the matched card's answer has no deadline rule for the question, or when the question
#: names a procedure other than the card's.
DEADLINE_CUES: tuple[tuple[str, tuple[Cue, ...]], ...] = (
    ("birth_registration", (Cue(re.compile(r"上户口|报户口|落户口|出生登记|户口.{0,6}(?:上|报|办|登记)"), ()),)),
    ("car_replacement", (Cue(re.compile(r"换车|退车|换新车|换一辆"), ("consumer",)),)),
    ("written_contract_due", (Cue(re.compile(r"合同.{0,12}(?:最晚|最迟|哪天|什么时候|多久)(?:内)?.{0,4}签"
                                             r"|(?:最晚|最迟|哪天|什么时候|多久).{0,8}签.{0,4}合同"), ("labor",)),)),
    ("criminal_appeal_ruling", (
        Cue(re.compile(r"刑事.{0,80}裁定.{0,40}上诉|刑事.{0,80}上诉.{0,10}裁定|上诉.{0,20}刑事裁定"), ()),
        Cue(re.compile(r"裁定.{0,30}上诉|上诉.{0,10}裁定"), ("criminal",)),
    )),
    ("non_filing_review", (Cue(re.compile(r"不予立案|不立案"), ()),)),
    # a legacy to one who is no heir (邻居、保姆、朋友): sixty days to accept it (民法典 1124), not the heirs' three years
    ("legacy_acceptance", (Cue(re.compile(r"遗赠|^(?![\s\S]*(?:我|俺)的?(?:爸|妈|父亲|母亲|爷爷|奶奶|外公|外婆|姥姥|姥爷|老公"
                                          r"|丈夫|妻子|老婆|哥|姐|弟|妹|儿子|女儿|公公|婆婆|岳父|岳母))"
                                          r"[\s\S]*遗嘱[^。？?]{0,30}(?:送给|给|留给)(?:了)?我"), ()),)),
    ("non_prosecution_petition", (Cue(re.compile(r"不起诉.{0,20}(?:申诉|不服)|(?:申诉|不服).{0,20}不起诉"), ()),)),
    ("payment_order_objection", (Cue(re.compile(r"支付令"), ()),)),
    # how long the court has (审限), not how long the client has: a trial's term, an objection's review
    ("summary_trial_term", (Cue(re.compile(r"简易程序.{0,12}(?:多久|多长时间|几个月|期限|审限|什么时候|审结|判)"
                                        r"|(?:多久|多长时间).{0,6}(?:判|审结|结案).{0,10}简易"), ()),)),
    ("ordinary_trial_term", (Cue(re.compile(r"普通程序|(?:多久|多长时间).{0,6}(?:判|审结|结案).{0,10}普通"), ()),)),
    ("enforcement_objection_review", (
        Cue(re.compile(r"执行异议|案外人|(?:执行|查封|冻结|扣押).{0,60}(?:异议|不是被执行人|是我的|我买的|早就.{0,8}买)"), ()),
        Cue(re.compile(r"异议.{0,20}(?:多久|多长时间|几天).{0,6}(?:答复|审查|回复|裁定|结果)"
                    r"|(?:多久|多长时间|几天).{0,4}(?:给|作出|出)?.{0,2}(?:答复|审查结果)"), ("civil_procedure",)),
    )),
    # 发函催他们确认 / 公司说那人没授权: the principal's thirty days to ratify after a demand (民法典 171)
    ("ratification_notice", (Cue(re.compile(r"追认|(?:没|未|无)(?:有)?(?:授权|代理权).{0,60}(?:催|发函|通知|确认)"
                                          r"|(?:催|发函|通知).{0,20}(?:追认|确认).{0,30}(?:多久|什么时候|等到|期限|几天)"), ()),)),
    ("legal_rep_replacement", (Cue(re.compile(r"(?:法定代表人|法人).{0,20}(?:辞|不干|卸任|换人|变更)"
                                            r"|(?:辞|卸任).{0,6}(?:法定代表人|法人)"), ("company",)),)),
    # a gift taken back from a donee who harms or abandons the giver (民法典 663): a ground in the words, no
    # debtor (a gift undone with neither stays the creditor's fallback below)
    ("gift_revocation", (Cue(re.compile(r"^(?![^欠]*欠)(?:.*?)(?:赠与|过户给|送给|白给|给了)了?[^。；]{0,6}"
                                      r"(?:儿子|女儿|孩子|子女|儿媳|女婿|侄子|外甥|孙子|孙女|受赠人)[^。]{0,80}"
                                      r"(?:不管我|不养我|打了?我|打我|骂我|虐待|不赡养|不履行|不照顾|赶出)", re.S), ()),)),
    # how long a court has to rule on a protection order (反家庭暴力法 28), asked in any family dispute
    ("protection_order_decision", (Cue(re.compile(r"保护令.{0,30}(?:多久|几天|多长时间|什么时候|最晚|最迟|结果|下来|批)"
                                                r"|(?:多久|几天|多长时间).{0,12}保护令"), ()),)),
    ("evidence_period", (Cue(re.compile(r"举证期限|举证期|交证据.{0,6}(?:多久|期限|时间)"), ()),)),
    ("lawyer_meeting", (Cue(re.compile(r"律师.{0,12}(?:什么时候|多久|几天|多长时间|最晚|最迟).{0,6}(?:见|会见)"
                                       r"|会见.{0,8}(?:多久|什么时候|几天|最晚|最迟)"), ()),)),
    ("defence_period", (Cue(re.compile(r"答辩(?:状|期)?.{0,10}(?:几天|多少天|多久|期限|最晚|哪天|什么时候)"
                                       r"|(?:几天|多少天|多久|最晚|哪天).{0,8}答辩"), ()),)),
    ("retrial_application", (Cue(re.compile(r"再审"), ()),)),
    ("no_limitation", (Cue(re.compile(r"(?:抚养费|赡养费|扶养费|知情权|查账|查阅).{0,40}(?:时效|过了时间|过期|要不回|超过)"
                                 r"|(?:时效|过了时间|要不回).{0,20}(?:抚养费|赡养费)"), ()),)),
    ("family_notice", (Cue(re.compile(r"通知(?:家属|家里|我们)|家(?:属|里).{0,10}(?:通知|收到)"), ()),)),
    ("award_revocation", (Cue(re.compile(r"终局裁决|撤销.{0,6}裁决"), ("labor",)),)),
    ("construction_priority", (Cue(re.compile(r"(?:工程款|工程价款|施工方|承包人|承包方).{0,40}优先(?:受偿)?权?"
                                         r"|优先受偿权.{0,20}(?:工程|施工)"), ()),)),
    ("tour_shopping_return", (Cue(re.compile(r"(?:导游|旅行社|跟团|旅游团|报团).{0,60}(?:购物|店|买)"), ()),)),
    ("reduction_creditor_claim", (Cue(re.compile(r"减资.{0,60}(?:期限|多久|最晚|哪天|来得及)"
                                            r"|(?:公告|通知).{0,10}减资.{0,60}(?:还钱|清偿|担保|期限)"), ()),)),
    ("criminal_detention", (Cue(re.compile(r"(?:报捕|批捕|逮捕|提请).{0,24}检察院.{0,12}(?:决定|结果|答复|回复)"
                                      r"|检察院.{0,12}(?:批不批|批没批|批准逮捕|决定.{0,4}(?:批|捕))|批不批捕|批捕.{0,6}(?:结果|决定)"), ()),)),
    ("arrest_request", (Cue(re.compile(r"提请(?:批捕|逮捕)|报捕|(?:公安|派出所).{0,10}(?:提请|报)"), ()),)),
    ("investigation_custody", (Cue(re.compile(r"(?<!没)(?<!没说)(?<!没有)(?<!未)(?<!不)(?:逮捕|批捕).{0,20}(?:关多久|羁押|多久|多长)"
                                         r"|(?:逮捕|批捕).{0,30}(?:公安|警察).{0,16}(?:移送|移交)"
                                         r"|侦查羁押"), ()),)),
    ("prosecution_review", (Cue(re.compile(r"审查起诉|起不起诉|移送.{0,6}检察院"), ()),)),
    ("victim_protest_request", (Cue(re.compile(r"抗诉"), ()),)),
    ("prosecution_limitation", (Cue(re.compile(r"追诉|追究.{0,6}(?:期|时效)|(?:还会|还能|会不会).{0,4}(?:被)?(?:追究|抓|判)"), ()),)),
    ("reduction_notice", (Cue(re.compile(r"通知债权人"), ()),)),
    ("dividend_payment", (Cue(re.compile(r"(?:分红|分配利润|利润分配).{0,30}(?:最晚|什么时候|多久|哪天|期限)|(?:最晚|什么时候|多久).{0,8}(?:分红|分配|分钱|打钱)"),
     ("company",)),)),
    ("reduction_announcement", (Cue(re.compile(r"公告"), ("company",)),)),
    ("shareholder_meeting_notice", (Cue(re.compile(r"(?:提前|最晚|最迟|哪天|几天|多少天|多久).{0,6}通知(?!债权人)"
                                              r"|通知.{0,8}(?:时间|提前|几天|多少天)"), ("company",)),)),
    ("equity_preemption", (Cue(re.compile(r"(?:股权|股份).{0,20}(?:卖|转让).{0,30}(?:答复|回复|回)|优先购买.{0,10}股"), ()),)),
    ("capital_contribution", (Cue(re.compile(r"缴足|实缴|认缴.{0,10}(?:期限|年)|出资.{0,10}(?:期限|最晚)"), ()),)),
    ("advance_registration", (Cue(re.compile(r"预告登记"), ()),)),
    ("title_certificate_due", (Cue(re.compile(r"(?:办证|房本|产权证|不动产权证|房产证).{0,20}(?:最晚|哪天|期限|多久)|(?:最晚|哪天).{0,10}办好"), ()),)),
    ("lease_max_term", (Cue(re.compile(r"租期.{0,10}(?:最多|最长)|(?:最多|最长).{0,6}租|(?:二十|三十|20|30|50)年的?租"), ()),)),
    ("separation_after_judgment", (Cue(re.compile(r"分居.{0,12}(?:多久|什么时候|到什么时候|哪天|满)"), ("marriage_family",)),)),
    ("birth_divorce_bar", (Cue(re.compile(r"(?:生了|生完|出生|分娩|生孩子|怀孕).{0,30}(?:离婚|起诉)"), ()),)),
    ("resignation_notice", (Cue(re.compile(r"辞职|不想干|提离职|能走|走人"), ("labor",)),)),
    ("arbitration_award_time", (Cue(re.compile(r"(?:多久|多长时间|什么时候|几天).{0,6}(?:出|作出|下|给)?.{0,2}(?:裁决|结果)"
                                          r"|(?:裁决|结果).{0,8}(?:多久|多长时间)"
                                          r"|(?:立案|受理)(?:以后|后|之后|了).{0,8}(?:多久|多长时间|几天|什么时候).{0,6}(?:结果|裁决|出)"),
     ("labor",)),)),
    ("accident_review", (Cue(re.compile(r"复核"), ("traffic_accident",)),)),
    ("preservation_suit", (Cue(re.compile(r"保全|冻结|冻住|查封"), ()),)),
    ("non_compete_term", (Cue(re.compile(r"竞业"), ("labor",)),)),
    ("layoff_notice", (Cue(re.compile(r"裁员|裁减|裁人"), ("labor",)),)),
    ("marriage_revocation_duress", (Cue(re.compile(r"(?:逼|胁迫|被迫|强迫).{0,30}(?:结婚|嫁|娶)|撤销.{0,6}婚姻.{0,20}(?:逼|胁迫)"), ()),)),
    ("marriage_revocation_disease", (Cue(re.compile(r"撤销.{0,6}婚姻|婚姻.{0,6}撤销|(?:隐瞒|没告诉|没说).{0,20}(?:病|疾病)"),
     ("marriage_family",)),)),
    ("divorce_resuit", (Cue(re.compile(r"(?:没判|不准|不判|驳回).{0,8}离.{0,30}(?:再|重新).{0,6}(?:起诉|告)|再次起诉离婚|再起诉离婚"), ()),)),
    ("creditor_revocation", (
        Cue(re.compile(r"(?:欠我|欠了我|欠钱|欠款|债务人|老赖).{0,80}(?:卖给|卖了|贱卖|低价|转让|过户|送给|赠与|放弃)"
                                       r".{0,40}撤(?:销|掉|回)"), ()),
        # a disposal undone without a debtor in the words: only when no other revocation is named
        Cue(re.compile(r"(?:赠与|白送|送给|转让|低价|放弃|过户).{0,40}撤销|撤销.{0,10}(?:赠与|转让|放弃|过户)"), (), fallback=True),
    )),
    ("mistake_revocation", (Cue(re.compile(r"写错|错写|重大误解|搞错|弄错|看错|误解|打成了?[\d.]|打错|输错|标错|理解错|理解成|"
                                           r"记错|听错|算错|选错|买错|订错|下错单|填错|笔误"), ()),)),
    ("voidable_revocation", (
        Cue(re.compile(r"(?:合同|买卖|协议|交易).{0,6}(?:能|可以|可不可以|能不能)撤销|撤销.{0,6}(?:合同|买卖|协议)"),
     ("contract", "real_estate", "consumer")),
        Cue(re.compile(r"(?:欺诈|显失公平|被(?:人|他|她|对方)?骗|胁迫|忽悠).{0,30}撤销|撤销.{0,20}(?:欺诈|显失公平)"), ()),
    )),
    ("rescission_period", (Cue(re.compile(r"解除权|解除合同.{0,12}(?:来得及|期限|多久|时间|还能)|(?:来得及|还能).{0,8}解除"), ()),)),
    ("share_buyback_suit", (Cue(re.compile(r"回购|收购.{0,6}股权|(?:反对票|投反对).{0,40}(?:起诉|法院)"), ()),)),
    ("preemption_reply", (Cue(re.compile(r"优先购买|(?:卖房|卖房子|出售|要卖).{0,20}(?:买不买|答复)"), ()),)),
    ("reconsideration_decision", (Cue(re.compile(r"复议(?:机关)?.{0,10}(?:多长时间|多久|几天|多少天).{0,6}(?:结果|决定|答复|出)"
                                            r"|复议.{0,24}受理.{0,30}(?:最晚|什么时候|多久|多长时间|几天|哪天).{0,10}(?:决定|结果|答复)"), ()),)),
    ("injury_leave", (Cue(re.compile(r"停工留薪"), ()),)),
    ("trademark_renewal", (Cue(re.compile(r"续展|商标.{0,10}(?:到期|过期)"), ()),)),
    ("copyright_term", (Cue(re.compile(r"(?:著作权|版权|作品|小说|书|歌).{0,30}(?:去世|过世|死)|(?:去世|过世).{0,30}(?:授权|版权|著作权)"), ()),)),
    ("probation_max", (Cue(re.compile(r"试用期"), ("labor",)),)),
    ("criminal_appeal_judgment", (
        Cue(re.compile(r"刑事判决.{0,40}上诉|上诉.{0,20}刑事判决"), ()),
        Cue(re.compile(r"上诉"), ("criminal",)),
    )),
    ("civil_appeal_ruling", (Cue(re.compile(r"裁定.{0,20}上诉|上诉.{0,10}裁定"), ()),)),
    ("civil_appeal_judgment", (Cue(re.compile(r"上诉"), ()),)),
    ("bail_max", (Cue(re.compile(r"取保"), ()),)),
    ("surveillance_max", (Cue(re.compile(r"监视居住"), ()),)),
    ("consumer_return", (Cue(re.compile(r"退货|无理由|退掉|退款"), ("consumer",)),)),
    ("labor_award_suit", (Cue(re.compile(r"裁决.{0,30}(?:起诉|法院)|(?:起诉|法院).{0,20}裁决"), ("labor",)),)),
    ("admin_litigation_after_reconsideration", (Cue(re.compile(r"复议决定.{0,40}(?:起诉|法院|告)"), ()),)),
    ("admin_litigation", (
        Cue(re.compile(r"(?:不想|不|没|不用)复议.{0,20}(?:起诉|法院|告(?!诉|知))"), ()),
        Cue(re.compile(r"直接.{0,6}(?:起诉|去法院|告(?!诉|知))"), ("administrative", "demolition")),
        Cue(re.compile(r"起诉|法院|告(?!诉|知)"), ("administrative", "demolition"), fallback=True),
    )),
    ("admin_reconsideration", (Cue(re.compile(r"复议"), ("administrative", "demolition")),)),
    ("fine_payment", (Cue(re.compile(r"(?:缴纳|去交|没交|要交|得交|没缴)罚款|罚款.{0,8}(?:缴纳|没交|要交|得交|怎么交|没去交)|哪天交|最晚.{0,4}交(?!警)"),
     ("administrative",)),)),
    ("work_injury_application_employer", (Cue(re.compile(r"(?:我们|我|本)(?:公司|单位|厂).{0,20}(?:申请|报).{0,4}工伤"), ()),)),
    ("work_injury_application", (Cue(re.compile(r"工伤.{0,10}(?:申请|认定)|(?:申请|认定).{0,6}工伤"), ()),)),
    ("enforcement_application", (Cue(re.compile(r"强制执行|申请执行"), ()),)),
    ("labor_arbitration", (Cue(re.compile(r"仲裁|劳动"), ("labor",), fallback=True),)),
    ("civil_limitation", (Cue(re.compile(r"起诉|告(?!诉|知)|时效|要回|追讨|讨要|还来得及|过期"),
     ("debt", "contract", "tort", "traffic_accident", "personal_injury", "consumer", "real_estate", "medical",
      "security_interest", "construction", "general"), fallback=True),)),
)


#: Periods an authority has to decide (an award, a judgment, an objection): named only by the part that asks.
PART_ONLY_RULES = frozenset({"arbitration_award_time", "summary_trial_term", "ordinary_trial_term",
                             "reconsideration_decision"})


def deadline_for(text: str, domain: str, context: str = "") -> str:
    """The deadline rule ``text`` (the part; then ``context``, the whole question) names for a card of
    ``domain`` ("" when it names none). A procedure the part itself names (申请复议最晚哪天) wins over one
    the rest of the question names (要是直接去法院告呢); otherwise the more specific procedure wins,
    wherever it is named."""
    own = _named_rule(domain, lambda pattern: bool(pattern.search(text)))
    if own and own not in GENERAL_RULES:
        return own
    return _named_rule(domain, lambda pattern: bool(pattern.search(text) or (context and pattern.search(context + text))),
                       skip=PART_ONLY_RULES)  # how long an authority takes is asked in the part's own words


def _named_rule(domain: str, found: Callable[[re.Pattern[str]], bool], skip: frozenset[str] = frozenset()) -> str:
    """The first rule of :data:`DEADLINE_CUES` with a cue ``found`` for ``domain``; fallback cues only after
    every rule's others."""
    for fallback in (False, True):
        for name, cues in DEADLINE_CUES:
            if name not in skip and any(cue.fallback is fallback and (not cue.areas or domain in cue.areas)
                                        and found(cue.pattern) for cue in cues):
                return name
    return ""


#: The calculator a how-much part names by its words (first match wins; ``areas`` as above).
CALCULATOR_CUES: tuple[tuple[str, re.Pattern[str], tuple[str, ...]], ...] = (
    ("work_death_lump_sum", re.compile(r"工亡补助金"), ()),
    ("compensation_years", re.compile(r"(?:死亡赔偿金|残疾赔偿金|赔偿金).{0,8}(?:多少年|几年)|(?:多少年|几年).{0,6}(?:死亡|残疾)赔偿金"), ()),
    # 我能分多少 of a dividend by paid-in shares: the share of the profit, not the capital still unpaid
    ("profit_distribution", re.compile(r"分红|(?:利润|盈利).{0,12}分(?:配|多少|得)|分(?:多少|得).{0,4}(?:利润|红)"
                                       r"|(?:利润|盈利|分配).{0,24}(?:我|能)分多少"), ("company",)),
    ("unpaid_capital", re.compile(r"认缴.{0,30}实缴|实缴.{0,30}认缴|(?:补|缴)(?:多少|足)|没缴(?:的|足)|未缴"), ("company",)),
    ("hospital_meal_allowance", re.compile(r"伙食补助|住院.{0,10}(?:吃饭|伙食|饭钱|餐费|饭费)|(?:吃饭|伙食|饭)的?(?:钱|费)"), ()),
    ("overdue_return_rent", re.compile(r"(?:到期|期满|届满|租期|说好用到).{0,24}(?:不搬|没搬|不走|赖着|不还|没还|才还|才搬|拖到|多住|多用|超期)"
                                       r"|多出来的.{0,4}(?:天|个月)|多(?:住|用|占)了|超期|占用费|占有使用费"), ()),
    ("patent_term", re.compile(r"专利.{0,12}(?:多少年|多久|几年|期限|保护期)|(?:多少年|多久|几年).{0,6}专利"), ()),
    ("principal_with_interest", re.compile(r"连本带息|本息"), ()),
    ("no_interest", re.compile(r"借期内.{0,10}利息|利息.{0,6}借期内"), ()),
    ("betrothal_return", re.compile(r"彩礼"), ()),
    ("fine_surcharge_cap", re.compile(r"加处罚款|滞纳金"), ()),
    ("lease_settlement", re.compile(r"押金.{0,6}(?:抵|扣)|(?:抵|扣)(?:掉|了|完)?押金"), ()),
    ("profit_distribution", re.compile(r"法定公积金|提.{0,4}公积金|分红|分配利润|分给股东"), ()),
    ("dependant_support", re.compile(r"被扶养人"), ()),
    ("compulsory_insurance", re.compile(r"交强险.{0,12}(?:医药费|医疗费)|(?:医药费|医疗费).{0,20}交强险"), ()),
    ("probation_excess", re.compile(r"试用期.{0,20}(?:超|违法|多约定)"), ()),
    ("probation_wage_min", re.compile(r"试用期.{0,10}(?:工资|给我|发)"), ()),
    ("lending_cost_cap", re.compile(r"违约金|罚息|服务费|手续费|管理费|咨询费|其他费用"), ("debt",)),
    ("restitution", re.compile(r"(?:撤销|无效|解除|退掉|不成立).{0,12}(?:退|返还|拿回|要回).{0,6}(?:多少|几)"), ()),
    ("set_off", re.compile(r"抵销|抵消|互相抵|抵了|抵完|对冲|相互抵"), ()),
    # how heavy the sentence of a theft or a fraud of the amount said (刑法 264, 266 and their interpretations)
    ("sentence_band", re.compile(r"判(?:几年|多久|多少年|多长时间|什么刑|刑)|(?:坐|蹲)(?:几年|多久|多少年)|量刑|怎么判|"
                                 r"关(?:几年|多久)|刑期|多重的刑|什么罪.{0,6}判"), ("criminal",)),
    # a house bought before the marriage and repaid together after it (婚姻家庭编解释（一）78)
    ("joint_repayment_compensation", re.compile(r"(?:婚前|结婚前).{0,30}(?:首付|按揭|贷款|房贷|买)"
                                                r".{0,40}(?:婚后|结婚后).{0,12}(?:还|还贷)|共同还贷|一起还贷"),
     ("marriage_family",)),
    ("treble_damages", re.compile(r"忽悠|虚假宣传|以假充真|冒充|掺假|镀金|假冒|说是.{0,12}(?:其实|结果|实际|检测|鉴定)"), ("consumer",)),
    ("late_payment_loss", re.compile(r"逾期付款|拖欠.{0,4}(?:货款|价款)|(?:货款|价款).{0,20}(?:逾期|拖了|拖欠)"), ()),
    ("fee_arrears", re.compile(r"物业费"), ()),
    ("installment_threshold", re.compile(r"分期.{0,60}(?:一次性|全部|剩下|剩余|全款|解除)"), ()),
    ("guarantor_share", re.compile(r"(?:另一个|另外一个|其他|别的)(?:担保人|保证人)"), ()),
    ("guarantor_recourse", re.compile(r"(?:担保人|保证人|担保|作保).{0,60}(?:找他|找借款人|向他|向借款人|追偿|要回|讨回)"), ("debt",)),
    ("prepaid_refund", re.compile(r"跑路|关门|倒闭|退卡|剩下的课|剩余课|退多少|能退|想退|要退"), ()),
    ("prepaid_balance", re.compile(r"跑路|关门|倒闭|退卡|充值|充了|余额|办的卡|储值"), ()),
    ("tenfold_damages", re.compile(r"十倍|(?:过期|过了期|过了保质期|变质|食物中毒)"), ()),
    ("treble_damages", re.compile(r"三倍|退一赔三|假货|翻新|以次充好|欺诈"), ()),
    ("defect_punitive", re.compile(r"惩罚性赔偿"), ()),
    ("nursing_fee", re.compile(r"护理费"), ()),
    ("child_support", re.compile(r"抚养费"), ()),
    ("maternity_leave", re.compile(r"产假"), ()),
    # a term the law fixes or computes from the sentence (刑法 38、42、45、69、73; 道路交通安全法 91)
    ("concurrent_sentence", re.compile(r"数罪|并罚|(?:两|三|四|几|[2-9])(?:个|项)罪|(?:一共|合并|总共|加起来|最多|最少)"
                                       r".{0,6}(?:判|执行|坐|关)|执行.{0,4}(?:多少年|几年|多久)"), ("criminal",)),
    ("probation_term", PROBATION_ASKED, ()),
    ("statutory_term", re.compile("|".join(f"(?:{t.asked.pattern})" for t in STATUTORY_TERMS)), ()),
    ("sentence_credit", re.compile(r"折抵|抵(?:多少|几天)|还要(?:再)?(?:坐|关)|还.{0,2}(?:坐|关)多久"), ()),
    ("training_penalty", re.compile(r"服务期|培训费"), ()),
    ("wage_deduction_cap", re.compile(r"(?:从工资|工资里|工资中).{0,6}扣|扣.{0,4}工资|最多能扣"), ()),
    ("small_claims_limit", re.compile(r"小额诉讼"), ()),
    ("delayed_performance_interest", re.compile(r"迟延履行|加倍.{0,4}利息|迟延.{0,12}利息|拖了.{0,12}(?:才)?执行"), ()),
    ("liberty_compensation", re.compile(r"国家赔偿|日平均工资"), ()),
    ("profit_distribution", re.compile(r"分红|分配利润|利润.{0,6}分|分给股东"), ()),
    ("unemployment_benefit_period", re.compile(r"失业金|失业保险"), ()),
    ("lease_refund", re.compile(r"押金"), ()),
    # how much of a deposit counts as one (定金数额不超过标的额 20%: 3万里算定金的是多少): the cap, not the double return
    ("deposit_cap", re.compile(r"(?:算|是|属于|当)(?:作)?定金的(?:是|有)?多少|多少.{0,4}(?:算|是|属于)定金|都算定金"
                               r"|定金.{0,6}(?:上限|最多(?:能)?(?:约定|收|交|定)|超(?:过|出)(?:的)?部分)"), ()),
    ("deposit_return", re.compile(r"定金"), ()),
    ("estate_debt_limit", re.compile(r"(?:替|帮|要).{0,4}还|还.{0,6}(?:债|欠款)"), ("marriage_family",)),
    ("inheritance_share", re.compile(r"(?:分|继承|拿)(?:到)?多少|怎么分|分多少"), ("marriage_family",)),
    ("actual_principal", re.compile(r"本金"), ("debt",)),
    ("damages_by_share", re.compile(r"医药费|医疗费|误工费|要赔我|赔我多少|他要赔|对方.{0,6}赔|花了|发票|费用|(?:我|还)(?:还)?(?:得|要|需要)赔(?:多少|几)|最多(?:要|得)?赔(?:多少|几)"),
     ("personal_injury", "tort", "traffic_accident", "medical")),
    ("funeral_expenses", re.compile(r"丧葬费"), ()),
    ("disability_compensation", re.compile(r"残疾赔偿金"), ()),
    ("death_compensation", re.compile(r"死亡赔偿金"), ()),
    ("injury_disability_lump_sum", re.compile(r"伤残补助金"), ()),
    ("lost_earnings", re.compile(r"误工费"), ()),
    ("overtime_pay", re.compile(r"加班费|加班工资"), ()),
    ("annual_leave_pay", re.compile(r"年假|年休假"), ()),
    ("leave_entitlement", re.compile(r"(?:年假|年休假).{0,12}(?:几天|多少天|只有|应该有|该有|少了|有多少|对不对|够不够)"
                                     r"|(?:几天|多少天).{0,6}(?:年假|年休假)"), ()),
    ("double_wage", re.compile(r"(?:没|未|不)签.{0,4}(?:合同|和同)|二倍工资|双倍工资"), ()),
    ("litigation_fee", re.compile(r"诉讼费|受理费|上诉费|简易程序.{0,10}减半|减半"), ()),
    # interest up to today on a loan past its day (利息算到今天是多少, 到现在拖了这么久的利息): the overdue interest
    ("overdue_interest", re.compile(r"逾期利息|利息.{0,6}(?:算到|到今天|到现在|至今|到目前)|(?:算到|到)(?:今天|现在|目前)"
                                    r".{0,8}利息|(?:逾期|拖欠|拖了|过期).{0,10}利息"), ()),
    ("interest_cap", re.compile(r"利息|利率"), ("debt",)),
    ("daily_penalty", re.compile(r"违约金"), ()),
    ("non_compete_compensation", re.compile(r"竞业"), ("labor",)),
    ("unlawful_termination_damages", re.compile(r"违法解除|违法辞退|赔偿金"), ("labor",)),
    ("economic_compensation", re.compile(r"经济补偿|补偿金|补偿"), ("labor",)),
    # the wages owed: only when no other figure of the question is named (补偿 with unpaid wages is 第三十八条's)
    ("wage_arrears", re.compile(r"(?:拖欠|欠|拖|压|没发|不发|克扣).{0,6}(?:工资|工钱|薪水|薪资)"
                                r"|(?:工资|工钱|薪水).{0,6}(?:拖欠|拖了|欠了|没发|不发)|欠薪|加付赔偿金"), ("labor",)),
)


#: A part asking the total of figures it names (经济补偿加二倍工资一共多少, 本金和逾期利息加起来, 连同欠薪总共).
_SUM_ASKED = re.compile(r"(?:加|和|再加|连同|以及|外加|跟|与|还有|\+).{0,14}(?:一共|总共|合计|加起来|总计|共计|加在一起)"
                        r"|(?:一共|总共|合计|加起来|总计|共计|加在一起).{0,4}(?:能|可以|要|得)?.{0,2}(?:多少|几)")
#: Figures of one kind that are never added together (赔偿金 replaces 经济补偿; the interest figures overlap).
_SAME_KIND = (frozenset({"economic_compensation", "unlawful_termination_damages"}),
              frozenset({"interest_cap", "overdue_interest", "principal_with_interest", "lending_cost_cap",
                         "lending_cost_ceiling", "no_interest", "actual_principal"}))


def summed_with(calculation: Calculation, part: str, facts: Facts) -> str:
    """The total a part asks of the figures it names (经济补偿加二倍工资一共多少): each other figure its words name and
    the facts compute, added to ``calculation``'s, as a sentence ("" when the part asks no total or names one)."""
    main = calculation.result
    if main is None or main.amount is None or not part or not _SUM_ASKED.search(part):
        return ""
    areas = next((a for name, _p, a in CALCULATOR_CUES if name == calculation.name and a), ())
    # the figures the part names, of the main figure's area (any area when the main figure's cue has none)
    named = [name for name, pattern, cue_areas in CALCULATOR_CUES
             if (not areas or not cue_areas or set(cue_areas) & set(areas)) and pattern.search(part)]
    values = {**facts.values(), **part_flags(part)}
    added: list[tuple[str, Decimal]] = []
    taken = {calculation.name}
    for name in dict.fromkeys(named):
        if name in taken or any(name in kind and taken & kind for kind in _SAME_KIND):
            continue
        other = calculate(refine_calculator(name, facts.values()), values)
        if other.ok and other.result is not None and other.result.amount is not None:
            added.append((other.result.name, other.result.amount))
            taken.add(name)
    if not added:
        return ""
    total = main.amount + sum(amount for _n, amount in added)
    parts = " + ".join(f"{name} {yuan(amount)}" for name, amount in [(main.name, main.amount), *added])
    return f"；合计 {parts} = {yuan(total)}"


def calculator_for(text: str, domain: str) -> str:
    """The calculator ``text`` names for a card of ``domain`` ("" when it names none)."""
    named = calculators_for(text, domain)
    return named[0] if named else ""


def calculators_for(text: str, domain: str) -> list[str]:
    """Every calculator ``text`` names for a card of ``domain``: those its asking clause names first (误工费能要多少 after
    a story of 单位扣了我工资; 经济补偿多少 after 没签合同 — the figure asked, not one the story mentions), then the
    rest; the most specific first within each."""
    named = [(name, pattern) for name, pattern, areas in CALCULATOR_CUES
             if (not areas or domain in areas) and pattern.search(text)]
    asked = asking_clause(text)
    first = [name for name, pattern in named if asked and asked != text and pattern.search(asked)]
    return list(dict.fromkeys([*first, *(name for name, _pattern in named)]))


def computable_for(text: str, domain: str, facts: Facts) -> str:
    """The first calculator ``text`` names whose inputs ``facts`` all give ("" for none): 跑路 names a
    prepaid card, 定金 a deposit; the one the client's numbers compute answers."""
    values = {**facts.values(), **part_flags(text)}
    return next((name for name in calculators_for(text, domain) if calculate(name, values).ok), "")


def _own_answer(part: str, text: str, asked: str, chosen: Answer, earlier: Sequence[PartAnswer],
                calculation: Calculation | None, found: Deadline | None) -> str:
    """The part's conclusion answering the part itself (legal/focus.py): a later part given the same
    answer of the same card as an earlier part is led by the sentence about its own words; a part asking
    how much or by when, given a words-only answer of another type, by the sentence stating a measure or
    a period."""
    repeated = any(p.card is not None and p.answer is not None and p.answer.conclusion == chosen.conclusion
                   for p in earlier)
    computed = (calculation is not None and calculation.ok) or (found is not None and found.ends is not None)
    return own_answer(part, text, asked, earlier=[p.part for p in earlier], repeated=repeated, answered=chosen.qtype,
                      computed=computed and asked in ("how_much", "by_when"))


def digits_except(text: str, kept: Sequence[str]) -> str:
    """``text`` with its figures in digits (:func:`figures_in_digits`), except inside the first of ``kept`` it holds."""
    words = next((k for k in kept if k and k in text), "")
    return words.join(figures_in_digits(piece) for piece in text.split(words)) if words else figures_in_digits(text)


def copied_from(asked: str, chosen: Answer, earlier: Sequence[PartAnswer]) -> int:
    """The number (from 1) of the earlier part given the same answer of the same card, when that answer is of
    another type than this part asks (a yes/no part handed the period of the part before it, a how-much part
    handed the yes/no before it) and nothing in it speaks of this part (the caller: :func:`_own_answer` left it
    as it was); 0 otherwise — a part given its own type's answer keeps it."""
    if not asked or chosen.qtype == asked or (asked, chosen.qtype) in _SAME_ANSWER:
        return 0
    return next((i for i, p in enumerate(earlier, start=1)
                 if p.card is not None and p.answer is not None and p.answer.conclusion == chosen.conclusion), 0)


#: Question types one answer serves alike (whether an act is allowed is whether it is lawful).
_SAME_ANSWER = frozenset({("yes_no", "valid"), ("valid", "yes_no")})


#: How the answer of a part whose card answers only an earlier part opens.
COPIED_HEAD = "无法单独判断"


def copied_text(number: int, asked: str, card: Card) -> str:
    """What a part whose card answers only an earlier part (:func:`copied_from`) says instead of a copy."""
    return (f"{COPIED_HEAD}{QTYPE_WORDS.get(asked, '这一问')}：这一问与第{number}问落在同一要点（“{card.title}”），"
            f"但该要点的结论只回答第{number}问。以下不作为结论，请律师核对。")


QTYPE_WORDS = {"yes_no": "能不能", "valid": "是否合法或有效", "how_much": "具体数额", "by_when": "期限",
               "which": "属于哪种罪名或案由", "forum": "去哪里、走什么程序", "what_to_do": "下一步怎么做",
               "liability": "要承担什么责任或后果"}


def undecided_text(match: PartMatch, qtype: str, facts: Facts | None = None, question: str = "") -> str:
    """What could not be decided, and the fact or area that would decide it (the first of the nearest
    card's element questions whose fact the question does not already give)."""
    asked = QTYPE_WORDS.get(qtype, "这一问")
    scores = match.scores[:2]
    if not scores:
        return (f"无法判断{asked}：系统没有找到与这一问对应的法律问题。请补充：发生了什么、对方是谁（单位、"
                "个人还是机关）、您希望达到什么结果。")
    top = scores[0].card
    head = f"无法可靠判断{asked}：这一问最接近“{top.title}”，但把握不足"
    if len(scores) > 1 and scores[1].card.area_label() != top.area_label():
        head += f"（也可能是“{scores[1].card.title}”）"
    need = element_ask(top.elements, facts, question)
    tail = f"。若是“{top.title}”，需要先确认：{need.rstrip('？?。')}" if need else "。请补充发生了什么、对方是谁、您希望达到什么结果"
    decides = deciding_question(top, scores[1].card, question, match.text) if len(scores) > 1 else ""
    if decides:
        # unsure between two neighbouring cards that differ on one typed fact: that fact is the one question
        also = "" if "也可能是" in head else f"（也可能是“{scores[1].card.title}”）"
        tail = f"{also}。两者要看一个事实：{decides.rstrip('？?。')}"
    return f"{head}{tail}。以下不作为结论，请律师核对。"


#: A sentence compared with another: its Chinese, letters and digits only (punctuation, spaces and bold dropped).
_NOT_WORDS = re.compile(r"[^\u4e00-\u9fffA-Za-z0-9]")
#: A sentence shorter than this (normalised) is a bare yes or no (可以。), never a copy.
_COPY_MIN = 8


def _same_words(sentence: str) -> str:
    """``sentence`` as compared for a copy: figures in digits (十倍 = 10倍), then only its words and digits."""
    return _NOT_WORDS.sub("", figures_in_digits(sentence))


def own_topic_text(lines: Sequence[str], card: Card, question: str, earlier: Sequence[str] = (), *,
                   keep_first: bool = False, cards: Sequence[Card] | None = None) -> list[str]:
    """``lines`` (a part's sentences, or a card's risk notes and steps) filtered by the part's own topic
    (docs/decisions/card-lint.md): a line that speaks of another card's topic (:mod:`legal.cardlint`'s
    distinctive-word measure over ``cards``, the shipped cards by default) is dropped when ``question`` does
    not speak of that topic — the card was matched for its own —, and a line an earlier part already gave
    (``earlier``: those parts' texts, compared normalised) is dropped. ``keep_first``: the first line of
    some length (a conclusion's answer, led by its yes or no) is kept whatever it says."""
    index = topic_index(cards if cards is not None else _cardfile.shipped_cards())
    said = {_same_words(s) for text in earlier for s in lint_sentences(text)}
    kept: list[str] = []
    lead = keep_first
    for line in lines:
        key = _same_words(line)
        if len(key) < _COPY_MIN:
            kept.append(line)  # a bare yes or no
            continue
        if lead:
            lead = False
            kept.append(line)  # what answers the part leads, even where an earlier part said it too
            continue
        if key in said:
            continue  # an earlier part's sentence, word for word
        if any(not index.speaks_of(question, home, [word]) for word, home in index.foreign(card, line)):
            continue  # another card's topic, which the question does not speak of
        kept.append(line)
    return kept


def _own_topic_part(text: str, card: Card, question: str, earlier: Sequence[PartAnswer]) -> str:
    """A part's conclusion through :func:`own_topic_text`, sentence by sentence; where it drops an earlier
    part's sentences, the part says which part holds the rest rather than repeating it. The sentence that
    leads it (what answers it: its own clause, the figure or the day it asks) stays with it."""
    pieces = lint_sentences(text)
    kept = own_topic_text(pieces, card, question, [p.text for p in earlier], keep_first=True)
    if len(kept) == len(pieces):
        return text
    joined = _closed("".join(kept).strip())
    dropped = {_same_words(s) for s in pieces if s not in kept}
    number = next((i for i, p in enumerate(earlier, start=1)
                   if dropped & {_same_words(s) for s in lint_sentences(p.text)}), 0)
    return f"{joined}其余同第{number}问的回答（见上）。" if number else joined


def _closed(text: str) -> str:
    """``text`` ending on a full stop, not on the semicolon or comma a dropped sentence left."""
    return text[:-1] + "。" if text.endswith(("；", "，", "：")) else text


def compose(question: str, matches: Sequence[PartMatch], *, facts: Facts | None = None, today: date | None = None,
            article_text: Callable[[str, int], str] | None = None, offline: bool = True,
            found: Collection[tuple[str, int | str]] = (), across: bool = True) -> Composition:
    """The answer to ``question`` from the matched cards (``matches`` from the matcher). ``found``: the
    articles a plain statute search finds for the question (support for a citation, :func:`supported`).
    ``across``: no sentence said in two parts (:func:`said_once`) — off while :func:`legal.engine.compose_parts`
    still routes a part that repeats an earlier one to its next-best card, which it then applies itself."""
    facts = facts if facts is not None else extract_facts(question, today=today)
    parts: list[PartAnswer] = []
    for match in matches:
        # the part's own type (an elided part, 那押金呢, asks again what the part before it asked: the matcher's)
        qtype = getattr(match, "qtype", "") or question_type(match.text) or question_type(question)
        best = match.best
        if (not match.decided or best is None) and qtype in ("by_when", "how_much") and match.scores:
            ruled = _rule_only(match, question, facts, today, qtype)
            if ruled is not None:
                parts.append(ruled)
                continue
        if (not match.decided or best is None) and qtype == "yes_no" and match.scores and not _TIME_WORDS.search(
                match.text):
            # 住院吃饭的钱能要吗 with the days and the daily standard given: the figure its words name and the
            # facts compute answers it, as it would a how-much part no card decides
            ruled = _rule_only(match, question, facts, today, "how_much")
            if ruled is not None:
                parts.append(ruled)
                continue
        if (not match.decided or best is None) and qtype == "yes_no" and match.scores and _TIME_WORDS.search(match.text):
            # 现在还会被追究吗: a yes/no part about time whose words name a specific period the facts
            # compute to its last day is answered by that period
            ruled = _rule_only(match, question, facts, today, "by_when")
            if ruled is not None and ruled.deadline is not None and ruled.deadline.ends is not None and \
                    ruled.deadline.rule.name not in GENERAL_RULES:
                gone, open_ = PASSED_WORDS.get(ruled.deadline.rule.name, ("期限已过", "还在期限内"))
                ruled.qtype = "yes_no"
                ruled.text = f"{gone if ruled.deadline.passed else open_}：{ruled.text}"
                parts.append(ruled)
                continue
        if not match.decided or best is None:
            alternatives = [s.card.title for s in match.scores[:2]] if match.scores else []
            text = undecided_text(match, qtype, facts, question)
            parts.append(PartAnswer(match.text, qtype, None, best.confidence if best else 0.0, text=text,
                                    alternatives=alternatives))
            continue
        card = best.card
        if qtype == "liability":
            # what liability or consequence follows: the card's answer that states it (legal/qtypes.py)
            qtype = liability_answer(card.answers, match.text, card.domain) or card.question_types[0]
        chosen = _pick_answer(card, qtype or card.question_types[0])
        side = client_side(facts, question, card.domain)
        mine_steps = steps_for(card, side)
        mine = mine_steps.next_steps
        prepare = evidence_answer(match.text, list(mine_steps.evidence)) if qtype == "what_to_do" else ""
        if prepare:
            chosen = Answer("what_to_do", prepare)  # 要准备什么: the evidence the card lists for the client's side
        elif qtype in ("forum", "what_to_do") and mine and (chosen.qtype not in ("forum", "what_to_do") or any(
                for_other_side(piece, side) for piece in re.split(r"[；。]", chosen.conclusion))):
            # asked where to go or what to do, and the card answers neither — or answers it with the other
            # party's steps (the worker's arbitration claim to an employer): the client's own next steps do
            chosen = Answer(qtype, "；".join(s.rstrip("。；") for s in mine) + "。")
        if qtype == "by_when" and "by_when" not in card.answers and "how_much" in card.answers and _HELD_HOW_LONG.search(
                asking_clause(match.text) or match.text):
            # 最多要关多久 on a crime's card with no period of its own: the term is the card's how-much answer, not
            # a period the rest of the question names (追诉期)
            chosen = card.answers["how_much"]
        elif qtype == "by_when" or (not qtype and chosen.qtype == "by_when"):
            # a part whose words name no type answered by the card's by-when answer (上诉期几天) still gets the
            # rule its words name (刑事裁定: five days, not a judgment's ten)
            chosen = _with_own_period_basis(card, chosen, _deadline_answer(card, chosen, match.text, question))
            money = card.answers.get("how_much")
            if not chosen.deadline and money is not None and money.calculator and calculate(
                    money.calculator, {**facts.values(), **part_flags(match.text)}).ok:
                chosen = money  # 产假一共多少天, 还要再坐多久: a count of days the card's calculator gives
            elif not chosen.deadline and not chosen.calculator:
                # 缓刑考验期最少多久, 拘役最多关多久: a length of time the law fixes or the sentence computes
                span = computable_for(match.text, card.domain, facts)
                if span in SPAN_CALCULATORS:
                    chosen = replace(chosen, calculator=span)
        elif qtype == "how_much":
            chosen = _calculator_answer(card, chosen, match.text, facts, question)
        if qtype == "yes_no" and "valid" in card.answers and _OTHER_SIDE.search(asking_clause(match.text) or match.text):
            chosen = card.answers["valid"]  # may the other side do this to me: whether its act is lawful
        # the conclusion from the client's side: the card's words for it, else a neutral lead (legal/sides.py)
        chosen = side_answer(card, chosen, side, qtype or chosen.qtype)
        chosen = neutral_for_side(card, by_facts(chosen, facts, asked=qtype or chosen.qtype, card=card), side,
                                  qtype or chosen.qtype)
        text, calculation, found_deadline, ask = _fill(chosen, facts, today, match.text, question, qtype or chosen.qtype)
        party = other_party_word(card, side)
        if party:
            # the inputs of a card written for the other party are that party's (the worker's wage, to an employer)
            ask = asked_of(ask, party)
            text = re.sub(r"需知道您的", f"需知道{party}的", text)
        # what the part itself asks leads — a by-when part only when its closing question asks by when (a part
        # ending on 我还要还吗 is answered yes or no, whatever period a clause before it names)
        first = qtype if qtype != "by_when" or final_ask_type(match.text) in ("by_when", "") else ""
        text = computed_first(text, first, calculation, found_deadline, today, match.text)
        text = age_applied(text, facts, question)
        items, timed = claim_items(match.text, card, facts), None
        heads = claim_heads(match.text, card, facts, question, chosen) if (qtype or chosen.qtype) == "how_much" else ""
        if heads:
            text = f"{heads}{text}"  # every head the facts allow, with the total: the listed items among them
        elif items:
            text = f"{items}{text}"
        elif qtype == "by_when":
            text = f"{time_lead(match.text, found_deadline)}{text}"
        elif qtype == "valid":
            text = frame_lead(match.text, text, card, chosen, side)[0]
        elif qtype == "yes_no":
            framed, read = frame_lead(match.text, text, card, chosen, side)
            if read:
                text, lead = framed, necessity_lead(match.text, framed)
            else:
                text = other_need_not_lead(match.text, text)
                lead = negated_lead(match.text, text) or necessity_lead(match.text, text)
            timed = None if lead else _timed_yes_no(card, match.text, facts, today)
            if timed is not None:
                lead = yes_no_on_time(card, match.text, facts, today)
            text = f"{lead}{text}"
        if qtype in ("yes_no", "valid"):
            text = condition_applied(text, question)
        if calculation is None and found_deadline is None and qtype in ("yes_no", "valid", "what_to_do", "forum", ""):
            text = decided_hedge(text, _computed_too(card, match.text, facts, today))
        if qtype != "by_when":
            text = with_limitation_defence(text, question, facts, today)
        claimed = claim_lead(match.text, text, calculation)
        if claimed:
            # "不是。店家的说法不成立：" says the yes or no already: a bare 可以。 after it only garbles the note
            text = f"{claimed}{_BARE_HEAD.sub('', text, count=1)}"
        asked = qtype or chosen.qtype
        if asked == "how_much" or _ASKS_QUANTITY.search(match.text):
            # 最多判几年, 要等多少天, 多久给结果: the length asked in digits ("3年以下", "15日内"), read at a glance;
            # a part asking by which day (最晚什么时候) keeps the period's words beside its date
            # the rule's period keeps its statutory words beside its date (in the deadline's sentence, or in the
            # lead that states the last day first)
            kept = [found_deadline.text(), f"期限为{found_deadline.rule.period}"] if found_deadline is not None else []
            text = digits_except(text, kept)
        unfocused = text
        text = _own_answer(match.text, text, asked, chosen, parts, calculation, found_deadline)
        basis = with_statute(card, deciding(card, chosen, asked, calculation, found_deadline, match.text, question,
                                            facts))
        if asked in ("yes_no", "valid", "which", ""):
            basis = minor_offender_basis(card, match.text, facts, basis)
        institution = institution_asked(card, match.text) if asked in ("yes_no", "valid", "which", "") else None
        if institution is not None:
            basis = [institution]
            if not any(word in text for word in ("自首", "缓刑", "防卫", "累犯")):
                text = f"{text.rstrip()}（{institution.decides}。）"
        # the card's own liability rule cited for a share figure is the card's choice, not the calculator's
        ruled = ruled_basis(asked, chosen, calculation, found_deadline) and not (
            asked == "how_much" and fault_share_moot(calculation, facts) and not facts.get("driver_without_fault"))
        if qtype == "yes_no" and timed is not None:
            # answered by the period the facts run to its last day: the period's provision decides it
            basis = [Provision(law, article, "controlling", f"期限为{timed.rule.period}", ())
                     for law, article in deadline_basis(timed.rule.name)] or basis
            ruled = True
        withheld: list[Provision] = []
        doubt = citation_doubt(match, basis, found, question=question, facts=facts, asking=ask) if not ruled else ""
        if doubt:
            # not sure enough of the card to present its provision as controlling: it goes to 相关规定, and
            # the note saying so goes with the legal basis (the conclusion still answers first)
            withheld, basis = basis, []
            # one confidence: the conclusion states, after its answer, the assumption the basis note names
            text = stated_assumption(text, card, doubt)
        copied = copied_from(asked, chosen, parts) if text == unfocused else 0
        if copied:
            # the card's answer of another type, word for word the answer an earlier part got: it does not
            # answer this part, and a copy is no answer — the part says so, and cites nothing
            parts.append(PartAnswer(match.text, asked, None, best.confidence, text=copied_text(copied, asked, card),
                                    alternatives=[card.title]))
            continue
        text = _own_topic_part(text, card, question, parts)
        text, ask = kin_applied(card, asked, text, question, calculation, ask)
        parts.append(PartAnswer(match.text, asked, card, best.confidence, chosen, text, calculation,
                                found_deadline, ask, basis=basis, withheld=withheld,
                                note=doubt))
    for done in parts:
        done.ask = untold_only(done.ask, question, facts)  # one filter over every ask, whichever part made it
        if done.text:
            # the last gate (legal/notecheck.py): no empty slot, no bookkeeping, no situation the facts exclude
            done.text = tidy_part(done.text, question, facts.values(), measure=done.qtype in ("how_much", "by_when"))
    if across:
        said_once(parts, question, facts)
    composition = Composition(parts, facts, scored=any(m.scores for m in matches), question=question)
    composition.markdown = render(composition, article_text=article_text, offline=offline)
    # the last gate: what still keeps the note from reading as a lawyer's, kept with the answer for review
    composition.notes = notecheck.findings(composition.markdown, question, facts.values())
    return composition


_ORDER_CARDS = ("inheritance.statutory-order", "inheritance.statutory-shares")

#: The engine's label-by-label read-back (按您所说（没有领证：是；年龄：9）): rewritten in words.
_MACHINE_READBACK = re.compile(r"按您所说[（(：:](?P<items>[^）)]*)[）)]?[，,]?")


def _readback_words(items: str) -> str:
    said = []
    for item in re.split(r"[；;]", items):
        label, _, value = item.partition("：")
        label = re.sub(r"（[^）]*）", "", label.strip()).removeprefix("说明")
        value = value.strip()
        if not label:
            continue
        said.append(label if value in ("是", "") else denied(label) if value == "否" else f"{label}为{value}")
    return f"{READ_BACK}{'、'.join(said)}，" if said else ""


def said_once(parts: Sequence[PartAnswer], question: str, facts: Facts) -> None:
    """No sentence said in two parts: a figure or a date one part asks for leaves the other parts
    (:func:`measures_to_their_parts`), a later part drops what an earlier part said (:func:`tidy_part`), and a sentence
    answering a later part leaves the earlier part's asides (:func:`answered_later`)."""
    measures_to_their_parts(parts)
    for index, done in enumerate(parts):
        if index and done.text:
            done.text = tidy_part(done.text, question, facts.values(), [p.text for p in parts[:index]],
                                  measure=done.qtype in ("how_much", "by_when"), asked=done.qtype)
    answered_later(parts)


#: A computed amount of money (60,000 元, 1.5万元) and a full date (2026年11月30日) as a part's text states them.
_MONEY_TOKEN = MONEY  # a sum of money as answers write it (legal.figurecheck)
_DATE_TOKEN = re.compile(r"(?:19|20)\d{2}年\d{1,2}月\d{1,2}日")
#: A lead that only states a period's last day or its length (最晚 …, 期限为…, 已于…届满): a time lead, no answer of
#: its own to a part that asks no time.
_TIME_LEAD = re.compile(r"^(?:\*\*)?(?:最晚|最迟|期限为|已于|自\s*\d|还剩|尚余)")


def _tokens(pattern: re.Pattern[str], text: str) -> set[str]:
    return {re.sub(r"[,\s]", "", m.group(0)) for m in pattern.finditer(text)}


def measures_to_their_parts(parts: Sequence[PartAnswer]) -> None:
    """A figure the facts computed for a part asking how much, and a last day computed for a part asking by when, are
    that part's answer: another part of the same question that asks something else (可以要吗 beside 能要多少, 不回复会怎样
    beside 最晚哪天) does not say them again — its sentences stating them leave it, its own answer stays (its first
    sentence, unless that is only the time lead). Each part's own type is read from its words (:func:`part_types`: a
    consequence answered by its card's period is still a consequence asked)."""
    if len(parts) < 2:
        return
    own = part_types([p.part for p in parts])
    owners: dict[str, tuple[PartAnswer, set[str]]] = {}
    for part, asked in zip(parts, own, strict=True):
        if asked == "how_much" and part.calculation is not None and part.calculation.ok and "how_much" not in owners:
            # the result only (the headline before its formula), not the inputs a reasoning sentence may name
            owners["how_much"] = (part, _tokens(_MONEY_TOKEN, part.calculation.headline().split("（", 1)[0]))
        if asked == "by_when" and part.deadline is not None and part.deadline.ends is not None \
                and "by_when" not in owners:
            last = re.search(r"最晚\s*((?:19|20)\d{2}年\d{1,2}月\d{1,2}日)", part.text)
            owners["by_when"] = (part, {cn_date(part.deadline.ends), *([last.group(1)] if last else [])})
    for part, asked in zip(parts, own, strict=True):
        if not part.text or asked in ("how_much", "by_when"):
            continue
        for kind, (owner, tokens) in owners.items():
            if owner is part or not tokens:
                continue
            same = kind == "by_when" and owner.deadline is not None and (
                part.deadline is None or part.deadline.rule.name == owner.deadline.rule.name)
            if kind == "by_when" and not same:
                continue  # the part's own period (九十日 to revoke beside 一年 to rescind) is its own answer
            stars = part.text[:len(part.text) - len(part.text.lstrip("*"))]
            pieces = _top_pieces(part.text.strip("*"))
            if kind == "how_much":  # the composer's computed sentence (按您所述，…为 N 元), not the card's reasoning
                states = [p.lstrip().startswith("按您所述") and bool(_tokens(_MONEY_TOKEN, p) & tokens) for p in pieces]
            else:  # a sentence stating the period's last day, or its length: 期限为三十日…
                states = [bool(_tokens(_DATE_TOKEN, p) & tokens) or p.startswith("期限为") for p in pieces]
            kept = [p for i, p in enumerate(pieces) if not states[i] or (not i and not _TIME_LEAD.match(p))]
            text = re.sub(r"[；，]\s*$", "。", "".join(kept).strip())
            if len(kept) == len(pieces) or len(notecheck.words_key(text)) < _OWN_MIN:
                continue
            part.text = f"{stars}{text}{measure_pointer(kind, owner, list(parts).index(owner) + 1)}{stars}"
            # what left it and the part that asks does not say yet (the period's length beside its last day) goes there
            said = {notecheck.words_key(s) for s in lint_sentences(owner.text)}
            moved = [re.sub(r"；$", "。", p) for p, state in zip(pieces, states, strict=True)
                     if kind == "by_when" and state and p not in kept and p.startswith("期限为")
                     and notecheck.words_key(p) not in said and "期限为" not in owner.text]
            if moved:
                own_stars = owner.text[:len(owner.text) - len(owner.text.lstrip("*"))]
                body = owner.text.strip("*")
                pointer = _POINTER_TAIL.search(body)
                at = pointer.start() if pointer else len(body)
                owner.text = f"{own_stars}{body[:at]}{''.join(moved)}{body[at:]}{own_stars}"


def _top_pieces(text: str) -> list[str]:
    """``text`` cut after each 。；？ outside brackets (a period's note in brackets keeps its own ；)."""
    pieces, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += char in "（(“" and 1 or (-1 if char in "）)”" and depth else 0)
        if not depth and char in "。；？":
            pieces.append(text[start:index + 1])
            start = index + 1
    return [p for p in [*pieces, text[start:]] if p]


def measure_pointer(kind: str, owner: PartAnswer, number: int) -> str:
    """The figure or the last day part ``number`` (``owner``) computes, said in one clause pointing to it: what a part
    that asks something else still tells at a glance (可以。按您所述，食品十倍赔偿为 1,000 元（算法见第2问）), without
    the calculation said twice."""
    if kind == "how_much" and owner.calculation is not None and owner.calculation.result is not None:
        figure = _MONEY_TOKEN.search(owner.calculation.headline().split("（", 1)[0])
        name = owner.calculation.result.name
        return f"按您所述，{name}为 {figure.group(0)}（算法见第{number}问）。" if figure and name else ""
    found = owner.deadline
    if kind == "by_when" and found is not None and found.ends is not None:
        last = re.search(r"最晚\s*((?:19|20)\d{2}年\d{1,2}月\d{1,2}日)", owner.text)
        if last and last.group(1) != cn_date(found.ends):
            return f"按您所述，最晚 {last.group(1)}（见第{number}问）。"  # a later step's day (领证 after 冷静期)
        period = re.sub(r"（[^）]*）", "", found.rule.period)
        state = "已于" if found.passed else "至"
        return f"按您所述，{period}的期限{state} {cn_date(found.ends)} 届满（见第{number}问）。"
    return ""


#: The pointer a part ends on when what an earlier part said was dropped from it (legal/engine.py).
_POINTER_TAIL = re.compile(r"其余同第\d+问的回答（见上）。?$")
#: The least a part's conclusion keeps of its own (its words) when another part's figure or date leaves it.
_OWN_MIN = 8


def answered_later(parts: Sequence[PartAnswer]) -> None:
    """A sentence that answers a later part (its first sentence: 运费谁出 answered by 退货运费由您承担, 一般会调到多少 by
    the figure) is that part's, not also an aside of an earlier part's: it leaves the earlier part, whose own answer
    (its first sentence) stays — and a figure or a date stays where it was first said."""
    for later_index, later in enumerate(parts):
        if not later_index or not later.text:
            continue
        # its answer: the first sentence of substance (after a bare 可以。)
        first = [p for p in lint_sentences(later.text.strip("*"))[:2] if not _BARE_HEAD.match(p.strip())][:1]
        key = notecheck.words_key(first[0]) if first else ""
        if len(key) < notecheck.REPEAT_MIN:
            continue
        for earlier in parts[:later_index]:
            # a figure or a date stays where it was said: an earlier part's question may be the one it answers too
            # (the tuning sets' gold often has one part where the engine splits two)
            pieces = re.split(r"(?<=[。；])", earlier.text)
            kept = [piece for index, piece in enumerate(pieces)
                    if not index or notecheck.words_key(piece) != key or re.search(r"\d", piece)]
            if len(kept) < len(pieces):
                text = re.sub(r"；(\**)$", r"。\1", "".join(kept).rstrip())
                earlier.text = text


def tidy_part(text: str, question: str, values: dict[str, Any], earlier: Sequence[str] = (), *,
              measure: bool = False, asked: str = "") -> str:
    """A part's conclusion as a lawyer's note reads (the repairs of legal/notecheck.py's findings, which only drop
    or reword what is there): the engine's label read-back in words; after the first sentence (which answers), no
    sentence whose figure slot rendered empty or with words, no clause conditioned on a situation the client's facts
    exclude (不满8周岁的… for a child of twelve), no worked example's figure the client never gave, and no sentence
    an earlier part already said word for word (the assumption a doubted part rests on excepted; a part asking how
    much or by when (``measure``) keeps a figure or a date it states, its own answer)."""
    text = _MACHINE_READBACK.sub(lambda m: _readback_words(m.group("items")), text)
    stars = text[:len(text) - len(text.lstrip("*"))]
    body = text[len(stars):]
    tail = body[len(body.rstrip("*")):]
    body = body[:len(body) - len(tail)] if tail else body
    pieces = re.split(r"(?<=[。；])", body)
    minor = bool(notecheck._MINOR.search(question))
    said = {notecheck.words_key(s) for e in earlier for s in lint_sentences(e)}
    kept: list[str] = []
    answered = False  # the part's answer: its first sentence, and the next one when that is a bare yes or no
    for piece in pieces:
        key = notecheck.words_key(piece)
        if answered and key and (
                notecheck.empty_slots(piece) or notecheck.excluded_clause(piece, values, minor)
                or (len(key) >= notecheck.REPEAT_MIN and key in said and not piece.lstrip().startswith(ASSUMED)
                    and not (measure and re.search(r"\d", piece) and not _other_measure(piece, asked)))):
            continue
        said.add(key)  # the same sentence twice within the part goes too
        kept.append(piece)
        answered = answered or not _BARE_HEAD.match(piece.strip())
    if len(kept) > 2 and len(kept) < len(pieces):
        # situations were dropped: the one the client's facts confirm is said right after the answer
        confirmed = [i for i, piece in enumerate(kept) if i > 1 and notecheck.confirmed_clause(piece, values, minor)]
        if len(confirmed) == 1:
            kept.insert(1, kept.pop(confirmed[0]))
    out = "".join(kept)
    if notecheck.other_situations(out, question, values) and not any(
            notecheck.excluded_clause(p, values, minor) for p in re.split(r"(?<=[。；])", out)):
        out = without_examples(out)  # a worked example's figure the client never gave
    out = re.sub(r"；\s*$", "。", out.strip())
    return f"{stars}{out}{tail}" if out else text


def _other_measure(piece: str, asked: str) -> bool:
    """Whether ``piece`` states only a measure a part asking ``asked`` does not ask: a sum of money, to a part asking
    by when (从哪天开始算 is not answered by the interest an earlier part computed)."""
    return asked == "by_when" and bool(_MONEY_TOKEN.search(piece)) and not _DATE_TOKEN.search(piece)


def kin_applied(card: Card, asked: str, text: str, question: str, calculation: Calculation | None,
                ask: str) -> tuple[str, str]:
    """An inheritance part answered for the family the client names, read from the decedent's side
    (legal/kinship.py): the order applied to the named people leads, the card's general rule follows; who died
    unread, one precise question is asked instead (docs/decisions/answers-inheritance-kin.md)."""
    if card.slug not in _ORDER_CARDS or asked not in ("yes_no", "which", "", "how_much") or calculation is not None:
        return text, ask
    lead = kinship.applied(question)
    if lead:
        return f"{lead}{_GENERAL_ORDER_LEAD.sub('', text, count=1)}", ask
    return text, ask or kinship.decedent_ask(question)


_GENERAL_ORDER_LEAD = re.compile(r"^(?:要看顺序|看情况|不一定)。")


# -- Markdown ----------------------------------------------------------------------------------------------
def _element_line(element: Any, facts: Facts, question: str) -> str:
    if element.fact and element.fact in facts:
        fact = facts.items[element.fact]
        return f"   - {element.text}：已具备（您提到“{fact.text}”）"
    if element.ask:
        # the note does not re-ask, element by element, what the client may well have said: the one precise
        # question a conclusion needs is asked beside it (还需要您告诉我)
        return f"   - {element.text}"
    return f"   - {element.text}"


#: What completes a number the client wrote (8200 → 8200元, 4 → 4岁): a quote never stops inside it.
_NUMBER_TAIL = re.compile(r"[\d.,]*(?:[万千百十]?(?:元|块钱?|块|个月|个|年|月|天|日|号|岁|周岁|小时|次|倍|%|平方?米?))?")


def quoted(text: str, question: str) -> str:
    """The client's words for a fact, as he wrote them: a quote that starts or stops inside a number and
    its unit in ``question`` (“才1” of 才1岁, “4” of 4岁) is widened to the whole of it."""
    at = question.find(text) if text else -1
    if at < 0 and text:  # a reader's words from the question with its figures in digits (一岁半 → 1.5岁)
        question = amounts(question)
        at = question.find(text)
    if at < 0:
        return text
    start, end = at, at + len(text)
    while start > 0 and question[start - 1].isdigit() and text[:1].isdigit():
        start -= 1
    if text[-1:].isdigit() or text[-1:] in "万千百十":
        tail = _NUMBER_TAIL.match(question, end)
        end = tail.end() if tail else end
    return question[start:end]


def _facts_line(facts: Facts, used: Collection[str] | None = None, question: str = "",
               starts: Collection[date] = ()) -> str:
    """The facts the answer rests on (``used``; every fact when None), each with its role's label and the
    client's words for it; whose side the client is on, in words (劳动者, 出租人 …). Read back as a lawyer
    would: a fact said true by its label alone (没有领证（“没领证”）), each of the client's phrases once (one
    phrase read into two roles of the same value, or into a figure converted from the one the client said,
    shows once), a quote only of words the client wrote, and no start date the answer's periods do not run
    from (``starts``: the days they run from) — the line never contradicts the conclusion."""
    shown: list[str] = []
    said: dict[str, list[Any]] = {}  # the client's phrase -> the values already read back from it
    items = list(facts.items.values())
    for fact in items:
        if fact.name in ("employment", "written_contract") or (used is not None and fact.name not in used) \
                or fact.label == fact.name:
            continue  # a fact with no role's label is never read back by its code
        value = fact.value
        if fact.name == "side":
            shown.append(f"{fact.label} {side_label(str(value))}")
            continue
        if fact.name == "start_date" and starts and value not in starts:
            continue  # the answer's period runs from another day: this one is not its start
        words = quoted(fact.text, question).strip()
        mine = bool(words) and (words in question or words in amounts(question))
        if mine and _read_twice(fact, value, words, said, items, used):
            continue
        said.setdefault(words, []).append(value)
        quote = f"（“{words}”）" if mine else ""
        if isinstance(value, bool):
            label = fact.label.removeprefix("说明")
            if not value and denied(label) != f"并非{label}":
                # 没有共同生活：否 is a double negative: the fact read as it is (共同生活), once
                label, value = denied(label), True
                if any(label in item for item in shown):
                    continue
            shown.append(f"{label}{quote}" if value else f"{label}：否{quote}")
            continue
        if hasattr(value, "isoformat"):
            value = cn_date(value)
        shown.append(f"{fact.label} {value}{quote}")
    return "；".join(shown)


def _read_twice(fact: Any, value: Any, words: str, said: dict[str, list[Any]], items: Sequence[Any],
                used: Collection[str] | None) -> bool:
    """Whether ``fact`` reads back a phrase of the client's a second time: the same value from the same words
    under another role (总价100万 as 合同价款 and 购买价款), or a number the client did not say, converted from one
    another fact of the same words holds as said (判了十个月 as 304 天 beside 10 个月)."""
    if value in said.get(words, []):
        return True
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        return False
    digits = figures_in_digits(amounts(words))
    if _said_number(value, digits):
        return False
    return any(other is not fact and other.text == fact.text and (used is None or other.name in used)
               and not isinstance(other.value, bool) and isinstance(other.value, int | float | Decimal)
               and _said_number(other.value, digits) for other in items)


def _said_number(value: Any, text: str) -> bool:
    """Whether the number ``value`` is written in ``text`` (digits, as :func:`amounts` writes them)."""
    number = Decimal(str(value))
    plain = f"{number.normalize():f}"
    return bool(re.search(rf"(?<![\d.]){re.escape(plain)}(?![\d])", text))


_ARTICLE = r"第[一二三四五六七八九十百千零〇两\d]+条(?:之[一二三四五六七八九十])?"


def bracket_citations(text: str, laws: Sequence[str]) -> str:
    """A card's free text names articles the way lawyers write notes ("劳动合同法第三十九条"); the
    answer cites them as 《劳动合同法》第三十九条, so the citation check reads the law's name right."""
    names = sorted({n for law in laws for n in (law, law_short(law)) if n}, key=len, reverse=True)
    if not names:
        return text
    pattern = re.compile(rf"(?<!《)(?<!中华人民共和国)({'|'.join(map(re.escape, names))})(?!》)({_ARTICLE})")
    return pattern.sub(lambda m: f"《{m.group(1)}》{m.group(2)}", text)


def render(composition: Composition, *, article_text: Callable[[str, int], str] | None = None,
           offline: bool = True) -> str:
    laws = sorted({p.law for card in composition.cards() for p in card.provisions} | KNOWN_LAWS)
    return bracket_citations(_render(composition, article_text=article_text, offline=offline), laws)


#: Laws card notes often name without 《》 besides the cards' own provisions.
KNOWN_LAWS = frozenset({
    "中华人民共和国劳动合同法", "中华人民共和国劳动法", "中华人民共和国劳动合同法实施条例", "中华人民共和国民法典",
    "中华人民共和国民事诉讼法", "中华人民共和国刑法", "中华人民共和国刑事诉讼法", "中华人民共和国公司法",
    "中华人民共和国行政诉讼法", "中华人民共和国行政复议法", "中华人民共和国道路交通安全法", "工伤保险条例",
    "中华人民共和国消费者权益保护法", "中华人民共和国社会保险法", "中华人民共和国劳动争议调解仲裁法",
})


def deadline_step(found: Deadline, said: str) -> str:
    """The next step a computed deadline gives: its whole computation when no conclusion states it, else only the
    day to act by with its basis — the same computation twice reads as a template pasted twice."""
    assert found.ends is not None
    last = found.extended or found.ends
    if cn_date(found.ends) not in said and cn_date(last) not in said:
        return f"**期限**：{found.text()}（{found.rule.basis}）。"
    if found.passed:
        return f"**期限**：已于 {cn_date(found.ends)} 届满（{found.rule.basis}），见上面的结论。"
    return f"**期限**：务必在 {cn_date(last)} 前办理（{found.rule.basis}）。"


def tidy_steps(steps: Sequence[str], conclusions: Sequence[str]) -> list[str]:
    """The next steps with nothing said twice: one evidence list (the items of every card's list, each once), no
    step repeating another, nor a conclusion's computed sentence word for word."""
    out: list[str] = []
    evidence: list[str] = []
    at = -1
    said = {notecheck.words_key(s) for c in conclusions for s in lint_sentences(c)}
    seen: set[str] = set()
    for step in steps:
        if step.startswith("**证据**："):
            items = [i.strip() for i in re.split(r"[；;]", step.removeprefix("**证据**：").rstrip("。")) if i.strip()]
            evidence += [i for i in items if notecheck.words_key(i) not in {notecheck.words_key(e) for e in evidence}]
            if at < 0:
                at = len(out)
                out.append("")
            continue
        if notecheck.empty_slots(step) or notecheck.MACHINE_READBACK.search(step):
            continue  # a broken or bookkeeping sentence is no step
        key = notecheck.words_key(step.replace("**期限**：", ""))
        # a step that is a what-to-do conclusion's own words stays (the steps are its answer); one repeating a
        # conclusion's computed figure or date is the calculation twice
        if key in seen or (len(key) >= notecheck.REPEAT_MIN and key in said and re.search(r"\d", step)):
            continue
        seen.add(key)
        out.append(step)
    if at >= 0:
        # an item another item says more fully (公司章程 beside 公司章程（通知期限条款）) goes
        keys = [notecheck.words_key(e) for e in evidence]
        evidence = [e for e, k in zip(evidence, keys, strict=True)
                    if not any(k != other and k in other for other in keys)]
        out[at] = f"**证据**：{'；'.join(evidence)}。"
    return [s for s in out if s]


def tidy_risks(risks: Sequence[str]) -> list[str]:
    """The risk notes, each once: a note on the same mistake in other words (超过六十日才起诉撤销：… twice) keeps the
    fuller one, in the first one's place."""
    out: list[str] = []
    keys: list[str] = []
    for risk in risks:
        if notecheck.empty_slots(risk):
            continue
        key = notecheck.risk_key(risk)
        if key in keys:
            at = keys.index(key)
            if len(risk) > len(out[at]):
                out[at] = risk
            continue
        keys.append(key)
        out.append(risk)
    return out


def verified_line(text: str) -> bool:
    """Whether every statute ``text`` cites is in this corpus (a risk or a mistake whose citation the
    corpus cannot show is not presented, like a controlling provision)."""
    from knowledge.verification import citations_verify

    return all(c.valid for c in citations_verify(text=text))


def _render(composition: Composition, *, article_text: Callable[[str, int], str] | None = None,
            offline: bool = True) -> str:
    parts = composition.parts
    lines: list[str] = [OFFLINE_HEAD, ""] if offline else []
    lines += ["### 结论", ""]
    many = len(parts) > 1
    for index, part in enumerate(parts, start=1):
        head = f"{index}. " if many else ""
        # each part's answer headed by its own ask, read back briefly: the client sees which part is answered
        asked = f"（{read_back(part.part) or part.part}）" if many else ""
        lines.append(f"{head}{asked}**{part.text}**" if part.decided else f"{head}{asked}{part.text}")
        if part.ask:
            lines.append(f"{'   ' if many else ''}还需要您告诉我：{part.ask}")
    cards = composition.cards()
    if cards or any(p.basis for p in parts):
        lines += ["", "### 法律依据", ""]
        for index, part in enumerate(parts, start=1):
            if part.note:
                lines.append(f"说明{f'（第{index}问）' if many else ''}：{part.note}。")
        number = 0
        seen: set[tuple[str, int]] = set()
        for part in parts:
            for provision in part.basis:
                if (provision.law, provision.article) in seen:
                    continue
                seen.add((provision.law, provision.article))
                text = article_text(provision.law, provision.article) if article_text else ""
                if article_text and not text:
                    continue  # not in this corpus: a provision that cannot be verified is not presented
                number += 1
                decides = provision.decides or ""
                quote = f"原文：“{text}”" if text and len(text) <= 220 else ""
                lines.append(f"{number}. {cite(provision)}：{decides}。{quote}".replace("：。", "。").replace("。。", "。"))
        for card in cards:
            if card.elements:
                lines.append(f"   要件对照（{card.title}）：")
                lines += [_element_line(e, composition.facts, "") for e in card.elements[:5]]
        related = []
        for part in parts:
            for provision in part.related():
                if (provision.law, provision.article) in seen:
                    continue
                seen.add((provision.law, provision.article))
                if article_text and not article_text(provision.law, provision.article):
                    continue
                related.append(f"- {cite(provision)}" + (f"：{provision.decides}" if provision.decides else ""))
        if related:
            lines += ["", "### 相关规定", "", "（与本问题相关，但不直接决定上面的结论）", *related]
    # whose side the client is on, when it is a side of the matter answered (a guarantor is no 劳动者)
    sided = next((s for card in composition.cards() if (s := composition.side(card))), "")
    used = set().union(*(p.facts_used(composition.facts) for p in parts), {"side"} if sided else set())
    starts = {p.deadline.start for p in parts if p.deadline is not None and p.deadline.start is not None}
    facts_line = _facts_line(facts_with_side(composition.facts, sided), used, composition.question, starts)
    if facts_line:
        lines += ["", "### 结合您的情况", "", f"您提到的要素：{facts_line}。"]
    calculations = [p.calculation for p in parts if p.calculation is not None and p.calculation.ok]
    if calculations:
        lines += ["", "### 计算", ""]
        for calculation in calculations:
            result = calculation.result
            assert result is not None
            lines.append(f"**{result.name}**")
            lines += [f"- {step}" for step in result.steps]
            basis = "、".join(str(b) for b in result.legal_basis)
            if basis:
                lines.append(f"- 依据：{basis}")
    steps: list[str] = []
    side = client_side(composition.facts, composition.question, "criminal")
    if cards and side in ("victim", "offender") and not any(card.domain in CRIMINAL_DOMAINS for card in cards) \
            and ASKS_CRIME.search(composition.question):
        # a victim or an accused asking about the crime, answered from a civil card: the criminal steps first
        steps.append(f"**证据**：{'；'.join(SIDE_DEFAULTS[side].evidence)}。")
        steps += [f"{s}。" for s in SIDE_DEFAULTS[side].next_steps]
    for card in cards:
        # the evidence and steps of the client's side, never the other party's (legal/sides.py)
        mine = steps_for(card, composition.side(card))
        # none speaking of another card's topic the question does not speak of (own_topic_text)
        evidence = own_topic_text(mine.evidence, card, composition.question)
        if evidence:
            steps.append(f"**证据**：{'；'.join(evidence)}。")
        steps += [f"{s}。".replace("。。", "。") for s in own_topic_text(mine.next_steps, card, composition.question)]
    said = "".join(p.text for p in parts)
    for part in parts:
        if part.deadline is not None and part.deadline.ends is not None:
            steps.append(deadline_step(part.deadline, said))
    if steps:
        steps = tidy_steps(steps, [p.text for p in parts])
        lines += ["", "### 下一步", ""] + [f"{i}. {s}" for i, s in enumerate(steps, start=1)]
    risks = [f"- {e}。".replace("。。", "。") for e in tidy_risks([
        e for card in cards for e in own_topic_text(risks_for(card, composition.side(card)), card, composition.question)
        if article_text is None or verified_line(e)])]
    lines += ["", "### 风险提示", "", *risks,
              "- 结论以您所述的事实为准；事实有出入或对方提出相反证据的，结论可能不同。"]
    return "\n".join(lines)
