"""Audit-trail benchmark: the trace recorder's cost per tool call and per LLM call, and the time
``verify_audit`` takes over ~100,000 chained records.

    .venv/bin/python bench/audit.py [--records N] [--samples N] [--quick]

Prints numbers; asserts nothing. Unless DATABASE_URL is set it starts a throw-away embedded
PostgreSQL (default settings, as ``manage.py up`` runs it: fsync and synchronous commit on) and
Redis in a temporary data dir, migrates, and removes everything at the end. An external
DATABASE_URL must point at a scratch database: the records are left there and verify_audit
checks the whole database.

(a) The real TraceRecorder, fed agents.events tool_call/tool_result pairs (one ToolCall record)
    and LLMResult objects through ``llm_listener`` (one LLMCall record; the fake LLM has zero
    latency, so only the recorder is timed). Two paths: called from synchronous code (the record
    is written before the call returns) and from inside an event loop, as the agent runtime does
    (the call queues the write on the recorder's writer thread; the time the loop is blocked is
    measured, and the writer's throughput until ``aclose()``).
(b) More traces through the same recorder (real hashes and chains, ~20 records per trace, a few
    traces per transaction) until the record tables hold ``--records`` rows, then
    ``call_command("verify_audit")`` is timed.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.stats import percentile  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")

SYSTEM = (
    "你是一名中国执业律师的研究助理。只依据检索到的现行有效法律条文回答，逐条注明出处（法律名称与条号），"
    "不确定时明确说明并建议咨询执业律师。回答须结构清晰：结论、依据、风险提示、后续步骤。" * 6
)
QUESTION = "公司以经营困难为由单方解除劳动合同，没有提前通知，也没有支付经济补偿，我可以主张什么？"
ANSWER = (
    "结论：用人单位未依法提前三十日书面通知且未支付经济补偿的，劳动者可以主张经济补偿或赔偿金。"
    "依据：《中华人民共和国劳动合同法》第四十条、第四十六条、第四十七条、第八十七条。"
    "风险提示：须注意申请劳动仲裁的时效为一年。后续步骤：收集劳动合同、工资流水与解除通知。" * 3
)
SUMMARY = "找到 5 条相关法条：劳动合同法第四十条、第四十六条、第四十七条、第八十七条，劳动争议调解仲裁法第二十七条"


def start_services() -> tuple[Path, bool]:
    """Start embedded PostgreSQL/Redis in a temp dir unless URLs are given (before django.setup()).
    Returns the data dir and whether the database is external."""
    external = bool(os.environ.get("DATABASE_URL"))
    data_dir = Path(tempfile.mkdtemp(prefix="legalsite-bench-audit-"))
    os.environ["LEGALSITE_DATA_DIR"] = str(data_dir)
    from legalsite import embedded

    if not os.environ.get("DATABASE_URL"):
        os.environ["DATABASE_URL"] = embedded.EmbeddedPostgres(data_dir).start().url
    if not os.environ.get("REDIS_URL"):
        os.environ["REDIS_URL"] = embedded.EmbeddedRedis(data_dir).start().url
    return data_dir, external


# --- inputs, built before any timing -------------------------------------------------------------
def tool_events(trace_id: str, n: int, tag: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    from agents import events

    pairs = []
    for i in range(n):
        call_id = f"{tag}-call-{i}"
        call = events.tool_call(trace_id, call_id=call_id, agent="legal_research", tool="statute_search",
                                input={"query": f"劳动合同 单方解除 经济补偿 {i}", "top_k": 5, "domain": "labor"})
        result = events.tool_result(trace_id, call_id=call_id, ok=True, summary=SUMMARY, duration_ms=12.5)
        pairs.append((dict(call), dict(result)))
    return pairs


def llm_results(n: int, tag: str) -> list[Any]:
    from agents.llm import LLMResult

    results = []
    for i in range(n):
        request = {"model": "qwen-plus", "temperature": 0.3,
                   "messages": [{"role": "system", "content": SYSTEM},
                                {"role": "user", "content": f"{QUESTION}（{tag} {i}）"}]}
        tokens_in, tokens_out = len(SYSTEM) + len(QUESTION), len(ANSWER)
        response = {"id": f"chatcmpl-{tag}-{i}", "object": "chat.completion", "created": 1_750_000_000,
                    "model": "qwen-plus",
                    "choices": [{"index": 0, "message": {"role": "assistant", "content": ANSWER},
                                 "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": tokens_in, "completion_tokens": tokens_out,
                              "total_tokens": tokens_in + tokens_out}}
        results.append(LLMResult(role="research", model="qwen-plus", content=ANSWER, tool_calls=(),
                                 finish_reason="stop", tokens_in=tokens_in, tokens_out=tokens_out,
                                 latency_ms=0.0, cost_cny=(tokens_in * 0.8 + tokens_out * 2.0) / 1e6,
                                 request=request, response=response))
    return results


# --- (a) per-record cost -------------------------------------------------------------------------
PER_TRACE = 10  # tool calls and LLM calls per trace in part (a)
FAILURES = [0]  # writes the recorders logged as failed (should stay 0)


def measure_sync(samples: int) -> tuple[list[float], list[float]]:
    from tracing.recorder import trace_open

    tool_ms: list[float] = []
    llm_ms: list[float] = []
    for t in range((samples + PER_TRACE - 1) // PER_TRACE):
        recorder = trace_open("chat", None)
        pairs = tool_events(recorder.trace_id, PER_TRACE, f"s{t}")
        results = llm_results(PER_TRACE, f"s{t}")
        with recorder.agent_run("legal_research", "qwen-plus"):
            for (call, result), llm in zip(pairs, results, strict=True):
                started = time.perf_counter()
                recorder(call)
                recorder(result)
                tool_ms.append((time.perf_counter() - started) * 1000)
                started = time.perf_counter()
                recorder.llm_listener(llm)
                llm_ms.append((time.perf_counter() - started) * 1000)
        recorder.close()
        FAILURES[0] += recorder.failures
    return tool_ms, llm_ms


async def measure_async(samples: int) -> tuple[list[float], list[float], float]:
    from tracing.recorder import atrace_open

    tool_ms: list[float] = []
    llm_ms: list[float] = []
    written, busy = 0, 0.0
    for t in range((samples + PER_TRACE - 1) // PER_TRACE):
        recorder = await atrace_open("chat", None)
        pairs = tool_events(recorder.trace_id, PER_TRACE, f"a{t}")
        results = llm_results(PER_TRACE, f"a{t}")
        first = time.perf_counter()
        async with recorder.agent_run("legal_research", "qwen-plus"):
            for (call, result), llm in zip(pairs, results, strict=True):
                started = time.perf_counter()
                recorder(call)
                recorder(result)
                tool_ms.append((time.perf_counter() - started) * 1000)
                started = time.perf_counter()
                recorder.llm_listener(llm)
                llm_ms.append((time.perf_counter() - started) * 1000)
                await asyncio.sleep(0)
        await asyncio.get_running_loop().run_in_executor(None, recorder.flush)
        busy += time.perf_counter() - first
        written += 2 * PER_TRACE + 1
        await recorder.aclose()
        FAILURES[0] += recorder.failures
    return tool_ms, llm_ms, written / busy if busy else float("nan")


# --- (b) fill and verify -------------------------------------------------------------------------
def record_count() -> int:
    from tracing.models import RECORD_MODELS

    return sum(model.objects.count() for model in RECORD_MODELS)


def fill_trace(n: int) -> None:
    """One chat-like trace: a routing decision, two agent runs with tool calls and LLM calls."""
    from agents import events
    from tracing.recorder import trace_open

    recorder = trace_open("chat", None, activate=False)
    tid = recorder.trace_id
    recorder(events.intent(tid, domain="labor", intent="dismissal", confidence=0.92, layer="rule"))
    recorder(events.routing(tid, agents=["legal_research", "advisor"], reason="劳动争议：先检索后建议"))
    per_run = max(1, (n - 3) // 4)
    for agent in ("legal_research", "advisor"):
        tag = f"{tid[:8]}-{agent}"
        with recorder.agent_run(agent, "qwen-plus"):
            for (call, result), llm in zip(tool_events(tid, per_run, tag), llm_results(per_run, tag), strict=True):
                recorder(call)
                recorder(result)
                recorder.llm_listener(llm)
    recorder.close()
    FAILURES[0] += recorder.failures


def fill(target: int, per_trace: int = 20, per_transaction: int = 10) -> tuple[int, float]:
    from django.db import transaction

    started = time.perf_counter()
    have = record_count()
    per_trace_real = 3 + 4 * max(1, (per_trace - 3) // 4)
    traces = 0
    while have < target:
        batch = min(per_transaction, -(-(target - have) // per_trace_real))
        with transaction.atomic():
            for _ in range(batch):
                fill_trace(per_trace)
        traces += batch
        have += batch * per_trace_real
    return traces, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=100_000, help="chained records to verify (default 100000)")
    parser.add_argument("--samples", type=int, default=2000, help="timed tool calls and LLM calls per path")
    parser.add_argument("--quick", action="store_true", help="a small run: 200 samples, 2,000 records")
    args = parser.parse_args()
    if args.quick:
        args.records, args.samples = 2_000, 200

    data_dir, external = start_services()
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection

        call_command("migrate", verbosity=0, interactive=False)
        print(f"PostgreSQL {connection.cursor().connection.info.server_version} "
              f"({'DATABASE_URL' if external else 'embedded, throw-away, default settings'})")

        sync_tool, sync_llm = measure_sync(args.samples)
        async_tool, async_llm, throughput = asyncio.run(measure_async(args.samples))
        print(f"(a) recorder cost per record, {args.samples} samples each, p50 / p95:")
        for label, values in (("tool call, sync (written inline)", sync_tool),
                              ("LLM call,  sync (written inline)", sync_llm),
                              ("tool call, in event loop (loop blocked)", async_tool),
                              ("LLM call,  in event loop (loop blocked)", async_llm)):
            print(f"  {label:<42} {percentile(values, 50):7.3f} ms / {percentile(values, 95):7.3f} ms")
        print(f"  event-loop path, records stored per second until flushed: {throughput:.0f}")

        traces, fill_s = fill(args.records)
        total = record_count()
        print(f"(b) filled {traces} traces in {fill_s:.1f} s; record tables now hold {total} records")
        out = io.StringIO()
        started = time.perf_counter()
        call_command("verify_audit", stdout=out, no_color=True)
        elapsed = time.perf_counter() - started
        print(f"  verify_audit: {elapsed:.2f} s wall; it printed: {out.getvalue().strip()}")
        print(f"  recorder write failures: {FAILURES[0]}")
        connection.close()
    finally:
        from legalsite import embedded

        embedded.remove_data(data_dir)

if __name__ == "__main__":
    main()
