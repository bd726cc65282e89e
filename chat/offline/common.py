"""What every part of the offline answer shares: limits, the vocabulary's word lists, the request's deps
and routing, the statutes a tool returned (with their full text) and how one is quoted and cited.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from agents.offline import OfflineRequest
from agents.tools import ToolResult
from chat.deps import ChatDeps
from chat.entities import Entities
from chat.vocabulary import offline_keywords
from knowledge.selectors import article_texts

TOP_K = 8
#: Articles the basis quotes at most (the calculators' own articles first).
BASIS_MAX = 5
#: Retrieved articles an undecided answer lists as possibly related.
ABSTAIN_LISTED = 3
QUOTE_CHARS = 260
STATEMENT_CHARS = 180
#: The end of a long narrative, where the question usually is, read again for its dates and durations.
TAIL_CHARS = 2000

_WORDS = offline_keywords()
# Words of the question that make a calculator run (chat/vocab/offline.toml).
_CALCULATOR_WORDS = _WORDS.calculators
_UNLAWFUL = tuple(_CALCULATOR_WORDS.unlawful_dismissal)
_NO_CONTRACT = tuple(_CALCULATOR_WORDS.no_written_contract)
_FEE = tuple(_CALCULATOR_WORDS.litigation_fee)
_LIMITATION = tuple(_CALCULATOR_WORDS.limitation_period)
_DEADLINE = tuple(_CALCULATOR_WORDS.deadline_question)
#: Kinds of question, in the order they are tried.
QUESTION_KINDS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (kind, tuple(getattr(_WORDS.questions, kind))) for kind in ("legality", "can", "amount", "consequence", "action"))
_PROHIBITIVE = tuple(_WORDS.norms.prohibitive)
_PERMISSIVE = tuple(_WORDS.norms.permissive)
_GENERIC_TITLES = tuple(_WORDS.relevance.generic_titles)
_GENERIC_SUFFIXES = tuple(_WORDS.relevance.generic_suffixes)
_COMMON_BIGRAMS = frozenset(_WORDS.relevance.common_bigrams)
#: Domains whose claims run on their own periods (labour arbitration: one year), not the civil three years.
_OWN_PERIODS = frozenset({"labor", "criminal", "administrative", "demolition"})

_STRUCTURE = re.compile(r"第[一二三四五六七八九十百千零〇两\d]+[编章节分]+\s*")
_TITLE_SPLIT = re.compile(r"[的和与及、，\s]+")
_ITEM = re.compile(r"^（[一二三四五六七八九十]+）")
_SENTENCE = re.compile(r"(?<=[。；：])|\n")


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


def with_texts(hits: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    texts = article_texts([hit["article_id"] for hit in hits if hit.get("article_id")])
    return [dict(hit, text=texts.get(hit.get("article_id"), hit.get("text", ""))) for hit in hits]


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", str(text)).strip()


def _quote(hit: Mapping[str, Any]) -> str:
    text = _clean(hit.get("text", ""))
    if len(text) > QUOTE_CHARS:
        text = text[:QUOTE_CHARS].rstrip("，。；、") + "……"
    return f"{_cite(hit)}：“{text}”"


def _cite(hit: Mapping[str, Any]) -> str:
    return f"《{hit.get('law')}》{hit.get('article_label')}"


def _key(hit: Mapping[str, Any]) -> tuple[str, str]:
    return str(hit.get("law")), str(hit.get("article_label"))
