"""Odd input gets a clear 400 (never a 500), logins lock out, the throttle believes only trusted
proxies, and the production headers and websocket origin check hold
(docs/decisions/input-validation.md, login-protection.md, security-headers.md)."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.throttling import SimpleRateThrottle

from chat.models import ChatSession
from firm.ws_auth import origin_allowed
from legalsite.asgi import application
from tests.conftest import PASSWORD
from tests.support import manage
from tracing.models import AuditEvent

pytestmark = pytest.mark.django_db


def _api(user) -> Client:
    token = Token.objects.create(user=user).key
    return Client(HTTP_AUTHORIZATION=f"Token {token}")


def _address() -> str:
    """A fresh client address per test: lockout and throttle counters live in Redis."""
    return f"198.51.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250 + 1}"


# --- B1/B2: integer filters and NUL characters ---------------------------------------------------
@pytest.mark.parametrize("query", ["matter=abc", "matter=1.5", "matter=null&matter=null", "matter=%C2%B2",
                                   "matter=-3", "matter=99999999999999999999999"])
def test_bad_matter_filter_on_sessions_is_a_400(staff_user, query):
    response = _api(staff_user).get(f"/api/v1/chat/sessions?{query}")
    assert response.status_code == 400, response.content
    assert "matter" in response.json()


def test_good_matter_filter_still_filters(staff_user):
    response = _api(staff_user).get("/api/v1/chat/sessions?matter=12345")
    assert response.status_code == 200 and response.json() == {"count": 0, "next": None, "previous": None,
                                                                 "results": []}


@pytest.mark.parametrize("url", [
    "/api/v1/matters?q=a%00b",
    "/api/v1/traces?q=a%00b", "/api/v1/traces?user=a%00b", "/api/v1/traces?matter=a%00b",
    "/api/v1/traces?agent=a%00b",
    "/api/v1/knowledge/cases?matter=a%00b",
])
def test_nul_in_api_query_is_a_json_400(admin_user, url):
    response = _api(admin_user).get(url)
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    assert "空字符" in response.json()["detail"]


def test_nul_in_portal_matter_search_is_a_400(client, staff_user):
    client.force_login(staff_user)
    response = client.get("/matters/?q=a%00b")
    assert response.status_code == 400


def test_nul_in_portal_chat_title_and_message_is_a_400(client, staff_user):
    client.force_login(staff_user)
    assert client.post("/chat/new/", {"title": "a\x00b"}).status_code == 400
    assert not ChatSession.objects.filter(owner=staff_user).exists()
    session = ChatSession.objects.create(owner=staff_user, title="会话")
    form = "application/x-www-form-urlencoded"  # what a browser's form sends
    assert client.post(f"/chat/{session.pk}/", "content=%E9%97%AE%00", content_type=form).status_code == 400
    assert client.post("/chat/new/", "title=a%00b", content_type=form).status_code == 400
    # multipart reaches the service, which refuses it too (the page shows the error)
    client.post(f"/chat/{session.pk}/", {"content": "问\x00题"})
    assert session.messages.count() == 0


def test_nul_in_json_message_is_a_400(staff_user):
    session = ChatSession.objects.create(owner=staff_user, title="会话")
    response = _api(staff_user).post(f"/api/v1/chat/sessions/{session.pk}/messages",
                                     {"content": "问\x00题"}, content_type="application/json")
    assert response.status_code == 400 and "content" in response.json()


def test_api_errors_are_json_not_html(staff_user):
    api = _api(staff_user)
    missing = api.get("/api/v1/no-such-endpoint")
    assert missing.status_code == 404 and missing.json() == {"detail": "未找到"}
    huge = api.get("/api/v1/chat/sessions/99999999999999999999999")
    assert huge.status_code == 404 and huge["Content-Type"].startswith("application/json")
    wrong_method = api.put("/api/v1/chat/sessions")
    assert wrong_method.status_code == 405 and "detail" in wrong_method.json()


def test_summary_delete_answers_what_the_schema_says(staff_user, client):
    session = ChatSession.objects.create(owner=staff_user, title="会话", summary="摘要")
    response = _api(staff_user).delete(f"/api/v1/chat/sessions/{session.pk}/summary")
    assert response.status_code == 200 and response.json()["summary"] == ""
    schema = client.get("/api/schema/?format=json").json()
    assert set(schema["paths"]["/api/v1/chat/sessions/{session_id}/summary"]["delete"]["responses"]) >= {"200"}
    assert "204" not in schema["paths"]["/api/v1/chat/sessions/{session_id}/summary"]["delete"]["responses"]


# --- B4: login protection ------------------------------------------------------------------------
def test_25_wrong_passwords_then_the_right_one_is_refused(staff_user):
    client = Client(REMOTE_ADDR=_address())
    for _ in range(25):
        response = client.post("/login/", {"username": staff_user.username, "password": "wrong"})
        assert response.status_code == 200
    response = client.post("/login/", {"username": staff_user.username, "password": PASSWORD})
    assert response.status_code == 200 and "_auth_user_id" not in client.session
    types = list(AuditEvent.objects.filter(object_id=str(staff_user.pk)).values_list("event_type", flat=True))
    assert types.count("user.locked_out") == 1
    assert 1 <= types.count("user.login_failed") <= 6  # counted while not locked, then only counted


def test_the_account_lock_holds_from_another_address(staff_user):
    for _ in range(5):
        Client(REMOTE_ADDR=_address()).post("/login/", {"username": staff_user.username, "password": "wrong"})
    client = Client(REMOTE_ADDR=_address())
    client.post("/login/", {"username": staff_user.username, "password": PASSWORD})
    assert "_auth_user_id" not in client.session


def test_an_address_guessing_many_accounts_is_locked_out(make_user):
    address = _address()
    victims = [make_user("staff") for _ in range(3)]
    client = Client(REMOTE_ADDR=address)
    for n in range(20):
        client.post("/login/", {"username": f"nobody-{n}", "password": "wrong"})
    client.post("/login/", {"username": victims[0].username, "password": PASSWORD})
    assert "_auth_user_id" not in client.session
    other = Client(REMOTE_ADDR=_address())
    other.post("/login/", {"username": victims[1].username, "password": PASSWORD})
    assert "_auth_user_id" in other.session


def test_a_few_failures_then_success_logs_in_and_resets(staff_user):
    client = Client(REMOTE_ADDR=_address())
    for _ in range(3):
        client.post("/login/", {"username": staff_user.username, "password": "wrong"})
    client.post("/login/", {"username": staff_user.username, "password": PASSWORD})
    assert "_auth_user_id" in client.session
    assert AuditEvent.objects.filter(event_type="user.login_failed", object_id=str(staff_user.pk)).count() == 3


@pytest.fixture
def anon_rate_3(monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "3/min", "user": "600/min"})


def test_rotating_forwarded_for_from_an_untrusted_client_does_not_escape_the_throttle(anon_rate_3, settings):
    settings.BEHIND_HTTPS_PROXY = True
    client = Client(REMOTE_ADDR=_address())  # not one of TRUSTED_PROXIES
    codes = [client.get("/api/schema/?format=json", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}").status_code
             for n in range(5)]
    assert codes[:3] == [200, 200, 200] and codes[3:] == [429, 429]


def test_forwarded_for_from_a_trusted_proxy_names_the_client(anon_rate_3, settings):
    settings.BEHIND_HTTPS_PROXY = True
    proxy = _address()
    settings.TRUSTED_PROXIES = [proxy]
    client = Client(REMOTE_ADDR=proxy)
    codes = [client.get("/api/schema/?format=json", HTTP_X_FORWARDED_FOR=f"192.0.2.{n + 1}").status_code
             for n in range(5)]
    assert codes == [200] * 5  # five different clients behind the proxy


# --- B5: headers, cookies, websocket origins -------------------------------------------------------
def test_pages_carry_a_strict_content_security_policy(client, staff_user):
    client.force_login(staff_user)
    for url in ("/", "/chat/", "/knowledge/", "/matters/", "/login/"):
        policy = client.get(url)["Content-Security-Policy"]
        assert "script-src 'self';" in policy and "unsafe-inline" not in policy, url
        assert "frame-ancestors 'none'" in policy


def test_no_inline_script_or_style_in_templates():
    root = Path(__file__).resolve().parents[2]
    offenders = []
    for template in [*root.glob("templates/**/*.html"), *root.glob("*/templates/**/*.html")]:
        text = template.read_text()
        for marker in (" style=", "<style", " onclick=", " onchange=", " onsubmit=", " onload=", " oninput=",
                       "javascript:"):
            if marker in text:
                offenders.append(f"{template.relative_to(root)}: {marker.strip()}")
        for chunk in text.split("<script")[1:]:
            if "src=" not in chunk.split(">", 1)[0] and 'type="application/json"' not in chunk.split(">", 1)[0]:
                offenders.append(f"{template.relative_to(root)}: inline <script>")
    assert offenders == []


def test_check_deploy_is_clean_in_a_production_configuration(subprocess_env):
    env = dict(subprocess_env, DEBUG="false", BEHIND_HTTPS_PROXY="true", ALLOWED_HOSTS="legal.example.com",
               CSRF_TRUSTED_ORIGINS="https://legal.example.com", SECRET_KEY="k" * 20 + uuid.uuid4().hex)
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_responses_send_hsts_and_secure_cookies(subprocess_env):
    env = dict(subprocess_env, DEBUG="false", BEHIND_HTTPS_PROXY="true", ALLOWED_HOSTS="legal.example.com",
               SECRET_KEY="k" * 20 + uuid.uuid4().hex)
    code = (
        "from django.conf import settings as s;"
        "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS > 0,"
        " s.SECURE_PROXY_SSL_HEADER)"
    )
    result = manage("shell", "-c", code, env=env)
    assert result.stdout.strip().splitlines()[-1] == "True True True ('HTTP_X_FORWARDED_PROTO', 'https')", result.stderr


@pytest.mark.parametrize(("origin", "host", "allowed"), [
    ("http://localhost:8000", "localhost:8000", True),
    ("http://localhost:9999", "localhost:8000", False),
    ("https://localhost:8000", "localhost:8000", False),
    ("http://evil.example:8000", "evil.example:8000", False),  # not in ALLOWED_HOSTS
    ("http://localhost", "localhost", True),
    ("null", "localhost", False),
])
def test_websocket_origin_compares_scheme_host_and_port(origin, host, allowed):
    assert origin_allowed(origin, host_header=host, scheme="ws") is allowed


@pytest.mark.django_db(transaction=True)
def test_websocket_from_another_port_is_refused(staff_user):
    client = Client()
    client.force_login(staff_user)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()

    async def connect(origin: bytes) -> bool:
        communicator = WebsocketCommunicator(application, "/ws/notifications/", headers=[
            (b"cookie", cookie), (b"host", b"localhost:8000"), (b"origin", origin)])
        connected, _ = await communicator.connect(timeout=5)
        await communicator.disconnect()
        return connected

    assert asyncio.run(connect(b"http://localhost:9999")) is False
    assert asyncio.run(connect(b"http://localhost:8000")) is True


def test_trusted_origin_from_settings_is_accepted(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://portal.example.com"]
    assert origin_allowed("https://portal.example.com", host_header="internal:8000", scheme="ws")
    assert not origin_allowed("https://portal.example.com:8443", host_header="internal:8000", scheme="ws")
