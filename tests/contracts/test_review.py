"""Auto-review runs offline: the playbook's findings on the right clauses with verified basis, progress,
resume after a worker died (no duplicate issue), cancel, one auto-review at a time (service and API)."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from contracts.jobs import REVIEW
from contracts.models import Contract, ReviewIssue, ReviewRun
from contracts.services import review
from contracts.services.review import start as starting
from contracts.services.review import task as review_task
from core.jobs import job_claim
from tests.contracts.review_support import make_contract
from tracing.models import AuditEvent, Trace

pytestmark = pytest.mark.django_db


def _auto(user, contract):
    run = review.review_start(actor=user, contract=contract, mode="auto", queue=False)
    events: list[dict] = []
    return review.review_run(run_id=run.pk, listener=events.append), events


def _issues(contract):
    return list(ReviewIssue.objects.filter(contract=contract).select_related("section").order_by("pk"))


def test_offline_auto_review_finds_the_planted_risks_on_their_clauses(statutes, staff_user):
    contract = make_contract(staff_user)
    run, events = _auto(staff_user, contract)
    assert run.status == ReviewRun.Status.DONE and run.progress == run.total == 7
    issues = _issues(contract)
    by_rule = {i.rule_code: i for i in issues}
    deposit = by_rule["generic-deposit-over-20"]
    assert deposit.section.number == "第二条" and "定金" in deposit.quote
    assert deposit.quote == deposit.section.text[deposit.start:deposit.end]
    assert deposit.basis and all(b["valid"] for b in deposit.basis)
    assert by_rule["generic-penalty-high"].section.number == "第三条"
    assert by_rule["generic-exempt-all-liability"].section.number == "第四条"
    assert by_rule["generic-dispute-missing"].section is None  # no 争议解决 clause: a missing clause
    assert all(i.author == "agent" and i.agent_name == "contract_review" and i.run_id == run.pk for i in issues)
    # progress streamed section by section, issues announced, the run's end last
    done = [e["done"] for e in events if e["type"] == "progress"]
    assert done == sorted(done) and done[-1] == 7 and set(range(1, 8)) <= set(done)
    created = {e["issue"]["id"] for e in events if e["type"] == "issue" and e["action"] == "created"}
    assert created == {i.pk for i in issues}
    assert events[-1]["type"] == "status" and events[-1]["status"] == "done"
    contract.refresh_from_db()
    assert contract.status == Contract.Status.REVIEWED
    trace = Trace.objects.get(trace_id=run.trace_id)
    assert trace.kind == "contract_review" and trace.user_id == staff_user.pk
    assert AuditEvent.objects.filter(event_type="review_issue.created").count() == len(issues)


def test_a_second_auto_review_is_refused_while_one_runs(staff_user, api_client):
    contract = make_contract(staff_user)
    first = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    with pytest.raises(review.ReviewInProgress) as refused:
        review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    assert "该合同正在自动审核中（进度 0/7）" in refused.value.message
    api_client.force_authenticate(staff_user)
    response = api_client.post(f"/api/v1/contracts/{contract.pk}/reviews", {"mode": "auto"}, format="json")
    assert response.status_code == 409
    assert response.json()["detail"].startswith("该合同正在自动审核中") and response.json()["run"]["id"] == first.pk
    assert ReviewRun.objects.filter(contract=contract, mode="auto").count() == 1


def test_the_partial_unique_index_refuses_a_concurrent_start(staff_user):
    contract = make_contract(staff_user)
    review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    real = starting.selectors.review_in_flight
    looks = {"n": 0}

    def blind_twice(**kwargs):  # the other request looked before the first one committed
        looks["n"] += 1
        return None if looks["n"] <= 2 else real(**kwargs)

    with mock.patch.object(starting.selectors, "review_in_flight", blind_twice), \
            mock.patch.object(starting, "_resumable", return_value=None):
        with pytest.raises(review.ReviewInProgress):
            review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    assert looks["n"] == 3  # the index refused the insert; the message names the run that holds it


class WorkerDied(BaseException):
    """A worker killed mid-review: no exception handler of the run sees it."""


def test_a_killed_run_resumes_after_the_last_completed_section_without_duplicates(statutes, staff_user):
    reference = make_contract(staff_user, title="对照")
    _auto(staff_user, reference)
    expected = Counter((i.section.order if i.section else None, i.rule_code) for i in _issues(reference))

    contract = make_contract(staff_user)
    run = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    real = review_task._section_offline
    calls = {"n": 0}

    def dies_at_the_fourth(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 4:
            real(*args, **kwargs)  # the section's work is done and committed...
            raise WorkerDied      # ...and the worker dies before the next one
        return real(*args, **kwargs)

    with mock.patch.object(review_task, "_section_offline", dies_at_the_fourth), pytest.raises(WorkerDied):
        review.review_run(run_id=run.pk)
    run.refresh_from_db()
    assert run.status == ReviewRun.Status.RUNNING and run.progress == 4
    stopped_at = run.last_completed_order
    before = {i.pk for i in _issues(contract)}

    # the task comes back while the heartbeat is fresh: another worker may hold it, so it is left alone
    assert review.review_run(run_id=run.pk) is None
    ReviewRun.objects.filter(pk=run.pk).update(heartbeat_at=timezone.now() - timedelta(hours=1))
    seen: list[int] = []
    with mock.patch.object(review_task, "_section_offline", lambda run, section, *a: (seen.append(section.order),
                                                                                real(run, section, *a))):
        finished = review.review_run(run_id=run.pk)
    assert finished.status == ReviewRun.Status.DONE and finished.progress == finished.total == 7
    assert min(seen) > stopped_at  # resumed after the last completed section
    got = Counter((i.section.order if i.section else None, i.rule_code) for i in _issues(contract))
    assert got == expected  # the same issues as an uninterrupted review: no duplicate, none lost
    assert before <= {i.pk for i in _issues(contract)}


def test_a_worker_whose_run_was_resumed_and_taken_writes_nothing_more(statutes, staff_user, monkeypatch):
    reference = make_contract(staff_user, title="对照")
    _auto(staff_user, reference)
    expected = Counter((i.section.order if i.section else None, i.rule_code) for i in _issues(reference))

    contract = make_contract(staff_user)
    run = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    monkeypatch.setattr(starting, "celery_app", mock.Mock(send_task=lambda *args, **kwargs: None))
    real = review_task._section_offline
    calls = {"n": 0}
    taken: dict = {}

    def stalls_at_the_third(run_, section, *args):
        calls["n"] += 1
        if calls["n"] == 3:  # this worker stalled: the sweep resumed its run and another worker took it
            ReviewRun.objects.filter(pk=run.pk).update(heartbeat_at=timezone.now() - timedelta(hours=1))
            assert review.review_resume_stale() == 1
            taken.update(claim=job_claim(REVIEW, run.pk), order=section.order)
            assert taken["claim"]
        return real(run_, section, *args)

    with mock.patch.object(review_task, "_section_offline", stalls_at_the_third):
        review.review_run(run_id=run.pk)
    held = ReviewRun.objects.get(pk=run.pk)
    # the stale worker stored nothing for the third section and did not end the run the other one holds
    assert held.status == ReviewRun.Status.RUNNING and held.claimed_by == taken["claim"]
    assert held.progress == 2 and calls["n"] == 3 and held.last_completed_order < taken["order"]
    assert not ReviewIssue.objects.filter(contract=contract, section__order__gte=taken["order"]).exists()
    contract.refresh_from_db()
    assert contract.status == Contract.Status.REVIEWING

    # that worker dies too; the next one finishes: the same issues as an uninterrupted review
    ReviewRun.objects.filter(pk=run.pk).update(heartbeat_at=timezone.now() - timedelta(hours=1))
    finished = review.review_run(run_id=run.pk)
    assert finished.status == ReviewRun.Status.DONE and finished.progress == finished.total == 7
    assert Counter((i.section.order if i.section else None, i.rule_code) for i in _issues(contract)) == expected


def test_a_failed_run_is_resumed_by_the_next_start(statutes, staff_user):
    contract = make_contract(staff_user)
    run = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    real = review_task._section_offline
    calls = {"n": 0}

    def fails_at_the_third(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("database hiccup")
        return real(*args, **kwargs)

    with mock.patch.object(review_task, "_section_offline", fails_at_the_third):
        failed = review.review_run(run_id=run.pk)
    assert failed.status == ReviewRun.Status.FAILED and failed.progress == 2 and "已完成的章节已保存" in failed.error
    contract.refresh_from_db()
    assert contract.status == Contract.Status.SPLIT
    again = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    assert again.pk == run.pk and again.status == ReviewRun.Status.QUEUED and again.progress == 2
    done = review.review_run(run_id=run.pk)
    assert done.status == ReviewRun.Status.DONE and done.progress == 7
    assert ReviewRun.objects.filter(contract=contract, mode="auto").count() == 1


def test_a_stale_running_run_no_longer_blocks_and_is_resumed(staff_user):
    contract = make_contract(staff_user)
    run = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    ReviewRun.objects.filter(pk=run.pk).update(status="running", progress=3, last_completed_order=4,
                                               heartbeat_at=timezone.now() - timedelta(hours=2))
    resumed = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    assert resumed.pk == run.pk and resumed.status == "queued" and resumed.progress == 3
    assert AuditEvent.objects.filter(event_type="review.resumed", object_id=str(run.pk)).exists()


def test_cancel_stops_between_sections_and_keeps_what_was_done(staff_user):
    contract = make_contract(staff_user)
    run = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    real = review_task._section_offline
    calls = {"n": 0}

    def cancel_after_two(run_, section, *args):
        real(run_, section, *args)
        calls["n"] += 1
        if calls["n"] == 2:
            review.review_cancel(actor=staff_user, run=run_)

    events: list[dict] = []
    with mock.patch.object(review_task, "_section_offline", cancel_after_two):
        stopped = review.review_run(run_id=run.pk, listener=events.append)
    assert stopped.status == ReviewRun.Status.CANCELLED and stopped.progress == 2
    assert events[-1]["type"] == "status" and events[-1]["status"] == "cancelled"
    assert AuditEvent.objects.filter(event_type="review.cancelled", object_id=str(run.pk)).exists()
    # starting again continues where it stopped
    again = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    assert again.pk == run.pk and again.progress == 2


def test_a_worker_whose_run_was_given_to_another_does_not_end_it(staff_user):
    contract = make_contract(staff_user)
    run = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    real = review_task._section_offline
    calls = {"n": 0}

    def taken_over_after_one(run_, section, *args):
        real(run_, section, *args)
        calls["n"] += 1
        if calls["n"] == 1:  # the sweep took this worker for dead and queued the run for another one
            ReviewRun.objects.filter(pk=run_.pk).update(status=ReviewRun.Status.QUEUED, heartbeat_at=timezone.now())

    with mock.patch.object(review_task, "_section_offline", taken_over_after_one):
        review.review_run(run_id=run.pk)
    run.refresh_from_db()
    contract.refresh_from_db()
    assert run.status == ReviewRun.Status.QUEUED and run.finished_at is None  # the next worker's to run
    assert contract.status == Contract.Status.REVIEWING


def test_cancelling_a_queued_run_is_immediate(staff_user, api_client):
    contract = make_contract(staff_user)
    api_client.force_authenticate(staff_user)
    started = api_client.post(f"/api/v1/contracts/{contract.pk}/reviews", {"mode": "auto"}, format="json")
    assert started.status_code == 202
    body = started.json()
    assert body["status"] == "queued" and body["progress"] == 0 and body["total"] == 7
    cancelled = api_client.post(f"/api/v1/contracts/{contract.pk}/reviews/{body['id']}/cancel")
    assert cancelled.status_code == 202 and cancelled.json()["status"] == "cancelled"
    assert review.review_run(run_id=body["id"]) is None  # the task finds nothing to do
    shown = api_client.get(f"/api/v1/contracts/{contract.pk}/reviews/{body['id']}").json()
    assert shown["status"] == "cancelled" and shown["mode"] == "auto" and shown["error"] == ""


def test_reviews_api_validates_and_hides_other_peoples_contracts(staff_user, make_user, api_client):
    contract = make_contract(staff_user)
    api_client.force_authenticate(staff_user)
    bad = api_client.post(f"/api/v1/contracts/{contract.pk}/reviews", {"mode": "fast"}, format="json")
    assert bad.status_code == 400
    outsider = make_user("staff")
    api_client.force_authenticate(outsider)
    for response in (api_client.post(f"/api/v1/contracts/{contract.pk}/reviews", {"mode": "auto"}, format="json"),
                     api_client.get(f"/api/v1/contracts/{contract.pk}/messages")):
        assert response.status_code == 404
    assert not ReviewRun.objects.filter(contract=contract).exists()


def test_auto_review_reruns_do_not_duplicate_and_respect_rejections(statutes, staff_user):
    from contracts.services.issues import issue_reject

    contract = make_contract(staff_user)
    _auto(staff_user, contract)
    first = _issues(contract)
    rejected = issue_reject(actor=staff_user, issue=first[0])
    _auto(staff_user, contract)
    again = _issues(contract)
    assert [i.pk for i in again] == [i.pk for i in first]  # nothing raised twice
    assert ReviewIssue.objects.get(pk=rejected.pk).status == "rejected"  # the lawyer's decision stands


def test_a_500_section_contract_streams_with_bounded_queries(staff_user, django_assert_max_num_queries):
    clauses = "\n".join(f"第{n}条 约定{n}\n双方应按约定履行第{n}项义务。" for n in range(1, 501))
    contract = make_contract(staff_user, text=f"服务合同\n甲方：甲公司\n乙方：乙公司\n{clauses}\n")
    assert contract.sections.filter(kind="clause").count() == 500
    run = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    events: list[dict] = []
    with django_assert_max_num_queries(500 * 14):  # a constant number of queries per section
        finished = review.review_run(run_id=run.pk, listener=events.append)
    assert finished.status == "done" and finished.progress == finished.total
    assert len([e for e in events if e["type"] == "progress"]) >= 500


def test_a_run_goes_on_only_while_its_starter_may_see_the_contract(make_user):
    from firm.services import matter_create, matter_member_remove

    owner, member = make_user("staff"), make_user("staff")
    matter = matter_create(actor=owner, number="2026-合-020", title="采购", client="甲", members=[member])
    contract = make_contract(owner, matter=matter)
    run = review.review_start(actor=member, contract=contract, mode="auto", queue=False)
    matter_member_remove(actor=owner, matter=matter, user=member)
    stopped = review.review_run(run_id=run.pk)
    assert stopped.status == "failed" and "无权访问" in stopped.error and stopped.progress == 0
    assert not ReviewIssue.objects.filter(contract=contract).exists()
    resumed = review.review_start(actor=owner, contract=contract, mode="auto", queue=False)
    assert resumed.pk == run.pk and resumed.created_by == owner  # goes on as who resumed it
    assert review.review_run(run_id=run.pk).status == "done"


def test_a_second_start_of_a_freshly_resumed_auto_review_is_409_without_a_second_resume(staff_user, api_client,
                                                                                         monkeypatch):
    contract = make_contract(staff_user)
    run = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    # it failed half-way, long ago (created more than the stale time plus the queued grace ago)
    ReviewRun.objects.filter(pk=run.pk).update(status="failed", progress=3, last_completed_order=4,
                                               created_at=timezone.now() - timedelta(hours=3))
    sent = []
    monkeypatch.setattr(starting, "celery_app", mock.Mock(send_task=lambda name, args=None, **kw: sent.append(args)))
    api_client.force_authenticate(staff_user)
    url = f"/api/v1/contracts/{contract.pk}/reviews"

    first = api_client.post(url, {"mode": "auto"}, format="json")
    second = api_client.post(url, {"mode": "auto"}, format="json")

    assert first.status_code == 202 and first.json()["id"] == run.pk
    assert second.status_code == 409 and second.json()["run"]["id"] == run.pk
    assert AuditEvent.objects.filter(event_type="review.resumed", object_id=str(run.pk)).count() == 1
    assert ReviewRun.objects.get(pk=run.pk).status == "queued"
