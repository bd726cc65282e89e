"""Throw-away PostgreSQL+pgvector and Redis for one pytest run.

Loaded with ``-p tests.plugin`` (pyproject addopts) so it runs before pytest-django imports
the settings: when ``DATABASE_URL`` / ``REDIS_URL`` are unset, it starts embedded servers in
a temporary data dir and exports their URLs, so child processes (daphne, Celery, ``up``)
started by tests reach the same servers. Set the variables to test against external ones.

Under pytest-xdist (``make test`` runs ``-n auto``) the controller starts the servers and each worker
(``PYTEST_XDIST_WORKER`` = ``gw0``, ``gw1``…) gets, inside the run's data dir, its own data dir (uploads,
child-process logs) and its own Redis server: cache, Celery broker and the channel layer's pub/sub (which
Redis does not separate by database number) stay per worker. The workers share the Postgres server;
pytest-django gives each its own database (``test_legalsite_gw0``…), cloned from the run's template
(tests/testdb.py). With an external ``REDIS_URL`` a worker uses database number worker+1 instead.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

_state: dict[str, Path] = {}


#: The run's data dir (the controller's, which workers inherit): Postgres, the template lock, the workers' dirs.
RUN_DIR_VARIABLE = "LEGALSITE_TEST_RUN_DIR"


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config, parser, args) -> None:
    if "data_dir" in _state or "worker_dir" in _state:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker and os.environ.get(RUN_DIR_VARIABLE):
        _start_worker(worker, Path(os.environ[RUN_DIR_VARIABLE]))
        return
    data_dir = Path(tempfile.mkdtemp(prefix="legalsite-test-"))
    _state["data_dir"] = data_dir
    os.environ[RUN_DIR_VARIABLE] = str(data_dir)
    os.environ["LEGALSITE_DATA_DIR"] = str(data_dir)
    # one cache of derived files (the card matcher's vectors) for the run: workers and every child
    # process they start (daphne, Celery, ``up`` in a fresh data dir) embed the cards once between them
    os.environ.setdefault("LEGALSITE_CACHE_DIR", str(data_dir / "cache"))
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    # the OCR model on one onnxruntime thread (core/documents.py): the run's processes already fill the cores
    os.environ.setdefault("LEGALSITE_OCR_THREADS", "1")
    # A test run must never pick up a developer's LLM or search keys.
    for name in list(os.environ):
        if name.startswith(("LLM_", "EMBEDDING_")) or name.endswith("_API_KEY"):
            del os.environ[name]
    # Every server of the run is thrown away after it: no durability, for this process's servers, the workers'
    # Redis and those a child starts in a fresh data dir (``manage.py up``, ``restore``, ``check``).
    os.environ.setdefault("LEGALSITE_EMBEDDED_POSTGRES_SETTINGS",
                          "fsync=off,synchronous_commit=off,full_page_writes=off")
    os.environ.setdefault("LEGALSITE_EMBEDDED_REDIS_SETTINGS", "appendonly=no")
    # A daphne or Celery worker of the run loads jieba and the embedding model when a request or task first
    # needs them, not at start (2.3 s of CPU in every such child, most of which never search).
    os.environ.setdefault("KNOWLEDGE_PRELOAD", "0")
    from legalsite import embedded

    if not os.environ.get("DATABASE_URL"):
        os.environ["DATABASE_URL"] = embedded.EmbeddedPostgres(data_dir).start().url
    if not os.environ.get("REDIS_URL"):
        os.environ["REDIS_URL"] = embedded.EmbeddedRedis(data_dir).start().url
        os.environ["LEGALSITE_TEST_EMBEDDED_REDIS"] = "1"


def _start_worker(worker: str, run_dir: Path) -> None:
    """An xdist worker: its own data dir and Redis under the run's dir; the run's Postgres."""
    from legalsite import embedded

    data_dir = run_dir / worker
    data_dir.mkdir(parents=True, exist_ok=True)
    _state["worker_dir"] = data_dir
    os.environ["LEGALSITE_DATA_DIR"] = str(data_dir)
    if os.environ.get("LEGALSITE_TEST_EMBEDDED_REDIS"):
        os.environ["REDIS_URL"] = embedded.EmbeddedRedis(data_dir).start().url
    else:
        from urllib.parse import urlsplit, urlunsplit

        number = int(worker.removeprefix("gw")) + 1
        os.environ["REDIS_URL"] = urlunsplit(urlsplit(os.environ["REDIS_URL"])._replace(path=f"/{number}"))


def pytest_unconfigure(config) -> None:
    from legalsite import embedded

    worker_dir = _state.pop("worker_dir", None)
    if worker_dir is not None:  # the worker's Redis; the controller removes the whole run dir after
        embedded.remove_data(worker_dir)
    data_dir = _state.pop("data_dir", None)
    if data_dir is not None and not hasattr(config, "workerinput"):
        embedded.remove_data(data_dir)
