"""Contract review: (a) an offline auto-review of a 50-section contract — total time and the cost of
each section — and (b) a review turn's overhead beside a zero-latency fake LLM.

    .venv/bin/python bench/contracts_review.py [--sections 50] [--turns 30] [--no-statutes]

Prints numbers; asserts nothing. Starts a throw-away embedded PostgreSQL and Redis in a temporary
directory, migrates (the starter playbook is loaded), imports 民法典 so each finding's basis is
looked up in a real corpus (``--no-statutes`` skips it: basis look-ups then miss), uploads a
generated contract through the real upload service and reviews it as the Celery task would
(``contracts.services.review.review_run``, in this process).

(b) times ``contracts.services.review.section_review`` — trace, system prompt with the issue
snapshot, ``run_agent`` of the ``contract_review`` agent through the gateway, events to the
contract's group — against a bare ``LLMGateway.complete`` with the same messages, both talking to
the same fake endpoint that answers at once. The difference is what a review turn adds around
the model call.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
from bench.stats import percentile  # noqa: E402

RISKS = (
    "甲方应于本合同签订之日起三日内向乙方支付定金人民币叁拾万元。",
    "任何一方违约的，应按合同总价款的百分之五十向守约方支付违约金。",
    "乙方对本合同项下的一切损失概不负责。",
    "乙方有权根据经营需要单方变更服务内容，无需另行通知甲方。",
)


def contract_text(sections: int) -> str:
    """A service contract with ``sections`` numbered clauses; every fifth carries a planted risk."""
    lines = ["技术服务合同", "甲方：北京云杉科技有限公司", "乙方：上海海川信息技术有限公司",
             "第一条 服务内容与价款", "乙方为甲方提供系统运维服务，合同总价款为人民币壹佰万元。"]
    for n in range(2, sections + 1):
        lines.append(f"第{n}条 约定事项{n}")
        body = f"双方应按照本合同约定履行第{n}项义务，并就履行情况每月书面确认一次。"
        if n % 5 == 0:
            body += RISKS[(n // 5) % len(RISKS)]
        lines.append(body)
    lines += ["甲方（盖章）：          乙方（盖章）：", "签订日期：              签订日期："]
    return "\n".join(lines) + "\n"


def start_services() -> Path:
    data_dir = Path(tempfile.mkdtemp(prefix="legalsite-bench-review-"))
    os.environ["LEGALSITE_DATA_DIR"] = str(data_dir)
    for name in ("DATABASE_URL", "REDIS_URL", "LLM_BASE_URL", "LLM_API_KEY"):
        os.environ.pop(name, None)
    from legalsite import embedded

    os.environ["DATABASE_URL"] = embedded.EmbeddedPostgres(data_dir).start().url
    os.environ["REDIS_URL"] = embedded.EmbeddedRedis(data_dir).start().url
    return data_dir


def offline_review(user, sections: int) -> None:
    from contracts.models import ReviewIssue
    from contracts.services import review
    from contracts.services.contracts import contract_split, contract_upload

    started = time.perf_counter()
    uploaded = contract_upload(actor=user, file_name="bench.txt", data=contract_text(sections).encode(),
                               title="基准合同", queue=False)
    contract = contract_split(contract_id=uploaded.pk)  # what the worker's task does
    upload_ms = (time.perf_counter() - started) * 1000
    marks: list[float] = []

    def listener(event: dict) -> None:
        if event.get("type") == "progress" and event.get("section"):
            marks.append(time.perf_counter())

    run = review.review_start(actor=user, contract=contract, mode="auto", queue=False)
    started = time.perf_counter()
    finished = review.review_run(run_id=run.pk, listener=listener)
    total = time.perf_counter() - started
    per_section = [(b - a) * 1000 for a, b in zip([started, *marks[:-1]], marks, strict=True)]
    issues = ReviewIssue.objects.filter(contract=contract)
    print(f"(a) offline auto-review of a {finished.total}-section contract (upload + split {upload_ms:.0f} ms):")
    print(f"  total {total:.2f} s, status {finished.status}; "
          f"{issues.filter(section__isnull=False).count()} issues on clauses, "
          f"{issues.filter(section__isnull=True).count()} missing clauses")
    print(f"  per section: p50 {percentile(per_section, 50):.1f} ms, p95 {percentile(per_section, 95):.1f} ms, "
          f"max {max(per_section):.1f} ms (playbook, issues written with their audit events, progress published)")


def turn_overhead(user, turns: int) -> None:
    from django.conf import settings

    from agents.aio import run_sync
    from agents.llm import get_gateway, reset_gateway
    from contracts.services import review
    from contracts.services.contracts import contract_split, contract_upload
    from tests.fakellm import FakeLLM, Reply

    answer = "审查思路：本条约定双方按月书面确认履行情况，权利义务明确，未发现风险。"
    uploaded = contract_upload(actor=user, file_name="turn.txt", data=contract_text(10).encode(), title="回合",
                               queue=False)
    contract = contract_split(contract_id=uploaded.pk)
    with FakeLLM() as fake:
        settings.LLM_BASE_URL, settings.LLM_API_KEY = fake.base_url, "sk-bench"
        reset_gateway()
        run = review.review_start(actor=user, contract=contract, mode="manual")
        section = contract.sections.get(number="第3条")
        messages = [{"role": "system", "content": review.system_prompt(contract, run.snapshot, section)},
                    {"role": "user", "content": review.section_message(section)}]
        gateway = get_gateway()
        turn_ms, bare_ms = [], []
        for index in range(turns + 3):
            fake.script(Reply.text(answer))
            started = time.perf_counter()
            result, _ = review.section_review(actor=user, run=run, section=section)
            elapsed = (time.perf_counter() - started) * 1000
            assert result.content == answer
            fake.script(Reply.text(answer))
            started = time.perf_counter()
            run_sync(gateway.complete("contract_review", messages))  # the same loop a turn uses
            bare = (time.perf_counter() - started) * 1000
            if index >= 3:  # warm-up
                turn_ms.append(elapsed)
                bare_ms.append(bare)
    diffs = [t - b for t, b in zip(turn_ms, bare_ms, strict=True)]
    print(f"(b) a review turn beside a zero-latency fake LLM, {turns} turns:")
    print(f"  review turn p50 {percentile(turn_ms, 50):.1f} ms / p95 {percentile(turn_ms, 95):.1f} ms; "
          f"bare gateway call p50 {percentile(bare_ms, 50):.1f} ms / p95 {percentile(bare_ms, 95):.1f} ms")
    print(f"  overhead (median of per-turn differences): {percentile(diffs, 50):.1f} ms "
          "(trace opened and sealed, prompt with the issue snapshot, agent run record, streamed events)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sections", type=int, default=50)
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--no-statutes", action="store_true", help="do not import 民法典 (basis look-ups miss)")
    args = parser.parse_args()
    data_dir = start_services()
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection

        call_command("migrate", verbosity=0, interactive=False)
        from firm.services import user_create

        if not args.no_statutes:
            from knowledge import embeddings, services

            started = time.perf_counter()
            services.statute_import(laws=["民法典"], embedder=embeddings.UseEmbedder())
            print(f"imported 民法典 in {time.perf_counter() - started:.0f} s (not part of the numbers below)")
        user, _ = user_create(username="bench-lawyer", role="staff", password=secrets.token_urlsafe(16),
                              display_name="律师")
        offline_review(user, args.sections)
        turn_overhead(user, args.turns)
        connection.close()
    finally:
        from legalsite import embedded

        embedded.remove_data(data_dir)


if __name__ == "__main__":
    main()
