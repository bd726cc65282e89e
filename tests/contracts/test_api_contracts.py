"""The contracts API (ARCHITECTURE §8): upload, list, read, edit, move, delete, sections, export,
and the OpenAPI schema."""

from __future__ import annotations

import hashlib
import io
import json
from urllib.parse import unquote

import docx
import pytest

from contracts.models import Contract, ReviewIssue, Section
from contracts.services.issues import issue_add
from tests.contracts.contract_files import api, clause, docx_bytes, sections_of, split_now, txt_bytes, upload
from tracing.models import AuditEvent

SECTION_KEYS = {"id", "order", "kind", "number", "title", "text", "parent"}
ISSUE_KEYS = {"id", "section", "section_number", "quote", "category", "severity", "description", "suggestion",
              "basis", "status", "author"}


@pytest.mark.django_db
def test_upload_a_docx_stores_the_file_and_its_sections(staff_user):
    data = docx_bytes()
    response = upload(staff_user, data=data, split=False)

    # the request stores the bytes and answers at once; reading and splitting is the worker's
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "uploaded" and response.json()["section_count"] == 0
    split_now(response.json()["id"])
    body = api(staff_user).get(f"/api/v1/contracts/{response.json()['id']}").json()
    assert body["status"] == "split" and body["error"] == ""
    assert body["title"] == "房屋租赁合同"  # the document's own title
    assert body["contract_type"] == "lease"
    assert body["file_format"] == "docx" and body["file_sha256"] == hashlib.sha256(data).hexdigest()
    assert [(p["role"], p["name"]) for p in body["parties"]] == [("出租人", "北京安和物业管理有限公司"),
                                                                  ("承租人", "张三")]
    contract = Contract.objects.get(pk=body["id"])
    assert bytes(contract.original) == data and contract.owner == staff_user

    sections = sections_of(staff_user, body["id"])
    assert body["section_count"] == len(sections)
    assert all(SECTION_KEYS <= set(s) for s in sections)
    assert [s["order"] for s in sections] == list(range(len(sections)))
    clauses = [s["number"] for s in sections if s["kind"] == "clause"]
    assert clauses == ["第一条", "第二条", "第三条", "第四条", "第五条"]
    second = clause(sections, "第二条")
    assert second["text"] == ("第二条 租金及支付 月租金为人民币伍仟元整。\n"
                              "乙方应于每月5日前支付当月租金，逾期每日按租金的百分之五支付违约金。")
    assert second["para_end"] == second["para_start"] + 1
    assert sections[0]["kind"] == "preamble" and sections[-1]["kind"] == "signature"

    event = AuditEvent.objects.get(event_type="contract.uploaded", object_id=str(body["id"]))
    assert event.actor == staff_user
    assert event.new_data["sha256"] == body["file_sha256"] and event.new_data["format"] == "docx"


@pytest.mark.django_db
def test_upload_with_title_type_and_matter(make_user):
    from firm import services as firm_services

    lawyer = make_user("staff")
    matter = firm_services.matter_create(actor=lawyer, number="2026-001", title="租赁", client="甲")
    response = upload(lawyer, name="lease.txt", data=txt_bytes(), title="  给客户的租赁合同 ",
                      matter=matter.pk, contract_type="service")

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["title"], body["contract_type"], body["matter"], body["file_format"]) == (
        "给客户的租赁合同", "service", matter.pk, "txt")
    assert [s["number"] for s in sections_of(lawyer, body["id"]) if s["kind"] == "clause"][:2] == ["第一条", "第二条"]


@pytest.mark.django_db
def test_list_is_paginated_and_filtered(make_user):
    lawyer, other = make_user("staff"), make_user("staff")
    for name in ("甲.docx", "乙.docx", "丙.docx"):
        assert upload(lawyer, name=name, data=docx_bytes(["买卖合同", "第一条 标的 " + name]),
                      title=name[0] + "合同").status_code == 201
    upload(other, name="other.docx")

    page = api(lawyer).get("/api/v1/contracts", {"page_size": 2}).json()
    assert page["count"] == 3 and len(page["results"]) == 2 and page["next"]
    titles = {c["title"] for c in api(lawyer).get("/api/v1/contracts").json()["results"]}
    assert titles == {"甲合同", "乙合同", "丙合同"}
    assert [c["title"] for c in api(lawyer).get("/api/v1/contracts", {"q": "乙"}).json()["results"]] == ["乙合同"]


