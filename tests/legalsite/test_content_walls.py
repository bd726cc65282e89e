"""The permission matrix over content (docs/decisions/ethical-walls.md): a unique marker is planted in
every content field of every client-work model (``firm.walls.declared()``: one object per model per
matter, M3 privileged), then each of the seven people of tests/firm/walls_support.py walks every
surface — every GET route of the URL conf (API lists, details and exports, portal pages) with the ids
of each matter's objects, the same lists searched for the markers, every Django admin
changelist, search and change page, ``/api/v1/audit/events``, ``/api/v1/traces``, the MCP tools and
``/v1`` — and no answer may show a marker its reader may not see.

The same walk checks the permission matrix's table (tests/legalsite/test_permission_matrix.py) on this
firm: its roles are people of this firm (owner A, member B, outsider D, compliance E, admin F, and F again
for the privileged matter M3), a GET cell takes the answer this walk read for that person and path, and
the table's other cells (anonymous, writes, GETs this walk does not ask) are asked after it.

The test has one part per person (and one for the matrix's anonymous column), which xdist spreads over its
workers. The firm is built once per process, by its first part, and copied into a schema of the process's
test database; every later part restores that copy after the flush of the part before.

A new client-work model or a new content field is covered without a new test: the markers come from
the declarations, the routes from the URL conf, the admin pages from the admin registry.

Who may see a marker of a matter's work (masked text carries no marker, so "sees it masked" passes):
its team; admins when the matter is not privileged; compliance only on the audit trail (traces and
audit events) when it is not privileged.
"""

from __future__ import annotations

import io
import json
import re
import time
import zipfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib import admin
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from django.test import Client
from django.urls import reverse

from contracts.models import PlaybookRule
from drafting.models import DocumentTemplate, TemplateVersion
from firm import services as firm_services
from firm.services import token_issue
from firm.walls import declaration_for, declared
from knowledge.models import Article
from tests import testdb
from tests.firm.walls_support import ROLES, build_firm, mcp_calls, work_in
from tests.legalsite.matrix_support import OPEN_MARK, WALLED_MARK, route_group, url_routes
from tests.legalsite.test_permission_matrix import matrix_cells, matrix_problems, outcome_of, quiet
from tests.tracing.factories import drive_chat_turn
from tracing.models import AuditEvent, Trace
from tracing.recorder import trace_open
from tracing.services import audit_event_record

MARK = re.compile(r"ZX\d{4}M[123]Z")
TEAMS = {"M1": {"A", "B", "X"}, "M2": {"C"}, "M3": {"A", "X"}}
PRIVILEGED = {"M3"}
#: Routes not walked, with the reason.
SKIPPED_ROUTES = {
    "logout": "ends the session", "schema": "no client data", "swagger-ui": "no client data",
    "health": "no client data", "login": "no client data",
}
AUDIT_PATHS = ("/api/v1/traces", "/api/v1/audit/", "/admin/tracing/")
ROUTE_ARGS = {
    "research:action": {"name": "cancel"},
}
#: A list's search. Every matter holds one object of each model, so one search for the prefix every planted
#: marker shares finds all three matters' objects on the list's first page (a search that reads past the wall
#: shows them at once; the marker names its matter). The audit trail's lists hold tens of rows per matter
#: (a probe event per object, the traces): they are searched per matter, so that each matter's rows fit a page.
SEARCH = "?q=ZX"


def searches(path: str, tags: list[str]) -> list[str]:
    if path.startswith(AUDIT_PATHS):
        return [f"{path}?q={tag}Z" for tag in tags]
    return [path + SEARCH]


KINDS = {"api-chat-export": ("json", "md", "docx"), "api-research-export": ("md", "json")}
QUERY = {"api-knowledge-search": "?q=借款合同", "api-knowledge-articles": "?law=民法典&article=1"}


def may_see(role: str, tag: str, path: str) -> bool:
    if role in TEAMS[tag]:
        return True
    if tag in PRIVILEGED:
        return False
    if role == "F":
        return True
    return role == "E" and path.startswith(AUDIT_PATHS)


