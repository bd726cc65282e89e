"""Layer-1 intent: keyword, regex and entity cues scoring every domain and every intent.

``classify(text)`` scores the 21 domains and the 7 intents of ARCHITECTURE §4 from weighted cues
(a word list per domain, regexes for the shape of a request — 帮我写一份…, 能拿多少, 去哪里申请,
a quoted clause — and entity cues such as amounts and durations). Scores become probabilities
with a softmax; the confidence is P(domain) × P(intent). At confidence ≥ :data:`THRESHOLD` the
rules decide; below it the decision falls back to 综合咨询/qa_retrieval with the reason, and
the rules' best guess stays available for layer 2.

Vocabulary is organised by domain (what the dispute is about) and intent (what the user wants
done), not by example sentence; docs/decisions/intent-rules.md explains the weights. It is data,
``legal/text/vocab/intent.toml`` (docs/vocabularies.md); this module is the scoring.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from knowledge.query_expansion import fold_characters, normalize_query
from knowledge.vocabulary import typos
from legal.text.domains import DOMAINS, GENERAL, LEGAL_INTENTS, NON_LEGAL, NON_LEGAL_INTENT, QA_RETRIEVAL
from legal.text.entities import Entities, extract_entities
from legal.text.vocabulary import intent_vocabulary

#: Rules decide at or above this confidence.
THRESHOLD = 0.85
#: Softmax temperatures: a lower temperature makes the same score margin more confident.
DOMAIN_TEMPERATURE = 0.7
INTENT_TEMPERATURE = 0.7
#: Score general starts with, so that a message without any cue is 综合咨询.
GENERAL_PRIOR = 0.5
#: contract and general are residual: their score is scaled by this when a subject domain is clear.
RESIDUAL_FACTOR = 0.6
#: non_legal's score when a message holds no legal word at all (a guess, never a decision).
NO_CUE_SCORE = 1.0
#: Share of the narrative bonus a "…怎么办" question after a story also gives to procedure_guidance.
NARRATIVE_TO_PROCEDURE = 0.5
#: Only this many characters are classified (a pasted contract is recognised by its start).
MAX_CHARS = 2_000

_ENDS_WITH_HOW_MUCH = re.compile(r"多少[钱元块]?[？?。！!]*$")
#: A meta-request phrase (翻译成, 写一首) also counts as a non-legal word of this weight.
OVERRIDE_WEIGHT = 6.0

# -- vocabulary (legal/text/vocab/intent.toml, typos: knowledge/vocab/typos.toml) -----------------------

_VOCAB = intent_vocabulary()
#: Cues that need two kinds of word together: (domain, weight, groups); every group must match.
_DOMAIN_COMBOS: tuple[tuple[str, float, tuple[tuple[str, ...], ...]], ...] = tuple(
    (combo.domain, combo.weight, tuple(tuple(group) for group in combo.groups)) for combo in _VOCAB.combos
)
_DOMAIN_PATTERNS: tuple[tuple[str, float, re.Pattern[str]], ...] = tuple(
    (pattern.domain, float(pattern.weight), re.compile(pattern.pattern)) for pattern in _VOCAB.patterns
)
_INTENT_PATTERNS: tuple[tuple[str, float, re.Pattern[str]], ...] = tuple(
    (intent, float(weight), re.compile(pattern)) for intent, weight, pattern in _VOCAB.intent_patterns()
)
#: A meta request (translate this, write a poem about it) is non-legal whatever legal words it holds.
_NON_LEGAL_OVERRIDES = tuple(_VOCAB.non_legal.overrides)
#: The words that make a message legal even when it also mentions food, weather or health.
_LEGAL_SIGNALS = tuple(_VOCAB.non_legal.legal_signals)
#: Phrases replaced before matching, so a cue word inside them does not fire (偷 in 偷偷 is not theft).
_MASKS = dict(_VOCAB.masks)
_EXTRA_TYPOS = dict(typos().intent)
_NARRATIVE_ACTORS = re.compile("|".join(_VOCAB.narrative.actors))
_NARRATIVE_EVENTS = re.compile("|".join(_VOCAB.narrative.events))


@dataclass(frozen=True)
class _Lexicon:
    by_word: dict[str, tuple[tuple[str, float], ...]]
    lengths: tuple[int, ...]


def _build_lexicon() -> _Lexicon:
    """Every domain and non-legal word with its highest weight per domain."""
    table: dict[str, dict[str, float]] = {}

    def add(word: str, domain: str, weight: float) -> None:
        current = table.setdefault(word.lower(), {})
        current[domain] = max(current.get(domain, 0.0), float(weight))

    for domain, tiers in _VOCAB.words.items():
        for weight, words in tiers.items():
            for word in words:
                add(word, domain, weight)
    for weight, words in _VOCAB.non_legal.words.items():
        for word in words:
            add(word, NON_LEGAL, weight)
    for word in _NON_LEGAL_OVERRIDES:
        add(word, NON_LEGAL, OVERRIDE_WEIGHT)
    by_word = {word: tuple(sorted(weights.items())) for word, weights in table.items()}
    return _Lexicon(by_word=by_word, lengths=tuple(sorted({len(word) for word in by_word})))


_LEXICON = _build_lexicon()
_SUBJECT_DOMAINS = tuple(d for d in DOMAINS if d not in ("contract", GENERAL, NON_LEGAL))
#: Factor of the 1st, 2nd, 3rd … strongest word of a domain (see _diminishing).
_RANK_FACTORS = (1.0, 0.7, 0.5, 0.35)


def _literal_any(words: Iterable[str]) -> re.Pattern[str]:
    """A regex matching any of ``words`` literally; with no words, one that never matches."""
    return re.compile("|".join(re.escape(word) for word in words) or "(?!)")


_LEGAL_SIGNAL_RE = _literal_any(_LEGAL_SIGNALS)
_MASK_RE = _literal_any(_MASKS)
_EXTRA_TYPO_RE = _literal_any(_EXTRA_TYPOS)

# -- result ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunnerUp:
    domain: str
    intent: str
    score: float


@dataclass(frozen=True)
class RuleDecision:
    """Layer 1's decision. ``domain``/``intent`` are what to route to: the rules' guess when
    ``decided``, else general/qa_retrieval. ``guess_domain``/``guess_intent`` always hold the
    rules' best guess (a hint for layer 2). ``confidence`` = P(guess_domain) × P(guess_intent)."""

    domain: str
    intent: str
    confidence: float
    decided: bool
    reason: str
    guess_domain: str
    guess_intent: str
    domain_confidence: float
    intent_confidence: float
    runner_up: RunnerUp
    domain_scores: dict[str, float] = field(default_factory=dict)
    intent_scores: dict[str, float] = field(default_factory=dict)
    cues: tuple[str, ...] = ()
    entities: Entities = field(default_factory=Entities)

    @property
    def domain_label(self) -> str:
        return DOMAINS[self.domain]

    def to_dict(self) -> dict[str, Any]:
        return {
            "domain": self.domain,
            "domain_label": self.domain_label,
            "intent": self.intent,
            "confidence": round(self.confidence, 4),
            "decided": self.decided,
            "layer": "rule",
            "reason": self.reason,
            "guess": {"domain": self.guess_domain, "intent": self.guess_intent},
            "runner_up": {
                "domain": self.runner_up.domain,
                "intent": self.runner_up.intent,
                "score": round(self.runner_up.score, 4),
            },
            "domain_scores": {k: round(v, 2) for k, v in self.domain_scores.items() if v},
            "intent_scores": {k: round(v, 2) for k, v in self.intent_scores.items() if v},
            "cues": list(self.cues),
            "entities": self.entities.to_dict(),
        }


