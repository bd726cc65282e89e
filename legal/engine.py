"""The card engine as the apps use it: match a question to cards and compose the answer; the
checklist a specialist gets online; the critic's check that a draft carries the cards'
conclusions and controlling provisions; the conclusions of a written answer (ARCHITECTURE §8)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from legal import notecheck, selectors
from legal.cardlint import sentences as lint_sentences
from legal.composer import (
    COPIED_HEAD,
    Composition,
    PartAnswer,
    _same_words,
    article_label,
    cite,
    compose,
    law_short,
    render,
    said_once,
    without_premise,
)
from legal.facts import extract_facts
from legal.focus import _MEASURE as MEASURE
from legal.focus import _PERIOD as PERIOD
from legal.focus import focused_sentence, grams, own_words
from legal.matcher import PartMatch, rerouted
from legal.qtypes import question_type

_CONCLUSION = re.compile(r"^#{2,4}\s*结论\s*\n(.*?)(?=^#{2,4}\s|\Z)", re.S | re.M)
_CITATION = re.compile(r"《([^》]+)》\s*(第[一二三四五六七八九十百千零〇两\d]+条(?:之[一二三四五六七八九十])?)")
#: The words a conclusion's first sentence turns on (its polarity).
_HEADS = ("不可以", "可以", "不能", "能", "不需要", "需要", "不合法", "合法", "无效", "有效", "不属于", "属于",
          "不构成", "构成", "不应当", "应当", "无权", "有权", "不会", "会")


@dataclass
class CardAnswer:
    composition: Composition
    ids: dict[str, int] = field(default_factory=dict)

    @property
    def decided(self) -> bool:
        return self.composition.decided

    @property
    def engaged(self) -> bool:
        """Whether there were cards to match at all (a firm that switched every card off, or a test
        without cards, answers from retrieval as before the cards)."""
        return self.composition.scored

    @property
    def markdown(self) -> str:
        return self.composition.markdown

    def cards(self) -> list[dict[str, Any]]:
        return self.composition.card_refs(self.ids)

    def conclusions(self) -> list[dict[str, Any]]:
        return self.composition.conclusions(verified=_valid)


def _valid(law: str, article: str) -> bool:
    if "之" in article:  # an inserted article (第一百三十三条之一) is looked up by its label
        return selectors.provision_valid(law, article)
    number = _article_number(article)
    return selectors.provision_valid(law, number) if number else False


def _article_number(label: str) -> int | None:
    from knowledge.numerals import cn_to_int

    match = re.match(r"第(.+?)条", label)
    if not match:
        return None
    try:
        return int(match.group(1)) if match.group(1).isdigit() else cn_to_int(match.group(1))
    except (ValueError, TypeError):
        return None


def card_answer(question: str, *, retrieved: Iterable[tuple[str, int]] = (), offline: bool = True,
                today: date | None = None, retrieve: bool = False) -> CardAnswer:
    """The question matched to cards, part by part, and the answer composed from them. ``retrieve``:
    without ``retrieved``, search the statutes first so that agreement with them counts in the match."""
    retrieved = list(retrieved)
    if retrieve and not retrieved:
        from legal.retrieval import agreement_keys

        retrieved = agreement_keys(question)
    parts, ids = selectors.card_match(question=question, retrieved=retrieved)
    composition = compose_parts(question, parts, facts=extract_facts(question, today=today), today=today,
                                article_text=selectors.provision_text, offline=offline, found=retrieved)
    return CardAnswer(composition, ids)


def compose_parts(question: str, matches: Sequence[PartMatch], **options: Any) -> Composition:
    """:func:`legal.composer.compose` of ``matches`` (``options``: its keywords), with no part repeating an earlier
    part's answer: such a part (:func:`repeated_part`) is routed away from the card that gave the repeat to its
    next-best card for its own type, or left undecided when no other card is confident (the composer then says
    what it needs to answer that part), and the whole composed again (docs/decisions/answers-multi-part.md)."""
    parts = list(matches)
    options = {**options, "across": False}  # a repeat is first routed away; what is still said twice goes after
    composition = compose(question, parts, **options)
    excluded: dict[int, set[str]] = {}
    trimmed = False
    for _ in range(2 * len(parts)):
        found = repeated_part(composition.parts, parts)
        if found is None:
            break
        index, slug = found
        later, earlier = composition.parts[index], composition.parts[:index]
        # the paragraph it repeats: its own, or (left undecided as a copy) the earlier part's on the same card
        source = later if later.card is not None else next((p for p in earlier if p.card is not None
                                                            and p.card.slug == slug), None)
        measure = measure_answer(later.part, later.qtype, source, earlier) if source is not None else ""
        if source is not None and measure:
            # a figure or a period asked, stated in the paragraph an earlier part was given: that clause answers it
            composition.parts[index] = replace(source, part=later.part, qtype=later.qtype, text=measure, ask="",
                                               calculation=None, deadline=None, note=source.note)
            trimmed = True
            continue
        excluded.setdefault(index, set()).add(slug)
        parts[index] = rerouted(parts[index], excluded[index], earlier=[p.text for p in parts[:index]])
        composition = compose(question, parts, **options)
        trimmed = False
    if len(composition.parts) > 1 or trimmed:
        said_once(composition.parts, question, composition.facts)
        composition.markdown = render(composition, article_text=options.get("article_text"),
                                      offline=options.get("offline", True))
        composition.notes = notecheck.findings(composition.markdown, question, composition.facts.values())
    return composition


class _Amount:
    """A clause stating an amount (a figure, a cap, a standard, a term of years or months) — not a time limit in days
    (3日内作出决定 answers no 交多少)."""

    _DAYS = re.compile(r"[\d一二三四五六七八九十百两半]+\s*(?:个工作日|日|天|小时)(?:内|以内|之内)?")

    def search(self, clause: str) -> re.Match[str] | None:
        return MEASURE.search(self._DAYS.sub("", clause))


_AMOUNT = _Amount()


def measure_answer(part: str, asked: str, source: PartAnswer, earlier: Sequence[PartAnswer]) -> str:
    """For a part asking how much or by when (``asked``) whose conclusion repeats the paragraph of ``source``: the
    clause of that paragraph stating a measure or a period, about the part's own words where one is (判的话最多几年 →
    处3年以下有期徒刑或者拘役), as its answer — when that clause is no copy of an earlier part's lead. "" otherwise."""
    if asked not in ("how_much", "by_when"):
        return ""
    cue = _AMOUNT if asked == "how_much" else PERIOD
    text = _POINTER.sub("", source.text)
    own = own_words(part, [p.part for p in earlier])
    # the clause about the part's own words; the first stating one only when the paragraph names none of them
    # (要交多少保证金 on a paragraph speaking of 保证金 elsewhere is not answered by its 10年以上)
    found = focused_sentence(text, own, cue) or (None if own & grams(text) else focused_sentence(text, set(), cue))
    if found is None:
        return ""
    clause = found[1].strip("，,：:；; ") + "。"
    key = _same_words(clause)
    if len(key) < _COPY_MIN or any(_same_sentence(key, k) for p in earlier for k in _sentence_keys(p.text)[:1]):
        return ""
    return clause


