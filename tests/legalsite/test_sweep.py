"""The periodic sweep (Celery beat): interrupted or lost long work is queued again exactly once,
fresh and finished work is left alone, and work whose message could not be sent waits for the
broker with a clear status instead of staying silently queued."""

from __future__ import annotations

import io
import subprocess
import sys
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone
from kombu.exceptions import OperationalError
from rest_framework.test import APIClient

from contracts.constants import REVIEW_TASK, SPLIT_REQUEUE_SECONDS, SPLIT_STALE_SECONDS, SPLIT_TASK
from contracts.models import Contract, ReviewIssue, ReviewRun
from contracts.services import contracts as contract_services
from contracts.services import review
from contracts.services.review import start as starting
from contracts.services.review import task as review_task
from core.jobs import RESUME_LIMIT_TEXT, WAITING_FOR_BROKER_TEXT
from knowledge.models import CaseDocument
from knowledge.services import cases as case_services
from legalsite import sweep
from legalsite.celery import app as celery_app
from legalsite.supervisor import Supervisor
from legalsite.tasks import sweep_interrupted_work
from research.constants import INTERRUPTED_TEXT, TASK_NAME
from research.models import ResearchTask
from research.services import tasks as research_services
from tests.contracts.contract_files import portal
from tests.contracts.review_support import make_contract
from tests.support import ROOT, clean_env
from tracing.models import AuditEvent

pytestmark = pytest.mark.django_db

LONG_AGO = timedelta(hours=3)


