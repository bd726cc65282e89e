"""Configuration from the environment: good values parse, bad ones stop start-up with one line."""

import pytest

from legalsite.env import ConfigError, env_bool, env_choice, env_int, env_url, redact_url
from tests.support import manage


def test_env_bool_accepts_common_spellings(monkeypatch):
    monkeypatch.setenv("FLAG", "Yes")
    assert env_bool("FLAG") is True
    monkeypatch.setenv("FLAG", "0")
    assert env_bool("FLAG", default=True) is False


def test_env_bool_rejects_garbage_and_names_the_variable(monkeypatch):
    monkeypatch.setenv("DEBUG", "maybe")
    with pytest.raises(ConfigError) as excinfo:
        env_bool("DEBUG")
    assert str(excinfo.value).startswith("DEBUG:")
    assert "maybe" in str(excinfo.value)


def test_env_int_range(monkeypatch):
    monkeypatch.setenv("PORT", "70000")
    with pytest.raises(ConfigError, match="PORT"):
        env_int("PORT", 8000, minimum=1, maximum=65535)
    monkeypatch.setenv("PORT", "8123")
    assert env_int("PORT", 8000, minimum=1, maximum=65535) == 8123


@pytest.mark.parametrize(
    "value, message",
    [("mysql://u@h/db", "unsupported scheme"), ("postgres://h:port/db", "cannot parse"), ("nonsense", "scheme")],
)
def test_env_url_rejects_bad_urls(monkeypatch, value, message):
    monkeypatch.setenv("DATABASE_URL", value)
    with pytest.raises(ConfigError, match=message) as excinfo:
        env_url("DATABASE_URL", schemes=("postgres", "postgresql"))
    assert excinfo.value.name == "DATABASE_URL"


def test_env_choice_unknown_backend(monkeypatch):
    monkeypatch.setenv("EMBEDDING_BACKEND", "word2vec")
    with pytest.raises(ConfigError, match="unknown value 'word2vec'"):
        env_choice("EMBEDDING_BACKEND", ("use", "openai"), "use")


def test_redact_url_hides_password():
    assert redact_url("redis://:s3cret@host:6379/0") == "redis://:***@host:6379/0"
    assert "s3cret" not in redact_url("postgresql://u:s3cret@db:5432/x")


@pytest.mark.parametrize(
    "variable, value",
    [
        ("DEBUG", "perhaps"),
        ("DATABASE_URL", "mysql://root@localhost/legalsite"),
        ("REDIS_URL", "http://localhost:6379"),
        ("PORT", "eighty"),
        ("EMBEDDING_BACKEND", "word2vec"),
        ("LLM_BASE_URL", "ftp://models.example"),
        ("SECRET_KEY", "short"),
        ("LLM_PRICES", "{qwen-plus: 1}"),
        ("LLM_TEMPERATURE_CRITIC", "cold"),
    ],
)
def test_manage_py_stops_with_one_line_naming_the_variable(variable, value):
    import os

    env = dict(os.environ, **{variable: value})
    result = manage("check", env=env)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"Configuration error: {variable}:")
    assert "Traceback" not in result.stderr


def test_missing_companion_variable_is_named():
    import os

    env = {k: v for k, v in os.environ.items() if not k.startswith("EMBEDDING_")}
    env["EMBEDDING_BACKEND"] = "openai"
    result = manage("check", env=env)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "Configuration error: EMBEDDING_BASE_URL: required when EMBEDDING_BACKEND=openai"
    )


@pytest.mark.slow
def test_runserver_is_daphnes_and_no_other_process_loads_daphnes_app():
    """daphne's app gives `runserver` its ASGI server (websockets); it installs Twisted's reactor at import, so the
    other processes (this one: the tests, Celery, the other commands) go without it."""
    from django.conf import settings

    result = manage("runserver", "--help")
    assert result.returncode == 0, result.stderr
    assert "--websocket_handshake_timeout" in result.stdout  # daphne's runserver, not Django's
    assert "daphne" not in settings.INSTALLED_APPS