@pytest.mark.django_db
def test_patch_renames_and_retypes_with_an_audit_event(staff_user):
    contract_id = upload(staff_user).json()["id"]

    response = api(staff_user).patch(f"/api/v1/contracts/{contract_id}", {"title": "新标题", "contract_type": "loan"},
                                     format="json")

    assert response.status_code == 200
    assert (response.json()["title"], response.json()["contract_type"]) == ("新标题", "loan")
    event = AuditEvent.objects.get(event_type="contract.changed", object_id=str(contract_id))
    assert event.old_data == {"title": "房屋租赁合同", "contract_type": "lease"}
    assert event.new_data == {"title": "新标题", "contract_type": "loan"}
    bad = api(staff_user).patch(f"/api/v1/contracts/{contract_id}", {"contract_type": "spaceship"}, format="json")
    assert bad.status_code == 400
    assert Contract.objects.get(pk=contract_id).contract_type == "loan"


@pytest.mark.django_db
def test_delete_by_the_owner_only(make_user):
    owner, stranger = make_user("staff"), make_user("staff")
    contract_id = upload(owner).json()["id"]

    assert api(stranger).delete(f"/api/v1/contracts/{contract_id}").status_code == 404
    assert api(owner).delete(f"/api/v1/contracts/{contract_id}").status_code == 204

    assert not Contract.objects.filter(pk=contract_id).exists()
    assert not Section.objects.filter(contract_id=contract_id).exists()
    event = AuditEvent.objects.get(event_type="contract.deleted", object_id=str(contract_id))
    assert event.old_data["title"] == "房屋租赁合同" and event.old_data["sections"] > 0


@pytest.mark.django_db
def test_sections_filter_by_kind(staff_user):
    contract_id = upload(staff_user).json()["id"]
    response = api(staff_user).get(f"/api/v1/contracts/{contract_id}/sections", {"kind": "clause"})
    assert {s["kind"] for s in response.json()["results"]} == {"clause"}
    assert response.json()["count"] == 5


def _with_an_issue(user) -> tuple[int, ReviewIssue]:
    contract_id = upload(user).json()["id"]
    contract = Contract.objects.get(pk=contract_id)
    section = contract.sections.get(number="第二条")
    issue = issue_add(actor=user, contract=contract, section=section, quote="逾期每日按租金的百分之五支付违约金",
                      category="违约金", severity="high", description="日百分之五的违约金明显过高",
                      suggestion="逾期每日按欠付租金的万分之五支付违约金", basis=[{"law": "民法典", "article": 585}])
    return contract_id, issue


@pytest.mark.django_db
def test_export_docx_carries_a_comment_and_a_chinese_file_name(staff_user, statutes):
    contract_id, issue = _with_an_issue(staff_user)

    response = api(staff_user).get(f"/api/v1/contracts/{contract_id}/export", {"format": "docx"})

    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("application/vnd.openxmlformats-officedocument")
    disposition = response["Content-Disposition"]
    assert disposition.startswith("attachment;") and f'filename="contract-{contract_id}-docx.docx"' in disposition
    assert unquote(disposition.split("filename*=UTF-8''")[1]) == "房屋租赁合同-审查批注.docx"
    document = docx.Document(io.BytesIO(response.content))
    comments = [c.text for c in document.comments]
    assert any("日百分之五的违约金明显过高" in text for text in comments)
    texts = [p.text for p in document.paragraphs]
    assert "第一条 租赁房屋 甲方将位于北京市朝阳区建国路88号的房屋出租给乙方使用。" in texts
    event = AuditEvent.objects.get(event_type="contract.exported", object_id=str(contract_id))
    assert event.detail_data["format"] == "docx" and event.detail_data["issues"] == 1


