"""Two different things that both hide text:

- **scrub** (before storing): API keys, passwords, tokens and other secrets never reach a trace.
  What is scrubbed is gone; the hash covers the scrubbed value.
- **mask** (when showing): 身份证号, 手机号, 银行卡号 and e-mail addresses are hidden from viewers
  without the ``tracing.unmask_trace`` permission. The stored record stays complete.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

SCRUBBED = "***"

# Keys whose values are secrets, whatever the value looks like. Compared on the normalised key
# (lower case, '-' -> '_'); the word must be the whole key or its last '_'-separated part(s), so
# ``max_tokens`` / ``prompt_tokens`` / ``tokens_in`` are kept while ``access_token`` is not.
_SECRET_KEY = re.compile(
    r"^(?:.*_)?(?:api_?key|apikey|x_api_key|authorization|proxy_authorization|password|passwd|pwd|"
    r"secret|client_secret|secret_key|private_key|access_key|token|access_token|refresh_token|"
    r"auth_token|id_token|bearer|session_?id|sessionid|cookie|set_cookie|credentials?)$"
)

_SECRET_TEXT = [
    # OpenAI-style keys (sk-..., sk-proj-...), also DashScope/DeepSeek keys which share the prefix
    (re.compile(r"\bsk-[A-Za-z0-9_\-]{8,}"), "sk-" + SCRUBBED),
    # Authorization header values
    (re.compile(r"\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=\-]{8,}", re.IGNORECASE), r"\1 " + SCRUBBED),
    (re.compile(r"\bToken\s+[0-9a-f]{40}\b", re.IGNORECASE), "Token " + SCRUBBED),
    # JSON web tokens
    (re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"), SCRUBBED),
    # key=value / key: value in free text (URLs, logs, error messages)
    (
        re.compile(
            r"(?i)\b(api[_-]?key|apikey|access[_-]?token|auth[_-]?token|token|password|passwd|secret|"
            r"client[_-]?secret)(\s*[=:]\s*[\"']?)([^\s\"'&,;}]{3,})"
        ),
        r"\1\2" + SCRUBBED,
    ),
    # credentials in URLs: scheme://user:password@host
    (re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://[^/\s:@]+):[^/\s@]+@"), r"\1:" + SCRUBBED + "@"),
]

_MIN_KNOWN_SECRET = 8


@lru_cache(maxsize=4096)
def _is_secret_name(key: str) -> bool:
    return bool(_SECRET_KEY.match(key.strip().lower().replace("-", "_")))


def _is_secret_key(key: Any) -> bool:
    return _is_secret_name(str(key))


# Every pattern of _SECRET_TEXT starts with one of these (case-insensitively): a text without any
# is left alone after one search instead of six substitutions.
_SECRET_HINT = re.compile(r"(?i)sk-|bearer|basic|token|eyj|api[_-]?key|apikey|password|passwd|secret|://")


@lru_cache(maxsize=1)
def _known_secrets_cached(signature: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted({s for s in signature if len(s) >= _MIN_KNOWN_SECRET}, key=len, reverse=True))


def known_secrets() -> tuple[str, ...]:
    """Configured secret values (settings and ``*_API_KEY`` variables): removed wherever they occur,
    even when they do not look like a key."""
    from django.conf import settings

    values = [
        str(getattr(settings, name, "") or "")
        for name in ("LLM_API_KEY", "EMBEDDING_API_KEY", "SECRET_KEY")
    ]
    values += [value for name, value in os.environ.items() if name.endswith(("_API_KEY", "_SECRET", "_TOKEN"))]
    return _known_secrets_cached(tuple(values))


def scrub_text(text: str, secrets: tuple[str, ...] | None = None) -> str:
    for secret in known_secrets() if secrets is None else secrets:
        if secret in text:
            text = text.replace(secret, SCRUBBED)
    if _SECRET_HINT.search(text):
        for pattern, replacement in _SECRET_TEXT:
            text = pattern.sub(replacement, text)
    return text


def scrub(value: Any, secrets: tuple[str, ...] | None = None) -> Any:
    """A copy of ``value`` (JSON-like data) with secrets replaced by ``***``. The configured secrets
    are read once per call (reading the environment for every string of a long LLM request was the
    largest cost of recording it)."""
    if secrets is None:
        secrets = known_secrets()
    if isinstance(value, str):
        return scrub_text(value, secrets)
    if isinstance(value, Mapping):
        return {
            str(key): (SCRUBBED if _is_secret_key(key) and item not in (None, "") else scrub(item, secrets))
            for key, item in value.items()
        }
    if isinstance(value, list | tuple | set | frozenset):
        return [scrub(item, secrets) for item in value]
    if isinstance(value, bytes):
        return scrub_text(value.decode("utf-8", "replace"), secrets)
    return value


# --- masking privileged content for display -------------------------------------------------
#: What replaces the content of work on a privileged matter for viewers who are not on its team
#: (compliance officers, admins outside the team). Hashes and sizes stay visible.
MASKED_CONTENT = "〔保密事项：内容已遮蔽〕"


# --- masking personal data for display ------------------------------------------------------
_EMAIL = re.compile(
    r"(?<![A-Za-z0-9._%+\-])([A-Za-z0-9._%+\-])[A-Za-z0-9._%+\-]*@([A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+)"
)
_ID_CARD = re.compile(r"(?<![0-9A-Za-z])(\d{6})\d{8}(\d{3}[0-9Xx])(?![0-9A-Za-z])")
_PHONE = re.compile(r"(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)")
_BANK_CARD = re.compile(r"(?<!\d)(\d{4})\d{8,11}(\d{4})(?!\d)")
_BANK_CARD_SPACED = re.compile(r"(?<!\d)(\d{4})(?:[ \-]\d{4}){2,3}[ \-](\d{1,4})(?!\d)")


def _stars(match: re.Match[str], keep_left: int, keep_right: int) -> str:
    text = match.group(0)
    hidden = sum(ch.isalnum() for ch in text) - keep_left - keep_right
    return match.group(1) + "*" * max(hidden, 4) + match.group(2)


def mask_text(text: str) -> str:
    """Hide 身份证号 (keeps region and last 4), 手机号 (138****5678), 银行卡号 (first and last 4)
    and e-mail addresses (z***@example.com)."""
    if not text:
        return text
    text = _EMAIL.sub(lambda m: f"{m.group(1)}***@{m.group(2)}", text)
    text = _ID_CARD.sub(lambda m: m.group(1) + "********" + m.group(2), text)
    text = _PHONE.sub(lambda m: m.group(1) + "****" + m.group(2), text)
    text = _BANK_CARD_SPACED.sub(lambda m: _stars(m, 4, len(m.group(2))), text)
    text = _BANK_CARD.sub(lambda m: _stars(m, 4, 4), text)
    return text


def contains_personal_data(text: str) -> bool:
    """True when ``text`` holds something :func:`mask_text` would hide (used to refuse searching
    for personal data by viewers who may not see it)."""
    return mask_text(text) != text


def mask(value: Any) -> Any:
    if isinstance(value, str):
        return mask_text(value)
    if isinstance(value, Mapping):
        return {key: mask(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [mask(item) for item in value]
    return value


def may_unmask(user: Any) -> bool:
    return bool(user is not None and getattr(user, "is_authenticated", False) and user.has_perm("tracing.unmask_trace"))
