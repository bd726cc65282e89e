"""合同审查 in a real browser against a real daphne and a real Celery worker (offline reviewer).

Log in, upload a .docx by the page's file picker, start the auto-review and watch the progress bar
and the issues arrive over the websocket, confirm an issue, download the annotated Word file and
find the issue's comment and tracked change in it; reload: the page shows what it showed live; ask
the review chat for the status.
"""

from __future__ import annotations

import io
import os
import re
import tempfile
import time
from pathlib import Path

import docx
import pytest
from docx.oxml.ns import qn
from playwright.sync_api import expect

from tests.conftest import PASSWORD
from tests.contracts.contract_files import docx_bytes

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

REVIEW_TIMEOUT = 90_000  # ms: the worker's first review loads the corpus
SHOTS = Path(os.environ.get("E2E_SCREENSHOTS", tempfile.gettempdir()))
PENALTY = "逾期每日按租金的百分之五支付违约金"


@pytest.fixture
def corpus(statutes):
    """The test laws under a corpus generation the long-lived worker has not seen (see test_chat_page)."""
    from knowledge.models import CorpusState

    CorpusState.objects.update_or_create(key="generation", defaults={"value": {"n": time.time_ns()}})


@pytest.fixture
def playbook(db):
    """The starter playbook (a transactional test before this one may have flushed it)."""
    from contracts.services.playbook import playbook_load_starter

    playbook_load_starter(audit=False)


@pytest.fixture
def lawyer(make_user):
    return make_user("staff", username="li.lawyer")


@pytest.fixture
def contract_file(tmp_path) -> Path:
    path = tmp_path / "房屋租赁合同（对方草稿）.docx"
    path.write_bytes(docx_bytes())
    return path


def test_upload_auto_review_confirm_and_export(daphne_url, celery_worker, corpus, playbook, lawyer, contract_file,
                                              page, tmp_path):
    base = f"http://{daphne_url}"
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    page.goto(f"{base}/contracts/")
    assert page.url.startswith(f"{base}/login/")
    page.fill("#id_username", lawyer.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/contracts/")
    expect(page.locator("h1")).to_have_text("合同审查")
    expect(page.locator(".mainnav a.active")).to_have_text("合同审查")

    # Upload through the drop zone's file picker.
    page.set_input_files("#upload-file", str(contract_file))
    expect(page.locator("#dropzone-text")).to_have_text(f"已选择：{contract_file.name}")
    page.click("#upload-submit")
    page.wait_for_url(re.compile(r"/contracts/\d+/$"))
    expect(page.locator(".messages")).to_contain_text("正在后台读取并拆分章节")
    # the worker splits it; the page follows over the websocket and shows the sections
    expect(page.locator("#section-list li")).to_have_count(7, timeout=30_000)
    expect(page.locator("#split-status")).to_have_count(0)
    expect(page.locator(".contract-title h1")).to_have_text("房屋租赁合同")
    expect(page.locator("#section-list li.kind-clause")).to_have_count(5)
    expect(page.locator("#no-issues")).to_be_visible()
    page.wait_for_selector("#ws-state[data-state=open]")

    # Auto-review: progress and issues arrive live.
    page.click("#auto-review")
    expect(page.locator("#auto-review")).to_be_disabled()
    expect(page.locator("#review-state")).to_contain_text("完成", timeout=REVIEW_TIMEOUT)
    assert page.locator("#progress-fill").evaluate("el => el.style.width") == "100%"
    penalty = page.locator(".issue", has=page.locator(".issue-quote", has_text=PENALTY))
    expect(penalty).to_have_count(1)
    expect(penalty.locator(".issue-where")).to_have_text("第二条")
    expect(penalty.locator(".issue-basis li.valid").first).to_contain_text("民法典")
    assert page.locator("#issue-list .issue").count() >= 2  # the penalty and clauses the lease lacks
    expect(page.locator("#auto-review")).to_be_enabled()
    page.screenshot(path=str(SHOTS / "contracts-reviewed.png"), full_page=True)

    # Confirm the penalty issue through the REST API (the card is swapped for the server's).
    penalty.locator("form[data-issue-action=confirm] button").click()
    confirmed = page.locator(".issue[data-status=confirmed]", has=page.locator(".issue-quote", has_text=PENALTY))
    expect(confirmed).to_have_count(1)
    expect(confirmed.locator("[data-role=status]")).to_have_text("已确认")
    assert confirmed.get_attribute("data-version") == "2"

    # Export: the annotated Word file downloads with the comment and the tracked change.
    with page.expect_download() as download:
        page.click("a[data-export][href$='format=docx']")
    assert download.value.suggested_filename == "房屋租赁合同-审查批注.docx"
    saved = tmp_path / "exported.docx"
    download.value.save_as(saved)
    document = docx.Document(io.BytesIO(saved.read_bytes()))
    texts = [paragraph.text for paragraph in document.paragraphs]
    assert "第二条 租金及支付 月租金为人民币伍仟元整。" in texts
    assert "第五条 争议解决 因本合同发生争议的，提交北京仲裁委员会仲裁。" in texts
    comments = [comment.text for comment in document.comments]
    assert any("违约金" in text for text in comments), comments
    body = document.element.body
    deleted = "".join(t.text or "" for t in body.iter(qn("w:delText")))
    assert PENALTY in deleted, "the quote is a tracked deletion"
    assert body.findall(".//" + qn("w:ins")), "the suggested rewrite is a tracked insertion"

    # Reload: the saved page shows the same state.
    page.reload()
    card = page.locator(".issue", has=page.locator(".issue-quote", has_text=PENALTY))
    expect(card).to_have_attribute("data-status", "confirmed")
    mark = page.locator("mark.hl", has_text=PENALTY)
    expect(mark).to_have_count(1)
    mark.click()
    expect(card).to_be_in_viewport()
    page.screenshot(path=str(SHOTS / "contracts-confirmed.png"), full_page=True)

    # The review chat: a console word is answered at once.
    page.click("#tab-chat")
    page.fill("#chat-input", "状态")
    page.press("#chat-input", "Enter")
    expect(page.locator("#contract-chat .cmsg.user")).to_contain_text("状态")
    expect(page.locator("#contract-chat .cmsg.assistant")).to_contain_text("自动审核：完成")
    assert errors == []
