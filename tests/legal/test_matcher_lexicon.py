"""The matcher reads a client's words as meant (legal/lexicon.toml): a misspelt legal word (劳动和同,
补尝) or a dialect word (俺, 唔, 啥子) is read as the word meant before every signal; the lexicon also
names the legal terms a colloquial word (炒鱿鱼, 老赖, 吃牢饭) stands for (not read by the matcher's
scoring: docs/decisions/matcher-unseen-wordings.md). The questions here are written for these tests,
not taken from any bench."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from legal.cardfile import parse_card
from legal.lexicon import LEXICON_FILE, LexiconError, correct, expand, legal_terms, lexicon, parse
from legal.matcher import Matcher

NEUTRAL = ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"]


class FlatEmbedder:
    """Every text gets the same vector: meaning does not tell the cards apart."""

    backend = "flat"
    model = "flat"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return np.ones((len(texts), 4), dtype=np.float32) / 2.0


def card(slug: str, terms: list[str], *, not_terms: Sequence[str] = ()) -> object:
    return parse_card({
        "slug": slug, "title": "测试事项", "domain": "labor", "summary": "测试。", "phrasings": NEUTRAL,
        "terms": terms, "not_terms": list(not_terms), "question_types": ["yes_no"],
        "answers": {"yes_no": {"conclusion": "可以。"}},
        "provisions": [{"law": f"测试法{slug}", "article": 1, "role": "controlling", "decides": "测试",
                        "keywords": ["测试"]}],
    })


def best(cards: list, text: str) -> str:
    matcher = Matcher(cards, embedder=FlatEmbedder())
    return matcher.score_texts([text])[0][0].card.slug


def test_the_lexicon_file_loads_with_many_entries():
    assert LEXICON_FILE.exists()
    book = lexicon()
    assert len(book.typos) >= 40
    assert len(book.lay) >= 50
    assert sum(len(words) for words, _ in book.lay) >= 300


@pytest.mark.parametrize(("written", "meant"), [
    ("签了劳动和同没给我一份", "签了劳动合同没给我一份"),
    ("能拿到多少经济补尝", "能拿到多少经济补偿"),
    ("我想跟他离昏，房子怎么分", "我想跟他离婚，房子怎么分"),
    ("去哪里申请劳动仲栽", "去哪里申请劳动仲裁"),
    ("奶奶留的遗瞩有效吗", "奶奶留的遗嘱有效吗"),
    ("他打我，我要报井", "他打我，我要报警"),
])
def test_a_misspelt_legal_word_is_read_right(written, meant):
    assert correct(written) == meant


@pytest.mark.parametrize(("written", "meant"), [
    ("俺在工地干了半年，俺们老板一分钱没给", "我在工地干了半年，我们老板一分钱没给"),
    ("公司唔俾我放产假", "公司不给我放产假"),
    ("房东冇退押金", "房东没有退押金"),
    ("这种合同啥子时候签的算数", "这种合同什么时候签的算数"),
])
def test_a_dialect_word_is_read_as_its_mandarin(written, meant):
    assert correct(written) == meant


@pytest.mark.parametrize("text", ["他既承认了欠款", "配合通知书", "服务业的员工", "按照事实来说", "但保证金不退"])
def test_words_that_only_look_like_a_misspelling_stay(text):
    assert correct(text) == text


@pytest.mark.parametrize(("question", "term"), [
    ("干了三年被老板炒鱿鱼了", "辞退"),
    ("那个人借了我两万一直赖账", "失信被执行人"),
    ("健身房老板卷款跑了，卡里还有钱", "跑路"),
    ("我弟弟这种情况要吃牢饭吗", "判刑"),
    ("孩子他爸一分钱生活费都不给", "抚养费"),
    ("楼上漏水把我家天花板泡了", "相邻关系"),
    ("网上买到假货怎么办", "惩罚性赔偿"),
])
def test_a_colloquial_word_names_its_legal_terms(question, term):
    assert term in legal_terms(question)
    assert term in expand(question)


def test_a_question_in_legal_words_is_read_as_written():
    assert expand("用人单位违法解除劳动合同怎么办") == "用人单位违法解除劳动合同怎么办"


def test_a_card_is_found_through_a_misspelt_term():
    contract = card("t.contract", ["劳动合同"])
    other = card("t.other", ["劳动仲裁"])
    assert best([other, contract], "入职半年公司都没跟我签劳动和同") == "t.contract"
    assert best([contract, other], "工资被拖了半年，我想去申请劳动仲栽") == "t.other"


def test_a_question_is_split_and_read_after_its_words_are_corrected():
    contract = card("t.contract", ["劳动合同"])
    other = card("t.other", ["劳动仲裁"])
    matcher = Matcher([other, contract], embedder=FlatEmbedder())
    [part] = matcher.match("俺们公司一直不跟俺签劳动和同")
    assert part.text == "我们公司一直不跟我签劳动合同"
    assert part.best is not None and part.best.card.slug == "t.contract"


@pytest.mark.parametrize(("data", "message"), [
    ({"typo": [{"right": "合同", "wrong": ["合同"]}]}, "no misspelling"),
    ({"typo": [{"right": "合同", "wrong": ["和同"]}, {"right": "核算", "wrong": ["和同"]}]}, "already"),
    ({"typo": [{"right": "合同"}]}, "needs right and wrong"),
    ({"lay": [{"words": ["炒鱿鱼"], "legal": []}]}, "needs words"),
    ({"typo": [{"right": "合同", "wrong": ["和同"]}], "dialect": [{"mandarin": "合约", "words": ["和同"]}]},
     "no dialect word"),
])
def test_a_malformed_lexicon_is_refused(data, message):
    with pytest.raises(LexiconError, match=message):
        parse(data)
