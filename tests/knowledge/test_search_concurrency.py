"""Dense retrieval runs on a side thread beside the full-text query when the connection pool allows it."""

import threading
from types import SimpleNamespace

from django.db import connection

from core import db
from knowledge.selectors import search
from knowledge.selectors.search import statute_search

QUERIES = ["公司无缘无故把我辞退了，能要求赔偿吗？", "醉驾被抓会判多久", "民法典1254条 高空抛物谁来赔"]


def _ranked(response):
    return [(hit.article_id, round(hit.score, 6), tuple(hit.signals)) for hit in response.results]


def _recording(monkeypatch) -> list[str]:
    threads: list[str] = []
    original = search.dense_candidates

    def recording(*args, **kwargs):
        threads.append(threading.current_thread().name)
        return original(*args, **kwargs)

    monkeypatch.setattr(search, "dense_candidates", recording)
    return threads


def test_side_thread_gives_the_same_results_as_one_thread(statutes, monkeypatch):
    # The test corpus is committed outside the test's transaction, so a side connection sees it.
    monkeypatch.setattr(db, "side_thread_allowed", lambda: False)
    sequential = [_ranked(statute_search(query=q, top_k=10)) for q in QUERIES]

    threads = _recording(monkeypatch)
    monkeypatch.setattr(db, "side_thread_allowed", lambda: True)
    concurrent = [_ranked(statute_search(query=q, top_k=10)) for q in QUERIES]

    assert concurrent == sequential
    assert any("dense" in signals for result in concurrent for *_, signals in result)
    assert len(threads) == len(QUERIES) and all(name.startswith("beside") for name in threads)


def test_inside_a_transaction_everything_stays_on_the_callers_connection(statutes, monkeypatch):
    assert connection.in_atomic_block  # the test's own transaction
    assert connection.settings_dict["OPTIONS"].get("pool"), "tests run with the connection pool, as production"
    assert db.side_thread_allowed() is False
    threads = _recording(monkeypatch)
    response = statute_search(query=QUERIES[0], top_k=5)
    assert response.results and threads == [threading.current_thread().name]


def test_side_thread_needs_the_pool_and_no_open_transaction(monkeypatch):
    fake = SimpleNamespace(in_atomic_block=False)
    pool = {"on": True}
    monkeypatch.setattr(db, "connection", fake)
    monkeypatch.setattr(db, "pooled", lambda: pool["on"])
    assert db.side_thread_allowed() is True
    fake.in_atomic_block = True
    assert db.side_thread_allowed() is False
    fake.in_atomic_block, pool["on"] = False, False
    assert db.side_thread_allowed() is False


def test_beside_passes_results_and_exceptions_through(monkeypatch):
    monkeypatch.setattr(db, "side_thread_allowed", lambda: True)
    assert db.beside(lambda a, b: a + b, 2, 3)() == 5

    def boom() -> None:
        raise ValueError("bad")

    result = db.beside(boom)
    try:
        result()
    except ValueError as exc:
        assert str(exc) == "bad"
    else:
        raise AssertionError("the side thread's exception was lost")
