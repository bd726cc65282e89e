"""研究任务 in a real browser against a real daphne and a real Celery worker (offline engine).

Log in, ask a multi-part question, watch the plan checklist fill in live over the websocket (held
after the first finished step to look mid-run), then the answer with its verified citations and
sources; reload: the saved page shows the same.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.conftest import PASSWORD

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

QUESTION = "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？应该怎么申请仲裁？"
RUN_TIMEOUT = 90_000  # ms: the worker's first run loads the embedding model
SHOTS = Path(os.environ.get("E2E_SCREENSHOTS", tempfile.gettempdir()))


@pytest.fixture
def corpus(statutes):
    """The test laws; the long-lived worker keeps its caches of an unchanged corpus (see test_chat_page.py)."""
    return statutes


@pytest.fixture
def lawyer(make_user):
    return make_user("staff", username="qian.lawyer")


def test_ask_and_watch_the_plan_fill_in_live(daphne_url, celery_worker, corpus, lawyer, page):
    base = f"http://{daphne_url}"
    hold = {"on": True, "finished": 0, "held": [], "socket": None}

    def through(ws):
        server = ws.connect_to_server()
        hold["socket"] = ws

        def from_server(message):
            event = json.loads(message) if isinstance(message, str) else {}
            if hold["on"] and hold["finished"] >= 1:
                hold["held"].append(message)
                return
            hold["finished"] += event.get("type") == "step_finished"
            ws.send(message)

        server.on_message(from_server)

    page.route_web_socket(re.compile(r"/ws/research/\d+/$"), through)
    page.goto(f"{base}/research/")
    assert page.url.startswith(f"{base}/login/")
    page.fill("#id_username", lawyer.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/research/")
    expect(page.locator("h1")).to_have_text("研究任务")
    expect(page.locator("nav.mainnav a", has_text="研究任务")).to_have_class(re.compile("active"))
    page.fill("#question", QUESTION)
    page.click("#ask")
    page.wait_for_url(re.compile(r"/research/\d+/$"))
    page.wait_for_selector("#ws-state[data-state=open]")

    # Mid-run: the plan arrived live, one step is checked off with its tool, summary and duration.
    checklist = page.locator("#plan li.step")
    expect(checklist.first).to_be_visible(timeout=RUN_TIMEOUT)
    expect(page.locator("#plan li.step[data-status=done]")).to_have_count(1, timeout=RUN_TIMEOUT)
    done = page.locator("#plan li.step[data-status=done]")
    assert done.locator(".mark").inner_text() in ("✓", "✗")
    assert done.locator(".duration").inner_text().endswith("ms") and done.locator(".summary").inner_text()
    assert checklist.count() >= 4 and page.locator("#answer").count() == 0
    page.screenshot(path=str(SHOTS / "research-mid-run.png"))

    hold["on"] = False
    for message in hold["held"]:
        hold["socket"].send(message)

    answer = page.locator("#answer")
    expect(answer).to_be_visible(timeout=RUN_TIMEOUT)
    expect(page.locator("#task-status")).to_have_attribute("data-status", "done")
    assert "48000" in answer.inner_text().replace(",", "") and "离线模式" in answer.inner_text()
    expect(page.locator("#citations li.valid").first).to_contain_text("✓")
    assert page.locator("#citations li.invalid").count() == 0
    assert page.locator("#sources li").count() >= 2
    steps = page.locator("#plan li.step")
    assert all(steps.nth(i).get_attribute("data-status") == "done" for i in range(steps.count()))
    page.screenshot(path=str(SHOTS / "research-answer.png"), full_page=True)

    page.reload()  # the saved page shows what the live page showed
    expect(page.locator("#answer")).to_contain_text(re.compile(r"48,?000"))
    assert page.locator("#plan li.step[data-status=done]").count() == steps.count()
    page.goto(f"{base}/research/")
    expect(page.locator(".research-table tbody tr")).to_have_count(1)
