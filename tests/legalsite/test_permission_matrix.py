"""The permission matrix: every route of the URL conf, ``/mcp`` and every websocket route, against
one table of who gets what (docs/decisions/permission-matrix.md).

Columns: anonymous; the staff member who owns the work (``owner``); a staff member on the work's
matter team (``member``); a staff member off the matter (``outsider``); a compliance officer; an
admin (not on the team); and ``admin_priv``: the same admin asking for the same kind of object in a
*privileged* matter whose team they are not on. Ids in paths are those of the owner's objects in the
(open or privileged) matter. A route missing from the table, or a row whose route is gone, fails.

Cells: an HTTP status; ``login`` (302 to the login page); for websockets ``accept`` or a close code;
``-`` not checked. Write methods send an empty body (or the minimal one of ``_bodies`` where validation
would come before the wall): an allowed user may get 400 (the wall let them through to validation), a
refused one gets 401/403/404. Each request runs in a savepoint that is rolled back, so a DELETE on one
row leaves the objects for the next. Besides the status, no answer may show a role the marks written
into work it may not see (``HIDDEN_FROM``).

The table's HTTP cells are asked in the content walk (tests/legalsite/test_content_walls.py), on its firm:
that walk already asks every GET route as every person, and a GET cell takes the answer it read instead of
asking again (``matrix_problems``); this module holds the table, its coverage and the websocket and ``/mcp``
rows.
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import HttpCommunicator, WebsocketCommunicator
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.shortcuts import resolve_url
from django.test import Client, override_settings
from django.urls import path, reverse

from core import health
from core.throttling import AnonRateThrottle, UserRateThrottle
from firm.services import token_issue
from legalsite import asgi
from legalsite.celery import app as celery_app
from legalsite.routing import websocket_urlpatterns
from tests.legalsite.matrix_support import (
    OPEN_MARK,
    ROLES,
    WALLED_MARK,
    coverage_problems,
    make_firm,
    parse_table,
    url_routes,
)

# route key (URL name or pattern)             method anon   owner member outsider compl. admin admin_priv
MATRIX = """
dashboard                                     GET    login  200   200    200      200    200   200
health                                        GET    200    200   200    200      200    200   200
login                                         GET    200    302   302    302      302    302   302
logout                                        POST   login  login login  login    login  login login
matter-list                                   GET    login  200   200    200      200    200   200
matter-detail                                 GET    login  200   200    404      404    200   200
matter-member-add                             POST   login  302   403    404      404    302   302
knowledge:index                               GET    login  200   200    200      200    200   200
legal:index                                   GET    login  200   200    200      200    200   200
legal:card                                    GET    login  404   404    404      404    404   404
legal:approve                                 POST   login  404   404    404      404    404   404
legal:reject                                  POST   login  404   404    404      404    404   404
knowledge:article                             GET    login  200   200    200      200    200   200
knowledge:law                                 GET    login  200   200    200      200    200   200
knowledge:verify                              GET    login  200   200    200      200    200   200
knowledge:article-graph                       GET    login  200   200    200      200    200   200
knowledge:cases                               GET    login  200   200    200      200    200   200
knowledge:case                                GET    login  200   200    404      404    200   404
knowledge:case-delete                         POST   login  302   403    404      404    302   404
chat:index                                    GET    login  200   200    200      403    200   200
chat:create                                   POST   login  302   302    302      403    302   302
chat:session                                  GET    login  200   200    404      403    200   404
chat:delete                                   POST   login  302   403    404      403    302   404
chat:message                                  GET    login  200   200    404      403    200   404
chat:analysis                                 GET    login  200   200    404      403    200   404
contracts:index                               GET    login  200   200    200      403    200   200
contracts:upload                              POST   login  302   302    302      403    302   302
contracts:detail                              GET    login  200   200    404      403    200   404
contracts:update                              POST   login  302   302    404      403    302   404
contracts:compare                             GET    login  200   200    404      403    200   404
contracts:compare                             POST   login  302   302    404      403    302   404
contracts:delete                              POST   login  302   403    404      403    302   404
contracts:merge                               POST   login  302   302    404      403    302   404
contracts:split                               POST   login  302   302    404      403    302   404
contracts:issue                               GET    login  200   200    404      403    200   404
contracts:issue-action                        POST   login  302   302    404      403    302   404
contracts:playbook                            GET    login  200   200    200      200    200   200
contracts:playbook-rule                       GET    login  200   200    200      200    200   200
research:index                                GET    login  200   200    200      403    200   200
research:create                               POST   login  302   302    302      403    302   302
research:detail                               GET    login  200   200    404      403    200   404
research:action                               POST   login  302   302    404      403    302   404
drafting:index                                GET    login  200   200    200      403    200   200
drafting:new                                  POST   login  302   302    404      403    403   403
drafting:draft                                GET    login  200   200    404      403    200   404
drafting:preview                              POST   login  200   200    404      403    200   404
drafting:render                               POST   login  400   400    404      403    400   404
drafting:assist                               POST   login  302   302    404      403    302   404
drafting:download                             GET    login  200   200    404      403    200   404
drafting:template-upload                      POST   login  302   302    302      403    302   302
integrations:status                           GET    login  403   403    403      403    200   200
/admin/                                       GET    login  login login  login    200    200   200
/admin/tracing/trace/                         GET    login  login login  login    200    200   200
/admin/firm/matter/                           GET    login  login login  login    403    200   200
/admin/auth/user/                             GET    login  login login  login    403    200   200
schema                                        GET    200    200   200    200      200    200   200
swagger-ui                                    GET    200    200   200    200      200    200   200
api-me                                        GET    401    200   200    200      200    200   200
api-matter-list                               GET    401    200   200    200      200    200   200
api-matter-list                               POST   401    201   201    201      403    201   201
api-matter-detail                             GET    401    200   200    404      404    200   200
api-matter-members                            POST   401    201   403    404      404    201   201
api-trace-list                                GET    401    403   403    403      200    200   200
api-trace-detail                              GET    401    403   403    403      200    200   404
api-audit-events                              GET    401    403   403    403      200    200   200
api-intent-classify                           POST   401    400   400    400      400    400   400
api-chat-sessions                             GET    401    200   200    200      200    200   200
api-chat-sessions                             POST   401    201   201    404      404    403   403
api-chat-session                              GET    401    200   200    404      404    200   404
api-chat-session                              PATCH  401    200   403    404      404    200   404
api-chat-session                              DELETE 401    204   403    404      404    204   404
api-chat-messages                             GET    401    200   200    404      404    200   404
api-chat-messages                             POST   401    400   400    404      404    400   404
api-chat-feedback                             POST   401    400   400    404      404    400   404
api-chat-export                               GET    401    200   200    404      404    200   404
api-chat-summary                              POST   401    202   202    404      404    202   404
api-chat-summary                              DELETE 401    200   200    404      404    200   404
api-chat-feedback-stats                       GET    401    200   200    200      200    200   200
api-knowledge-search                          GET    401    200   200    200      200    200   200
api-knowledge-cards                           GET    401    200   200    200      200    200   200
api-knowledge-card                            GET    401    404   404    404      404    404   404
api-knowledge-cards-match                     POST   401    400   400    400      400    400   400
api-knowledge-search                          POST   401    400   400    400      400    400   400
api-knowledge-articles                        GET    401    200   200    200      200    200   200
api-knowledge-status                          GET    401    200   200    200      200    200   200
api-knowledge-cases                           GET    401    200   200    200      200    200   200
api-knowledge-cases                           POST   401    201   201    404      403    400   400
api-knowledge-cases-search                    GET    401    200   200    200      200    200   200
api-knowledge-case                            GET    401    200   200    404      404    200   404
api-knowledge-case                            DELETE 401    204   403    404      404    204   404
api-knowledge-verify                          POST   401    400   400    400      400    400   400
api-knowledge-graph                           GET    401    400   400    400      400    400   400
api-knowledge-graph-path                      GET    401    400   400    400      400    400   400
api-contracts                                 GET    401    200   200    200      200    200   200
api-contracts                                 POST   401    201   201    404      404    403   403
api-contract                                  GET    401    200   200    404      404    200   404
api-contract                                  PATCH  401    200   403    404      404    200   404
api-contract                                  DELETE 401    204   403    404      404    204   404
api-contract-sections                         GET    401    200   200    404      404    200   404
api-contract-sections-merge                   POST   401    400   400    404      404    400   404
api-contract-section-split                    POST   401    400   400    404      404    400   404
api-contract-export                           GET    401    200   200    404      404    200   404
api-contract-terms                            GET    401    200   200    404      404    200   404
api-contract-compare                          GET    401    400   400    404      404    400   404
api-contract-compare                          POST   401    400   400    404      404    400   404
api-contract-issues                           GET    401    200   200    404      404    200   404
api-contract-issues                           POST   401    400   400    404      404    400   404
api-contract-issue                            GET    401    200   200    404      404    200   404
api-contract-issue                            PATCH  401    400   400    404      404    400   404
api-contract-issue                            DELETE 401    204   204    404      404    204   404
api-contract-issue-confirm                    POST   401    200   200    404      404    200   404
api-contract-issue-reject                     POST   401    200   200    404      404    200   404
api-contract-issue-history                    GET    401    200   200    404      404    200   404
api-contract-reviews                          GET    401    200   200    404      404    200   404
api-contract-reviews                          POST   401    400   400    404      404    400   404
api-contract-review                           GET    401    200   200    404      404    200   404
api-contract-review-cancel                    POST   401    202   202    404      404    202   404
api-contract-messages                         GET    401    200   200    404      404    200   404
api-contract-messages                         POST   401    400   400    404      404    400   404
api-predict                                   POST   401    400   400    400      403    400   400
api-research-tasks                            GET    401    200   200    200      403    200   200
api-research-tasks                            POST   401    202   202    404      403    403   403
api-research-task                             GET    401    200   200    404      403    200   404
api-research-export                           GET    401    200   200    404      403    200   404
api-research-cancel                           POST   401    200   200    404      403    200   404
api-research-approve                          POST   401    400   400    404      403    400   404
api-research-replan                           POST   401    400   400    404      403    400   404
api-research-resume                           POST   401    400   400    404      403    400   404
api-research-attach                           POST   401    200   403    404      403    200   404
api-research-export[kind=json]                GET    401    200   200    404      403    200   404
api-chat-export[kind=md]                      GET    401    200   200    404      404    200   404
api-drafting-templates                        GET    401    200   200    200      403    200   200
api-drafting-templates                        POST   401    400   400    400      403    400   400
api-drafting-template                         GET    401    200   200    200      403    200   200
api-drafting-template-version                 PATCH  401    404   404    404      403    400   400
api-drafting-template-approve                 POST   401    404   404    404      404    200   200
api-drafting-drafts                           POST   401    201   201    404      403    403   403
api-drafting-draft                            GET    401    200   200    404      403    200   404
api-drafting-draft                            PATCH  401    400   400    404      403    400   404
api-drafting-render                           POST   401    400   400    404      403    400   404
api-drafting-download                         GET    401    200   200    404      403    200   404
api-agents                                    GET    401    200   200    200      200    200   200
v1-models                                     GET    401    200   200    200      200    200   200
v1-chat-completions                           POST   401    400   400    400      403    400   400
"""

#: Served outside the URL conf (legalsite.asgi): a JSON-RPC ``tools/list`` with ``Authorization: Token``.
MCP_MATRIX = """
/mcp                                          POST   401    200   200    200      200    200   200
"""

# websocket route                             -      anon   owner member outsider compl. admin admin_priv
WS_MATRIX = """
ws/notifications/                             WS     4401   accept accept accept  accept accept accept
ws/chat/<id:session_id>/                      WS     4401   accept accept 4403    4403   accept 4403
ws/contracts/<id:contract_id>/                WS     4401   accept accept 4403    4403   accept 4403
ws/research/<id:task_id>/                     WS     4401   accept accept 4403    4403   accept 4403
ws/drafting/<id:draft_id>/                    WS     4401   accept accept 4403    4403   accept 4403
"""

#: What each role must never be shown: the marks written into the open and the privileged matter's work.
HIDDEN_FROM = {
    "anon": (OPEN_MARK, WALLED_MARK), "owner": (), "member": (), "outsider": (OPEN_MARK, WALLED_MARK),
    "compliance": (OPEN_MARK, WALLED_MARK), "admin": (WALLED_MARK,), "admin_priv": (WALLED_MARK,),
}

#: Shown by rule: compliance reads every trace and audit event, unmasked outside privileged matters.
SHOWN_BY_RULE = {("api-trace-detail", "compliance", OPEN_MARK), ("api-audit-events", "compliance", OPEN_MARK)}

#: Path arguments that are not ids of the firm's objects.
ROUTE_ARGS = {
    "api-chat-export": {"kind": "json"},
    "api-research-export": {"kind": "md"},
    "research:action": {"name": "cancel"},
    # issue cards are the firm's knowledge, not client work: a card that does not exist is a 404 for everyone
    "api-knowledge-card": {"card_id": 999_999},
    "legal:card": {"card_id": 999_999},
    "legal:approve": {"card_id": 999_999, "version_id": 999_999},
    "legal:reject": {"card_id": 999_999, "version_id": 999_999},
}
#: Query strings of GET rows whose empty form would be a 400 for everyone.
QUERY = {
    "api-knowledge-search": "?q=借款合同",
    "api-knowledge-articles": "?law=民法典&article=1",
    "api-knowledge-cases-search": "?q=借款",
}


def _bodies(firm: dict, ids: dict) -> dict[tuple[str, str], object]:
    """Bodies for rows where an empty one would stop every role at validation, before the wall; work
    created here is filed under the matter of the row's objects (open, or privileged for admin_priv)."""
    matter, outsider = ids["matter_id"], firm["users"]["outsider"].username
    question = "公司无故辞退我，能拿多少赔偿？"
    return {
        ("matter-member-add", "POST"): {"username": outsider, "team_role": "member"},
        ("knowledge:case-delete", "POST"): {"confirm": "yes"},
        ("drafting:new", "POST"): {"template": ids["template_id"], "matter": matter},
        ("api-matter-list", "POST"): {"number": "PM-9", "title": "新案件", "client": "丙"},
        ("api-matter-members", "POST"): {"username": outsider},
        ("api-chat-sessions", "POST"): {"title": "新咨询", "matter": matter},
        ("api-chat-session", "PATCH"): {"matter": None},  # out of its matter: the rule of moving work
        ("api-contract", "PATCH"): {"matter": None},
        ("api-research-attach", "POST"): {"matter": ids["other_matter_id"]},
        ("api-research-tasks", "POST"): {"question": question, "matter": matter},
        ("api-drafting-drafts", "POST"): {"template": ids["template_id"], "matter": matter},
        ("api-contracts", "POST"): Upload({"file": ("合同.txt", "第一条 甲方向乙方购买设备。".encode()),
                                           "matter": str(matter)}),
        ("api-knowledge-cases", "POST"): Upload({"file": ("判决书.txt", "本院认为，借款应当归还。".encode()),
                                                  "matter": str(matter)}),
        ("api-drafting-templates", "POST"): Upload({}),
        ("v1-chat-completions", "POST"): {"model": "legalsite-qa", "messages": [], "stream": True},
    }