#: The pointer a part's conclusion ends on when sentences an earlier part gave were dropped from it.
_POINTER = re.compile(r"其余同第\d+问的回答（见上）。?")
#: A sentence shorter than this (its words only) is a bare yes or no, never a copy.
_COPY_MIN = 8
#: Two leading sentences one of which holds the other are a copy when the shorter is at least this share of the longer.
_COPY_SHARE = 0.6


def _sentence_keys(text: str) -> list[str]:
    """``text``'s sentences as compared for a copy (words and digits only), bare yes or no left out."""
    keys = (_same_words(s) for s in lint_sentences(_POINTER.sub("", without_premise(text))))
    return [k for k in keys if len(k) >= _COPY_MIN]


def _same_sentence(a: str, b: str) -> bool:
    if a == b:
        return True
    short, long_ = sorted((a, b), key=len)
    return short in long_ and len(short) >= _COPY_SHARE * len(long_)


def repeats(later: PartAnswer, earlier: PartAnswer, asked: str = "") -> bool:
    """Whether ``later``'s conclusion repeats ``earlier``'s: it leads with the same sentence (or one holding most of
    it), or it was cut to what an earlier part already said (the pointer 其余同第N问) and says nothing else. A part
    whose figure or deadline its own facts computed answers itself, whatever an earlier part said."""
    asked = asked or later.qtype  # what the part itself asks (a consequence answered by a period asks no period)
    if later.calculation is not None and later.calculation.ok and later.qtype == asked == "how_much":
        return False
    if later.deadline is not None and later.deadline.ends is not None and later.qtype == asked == "by_when":
        return False
    mine, theirs = _sentence_keys(later.text), _sentence_keys(earlier.text)
    if not theirs:
        return False
    if _head(later.text) and _head(earlier.text) and _head(later.text) != _head(earlier.text):
        return False  # its own yes or no (不需要 after 可以): the paragraph answers it otherwise
    if not mine:  # the same bare yes or no (a premise aside) and a pointer to the earlier answer: nothing of its own
        return bool(_POINTER.search(later.text)) and bool(_head(later.text))
    if _same_sentence(mine[0], theirs[0]):
        return True
    return bool(_POINTER.search(later.text)) and all(any(_same_sentence(k, t) or k in t for t in theirs) for k in mine)


