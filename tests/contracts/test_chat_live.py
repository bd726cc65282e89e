"""The contract chat and the page's live state (issue #21): one reply per message, in order, on every
open page; 下一章 / 上一章 / 第X条 / 回到第X条 move the chat's current section and every page is told
where it is; every issue counter is recounted from the database after each change."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from rest_framework.test import APIClient

from contracts.models import ContractMessage, ReviewIssue, ReviewRun
from contracts.services import review
from contracts.services.chat import command_parse
from legalsite.asgi import application
from tests.contracts.review_support import make_contract

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 20  # seconds an expected event may take


@pytest.mark.parametrize("text, name, label", [
    ("第五条", "goto", "第五条"), ("回到第三条", "goto", "第三条"), ("返回第3条。", "goto", "第3条"),
    ("跳到附件一", "goto", "附件一"), ("查看第二条", "goto", "第二条"), ("重新审核第五条", "rereview", "第五条"),
    ("审核第五条", "rereview", "第五条"), ("下一章", "next", ""), ("上一条", "prev", ""),
    ("第五条的违约金问题改为低风险", "severity", "第五条"), ("第五条是什么意思", "ask", ""), ("5", "ask", ""),
])
def test_section_words_are_parsed(text, name, label):
    command = command_parse(text)
    assert (command.name, command.label) == (name, label)


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _say(client, contract, content, section=None) -> dict:
    body = {"content": content} | ({"section": section.pk} if section is not None else {})
    response = client.post(f"/api/v1/contracts/{contract.pk}/messages", body, format="json")
    assert response.status_code == 202, response.content
    return response.json()


def test_next_prev_and_goto_move_the_chat_and_say_where_it_is(statutes, staff_user):
    contract = make_contract(staff_user)
    client = _client(staff_user)
    number = {s.number: s for s in contract.sections.all()}

    data = _say(client, contract, "审核当前章节", section=number["第五条"])  # the lawyer picked 第五条 on the page
    assert data["cursor"] == {"id": number["第五条"].pk, "order": number["第五条"].order, "number": "第五条"}
    # the page follows the cursor and sends no section of its own with the next words
    data = _say(client, contract, "下一章")
    assert data["cursor"]["number"] == "第六条" and "第六条" in data["reply"]["content"]
    data = _say(client, contract, "下一章")
    assert data["reply"]["content"] == "已经是最后一个章节。" and data["cursor"]["number"] == "第六条"
    data = _say(client, contract, "上一章")
    assert data["cursor"]["number"] == "第五条" and "第五条" in data["reply"]["content"]
    data = _say(client, contract, "回到第三条")
    assert data["cursor"]["number"] == "第三条" and "第三条" in data["reply"]["content"]
    data = _say(client, contract, "第二条")
    assert data["cursor"]["number"] == "第二条" and "定金" in data["reply"]["content"]
    data = _say(client, contract, "第九十九条")
    assert data["reply"]["content"] == "没有找到第九十九条。" and data["cursor"]["number"] == "第二条"
    data = _say(client, contract, "下一章")
    assert data["cursor"]["number"] == "第三条"

    # read back from the database, not from the request
    assert ReviewRun.objects.get(contract=contract, mode="manual", status="running").current_section == number["第三条"]
    assert "当前章节：第三条" in _say(client, contract, "状态")["reply"]["content"]
    page = Client()
    page.force_login(staff_user)
    html = page.get(f"/contracts/{contract.pk}/").content.decode()
    assert '<span id="current-section">第三条</span>' in html
    assert f'"cursor": {{"id": {number["第三条"].pk}' in html
    # one reply per message, each after its message
    roles = list(ContractMessage.objects.filter(contract=contract).order_by("pk").values_list("role", flat=True))
    assert roles == ["user", "assistant"] * 9


def _cookie(user) -> list[tuple[bytes, bytes]]:
    client = Client()
    client.force_login(user)
    return [(b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()), (b"origin", b"http://localhost")]


async def _open(contract, headers) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(application, f"/ws/contracts/{contract.pk}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    return socket


async def _until(socket, predicate) -> list[dict]:
    seen = []
    async with asyncio.timeout(WAIT):
        while True:
            event = await socket.receive_json_from(timeout=WAIT)
            seen.append(event)
            if predicate(event):
                return seen


def _reply(event: dict) -> bool:
    return event.get("type") == "message" and event["message"]["role"] == "assistant"


def test_every_open_page_gets_each_message_once_in_order_and_follows_the_cursor(statutes, staff_user):
    contract = make_contract(staff_user)
    client = _client(staff_user)
    headers = _cookie(staff_user)
    sections = {s.number: s.pk for s in contract.sections.all()}

    async def scenario():
        pages = [await _open(contract, headers), await _open(contract, headers)]
        for page in pages:  # asked on (re)connect: the counters and where the chat is
            await page.send_json_to({"type": "sync"})
            first = await _until(page, lambda e: e.get("type") == "cursor")
            assert [e["type"] for e in first] == ["counts", "cursor"]
        posted, seen = [], [[], []]
        for words in ("下一章", "下一章", "帮助", "上一章"):
            posted.append(await sync_to_async(client.post)(
                f"/api/v1/contracts/{contract.pk}/messages", {"content": words}, format="json"))
            for page, events in zip(pages, seen, strict=True):
                events += await _until(page, _reply)
        for page in pages:
            await page.disconnect()
        return [r.json() for r in posted], seen

    answers, seen = asyncio.run(scenario())
    expected = []
    for answer in answers:
        expected += [("user", answer["message"]["id"], None), ("assistant", answer["reply"]["id"],
                                                                answer["message"]["id"])]
    for events in seen:
        messages = [(e["message"]["role"], e["message"]["id"], e["reply_to"]) for e in events if e["type"] == "message"]
        assert messages == expected  # each message once, the reply after the message it answers
        moves = [e["section"]["id"] for e in events if e["type"] == "cursor"]
        walked = [section for i, section in enumerate(moves) if i == 0 or moves[i - 1] != section]
        assert walked == [sections["第一条"], sections["第二条"], sections["第一条"]]  # 下一章, 下一章, 上一章
        final = Counter(e["content"] for e in events if e["type"] == "final")
        assert all(n == 1 for n in final.values())
    assert ContractMessage.objects.filter(contract=contract).count() == 8


def _expected(contract) -> dict:
    rows = list(ReviewIssue.objects.filter(contract=contract).values_list("status", "severity"))
    return {"total": len(rows), "open": sum(1 for status, _ in rows if status == "open"),
            "open_severity": {sev: sum(1 for status, s in rows if status == "open" and s == sev)
                              for sev in ("high", "medium", "low")},
            "status": {st: sum(1 for status, _ in rows if status == st)
                       for st in ("open", "confirmed", "rejected", "resolved")}}


def _counted(event: dict) -> dict:
    return {key: event[key] for key in ("total", "open", "open_severity", "status")}


def test_every_change_recounts_from_the_database_on_every_page(statutes, staff_user):
    contract = make_contract(staff_user)
    first_run = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    review.review_run(run_id=first_run.pk)
    issues = list(ReviewIssue.objects.filter(contract=contract, section__isnull=False).order_by("pk"))
    assert len(issues) >= 3
    confirm, reject, edit = issues[:3]
    url = f"/api/v1/contracts/{contract.pk}/issues"
    client = _client(staff_user)
    headers = _cookie(staff_user)
    third = contract.sections.get(number="第三条")
    changes = [
        ("confirm", lambda: client.post(f"{url}/{confirm.pk}/confirm", {"version": confirm.version}, format="json")),
        ("reject", lambda: client.post(f"{url}/{reject.pk}/reject", {"version": reject.version}, format="json")),
        ("edit", lambda: client.patch(f"{url}/{edit.pk}", {"version": edit.version, "severity": "low"},
                                      format="json")),
        ("add", lambda: client.post(url, {"section": third.pk, "quote": "百分之五十", "category": "违约责任",
                                          "severity": "high", "description": "律师意见：违约金过高"}, format="json")),
        ("delete", lambda: client.delete(f"{url}/{edit.pk}")),
        ("review", lambda: review.review_run(run_id=review.review_start(
            actor=staff_user, contract=contract, mode="auto", queue=False).pk)),
    ]

    async def scenario():
        pages = [await _open(contract, headers), await _open(contract, headers)]
        for page in pages:
            await page.send_json_to({"type": "sync"})
        on_connect = [(await _until(page, lambda e: e.get("type") == "counts"))[-1] for page in pages]
        counted = []
        for name, change in changes:
            result = await database_sync_to_async(change, thread_sensitive=False)()
            expected = await database_sync_to_async(_expected)(contract)
            got = [(await _until(page, lambda e: e.get("type") == "counts"))[-1] for page in pages]
            counted.append((name, result, expected, got))
        for page in pages:
            await page.disconnect()
        return on_connect, counted

    before = _expected(contract)
    on_connect, counted = asyncio.run(scenario())
    assert [_counted(e) for e in on_connect] == [before, before]
    for name, result, expected, got in counted:
        if name != "review":
            assert result.status_code in (200, 201, 204), (name, result.content)
        assert [_counted(e) for e in got] == [expected, expected], name
        assert sum(got[0]["open_severity"].values()) == got[0]["open"], name  # 高 + 中 + 低 = 待处理
    by_name = {name: expected for name, _, expected, _ in counted}
    assert by_name["confirm"]["open"] == before["open"] - 1 and by_name["confirm"]["status"]["confirmed"] == 1
    assert by_name["reject"]["status"]["rejected"] == 1 and by_name["add"]["total"] == by_name["edit"]["total"] + 1
    assert by_name["delete"]["total"] == by_name["add"]["total"] - 1
    assert by_name["review"]["total"] == by_name["delete"]["total"] + 1  # the new run raises the deleted one again
    sections = counted[-1][3][0]["sections"]
    assert sections[str(third.pk)]["total"] == ReviewIssue.objects.filter(section=third).exclude(
        status="rejected").count()


# -- the lawyer's own issue from the chat ------------------------------------------------------------------


@pytest.mark.parametrize("text, label, severity, words", [
    ("新增问题：违约金过高，建议降至20%", "", "medium", "违约金过高，建议降至20%"),
    ("第三条新增高风险问题：违约金过高", "第三条", "high", "违约金过高"),
    ("在第3条添加问题（低）：付款期限过长", "第3条", "low", "付款期限过长"),
    ("添加问题: 交货地点不明", "", "medium", "交货地点不明"),
])
def test_add_issue_words_are_parsed(text, label, severity, words):
    command = command_parse(text)
    assert (command.name, command.label, command.severity, command.text) == ("add", label, severity, words)


@pytest.mark.parametrize("text", ["新增问题", "第三条有什么问题", "这个问题：怎么改"])
def test_other_words_are_not_an_added_issue(text):
    assert command_parse(text).name != "add"


def test_a_lawyer_adds_an_issue_from_the_chat_and_every_page_recounts(statutes, staff_user):
    from tracing.models import AuditEvent

    staff_user.first_name, staff_user.last_name = "明", "李"
    staff_user.save(update_fields=["first_name", "last_name"])
    contract = make_contract(staff_user)
    client = _client(staff_user)
    headers = _cookie(staff_user)
    third = contract.sections.get(number="第三条")

    # no current section yet: the chat says how to name one, nothing is added
    data = _say(client, contract, "新增问题：违约金过高")
    assert "第五条新增问题" in data["reply"]["content"]
    assert not ReviewIssue.objects.filter(contract=contract).exists()

    _say(client, contract, "回到第三条")  # the chat moves there (and the reviewer reads it)
    before = _expected(contract)

    async def scenario():
        page = await _open(contract, headers)
        await page.send_json_to({"type": "sync"})
        await _until(page, lambda e: e.get("type") == "cursor")
        answer = await sync_to_async(client.post)(f"/api/v1/contracts/{contract.pk}/messages",
                                                  {"content": "新增问题：违约金过高，建议降至20%"}, format="json")
        seen = await _until(page, lambda e: e.get("type") == "counts")
        seen += await _until(page, _reply)
        expected = await database_sync_to_async(_expected)(contract)
        await page.disconnect()
        return answer.json(), seen, expected

    answer, seen, expected = asyncio.run(scenario())
    issue = ReviewIssue.objects.get(contract=contract, author="user")
    assert issue.section == third and issue.severity == "medium" and issue.category == "违约金过高"
    assert issue.description == "违约金过高，建议降至20%" and issue.suggestion == ""
    assert "违约金" in issue.quote and third.text[issue.start:issue.end] == issue.quote  # the sentence about it
    assert issue.created_by == staff_user and issue.author_name == "李明"
    assert AuditEvent.objects.filter(event_type="review_issue.created", actor=staff_user,
                                     object_id=str(issue.pk)).count() == 1
    assert f"#{issue.pk}" in answer["reply"]["content"] and "第三条" in answer["reply"]["content"]
    # every open page: the issue itself, then the counters recounted from the database
    added = [e for e in seen if e.get("type") == "issue"]
    assert [(e["action"], e["issue"]["id"], e["issue"]["author"]) for e in added] == [("created", issue.pk, "user")]
    counts = [e for e in seen if e.get("type") == "counts"][-1]
    assert _counted(counts) == expected and expected["total"] == before["total"] + 1
    assert counts["sections"][str(third.pk)]["total"] == ReviewIssue.objects.filter(section=third).count()

    # a named section, a severity and the wording to put in place of the quote
    data = _say(client, contract, "第二条新增高风险问题：定金比例过高，改为：定金为合同总价款的百分之二十。")
    added = ReviewIssue.objects.filter(contract=contract, author="user").exclude(pk=issue.pk).get()
    assert added.section.number == "第二条" and added.severity == "high" and added.suggestion.startswith("定金为")
    assert "定金" in added.quote and f"#{added.pk}" in data["reply"]["content"]
    assert "没有找到第九十九条" in _say(client, contract, "第九十九条新增问题：不存在")["reply"]["content"]
