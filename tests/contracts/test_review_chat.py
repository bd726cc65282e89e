"""The per-contract chat through the API, offline: console words, the review of the current section
with the playbook, a severity change in words, a question, and the stored conversation."""

from __future__ import annotations

from unittest import mock

import pytest

from contracts.models import ContractMessage, ReviewIssue, ReviewRun
from contracts.services import review
from contracts.services.chat import command_parse
from contracts.services.review import start as starting
from tests.contracts.review_support import make_contract
from tracing.models import AuditEvent

# The offline reviewer calls its tools on the worker's loop (own connections): rows must be committed.
pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("text, name, label, extra", [
    ("审核当前章节", "review", "", ""), ("下一章", "next", "", ""), ("上一章", "prev", "", ""),
    ("status", "status", "", ""), ("导出", "export", "", ""), ("重置", "reset", "", ""), ("退出", "quit", "", ""),
    ("帮助", "help", "", ""), ("自动审核", "auto", "", ""), ("重新审核第五条", "rereview", "第五条", ""),
    ("第三条的违约金问题改为中风险", "severity", "第三条", "medium"),
    ("把第3条违约金问题调整为高风险", "severity", "第3条", "high"),
    ("审核合同 /tmp/a.docx", "open", "", ""), ("这个定金条款有什么问题？", "ask", "", ""),
])
def test_console_words_are_parsed(text, name, label, extra):
    command = command_parse(text)
    assert (command.name, command.label) == (name, label)
    assert command.severity == extra


def _say(client, contract, content, section=None):
    body = {"content": content} | ({"section": section.pk} if section is not None else {})
    response = client.post(f"/api/v1/contracts/{contract.pk}/messages", body, format="json")
    assert response.status_code == 202, response.content
    data = response.json()
    assert data["message"]["content"] == content and data["reply"] is not None  # offline: answered at once
    return data["reply"]["content"]


@pytest.mark.django_db(transaction=True)  # committed rows: another thread or process reads them
def test_the_chat_reviews_section_by_section_and_takes_words(statutes, staff_user, api_client):
    contract = make_contract(staff_user)
    api_client.force_authenticate(staff_user)
    assert "可用指令" in _say(api_client, contract, "帮助")

    second = contract.sections.get(number="第二条")
    reply = _say(api_client, contract, "审核当前章节", section=second)  # the section the page shows
    assert "离线模式" in reply and "第二条" in reply and "定金" in reply
    deposit = ReviewIssue.objects.get(contract=contract, rule_code="generic-deposit-over-20")
    assert deposit.section_id == second.pk and deposit.basis[0]["valid"]
    again = _say(api_client, contract, "审核当前章节")
    assert "未重复添加" in again and ReviewIssue.objects.filter(rule_code="generic-deposit-over-20").count() == 1

    reply = _say(api_client, contract, "下一章")
    assert "第三条" in reply and ReviewIssue.objects.filter(section__number="第三条",
                                                          rule_code="generic-penalty-high").exists()
    penalty = ReviewIssue.objects.get(section__number="第三条", rule_code="generic-penalty-high")
    assert penalty.severity == "medium"
    reply = _say(api_client, contract, "第三条的违约金问题改为高风险")
    assert "由中改为高" in reply
    penalty.refresh_from_db()
    assert penalty.severity == "high" and penalty.version == 2
    change = AuditEvent.objects.get(event_type="review_issue.changed", object_id=str(penalty.pk))
    assert change.actor_id == staff_user.pk  # the lawyer's own edit, not the agent's
    assert "没有" in _say(api_client, contract, "第三条的付款问题改为低风险")

    reply = _say(api_client, contract, "重新审核第四条")
    assert "第四条" in reply and ReviewIssue.objects.filter(section__number="第四条").exists()
    assert "没有找到第九十九条" in _say(api_client, contract, "重新审核第九十九条")

    status = _say(api_client, contract, "状态")
    assert "当前章节：第四条" in status and "问题：共" in status
    assert f"/api/v1/contracts/{contract.pk}/export?format=docx" in _say(api_client, contract, "导出")

    with mock.patch.object(starting, "_queue") as queue:  # no worker takes it: it stays queued
        assert "已开始自动审核" in _say(api_client, contract, "自动审核")
        assert "该合同正在自动审核中" in _say(api_client, contract, "自动审核")
    auto = ReviewRun.objects.get(contract=contract, mode="auto")
    queue.assert_called_once_with(auto.pk)
    assert "已请求取消" in _say(api_client, contract, "取消审核")
    assert ReviewRun.objects.get(contract=contract, mode="auto").status == "cancelled"

    assert "已重置" in _say(api_client, contract, "重置")
    manual = ReviewRun.objects.filter(contract=contract, mode="manual", status="running").get()
    assert manual.current_section.order == contract.sections.order_by("order").first().order

    answer = _say(api_client, contract, "定金最多能约定多少")
    assert "离线模式" in answer and ("第五百八十六条" in answer or "第586条" in answer)

    listed = api_client.get(f"/api/v1/contracts/{contract.pk}/messages").json()
    assert [m["role"] for m in listed[:2]] == ["user", "assistant"]
    assert listed[0]["content"] == "帮助" and listed[0]["command"] == "help"
    assert len(listed) == ContractMessage.objects.filter(contract=contract).count() == 30


