"""Contract uploads are bounded by the work they cause: the request checks only what is cheap and
answers at once (201 ``uploaded``); the worker reads and splits behind the shared reader guard and
ends ``split`` or ``failed`` with the reason. A worker lost mid-way loses nothing."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from contracts import tasks
from contracts.constants import SPLIT_STALE_SECONDS, SPLIT_TASK
from contracts.models import Contract, Section
from contracts.services import contracts as contract_services
from firm.services import token_issue
from legalsite.asgi import application
from tests import docx_bombs
from tests.contracts.contract_files import api, docx_bytes, portal, split_now, upload
from tracing.models import AuditEvent

MB = 1024 * 1024


def _contract(response) -> Contract:
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "uploaded"
    return Contract.objects.get(pk=response.json()["id"])


@pytest.mark.django_db
def test_a_zip_bomb_is_refused_by_the_request_from_the_zip_directory(staff_user, settings, monkeypatch):
    settings.UPLOAD_MAX_PART_BYTES = 1 * MB
    monkeypatch.setattr(contract_services, "read_document", None)  # the request must not parse anything
    response = upload(staff_user, name="炸弹.docx", data=docx_bombs.zip_bomb(3 * MB), split=False)
    assert response.status_code == 400
    assert "压缩炸弹" in response.json()["detail"] and "word/document.xml" in response.json()["detail"]
    assert not Contract.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("make", "words"), [
    (docx_bombs.billion_laughs, "XML 实体声明"),
    (docx_bombs.lying_part, "实际大小与声明不符"),
    (lambda: docx_bombs.text_heavy(200_000), "文字过多"),
])
def test_what_only_reading_shows_ends_failed_with_a_clear_error(staff_user, settings, make, words):
    settings.UPLOAD_MAX_TEXT_CHARS = 50_000
    contract = _contract(upload(staff_user, name="合同.docx", data=make(), split=False))
    assert bytes(contract.original)  # stored before anything was parsed

    settled = split_now(contract.pk)

    assert settled.status == "failed" and words in settled.error
    body = api(staff_user).get(f"/api/v1/contracts/{contract.pk}").json()
    assert body["status"] == "failed" and words in body["error"] and body["section_count"] == 0
    assert not Section.objects.filter(contract=contract).exists()
    assert AuditEvent.objects.filter(event_type="contract.split_failed", object_id=str(contract.pk)).exists()
    page = portal(staff_user).get(f"/contracts/{contract.pk}/").content.decode()
    assert 'data-status="failed"' in page and "文件读取失败" in page and words in page


@pytest.mark.django_db
def test_a_split_past_the_time_limit_ends_failed(staff_user, monkeypatch):
    contract = _contract(upload(staff_user, split=False))

    def too_slow(*args, **kwargs):
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(contract_services, "read_document", too_slow)
    settled = split_now(contract.pk)
    assert settled.status == "failed" and "超时" in settled.error


@pytest.mark.django_db
def test_wrong_types_and_empty_files_keep_their_errors_at_upload(staff_user):
    for name, data, words in (("合同.exe", b"MZ\x90\x00", "不支持"), ("合同.docx", b"", "空"),
                              ("合同.txt", b"  \n\n", "文字")):
        response = upload(staff_user, name=name, data=data, split=False)
        assert response.status_code == 400 and words in response.json()["detail"]
    assert not Contract.objects.exists()


class WorkerDied(BaseException):
    """A worker killed mid-split: no exception handler of the split sees it."""


@pytest.mark.django_db
def test_a_worker_lost_mid_split_loses_nothing_and_the_split_is_taken_again(
        staff_user, monkeypatch, django_capture_on_commit_callbacks):
    sent: list[tuple[str, list]] = []
    monkeypatch.setattr(contract_services.celery_app, "send_task",
                        lambda name, args=None, **kw: sent.append((name, list(args or []))))
    data = docx_bytes()
    contract = _contract(upload(staff_user, data=data, split=False))

    def dies(*args, **kwargs):
        raise WorkerDied()

    with monkeypatch.context() as patch:
        patch.setattr(contract_services, "read_document", dies)
        with pytest.raises(WorkerDied):
            tasks.contract_split(contract.pk)
    contract.refresh_from_db()
    assert contract.status == "splitting" and bytes(contract.original) == data

    # still fresh: another delivery of the message finds it taken, and viewing it queues nothing
    tasks.contract_split(contract.pk)  # no waiting for a settle that cannot come: nothing else holds it
    assert Contract.objects.get(pk=contract.pk).status == "splitting" and not contract.sections.exists()
    with django_capture_on_commit_callbacks(execute=True):
        assert api(staff_user).get(f"/api/v1/contracts/{contract.pk}").json()["status"] == "splitting"
    assert sent == []

    # once stale, viewing the contract (the API, the page) still writes nothing: a read never queues
    Contract.objects.filter(pk=contract.pk).update(
        updated_at=timezone.now() - timedelta(seconds=SPLIT_STALE_SECONDS + 1))
    stale = Contract.objects.values("status", "updated_at", "attempts").get(pk=contract.pk)
    with django_capture_on_commit_callbacks(execute=True):
        assert api(staff_user).get(f"/api/v1/contracts/{contract.pk}").json()["status"] == "splitting"
        assert portal(staff_user).get(f"/contracts/{contract.pk}/").status_code == 200
    assert sent == [] and Contract.objects.values("status", "updated_at", "attempts").get(pk=contract.pk) == stale

    # the sweep queues it again and the worker splits it
    with django_capture_on_commit_callbacks(execute=True):
        assert contract_services.split_resume_stale() == 1
    assert sent == [(SPLIT_TASK, [contract.pk])]
    tasks.contract_split(*sent[0][1])
    contract.refresh_from_db()
    assert contract.status == "split" and contract.sections.filter(kind="clause").count() == 5


@pytest.mark.django_db
def test_a_stale_split_is_taken_again_by_a_redelivered_message(staff_user):
    contract = _contract(upload(staff_user, split=False))
    Contract.objects.filter(pk=contract.pk).update(
        status="splitting", updated_at=timezone.now() - timedelta(seconds=SPLIT_STALE_SECONDS + 1))
    tasks.contract_split(contract.pk)  # acks_late: the message of the dead worker comes back
    contract.refresh_from_db()
    assert contract.status == "split" and contract.sections.count() > 0


@pytest.mark.django_db(transaction=True)
def test_the_worker_splits_an_upload_and_fails_a_bomb(staff_user, celery_worker):
    good = _contract(upload(staff_user, data=docx_bytes(), split=False))
    bad = _contract(upload(staff_user, name="坏.docx", data=docx_bombs.billion_laughs(), split=False))
    deadline = time.monotonic() + 60
    statuses: dict[int, str] = {}
    while time.monotonic() < deadline:
        statuses = {c.pk: c.status for c in Contract.objects.filter(pk__in=[good.pk, bad.pk])}
        if all(s in ("split", "failed") for s in statuses.values()):
            break
        time.sleep(0.2)
    assert statuses == {good.pk: "split", bad.pk: "failed"}
    body = api(staff_user).get(f"/api/v1/contracts/{good.pk}").json()
    assert body["title"] == "房屋租赁合同" and body["contract_type"] == "lease" and body["section_count"] > 5
    assert "XML" in api(staff_user).get(f"/api/v1/contracts/{bad.pk}").json()["error"]


@pytest.mark.django_db(transaction=True)
def test_the_websocket_follows_the_split_and_its_failure(staff_user, monkeypatch):
    monkeypatch.setattr(contract_services.celery_app, "send_task", lambda *a, **k: None)  # the test is the worker
    headers = [(b"authorization", f"Token {token_issue(user=staff_user).key}".encode())]
    good = _contract(upload(staff_user, data=docx_bytes(), split=False))
    bad = _contract(upload(staff_user, name="坏.docx", data=docx_bombs.billion_laughs(), split=False))

    async def watch(contract) -> list[dict]:
        socket = WebsocketCommunicator(application, f"/ws/contracts/{contract.pk}/", headers=headers)
        connected, _ = await socket.connect()
        assert connected
        seen = [await socket.receive_json_from(timeout=10)]  # the state on connect
        await database_sync_to_async(contract_services.contract_split, thread_sensitive=False)(
            contract_id=contract.pk)
        async with asyncio.timeout(20):
            while seen[-1]["status"] not in ("split", "failed"):
                seen.append(await socket.receive_json_from(timeout=20))
        await socket.disconnect()
        return seen

    seen = asyncio.run(watch(good))
    assert [e["status"] for e in seen] == ["uploaded", "splitting", "split"]
    assert all(e["type"] == "contract_status" and e["contract_id"] == good.pk for e in seen)
    assert seen[-1]["sections"] == Section.objects.filter(contract=good).count() > 0

    seen = asyncio.run(watch(bad))
    assert [e["status"] for e in seen] == ["uploaded", "splitting", "failed"]
    assert "XML" in seen[-1]["error"] and seen[-1]["sections"] is None
