"""Retention: delete traces started before a date, except those under legal hold, and record it."""

from __future__ import annotations

import getpass
import socket
from datetime import date, datetime, time
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from tracing.services import traces_purge


def _date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise CommandError(f"--before 须为日期 YYYY-MM-DD，收到 {value!r}") from None


class Command(BaseCommand):
    help = ("清理指定日期之前开始的追踪（跳过法律保全中的追踪），并追加一条清理记录。"
            "这是删除审计记录的唯一途径。")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--before", required=True, type=_date, metavar="YYYY-MM-DD",
                            help="清理此日期（当地时间 0 点）之前开始的追踪")
        parser.add_argument("--by", default="", metavar="USERNAME", help="执行人的用户名（记入清理记录）")
        parser.add_argument("--dry-run", action="store_true", help="只统计，不删除")

    def handle(self, *args: Any, **options: Any) -> None:
        before = timezone.make_aware(datetime.combine(options["before"], time.min))
        if before > timezone.now():
            raise CommandError("--before 不能晚于今天")
        actor = None
        if options["by"]:
            actor = get_user_model().objects.filter(username=options["by"]).first()
            if actor is None:
                raise CommandError(f"找不到用户 {options['by']!r}")
        performed_by = actor.get_username() if actor else f"{getpass.getuser()}@{socket.gethostname()} (manage.py)"
        outcome = traces_purge(before=before, performed_by=performed_by, actor=actor, dry_run=options["dry_run"])
        verb = "would remove" if options["dry_run"] else "removed"
        self.stdout.write(
            f"{verb} {len(outcome.trace_ids)} trace(s) and {outcome.record_count} record(s) started before "
            f"{before:%Y-%m-%d %H:%M %Z}; {outcome.held_skipped} held trace(s) kept"
        )
        if outcome.record is not None:
            self.stdout.write(f"purge record #{outcome.record.chain_index} hash {outcome.record.hash}")
