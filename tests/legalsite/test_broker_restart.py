"""A worker whose Redis broker is killed and restarted while it runs tasks reconnects and keeps
working (it used to shut down with "Unrecoverable error: AttributeError")."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from celery import Celery

from legalsite import embedded
from tests.support import stop_process

ROOT = Path(__file__).resolve().parent.parent.parent

pytestmark = pytest.mark.slow


def test_worker_reconnects_after_its_broker_restarts_with_tasks_in_flight(subprocess_env, tmp_path):
    redis = embedded.EmbeddedRedis(tmp_path, settings=())  # a production broker's: it keeps its data
    url = redis.start().url
    client = Celery("broker-restart-test", broker=url, backend=url)
    log_path = tmp_path / "worker.log"
    log = open(log_path, "w")
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "legalsite", "worker", "-P", "threads", "--concurrency", "4",
         "-I", "tests.legalsite.broker_tasks", "--loglevel", "INFO", "--hostname", f"broker-{os.getpid()}@%h",
         "--without-mingle", "--without-gossip"],
        # started as `up` starts its worker: without the system checks (~1 s of CPU), which are not this test's
        cwd=ROOT, env=subprocess_env | {"REDIS_URL": url, "CELERY_SKIP_CHECKS": "1"}, stdout=log,
        stderr=subprocess.STDOUT)
    try:
        assert client.send_task("legalsite.ping").get(timeout=60) == "pong"
        running = [client.send_task("tests.broker.sleep", args=[3]) for _ in range(2)]
        time.sleep(1.5)  # both running (two unacknowledged messages) while the worker waits for more
        os.kill(redis.status().pid, signal.SIGKILL)
        time.sleep(1)
        redis.start()
        time.sleep(3)  # the tasks end and acknowledge their messages on the lost connection's channel
        assert worker.poll() is None, log_path.read_text()[-2000:]
        # A new client: this test is about the worker; the old client's result subscription died with Redis.
        after = Celery("broker-restart-test-after", broker=url, backend=url)
        answer = after.send_task("legalsite.ping").get(timeout=60)
        del running
        assert answer == "pong"
        assert worker.poll() is None, log_path.read_text()[-2000:]
        assert "Unrecoverable error" not in log_path.read_text()
    finally:
        stop_process(worker)
        log.close()
        redis.stop()
