import sqlite3
from contextlib import closing

import pytest

from knowledge.citations import MAX_RANGE_ARTICLES, Citation, extract_citations
from knowledge.lawnames import LawNameIndex, bundled_corpus_path, corpus_law_names
from knowledge.numerals import ArticleNumber, parse_article_number
from tests.support import dev_set

PRC = "中华人民共和国"


@pytest.fixture(scope="module")
def index() -> LawNameIndex:
    return LawNameIndex(corpus_law_names())


def brief(citations: list[Citation]) -> list[tuple[str | None, str]]:
    return [(c.law.removeprefix(PRC) if c.law else None, c.article.label) for c in citations]


def test_quoted_full_name(index):
    text = "根据《中华人民共和国劳动合同法》第四十七条的规定"
    [c] = extract_citations(text, index)
    assert c.law == PRC + "劳动合同法"
    assert c.law_text == PRC + "劳动合同法"
    assert c.article == ArticleNumber(47)
    assert (c.paragraph, c.item, c.via) == (None, None, "explicit")
    assert text[c.span[0] : c.span[1]] == "《中华人民共和国劳动合同法》第四十七条"


def test_unquoted_short_name(index):
    text = "根据劳动合同法第47条，公司应支付经济补偿。"
    [c] = extract_citations(text, index)
    assert (c.law, c.law_text, c.article) == (PRC + "劳动合同法", "劳动合同法", ArticleNumber(47))
    assert text[c.span[0] : c.span[1]] == "劳动合同法第47条"


def test_paragraph_and_item(index):
    [c] = extract_citations("《民法典》第一千零七十九条第二款第（五）项", index)
    assert (c.law, c.article, c.paragraph, c.item) == (PRC + "民法典", ArticleNumber(1079), 2, 5)
    [d] = extract_citations("公司法第五十七条第一款、第二款规定股东可以查阅", index)
    assert (d.article, d.paragraph, d.item) == (ArticleNumber(57), 1, None)


def test_arabic_digits_without_di(index):
    [c] = extract_citations("民法典1254条规定了高空抛物", index)
    assert (c.law, c.article) == (PRC + "民法典", ArticleNumber(1254))


def test_suffix_article(index):
    [c] = extract_citations("《刑法》第一百三十三条之一规定了危险驾驶罪", index)
    assert c.article == ArticleNumber(133, 1)
    [d] = extract_citations("刑法133条之二", index)
    assert d.article == ArticleNumber(133, 2)


def test_range_is_expanded(index):
    found = extract_citations("《劳动合同法》第三十九条至第四十一条", index)
    assert brief(found) == [
        ("劳动合同法", "第三十九条"),
        ("劳动合同法", "第四十条"),
        ("劳动合同法", "第四十一条"),
    ]
    compact = extract_citations("刑法第264至266条", index)
    assert [c.article.number for c in compact] == [264, 265, 266]


def test_range_of_suffix_articles(index):
    found = extract_citations("刑法第120条之一至第120条之六", index)
    assert [c.article for c in found] == [ArticleNumber(120, s) for s in range(1, 7)]


def test_range_is_capped(index):
    found = extract_citations("《民法典》第一条至第九百九十九条", index)
    assert len(found) == MAX_RANGE_ARTICLES
    assert found[0].article == ArticleNumber(1)
    assert found[-1].article == ArticleNumber(MAX_RANGE_ARTICLES)


def test_lists(index):
    found = extract_citations("刑法第二百六十四条、第二百六十六条和第二百七十条", index)
    assert brief(found) == [("刑法", "第二百六十四条"), ("刑法", "第二百六十六条"), ("刑法", "第二百七十条")]
    compact = extract_citations("刑法第264、266条", index)
    assert [c.article.number for c in compact] == [264, 266]


def test_two_laws_in_one_sentence(index):
    found = extract_citations("《民法典》第577条和《劳动合同法》第47条", index)
    assert brief(found) == [("民法典", "第五百七十七条"), ("劳动合同法", "第四十七条")]
    found = extract_citations("民法典第1079条、劳动法第44条", index)
    assert brief(found) == [("民法典", "第一千零七十九条"), ("劳动法", "第四十四条")]


def test_same_law_reference_from_context(index):
    text = "《刑法》第一百三十三条之一规定了危险驾驶罪。该法第二百三十二条规定了故意杀人罪。"
    first, second = extract_citations(text, index)
    assert (second.law, second.law_text, second.via) == (PRC + "刑法", "该法", "context")
    assert second.article == ArticleNumber(232)
    assert first.via == "explicit"


def test_ben_fa_uses_default_law_first(index):
    [c] = extract_citations("依照本法第四十七条的规定", index, default_law=PRC + "劳动合同法")
    assert (c.law, c.law_text, c.via) == (PRC + "劳动合同法", "本法", "context")
    [d] = extract_citations("依照本法第四十七条的规定", index)
    assert (d.law, d.law_text) == (None, "本法")
    [e] = extract_citations("《劳动法》第一条。依照本法第四十四条", index)[1:]
    assert e.law == PRC + "劳动法"