class Broker:
    """Records the messages the services send (no live worker of another test can take them);
    ``down`` makes every send fail as an unreachable Redis does."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, list]] = []
        self.down = False

    def send_task(self, name: str, args: list | None = None, **kwargs) -> None:
        if self.down:
            raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        self.sent.append((name, list(args or [])))

    def of(self, name: str) -> list[int]:
        return [args[0] for sent, args in self.sent if sent == name]


@pytest.fixture
def broker(monkeypatch) -> Broker:
    recorder = Broker()
    for module in (starting, contract_services, case_services, research_services):
        monkeypatch.setattr(module, "celery_app", recorder)
    return recorder


@pytest.fixture
def run_sweep(django_capture_on_commit_callbacks):
    def _run() -> dict[str, int]:
        with django_capture_on_commit_callbacks(execute=True):
            return sweep.interrupted_work_resume()
    return _run


def _system_events(event_type: str, obj) -> list[AuditEvent]:
    return list(AuditEvent.objects.filter(event_type=event_type, object_id=str(obj.pk), actor__isnull=True,
                                          actor_username="system"))


# --- schedule and processes ------------------------------------------------------------------------------
def test_the_sweep_is_in_the_beat_schedule_every_interval_and_registered():
    entries = [e for e in settings.CELERY_BEAT_SCHEDULE.values() if e["task"] == "legalsite.sweep_interrupted_work"]
    assert len(entries) == 1
    assert entries[0]["schedule"] == settings.SWEEP_INTERVAL_SECONDS == 60
    assert "legalsite.sweep_interrupted_work" in celery_app.tasks
    assert str(settings.CELERY_BEAT_SCHEDULE_FILENAME).startswith(str(settings.DATA_DIR))


def test_up_starts_exactly_one_beat_with_its_schedule_in_the_data_dir(tmp_path, settings):
    settings.DATA_DIR = tmp_path
    supervisor = Supervisor(host="127.0.0.1", port=8000, stdout=io.StringIO())
    supervisor.plan_children()
    beats = [c for c in supervisor.children if "beat" in c.argv]
    workers = [c for c in supervisor.children if "worker" in c.argv]
    assert len(beats) == 1 and len(workers) == 1
    assert "-B" not in workers[0].argv and "--beat" not in workers[0].argv  # beat is its own process
    schedule = beats[0].argv[beats[0].argv.index("--schedule") + 1]
    assert schedule == settings.CELERY_BEAT_SCHEDULE_FILENAME
    # beat runs the configuration-only app; the worker, the project's app with its tasks
    assert beats[0].argv[beats[0].argv.index("-A") + 1] == "legalsite.beat"
    assert workers[0].argv[workers[0].argv.index("-A") + 1] == "legalsite"
    # `up` ran the system checks before the children start: the worker does not run them again
    assert supervisor.child_env()["CELERY_SKIP_CHECKS"] == "1"


def test_the_beat_app_sends_the_projects_schedule_to_the_projects_broker_and_runs_nothing():
    from celery import current_app

    from legalsite.beat import app as beat_app

    # importing it leaves the project's app the current one: the services send through ``current_app``
    assert current_app._get_current_object() is celery_app
    # what beat reads: the schedule, the broker and its transport, the clock
    for key in ("beat_schedule", "broker_url", "broker_transport", "broker_transport_options", "timezone",
                "task_serializer", "accept_content", "broker_connection_retry_on_startup"):
        assert beat_app.conf[key] == celery_app.conf[key], key
    assert beat_app.conf.beat_schedule == settings.CELERY_BEAT_SCHEDULE
    # no Django fixup (django.setup(), the checks) and no task module: the sweep is sent by its name
    assert not beat_app.fixups and celery_app.fixups
    assert "legalsite.sweep_interrupted_work" in celery_app.tasks
    probe = ("import sys; from legalsite.beat import app; app.loader.import_default_modules(); "
             "from django.apps import apps; "
             "print(apps.ready, sorted(m for m in sys.modules if m.endswith('.tasks') and not m.startswith('asyncio')"
             " or m == 'legal.engine'))")
    started = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=clean_env(), capture_output=True,
                             text=True, timeout=60)
    assert started.returncode == 0, started.stderr
    assert started.stdout.split() == ["False", "[]"]


# --- auto-reviews ----------------------------------------------------------------------------------------
def test_a_stale_review_is_resumed_once_and_fresh_or_finished_runs_are_left(staff_user, broker, run_sweep):
    stale_contract, fresh_contract, done_contract = (make_contract(staff_user) for _ in range(3))
    stale = review.review_start(actor=staff_user, contract=stale_contract, mode="auto", queue=False)
    done = review.review_start(actor=staff_user, contract=done_contract, mode="auto", queue=False)
    review.review_run(run_id=done.pk)
    assert review_task._claim(stale.pk) is not None
    ReviewRun.objects.filter(pk=stale.pk).update(
        progress=3, last_completed_order=4,
        heartbeat_at=timezone.now() - timedelta(seconds=settings.REVIEW_STALE_SECONDS + 1))
    fresh = review.review_start(actor=staff_user, contract=fresh_contract, mode="auto", queue=False)
    assert review_task._claim(fresh.pk) is not None
    broker.sent.clear()

    report = run_sweep()

    assert report["reviews"] == 1 and broker.of(REVIEW_TASK) == [stale.pk]
    stale.refresh_from_db()
    assert stale.status == "queued" and stale.progress == 3 and stale.created_by == staff_user
    assert len(_system_events("review.resumed", stale)) == 1
    assert ReviewRun.objects.get(pk=fresh.pk).status == "running"
    assert ReviewRun.objects.get(pk=done.pk).status == "done"
    assert ReviewRun.objects.filter(contract=stale_contract, mode="auto").count() == 1

    assert run_sweep()["reviews"] == 0 and broker.of(REVIEW_TASK) == [stale.pk]  # nothing more

    # the sweep's message and the killed task's old one both arrive: one run, no duplicate issue
    first = review.review_run(run_id=stale.pk)
    review.review_run(run_id=stale.pk)
    assert first.status == "done" and first.progress > 3  # went on after the last completed section
    issues = ReviewIssue.objects.filter(contract=stale_contract)
    assert issues.count() == len({(i.section_id, i.rule_code) for i in issues})


def test_work_that_keeps_losing_its_worker_is_resumed_at_most_job_max_resumes_times(staff_user, broker, run_sweep,
                                                                                   settings):
    settings.JOB_MAX_RESUMES = 2
    contract = make_contract(staff_user)
    run = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    for expected in ("queued", "queued", "failed"):
        assert review_task._claim(run.pk) is not None  # a worker takes it …
        ReviewRun.objects.filter(pk=run.pk).update(  # … and dies
            heartbeat_at=timezone.now() - timedelta(seconds=settings.REVIEW_STALE_SECONDS + 1))
        run_sweep()
        assert ReviewRun.objects.get(pk=run.pk).status == expected
    run.refresh_from_db()
    assert run.error == RESUME_LIMIT_TEXT.format(count=2) and run.attempts == 2
    assert len(_system_events("review.resumed", run)) == 2 and len(_system_events("review.resume_limit", run)) == 1
    assert run_sweep()["reviews"] == 0  # left failed
    # a person starting it again resumes it, and the count starts over
    again = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    assert again.pk == run.pk and again.status == "queued" and again.attempts == 0


def test_a_review_queued_without_a_worker_taking_it_is_sent_again_once(staff_user, broker, run_sweep):
    run = review.review_start(actor=staff_user, contract=make_contract(staff_user), mode="auto", queue=False)
    recent = review.review_start(actor=staff_user, contract=make_contract(staff_user), mode="auto", queue=False)
    ReviewRun.objects.filter(pk=run.pk).update(created_at=timezone.now() - LONG_AGO)
    broker.sent.clear()

    assert run_sweep()["reviews"] == 1 and broker.of(REVIEW_TASK) == [run.pk]
    assert len(_system_events("review.requeued", run)) == 1
    assert run_sweep()["reviews"] == 0 and broker.of(REVIEW_TASK) == [run.pk]
    assert ReviewRun.objects.get(pk=recent.pk).status == "queued"


def test_a_review_that_could_not_be_queued_says_so_and_goes_once_the_broker_is_back(
        staff_user, broker, run_sweep, django_capture_on_commit_callbacks):
    contract = make_contract(staff_user)
    broker.down = True
    with django_capture_on_commit_callbacks(execute=True):
        run = review.review_start(actor=staff_user, contract=contract, mode="auto")
    run.refresh_from_db()
    assert run.status == "queued" and run.error == WAITING_FOR_BROKER_TEXT

    assert WAITING_FOR_BROKER_TEXT in portal(staff_user).get(f"/contracts/{contract.pk}/").content.decode()

    broker.down = False
    ReviewRun.objects.filter(pk=run.pk).update(created_at=timezone.now() - LONG_AGO)
    assert run_sweep()["reviews"] == 1 and broker.of(REVIEW_TASK) == [run.pk]
    run.refresh_from_db()
    assert run.status == "queued" and run.error == ""


# --- research tasks --------------------------------------------------------------------------------------
def _task(user, status: str, heartbeat_age: float = 0, **fields) -> ResearchTask:
    task = research_services.task_create(actor=user, question="劳动合同解除的经济补偿如何计算？", queue=False)
    ResearchTask.objects.filter(pk=task.pk).update(
        status=status, heartbeat=timezone.now() - timedelta(seconds=heartbeat_age), **fields)
    task.refresh_from_db()
    return task


def test_a_stale_research_task_is_resumed_once_and_others_are_left(staff_user, broker, run_sweep):
    stale_age = settings.RESEARCH_STALE_SECONDS + 5
    stale = _task(staff_user, "running", stale_age)
    fresh = _task(staff_user, "running", 1)
    done = _task(staff_user, "done", stale_age)
    cancelling = _task(staff_user, "running", stale_age, cancel_requested=True)

    report = run_sweep()

    assert report["research_tasks"] == 1 and broker.of(TASK_NAME) == [stale.pk]
    stale.refresh_from_db()
    assert stale.status == "queued" and stale.error == ""
    assert len(_system_events("research_task.resumed", stale)) == 1
    assert ResearchTask.objects.get(pk=fresh.pk).status == "running"
    assert ResearchTask.objects.get(pk=done.pk).status == "done"
    assert ResearchTask.objects.get(pk=cancelling.pk).status == "failed"  # stopped, not resumed

    assert run_sweep()["research_tasks"] == 0 and broker.of(TASK_NAME) == [stale.pk]
    # the claim the worker makes: the sweep's message takes it, the killed task's old one does nothing
    assert research_services.task_claim(task_id=stale.pk)[1] == "claimed"
    assert research_services.task_claim(task_id=stale.pk)[1] == "settled"
    assert ResearchTask.objects.get(pk=stale.pk).status == "planning"


def test_an_old_message_does_not_fail_a_task_running_on_a_live_worker(staff_user, broker):
    task = _task(staff_user, "running", 1)
    assert research_services.task_claim(task_id=task.pk)[1] == "settled"
    assert ResearchTask.objects.get(pk=task.pk).status == "running"
    dead = _task(staff_user, "running", settings.RESEARCH_STALE_SECONDS + 5)
    assert research_services.task_claim(task_id=dead.pk)[1] == "interrupted"
    assert ResearchTask.objects.get(pk=dead.pk).error == INTERRUPTED_TEXT


def test_a_research_task_that_could_not_be_queued_waits_for_the_broker(
        staff_user, broker, run_sweep, django_capture_on_commit_callbacks):
    broker.down = True
    client = APIClient()
    client.force_authenticate(staff_user)
    with django_capture_on_commit_callbacks(execute=True):
        created = client.post("/api/v1/research/tasks", {"question": "劳动合同解除的经济补偿如何计算？"},
                              format="json")
    assert created.status_code in (201, 202), created.content
    task_id = created.json()["id"]
    shown = client.get(f"/api/v1/research/tasks/{task_id}").json()
    assert shown["status"] == "queued" and shown["error"] == WAITING_FOR_BROKER_TEXT

    run_sweep()  # within the grace: not sent again yet
    assert broker.of(TASK_NAME) == []
    broker.down = False
    ResearchTask.objects.filter(pk=task_id).update(updated_at=timezone.now() - LONG_AGO)
    assert run_sweep()["research_tasks"] == 1 and broker.of(TASK_NAME) == [task_id]
    assert len(_system_events("research_task.requeued", ResearchTask(pk=task_id))) == 1
    assert client.get(f"/api/v1/research/tasks/{task_id}").json()["error"] == ""
    assert run_sweep()["research_tasks"] == 0 and broker.of(TASK_NAME) == [task_id]


# --- contract splits -------------------------------------------------------------------------------------
def _upload(user, title: str) -> Contract:
    return contract_services.contract_upload(actor=user, file_name="c.txt", data="第一条 标的\n甲方购买设备。".encode(),
                                             title=title, queue=False)


def test_lost_and_stale_splits_are_queued_again_once(staff_user, broker, run_sweep):
    lost, stale, recent, split = (_upload(staff_user, t) for t in ("lost", "stale", "recent", "split"))
    Contract.objects.filter(pk=lost.pk).update(updated_at=timezone.now() - timedelta(seconds=SPLIT_REQUEUE_SECONDS + 1))
    Contract.objects.filter(pk=stale.pk).update(
        status="splitting", updated_at=timezone.now() - timedelta(seconds=SPLIT_STALE_SECONDS + 1))
    Contract.objects.filter(pk=split.pk).update(status="split", updated_at=timezone.now() - LONG_AGO)

    assert run_sweep()["contract_splits"] == 2
    assert sorted(broker.of(SPLIT_TASK)) == sorted([lost.pk, stale.pk])
    assert Contract.objects.get(pk=stale.pk).status == "uploaded"
    assert len(_system_events("contract.split_requeued", lost)) == 1
    assert Contract.objects.get(pk=recent.pk).status == "uploaded"
    assert Contract.objects.get(pk=split.pk).status == "split"
    assert run_sweep()["contract_splits"] == 0 and len(broker.of(SPLIT_TASK)) == 2

    done = contract_services.contract_split(contract_id=stale.pk)
    assert done.status == "split" and contract_services.contract_split(contract_id=stale.pk).status == "split"


def test_an_upload_that_could_not_be_queued_says_so(staff_user, broker, django_capture_on_commit_callbacks):
    broker.down = True
    with django_capture_on_commit_callbacks(execute=True):
        contract = contract_services.contract_upload(actor=staff_user, file_name="c.txt",
                                                     data="第一条 标的\n甲方购买设备。".encode())
    contract.refresh_from_db()
    assert contract.status == "uploaded" and contract.error == WAITING_FOR_BROKER_TEXT
    assert WAITING_FOR_BROKER_TEXT in portal(staff_user).get(f"/contracts/{contract.pk}/").content.decode()
    broker.down = False
    assert contract_services.split_queue(contract_id=contract.pk)
    contract.refresh_from_db()
    assert contract.error == "" and broker.of(SPLIT_TASK) == [contract.pk]


# --- case extractions ------------------------------------------------------------------------------------
class _File:
    def __init__(self, name: str, data: bytes) -> None:
        self.name, self.data, self.size = name, data, len(data)

    def read(self, limit: int = -1) -> bytes:
        return self.data


def _case(user, title: str) -> CaseDocument:
    text = f"北京市海淀区人民法院\n民事判决书\n{title}\n本院认为，被告应当支付赔偿金。".encode()
    return case_services.case_upload(actor=user, file=_File(f"{title}.txt", text), title=title, queue=False)


def test_lost_and_stale_case_extractions_are_queued_again_once(staff_user, broker, run_sweep):
    lost, stale, recent, ready = (_case(staff_user, t) for t in ("lost", "stale", "recent", "ready"))
    CaseDocument.objects.filter(pk__in=[lost.pk, stale.pk, ready.pk]).update(created_at=timezone.now() - LONG_AGO)
    CaseDocument.objects.filter(pk=stale.pk).update(
        started_at=timezone.now() - timedelta(seconds=case_services.EXTRACT_STALE_SECONDS + 1))
    CaseDocument.objects.filter(pk=ready.pk).update(status="ready")

    assert run_sweep()["case_extractions"] == 2
    assert sorted(broker.of(case_services.CASE_EXTRACT_TASK)) == sorted([lost.pk, stale.pk])
    assert CaseDocument.objects.get(pk=stale.pk).started_at is None  # free for the next claim
    assert len(_system_events("knowledge.case_requeued", lost)) == 1
    assert run_sweep()["case_extractions"] == 0 and len(broker.of(case_services.CASE_EXTRACT_TASK)) == 2


def test_a_case_upload_that_could_not_be_queued_says_so_on_its_pages(
        staff_user, broker, run_sweep, django_capture_on_commit_callbacks):
    broker.down = True
    with django_capture_on_commit_callbacks(execute=True):
        document = case_services.case_upload(actor=staff_user, file=_File("a.txt", "民事判决书\n本院认为。".encode()))
    document.refresh_from_db()
    assert document.status == "pending" and document.error == WAITING_FOR_BROKER_TEXT
    client = portal(staff_user)
    assert WAITING_FOR_BROKER_TEXT in client.get(f"/knowledge/cases/{document.pk}/").content.decode()
    assert WAITING_FOR_BROKER_TEXT in client.get("/knowledge/cases/").content.decode()
    broker.down = False
    CaseDocument.objects.filter(pk=document.pk).update(created_at=timezone.now() - LONG_AGO)
    assert run_sweep()["case_extractions"] == 1
    assert CaseDocument.objects.get(pk=document.pk).error == ""


def test_the_beat_task_runs_every_sweep_and_one_failure_does_not_stop_the_others(staff_user, broker, monkeypatch):
    task = _task(staff_user, "running", settings.RESEARCH_STALE_SECONDS + 5)

    def broken() -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(review, "review_resume_stale", broken)
    report = sweep_interrupted_work.apply().get()
    assert report["reviews"] == -1 and report["research_tasks"] == 1
    assert ResearchTask.objects.get(pk=task.pk).status == "queued"
