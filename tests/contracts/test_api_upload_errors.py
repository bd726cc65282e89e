"""Bad uploads: each a clear 4xx, nothing stored (no contract, no section, no audit event)."""

from __future__ import annotations

import io
import zipfile

import pytest

from contracts.ingest import MAX_UPLOAD_BYTES
from contracts.models import Contract, Section
from tests.contracts.contract_files import docx_bytes, portal, upload
from tracing.models import AuditEvent


def _nothing_stored() -> None:
    assert not Contract.objects.exists()
    assert not Section.objects.exists()
    assert not AuditEvent.objects.filter(event_type="contract.uploaded").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "data", "words"), [
    ("合同.docx", b"PK\x03\x04 this is not really a zip", "损坏"),
    ("合同.docx", b"", "空"),
    ("合同.docx", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n", "PDF"),
    ("合同.exe", b"MZ\x90\x00\x03", "不支持"),
    ("合同.doc", docx_bytes(), "不支持"),
    ("合同.txt", b"\n\n   \n", "文字"),
])
def test_a_bad_file_is_refused_with_a_clear_message(staff_user, name, data, words):
    response = upload(staff_user, name=name, data=data)

    assert response.status_code == 400, response.content
    assert words in response.json()["detail"]
    _nothing_stored()


@pytest.mark.django_db
def test_an_encrypted_docx_is_refused(staff_user):
    # What Word writes for a password-protected .docx: an OLE compound file holding the
    # EncryptionInfo and EncryptedPackage streams, not a zip.
    data = (bytes.fromhex("D0CF11E0A1B11AE1") + b"\x00" * 1016 + "EncryptionInfo".encode("utf-16-le")
            + b"\x00" * 100 + "EncryptedPackage".encode("utf-16-le") + b"\x00" * 2000)
    response = upload(staff_user, name="加密合同.docx", data=data)

    assert response.status_code == 400
    assert "加密" in response.json()["detail"]
    _nothing_stored()


@pytest.mark.django_db
def test_a_zip_that_is_not_a_word_document_is_refused(staff_user):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("readme.txt", "hello")
    response = upload(staff_user, name="合同.docx", data=out.getvalue())
    assert response.status_code == 400 and response.json()["detail"]
    _nothing_stored()


@pytest.mark.django_db
def test_a_file_over_the_limit_is_413(staff_user):
    data = b"a" * (MAX_UPLOAD_BYTES + 1)
    response = upload(staff_user, name="big.txt", data=data)

    assert response.status_code == 413
    assert "20 MB" in response.json()["detail"]
    _nothing_stored()


@pytest.mark.django_db
def test_missing_file_wrong_type_and_foreign_matter(make_user):
    from firm import services as firm_services

    lawyer, outsider = make_user("staff"), make_user("staff")
    walled = firm_services.matter_create(actor=outsider, number="W-1", title="保密", client="乙")
    from tests.contracts.contract_files import api

    assert api(lawyer).post("/api/v1/contracts", {"title": "x"}, format="multipart").status_code == 400
    assert upload(lawyer, contract_type="spaceship").status_code == 400
    assert upload(lawyer, matter=walled.pk).status_code == 404  # a matter the lawyer is not on does not exist
    _nothing_stored()


@pytest.mark.django_db
def test_compliance_cannot_upload(compliance_user):
    assert upload(compliance_user).status_code == 403
    _nothing_stored()


@pytest.mark.django_db
def test_the_portal_shows_the_error_and_stores_nothing(staff_user):
    file = io.BytesIO(b"PK\x03\x04 broken")
    file.name = "坏文件.docx"
    response = portal(staff_user).post("/contracts/upload/", {"file": file}, follow=True)

    assert response.status_code == 200
    page = response.content.decode()
    assert "无法上传「坏文件.docx」" in page
    _nothing_stored()


@pytest.mark.django_db
def test_a_body_far_over_the_limit_is_refused_before_it_is_read(staff_user):
    from tests.contracts.contract_files import api

    class Unread(io.BytesIO):
        reads = 0

        def read(self, *args):
            Unread.reads += 1
            return super().read(*args)

    body = Unread(b"x" * 16)
    response = api(staff_user).generic(
        "POST", "/api/v1/contracts", "", content_type="multipart/form-data; boundary=B",
        CONTENT_LENGTH=str(MAX_UPLOAD_BYTES * 2), **{"wsgi.input": body})
    assert response.status_code == 413 and "20 MB" in response.json()["detail"]
    assert Unread.reads == 0
    _nothing_stored()
