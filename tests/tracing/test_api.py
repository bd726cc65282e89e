"""/api/v1/traces: read-only, compliance and admin only, masked unless the viewer may unmask."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission

from firm.services import matter_create, token_issue
from tests.tracing.factories import BANK_CARD, EMAIL, ID_CARD, PHONE, chat_trace, trace_with_personal_data

pytestmark = [pytest.mark.django_db]


def _client(api_client, user):
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token_issue(user=user).key}")
    return api_client


def test_staff_cannot_read_traces(api_client, staff_user):
    recorder = chat_trace(staff_user)  # not even their own
    client = _client(api_client, staff_user)
    assert client.get("/api/v1/traces").status_code == 403
    assert client.get(f"/api/v1/traces/{recorder.trace_id}").status_code == 403


def test_anonymous_is_401(api_client):
    assert api_client.get("/api/v1/traces").status_code == 401


@pytest.mark.parametrize("role", ["compliance", "admin"])
def test_compliance_and_admin_read_the_detail(api_client, make_user, staff_user, role):
    recorder = chat_trace(staff_user)
    body = _client(api_client, make_user(role)).get(f"/api/v1/traces/{recorder.trace_id}").json()
    assert body["trace_id"] == recorder.trace_id and body["status"] == "success"
    assert body["user"] == staff_user.username and body["tokens_in"] == 2500
    assert [d["domain"] for d in body["routing_decisions"]] == ["labor"]
    assert body["routing_decisions"][0]["agents"] == ["legal_research", "legal_advisor"]
    assert [r["agent"] for r in body["agent_runs"]] == ["legal_research", "legal_advisor"]
    assert [c["role"] for c in body["llm_calls"]] == ["research", "advisor"]
    assert [c["tool"] for c in body["tool_calls"]] == ["search_legal_knowledge", "lookup_article", "lookup_article"]
    assert body["seal"]["record_count"] == 8 and body["seal"]["hash"] == recorder.seal.hash


def test_list_is_paginated_and_filtered(api_client, compliance_user, make_user):
    lawyer, other = make_user("staff"), make_user("staff")
    matter = matter_create(actor=lawyer, number="M-API-1", title="案", client="甲")
    chat_trace(lawyer, matter=matter)
    chat_trace(other)
    client = _client(api_client, compliance_user)
    body = client.get("/api/v1/traces").json()
    assert body["count"] == 2 and {"next", "previous", "results"} <= body.keys()
    assert client.get("/api/v1/traces", {"user": other.username}).json()["count"] == 1
    assert client.get("/api/v1/traces", {"matter": "M-API-1"}).json()["results"][0]["matter"]["number"] == "M-API-1"
    assert client.get("/api/v1/traces", {"tool": "lookup_article"}).json()["count"] == 2
    assert client.get("/api/v1/traces", {"agent": "nobody"}).json()["count"] == 0
    assert client.get("/api/v1/traces", {"layer": "llm"}).json()["count"] == 0
    assert client.get("/api/v1/traces", {"status": "open"}).json()["count"] == 0
    assert client.get("/api/v1/traces", {"kind": "chat", "status": "success"}).json()["count"] == 2
    assert client.get("/api/v1/traces", {"q": "相关法条"}).json()["count"] == 2
    assert client.get("/api/v1/traces", {"since": "2000-01-01", "until": "2000-12-31"}).json()["count"] == 0
    assert client.get("/api/v1/traces", {"since": "yesterday"}).status_code == 400


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_the_api_is_read_only(api_client, compliance_user, admin_user, staff_user, method):
    recorder = chat_trace(staff_user)
    for user in (compliance_user, admin_user):
        client = _client(api_client, user)
        assert getattr(client, method)("/api/v1/traces", {}, format="json").status_code == 405
        assert getattr(client, method)(f"/api/v1/traces/{recorder.trace_id}", {}, format="json").status_code == 405
    assert getattr(_client(api_client, staff_user), method)("/api/v1/traces", {}).status_code == 403


def test_personal_data_is_masked_without_the_unmask_permission(api_client, compliance_user, staff_user):
    recorder = trace_with_personal_data(staff_user)
    client = _client(api_client, compliance_user)
    text = client.get(f"/api/v1/traces/{recorder.trace_id}").content.decode()
    for value in (PHONE, ID_CARD, EMAIL, BANK_CARD):
        assert value not in text
    assert "138****5678" in text
    # searching for the hidden value would reveal it: no match for a viewer who may not see it
    assert client.get("/api/v1/traces", {"q": PHONE}).json()["count"] == 0

    compliance_user.user_permissions.add(Permission.objects.get(codename="unmask_trace"))
    text = client.get(f"/api/v1/traces/{recorder.trace_id}").content.decode()
    for value in (PHONE, ID_CARD, EMAIL, BANK_CARD):
        assert value in text
    assert client.get("/api/v1/traces", {"q": PHONE}).json()["count"] == 1


def test_unknown_trace_is_404(api_client, compliance_user):
    client = _client(api_client, compliance_user)
    assert client.get("/api/v1/traces/00000000-0000-0000-0000-000000000000").status_code == 404


def test_search_by_trace_id_prefix(api_client, compliance_user, staff_user):
    recorder = chat_trace(staff_user)
    chat_trace(staff_user)
    results = _client(api_client, compliance_user).get("/api/v1/traces", {"q": recorder.trace_id[:8]}).json()
    assert [r["trace_id"] for r in results["results"]] == [recorder.trace_id]