def test_bad_messages_are_refused(staff_user, api_client):
    contract = make_contract(staff_user)
    other = make_contract(staff_user, title="另一份")
    api_client.force_authenticate(staff_user)
    url = f"/api/v1/contracts/{contract.pk}/messages"
    assert api_client.post(url, {"content": "   "}, format="json").status_code == 400
    assert api_client.post(url, {"content": "x" * 4001}, format="json").status_code == 400
    foreign = other.sections.first()
    assert api_client.post(url, {"content": "审核当前章节", "section": foreign.pk}, format="json").status_code == 400
    assert not ContractMessage.objects.exists()


def test_next_and_previous_move_the_current_section_and_the_answer_names_it(statutes, staff_user, api_client):
    """下一章 twice reviews two different sections; the page's section is sent only when the lawyer picked
    one, and each answer says where the chat now is, so the page follows."""
    contract = make_contract(staff_user)
    api_client.force_authenticate(staff_user)
    fourth = contract.sections.get(number="第四条")
    url = f"/api/v1/contracts/{contract.pk}/messages"

    picked = api_client.post(url, {"content": "审核当前章节", "section": fourth.pk}, format="json").json()
    assert picked["current_section"] == {"id": fourth.pk, "number": "第四条"}
    said = [api_client.post(url, {"content": word}, format="json").json() for word in ("下一章", "下一章", "上一章")]
    assert [s["current_section"]["number"] for s in said] == ["第五条", "第六条", "第五条"]
    assert all(s["reply"]["content"] for s in said)
    run = ReviewRun.objects.get(contract=contract, mode="manual", status="running")
    assert run.current_section.number == "第五条"
    last = api_client.post(url, {"content": "下一章"}, format="json").json()
    again = api_client.post(url, {"content": "下一章"}, format="json").json()
    assert last["current_section"]["number"] == "第六条"
    assert again["current_section"]["number"] == "第六条" and "最后" in again["reply"]["content"]


def test_each_message_has_exactly_one_reply_in_order(statutes, staff_user, api_client):
    contract = make_contract(staff_user)
    api_client.force_authenticate(staff_user)
    url = f"/api/v1/contracts/{contract.pk}/messages"
    for content in ("状态", "下一章", "帮助", "下一章"):
        api_client.post(url, {"content": content}, format="json")
    roles = list(ContractMessage.objects.filter(contract=contract).order_by("created_at", "id")
                 .values_list("role", flat=True))
    assert roles == ["user", "assistant"] * 4


def test_counts_are_recounted_from_the_database_and_add_up(statutes, staff_user, api_client):
    contract = make_contract(staff_user)
    api_client.force_authenticate(staff_user)
    run = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    review.review_run(run_id=run.pk)
    issues = list(ReviewIssue.objects.filter(contract=contract).order_by("pk"))
    base = f"/api/v1/contracts/{contract.pk}"
    assert api_client.post(f"{base}/issues/{issues[0].pk}/confirm", {}, format="json").status_code == 200
    assert api_client.post(f"{base}/issues/{issues[1].pk}/reject", {}, format="json").status_code == 200
    edited = api_client.patch(f"{base}/issues/{issues[2].pk}", {"severity": "low", "version": issues[2].version},
                              format="json")
    assert edited.status_code == 200, edited.content
    counts = api_client.get(base).json()["issue_counts"]
    assert counts["total"] == len(issues) == sum(counts["status"].values())
    assert (counts["status"]["confirmed"], counts["status"]["rejected"]) == (1, 1)
    assert counts["status"]["open"] == len(issues) - 2
    assert sum(counts["severity"].values()) == counts["total"] - counts["status"]["rejected"]
    assert counts["severity"] == {
        s: ReviewIssue.objects.filter(contract=contract, severity=s).exclude(status="rejected").count()
        for s in ("high", "medium", "low")}
