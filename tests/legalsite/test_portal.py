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


def test_home_shows_the_users_recent_work_and_an_ask_box(client, make_user):
    from chat import services as chat_services
    from contracts.services.contracts import contract_upload
    from contracts.services.issues import issue_add
    from drafting.models import DocumentTemplate
    from drafting.selectors import template_current
    from drafting.services import draft_create
    from research.services.tasks import task_create

    lawyer, outsider = make_user("staff"), make_user("staff")
    matter = services.matter_create(actor=lawyer, number="2026-民-12", title="房屋租赁纠纷", client="孙某")
    chat_services.session_create(actor=lawyer, title="押金不退咨询", matter=matter)
    chat_services.session_create(actor=outsider, title="别人的咨询")
    contract = contract_upload(actor=lawyer, file_name="lease.txt", data="第一条 租金每月三千元。".encode(),
                               title="商铺租赁合同", queue=False)
    for text in ("租金调整单方决定", "押金扣除无限制"):
        issue_add(actor=lawyer, contract=contract, section=None, category="租金", severity="high",
                  description=text)
    task_create(actor=lawyer, question="一房二卖时先占有的买受人能否对抗登记的买受人？", queue=False)
    task_create(actor=outsider, question="别人的研究问题", queue=False)
    version = template_current(template=DocumentTemplate.objects.get(slug="civil-complaint"))
    draft_create(actor=lawyer, version=version, title="孙某诉房东起诉状")

    client.force_login(lawyer)
    page = client.get("/").content.decode()
    assert 'name="content"' in page and 'action="/chat/new/"' in page
    for text in ("押金不退咨询", "2026-民-12", "商铺租赁合同", "2 个待处理问题", "一房二卖时先占有",
                 "孙某诉房东起诉状"):
        assert text in page, text
    for text in ("别人的咨询", "别人的研究问题", "暂无案件", "通知通道已连接"):
        assert text not in page, text


def test_audit_menu_entry_for_compliance_and_admins_only(client, make_user):
    for role, shown in (("staff", False), ("compliance", True), ("admin", True)):
        client.force_login(make_user(role))
        nav = client.get("/knowledge/").content.decode().split('class="mainnav"')[1].split("</nav>")[0]
        assert ("管理与审计" in nav) is shown, role
