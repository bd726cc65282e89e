"""The 法律咨询 pages: who may see them, what they show, and that answers render inert."""

from __future__ import annotations

import pytest
from django.urls import reverse

from chat import services, views
from chat.models import ChatSession, Message
from firm.services import matter_create

pytestmark = pytest.mark.django_db

LAW = "中华人民共和国劳动合同法"
QUESTION = "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？"
STATE = {
    "persons": [], "organizations": ["某科技公司"], "locations": ["上海"], "dates": [],
    "amounts": [{"text": "8000", "value": 8000, "kind": "monthly_wage"}],
    "durations": [{"text": "3年", "months": 36, "days": None, "kind": "service", "approximate": False}],
}
INTENT = {"domain": "labor", "domain_label": "劳动纠纷", "intent": "calculation", "confidence": 0.9926,
          "layer": "rule", "reason": "规则判定：劳动纠纷/calculation，置信度 0.99 ≥ 0.85",
          "runner_up": {"domain": "labor", "intent": "case_analysis", "score": 0.0067}, "offline": True}
ANSWER = ("【离线模式】未使用大语言模型。\n\n### 一、相关法律规定\n\n"
          "1. 《中华人民共和国劳动合同法》第八十七条：违法解除的，按第四十七条标准的二倍支付赔偿金。\n")


@pytest.fixture
def people(make_user):
    return {"lawyer": make_user("staff"), "colleague": make_user("staff"), "outsider": make_user("staff"),
            "auditor": make_user("compliance"), "admin": make_user("admin")}


@pytest.fixture
def matter(people):
    return matter_create(actor=people["lawyer"], number="2026-劳-007", title="张某劳动争议", client="张某",
                         members=[people["colleague"]])


def _answered(session: ChatSession, *, content: str = ANSWER, question: str = QUESTION) -> Message:
    _question, answer = services.turn_create(actor=session.owner, session=session, content=question)
    Message.objects.filter(pk=answer.pk).update(
        status=Message.Status.COMPLETE, content=content, intent=INTENT, disclaimer=services.DISCLAIMER,
        notices=["离线模式：未配置大语言模型，由离线引擎按规则处理。"],
        sources=[{"kind": "statute", "law": LAW, "article": "第八十七条", "article_id": None, "score": 0.93,
                  "text": "用人单位违反本法规定解除或者终止劳动合同的……", "tool": "search_legal_knowledge"}],
        citations=[{"law": LAW, "article": "第八十七条", "valid": True, "reason": "条文存在且现行有效"},
                   {"law": LAW, "article": "第九百条", "valid": False, "reason": "该法没有第九百条"}],
    )
    ChatSession.objects.filter(pk=session.pk).update(state=STATE)
    answer.refresh_from_db()
    return answer


@pytest.fixture
def session(people, matter):
    session = services.session_create(actor=people["lawyer"], title="辞退赔偿咨询", matter=matter)
    _answered(session)
    return session


def _get(client, user, url, **params):
    client.force_login(user)
    return client.get(url, params)


def test_session_list_opens_on_the_ask_box_and_shows_the_users_sessions(client, people, session):
    services.session_create(actor=people["outsider"], title="别人的会话")
    html = _get(client, people["lawyer"], reverse("chat:index")).content.decode()
    assert "<h1>法律咨询</h1>" in html and "所属案件（可选）" in html
    assert 'id="ask-input" name="content"' in html and ">提问</button>" in html
    assert "辞退赔偿咨询" in html and "2026-劳-007" in html and "删除" in html
    assert "别人的会话" not in html
    assert f'href="{reverse("chat:index")}"' in html  # the main navigation links to the page


def test_new_session_can_be_attached_to_a_matter_the_user_is_on(client, people, matter):
    client.force_login(people["colleague"])
    response = client.post(reverse("chat:create"), {"title": "加班费", "matter": matter.pk})
    created = ChatSession.objects.get(title="加班费")
    assert response.status_code == 302 and response["Location"] == created.get_absolute_url()
    assert created.owner == people["colleague"] and created.matter == matter

    client.force_login(people["outsider"])
    assert client.post(reverse("chat:create"), {"title": "越权", "matter": matter.pk}).status_code == 404
    assert not ChatSession.objects.filter(title="越权").exists()


def test_asking_on_the_list_page_creates_the_session_with_its_first_turn(client, people, matter,
                                                                          django_capture_on_commit_callbacks):
    client.force_login(people["colleague"])
    with django_capture_on_commit_callbacks(execute=False):
        response = client.post(reverse("chat:create"), {"content": "  试用期被辞退有补偿吗？ ", "matter": matter.pk})
    created = ChatSession.objects.get(owner=people["colleague"])
    assert response.status_code == 302 and response["Location"] == created.get_absolute_url()
    assert created.matter == matter and created.title == "试用期被辞退有补偿吗？"
    roles = list(created.messages.order_by("id").values_list("role", "status"))
    assert roles == [(Message.Role.USER, Message.Status.COMPLETE), (Message.Role.ASSISTANT, Message.Status.PENDING)]


