"""Session summaries: written by a worker task inside a trace of kind ``summary`` (the model call,
or the offline extract, is on the audit record), stored with an audit event; the API waits briefly
for nothing: it answers 202 at once and the worker notifies the session's socket and the user."""

from __future__ import annotations

import pytest

from chat import services, tasks
from chat.models import Message
from chat.summary import summary_generate
from core import realtime
from firm.services import matter_create
from legalsite.celery import app as celery_app
from tests.fakellm import FakeLLM, Reply
from tracing.models import AuditEvent, Trace
from tracing.selectors import audit_verify

pytestmark = pytest.mark.django_db

QUESTION = "试用期被辞退怎么办？"


@pytest.fixture
def session(staff_user):
    session = services.session_create(actor=staff_user, title="测试会话")
    question, answer = services.turn_create(actor=staff_user, session=session, content=QUESTION)
    Message.objects.filter(pk=answer.pk).update(
        status="complete", content="依据《中华人民共和国劳动合同法》第二十一条……",
        citations=[{"law": "中华人民共和国劳动合同法", "article": "第二十一条", "valid": True}],
        intent={"domain": "labor", "domain_label": "劳动纠纷"}, disclaimer=services.DISCLAIMER)
    return session


@pytest.fixture
def eager_tasks():
    """Tasks run in the calling process as soon as they are queued (no worker)."""
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


def _llm(settings, fake):
    settings.LLM_BASE_URL = fake.base_url
    settings.LLM_API_KEY = "sk-test-0123456789"
    settings.LLM_TIMEOUT = 5


def test_a_model_summary_is_recorded_in_a_trace(session, staff_user, settings):
    with FakeLLM() as fake:
        fake.script(Reply.text("争议：试用期内被辞退。结论：依劳动合同法第二十一条，须有法定事由。"))
        _llm(settings, fake)
        stored = summary_generate(actor=staff_user, session=session)

    assert stored.summary.startswith("争议：试用期内被辞退")
    trace = Trace.objects.get(kind="summary")
    assert (trace.user, trace.object_type, trace.object_id) == (staff_user, "chat.chatsession", str(session.pk))
    assert trace.status == "success"
    call = trace.llm_calls.get()
    assert call.role == "summarizer" and QUESTION in call.request and "试用期内被辞退" in call.response
    run = trace.agent_runs.get()
    assert (run.agent, run.status) == ("summarizer", "success")
    event = AuditEvent.objects.get(event_type="chat.summary_set")
    assert event.detail_data == {"trace_id": str(trace.pk)} and event.new_data["chars"] == len(stored.summary)
    assert audit_verify().ok


def test_the_offline_summary_is_traced_too(session, staff_user):
    stored = summary_generate(actor=staff_user, session=session)
    assert "离线模式" in stored.summary and "第二十一条" in stored.summary
    trace = Trace.objects.get(kind="summary")
    assert not trace.llm_calls.exists()
    assert list(trace.agent_runs.values_list("agent", "model", "status")) == [("summarizer", "offline", "success")]


def test_a_failed_model_call_falls_back_and_stays_on_the_record(session, staff_user, settings):
    with FakeLLM() as fake:
        fake.script(Reply.error(500), Reply.error(500))
        _llm(settings, fake)
        stored = summary_generate(actor=staff_user, session=session)
    assert "离线模式" in stored.summary
    trace = Trace.objects.get(kind="summary")
    assert trace.llm_calls.get().status == "error"
    run = trace.agent_runs.get()
    assert run.status == "error" and "离线摘要" in run.error
    assert trace.status == "success"


def test_the_api_queues_the_summary_and_the_worker_notifies_when_done(api_client, session, make_user, eager_tasks,
                                                                      monkeypatch):
    colleague = make_user("staff")
    matter = matter_create(actor=session.owner, number="M-SUM", title="t", client="c", members=[colleague])
    services.session_update(actor=session.owner, session=session, matter=matter)
    api_client.force_authenticate(colleague)
    base = f"/api/v1/chat/sessions/{session.pk}/summary"
    published = []
    monkeypatch.setattr(realtime, "group_publish", lambda group, event: published.append((group, event)))

    response = api_client.post(base)

    assert response.status_code == 202  # never a worker thread held while the summary is written
    summaries = {group: event for group, event in published if event["type"] == "summary"}
    assert set(summaries) == {f"chat.{session.pk}", f"user.{colleague.pk}"}
    assert summaries[f"user.{colleague.pk}"]["summary"] == response.json()["summary"]
    assert "离线模式" in response.json()["summary"] and QUESTION[:6] in response.json()["summary"]
    trace = Trace.objects.get(kind="summary")
    assert trace.user == colleague and trace.matter == matter  # who asked, and the work's matter
    assert api_client.delete(base).json()["summary"] == ""
    assert list(AuditEvent.objects.filter(event_type__startswith="chat.summary").order_by("chain_index").values_list(
        "event_type", "actor")) == [("chat.summary_set", colleague.pk), ("chat.summary_deleted", colleague.pk)]


def test_the_api_answers_202_when_the_worker_is_not_done(api_client, session, monkeypatch):
    queued = []
    monkeypatch.setattr(tasks.chat_summary_run, "delay", lambda *args: queued.append(args))
    api_client.force_authenticate(session.owner)
    response = api_client.post(f"/api/v1/chat/sessions/{session.pk}/summary")
    assert response.status_code == 202 and response.json()["summary"] == ""
    assert queued == [(session.pk, session.owner.pk)]
