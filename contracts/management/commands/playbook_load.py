"""``manage.py playbook_load``: add the starter playbook rules the table lacks (idempotent; migrate does
the same). ``--reset CODE …`` restores those starter rules to the shipped version; ``--reset-all``
restores every starter rule."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from contracts.selectors.playbook import playbook_rule_list
from contracts.services.playbook import playbook_load_starter, playbook_rule_reset


class Command(BaseCommand):
    help = "Load the starter review playbook (missing rules only); --reset restores starter rules."

    def add_arguments(self, parser):
        parser.add_argument("--reset", nargs="+", metavar="CODE", default=[], help="restore these starter rules")
        parser.add_argument("--reset-all", action="store_true", help="restore every starter rule")

    def handle(self, *args, reset, reset_all, **options):
        added = playbook_load_starter()
        self.stdout.write(f"新增初始规则 {len(added)} 条" + (f"：{', '.join(added)}" if added else ""))
        rules = playbook_rule_list()
        if not reset_all:
            rules = rules.filter(code__in=reset)
            missing = set(reset) - {r.code for r in rules}
            if missing:
                raise CommandError(f"没有这些规则：{', '.join(sorted(missing))}")
        restored = []
        for rule in rules:
            try:
                playbook_rule_reset(actor=None, rule=rule)
            except ValidationError:
                if not reset_all:
                    raise CommandError(f"{rule.code} 不是初始规则，无法恢复") from None
                continue
            restored.append(rule.code)
        if restored:
            self.stdout.write(f"已恢复为初始版本 {len(restored)} 条")
