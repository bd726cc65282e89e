"""In a real browser against a real daphne: log in, see the Chinese portal, receive a live notification."""

import threading
from pathlib import Path

import pytest
from django.conf import settings

from core.realtime import group_publish, user_group
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def _publish_from_another_thread(user_id: int, event: dict) -> None:
    thread = threading.Thread(target=group_publish, args=(user_group(user_id), event))
    thread.start()
    thread.join(10)


@pytest.fixture
def lawyer(make_user):
    return make_user("staff", username="wang.lawyer")


def test_login_dashboard_and_live_notification(daphne_url, lawyer, page):
    user = lawyer
    base = f"http://{daphne_url}"

    page.goto(f"{base}/")
    assert page.url.startswith(f"{base}/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", "wrong-password")
    page.click("button[type=submit]")
    assert "用户名或密码错误" in page.text_content("[role=alert]")

    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/")
    assert page.text_content("h1") == "工作台"
    nav = page.text_content("nav.mainnav")
    for label in ("法律咨询", "合同审查", "研究任务", "文书起草", "法规检索"):
        assert label in nav
    page.wait_for_selector("#ws-status[data-state=open]", state="attached")

    _publish_from_another_thread(user.pk, {"type": "notice", "text": "法规库导入完成"})
    page.wait_for_selector("#notifications li")
    assert "法规库导入完成" in page.text_content("#notifications")
    page.screenshot(path=str(Path(settings.DATA_DIR) / "dashboard.png"), full_page=True)

    page.click("text=退出")
    page.wait_for_url(f"{base}/login/")
