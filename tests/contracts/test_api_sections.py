"""The lawyer corrects the split: merge adjacent sections, split one at a paragraph. Orders stay
0..n-1, texts stay the join of their paragraphs, issues keep quoting the right text."""

from __future__ import annotations

import pytest

from contracts.models import Contract, ReviewIssue, ReviewRun
from contracts.services.issues import issue_add
from tests.contracts.contract_files import api, clause, sections_of, upload
from tracing.models import AuditEvent


@pytest.fixture
def lease(staff_user):
    contract_id = upload(staff_user).json()["id"]
    return {"user": staff_user, "id": contract_id, "contract": Contract.objects.get(pk=contract_id)}


def _issue(contract, number: str, quote: str) -> ReviewIssue:
    return issue_add(actor=contract.owner, contract=contract, section=contract.sections.get(number=number),
                     quote=quote, category="测试", severity="medium", description="测试问题")


def _assert_consistent(sections: list[dict]) -> None:
    assert [s["order"] for s in sections] == list(range(len(sections)))
    for s in sections:
        assert s["text"].count("\n") == s["para_end"] - s["para_start"], s
    for left, right in zip(sections, sections[1:], strict=False):
        assert left["para_end"] < right["para_start"]
    for issue in ReviewIssue.objects.exclude(section=None):
        assert issue.section.text[issue.start:issue.end] == issue.quote


@pytest.mark.django_db
def test_merge_two_adjacent_clauses_moves_the_issues_of_the_second(lease):
    contract = lease["contract"]
    kept = _issue(contract, "第三条", "押金人民币壹万元")
    moved = _issue(contract, "第四条", "应依照本合同第二条承担违约责任")
    before = sections_of(lease["user"], lease["id"])
    third, fourth = clause(before, "第三条"), clause(before, "第四条")

    response = api(lease["user"]).post(f"/api/v1/contracts/{lease['id']}/sections/merge",
                                       {"sections": [third["id"], fourth["id"]]}, format="json")

    assert response.status_code == 200, response.content
    merged = response.json()["section"]
    assert merged["id"] == third["id"] and merged["number"] == "第三条"
    assert merged["text"] == third["text"] + "\n" + fourth["text"]
    after = response.json()["sections"]
    assert len(after) == len(before) - 1 and after == sections_of(lease["user"], lease["id"])
    assert [s["number"] for s in after if s["kind"] == "clause"] == ["第一条", "第二条", "第三条", "第五条"]
    moved.refresh_from_db()
    kept.refresh_from_db()
    assert moved.section_id == third["id"] and moved.version == 2
    assert kept.section_id == third["id"] and kept.start == third["text"].index("押金人民币壹万元")
    _assert_consistent(after)
    event = AuditEvent.objects.get(event_type="contract.sections_merged")
    assert [s["number"] for s in event.old_data["sections"]] == ["第三条", "第四条"]


@pytest.mark.django_db
def test_only_adjacent_sections_merge(lease):
    before = sections_of(lease["user"], lease["id"])
    url = f"/api/v1/contracts/{lease['id']}/sections/merge"
    client = api(lease["user"])

    apart = client.post(url, {"sections": [clause(before, "第一条")["id"], clause(before, "第三条")["id"]]},
                        format="json")
    assert apart.status_code == 400 and "相邻" in str(apart.json())
    single = client.post(url, {"sections": [clause(before, "第一条")["id"]]}, format="json")
    assert single.status_code == 400
    other_id = upload(lease["user"], name="other.docx").json()["id"]
    foreign = clause(sections_of(lease["user"], other_id), "第二条")["id"]
    mixed = client.post(url, {"sections": [clause(before, "第一条")["id"], foreign]}, format="json")
    assert mixed.status_code == 400
    assert sections_of(lease["user"], lease["id"]) == before
    assert not AuditEvent.objects.filter(event_type="contract.sections_merged").exists()


@pytest.mark.django_db
def test_split_a_clause_at_its_second_paragraph(lease):
    contract = lease["contract"]
    head_issue = _issue(contract, "第二条", "月租金为人民币伍仟元整")
    tail_issue = _issue(contract, "第二条", "逾期每日按租金的百分之五支付违约金")
    before = sections_of(lease["user"], lease["id"])
    second = clause(before, "第二条")
    at = second["text"].index("\n") + 1

    response = api(lease["user"]).post(f"/api/v1/contracts/{lease['id']}/sections/{second['id']}/split",
                                       {"at": at}, format="json")

    assert response.status_code == 201, response.content
    new = response.json()["section"]
    after = response.json()["sections"]
    assert len(after) == len(before) + 1
    head = next(s for s in after if s["id"] == second["id"])
    assert head["text"] == "第二条 租金及支付 月租金为人民币伍仟元整。"
    assert new["text"] == "乙方应于每月5日前支付当月租金，逾期每日按租金的百分之五支付违约金。"
    assert new["order"] == head["order"] + 1 and new["kind"] == "clause"
    assert (head["para_end"], new["para_start"], new["para_end"]) == (
        second["para_start"], second["para_start"] + 1, second["para_end"])
    head_issue.refresh_from_db()
    tail_issue.refresh_from_db()
    assert head_issue.section_id == second["id"]
    assert tail_issue.section_id == new["id"] and tail_issue.start == new["text"].index("逾期")
    _assert_consistent(after)
    assert AuditEvent.objects.filter(event_type="contract.section_split").count() == 1


@pytest.mark.django_db
def test_split_refuses_mid_paragraph_through_a_quote_and_during_auto_review(lease):
    contract = lease["contract"]
    second = clause(sections_of(lease["user"], lease["id"]), "第二条")
    url = f"/api/v1/contracts/{lease['id']}/sections/{second['id']}/split"
    client = api(lease["user"])

    mid = client.post(url, {"at": 5}, format="json")
    assert mid.status_code == 400 and "段落" in str(mid.json())
    at = second["text"].index("\n") + 1
    straddling = _issue(contract, "第二条", second["text"][at - 6:at + 4])
    through = client.post(url, {"at": at}, format="json")
    assert through.status_code == 400 and f"#{straddling.pk}" in str(through.json())

    straddling.delete()
    ReviewRun.objects.create(contract=contract, mode="auto", status="running", total=7)
    running = client.post(url, {"at": at}, format="json")
    assert running.status_code == 400 and "自动审核进行中" in str(running.json())
    assert clause(sections_of(lease["user"], lease["id"]), "第二条") == second


@pytest.mark.django_db
def test_split_then_merge_restores_the_section(lease):
    before = sections_of(lease["user"], lease["id"])
    second = clause(before, "第二条")
    at = second["text"].index("\n") + 1
    client = api(lease["user"])
    new = client.post(f"/api/v1/contracts/{lease['id']}/sections/{second['id']}/split", {"at": at},
                      format="json").json()["section"]
    merged = client.post(f"/api/v1/contracts/{lease['id']}/sections/merge",
                         {"sections": [second["id"], new["id"]]}, format="json")
    assert merged.status_code == 200
    assert sections_of(lease["user"], lease["id"]) == before