# --- planting ---------------------------------------------------------------------------------------
def _marked(value: Any, marker: str, max_length: int | None) -> Any:
    """``value`` with ``marker`` in it, keeping its shape (every string leaf of JSON carries it)."""
    if isinstance(value, str) or value is None:
        text = f"{marker} {value or ''}".strip()
        return text[:max_length] if max_length else text
    if isinstance(value, dict):
        if not value:
            return {"备注": marker}
        return {key: _marked(item, marker, None) if isinstance(item, str | dict | list) else item
                for key, item in value.items()}
    if isinstance(value, list):
        if not value:  # an empty list of records: one record in the shapes the apps store (citations, sources)
            return [{"law": marker, "article": marker, "valid": True, "title": marker, "text": marker,
                     "name": marker}]
        return [_marked(item, marker, None) if isinstance(item, str | dict | list) else item for item in value]
    return value


def plant(work: dict[str, dict[str, Any]], owners: dict[str, Any]) -> dict[str, tuple[str, str, str]]:
    """A marker in every content field of every declared object; one probe audit event per object
    carrying its content under its field names (how any service might record a change)."""
    planted: dict[str, tuple[str, str, str]] = {}
    n = 0
    for tag, made in work.items():
        for obj in made["objects"]:
            declaration = declaration_for(obj)
            assert declaration is not None, f"{obj._meta.label} is made here but not declared"
            values = {}
            for name in declaration.content_fields():
                n += 1
                marker = f"ZX{n:04d}{tag}Z"
                field = obj._meta.get_field(name)
                values[name] = _marked(getattr(obj, name), marker, getattr(field, "max_length", None))
                planted[marker] = (declaration.label, name, tag)
            if values:
                type(obj)._default_manager.filter(pk=obj.pk).update(**values)
                with transaction.atomic():
                    audit_event_record(actor=owners[tag], event_type="walls.content_probe", obj=obj,
                                       old=values, new=values)
    return planted


def _trace(owner: Any, made: dict[str, Any], matter: Any, marker: str) -> str:
    recorder = trace_open("chat", owner, made["session"], matter)
    drive_chat_turn(recorder, question=f"{marker} 公司拖欠工资三个月怎么办？")
    recorder.close()
    return str(recorder.trace_id)


# --- reading answers --------------------------------------------------------------------------------
def _text(response: Any) -> str:
    if getattr(response, "streaming", False):
        return b"".join(response.streaming_content).decode("utf-8", "replace")
    body = response.content
    if body.startswith(b"PK"):
        try:
            with zipfile.ZipFile(io.BytesIO(body)) as archive:
                return "".join(archive.read(n).decode("utf-8", "replace") for n in archive.namelist()
                               if n.endswith((".xml", ".rels", ".txt", ".md", ".json")))
        except zipfile.BadZipFile:
            pass
    return body.decode("utf-8", "replace")


class RpcAnswer:
    """A JSON-RPC answer of ``/mcp`` read like an HTTP response."""

    streaming = False

    def __init__(self, answer: dict[str, Any]) -> None:
        self.status_code = 200 if "result" in answer else 400
        self.content = json.dumps(answer, ensure_ascii=False).encode()


class Walk:
    def __init__(self, planted: dict[str, tuple[str, str, str]]) -> None:
        self.planted = planted
        self.leaks: list[str] = []
        self.seen: dict[str, set[str]] = defaultdict(set)  # marker -> roles that saw it where allowed
        self.requests = 0
        self.statuses: Counter[int] = Counter()
        self.errors: list[str] = []

    def check(self, role: str, path: str, response: Any) -> str:
        """Checks one answer; returns its text (empty for a server error)."""
        self.requests += 1
        self.statuses[response.status_code] += 1
        if response.status_code >= 500:
            self.errors.append(f"{role} {path}: {response.status_code}")
            return ""
        text = _text(response)
        for marker in set(MARK.findall(text)):
            if marker not in self.planted:
                continue
            label, field, tag = self.planted[marker]
            if may_see(role, tag, path):
                self.seen[marker].add(role)
            else:
                self.leaks.append(f"{role} {path}: {label}.{field} of {tag} ({marker})")
        return text


