"""The card matcher's phrasing vectors are embedded once per card set and shared on disk
(``settings.CACHE_DIR``): processes and threads that build a matcher at the same time wait for the
first one's file instead of embedding again."""

from __future__ import annotations

import threading

import numpy as np

from legal.matcher import Matcher


class CountingEmbedder:
    backend, model = "test", "counting"

    def __init__(self) -> None:
        self.calls = 0
        self.texts = 0
        self._lock = threading.Lock()

    def embed(self, texts):
        with self._lock:
            self.calls += 1
            self.texts += len(texts)
        return [[float(len(t)), 1.0, float(i % 7)] for i, t in enumerate(texts)]


def test_a_second_matcher_reads_the_vectors_the_first_cached(settings, tmp_path, fixture_card_list):
    settings.CACHE_DIR = tmp_path / "cache"
    embedder = CountingEmbedder()
    first = Matcher(fixture_card_list, embedder=embedder).vectors()
    second = Matcher(fixture_card_list, embedder=embedder).vectors()
    assert embedder.calls == 1
    np.testing.assert_array_equal(first, second)
    assert [p.name for p in settings.CACHE_DIR.glob("*.part")] == []  # written whole, then renamed


def test_matchers_built_at_once_embed_once(settings, tmp_path, fixture_card_list):
    settings.CACHE_DIR = tmp_path / "cache"
    embedder = CountingEmbedder()
    results: list[np.ndarray] = []
    threads = [threading.Thread(target=lambda: results.append(Matcher(fixture_card_list, embedder=embedder).vectors()))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert embedder.calls == 1 and len(results) == 4
    assert all(np.array_equal(results[0], r) for r in results)


def test_another_card_set_is_embedded_again(settings, tmp_path, fixture_card_list):
    settings.CACHE_DIR = tmp_path / "cache"
    embedder = CountingEmbedder()
    Matcher(fixture_card_list, embedder=embedder).vectors()
    Matcher(fixture_card_list[:-1], embedder=embedder).vectors()
    assert embedder.calls == 2


def test_an_unwritable_cache_still_answers(settings, tmp_path, fixture_card_list):
    blocker = tmp_path / "file"
    blocker.write_text("")
    settings.CACHE_DIR = blocker / "cache"  # under a file: cannot be made
    embedder = CountingEmbedder()
    vectors = Matcher(fixture_card_list, embedder=embedder).vectors()
    assert vectors.shape[0] == sum(1 + len(c.phrasings) for c in fixture_card_list)
