"""The chat app's offline behaviour: answers composed from the statutes retrieved, without a model.

Each specialist has a handler (its declaration in ``chat.specialists`` names it) that the agent
runtime's offline engine calls with the agent's own toolbox, so tool calls, events, caching and the
audit trail are the same as with a model.
The research handler writes the answer in the sections every answer has (``ANSWER_SECTIONS`` of
``chat.specialists``): 结论 — a direct answer to the kind of question asked, with its conditions,
from the retrieved rule in its own words or a calculation; 法律依据 — the key articles first, each
with why it applies, articles about something else left out; 结合您的情况 — the facts against the
requirements and the domain's SOP steps, each citing only articles about it; 计算 whenever the facts
allow one; 下一步; 风险提示. Empty tool results add no text (docs/decisions/chat.md).

The package, by the seams the answer has (docs/decisions/module-splits.md):

- ``common``: limits, the vocabulary's word lists, the request's deps and routing, hits and citations;
- ``relevance``: what the question asks and what it is about (relevant hits, the key article);
- ``calculators``: the calculators the facts allow and the articles they rest on;
- ``sections``: the answer's sections (结论, 适用理由, 要件, SOP steps, 下一步, 风险提示);
- ``handlers``: the specialists' handlers (research, case analysis, advisor, drafting, general).

The names other modules import are re-exported here, so ``from chat.offline import X`` keeps working.
"""

from chat.offline.common import ABSTAIN_LISTED, BASIS_MAX, QUOTE_CHARS, TAIL_CHARS, TOP_K
from chat.offline.handlers import (
    abstention,
    advisor_offline,
    case_analysis_offline,
    drafting_offline,
    general_offline,
    research_offline,
)
from legal.text.extractive import (
    QUESTION_KINDS,
    STATEMENT_CHARS,
    asks_about,
    conclusion,
    key_article,
    question_kind,
    question_terms,
    relevant_hits,
    with_texts,
)

__all__ = [
    "ABSTAIN_LISTED",
    "BASIS_MAX",
    "QUESTION_KINDS",
    "QUOTE_CHARS",
    "STATEMENT_CHARS",
    "TAIL_CHARS",
    "TOP_K",
    "abstention",
    "advisor_offline",
    "asks_about",
    "case_analysis_offline",
    "conclusion",
    "drafting_offline",
    "general_offline",
    "key_article",
    "question_kind",
    "question_terms",
    "relevant_hits",
    "research_offline",
    "with_texts",
]
