"""Comparing a counterparty's draft with the firm's standard text, and a second draft with the first:
clause by clause alignment, issues with the firm's wording, issues carried over or closed."""

from __future__ import annotations

import json

import pytest

from contracts.models import Contract, ReviewIssue
from tests.contracts.contract_files import api, clause, docx_bytes, sections_of, upload
from tracing.models import AuditEvent

pytestmark = pytest.mark.django_db

TEMPLATE = [
    "房屋租赁合同（本所标准文本）",
    "出租人（甲方）：",
    "承租人（乙方）：",
    "第一条 租赁房屋 甲方将位于本市的房屋出租给乙方使用，租赁期限为两年。",
    "第二条 租金 月租金按附件约定，乙方应于每月5日前支付。",
    "第三条 维修 租赁物的主体结构和设施的自然损耗由甲方负责维修；因乙方使用不当造成的损坏由乙方修复。",
    "第四条 押金 租赁期满乙方结清费用并返还房屋的，甲方应在十日内无息退还押金。",
    "第五条 争议 因本合同发生争议，由房屋所在地人民法院管辖。",
]
DRAFT = [
    "房屋租赁合同",
    "出租人（甲方）：北京安和物业管理有限公司",
    "承租人（乙方）：张三",
    "第一条 租赁房屋 甲方将位于本市的房屋出租给乙方使用，租赁期限为两年。",
    "第二条 租金 月租金按附件约定，乙方应于每月5日前支付。",
    "第三条 维修 租赁期间所有维修均由乙方承担。",
    "第四条 争议 因本合同发生争议，由房屋所在地人民法院管辖。",
    "第五条 转租 乙方可自行转租。",
]


def test_a_draft_against_the_firms_template(staff_user):
    template = upload(staff_user, data=docx_bytes(TEMPLATE), is_template=True).json()
    assert template["is_template"] is True
    draft = upload(staff_user, data=docx_bytes(DRAFT)).json()["id"]
    response = api(staff_user).post(f"/api/v1/contracts/{draft}/compare", {"template": template["id"]},
                                    format="json")
    assert response.status_code == 200, response.content
    items = response.json()["items"]
    by_status = {}
    for item in items:
        by_status.setdefault(item["status"], []).append(item)
    assert {i["section_number"] for i in by_status["matches"]} >= {"第一条", "第二条"}
    deviates = by_status["deviates"]
    assert [i["section_number"] for i in deviates] == ["第三条"]
    assert "自然损耗由甲方负责维修" in deviates[0]["ours"] and "均由乙方承担" in deviates[0]["theirs"]
    assert [i["ours_number"] for i in by_status["missing"]] == ["第四条"]
    assert [i["section_number"] for i in by_status["added"]] == ["第五条"]
    raised = ReviewIssue.objects.get(pk=deviates[0]["issue"])
    assert raised.suggestion.startswith("第三条 维修 租赁物的主体结构") or "自然损耗由甲方负责维修" in raised.suggestion
    assert raised.agent_name == "template_compare" and raised.section.number == "第三条"
    missing = ReviewIssue.objects.get(pk=by_status["missing"][0]["issue"])
    assert missing.section is None and "无息退还押金" in missing.suggestion
    again = api(staff_user).post(f"/api/v1/contracts/{draft}/compare", {"template": template["id"]}, format="json")
    assert ReviewIssue.objects.filter(contract_id=draft).count() == 2  # raised once
    assert [i["issue"] for i in again.json()["items"]] == [i["issue"] for i in items]
    event = AuditEvent.objects.filter(event_type="contract.compared", object_id=str(draft)).first()
    assert json.loads(event.detail)["deviates"] == 1


