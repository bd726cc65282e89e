"""Review issues through the API: raise, list, edit with the version read (two people editing one
issue lose nothing), confirm, reject, delete, history; malformed input."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from contracts.models import Contract, IssueChange, ReviewIssue
from contracts.services.issues import issue_add, issue_update
from tests.contracts.contract_files import api, clause, sections_of, upload
from tracing.models import AuditEvent

QUOTE = "逾期每日按租金的百分之五支付违约金"


@pytest.fixture
def lease(make_user):
    """A lease uploaded by a lawyer whose colleague is on the same matter."""
    from firm import services as firm_services

    lawyer, colleague = make_user("staff"), make_user("staff")
    matter = firm_services.matter_create(actor=lawyer, number="L-1", title="租赁", client="甲", members=[colleague])
    contract_id = upload(lawyer, matter=matter.pk).json()["id"]
    return {"lawyer": lawyer, "colleague": colleague, "id": contract_id,
            "sections": sections_of(lawyer, contract_id)}


def _raise(lease, **overrides):
    second = clause(lease["sections"], "第二条")
    body = {"section": second["id"], "quote": QUOTE, "category": "违约金", "severity": "high",
            "description": "日百分之五的违约金明显过高", "suggestion": "改为万分之五",
            "basis": [{"law": "民法典", "article": "第五百八十五条"}], **overrides}
    return api(lease["lawyer"]).post(f"/api/v1/contracts/{lease['id']}/issues", body, format="json")


@pytest.mark.django_db
def test_a_lawyer_raises_an_issue_on_a_quoted_span(lease, statutes):
    response = _raise(lease)

    assert response.status_code == 201, response.content
    issue = response.json()
    second = clause(lease["sections"], "第二条")
    assert issue["section"] == second["id"] and issue["section_number"] == "第二条"
    assert second["text"][issue["start"]:issue["end"]] == QUOTE
    assert (issue["author"], issue["status"], issue["version"]) == ("user", "open", 1)
    assert issue["basis"][0]["law"] == "中华人民共和国民法典" and issue["basis"][0]["article"] == 585
    assert issue["basis"][0]["valid"] is True
    listed = api(lease["colleague"]).get(f"/api/v1/contracts/{lease['id']}/issues").json()
    assert listed["count"] == 1 and listed["results"][0]["id"] == issue["id"]


@pytest.mark.django_db
def test_a_quote_not_in_the_section_and_a_missing_clause(lease):
    wrong = _raise(lease, quote="这句话不在第二条里", basis=[])
    assert wrong.status_code == 400 and "引文不在" in str(wrong.json())

    missing = _raise(lease, section=None, quote="", category="保密条款", basis=[])
    assert missing.status_code == 201
    assert missing.json()["section"] is None and missing.json()["section_number"] is None
    assert ReviewIssue.objects.count() == 1


@pytest.mark.django_db
def test_list_filters(lease):
    first = _raise(lease, basis=[]).json()
    _raise(lease, section=None, quote="", category="保密条款", severity="low", basis=[])
    url = f"/api/v1/contracts/{lease['id']}/issues"
    client = api(lease["lawyer"])

    assert [i["id"] for i in client.get(url, {"severity": "high"}).json()["results"]] == [first["id"]]
    assert [i["category"] for i in client.get(url, {"missing": "true"}).json()["results"]] == ["保密条款"]
    assert [i["id"] for i in client.get(url, {"section": first["section"]}).json()["results"]] == [first["id"]]
    client.post(f"{url}/{first['id']}/confirm", {}, format="json")
    assert [i["id"] for i in client.get(url, {"status": "confirmed"}).json()["results"]] == [first["id"]]


@pytest.mark.django_db
def test_two_people_editing_one_issue_lose_nothing(lease):
    issue = _raise(lease, basis=[]).json()
    url = f"/api/v1/contracts/{lease['id']}/issues/{issue['id']}"

    # Both read version 1. The lawyer saves first; the colleague's edit names the old version.
    first = api(lease["lawyer"]).patch(url, {"version": 1, "severity": "medium"}, format="json")
    second = api(lease["colleague"]).patch(url, {"version": 1, "suggestion": "删除该违约金条款"}, format="json")

    assert first.status_code == 200 and first.json()["version"] == 2
    assert second.status_code == 409
    assert "已被他人修改" in second.json()["detail"]
    assert second.json()["current"]["severity"] == "medium" and second.json()["current"]["version"] == 2
    stored = ReviewIssue.objects.get(pk=issue["id"])
    assert (stored.severity, stored.suggestion, stored.version) == ("medium", "改为万分之五", 2)

    retried = api(lease["colleague"]).patch(url, {"version": 2, "suggestion": "删除该违约金条款"}, format="json")
    assert retried.status_code == 200
    stored.refresh_from_db()
    assert (stored.severity, stored.suggestion, stored.version) == ("medium", "删除该违约金条款", 3)


@pytest.mark.django_db
def test_patch_needs_the_version_and_valid_json(lease):
    issue = _raise(lease, basis=[]).json()
    url = f"/api/v1/contracts/{lease['id']}/issues/{issue['id']}"
    client = api(lease["lawyer"])

    no_version = client.patch(url, {"severity": "low"}, format="json")
    assert no_version.status_code == 400 and "version" in no_version.json()
    malformed = client.generic("PATCH", url, '{"version": 1, "severity": ', content_type="application/json")
    assert malformed.status_code == 400
    bad_severity = client.patch(url, {"version": 1, "severity": "extreme"}, format="json")
    assert bad_severity.status_code == 400
    assert ReviewIssue.objects.get(pk=issue["id"]).severity == "high"
    malformed_post = client.generic("POST", f"/api/v1/contracts/{lease['id']}/issues", "{not json",
                                    content_type="application/json")
    assert malformed_post.status_code == 400


@pytest.mark.django_db
def test_confirm_reject_history_and_delete(lease):
    issue = _raise(lease, basis=[]).json()
    base = f"/api/v1/contracts/{lease['id']}/issues/{issue['id']}"
    client = api(lease["lawyer"])

    confirmed = client.post(f"{base}/confirm", {"version": 1}, format="json")
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "confirmed"
    stale = client.post(f"{base}/reject", {"version": 1}, format="json")
    assert stale.status_code == 409 and stale.json()["current"]["status"] == "confirmed"
    rejected = api(lease["colleague"]).post(f"{base}/reject", {"version": 2}, format="json")
    assert rejected.status_code == 200 and rejected.json()["status"] == "rejected"

    history = client.get(f"{base}/history").json()
    assert [h["action"] for h in history] == ["created", "confirmed", "rejected"]
    assert history[1]["actor"] == lease["lawyer"].username and history[2]["actor"] == lease["colleague"].username
    assert history[2]["changes"] == {"status": ["confirmed", "rejected"]}

    assert client.delete(f"{base}?version=1").status_code == 409
    assert client.delete(f"{base}?version=3").status_code == 204
    assert not ReviewIssue.objects.filter(pk=issue["id"]).exists()
    after = client.get(f"{base}/history").json()
    assert [h["action"] for h in after] == ["created", "confirmed", "rejected", "deleted"]
    assert AuditEvent.objects.filter(event_type__startswith="review_issue.").count() == 4


@pytest.mark.django_db
def test_patch_status_and_an_agent_cannot_touch_a_confirmed_issue(lease):
    issue = _raise(lease, basis=[]).json()
    url = f"/api/v1/contracts/{lease['id']}/issues/{issue['id']}"
    response = api(lease["lawyer"]).patch(url, {"version": 1, "status": "confirmed", "severity": "low"}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["severity"], body["version"]) == ("confirmed", "low", 3)

    stored = ReviewIssue.objects.get(pk=issue["id"])
    with pytest.raises(PermissionDenied, match="智能体不能修改"):
        issue_update(actor=None, issue=stored, agent_name="contract_review", severity="high")
    assert ReviewIssue.objects.get(pk=issue["id"]).severity == "low"


@pytest.mark.django_db
def test_an_issue_of_another_contract_is_not_found_here(lease, make_user):
    other_id = upload(lease["lawyer"], name="second.docx").json()["id"]
    other = Contract.objects.get(pk=other_id)
    foreign = issue_add(actor=lease["lawyer"], contract=other, section=None, category="管辖", severity="low",
                        description="缺少争议解决条款")
    url = f"/api/v1/contracts/{lease['id']}/issues/{foreign.pk}"
    assert api(lease["lawyer"]).get(url).status_code == 404
    assert api(lease["lawyer"]).patch(url, {"version": 1, "severity": "high"}, format="json").status_code == 404
    assert api(lease["lawyer"]).get(f"{url}/history").status_code == 404
    # and a section of another contract cannot carry an issue here
    other_section = other.sections.filter(kind="clause").first()
    assert _raise(lease, section=other_section.pk, basis=[]).status_code == 400
    assert IssueChange.objects.filter(contract_id=lease["id"]).count() == 0
