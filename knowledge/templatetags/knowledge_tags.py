"""Template helpers for the statute pages."""

from __future__ import annotations

import re

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def highlight(text: str, terms: list[str] | None) -> SafeString:
    """Escape ``text`` and wrap every occurrence of ``terms`` in <mark> (longest first)."""
    text = text or ""
    words = sorted({t for t in (terms or []) if t}, key=len, reverse=True)
    if not words:
        return mark_safe(escape(text).replace("\n", "<br>"))  # noqa: S308 - escaped above
    pattern = re.compile("|".join(re.escape(w) for w in words))
    out: list[str] = []
    pos = 0
    for match in pattern.finditer(text):
        out.append(escape(text[pos : match.start()]))
        out.append(f"<mark>{escape(match.group(0))}</mark>")
        pos = match.end()
    out.append(escape(text[pos:]))
    return mark_safe("".join(out).replace("\n", "<br>"))  # noqa: S308 - every piece escaped


@register.filter
def paragraphs(text: str) -> SafeString:
    return mark_safe(escape(text or "").replace("\n", "<br>"))  # noqa: S308 - escaped
