"""Fit the combined intent model (chat/intent_model.py) on the tuning half and write its data files.

    LEGALSITE_DATA_DIR=/tmp/kdev .venv/bin/python bench/intent_fit.py [--tune PATH] [--measure PATH]

Needs the statute corpus with embeddings (the statute signal runs the search). Steps:

1. per question of the tuning set: the rules' decision, the domains of its top statute hits, its
   embedding (cached in ``--cache``, keyed by text, so a refit after a vocabulary change only
   re-runs the rules);
2. prototypes: the mean embedding of each domain's and each intent's tuning questions;
3. calibration: 5-fold cross-fitting on the tuning set (prototypes and weights fitted on four
   folds, predicted on the fifth), then a Platt fit of "domain right" on those out-of-fold
   P(domain);
4. the final weights on the whole tuning set (each question's similarity to its own label's
   prototype leaves the question out), written to ``chat/data/intent_model.json`` and
   ``chat/data/intent_prototypes.npz``.

Then prints the report of ``bench/intent.py --mode combined`` on the measuring set (never tuned on).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import django  # noqa: E402

django.setup()

from bench.intent import load, report  # noqa: E402
from chat import intent_model as im  # noqa: E402
from knowledge.embeddings import get_embedder, signature  # noqa: E402
from legal.text.intent_rules import classify as rules_classify  # noqa: E402
from legal.text.intent_rules import normalize  # noqa: E402

TUNE = ROOT / "tests" / "data" / "intent_tune.jsonl"
MEASURE = ROOT / "tests" / "data" / "intent_measure.jsonl"
SEED = 20261124
FOLDS = 5
#: Per-label weights of the rules' log-probability (see chat.intent_model.expand).
PER_LABEL_DOMAIN = os.environ.get("INTENT_FIT_PER_LABEL_DOMAIN", "0") == "1"
PER_LABEL_INTENT = os.environ.get("INTENT_FIT_PER_LABEL_INTENT", "1") == "1"


def query_of(text: str) -> str:
    return im._SPACE.sub(" ", normalize(text or ""))[: im.MAX_CHARS].strip()


def raw_signals(items: list[dict], cache_path: Path) -> list[dict]:
    """Per item: statute votes, hit labels and the embedding (cached by text)."""
    cache: dict[str, dict] = json.loads(cache_path.read_text(encoding="utf-8")) if cache_path.exists() else {}
    missing = [item["text"] for item in items if item["text"] not in cache]
    if missing:
        vectors = get_embedder().embed([query_of(t) for t in missing])
        for text, vector in zip(missing, vectors, strict=True):
            statutes, laws = im.statute_signal(query_of(text))
            cache[text] = {"statutes": statutes, "laws": list(laws), "vector": [round(float(x), 6) for x in vector]}
        cache_path.write_text(json.dumps(cache, ensure_ascii=False), encoding="utf-8")
    return [dict(cache[item["text"]], vector=np.asarray(cache[item["text"]]["vector"])) for item in items]


def make_prototypes(vectors: np.ndarray, labels: list[str], codes: tuple[str, ...]) -> np.ndarray:
    out = np.zeros((len(codes), vectors.shape[1]), dtype=np.float64)
    for index, code in enumerate(codes):
        rows = [i for i, label in enumerate(labels) if label == code]
        if rows:
            mean = vectors[rows].mean(axis=0)
            out[index] = mean / (np.linalg.norm(mean) or 1.0)
    return out


def loo_similarities(vectors: np.ndarray, labels: list[str], codes: tuple[str, ...]) -> np.ndarray:
    """(n, labels): similarity to each prototype, the item's own label's prototype without the item."""
    sums = np.zeros((len(codes), vectors.shape[1]))
    counts = np.zeros(len(codes))
    index = {code: i for i, code in enumerate(codes)}
    for vector, label in zip(vectors, labels, strict=True):
        sums[index[label]] += vector
        counts[index[label]] += 1
    out = np.zeros((len(vectors), len(codes)))
    for n, (vector, label) in enumerate(zip(vectors, labels, strict=True)):
        protos = sums.copy()
        protos[index[label]] -= vector
        norms = np.linalg.norm(protos, axis=1)
        norms[norms == 0] = 1.0
        out[n] = (protos / norms[:, None]) @ vector
    return out


def build_signals(items: list[dict], raws: list[dict], domain_sims: np.ndarray, intent_sims: np.ndarray,
                  rules: list) -> list[im.Signals]:
    return [
        im.Signals(rule=rule, statutes=raw["statutes"], laws=tuple(raw["laws"]),
                   domain_similarity=dict(zip(im.DOMAIN_CODES, map(float, ds), strict=True)),
                   intent_similarity=dict(zip(im.INTENT_CODES, map(float, it), strict=True)))
        for raw, ds, it, rule in zip(raws, domain_sims, intent_sims, rules, strict=True)
    ]


def fit_logit(features: np.ndarray, targets: np.ndarray, *, l2_bias: float = 0.05, l2_w: float = 0.01,
              steps: int = 1500, lr: float = 0.05) -> tuple[np.ndarray, np.ndarray]:
    """Conditional logit: P(label) ∝ exp(features[label] · w + b[label]); Adam on mean cross-entropy."""
    n, k, f = features.shape
    w = np.zeros(f)
    w[0] = 1.0
    l2 = np.full(f, l2_w)
    l2[min(f, 3):] = l2_w * 10  # per-label weights: shrink towards the shared one
    b = np.zeros(k)
    params = np.concatenate([w, b])
    m = np.zeros_like(params)
    v = np.zeros_like(params)
    onehot = np.eye(k)[targets]
    for step in range(1, steps + 1):
        w, b = params[:f], params[f:]
        probs = im.softmax(features @ w + b)
        diff = (probs - onehot) / n  # (n, k)
        grad_w = np.einsum("nk,nkf->f", diff, features) + l2 * w
        grad_b = diff.sum(axis=0) + l2_bias * b
        grad = np.concatenate([grad_w, grad_b])
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad**2
        params = params - lr * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return params[:f], params[f:]


def fit_platt(raw: np.ndarray, correct: np.ndarray, steps: int = 3000, lr: float = 0.05) -> tuple[float, float]:
    x = np.log(np.clip(raw, 1e-6, 1 - 1e-6) / (1 - np.clip(raw, 1e-6, 1 - 1e-6)))
    a, b = 1.0, 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(a * x + b)))
        a -= lr * float(np.mean((p - correct) * x))
        b -= lr * float(np.mean(p - correct))
    return a, b


def fit(items: list[dict], raws: list[dict], rules: list, *,
        loo: bool = True) -> tuple[im.Model, np.ndarray, np.ndarray]:
    vectors = np.stack([raw["vector"] for raw in raws]).astype(np.float64)
    domains = [item["domain"] for item in items]
    intents = [item["intent"] for item in items]
    dprotos = make_prototypes(vectors, domains, im.DOMAIN_CODES)
    iprotos = make_prototypes(vectors, intents, im.INTENT_CODES)
    dsims = loo_similarities(vectors, domains, im.DOMAIN_CODES) if loo else vectors @ dprotos.T
    isims = loo_similarities(vectors, intents, im.INTENT_CODES) if loo else vectors @ iprotos.T
    signals = build_signals(items, raws, dsims, isims, rules)
    dfeat = np.stack([s.domain_features() for s in signals])
    ifeat = np.stack([s.intent_features() for s in signals])
    if PER_LABEL_DOMAIN:
        dfeat = im.expand(dfeat)
    if PER_LABEL_INTENT:
        ifeat = im.expand(ifeat)
    dw, db = fit_logit(dfeat, np.array([im.DOMAIN_CODES.index(d) for d in domains]))
    iw, ib = fit_logit(ifeat, np.array([im.INTENT_CODES.index(i) for i in intents]))
    return im.Model(dw, db, iw, ib, (1.0, 0.0)), dprotos, iprotos


def predict(model: im.Model, raws: list[dict], rules: list, dprotos: np.ndarray, iprotos: np.ndarray) -> list:
    vectors = np.stack([raw["vector"] for raw in raws]).astype(np.float64)
    signals = build_signals([{}] * len(raws), raws, vectors @ dprotos.T, vectors @ iprotos.T, rules)
    return [im.combine(s, model) for s in signals]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tune", type=Path, default=TUNE)
    parser.add_argument("--measure", type=Path, default=MEASURE)
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "legalsite-intent-signals.json")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()

    tune = load(args.tune)
    raws = raw_signals(tune, args.cache)
    rules = [rules_classify(item["text"]) for item in tune]

    # out-of-fold confidences for the calibration
    order = np.random.default_rng(SEED).permutation(len(tune))
    folds = np.array_split(order, FOLDS)
    oof_raw = np.zeros(len(tune))
    oof_ok = np.zeros(len(tune))
    for held in folds:
        train = np.setdiff1d(order, held)
        sub_model, dp, ip = fit([tune[i] for i in train], [raws[i] for i in train], [rules[i] for i in train])
        for i, result in zip(held, predict(sub_model, [raws[i] for i in held], [rules[i] for i in held], dp, ip),
                             strict=True):
            oof_raw[i] = result.raw_confidence
            oof_ok[i] = result.domain == tune[i]["domain"]
    a, b = fit_platt(oof_raw, oof_ok)
    print(f"out-of-fold on the tuning set: domain accuracy {oof_ok.mean():.3f}; Platt a={a:.3f} b={b:.3f}")

    final, dprotos, iprotos = fit(tune, raws, rules)
    final = im.Model(final.domain_weights, final.domain_bias, final.intent_weights, final.intent_bias, (a, b))
    print("domain weights (rules log p, statutes, prototype):", np.round(final.domain_weights, 3))
    print("intent weights (rules log p, prototype):", np.round(final.intent_weights, 3))
    if not args.no_write:
        im.DATA_DIR.mkdir(exist_ok=True)
        im.MODEL_FILE.write_text(json.dumps(final.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        np.savez_compressed(
            im.PROTOTYPE_FILE, signature=np.array(json.dumps(signature(), sort_keys=True)),
            domains=np.array(im.DOMAIN_CODES), domain_vectors=dprotos.astype(np.float32),
            intents=np.array(im.INTENT_CODES), intent_vectors=iprotos.astype(np.float32),
        )
        im.model.cache_clear()
        im.prototypes.cache_clear()
        print(f"wrote {im.MODEL_FILE.relative_to(ROOT)} and {im.PROTOTYPE_FILE.relative_to(ROOT)}")

    measure = load(args.measure)
    m_raws = raw_signals(measure, args.cache)
    m_rules = [rules_classify(item["text"]) for item in measure]
    results = predict(final, m_raws, m_rules, dprotos, iprotos)
    report(measure, results, threshold=im.THRESHOLD, label=f"combined (fitted now) on {args.measure.name}")


if __name__ == "__main__":
    main()
