"""The research agent with a model (the scripted OpenAI-compatible server): the planner's plan, a
malformed plan repaired once then replaced by the heuristic one, citations checked in the model's
answer, an LLM timeout mid-synthesis (the last step's result, not a 500), the deadline (504)."""

import pytest

from research import tools
from research.models import ResearchTask
from tests.fakellm import FakeLLM, Reply
from tests.research.support import fake_registry
from tracing.models import Trace

pytestmark = [pytest.mark.django_db]

URL = "/api/v1/predict"
QUESTION = "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？"
GOOD = ("### 结论\n可以主张赔偿金 48000 元。\n### 法律依据\n"
        "依据《中华人民共和国劳动合同法》第八十七条，违法解除应支付二倍赔偿金。")


@pytest.fixture
def client(api_client, staff_user):
    api_client.force_authenticate(staff_user)
    return api_client


@pytest.fixture
def llm(settings):
    with FakeLLM() as fake:
        settings.LLM_BASE_URL = fake.base_url
        settings.LLM_API_KEY = "sk-test-0123456789"
        settings.LLM_TIMEOUT = 10
        yield fake


def test_malformed_plan_is_repaired_once_then_the_heuristic_plan_runs(statutes, client, llm):
    llm.script(Reply.text("这不是 JSON"), Reply.text('{"steps": [{"id": 1'),
               Reply.text(GOOD + "另见《中华人民共和国劳动合同法》第九百九十九条。"))
    body = client.post(URL, {"question": QUESTION}, format="json").json()
    assert len(llm.chat_requests) == 3  # plan, repair, synthesis
    assert llm.chat_requests[0].json["model"] and body["plan"]["source"] == "heuristic"
    assert [s["tool_type"] for s in body["steps"]] == ["calculate", "search_legal"]
    assert "48000" in body["answer"]
    citations = {c["article"]: c["valid"] for c in body["citations"]}
    assert citations["第八十七条"] is True and citations["第九百九十九条"] is False
    assert "第九百九十九条〔未核实〕" in body["answer"]
    trace = Trace.objects.get(trace_id=body["trace_id"])
    assert trace.llm_calls.count() == 3 and trace.kind == "research"


def test_the_planner_model_plan_is_normalised_and_executed(statutes, client, llm):
    plan = {"steps": [
        {"id": "a", "description": "检索违法解除赔偿金规定", "tool_type": "search_legal", "input": "违法解除 赔偿金"},
        {"id": "a", "description": "查询第八十七条", "tool_type": "lookup_article",
         "input": "《劳动合同法》第八十七条", "depends_on": ["zzz"]},
        {"id": "c", "description": "计算赔偿金", "tool_type": "calculate", "input": "8000*3*2", "depends_on": ["a"]},
        {"id": "d", "description": "总结", "tool_type": "bogus", "depends_on": ["c", "d"]},
    ]}
    llm.script(Reply.json(plan),
               Reply.text("依据前序结果，赔偿金为 48000 元，见《中华人民共和国劳动合同法》第八十七条。"),
               Reply.text(GOOD))
    body = client.post(URL, {"question": QUESTION}, format="json").json()
    assert body["plan"]["source"] == "llm"
    ids = [s["id"] for s in body["plan"]["steps"]]
    assert ids == ["a", "s2", "c", "d"]
    assert [s["depends_on"] for s in body["plan"]["steps"]] == [[], [], ["a"], ["c"]]
    by_id = {s["id"]: s for s in body["steps"]}
    assert by_id["d"]["tool_type"] == "none" and by_id["d"]["method"] == "reasoning"
    assert by_id["c"]["method"] == "tool" and "48000" in by_id["c"]["result"]
    assert by_id["s2"]["method"] == "tool" and by_id["s2"]["verified"] is True
    assert body["answer"].startswith("### 结论")


