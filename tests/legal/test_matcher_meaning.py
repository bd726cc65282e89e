"""The matcher's meaning signals: the best phrasing of a card and the card as a whole (the centroid of
its title and phrasings). A card one of whose phrasings happens to lie near the question, while the
rest are about something else, must not win over a card all of whose phrasings are close to it."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from legal.cardfile import parse_card
from legal.matcher import Matcher

QUESTION = "寒来暑往秋收冬藏"
ODD = ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"]
STEADY = ["金生丽水", "玉出昆冈", "剑号巨阙", "珠称夜光", "果珍李柰", "菜重芥姜"]


class KeyedEmbedder:
    """A fixed vector per text: the question, one phrasing of the odd card, and the steady card's
    phrasings are set by hand; everything else points elsewhere."""

    backend = "keyed"
    model = "keyed"

    def __init__(self, vectors: dict[str, Sequence[float]]) -> None:
        self.vectors = vectors

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows = [self.vectors.get(text, (0.0, 1.0, 0.0, 0.0)) for text in texts]
        matrix = np.asarray(rows, dtype=np.float32)
        return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


def card(slug: str, title: str, phrasings: list[str]) -> object:
    return parse_card({
        "slug": slug, "title": title, "domain": "labor", "summary": "测试。", "phrasings": phrasings,
        "terms": ["测试"], "question_types": ["yes_no"], "answers": {"yes_no": {"conclusion": "可以。"}},
        "provisions": [{"law": f"测试法{slug}", "article": 1, "role": "controlling", "decides": "测试",
                        "keywords": ["测试"]}],
    })


def matcher() -> Matcher:
    vectors: dict[str, Sequence[float]] = {QUESTION: (1.0, 0.0, 0.0, 0.0), ODD[0]: (1.0, 0.0, 0.0, 0.0)}
    vectors.update({text: (0.8, 0.0, 0.6, 0.0) for text in ["闰余成岁", *STEADY]})
    cards = [card("t.odd", "律吕调阳", ODD), card("t.steady", "闰余成岁", STEADY)]
    return Matcher(cards, embedder=KeyedEmbedder(vectors))


def test_a_card_close_as_a_whole_outranks_one_with_a_single_close_phrasing():
    scores = matcher().score_texts([QUESTION])[0]
    assert [s.card.slug for s in scores] == ["t.steady", "t.odd"]
    odd = next(s for s in scores if s.card.slug == "t.odd")
    # the odd card's best phrasing is the question's own direction; only its centroid is far
    assert odd.signals["embedding"] > 0.99
    assert odd.signals["centroid"] < 0.3


def test_centroids_are_unit_vectors_one_per_card():
    centroids = matcher().centroids()
    assert centroids.shape == (2, 4)
    assert np.allclose(np.linalg.norm(centroids, axis=1), 1.0)
