"""An API request while the database cannot be reached gets a JSON 503 with Retry-After, not a 500."""

import pytest
from django.db import OperationalError

from chat import selectors
from firm.services import token_issue

pytestmark = pytest.mark.django_db


def test_api_answers_503_json_while_the_database_is_away(client, staff_user, monkeypatch):
    key = token_issue(user=staff_user).key

    def database_away(**kwargs):
        raise OperationalError('connection failed: connection to server at "127.0.0.1", port 5432 failed')

    monkeypatch.setattr(selectors, "session_list", database_away)
    response = client.get("/api/v1/chat/sessions", HTTP_AUTHORIZATION=f"Token {key}")
    assert response.status_code == 503
    assert response["Content-Type"].startswith("application/json")
    assert response["Retry-After"] == "5"
    assert response.json() == {"error": "unavailable", "detail": "数据库暂时不可用，请稍后重试"}


def test_api_answers_200_when_the_database_is_there(client, staff_user):
    key = token_issue(user=staff_user).key
    response = client.get("/api/v1/chat/sessions", HTTP_AUTHORIZATION=f"Token {key}")
    assert response.status_code == 200
