"""jieba tokenization for Postgres full-text search with the ``simple`` configuration.

Article texts and queries are segmented the same way: jieba's precise mode, then every dictionary
sub-word of a long word (解除劳动合同 -> 解除, 劳动, 合同, 劳动合同, 解除劳动合同), so a query word
meets the same word inside a longer compound of an article. Stopwords, punctuation, symbols and
Chinese numerals (第四十七条) are dropped; every token matches ``[^\\W_]+`` so it is safe inside
``to_tsvector('simple', …)`` and ``to_tsquery('simple', …)``.

jieba is initialised once per process, with its cache file in ``$JIEBA_CACHE_DIR`` (default: the
system temp dir), and its dictionary extended with law names and legal terms. The extension is
deterministic; :func:`dictionary_fingerprint` changes whenever it does, so the importer can tell
when stored tokens must be rebuilt.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import tempfile
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from knowledge.lawnames import CURATED_ALIASES, corpus_law_names, short_name
from knowledge.query_expansion import legal_vocabulary

if TYPE_CHECKING:  # jieba (a quarter of a second with its dictionary code) is imported when first used
    import jieba

CACHE_DIR_ENV = "JIEBA_CACHE_DIR"

#: Legal terms jieba's default dictionary splits; kept whole (their parts are still emitted).
LEGAL_TERMS: tuple[str, ...] = (
    "解除劳动合同",
    "终止劳动合同",
    "无固定期限劳动合同",
    "经济补偿",
    "经济补偿金",
    "赔偿金",
    "违约金",
    "定金罚则",
    "诉讼时效",
    "仲裁时效",
    "取保候审",
    "监视居住",
    "刑事拘留",
    "行政拘留",
    "醉酒驾驶",
    "危险驾驶",
    "交通肇事",
    "工伤认定",
    "劳动能力鉴定",
    "劳动报酬",
    "用人单位",
    "劳务派遣",
    "竞业限制",
    "抚养费",
    "赡养费",
    "扶养费",
    "探望权",
    "夫妻共同财产",
    "夫妻共同债务",
    "法定继承",
    "遗嘱继承",
    "代位继承",
    "遗产管理人",
    "民间借贷",
    "连带责任",
    "连带责任保证",
    "一般保证",
    "保证期间",
    "抵押权",
    "质权",
    "留置权",
    "优先受偿",
    "建设工程",
    "不可抗力",
    "情势变更",
    "格式条款",
    "要约邀请",
    "缔约过失",
    "不当得利",
    "无因管理",
    "精神损害赔偿",
    "残疾赔偿金",
    "死亡赔偿金",
    "医疗损害责任",
    "高度危险责任",
    "饲养动物",
    "行政复议",
    "行政诉讼",
    "行政处罚",
    "行政强制",
    "国家赔偿",
    "知识产权",
    "商业秘密",
    "注册商标",
    "著作权",
    "专利权",
    "消费者",
    "经营者",
    "惩罚性赔偿",
    "船舶优先权",
    "共同海损",
    "海难救助",
    "失信被执行人",
    "强制执行",
    "支付令",
)

STOPWORDS: frozenset[str] = frozenset(
    """
    的 地 得 了 着 过 是 在 和 与 及 或 对 于 由 从 被 把 将 向 以 之 其 这 那 该 此 个 些 每 各 某
    我 你 您 他 她 它 们 我们 你们 他们 她们 它们 自己 咱 咱们 俺 人家
    吗 呢 啊 吧 呀 嘛 哦 么 哈 呗 啦 嗯 噢 哎 诶
    什么 怎么 怎么办 怎样 如何 为什么 为何 多少 几 哪 哪里 哪儿 哪个 谁 啥 咋 咋办
    可以 可 能 能够 能不能 会 会不会 要 想 请问 请 一下 有 没有 有没有 是否 是不是 还 也 都 就 又 再 才
    只 很 太 非常 已经 现在 然后 但是 但 而 因为 所以 如果 虽然 而且 并且 或者 还是 等 等等 即 则 并 且
    应当 应该 规定 本法 有关 依照 依法 以及 其他 下列 之一 第 条 款 项 一个 这个 那个 这样 那样 这种
    那种 一些 为 给 让 跟 同 比 得到 进行 予以 上 下 中 内 外 后 前 时 时候 情况 问题 一直 到底 真的
    """.split()
)

_TOKEN_RE = re.compile(r"[^\W_]+")
#: Chinese numerals and article/paragraph numbers (第四十七条, 三十): noise for full-text search.
_NUMERAL_WORD_RE = re.compile(r"^[第之]?[零〇一二两三四五六七八九十百千万]+[条款项章节编]?$")
_CJK_WORD_RE = re.compile(r"^[\u4e00-\u9fff]{2,}$")
_MIN_SUBWORD = 2

_lock = threading.Lock()
_tokenizer: jieba.Tokenizer | None = None


def cache_dir() -> Path:
    """Directory for jieba's prefix-dictionary cache: ``$JIEBA_CACHE_DIR`` or the system temp dir."""
    return Path(os.environ.get(CACHE_DIR_ENV) or tempfile.gettempdir())


