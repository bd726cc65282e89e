"""Intent layer 1, combined: the rules, the statutes a question retrieves, and similarity to
labelled examples — weighed by a small model fitted on a tuning set and calibrated.

Three signals per domain, none of which needs the rules' words to appear in the question:

1. **rules** — :func:`legal.text.intent_rules.classify`: log P(domain) and log P(intent) of its softmax;
2. **statutes** — the top :data:`RETRIEVE_K` hits of :func:`knowledge.selectors.statute_search`,
   each speaking for the domains whose search scope holds it (``knowledge/vocab/domains.toml``;
   documents no scope names by a fragment of their name, ``legal/text/vocab/intent_signals.toml``),
   weighed by rank: the share of the rank weight per domain;
3. **prototypes** — cosine similarity of the question's embedding to the mean embedding of each
   domain's and each intent's labelled examples (``chat/data/intent_prototypes.npz``).

A conditional logit per label set (one weight per signal shared by all labels, plus a bias per
label, ``chat/data/intent_model.json``) turns them into P(domain) and P(intent). The best
estimate is the argmax of each; the confidence is P(domain) mapped through a Platt calibration
fitted on out-of-fold predictions, so that a confidence of 0.85 means 85 % of such domains are
right (the intent's own probability is ``intent_confidence``). The estimate is the
classification whatever the confidence; below :data:`THRESHOLD` the *route* falls back to
综合咨询/qa_retrieval, and
:attr:`Classification.route_reason` says why. ``bench/intent_fit.py`` refits the data files;
docs/decisions/intent-rules.md has the design and the numbers.

A signal that cannot be computed (no statutes imported, another embedding model than the one the
prototypes were computed with) contributes nothing; the others still decide.
"""

from __future__ import annotations

import json
import logging
import math
import re
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from knowledge.domains import DOMAINS as SCOPES
from knowledge.embeddings import get_embedder, signature
from knowledge.lawnames import PRC_PREFIX
from knowledge.selectors import statute_search
from legal.text.domains import DOMAINS, GENERAL, INTENTS, NON_LEGAL, NON_LEGAL_INTENT, QA_RETRIEVAL
from legal.text.entities import Entities
from legal.text.intent_rules import DOMAIN_TEMPERATURE, INTENT_TEMPERATURE, RuleDecision, normalize
from legal.text.intent_rules import classify as rules_classify
from legal.text.vocabulary import intent_signals

logger = logging.getLogger(__name__)

#: The route follows the estimate at or above this calibrated confidence.
THRESHOLD = 0.85
#: How many statute hits speak for the domains.
RETRIEVE_K = 10
#: Only this many characters are searched and embedded (a long narrative is recognised by its start).
MAX_CHARS = 1_000
#: Log-probabilities of the rules are clipped here (a zero would be -inf).
LOG_FLOOR = math.log(1e-4)

DATA_DIR = Path(__file__).resolve().parent / "data"
MODEL_FILE = DATA_DIR / "intent_model.json"
PROTOTYPE_FILE = DATA_DIR / "intent_prototypes.npz"

DOMAIN_CODES: tuple[str, ...] = tuple(DOMAINS)
INTENT_CODES: tuple[str, ...] = tuple(INTENTS)
_LEGAL_INTENT_INDEX = np.array([code != NON_LEGAL_INTENT for code in INTENT_CODES])


# -- signals -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Signals:
    """What the model weighs, per label; kept on the classification for the trace."""

    rule: RuleDecision
    #: domain -> share of the rank weight of the retrieved statutes speaking for it
    statutes: dict[str, float] = field(default_factory=dict)
    #: "law 第N条" of the hits, best first
    laws: tuple[str, ...] = ()
    domain_similarity: dict[str, float] = field(default_factory=dict)
    intent_similarity: dict[str, float] = field(default_factory=dict)

    def domain_features(self) -> np.ndarray:
        """(labels, 3): log P_rules, statute share, prototype similarity."""
        probs = _softmax_dict(self.rule.domain_scores, DOMAIN_TEMPERATURE)
        return np.array([[max(math.log(probs.get(code, 0.0) or 1e-300), LOG_FLOOR),
                          self.statutes.get(code, 0.0), self.domain_similarity.get(code, 0.0)]
                         for code in DOMAIN_CODES], dtype=np.float64)

    def intent_features(self) -> np.ndarray:
        """(labels, 2): log P_rules (non_legal: the rules' P(non_legal domain)), prototype similarity."""
        probs = _softmax_dict(self.rule.intent_scores, INTENT_TEMPERATURE)
        p_non_legal = _softmax_dict(self.rule.domain_scores, DOMAIN_TEMPERATURE).get(NON_LEGAL, 0.0)
        rows = []
        for code in INTENT_CODES:
            p = p_non_legal if code == NON_LEGAL_INTENT else probs.get(code, 0.0) * (1 - p_non_legal)
            rows.append([max(math.log(p or 1e-300), LOG_FLOOR), self.intent_similarity.get(code, 0.0)])
        return np.array(rows, dtype=np.float64)