def test_an_llm_timeout_mid_synthesis_falls_back_to_the_last_successful_step(statutes, client, llm, settings):
    settings.LLM_TIMEOUT = 1
    plan = {"steps": [{"id": "s1", "description": "检索", "tool_type": "search_legal", "input": "违法解除 赔偿金"},
                      {"id": "s2", "description": "计算", "tool_type": "calculate", "input": "8000*3*2"}]}
    llm.script(Reply.json(plan), Reply.text("### 结论\n可以主张" + "赔偿" * 50, stall_after=2, stall=4))
    response = client.post(URL, {"question": QUESTION}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert "48000" in body["answer"] and "8000*3*2" in body["answer"]  # the last successful step: s2
    assert "不构成正式法律意见" in body["answer"]
    task = ResearchTask.objects.get(trace_id=body["trace_id"])
    assert task.status == "done" and any("最后一个成功步骤" in n for n in task.notices)
    assert body["confidence"] < 0.6


def test_a_hung_step_answers_with_the_card_answer_without_asking_the_model(statutes, client, llm, monkeypatch,
                                                                             settings):
    settings.RESEARCH_TOOL_TIMEOUT = 0.3
    monkeypatch.setattr(tools, "tool_registry", lambda: fake_registry(search_delay=30))
    plan = {"steps": [{"id": "s1", "description": "检索", "tool_type": "search_legal", "input": "违法解除"}]}
    llm.script(Reply.json(plan), Reply.text(GOOD))
    body = client.post(URL, {"question": QUESTION}, format="json").json()
    detail = client.get(f"/api/v1/research/tasks/{body['task_id']}").json()
    step = detail["steps"][0]
    assert step["status"] == "done" and step["method"] == "fallback" and "超时" in step["error"]
    assert step["verification"]["fallback"] == "card" and step["result"]
    assert len(llm.chat_requests) == 2  # plan and synthesis: no reasoning over stray numbers
    assert "48000" in body["answer"]


def test_all_steps_failed_gives_a_direct_answer(statutes, client, llm, monkeypatch, settings):
    from research.services.issues import SubIssue

    # the card engine answers nothing: the hung step reasons with the model, as the last resort
    monkeypatch.setattr(SubIssue, "decision", property(lambda self: None))
    settings.RESEARCH_TOOL_TIMEOUT = 0.3
    monkeypatch.setattr(tools, "tool_registry", lambda: fake_registry(search_delay=30))
    plan = {"steps": [{"id": "s1", "description": "检索", "tool_type": "search_legal", "input": "违法解除"}]}
    llm.script(Reply.json(plan), Reply.text("违法解除应当支付赔偿金。"), Reply.text("直接回答：可以主张赔偿金。"))
    body = client.post(URL, {"question": QUESTION}, format="json").json()
    step = body["steps"][0]
    assert step["method"] == "fallback" and step["verified"] is False  # a legal claim without a retrieved article
    # the direct answer is the answer (not the step's fallback reasoning), with the disclaimer after it
    assert body["answer"].startswith("直接回答：可以主张赔偿金。\n") and "违法解除应当支付赔偿金" not in body["answer"]
    assert body["answer"].rstrip().endswith("请咨询执业律师。")


def test_the_deadline_answers_504_with_the_steps_done(statutes, client, monkeypatch, settings):
    settings.RESEARCH_DEADLINE = 8.0  # room for the lookup step on a loaded machine (3 s failed); search hangs 30 s
    monkeypatch.setattr(tools, "tool_registry", lambda: fake_registry(search_delay=30, lookup_delay=0))
    response = client.post(URL, {"question": "《劳动合同法》第四十七条怎么理解？辞退后怎么计算补偿？"}, format="json")
    assert response.status_code == 504
    body = response.json()
    assert body["error"] == "timeout" and body["trace_id"]
    partial = body["partial"]["steps"]
    assert [s["tool_type"] for s in partial] == ["lookup_article"] and partial[0]["status"] == "done"
    task = ResearchTask.objects.get(trace_id=body["trace_id"])
    assert task.status == "failed" and task.steps.filter(status="done").count() == 1
    assert Trace.objects.get(trace_id=body["trace_id"]).status == "timeout"