def _clients(users: dict[str, Any]) -> dict[str, tuple[Client, Client, str]]:
    """Per person: a portal client (logged in), a client for token requests and the token. A client
    loads the middleware once, on its first request; the walk makes thousands of requests."""
    clients = {}
    for role, user in users.items():
        portal = Client(raise_request_exception=False)
        portal.force_login(user)
        clients[role] = (portal, Client(raise_request_exception=False), token_issue(user=user).key)
    return clients


def _get(clients: dict, role: str, path: str) -> Any:
    portal, tokens, key = clients[role]
    if path.startswith(("/api/v1/", "/v1/")):
        tokens.cookies.clear()  # as a fresh client: the token alone, no cookie an earlier answer set
        scheme = "Token" if path.startswith("/api/v1/") else "Bearer"
        return tokens.get(path, HTTP_AUTHORIZATION=f"{scheme} {key}")
    return portal.get(path)


def _ids(made: dict[str, Any], trace_id: str, shared: dict[str, Any]) -> dict[str, Any]:
    answer = made["session"].messages.filter(role="assistant").order_by("pk").first()
    return {**shared, "matter_id": made["session"].matter_id, "session_id": made["session"].pk,
            "message_id": answer.pk, "contract_id": made["contract"].pk,
            "section_id": made["contract"].sections.order_by("order").last().pk, "issue_id": made["issue"].pk,
            "run_id": made["contract"].review_runs.order_by("pk").first().pk, "task_id": made["task"].pk,
            "draft_id": made["draft"].pk, "number": 1, "document_id": made["case"].pk, "trace_id": trace_id}


def _paths(ids_by_tag: dict[str, dict[str, Any]]) -> tuple[list[str], list[str]]:
    """(paths walked, routes skipped with the reason) from the URL conf."""
    paths: list[str] = []
    skipped: list[str] = []
    for route in url_routes():
        if route_group(route) or route.key in SKIPPED_ROUTES:
            continue
        params = [p for p in route.params if p not in ROUTE_ARGS.get(route.key, {})]
        kinds = KINDS.get(route.key, ()) if "kind" in params else (None,)
        params = [p for p in params if p != "kind"]
        missing = [p for p in params if p not in next(iter(ids_by_tag.values()))]
        if missing:
            skipped.append(f"{route.key}: no id for {', '.join(missing)}")
            continue
        tags = list(ids_by_tag) if any(p in ("matter_id", "session_id", "message_id", "contract_id", "section_id",
                                               "issue_id", "run_id", "task_id", "draft_id", "document_id",
                                               "trace_id") for p in params) else ["M1"]
        for tag in tags:
            for kind in kinds or (None,):
                kwargs = {p: ids_by_tag[tag][p] for p in params}
                if kind is not None:
                    kwargs["kind"] = kind
                try:
                    path = reverse(route.key, kwargs={**kwargs, **ROUTE_ARGS.get(route.key, {})})
                except Exception as exc:  # a route whose name does not reverse with these ids
                    skipped.append(f"{route.key}: {type(exc).__name__}")
                    break
                paths.append(path + QUERY.get(route.key, ""))
                if not params:  # a list: searched for the markers too
                    paths.extend(searches(path, list(ids_by_tag)))
    return sorted(set(paths)), skipped


def _admin_paths(objects_by_label: dict[str, list[int]], tags: list[str]) -> list[str]:
    paths = ["/admin/"]
    for model in admin.site._registry:
        base = f"/admin/{model._meta.app_label}/{model._meta.model_name}/"
        paths.extend((base, *searches(base, tags)))
        for pk in objects_by_label.get(model._meta.label_lower, []):
            paths.extend((f"{base}{pk}/change/", f"{base}{pk}/history/"))
    return paths


