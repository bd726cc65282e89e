"""The OpenAI-compatible endpoint through the real ``openai`` client against a live daphne."""

from __future__ import annotations

import time

import httpx2 as httpx  # the openai client's own HTTP library
import openai
import pytest

from chat.models import ChatSession, Message
from firm.services import token_issue
from integrations.models import Conversation
from integrations.services import answer_text
from knowledge.models import CorpusState
from research.models import ResearchTask
from tracing.models import AuditEvent, Trace

pytestmark = [pytest.mark.django_db(transaction=True)]

QUESTION = "公司拖欠工资三个月，我可以解除劳动合同并要求经济补偿吗？"


@pytest.fixture
def lawyer(make_user, statutes):
    # A corpus generation daphne has not seen: a flush and re-import reuse the same law ids otherwise.
    CorpusState.objects.update_or_create(key="generation", defaults={"value": {"n": time.time_ns()}})
    return make_user("staff")


def _client(daphne_url: str, key: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"http://{daphne_url}/v1", api_key=key, max_retries=0, timeout=120)


def test_models_lists_the_assistants(daphne_url, lawyer):
    models = _client(daphne_url, token_issue(user=lawyer).key).models.list()
    assert [m.id for m in models.data] == ["legalsite-qa", "legalsite-qa-single", "legalsite-research"]


def test_a_bad_token_is_401_in_openai_shape(daphne_url):
    with pytest.raises(openai.AuthenticationError) as caught:
        _client(daphne_url, "not-a-token").chat.completions.create(
            model="legalsite-qa", messages=[{"role": "user", "content": QUESTION}])
    assert caught.value.status_code == 401
    body = caught.value.body
    assert set(body) == {"message", "type", "param", "code"} and body["code"] == "invalid_api_key"


@pytest.mark.parametrize("path", ["/v1/models", "/v1/chat/completions"])
def test_no_token_is_401_in_openai_shape(daphne_url, path):
    with httpx.Client(timeout=30) as http:
        response = (http.get(f"http://{daphne_url}{path}") if path.endswith("models")
                    else http.post(f"http://{daphne_url}{path}", json={"model": "legalsite-qa", "messages": []}))
    assert response.status_code == 401
    assert response.json()["error"]["type"] == "invalid_request_error"
    assert response.json()["error"]["code"] == "invalid_api_key"


def test_unknown_model_and_bad_conversation_are_refused(daphne_url, lawyer):
    client = _client(daphne_url, token_issue(user=lawyer).key)
    with pytest.raises(openai.NotFoundError) as caught:
        client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": QUESTION}])
    assert caught.value.body["code"] == "model_not_found" and caught.value.body["param"] == "model"
    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(model="legalsite-qa", messages=[{"role": "assistant", "content": "你好"}])
    assert caught.value.body["param"] == "messages"
    assert not ChatSession.objects.filter(owner=lawyer).exists()


def test_a_completion_is_a_recorded_turn_and_the_conversation_continues(daphne_url, lawyer):
    client = _client(daphne_url, token_issue(user=lawyer).key)
    first = client.chat.completions.create(model="legalsite-qa", messages=[{"role": "user", "content": QUESTION}])
    answer = first.choices[0].message.content
    assert first.choices[0].finish_reason == "stop" and first.model == "legalsite-qa"
    calls = list(Trace.objects.get(trace_id=first.model_extra["legalsite"]["trace_id"]).tool_calls
                 .values_list("tool", "status", "duration_ms", "error", "output"))
    assert "《中华人民共和国劳动合同法》" in answer and "引用核验" in answer, calls
    extra = first.model_extra["legalsite"]
    assert extra["citations"] and all(c["valid"] for c in extra["citations"])
    session = ChatSession.objects.get(pk=extra["session_id"], owner=lawyer)
    saved = Message.objects.get(pk=extra["message_id"])
    assert saved.session_id == session.pk and saved.status == Message.Status.COMPLETE
    assert saved.disclaimer and saved.disclaimer in answer
    trace = Trace.objects.get(trace_id=extra["trace_id"])
    assert trace.kind == "chat" and trace.user_id == lawyer.pk and trace.status == "success"
    # the offline engine calls no model: the usage is the trace's, none
    assert not trace.llm_calls.exists()
    assert (first.usage.prompt_tokens, first.usage.completion_tokens, first.usage.total_tokens) == (0, 0, 0)
    assert AuditEvent.objects.filter(event_type="integrations.completion", actor=lawyer,
                                     object_id=str(session.pk)).count() == 1

    follow_up = "如果公司不同意支付经济补偿，我应该向哪里申请仲裁？"
    second = client.chat.completions.create(model="legalsite-qa", messages=[
        {"role": "system", "content": "你是律师助理"},
        {"role": "user", "content": QUESTION},
        {"role": "assistant", "content": answer},
        {"role": "user", "content": follow_up},
    ])
    assert second.model_extra["legalsite"]["session_id"] == session.pk  # the same session continues
    assert list(session.messages.filter(role="user").values_list("content", flat=True)) == [QUESTION, follow_up]

    other = client.chat.completions.create(model="legalsite-qa", messages=[
        {"role": "user", "content": "朋友借我五万元不还怎么办？"},
        {"role": "assistant", "content": "可以起诉。"},
        {"role": "user", "content": "诉讼时效是多久？"},
    ])
    imported = ChatSession.objects.get(pk=other.model_extra["legalsite"]["session_id"])
    assert imported.pk != session.pk  # a conversation begun elsewhere: its earlier turns become the history
    assert list(imported.messages.values_list("role", "content"))[:3] == [
        ("user", "朋友借我五万元不还怎么办？"), ("assistant", "可以起诉。"), ("user", "诉讼时效是多久？")]
    assert Conversation.objects.filter(user=lawyer).count() == 3


