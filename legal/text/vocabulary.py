"""Schemas and loaders of chat's vocabulary files (``legal/text/vocab/``, described in docs/vocabularies.md).

``intent.toml`` feeds layer-1 intent (:mod:`legal.text.intent_rules`), ``entities.toml`` entity
extraction (:mod:`legal.text.entities`), ``offline.toml`` the offline answer's calculators
(:mod:`chat.offline`). Each file is parsed once per process and validated on load; a bad entry
raises :class:`knowledge.vocabulary.VocabularyError` naming the file and the key.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from knowledge.vocabulary import LegalDomain, Schema, Text, Weight, Word, Words, load_vocabulary
from legal.text.domains import LEGAL_DOMAINS, LEGAL_INTENTS

#: chat's vocabulary files.
VOCAB_DIR = Path(__file__).resolve().parent / "vocab"

#: ${name} in an intent cue: the fragment ``name`` of [fragments].
_FRAGMENT_REF = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _regex(value: str) -> str:
    try:
        re.compile(value)
    except re.error as exc:
        raise ValueError(f"not a valid regular expression ({exc}): {value!r}") from None
    return value


def _legal_intent(code: str) -> str:
    if code not in LEGAL_INTENTS:
        raise ValueError(f"unknown intent {code!r} (intents: {', '.join(LEGAL_INTENTS)})")
    return code


def _chinese(value: str) -> str:
    if not value or not all("\u4e00" <= ch <= "\u9fff" for ch in value):
        raise ValueError(f"only Chinese characters, each a surname (got {value!r})")
    return value


def _char(value: str) -> str:
    if len(value) != 1:
        raise ValueError(f"one character per entry (got {value!r})")
    return value


Regex = Annotated[str, AfterValidator(_regex)]
LegalIntent = Annotated[str, AfterValidator(_legal_intent)]
#: weight -> words: 5 defines the domain … 1 is a weak hint.
Tiers = dict[Weight, Words]


# -- intent.toml -----------------------------------------------------------------------------------


class Combo(Schema):
    domain: LegalDomain
    weight: Weight
    groups: Annotated[list[Words], Field(min_length=1)]


class DomainPattern(Schema):
    domain: LegalDomain
    weight: Weight
    pattern: Regex


class NonLegal(Schema):
    overrides: Words
    legal_signals: Words
    words: Tiers


class IntentCue(Schema):
    weight: Weight
    any: Annotated[list[Text], Field(min_length=1)]


class Narrative(Schema):
    actors: Annotated[list[Regex], Field(min_length=1)]
    events: Annotated[list[Regex], Field(min_length=1)]


class IntentVocabulary(Schema):
    """legal/text/vocab/intent.toml: domain words, combinations, patterns, non-legal words, intent cues."""

    words: dict[LegalDomain, Tiers]
    combos: list[Combo] = []
    patterns: list[DomainPattern] = []
    non_legal: NonLegal
    masks: dict[Word, Text] = {}
    fragments: dict[Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")], Text | Words] = {}
    intents: dict[LegalIntent, list[IntentCue]]
    narrative: Narrative

    @model_validator(mode="after")
    def _consistent(self) -> IntentVocabulary:
        missing = [code for code in LEGAL_DOMAINS if code not in self.words]
        if missing:
            raise ValueError(f"words: every legal domain needs words; missing: {', '.join(missing)}")
        for intent, cues in self.intents.items():
            for index, cue in enumerate(cues):
                for number, alternative in enumerate(cue.any):
                    where = f"intents.{intent}[{index}].any[{number}]"
                    for name in _FRAGMENT_REF.findall(alternative):
                        if name not in self.fragments:
                            raise ValueError(f"{where}: ${{{name}}} is not a name of [fragments]")
                    _regex_at(where, self._expand(alternative))
                _regex_at(f"intents.{intent}[{index}].any", "|".join(self._expand(a) for a in cue.any))
        return self

    def _expand(self, alternative: str) -> str:
        def fragment(match: re.Match[str]) -> str:
            value = self.fragments[match.group(1)]
            return value if isinstance(value, str) else "|".join(value)

        return _FRAGMENT_REF.sub(fragment, alternative)

    def intent_patterns(self) -> list[tuple[str, float, str]]:
        """(intent, weight, regex) per cue, in file order, fragments filled in and alternatives joined."""
        return [
            (intent, cue.weight, "|".join(self._expand(alternative) for alternative in cue.any))
            for intent, cues in self.intents.items()
            for cue in cues
        ]


def _regex_at(where: str, pattern: str) -> None:
    try:
        re.compile(pattern)
    except re.error as exc:
        raise ValueError(f"{where}: not a valid regular expression ({exc}): {pattern!r}") from None


@cache
def intent_vocabulary() -> IntentVocabulary:
    return load_vocabulary(VOCAB_DIR / "intent.toml", IntentVocabulary)


# -- intent_signals.toml --------------------------------------------------------------------------


class IntentSignals(Schema):
    """legal/text/vocab/intent_signals.toml: which domain a retrieved statute speaks for when
    knowledge/vocab/domains.toml does not scope it (a fragment of the law's name → domains)."""

    law_name_domains: dict[Word, Annotated[list[LegalDomain], Field(min_length=1)]]


@cache
def intent_signals() -> IntentSignals:
    return load_vocabulary(VOCAB_DIR / "intent_signals.toml", IntentSignals)


# -- entities.toml ---------------------------------------------------------------------------------


class Persons(Schema):
    surnames: Annotated[list[Annotated[str, AfterValidator(_chinese)]], Field(min_length=1)]
    compound_surnames: list[Word] = []
    titles: Words
    relations: Words
    not_persons: list[Word] = []


class Organizations(Schema):
    suffixes: Words
    stop_words: list[Word] = []
    stop_chars: list[Annotated[str, AfterValidator(_char)]] = []
    generic_prefixes: list[Word] = []


class Locations(Schema):
    provinces: Words
    cities: Words
    districts: Words
    foreign: Words


class Amounts(Schema):
    money_words: Words
    not_money_after: Words
    wage_kinds: dict[Literal["monthly_wage", "daily_wage", "annual_salary"], Words]


class Durations(Schema):
    service_words: Words
    not_duration_after: Words


class EntityLexicon(Schema):
    """legal/text/vocab/entities.toml: lexicons of persons, organisations, locations, amounts, durations."""

    persons: Persons
    organizations: Organizations
    locations: Locations
    amounts: Amounts
    durations: Durations


@cache
def entity_lexicon() -> EntityLexicon:
    return load_vocabulary(VOCAB_DIR / "entities.toml", EntityLexicon)


# -- offline.toml ----------------------------------------------------------------------------------


class CalculatorWords(Schema):
    unlawful_dismissal: Words
    no_written_contract: Words
    litigation_fee: Words
    limitation_period: Words
    deadline_question: Words


class QuestionKinds(Schema):
    legality: Words
    can: Words
    amount: Words
    consequence: Words
    action: Words


class NormWords(Schema):
    prohibitive: Words
    permissive: Words


class RelevanceWords(Schema):
    generic_titles: Words
    generic_suffixes: Words
    common_bigrams: Words


class OfflineKeywords(Schema):
    """legal/text/vocab/offline.toml: words that make the offline answer run a calculator, the kinds of
    question its direct answer answers, how a statute sentence points, titles without a topic."""

    calculators: CalculatorWords
    questions: QuestionKinds
    norms: NormWords
    relevance: RelevanceWords


@cache
def offline_keywords() -> OfflineKeywords:
    return load_vocabulary(VOCAB_DIR / "offline.toml", OfflineKeywords)


#: Every file of legal/text/vocab/ and its schema.
SCHEMAS: dict[str, type[Schema]] = {
    "intent.toml": IntentVocabulary,
    "entities.toml": EntityLexicon,
    "offline.toml": OfflineKeywords,
    "intent_signals.toml": IntentSignals,
}
