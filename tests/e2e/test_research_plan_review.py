"""研究任务 with plan review in a real browser, daphne and a Celery worker: the page follows the task
live to 待确认计划 and shows the plan editor without a reload; every field is readable and editable,
steps are added, removed and reordered; the approved plan runs; the report downloads as Word."""

from __future__ import annotations

import io
import re

import pytest
from docx import Document
from playwright.sync_api import expect

from tests.conftest import PASSWORD

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

QUESTION = "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？应该怎么申请仲裁？"
RUN_TIMEOUT = 90_000


@pytest.fixture
def corpus(statutes):
    """The test laws; the long-lived worker keeps its caches of an unchanged corpus (see test_chat_page.py)."""
    return statutes


@pytest.fixture
def lawyer(make_user):
    return make_user("staff", username="sun.lawyer")


def test_plan_review_live_editor_and_word_report(daphne_url, celery_worker, corpus, lawyer, page):
    base = f"http://{daphne_url}"
    page.goto(f"{base}/login/")
    page.fill("#id_username", lawyer.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.goto(f"{base}/research/")
    page.fill("#question", QUESTION)
    page.check("#review_plan")
    page.click("#ask")
    page.wait_for_url(re.compile(r"/research/\d+/$"))

    # No reload: the worker plans, the page turns to 待确认计划 and shows the editor.
    expect(page.locator("#task-status")).to_have_attribute("data-status", "awaiting_approval", timeout=RUN_TIMEOUT)
    editor = page.locator("#plan-editor li.edit-step")
    expect(editor.first).to_be_visible(timeout=RUN_TIMEOUT)
    before = editor.count()
    assert before >= 3
    for selector in (".description", ".input"):
        box = editor.first.locator(selector).bounding_box()
        assert box is not None and box["width"] > 300, (selector, box)
    readable = page.locator("#plan li.step .input").all_inner_texts()
    assert readable and all("{" not in t and "=" not in t and "True" not in t for t in readable), readable

    editor.nth(1).locator(".remove").click()
    page.click("#add-step")
    added = page.locator("#plan-editor li.edit-step").last
    added.locator(".description").fill("检索劳动争议仲裁时效的规定")
    added.locator(".input").fill("劳动争议 仲裁时效 一年")
    added.locator(".move-up").click()
    assert page.locator("#plan-editor li.edit-step").count() == before
    descriptions = page.locator("#plan-editor .description").evaluate_all("els => els.map(e => e.value)")
    assert descriptions[-2] == "检索劳动争议仲裁时效的规定"

    page.click("#approve")
    expect(page.locator("#task-status")).to_have_attribute("data-status", "done", timeout=RUN_TIMEOUT)
    expect(page.locator("#plan li.step", has_text="检索劳动争议仲裁时效的规定")).to_have_count(1)
    expect(page.locator("#answer")).to_contain_text(re.compile(r"48,?000"))

    with page.expect_download() as download:
        page.click("#export-docx")
    document = Document(io.BytesIO(open(download.value.path(), "rb").read()))
    text = "\n".join(p.text for p in document.paragraphs)
    assert "法律研究报告" in text and "48000" in text.replace(",", "") and "###" not in text
