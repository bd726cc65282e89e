"""``manage.py compare_modes --questions FILE.jsonl [--modes multi,single,offline] [--out DIR]``."""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db.models import Q

from firm.models import Role
from integrations import comparison


class Command(BaseCommand):
    help = "同一批问题分别用多智能体、单智能体和离线引擎回答，输出并列对比报告（Markdown 与 JSON）"

    def add_arguments(self, parser) -> None:
        parser.add_argument("--questions", required=True, type=Path, help="JSONL：每行 {question, gold?}")
        parser.add_argument("--modes", default=",".join(comparison.MODES), help="multi,single,offline 的子集")
        parser.add_argument("--out", type=Path, default=Path("var/compare"), help="报告目录")
        parser.add_argument("--user", default="", help="以该用户身份提问（默认：第一个管理员）")

    def handle(self, *args, questions: Path, modes: str, out: Path, user: str, **options) -> None:
        users = get_user_model().objects.filter(is_active=True)
        admins = Q(groups__name=Role.ADMIN) | Q(is_superuser=True)
        chosen = users.filter(username=user) if user else users.filter(admins)
        actor = chosen.order_by("pk").first()
        if actor is None:
            raise CommandError("没有可用的提问用户（--user）")
        try:
            items = comparison.questions_load(questions)
            report = comparison.compare(actor=actor, questions=items, modes=[m.strip() for m in modes.split(",")])
        except (OSError, ValueError) as exc:
            raise CommandError(str(exc)) from None
        out.mkdir(parents=True, exist_ok=True)
        (out / "compare.json").write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
        (out / "compare.md").write_text(comparison.markdown(report), encoding="utf-8")
        for mode, why in report["skipped"].items():
            self.stdout.write(f"{mode}: {why}")
        self.stdout.write(f"{len(items)} 个问题 × {len(report['modes'])} 种模式 → {out / 'compare.md'}, "
                          f"{out / 'compare.json'}")
