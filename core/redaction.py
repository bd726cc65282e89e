"""Secrets kept out of what the project shows: a URL without its password (logs, the health page)."""

from __future__ import annotations

from urllib.parse import urlsplit


def redact_url(url: str) -> str:
    """Return ``url`` without its password, for logs and the health page."""
    if not url:
        return ""
    parts = urlsplit(url)
    if parts.password:
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
        parts = parts._replace(netloc=netloc)
    return parts.geturl()
