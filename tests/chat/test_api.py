"""The chat API contract (ARCHITECTURE §8): sessions, messages (JSON and SSE) through a real worker,
feedback, stats, summary, export, intent classification, and bad input."""

import io
import json

import pytest
from docx import Document

from chat import services
from chat.models import Message

#: Only the two tests a real worker answers need committed rows (another process reads them); the others stay in
#: the test's transaction and skip the flush a transactional test ends with.
pytestmark = pytest.mark.django_db


@pytest.fixture
def client_for(api_client):
    def login(user):
        api_client.force_authenticate(user)
        return api_client

    return login


def test_session_crud_and_scoping(client_for, make_user):
    owner, outsider = make_user("staff"), make_user("staff")
    api = client_for(owner)
    created = api.post("/api/v1/chat/sessions", {"title": "劳动争议咨询"}, format="json")
    assert created.status_code == 201 and created.json()["title"] == "劳动争议咨询"
    sid = created.json()["id"]
    assert api.patch(f"/api/v1/chat/sessions/{sid}", {"title": "改名"}, format="json").json()["title"] == "改名"
    assert api.get("/api/v1/chat/sessions").json()["count"] == 1
    other = client_for(outsider)
    assert other.get(f"/api/v1/chat/sessions/{sid}").status_code == 404
    assert other.post(f"/api/v1/chat/sessions/{sid}/messages", {"content": "问"}, format="json").status_code == 404
    api = client_for(owner)
    assert api.delete(f"/api/v1/chat/sessions/{sid}").status_code == 204
    assert api.get(f"/api/v1/chat/sessions/{sid}").status_code == 404


def test_session_on_a_matter_is_visible_to_the_team(client_for, make_user):
    from firm.services import matter_create

    lawyer, colleague, outsider = make_user("staff"), make_user("staff"), make_user("staff")
    matter = matter_create(actor=lawyer, number="M-1", title="t", client="c", members=[colleague])
    sid = client_for(lawyer).post("/api/v1/chat/sessions", {"matter": matter.pk}, format="json").json()["id"]
    assert client_for(colleague).get(f"/api/v1/chat/sessions/{sid}").status_code == 200
    assert client_for(outsider).get(f"/api/v1/chat/sessions/{sid}").status_code == 404
    assert client_for(outsider).post("/api/v1/chat/sessions", {"matter": matter.pk}, format="json").status_code == 404


def test_compliance_cannot_open_chat_sessions(client_for, compliance_user):
    assert client_for(compliance_user).post("/api/v1/chat/sessions", {}, format="json").status_code == 403


@pytest.mark.parametrize("content, fragment", [("", "不能为空"), ("   ", "不能为空"), ("问" * 30_001, "过长")])
def test_bad_questions_are_refused_and_nothing_is_stored(client_for, staff_user, content, fragment):
    session = services.session_create(actor=staff_user)
    response = client_for(staff_user).post(f"/api/v1/chat/sessions/{session.pk}/messages", {"content": content},
                                           format="json")
    assert response.status_code == 400 and fragment in json.dumps(response.json(), ensure_ascii=False)
    assert Message.objects.count() == 0


def test_malformed_json_is_a_400(client_for, staff_user):
    session = services.session_create(actor=staff_user)
    response = client_for(staff_user).post(f"/api/v1/chat/sessions/{session.pk}/messages", data="{oops",
                                           content_type="application/json")
    assert response.status_code == 400


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_post_message_returns_the_answer_from_the_worker(client_for, staff_user, statutes, celery_worker):
    session = services.session_create(actor=staff_user)
    question = "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？"
    response = client_for(staff_user).post(f"/api/v1/chat/sessions/{session.pk}/messages",
                                           {"content": question}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert {"id", "role", "content", "intent", "sources", "citations", "disclaimer", "trace_id"} <= body.keys()
    assert body["role"] == "assistant" and "离线模式" in body["content"]
    assert body["citations"] and all({"law", "article", "valid"} <= c.keys() for c in body["citations"])
    assert body["intent"]["domain"] == "labor"


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_post_message_streams_server_sent_events(client_for, staff_user, statutes, celery_worker):
    session = services.session_create(actor=staff_user)
    response = client_for(staff_user).post(f"/api/v1/chat/sessions/{session.pk}/messages",
                                           {"content": "离婚时孩子两岁，抚养权一般判给谁？"}, format="json",
                                           HTTP_ACCEPT="text/event-stream")
    assert response["Content-Type"] == "text/event-stream"
    frames = b"".join(response.streaming_content).decode()
    kinds = [line.split(": ", 1)[1] for line in frames.splitlines() if line.startswith("event: ")]
    assert kinds[:3] == ["status", "intent", "routing"]
    assert "tool_call" in kinds and "tool_result" in kinds and "final" in kinds
    data = [json.loads(line[6:]) for line in frames.splitlines() if line.startswith("data: ")]
    final = next(event for event in data if event["type"] == "final")
    assert "disclaimer" in final and final["citations"]


def test_feedback_stats_and_export(client_for, staff_user):
    session = services.session_create(actor=staff_user, title="测试会话")
    question, answer = services.turn_create(actor=staff_user, session=session, content="试用期被辞退怎么办？")
    Message.objects.filter(pk=answer.pk).update(
        status="complete", content="依据《中华人民共和国劳动合同法》第二十一条……",
        citations=[{"law": "中华人民共和国劳动合同法", "article": "第二十一条", "valid": True}],
        intent={"domain": "labor", "domain_label": "劳动纠纷"}, disclaimer=services.DISCLAIMER)
    api = client_for(staff_user)
    base = f"/api/v1/chat/sessions/{session.pk}"
    assert api.post(f"{base}/messages/{answer.pk}/feedback", {"rating": 6}, format="json").status_code == 400
    assert api.post(f"{base}/messages/{question.pk}/feedback", {"rating": 4}, format="json").status_code == 400
    assert api.post(f"{base}/messages/{answer.pk}/feedback", {"rating": 4, "comment": "有用"},
                    format="json").status_code == 201
    stats = api.get("/api/v1/chat/feedback/stats").json()
    assert stats["count"] == 1 and stats["average"] == 4.0 and stats["by_domain"]["labor"]["count"] == 1

    exported = api.get(f"{base}/export/json").json()
    assert [m["role"] for m in exported["messages"]] == ["user", "assistant"]
    markdown = api.get(f"{base}/export/md").content.decode()
    assert "## 问" in markdown and "✓ 《中华人民共和国劳动合同法》第二十一条" in markdown
    docx = api.get(f"{base}/export/docx")
    assert docx["Content-Disposition"].endswith('.docx"')
    text = "\n".join(p.text for p in Document(io.BytesIO(docx.content)).paragraphs)
    assert "试用期被辞退怎么办？" in text and "第二十一条" in text
    assert api.get(f"{base}/export/pdf").status_code == 400


def test_intent_classify_contract(client_for, staff_user):
    text = "在公司干了6年半，月薪1.2万，这次裁员能拿多少N+1"
    body = client_for(staff_user).post("/api/v1/intent/classify", {"text": text}, format="json").json()
    assert body["domain"] == "labor" and body["domain_label"] == "劳动纠纷"
    assert body["intent"] == "calculation" and body["layer"] == "rule" and body["confidence"] >= 0.85
    assert any(a["value"] in (12000, "12000") for a in body["entities"]["amounts"])
    assert client_for(staff_user).post("/api/v1/intent/classify", {}, format="json").status_code == 400