def expand(features: np.ndarray) -> np.ndarray:
    """(…, labels, f) → (…, labels, f + labels): the rules' log-probability once more per label, so
    the fit can trust the rules more for one label (calculation's figures) than for another."""
    labels = features.shape[-2]
    per_label = features[..., :, :1] * np.eye(labels)
    return np.concatenate([features, per_label], axis=-1)


def _softmax_dict(scores: dict[str, float], temperature: float) -> dict[str, float]:
    if not scores:
        return {}
    top = max(scores.values())
    exps = {k: math.exp((v - top) / temperature) for k, v in scores.items()}
    total = sum(exps.values())
    return {k: v / total for k, v in exps.items()}


@cache
def _name_fragments() -> tuple[tuple[str, tuple[str, ...]], ...]:
    table = intent_signals().law_name_domains
    return tuple(sorted(((k, tuple(v)) for k, v in table.items()), key=lambda item: -len(item[0])))


@cache
def law_domains(law: str, number: int | None) -> tuple[str, ...]:
    """The domains a statute article speaks for: the scopes holding it, else by its law's name."""
    short = law.removeprefix(PRC_PREFIX)
    found: list[str] = []
    for code, scope in SCOPES.items():
        for name in (short, law):
            if name in scope.laws:
                ranges = scope.laws[name]
                if not ranges or (number is not None and any(lo <= number <= hi for lo, hi in ranges)):
                    found.append(code)
                break
    if found:
        return tuple(found)
    for fragment, codes in _name_fragments():
        if fragment in short:
            return codes
    return ()


def statute_signal(text: str) -> tuple[dict[str, float], tuple[str, ...]]:
    """Domain -> share of the rank weight (1/√rank) of the top statute hits speaking for it."""
    try:
        response = statute_search(query=text, top_k=RETRIEVE_K)
    except Exception:  # no corpus, a query the search rejects: the other signals still decide
        logger.debug("intent: statute signal unavailable", exc_info=True)
        return {}, ()
    votes: dict[str, float] = {}
    total = 0.0
    laws: list[str] = []
    for rank, hit in enumerate(response.results, start=1):
        weight = 1 / math.sqrt(rank)
        total += weight
        laws.append(f"{hit.law.removeprefix(PRC_PREFIX)}{hit.article_label or hit.article_no}")
        codes = law_domains(hit.law, hit.article_no)
        for code in codes:
            votes[code] = votes.get(code, 0.0) + weight / len(codes)
    return ({code: value / total for code, value in votes.items()} if total else {}), tuple(laws)


@dataclass(frozen=True)
class Prototypes:
    signature: dict[str, Any]
    domains: tuple[str, ...]
    domain_vectors: np.ndarray
    intents: tuple[str, ...]
    intent_vectors: np.ndarray


@cache
def prototypes() -> Prototypes | None:
    if not PROTOTYPE_FILE.exists():
        return None
    with np.load(PROTOTYPE_FILE, allow_pickle=False) as data:
        return Prototypes(
            signature=json.loads(str(data["signature"])),
            domains=tuple(str(x) for x in data["domains"]), domain_vectors=data["domain_vectors"].astype(np.float32),
            intents=tuple(str(x) for x in data["intents"]), intent_vectors=data["intent_vectors"].astype(np.float32),
        )


def embed(text: str) -> np.ndarray | None:
    """The question's embedding, or None when the prototypes were made in another vector space."""
    shipped = prototypes()
    if shipped is None or shipped.signature != signature():
        return None
    try:
        return get_embedder().embed([text])[0]
    except Exception:
        logger.warning("intent: embedding failed; prototype signal skipped", exc_info=True)
        return None