def test_the_single_agent_model_runs_the_single_agent(daphne_url, lawyer):
    client = _client(daphne_url, token_issue(user=lawyer).key)
    reply = client.chat.completions.create(model="legalsite-qa-single",
                                           messages=[{"role": "user", "content": QUESTION}])
    trace = Trace.objects.get(trace_id=reply.model_extra["legalsite"]["trace_id"])
    assert [run.agent for run in trace.agent_runs.all()] == ["legal_assistant"]
    multi = client.chat.completions.create(model="legalsite-qa", messages=[{"role": "user", "content": QUESTION}])
    multi_trace = Trace.objects.get(trace_id=multi.model_extra["legalsite"]["trace_id"])
    agents = {run.agent for run in multi_trace.agent_runs.all()}
    assert "legal_assistant" not in agents and "legal_research" in agents


def test_streaming_sends_openai_chunks_ending_with_done(daphne_url, lawyer):
    client = _client(daphne_url, token_issue(user=lawyer).key)
    stream = client.chat.completions.create(model="legalsite-qa", stream=True,
                                            messages=[{"role": "user", "content": QUESTION}])
    chunks = list(stream)
    assert chunks[0].choices[0].delta.role == "assistant"
    assert chunks[-1].choices[0].finish_reason == "stop"
    text = "".join(c.choices[0].delta.content or "" for c in chunks)
    assert len([c for c in chunks if c.choices[0].delta.content]) > 1
    extra = chunks[-1].model_extra["legalsite"]
    saved = Message.objects.filter(session_id=extra["session_id"], role="assistant").get()
    assert text == answer_text(saved.content, saved.citations, saved.disclaimer) and saved.disclaimer in text
    assert extra["revised"] is False


def test_streaming_raw_wire_format(daphne_url, lawyer):
    with httpx.Client(timeout=120) as http:
        response = http.post(f"http://{daphne_url}/v1/chat/completions",
                             headers={"Authorization": f"Bearer {token_issue(user=lawyer).key}"},
                             json={"model": "legalsite-qa", "stream": True,
                                   "messages": [{"role": "user", "content": QUESTION}]})
    assert response.headers["content-type"].startswith("text/event-stream")
    events = [line for line in response.text.split("\n\n") if line.startswith("data: ")]
    assert events[-1] == "data: [DONE]"


def test_research_model_runs_the_research_pipeline(daphne_url, lawyer):
    client = _client(daphne_url, token_issue(user=lawyer).key)
    reply = client.chat.completions.create(model="legalsite-research",
                                           messages=[{"role": "user", "content": QUESTION}])
    task = ResearchTask.objects.get(pk=reply.model_extra["legalsite"]["research_task_id"], owner=lawyer)
    assert task.status == "done" and task.answer in reply.choices[0].message.content


@pytest.mark.parametrize(("param", "value"), [
    ("tools", [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}]),
    ("tool_choice", "required"),
    ("functions", [{"name": "get_weather", "parameters": {"type": "object"}}]),
    ("n", 2),
])
def test_unsupported_parameters_are_a_400_naming_them(daphne_url, lawyer, param, value):
    client = _client(daphne_url, token_issue(user=lawyer).key)
    for stream in (False, True):
        with pytest.raises(openai.BadRequestError) as caught:
            client.chat.completions.create(model="legalsite-qa", messages=[{"role": "user", "content": QUESTION}],
                                           stream=stream, extra_body={param: value})
        assert caught.value.body["param"] == param and caught.value.body["code"] == "unsupported_parameter"
    assert not ChatSession.objects.filter(owner=lawyer).exists()


def test_an_imported_conversation_gives_its_facts_to_the_follow_up(daphne_url, lawyer):
    client = _client(daphne_url, token_issue(user=lawyer).key)
    reply = client.chat.completions.create(model="legalsite-qa", messages=[
        {"role": "user", "content": "我在上海一家公司干了3年，月薪8000元，上周公司说我不胜任直接把我辞退了"},
        {"role": "assistant", "content": "请问公司有没有支付经济补偿？"},
        {"role": "user", "content": "没有给任何补偿，我能要多少钱？"},
    ])
    session = ChatSession.objects.get(pk=reply.model_extra["legalsite"]["session_id"])
    amounts = [a["value"] for a in session.state["amounts"]]
    months = [d["months"] for d in session.state["durations"]]
    assert 8000 in amounts and 36 in months  # stated only in the first turn
    # the follow-up alone names no legal domain; read with the first turn it is a dismissal question
    answer = Message.objects.get(pk=reply.model_extra["legalsite"]["message_id"])
    assert answer.intent["domain"] == "labor", answer.intent
    assert "海商法" not in reply.choices[0].message.content
