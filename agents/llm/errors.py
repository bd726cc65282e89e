"""The gateway's typed errors; ``code`` is the ``error`` event code (ARCHITECTURE §5)."""

from __future__ import annotations

__all__ = ["LLMBadRequest", "LLMBadResponse", "LLMError", "LLMTimeout", "LLMUnavailable"]


class LLMError(Exception):
    """Base of every gateway error. ``code`` is the ``error`` event code (ARCHITECTURE §5)."""

    code: str = "llm_unavailable"

    def __init__(
        self,
        message: str,
        *,
        role: str | None = None,
        model: str | None = None,
        status_code: int | None = None,
        attempts: int = 0,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.role = role
        self.model = model
        self.status_code = status_code
        self.attempts = attempts


class LLMTimeout(LLMError):
    """The endpoint did not answer within the timeout (after the one retry)."""

    code = "llm_timeout"


class LLMUnavailable(LLMError):
    """Connection refused, 5xx or 429 after the retry, authentication failure, offline mode."""


class LLMBadRequest(LLMUnavailable):
    """The endpoint rejected the request itself (400/404/422 ...), e.g. an unsupported parameter."""


class LLMBadResponse(LLMError):
    """The endpoint answered, but not with something usable (malformed JSON, no choices, or a
    structured reply that still failed validation after the repair attempt)."""

