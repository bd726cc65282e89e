"""The API: token and session auth, expiry, scoping, validation, throttling, schema."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.throttling import UserRateThrottle

from firm import services
from firm.services import token_issue

pytestmark = pytest.mark.django_db


def _token_client(api_client, user):
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token_issue(user=user).key}")
    return api_client


def test_absent_token_is_401(api_client):
    response = api_client.get("/api/v1/me")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"


def test_wrong_token_is_401(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Token 0123456789abcdef0123456789abcdef01234567")
    assert api_client.get("/api/v1/me").status_code == 401


def test_expired_token_is_401_with_a_clear_message(api_client, staff_user, settings):
    token = token_issue(user=staff_user)
    Token.objects.filter(pk=token.pk).update(created=timezone.now() - timedelta(days=settings.API_TOKEN_TTL_DAYS + 1))
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = api_client.get("/api/v1/me")
    assert response.status_code == 401
    assert "过期" in response.json()["detail"]
    assert token_issue(user=staff_user).key != token.key  # re-issuing replaces the expired one


def test_token_and_session_auth_both_work(api_client, staff_user):
    assert _token_client(api_client, staff_user).get("/api/v1/me").json() == {
        "username": staff_user.username, "display_name": staff_user.first_name, "role": "staff"}
    api_client.credentials()
    api_client.force_login(staff_user)
    assert api_client.get("/api/v1/me").json()["role"] == "staff"


def test_matters_are_scoped_and_paginated(api_client, make_user):
    lawyer, outsider = make_user("staff"), make_user("staff")
    for i in range(3):
        services.matter_create(actor=lawyer, number=f"M-{i}", title=f"案件{i}", client="甲")
    body = _token_client(api_client, lawyer).get("/api/v1/matters").json()
    assert body["count"] == 3 and len(body["results"]) == 3
    assert {"next", "previous"} <= body.keys()
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token_issue(user=outsider).key}")
    assert api_client.get("/api/v1/matters").json()["count"] == 0
    hidden = lawyer.owned_matters.first().pk
    assert api_client.get(f"/api/v1/matters/{hidden}").status_code == 404


def test_create_matter_with_members_and_bad_input(api_client, make_user):
    lawyer, colleague = make_user("staff"), make_user("staff")
    client = _token_client(api_client, lawyer)
    created = client.post("/api/v1/matters", {"number": "2026-001", "title": "股权转让", "client": "丙公司",
                                              "members": [colleague.username]}, format="json")
    assert created.status_code == 201
    assert {m["username"] for m in created.json()["members"]} == {lawyer.username, colleague.username}
    duplicate = client.post("/api/v1/matters", {"number": "2026-001", "title": "x", "client": "y"}, format="json")
    assert duplicate.status_code == 400 and "已存在" in str(duplicate.json())
    unknown = client.post("/api/v1/matters", {"number": "2026-002", "title": "x", "client": "y",
                                              "members": ["nobody"]}, format="json")
    assert unknown.status_code == 400 and "nobody" in str(unknown.json())
    malformed = client.post("/api/v1/matters", data="{not json", content_type="application/json")
    assert malformed.status_code == 400


def test_compliance_cannot_create_matters(api_client, compliance_user):
    response = _token_client(api_client, compliance_user).post(
        "/api/v1/matters", {"number": "C-1", "title": "t", "client": "c"}, format="json")
    assert response.status_code == 403


def test_add_member_via_api(api_client, make_user):
    lawyer, colleague = make_user("staff"), make_user("staff")
    matter = services.matter_create(actor=lawyer, number="M-9", title="t", client="c")
    response = _token_client(api_client, lawyer).post(
        f"/api/v1/matters/{matter.pk}/members", {"username": colleague.username, "team_role": "assistant"},
        format="json")
    assert response.status_code == 201
    assert {"username": colleague.username, "team_role": "assistant"}.items() <= response.json()["members"][1].items()


def test_throttling_answers_429(api_client, staff_user, monkeypatch):
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "3/min", "anon": "3/min"})
    cache.clear()
    client = _token_client(api_client, staff_user)
    codes = [client.get("/api/v1/me").status_code for _ in range(4)]
    cache.clear()
    assert codes == [200, 200, 200, 429]


def test_schema_and_docs_are_served_locally(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    assert "/api/v1/matters" in paths and "/api/v1/me" in paths
    docs = client.get("/api/docs/").content.decode()
    assert "drf_spectacular_sidecar" in docs and "cdn.jsdelivr" not in docs


def test_schema_tags_operations_by_area(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    tags = {path: {tag for op in ops.values() if isinstance(op, dict) for tag in op.get("tags", [])}
            for path, ops in schema["paths"].items()}
    assert tags["/api/v1/matters"] == {"matters"} and tags["/api/v1/predict"] == {"research"}
    assert tags["/api/v1/chat/sessions"] == {"chat"} and tags["/api/v1/audit/events"] == {"audit"}
    assert all(len(t) == 1 and "v1" not in t for t in tags.values())
    assert [t["name"] for t in schema["tags"]][:3] == ["chat", "knowledge", "contracts"]
