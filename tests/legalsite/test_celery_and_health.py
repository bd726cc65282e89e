"""A real Celery worker on the real Redis: tasks run, publish to channel groups, and /health sees it."""

import asyncio
import uuid

import pytest
from channels.layers import get_channel_layer

from core.health import health_check
from legalsite.tasks import notify_user, ping

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_real_worker_answers_ping(celery_worker):
    result = ping.apply_async()
    assert result.get(timeout=20) == "pong"
    assert result.successful()


def test_task_in_worker_publishes_to_a_channel_group(celery_worker):
    async def scenario():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add("user.4242", channel)
        marker = uuid.uuid4().hex
        notify_user.apply_async(args=[4242, {"type": "notice", "text": marker}])
        message = await asyncio.wait_for(layer.receive(channel), timeout=20)
        await layer.group_discard("user.4242", channel)
        return marker, message

    marker, message = asyncio.run(scenario())
    assert message["type"] == "event.forward"
    event = dict(message["event"])
    assert isinstance(event.pop("seq"), int)  # a notification is numbered in the user's stream
    assert event == {"type": "notice", "text": marker}


def test_health_is_ok_with_a_worker(client, celery_worker):
    response = client.get("/health")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    for name in ("database", "pgvector", "redis", "worker", "llm", "embedding"):
        assert body["components"][name]["ok"] is True, name
    assert body["components"]["pgvector"]["version"].startswith("0.")
    assert body["components"]["llm"]["mode"] == "offline"
    assert body["components"]["embedding"]["backend"] == "use"


def test_health_is_503_when_no_worker_answers(celery_worker):
    report = health_check(worker_timeout=1.0, worker_queue=f"nobody-{uuid.uuid4().hex}")
    assert report["status"] == "unavailable"
    assert report["components"]["worker"]["ok"] is False
    assert "no Celery worker answered" in report["components"]["worker"]["error"]
    assert report["components"]["database"]["ok"] is True


def test_health_is_503_when_redis_is_down(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    response = client.get("/health")
    assert response.status_code == 503
    components = response.json()["components"]
    assert components["redis"]["ok"] is False
    assert components["worker"] == {"ok": False, "error": "redis unavailable"}


def test_health_shows_the_llm_endpoint_without_secrets(client, settings):
    settings.LLM_BASE_URL = "https://user:topsecret@llm.example.internal/v1"
    settings.LLM_API_KEY = "sk-should-never-show"
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # keep the probe fast
    body = client.get("/health").content.decode()
    assert "llm.example.internal" in body
    assert "topsecret" not in body and "sk-should-never-show" not in body
