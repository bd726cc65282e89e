"""What is indexed for an article: the text given to the tokenizer and to the embedding model."""

from __future__ import annotations

import re

from knowledge.lawnames import short_name

#: Long articles are embedded from their beginning (a mean-pooled encoder dilutes long texts anyway).
MAX_EMBED_CHARS = 1500
_HEADING_NUMBER_RE = re.compile(r"^第[零〇一二两三四五六七八九十百千0-9]+[编分章节]\s*")


def heading_title(heading: str) -> str:
    """第四章 劳动合同的解除和终止 -> 劳动合同的解除和终止."""
    return _HEADING_NUMBER_RE.sub("", (heading or "").strip()).strip()


def article_search_text(*, chapter: str, section: str, text: str) -> str:
    """Text the full-text index sees: chapter and section titles, then the article."""
    titles = " ".join(t for t in (heading_title(chapter), heading_title(section)) if t)
    return f"{titles}\n{text}" if titles else text


def article_embedding_text(*, law_name: str, chapter: str, section: str, text: str) -> str:
    """Text the embedding model sees: the law's short name, the headings, then the article."""
    titles = " ".join(t for t in (heading_title(chapter), heading_title(section)) if t)
    head = " ".join(t for t in (short_name(law_name), titles) if t)
    return f"{head}：{text[:MAX_EMBED_CHARS]}"
