"""POST /api/v1/predict: the offline research pipeline end to end, and the seed's error contract."""

import json

import pytest
from django.core.management import call_command

from research.models import ResearchTask
from tracing.models import AuditEvent, Trace

pytestmark = [pytest.mark.django_db]

URL = "/api/v1/predict"
QUESTION = "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？"


@pytest.fixture
def client(api_client, staff_user):
    api_client.force_authenticate(staff_user)
    return api_client


def test_offline_predict_plans_executes_verifies_and_synthesizes(statutes, client):
    response = client.post(URL, {"question": QUESTION}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert set(body) >= {"answer", "confidence", "plan", "steps", "citations", "trace_id"}
    tools = [s["tool_type"] for s in body["steps"]]
    assert "calculate" in tools and "search_legal" in tools
    assert body["plan"]["source"] == "heuristic" and len(body["plan"]["steps"]) == len(body["steps"]) <= 8
    assert all(s["status"] in ("done", "failed") and s["method"] in ("tool", "reasoning", "fallback")
               for s in body["steps"])
    answer = body["answer"]
    assert answer.index("### 结论") < answer.index("### 法律依据") < answer.index("### 研究步骤")
    assert "48000" in answer.replace(",", "")  # 3 years × 8000 × 2 (违法解除赔偿金)
    assert "第八十七条" in answer
    assert body["citations"] and all(c["valid"] for c in body["citations"])
    assert "不构成正式法律意见" in answer and "<" not in answer
    assert 0 < body["confidence"] <= 1
    task = ResearchTask.objects.get(trace_id=body["trace_id"])
    assert task.status == "done" and task.steps.count() == len(body["steps"])
    trace = Trace.objects.get(trace_id=body["trace_id"])
    assert trace.kind == "research" and trace.tool_calls.count() >= len(body["steps"])
    assert AuditEvent.objects.filter(event_type="research_task.created", object_id=str(task.pk)).exists()
    call_command("verify_audit")


MULTI = "公司无故把我辞退了，我工作了3年，月薪8000元。1.能拿多少赔偿？2.去哪里申请仲裁？"


def test_a_multi_part_question_gets_one_conclusion_per_part_in_the_answer_and_the_task(statutes, client):
    from research.services.issues import sub_issues

    issues = sub_issues(MULTI)
    response = client.post(URL, {"question": MULTI}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert not [s for s in body["steps"] if s["status"] == "failed"]
    conclusions = body["conclusions"]
    assert [c["part"] for c in conclusions] == [i.part for i in issues] == ["能拿多少赔偿？", "去哪里申请仲裁？"]
    assert all(c["text"] and set(c) == {"part", "text", "citations"} for c in conclusions)
    assert len({c["text"] for c in conclusions}) == len(conclusions)  # each part answered on its own
    section = body["answer"].split("### 结论", 1)[1].split("###", 1)[0]
    for index, issue in enumerate(issues, start=1):
        assert f"{index}. （{issue.part}）" in section
    assert {c["slug"] for c in body["cards"]} >= {i.card.slug for i in issues if i.card is not None}
    task = ResearchTask.objects.get(trace_id=body["trace_id"])
    assert task.conclusions == conclusions
    detail = client.get(f"/api/v1/research/tasks/{task.pk}")
    assert detail.status_code == 200 and detail.json()["conclusions"] == conclusions


@pytest.mark.parametrize("payload, reason", [
    ({"question": ""}, "empty"),
    ({"question": "   \n\t "}, "empty"),
    ({"question": "？！。，……"}, "only_punctuation"),
    ({"question": "?!"}, "only_punctuation"),
    ({"question": "问" * 2001}, "too_long"),
    ({"question": "劳动\x00合同"}, "control_characters"),
    ({"question": "劳动合同\x1b[31m"}, "control_characters"),
    ({"question": "法"}, "too_short"),
    ({}, "missing"),
    ({"text": "劳动合同"}, "missing"),
    ({"question": 123}, "wrong_type"),
    ({"question": ["劳动合同"]}, "wrong_type"),
    ({"question": None}, "missing"),
])
def test_bad_input_is_400_naming_the_reason(client, payload, reason):
    response = client.post(URL, payload, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "invalid_input" and body["reason"] == reason and body["detail"]
    assert not ResearchTask.objects.exists()


def test_a_body_that_is_not_a_json_object_is_400(client):
    for raw in ('["问题"]', '"问题是什么"', "{not json"):
        response = client.generic("POST", URL, raw, content_type="application/json")
        assert response.status_code == 400, raw
        assert response.json()["error"] == "invalid_input"


def test_two_thousand_characters_are_accepted_by_validation():
    from research.services import question_validate

    assert len(question_validate("问" * 2000)) == 2000
    assert question_validate("  劳动合同  ") == "劳动合同"


def test_anonymous_is_refused(api_client):
    assert api_client.post(URL, {"question": QUESTION}, format="json").status_code in (401, 403)


def test_internal_error_is_500_with_the_trace_id_and_no_stack_trace(statutes, client, monkeypatch):
    from research.services import pipeline

    def broken(*args, **kwargs):
        raise RuntimeError("secret internal detail")

    monkeypatch.setattr(pipeline, "heuristic_plan", broken)
    response = client.post(URL, {"question": QUESTION}, format="json")
    assert response.status_code == 500
    body = response.json()
    assert body["error"] == "internal" and body["trace_id"]
    text = json.dumps(body, ensure_ascii=False)
    assert "Traceback" not in text and "secret internal detail" not in text
    assert Trace.objects.get(trace_id=body["trace_id"]).status == "error"
    assert ResearchTask.objects.get(trace_id=body["trace_id"]).status == "failed"
