"""The portal as a lawyer meets it, in a real browser with daphne and a Celery worker: the home page's
ask box starts a consultation that answers live; the home page then lists it as recent work; 法律咨询
opens straight onto a question box."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import PASSWORD
from tests.e2e.test_chat_page import TURN_TIMEOUT, corpus, lawyer  # noqa: F401 - fixtures

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

QUESTION = "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？"


def test_ask_from_home_then_see_it_as_recent_work(daphne_url, celery_worker, corpus, lawyer, page):  # noqa: F811
    base = f"http://{daphne_url}"
    page.goto(f"{base}/")
    page.fill("#id_username", lawyer.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/")
    expect(page.locator("#recent-sessions")).to_contain_text("还没有咨询")
    assert "暂无案件" not in page.content() and "通知通道已连接" not in page.content()

    page.fill("#home-ask-input", QUESTION)
    page.click(".home-ask button[type=submit]")
    page.wait_for_url(re.compile(r"/chat/\d+/$"))
    expect(page.locator("#chat-log article.user")).to_contain_text(QUESTION)
    answer = page.locator("#chat-log article.assistant[data-status=complete]")
    expect(answer).to_have_count(1, timeout=TURN_TIMEOUT)
    assert "48000" in answer.inner_text().replace(",", "")

    page.goto(f"{base}/")
    expect(page.locator("#recent-sessions li")).to_have_count(1)
    expect(page.locator("#recent-sessions li a")).to_contain_text("公司无故辞退我")

    page.goto(f"{base}/chat/")
    box = page.locator("#ask-input")
    expect(box).to_be_visible()
    expect(box).to_be_focused()