@dataclass
class Upload:
    """A multipart body: field → value, or (file name, bytes) for a file."""

    fields: dict

    def data(self) -> dict:
        return {name: SimpleUploadedFile(value[0], value[1]) if isinstance(value, tuple) else value
                for name, value in self.fields.items()}


#: Rows asked with a client of their own (the request ends the client's session).
OWN_CLIENT = {"logout"}


def _path(row, ids: dict, params: tuple[str, ...]) -> str:
    if row.route.startswith("/"):
        return row.route
    fixed = {**ROUTE_ARGS.get(row.route, {}), **row.args}
    kwargs = {name: ids[name] for name in params if name not in fixed}
    return reverse(row.route, kwargs={**kwargs, **fixed}) + QUERY.get(row.route, "")


def _outcome(response) -> str:
    if response.status_code == 302 and response["Location"].startswith((resolve_url(settings.LOGIN_URL),
                                                                        "/admin/login/")):
        return "login"
    return str(response.status_code)


def _render(rows, actual: dict) -> str:
    lines = []
    for row in rows:
        cells = []
        for role in ROLES:
            got = actual.get((row.key, row.method, role), "-")
            want = row.expected[role]
            cells.append(f"{got:>6}" if want in ("-", got) else f"{got + '≠' + want:>10}")
        lines.append(f"{row.key:45} {row.method:6} " + " ".join(cells))
    return "\n".join(lines)


