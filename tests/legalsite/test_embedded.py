"""Embedded PostgreSQL+pgvector and Redis: found or started by any command, surviving between them."""

import os
import signal
import time

import psutil
import psycopg
import pytest
import redis

from legalsite import embedded
from tests.support import clean_env, manage

pytestmark = pytest.mark.slow  # manage.py commands as child processes


@pytest.fixture
def data_dir(tmp_path):
    yield tmp_path
    embedded.remove_data(tmp_path)


def test_any_command_starts_services_that_outlive_it(data_dir):
    env = clean_env(LEGALSITE_DATA_DIR=str(data_dir))

    # a command that connects to the database (check's database tag; the other checks are not this test's)
    assert manage("check", "--database", "default", "--tag", "database", env=env).returncode == 0

    status = manage("services", "status", env=env)
    assert status.returncode == 0
    assert "postgres: running" in status.stdout
    assert "redis: running" in status.stdout
    pg_state = embedded.EmbeddedPostgres(data_dir).status()
    with psycopg.connect(pg_state.url) as conn:  # the server outlived the command that started it
        assert conn.execute("SELECT current_database()").fetchone()[0] == "legalsite"
        assert conn.execute("SELECT count(*) FROM pg_available_extensions WHERE name='vector'").fetchone()[0] == 1

    stopped = manage("services", "stop", env=env)
    assert "postgres: stopped" in stopped.stdout and "redis: stopped" in stopped.stdout
    assert "stopped (stopped)" in manage("services", "status", env=env).stdout
    assert not psutil.pid_exists(pg_state.pid)


def test_services_command_leaves_external_services_alone(data_dir):
    env = dict(os.environ, LEGALSITE_DATA_DIR=str(data_dir))  # DATABASE_URL and REDIS_URL are set
    result = manage("services", "stop", env=env)
    assert result.returncode == 0
    assert "postgres: external (DATABASE_URL)" in result.stdout
    assert "redis: external (REDIS_URL)" in result.stdout


def test_server_settings_from_the_environment_are_name_value_pairs(monkeypatch):
    monkeypatch.setenv(embedded.POSTGRES_SETTINGS_ENV, " fsync=off, synchronous_commit=off ,")
    assert embedded.settings_from_env(embedded.POSTGRES_SETTINGS_ENV) == ["fsync=off", "synchronous_commit=off"]
    monkeypatch.delenv(embedded.REDIS_SETTINGS_ENV, raising=False)
    assert embedded.settings_from_env(embedded.REDIS_SETTINGS_ENV) == []
    for bad in ("fsync", "fsync=", "=off"):
        monkeypatch.setenv(embedded.POSTGRES_SETTINGS_ENV, bad)
        with pytest.raises(embedded.EmbeddedError, match=embedded.POSTGRES_SETTINGS_ENV):
            embedded.settings_from_env(embedded.POSTGRES_SETTINGS_ENV)


def test_redis_recovers_from_a_stale_pid_file(data_dir, monkeypatch):
    monkeypatch.setenv(embedded.REDIS_SETTINGS_ENV, "appendonly=no")  # after the defaults: the last one wins
    service = embedded.EmbeddedRedis(data_dir)
    first = service.start()
    os.kill(first.pid, signal.SIGKILL)
    psutil.Process(first.pid).wait(5) if psutil.pid_exists(first.pid) else None
    service.pidfile.write_text(f"{os.getpid()}\n")  # a live pid that is not redis
    assert service.status().running is False

    second = service.start()
    assert second.running and second.pid != first.pid
    assert redis.Redis.from_url(second.url).ping()
    assert redis.Redis.from_url(second.url, decode_responses=True).config_get("appendonly") == {"appendonly": "no"}
    service.stop()
    assert service.status().running is False


def test_postgres_recovers_after_being_killed(data_dir, monkeypatch):
    monkeypatch.setenv(embedded.POSTGRES_SETTINGS_ENV, "fsync=off,synchronous_commit=off")
    service = embedded.EmbeddedPostgres(data_dir)
    first = service.start()
    psutil.Process(first.pid).kill()
    deadline = time.monotonic() + 10
    while service.status().running and time.monotonic() < deadline:
        time.sleep(0.1)
    assert (data_dir / "postgres" / "postmaster.pid").exists()  # left behind by the kill

    second = service.start()
    assert second.running and second.pid != first.pid
    with psycopg.connect(second.url) as conn:
        assert conn.execute("SELECT 1").fetchone()[0] == 1
        assert conn.execute("SHOW fsync").fetchone()[0] == "off"
        assert conn.execute("SHOW synchronous_commit").fetchone()[0] == "off"
    assert service.stop() is True
