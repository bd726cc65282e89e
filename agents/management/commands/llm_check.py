"""``manage.py llm_check``: probe the configured LLM endpoint per role, print what it can do, and
store the profile every process's gateway then uses (``settings.LLM_PROFILE_PATH``)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from agents.llm import LLMConfig, LLMError, LLMGateway, reset_gateway
from agents.llm.check import check_endpoint, report_table
from agents.llm.store import stored_profile_save


class Command(BaseCommand):
    help = "Probe the configured LLM endpoint (chat, streaming, tools, JSON mode, reasoning, context, latency)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--timeout", type=float, default=30.0, help="seconds per probe request")
        parser.add_argument("--no-store", action="store_true", help="print only; keep the stored profile")
        parser.add_argument("--json", action="store_true", help="print the whole report as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        config = LLMConfig.from_settings()
        if config.offline:
            raise CommandError("LLM_BASE_URL is not set: LegalSite runs its offline engine; nothing to check.")
        gateway = LLMGateway(replace(config, measured={}))  # measure afresh
        try:
            report = check_endpoint(gateway, timeout=options["timeout"])
        except LLMError as exc:
            raise CommandError(exc.message) from None
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False, indent=2))
        else:
            self.stdout.write(f"provider: {report['provider']} (from {report['provider_source']})  "
                              f"endpoint: {config.describe()['base_url']}")
            self.stdout.write(report_table(report))
            for note in report["degraded"] or ["全部能力可用，没有降级。"]:
                self.stdout.write(f"- {note}")
        if not options["no_store"]:
            stored_profile_save(settings.LLM_PROFILE_PATH, report)
            reset_gateway()
            self.stdout.write(f"stored the profile in {settings.LLM_PROFILE_PATH} (processes already running "
                              "read it when restarted; make run checks at every start)")
