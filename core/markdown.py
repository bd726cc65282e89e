"""Safe Markdown → HTML for chat messages (answers are model or offline-engine output: untrusted).

CommonMark via markdown-it-py with raw HTML off (``<script>`` is shown as text), no linkify, plus
GFM tables and strikethrough. Links survive only with a safe target (http, https, mailto, a
relative path or an anchor); ``javascript:``, ``data:``, ``vbscript:`` and every other scheme
become plain text. Images are not rendered (a model-written image URL could leak the
conversation to a third-party server); their alt text stays. External links open in a new tab
with ``rel="noopener noreferrer nofollow"``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt

SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
# Control characters and whitespace that browsers strip from URLs before reading the scheme.
_STRIPPED = re.compile(r"[\x00-\x20\x7f-\x9f]+")


def is_safe_url(url: str) -> bool:
    """True for http(s)/mailto URLs, relative paths and anchors; False for any other scheme."""
    cleaned = _STRIPPED.sub("", url or "")
    if not cleaned:
        return False
    if cleaned.startswith(("//", "\\\\", "/\\")):
        return False  # protocol-relative: leaves the site without saying where to
    try:
        scheme = urlsplit(cleaned).scheme.lower()
    except ValueError:
        return False
    if scheme:
        return scheme in SAFE_SCHEMES
    # No scheme, but a colon before any / ? # would make a browser read one ("javascript&colon;" is
    # already decoded by the parser, so this catches what urlsplit did not).
    head = re.split(r"[/?#]", cleaned, maxsplit=1)[0]
    return ":" not in head


def _link_open(self: Any, tokens: list, idx: int, options: dict, env: dict) -> str:
    token = tokens[idx]
    href = str(token.attrGet("href") or "")
    if urlsplit(_STRIPPED.sub("", href)).scheme.lower() in ("http", "https"):
        token.attrSet("target", "_blank")
        token.attrSet("rel", "noopener noreferrer nofollow")
    return self.renderToken(tokens, idx, options, env)


def _image(self: Any, tokens: list, idx: int, options: dict, env: dict) -> str:
    token = tokens[idx]
    alt = self.renderInlineAsText(token.children or [], options, env)
    return f'<span class="md-image-omitted" title="图片未显示">{_escape(alt)}</span>'


def _escape(text: str) -> str:
    from markdown_it.common.utils import escapeHtml

    return escapeHtml(text)


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable(["table", "strikethrough"])
    md.validateLink = is_safe_url  # type: ignore[method-assign]
    md.add_render_rule("link_open", _link_open)
    md.add_render_rule("image", _image)
    return md


def render_markdown(text: str | None) -> SafeString:
    """The HTML of ``text``; safe to insert into a page as is."""
    return mark_safe(_parser().render(text or ""))  # noqa: S308 - raw HTML is off and links are vetted
