"""A task queued by name is registered in a web process too, not only in a Celery worker that
autodiscovers the apps' tasks modules."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from chat.constants import SUMMARY_TASK, TURN_TASK

ROOT = Path(__file__).resolve().parents[2]


def test_a_fresh_django_process_knows_the_chat_tasks_by_name():
    script = (
        "import django, os\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'legalsite.settings')\n"
        "django.setup()\n"
        "from legalsite.celery import app\n"
        f"print({SUMMARY_TASK!r} in app.tasks, {TURN_TASK!r} in app.tasks)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.split()[-2:] == ["True", "True"]
