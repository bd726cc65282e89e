"""No failed step: every kind of step that ends with nothing (a reasoning step with nothing to quote, a
search that answers with nothing) is answered with the chat's offline answer for its sub-question,
marked as that fallback; a step fails only when even that has nothing, and the answer still covers
its part. Through ``/api/v1/predict`` and the research task API."""

import re

import pytest

from research import services, tools
from research.services import pipeline
from research.services.issues import sub_issues
from research.services.planner import normalise_steps
from tests.research.support import fake_registry

pytestmark = [pytest.mark.django_db]

PREDICT = "/api/v1/predict"
TASKS = "/api/v1/research/tasks"
MULTI = "公司无故把我辞退了，我工作了3年，月薪8000元。1.能拿多少赔偿？2.去哪里申请仲裁？"
_STRAY_SUM = re.compile(r"\d[\d,.]*\s*[+＋]\s*\d[\d,.]*\s*=")


@pytest.fixture
def client(api_client, staff_user):
    api_client.force_authenticate(staff_user)
    return api_client


@pytest.fixture
def empty_plan(monkeypatch):
    """The planner yields a search whose tool answers with nothing (part 1's words) and a reasoning step
    with nothing to reason from (part 2's words); the statute search finds nothing."""

    def plan(question, **kwargs):
        return normalise_steps([
            {"id": "s1", "description": "检索：能拿多少赔偿？", "tool_type": "search_legal", "input": "经济补偿"},
            {"id": "s2", "description": "整理：去哪里申请仲裁？", "tool_type": "none", "depends_on": ["s1"]},
        ])

    monkeypatch.setattr(pipeline, "heuristic_plan", plan)
    monkeypatch.setattr(tools, "tool_registry", lambda: fake_registry(found=False))


def _covers_each_part(body, issues):
    conclusions = body["conclusions"]
    assert [c["part"] for c in conclusions] == [i.part for i in issues]
    texts = [c["text"].strip() for c in conclusions]
    assert all(texts) and len(set(texts)) == len(texts)
    section = body["answer"].split("### 结论", 1)[1].split("###", 1)[0]
    for index, issue in enumerate(issues, start=1):
        assert f"{index}. （{issue.part}）" in section
    assert not _STRAY_SUM.search(body["answer"])


def _fell_back_to_the_card_answer(steps, issues):
    assert [s["status"] for s in steps] == ["done", "done"]
    search, reasoning = steps
    for step, issue in ((search, issues[0]), (reasoning, issues[1])):
        assert step["method"] == "fallback" and step["verification"]["fallback"] == "card"
        assert issue.text and step["result"].startswith(issue.text)
        assert not _STRAY_SUM.search(step["result"])
    assert search["verification"]["follow_up"]["ok"] is False  # its one follow-up search found nothing either
    assert search["verification"]["fallback_reason"] == reasoning["verification"]["fallback_reason"] == "没有结果"


def test_predict_answers_an_empty_search_and_an_empty_reasoning_step_with_the_card_answer(
        statutes, client, empty_plan):
    issues = sub_issues(MULTI)
    assert all(i.card is not None for i in issues)
    response = client.post(PREDICT, {"question": MULTI}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    detail = client.get(f"/api/v1/research/tasks/{body['task_id']}").json()
    _fell_back_to_the_card_answer(detail["steps"], issues)
    assert not [s for s in body["steps"] if s["status"] == "failed"]
    _covers_each_part(body, issues)


def test_a_research_task_answers_its_empty_steps_with_the_card_answer(statutes, client, empty_plan):
    issues = sub_issues(MULTI)
    task_id = client.post(TASKS, {"question": MULTI}, format="json").json()["id"]
    services.task_run(task_id=task_id)  # what the worker does
    body = client.get(f"{TASKS}/{task_id}").json()
    assert body["status"] == "done"
    _fell_back_to_the_card_answer(body["steps"], issues)
    _covers_each_part(body, issues)


def test_a_part_no_card_decides_is_answered_with_what_could_not_be_decided(statutes, client, empty_plan, no_cards):
    response = client.post(PREDICT, {"question": MULTI}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    detail = client.get(f"/api/v1/research/tasks/{body['task_id']}").json()
    assert [s["status"] for s in detail["steps"]] == ["done", "done"]
    for step, conclusion in zip(detail["steps"], body["conclusions"], strict=True):
        assert step["verification"]["fallback"] == "card" and step["verification"]["decided"] is False
        assert step["result"] == conclusion["text"] and not conclusion["citations"] and not step["sources"]


def test_a_step_fails_only_when_the_engine_has_nothing_and_the_answer_still_covers_the_part(
        statutes, client, empty_plan, monkeypatch):
    from research.services.issues import SubIssue

    monkeypatch.setattr(SubIssue, "decision", property(lambda self: None))  # the card engine answers nothing
    response = client.post(PREDICT, {"question": MULTI}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    detail = client.get(f"/api/v1/research/tasks/{body['task_id']}").json()
    assert [s["status"] for s in detail["steps"]] == ["failed", "failed"]
    assert all("fallback" not in s["verification"] for s in detail["steps"])
    section = body["answer"].split("### 结论", 1)[1].split("###", 1)[0]
    assert [c["part"] for c in body["conclusions"]] == ["能拿多少赔偿？", "去哪里申请仲裁？"]
    for index, conclusion in enumerate(body["conclusions"], start=1):
        assert conclusion["text"] == "这一问检索到的条文不足以得出结论，请补充事实后再研究。"
        assert f"{index}. （{conclusion['part']}）{conclusion['text']}" in section
    assert "无法生成答案" not in body["answer"]