@pytest.mark.django_db
def test_export_json_markdown_and_report(staff_user, statutes):
    contract_id, issue = _with_an_issue(staff_user)
    client = api(staff_user)

    as_json = client.get(f"/api/v1/contracts/{contract_id}/export", {"format": "json"})
    assert as_json.status_code == 200 and as_json["Content-Type"].startswith("application/json")
    record = json.loads(as_json.content)
    assert record["contract"]["id"] == contract_id
    assert ISSUE_KEYS <= set(record["issues"][0]) and record["issues"][0]["section_number"] == "第二条"
    assert record["issues"][0]["basis"][0]["valid"] is True

    markdown = client.get(f"/api/v1/contracts/{contract_id}/export", {"format": "md"})
    assert markdown.status_code == 200 and "逾期每日按租金的百分之五支付违约金" in markdown.content.decode()

    report = client.get(f"/api/v1/contracts/{contract_id}/export", {"format": "report"})
    assert report.status_code == 200
    report_text = "\n".join(p.text for p in docx.Document(io.BytesIO(report.content)).paragraphs)
    assert "违约金" in report_text

    wrong = client.get(f"/api/v1/contracts/{contract_id}/export", {"format": "exe"})
    assert wrong.status_code == 400 and "format" in wrong.json()
    assert AuditEvent.objects.filter(event_type="contract.exported").count() == 3


@pytest.mark.django_db
def test_the_openapi_schema_lists_the_contract_endpoints(api_client):
    schema = api_client.get("/api/schema/", {"format": "json"})
    assert schema.status_code == 200
    paths = json.loads(schema.content)["paths"]
    for path, methods in {
        "/api/v1/contracts": {"get", "post"},
        "/api/v1/contracts/{contract_id}": {"get", "patch", "delete"},
        "/api/v1/contracts/{contract_id}/sections": {"get"},
        "/api/v1/contracts/{contract_id}/sections/merge": {"post"},
        "/api/v1/contracts/{contract_id}/sections/{section_id}/split": {"post"},
        "/api/v1/contracts/{contract_id}/issues": {"get", "post"},
        "/api/v1/contracts/{contract_id}/issues/{issue_id}": {"get", "patch", "delete"},
        "/api/v1/contracts/{contract_id}/issues/{issue_id}/confirm": {"post"},
        "/api/v1/contracts/{contract_id}/issues/{issue_id}/reject": {"post"},
        "/api/v1/contracts/{contract_id}/issues/{issue_id}/history": {"get"},
        "/api/v1/contracts/{contract_id}/export": {"get"},
    }.items():
        assert path in paths, path
        assert methods <= set(paths[path]), (path, set(paths[path]))
    upload_body = paths["/api/v1/contracts"]["post"]["requestBody"]["content"]
    assert "multipart/form-data" in upload_body
    assert {"400", "413"} <= set(paths["/api/v1/contracts"]["post"]["responses"])
    assert "409" in paths["/api/v1/contracts/{contract_id}/issues/{issue_id}"]["patch"]["responses"]
    sections = paths["/api/v1/contracts/{contract_id}/sections"]["get"]["responses"]["200"]
    ref = sections["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    listed = json.loads(schema.content)["components"]["schemas"][ref]["properties"]
    assert {"count", "next", "previous", "results"} <= set(listed)


@pytest.mark.django_db
def test_clauses_point_to_their_chapter(staff_user):
    text = ["技术服务合同", "甲方：北京甲科技有限公司", "乙方：上海乙信息有限公司", "第一章 总则",
            "第一条 定义 本合同所称服务是指系统运维服务。", "第二条 期限 服务期限为一年。", "第二章 费用",
            "第三条 服务费 服务费为每月人民币壹万元。"]
    contract_id = upload(staff_user, name="chapters.docx", data=docx_bytes(text)).json()["id"]
    sections = sections_of(staff_user, contract_id)
    chapters = {s["number"]: s["id"] for s in sections if s["kind"] == "chapter"}
    assert list(chapters) == ["第一章", "第二章"]
    parents = {s["number"]: s["parent"] for s in sections if s["kind"] == "clause"}
    assert parents == {"第一条": chapters["第一章"], "第二条": chapters["第一章"], "第三条": chapters["第二章"]}