#: The permission matrix's roles as people of this firm (admin_priv: F, asking for M3's work).
MATRIX_PEOPLE = {"owner": "A", "member": "B", "outsider": "D", "compliance": "E", "admin": "F"}
#: The matrix's marks in this firm's work: the markers of the open matter M1 and the privileged M3.
MATRIX_MARKS = {OPEN_MARK: re.compile(r"ZX\d{4}M1Z"), WALLED_MARK: re.compile(r"ZX\d{4}M3Z")}
#: The test's parts: one per person (their walk, MCP answers, ``/v1`` question and permission-matrix columns),
#: and the matrix's anonymous column. xdist spreads them; each reads the same firm.
PARTS = (*ROLES, "anon")
#: The matrix's columns asked in each part.
MATRIX_ROLES = {"A": ("owner",), "B": ("member",), "D": ("outsider",), "E": ("compliance",),
                "F": ("admin", "admin_priv"), "anon": ("anon",)}
#: People on a matter's team: each must see the content of every client-work model somewhere.
TEAM_PEOPLE = set().union(*TEAMS.values())
CLIENT_WORK_SHOWN = {"chat.chatsession", "chat.message", "contracts.contract", "contracts.reviewissue",
                     "research.researchtask", "drafting.draft", "knowledge.casedocument"}


# --- the firm, built once per process ----------------------------------------------------------------
@dataclass
class Firm:
    """What the parts read: the firm's people and ids, the planted markers, the paths and the MCP answers
    (every person's calls are made when the firm is built: their traces are among the paths walked)."""

    users: dict[str, Any]
    planted: dict[str, tuple[str, str, str]]
    paths: list[str]
    skipped: list[str]
    mcp: list[tuple[str, str, RpcAnswer]]
    matrix_firm: dict[str, Any]
    tables: list[str] = field(default_factory=list)  # the tables of the saved copy
    whole: bool = False  # the copy holds whole tables (truncated before they are restored), not added rows
    fingerprint: str = ""


_FIRM: dict[str, Firm] = {}
#: The schema (in this process's own test database) holding the firm's tables as they were after the build.
COPY = "test_walls_firm"


def _build(make_user: Any, monkeypatch: Any) -> Firm:
    firm = build_firm(make_user)
    users, matters = firm["users"], firm["matters"]
    # where the matrix's rows move work to: a matter whose team holds its owner and member (no work in it)
    other = firm_services.matter_create(actor=users["A"], number="W-M4", title="股权回购", client="丁公司",
                                        members=[users["B"]])
    owners = {"M1": users["A"], "M2": users["C"], "M3": users["A"]}
    work = {tag: work_in(owners[tag], matters[tag], f"{tag}作业") for tag in ("M1", "M2", "M3")}
    planted = plant(work, owners)
    traces = {tag: _trace(owners[tag], work[tag], matters[tag], f"ZX9{i}00{tag}Z") for i, tag in
              enumerate(("M1", "M2", "M3"), 1)}
    planted.update({f"ZX9{i}00{tag}Z": ("tracing.trace", "question", tag) for i, tag in
                    enumerate(("M1", "M2", "M3"), 1)})

    # MCP: each person lists each matter's contract issues and searches the case library
    calls = [(role, "list_contract_issues", {"contract_id": work[tag]["contract"].pk})
             for role in ROLES for tag in work]
    calls += [(role, "search_cases", {"query": f"{tag}作业 判决书"}) for role in ROLES for tag in work]
    answers = mcp_calls(monkeypatch, [(users[role], tool, arguments) for role, tool, arguments in calls])
    mcp = [(role, f"/mcp {tool} {arguments}", RpcAnswer(answer))
           for (role, tool, arguments), answer in zip(calls, answers, strict=True)]

    shared = {"template_id": DocumentTemplate.objects.order_by("pk").first().slug,
              "version_id": TemplateVersion.objects.order_by("pk").first().pk}
    article = Article.objects.order_by("pk").first()
    shared.update(article_id=article.pk, law_id=article.law_id, code=PlaybookRule.objects.order_by("pk").first().code)
    ids_by_tag = {tag: _ids(work[tag], traces[tag], shared) for tag in work}
    paths, skipped = _paths(ids_by_tag)
    objects_by_label: dict[str, list[int]] = defaultdict(list)
    for made in work.values():
        for obj in made["objects"]:
            objects_by_label[obj._meta.label_lower].append(obj.pk)
    mcp_traces = [str(pk) for pk in Trace.objects.filter(kind="mcp").values_list("pk", flat=True)]
    objects_by_label["tracing.trace"] = [*traces.values(), *mcp_traces]
    paths += [f"/api/v1/traces/{pk}" for pk in mcp_traces]
    objects_by_label["tracing.auditevent"] = list(
        AuditEvent.objects.filter(matter__in=matters.values()).values_list("pk", flat=True))
    paths += _admin_paths(objects_by_label, list(work))
    matrix_firm = {"users": {role: users[person] for role, person in MATRIX_PEOPLE.items()},
                   "open": {**ids_by_tag["M1"], "other_matter_id": other.pk},
                   "walled": {**ids_by_tag["M3"], "other_matter_id": other.pk}}
    return Firm(users=users, planted=planted, paths=paths, skipped=skipped, mcp=mcp, matrix_firm=matrix_firm)


