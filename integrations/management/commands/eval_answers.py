"""``manage.py eval_answers [--answers FILE.jsonl] [--contracts DIR] [--modes multi,single,offline] [--out DIR]``:
what the configured model buys, beside the single-agent mode and the offline engine (Markdown and JSON)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db.models import Q

from firm.models import Role
from integrations import evaluation


class Command(BaseCommand):
    help = ("用答案测量集和合同埋点风险集，分别评测配置的模型（多智能体）、单智能体与离线引擎，"
            "输出并列报告（Markdown 与 JSON）")

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--answers", type=Path, default=evaluation.ANSWER_DATA,
                            help="答案测量集 JSONL（每行 query/question 与 gold 条文）")
        parser.add_argument("--contracts", type=Path, default=evaluation.CONTRACT_DATA,
                            help="合同埋点风险目录（含 planted.json）")
        parser.add_argument("--half", choices=("all", "tune", "measure"), default="measure",
                            help="合同集取哪一半（默认 measure：从未据此调整规则）")
        parser.add_argument("--modes", default=",".join(evaluation.MODES), help="multi,single,offline 的子集")
        parser.add_argument("--limit", type=int, default=None, help="每个集合最多取前 N 条")
        parser.add_argument("--skip-answers", action="store_true")
        parser.add_argument("--skip-contracts", action="store_true")
        parser.add_argument("--out", type=Path, default=Path("var/eval"), help="报告目录")
        parser.add_argument("--user", default="", help="以该用户身份运行（默认：第一个管理员）")

    def handle(self, *args: Any, **options: Any) -> None:
        users = get_user_model().objects.filter(is_active=True)
        admins = Q(groups__name=Role.ADMIN) | Q(is_superuser=True)
        chosen = users.filter(username=options["user"]) if options["user"] else users.filter(admins)
        actor = chosen.order_by("pk").first()
        if actor is None:
            raise CommandError("没有可用的用户（--user）")
        modes = [m.strip() for m in options["modes"].split(",") if m.strip()]
        try:
            items = None if options["skip_answers"] else evaluation.answer_items_load(
                options["answers"], limit=options["limit"])
            cases = None if options["skip_contracts"] else evaluation.contract_cases_load(
                options["contracts"], half=options["half"], limit=options["limit"])
            report = evaluation.evaluate(actor=actor, modes=modes, answer_items=items, contract_cases=cases)
        except (OSError, ValueError, KeyError) as exc:
            raise CommandError(str(exc)) from None
        out: Path = options["out"]
        out.mkdir(parents=True, exist_ok=True)
        (out / "eval.json").write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
        markdown = evaluation.markdown(report)
        (out / "eval.md").write_text(markdown, encoding="utf-8")
        self.stdout.write(markdown)
        self.stdout.write(f"→ {out / 'eval.md'}, {out / 'eval.json'}")
