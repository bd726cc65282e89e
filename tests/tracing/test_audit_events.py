"""Audit events: one hash-chained, append-only row per change made through a service, read by
compliance and admins at /api/v1/audit/events and in the admin, covered by verify_audit."""

from __future__ import annotations

import io
import threading
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import DatabaseError, connection, connections, transaction
from django.test import Client
from django.utils import timezone

from chat import services as chat_services
from chat.models import ChatSession, Message
from firm import services as firm_services
from firm.models import Matter, MatterMember
from knowledge import embeddings
from knowledge.services import case_delete, case_upload
from tests.tracing.factories import PHONE, chat_trace
from tracing import services
from tracing.models import AuditEvent
from tracing.selectors import audit_verify

EVENTS = "/api/v1/audit/events"


def _api(api_client, user):
    api_client.force_authenticate(user)
    return api_client


def _verify() -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("verify_audit", stdout=out, stderr=err)
    except SystemExit as exc:
        return int(exc.code), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def _tamper(sql: str, params: list) -> None:
    table = "tracing_auditevent"
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(f"ALTER TABLE {table} DISABLE TRIGGER {table}_append_only")
        cursor.execute(sql, params)
        cursor.execute(f"ALTER TABLE {table} ENABLE TRIGGER {table}_append_only")


def _types(**filters) -> list[str]:
    return list(AuditEvent.objects.filter(**filters).order_by("chain_index").values_list("event_type", flat=True))


# --- the done-when of the issue --------------------------------------------------------------
@pytest.mark.django_db
def test_an_admin_adding_a_member_is_an_event_compliance_reads_and_staff_cannot(api_client, make_user):
    lawyer, colleague = make_user("staff"), make_user("staff")
    admin, auditor = make_user("admin"), make_user("compliance")
    matter = firm_services.matter_create(actor=lawyer, number="M-AUD-1", title="股权纠纷", client="甲公司")

    added = _api(api_client, admin).post(f"/api/v1/matters/{matter.pk}/members",
                                         {"username": colleague.username, "team_role": "member"}, format="json")
    assert added.status_code == 201

    body = _api(api_client, auditor).get(EVENTS, {"object_type": "firm.matter", "object_id": matter.pk}).json()
    assert {"count", "next", "previous", "results"} <= body.keys()
    assert [e["event_type"] for e in body["results"]] == ["matter.member_added", "matter.created"]
    event = body["results"][0]
    assert set(event) >= {"id", "ts", "actor", "event_type", "object_type", "object_id", "old", "new", "detail"}
    assert event["actor"] == admin.username and event["object_id"] == str(matter.pk)
    assert event["new"] == {"username": colleague.username, "team_role": "member"} and event["old"] is None

    assert _api(api_client, lawyer).get(EVENTS).status_code == 403
    api_client.force_authenticate(None)
    assert api_client.get(EVENTS).status_code in (401, 403)
    assert _api(api_client, admin).get(EVENTS, {"event_type": "matter.member_added"}).json()["count"] == 1


@pytest.mark.django_db
def test_verify_audit_passes_with_events_and_names_an_altered_one(make_user):
    lawyer = make_user("staff")
    matter = firm_services.matter_create(actor=lawyer, number="M-AUD-2", title="t", client="c")
    firm_services.matter_update(actor=lawyer, matter=matter, title="改名")
    chat_trace(lawyer)
    status, out, _ = _verify()
    events = AuditEvent.objects.count()
    assert status == 0 and f"1 seals, {events} audit events checked" in out and events >= 3

    victim = AuditEvent.objects.get(event_type="matter.changed")
    _tamper("UPDATE tracing_auditevent SET new = %s WHERE id = %s", ['{"title":"别的名字"}', victim.pk])
    status, _, err = _verify()
    assert status == 1
    assert f"global chain AuditEvent seq {victim.chain_index}: content does not match its hash" in err.splitlines()[0]


