"""The OpenAPI schema at /api/schema/ tells the truth (docs/decisions/schema-testing.md).

schemathesis walks every operation of the schema, so a new app's endpoints are covered as soon as
they are routed under /api/: explicit examples, the coverage phase (boundaries, missing and wrong
values) and bounded fuzzing, with a fixed seed. Every response must be a documented status with a
body matching its documented schema and no response may be a 500. Requests go through Django's WSGI
handler in this process, so they see the test's database transaction.
"""

from __future__ import annotations

import re
from functools import partial

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.urls import get_resolver
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from rest_framework.throttling import SimpleRateThrottle
from schemathesis.checks import not_a_server_error
from schemathesis.core.parameters import ParameterLocation
from schemathesis.generation.meta import TestPhase
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from chat import services as chat_services
from firm import services as firm_services
from integrations import selectors as integration_selectors
from integrations.selectors import system_status, system_status_brief

SCHEMA_URL = "/api/schema/?format=json"
MAX_EXAMPLES = 12

#: What a response must satisfy: no 500, a documented status, content type and body. Whether a
#: lenient server accepts a schema-violating request (DRF coerces 0 to "0") or rejects a valid one
#: for a reason the schema cannot express (an unknown law name) is not checked.
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]

#: Operations not exercised here, each with the reason (keep this short):
EXCLUDED: dict[str, str] = {
    # predict runs its pipeline on the shared event loop, whose database work uses its own connections:
    # the rows it writes inside this test's transaction are invisible to them. Its contract is tested with
    # committed transactions in tests/research/test_predict.py.
    "POST /api/v1/predict": "pipeline threads cannot see the test transaction",
}


@pytest.fixture
def in_test_transaction():
    """Like Django's test client: the WSGI handler must not close the test's connection after a request."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def api_data(db, admin_user, settings, in_test_transaction, monkeypatch):
    settings.CHAT_SYNC_TIMEOUT = 0.05  # a turn is answered by a worker; here the 202 path is enough
    settings.CHAT_SUMMARY_WAIT = 0
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "100000/min", "user": "100000/min"})
    # no worker runs here: the status answers' worker ping gives up at once instead of after a second
    monkeypatch.setattr(integration_selectors, "system_status", partial(system_status, worker_timeout=0.01))
    monkeypatch.setattr(integration_selectors, "system_status_brief", partial(system_status_brief, worker_timeout=0.01))
    matter = firm_services.matter_create(actor=admin_user, number="SCHEMA-1", title="合同纠纷", client="甲公司")
    chat_services.session_create(actor=admin_user, title="会话", matter=matter)


@pytest.fixture(scope="module", autouse=True)
def engine_loaded(django_db_setup, django_db_blocker) -> None:
    """A process's first question loads the embedding model and the cards' vectors (embedded into the run's
    cache when no process has yet: ~20 s of CPU, minutes of wall on a loaded machine). Asked here, once per
    process, so that each operation's limit times that operation's requests, not whichever operation a
    process runs first (``POST …/cards/match`` and ``POST …/intent/classify`` passed the limit that way)."""
    from legal.selectors import card_match

    with django_db_blocker.unblock():
        card_match(question="公司拖欠工资三个月怎么办？")


@pytest.fixture
def admin_token(admin_user) -> str:
    return Token.objects.create(user=admin_user).key


@pytest.fixture
def not_found() -> set[tuple]:
    """The coverage variants of this operation already answered 404 (one set per operation)."""
    return set()


def variant(case) -> tuple | None:
    """What a coverage case varies when its path is fixed: (method, the path as sent, the part varied —
    body, query or header — and whether it is valid). None for cases that vary the path itself, the method
    or the content type, and for every case outside the coverage phase."""
    meta = case.meta
    if meta is None or meta.phase.name != TestPhase.COVERAGE:
        return None
    location = getattr(meta.phase.data, "parameter_location", None)
    if location is None or location in (ParameterLocation.PATH, ParameterLocation.UNKNOWN):
        return None
    return (case.method, case.formatted_path, location, meta.generation.mode)


def _load_schema() -> schemathesis.schemas.BaseSchema:
    """The schema /api/schema/ serves, generated the same way (no request, no database)."""
    loaded = schemathesis.openapi.from_dict(SchemaGenerator().get_schema(request=None, public=True))
    loaded.app = get_wsgi_application()
    for operation, reason in EXCLUDED.items():
        method, path = operation.split(" ", 1)
        assert reason, operation
        loaded = loaded.exclude(method=method, path=path)
    return loaded


schema = _load_schema()


@pytest.mark.timeout(120, func_only=True)  # the operation's requests; the fixtures load what a process loads once
@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_matches_its_schema(case, api_data, admin_token, not_found):
    # The coverage phase fills a path's ids with one value and varies the body, the query and the headers
    # around it; an id that names no object is answered 404 by the object's lookup, before the view reads
    # what was varied. Once one variant of a part (say, an invalid body) on a path was answered 404, the
    # others of that part on that path prove that answer again: they are not sent. The first of each is,
    # so a view that reads the part before its lookup (a 400, not a 404) has all its variants sent.
    key = variant(case)
    if key is not None and key in not_found:
        return
    response = case.call_and_validate(headers={"Authorization": f"Token {admin_token}"}, checks=CHECKS)
    if key is not None and response.status_code == 404:
        not_found.add(key)


def test_schema_covers_every_api_route(client):
    """Every /api/v1/ URL pattern appears in the schema (a route hidden from it is not tested)."""
    schema = client.get(SCHEMA_URL).json()
    documented = {path.removeprefix("/api/v1/") for path in schema["paths"]}

    def walk(patterns, prefix=""):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if hasattr(pattern, "url_patterns"):
                yield from walk(pattern.url_patterns, route)
            else:
                yield route

    routes = {route.removeprefix("api/v1/") for route in walk(get_resolver().url_patterns)
              if route.startswith("api/v1/")}
    normalised = {re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route) for route in routes}
    assert normalised <= documented, normalised - documented
