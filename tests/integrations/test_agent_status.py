"""GET /api/v1/agents and the 系统状态 page: every registered agent, its limits and the system's health."""

from __future__ import annotations

import pytest

from agents.registry import registry
from firm.services import token_issue
from tests.fakellm import FakeLLM, unused_base_url

pytestmark = [pytest.mark.django_db]


def _client(api_client, user):
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token_issue(user=user).key}")
    return api_client


def test_anonymous_is_401(api_client):
    assert api_client.get("/api/v1/agents").status_code == 401


@pytest.mark.parametrize("role", ["staff", "compliance"])
def test_everyone_else_gets_every_agent_by_name_and_the_health_only(api_client, make_user, settings, role):
    settings.LLM_BASE_URL = ""
    response = _client(api_client, make_user(role)).get("/api/v1/agents")
    assert response.status_code == 200
    body = response.json()
    assert {agent["name"] for agent in body["agents"]} == {agent.name for agent in registry.all()}
    assert body["health"]["worker"] is False and body["status"] == "unavailable"
    assert "components" not in body and "llm" not in body


def test_every_registered_agent_is_listed_offline(api_client, make_user, settings):
    settings.LLM_BASE_URL = ""
    settings.AGENT_MAX_STEPS = 7
    response = _client(api_client, make_user("admin")).get("/api/v1/agents")
    assert response.status_code == 200
    body = response.json()
    by_name = {agent["name"]: agent for agent in body["agents"]}
    assert set(by_name) == {agent.name for agent in registry.all()}
    advisor = by_name["legal_advisor"]
    assert advisor["role"] == "advisor" and advisor["label"] == "法律顾问"
    assert advisor["model"] == "离线模式"
    assert advisor["tools"] == sorted(["lookup_legal_article", "verify_citations"])
    assert advisor["limits"]["max_steps"] == 7 and advisor["limits"]["critic_rounds"] == 2
    assert body["llm"]["configured"] is False and body["llm"]["reachable"] is False
    assert body["worker"]["ok"] is False  # no worker runs in this test
    assert body["status"] == "unavailable"
    assert "articles" in body["knowledge"]


def test_models_and_a_reachable_endpoint_when_configured(api_client, admin_user, settings):
    with FakeLLM() as fake:
        settings.LLM_BASE_URL = fake.base_url
        settings.LLM_MODEL = "qwen-plus"
        settings.LLM_ROLE_MODELS = {"research": "qwen-max"}
        body = _client(api_client, admin_user).get("/api/v1/agents").json()
    by_name = {agent["name"]: agent for agent in body["agents"]}
    assert by_name["legal_research"]["model"] == "qwen-max"
    assert by_name["legal_advisor"]["model"] == "qwen-plus"
    assert body["llm"]["configured"] is True and body["llm"]["reachable"] is True


def test_unreachable_endpoint_is_reported(api_client, admin_user, settings):
    settings.LLM_BASE_URL = unused_base_url()
    body = _client(api_client, admin_user).get("/api/v1/agents").json()
    assert body["llm"]["configured"] is True and body["llm"]["reachable"] is False


@pytest.mark.django_db(transaction=True)
def test_worker_alive_when_one_runs(api_client, admin_user, celery_worker):
    body = _client(api_client, admin_user).get("/api/v1/agents").json()
    assert body["worker"]["ok"] is True


def test_status_page_for_admins_only(client, make_user, settings):
    settings.LLM_BASE_URL = ""
    admin = make_user("admin")
    staff = make_user("staff")
    client.force_login(staff)
    assert client.get("/system/").status_code == 403
    assert "系统状态" not in client.get("/").content.decode()
    client.force_login(admin)
    page = client.get("/system/").content.decode()
    assert "系统状态" in page and "法律顾问" in page and "离线模式" in page
    assert "后台任务" in page and "知识库" in page
    assert 'href="/system/"' in client.get("/").content.decode()


def test_status_page_anonymous_redirects_to_login(client):
    response = client.get("/system/")
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_the_endpoint_is_in_the_openapi_schema(api_client, admin_user):
    schema = _client(api_client, admin_user).get("/api/schema/", {"format": "json"}).json()
    operation = schema["paths"]["/api/v1/agents"]["get"]
    ref = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    component = schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]
    variants = [schema["components"]["schemas"][one["$ref"].rsplit("/", 1)[-1]] for one in component["oneOf"]]
    assert {"status", "llm", "worker", "knowledge", "agents"} <= set(variants[0]["properties"])
    assert set(variants[1]["properties"]) == {"status", "health", "agents"}


def test_the_stored_llm_profile_is_shown_by_the_api_and_the_page(api_client, client, admin_user, settings, tmp_path):
    import io

    from django.core.management import call_command

    from tests.agents.test_llm_check import _answer

    with FakeLLM(provider="vllm", models=("qwen3-32b",), responder=_answer) as fake:
        settings.LLM_BASE_URL = fake.base_url
        settings.LLM_MODEL = "qwen3-32b"
        settings.LLM_PROVIDER = "auto"
        settings.LLM_PROFILE_PATH = tmp_path / "llm_profile.json"
        body = _client(api_client, admin_user).get("/api/v1/agents").json()
        assert body["llm_profile"]["provider"] == "generic" and body["llm_profile"]["source"] == "base URL"
        call_command("llm_check", stdout=io.StringIO())
        body = _client(api_client, admin_user).get("/api/v1/agents").json()
        client.force_login(admin_user)
        page = client.get("/system/").content.decode()
    profile = body["llm_profile"]
    assert (profile["provider"], profile["source"]) == ("vllm", "llm_check") and profile["checked_at"]
    assert profile["roles"]["advisor"]["tools"] == "content" and profile["roles"]["critic"]["json"] == "json_schema"
    assert any("工具解析" in note for note in profile["degraded"])
    assert {agent["tool_mode"] for agent in body["agents"]} == {"content"}
    assert "模型能力档案" in page and "vllm" in page and "正文中的 &lt;tool_call&gt;" in page
    assert "降级：" in page
