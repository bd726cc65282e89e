"""Vocabulary files: the word lists, rules and registries of text analysis, kept as TOML data.

Each app keeps its files in ``<app>/vocab/`` (docs/vocabularies.md describes them). A file is
parsed once per process and validated against its schema, a pydantic model; a file that is not
valid TOML or does not match its schema raises :class:`VocabularyError`, naming the file and
the bad key. This module holds the loader and the schemas of knowledge's own files: the domain
registry, the typo tables and the query-expansion rules.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    model_validator,
)

#: knowledge's vocabulary files.
VOCAB_DIR = Path(__file__).resolve().parent / "vocab"
_ROOT = Path(__file__).resolve().parent.parent
#: The domain every message falls back to; it must close the registry (a domain code, not a label).
GENERAL = "general"
#: Reserved for messages that are not legal questions (chat adds it); not a registry entry.
NON_LEGAL = "non_legal"


class VocabularyError(ValueError):
    """A vocabulary file that cannot be read, is not valid TOML or does not match its schema."""


class Schema(BaseModel):
    """Base of every vocabulary schema: an unknown key is an error, loaded values are read-only."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _word(value: str) -> str:
    if not value or any(ch.isspace() for ch in value):
        raise ValueError(f"a word must be non-empty and hold no spaces (got {value!r})")
    if value != value.lower():
        raise ValueError(f"write words in lower case, messages are lower-cased before matching (got {value!r})")
    return value


def _text(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value


#: A word matched in a normalised message: non-empty, no whitespace, lower case.
Word = Annotated[str, AfterValidator(_word)]
#: A non-empty string (a label, a law name, a regular expression).
Text = Annotated[str, AfterValidator(_text)]
#: A list of at least one word.
Words = Annotated[list[Word], Field(min_length=1)]
#: A cue's weight: a positive number.
Weight = Annotated[float, Field(gt=0)]


M = TypeVar("M", bound=BaseModel)


def load_vocabulary(path: Path, schema: type[M]) -> M:
    """Parse the TOML file at ``path`` and validate it against ``schema``.

    Raises :class:`VocabularyError` with the file and, per problem, the key path (``rules.labor[3].
    triggers[0]``) and what is wrong.
    """
    shown = _shown(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise VocabularyError(f"{shown}: cannot be read: {exc}") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise VocabularyError(f"{shown}: not valid TOML: {exc}") from exc
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        problems = [
            ": ".join([shown, *([_key_path(error["loc"])] if error["loc"] else []), _message(error)])
            for error in exc.errors()
        ]
        raise VocabularyError("\n".join(problems)) from None


def _shown(path: Path) -> str:
    resolved = path.resolve()
    return str(resolved.relative_to(_ROOT)) if resolved.is_relative_to(_ROOT) else str(path)


def _key_path(loc: tuple[int | str, ...]) -> str:
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part == "[key]":
            text += " (the key)"
        else:
            text += f".{part}" if text else str(part)
    return text


#: Clearer words for pydantic's messages about keys.
_KEY_MESSAGES = {"extra_forbidden": "unknown key (misspelt?)", "missing": "required key is missing"}


def _message(error: Mapping[str, Any]) -> str:
    if error["type"] in _KEY_MESSAGES:
        return _KEY_MESSAGES[error["type"]]
    message = str(error["msg"]).removeprefix("Value error, ")
    value = error.get("input")
    if error["type"] != "value_error" and isinstance(value, str | int | float):
        message += f" (got {value!r})"
    return message


# -- domains.toml ----------------------------------------------------------------------------------


def _article_range(value: Any) -> tuple[int, int]:
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in value)
        and value[0] <= value[1]
    ):
        return (value[0], value[1])
    raise ValueError(f"an article range is [first, last] with 0 < first ≤ last (got {value!r})")


def _range_part(value: Any) -> str | tuple[int, int]:
    """An entry of a law's scope: the name of an [article_ranges] entry, or [first, last]."""
    if isinstance(value, str) and value:
        return value
    try:
        return _article_range(value)
    except ValueError:
        raise ValueError(
            f"a scope entry is [first, last] with 0 < first ≤ last, or the name of an [article_ranges] "
            f"entry (got {value!r})"
        ) from None


ArticleRange = Annotated[tuple[int, int], BeforeValidator(_article_range)]
RangePart = Annotated[str | tuple[int, int], BeforeValidator(_range_part)]
#: A domain code: lower-case letters and underscores (marriage_family).
DomainCode = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z_]*$")]


class DomainEntry(Schema):
    label: Text
    laws: dict[Text, list[RangePart]] = {}
    departments: list[Text] = []


