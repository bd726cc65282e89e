"""Research tasks through the API: 202 then the worker's run, plan approval with edits and its
re-planning cap, cancel within seconds, a dead worker (failed, steps kept, resumable), stale
heartbeats, export and attach with their audit events; and the console command."""

import json
import threading
import time
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from firm import services as firm_services
from legalsite.sweep import interrupted_work_resume
from research import services, tools
from research.constants import TASK_NAME
from research.models import ResearchStep, ResearchTask
from research.services import tasks as tasks_module
from tests.research.support import fake_registry
from tracing.models import AuditEvent

pytestmark = [pytest.mark.django_db]

TASKS = "/api/v1/research/tasks"
QUESTION = "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？应该怎么申请仲裁？"


@pytest.fixture
def client(api_client, staff_user):
    api_client.force_authenticate(staff_user)
    return api_client


def _events(task_id, kind):
    return AuditEvent.objects.filter(object_id=str(task_id), event_type=kind)


def test_create_is_202_and_the_run_fills_the_task(statutes, client):
    response = client.post(TASKS, {"question": QUESTION}, format="json")
    assert response.status_code == 202
    task_id = response.json()["id"]
    assert response.json()["status"] == "queued"
    services.task_run(task_id=task_id)  # what the worker does
    body = client.get(f"{TASKS}/{task_id}").json()
    assert body["status"] == "done" and body["trace_id"]
    kinds = [s["tool_type"] for s in body["steps"]]
    assert kinds.count("search_legal") >= 2 and "calculate" in kinds and "none" in kinds  # the procedure steps
    procedure = next(s for s in body["steps"] if s["tool_type"] == "none")
    assert procedure["depends_on"] and procedure["status"] == "done" and "仲裁" in procedure["result"]
    assert "48000" in body["answer"] and "### 办理程序" in body["answer"]
    assert body["citations"] and all(c["valid"] for c in body["citations"])
    assert all(s["duration_ms"] is not None and s["verification"] for s in body["steps"])
    assert _events(task_id, "research_task.created").count() == 1
    listed = client.get(TASKS).json()
    assert listed["count"] == 1 and listed["results"][0]["id"] == task_id


def test_bad_questions_are_refused_when_creating_a_task(client):
    for payload in ({"question": "？？"}, {"question": "x" * 2001}, {}, {"question": 5}):
        response = client.post(TASKS, payload, format="json")
        assert response.status_code == 400 and response.json()["error"] == "invalid_input"
    assert not ResearchTask.objects.exists()


