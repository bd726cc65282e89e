"""The shipped cards' parse cache (``legal.cardfile.shipped_cards``): a process reads the cards another
process parsed, only while the card files and the parsing code are the ones it parsed; an invalid file
is never cached and still stops the load."""

from __future__ import annotations

import pickle

import pytest

from legal import cardfile
from legal.cardfile import CardFileError, load_cards, shipped_cards
from tests.legal.conftest import FIXTURE


@pytest.fixture
def card_dir(tmp_path, settings, monkeypatch):
    """Card files of their own and a cache dir of their own; the process's loaded cards are loaded again
    after the test (from the run's cache)."""
    settings.CACHE_DIR = tmp_path / "cache"
    files = tmp_path / "cards"
    files.mkdir()
    (files / "labor.toml").write_text(FIXTURE.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(cardfile, "card_files", lambda: sorted(files.glob("*.toml")))
    shipped_cards.cache_clear()
    yield files
    shipped_cards.cache_clear()


def _cached(settings) -> list:
    return sorted(settings.CACHE_DIR.glob("cards-*.pickle"))


def _load_again():
    shipped_cards.cache_clear()  # as a new process would
    return shipped_cards()


def test_a_second_process_reads_what_the_first_parsed(card_dir, settings, monkeypatch):
    parsed = shipped_cards()
    assert parsed == tuple(load_cards([card_dir / "labor.toml"]))
    [path] = _cached(settings)
    assert pickle.loads(path.read_bytes()) == parsed  # noqa: S301 - the test's own file

    def no_parse(paths):
        raise AssertionError("parsed again although the cache holds these files")

    monkeypatch.setattr(cardfile, "load_cards", no_parse)
    again = _load_again()
    assert again == parsed
    # warnings do not take part in a card's equality: they come back as the parse gave them
    assert [c.warnings for c in again] == [c.warnings for c in parsed]
    assert list(settings.CACHE_DIR.glob("*.part")) == []  # written whole, then renamed


def test_a_changed_card_file_is_parsed_again(card_dir, settings):
    first = shipped_cards()
    text = (card_dir / "labor.toml").read_text(encoding="utf-8")
    changed = text.replace('title = "', 'title = "改 ', 1)
    assert changed != text
    (card_dir / "labor.toml").write_text(changed, encoding="utf-8")
    second = _load_again()
    assert second[0].title == "改 " + first[0].title
    assert len(_cached(settings)) == 1  # the file of the earlier content is removed


def test_a_changed_parser_is_a_new_cache(card_dir, settings, monkeypatch, tmp_path):
    shipped_cards()
    [before] = _cached(settings)
    code = tmp_path / "parser.py"
    code.write_text("# another version of the parsing code\n", encoding="utf-8")
    monkeypatch.setattr(cardfile, "_PARSER_SOURCES", (*cardfile._PARSER_SOURCES, code))
    _load_again()
    [after] = _cached(settings)
    assert after.name != before.name


def test_an_invalid_file_is_not_cached_and_stops_the_load(card_dir, settings):
    shipped_cards()
    (card_dir / "broken.toml").write_text("[[card]]\nslug = \"labor.broken\"\n", encoding="utf-8")
    with pytest.raises(CardFileError, match="broken.toml: card labor.broken: title is missing"):
        _load_again()
    with pytest.raises(CardFileError):  # and again in the next process: nothing was stored for these files
        _load_again()


def test_an_unreadable_cache_file_is_parsed_again(card_dir, settings):
    parsed = shipped_cards()
    [path] = _cached(settings)
    path.write_bytes(b"not a pickle")
    assert _load_again() == parsed
    assert pickle.loads(path.read_bytes()) == parsed  # noqa: S301 - stored again