def quiet(monkeypatch) -> None:
    """No throttling while one client asks hundreds of times; no task leaves for a worker."""
    monkeypatch.setattr(AnonRateThrottle, "allow_request", lambda self, request, view: True)
    monkeypatch.setattr(UserRateThrottle, "allow_request", lambda self, request, view: True)
    monkeypatch.setattr(celery_app, "send_task", lambda *args, **kwargs: None)
    monkeypatch.setattr(health, "_worker", lambda timeout, queue: {"answer": "pong"})


@pytest.fixture
def quiet_side_effects(monkeypatch):
    quiet(monkeypatch)


def _login(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def _clients(users: dict, roles: tuple[str, ...] = ROLES) -> dict[str, tuple[Client, dict]]:
    """Per role of ``roles``: a portal client (session) and the headers of its API token."""
    clients = {"anon": (Client(raise_request_exception=False), {})}
    for role, user in users.items():
        if role not in roles and f"{role}_priv" not in roles:
            continue
        clients[role] = (_login(user), {"HTTP_AUTHORIZATION": f"Token {token_issue(user=user).key}"})
    if "admin" in clients:
        clients["admin_priv"] = clients["admin"]
    return clients


def _ask(client: Client, token: dict, method: str, url: str, body: object = None, *, api_client: Client):
    """``api_client`` asks the API: the token alone, no session. One client for the whole walk, its cookies
    cleared before each request as a fresh client has none (a client builds its handler's middleware on its
    first request, and the walk makes hundreds)."""
    api = url.startswith(("/api/v1/", "/v1/"))
    if api:
        client = api_client
        client.cookies.clear()
        if token and url.startswith("/v1/"):
            token = {"HTTP_AUTHORIZATION": token["HTTP_AUTHORIZATION"].replace("Token", "Bearer")}
    else:
        token = {}
    with transaction.atomic():
        if method == "GET":
            response = client.get(url, **token)
        elif isinstance(body, Upload):
            response = client.post(url, body.data(), **token)
        elif api:
            response = client.generic(method, url, json.dumps(body or {}), content_type="application/json",
                                      **token)
        else:
            response = client.post(url, body or {}, **token)
        transaction.set_rollback(True)
    return response


def test_every_route_has_a_rule():
    routes = url_routes()
    rows = parse_table(MATRIX)
    assert not coverage_problems(routes, rows), "\n".join(coverage_problems(routes, rows))


#: The firm's marks as patterns: the plain marks of ``make_firm``'s work (the websocket test's firm).
PLAIN_MARKS = {OPEN_MARK: re.compile(OPEN_MARK), WALLED_MARK: re.compile(WALLED_MARK)}


@dataclass(frozen=True)
class Cell:
    """One checked cell: the row, the role, the URL it asks and, for a role that is a person, who."""

    row: Any
    role: str
    url: str
    person: Any


def matrix_cells(firm: dict) -> list[Cell]:
    """Every checked cell of ``MATRIX`` against ``firm`` (``users`` by role without ``anon`` and
    ``admin_priv``; ``open`` and ``walled``: the ids of the owner's work in the open and the privileged
    matter, with ``other_matter_id``, ``template_id``…)."""
    params = {route.key: route.params for route in url_routes()}
    cells = []
    for row in parse_table(MATRIX):
        for role in ROLES:
            if row.expected[role] == "-":
                continue
            ids = firm["walled"] if role == "admin_priv" else firm["open"]
            cells.append(Cell(row, role, _path(row, ids, params.get(row.route, ())),
                              firm["users"].get(role.removesuffix("_priv"))))
    return cells


def matrix_problems(firm: dict, marks: dict[str, re.Pattern], read: dict[tuple[Any, str], tuple[str, str]],
                    roles: tuple[str, ...] = ROLES) -> list[str]:
    """Asks every cell of ``MATRIX`` and returns what differs from the table: cells whose answer is not the
    expected one, and answers that show a role a mark of work it may not see (``HIDDEN_FROM``; ``marks``:
    each mark's pattern in this firm's work). ``read`` holds GET answers already read by the caller, by
    (person, URL): (outcome, text of a 200); those cells are not asked again (a GET changes nothing the
    table depends on). Every other cell is asked here, in a savepoint that is rolled back. ``roles``: the
    columns asked and checked (all by default; the content walk asks each person's columns in that person's
    part)."""
    rows = parse_table(MATRIX)
    clients = _clients(firm["users"], roles)
    api_client = Client(raise_request_exception=False)
    actual: dict[tuple[str, str, str], str] = {}
    leaks: list[str] = []
    for cell in matrix_cells(firm):
        if cell.role not in roles:
            continue
        row, role = cell.row, cell.role
        known = read.get((cell.person, cell.url)) if row.method == "GET" and cell.person is not None else None
        if known is not None:
            outcome, text = known
        else:
            ids = firm["walled"] if role == "admin_priv" else firm["open"]
            client, token = clients[role]
            if row.key in OWN_CLIENT and role != "anon":
                client = _login(cell.person)
            body = _bodies(firm, ids).get((row.key, row.method))
            response = _ask(client, token, row.method, cell.url, body, api_client=api_client)
            outcome = _outcome(response)
            text = (response.content.decode("utf-8", "replace")
                    if response.status_code == 200 and not response.streaming else "")
        actual[(row.key, row.method, role)] = outcome
        shown = [mark for mark in HIDDEN_FROM[role]
                 if text and marks[mark].search(text) and (row.key, role, mark) not in SHOWN_BY_RULE]
        if shown:
            leaks.append(f"{row.key} {row.method} {role}: shows {', '.join(shown)}")
    wrong = [(row.key, row.method, role) for row in rows for role in roles
             if row.expected[role] != "-" and actual[(row.key, row.method, role)] != row.expected[role]]
    problems = [f"{len(wrong)} cells differ (got≠expected):\n" + _render(rows, actual)] if wrong else []
    if leaks:
        problems.append("answers that show work the asker may not see:\n" + "\n".join(leaks))
    return problems


def outcome_of(response) -> str:
    """The cell a response fills: its status, or ``login`` for a redirect to a login page."""
    return _outcome(response)


# --- /mcp and the websockets --------------------------------------------------------------------
def _ws_outcome(connected: bool, code) -> str:
    return "accept" if connected else str(code)


async def _socket(path: str, cookie: bytes | None) -> str:
    headers = [(b"origin", b"http://localhost")] + ([(b"cookie", cookie)] if cookie else [])
    communicator = WebsocketCommunicator(asgi.application, path, headers=headers)
    connected, code = await communicator.connect(timeout=10)
    await communicator.disconnect()
    return _ws_outcome(connected, code)


async def _mcp(app, token: str | None) -> str:
    headers = [(b"content-type", b"application/json"), (b"accept", b"application/json, text/event-stream")]
    if token:
        headers.append((b"authorization", f"Token {token}".encode()))
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}).encode()
    communicator = HttpCommunicator(asgi.application, "POST", "/mcp", body=body, headers=headers)
    response = await communicator.get_response(timeout=30)
    return str(response["status"])