def similarity_signal(vector: np.ndarray | None) -> tuple[dict[str, float], dict[str, float]]:
    shipped = prototypes()
    if vector is None or shipped is None:
        return {}, {}
    domain_sims = shipped.domain_vectors @ vector
    intent_sims = shipped.intent_vectors @ vector
    return (dict(zip(shipped.domains, map(float, domain_sims), strict=True)),
            dict(zip(shipped.intents, map(float, intent_sims), strict=True)))


_SPACE = re.compile(r"\s+")


def collect(text: str, *, retrieve: bool = True, rule: RuleDecision | None = None) -> Signals:
    """Every signal of ``text`` (``retrieve=False``: the rules and prototypes only, no database)."""
    rule = rule or rules_classify(text)
    query = _SPACE.sub(" ", normalize(text or ""))[:MAX_CHARS].strip()
    if not query or (rule.guess_domain == NON_LEGAL and rule.domain_confidence >= 0.95):
        return Signals(rule=rule)  # nothing to search: small talk the rules are sure of
    statutes, laws = statute_signal(query) if retrieve else ({}, ())
    domain_sims, intent_sims = similarity_signal(embed(query))
    return Signals(rule=rule, statutes=statutes, laws=laws, domain_similarity=domain_sims,
                   intent_similarity=intent_sims)


# -- model -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Model:
    domain_weights: np.ndarray
    domain_bias: np.ndarray
    intent_weights: np.ndarray
    intent_bias: np.ndarray
    #: Platt calibration of P(domain): sigmoid(a · logit(p) + b)
    calibration: tuple[float, float]

    def to_json(self) -> dict[str, Any]:
        return {
            "domains": list(DOMAIN_CODES), "intents": list(INTENT_CODES),
            "domain_features": ["rules_log_p", "statutes", "prototype"],
            "intent_features": ["rules_log_p", "prototype"],
            "domain_weights": [round(float(x), 6) for x in self.domain_weights],
            "domain_bias": dict(zip(DOMAIN_CODES, (round(float(x), 6) for x in self.domain_bias), strict=True)),
            "intent_weights": [round(float(x), 6) for x in self.intent_weights],
            "intent_bias": dict(zip(INTENT_CODES, (round(float(x), 6) for x in self.intent_bias), strict=True)),
            "calibration": {"a": round(self.calibration[0], 6), "b": round(self.calibration[1], 6)},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Model:
        return cls(
            domain_weights=np.array(data["domain_weights"], dtype=np.float64),
            domain_bias=np.array([data["domain_bias"].get(code, 0.0) for code in DOMAIN_CODES]),
            intent_weights=np.array(data["intent_weights"], dtype=np.float64),
            intent_bias=np.array([data["intent_bias"].get(code, 0.0) for code in INTENT_CODES]),
            calibration=(float(data["calibration"]["a"]), float(data["calibration"]["b"])),
        )


#: Before a fit: the rules alone (weight 1 on their log-probabilities), no calibration.
RULES_ONLY = Model(np.array([1.0, 0.0, 0.0]), np.zeros(len(DOMAIN_CODES)), np.array([1.0, 0.0]),
                   np.zeros(len(INTENT_CODES)), (1.0, 0.0))


@cache
def model() -> Model:
    if not MODEL_FILE.exists():
        return RULES_ONLY
    return Model.from_json(json.loads(MODEL_FILE.read_text(encoding="utf-8")))


def softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=-1, keepdims=True)
    exps = np.exp(shifted)
    return exps / exps.sum(axis=-1, keepdims=True)


def calibrate(raw: float, calibration: tuple[float, float]) -> float:
    a, b = calibration
    raw = min(max(raw, 1e-6), 1 - 1e-6)
    return 1 / (1 + math.exp(-(a * math.log(raw / (1 - raw)) + b)))


# -- classification ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Classification:
    """The best estimate (``domain``, ``intent``, calibrated ``confidence``) and the route."""

    domain: str
    intent: str
    confidence: float
    domain_confidence: float
    intent_confidence: float
    raw_confidence: float
    decided: bool
    reason: str
    route_domain: str
    route_intent: str
    route_reason: str
    runner_up: dict[str, Any]
    signals: Signals
    domain_probs: dict[str, float]
    intent_probs: dict[str, float]

    @property
    def entities(self) -> Entities:
        return self.signals.rule.entities

    def signals_dict(self) -> dict[str, Any]:
        """The evidence, for the trace and the analysis panel."""
        top = sorted(self.signals.statutes.items(), key=lambda item: -item[1])[:3]
        sims = sorted(self.signals.domain_similarity.items(), key=lambda item: -item[1])[:3]
        return {
            "rules": {"domain": self.signals.rule.guess_domain, "intent": self.signals.rule.guess_intent,
                      "confidence": round(self.signals.rule.confidence, 4)},
            "statutes": {"domains": {k: round(v, 3) for k, v in top}, "hits": list(self.signals.laws[:5])},
            "prototypes": {k: round(v, 3) for k, v in sims},
        }


