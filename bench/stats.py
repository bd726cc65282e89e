"""Summary statistics shared by the bench scripts."""

from __future__ import annotations


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (0–100) by nearest rank; NaN for no values."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]