def dictionary_words() -> tuple[str, ...]:
    """The words added to jieba's dictionary, sorted (law names, short names, legal terms)."""
    words: set[str] = set(LEGAL_TERMS) | set(legal_vocabulary())
    words.update(CURATED_ALIASES)
    words.update(CURATED_ALIASES.values())
    for name in corpus_law_names():
        words.add(name)
        words.add(short_name(name))
    return tuple(sorted(w for w in words if _CJK_WORD_RE.match(w)))


def dictionary_fingerprint() -> str:
    """Changes when tokenization may change (jieba version or added words)."""
    import jieba

    digest = hashlib.sha256(getattr(jieba, "__version__", "").encode())
    for word in dictionary_words():
        digest.update(word.encode() + b"\n")
    return digest.hexdigest()[:16]


def _build_tokenizer() -> jieba.Tokenizer:
    import jieba

    jieba.setLogLevel(logging.WARNING)
    directory = cache_dir()
    directory.mkdir(parents=True, exist_ok=True)
    tokenizer = jieba.Tokenizer()
    tokenizer.tmp_dir = str(directory)
    tokenizer.initialize()
    for word in dictionary_words():
        tokenizer.add_word(word)
    return tokenizer


def get_tokenizer() -> jieba.Tokenizer:
    """The process-wide jieba tokenizer, built on first use."""
    global _tokenizer
    if _tokenizer is None:
        with _lock:
            if _tokenizer is None:
                _tokenizer = _build_tokenizer()
    return _tokenizer


def _expand_word(word: str, freq: dict[str, int]) -> list[str]:
    """Dictionary sub-words of ``word`` (every length from 2 up), then the word itself."""
    out: list[str] = []
    n = len(word)
    if n > _MIN_SUBWORD:
        for length in range(_MIN_SUBWORD, n):
            for i in range(n - length + 1):
                part = word[i : i + length]
                if freq.get(part):
                    out.append(part)
    out.append(word)
    return out


def _tokens(text: str) -> Iterable[str]:
    tokenizer = get_tokenizer()
    for word in tokenizer.cut(text or ""):
        for piece in _TOKEN_RE.findall(word.lower()):
            if _NUMERAL_WORD_RE.match(piece):
                continue
            for token in _expand_word(piece, tokenizer.FREQ):
                if token not in STOPWORDS:
                    yield token


def index_tokens(text: str) -> str:
    """Space-joined tokens of an article (repeats kept, for term frequency)."""
    return " ".join(_tokens(text))


def query_tokens(text: str, limit: int | None = None) -> list[str]:
    """Distinct tokens of a query, in order of first appearance (at most ``limit``)."""
    seen: dict[str, None] = {}
    for token in _tokens(text):
        if token not in seen:
            seen[token] = None
            if limit is not None and len(seen) >= limit:
                break
    return list(seen)