def _written(cursor) -> tuple[list[str], list[str]]:
    """(the kept tables the build wrote, every other table holding rows)."""
    cursor.execute(f"SELECT name FROM {testdb.SCHEMA}.kept")  # noqa: S608
    kept = {row[0] for row in cursor.fetchall()}
    cursor.execute(f"SELECT DISTINCT name FROM {testdb.SCHEMA}.dirty")  # noqa: S608
    written = {row[0] for row in cursor.fetchall()} & kept
    others = []
    for table in sorted(set(testdb._django_tables(connection)) - kept):
        cursor.execute(f'SELECT EXISTS (SELECT 1 FROM "{table}")')  # noqa: S608
        if cursor.fetchone()[0]:
            others.append(table)
    return sorted(written), others


def _appended_only(cursor, table: str) -> bool:
    """Whether every row of ``table``'s template copy is still in it unchanged (the build only added rows)."""
    columns = testdb._columns(cursor, table)
    try:
        with transaction.atomic():
            cursor.execute(f'SELECT NOT EXISTS (SELECT {columns} FROM {testdb.SCHEMA}."{table}" '  # noqa: S608
                           f'EXCEPT SELECT {columns} FROM public."{table}")')
            return bool(cursor.fetchone()[0])
    except DatabaseError:  # a column type without equality: the table is copied whole
        return False


def _closure(cursor, tables: set[str]) -> list[str]:
    """``tables`` and every table referencing one of them: a TRUNCATE must name them together."""
    every = set(testdb._django_tables(connection))
    referencing = testdb._referencing(cursor)
    pending = list(tables)
    while pending:
        for source in referencing.get(pending.pop(), ()):
            if source in every and source not in tables:
                tables.add(source)
                pending.append(source)
    return sorted(tables)


def _fingerprint(cursor, tables: list[str]) -> str:
    """The template's copy of the kept tables among ``tables`` (a flush restores them from it): a firm copy
    taken over another template state (after a flush that had to be Django's own) is not restored."""
    cursor.execute(f"SELECT name FROM {testdb.SCHEMA}.kept WHERE name = ANY(%s) ORDER BY name", [tables])  # noqa: S608
    parts = []
    for (table,) in cursor.fetchall():
        cursor.execute(f'SELECT count(*), md5(string_agg(c::text, \',\' ORDER BY c::text)) '  # noqa: S608
                       f'FROM {testdb.SCHEMA}."{table}" c')
        parts.append(f"{table}:{cursor.fetchone()}")
    cursor.execute(f"SELECT string_agg(name || shape, ',' ORDER BY name) FROM {testdb.SCHEMA}.kept")  # noqa: S608
    parts.append(cursor.fetchone()[0] or "")
    return "|".join(parts)


