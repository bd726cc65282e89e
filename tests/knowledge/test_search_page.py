"""The 法规检索 page posts its form, so a long pasted case (up to 30,000 characters) works from the
page; a short query is redirected to a bookmarkable GET URL, and GET with ``q`` still searches."""

from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

FACTS = "原告与被告签订房屋租赁合同，约定租期三年，押金两万元。租期届满后被告拒不退还押金，并以房屋损坏为由扣留。"


@pytest.fixture
def portal(staff_user) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(staff_user)
    return client


def _csrf(portal: Client) -> str:
    page = portal.get("/knowledge/")
    assert page.status_code == 200 and 'method="post"' in page.content.decode()
    return portal.cookies["csrftoken"].value


def test_long_case_facts_are_searched_from_the_page(portal):
    facts = (FACTS * 600)[:30_000]
    response = portal.post("/knowledge/", {"q": facts, "status": "current", "csrfmiddlewaretoken": _csrf(portal)})
    assert response.status_code == 200
    assert response.context["params"]["q"] == facts
    assert response.context["response"] is not None and response.context["response"].query.long


def test_a_short_query_is_redirected_to_its_bookmarkable_url(portal):
    response = portal.post("/knowledge/", {"q": "押金不退", "domain": "real_estate",
                                           "csrfmiddlewaretoken": _csrf(portal)})
    assert response.status_code == 302
    location = urlparse(response["Location"])
    assert location.path == "/knowledge/" and parse_qs(location.query) == {"q": ["押金不退"], "domain": ["real_estate"]}
    page = portal.get(response["Location"])
    assert page.status_code == 200
    assert page.context["params"]["q"] == "押金不退"


def test_get_with_a_short_query_still_searches(portal):
    page = portal.get("/knowledge/?q=押金不退")
    assert page.status_code == 200 and page.context["response"] is not None


def test_the_form_needs_its_csrf_token(portal):
    portal.get("/knowledge/")
    assert portal.post("/knowledge/", {"q": "押金不退"}).status_code == 403


def test_over_long_facts_are_refused_with_a_message(portal):
    response = portal.post("/knowledge/", {"q": "字" * 30_001, "csrfmiddlewaretoken": _csrf(portal)})
    assert response.status_code == 400 and response.context["error"]