def test_a_refused_first_question_leaves_no_empty_session(client, people):
    client.force_login(people["colleague"])
    response = client.post(reverse("chat:create"), {"content": "问题\x00带空字符"})
    assert response.status_code == 400 and "空字符" in response.content.decode()
    assert not ChatSession.objects.filter(owner=people["colleague"]).exists()


def test_session_page_shows_conversation_analysis_and_controls(client, people, session):
    response = _get(client, people["lawyer"], session.get_absolute_url())
    assert response.status_code == 200
    html = response.content.decode()
    for text in ("咨询会话", "新建咨询", "辞退赔偿咨询", "评价此回答", "提交评价", "发送",
                 "分析面板", "执行时间线", "状态记忆", "路由决策", "工具调用", "来源", "引用核验",
                 "劳动纠纷", "计算", "规则", "离线模式", services.DISCLAIMER):
        assert text in html, text
    assert "<h3>一、相关法律规定</h3>" in html  # the answer's Markdown, rendered
    assert 'title="条文存在且现行有效"' in html and "✓" in html
    assert 'title="该法没有第九百条"' in html and "✗" in html
    assert "8000 元" in html and "某科技公司" in html and "上海" in html and "3年" in html
    assert 'aria-valuenow="99"' in html  # the confidence bar
    assert 'aria-live="polite"' in html and '<label for="question"' in html
    for kind, content_type in (("json", "application/json"), ("md", "text/markdown"),
                               ("docx", "application/vnd.openxmlformats")):
        url = views.export_url(session.pk, kind)
        assert f'href="{url}"' in html
        exported = client.get(url)
        assert exported.status_code == 200 and exported["Content-Type"].startswith(content_type), kind
        assert exported["Content-Disposition"].startswith("attachment")
    # A log older than a day is gone: the timeline falls back to the saved steps.
    assert "耗时记录已过期" in html and "法条检索" in html


