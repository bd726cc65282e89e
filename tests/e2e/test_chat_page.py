"""法律咨询 in a real browser against a real daphne and a real Celery worker (offline engine).

Log in, create a session, ask, watch the tokens stream and the timeline grow, get the saved answer
(离线模式, ✓ citations, the calculator's figure), the analysis panel (layer 规则, the entity 8000),
leave feedback; and reload in the middle of a turn: the answer still completes on the page.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.conftest import PASSWORD

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

QUESTION = "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？"
TURN_TIMEOUT = 90_000  # ms: the worker's first turn loads the embedding model
SHOTS = Path(os.environ.get("E2E_SCREENSHOTS", tempfile.gettempdir()))


def _wait_until(page, expression: str, *, timeout: float) -> None:
    """Poll ``expression`` from the test (``page.wait_for_function`` evaluates a string inside the
    page, which the site's Content-Security-Policy forbids)."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        page.wait_for_timeout(50)


@pytest.fixture
def corpus(statutes):
    """The test laws. The worker and daphne live for the whole run and cache the corpus per generation;
    a generation never repeats (``corpus_generation_bump``, and the test database's flush sets a new one
    whenever it restores the corpus), so what they cached for an unchanged corpus stays right and is kept
    instead of being rebuilt (the citation graph) for every test."""
    return statutes


@pytest.fixture
def lawyer(make_user):
    return make_user("staff", username="zhao.lawyer")


@pytest.fixture
def queued_turns(lawyer) -> list[int]:
    """Turns of the lawyer's other sessions, to put in the worker's queue ahead of the tested one
    (so the page is reloaded while that one is certainly still under way)."""
    from chat import services

    answers = []
    for question in ("交通事故对方全责，我的医疗费和误工费怎么赔？", "朋友借了我5万元一直不还，怎么起诉？",
                     "离婚时婚前首付、婚后共同还贷的房子怎么分？"):
        session = services.session_create(actor=lawyer, title=question[:10])
        answers.append(services.turn_create(actor=lawyer, session=session, content=question)[1].pk)
    return answers


def _log_in_and_open_a_new_session(page, base: str, user) -> None:
    page.goto(f"{base}/chat/")
    assert page.url.startswith(f"{base}/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/chat/")
    expect(page.locator("h1")).to_have_text("法律咨询")
    page.click("#new-blank")
    page.wait_for_url(re.compile(r"/chat/\d+/$"))
    page.wait_for_selector("#ws-state[data-state=open]")


def _ask(page) -> None:
    page.fill("#question", QUESTION)
    page.press("#question", "Enter")


def _check_final_answer(page):
    answer = page.locator("#chat-log article.assistant[data-status=complete]")
    expect(answer).to_have_count(1, timeout=TURN_TIMEOUT)
    text = answer.inner_text()
    assert "离线模式" in text and "48000" in text.replace(",", "")
    valid = answer.locator(".citations .cite.ok")
    assert valid.count() >= 1 and "✓" in valid.first.inner_text()
    assert valid.first.get_attribute("title")  # the verification's reason, as a tooltip
    assert any("第四十七条" in valid.nth(i).inner_text() for i in range(valid.count()))
    assert answer.locator(".disclaimer").inner_text().startswith("本回答")
    expect(page.locator("#question")).to_be_enabled()
    return answer


def test_ask_streams_the_answer_and_fills_timeline_and_analysis(daphne_url, celery_worker, corpus, lawyer, page):
    base = f"http://{daphne_url}"
    # Hold the socket's events after the 20th token (as a slow network would) to look mid-turn.
    hold = {"on": True, "tokens": 0, "held": [], "socket": None}

    def through(ws):
        server = ws.connect_to_server()
        hold["socket"] = ws

        def from_server(message):
            event = json.loads(message) if isinstance(message, str) else {}
            hold["tokens"] += event.get("type") == "token"
            if hold["on"] and hold["tokens"] > 20:
                hold["held"].append(message)
            else:
                ws.send(message)

        server.on_message(from_server)

    page.route_web_socket(re.compile(r"/ws/chat/\d+/$"), through)
    _log_in_and_open_a_new_session(page, base, lawyer)
    expect(page.locator("#empty-chat")).to_be_visible()
    page.screenshot(path=str(SHOTS / "chat-empty.png"))
    _ask(page)
    expect(page.locator("#send")).to_be_disabled()
    expect(page.locator("#chat-log article.user")).to_contain_text(QUESTION)

    # Mid-turn: the first tokens are on the page as plain text, the timeline is live.
    _wait_until(page, "Number(document.getElementById('chat-log').dataset.tokensReceived || 0) >= 20",
                timeout=TURN_TIMEOUT)
    stream = page.locator("#chat-log article.assistant.pending [data-role=stream]")
    assert stream.get_attribute("aria-live") == "polite"
    partial = stream.inner_text()
    assert partial.startswith("【离线模式】") and len(partial) < 400
    expect(page.locator("#question")).to_be_disabled()
    timeline = page.locator("#analysis .timeline")
    for kind in ("intent", "routing", "tool", "answer"):
        expect(timeline.locator(f".tl-row[data-kind={kind}]").first).to_be_visible()
    expect(timeline.locator(".tl-row[data-kind=answer].running")).to_have_count(1)
    expect(page.locator("#analysis .badge.layer-rule")).to_have_text("规则")
    page.screenshot(path=str(SHOTS / "chat-mid-turn.png"))

    hold["on"] = False
    for message in hold["held"]:
        hold["socket"].send(message)

    answer = _check_final_answer(page)
    assert int(answer.get_attribute("data-streamed-tokens")) > 20  # it arrived token by token
    message_id = answer.get_attribute("data-message-id")
    panel = page.locator(f"#analysis[data-message-id='{message_id}']")  # the server's panel of this answer
    expect(panel).to_have_count(1)
    rows = panel.locator(".timeline .tl-row")
    kinds = [rows.nth(i).get_attribute("data-kind") for i in range(rows.count())]
    assert kinds[:2] == ["intent", "routing"] and "tool" in kinds and kinds[-1] == "final"
    assert panel.locator(".tl-row[data-kind=tool] .tl-dur").first.inner_text().endswith("ms")
    # sizes arrive as data attributes and static/js/geometry.js applies them (no inline styles under CSP)
    bar = panel.locator(".tl-row[data-kind=final] .tl-bar")
    assert bar.evaluate("el => parseFloat(el.style.width)") == pytest.approx(float(bar.get_attribute("data-width")))
    assert panel.locator(".meter > span").evaluate("el => parseFloat(el.style.width)") > 0
    expect(panel.locator(".badge.layer-rule")).to_have_text("规则")
    expect(panel.locator("[data-section=state]")).to_contain_text("8000")
    expect(panel.locator("[data-section=routing]")).to_contain_text("劳动纠纷")
    expect(panel.locator("[data-section=tools]")).to_contain_text("法条检索")
    # the figure is computed by the issue card's calculator inside the answer (its steps are in the text)
    assert "赔偿金 = 经济补偿标准的二倍" in answer.inner_text()
    assert panel.locator("[data-section=citations] .cite.ok").count() >= 1
    assert panel.locator("[data-section=sources] li").count() >= 1

    answer.locator("label[title='4 星']").click()
    answer.locator("input[name=comment]").fill("计算清楚")
    answer.locator(".feedback button[type=submit]").click()
    expect(answer.locator(".fb-status")).to_have_text("已评价 4 星，谢谢")
    answer.locator(".citations").evaluate("el => el.scrollIntoView({block: 'center'})")
    page.screenshot(path=str(SHOTS / "chat-answer.png"))

    page.reload()  # what the live page showed is what the saved page shows
    answer = _check_final_answer(page)
    assert answer.locator("input[name=rating][value='4']").is_checked()
    expect(page.locator("#analysis .timeline .tl-row[data-kind=tool]").first).to_be_visible()
    expect(page.locator("#analysis [data-section=state]")).to_contain_text("8000")
    page.locator("#analysis [data-section=tools] summary").nth(1).click()
    page.locator("#analysis [data-section=tools]").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "chat-reloaded.png"))
    page.goto(f"{base}/chat/")
    expect(page.locator(".session-table tbody tr")).to_have_count(1)
    page.screenshot(path=str(SHOTS / "chat-index.png"))


