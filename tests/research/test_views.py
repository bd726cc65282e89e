"""The 研究任务 pages: ask, the checklist and answer after a run, plan approval with edits, cancel,
resume, attach; and the navigation entry that becomes active."""

import json
import re

import pytest

from firm import services as firm_services
from research import services
from research.models import ResearchTask

pytestmark = [pytest.mark.django_db]

QUESTION = "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？应该怎么申请仲裁？"


@pytest.fixture
def lawyer(client, staff_user):
    client.force_login(staff_user)
    return staff_user


def test_ask_run_and_read_the_checklist_and_answer(statutes, client, lawyer):
    index = client.get("/research/").content.decode()
    assert "<h1>研究任务</h1>" in index and 'href="/research/"' in index  # the navigation entry links here
    response = client.post("/research/new/", {"question": QUESTION})
    task = ResearchTask.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/research/{task.pk}/"
    pending = client.get(f"/research/{task.pk}/").content.decode()
    assert 'data-status="queued"' in pending and f"/ws/research/{task.pk}/" in pending
    services.task_run(task_id=task.pk)
    page = client.get(f"/research/{task.pk}/").content.decode()
    steps = re.findall(r'<li class="step status-(\w+)" data-step="(\w+)"', page)
    assert len(steps) == task.steps.count() and all(status == "done" for status, _ in steps)
    assert page.count(">✓<") >= 2 and " ms</span>" in page and "计算" in page
    assert "48000" in page and "<h3>引用核验</h3>" in page and "✓ 《中华人民共和国劳动合同法》第八十七条" in page
    assert "<h3>来源</h3>" in page and 'class="answer"' in page


def test_bad_question_on_the_page_is_refused_with_a_message(client, lawyer):
    response = client.post("/research/new/", {"question": "？？"}, follow=True)
    assert "question 只有标点或空白" in response.content.decode()
    assert not ResearchTask.objects.exists()


def test_plan_review_on_the_page(statutes, client, lawyer):
    client.post("/research/new/", {"question": QUESTION, "review_plan": "on"})
    task = ResearchTask.objects.get()
    services.task_run(task_id=task.pk)
    page = client.get(f"/research/{task.pk}/").content.decode()
    assert 'id="plan-editor"' in page and 'id="approve"' in page and 'id="replan"' in page
    config = json.loads(re.search(r'<script id="research-config" type="application/json">(.*?)</script>',
                                  page, re.S).group(1))
    kept = [dict(config["steps"][0], description="只检索赔偿金规定")]
    client.post(f"/research/{task.pk}/approve/", {"steps": json.dumps(kept, ensure_ascii=False)})
    task.refresh_from_db()
    assert task.status == "queued" and list(task.steps.values_list("description", flat=True)) == ["只检索赔偿金规定"]


def test_cancel_resume_and_attach_from_the_page(statutes, client, lawyer):
    matter = firm_services.matter_create(actor=lawyer, number="P1", title="劳动争议", client="乙")
    client.post("/research/new/", {"question": QUESTION})
    task = ResearchTask.objects.get()
    client.post(f"/research/{task.pk}/cancel/")
    task.refresh_from_db()
    assert task.status == "cancelled"
    assert 'id="resume"' in client.get(f"/research/{task.pk}/").content.decode()
    client.post(f"/research/{task.pk}/resume/")
    services.task_run(task_id=task.pk)
    task.refresh_from_db()
    assert task.status == "done"
    client.post(f"/research/{task.pk}/attach/", {"matter": matter.pk})
    task.refresh_from_db()
    assert task.matter_id == matter.pk