def test_team_member_sees_the_session_but_only_the_owner_may_delete_it(client, people, session):
    assert _get(client, people["colleague"], session.get_absolute_url()).status_code == 200
    assert client.post(reverse("chat:delete", args=[session.pk])).status_code == 403
    client.force_login(people["lawyer"])
    response = client.post(reverse("chat:delete", args=[session.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("chat:index")
    assert not ChatSession.objects.filter(pk=session.pk).exists()


def test_staff_not_on_the_matter_get_404_everywhere(client, people, session):
    answer = session.messages.get(role=Message.Role.ASSISTANT)
    client.force_login(people["outsider"])
    for url in (session.get_absolute_url(), reverse("chat:message", args=[session.pk, answer.pk]),
                reverse("chat:analysis", args=[session.pk, answer.pk])):
        assert client.get(url).status_code == 404, url
    assert client.post(reverse("chat:delete", args=[session.pk])).status_code == 404
    assert client.post(session.get_absolute_url(), {"content": "越权提问"}).status_code == 404
    assert ChatSession.objects.filter(pk=session.pk).exists()
    assert "辞退赔偿咨询" not in client.get(reverse("chat:index")).content.decode()


def test_compliance_users_get_no_chat_pages(client, people, session):
    client.force_login(people["auditor"])
    assert client.get(reverse("chat:index")).status_code == 403
    assert client.get(session.get_absolute_url()).status_code == 403
    assert client.post(reverse("chat:create"), {"title": "审计"}).status_code == 403
    assert not ChatSession.objects.filter(owner=people["auditor"]).exists()


def test_pages_require_login(client, session):
    response = client.get(session.get_absolute_url())
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_markdown_in_messages_renders_inert(client, people):
    session = services.session_create(actor=people["lawyer"])
    evil = '<script>alert("x")</script>\n\n[点我](javascript:alert(1)) <img src=x onerror=alert(2)>'
    answer = _answered(session, content=evil, question=evil)
    client.force_login(people["lawyer"])
    for url in (session.get_absolute_url(), reverse("chat:message", args=[session.pk, answer.pk]) + "?turn=1"):
        html = client.get(url).content.decode()
        assert '<script>alert("x")' not in html and "<img src=x" not in html
        assert 'href="javascript:' not in html
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html


def test_message_fragment_renders_one_message_or_the_whole_turn(client, people, session):
    answer = session.messages.get(role=Message.Role.ASSISTANT)
    client.force_login(people["lawyer"])
    html = client.get(reverse("chat:message", args=[session.pk, answer.pk])).content.decode()
    assert html.count("<article") == 1 and f'data-message-id="{answer.pk}"' in html and 'data-status="complete"' in html
    assert "<html" not in html
    html = client.get(reverse("chat:message", args=[session.pk, answer.pk]), {"turn": 1}).content.decode()
    assert html.count("<article") == 2 and QUESTION in html


def test_question_without_javascript_queues_a_turn(client, people):
    session = services.session_create(actor=people["lawyer"])
    client.force_login(people["lawyer"])
    response = client.post(session.get_absolute_url(), {"content": "  试用期被辞退有补偿吗？ "})
    assert response.status_code == 302
    answer = session.messages.get(role=Message.Role.ASSISTANT)
    assert answer.status == Message.Status.PENDING and answer.reply_to.content == "试用期被辞退有补偿吗？"
    html = client.get(session.get_absolute_url()).content.decode()
    assert 'data-status="pending"' in html and "排队中" in html and "disabled" in html
    assert client.post(session.get_absolute_url(), {"content": "再问一个"}).status_code == 302
    assert "上一个问题仍在回答中" in client.get(session.get_absolute_url()).content.decode()


def _events(turn_id: str) -> list[dict]:
    base = {"trace_id": "t", "turn_id": turn_id}
    at = "2026-03-01T10:00:00.{:03d}+08:00".format
    return [dict(base, **e) for e in [
        {"type": "status", "phase": "intent", "text": "识别问题领域与意图", "ts": at(0)},
        {"type": "intent", "domain": "labor", "intent": "calculation", "confidence": 0.99, "layer": "rule",
         "entities": STATE, "domain_label": "劳动纠纷", "runner_up": INTENT["runner_up"], "reason": "规则判定",
         "ts": at(10)},
        {"type": "routing", "agents": ["legal_research", "legal_advisor"], "reason": "检索并计算", "ts": at(12)},
        {"type": "status", "phase": "planning", "text": "计划", "ts": at(15)},
        {"type": "tool_call", "call_id": "c1", "agent": "legal_research", "tool": "search_legal_knowledge",
         "input": {"query": "辞退 赔偿"}, "ts": at(100)},
        {"type": "tool_result", "call_id": "c1", "ok": True, "summary": "5 条", "duration_ms": 55.3,
         "output": '{"content": "[1] 第八十七条"}', "agent": "legal_research", "tool": "search_legal_knowledge",
         "ts": at(156)},
        {"type": "tool_call", "call_id": "c2", "agent": "legal_research", "tool": "calculate_severance",
         "input": {"monthly_wage": 8000}, "ts": at(160)},
        {"type": "tool_result", "call_id": "c2", "ok": False, "summary": "失败", "duration_ms": 2.1, "output": None,
         "agent": "legal_research", "tool": "calculate_severance", "ts": at(163)},
        {"type": "token", "delta": "【离线模式】", "ts": at(200)},
        {"type": "token", "delta": "……", "ts": at(240)},
        {"type": "status", "phase": "critic", "text": "核验", "ts": at(250)},
        {"type": "critic", "round": 1, "acceptable": True, "feedback": "通过", "ts": at(290)},
        {"type": "final", "message_id": 1, "content": "", "sources": [], "citations": [], "disclaimer": "",
         "ts": at(400)},
    ]]


def test_timeline_is_built_from_the_turns_events():
    picture = views.timeline(_events("x"))
    rows = {row["label"]: row for row in picture["rows"]}
    assert [row["kind"] for row in picture["rows"]] == ["intent", "routing", "tool", "tool", "critic", "answer",
                                                        "final"]
    assert rows["意图识别"]["duration_text"] == "10 ms" and rows["意图识别"]["detail"] == "劳动纠纷 · 规则"
    assert rows["法条检索"]["duration_text"] == "55 ms" and rows["法条检索"]["left"] == 25.0
    assert rows["经济补偿计算"]["ok"] is False
    assert rows["审核"]["detail"] == "第 1 轮 · 通过" and rows["生成回答"]["detail"] == "2 段"
    assert picture["total_text"] == "400 ms" and picture["ticks"][-1]["text"] == "400 ms"
    assert all(0 <= row["left"] and row["left"] + row["width"] <= 100.01 for row in picture["rows"])


def test_analysis_panel_uses_the_event_log_while_it_lasts(client, people, session):
    answer = session.messages.get(role=Message.Role.ASSISTANT)
    log = services.turn_log(answer.turn_id)
    log.clear()
    try:
        for event in _events(str(answer.turn_id)):
            log.append(event)
        client.force_login(people["lawyer"])
        html = client.get(reverse("chat:analysis", args=[session.pk, answer.pk])).content.decode()
    finally:
        log.clear()
    assert html.startswith('<aside class="chat-analysis"')
    for kind in ("intent", "routing", "tool", "critic", "answer", "final"):
        assert f'data-kind="{kind}"' in html, kind
    assert "法条检索" in html and "经济补偿计算" in html and "（失败）" in html and "55 ms" in html
    assert "法律检索 → 法律顾问" in html and "共 400 ms" in html
    assert "耗时记录已过期" not in html


def test_entity_groups_label_every_kind():
    groups = {g["label"]: g["items"] for g in views.entity_groups(STATE)}
    assert list(groups) == ["人物", "机构", "金额", "日期", "期间", "地点"]
    assert groups["金额"] == [{"text": "8000 元", "hint": "月薪（原文：8000）"}]
    assert groups["期间"] == [{"text": "3年", "hint": "工作年限，36 个月"}]
    assert groups["人物"] == []
