"""The 合同审查 pages through the Django test client: the list with upload, the workspace
(navigator, clause text with the quotes marked, issue panel, progress, export links), and the
forms that work without JavaScript (upload, issue actions, merge, split, settings)."""

from __future__ import annotations

import io
import re

import pytest

from contracts.models import Contract, ReviewIssue, ReviewRun
from contracts.presenters import marked_paragraphs
from contracts.services.issues import issue_add
from legalsite.navigation import navigation
from tests.contracts.contract_files import docx_bytes, portal, split_now

QUOTE = "逾期每日按租金的百分之五支付违约金"


def _upload_through_the_page(user, split: bool = True, **fields):
    """POST the page's upload form; ``split``: then run what the worker does with the upload."""
    file = io.BytesIO(docx_bytes())
    file.name = "租赁合同.docx"
    response = portal(user).post("/contracts/upload/", {"file": file, **fields})
    if split and response.status_code == 302:
        split_now(Contract.objects.latest("created_at").pk)
    return response


@pytest.mark.django_db
def test_the_nav_entry_is_active_and_the_list_page_offers_upload(staff_user):
    items = {item["label"]: item for item in navigation("/contracts/")}
    assert items["合同审查"]["url"] == "/contracts/" and items["合同审查"]["active"]

    page = portal(staff_user).get("/contracts/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<h1>合同审查</h1>" in html
    assert 'id="dropzone"' in html and 'enctype="multipart/form-data"' in html
    assert "还没有合同" in html


@pytest.mark.django_db
def test_upload_through_the_page_opens_the_workspace(staff_user):
    response = _upload_through_the_page(staff_user, title="", contract_type="")

    contract = Contract.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/contracts/{contract.pk}/"
    listing = portal(staff_user).get("/contracts/").content.decode()
    assert f'href="/contracts/{contract.pk}/"' in listing and "房屋租赁合同" in listing


@pytest.mark.django_db
def test_the_workspace_marks_the_quoted_span_and_lists_the_issue(staff_user):
    _upload_through_the_page(staff_user)
    contract = Contract.objects.get()
    second = contract.sections.get(number="第二条")
    issue = issue_add(actor=staff_user, contract=contract, section=second, quote=QUOTE, category="违约金",
                      severity="high", description="日百分之五的违约金明显过高", suggestion="改为万分之五")

    html = portal(staff_user).get(f"/contracts/{contract.pk}/").content.decode()

    assert f'<mark class="hl sev-high status-open" data-issues="{issue.pk}">{QUOTE}</mark>' in html
    assert f'id="issue-{issue.pk}"' in html and f'data-version="{issue.version}"' in html
    assert "日百分之五的违约金明显过高" in html and "改为万分之五" in html
    navigator = html.split('id="section-list"')[1].split("</ol>")[0]
    assert re.search(r"条款</span>\s*<span class=\"nav-label\">第二条", navigator)
    assert f"/api/v1/contracts/{contract.pk}/export?format=docx" in html
    assert f"/api/v1/contracts/{contract.pk}/export?format=report" in html
    assert f'"wsPath": "/ws/contracts/{contract.pk}/"' in html
    assert 'id="review-progress"' in html and 'id="auto-review"' in html


@pytest.mark.django_db
def test_a_running_auto_review_shows_its_progress(staff_user):
    _upload_through_the_page(staff_user)
    contract = Contract.objects.get()
    ReviewRun.objects.create(contract=contract, mode="auto", status="running", total=8, progress=3,
                             current_section=contract.sections.get(number="第三条"))
    html = portal(staff_user).get(f"/contracts/{contract.pk}/").content.decode()
    assert "进行中：3/8，当前 第三条" in html
    assert 'aria-valuenow="3"' in html and 'data-width="38"' in html
    assert re.search(r'id="auto-review"\s+disabled', html)


def test_marked_paragraphs_cut_at_every_issue_boundary():
    class I:  # noqa: E742 - a stand-in issue
        def __init__(self, pk, start, end, severity, status="open"):
            self.pk, self.start, self.end, self.severity, self.status = pk, start, end, severity, status

    text = "甲方应付款。\n逾期按日万分之五计。"
    paragraphs = marked_paragraphs(text, [I(1, 0, 2, "low"), I(2, 1, 9, "high"), I(3, 3, 5, "medium", "rejected")])
    assert [p.offset for p in paragraphs] == [0, 7]
    first = [(s.text, s.issues, s.severity) for s in paragraphs[0].spans]
    assert first == [("甲", [1], "low"), ("方", [2, 1], "high"), ("应付款。", [2], "high")]
    second = [(s.text, s.issues) for s in paragraphs[1].spans]
    assert second == [("逾期", [2]), ("按日万分之五计。", [])]
    assert "".join(s.text for p in paragraphs for s in p.spans) == text.replace("\n", "")


@pytest.mark.django_db
def test_issue_forms_without_javascript(staff_user):
    _upload_through_the_page(staff_user)
    contract = Contract.objects.get()
    issue = issue_add(actor=staff_user, contract=contract, section=contract.sections.get(number="第二条"),
                      quote=QUOTE, category="违约金", severity="high", description="过高")
    url = f"/contracts/{contract.pk}/issues/{issue.pk}/action/"
    client = portal(staff_user)

    edited = client.post(url, {"action": "edit", "version": "1", "severity": "low", "suggestion": "改为万分之五"})
    assert edited.status_code == 302 and edited["Location"].endswith(f"#issue-{issue.pk}")
    issue.refresh_from_db()
    assert (issue.severity, issue.suggestion, issue.version) == ("low", "改为万分之五", 2)

    stale = client.post(url, {"action": "confirm", "version": "1"}, follow=True)
    assert "已被他人修改" in stale.content.decode()
    issue.refresh_from_db()
    assert issue.status == "open"
    client.post(url, {"action": "confirm", "version": "2"})
    issue.refresh_from_db()
    assert issue.status == ReviewIssue.Status.CONFIRMED

    card = client.get(f"/contracts/{contract.pk}/issues/{issue.pk}/").content.decode()
    assert card.startswith(f'<article class="issue sev-low status-confirmed" id="issue-{issue.pk}"')


@pytest.mark.django_db
def test_merge_and_split_forms(staff_user):
    _upload_through_the_page(staff_user)
    contract = Contract.objects.get()
    second = contract.sections.get(number="第二条")
    client = portal(staff_user)

    focused = client.get(f"/contracts/{contract.pk}/?section={second.pk}").content.decode()
    at = second.text.index("\n") + 1
    assert f'action="/contracts/{contract.pk}/sections/{second.pk}/split/"' in focused
    assert f'name="at" value="{at}"' in focused

    split = client.post(f"/contracts/{contract.pk}/sections/{second.pk}/split/", {"at": str(at)})
    assert split.status_code == 302
    assert contract.sections.count() == 8
    new = contract.sections.get(order=second.order + 1)
    assert new.text.startswith("乙方应于每月5日前")

    merged = client.post(f"/contracts/{contract.pk}/sections/merge/", {"sections": [second.pk, new.pk]})
    assert merged.status_code == 302 and merged["Location"].startswith(f"/contracts/{contract.pk}/?section={second.pk}")
    second.refresh_from_db()
    assert contract.sections.count() == 7 and second.text.endswith("支付违约金。")

    refused = client.post(f"/contracts/{contract.pk}/sections/{second.pk}/split/", {"at": "3"}, follow=True)
    assert "只能在章节内两个段落之间拆分" in refused.content.decode()


@pytest.mark.django_db
def test_settings_and_delete_forms(staff_user, make_user):
    _upload_through_the_page(staff_user)
    contract = Contract.objects.get()
    client = portal(staff_user)
    client.post(f"/contracts/{contract.pk}/edit/", {"title": "改过的标题", "contract_type": "loan"})
    contract.refresh_from_db()
    assert (contract.title, contract.contract_type) == ("改过的标题", "loan")

    assert portal(make_user("staff")).post(f"/contracts/{contract.pk}/delete/").status_code == 404
    deleted = client.post(f"/contracts/{contract.pk}/delete/", follow=True)
    assert "已删除合同「改过的标题」" in deleted.content.decode()
    assert not Contract.objects.exists()


@pytest.mark.django_db
def test_a_contract_without_numbering_says_it_was_split_by_paragraphs(staff_user):
    file = io.BytesIO(docx_bytes(["双方同意就软件开发事宜开展合作。", "具体事项由双方另行商定。",
                                  "本协议自签署之日起生效。"]))
    file.name = "无编号.docx"
    followed = portal(staff_user).post("/contracts/upload/", {"file": file}, follow=True).content.decode()
    # the page opens at once, while the worker reads the file
    assert "正在后台读取并拆分章节" in followed and 'id="split-status" data-status="uploaded"' in followed
    contract = split_now(Contract.objects.get().pk)
    assert contract.status == "split" and contract.split_fallback
    page = portal(staff_user).get(f"/contracts/{contract.pk}/").content.decode()
    assert 'id="split-status"' not in page
    assert "按段落拆分" in page and f"{contract.sections.count()} 个章节" in page


@pytest.mark.django_db
def test_the_dashboard_tile_links_to_the_page(staff_user):
    page = portal(staff_user).get("/").content.decode()
    assert re.search(r'<a class="tile" href="/contracts/">\s*<strong>合同审查</strong>', page)


@pytest.mark.django_db
def test_the_admin_edits_through_the_service_and_never_shows_the_bytes(admin_user):
    from tracing.models import AuditEvent

    _upload_through_the_page(admin_user)
    contract = Contract.objects.get()
    client = portal(admin_user)
    form = client.get(f"/admin/contracts/contract/{contract.pk}/change/")
    assert form.status_code == 200 and 'name="original"' not in form.content.decode()
    saved = client.post(f"/admin/contracts/contract/{contract.pk}/change/",
                        {"title": "管理员改名", "contract_type": "lease", "sections-TOTAL_FORMS": "0",
                         "sections-INITIAL_FORMS": "0"})
    assert saved.status_code == 302
    contract.refresh_from_db()
    assert contract.title == "管理员改名"
    event = AuditEvent.objects.get(event_type="contract.changed")
    assert event.actor == admin_user and event.new_data == {"title": "管理员改名"}
    assert client.get("/admin/contracts/contract/add/").status_code == 403


@pytest.mark.django_db
def test_contract_text_is_escaped_on_the_page(staff_user):
    from tests.contracts.contract_files import upload

    text = ["服务合同", "第一条 服务内容 乙方提供<script>alert(1)</script>网站维护服务。", "第二条 费用 每月1000元。"]
    contract_id = upload(staff_user, name="x.docx", data=docx_bytes(text)).json()["id"]
    contract = Contract.objects.get(pk=contract_id)
    issue_add(actor=staff_user, contract=contract, section=contract.sections.get(number="第一条"),
              quote="<script>alert(1)</script>", category="安全", severity="low", description="测试")
    html = portal(staff_user).get(f"/contracts/{contract_id}/").content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;</mark>" in html
