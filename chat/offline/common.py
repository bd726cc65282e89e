"""What every part of the offline answer shares: limits, the vocabulary's word lists, the request's deps
and routing, the statutes a tool returned (with their full text) and how one is quoted and cited.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from agents.offline import OfflineRequest
from agents.tools import ToolResult
from chat.deps import ChatDeps
from legal.text.entities import Entities
from legal.text.extractive import _WORDS, _cite, _clean, with_texts

TOP_K = 8
#: Articles the basis quotes at most (the calculators' own articles first).
BASIS_MAX = 5
#: Retrieved articles an undecided answer lists as possibly related.
ABSTAIN_LISTED = 3
#: A classification below the routing threshold still narrows the statute search to its domain from
#: this confidence on (the route itself falls back to 综合咨询).
CLASSIFIED_SEARCH_MIN = 0.5
QUOTE_CHARS = 260
#: The end of a long narrative, where the question usually is, read again for its dates and durations.
TAIL_CHARS = 2000

# Words of the question that make a calculator run (legal/text/vocab/offline.toml).
_CALCULATOR_WORDS = _WORDS.calculators
_UNLAWFUL = tuple(_CALCULATOR_WORDS.unlawful_dismissal)
_NO_CONTRACT = tuple(_CALCULATOR_WORDS.no_written_contract)
_FEE = tuple(_CALCULATOR_WORDS.litigation_fee)
_LIMITATION = tuple(_CALCULATOR_WORDS.limitation_period)
_DEADLINE = tuple(_CALCULATOR_WORDS.deadline_question)
_GENERIC_TITLES = tuple(_WORDS.relevance.generic_titles)
#: Domains whose claims run on their own periods (labour arbitration: one year), not the civil three years.
_OWN_PERIODS = frozenset({"labor", "criminal", "administrative", "demolition"})


def _deps(request: OfflineRequest) -> ChatDeps:
    deps = request.ctx.deps
    return deps if isinstance(deps, ChatDeps) else ChatDeps()


def _routing(request: OfflineRequest) -> dict[str, Any]:
    return dict(_deps(request).routing or {})


def _entities(request: OfflineRequest) -> Entities:
    return Entities.from_dict(_routing(request).get("entities"))


def _hits(result: ToolResult) -> list[Mapping[str, Any]]:
    """The statutes a knowledge tool returned (its ``sources``), with their full text from the corpus."""
    if not result.ok or not isinstance(result.output, Mapping):
        return []
    return with_texts([hit for hit in result.output.get("sources", []) if isinstance(hit, Mapping)])


def _quote(hit: Mapping[str, Any]) -> str:
    text = _clean(hit.get("text", ""))
    if len(text) > QUOTE_CHARS:
        text = text[:QUOTE_CHARS].rstrip("，。；、") + "……"
    return f"{_cite(hit)}：“{text}”"


def _key(hit: Mapping[str, Any]) -> tuple[str, str]:
    return str(hit.get("law")), str(hit.get("article_label"))
