"""The 文书起草 page through the Django test client: the chat's document_drafting answer hands over
(a link), the suggested template, a draft pre-filled from the session, the live preview marking
invalid and missing fields, generate, download, version history, walls."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from chat import services as chat_services
from drafting import render
from drafting.models import Draft
from tracing.models import AuditEvent


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _new_draft(client, session, slug="complaint-private-loan"):
    page = client.get(f"/drafting/?session={session.pk}")
    template_id = re.search(rf'name="template" value="(\d+)">\s*<input type="hidden" name="session" '
                            rf'value="{session.pk}">(?:\s*<input[^>]*>)?\s*<button type="submit" class="primary" '
                            rf'data-template="{slug}"', page.content.decode())
    assert template_id, "the loan complaint is suggested for the session"
    response = client.post("/drafting/new/", {"template": template_id.group(1), "session": session.pk})
    assert response.status_code == 302
    return Draft.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))


@pytest.mark.django_db
def test_the_chat_hands_a_drafting_question_over_with_a_link(statutes, staff_user):
    session = chat_services.session_create(actor=staff_user)
    _, answer = chat_services.turn_create(actor=staff_user, session=session,
                                          content="帮我写一份民事起诉状，被告张三借我5万元不还")
    answer = chat_services.turn_run(answer_id=answer.pk)
    assert answer.intent["route"]["intent"] == "document_drafting"
    assert answer.content.endswith(f"(/drafting/?session={session.pk})")
    # a legal question that is not about drafting gets no link
    _, other = chat_services.turn_create(actor=staff_user, session=session, content="借款的诉讼时效是多久？")
    assert "/drafting/" not in chat_services.turn_run(answer_id=other.pk).content


@pytest.mark.django_db
def test_handover_suggests_the_template_and_prefills_the_draft(loan_session, staff_user):
    client = browser(staff_user)
    draft = _new_draft(client, loan_session)
    assert draft.chat_session == loan_session
    assert draft.fields["principal"] == "50000.00"
    assert draft.fields["defendants"][0]["name"] == "张三"
    assert draft.fields["plaintiffs"][0]["id_number"] == "11010519491231002X"
    assert draft.notes["offline"] is True
    page = client.get(draft.get_absolute_url()).content.decode()
    assert "离线模式" in page and "预填" in page
    assert 'value="张三"' in page
    assert "民间借贷纠纷" in page  # the preview is rendered on the server
    assert "缺少必填" in page and "受诉人民法院" in page
    events = AuditEvent.objects.filter(event_type="drafting.draft_created", object_id=str(draft.pk))
    assert events.count() == 1


@pytest.mark.django_db
def test_preview_marks_invalid_and_missing_fields_and_escapes_values(loan_session, staff_user):
    client = browser(staff_user)
    draft = _new_draft(client, loan_session)
    response = client.post(f"/drafting/{draft.pk}/preview", {
        "plaintiffs[0].name": "王小明", "plaintiffs[0].id_number": "110105194912310021",
        "defendants[0].name": "<b>张三</b>", "principal": "50000", "loan_date": "2024-01-10",
        "claims[0].text": "判令被告还款", "court": "",
    })
    data = response.json()
    assert data["errors"] == {"plaintiffs[0].id_number": "身份证号校验位错误（GB 11643）"}
    assert "court" in data["missing"] and "sign_date" in data["missing"]
    assert "&lt;b&gt;张三&lt;/b&gt;" in data["html"] and "<b>张三</b>" not in data["html"]
    assert "50,000.00元（人民币伍万元整）" in data["html"]
    assert Draft.objects.get(pk=draft.pk).fields["plaintiffs"][0]["name"] == "王小明"  # nothing saved


@pytest.mark.django_db
def test_generate_download_and_version_history(loan_session, staff_user):
    client = browser(staff_user)
    draft = _new_draft(client, loan_session)
    form = {"plaintiffs[0].name": "王小明", "plaintiffs[0].kind": "自然人", "defendants[0].name": "张三",
            "claims[0].text": "判令被告偿还借款本金50,000元", "claims[1].text": "判令被告承担诉讼费用",
            "principal": "50000", "loan_date": "2024-01-10", "court": "北京市朝阳区人民法院",
            "sign_date": "2025-03-01", "mediation": "愿意"}
    missing = client.post(f"/drafting/{draft.pk}/render", dict(form, court=""))
    assert missing.status_code == 400 and "缺少必填" in missing.content.decode()
    assert not draft.versions.exists()
    response = client.post(f"/drafting/{draft.pk}/render", form)
    assert response.status_code == 302 and response["Location"] == f"{draft.get_absolute_url()}?generated=1"
    again = client.post(f"/drafting/{draft.pk}/render", form)
    page = client.get(again["Location"]).content.decode()
    assert "第 2 版" in page and "第 1 版" in page
    assert page.count('data-auto-download="1"') == 1  # the page downloads the version just generated
    assert f'href="/drafting/{draft.pk}/download/2" class="download" download data-auto-download="1"' in page
    download = client.get(f"/drafting/{draft.pk}/download/1")
    assert download.status_code == 200
    text = render.document_text(download.content)
    assert "北京市朝阳区人民法院" in text and "2025年3月1日" in text
    assert AuditEvent.objects.filter(event_type="drafting.draft_downloaded", object_id=str(draft.pk)).count() == 1


@pytest.mark.django_db
def test_pages_are_walled(loan_session, staff_user, make_user, compliance_user):
    draft = _new_draft(browser(staff_user), loan_session)
    other = browser(make_user("staff"))
    for url in (draft.get_absolute_url(), f"/drafting/{draft.pk}/download/1", f"/drafting/?session={loan_session.pk}"):
        assert other.get(url).status_code == 404, url
    assert other.post(f"/drafting/{draft.pk}/preview", {}).status_code == 404
    assert browser(compliance_user).get("/drafting/").status_code == 403


@pytest.mark.django_db
def test_the_nav_entry_is_active(staff_user):
    page = browser(staff_user).get("/drafting/").content.decode()
    assert re.search(r'<a href="/drafting/"[^>]*>文书起草</a>', page)
    assert "民事起诉状（民间借贷纠纷）" in page and "劳动合同" in page
    dashboard = browser(staff_user).get("/").content.decode()
    assert re.search(r'<a class="tile" href="/drafting/">\s*<strong>文书起草</strong>', dashboard)