class DomainRegistry(Schema):
    """knowledge/vocab/domains.toml: the legal domains, their labels and search scopes."""

    article_ranges: dict[Text, ArticleRange] = {}
    domains: dict[DomainCode, DomainEntry]

    @model_validator(mode="after")
    def _consistent(self) -> DomainRegistry:
        if NON_LEGAL in self.domains:
            raise ValueError(f"domains.{NON_LEGAL}: reserved for messages that are not legal questions")
        if list(self.domains)[-1:] != [GENERAL]:
            raise ValueError(f"domains.{GENERAL} (综合咨询) must be the last domain")
        for code, entry in self.domains.items():
            for law, parts in entry.laws.items():
                for index, part in enumerate(parts):
                    if isinstance(part, str) and part not in self.article_ranges:
                        raise ValueError(
                            f"domains.{code}.laws.{law}[{index}]: {part!r} is not a name of [article_ranges]"
                        )
        return self

    def scope(self, code: str) -> dict[str, tuple[tuple[int, int], ...]]:
        """The laws of a domain with every article range resolved: law -> ((first, last), …)."""
        return {
            law: tuple(self.article_ranges[part] if isinstance(part, str) else part for part in parts)
            for law, parts in self.domains[code].laws.items()
        }


@cache
def domain_registry() -> DomainRegistry:
    return load_vocabulary(VOCAB_DIR / "domains.toml", DomainRegistry)


def _legal_domain(code: str) -> str:
    known = domain_registry().domains
    if code not in known:
        raise ValueError(f"unknown domain {code!r} (knowledge/vocab/domains.toml has: {', '.join(known)})")
    return code


#: The code of a legal domain of the registry.
LegalDomain = Annotated[str, AfterValidator(_legal_domain)]


# -- typos.toml ------------------------------------------------------------------------------------


class Typos(Schema):
    """knowledge/vocab/typos.toml: wrong -> right, for every query and for intent only."""

    query: dict[Word, Word]
    intent: dict[Word, Word] = {}

    @model_validator(mode="after")
    def _consistent(self) -> Typos:
        for table in ("query", "intent"):
            for wrong, right in getattr(self, table).items():
                if wrong == right:
                    raise ValueError(f"{table}.{wrong}: the fix is the same as the typo")
        for wrong in self.intent:
            if wrong in self.query:
                raise ValueError(f"intent.{wrong}: already fixed in [query]")
        return self


@cache
def typos() -> Typos:
    return load_vocabulary(VOCAB_DIR / "typos.toml", Typos)


# -- query_expansion.toml --------------------------------------------------------------------------


class ExpansionRule(Schema):
    triggers: Words
    terms: Words
    context: list[Word] = []
    masks: list[Word] = []


class QueryExpansion(Schema):
    """knowledge/vocab/query_expansion.toml: everyday words -> statute terms, per domain."""

    rules: dict[LegalDomain, list[ExpansionRule]]


@cache
def query_expansion() -> QueryExpansion:
    return load_vocabulary(VOCAB_DIR / "query_expansion.toml", QueryExpansion)


ChargeName = Annotated[str, StringConstraints(pattern=r"罪$", min_length=2)]
CriminalArticle = Annotated[str, StringConstraints(pattern=r"^[1-9][0-9]{0,2}(之[一二三四五六七八九十])?$")]


class ChargeTable(Schema):
    """knowledge/vocab/charges.toml (generated by scripts/build_charges.py): 罪名 -> 刑法 articles."""

    charges: dict[ChargeName, Annotated[list[CriminalArticle], Field(min_length=1)]]


@cache
def charge_table() -> ChargeTable:
    return load_vocabulary(VOCAB_DIR / "charges.toml", ChargeTable)


# -- law_names.toml --------------------------------------------------------------------------------


class LawNames(Schema):
    """knowledge/vocab/law_names.toml: short names several documents answer to -> those documents."""

    ambiguous: dict[Annotated[str, AfterValidator(_text)], Annotated[list[str], Field(min_length=2)]] = {}


@cache
def law_names() -> LawNames:
    return load_vocabulary(VOCAB_DIR / "law_names.toml", LawNames)


# -- traditional.toml ------------------------------------------------------------------------------


def _pair(value: str) -> str:
    if len(value) != 2 or value[0] == value[1]:
        raise ValueError(f"a traditional character and its simplified form, two different characters (got {value!r})")
    return value


class TraditionalCharacters(Schema):
    """knowledge/vocab/traditional.toml: traditional character → simplified character."""

    pairs: Annotated[list[Annotated[str, AfterValidator(_pair)]], Field(min_length=1)]

    @model_validator(mode="after")
    def _unique(self) -> TraditionalCharacters:
        seen: set[str] = set()
        for pair in self.pairs:
            if pair[0] in seen:
                raise ValueError(f"pairs: {pair[0]!r} is listed twice")
            seen.add(pair[0])
        return self

    def table(self) -> dict[int, str]:
        return {ord(pair[0]): pair[1] for pair in self.pairs}


@cache
def traditional_characters() -> TraditionalCharacters:
    return load_vocabulary(VOCAB_DIR / "traditional.toml", TraditionalCharacters)


#: Every file of knowledge/vocab/ and its schema.
SCHEMAS: dict[str, type[Schema]] = {
    "law_names.toml": LawNames,
    "domains.toml": DomainRegistry,
    "typos.toml": Typos,
    "query_expansion.toml": QueryExpansion,
    "charges.toml": ChargeTable,
    "traditional.toml": TraditionalCharacters,
}
