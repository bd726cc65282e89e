"""The firm's own templates: upload a .docx with {{ placeholders }}, fields inferred and editable,
admin approval before staff use, new versions, and the bad uploads (not a .docx, broken tags)."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from docx import Document

from drafting import render
from tracing.models import AuditEvent


def docx_with(*paragraphs: str) -> bytes:
    document = Document()
    for text in paragraphs:
        document.add_paragraph(text)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def upload(client, data: bytes, name="还款承诺书", filename="t.docx"):
    return client.post("/api/v1/drafting/templates", {"file": _named(data, filename), "name": name},
                       format="multipart")


def _named(data: bytes, filename: str) -> io.BytesIO:
    stream = io.BytesIO(data)
    stream.name = filename
    return stream


GOOD = docx_with("还款承诺书", "承诺人：{{ 承诺人 }}，身份证号：{{ 承诺人身份证号 }}，电话：{{ 联系电话 }}",
                 "本人承诺于{{ 还款日期 }}前归还借款{{ 借款金额 }}元。", "{{ 事实与理由 }}")


@pytest.mark.django_db
def test_upload_infers_fields_needs_approval_then_staff_can_draft(staff_user, admin_user, client_for):
    staff, admin = client_for(staff_user), client_for(admin_user)
    response = upload(staff, GOOD)
    assert response.status_code == 201, response.json()
    version = response.json()
    assert version["status"] == "pending"
    types = {f["name"]: f["type"] for f in version["fields"]}
    assert types == {"承诺人": "text", "承诺人身份证号": "id_number", "联系电话": "phone", "还款日期": "date",
                     "借款金额": "amount", "事实与理由": "textarea"}
    slug = version["slug"]
    # not usable before approval
    assert slug not in {t["slug"] for t in staff.get("/api/v1/drafting/templates?page_size=100").json()["results"]}
    assert staff.post("/api/v1/drafting/drafts", {"template": slug, "fields": {}}, format="json").status_code == 404
    # the uploader edits a label and relaxes a field
    fields = version["fields"]
    fields[-1]["required"] = False
    fields[0]["label"] = "承诺人姓名"
    edited = staff.patch(f"/api/v1/drafting/template-versions/{version['id']}", {"fields": fields}, format="json")
    assert edited.status_code == 200 and edited.json()["fields"][0]["label"] == "承诺人姓名"
    # staff cannot approve; an admin can
    assert staff.post(f"/api/v1/drafting/template-versions/{version['id']}/approve").status_code == 404
    approved = admin.post(f"/api/v1/drafting/template-versions/{version['id']}/approve", {}, format="json")
    assert approved.json()["status"] == "approved"
    found = staff.get("/api/v1/drafting/templates", {"q": "还款承诺"}).json()["results"]
    assert [t["slug"] for t in found] == [slug]
    # an approved version is frozen
    frozen = staff.patch(f"/api/v1/drafting/template-versions/{version['id']}", {"fields": fields}, format="json")
    assert frozen.status_code == 400
    created = staff.post("/api/v1/drafting/drafts", {"template": slug, "fields": {
        "承诺人": "张三", "承诺人身份证号": "11010519491231002X", "联系电话": "13800138000",
        "还款日期": "2025-06-30", "借款金额": "50000"}}, format="json")
    assert created.status_code == 201, created.json()
    rendered = staff.post(f"/api/v1/drafting/drafts/{created.json()['id']}/render").json()
    text = render.document_text(staff.get(rendered["download"]).content)
    assert "承诺人：张三，身份证号：11010519491231002X" in text and "借款50000.00元" in text
    assert not render.has_leftover(text)
    events = set(AuditEvent.objects.filter(object_type="drafting.documenttemplate")
                 .values_list("event_type", flat=True))
    assert {"drafting.template_uploaded", "drafting.template_fields_changed", "drafting.template_approved"} <= events


@pytest.mark.django_db
def test_upload_invalid_values_in_firm_template_are_400(staff_user, admin_user, client_for):
    version = upload(client_for(staff_user), GOOD).json()
    client_for(admin_user).post(f"/api/v1/drafting/template-versions/{version['id']}/approve")
    response = client_for(staff_user).post("/api/v1/drafting/drafts", {"template": version["slug"], "fields": {
        "承诺人身份证号": "110105194912310021"}}, format="json")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["承诺人身份证号"]


@pytest.mark.django_db
def test_not_a_docx_is_400(staff_user, client_for):
    for data, filename in ((b"%PDF-1.4 not a word file", "a.pdf"), (b"PK\x03\x04garbage", "b.docx"),
                           ("{{ 姓名 }}".encode(), "c.txt")):
        response = upload(client_for(staff_user), data, filename=filename)
        assert response.status_code == 400
        assert "不是 Word .docx" in response.json()["fields"]["file"]


@pytest.mark.django_db
@pytest.mark.parametrize(("paragraphs", "tag", "where"), [
    (("标题", "原告：{{ 原告姓名 }", "其他"), "{{ 原告姓名 }", "第2段"),
    (("标题", "第一段", "金额：{{ 金额 | }}"), "{{ 金额 | }}", "第3段"),
    (("{% if 原告 %}", "原告：{{ 原告 }}"), "{% if 原告 %}", "第1段"),
])
def test_broken_jinja_is_400_naming_the_tag_and_where(staff_user, client_for, paragraphs, tag, where):
    response = upload(client_for(staff_user), docx_with(*paragraphs))
    assert response.status_code == 400
    reason = response.json()["fields"]["file"]
    assert tag in reason and where in reason


@pytest.mark.django_db
def test_a_docx_without_placeholders_is_400(staff_user, client_for):
    response = upload(client_for(staff_user), docx_with("没有占位符的文件"))
    assert response.status_code == 400
    assert "占位符" in response.json()["fields"]["file"]


@pytest.mark.django_db
def test_admin_action_approves_a_pending_version(staff_user, admin_user, client_for):
    version = upload(client_for(staff_user), GOOD).json()
    browser = Client()
    browser.force_login(admin_user)
    response = browser.post("/admin/drafting/templateversion/", {"action": "approve",
                                                                 "_selected_action": [version["id"]]})
    assert response.status_code == 302
    found = client_for(staff_user).get("/api/v1/drafting/templates", {"q": "还款承诺"}).json()["results"]
    assert [t["slug"] for t in found] == [version["slug"]]
    assert AuditEvent.objects.filter(event_type="drafting.template_approved", actor=admin_user).count() == 1
