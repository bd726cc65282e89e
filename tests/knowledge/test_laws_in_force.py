"""Laws in force on a date in the corpus (docs/decisions/laws-in-force-on-a-date.md): the import report, the
search scope, the law and article pages and the admin read the status computed from the versions' dates.

The test corpus holds 商标法 in two versions: the 2019 text (labelled 历史版本) and the 2026 revision labelled
现行有效 that takes effect on 2027-01-01. The day is fixed at 2026-11-28."""

from __future__ import annotations

import datetime as dt
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from knowledge import selectors
from knowledge.selectors import statute_search, versions
from tests.knowledge.graph_support import REPEALED_LAW, import_laws, store_future_law

pytestmark = pytest.mark.django_db
TRADEMARK = "中华人民共和国商标法"


@pytest.fixture
def day(monkeypatch):
    def set_day(when: dt.date) -> None:
        monkeypatch.setattr(versions, "today", lambda: when)
        selectors.invalidate_caches()

    set_day(dt.date(2026, 11, 28))
    yield set_day
    selectors.invalidate_caches()


def test_the_report_names_pending_versions_and_laws_with_no_version_in_force(statutes, day):
    import_laws(REPEALED_LAW)
    store_future_law(name="中华人民共和国示例保障法", effective=dt.date(2027, 1, 1), text="参保人员享受待遇。")
    report = selectors.version_report()
    pending = {(name, start): meanwhile for name, _label, start, meanwhile in report.pending}
    assert pending[(TRADEMARK, dt.date(2027, 1, 1))] is not None  # the 2019 text applies meanwhile
    assert pending[("中华人民共和国示例保障法", dt.date(2027, 1, 1))] is None
    missing = {name: status for name, status, _start in report.no_version_in_force}
    assert missing == {"中华人民共和国环境保护法": "已废止", "中华人民共和国示例保障法": "已公布，尚未施行"}
    text = "\n".join(report.lines())
    assert "无现行有效版本：中华人民共和国示例保障法（2027年1月1日起施行）" in text
    assert "无现行有效版本：中华人民共和国环境保护法（已废止）" in text
    assert "尚未施行：中华人民共和国商标法（2026年版，2027-01-01 起施行；施行前适用此前版本）" in text
    assert TRADEMARK not in missing and "中华人民共和国民法典" not in text
    day(dt.date(2027, 1, 1))
    later = selectors.version_report()
    assert later.pending == [] and {n for n, _s, _d in later.no_version_in_force} == {"中华人民共和国环境保护法"}


def test_import_statutes_prints_the_report(statutes, day):
    out = StringIO()
    call_command("import_statutes", "--law", "商标法", "--no-embed", "--no-progress", stdout=out, stderr=StringIO())
    printed = out.getvalue()
    assert "法律时效（2026-11-28）" in printed
    assert "尚未施行：中华人民共和国商标法（2026年版，2027-01-01 起施行" in printed
    run = selectors.corpus_status()["last_import"]
    assert run["counts"]["pending"] == [[TRADEMARK, "2026年版", "2027-01-01", True]]


def test_the_search_scope_holds_the_text_in_force_not_the_pending_one(statutes, day):
    response = statute_search(query="销售侵犯注册商标专用权的商品 合法取得 说明提供者 不承担赔偿责任", top_k=10)
    trademark = [hit for hit in response.results if hit.law == TRADEMARK]
    assert trademark, [hit.law for hit in response.results]
    assert {hit.law_version for hit in trademark} == {"2019年版"}
    assert all(hit.is_current_version and hit.law_status == "现行有效" for hit in trademark)
    day(dt.date(2027, 2, 1))
    later = [hit for hit in statute_search(query="销售侵犯注册商标专用权的商品 说明提供者", top_k=10).results
             if hit.law == TRADEMARK]
    assert later and {hit.law_version for hit in later} == {"2026年版"}


def test_a_law_with_only_a_pending_text_stays_out_of_the_search_scope(statutes, day):
    store_future_law(name="中华人民共和国示例保障法", effective=dt.date(2027, 1, 1),
                     text="医疗保障经办机构应当为参保人员提供示例结算服务。")
    assert all(hit.law != "中华人民共和国示例保障法" for hit in statute_search(query="示例结算服务", top_k=10).results)
    # named explicitly, it is found and shown with its date
    named = statute_search(query="示例结算服务", law="示例保障法", top_k=3).results
    assert named and named[0].law_status == "2027年1月1日起施行"


def test_law_and_article_pages_show_the_status_and_the_date(statutes, day, client, staff_user):
    client.force_login(staff_user)
    pending = selectors.law_resolve(name="商标法", version="2026")
    html = client.get(pending.get_absolute_url()).content.decode()
    assert "已公布，尚未施行" in html and "（2027年1月1日起施行）" in html and "2027年1月1日" in html
    assert "（法规库标注：现行有效）" in html
    current = selectors.law_resolve(name="商标法")
    html = client.get(current.get_absolute_url()).content.decode()
    assert current.version_label == "2019年版" and "非默认版本" not in html and "（法规库标注：历史版本）" in html
    article = selectors.article_lookup(law="商标法", article=72, version="2026")
    html = client.get(article.get_absolute_url()).content.decode()
    assert "已公布，尚未施行" in html and "非默认版本" in html


def test_the_admin_lists_the_status_today_and_the_date(statutes, day, admin_client):
    html = admin_client.get(reverse("admin:knowledge_law_changelist"), {"q": "商标法"}).content.decode()
    assert "已公布，尚未施行（2027年1月1日起施行）" in html and "2027-01-01" in html and "2019-04-23" in html
