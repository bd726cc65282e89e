"""How clients say it, and what a lawyer calls it: the matcher's reading of a client's words.

``legal/lexicon.toml`` holds two curated lists:

* misspellings of legal words by a character that sounds alike (和同 for 合同, 补尝 for 补偿), and
  dialect words with their Mandarin (俺 for 我, 唔 for 不, 啥子 for 什么): :func:`correct` rewrites
  them, so every signal reads the word meant;
* colloquial words (炒鱿鱼, 跑路, 老赖, 吃牢饭) and the legal terms they stand for: :func:`legal_terms`
  names the terms a question speaks of in a client's words, which the matcher reads beside the
  question (a card whose terms and title are in a lawyer's words is found by a client's).

Both are data, checked on load: a misspelling must differ from its right word and belong to one
entry; a lay entry needs words and terms.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

LEXICON_FILE = Path(__file__).resolve().parent / "lexicon.toml"


class LexiconError(ValueError):
    """The lexicon file is malformed (the message names the entry)."""


@dataclass(frozen=True)
class Lexicon:
    typos: dict[str, str]  # misspelling or dialect word -> the word meant
    lay: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]  # (lay words, legal terms)

    @property
    def typo_pattern(self) -> re.Pattern[str] | None:
        return _alternation(tuple(self.typos))


@cache
def _alternation(words: tuple[str, ...]) -> re.Pattern[str] | None:
    if not words:
        return None
    # the longest first, so a longer misspelling wins over one it contains
    return re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))


def parse(data: dict) -> Lexicon:
    typos: dict[str, str] = {}
    for number, entry in enumerate(data.get("typo", []), start=1):
        right = entry.get("right", "")
        wrong = entry.get("wrong", [])
        if not right or not wrong:
            raise LexiconError(f"typo {number} ({right!r}): needs right and wrong")
        for word in wrong:
            if not word or word == right or right in word:
                raise LexiconError(f"typo {number} ({right!r}): {word!r} is no misspelling of it")
            if word in typos:
                raise LexiconError(f"typo {number} ({right!r}): {word!r} is already a misspelling of {typos[word]!r}")
            typos[word] = right
    for number, entry in enumerate(data.get("dialect", []), start=1):
        mandarin, words = entry.get("mandarin", ""), entry.get("words", [])
        if not mandarin or not words:
            raise LexiconError(f"dialect {number} ({mandarin!r}): needs mandarin and words")
        for word in words:
            if not word or word == mandarin or word in typos:
                raise LexiconError(f"dialect {number} ({mandarin!r}): {word!r} is no dialect word of its own")
            typos[word] = mandarin
    lay = []
    for number, entry in enumerate(data.get("lay", []), start=1):
        words, terms = tuple(entry.get("words", [])), tuple(entry.get("legal", []))
        if not words or not terms or not all(words) or not all(terms):
            raise LexiconError(f"lay {number}: needs words and legal terms")
        lay.append((words, terms))
    return Lexicon(typos, tuple(lay))


@cache
def lexicon() -> Lexicon:
    return parse(tomllib.loads(LEXICON_FILE.read_text(encoding="utf-8")))


def correct(text: str, book: Lexicon | None = None) -> str:
    """``text`` with its misspelt legal words (和同, 补尝, 离昏) written right; the same length when every
    right word is as long as its misspelling."""
    book = book or lexicon()
    pattern = book.typo_pattern
    return pattern.sub(lambda m: book.typos[m.group(0)], text) if pattern is not None else text


def legal_terms(text: str, book: Lexicon | None = None) -> list[str]:
    """The legal terms ``text`` speaks of in lay words (被炒鱿鱼了 -> 辞退, 解除劳动合同, 违法解除), in the
    lexicon's order, without the ones the text already says."""
    book = book or lexicon()
    found: list[str] = []
    for words, terms in book.lay:
        if any(w in text for w in words):
            found.extend(t for t in terms if t not in text and t not in found)
    return found


def expand(text: str, book: Lexicon | None = None) -> str:
    """``text`` followed by the legal terms it speaks of in lay words (what the matcher's wording
    signals read); ``text`` itself when it names none."""
    terms = legal_terms(text, book)
    return f"{text}（{'，'.join(terms)}）" if terms else text
