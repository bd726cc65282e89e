"""Backups: the database (``pg_dump``, custom format) and the uploaded files (``MEDIA_ROOT``), to a
directory or a ``.tar.gz``; and their restore into the configured database and data dir
(docs/decisions/backups.md). Contracts and drafts keep their bytes in PostgreSQL, so the dump
carries them; Redis holds only caches and live event logs and is not backed up.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.utils import timezone

from legalsite.embedded import postgres_tool

DUMP_NAME = "database.dump"
MEDIA_NAME = "media"
MANIFEST_NAME = "manifest.json"
FORMAT_VERSION = 1


class BackupError(Exception):
    pass


@dataclass(frozen=True)
class BackupResult:
    path: Path
    database_bytes: int
    media_files: int


def _pg_env() -> tuple[list[str], dict[str, str]]:
    db = settings.DATABASES["default"]
    args = ["--host", str(db.get("HOST") or "127.0.0.1"), "--port", str(db.get("PORT") or 5432),
            "--username", str(db.get("USER") or "postgres"), "--dbname", str(db["NAME"])]
    env = dict(os.environ)
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = str(db["PASSWORD"])
    return args, env


def _run(command: list[str], env: dict[str, str]) -> None:
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False, timeout=3600)
    if result.returncode != 0:
        raise BackupError(f"{Path(command[0]).name} failed: {result.stderr.strip()[-2000:]}")


def default_backup_path(now: datetime | None = None) -> Path:
    stamp = timezone.localtime(now or timezone.now()).strftime("%Y%m%d-%H%M%S")
    return Path(settings.DATA_DIR) / "backups" / f"legalsite-{stamp}.tar.gz"


def _write_into(folder: Path) -> BackupResult:
    folder.mkdir(parents=True, exist_ok=True)
    args, env = _pg_env()
    dump = folder / DUMP_NAME
    _run([postgres_tool("pg_dump"), *args, "--format=custom", "--no-owner", "--no-privileges",
          "--file", str(dump)], env)
    media_root = Path(settings.MEDIA_ROOT)
    media_files = 0
    if media_root.is_dir():
        shutil.copytree(media_root, folder / MEDIA_NAME, dirs_exist_ok=True)
        media_files = sum(1 for p in (folder / MEDIA_NAME).rglob("*") if p.is_file())
    manifest = {"format": FORMAT_VERSION, "created_at": timezone.now().isoformat(),
                "database": DUMP_NAME, "database_bytes": dump.stat().st_size,
                "media": MEDIA_NAME if media_files else None, "media_files": media_files}
    (folder / MANIFEST_NAME).write_text(json.dumps(manifest, ensure_ascii=False, indent=2))
    return BackupResult(folder, dump.stat().st_size, media_files)


def backup_create(*, out: Path | None = None) -> BackupResult:
    """Write a backup to ``out``: a ``.tar.gz`` file, or a directory (created; must be empty).
    Without ``out``: ``<data dir>/backups/legalsite-<time>.tar.gz``."""
    target = Path(out) if out is not None else default_backup_path()
    if target.name.endswith((".tar.gz", ".tgz")):
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=target.parent) as work:
            result = _write_into(Path(work) / "backup")
            partial = target.with_name(target.name + ".partial")
            with tarfile.open(partial, "w:gz") as archive:
                for item in sorted(result.path.iterdir()):
                    archive.add(item, arcname=item.name)
            partial.replace(target)  # a reader never sees half an archive
        return BackupResult(target, result.database_bytes, result.media_files)
    if target.exists() and any(target.iterdir()):
        raise BackupError(f"{target} is not empty")
    return _write_into(target)


def _database_is_empty() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
        return cursor.fetchone()[0] == 0


def _safe_extract(archive: tarfile.TarFile, into: Path) -> None:
    for member in archive.getmembers():
        if not (member.isfile() or member.isdir()):
            raise BackupError(f"unexpected entry in the archive: {member.name}")
    archive.extractall(into, filter="data")


def backup_restore(*, source: Path, force: bool = False) -> BackupResult:
    """Restore a backup (directory or ``.tar.gz``) into the configured database and ``MEDIA_ROOT``.
    Refuses a database that already has tables unless ``force`` (then its objects are replaced)."""
    source = Path(source)
    if not source.exists():
        raise BackupError(f"{source} does not exist")
    if not force and not _database_is_empty():
        raise BackupError("the database is not empty: restore into a fresh data dir or pass --force")
    with tempfile.TemporaryDirectory() as work:
        folder = source
        if source.is_file():
            with tarfile.open(source, "r:*") as archive:
                _safe_extract(archive, Path(work))
            folder = Path(work)
        manifest_path = folder / MANIFEST_NAME
        if not manifest_path.exists() or not (folder / DUMP_NAME).exists():
            raise BackupError(f"{source} is not a LegalSite backup (no {MANIFEST_NAME} / {DUMP_NAME})")
        manifest = json.loads(manifest_path.read_text())
        if manifest.get("format") != FORMAT_VERSION:
            raise BackupError(f"unsupported backup format {manifest.get('format')!r}")
        connection.close()  # pg_restore replaces objects this process may hold open
        args, env = _pg_env()
        _run([postgres_tool("pg_restore"), *args, "--no-owner", "--no-privileges", "--clean", "--if-exists",
              "--single-transaction", "--exit-on-error", str(folder / DUMP_NAME)], env)
        media_files = 0
        if (folder / MEDIA_NAME).is_dir():
            shutil.copytree(folder / MEDIA_NAME, Path(settings.MEDIA_ROOT), dirs_exist_ok=True)
            media_files = sum(1 for p in (folder / MEDIA_NAME).rglob("*") if p.is_file())
        return BackupResult(source, (folder / DUMP_NAME).stat().st_size, media_files)
