import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from knowledge import textsearch
from knowledge.textsearch import (
    STOPWORDS,
    cache_dir,
    dictionary_fingerprint,
    dictionary_words,
    index_tokens,
    query_tokens,
)

REPO = Path(__file__).resolve().parents[2]
SAFE_TOKEN = re.compile(r"^[^\W_]+$")

ARTICLE_82 = (
    "用人单位自用工之日起超过一个月不满一年未与劳动者订立书面劳动合同的，应当向劳动者每月支付二倍的工资。"
)
ARTICLE_87 = (
    "用人单位违反本法规定解除或者终止劳动合同的，"
    "应当依照本法第四十七条规定的经济补偿标准的二倍向劳动者支付赔偿金。"
)


def test_cache_dir_follows_env(monkeypatch, tmp_path):
    monkeypatch.setenv("JIEBA_CACHE_DIR", str(tmp_path))
    assert cache_dir() == tmp_path
    monkeypatch.delenv("JIEBA_CACHE_DIR")
    assert cache_dir() == Path(tempfile.gettempdir())


def test_cache_file_is_written_to_jieba_cache_dir(tmp_path):
    env = {**os.environ, "JIEBA_CACHE_DIR": str(tmp_path / "jieba")}
    code = "from knowledge.textsearch import query_tokens; print(' '.join(query_tokens('劳动合同法')))"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert "劳动合同法" in result.stdout.split()
    assert (tmp_path / "jieba" / "jieba.cache").is_file()


def test_tokenizer_is_built_once():
    assert textsearch.get_tokenizer() is textsearch.get_tokenizer()


def test_index_tokens_are_clean_and_keep_compounds_with_their_parts():
    tokens = index_tokens(ARTICLE_87).split(" ")
    for expected in ("用人单位", "解除", "劳动合同", "终止劳动合同", "经济补偿", "赔偿金", "劳动者"):
        assert expected in tokens
    assert all(SAFE_TOKEN.match(t) for t in tokens)
    assert not set(tokens) & STOPWORDS
    assert "第四十七条" not in tokens and "四十七" not in tokens
    assert "，" not in tokens and "。" not in tokens


def test_index_tokens_keep_repeats_for_term_frequency():
    tokens = index_tokens(ARTICLE_82).split(" ")
    assert tokens.count("劳动者") == 2


def test_query_tokens_are_distinct_in_order():
    tokens = query_tokens("公司突然把我辞退了，根据劳动合同法第47条能拿多少补偿？公司说不给")
    assert len(tokens) == len(set(tokens))
    assert tokens.index("公司") < tokens.index("辞退") < tokens.index("劳动合同法")
    assert "我" not in tokens and "了" not in tokens and "多少" not in tokens
    assert all(SAFE_TOKEN.match(t) for t in tokens)


def test_law_short_names_and_abbreviations_stay_whole():
    tokens = query_tokens("道交法和消保法，还有劳动争议调解仲裁法")
    for expected in ("道交法", "消保法", "劳动争议调解仲裁法"):
        assert expected in tokens


def test_query_meets_article_tokens():
    """Everyday query words reach the article's tokens (both sides share the segmentation)."""
    article = set(index_tokens(ARTICLE_82).split(" "))
    query = set(query_tokens("没签书面劳动合同，能拿二倍的工资吗"))
    assert {"书面劳动合同", "劳动合同", "二倍", "工资"} <= query & article


def test_limit_and_empty_input():
    assert query_tokens("") == []
    assert index_tokens("") == ""
    assert len(query_tokens(ARTICLE_87, limit=3)) == 3
    assert query_tokens("，。！？……") == []


def test_ascii_is_lowercased():
    assert "app" in query_tokens("APP泄露个人信息")


def test_dictionary_is_deterministic():
    words = dictionary_words()
    assert list(words) == sorted(set(words))
    assert "中华人民共和国民法典" in words and "民法典" in words and "解除劳动合同" in words
    assert all(re.fullmatch(r"[\u4e00-\u9fff]{2,}", w) for w in words)
    assert dictionary_fingerprint() == dictionary_fingerprint()
    assert re.fullmatch(r"[0-9a-f]{16}", dictionary_fingerprint())


def test_thirty_thousand_characters_are_tokenized_quickly():
    text = (ARTICLE_82 + ARTICLE_87) * 300
    assert len(text) > 30_000
    tokens = query_tokens(text)  # the time: bench/suite_timings.py
    assert "赔偿金" in tokens
