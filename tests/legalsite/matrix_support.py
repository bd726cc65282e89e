"""Support of the permission matrix (tests/legalsite/test_permission_matrix.py): the routes of the
URL conf, the table's parser, and the firm the matrix is checked against.

docs/decisions/permission-matrix.md states the conventions."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver

from chat import services as chat_services
from chat.models import Message
from contracts.models import PlaybookRule, Section
from contracts.services.issues import issue_add
from contracts.services.review import manual_run
from drafting.models import DocumentTemplate, DraftVersion, TemplateVersion
from drafting.services import draft_create
from firm import services as firm_services
from knowledge.models import Article, CaseChunk, CaseDocument
from research import services as research_services
from tests.contracts.review_support import make_contract
from tests.tracing.factories import drive_chat_turn
from tracing.recorder import trace_open

ROLES = ("anon", "owner", "member", "outsider", "compliance", "admin", "admin_priv")

#: Routes under these prefixes form one group each: the table holds a few representative rows.
GROUPS = ("admin/",)

#: Written into every object's title and text, so an answer that shows the object can be told.
OPEN_MARK, WALLED_MARK = "OPENWORK", "WALLEDWORK"


@dataclass(frozen=True)
class Route:
    """One URL pattern: its reversible name (namespaced) or, unnamed, its pattern."""

    key: str
    pattern: str
    params: tuple[str, ...]


def _walk(patterns: list, prefix: str = "", namespace: str = "") -> list[Route]:
    routes: list[Route] = []
    for entry in patterns:
        if isinstance(entry, URLResolver):
            inner = namespace
            if entry.namespace:
                inner = f"{namespace}:{entry.namespace}" if namespace else entry.namespace
            routes.extend(_walk(entry.url_patterns, prefix + str(entry.pattern), inner))
        elif isinstance(entry, URLPattern):
            pattern = prefix + str(entry.pattern)
            name = f"{namespace}:{entry.name}" if namespace and entry.name else entry.name
            routes.append(Route(key=name or pattern, pattern=pattern,
                                params=tuple(entry.pattern.converters) if hasattr(entry.pattern, "converters")
                                else ()))
    return routes


def url_routes(urlconf: str | None = None) -> list[Route]:
    """Every route of the URL conf, walked recursively (includes and namespaces)."""
    return _walk(get_resolver(urlconf).url_patterns)


def route_group(route: Route) -> str | None:
    return next((group for group in GROUPS if route.pattern.startswith(group)), None)


@dataclass(frozen=True)
class Row:
    """``key`` is a route key, optionally with path arguments: ``api-chat-export[kind=md]``."""

    key: str
    method: str
    expected: dict[str, str]

    @property
    def route(self) -> str:
        return self.key.split("[", 1)[0]

    @property
    def args(self) -> dict[str, str]:
        inner = self.key.partition("[")[2].rstrip("]")
        return dict(pair.split("=", 1) for pair in inner.split(",") if pair)


def parse_table(text: str, roles: tuple[str, ...] = ROLES) -> list[Row]:
    """``key METHOD cell…`` per line (``#`` starts a comment); a cell is a status, ``login`` or ``-``
    (the role is not checked on this row)."""
    rows = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        key, method, *cells = line.split()
        if len(cells) != len(roles):
            raise ValueError(f"row {key} {method}: {len(cells)} cells for {len(roles)} roles")
        rows.append(Row(key=key, method=method.upper(), expected=dict(zip(roles, cells, strict=True))))
    return rows


def coverage_problems(routes: list[Route], rows: list[Row]) -> list[str]:
    """Routes without a row, and rows whose route is gone (groups count as one route each)."""
    keys = {r.key for r in routes if route_group(r) is None}
    grouped = {g for g in (route_group(r) for r in routes) if g}
    rowed = {row.route for row in rows}
    group_rows = {row.route for row in rows if row.route.startswith("/")}
    problems = [f"new endpoint without a permission rule: {key} ({pattern})"
                for key, pattern in sorted({(r.key, r.pattern) for r in routes if route_group(r) is None})
                if key not in rowed]
    problems += [f"new endpoint group without a permission rule: {group}" for group in sorted(grouped)
                 if not any(path.lstrip("/").startswith(group) for path in group_rows)]
    problems += [f"permission rule for a route that no longer exists: {key}"
                 for key in sorted(rowed - keys) if not key.startswith("/")]
    problems += [f"permission rule for a group that no longer exists: {path}" for path in sorted(group_rows)
                 if not any(path.lstrip("/").startswith(g) for g in grouped)]
    return problems


# --- the firm ---------------------------------------------------------------------------------
def make_work(owner: Any, matter: Any, tag: str) -> dict[str, Any]:
    """One object of each kind, owned by ``owner`` in ``matter``; the ids the routes take."""
    session = chat_services.session_create(actor=owner, title=f"{tag} 咨询", matter=matter)
    question = Message.objects.create(session=session, role=Message.Role.USER, author=owner,
                                      content=f"{tag} 借款到期不还怎么办？")
    answer = Message.objects.create(session=session, role=Message.Role.ASSISTANT, reply_to=question,
                                    content=f"{tag} 可以起诉。依据《中华人民共和国民法典》第六百七十五条。")
    chat_services.summary_set(actor=owner, session=session, text=f"{tag} 借款纠纷咨询摘要")
    contract = make_contract(owner, matter=matter, title=f"{tag} 设备买卖合同")
    section = Section.objects.filter(contract=contract).order_by("order").last()
    issue = issue_add(actor=owner, contract=contract, section=None, category="争议解决", severity="high",
                      description=f"{tag} 合同缺少争议解决条款")
    run = manual_run(actor=owner, contract=contract)
    task = research_services.task_create(actor=owner, question=f"{tag} 公司无故辞退我，能拿多少赔偿？",
                                         matter=matter)
    version = TemplateVersion.objects.filter(status=TemplateVersion.Status.APPROVED).order_by("pk").first()
    draft = draft_create(actor=owner, version=version, matter=matter, title=f"{tag} 起诉状")
    DraftVersion.objects.create(draft=draft, number=1, docx=b"PK", fields={}, created_by=owner)
    data = f"{tag} 判决书".encode()
    case = CaseDocument.objects.create(owner=owner, matter=matter, title=f"{tag} 判决书", file_name="case.txt",
                                       content_type="text/plain", size=len(data),
                                       sha256=hashlib.sha256(data).hexdigest())
    CaseChunk.objects.create(document=case, ordinal=0, heading="", text=f"{tag} 本院认为，借款应当归还。")
    # Left open: sealing takes a lock the test's transaction would hold until its end, and a
    # request's own trace is sealed by the recorder's thread (another connection).
    recorder = trace_open("chat", owner, ("chat.session", str(session.pk)), matter)
    drive_chat_turn(recorder, question=f"{tag} 公司拖欠工资三个月怎么办？")
    return {
        "matter_id": matter.pk, "session_id": session.pk, "message_id": answer.pk, "contract_id": contract.pk,
        "section_id": section.pk, "issue_id": issue.pk, "run_id": run.pk, "task_id": task.pk,
        "draft_id": draft.pk, "number": 1, "document_id": case.pk, "trace_id": recorder.trace_id,
    }


def make_firm(make_user: Any) -> dict[str, Any]:
    users = {
        "owner": make_user("staff"), "member": make_user("staff"), "outsider": make_user("staff"),
        "compliance": make_user("compliance"), "admin": make_user("admin"),
    }
    matter = firm_services.matter_create(actor=users["owner"], number="PM-1", title="借款纠纷", client="甲",
                                         members=[users["member"]])
    privileged = firm_services.matter_create(actor=users["owner"], number="PM-2", title="内部调查", client="乙",
                                             members=[users["member"]], privileged=True)
    other = firm_services.matter_create(actor=users["owner"], number="PM-3", title="股权转让", client="丁",
                                        members=[users["member"]])
    article = Article.objects.order_by("pk").first()
    template = DocumentTemplate.objects.order_by("pk").first()
    shared = {
        "template_id": template.slug,
        "version_id": TemplateVersion.objects.filter(template=template).order_by("pk").first().pk,
        "code": PlaybookRule.objects.order_by("pk").first().code,
        "other_matter_id": other.pk,  # where work may be moved to: the owner and the member are on its team
    }
    if article is not None:  # the statutes fixture imported the corpus
        shared.update(article_id=article.pk, law_id=article.law_id)
    return {"users": users, "matter": matter, "privileged": privileged,
            "open": {**shared, **make_work(users["owner"], matter, OPEN_MARK)},
            "walled": {**shared, **make_work(users["owner"], privileged, WALLED_MARK)}}