@pytest.mark.django_db
def test_verify_audit_notices_a_deleted_event(make_user):
    lawyer = make_user("staff")
    firm_services.matter_create(actor=lawyer, number="M-AUD-3", title="t", client="c")
    first = AuditEvent.objects.order_by("chain_index").first()
    _tamper("DELETE FROM tracing_auditevent WHERE id = %s", [first.pk])
    status, _, err = _verify()
    assert status == 1 and f"AuditEvent seq {first.chain_index}: a row is missing" in err


@pytest.mark.django_db
def test_the_trigger_refuses_update_and_delete_of_events(staff_user):
    chat_services.session_create(actor=staff_user, title="会话")
    for statement in ("UPDATE tracing_auditevent SET new = '{}'", "DELETE FROM tracing_auditevent"):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement)
    assert AuditEvent.objects.filter(event_type="chat.session_created").exists()


@pytest.mark.django_db(transaction=True)
def test_an_event_is_written_only_inside_the_change_and_rolls_back_with_it(make_user):
    lawyer, auditor = make_user("staff"), make_user("compliance")
    with pytest.raises(RuntimeError, match="inside the transaction"):
        services.audit_event_record(actor=lawyer, event_type="matter.created", object_type="firm.matter", object_id=1)
    with pytest.raises(ValueError, match="dotted"), transaction.atomic():
        services.audit_event_record(actor=lawyer, event_type="Matter Created", object_type="firm.matter")
    before = AuditEvent.objects.count()
    with pytest.raises(ValidationError, match="合规人员"):  # refused after the matter row was written
        firm_services.matter_create(actor=lawyer, number="M-AUD-4", title="t", client="c", members=[auditor])
    assert AuditEvent.objects.count() == before and not Matter.objects.filter(number="M-AUD-4").exists()


@pytest.mark.django_db
def test_events_recorded_together_are_the_chain_of_single_records(staff_user):
    """``audit_events_record`` (a seed of hundreds of rows): one lock and one INSERT, the same links and
    hashes as one call per event, in the order given, after the events already there."""
    matter = firm_services.matter_create(actor=staff_user, number="M-AUD-B", title="t", client="c")
    head = AuditEvent.objects.order_by("-chain_index").first()
    with transaction.atomic():
        written = services.audit_events_record([
            {"actor": staff_user, "event_type": "matter.batch_probe", "obj": matter, "new": {"n": n}}
            for n in range(3)] + [{"actor": None, "event_type": "issue_card.seeded", "object_type": "legal.issuecard",
                                   "object_id": 7, "actor_name": "system"}])
        single = services.audit_event_record(actor=staff_user, event_type="matter.batch_probe", obj=matter)
    events = list(AuditEvent.objects.filter(chain_index__gt=head.chain_index).order_by("chain_index"))
    assert [e.pk for e in events] == [e.pk for e in [*written, single]]
    assert [e.chain_index for e in events] == list(range(head.chain_index + 1, head.chain_index + 6))
    assert [e.prev_hash for e in events] == [head.hash, *[e.hash for e in events[:-1]]]
    assert all(e.hash == e.compute_hash() for e in events)
    assert [e.new for e in events[:3]] == ['{"n":0}', '{"n":1}', '{"n":2}']
    assert (events[0].matter_id, events[0].matter_number) == (matter.pk, "M-AUD-B")
    assert (events[3].actor_username, events[3].object_id, events[3].matter_id) == ("system", "7", None)
    assert audit_verify().ok
    before = AuditEvent.objects.count()
    with pytest.raises(ValueError, match="dotted"), transaction.atomic():
        services.audit_events_record([{"actor": None, "event_type": "matter.ok", "object_type": "x"},
                                      {"actor": None, "event_type": "Not Dotted", "object_type": "x"}])
    assert AuditEvent.objects.count() == before  # checked before any is written