# -- scoring ---------------------------------------------------------------------------------------


def normalize(text: str) -> str:
    """Simplified characters, lower-case, half-width, whitespace collapsed, common typos fixed
    (離婚 → 离婚, １２ → 12, 劳动和同 → 劳动合同)."""
    s = normalize_query(text[:MAX_CHARS])
    s = _EXTRA_TYPO_RE.sub(lambda m: _EXTRA_TYPOS[m.group(0)], s)
    return _MASK_RE.sub(lambda m: _MASKS[m.group(0)], s)


def _matched_words(s: str) -> set[str]:
    """The lexicon words occurring in ``s`` and not inside a longer matched word (债权人, not also 债权).

    Substring lookup: O(len(s) × distinct word lengths), longest lengths first.
    """
    by_word = _LEXICON.by_word
    n = len(s)
    covered_by: list[int] = [0] * n  # per position: end of the longest match covering it so far
    spans: list[tuple[int, int, str]] = []
    for length in reversed(_LEXICON.lengths):
        for start in range(n - length + 1):
            piece = s[start : start + length]
            if piece in by_word:
                end = start + length
                if covered_by[start] >= end:
                    continue  # inside a longer word already matched
                spans.append((start, end, piece))
                for pos in range(start, end):
                    covered_by[pos] = max(covered_by[pos], end)
    return {piece for _, _, piece in spans}


