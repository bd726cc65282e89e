"""Fit the card matcher's calibration: the probability that the top card is right, from its score,
its margin over the best card resting on other provisions, and whether the statutes a plain search
finds agree with its controlling provisions — as the chat matches (``legal.retrieval.agreement_keys``).

    LEGALSITE_DATA_DIR=/tmp/full .venv/bin/python bench/matcher_fit.py [--data FILE] [--cards DIR]

A part's top card is right when one of its controlling provisions is a gold controlling or also-ok
provision. Prints the fitted coefficients (logistic regression by Newton's method, a small ridge
penalty) for ``legal.matcher.CALIBRATION``, the log-loss of the current and the fitted curve, and
the calibration table of both (it must rise bin by bin). Reads the database; writes nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import django  # noqa: E402

django.setup()
from bench.answers import BINS, DEFAULT_DATA, _key, share  # noqa: E402
from legal import cardfile, matcher, selectors  # noqa: E402
from legal.retrieval import agreement_keys  # noqa: E402

FEATURES = ("score", "margin", "agreement")


def rows(items: list[dict[str, Any]]) -> list[tuple[float, float, float, bool]]:
    out = []
    for item in items:
        parts, _ = selectors.card_match(question=item["question"], retrieved=agreement_keys(item["question"]))
        for index, gold in enumerate(item["parts"]):
            match = parts[index] if index < len(parts) else (parts[-1] if parts else None)
            if match is None or match.best is None or "inherited" in match.best.signals:
                continue
            best = match.best
            top = {(p.law, p.article) for p in best.card.controlling}
            rival = next((o.score for o in match.scores[1:]
                          if not top & {(p.law, p.article) for p in o.card.controlling}), 0.0)
            allowed = {_key(g["law"], g["article"]) for g in [*gold.get("controlling", []), *gold.get("also_ok", [])]}
            right = bool({_key(p.law, p.article) for p in best.card.controlling} & allowed)
            out.append((best.score, best.score - rival, best.signals.get("agreement", 0.0), right))
    return out


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 0.1) -> np.ndarray:
    """Logistic regression with an intercept (Newton's method, L2 penalty on the slopes)."""
    design = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(design.shape[1])
    penalty = np.diag([0.0, *([ridge] * x.shape[1])])
    for _ in range(50):
        p = 1 / (1 + np.exp(-design @ w))
        gradient = design.T @ (p - y) + penalty @ w
        hessian = design.T @ (design * (p * (1 - p))[:, None]) + penalty
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def table(name: str, p: np.ndarray, y: np.ndarray) -> None:
    print(f"\n{name}\n{'bin':<14}{'parts':>7}{'accuracy':>10}")
    for low, high in zip(BINS, BINS[1:], strict=False):
        inside = [bool(ok) for conf, ok in zip(p, y, strict=True) if low <= conf < high]
        print(f"[{low:.2f}, {min(high, 1):.2f}){'':<2}{len(inside):>7}{share(inside):>10}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--cards", type=Path, default=None)
    args = parser.parse_args()
    if args.cards is not None:
        cards = tuple(cardfile.load_cards(sorted(args.cards.glob("*.toml"))))
        cardfile.shipped_cards = lambda: cards  # type: ignore[assignment]
        overlay = selectors._overlay
        selectors._overlay = lambda: (list(cards), overlay()[1])  # type: ignore[assignment]
        selectors.cards_changed()
    items = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    data = np.array(rows(items), dtype=float)
    x, y = data[:, :3], data[:, 3]
    current = np.array([matcher.calibrate(s, m, a) for s, m, a in x])
    w = fit(x, y)
    fitted = 1 / (1 + np.exp(-(w[0] + x @ w[1:])))
    print(f"{len(y)} parts, {int(y.sum())} with the right top card")
    print("fitted: " + ", ".join(f"{n} {v:.2f}" for n, v in zip(("bias", *FEATURES), w, strict=True)))
    print(f"log-loss current {log_loss(current, y):.4f}  fitted {log_loss(fitted, y):.4f}")
    for threshold in (0.4, 0.5, 0.6):
        decided = fitted >= threshold
        print(f"threshold {threshold}: decided {int(decided.sum())}, right among them "
              f"{share([bool(v) for v in y[decided]])}, right left undecided {int(y[~decided].sum())}")
    table("current calibration", current, y)
    table("fitted calibration", fitted, y)
    return 0 if all(math.isfinite(v) for v in w) else 1


if __name__ == "__main__":
    sys.exit(main())