def _features(base: np.ndarray, weights: np.ndarray) -> np.ndarray:
    return expand(base) if weights.shape[0] > base.shape[-1] else base


def combine(signals: Signals, weights: Model | None = None, *, threshold: float = THRESHOLD) -> Classification:
    """Weigh the signals into the best estimate, its calibrated confidence and the route."""
    weights = weights or model()
    p_domain = softmax(_features(signals.domain_features(), weights.domain_weights) @ weights.domain_weights
                       + weights.domain_bias)
    p_intent = softmax(_features(signals.intent_features(), weights.intent_weights) @ weights.intent_weights
                       + weights.intent_bias)
    order = np.argsort(-p_domain, kind="stable")
    best, second = DOMAIN_CODES[order[0]], DOMAIN_CODES[order[1]]
    if best == NON_LEGAL:
        intent, p_int = NON_LEGAL_INTENT, 1.0
        second_intent = NON_LEGAL_INTENT
    else:
        legal = np.where(_LEGAL_INTENT_INDEX, p_intent, 0.0)
        legal = legal / legal.sum()
        intent_order = np.argsort(-legal, kind="stable")
        intent, p_int = INTENT_CODES[intent_order[0]], float(legal[intent_order[0]])
        second_intent = INTENT_CODES[intent_order[1]]
    p_dom = float(p_domain[order[0]])
    raw = p_dom
    confidence = calibrate(raw, weights.calibration)
    decided = confidence >= threshold
    label = f"{DOMAINS[best]}/{intent}"
    reason = (f"规则、检索到的法条与相似问题综合判断：{label}，置信度 {confidence:.2f}"
              f"（领域 {p_dom:.2f}，意图 {p_int:.2f}）")
    if decided:
        route_domain, route_intent = best, intent
        route_reason = f"置信度 {confidence:.2f} ≥ {threshold:.2f}，按 {label} 分派"
    else:
        route_domain, route_intent = GENERAL, QA_RETRIEVAL
        route_reason = (f"置信度 {confidence:.2f} < {threshold:.2f}（最可能：{label}；次选："
                        f"{DOMAINS[second]}），路由回退到综合咨询/qa_retrieval，分类不变")
    if best == NON_LEGAL and not decided:
        route_domain, route_intent = GENERAL, QA_RETRIEVAL
    runner_up = {"domain": second, "intent": NON_LEGAL_INTENT if second == NON_LEGAL else intent,
                 "score": round(float(p_domain[order[1]]) * (1.0 if second == NON_LEGAL else p_int), 4),
                 "intent_alternative": second_intent}
    return Classification(
        domain=best, intent=intent, confidence=confidence, domain_confidence=p_dom, intent_confidence=p_int,
        raw_confidence=raw, decided=decided, reason=reason, route_domain=route_domain, route_intent=route_intent,
        route_reason=route_reason, runner_up=runner_up, signals=signals,
        domain_probs=dict(zip(DOMAIN_CODES, map(float, p_domain), strict=True)),
        intent_probs=dict(zip(INTENT_CODES, map(float, p_intent), strict=True)),
    )


def classify(text: str, *, retrieve: bool = True, threshold: float = THRESHOLD) -> Classification:
    """The best estimate of ``text``'s domain and intent, its calibrated confidence and the route.

    The rules and the prototypes come first; the statute search (a database query, ~20–30 ms) is
    added only when they do not decide on their own (and ``retrieve`` is True): most questions a
    turn sees are decided without it, at the same precision (docs/decisions/intent-rules.md)."""
    quick = collect(text, retrieve=False)
    first = combine(quick, threshold=threshold)
    if first.decided or not retrieve or not quick.domain_similarity:
        return first
    statutes, laws = statute_signal(_SPACE.sub(" ", normalize(text or ""))[:MAX_CHARS].strip())
    return combine(replace(quick, statutes=statutes, laws=laws), threshold=threshold)
