"""OCR for PDF pages without a text layer (rapidocr-onnxruntime; its Chinese models ship inside
the wheel). The engine is created once per process on first use."""

from __future__ import annotations

import threading

import numpy

try:
    from rapidocr_onnxruntime import RapidOCR
except ImportError:  # pragma: no cover - the package is pinned in requirements.txt
    RapidOCR = None

_engine = None
_lock = threading.Lock()


class OcrUnavailable(RuntimeError):
    pass


def _get_engine():
    global _engine
    if RapidOCR is None:
        raise OcrUnavailable("rapidocr-onnxruntime is not installed")
    with _lock:
        if _engine is None:
            _engine = RapidOCR()
        return _engine


def ocr_lines(image) -> list[tuple[str, float, float, float, float]]:
    """Text lines of a page image (PIL), top to bottom: ``(text, x0, y0, x1, y1)``."""
    engine = _get_engine()
    result, _ = engine(numpy.asarray(image.convert("RGB")))
    boxes = []
    for box, text, _score in result or []:
        xs = [pt[0] for pt in box]
        ys = [pt[1] for pt in box]
        if text and text.strip():
            boxes.append((text.strip(), min(xs), min(ys), max(xs), max(ys)))
    boxes.sort(key=lambda b: (b[2] + b[4]) / 2)
    lines: list[list[tuple[str, float, float, float, float]]] = []
    for b in boxes:
        center = (b[2] + b[4]) / 2
        if lines:
            last = lines[-1]
            top = min(x[2] for x in last)
            bottom = max(x[4] for x in last)
            if top <= center <= bottom:
                last.append(b)
                continue
        lines.append([b])
    out = []
    for line in lines:
        line.sort(key=lambda b: b[1])
        text = "".join(b[0] for b in line)
        out.append((text, min(b[1] for b in line), min(b[2] for b in line), max(b[3] for b in line),
                    max(b[4] for b in line)))
    return out
