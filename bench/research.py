"""Research agent bench: overhead per step, parallel vs sequential steps, offline answer quality.

    .venv/bin/python bench/research.py [--sections overhead,parallel,quality] [--split measure|tune|all]
                                       [--data tests/data/research_questions.jsonl] [--dump FILE]

Reads the database the settings point at (the statutes must be imported); the runs are research
tasks of a user ``bench-research`` (created if missing) that are deleted at the end. No trace is
opened and tool results are cached in an in-process cache, so nothing shared is written.

Sections (each prints numbers, asserts nothing):

1. **overhead** — the pipeline's own cost per step: plans of 8 steps whose tools answer at once,
   with no model (offline) and with a zero-latency scripted model (planner + synthesis through the
   real ``openai`` client and the gateway); per-step time = (run time) / steps.
2. **parallel** — 8 independent steps whose tool takes a fixed latency, run with the concurrency
   cap at 1 (sequential), 4 and 8: wall time against max(step) and sum(steps).
3. **quality** — the offline pipeline (heuristic planner, the registered tools, extractive synthesis)
   on ``research_questions.jsonl``: the share of answers that contain the right figure(s), that cite
   every key article (as a citation verified valid), whose citations are all valid, and all three.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
for _name in ("LLM_BASE_URL", "LLM_API_KEY"):
    os.environ.pop(_name, None)

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.test.utils import override_settings  # noqa: E402
from pydantic import BaseModel  # noqa: E402

from agents.aio import run_sync  # noqa: E402
from agents.events import ListCollector  # noqa: E402
from agents.llm import reset_gateway  # noqa: E402
from agents.tools import RunContext, ToolRegistry, tool  # noqa: E402
from bench.stats import percentile  # noqa: E402
from knowledge.embeddings import preload  # noqa: E402
from research.models import ResearchTask  # noqa: E402
from research.services.pipeline import ResearchRun, supervise  # noqa: E402
from research.services.planner import normalise_steps  # noqa: E402
from research.services.store import steps_replace  # noqa: E402
from tests.fakellm import FakeLLM, Reply  # noqa: E402

LOCAL_CACHE = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "research-bench"}}
STEPS = 8


class _Query(BaseModel):
    query: str
    top_k: int = 5


def fixed_latency_registry(latency: float) -> ToolRegistry:
    registry = ToolRegistry()

    @tool(name="search_legal_knowledge", registry=registry, retries=0, timeout=600)
    async def search(params: _Query, ctx: RunContext) -> dict[str, Any]:
        """检索（测量用）。"""
        if latency:
            await asyncio.sleep(latency)
        return {"content": "[1] 《中华人民共和国劳动合同法》第四十七条：经济补偿按工作年限支付。",
                "sources": [{"law": "中华人民共和国劳动合同法", "article_label": "第四十七条", "article_no": 47,
                             "article_id": 47,
                             "text": "经济补偿按劳动者在本单位工作的年限支付。"}]}

    return registry


def _user() -> Any:
    from firm.services import user_create

    user = get_user_model().objects.filter(username="bench-research").first()
    return user or user_create(username="bench-research", role="staff", password=os.urandom(16).hex(),
                               display_name="bench-research")[0]


def _task(user: Any, question: str, steps: list[dict[str, Any]] | None = None) -> ResearchTask:
    task = ResearchTask.objects.create(owner=user, question=question, status="planning",
                                       trace_id="00000000-0000-0000-0000-000000000000")
    if steps is not None:
        steps_replace(task.pk, normalise_steps(steps))
        task.plan = {"source": "bench", "approved": True}
        task.save(update_fields=["plan"])
    return task


def _run(task: ResearchTask, *, registry: ToolRegistry | None = None) -> tuple[float, ListCollector]:
    collector = ListCollector()
    run = ResearchRun(task, emit=collector, registry=registry)
    started = time.perf_counter()
    run_sync(supervise(run))
    return time.perf_counter() - started, collector


def _independent(n: int) -> list[dict[str, Any]]:
    return [{"id": f"s{i}", "description": f"检索 {i}", "tool_type": "search_legal", "input": f"经济补偿 {i}"}
            for i in range(1, n + 1)]


# --- sections -------------------------------------------------------------------------------------------------
def overhead(user: Any, rounds: int = 5) -> dict[str, Any]:
    registry = fixed_latency_registry(0)
    out: dict[str, Any] = {}
    timings = []
    _run(_task(user, "经济补偿怎么计算？", _independent(2)), registry=registry)  # warm-up: corpus caches
    for _ in range(rounds):
        elapsed, _ = _run(_task(user, "经济补偿怎么计算？", _independent(STEPS)), registry=registry)
        timings.append(elapsed)
    out["offline_ms_per_step"] = round(statistics.median(timings) / STEPS * 1000, 2)
    plan = {"steps": _independent(STEPS)}
    timings = []
    with FakeLLM() as fake, override_settings(LLM_BASE_URL=fake.base_url, LLM_API_KEY="sk-bench-0123456789"):
        reset_gateway()
        for _ in range(rounds):
            fake.script(Reply.json(plan),
                        Reply.text("### 结论\n依据《中华人民共和国劳动合同法》第四十七条支付经济补偿。"))
            elapsed, _ = _run(_task(user, "经济补偿怎么计算？"), registry=registry)
            timings.append(elapsed)
    reset_gateway()
    out["llm_zero_latency_ms_per_step"] = round(statistics.median(timings) / STEPS * 1000, 2)
    out["llm_zero_latency_run_ms"] = round(statistics.median(timings) * 1000, 1)
    return out


def parallel(user: Any, latency: float = 0.3) -> dict[str, Any]:
    registry = fixed_latency_registry(latency)
    out: dict[str, Any] = {"steps": STEPS, "step_latency_s": latency, "max_s": latency,
                           "sum_s": round(latency * STEPS, 2)}
    _run(_task(user, "经济补偿怎么计算？", _independent(2)), registry=registry)  # warm-up: corpus caches
    for cap in (1, 4, 8):
        with override_settings(RESEARCH_CONCURRENCY=cap):
            elapsed, _ = _run(_task(user, "经济补偿怎么计算？", _independent(STEPS)), registry=registry)
        out[f"concurrency_{cap}_s"] = round(elapsed, 3)
    return out


def quality(user: Any, items: list[dict[str, Any]], dump: Path | None) -> dict[str, Any]:
    rows = []
    for item in items:
        elapsed, collector = _run(_task(user, item["question"]))
        final = next((e for e in collector.events if e["type"] == "final"), None)
        answer = final["answer"] if final else ""
        citations = final["citations"] if final else []
        valid = {(c["law"], c["article"]) for c in citations if c["valid"]}
        figure = all(f in answer.replace(",", "") for f in item["figures"])
        cited = all((law, article) in valid for law, article in item["articles"])
        clean = all(c["valid"] for c in citations)
        rows.append({"id": item["id"], "figure": figure, "cited": cited, "citations_valid": clean,
                     "ok": figure and cited and clean, "ms": round(elapsed * 1000), "steps": len(
                         [e for e in collector.events if e["type"] == "step_finished"]),
                     "answer": answer})
    if dump is not None:
        dump.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), encoding="utf-8")
    n = len(rows) or 1
    ms = [r["ms"] for r in rows]
    return {"questions": len(rows),
            "right_figure": round(sum(r["figure"] for r in rows) / n, 3),
            "key_articles_cited": round(sum(r["cited"] for r in rows) / n, 3),
            "all_citations_valid": round(sum(r["citations_valid"] for r in rows) / n, 3),
            "all_three": round(sum(r["ok"] for r in rows) / n, 3),
            "misses": [r["id"] for r in rows if not r["ok"]],
            "p50_ms": percentile(ms, 50) if ms else None, "p95_ms": percentile(ms, 95) if ms else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sections", default="overhead,parallel,quality")
    parser.add_argument("--split", default="measure", choices=("measure", "tune", "all"))
    parser.add_argument("--data", type=Path, default=ROOT / "tests" / "data" / "research_questions.jsonl")
    parser.add_argument("--dump", type=Path)
    args = parser.parse_args()
    sections = set(args.sections.split(","))
    items = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    if args.split != "all":
        items = [i for i in items if i["split"] == args.split]
    preload()
    user = _user()
    report: dict[str, Any] = {}
    try:
        with override_settings(LLM_BASE_URL="", LLM_API_KEY="", CACHES=LOCAL_CACHE):
            reset_gateway()
            if "overhead" in sections:
                report["overhead"] = overhead(user)
            if "parallel" in sections:
                report["parallel"] = parallel(user)
            if "quality" in sections:
                report["quality"] = quality(user, items, args.dump) | {"split": args.split}
    finally:
        ResearchTask.objects.filter(owner=user).delete()
        reset_gateway()
    print(json.dumps(report, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