def _score_domains(s: str, cues: list[str]) -> dict[str, float]:
    weights: dict[str, list[float]] = {domain: [] for domain in DOMAINS}
    for word in sorted(_matched_words(s)):
        for domain, weight in _LEXICON.by_word[word]:
            weights[domain].append(weight)
            cues.append(f"{domain}:{word}")
    scores = {domain: _diminishing(found) for domain, found in weights.items()}
    if max(scores[domain] for domain in _SUBJECT_DOMAINS) >= 4:
        # 合同/违约/定金 are the legal form of a dispute whose subject (a house, a job, a loan) names
        # the domain; general procedure words (法院, 起诉) likewise. Their defining words (weight 5:
        # 合同纠纷, 诉讼费) keep their weight.
        for domain in ("contract", GENERAL):
            scaled = [w if w >= 5 else w * RESIDUAL_FACTOR for w in weights[domain]]
            scores[domain] = _diminishing(scaled)
    scores[GENERAL] += GENERAL_PRIOR  # with no cue at all, general wins (still below the threshold)
    for domain, weight, pattern in _DOMAIN_PATTERNS:
        match = pattern.search(s)
        if match:
            scores[domain] += weight
            cues.append(f"{domain}:~{match.group(0)}")
    for domain, weight, groups in _DOMAIN_COMBOS:
        if all(any(word in s for word in group) for group in groups):
            scores[domain] += weight
            cues.append(f"{domain}:+{'&'.join(group[0] for group in groups)}")
    legal_total = sum(v for k, v in scores.items() if k not in (NON_LEGAL, GENERAL))
    if scores[NON_LEGAL]:
        if any(word in s for word in _NON_LEGAL_OVERRIDES):
            # “合同违约”用英语怎么说: the legal words are the object of a non-legal request.
            scores[NON_LEGAL] = max(scores[NON_LEGAL], max(scores.values()) + 4.0)
            cues.append("non_legal:+override")
        elif _LEGAL_SIGNAL_RE.search(s):
            scores[NON_LEGAL] *= 0.35  # food, weather or health words next to 赔偿/起诉 fade
        elif legal_total < 3:
            scores[NON_LEGAL] += 2.0
    elif legal_total == 0 and scores[GENERAL] <= GENERAL_PRIOR and not _LEGAL_SIGNAL_RE.search(s):
        # Not one legal word: most likely small talk, but too weak to decide on (NO_CUE_SCORE).
        scores[NON_LEGAL] = NO_CUE_SCORE
        cues.append("non_legal:+no_legal_cue")
    return scores


def _diminishing(weights: list[float]) -> float:
    """Sum with diminishing returns: one decisive word outweighs a pile of weak ones."""
    total = 0.0
    for rank, weight in enumerate(sorted(weights, reverse=True)):
        total += weight * _RANK_FACTORS[min(rank, len(_RANK_FACTORS) - 1)]
    return total


def _score_intents(s: str, entities: Entities, cues: list[str]) -> dict[str, float]:
    scores = dict.fromkeys(LEGAL_INTENTS, 0.0)
    scores[QA_RETRIEVAL] = 1.0  # a plain question with no other cue is a question about the law
    for intent, weight, pattern in _INTENT_PATTERNS:
        match = pattern.search(s)
        if match:
            scores[intent] += weight
            cues.append(f"intent:{intent}:{match.group(0)[:16]}")
    # Entity cues: figures make a 多少/怎么算 question a calculation; facts make it a case.
    has_figures = bool(entities.amounts or entities.durations)
    if has_figures and scores["calculation"] >= 3:
        scores["calculation"] += 2.0
        cues.append("intent:calculation:figures")
    elif has_figures and _ENDS_WITH_HOW_MUCH.search(s):
        scores["calculation"] += 3.0  # figures given, and the message ends asking 多少
        cues.append("intent:calculation:figures+多少")
    if scores["qa_retrieval"] >= 4 and scores["calculation"] > 0:
        scores["calculation"] -= 2.0  # 最多能赔多少: a statutory limit, not a sum to compute
    # A story (someone did something, with facts) asks for the analysis of a case.
    narrative = 0.0
    if _NARRATIVE_EVENTS.search(s):
        narrative += 1.0
        if _NARRATIVE_ACTORS.search(s):
            narrative += 0.5
    if len(s) >= 28:
        narrative += 1.0
    fact_groups = (entities.persons, entities.amounts, entities.dates, entities.durations, entities.locations)
    facts = sum(bool(group) for group in fact_groups)
    narrative += min(facts, 3) * 0.5
    if narrative:
        scores["case_analysis"] += narrative
        cues.append(f"intent:case_analysis:narrative={narrative:g}")
        if scores["procedure_guidance"] >= 2.5:
            # "…怎么办" after a story asks for next steps: the story supports both readings.
            scores["procedure_guidance"] += narrative * NARRATIVE_TO_PROCEDURE
    if narrative < 1.5:
        scores[QA_RETRIEVAL] += 1.5  # no story: a general question
    if scores["document_drafting"] >= 5:
        scores["case_analysis"] -= 1.5  # the facts are material for the document, not a question
    if scores["contract_review"] >= 5:
        scores["case_analysis"] -= 1.0
    return scores