def test_bare_article_in_the_same_sentence(index):
    found = extract_citations("《民法典》第577条，另外第584条也有规定。合同第5条约定违约金。", index)
    assert brief(found) == [("民法典", "第五百七十七条"), ("民法典", "第五百八十四条")]
    assert found[1].via == "context"
    assert extract_citations("第五条规定了什么？", index) == []


def test_bare_article_with_default_law(index):
    [c] = extract_citations("依照第二十三条的规定处罚", index, default_law=PRC + "邮政法")
    assert (c.law, c.article, c.via) == (PRC + "邮政法", ArticleNumber(23), "context")


@pytest.mark.parametrize(
    ("text", "law_text"),
    [
        ("《中华人民共和国不存在法》第3条", PRC + "不存在法"),
        ("根据合同法第52条", "合同法"),
        ("宪法修正案第5条", "宪法修正案"),
        ("《宪法修正案》第5条", "宪法修正案"),
        ("农业保险法第5条", "农业保险法"),
        ("劳动合同法实施条例第18条", "劳动合同法实施条例"),
        ("基本法第18条", "基本法"),
    ],
)
def test_unknown_or_ambiguous_law_is_kept_with_law_none(index, text, law_text):
    [c] = extract_citations(text, index)
    assert c.law is None
    assert c.law_text == law_text
    assert c.via == "explicit"


def test_never_a_different_law(index):
    """The worst bug: a citation silently attributed to another law."""
    texts = [
        "宪法修正案第5条",
        "劳动合同法实施条例第18条",
        "刑法修正案（十三）第1条",
        "农业保险法第5条",
        "根据合同法第52条",
        "最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）第29条",
    ]
    for text in texts:
        for c in extract_citations(text, index):
            assert c.law is None, text


def test_not_citations(index):
    for text in [
        "第五章第三节",
        "《租赁合同》第5条约定押金不退",
        "我借了3万元，共12条短信",
        "第一条船",
        "第3款",
    ]:
        assert extract_citations(text, index) == [], text


def test_version_note_between_law_and_article(index):
    [c] = extract_citations("《劳动合同法》（2012年修正）第47条", index)
    assert (c.law, c.article) == (PRC + "劳动合同法", ArticleNumber(47))


def test_long_text_is_fast(index):
    text = "根据《民法典》第577条，违约方应承担责任；依照劳动合同法第四十七条支付补偿。" * 800
    found = extract_citations(text, index)  # the time: bench/suite_timings.py
    assert len(found) == 1600
    assert {(c.law, c.article) for c in found} == {(PRC + "民法典", ArticleNumber(577)),
                                                   (PRC + "劳动合同法", ArticleNumber(47))}


def _corpus_rows() -> list[tuple[str, str]]:
    path = bundled_corpus_path()
    assert path is not None
    with closing(sqlite3.connect(path)) as conn:
        return conn.execute("SELECT law_name, article_text FROM articles").fetchall()


def test_corpus_cross_references_resolve_to_known_laws(index):
    """本法 inside an article is its own law; named references resolve to indexed laws."""
    ben_fa = named = 0
    for law, text in _corpus_rows():
        for c in extract_citations(text, index, default_law=law):
            if c.law_text == "本法":
                ben_fa += 1
                assert c.law == law
            elif c.via == "explicit" and c.law is not None:
                named += 1
                assert c.law in index
    assert ben_fa > 2000
    assert named > 300


def test_corpus_example_cross_reference(index):
    text = "用人单位违反本法规定解除或者终止劳动合同的，应当依照本法第八十七条规定支付赔偿金。"
    [c] = extract_citations(text, index, default_law=PRC + "劳动合同法")
    assert (c.law, c.article) == (PRC + "劳动合同法", ArticleNumber(87))


def _lookup_items() -> list[dict]:
    return dev_set("dev_lookup.jsonl")


def test_dev_lookup_items_resolve_to_gold(index):
    """Every dev_lookup (query_law, query_article) resolves to its gold law and article number,
    and that pair names the gold text in laws.db under the current-version rule."""
    items = _lookup_items()
    assert len(items) == 80
    path = bundled_corpus_path()
    assert path is not None
    wrong = []
    with closing(sqlite3.connect(path)) as conn:
        for item in items:
            law = index.resolve(item["query_law"])
            article = parse_article_number(item["query_article"])
            if (law, article) != (item["law"], ArticleNumber(item["article_no"])):
                wrong.append(item["id"])
                continue
            rows = conn.execute(
                "SELECT a.article_text FROM articles a JOIN laws l ON l.law_id = a.law_id "
                "WHERE a.law_name = ? AND a.article_no = ? AND l.status != '历史版本'",
                (law, article.label),
            ).fetchall()
            if [r[0] for r in rows] != [item["text"]]:
                wrong.append(item["id"])
    assert wrong == []


def test_dev_lookup_items_as_written_citations(index):
    """The same pairs typed as a citation (law + 第N条) are extracted with the gold law and article."""
    wrong = []
    for item in _lookup_items():
        article = parse_article_number(item["query_article"])
        text = f"{item['query_law']}第{article.number}条"
        found = extract_citations(text, index)
        if [(c.law, c.article.number) for c in found] != [(item["law"], item["article_no"])]:
            wrong.append(text)
    assert wrong == []
