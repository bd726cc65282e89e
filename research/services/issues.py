"""A research question as card-level sub-issues: one per question part, each read with the question's
narrative, matched to its issue card, and answered offline the way the chat answers it.

The parts are the question's enumerated asks (1. … 2. …, 一、… 二、…, 第一…第二…, 一是…二是…, (1)…)
when it numbers them, else the card matcher's parts (``legal.matcher.split_parts``). Each part is
read as the narrative (the sentences that ask nothing) followed by the part alone, so a part is
matched and answered on its own facts and not on the part before it.

The sub-issue's offline answer (``legal.engine.card_answer`` of that reading, with the statutes a
plain search finds for it as the matcher's retrieval agreement, as in the chat) is the chat's offline
answer for the part: the research report's 结论 line for the part and the fallback of any of its
research steps that fails, times out or finds nothing — never a calculation on numbers the question
happens to hold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from legal import engine as card_engine
from legal.cardfile import Card
from legal.composer import PartAnswer
from legal.matcher import MAX_PARTS, split_parts
from legal.selectors import card_match

#: An enumeration mark opening an ask: （1） anywhere; 1. 1、 1) 一、 第一， 一是 ①, and 1 or 一 followed by a
#: space, after a start, a space or punctuation.
_MARK = re.compile(r"[（(][1-9一二三四五六][)）]"
                   r"|(?:^|(?<=[\s。，,；;：:？?！!）)]))(?:[1-9](?:[.．](?!\d)|[、)）]|(?=\s))"
                   r"|[一二三四五六](?:[、.．]|(?=\s))|第[一二三四五六][，,、：:]|[一二三四五六]是|[①②③④⑤⑥])")
_TRIM = " ，,、；;：:。\n\t"


@dataclass
class SubIssue:
    """One ask of the question: its words, how it is read, its card, and the chat's offline answer for
    it (composed on first use: the planner needs only the card)."""

    index: int
    part: str
    read_as: str
    offline: bool = True
    matched: Card | None = None
    #: the statutes a plain search finds for ``read_as`` (law, article): the matcher's retrieval agreement
    retrieved: list[tuple[str, int]] = field(default_factory=list)

    @cached_property
    def answer(self) -> card_engine.CardAnswer:
        return card_engine.card_answer(self.read_as, retrieved=self.retrieved, offline=self.offline,
                                       retrieve=True)

    @property
    def decision(self) -> PartAnswer | None:
        """The composed part that answers this ask (the last part of its reading: the narrative asks nothing)."""
        parts = self.answer.composition.parts
        decided = [p for p in parts if p.decided]
        return (decided[-1] if decided else parts[-1]) if parts else None

    @property
    def card(self) -> Card | None:
        """The card the matcher decides for this ask (its last decided part), or None."""
        return self.matched

    @property
    def text(self) -> str:
        """The 结论 line for this ask: the card's conclusion composed for its facts, else what the
        offline engine says it could not decide."""
        decision = self.decision
        if decision is not None and decision.text.strip():
            return " ".join(decision.text.split())
        return ""

    def conclusion(self, *, verified: Any = None) -> dict[str, Any]:
        """ARCHITECTURE §8: {"part", "text", "citations"} (citations verified when ``verified`` is given)."""
        decision = self.decision
        citations = decision.citations() if decision is not None else []
        if verified is not None:
            citations = [dict(c, valid=verified(c["law"], c["article"])) for c in citations]
        return {"part": self.part, "text": self.text, "citations": citations}


def _matched_card(read_as: str, retrieved: list[tuple[str, int]]) -> Card | None:
    parts, _ = card_match(question=read_as, retrieved=retrieved)
    decided = [p for p in parts if p.decided and p.best is not None]
    return decided[-1].best.card if decided else None


def sub_issue(index: int, part: str, read_as: str, *, offline: bool = True) -> SubIssue:
    """One ask read as ``read_as``, matched with the statutes a plain search finds for it (the
    matcher's retrieval agreement, as the chat matches)."""
    from legal.retrieval import agreement_keys

    retrieved = agreement_keys(read_as)
    return SubIssue(index, part, read_as, offline, _matched_card(read_as, retrieved), retrieved)


def split_question(question: str) -> tuple[str, list[str]]:
    """(the narrative, the asks): the numbered asks when the question numbers at least two, else the
    card matcher's split; at most ``MAX_PARTS`` asks."""
    text = question.strip()
    marks = list(_MARK.finditer(text))
    if len(marks) >= 2:
        narrative = text[:marks[0].start()].strip(_TRIM)
        asks = []
        for mark, following in zip(marks, [*marks[1:], None], strict=True):
            piece = text[mark.end():following.start() if following is not None else len(text)].strip(_TRIM)
            if piece:
                asks.append(piece)
        if len(asks) >= 2:
            return _without_ask_words(narrative), asks[:MAX_PARTS]
    return split_parts(text)


def _without_ask_words(narrative: str) -> str:
    """The narrative without its closing lead-in to the asks (想问：, 请问, 问下)."""
    return re.sub(r"(?:想问一下|想问|请问|问一下|问下|想知道|咨询)[：:]?$", "", narrative.strip(_TRIM)).strip(_TRIM)


def sub_issues(question: str, *, offline: bool = True) -> list[SubIssue]:
    """The question's sub-issues, each matched on the narrative and its own ask (answered on first use)."""
    narrative, parts = split_question(question)
    if len(parts) <= 1:
        text = question.strip()
        return [sub_issue(1, text, text, offline=offline)]
    return [sub_issue(index, part, read_with(narrative, part), offline=offline)
            for index, part in enumerate(parts, start=1)]


def read_with(narrative: str, part: str) -> str:
    """How an ask is read: after the question's narrative."""
    return f"{narrative}。{part}" if narrative else part
