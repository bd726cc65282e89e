"""Throw-away PostgreSQL+pgvector and Redis for one pytest run.

Loaded with ``-p tests.plugin`` (pyproject addopts) so it runs before pytest-django imports
the settings: when ``DATABASE_URL`` / ``REDIS_URL`` are unset, it starts embedded servers in
a temporary data dir and exports their URLs, so child processes (daphne, Celery, ``up``)
started by tests reach the same servers. Set the variables to test against external ones.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

_state: dict[str, Path] = {}


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config, parser, args) -> None:
    if "data_dir" in _state:
        return
    data_dir = Path(tempfile.mkdtemp(prefix="legalsite-test-"))
    _state["data_dir"] = data_dir
    os.environ["LEGALSITE_DATA_DIR"] = str(data_dir)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    # A test run must never pick up a developer's LLM or search keys.
    for name in list(os.environ):
        if name.startswith(("LLM_", "EMBEDDING_")) or name.endswith("_API_KEY"):
            del os.environ[name]
    from legalsite import embedded

    if not os.environ.get("DATABASE_URL"):
        postgres = embedded.EmbeddedPostgres(
            data_dir, settings=["fsync=off", "synchronous_commit=off", "full_page_writes=off"]
        )
        os.environ["DATABASE_URL"] = postgres.start().url
    if not os.environ.get("REDIS_URL"):
        os.environ["REDIS_URL"] = embedded.EmbeddedRedis(data_dir).start().url


def pytest_unconfigure(config) -> None:
    data_dir = _state.pop("data_dir", None)
    if data_dir is not None and not hasattr(config, "workerinput"):
        from legalsite import embedded

        embedded.remove_data(data_dir)