def _save(firm: Firm) -> None:
    """Copies what the build wrote. After a part's flush every other table is empty and the kept tables hold
    the template's rows, so the copy holds the rows the build added (a kept table whose template rows the
    build changed is copied whole, with every table referencing it, and truncated before it is restored)."""
    with transaction.atomic(), connection.cursor() as cursor:
        written, others = _written(cursor)
        firm.whole = not all(_appended_only(cursor, table) for table in written)
        firm.tables = _closure(cursor, {*written, *others}) if firm.whole else sorted({*written, *others})
        cursor.execute(f"DROP SCHEMA IF EXISTS {COPY} CASCADE")
        cursor.execute(f"CREATE SCHEMA {COPY}")
        for table in firm.tables:
            columns = testdb._columns(cursor, table)
            added = (f' EXCEPT SELECT {columns} FROM {testdb.SCHEMA}."{table}"'  # noqa: S608
                     if table in written and not firm.whole else "")
            cursor.execute(f'CREATE TABLE {COPY}."{table}" AS SELECT {columns} '  # noqa: S608
                           f'FROM public."{table}"{added}')
        firm.fingerprint = _fingerprint(cursor, firm.tables)


def _restore(firm: Firm) -> bool:
    """The firm's tables back as the build left them (after the flush of the part before); False when there
    is no copy to restore."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regnamespace(%s) IS NOT NULL", [COPY])
        if not cursor.fetchone()[0] or _fingerprint(cursor, firm.tables) != firm.fingerprint:
            return False
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        if firm.whole:
            cursor.execute("TRUNCATE " + ", ".join(f'public."{table}"' for table in firm.tables))
        for table in firm.tables:
            columns = testdb._columns(cursor, table)
            cursor.execute(f'INSERT INTO public."{table}" ({columns}) SELECT {columns} FROM {COPY}."{table}"')  # noqa: S608
            # a sequence never hands out an id the restored rows hold (a flush of Django's own resets them)
            cursor.execute(
                "SELECT s.oid::regclass::text, a.attname FROM pg_depend d JOIN pg_class s ON s.oid = d.objid "
                "JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid "
                "WHERE s.relkind = 'S' AND d.refobjid = %s::regclass", [f'public."{table}"'])
            for sequence, column in cursor.fetchall():
                cursor.execute(f'SELECT setval(%s, m) FROM (SELECT max("{column}") AS m FROM public."{table}") x '  # noqa: S608
                               f'WHERE m IS NOT NULL AND m >= (SELECT last_value FROM {sequence})', [sequence])
    if firm.whole or set(firm.tables) & set(testdb.corpus_tables()):
        testdb._caches_changed()
    return True


def _firm(make_user: Any, monkeypatch: Any) -> Firm:
    """The firm, built in this process's first part and saved; each later part restores the saved tables."""
    firm = _FIRM.get("firm")
    if firm is not None and _restore(firm):
        return firm
    firm = _FIRM["firm"] = _build(make_user, monkeypatch)
    _save(firm)
    return firm


