"""The matcher's reads of each card (its side and its deciding facts, ~2 s for the shipped cards) are kept on
disk beside the cards' vectors (``settings.CACHE_DIR``): a process that builds a matcher over a card set another
process read takes them from the file; a changed card or reader is a new file; a damaged file is read again."""

from __future__ import annotations

import dataclasses

import pytest

from legal import matcher as matcher_module
from legal.matcher import Matcher, card_deciding, card_side


class FlatEmbedder:
    backend, model = "test", "flat"

    def embed(self, texts):
        return [[1.0, 0.0] for _ in texts]


#: A worker's lay phrasings: a side the matcher reads from them (no ``asker`` on the card).
WORKER = ("我是员工，公司拖欠我三个月工资怎么办", "我在厂里上班，老板一直不发工资",
          "我是公司员工，被无故辞退了能要赔偿吗", "我们员工的加班费公司不给")


@pytest.fixture
def cards(fixture_card_list):
    labor = next(c for c in fixture_card_list if c.domain == "labor")
    return tuple(dataclasses.replace(c, phrasings=(*c.phrasings, *WORKER)) if c is labor else c
                 for c in fixture_card_list)


@pytest.fixture
def cache(settings, tmp_path, monkeypatch):
    settings.CACHE_DIR = tmp_path / "cache"
    monkeypatch.setattr(matcher_module, "READS_CACHE_MIN_CARDS", 1)  # the fixture's eight cards are kept too
    return settings.CACHE_DIR


def _unread(monkeypatch) -> None:
    """A fresh process: no read of any card in memory, and a read would fail the test."""
    def refuse(card):
        raise AssertionError(f"{card.slug} read again")

    monkeypatch.setattr(matcher_module, "card_side", refuse)
    monkeypatch.setattr(matcher_module, "card_deciding", refuse)


def test_a_second_process_takes_the_reads_from_the_file(cache, monkeypatch, cards):
    first = Matcher(cards, embedder=FlatEmbedder())
    assert first.sides == [card_side(c) for c in cards]
    assert first.deciding == [card_deciding(c) for c in cards]
    assert any(first.sides) and any(first.deciding)  # the fixture's cards have sides and deciding facts to keep
    assert len(list(cache.glob("card-reads-*.pickle"))) == 1 and not list(cache.glob("*.part"))
    _unread(monkeypatch)
    second = Matcher(cards, embedder=FlatEmbedder())
    assert second.sides == first.sides and second.deciding == first.deciding
    second.deciding[0]["asks"] = "changed"  # each matcher has its own copies
    assert Matcher(cards, embedder=FlatEmbedder()).deciding == first.deciding


def test_a_changed_card_is_read_again(cache, monkeypatch, fixture_card_list):
    Matcher(fixture_card_list, embedder=FlatEmbedder())
    card = fixture_card_list[0]
    changed = (dataclasses.replace(card, phrasings=(*card.phrasings, "我是员工，公司一直拖欠我的工资怎么办")),
               *fixture_card_list[1:])
    reads: list[str] = []
    real = matcher_module.card_side
    monkeypatch.setattr(matcher_module, "card_side", lambda c: reads.append(c.slug) or real(c))
    Matcher(changed, embedder=FlatEmbedder())
    assert reads == [c.slug for c in changed]
    assert len(list(cache.glob("card-reads-*.pickle"))) == 2


def test_changed_reader_code_is_another_file(cache, monkeypatch, fixture_card_list):
    before = matcher_module._reads_path(fixture_card_list)
    monkeypatch.setattr(matcher_module, "_reader_digest", lambda: "other code")
    assert matcher_module._reads_path(fixture_card_list) != before


def test_a_damaged_file_is_read_again(cache, cards):
    first = Matcher(cards, embedder=FlatEmbedder())
    (path,) = cache.glob("card-reads-*.pickle")
    path.write_bytes(path.read_bytes()[:20])
    again = Matcher(cards, embedder=FlatEmbedder())
    assert again.sides == first.sides and again.deciding == first.deciding
    assert path.read_bytes() != b"" and len(path.read_bytes()) > 20  # written whole again


def test_a_small_set_and_no_cache_dir_read_in_memory(settings, tmp_path, fixture_card_list):
    settings.CACHE_DIR = tmp_path / "cache"
    assert len(fixture_card_list) < matcher_module.READS_CACHE_MIN_CARDS
    Matcher(fixture_card_list, embedder=FlatEmbedder())
    assert not list(settings.CACHE_DIR.glob("card-reads-*"))
    blocker = tmp_path / "file"
    blocker.write_text("")
    settings.CACHE_DIR = blocker / "cache"  # under a file: cannot be made
    matcher = Matcher(fixture_card_list * 10, embedder=FlatEmbedder())
    assert matcher.sides == [card_side(c) for c in fixture_card_list * 10]