def test_reload_in_the_middle_of_a_turn_still_shows_the_answer(daphne_url, celery_worker, corpus, lawyer,
                                                              queued_turns, page):
    from chat.tasks import turn_run

    base = f"http://{daphne_url}"
    _log_in_and_open_a_new_session(page, base, lawyer)
    seen: dict = {"seqs": [], "tokens": set()}

    def doubled(ws):  # the reloaded page's socket delivers every event twice
        server = ws.connect_to_server()

        def from_server(message):
            event = json.loads(message) if isinstance(message, str) else {}
            if event.get("seq"):
                seen["seqs"].append(event["seq"])
            if event.get("type") == "token":
                seen["tokens"].add(event["seq"])
            ws.send(message)
            ws.send(message)

        server.on_message(from_server)

    for answer_id in queued_turns:
        turn_run.delay(answer_id)
    _ask(page)
    page.wait_for_selector("#chat-log article.assistant.pending")  # accepted: the turn is under way
    page.route_web_socket(re.compile(r"/ws/chat/\d+/$"), doubled)
    page.reload()
    inflight = page.evaluate("JSON.parse(document.getElementById('chat-config').textContent).inflight")
    assert inflight, "the turn finished before the page came back: nothing was tested"
    status = page.get_attribute(f"#msg-{inflight['messageId']}", "data-status")
    expect(page.locator("#question")).to_be_disabled()

    answer = _check_final_answer(page)
    expect(page.locator("#chat-log article.user")).to_have_count(1)
    expect(page.locator("#chat-log article.assistant")).to_have_count(1)
    # Replayed (and doubled) events were shown once: each token counted once.
    assert seen["seqs"] and seen["tokens"]
    assert int(answer.get_attribute("data-streamed-tokens")) == len(seen["tokens"])
    expect(page.locator("#analysis .badge.layer-rule")).to_have_text("规则")
    expect(page.locator("#analysis .timeline .tl-row[data-kind=final]")).to_have_count(1)
    print("status at reload:", status, "first seq after reload:", seen["seqs"][0])
