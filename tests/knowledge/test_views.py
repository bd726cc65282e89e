import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from knowledge import selectors
from knowledge.selectors import versions

pytestmark = pytest.mark.django_db


@pytest.fixture
def browser(client, staff_user):
    client.force_login(staff_user)
    return client


def test_search_page_renders_highlighted_results(statutes, browser):
    response = browser.get(reverse("knowledge:index"), {"q": "公司辞退员工要给经济补偿吗", "domain": "labor"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "法规检索" in html and "中华人民共和国劳动合同法" in html
    assert "<mark>经济补偿</mark>" in html
    assert 'href="/knowledge/"' in html  # the main navigation links to the page


def test_search_page_without_query_and_with_bad_input(statutes, browser):
    assert browser.get(reverse("knowledge:index")).status_code == 200
    response = browser.get(reverse("knowledge:index"), {"q": "经济补偿", "law": "劳动合同条例"})
    assert response.status_code == 404 and "中华人民共和国劳动合同法" in response.content.decode()
    assert browser.get(reverse("knowledge:index"), {"q": "x" * 30_001}).status_code == 400


def test_search_page_escapes_the_query(statutes, browser):
    html = browser.get(reverse("knowledge:index"), {"q": "<script>alert(1)</script>经济补偿"}).content.decode()
    assert "<script>alert(1)</script>" not in html


def test_article_page_shows_law_status_chapter_context_and_neighbours(statutes, browser):
    article = selectors.article_lookup(law="劳动合同法", article=47)
    html = browser.get(article.get_absolute_url(), {"hl": "经济补偿"}).content.decode()
    assert "中华人民共和国劳动合同法 第四十七条" in html and "现行有效" in html
    assert "施行日期" in html and article.chapter in html
    assert "第四十六条" in html and "第四十八条" in html
    assert "<mark>经济补偿</mark>" in html


def test_law_page_and_missing_objects(statutes, browser, monkeypatch):
    monkeypatch.setattr(versions, "today", lambda: dt.date(2026, 11, 28))
    selectors.invalidate_caches()
    law = selectors.law_resolve(name="商标法")  # the 2019 text in force; the 2026 one from 2027-01-01
    html = browser.get(law.get_absolute_url()).content.decode()
    assert "第七十三条" in html and "第八十七条" not in html and "历史版本" in html
    assert "2026年版（已公布，尚未施行）" in html
    selectors.invalidate_caches()
    assert browser.get(reverse("knowledge:article", args=[10**9])).status_code == 404


def test_the_law_page_reads_its_articles_in_the_same_queries_whatever_their_number(statutes, browser):
    """One query for the articles, not one more per article (each row read its law id again when the id was
    left out of the columns read: 1,260 queries for the civil code's page)."""
    counts = {}
    for name in ("商标法", "劳动合同法"):
        law = selectors.law_resolve(name=name)
        browser.get(law.get_absolute_url())  # the session and the first request's one-time reads
        with CaptureQueriesContext(connection) as queries:
            assert browser.get(law.get_absolute_url()).status_code == 200
        counts[law.articles.count()] = len(queries)
    assert len(counts) == 2 and len(set(counts.values())) == 1, counts


def test_pages_require_login(statutes, client):
    response = client.get(reverse("knowledge:index"))
    assert response.status_code == 302 and "/login/" in response["Location"]
