"""scripts/merge_phrasings.py: new lay phrasings join their cards' files — after the ones there, in
order, without repeats, never a phrasing plainly about another card — and every file still loads."""

from __future__ import annotations

import json
import shutil

import pytest

from legal.cardfile import load_file
from scripts import merge_phrasings
from tests.legal.conftest import FIXTURE


@pytest.fixture
def cards_dir(tmp_path):
    directory = tmp_path / "cards"
    directory.mkdir()
    shutil.copy(FIXTURE, directory / "fixture.toml")
    return directory


def _lines(tmp_path, entries):
    path = tmp_path / "new.jsonl"
    path.write_text("\n".join(json.dumps(e, ensure_ascii=False) for e in entries) + "\n", encoding="utf-8")
    return path


def _card(directory, slug):
    return next(c for c in load_file(directory / "fixture.toml") if c.slug == slug)


def test_new_phrasings_join_their_card_in_order_without_repeats(tmp_path, cards_dir):
    before = _card(cards_dir, "labor.unlawful-dismissal")
    other_before = _card(cards_dir, "debt.loan-limitation")
    new = ["老板一句话让我卷铺盖走人，赔偿怎么算", "公司说我不合适就把我炒了 能告吗",
           "老板一句话让我卷铺盖走人, 赔偿怎么算！"]
    path = _lines(tmp_path, [{"slug": "labor.unlawful-dismissal", "phrasings": [*new, before.phrasings[0]]}])
    assert merge_phrasings.main([str(path), "--cards", str(cards_dir)]) == 0
    after = _card(cards_dir, "labor.unlawful-dismissal")
    # the two new ones, after the old ones, in the given order; the punctuation variant and the old one not again
    assert after.phrasings == (*before.phrasings, new[0], new[1])
    assert _card(cards_dir, "debt.loan-limitation") == other_before
    # a second run adds nothing
    text = (cards_dir / "fixture.toml").read_text(encoding="utf-8")
    assert merge_phrasings.main([str(path), "--cards", str(cards_dir)]) == 0
    assert (cards_dir / "fixture.toml").read_text(encoding="utf-8") == text


def test_a_phrasing_about_another_card_is_dropped_not_moved(tmp_path, cards_dir):
    before = {c.slug: c.phrasings for c in load_file(cards_dir / "fixture.toml")}
    carried = before["debt.loan-limitation"][0]
    path = _lines(tmp_path, [{"slug": "labor.unlawful-dismissal", "phrasings": [
        "试用期被辞退能要赔偿吗",  # the card's not_term: the probation card's question
        carried,  # another card's phrasing already
    ]}])
    assert merge_phrasings.main([str(path), "--cards", str(cards_dir)]) == 0
    after = {c.slug: c.phrasings for c in load_file(cards_dir / "fixture.toml")}
    assert after == before


def test_a_dry_run_writes_nothing_and_an_unknown_slug_is_reported(tmp_path, cards_dir, capsys):
    text = (cards_dir / "fixture.toml").read_text(encoding="utf-8")
    path = _lines(tmp_path, [{"slug": "labor.unlawful-dismissal", "phrasings": ["被公司无故开除了要赔吗怎么算"]},
                             {"slug": "labor.no-such-card", "phrasings": ["随便问问"]}])
    assert merge_phrasings.main([str(path), "--cards", str(cards_dir), "--dry-run"]) == 0
    assert (cards_dir / "fixture.toml").read_text(encoding="utf-8") == text
    out = capsys.readouterr().out
    assert "added 1" in out and "unknown slug: labor.no-such-card" in out


def test_insert_keeps_the_rest_of_the_file(cards_dir):
    text = (cards_dir / "fixture.toml").read_text(encoding="utf-8")
    merged = merge_phrasings.insert(text, "debt.loan-limitation", ['他说"下个月"还，结果一拖三年'])
    added = [line for line in merged.splitlines() if line not in text.splitlines()]
    assert added == ['  "他说\\"下个月\\"还，结果一拖三年",']
    assert len(merged.splitlines()) == len(text.splitlines()) + 1