def _cookie(user) -> bytes:
    return f"sessionid={_login(user).cookies['sessionid'].value}".encode()


@pytest.mark.django_db(transaction=True)
def test_every_websocket_route_and_mcp_have_a_rule_and_it_holds(make_user, quiet_side_effects, monkeypatch):
    rows = parse_table(WS_MATRIX)
    patterns = {str(p.pattern) for p in websocket_urlpatterns}
    problems = [f"new websocket route without a permission rule: {p}" for p in sorted(patterns - {r.key for r in rows})]
    problems += [f"permission rule for a websocket route that no longer exists: {r.key}" for r in rows
                 if r.key not in patterns]
    assert not problems, "\n".join(problems)

    firm = make_firm(make_user)
    users = firm["users"]
    cookies = {role: _cookie(users[role.removesuffix("_priv")]) for role in ROLES if role != "anon"}
    tokens = {role: token_issue(user=users[role.removesuffix("_priv")]).key for role in ROLES if role != "anon"}
    mcp_app = asgi.MCPHttpApp()  # its own task group, in this test's event loop
    monkeypatch.setattr(asgi, "mcp_app", mcp_app)
    mcp_rows = parse_table(MCP_MATRIX)

    async def scenario() -> dict:
        got = {}
        for row in rows:
            for role in ROLES:
                ids = firm["walled"] if role == "admin_priv" else firm["open"]
                path = "/" + row.key
                for name in ("session_id", "contract_id", "task_id", "draft_id"):
                    path = path.replace(f"<id:{name}>", str(ids[name]))
                got[(row.key, row.method, role)] = await _socket(path, cookies.get(role))
        for row in mcp_rows:
            for role in ROLES:
                got[(row.key, row.method, role)] = await _mcp(mcp_app, tokens.get(role))
        task = getattr(mcp_app, "_task", None)
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        return got

    actual = async_to_sync(scenario)()
    rows = rows + mcp_rows
    wrong = [(row.key, role) for row in rows for role in ROLES if actual[(row.key, row.method, role)]
             != row.expected[role]]
    assert not wrong, f"{len(wrong)} cells differ (got≠expected):\n" + _render(rows, actual)


