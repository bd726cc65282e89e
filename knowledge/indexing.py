"""What is indexed for an article: the text given to the tokenizer and to the embedding model."""

from __future__ import annotations

import re
from collections.abc import Sequence

from knowledge.lawnames import short_name

#: Long articles are embedded from their beginning (a mean-pooled encoder dilutes long texts anyway).
MAX_EMBED_CHARS = 1500
#: The issuer and 关于 that open the title of an interpretation or a State Council document.
_ISSUER_RE = re.compile(r"^(?:最高人民法院|最高人民检察院|国务院)(?:、(?:最高人民法院|最高人民检察院))?关于")
_HEADING_NUMBER_RE = re.compile(r"^第[零〇一二两三四五六七八九十百千0-9]+[编分章节]\s*")


def heading_title(heading: str) -> str:
    """第四章 劳动合同的解除和终止 -> 劳动合同的解除和终止."""
    return _HEADING_NUMBER_RE.sub("", (heading or "").strip()).strip()


def article_search_text(*, chapter: str, section: str, text: str) -> str:
    """Text the full-text index sees: chapter and section titles, then the article."""
    titles = " ".join(t for t in (heading_title(chapter), heading_title(section)) if t)
    return f"{titles}\n{text}" if titles else text


def embedding_name(law_name: str, aliases: Sequence[str] = ()) -> str:
    """The name an article's vector is made with: the short name of a law (劳动合同法), the shortest alias of
    an interpretation (民间借贷规定), else the title without its issuer (审理…的规定) - the boilerplate of a long
    title would make every interpretation's articles alike."""
    if aliases:
        return min(aliases, key=lambda a: (len(a), a))
    return _ISSUER_RE.sub("", short_name(law_name)) or law_name


def article_embedding_text(*, law_name: str, chapter: str, section: str, text: str,
                           aliases: Sequence[str] = ()) -> str:
    """Text the embedding model sees: the document's name (:func:`embedding_name`), the headings, then the
    article."""
    titles = " ".join(t for t in (heading_title(chapter), heading_title(section)) if t)
    head = " ".join(t for t in (embedding_name(law_name, aliases), titles) if t)
    return f"{head}：{text[:MAX_EMBED_CHARS]}"
