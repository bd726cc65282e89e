"""Start-up step of ``manage.py up`` (``make run``): when an LLM is configured, run the capability
check once, before the worker and daphne start, so every process reads the stored profile; print
the table and say plainly what will degrade. A failed check never stops the start: the gateway then
uses the profile the base URL names."""

from __future__ import annotations

import os
from dataclasses import replace
from typing import TextIO

from django.conf import settings

from agents.llm import LLMConfig, LLMError, LLMGateway, reset_gateway
from agents.llm.check import check_endpoint, report_table
from agents.llm.store import stored_profile_save

#: ``LLM_CHECK_ON_START=0`` skips the check (the stored profile from the last check stays in use).
SKIP_ENV = "LLM_CHECK_ON_START"


def llm_profile(stdout: TextIO) -> str | None:
    """Probe the endpoint, store the profile and return the banner's LLM line (None when offline)."""
    if not settings.LLM_BASE_URL:
        return None
    if os.environ.get(SKIP_ENV, "1").strip() in ("0", "false", "no"):
        return "LLM：已跳过启动检查（LLM_CHECK_ON_START=0），沿用上次保存的能力档案"
    stdout.write("Checking the LLM endpoint (manage.py llm_check)\n")
    stdout.flush()
    config = LLMConfig.from_settings()
    try:
        report = check_endpoint(LLMGateway(replace(config, measured={})), timeout=15.0)
    except (LLMError, OSError) as exc:
        return f"LLM 检查失败（{getattr(exc, 'message', exc)}）：按地址推断的档案运行"
    stored_profile_save(settings.LLM_PROFILE_PATH, report)
    reset_gateway()
    stdout.write(report_table(report) + "\n")
    for note in report["degraded"]:
        stdout.write(f"  降级：{note}\n")
    summary = "；".join(report["degraded"]) or "全部能力可用"
    return f"LLM：{report['provider']}（{', '.join(report['models'])}）— {summary}"
