"""The fixture cards (tests/legal/cards/fixture.toml) stand in for the shipped ones where a test needs
a known card set."""

from pathlib import Path

import pytest

from legal import cardfile, selectors
from legal.cardfile import load_cards
from legal.matcher import Matcher
from tests.statutes import MemoEmbedder

FIXTURE = Path(__file__).parent / "cards" / "fixture.toml"
_EMBEDDER = MemoEmbedder()


@pytest.fixture(scope="session")
def fixture_card_list():
    return tuple(load_cards([FIXTURE]))


@pytest.fixture(scope="session")
def matcher(fixture_card_list):
    return Matcher(fixture_card_list, embedder=_EMBEDDER)


@pytest.fixture
def fixture_cards(monkeypatch, fixture_card_list):
    """The engine's card set is the fixture cards (files; no firm edits unless the test makes them)."""
    monkeypatch.setattr(cardfile, "shipped_cards", lambda: fixture_card_list)
    selectors.cards_changed()
    yield fixture_card_list
    selectors.cards_changed()
