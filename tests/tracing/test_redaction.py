"""Secrets never reach a trace; personal data is masked for viewers without the unmask permission."""

from __future__ import annotations

import pytest
from django.db import connection

from agents import events
from tests.tracing.factories import BANK_CARD, EMAIL, ID_CARD, PHONE, llm_result
from tracing.recorder import trace_open
from tracing.redaction import contains_personal_data, mask_text, scrub

LLM_KEY = "qwen-live-key-ABCDEFGH123"  # no recognisable prefix: known from settings
SECRETS = [LLM_KEY, "sk-proj-abcdef0123456789XYZ", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop",
           "hunter2-password!", "Bearer-value-0123456789", "tok_abcdef123456"]


def test_scrub_removes_secret_keys_and_secret_looking_text():
    data = {
        "api_key": "abc", "Authorization": "Bearer xyz0123456789", "password": "p", "client-secret": "c",
        "access_token": "t", "max_tokens": 800, "prompt_tokens": 12, "tokens_in": 3,
        "messages": [{"role": "user", "content": "my key is sk-abcdefghijklmnop1234 and password=letmein99"}],
        "url": "https://alice:s3cretpass@api.example.com/v1?api_key=abcdef123",
    }
    clean = scrub(data)
    assert clean["api_key"] == clean["Authorization"] == clean["password"] == clean["client-secret"] == "***"
    assert clean["access_token"] == "***"
    assert (clean["max_tokens"], clean["prompt_tokens"], clean["tokens_in"]) == (800, 12, 3)
    assert clean["messages"][0]["content"] == "my key is sk-*** and password=***"
    assert clean["url"] == "https://alice:***@api.example.com/v1?api_key=***"
    assert scrub("Authorization: Bearer abc.def-ghi_jkl") == "Authorization: Bearer ***"


@pytest.mark.django_db
def test_secrets_never_reach_any_stored_row(staff_user, settings):
    settings.LLM_API_KEY = LLM_KEY
    recorder = trace_open("chat", staff_user)
    tid = recorder.trace_id
    recorder(events.routing(tid, agents=["legal_research"], reason=f"configured with {LLM_KEY}"))
    recorder(events.tool_call(tid, call_id="1", agent="legal_research", tool="web_search", input={
        "query": "劳动法", "api_key": SECRETS[1], "headers": {"Authorization": f"Bearer {SECRETS[4]}"},
        "note": f"token={SECRETS[5]}",
    }))
    recorder(events.tool_result(tid, call_id="1", ok=False, duration_ms=3,
                                summary=f"401 for key {SECRETS[1]} jwt {SECRETS[2]}"))
    recorder.llm_listener(llm_result(request={"model": "qwen-plus", "api_key": LLM_KEY, "messages": [
        {"role": "user", "content": f"password: {SECRETS[3]} and {LLM_KEY}"}]}))
    recorder(events.error(tid, code="internal", message=f"connect failed with {SECRETS[1]}"))
    with pytest.raises(RuntimeError), recorder.agent_run("legal_research"):
        raise RuntimeError(f"upstream said: invalid key {LLM_KEY}")
    recorder.close()
    with connection.cursor() as cursor:
        dump = ""
        for table in ("tracing_trace", "tracing_routingdecision", "tracing_agentrun", "tracing_llmcall",
                      "tracing_toolcall", "tracing_traceseal"):
            cursor.execute(f"SELECT coalesce(string_agg(row_to_json(t)::text, ' '), '') FROM {table} t")  # noqa: S608
            dump += cursor.fetchone()[0]
    assert "劳动法" in dump and "web_search" in dump  # the rest is kept
    for secret in SECRETS:
        assert secret not in dump, secret


def test_masking_rules():
    text = f"身份证 {ID_CARD}，手机 {PHONE}，卡号 {BANK_CARD}，邮箱 {EMAIL}，卡 6222 0202 0011 2233"
    masked = mask_text(text)
    for value in (ID_CARD, PHONE, BANK_CARD, EMAIL, "6222 0202 0011 2233"):
        assert value not in masked
    assert "110105********002X" in masked and "138****5678" in masked and "z***@example.com" in masked
    assert "6222***********3445" in masked
    assert mask_text("第47条 2025年3月1日 金额30000元 订单号12345") == "第47条 2025年3月1日 金额30000元 订单号12345"
    assert contains_personal_data(PHONE) and not contains_personal_data("劳动合同法")
