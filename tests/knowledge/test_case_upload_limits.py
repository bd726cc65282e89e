"""Case-library uploads are bounded by the work they cause: the request checks only what is cheap and
stores the document ``pending``; the worker extracts it behind the shared reader guard and ends it
``ready`` or ``failed`` with the reason; search never sees a document that is not ready."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from knowledge import embeddings, tasks
from knowledge.models import CaseChunk, CaseDocument
from knowledge.services import cases as case_services
from tests import docx_bombs
from tests.knowledge.case_files import extract_now
from tracing.models import AuditEvent

CASES = "/api/v1/knowledge/cases"
MB = 1024 * 1024
JUDGMENT = ["上海市浦东新区人民法院", "民事判决书", "（2023）沪0115民初12345号", "原告：上海甲贸易有限公司。",
            "被告：乙科技有限公司。",
            "本院认为，被告收货后未在约定期限内付款，构成违约，应当支付货款及逾期付款违约金。",
            "判决如下：", "被告于本判决生效之日起十日内支付原告货款人民币100000元。"]


@pytest.fixture(autouse=True)
def _shared_model(memo_embedder, monkeypatch):
    monkeypatch.setattr(embeddings, "_embedder", memo_embedder)


def _post(client, name: str, data: bytes):
    return client.post(CASES, {"file": SimpleUploadedFile(name, data)}, format="multipart")


@pytest.mark.django_db
def test_a_zip_bomb_is_refused_by_the_request_from_the_zip_directory(staff_user, api_client, settings, monkeypatch):
    settings.UPLOAD_MAX_PART_BYTES = 1 * MB
    monkeypatch.setattr(case_services, "read_upload", None)  # the request must not parse anything
    api_client.force_authenticate(staff_user)
    response = _post(api_client, "炸弹.docx", docx_bombs.zip_bomb(3 * MB))
    assert response.status_code == 400 and "压缩炸弹" in response.json()["detail"]
    assert not CaseDocument.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("make", "words"), [
    (docx_bombs.billion_laughs, "XML 实体声明"),
    (docx_bombs.lying_part, "实际大小与声明不符"),
    (lambda: docx_bombs.text_heavy(100_000), "文字过多"),
])
def test_what_only_reading_shows_ends_failed_with_a_clear_error(staff_user, api_client, client, settings, make,
                                                                 words):
    settings.KNOWLEDGE_CASE_MAX_TEXT_CHARS = 20_000
    api_client.force_authenticate(staff_user)
    response = _post(api_client, "判决.docx", make())
    assert response.status_code == 201 and response.json()["status"] == "pending"
    pk = response.json()["id"]

    document = extract_now(pk)

    assert document.status == "failed" and words in document.error
    shown = api_client.get(f"{CASES}/{pk}").json()
    assert shown["status"] == "failed" and words in shown["error"] and shown["chunks"] == []
    assert not CaseChunk.objects.filter(document_id=pk).exists()
    assert AuditEvent.objects.filter(event_type="knowledge.case_failed", object_id=str(pk)).exists()
    client.force_login(staff_user)
    assert "文件处理失败" in client.get(f"/knowledge/cases/{pk}/").content.decode()
    listing = client.get("/knowledge/cases/").content.decode()
    assert "处理失败" in listing and words in listing


@pytest.mark.django_db
def test_the_text_cap_stops_a_docx_early(staff_user, settings, monkeypatch):
    settings.KNOWLEDGE_CASE_MAX_TEXT_CHARS = 20_000
    document = case_services.case_upload(actor=staff_user, file=SimpleUploadedFile(
        "长.docx", docx_bombs.text_heavy(400_000)))
    opened = []
    monkeypatch.setattr("core.documents.docx.Document", lambda *a, **k: opened.append(1))
    assert extract_now(document.pk).status == "failed"
    assert opened == []  # python-docx never held the tree


@pytest.mark.django_db
def test_pending_documents_are_not_searched(staff_user, api_client):
    api_client.force_authenticate(staff_user)
    data = docx_bombs.base_docx(JUDGMENT)
    pk = _post(api_client, "判决.docx", data).json()["id"]
    assert api_client.get(f"{CASES}/search", {"q": "逾期付款违约金"}).json()["results"] == []
    extract_now(pk)
    hits = api_client.get(f"{CASES}/search", {"q": "逾期付款违约金"}).json()["results"]
    assert hits and hits[0]["document_id"] == pk
    assert api_client.get(f"{CASES}/{pk}").json()["case_number"] == "（2023）沪0115民初12345号"


class WorkerDied(BaseException):
    """A worker killed mid-extraction: no exception handler of the extraction sees it."""


@pytest.mark.django_db
def test_a_worker_lost_mid_extraction_loses_nothing(staff_user, api_client, monkeypatch,
                                                    django_capture_on_commit_callbacks):
    sent: list[tuple[str, list]] = []
    monkeypatch.setattr(case_services.celery_app, "send_task",
                        lambda name, args=None, **kw: sent.append((name, list(args or []))))
    api_client.force_authenticate(staff_user)
    data = docx_bombs.base_docx(JUDGMENT)
    pk = _post(api_client, "判决.docx", data).json()["id"]

    def dies(*args, **kwargs):
        raise WorkerDied()

    with monkeypatch.context() as patch:
        patch.setattr(case_services, "read_upload", dies)
        with pytest.raises(WorkerDied):
            tasks.case_extract(pk)
    document = CaseDocument.objects.get(pk=pk)
    assert document.status == "pending" and document.started_at is not None and bytes(document.original) == data

    # fresh: a second delivery finds it taken; listing queues nothing
    tasks.case_extract(pk)  # no waiting for a settle that cannot come: nothing else holds it
    assert CaseDocument.objects.get(pk=pk).status == "pending" and not CaseChunk.objects.filter(document_id=pk).exists()
    with django_capture_on_commit_callbacks(execute=True):
        api_client.get(CASES)
    assert sent == []

    # once stale, listing and showing it still write nothing: a read never queues
    CaseDocument.objects.filter(pk=pk).update(
        started_at=timezone.now() - timedelta(seconds=case_services.EXTRACT_STALE_SECONDS + 1))
    with django_capture_on_commit_callbacks(execute=True):
        assert api_client.get(CASES).json()["results"][0]["status"] == "pending"
        assert api_client.get(f"{CASES}/{pk}").json()["status"] == "pending"
    assert sent == []

    # the sweep queues it again and the worker extracts it
    with django_capture_on_commit_callbacks(execute=True):
        assert case_services.case_extract_resume_stale() == 1
    assert sent == [(case_services.CASE_EXTRACT_TASK, [pk])]
    tasks.case_extract(*sent[0][1])
    assert CaseDocument.objects.get(pk=pk).status == "ready" and CaseChunk.objects.filter(document_id=pk).exists()


@pytest.mark.django_db(transaction=True)
def test_the_worker_extracts_an_upload_and_fails_a_bomb(staff_user, api_client, celery_worker):
    api_client.force_authenticate(staff_user)
    good = _post(api_client, "判决.docx", docx_bombs.base_docx(JUDGMENT)).json()["id"]
    bad = _post(api_client, "坏.docx", docx_bombs.billion_laughs()).json()["id"]
    deadline = time.monotonic() + 90
    statuses: dict[int, str] = {}
    while time.monotonic() < deadline:
        statuses = dict(CaseDocument.objects.filter(pk__in=[good, bad]).values_list("pk", "status"))
        if "pending" not in statuses.values():
            break
        time.sleep(0.2)
    assert statuses == {good: "ready", bad: "failed"}
    assert api_client.get(f"{CASES}/{good}").json()["chunk_count"] > 0
    assert "XML" in api_client.get(f"{CASES}/{bad}").json()["error"]
