"""The compliance admin: everything readable, nothing changeable; staff see nothing."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import Permission
from django.test import Client

from firm.services import matter_create
from tests.tracing.factories import EMAIL, ID_CARD, PHONE, chat_trace, trace_with_personal_data
from tracing import services
from tracing.models import LegalHold, ToolCall, Trace

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/tracing/trace/"


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_compliance_sees_the_changelist_and_the_timeline(compliance_user, staff_user):
    recorder = chat_trace(staff_user)
    client = _client(compliance_user)
    page = client.get(CHANGELIST)
    assert page.status_code == 200
    html = page.content.decode()
    assert recorder.trace_id[:8] in html and "费用统计" in html
    assert "/admin/tracing/trace/add/" not in html
    timeline = client.get(f"{CHANGELIST}{recorder.trace_id}/change/")
    assert timeline.status_code == 200
    text = timeline.content.decode()
    for label in ("路由决策", "智能体运行", "模型调用", "工具调用", "search_legal_knowledge", "legal_advisor",
                  "tl-bar", "✔ 完整"):
        assert label in text, label
    assert text.index("路由决策（1）") < text.index("智能体运行（2）") < text.index("模型调用（2）") < text.index(
        "工具调用（3）")


def test_the_admin_index_shows_the_audit_models_to_compliance(compliance_user):
    html = _client(compliance_user).get("/admin/").content.decode()
    assert "审计追踪" in html and "追踪记录" in html and "法律保全" in html and "清理记录" in html
    assert "案件/事项" not in html  # no client work


def test_compliance_cannot_add_change_or_delete(compliance_user, staff_user, admin_user):
    recorder = chat_trace(staff_user)
    hold = services.legal_hold_place(actor=admin_user, reason="保全", trace_id=recorder.trace_id)
    client = _client(compliance_user)
    assert client.post(f"{CHANGELIST}add/", {"kind": "chat"}).status_code == 403
    assert client.post(f"{CHANGELIST}{recorder.trace_id}/change/", {"kind": "research"}).status_code == 403
    assert client.post(f"{CHANGELIST}{recorder.trace_id}/delete/", {"post": "yes"}).status_code == 403
    assert client.post("/admin/tracing/legalhold/add/", {"trace_ref": recorder.trace_id, "reason": "x"}).status_code \
        == 403
    assert client.post(f"/admin/tracing/legalhold/{hold.pk}/change/", {"reason": "y"}).status_code == 403
    assert client.post(f"/admin/tracing/legalhold/{hold.pk}/delete/", {"post": "yes"}).status_code == 403
    response = client.post(CHANGELIST, {"action": "delete_selected", ACTION_CHECKBOX_NAME: [recorder.trace_id],
                                        "index": 0})
    assert Trace.objects.filter(pk=recorder.trace_id).exists() and response.status_code in (200, 302)
    assert client.post(CHANGELIST, {"action": "place_hold", ACTION_CHECKBOX_NAME: [recorder.trace_id],
                                    "index": 0, "apply": "1", "reason": "x"}).status_code in (200, 302)
    assert LegalHold.objects.count() == 1  # the hold action is not offered to compliance


def test_even_a_superuser_cannot_edit_a_trace(admin_user, staff_user):
    recorder = chat_trace(staff_user)
    client = _client(admin_user)
    assert client.post(f"{CHANGELIST}{recorder.trace_id}/change/", {"kind": "research"}).status_code == 403
    assert client.get(f"{CHANGELIST}add/").status_code == 403
    assert client.post(f"{CHANGELIST}{recorder.trace_id}/delete/", {"post": "yes"}).status_code == 403


def test_staff_cannot_reach_the_audit_admin(staff_user):
    recorder = chat_trace(staff_user)
    client = _client(staff_user)
    for url in (CHANGELIST, f"{CHANGELIST}{recorder.trace_id}/change/", f"{CHANGELIST}cost/",
                "/admin/tracing/legalhold/"):
        response = client.get(url)
        assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_filters_and_search(compliance_user, make_user):
    lawyer = make_user("staff")
    matter = matter_create(actor=lawyer, number="M-ADM-1", title="案", client="甲")
    one = chat_trace(lawyer, matter=matter)
    two = chat_trace(make_user("staff"))
    client = _client(compliance_user)

    def listed(**params) -> set[str]:
        page = client.get(CHANGELIST, params)
        assert page.status_code == 200
        return {str(t.pk)[:8] for t in page.context["cl"].result_list}

    assert listed() == {one.trace_id[:8], two.trace_id[:8]}
    assert listed(matter__id__exact=matter.pk) == {one.trace_id[:8]}
    assert listed(user__id__exact=lawyer.pk) == {one.trace_id[:8]}
    assert listed(agent="legal_advisor", tool="lookup_article", status="success", layer="rule", kind="chat") == {
        one.trace_id[:8], two.trace_id[:8]}
    assert listed(layer="llm") == set() and listed(status="open") == set()
    assert listed(q=one.trace_id) == {one.trace_id[:8]}
    assert listed(q="相关法条") == {one.trace_id[:8], two.trace_id[:8]}


def test_cost_per_user_and_per_matter(compliance_user, make_user):
    lawyer = make_user("staff")
    matter = matter_create(actor=lawyer, number="M-COST", title="费用案", client="甲")
    chat_trace(lawyer, matter=matter)
    chat_trace(lawyer, matter=matter)
    chat_trace(make_user("staff"))
    page = _client(compliance_user).get(f"{CHANGELIST}cost/")
    assert page.status_code == 200
    by_user = {row["username"]: row for row in page.context["by_user"]}
    assert by_user[lawyer.username]["traces"] == 2 and str(by_user[lawyer.username]["cost"]) == "0.008800"
    by_matter = {row["matter_number"]: row for row in page.context["by_matter"]}
    assert by_matter["M-COST"]["tokens_in"] == 5000 and by_matter[""]["traces"] == 1
    assert "费用案" in page.content.decode()


def _export(client: Client, action: str, trace_ids: list[str]):
    return client.post(CHANGELIST, {"action": action, ACTION_CHECKBOX_NAME: trace_ids, "index": 0})


def test_csv_export(compliance_user, staff_user):
    recorder = chat_trace(staff_user)
    masked = trace_with_personal_data(staff_user)
    response = _export(_client(compliance_user), "export_csv", [recorder.trace_id, masked.trace_id])
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    text = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:3] == ["追踪编号", "类型", "用户"]
    mine = [row for row in rows[1:] if row[0] == recorder.trace_id]
    assert [row[6] for row in mine] == [
        "追踪", "路由决策", "模型调用", "工具调用", "工具调用", "工具调用", "智能体运行", "模型调用", "智能体运行"]
    assert mine[0][11] == "success" and mine[0][15] == "0.004400" and mine[0][17] == recorder.trace.hash
    assert mine[3][10] == "search_legal_knowledge" and "top_k" in mine[3][16]
    assert PHONE not in text and ID_CARD not in text and "138****5678" in text


def test_json_export_masks_unless_permitted(compliance_user, staff_user):
    masked = trace_with_personal_data(staff_user)
    client = _client(compliance_user)
    data = json.loads(_export(client, "export_json", [masked.trace_id]).content)
    assert data["masked"] is True and data["exported_by"] == compliance_user.username
    (trace,) = data["traces"]
    assert trace["trace_id"] == masked.trace_id and len(trace["tool_calls"]) == 1
    assert {"routing_decisions", "agent_runs", "llm_calls", "tool_calls"} <= trace.keys()
    assert EMAIL not in json.dumps(data, ensure_ascii=False)
    compliance_user.user_permissions.add(Permission.objects.get(codename="unmask_trace"))
    data = json.loads(_export(_client(compliance_user), "export_json", [masked.trace_id]).content)
    assert data["masked"] is False and EMAIL in data["traces"][0]["tool_calls"][0]["output"]


def test_timeline_masks_personal_data(compliance_user, staff_user):
    masked = trace_with_personal_data(staff_user)
    html = _client(compliance_user).get(f"{CHANGELIST}{masked.trace_id}/change/").content.decode()
    assert PHONE not in html and ID_CARD not in html and "138****5678" in html and "已遮蔽" in html
    assert ToolCall.objects.get(trace_id=masked.trace_id).input.count(PHONE) == 1  # stored complete


def test_verify_action_reports_the_first_broken_link(compliance_user, staff_user):
    from django.db import connection

    good, bad = chat_trace(staff_user), chat_trace(staff_user)
    client = _client(compliance_user)
    response = client.post(CHANGELIST, {"action": "verify_chain", ACTION_CHECKBOX_NAME: [good.trace_id, bad.trace_id],
                                        "index": 0}, follow=True)
    assert "审计链完整：已校验 2 条追踪、16 条记录、2 个封存" in response.content.decode()
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("ALTER TABLE tracing_llmcall DISABLE TRIGGER tracing_llmcall_append_only")
        cursor.execute("UPDATE tracing_llmcall SET tokens_in = 1 WHERE trace_id = %s AND seq = 2", [bad.trace_id])
        cursor.execute("ALTER TABLE tracing_llmcall ENABLE TRIGGER tracing_llmcall_append_only")
    response = client.post(CHANGELIST, {"action": "verify_chain", ACTION_CHECKBOX_NAME: [good.trace_id, bad.trace_id],
                                        "index": 0}, follow=True)
    assert f"发现断链（共 1 处），第一处：trace {bad.trace_id} LLMCall seq 2" in response.content.decode()
    timeline = client.get(f"{CHANGELIST}{bad.trace_id}/change/").content.decode()
    assert "✘ 断链" in timeline


def test_admin_places_and_releases_holds_with_a_reason(admin_user, staff_user):
    recorder = chat_trace(staff_user)
    client = _client(admin_user)
    ask = client.post(CHANGELIST, {"action": "place_hold", ACTION_CHECKBOX_NAME: [recorder.trace_id], "index": 0})
    assert ask.status_code == 200 and "原因" in ask.content.decode()
    client.post(CHANGELIST, {"action": "place_hold", ACTION_CHECKBOX_NAME: [recorder.trace_id], "apply": "1",
                             "reason": "仲裁证据"})
    hold = LegalHold.objects.get()
    assert (hold.action, str(hold.trace_ref), hold.reason, hold.actor) == ("place", recorder.trace_id, "仲裁证据",
                                                                           admin_user)
    assert "法律保全中" in client.get(f"{CHANGELIST}{recorder.trace_id}/change/").content.decode()
    client.post("/admin/tracing/legalhold/", {"action": "release", ACTION_CHECKBOX_NAME: [hold.pk], "apply": "1",
                                              "reason": "仲裁结束"})
    release = LegalHold.objects.get(action="release")
    assert release.releases == hold and release.reason == "仲裁结束"
    assert client.get(f"/admin/tracing/legalhold/{hold.pk}/change/").status_code == 200
    added = client.post("/admin/tracing/legalhold/add/", {"trace_ref": recorder.trace_id, "reason": "再次保全"})
    assert added.status_code == 302 and LegalHold.objects.count() == 3
