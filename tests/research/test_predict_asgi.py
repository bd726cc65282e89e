"""/api/v1/predict served by daphne (ASGI): the retrieval steps run (a sync view under ASGI once
sent the tools' thread-sensitive calls back to its own blocked thread, and every search timed out)."""

import httpx2 as httpx
import pytest

from firm.services import token_issue

pytestmark = [pytest.mark.django_db(transaction=True)]


def test_offline_predict_under_asgi_has_no_failed_step(statutes, daphne_url, staff_user):
    key = token_issue(user=staff_user).key
    with httpx.Client(timeout=120) as http:
        response = http.post(f"http://{daphne_url}/api/v1/predict", headers={"Authorization": f"Token {key}"},
                             json={"question": "朋友借我5万元没写借条，三年前借的，现在还能起诉吗？"})
    assert response.status_code == 200, response.text
    steps = response.json()["steps"]
    assert any(s["tool_type"] == "search_legal" for s in steps)
    assert [s["status"] for s in steps] == ["done"] * len(steps), steps
    assert all(s["method"] != "fallback" for s in steps)
    conclusions = response.json()["conclusions"]
    assert len(conclusions) == 1 and conclusions[0]["text"]
