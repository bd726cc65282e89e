"""Stopping the embedded PostgreSQL never leaves it running: a fast stop that times out (a shutdown
checkpoint held by a busy disk) is followed by an immediate one; only when that fails too is it an error."""

import subprocess

import pytest

from legalsite import embedded


class _PgCtl:
    def __init__(self, failing_modes: set[str]) -> None:
        self.failing_modes = failing_modes
        self.modes: list[str] = []

    def pg_ctl(self, args, **_kwargs) -> None:
        mode = args[args.index("-m") + 1]
        self.modes.append(mode)
        if mode in self.failing_modes:
            raise subprocess.TimeoutExpired(cmd="pg_ctl", timeout=90)


def _server(tmp_path, monkeypatch, commands: _PgCtl) -> embedded.EmbeddedPostgres:
    server = embedded.EmbeddedPostgres(tmp_path)
    running = embedded.ServiceState("postgres", True, 4242, 5432, "postgresql://x", str(tmp_path))
    monkeypatch.setattr(server, "status", lambda: running)
    monkeypatch.setattr(server, "_commands", lambda: commands)
    return server


def test_a_fast_stop_that_times_out_is_followed_by_an_immediate_one(tmp_path, monkeypatch):
    commands = _PgCtl({"fast"})
    assert _server(tmp_path, monkeypatch, commands).stop() is True
    assert commands.modes == ["fast", "immediate"]


def test_a_fast_stop_that_works_is_the_only_one(tmp_path, monkeypatch):
    commands = _PgCtl(set())
    assert _server(tmp_path, monkeypatch, commands).stop() is True
    assert commands.modes == ["fast"]


def test_a_server_that_stops_neither_way_is_an_error(tmp_path, monkeypatch):
    commands = _PgCtl({"fast", "immediate"})
    with pytest.raises(embedded.EmbeddedError, match="did not stop"):
        _server(tmp_path, monkeypatch, commands).stop()