def _softmax(scores: dict[str, float], temperature: float) -> dict[str, float]:
    top = max(scores.values())
    exps = {k: math.exp((v - top) / temperature) for k, v in scores.items()}
    total = sum(exps.values())
    return {k: v / total for k, v in exps.items()}


def _ranked(probs: dict[str, float]) -> list[tuple[str, float]]:
    return sorted(probs.items(), key=lambda item: (-item[1], item[0]))


def classify(text: str, *, today: date | None = None, threshold: float = THRESHOLD) -> RuleDecision:
    """Score every domain and intent of ``text``; decide at ``confidence >= threshold``."""
    s = normalize(text or "")
    entities = extract_entities(fold_characters(text or ""), today=today)
    cues: list[str] = []
    if not s.strip():
        return _fallback_empty(entities)
    domain_scores = _score_domains(s, cues)
    intent_scores = _score_intents(s, entities, cues)
    domain_probs = _softmax(domain_scores, DOMAIN_TEMPERATURE)
    ranked_domains = _ranked(domain_probs)
    best_domain, p_domain = ranked_domains[0]
    second_domain, p_second_domain = ranked_domains[1]
    if best_domain == NON_LEGAL:
        best_intent, p_intent = NON_LEGAL_INTENT, 1.0
        runner_intent = _ranked(_softmax(intent_scores, INTENT_TEMPERATURE))[0][0]
        runner_up = RunnerUp(second_domain, runner_intent, p_second_domain)
    else:
        intent_probs = _softmax(intent_scores, INTENT_TEMPERATURE)
        ranked_intents = _ranked(intent_probs)
        best_intent, p_intent = ranked_intents[0]
        second_intent, p_second_intent = ranked_intents[1]
        alt_domain = (second_domain, NON_LEGAL_INTENT if second_domain == NON_LEGAL else best_intent)
        alt_domain_score = p_second_domain * (1.0 if second_domain == NON_LEGAL else p_intent)
        alt_intent_score = p_domain * p_second_intent
        if alt_domain_score >= alt_intent_score:
            runner_up = RunnerUp(alt_domain[0], alt_domain[1], alt_domain_score)
        else:
            runner_up = RunnerUp(best_domain, second_intent, alt_intent_score)
    confidence = p_domain * p_intent
    decided = confidence >= threshold
    label = f"{DOMAINS[best_domain]}/{best_intent}"
    if decided:
        domain, intent = best_domain, best_intent
        reason = f"规则判定：{label}，置信度 {confidence:.2f} ≥ {threshold:.2f}"
    else:
        domain, intent = GENERAL, QA_RETRIEVAL
        reason = (
            f"规则置信度 {confidence:.2f} < {threshold:.2f}（最可能：{label}；"
            f"次选：{DOMAINS[runner_up.domain]}/{runner_up.intent}），回退到综合咨询/qa_retrieval"
        )
    return RuleDecision(
        domain=domain,
        intent=intent,
        confidence=confidence,
        decided=decided,
        reason=reason,
        guess_domain=best_domain,
        guess_intent=best_intent,
        domain_confidence=p_domain,
        intent_confidence=p_intent,
        runner_up=runner_up,
        domain_scores=domain_scores,
        intent_scores=intent_scores,
        cues=tuple(cues),
        entities=entities,
    )


def _fallback_empty(entities: Entities) -> RuleDecision:
    return RuleDecision(
        domain=GENERAL,
        intent=QA_RETRIEVAL,
        confidence=0.0,
        decided=False,
        reason="空消息：回退到综合咨询/qa_retrieval",
        guess_domain=GENERAL,
        guess_intent=QA_RETRIEVAL,
        domain_confidence=0.0,
        intent_confidence=0.0,
        runner_up=RunnerUp(GENERAL, QA_RETRIEVAL, 0.0),
        domain_scores=dict.fromkeys(DOMAINS, 0.0),
        intent_scores=dict.fromkeys(LEGAL_INTENTS, 0.0),
        cues=(),
        entities=entities,
    )
