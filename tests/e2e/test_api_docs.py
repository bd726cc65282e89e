"""Swagger UI in a real browser: served locally, grouped by area, and clean under the site's CSP."""

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_swagger_groups_operations_by_area_without_csp_errors(daphne_url, page):
    page.goto(f"http://{daphne_url}/api/docs/")
    page.wait_for_selector(".opblock-tag-section")
    tags = {t.strip() for t in page.locator(".opblock-tag-section h3 .nostyle span").all_text_contents()}
    assert {"chat", "knowledge", "contracts", "research", "drafting", "matters", "audit"} <= tags, tags
    assert "v1" not in tags
    # the page fixture fails the test on any Content-Security-Policy violation in the console
