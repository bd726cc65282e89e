"""The portal shell: login, logout, the dashboard and its navigation, matters pages."""

import pytest

from firm import services
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_anonymous_is_sent_to_login(client):
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"].startswith("/login/")


def test_wrong_password_shows_an_error_and_stays_logged_out(client, staff_user):
    response = client.post("/login/", {"username": staff_user.username, "password": "wrong"})
    assert response.status_code == 200
    assert "用户名或密码错误" in response.content.decode()
    assert client.get("/").status_code == 302


def test_login_dashboard_navigation_and_logout(client, staff_user):
    response = client.post("/login/", {"username": staff_user.username, "password": PASSWORD}, follow=True)
    page = response.content.decode()
    assert response.redirect_chain[-1][0] == "/"
    for label in ("法律咨询", "合同审查", "研究任务", "文书起草", "法规检索"):
        assert label in page
    assert "离线模式" in page
    assert "notifications.js" in page
    assert 'lang="zh-CN"' in page
    logout = client.post("/logout/")
    assert logout.status_code == 302
    assert client.get("/").status_code == 302


def test_matters_page_creates_and_walls_off(client, make_user):
    lawyer, outsider = make_user("staff"), make_user("staff")
    client.force_login(lawyer)
    response = client.post("/matters/", {"number": "2026-民-77", "title": "租赁合同纠纷", "client": "丁某",
                                         "privileged": "on"}, follow=True)
    assert "已创建案件 2026-民-77" in response.content.decode()
    matter = lawyer.owned_matters.get()
    assert matter.privileged
    client.force_login(outsider)
    assert client.get(f"/matters/{matter.pk}/").status_code == 404
    assert "2026-民-77" not in client.get("/matters/").content.decode()


def test_compliance_dashboard_points_to_audit(client, compliance_user):
    client.force_login(compliance_user)
    page = client.get("/").content.decode()
    assert "合规审计" in page and "/admin/" in page
    assert "法律咨询" not in page and "法规检索" in page  # no client-work entries for compliance
    assert client.post("/matters/", {"number": "X", "title": "t", "client": "c"}).status_code == 403


def test_team_member_added_from_matter_page(client, make_user):
    lawyer, colleague = make_user("staff"), make_user("staff")
    matter = services.matter_create(actor=lawyer, number="M-5", title="t", client="c")
    client.force_login(lawyer)
    client.post(f"/matters/{matter.pk}/members/", {"username": colleague.username, "team_role": "member"})
    client.force_login(colleague)
    assert client.get(f"/matters/{matter.pk}/").status_code == 200