def test_compare_refuses_what_it_cannot_compare(staff_user, make_user):
    draft = upload(staff_user, data=docx_bytes(DRAFT)).json()["id"]
    other = upload(staff_user, data=docx_bytes(DRAFT)).json()["id"]
    url = f"/api/v1/contracts/{draft}/compare"
    assert api(staff_user).post(url, {"template": other}, format="json").status_code == 400  # not a template
    assert api(staff_user).post(url, {}, format="json").status_code == 400
    assert api(staff_user).post(url, {"against": draft}, format="json").status_code == 400
    stranger = upload(make_user("staff"), data=docx_bytes(DRAFT)).json()["id"]
    assert api(staff_user).post(url, {"against": stranger}, format="json").status_code == 404


def test_a_second_draft_carries_issues_over_or_closes_them(staff_user):
    first = upload(staff_user, data=docx_bytes(DRAFT)).json()["id"]
    sections = sections_of(staff_user, first)
    for number, quote in (("第三条", "租赁期间所有维修均由乙方承担"), ("第五条", "乙方可自行转租")):
        created = api(staff_user).post(f"/api/v1/contracts/{first}/issues", {
            "section": clause(sections, number)["id"], "quote": quote, "category": "条款", "severity": "medium",
            "description": "需修改", "suggestion": "", "basis": []}, format="json")
        assert created.status_code == 201, created.content
    second_text = [*DRAFT[:5], "第三条 维修 租赁物的自然损耗由甲方负责维修。", *DRAFT[6:]]
    second = upload(staff_user, data=docx_bytes(second_text)).json()["id"]
    body = api(staff_user).post(f"/api/v1/contracts/{second}/compare", {"against": first}, format="json").json()
    statuses = {i["section_number"]: i["status"] for i in body["items"]}
    assert statuses["第三条"] == "deviates" and statuses["第五条"] == "matches"
    assert len(body["carried"]) == 1 and len(body["closed"]) == 1
    carried = ReviewIssue.objects.get(pk=body["carried"][0]["to"])
    assert carried.contract_id == second and carried.quote == "乙方可自行转租" and carried.author == "user"
    assert body["closed"][0]["section_number"] == "第三条"
    assert Contract.objects.get(pk=second).issues.count() == 1


def test_the_changes_since_the_last_draft_as_tracked_changes(staff_user):
    import io

    import docx
    from docx.oxml.ns import qn

    first = upload(staff_user, data=docx_bytes(DRAFT)).json()["id"]
    second_text = [*DRAFT[:5], "第三条 维修 租赁物的自然损耗由甲方负责维修。", DRAFT[6],
                   "第五条 转租 乙方经甲方书面同意方可转租。", "第六条 通知 通知以书面形式送达。"]
    second = upload(staff_user, data=docx_bytes(second_text)).json()["id"]
    response = api(staff_user).get(f"/api/v1/contracts/{second}/compare?against={first}")
    assert response.status_code == 200
    document = docx.Document(io.BytesIO(response.content))
    body = document.element.body
    inserted = "".join(t.text or "" for ins in body.iter(qn("w:ins")) for t in ins.iter(qn("w:t")))
    deleted = "".join(t.text or "" for d in body.iter(qn("w:del")) for t in d.iter(qn("w:delText")))
    assert "自然损耗由甲方负责维修" in inserted and "所有维修均由乙方承担" in deleted
    comments = " ".join(c.text for c in document.comments)
    assert "新稿新增" in comments and "通知以书面形式送达" in comments
    assert api(staff_user).get(f"/api/v1/contracts/{second}/compare").status_code == 400


def test_the_compare_page(staff_user):
    from tests.contracts.contract_files import portal

    template = upload(staff_user, data=docx_bytes(TEMPLATE), is_template=True).json()["id"]
    draft = upload(staff_user, data=docx_bytes(DRAFT)).json()["id"]
    client = portal(staff_user)
    page = client.get(f"/contracts/{draft}/compare/").content.decode()
    assert "本所标准文本" in page and f'value="{template}"' in page
    result = client.post(f"/contracts/{draft}/compare/", {"kind": "template", "other": template}).content.decode()
    assert 'id="compare-table"' in result and "偏离" in result and "缺失" in result
    assert "逐条比对" in client.get(f"/contracts/{draft}/").content.decode()
