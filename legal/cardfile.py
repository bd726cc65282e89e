"""Issue-card files (``legal/cards/*.toml``, format in ``legal/cards/SCHEMA.md``): parsed into
frozen dataclasses and validated on load.

This module needs no Django (``scripts/check_cards.py`` imports it). What ``check_cards`` rejects
(a missing required field, a question type without an answer, fewer than six phrasings) is an
error here too and stops start-up with one line naming the file, the card and the field; a wrong
type is an error as well. Names the engine does not know (a calculator, a deadline rule, a domain,
a question type) are warnings: the card loads and the engine treats the unknown name as absent.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import os
import pickle
import re
import sys
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from legal.conditions import (
    Case,
    ConditionError,
    ExceptionRule,
    Predicate,
    parse_cases,
    parse_exceptions,
    parse_predicate,
)

CARDS_DIR = Path(__file__).resolve().parent / "cards"
REQUIRED = ("slug", "title", "domain", "summary", "phrasings", "terms", "question_types", "provisions", "answers")
QUESTION_TYPES = ("yes_no", "valid", "how_much", "by_when", "which", "forum", "what_to_do")
#: ARCHITECTURE §4 domain codes a card may carry.
DOMAINS = ("marriage_family", "labor", "traffic_accident", "debt", "criminal", "contract", "real_estate", "tort",
           "company", "medical", "demolition", "administrative", "construction", "intellectual_property",
           "personal_injury", "foreign", "maritime", "consumer", "security_interest", "general")
ROLES = ("controlling", "supporting")
MAX_CONTROLLING = 3
#: At most this many provisions decide one question type (an answer's ``basis``).
MAX_BASIS = 3
MIN_PHRASINGS = 6
#: Whose question a card answers (``asker``): a side of the dispute, or ``any`` (both sides ask it).
ASKERS = ("employee", "employer", "tenant", "landlord", "lender", "borrower", "victim", "offender", "consumer",
          "business", "gift_giver", "gift_receiver", "seller", "buyer", "refund_payer", "refund_claimant",
          "holder_spouse", "claimant_spouse", "insurer", "insured", "any")
_SLUG = re.compile(r"^[a-z0-9_\-]+\.[a-z0-9.\-]+$")


class CardFileError(ValueError):
    """One line: the file, the card and the field that is wrong."""


#: An article added by an amendment between two others: 第一百三十三条之一, written ``"133之一"``.
_SUFFIXED = re.compile(r"^(?:第)?(\d+|[一二三四五六七八九十百千零〇两]+)(?:条)?之([一二三四五六七八九])$")


def article_number(value: Any) -> int | str | None:
    """A provision's article: a positive integer (87), or the label of an inserted article
    (``"133之一"`` -> ``"第一百三十三条之一"``, the corpus's own label); None when it is neither."""
    from knowledge.numerals import cn_to_int, int_to_cn

    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value > 0 else None
    if isinstance(value, str):
        m = _SUFFIXED.match(value.strip())
        if m:
            try:
                number = int(m.group(1)) if m.group(1).isdigit() else cn_to_int(m.group(1))
            except (TypeError, ValueError):
                return None
            if number and number > 0:
                return f"第{int_to_cn(number)}条之{m.group(2)}"
    return None


#: A citation that names the version it cites (docs/decisions/laws-in-force-on-a-date.md, "Versioned
#: citations"): ((the date naming a version - the text in force that day -, the article in that text), ...),
#: the same rule in each version (商标法 57 of the text in force on 2019-11-01, 72 of the one in force on
#: 2027-01-01). Empty: the citation cites whichever text is in force (a law with one text around).
Editions = tuple[tuple[dt.date, int | str], ...]


def _date(value: Any, where: str) -> dt.date:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise CardFileError(f"{where} must be a date (2019-11-01): the day the cited text is in force")


def parse_editions(body: Mapping[str, Any], article: int | str, where: str) -> Editions:
    """A citation's ``version`` (the date naming the text ``article`` numbers) and ``articles`` (``{2027-01-01 =
    72}``: the same rule's article in other versions); () for a citation without ``version``."""
    version, others = body.get("version"), body.get("articles")
    if version is None:
        if others is not None:
            raise CardFileError(f"{where}.articles needs {where}.version (the date naming the text of `article`)")
        return ()
    editions: list[tuple[dt.date, int | str]] = [(_date(version, f"{where}.version"), article)]
    if others is not None:
        if not isinstance(others, Mapping) or not others:
            raise CardFileError(f"{where}.articles must be a table {{<date> = <article>}}")
        for key, value in others.items():
            number = article_number(value)
            if number is None:
                raise CardFileError(f"{where}.articles.{key} must be a positive integer or \"<n>之<一…九>\"")
            editions.append((_date(key, f"{where}.articles.{key}"), number))
    days = [day for day, _ in editions]
    if len(set(days)) != len(days):
        raise CardFileError(f"{where}: a version is named twice")
    return tuple(editions)


def editions_to_dict(editions: Editions) -> dict[str, Any]:
    """The ``version`` / ``articles`` keys of a citation (JSON-safe: dates as ISO strings)."""
    if not editions:
        return {}
    (first, _), rest = editions[0], editions[1:]
    return {"version": first.isoformat(), **({"articles": {day.isoformat(): art for day, art in rest}} if rest else {})}


@dataclass(frozen=True)
class Provision:
    law: str
    #: The article number, or the label of an inserted article (第一百三十三条之一); of the text ``editions``
    #: names first when it names one (a card read for a day carries the article of the text in force that day).
    article: int | str
    role: str
    decides: str
    keywords: tuple[str, ...]
    #: Typed predicates on the question's facts (legal/conditions.py) that say when this provision is
    #: the one that decides: among an answer's provisions the facts choose it (不满八周岁: 民法典 1199,
    #: 八周岁以上: 1200). Empty: the words of the part choose, as for any provision.
    when: tuple[Predicate, ...] = ()
    #: The version(s) cited (:data:`Editions`); empty: whichever text is in force.
    editions: Editions = ()

    @property
    def controlling(self) -> bool:
        return self.role == "controlling"


@dataclass(frozen=True)
class Element:
    text: str
    fact: str = ""
    ask: str = ""


@dataclass(frozen=True)
class Answer:
    qtype: str
    conclusion: str
    calculator: str = ""
    inputs: tuple[str, ...] = ()
    deadline: str = ""
    start: str = ""
    #: The provisions that decide this question type (law, article), at most :data:`MAX_BASIS`;
    #: empty: the engine derives them (the calculator's or deadline rule's basis, else the card's
    #: first controlling provision).
    basis: tuple[tuple[str, int | str], ...] = ()
    #: The versions each ``basis`` entry cites (:data:`Editions`, aligned with ``basis``); empty: none is versioned.
    basis_editions: tuple[Editions, ...] = ()
    #: Conclusions chosen by the facts (legal/conditions.py): the first case whose predicates all
    #: hold replaces ``conclusion``; none holding (or a fact not given) keeps it.
    cases: tuple[Case, ...] = ()
    #: Whom a yes/no answer decides of (legal/asks.py): a side (``employer`` …), ``asker`` (the party the card is
    #: written for) or ``none`` (a thing is classified); "" reads it from the card's title.
    actor: str = ""
    #: ... and the act it decides ("要求劳动者履行竞业限制"); "" reads it from the card's title.
    act: str = ""


@dataclass(frozen=True)
class Head:
    """One head of claim a how-much answer states on its own (``[[card.heads]]``, legal/heads.py): its figure
    comes from ``calculator`` run on the client's facts, or is the sum the client told for it (``fact``); it
    applies when all of ``when`` hold; ``excludes`` names the heads never counted beside it (经济补偿 beside
    赔偿金); ``ignore`` the facts its calculator must not read because another head counts them."""

    name: str
    law: str
    article: int | str
    calculator: str = ""
    fact: str = ""
    needs: tuple[str, ...] = ()
    when: tuple[Predicate, ...] = ()
    excludes: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    #: the needed facts that are regional figures (人均可支配收入, 社平工资): never guessed, said as not given
    regional: tuple[str, ...] = ()
    #: what the head comes to in words when its figure cannot be computed (按票据, 按当地标准)
    rule: str = ""


@dataclass(frozen=True)
class SideSteps:
    """The evidence and next steps of one side of the dispute (``[card.sides.<side>]``): what this card
    tells a client on that side in place of its own lists, which are written for the side it answers."""

    evidence: tuple[str, ...] = ()
    next_steps: tuple[str, ...] = ()
    #: risk notes for that side, given before the card's own notes that are not only the other side's
    risks: tuple[str, ...] = ()
    #: that side's conclusion by question type (``answers = { yes_no = "……" }``), in place of the card's
    #: answer when the card's leads with the other side's right (您有权, 可以主张, 您需要支付)
    answers: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Card:
    slug: str
    title: str
    domain: str
    summary: str
    phrasings: tuple[str, ...]
    terms: tuple[str, ...]
    question_types: tuple[str, ...]
    provisions: tuple[Provision, ...]
    answers: Mapping[str, Answer]
    not_terms: tuple[str, ...] = ()
    elements: tuple[Element, ...] = ()
    evidence: tuple[str, ...] = ()
    next_steps: tuple[str, ...] = ()
    exceptions: tuple[str, ...] = ()
    mistakes: tuple[str, ...] = ()
    #: Whose question the card answers (:data:`ASKERS`); empty: read from its phrasings by the matcher.
    asker: str = ""
    #: Typed facts (legal/facts.py names) that make this card the one (``when_facts``: 没约定还款期限
    #: for the no-due-date limitation card) or another card the one (``unless_facts``).
    when_facts: tuple[str, ...] = ()
    unless_facts: tuple[str, ...] = ()
    #: The typed facts the card is written for (legal/premises.py ``PREMISES``: the proceeding, the relation, the
    #: client's role, what is asked …), each with its value: facts told against one demote the card below a close
    #: card they fit, facts that meet one put it before a close sibling that does not declare it.
    premises: Mapping[str, str] = field(default_factory=dict)
    #: Evidence and next steps per side of the dispute (:data:`ASKERS` but ``any``), for a client on a
    #: side the card's own lists are not written for (legal/sides.py).
    sides: Mapping[str, SideSteps] = field(default_factory=dict)
    #: The heads of claim a how-much answer gives one by one, with a total (legal/heads.py).
    heads: tuple[Head, ...] = ()
    #: The exceptions typed as rules (``exceptions`` entries that are tables, legal/conditions.py): each adds its
    #: conclusions as the first cases of the answers it names; ``exceptions`` keeps every sentence, typed or not.
    exception_rules: tuple[ExceptionRule, ...] = ()
    source: str = ""
    warnings: tuple[str, ...] = field(default=(), compare=False)

    @property
    def controlling(self) -> tuple[Provision, ...]:
        return tuple(p for p in self.provisions if p.controlling)[:MAX_CONTROLLING]

    def area_label(self) -> str:
        return self.slug.split(".", 1)[0]

    def answer_for(self, qtype: str) -> Answer:
        """The answer to ``qtype``, else the card's default (its first question type)."""
        if qtype in self.answers:
            return self.answers[qtype]
        return self.answers[self.question_types[0]] if self.question_types[0] in self.answers else next(
            iter(self.answers.values()))

    def to_dict(self) -> dict[str, Any]:
        """The card as its file writes it (what the firm edits and versions store)."""
        return card_to_dict(self)


def _where(path: str, slug: str, key: str) -> str:
    return f"{path}: card {slug or '?'}: {key}"


def _strings(value: Any, where: str, *, required: bool = False) -> tuple[str, ...]:
    if value is None:
        value = []
    if isinstance(value, str) or not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CardFileError(f"{where} must be a list of strings")
    items = tuple(v.strip() for v in value if v.strip())
    if required and not items:
        raise CardFileError(f"{where} is missing or empty")
    return items


def _premises(value: Any, where: str) -> dict[str, str]:
    """A card's ``premises`` table (legal/premises.py): each premise fact with one of its values, or an error."""
    from legal.premises import premise_problems

    if value is None:
        return {}
    problems = premise_problems(dict(value) if isinstance(value, Mapping) else value)
    if problems:
        raise CardFileError(f"{where}: {problems[0]}")
    return dict(value)


def _text(value: Any, where: str, *, required: bool = True) -> str:
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise CardFileError(f"{where} is missing or not a string")
    return value.strip()


#: The actors a yes/no answer may declare (``actor``): a side, the card's asker, or nobody (a classification).
ANSWER_ACTORS = (*(a for a in ASKERS if a != "any"), "asker", "none")


def _actor(value: Any, where: str) -> str:
    """An answer's ``actor`` (:data:`ANSWER_ACTORS`), "" when not given."""
    text = _text(value, where, required=False)
    if text and text not in ANSWER_ACTORS:
        raise CardFileError(f"{where} must be one of {', '.join(ANSWER_ACTORS)}")
    return text


def _basis(value: Any, where: str) -> tuple[tuple[tuple[str, int | str], ...], tuple[Editions, ...]]:
    """An answer's ``basis``: a list of ``{law, article}`` tables (each may name its ``version`` and the
    ``articles`` of other versions), at most :data:`MAX_BASIS`; and the versions each cites (() when none does)."""
    if value is None:
        return (), ()
    if not isinstance(value, list):
        raise CardFileError(f"{where} must be a list of {{law, article}} tables")
    out: dict[tuple[str, int | str], Editions] = {}
    for index, item in enumerate(value):
        if not isinstance(item, Mapping):
            raise CardFileError(f"{where}[{index}] must be a table with law and article")
        article = article_number(item.get("article"))
        if article is None:
            raise CardFileError(f"{where}[{index}].article must be a positive integer or \"<n>之<一…九>\"")
        pair = (_text(item.get("law"), f"{where}[{index}].law"), article)
        out.setdefault(pair, parse_editions(item, article, f"{where}[{index}]"))
    if len(value) > MAX_BASIS:
        raise CardFileError(f"{where} names more than {MAX_BASIS} provisions")
    editions = tuple(out.values())
    return tuple(out), editions if any(editions) else ()


def _cases(value: Any, where: str) -> tuple[Case, ...]:
    try:
        return parse_cases(value, where)
    except ConditionError as exc:
        raise CardFileError(str(exc)) from exc


def _when(value: Any, where: str) -> tuple[Predicate, ...]:
    """A provision's ``when``: a list of predicates on the facts (legal/conditions.py)."""
    if value is None:
        return ()
    if not isinstance(value, list) or not value:
        raise CardFileError(f"{where} must be a non-empty list of predicates")
    try:
        return tuple(parse_predicate(item, f"{where}[{index}]") for index, item in enumerate(value))
    except ConditionError as exc:
        raise CardFileError(str(exc)) from exc


def parse_card(raw: Mapping[str, Any], *, path: str = "<card>") -> Card:
    """One ``[[card]]`` table as a :class:`Card`; :class:`CardFileError` names what is wrong."""
    if not isinstance(raw, Mapping):
        raise CardFileError(f"{path}: a [[card]] entry is not a table")
    slug = raw.get("slug") if isinstance(raw.get("slug"), str) else ""
    for key in REQUIRED:
        if not raw.get(key):
            raise CardFileError(_where(path, slug, key) + " is missing")
    warnings: list[str] = []
    if not _SLUG.match(slug):
        warnings.append(f"slug {slug!r} is not <area>.<kebab-name>")
    domain = _text(raw["domain"], _where(path, slug, "domain"))
    if domain not in DOMAINS:
        warnings.append(f"unknown domain {domain!r}")
    phrasings = _strings(raw["phrasings"], _where(path, slug, "phrasings"), required=True)
    if len(set(phrasings)) < MIN_PHRASINGS:
        raise CardFileError(_where(path, slug, "phrasings") + f" has fewer than {MIN_PHRASINGS} distinct phrasings")
    qtypes = _strings(raw["question_types"], _where(path, slug, "question_types"), required=True)
    answers_raw = raw["answers"]
    if not isinstance(answers_raw, Mapping):
        raise CardFileError(_where(path, slug, "answers") + " must be a table of question types")
    answers: dict[str, Answer] = {}
    for qtype, body in answers_raw.items():
        where = _where(path, slug, f"answers.{qtype}")
        if not isinstance(body, Mapping):
            raise CardFileError(f"{where} must be a table")
        if qtype not in QUESTION_TYPES:
            warnings.append(f"unknown question type {qtype!r}")
        basis, basis_editions = _basis(body.get("basis"), f"{where}.basis")
        answers[qtype] = Answer(
            qtype=qtype, conclusion=_text(body.get("conclusion"), f"{where}.conclusion"),
            calculator=_text(body.get("calculator"), f"{where}.calculator", required=False),
            inputs=_strings(body.get("inputs"), f"{where}.inputs"),
            deadline=_text(body.get("deadline"), f"{where}.deadline", required=False),
            start=_text(body.get("start"), f"{where}.start", required=False),
            basis=basis, basis_editions=basis_editions, cases=_cases(body.get("cases"), f"{where}.cases"),
            actor=_actor(body.get("actor"), f"{where}.actor"),
            act=_text(body.get("act"), f"{where}.act", required=False))
    for qtype in qtypes:
        if qtype not in answers:
            raise CardFileError(_where(path, slug, "question_types") + f": {qtype} has no answer")
    try:
        exception_texts, exception_rules = parse_exceptions(raw.get("exceptions"), _where(path, slug, "exceptions"))
    except ConditionError as exc:
        raise CardFileError(str(exc)) from exc
    ruled: dict[str, list[Case]] = {}
    for rule in exception_rules:
        # the exceptions decide before the answer's own cases, in the card's order: when an exception's facts hold,
        # its conclusion is the answer
        for qtype in rule.answers:
            case = rule.case_for(qtype)
            if qtype not in answers or case is None:
                warnings.append(f"exceptions: {rule.text[:20]}… answers {qtype}, which the card does not")
                continue
            ruled.setdefault(qtype, []).append(case)
    for qtype, cases in ruled.items():
        answers[qtype] = replace(answers[qtype], cases=(*cases, *answers[qtype].cases))
    provisions_raw = raw["provisions"]
    if not isinstance(provisions_raw, list):
        raise CardFileError(_where(path, slug, "provisions") + " must be a list of tables")
    provisions = []
    for index, body in enumerate(provisions_raw):
        where = _where(path, slug, f"provisions[{index}]")
        if not isinstance(body, Mapping):
            raise CardFileError(f"{where} must be a table")
        article = article_number(body.get("article"))
        if article is None:
            raise CardFileError(f"{where}.article must be a positive integer or \"<n>之<一…九>\"")
        role = str(body.get("role") or "supporting")
        if role not in ROLES:
            warnings.append(f"provisions[{index}].role {role!r} is neither controlling nor supporting")
        provisions.append(Provision(
            law=_text(body.get("law"), f"{where}.law"), article=article, role=role,
            decides=_text(body.get("decides"), f"{where}.decides", required=False),
            keywords=_strings(body.get("keywords"), f"{where}.keywords"),
            when=_when(body.get("when"), f"{where}.when"), editions=parse_editions(body, article, where)))
    elements = []
    for index, body in enumerate(raw.get("elements") or []):
        where = _where(path, slug, f"elements[{index}]")
        if not isinstance(body, Mapping):
            raise CardFileError(f"{where} must be a table")
        elements.append(Element(text=_text(body.get("text"), f"{where}.text"),
                                fact=_text(body.get("fact"), f"{where}.fact", required=False),
                                ask=_text(body.get("ask"), f"{where}.ask", required=False)))
    card = Card(
        slug=slug, title=_text(raw["title"], _where(path, slug, "title")), domain=domain,
        summary=_text(raw["summary"], _where(path, slug, "summary")), phrasings=tuple(dict.fromkeys(phrasings)),
        terms=_strings(raw["terms"], _where(path, slug, "terms"), required=True), question_types=qtypes,
        provisions=tuple(provisions), answers=answers,
        not_terms=_strings(raw.get("not_terms"), _where(path, slug, "not_terms")), elements=tuple(elements),
        evidence=_strings(raw.get("evidence"), _where(path, slug, "evidence")),
        next_steps=_strings(raw.get("next_steps"), _where(path, slug, "next_steps")),
        exceptions=exception_texts, exception_rules=exception_rules,
        mistakes=_strings(raw.get("mistakes"), _where(path, slug, "mistakes")),
        asker=_text(raw.get("asker"), _where(path, slug, "asker"), required=False),
        when_facts=_strings(raw.get("when_facts"), _where(path, slug, "when_facts")),
        unless_facts=_strings(raw.get("unless_facts"), _where(path, slug, "unless_facts")),
        premises=_premises(raw.get("premises"), _where(path, slug, "premises")),
        sides=_sides(raw.get("sides"), _where(path, slug, "sides")),
        heads=_heads(raw.get("heads"), _where(path, slug, "heads")), source=path)
    if card.asker and card.asker not in ASKERS:
        raise CardFileError(_where(path, slug, "asker") + f" must be one of {', '.join(ASKERS)}")
    from legal import names
    from legal.facts import LABELS

    for answer in answers.values():
        if answer.calculator and answer.calculator not in names.CALCULATOR_NAMES:
            warnings.append(f"answers.{answer.qtype}: unknown calculator {answer.calculator!r}")
        if answer.deadline and answer.deadline not in names.DEADLINE_NAMES:
            warnings.append(f"answers.{answer.qtype}: unknown deadline rule {answer.deadline!r}")
        for case in answer.cases:
            for predicate in case.when:
                if predicate.fact not in LABELS:
                    warnings.append(f"answers.{answer.qtype}.cases: unknown fact {predicate.fact!r} (never holds)")
    from legal.heads import HEAD_CALCULATORS, TOLD_LABELS

    for index, head in enumerate(card.heads):
        if head.calculator and head.calculator not in names.CALCULATOR_NAMES | set(HEAD_CALCULATORS):
            warnings.append(f"heads[{index}]: unknown calculator {head.calculator!r} (never computes)")
        for name in (*head.needs, *(p.fact for p in head.when), *([head.fact] if head.fact else []), *head.regional):
            if name not in LABELS and name not in TOLD_LABELS:
                warnings.append(f"heads[{index}]: unknown fact {name!r}")
    for index, provision in enumerate(provisions):
        for predicate in provision.when:
            if predicate.fact not in LABELS:
                warnings.append(f"provisions[{index}].when: unknown fact {predicate.fact!r} (never holds)")
    if sum(p.controlling for p in provisions) > MAX_CONTROLLING:
        warnings.append(f"more than {MAX_CONTROLLING} controlling provisions (the first {MAX_CONTROLLING} count)")
    return Card(**{**card.__dict__, "warnings": tuple(warnings)})


_HEAD_KEYS = frozenset({"name", "calculator", "fact", "needs", "basis", "when", "excludes", "ignore", "regional",
                        "rule"})


def _heads(raw: Any, where: str) -> tuple[Head, ...]:
    """``[[card.heads]]``: each a table with a unique ``name``, exactly one of ``calculator`` / ``fact``, its
    controlling article ``basis = {law, article}``, and optional ``needs``, ``when``, ``excludes`` (names of
    the card's other heads), ``ignore``, ``regional`` (a subset of ``needs``) and ``rule``."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise CardFileError(f"{where} must be a list of tables ([[card.heads]])")
    heads: list[Head] = []
    for index, body in enumerate(raw):
        at = f"{where}[{index}]"
        if not isinstance(body, Mapping):
            raise CardFileError(f"{at} must be a table")
        unknown = sorted(set(body) - _HEAD_KEYS)
        if unknown:
            raise CardFileError(f"{at}: unknown key {unknown[0]!r}")
        calculator = _text(body.get("calculator"), f"{at}.calculator", required=False)
        fact = _text(body.get("fact"), f"{at}.fact", required=False)
        if bool(calculator) == bool(fact):
            raise CardFileError(f"{at} must name exactly one of calculator and fact")
        basis = body.get("basis")
        if not isinstance(basis, Mapping):
            raise CardFileError(f"{at}.basis must be a {{law, article}} table (the head's controlling article)")
        article = article_number(basis.get("article"))
        if article is None:
            raise CardFileError(f"{at}.basis.article must be a positive integer or \"<n>之<一…九>\"")
        needs = _strings(body.get("needs"), f"{at}.needs")
        regional = _strings(body.get("regional"), f"{at}.regional")
        if not set(regional) <= set(needs) | ({fact} if fact else set()):
            raise CardFileError(f"{at}.regional must list needed facts only")
        heads.append(Head(
            name=_text(body.get("name"), f"{at}.name"), law=_text(basis.get("law"), f"{at}.basis.law"),
            article=article, calculator=calculator, fact=fact, needs=needs,
            when=_when(body.get("when"), f"{at}.when"), excludes=_strings(body.get("excludes"), f"{at}.excludes"),
            ignore=_strings(body.get("ignore"), f"{at}.ignore"), regional=regional,
            rule=_text(body.get("rule"), f"{at}.rule", required=False)))
    names = [head.name for head in heads]
    for head in heads:
        if names.count(head.name) > 1:
            raise CardFileError(f"{where}: head {head.name!r} is named twice")
        for other in head.excludes:
            if other not in names or other == head.name:
                raise CardFileError(f"{where}: head {head.name!r} excludes {other!r}, not another head of the card")
    return tuple(heads)


def _sides(raw: Any, where: str) -> dict[str, SideSteps]:
    """``[card.sides.<side>]`` tables: each a side of :data:`ASKERS` (not ``any``) with ``evidence`` and/or
    ``next_steps`` (and optional ``risks``), lists of non-empty strings."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise CardFileError(f"{where} must be a table of sides")
    out: dict[str, SideSteps] = {}
    for name, body in raw.items():
        if name not in ASKERS or name == "any":
            raise CardFileError(f"{where}.{name}: not a side (one of {', '.join(a for a in ASKERS if a != 'any')})")
        if not isinstance(body, Mapping):
            raise CardFileError(f"{where}.{name} must be a table")
        unknown = set(body) - {"evidence", "next_steps", "risks", "answers"}
        if unknown:
            raise CardFileError(
                f"{where}.{name}: unknown key {sorted(unknown)[0]!r} (evidence, next_steps, risks, answers)")
        answers = body.get("answers", {})
        if not isinstance(answers, Mapping) or any(qtype not in QUESTION_TYPES or not isinstance(text, str)
                                                   or not text.strip() for qtype, text in answers.items()):
            raise CardFileError(f"{where}.{name}.answers must map question types to non-empty conclusions")
        steps = SideSteps(evidence=_strings(body.get("evidence"), f"{where}.{name}.evidence"),
                          next_steps=_strings(body.get("next_steps"), f"{where}.{name}.next_steps"),
                          risks=_strings(body.get("risks"), f"{where}.{name}.risks"), answers=dict(answers))
        if not steps.evidence and not steps.next_steps and not steps.answers:
            raise CardFileError(f"{where}.{name} needs evidence, next_steps or answers")
        out[name] = steps
    return out


def load_file(path: Path | str) -> list[Card]:
    path = Path(path)
    return list(_parse_text(path.name, path.read_text(encoding="utf-8")))


@functools.lru_cache(maxsize=256)
def _parse_text(name: str, text: str) -> tuple[Card, ...]:
    """One file's cards, parsed once per process for the same name and text (cards are frozen; a file that
    fails raises every time): the test modules that read every card file at import paid ~0.8 s each."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardFileError(f"{name}: not valid TOML ({exc})") from exc
    entries = data.get("card", [])
    if not isinstance(entries, list):
        raise CardFileError(f"{name}: [[card]] must be an array of tables")
    return tuple(parse_card(entry, path=name) for entry in entries)


def load_cards(paths: Iterable[Path | str]) -> list[Card]:
    """Every card of ``paths``, in file order; a slug used twice is an error."""
    cards: list[Card] = []
    seen: dict[str, str] = {}
    for path in paths:
        for card in load_file(path):
            if card.slug in seen:
                raise CardFileError(f"{Path(path).name}: card {card.slug}: slug already used in {seen[card.slug]}")
            seen[card.slug] = Path(path).name
            cards.append(card)
    return cards


def card_files(directory: Path = CARDS_DIR) -> list[Path]:
    return sorted(directory.glob("*.toml"))


@functools.cache
def shipped_cards() -> tuple[Card, ...]:
    """The cards the product ships (``legal/cards/*.toml``), loaded once per process: from the parse
    cache when one holds these files as this code parses them (:func:`_parsed_cache`), else parsed."""
    files = card_files()
    path = _parsed_cache(files)
    if path is not None:
        try:
            # written by this site into its own cache dir, as the matcher's vectors are
            cards = pickle.loads(path.read_bytes())  # noqa: S301
            if isinstance(cards, tuple) and all(isinstance(card, Card) for card in cards):
                return cards
        except Exception:  # noqa: S110 - missing, truncated or from another version: parse again
            pass
    cards = tuple(load_cards(files))
    if path is not None:  # only cards that parsed: an invalid file is never cached and stops every start
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            part = path.with_name(f"{path.name}.{os.getpid()}.part")
            part.write_bytes(pickle.dumps(cards, protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(part, path)  # readers see the whole file or none
            for stale in path.parent.glob("cards-*.pickle"):  # earlier files or code: never read again
                if stale != path:
                    stale.unlink(missing_ok=True)
        except OSError:
            pass  # a cache that cannot be written costs a parse, never a start
    return cards


#: The code whose output the parse cache holds: this module and everything ``parse_card`` reads (the
#: predicates, the engine's names and fact labels, the numeral readers).
_PARSER_SOURCES = (*sorted(Path(__file__).resolve().parent.glob("*.py")),
                   Path(__file__).resolve().parent.parent / "knowledge" / "numerals.py")


def _parsed_cache(files: Sequence[Path]) -> Path | None:
    """Where the parsed shipped cards are kept between processes (every daphne, worker and ``manage.py``
    child parsed the same TOML files, about half a second each): a pickle in the cache dir
    (``settings.CACHE_DIR``, as the matcher's vectors; none without settings) named by the hash of the
    card files' content and of the code that parses them, so a changed file or parser is a new name."""
    try:
        from django.conf import settings

        directory = Path(settings.CACHE_DIR)
    except Exception:  # no Django settings (scripts/check_cards.py): no cache, a parse
        return None
    digest = hashlib.sha256(f"{sys.version_info[:2]}".encode())
    for path in (*files, *_PARSER_SOURCES):
        try:
            content = path.read_bytes()
        except OSError:
            content = b""
        digest.update(f"{path.name}\0{len(content)}\0".encode())
        digest.update(content)
    return directory / f"cards-{digest.hexdigest()[:32]}.pickle"


def card_to_dict(card: Card) -> dict[str, Any]:
    return {
        "slug": card.slug, "title": card.title, "domain": card.domain, "summary": card.summary,
        "phrasings": list(card.phrasings), "terms": list(card.terms), "not_terms": list(card.not_terms),
        **({"asker": card.asker} if card.asker else {}),
        **({"when_facts": list(card.when_facts)} if card.when_facts else {}),
        **({"unless_facts": list(card.unless_facts)} if card.unless_facts else {}),
        **({"premises": dict(card.premises)} if card.premises else {}),
        **({"sides": {name: {**{k: list(v) for k, v in (("evidence", steps.evidence), ("next_steps", steps.next_steps),
                                                                 ("risks", steps.risks)) if v},
                             **({"answers": dict(steps.answers)} if steps.answers else {})}
                      for name, steps in card.sides.items()}} if card.sides else {}),
        "question_types": list(card.question_types), "evidence": list(card.evidence),
        "next_steps": list(card.next_steps), "exceptions": _exceptions_to_list(card), "mistakes": list(card.mistakes),
        "provisions": [{"law": p.law, "article": p.article, **editions_to_dict(p.editions), "role": p.role,
                        "decides": p.decides, "keywords": list(p.keywords),
                        **({"when": [w.to_dict() for w in p.when]} if p.when else {})}
                       for p in card.provisions],
        "elements": [{k: v for k, v in (("text", e.text), ("fact", e.fact), ("ask", e.ask)) if v}
                     for e in card.elements],
        **({"heads": [{k: v for k, v in (
            ("name", h.name), ("calculator", h.calculator), ("fact", h.fact), ("needs", list(h.needs)),
            ("basis", {"law": h.law, "article": h.article}), ("when", [w.to_dict() for w in h.when]),
            ("excludes", list(h.excludes)), ("ignore", list(h.ignore)), ("regional", list(h.regional)),
            ("rule", h.rule)) if v} for h in card.heads]} if card.heads else {}),
        "answers": {q: {k: v for k, v in (("conclusion", a.conclusion), ("calculator", a.calculator),
                                          ("inputs", list(a.inputs)), ("deadline", a.deadline),
                                          ("start", a.start),
                                          ("basis", [{"law": law, "article": art, **editions_to_dict(
                                              a.basis_editions[i] if a.basis_editions else ())}
                                              for i, (law, art) in enumerate(a.basis)]),
                                          ("cases", [c.to_dict() for c in a.cases if not c.exception]),
                                          ("actor", a.actor), ("act", a.act))
                            if v}
                    for q, a in card.answers.items()},
    }


def _exceptions_to_list(card: Card) -> list[Any]:
    """The card's ``exceptions`` as written: a typed one as its table, a prose one as its sentence."""
    typed = {rule.text: rule.to_dict() for rule in card.exception_rules}
    return [typed.get(text, text) for text in card.exceptions]


def card_from_dict(data: Mapping[str, Any], *, source: str = "firm") -> Card:
    return parse_card(data, path=source)


def problems(cards: Sequence[Card]) -> list[str]:
    """The warnings of ``cards``, one line each (file, card, what)."""
    return [f"{c.source}: card {c.slug}: {w}" for c in cards for w in c.warnings]