def repeated_part(answers: Sequence[PartAnswer], matches: Sequence[PartMatch]) -> tuple[int, str] | None:
    """The first later part whose answer repeats an earlier part's (:func:`repeats`) — or that the composer left
    undecided as a copy of an earlier part's card (一问与第N问落在同一要点) — with the card to route it away from."""
    for index in range(1, min(len(answers), len(matches))):
        later, match = answers[index], matches[index]
        if match.best is None:
            continue
        if later.card is None:
            if later.text.startswith(COPIED_HEAD) and match.decided:
                return index, match.best.card.slug
            continue
        if any(e.text and repeats(later, e, match.qtype or question_type(match.text)) for e in answers[:index]):
            return index, later.card.slug
    return None


def checklist(answer: CardAnswer) -> str:
    """What the specialist must cover (online): per decided part, the card's conclusion, its
    controlling provisions with what each decides, the elements, the figure or deadline."""
    lines = []
    for index, part in enumerate(answer.composition.parts, start=1):
        if part.card is None:
            continue
        card = part.card
        lines.append(f"{index}. 问题“{part.part}”对应要点卡片《{card.title}》：")
        lines.append(f"   - 结论（须在“### 结论”中写明，可按事实调整条件）：{part.text}")
        lines += [f"   - 决定性法条：{cite(p)}" + (f"——{p.decides}" if p.decides else "") for p in part.basis]
        lines += [f"   - 相关法条：{cite(p)}——{p.decides}" for p in part.related() if p.controlling]
        lines += [f"   - 要件：{e.text}" for e in card.elements[:5]]
        if part.calculation is not None and part.calculation.ok and part.calculation.result is not None:
            lines.append(f"   - 计算：{'；'.join(part.calculation.result.steps)}")
        elif part.ask:
            lines.append(f"   - 缺少的事实，请向当事人询问：{part.ask}")
    if not lines:
        return ""
    return "本问题的要点卡片清单（律所审定；回答须覆盖每一项，并引用其决定性法条）：\n" + "\n".join(lines)


def _head(text: str) -> str:
    first = re.split(r"[。；！!]", text.strip("* "), maxsplit=1)[0]
    return next((h for h in _HEADS if first.startswith(h)), "")


def draft_failures(answer: CardAnswer, draft: str) -> list[str]:
    """The critic's card check: for every decided part the draft's 结论 must reach the card's
    conclusion (its polarity word) and the draft must cite one of the card's controlling provisions."""
    failures = []
    section = _CONCLUSION.search(draft)
    conclusion = section.group(1) if section else draft[:600]
    cited = {(law_short(law), art) for law, art in _CITATION.findall(draft)}
    for part in answer.composition.parts:
        if part.card is None:
            continue
        deciding = part.basis or list(part.card.controlling)
        wanted = [(law_short(p.law), article_label(p.article)) for p in (*deciding, *part.card.controlling)]
        if wanted and not any(w in cited for w in wanted):
            failures.append(f"未引用要点卡片《{part.card.title}》的决定性法条："
                            + "、".join(cite(p) for p in deciding))
        head = _head(part.text) if part.qtype in ("yes_no", "valid") else ""
        if head and head not in conclusion:
            failures.append(f"结论未回答“{part.part}”：要点卡片的结论是“{part.text[:60]}”")
    return failures


def conclusions_from_text(answer: CardAnswer | None, text: str, citations: Sequence[dict[str, Any]] = ()
                          ) -> list[dict[str, Any]]:
    """One conclusion per question part from a written answer's 结论 section (a model's answer,
    or an offline answer the cards did not decide): each part's line, with the citations it makes
    (validity from ``citations``, the answer's verified ones)."""
    valid = {(law_short(str(c.get("law") or "")), c.get("article")): bool(c.get("valid")) for c in citations}
    section = _CONCLUSION.search(text)
    body = section.group(1).strip() if section else text.strip()
    lines = [line.strip() for line in body.splitlines() if line.strip() and not line.strip().startswith("还需要")]
    parts: list[PartAnswer] = answer.composition.parts if answer is not None else []
    wanted = max(1, len(parts))
    picked = lines[:wanted] if len(lines) >= wanted else lines + [lines[-1] if lines else ""] * (wanted - len(lines))
    out = []
    for index in range(wanted):
        line = re.sub(r"^\d+\.\s*(?:（[^）]*）)?", "", picked[index]).replace("**", "").strip()
        found = [{"law": law, "article": art, "valid": valid.get((law_short(law), art), False)}
                 for law, art in dict.fromkeys(_CITATION.findall(line))]
        part = parts[index] if index < len(parts) else None
        if not found and part is not None and part.card is not None:
            found = [c for c in part.citations() if (law_short(c["law"]), c["article"]) in valid]
            found = [dict(c, valid=valid[(law_short(c["law"]), c["article"])]) for c in found]
        out.append({"part": part.part if part is not None else text[:200], "text": line, "citations": found})
    return out
