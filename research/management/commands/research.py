"""``manage.py research "问题"``: research a question in this process and print the live events
(the plan, each step as it starts and finishes with its verification, the synthesis) and the answer.
The events are those the task's stream logs and publishes; the console is one more sink of it
(``core.console.ConsoleSink`` with ``research.events.CONSOLE_LINES``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from core.console import ConsoleSink
from firm.roles import does_client_work
from research import services
from research.events import CONSOLE_LINES


class Command(BaseCommand):
    help = "Research a question (plan → execute → verify → synthesize), printing the live events and the answer."

    def add_arguments(self, parser) -> None:
        parser.add_argument("question")
        parser.add_argument("--user", help="the lawyer the task belongs to (default: the first active admin or staff)")
        parser.add_argument("--tokens", action="store_true", help="print the synthesis tokens as they stream")

    def handle(self, *args: Any, **options: Any) -> None:
        user = self._user(options.get("user"))
        try:
            task = services.task_create(actor=user, question=options["question"], queue=False)
        except Exception as exc:
            raise CommandError("；".join(getattr(exc, "messages", None) or [str(exc)])) from None
        self.stdout.write(f"研究任务 #{task.pk}：{task.question}")
        console = ConsoleSink(self.stdout, lines=CONSOLE_LINES, tokens=options["tokens"])
        task = services.task_run(task_id=task.pk, console=console)
        console.close()
        self.stdout.write("")
        self.stdout.write(f"状态：{task.get_status_display()}  置信度：{task.confidence}  追踪：{task.trace_id}")
        if task.error:
            self.stdout.write(f"错误：{task.error}")
        self.stdout.write("=" * 60)
        self.stdout.write(task.answer or "（无答案）")
        for citation in task.citations:
            self.stdout.write(f"{'✓' if citation['valid'] else '✗'} 《{citation['law']}》{citation['article']}")

    def _user(self, username: str | None) -> Any:
        users = (get_user_model().objects.filter(is_active=True).prefetch_related("groups")
                 .order_by("-is_superuser", "pk"))
        if username:
            user = users.filter(username=username).first()
            if user is None:
                raise CommandError(f"no such active user: {username}")
            return user
        for user in users:
            if does_client_work(user):
                return user
        raise CommandError("no user does client work: create one with manage.py create_user")
