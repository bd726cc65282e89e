"""Our side (whom the firm acts for) at upload and later, the side-aware review, and who an issue is by:
the lawyer's own issues carry the lawyer's name into the API and the exported Word comments."""

from __future__ import annotations

import io
import json

import docx
import pytest
from docx.oxml.ns import qn

from contracts.models import Contract, ReviewIssue
from contracts.services import review
from tests.contracts.contract_files import api, clause, docx_bytes, portal, sections_of, upload
from tracing.models import AuditEvent

pytestmark = pytest.mark.django_db

#: A lease in which the landlord may take the house back at any time: a risk for the tenant only.
LEASE = [
    "房屋租赁合同",
    "出租人（甲方）：北京安和物业管理有限公司",
    "承租人（乙方）：张三",
    "第一条 租赁房屋 甲方将位于北京市朝阳区建国路88号的房屋出租给乙方使用，租赁期限为两年。",
    "第二条 租金 月租金为人民币伍仟元整，乙方应于每月5日前支付。",
    "第三条 收回 租赁期间甲方可随时收回房屋，乙方应无条件配合。",
    "第四条 争议 因本合同发生争议，由房屋所在地人民法院管辖。",
]


def _review(user, contract_id: int) -> list[ReviewIssue]:
    contract = Contract.objects.get(pk=contract_id)
    run = review.review_start(actor=user, contract=contract, mode="auto", queue=False)
    review.review_run(run_id=run.pk)
    return list(ReviewIssue.objects.filter(contract=contract))


def test_side_at_upload_and_by_patch_with_an_audit_event(staff_user):
    created = upload(staff_user, data=docx_bytes(LEASE), side="乙方")
    assert created.status_code == 201 and created.json()["side"] == "乙方"
    contract_id = created.json()["id"]

    changed = api(staff_user).patch(f"/api/v1/contracts/{contract_id}", {"side": "出租人"}, format="json")
    assert changed.status_code == 200 and changed.json()["side"] == "出租人"
    event = AuditEvent.objects.filter(event_type="contract.changed", object_id=str(contract_id)).latest("chain_index")
    assert json.loads(event.old) == {"side": "乙方"} and json.loads(event.new) == {"side": "出租人"}

    cleared = api(staff_user).patch(f"/api/v1/contracts/{contract_id}", {"side": None}, format="json")
    assert cleared.json()["side"] == ""
    too_long = api(staff_user).patch(f"/api/v1/contracts/{contract_id}", {"side": "甲" * 21}, format="json")
    assert too_long.status_code == 400 and "side" in too_long.json()


def test_the_page_sets_our_side(staff_user):
    contract_id = upload(staff_user, data=docx_bytes(LEASE)).json()["id"]
    page = portal(staff_user).get(f"/contracts/{contract_id}/")
    assert "未指定我方" in page.content.decode() and 'name="side"' in page.content.decode()
    portal(staff_user).post(f"/contracts/{contract_id}/edit/", {"title": "房屋租赁合同", "contract_type": "lease",
                                                                  "side": "承租人"})
    assert Contract.objects.get(pk=contract_id).side == "承租人"
    assert "我方：承租人" in portal(staff_user).get(f"/contracts/{contract_id}/").content.decode()


def test_a_right_of_the_landlord_is_the_tenants_risk_not_the_landlords(staff_user, statutes):
    tenant = upload(staff_user, data=docx_bytes(LEASE), side="乙方").json()["id"]
    landlord = upload(staff_user, data=docx_bytes(LEASE), side="甲方").json()["id"]
    unknown = upload(staff_user, data=docx_bytes(LEASE)).json()["id"]
    codes = {cid: {i.rule_code for i in _review(staff_user, cid)} for cid in (tenant, landlord, unknown)}
    assert "lease-landlord-recover-anytime" in codes[tenant]
    assert "lease-landlord-recover-anytime" in codes[unknown]
    assert "lease-landlord-recover-anytime" not in codes[landlord]


def test_a_lawyers_own_issue_is_by_the_lawyer_and_an_agents_by_the_review(make_user, statutes, settings):
    lawyer = make_user("staff")
    lawyer.first_name, lawyer.last_name = "明", "李"
    lawyer.save()
    contract_id = upload(lawyer, data=docx_bytes(LEASE), side="乙方").json()["id"]
    _review(lawyer, contract_id)
    third = clause(sections_of(lawyer, contract_id), "第三条")
    own = api(lawyer).post(f"/api/v1/contracts/{contract_id}/issues", {
        "section": third["id"], "quote": "乙方应无条件配合", "category": "配合义务", "severity": "low",
        "description": "“无条件配合”范围过宽", "suggestion": "乙方应在收到书面通知后合理配合", "basis": []},
        format="json")
    assert own.status_code == 201 and own.json()["author_name"] == "李明"
    listed = api(lawyer).get(f"/api/v1/contracts/{contract_id}/issues").json()["results"]
    agents = [i for i in listed if i["author"] == "agent"]
    assert agents and all(i["author_name"] == settings.CONTRACT_AGENT_AUTHOR for i in agents)

    exported = api(lawyer).get(f"/api/v1/contracts/{contract_id}/export?format=docx")
    assert exported.status_code == 200
    comments = list(docx.Document(io.BytesIO(exported.content)).comments)
    mine = [c for c in comments if "无条件配合" in c.text]
    theirs = [c for c in comments if "提出：" in c.text]
    assert [c.author for c in mine] == ["李明"]
    assert theirs and all(c.author == "李明" for c in theirs)  # the lawyer who exports signs the review's
    assert all(f"提出：{settings.CONTRACT_AGENT_AUTHOR}" in c.text for c in theirs)
    assert all("提出：" not in c.text for c in mine)

    settings.CONTRACT_COMMENT_AUTHOR = "安和律师事务所"
    exported = api(lawyer).get(f"/api/v1/contracts/{contract_id}/export?format=docx")
    document = docx.Document(io.BytesIO(exported.content))
    assert {c.author for c in document.comments} == {"安和律师事务所"}
    inserted = document.element.body.iter(qn("w:ins"))
    assert {el.get(qn("w:author")) for el in inserted} <= {"安和律师事务所"}

    data = api(lawyer).get(f"/api/v1/contracts/{contract_id}/export?format=json").json()
    assert data["contract"]["side"] == "乙方"
    assert {i["author_name"] for i in data["issues"]} == {"李明", settings.CONTRACT_AGENT_AUTHOR}