@pytest.mark.django_db(transaction=True)
def test_concurrent_writers_extend_one_chain(make_user):
    users = [make_user("staff") for _ in range(8)]
    barrier = threading.Barrier(len(users))
    errors: list[BaseException] = []

    def work(user) -> None:
        try:
            barrier.wait(timeout=30)
            for number in range(3):
                chat_services.session_create(actor=user, title=f"会话{number}")
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=work, args=(user,)) for user in users]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors
    chain = list(AuditEvent.objects.order_by("chain_index").values_list("chain_index", "prev_hash", "hash"))
    assert [index for index, _, _ in chain] == list(range(1, len(chain) + 1))
    assert all(b[1] == a[2] for a, b in zip(chain, chain[1:], strict=False))
    assert len(_types(event_type="chat.session_created")) == 24
    report = audit_verify()
    assert report.ok, report.broken
    assert report.events == len(chain)


# --- what is recorded ------------------------------------------------------------------------
@pytest.mark.django_db
def test_matter_team_and_role_changes_are_recorded(api_client, make_user):
    lawyer, colleague, admin = make_user("staff"), make_user("staff"), make_user("admin")
    matter = firm_services.matter_create(actor=lawyer, number="M-AUD-5", title="t", client="c", members=[colleague])
    firm_services.matter_member_add(actor=lawyer, matter=matter, user=colleague, team_role="lead")
    firm_services.matter_member_add(actor=lawyer, matter=matter, user=colleague, team_role="lead")  # no change
    firm_services.matter_member_remove(actor=lawyer, matter=matter, user=colleague)
    firm_services.matter_update(actor=lawyer, matter=matter, privileged=True, status="closed")
    firm_services.matter_member_add(actor=admin, matter=matter, user=admin)
    firm_services.user_role_set(actor=admin, user=colleague, role="compliance")
    firm_services.user_active_set(actor=admin, user=colleague, active=False)

    assert _types(object_type="firm.matter") == [
        "matter.created", "matter.member_role_changed", "matter.member_removed", "matter.changed",
        "matter.member_added",
    ]
    changed = AuditEvent.objects.get(event_type="matter.changed")
    assert (changed.old_data, changed.new_data) == ({"privileged": False, "status": "open"},
                                                    {"privileged": True, "status": "closed"})
    joined = AuditEvent.objects.get(event_type="matter.member_added")
    assert joined.detail_data == {"self": True} and joined.actor == admin
    assert _types(object_type="auth.user", object_id=str(colleague.pk)) == [
        "user.created", "user.role_changed", "user.deactivated",
    ]
    role = AuditEvent.objects.get(event_type="user.role_changed")
    assert (role.old_data, role.new_data, role.actor) == ({"role": "staff"}, {"role": "compliance"}, admin)


@pytest.mark.django_db
def test_the_create_user_command_is_recorded_with_who_ran_it():
    call_command("create_user", "clerk", "--role", "staff", "--password", "x-Long-pass-1", stdout=io.StringIO())
    event = AuditEvent.objects.get(event_type="user.created")
    assert event.actor is None and "(manage.py create_user)" in event.actor_username
    assert event.new_data["role"] == "staff" and event.new_data["username"] == "clerk"


