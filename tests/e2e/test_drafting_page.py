"""文书起草 in a real browser against a real daphne and Celery worker (offline engine): a chat about
an unpaid loan hands over (the link in the answer), the suggested template opens a draft pre-filled
from the chat, the live preview marks an invalid 身份证号 and the missing fields, the lawyer
completes the form, generates and downloads the .docx."""

from __future__ import annotations

import io
import re
import time

import pytest
from docx import Document
from playwright.sync_api import expect

from drafting import render
from tests.conftest import PASSWORD
from tests.e2e.test_chat_page import SHOTS, TURN_TIMEOUT, corpus, lawyer  # noqa: F401 - fixtures

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

QUESTION = "帮我写一份民事起诉状，被告张三借我5万元不还"


def _previewed(page) -> int:
    return int(page.locator("#draft-form").get_attribute("data-previewed") or 0)


def _wait_preview(page, before: int, timeout: float = 15.0) -> None:
    """Poll from the test: ``page.wait_for_function`` evaluates a string inside the page, which the
    site's Content-Security-Policy forbids."""
    deadline = time.monotonic() + timeout
    while _previewed(page) <= before:
        assert time.monotonic() < deadline, "the preview was not refreshed"
        page.wait_for_timeout(50)


def test_from_a_loan_chat_to_a_downloaded_complaint(daphne_url, celery_worker, corpus, lawyer, page):  # noqa: F811
    base = f"http://{daphne_url}"
    page.goto(f"{base}/chat/")
    page.fill("#id_username", lawyer.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/chat/")
    page.click("#new-blank")
    page.wait_for_url(re.compile(r"/chat/\d+/$"))
    page.wait_for_selector("#ws-state[data-state=open]")
    page.fill("#question", QUESTION)
    page.press("#question", "Enter")

    # the answer hands over: a link to 文书起草 for this session
    handover = page.locator("#chat-log article.assistant[data-status=complete] a[href^='/drafting/?session=']")
    expect(handover).to_be_visible(timeout=TURN_TIMEOUT)
    handover.click()
    page.wait_for_url(re.compile(r"/drafting/\?session=\d+$"))
    expect(page.locator("nav.mainnav a.active")).to_have_text("文书起草")
    page.click("button[data-template=complaint-private-loan]")
    page.wait_for_url(re.compile(r"/drafting/\d+/$"))

    # pre-filled from the chat; the preview shows it; what is missing is named
    expect(page.locator("[name='defendants[0].name']")).to_have_value("张三")
    expect(page.locator("[name='principal']")).to_have_value("50000.00")
    expect(page.locator(".page-head .badge.offline")).to_have_text("离线模式")
    expect(page.locator("#preview")).to_contain_text("50,000.00元（人民币伍万元整）")
    expect(page.locator("#missing-summary")).to_contain_text("受诉人民法院")

    # an invalid 身份证号 is marked as it is typed, then corrected
    before = _previewed(page)
    page.fill("[name='plaintiffs[0].name']", "王小明")
    page.fill("[name='plaintiffs[0].id_number']", "110105194912310021")
    _wait_preview(page, before)
    field = page.locator(".field[data-path='plaintiffs[0].id_number']")
    expect(field).to_have_class(re.compile(r"\binvalid\b"))
    expect(field.locator(".field-error")).to_contain_text("校验位")
    before = _previewed(page)
    page.fill("[name='plaintiffs[0].id_number']", "11010519491231002X")
    page.fill("[name='loan_date']", "2024-01-10")
    page.fill("[name='court']", "北京市朝阳区人民法院")
    page.click(".field[data-path='court'] label")
    _wait_preview(page, before)
    expect(field).not_to_have_class(re.compile(r"\binvalid\b"))
    expect(page.locator("#missing-summary")).to_be_hidden()
    expect(page.locator("#preview")).to_contain_text("王小明，公民身份号码11010519491231002X")
    page.screenshot(path=str(SHOTS / "drafting-form.png"), full_page=True)

    with page.expect_download() as download_info:  # 生成 Word 文书 downloads what it generated
        page.click("#generate")
    page.wait_for_url(re.compile(r"/drafting/\d+/$"))  # the ?generated=1 is dropped once used
    expect(page.locator("table.versions")).to_contain_text("第 1 版")
    data = open(download_info.value.path(), "rb").read()
    text = render.document_text(data)
    assert "王小明，公民身份号码11010519491231002X。" in text and "具状人（签字）：王小明" in text
    assert "\n张三。\n" in text and "北京市朝阳区人民法院" in text
    assert "人民币伍万元整" in text and "附：本诉状副本1份" in text
    assert not render.has_leftover(text)
    Document(io.BytesIO(data))
