"""Shared fixtures: users in each role, API clients, and real child processes (Celery, daphne)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.hashers import get_hashers, get_hashers_by_algorithm
from rest_framework.test import APIClient

from firm.services import user_create
from tests.support import CHILD_APP_NAME, free_port, stop_process, wait_for_children_sessions_to_close, wait_for_port

#: Real statutes from the bundled corpus for tests that need them (fixtures ``statutes``, ``memo_embedder``);
#: the test database cloned from a per-run template, with a flush that keeps its content (``django_db_setup``).
pytest_plugins = ["tests.statutes", "tests.testdb"]

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "Correct-Horse-42"

#: One PBKDF2 round instead of a million in this process (tests/hashers.py); children verify the hashes as they are.
settings.PASSWORD_HASHERS = ["tests.hashers.OneRoundPBKDF2PasswordHasher"]
get_hashers.cache_clear()
get_hashers_by_algorithm.cache_clear()


#: A test whose fixtures start child processes against the test database (daphne, Celery, ``manage.py``
#: commands) is in the ``slow`` lane, as is every browser test; ``make test-fast`` leaves the lane out.
SLOW_FIXTURES = frozenset({"subprocess_env", "celery_worker", "daphne_url"})


#: Modules whose tests take a minute or more of one worker (profiled: a fresh `manage.py up` with the full
#: corpus import, a backup restored into a fresh data dir, the embedded services started and killed, the
#: content walk with the permission matrix's cells). Each goes first in its lane, so that the workers' ends
#: even out instead of one worker running the longest test while the other has nothing left.
LONG_MODULES = (
    "tests/legalsite/test_up.py", "tests/legalsite/test_backup.py", "tests/legalsite/test_embedded.py",
    "tests/legalsite/test_content_walls.py",
)


def pytest_collection_modifyitems(config, items) -> None:
    for item in items:
        if "e2e" in item.path.parts or SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
    items.sort(key=_lane)
    # One database test goes first: the worker that takes it (xdist hands the first run of tests to the first
    # worker) builds the run's template at once, while the others run the database-free lane. Without it every
    # worker reached the database lane together, most of the way into the run, and all but one waited on the
    # template's lock for the whole build (~30 s on a quiet machine; measured: docs/decisions/test-suite.md,
    # stop 38).
    first = next((index for index, item in enumerate(items) if _lane(item)[0] == 1), None)
    if first:
        items.insert(0, items.pop(first))


def _lane(item) -> tuple[int, int]:
    """The run's order (stable within a lane): tests without a database first, so that while one
    process builds the run's template database (tests/testdb.py) the others work instead of waiting
    for it; then the database tests; the slow lane last: some of its tests stop and restart the
    worker's own services (Redis, a broker), so nothing that merely needs them runs after one did.
    Within a lane the long modules (``LONG_MODULES``) go first."""
    fixtures = set(getattr(item, "fixturenames", ()))
    long = 0 if item.nodeid.split("::", 1)[0] in LONG_MODULES else 1
    if "django_db_setup" not in fixtures and item.get_closest_marker("django_db") is None:
        return 0, long
    return (2 if item.get_closest_marker("slow") else 1), long


@pytest.fixture
def make_user(db) -> Callable:
    counter = iter(range(1, 10_000))

    def _make(role: str = "staff", username: str | None = None, password: str = PASSWORD):
        name = username or f"{role}{next(counter)}-{uuid.uuid4().hex[:6]}"
        user, _ = user_create(username=name, role=role, password=password, display_name=name)
        return user

    return _make


@pytest.fixture
def staff_user(make_user):
    return make_user("staff")


@pytest.fixture
def compliance_user(make_user):
    return make_user("compliance")


@pytest.fixture
def admin_user(make_user):
    return make_user("admin")


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture(scope="session")
def subprocess_env(django_db_setup, django_db_blocker) -> dict[str, str]:
    """Environment for child processes that must use this run's *test* database."""
    db = settings.DATABASES["default"]
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    env = dict(os.environ)
    env.update(
        DATABASE_URL=f"postgresql://{auth}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        REDIS_URL=settings.REDIS_URL,
        LEGALSITE_DATA_DIR=str(settings.DATA_DIR),
        DJANGO_SETTINGS_MODULE="legalsite.settings",
        PYTHONUNBUFFERED="1",
        PGAPPNAME=CHILD_APP_NAME,  # their sessions are told apart from this process's own
    )
    return env


@pytest.fixture(scope="session")
def celery_worker(subprocess_env, django_db_blocker) -> Iterator[subprocess.Popen]:
    """A real Celery worker process on the real Redis, using the test database."""
    from legalsite.tasks import ping

    log = open(Path(settings.DATA_DIR) / "celery-worker.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "legalsite", "worker", "-P", "solo", "--loglevel", "INFO",
         "--hostname", f"test-{os.getpid()}@%h", "--without-mingle", "--without-gossip"],
        # it runs the chat and research turns of every test of this process, so it loads the embedding model
        # and jieba at start as a production worker does (the run's other children do not: tests/plugin.py),
        # and a browser test's first turn does not wait for them; it skips Django's system checks as `up`'s worker
        # does (legalsite/supervisor.py): the suite runs them in tests of their own (`manage.py check`)
        cwd=ROOT, env=subprocess_env | {"KNOWLEDGE_PRELOAD": "1", "CELERY_SKIP_CHECKS": "1"}, stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        ping.apply_async().get(timeout=60)
        yield proc
    finally:
        stop_process(proc, signal.SIGQUIT)  # Celery's cold shutdown: the run is over, no task is owed a finish
        log.close()
        with django_db_blocker.unblock():
            wait_for_children_sessions_to_close()


@pytest.fixture(scope="session")
def daphne_url(subprocess_env, django_db_blocker) -> Iterator[str]:
    """A real daphne serving the ASGI app (HTTP + websockets) against the test database."""
    port = free_port()
    log = open(Path(settings.DATA_DIR) / "daphne.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "legalsite.asgi:application"],
        cwd=ROOT, env=subprocess_env, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        wait_for_port(port, proc)
        yield f"127.0.0.1:{port}"
    finally:
        stop_process(proc)
        log.close()
        with django_db_blocker.unblock():
            wait_for_children_sessions_to_close()


@pytest.fixture
def no_cards(monkeypatch):
    """No issue card decides anything: answers come from retrieval alone (tests of that path and of
    routing, where the shipped cards' answers are not the subject)."""
    from legal import cardfile, selectors

    monkeypatch.setattr(cardfile, "shipped_cards", lambda: ())
    selectors.cards_changed()
    yield
    selectors.cards_changed()
