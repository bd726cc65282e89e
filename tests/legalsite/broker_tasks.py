"""A task for tests/legalsite/test_broker_restart.py, loaded into a worker with ``-I``: it holds an
unacknowledged message (acks_late) for ``seconds``."""

import time

from celery import shared_task


@shared_task(name="tests.broker.sleep", acks_late=True)
def sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds
