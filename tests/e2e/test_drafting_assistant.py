"""The drafting assistant in a real browser with daphne and a Celery worker (offline): on a plain
loan story with a repayment, 让助理补全 runs in the worker and its fields stream into the form
without a reload — the client's name from the lawyer's note, only the borrower as defendant (not the
bank, the law firm or the court), the court the client named, the principal net of the repayment."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from chat.models import ChatSession, Message
from drafting import services
from drafting.models import TemplateVersion
from legal.text.entities import Entities, extract_entities, merge
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

STORY = ("2023年3月15日我通过中国工商银行转账借给朋友刘伟50万元，约定年利率6%，2024年3月15日前还清。"
         "他2024年5月还了10万元，剩下的一直不还。刘伟住在上海市徐汇区漕溪北路88号。我之前咨询过上海明海律师事务所，"
         "想在上海市徐汇区人民法院起诉他。")


@pytest.fixture
def lawyer(make_user):
    return make_user("staff", username="zhou.lawyer")


@pytest.fixture
def draft(statutes, lawyer):
    state = merge(Entities(), extract_entities(STORY))
    session = ChatSession.objects.create(owner=lawyer, title="借款", state=state.to_dict())
    Message.objects.create(session=session, role=Message.Role.USER, author=lawyer, content=STORY)
    version = TemplateVersion.objects.filter(template__slug="complaint-private-loan", status="approved").order_by(
        "-number").first()
    return services.draft_create(actor=lawyer, version=version, session=session)


def test_the_assistant_streams_into_the_form(daphne_url, celery_worker, lawyer, draft, page):
    base = f"http://{daphne_url}"
    page.goto(f"{base}/drafting/{draft.pk}/")
    page.fill("#id_username", lawyer.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/drafting/{draft.pk}/")
    names = page.locator("input[name^='defendants['][name$='.name']")
    assert names.evaluate_all("els => els.map(e => e.value)") == ["刘伟"]
    expect(page.locator("input[name='court']")).to_have_value("上海市徐汇区人民法院")
    claims = page.locator("textarea[name^='claims['], input[name^='claims[']").evaluate_all(
        "els => els.map(e => e.value)")
    assert claims[0].startswith("判令被告偿还借款本金400,000.00元") and "利息" in claims[1]

    page.fill("#assist-message", "我叫陈静，身份证号110105199001011234")
    page.click("#assist-button")
    expect(page.locator("#assist-status")).to_have_attribute("data-state", "done", timeout=60_000)
    expect(page.locator("#assist-filled")).to_contain_text("原告")
    expect(page.locator("input[name='plaintiffs[0].name']")).to_have_value("陈静")
    assert page.locator("input[name^='defendants['][name$='.name']").count() == 1
