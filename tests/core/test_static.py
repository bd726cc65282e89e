"""Static files are indexed once per process (core.static) and served as WhiteNoise serves them."""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.test import Client

from core.static import StaticFilesMiddleware

ADMIN_CSS = "/static/admin/css/base.css"


def test_every_client_is_served_the_same_file_from_one_index(monkeypatch):
    first = Client().get(ADMIN_CSS)
    assert first.status_code == 200 and first["Content-Type"].startswith("text/css")
    body = b"".join(first.streaming_content)
    assert b"body" in body

    listed = []
    original = finders.get_finders
    monkeypatch.setattr(finders, "get_finders", lambda: listed.append(1) or original())
    second = Client().get(ADMIN_CSS)  # a new client builds its middleware again
    assert listed == []  # without listing the apps' files again
    assert b"".join(second.streaming_content) == body
    assert {k: second[k] for k in ("Content-Type", "Cache-Control", "Content-Length")} == \
           {k: first[k] for k in ("Content-Type", "Cache-Control", "Content-Length")}


def test_an_unknown_static_path_falls_through_to_django(client):
    assert client.get("/static/no/such/file.css").status_code == 404


def test_another_static_prefix_is_indexed_on_its_own(settings):
    StaticFilesMiddleware(lambda request: None)
    settings.STATIC_URL = "/assets/"
    middleware = StaticFilesMiddleware(lambda request: None)
    assert "/assets/admin/css/base.css" in middleware.files
    assert ADMIN_CSS not in middleware.files
