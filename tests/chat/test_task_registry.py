"""A task queued by name is registered in a web process too, not only in a Celery worker that
autodiscovers the apps' tasks modules; and registering them (with the rest of ``django.setup()``) does
not import what only a turn, a review or a search runs, which every child process would pay for at start
(docs/decisions/test-suite.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from chat.constants import SUMMARY_TASK, TURN_TASK

ROOT = Path(__file__).resolve().parents[2]

#: Imported at first use, not by ``django.setup()``: the card engine's fact readers (~240 patterns), the
#: playbook's engine and rule specs, the intent rules, the chat's offline handlers, the card matcher.
FIRST_USE_ONLY = ("legal.facts", "legal.composer", "legal.engine", "chat.turn", "chat.services",
                  "contracts.playbook", "contracts.playbook.engine", "contracts.playbook.spec",
                  "legal.text.intent_rules", "chat.offline", "legal.matcher", "legal.retrieval")


@pytest.fixture(scope="module")
def fresh_process() -> dict:
    script = (
        "import django, json, os, sys\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'legalsite.settings')\n"
        "django.setup()\n"
        "from legalsite.celery import app\n"
        f"print(json.dumps({{'tasks': [{SUMMARY_TASK!r} in app.tasks, {TURN_TASK!r} in app.tasks],\n"
        f"                  'loaded': [m for m in {FIRST_USE_ONLY!r} if m in sys.modules]}}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def test_a_fresh_django_process_knows_the_chat_tasks_by_name(fresh_process: dict):
    assert fresh_process["tasks"] == [True, True]


def test_a_fresh_django_process_has_not_imported_what_only_a_turn_review_or_search_uses(fresh_process: dict):
    assert fresh_process["loaded"] == []
