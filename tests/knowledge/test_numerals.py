import sqlite3
from contextlib import closing

import pytest

from knowledge.lawnames import bundled_corpus_path
from knowledge.numerals import (
    ArticleNumber,
    article_label,
    article_number_or_none,
    cn_to_int,
    int_to_cn,
    parse_article_number,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("一千二百五十四", 1254),
        ("一千零七十九", 1079),
        ("两百", 200),
        ("〇", 0),
        ("零", 0),
        ("十二", 12),
        ("二十", 20),
        ("十", 10),
        ("一十", 10),
        ("一百一十", 110),
        ("一百零五", 105),
        ("一百五", 150),
        ("两千三", 2300),
        ("一万零一", 10001),
        ("一万二", 12000),
        ("三十万", 300000),
        ("二〇二四", 2024),
        ("１２", 12),
        ("47", 47),
        ("贰拾", 20),
    ],
)
def test_cn_to_int(text, expected):
    assert cn_to_int(text) == expected


@pytest.mark.parametrize("text", ["", "  ", "abc", "一千千", "十十", "二三百", "万", "四十七条", "4七"])
def test_cn_to_int_rejects_garbage(text):
    with pytest.raises(ValueError):
        cn_to_int(text)


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        (1, "一"),
        (10, "十"),
        (11, "十一"),
        (20, "二十"),
        (101, "一百零一"),
        (110, "一百一十"),
        (1001, "一千零一"),
        (1010, "一千零一十"),
        (1079, "一千零七十九"),
        (1254, "一千二百五十四"),
        (10001, "一万零一"),
        (0, "零"),
    ],
)
def test_int_to_cn(number, expected):
    assert int_to_cn(number) == expected


def test_int_to_cn_round_trips():
    bad = [n for n in range(0, 20001) if cn_to_int(int_to_cn(n)) != n]
    assert bad == []


def test_int_to_cn_rejects_negative():
    with pytest.raises(ValueError):
        int_to_cn(-1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("47", ArticleNumber(47)),
        ("第47条", ArticleNumber(47)),
        ("第四十七条", ArticleNumber(47)),
        ("四十七", ArticleNumber(47)),
        ("第一千二百五十四条", ArticleNumber(1254)),
        ("第一百三十三条之一", ArticleNumber(133, 1)),
        ("133之一", ArticleNumber(133, 1)),
        ("第133条之二", ArticleNumber(133, 2)),
        (" 第 47 条 ", ArticleNumber(47)),
        ("第４７条", ArticleNumber(47)),
        ("47条", ArticleNumber(47)),
        ("第十条", ArticleNumber(10)),
    ],
)
def test_parse_article_number(text, expected):
    assert parse_article_number(text) == expected
    assert article_number_or_none(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "abc",
        "第条",
        "第0条",
        "0",
        "47款",
        "第四十七章",
        "之一",
        "第47条之零",
        "47.5",
        "-3",
        "第47条第2款",
    ],
)
def test_parse_article_number_rejects_garbage(text):
    with pytest.raises(ValueError):
        parse_article_number(text)
    assert article_number_or_none(text) is None


def test_article_number_or_none_accepts_ints_and_none():
    assert article_number_or_none(47) == ArticleNumber(47)
    assert article_number_or_none(0) is None
    assert article_number_or_none(None) is None
    assert article_number_or_none(True) is None


def test_article_number_suffix_is_a_different_article():
    assert ArticleNumber(133, 1) != ArticleNumber(133)
    assert ArticleNumber(133) < ArticleNumber(133, 1) < ArticleNumber(133, 2) < ArticleNumber(134)
    assert ArticleNumber(133, 1).label == "第一百三十三条之一"
    assert str(ArticleNumber(1079)) == "第一千零七十九条"


@pytest.mark.parametrize(("number", "suffix"), [(0, 0), (-1, 0), (1, -1), (100_000, 0)])
def test_article_number_validates(number, suffix):
    with pytest.raises(ValueError):
        ArticleNumber(number, suffix)


@pytest.mark.parametrize(
    ("number", "suffix", "label"),
    [
        (1079, 0, "第一千零七十九条"),
        (1254, 0, "第一千二百五十四条"),
        (133, 1, "第一百三十三条之一"),
        (120, 6, "第一百二十条之六"),
        (10, 0, "第十条"),
        (110, 0, "第一百一十条"),
        (101, 0, "第一百零一条"),
    ],
)
def test_article_label(number, suffix, label):
    assert article_label(number, suffix) == label


def test_every_corpus_label_parses_and_is_reproduced():
    """Every 第…条 label in laws.db parses to its article_no_arabic and is written back identically."""
    path = bundled_corpus_path()
    assert path is not None
    with closing(sqlite3.connect(path)) as conn:
        rows = conn.execute(
            "SELECT article_no, article_no_arabic FROM articles WHERE article_no LIKE '第%条%'"
        ).fetchall()
    assert len(rows) > 25_000
    mismatched = []
    suffixed = 0
    for label, arabic in rows:
        parsed = parse_article_number(label)
        suffixed += parsed.suffix > 0
        if parsed.number != arabic or parsed.label != label or (parsed.suffix > 0) != ("之" in label):
            mismatched.append(label)
    assert mismatched == []
    assert suffixed == 53
