"""Issue #19's eight findings, each through the surface where it was found, and the two decisions
(docs/decisions/ethical-walls.md, roles-and-matters.md). The firm: tests/firm/walls_support.py."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.test import Client

from contracts.services.issues import issue_add
from core import realtime
from drafting.models import TemplateVersion
from drafting.services import draft_update
from firm import services as firm_services
from firm.walls import declared
from tests.drafting.test_firm_templates import docx_with, upload
from tests.firm.walls_support import api, build_firm, mcp_calls, work_in
from tracing.models import AuditEvent, Trace
from tracing.redaction import MASKED_CONTENT


@pytest.fixture
def firm(make_user, statutes):
    built = build_firm(make_user)
    users, matters = built["users"], built["matters"]
    built["work"] = {"M1": work_in(users["A"], matters["M1"], "OPENM1"),
                     "M3": work_in(users["A"], matters["M3"], "SECRETM3")}
    return built


def _portal(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def _events(user, **params) -> str:
    response = api(user).get("/api/v1/audit/events", params)
    assert response.status_code == 200
    return response.content.decode()


# --- 1. the Django admin reads through the scope ------------------------------------------------------
@pytest.mark.django_db
def test_an_admin_off_a_privileged_matter_finds_its_research_task_nowhere_in_the_admin(firm):
    F = _portal(firm["users"]["F"])
    secret, open_task = firm["work"]["M3"]["task"], firm["work"]["M1"]["task"]
    listing = F.get("/admin/research/researchtask/").content.decode()
    assert "OPENM1" in listing and "SECRETM3" not in listing
    searched = F.get("/admin/research/researchtask/", {"q": "SECRETM3"}).content.decode()
    assert "0 条结果" in searched and f"/admin/research/researchtask/{secret.pk}/change/" not in searched
    assert F.get(f"/admin/research/researchtask/{secret.pk}/change/").status_code == 404
    assert F.get(f"/admin/research/researchtask/{secret.pk}/history/").status_code == 404
    assert F.get(f"/admin/research/researchtask/{open_task.pk}/change/").status_code == 200
    contract = firm["work"]["M3"]["contract"]
    assert F.get(f"/admin/contracts/contract/{contract.pk}/change/").status_code == 404
    assert "0 条结果" in F.get("/admin/contracts/reviewissue/", {"q": "SECRETM3"}).content.decode()
    open_issue = firm["work"]["M1"]["issue"]
    assert f"/admin/contracts/reviewissue/{open_issue.pk}/change/" in F.get("/admin/contracts/reviewissue/",
                                                                            {"q": "OPENM1"}).content.decode()
    # compliance does no client work: no client-work admin at all
    assert _portal(firm["users"]["E"]).get("/admin/research/researchtask/").status_code == 403


def test_every_client_work_admin_uses_the_scope():
    """The start-up check (firm.checks) holds for the registry as it is: no model slips through."""
    call_command("check")  # raises SystemCheckError on firm.E001–E004
    assert {d.label for d in declared()} >= {"chat.chatsession", "contracts.reviewissue", "research.researchtask",
                                             "drafting.draft", "knowledge.casedocument"}


# --- 2. an MCP call on a privileged contract is an M3 trace ---------------------------------------------
@pytest.mark.django_db
def test_an_mcp_call_on_a_privileged_contract_is_traced_under_its_matter(make_user, statutes, monkeypatch):
    built = build_firm(make_user)
    users, m3 = built["users"], built["matters"]["M3"]
    work = work_in(users["A"], m3, "SECRETM3")
    contract = work["contract"]
    [answer] = mcp_calls(monkeypatch, [(users["A"], "list_contract_issues", {"contract_id": contract.pk})])
    assert "SECRETM3" in json.dumps(answer, ensure_ascii=False)  # A is on M3: the call itself works

    trace = Trace.objects.get(kind="mcp", user=users["A"])
    assert trace.matter_id == m3.pk and trace.object_id == str(contract.pk)
    event = AuditEvent.objects.get(event_type="integrations.mcp_tool_call", actor=users["A"])
    assert event.matter_id == m3.pk

    F, E = api(users["F"]), api(users["E"])
    assert F.get(f"/api/v1/traces/{trace.pk}").status_code == 404
    assert str(trace.pk) not in F.get("/api/v1/traces", {"q": "SECRETM3"}).content.decode()
    assert str(trace.pk) not in F.get("/api/v1/traces").content.decode()
    shown = E.get(f"/api/v1/traces/{trace.pk}")
    assert shown.status_code == 200 and shown.json()["content_hidden"] is True
    assert "SECRETM3" not in shown.content.decode() and MASKED_CONTENT in shown.content.decode()
    assert str(trace.pk) not in E.get("/api/v1/traces", {"q": "SECRETM3"}).content.decode()


# --- 3. draft_changed on a privileged draft is masked --------------------------------------------------
@pytest.mark.django_db
def test_draft_changes_on_a_privileged_matter_are_masked_for_compliance_and_admins_off_the_team(firm):
    users = firm["users"]
    for tag in ("M1", "M3"):
        draft = firm["work"][tag]["draft"]
        name = next(f["name"] for f in draft.template_version.fields if f["type"] in ("text", "textarea"))
        draft_update(actor=users["A"], draft=draft, values={name: f"{tag}当事人王某某CLIENTNAME{tag}"})
    for viewer in ("E", "F"):
        text = _events(users[viewer], event_type="drafting.draft_changed")
        assert "CLIENTNAMEM3" not in text and MASKED_CONTENT in text
        assert "CLIENTNAMEM1" in text  # open matter: readable (the test can fail)
        secret = AuditEvent.objects.get(event_type="drafting.draft_changed", matter=firm["matters"]["M3"])
        page = _portal(users[viewer]).get(f"/admin/tracing/auditevent/{secret.pk}/change/").content.decode()
        assert "CLIENTNAMEM3" not in page and MASKED_CONTENT in page


# --- 4. a draft made from another matter's chat is a move ----------------------------------------------
@pytest.mark.django_db
def test_a_team_member_cannot_carry_a_privileged_chat_into_another_matter_as_a_draft(firm):
    users, matters = firm["users"], firm["matters"]
    session = firm["work"]["M3"]["session"]
    slug = TemplateVersion.objects.filter(status="approved").order_by("pk").first().template.slug
    body = {"template": slug, "matter": matters["M1"].pk, "chat_session": session.pk}
    refused = api(users["X"]).post("/api/v1/drafting/drafts", body, format="json")
    assert refused.status_code == 403, refused.content
    allowed = api(users["A"]).post("/api/v1/drafting/drafts", body, format="json")  # M3's lead may
    assert allowed.status_code == 201, allowed.content
    # B (on M1, not on M3) opens the draft: the source session is not shown to them
    page = _portal(users["B"]).get(f"/drafting/{allowed.json()['id']}/").content.decode()
    assert "SECRETM3" not in page and f"/chat/{session.pk}/" not in page
    assert "SECRETM3" in _portal(users["A"]).get(f"/drafting/{allowed.json()['id']}/").content.decode()


# --- 5. every free-text key of a review issue event is masked -------------------------------------------
@pytest.mark.django_db
def test_a_review_issue_event_masks_its_category_too(firm):
    text = _events(firm["users"]["E"], event_type="review_issue.created")
    assert "SECRETM3类别" not in text and "SECRETM3" not in text
    assert "OPENM1类别" in text  # an open matter's issue reads in full for compliance
    events = api(firm["users"]["E"]).get("/api/v1/audit/events", {"event_type": "review_issue.created"}).json()
    masked = [e for e in events["results"] if e["matter"] and "W-M3" in json.dumps(e["matter"], ensure_ascii=False)]
    assert masked and all(e["new"]["category"] == MASKED_CONTENT for e in masked)
    assert all(e["new"]["severity"] == "high" for e in masked)  # metadata stays


@pytest.mark.django_db
def test_an_unknown_event_key_is_masked_until_declared_metadata(firm):
    from django.db import transaction

    from tracing.services import audit_event_record

    issue = firm["work"]["M3"]["issue"]
    with transaction.atomic():
        audit_event_record(actor=firm["users"]["A"], event_type="review_issue.probed", obj=issue,
                           new={"brand_new_key": "SECRETPROBE", "severity": "high"})
    text = _events(firm["users"]["F"], event_type="review_issue.probed")
    assert "SECRETPROBE" not in text and '"severity":"high"' in text.replace(" ", "")


# --- 6. templates are untrusted code -------------------------------------------------------------------
@pytest.mark.parametrize(("tag", "word"), [
    ("{{ ''.__class__.__mro__ }}", "__class__"),
    ("{% for i in range(10**9) %}x{% endfor %}", "**"),
    ("{% for i in range(100000000) %}x{% endfor %}", "range"),
    ("{{ 9**9**9 }}", "**"),
    ("{{ 承诺人.__init__.__globals__ }}", "__init__"),
    ("{{ lipsum() }}", "lipsum"),
    ("{{ '-' * 100000000 }}", "*"),
])
@pytest.mark.django_db
def test_unsafe_template_tags_are_refused_at_upload_naming_the_tag_and_paragraph(admin_user, tag, word):
    response = upload(api(admin_user), docx_with("标题", "承诺人：{{ 承诺人 }}", tag), name="坏模板")
    assert response.status_code == 400, response.content
    reason = json.dumps(response.json(), ensure_ascii=False)
    assert word in reason and "第3段" in reason


@pytest.mark.django_db
def test_a_render_past_the_output_bound_is_a_400_not_a_500(make_user, settings):
    admin, lawyer = make_user("admin"), make_user("staff")
    settings.DRAFTING_RENDER_MAX_CHARS = 1_000_000
    template = docx_with("标题", "{% for i in range(1000) %}{{ 事实与理由 }}{% endfor %}", "承诺人：{{ 承诺人 }}")
    created = upload(api(lawyer), template, name="放大模板")
    assert created.status_code == 201, created.content
    version = created.json()
    assert api(admin).post(f"/api/v1/drafting/template-versions/{version['id']}/approve", {},
                           format="json").status_code == 200
    client = api(lawyer)
    draft = client.post("/api/v1/drafting/drafts", {"template": version["slug"], "fields": {
        "承诺人": "张三", "事实与理由": "很长的事实" * 600}}, format="json")
    assert draft.status_code == 201, draft.content
    rendered = client.post(f"/api/v1/drafting/drafts/{draft.json()['id']}/render")
    assert rendered.status_code == 400, rendered.content[:500]
    assert "超过上限" in json.dumps(rendered.json(), ensure_ascii=False)
    # the same template with a short value renders
    client.patch(f"/api/v1/drafting/drafts/{draft.json()['id']}", {"fields": {"事实与理由": "借款未还"}},
                 format="json")
    assert client.post(f"/api/v1/drafting/drafts/{draft.json()['id']}/render").status_code == 200


# --- 7 and 8. odd JSON is a 400 at the parser -----------------------------------------------------------
@pytest.mark.django_db
def test_a_nul_byte_in_a_draft_field_is_a_400(firm):
    client = api(firm["users"]["A"])
    version = TemplateVersion.objects.filter(status="approved").order_by("pk").first()
    name = next(f["name"] for f in version.fields if f["type"] in ("text", "textarea"))
    created = client.post("/api/v1/drafting/drafts", {"template": version.template.slug,
                                                      "fields": {name: "王\x00某"}}, format="json")
    assert created.status_code == 400 and "NUL" in created.content.decode()
    draft = firm["work"]["M1"]["draft"]
    patched = client.patch(f"/api/v1/drafting/drafts/{draft.pk}", {"fields": {name: {"nested": ["a\x00"]}}},
                           format="json")
    assert patched.status_code == 400 and "NUL" in patched.content.decode()
    key = client.patch(f"/api/v1/drafting/drafts/{draft.pk}", {"fields": {"a\x00b": "x"}}, format="json")
    assert key.status_code == 400


@pytest.mark.parametrize("path", ["/api/v1/drafting/drafts", "/api/v1/chat/sessions", "/api/v1/knowledge/verify"])
@pytest.mark.django_db
def test_json_nested_100000_levels_deep_is_a_400(staff_user, path):
    body = "[" * 100_000 + "]" * 100_000
    response = api(staff_user).generic("POST", path, body, content_type="application/json")
    assert response.status_code == 400 and "嵌套过深" in response.content.decode()


@pytest.mark.django_db
def test_json_that_is_not_utf8_is_a_400_and_v1_refuses_deep_nesting(staff_user):
    client = api(staff_user)
    latin = client.generic("POST", "/api/v1/chat/sessions", '{"title": "caf\xe9"}'.encode("latin-1"),
                           content_type="application/json")
    assert latin.status_code == 400 and "UTF-8" in latin.content.decode()
    v1 = Client().post("/v1/chat/completions", "[" * 100_000 + "]" * 100_000, content_type="application/json",
                       HTTP_AUTHORIZATION=f"Bearer {firm_services.token_issue(user=staff_user).key}")
    assert v1.status_code == 400


# --- the decisions ------------------------------------------------------------------------------------
@pytest.mark.django_db
def test_lifting_the_privileged_flag_is_its_own_event_and_tells_the_lead(firm, monkeypatch,
                                                                        django_capture_on_commit_callbacks):
    sent = []
    monkeypatch.setattr(realtime, "group_publish", lambda group, event: sent.append((group, event)))
    users, m3 = firm["users"], firm["matters"]["M3"]
    with django_capture_on_commit_callbacks(execute=True):
        firm_services.matter_update(actor=users["F"], matter=m3, privileged=False)
    event = AuditEvent.objects.get(event_type="matter.privilege_lifted")
    assert event.actor == users["F"] and event.matter_id == m3.pk
    assert event.detail_data == {"by_admin": True, "leads_notified": [users["A"].username]}
    assert sent == [(f"user.{users['A'].pk}", sent[0][1])] and sent[0][1]["type"] == "matter.privilege_lifted"
    assert realtime.notifications(users["A"].pk).replay(sent[0][1]["seq"] - 1) == [sent[0][1]]  # logged: replayable
    page = _portal(users["A"]).get(f"/matters/{m3.pk}/").content.decode()
    assert "privilege-lifted" in page and users["F"].username in page
    # setting it again is no lift; the flag going up records no privilege_lifted
    firm_services.matter_update(actor=users["A"], matter=m3, privileged=True)
    assert AuditEvent.objects.filter(event_type="matter.privilege_lifted").count() == 1


@pytest.mark.django_db
def test_agent_status_shows_staff_names_and_health_only(make_user, settings):
    settings.LLM_BASE_URL = ""
    for role in ("staff", "compliance"):
        body = api(make_user(role)).get("/api/v1/agents").json()
        assert set(body) == {"status", "health", "agents"}
        assert all(set(agent) == {"name", "label"} for agent in body["agents"])
        assert all(isinstance(ok, bool) for ok in body["health"].values())
        assert "redis://" not in json.dumps(body) and "components" not in body
    full = api(make_user("admin")).get("/api/v1/agents").json()
    assert "components" in full and "limits" in full["agents"][0]


@pytest.mark.django_db
def test_issue_events_of_an_unfiled_contract_are_not_masked(make_user):
    lawyer, auditor = make_user("staff"), make_user("compliance")
    from tests.contracts.review_support import make_contract

    contract = make_contract(lawyer, title="无案件合同")
    issue_add(actor=lawyer, contract=contract, section=None, category="UNFILEDCAT", severity="low",
              description="无案件")
    assert "UNFILEDCAT" in _events(auditor, event_type="review_issue.created")


def test_a_render_past_the_time_bound_stops_with_a_refusal(settings):
    from drafting import render

    settings.DRAFTING_RENDER_MAX_SECONDS = 0.01
    settings.DRAFTING_RENDER_MAX_CHARS = 10**9
    template = docx_with("{% for i in range(1000) %}{% for j in range(1000) %}x{% endfor %}{% endfor %}")
    with pytest.raises(render.RenderRefused, match="时限"):
        render.render(template, {}, [])
    settings.DRAFTING_RENDER_MAX_SECONDS = 10
    assert "合计2" in render.document_text(render.render(docx_with("合计{{ 1 + 1 }}"), {}, []))
