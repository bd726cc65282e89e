"""Research tests run a task's pipeline themselves (``services.task_run``): the messages a task would
send to the broker are recorded instead, so a live worker started by another test (tests/e2e keeps
one for the session) cannot pick the same task up and race the test."""

from __future__ import annotations

import pytest

from research.services import tasks as task_services


class _RecordingBroker:
    def __init__(self) -> None:
        self.sent: list[tuple[str, list]] = []

    def send_task(self, name: str, args: list | None = None, **kwargs) -> None:
        self.sent.append((name, list(args or [])))


@pytest.fixture(autouse=True)
def research_broker(monkeypatch) -> _RecordingBroker:
    broker = _RecordingBroker()
    monkeypatch.setattr(task_services, "celery_app", broker)
    return broker