@pytest.mark.timeout(1800)  # a limit, not a measure (a loaded machine): the walk was one test of 1,800 s
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("part", PARTS)
def test_no_surface_shows_a_marker_and_every_route_rule_holds(part, make_user, statutes, monkeypatch, settings):
    settings.CHAT_SUMMARY_WAIT = 0
    quiet(monkeypatch)  # no throttling, no task leaves for a worker, the health check's worker answers
    started = time.monotonic()
    firm = _firm(make_user, monkeypatch)
    users, planted, paths = firm.users, firm.planted, firm.paths
    roles = (part,) if part in users else ()
    walk = Walk(planted)
    for role, label, answer in firm.mcp:
        if role in roles:
            walk.check(role, label, answer)

    matrix_firm = firm.matrix_firm
    matrix_roles = MATRIX_ROLES.get(part, ())
    matrix_gets = {(cell.person, cell.url) for cell in matrix_cells(matrix_firm)
                   if cell.row.method == "GET" and cell.person is not None and cell.role in matrix_roles}
    read: dict[tuple[Any, str], tuple[str, str]] = {}  # the matrix's GET cells this walk answers
    clients = _clients({role: users[role] for role in roles})
    for role in roles:
        for path in paths:
            response = _get(clients, role, path)
            text = walk.check(role, path, response)
            if (users[role], path) in matrix_gets:
                read[(users[role], path)] = (outcome_of(response), text if response.status_code == 200 else "")

    # /v1: a question naming each matter's work, as each person (compliance is refused)
    for role in roles:
        _, tokens, key = clients[role]
        tokens.cookies.clear()
        response = tokens.post(
            "/v1/chat/completions", {"model": "legalsite-qa", "messages": [
                {"role": "user", "content": "M3作业 判决书 借款应当归还吗？"}]},
            content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {key}")
        walk.check(role, "/v1/chat/completions", response)

    elapsed = time.monotonic() - started
    fields = {(label, field) for label, field, _ in planted.values()}
    print(f"\ncontent matrix, part {part}: {len(declared())} client-work models, {len(fields)} content fields, "
          f"{len(planted)} markers, {len(paths)} paths × {len(roles)} people + MCP and /v1, "
          f"{walk.requests} requests in {elapsed:.0f} s; statuses {dict(walk.statuses)}; the firm's copy: "
          f"{len(firm.tables)} tables, {'whole' if firm.whole else 'the rows the build added'}")
    never = sorted({f"{planted[m][0]}.{planted[m][1]}" for m in planted
                    if planted[m][2] in {t for t, team in TEAMS.items() if set(roles) & team}
                    and not walk.seen.get(m)})
    print(f"fields of this person's matters no surface shows them ({len(never)}): {', '.join(never)}")
    print(f"routes not walked ({len(firm.skipped)}): {'; '.join(firm.skipped)}")
    # the permission matrix's cells of this part: its GETs from this walk's answers, the rest asked now
    table = matrix_problems(matrix_firm, MATRIX_MARKS, read, matrix_roles) if matrix_roles else []
    print(f"permission matrix: columns {matrix_roles}, {len(read)} cells answered by the walk")

    # every property is checked, and each failure reported, whatever another one found
    problems: list[str] = []
    by_surface = Counter(re.sub(r"/\d+/|\?q=.*|[0-9a-f-]{36}|:.*", "/…/", leak.split(" ", 1)[1])
                         for leak in walk.leaks)
    if walk.leaks:
        problems.append(f"{len(walk.leaks)} answers show content across a wall:\n" + "\n".join(walk.leaks[:40])
                        + "\nby surface: " + "; ".join(f"{k} ×{n}" for k, n in by_surface.most_common()))
    if walk.errors:
        problems.append(f"{len(walk.errors)} server errors:\n" + "\n".join(walk.errors[:40]))
    # the walk reads what it should: a person on a team sees every model's content of their matters somewhere
    if set(roles) & TEAM_PEOPLE:
        unseen = CLIENT_WORK_SHOWN - {planted[m][0] for m in walk.seen}
        if unseen:
            problems.append(f"models whose content no surface shows to {part}: {sorted(unseen)}")
    # the probes and every trace of the walk keep the audit chain whole
    verified = io.StringIO()
    call_command("verify_audit", stdout=verified)
    if not verified.getvalue().startswith("OK:"):
        problems.append(f"audit chain: {verified.getvalue()}")
    # traces are read by compliance and admins only: the open matters' trace content reaches both, no one else
    for role in roles:
        saw = {marker for marker in ("ZX9100M1Z", "ZX9200M2Z") if role in walk.seen.get(marker, ())}
        if saw != ({"ZX9100M1Z", "ZX9200M2Z"} if role in ("E", "F") else set()):
            problems.append(f"{role} saw the open matters' traces {sorted(saw)}: only compliance and the admin "
                            f"read them, both")
    problems += [f"permission matrix: {problem}" for problem in table]
    assert not problems, "\n\n".join(problems)