# --- the table's own machinery --------------------------------------------------------------------
def _view(request):
    raise AssertionError("never called")


urlpatterns = [  # a URL conf for the test below: one route more than the table knows
    path("known/", _view, name="known"),
    path("brand-new/<int:pk>/", _view, name="brand-new"),
    path("admin/thing/", _view, name="admin-thing"),
]


def test_a_route_without_a_row_and_a_row_without_a_route_fail():
    with override_settings(ROOT_URLCONF=__name__):
        routes = url_routes()
    assert {r.key for r in routes} == {"known", "brand-new", "admin-thing"}
    assert [r.params for r in routes if r.key == "brand-new"] == [("pk",)]
    rows = parse_table("""
        known          GET  login 200 200 200 200 200 200
        gone           GET  login 200 200 200 200 200 200
        /admin/thing/  GET  login 302 302 302 200 200 200
    """)
    assert coverage_problems(routes, rows) == [
        "new endpoint without a permission rule: brand-new (brand-new/<int:pk>/)",
        "permission rule for a route that no longer exists: gone",
    ]
    assert coverage_problems(routes, rows[:1]) == [
        "new endpoint without a permission rule: brand-new (brand-new/<int:pk>/)",
        "new endpoint group without a permission rule: admin/",
    ]
    with pytest.raises(ValueError, match="cells"):
        parse_table("known GET 200 200")
