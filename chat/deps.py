"""What a chat turn's tools and offline answers read besides the user and the matter: the turn's
typed dependencies (``agents.tools.RunContext.deps``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ChatDeps:
    #: The session the turn belongs to (None: an answer outside a session, e.g. a bench).
    session_id: int | None = None
    #: The turn's route once classified: {"domain", "intent", "entities", "classified"}.
    routing: dict[str, Any] | None = None
    #: The issue cards matched for the question (``legal.engine`` answer), once read.
    cards: Any = None