@pytest.mark.django_db
def test_the_admin_site_records_matter_and_member_changes(make_user):
    lawyer, colleague, admin = make_user("staff"), make_user("staff"), make_user("admin")
    client = Client()
    client.force_login(admin)
    form = {"number": "M-ADM-1", "title": "借款纠纷", "client": "丙", "description": "", "status": "open",
            "owner": lawyer.pk, "memberships-TOTAL_FORMS": "1", "memberships-INITIAL_FORMS": "0",
            "memberships-MIN_NUM_FORMS": "0", "memberships-MAX_NUM_FORMS": "1000",
            "memberships-0-user": colleague.pk, "memberships-0-team_role": "member"}
    response = client.post("/admin/firm/matter/add/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    created = AuditEvent.objects.get(event_type="matter.created")
    assert created.actor == admin and created.new_data["owner"] == lawyer.username
    assert _types(event_type="matter.member_added") == ["matter.member_added"]

    matter_id = int(created.object_id)
    membership = MatterMember.objects.get(matter_id=matter_id, user=colleague)
    lead = MatterMember.objects.get(matter_id=matter_id, user=lawyer)
    form.update({"privileged": "on", "memberships-TOTAL_FORMS": "2", "memberships-INITIAL_FORMS": "2",
                 "memberships-0-id": lead.pk, "memberships-0-matter": matter_id, "memberships-0-user": lawyer.pk,
                 "memberships-0-team_role": "lead",
                 "memberships-1-id": membership.pk, "memberships-1-matter": matter_id,
                 "memberships-1-user": colleague.pk, "memberships-1-team_role": "member",
                 "memberships-1-DELETE": "on"})
    response = client.post(f"/admin/firm/matter/{matter_id}/change/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert _types(object_id=str(matter_id))[-2:] == ["matter.changed", "matter.member_removed"]
    assert not MatterMember.objects.filter(matter_id=matter_id, user=colleague).exists()


@pytest.mark.django_db
def test_the_admin_site_changes_roles_through_the_service(make_user):
    admin, clerk = make_user("admin"), make_user("staff")
    client = Client()
    client.force_login(admin)
    response = client.post(f"/admin/auth/user/{clerk.pk}/change/", {
        "username": clerk.username, "first_name": "张", "last_name": "", "email": "", "role": "compliance",
        "is_active": "on", "last_login_0": "", "last_login_1": "", "date_joined_0": "2026-01-01",
        "date_joined_1": "00:00:00",
    })
    assert response.status_code == 302, response.content.decode()[:3000]
    clerk.refresh_from_db()
    assert clerk.groups.get().name == "compliance" and clerk.is_staff and not clerk.is_superuser
    assert _types(object_id=str(clerk.pk))[-2:] == ["user.changed", "user.role_changed"]


@pytest.mark.django_db
def test_session_feedback_summary_and_export_events(api_client, make_user):
    lawyer = make_user("staff")
    api = _api(api_client, lawyer)
    sid = api.post("/api/v1/chat/sessions", {"title": "劳动争议"}, format="json").json()["id"]
    api.patch(f"/api/v1/chat/sessions/{sid}", {"title": "劳动争议（改）"}, format="json")
    question, answer = chat_services.turn_create(actor=lawyer, session=_session(sid), content="试用期被辞退怎么办？")
    Message.objects.filter(pk=answer.pk).update(status="complete", content="答")
    base = f"/api/v1/chat/sessions/{sid}"
    api.post(f"{base}/messages/{answer.pk}/feedback", {"rating": 4, "comment": "有用"}, format="json")
    api.post(f"{base}/messages/{answer.pk}/feedback", {"rating": 2, "comment": "不够具体"}, format="json")
    api.get(f"{base}/export/md")
    api.get(f"{base}/export/docx")
    chat_services.summary_set(actor=lawyer, session=_session(sid), text="摘要")
    api.delete(f"{base}/summary")
    assert api.delete(base).status_code == 204

    assert _types(object_type="chat.chatsession", object_id=str(sid)) == [
        "chat.session_created", "chat.session_changed", "chat.session_exported", "chat.session_exported",
        "chat.summary_set", "chat.summary_deleted", "chat.session_deleted",
    ]
    renamed = AuditEvent.objects.get(event_type="chat.session_changed")
    assert (renamed.old_data, renamed.new_data) == ({"title": "劳动争议"}, {"title": "劳动争议（改）"})
    feedback = list(AuditEvent.objects.filter(event_type="chat.feedback_set").order_by("chain_index"))
    assert [f.old_data for f in feedback] == [None, {"rating": 4, "comment": "有用"}]
    assert feedback[1].new_data == {"rating": 2, "comment": "不够具体"} and feedback[1].object_id == str(answer.pk)
    exported = AuditEvent.objects.filter(event_type="chat.session_exported").order_by("chain_index")
    assert [e.detail_data["format"] for e in exported] == ["md", "docx"]
    deleted = AuditEvent.objects.get(event_type="chat.session_deleted")
    assert deleted.old_data["title"] == "劳动争议（改）" and deleted.old_data["messages"] == 2


def _session(session_id):
    return ChatSession.objects.get(pk=session_id)


@pytest.mark.django_db
def test_holds_purges_and_trace_exports_are_events(make_user, admin_user, compliance_user):
    lawyer = make_user("staff")
    old = timezone.now() - timedelta(days=30)
    kept, gone = chat_trace(lawyer, started_at=old), chat_trace(lawyer, started_at=old)
    hold = services.legal_hold_place(actor=admin_user, reason="诉讼保全", trace_id=kept.trace_id)
    call_command("purge_traces", "--before", (timezone.localdate() - timedelta(days=1)).isoformat(),
                 stdout=io.StringIO())
    services.legal_hold_release(actor=admin_user, hold=hold, reason="结案")
    client = Client()
    client.force_login(compliance_user)
    client.post("/admin/tracing/trace/", {"action": "export_csv", "_selected_action": [kept.trace_id]})

    assert _types(event_type__startswith="trace.") == [
        "trace.hold_placed", "trace.purged", "trace.hold_released", "trace.exported",
    ]
    purged = AuditEvent.objects.get(event_type="trace.purged")
    assert purged.detail_data["traces"] == 1 and "(manage.py)" in purged.actor_username
    exported = AuditEvent.objects.get(event_type="trace.exported")
    assert exported.actor == compliance_user and exported.detail_data == {
        "format": "csv", "count": 1, "traces": [kept.trace_id]}
    assert gone.trace_id not in exported.detail_data["traces"]
    assert audit_verify().ok


@pytest.mark.django_db
def test_case_library_uploads_and_deletes_are_events(make_user, memo_embedder, monkeypatch):
    monkeypatch.setattr(embeddings, "_embedder", memo_embedder)
    lawyer = make_user("staff")
    document = case_upload(actor=lawyer, file=SimpleUploadedFile("判决.txt", "本院认为，被告应当支付货款。".encode()),
                           title="买卖合同纠纷")
    case_delete(actor=lawyer, document=document)
    assert _types(object_type="knowledge.casedocument") == ["knowledge.case_uploaded", "knowledge.case_deleted"]
    assert AuditEvent.objects.get(event_type="knowledge.case_uploaded").new_data["sha256"] == document.sha256


# --- reading events --------------------------------------------------------------------------
@pytest.mark.django_db
def test_filters_since_and_prefix(api_client, make_user):
    lawyer, colleague, auditor = make_user("staff"), make_user("staff"), make_user("compliance")
    matter = firm_services.matter_create(actor=lawyer, number="M-AUD-6", title="t", client="c")
    firm_services.matter_member_add(actor=lawyer, matter=matter, user=colleague)
    chat_services.session_create(actor=colleague, title="x")
    api = _api(api_client, auditor)
    assert api.get(EVENTS, {"event_type": "matter."}).json()["count"] == 2
    assert api.get(EVENTS, {"actor": colleague.username, "event_type": "chat."}).json()["count"] == 1
    assert api.get(EVENTS, {"since": "2999-01-01"}).json()["count"] == 0
    assert api.get(EVENTS, {"since": timezone.localdate().isoformat(), "object_type": "firm.matter"}).json()[
        "count"] == 2
    assert api.get(EVENTS, {"since": "yesterday"}).status_code == 400
    for method in ("post", "put", "patch", "delete"):
        assert getattr(api, method)(EVENTS, {}, format="json").status_code == 405


@pytest.mark.django_db
def test_privileged_content_and_personal_data_are_masked_for_outsiders(api_client, make_user):
    lead, admin, auditor = make_user("staff"), make_user("admin"), make_user("compliance")
    secret = firm_services.matter_create(actor=lead, number="M-PRIV-1", title="并购", client="丁", privileged=True)
    chat_services.session_create(actor=lead, title=f"收购方案 联系人{PHONE}", matter=secret)
    chat_services.session_create(actor=lead, title="公开的会话")

    def titles(user):
        results = _api(api_client, user).get(EVENTS, {"event_type": "chat.session_created"}).json()["results"]
        return sorted(e["new"]["title"] for e in results)

    assert titles(auditor) == ["〔保密事项：内容已遮蔽〕", "公开的会话"]
    assert titles(admin) == ["〔保密事项：内容已遮蔽〕", "公开的会话"]
    firm_services.matter_member_add(actor=admin, matter=secret, user=admin)
    assert titles(admin) == ["公开的会话", f"收购方案 联系人{PHONE}"]  # on the team now (admins may unmask)
    matter_events = _api(api_client, auditor).get(EVENTS, {"object_type": "firm.matter"}).json()["results"]
    assert matter_events[-1]["new"]["title"] == "并购"  # matter metadata is not work content


@pytest.mark.django_db
def test_the_admin_lists_and_filters_events_for_compliance_only(make_user):
    lawyer, auditor = make_user("staff"), make_user("compliance")
    matter = firm_services.matter_create(actor=lawyer, number="M-AUD-7", title="t", client="c")
    client = Client()
    client.force_login(auditor)
    page = client.get("/admin/tracing/auditevent/", {"event_type": "matter.created"})
    assert page.status_code == 200
    html = page.content.decode()
    assert f"firm.matter:{matter.pk}" in html
    assert '<td class="field-event_type">matter.created</td>' in html
    assert '<td class="field-event_type">user.created</td>' not in html
    assert client.get("/admin/tracing/auditevent/", {"q": str(matter.pk)}).status_code == 200
    event = AuditEvent.objects.get(event_type="matter.created")
    detail = client.get(f"/admin/tracing/auditevent/{event.pk}/change/").content.decode()
    assert "M-AUD-7" in detail and event.hash in detail
    assert client.post(f"/admin/tracing/auditevent/{event.pk}/delete/", {"post": "yes"}).status_code == 403
    staff = Client()
    staff.force_login(lawyer)
    assert staff.get("/admin/tracing/auditevent/").status_code == 302  # no admin site for staff


@pytest.mark.django_db
def test_the_endpoint_is_in_the_openapi_schema(api_client, staff_user):
    schema = _api(api_client, staff_user).get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/v1/audit/events"]["get"]
    assert {p["name"] for p in operation["parameters"]} >= {"object_type", "object_id", "event_type", "actor",
                                                            "since", "page"}


@pytest.mark.django_db
def test_audit_events_export_as_csv_and_json_masked_like_the_page_and_audited(make_user):
    import json as jsonlib

    lawyer, auditor = make_user("staff"), make_user("compliance")
    walled = firm_services.matter_create(actor=lawyer, number="M-PRIV-9", title="内部调查", client="甲",
                                         privileged=True)
    chat_services.session_create(actor=lawyer, title="秘密收购案的尽调", matter=walled)
    open_matter = firm_services.matter_create(actor=lawyer, number="M-OPEN-9", title="借款纠纷", client="乙")
    chat_services.session_create(actor=lawyer, title="借款利息咨询", matter=open_matter)
    client = Client()
    client.force_login(auditor)
    ids = [str(pk) for pk in AuditEvent.objects.values_list("pk", flat=True)]
    csv_response = client.post("/admin/tracing/auditevent/", {"action": "export_csv", "_selected_action": ids})
    assert csv_response.status_code == 200 and csv_response["Content-Type"].startswith("text/csv")
    text = csv_response.content.decode("utf-8-sig")
    assert "chat.session_created" in text and "借款利息咨询" in text
    assert "秘密收购案" not in text  # privileged content is masked in the export as on the page
    json_response = client.post("/admin/tracing/auditevent/", {"action": "export_json", "_selected_action": ids})
    events = jsonlib.loads(json_response.content)["events"]
    assert {e["event_type"] for e in events} >= {"matter.created", "chat.session_created"}
    assert "秘密收购案" not in json_response.content.decode()
    exports = AuditEvent.objects.filter(event_type="audit_event.exported").order_by("chain_index")
    assert [e.detail_data["format"] for e in exports] == ["csv", "json"]
    assert exports[0].actor_username == auditor.username and exports[0].detail_data["count"] == len(ids)
    call_command("verify_audit", stdout=io.StringIO())
