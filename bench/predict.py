"""Offline /api/v1/predict bench: latency, failed steps and parts covered on multi-part questions.

    LEGALSITE_DATA_DIR=/tmp/full .venv/bin/python bench/predict.py [--data bench/data/blind/answers.jsonl]
                                                                   [--all] [--limit N] [--dump FILE]

Runs the predict service path (``research.services.predict``: plan → execute → verify → synthesize,
then the conclusions and cards of ARCHITECTURE §8) in this process, with no model (offline), on the
questions of the answers set that have more than one part (``--all``: every question). Tool results
go to an in-process cache, so nothing shared is written; the tasks are deleted at the end.

Prints per question the time, the failed steps and the parts covered; then p50/p95 of the time,
the number of failed steps and of questions with one, the parts covered (a part is covered when the
answer carries a conclusion line of its own for it that is not empty and not a refusal), and the
answers that show arithmetic on stray numbers (``600000+3 = 600003``). Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
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

from agents.llm import reset_gateway  # noqa: E402
from bench.stats import percentile  # noqa: E402
from knowledge.embeddings import preload  # noqa: E402
from research.models import ResearchTask  # noqa: E402
from research.services import PredictFailed, PredictTimeout, predict  # noqa: E402

LOCAL_CACHE = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "predict-bench"}}
_STRAY_SUM = re.compile(r"\d[\d,.]*\s*[+＋]\s*\d[\d,.]*\s*=")
_REFUSALS = ("无法生成答案", "无法判断", "未能确定")


def _user() -> Any:
    from firm.services import user_create

    user = get_user_model().objects.filter(username="bench-predict").first()
    return user or user_create(username="bench-predict", role="staff", password=os.urandom(16).hex(),
                               actor_name="bench/predict.py")[0]


def covered(conclusions: list[dict[str, Any]], wanted: int) -> int:
    """How many of the question's ``wanted`` parts have a conclusion of their own that answers."""
    lines = [str(c.get("text") or "").strip() for c in conclusions]
    distinct = []
    for line in lines:
        if line and line not in distinct and not any(r in line for r in _REFUSALS):
            distinct.append(line)
    return min(wanted, len(distinct))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=ROOT / "bench" / "data" / "blind" / "answers.jsonl")
    parser.add_argument("--all", action="store_true", help="every question, not only the multi-part ones")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--dump", type=Path)
    args = parser.parse_args()
    items = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not args.all:
        items = [i for i in items if len(i.get("parts") or []) > 1]
    if args.limit:
        items = items[: args.limit]
    preload()
    user = _user()
    times: list[float] = []
    failed_steps = questions_failed = parts_total = parts_covered = stray = errors = 0
    dump = []
    with override_settings(LLM_BASE_URL="", LLM_API_KEY="", CACHES=LOCAL_CACHE):
        reset_gateway()
        try:
            predict(actor=user, question="公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？")  # warm-up
        except (PredictTimeout, PredictFailed):
            pass
        for item in items:
            wanted = len(item.get("parts") or []) or 1
            start = time.perf_counter()
            try:
                result = predict(actor=user, question=item["question"])
            except (PredictTimeout, PredictFailed) as exc:
                elapsed = time.perf_counter() - start
                times.append(elapsed)
                errors += 1
                parts_total += wanted
                print(f"{item['id']}  {elapsed:6.2f}s  ERROR {type(exc).__name__}")
                continue
            elapsed = time.perf_counter() - start
            times.append(elapsed)
            failed = [s for s in result.steps if s.get("status") == "failed"]
            failed_steps += len(failed)
            questions_failed += bool(failed)
            got = covered(result.conclusions, wanted)
            parts_total += wanted
            parts_covered += got
            answer = result.task.answer or ""
            stray += bool(_STRAY_SUM.search(answer))
            print(f"{item['id']}  {elapsed:6.2f}s  steps {len(result.steps)} failed {len(failed)}  "
                  f"parts {got}/{wanted}  conclusions {len(result.conclusions)}")
            for step in failed:
                print(f"      failed {step.get('tool_type')}: {step.get('error')}")
            dump.append({"id": item["id"], "seconds": round(elapsed, 3), "failed": [s.get("error") for s in failed],
                         "parts": wanted, "covered": got, "conclusions": result.conclusions,
                         "cards": result.cards, "answer": answer})
        reset_gateway()
    ResearchTask.objects.filter(owner=user).delete()
    n = len(times)
    print(f"\n== offline predict: {n} questions ({'all' if args.all else 'multi-part'}) ==")
    if n:
        print(f"  latency p50 {percentile(times, 50):.2f} s  p95 {percentile(times, 95):.2f} s  "
              f"max {max(times):.2f} s")
    print(f"  failed steps {failed_steps} (questions with one: {questions_failed}); timeouts/errors {errors}")
    print(f"  parts covered {parts_covered}/{parts_total} = {parts_covered / max(parts_total, 1):.3f}")
    print(f"  answers with arithmetic on stray numbers: {stray}")
    if args.dump:
        args.dump.write_text(json.dumps(dump, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