def test_plan_review_edit_reorder_remove_then_approve(statutes, client):
    task_id = client.post(TASKS, {"question": QUESTION, "review_plan": True}, format="json").json()["id"]
    services.task_run(task_id=task_id)
    body = client.get(f"{TASKS}/{task_id}").json()
    assert body["status"] == "awaiting_approval" and body["answer"] == ""
    steps = body["plan"]["steps"]
    assert len(steps) >= 3
    edited = [dict(steps[1], description="检索违法解除劳动合同的赔偿金"), steps[0]]  # reorder, edit, drop the rest
    response = client.post(f"{TASKS}/{task_id}/approve", {"steps": edited}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "queued"
    services.task_run(task_id=task_id)
    body = client.get(f"{TASKS}/{task_id}").json()
    assert body["status"] == "done"
    assert [s["id"] for s in body["steps"]] == [steps[1]["id"], steps[0]["id"]]
    assert body["steps"][0]["description"] == "检索违法解除劳动合同的赔偿金"
    assert body["plan"]["source"] == "edited"
    assert json.loads(_events(task_id, "research_task.plan_approved").get().new) == {"steps": 2, "edited": True}


def test_re_planning_is_capped(statutes, client):
    task_id = client.post(TASKS, {"question": QUESTION, "review_plan": True}, format="json").json()["id"]
    services.task_run(task_id=task_id)
    for _ in range(2):
        assert client.post(f"{TASKS}/{task_id}/replan").status_code == 200
        services.task_run(task_id=task_id)
        assert ResearchTask.objects.get(pk=task_id).status == "awaiting_approval"
    assert client.post(f"{TASKS}/{task_id}/replan").status_code == 400
    bad = client.post(f"{TASKS}/{task_id}/approve", {"steps": [{"description": "x", "tool_type": "hack"}]},
                      format="json")
    assert bad.status_code == 400


@pytest.mark.django_db(transaction=True)  # committed rows: another thread or process reads them
def test_cancel_stops_a_running_task_within_seconds(statutes, client, monkeypatch, settings):
    settings.RESEARCH_HEARTBEAT = 0.2
    monkeypatch.setattr(tools, "tool_registry", lambda: fake_registry(search_delay=60))
    task_id = client.post(TASKS, {"question": "《劳动合同法》第四十七条怎么理解？辞退后怎么计算补偿？"},
                          format="json").json()["id"]
    worker = threading.Thread(target=services.task_run, kwargs={"task_id": task_id})
    worker.start()
    deadline = time.monotonic() + 20
    while not ResearchStep.objects.filter(task_id=task_id, status="done").exists():
        assert time.monotonic() < deadline, "the look-up step never finished"
        time.sleep(0.1)
    assert client.post(f"{TASKS}/{task_id}/cancel").status_code == 200
    worker.join(timeout=10)
    assert not worker.is_alive()  # it stopped without waiting for the 60 s search
    task = ResearchTask.objects.get(pk=task_id)
    assert task.status == "cancelled"
    assert task.steps.filter(status="done", tool_type="lookup_article").count() == 1
    assert _events(task_id, "research_task.cancelled").count() == 1


def test_a_dead_worker_marks_the_task_failed_keeping_steps_and_it_resumes(statutes, client, monkeypatch):
    task_id = client.post(TASKS, {"question": QUESTION}, format="json").json()["id"]
    services.task_run(task_id=task_id)
    done = ResearchTask.objects.get(pk=task_id)
    first = done.steps.order_by("order").first()
    # the worker died in the middle of the run: status running, one step done, the others pending;
    # its message comes back after the visibility timeout, long after its last heartbeat
    ResearchTask.objects.filter(pk=task_id).update(status="running", answer="",
                                                   heartbeat=timezone.now() - timedelta(hours=1))
    ResearchStep.objects.filter(task_id=task_id).exclude(pk=first.pk).update(status="running", result="")
    services.task_run(task_id=task_id)  # the message comes back (acks_late)
    task = ResearchTask.objects.get(pk=task_id)
    assert task.status == "failed" and "中断" in task.error
    assert task.steps.filter(status="done").count() == 1
    calls = []
    monkeypatch.setattr(tools, "tool_registry", lambda: __import__("agents.tools").tools.registry)
    assert client.post(f"{TASKS}/{task_id}/resume").status_code == 200
    services.task_run(task_id=task_id)
    task = ResearchTask.objects.get(pk=task_id)
    assert task.status == "done" and "48000" in task.answer
    assert task.steps.get(pk=first.pk).result == first.result and not calls
    assert _events(task_id, "research_task.resumed").count() == 1


@pytest.mark.django_db(transaction=True)  # committed rows: another thread or process reads them
def test_reading_a_task_whose_heartbeat_stopped_writes_nothing_the_sweep_settles_it(client, staff_user,
                                                                                   monkeypatch):
    task = ResearchTask.objects.create(owner=staff_user, question="醉驾怎么处罚", status="running",
                                       heartbeat=timezone.now() - timedelta(hours=1))
    before = ResearchTask.objects.filter(pk=task.pk).values().get()
    audit_before = AuditEvent.objects.count()
    page = Client()
    page.force_login(staff_user)
    assert client.get(f"{TASKS}/{task.pk}").json()["status"] == "running"
    assert page.get(f"/research/{task.pk}/").status_code == 200
    assert ResearchTask.objects.filter(pk=task.pk).values().get() == before  # a read is only a read
    assert AuditEvent.objects.count() == audit_before
    sent = []
    monkeypatch.setattr(tasks_module, "celery_app", type("Broker", (), {
        "send_task": staticmethod(lambda name, args=None, **kw: sent.append((name, args)))})())
    assert interrupted_work_resume()["research_tasks"] == 1
    task.refresh_from_db()
    assert task.status == "queued" and task.attempts == 1 and sent == [(TASK_NAME, [task.pk])]
    assert _events(task.pk, "research_task.resumed").count() == 1


def test_export_and_attach_are_audited(statutes, client, staff_user):
    matter = firm_services.matter_create(actor=staff_user, number="R1", title="劳动争议", client="甲")
    task_id = client.post(TASKS, {"question": QUESTION}, format="json").json()["id"]
    services.task_run(task_id=task_id)
    exported = client.get(f"{TASKS}/{task_id}/export/md")
    assert exported.status_code == 200 and "## 答案" in exported.content.decode()
    assert _events(task_id, "research_task.exported").count() == 1
    attached = client.post(f"{TASKS}/{task_id}/attach", {"matter": matter.pk}, format="json")
    assert attached.status_code == 200 and attached.json()["matter"] == matter.pk
    assert json.loads(_events(task_id, "research_task.attached").get().new) == {"matter": {"id": matter.pk,
                                                                                             "number": "R1"}}
    call_command("verify_audit")


def test_console_command_prints_the_live_events_and_the_answer(statutes, staff_user, capsys):
    call_command("research", "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？", "--user", staff_user.username)
    out = capsys.readouterr().out
    assert "[计划]" in out and "[开始] s1" in out and "[完成] ✓ s1" in out
    assert "48000" in out and "✓ 《中华人民共和国劳动合同法》第八十七条" in out
    assert ResearchTask.objects.get().status == "done"


def test_the_word_report_has_the_answer_steps_and_citations_as_word_structure(statutes, client, staff_user):
    import io

    from docx import Document

    task_id = client.post(TASKS, {"question": QUESTION}, format="json").json()["id"]
    services.task_run(task_id=task_id)
    exported = client.get(f"{TASKS}/{task_id}/export/docx")
    assert exported.status_code == 200 and exported["Content-Type"].startswith(
        "application/vnd.openxmlformats-officedocument.wordprocessingml")
    document = Document(io.BytesIO(exported.content))
    styles = {p.style.name for p in document.paragraphs}
    assert {"Title", "Heading 1"} <= styles
    text = "\n".join(p.text for p in document.paragraphs)
    assert "48000" in text and "✓ 《中华人民共和国劳动合同法》第八十七条" in text
    assert "###" not in text and "**" not in text
    inputs = " ".join(row.cells[2].text for row in document.tables[0].rows[1:])
    assert "计算" in inputs and "{" not in inputs and "=" not in inputs
    assert _events(task_id, "research_task.exported").count() == 1
    assert client.get(f"{TASKS}/{task_id}/export/pdf").status_code == 400
