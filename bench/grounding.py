"""End-to-end grounding bench: offline answers through the chat turn, intent calibration, retrieval.

    LEGALSITE_DATA_DIR=/tmp/kdev .venv/bin/python bench/grounding.py [--data tests/data]
                                [--limit N] [--sections answers,intent,retrieval] [--dump FILE]

Reads the database the settings point at and writes nothing to it: each question runs the turn's
agents' part (``chat.turn.answer_turn``: classify → route → specialists → critic, the offline engine
since no model is configured) with a recorder that keeps the events in memory, and tool results are
cached in a local in-process cache instead of the shared one.

Sections (each prints numbers, asserts nothing):

1. **answers** — for each labelled question (``dev_retrieval.jsonl`` and every other
   ``*.jsonl`` in ``--data`` whose items carry ``gold`` articles): does the answer cite a gold
   article; the share of its citations that are gold, and that are verified against the corpus; is
   the direct answer present (the answer opens with a 结论 section) and whether it cites a gold
   article; time per turn (p50/p95).
2. **intent** — calibration of the domain on every labelled intent set (``dev_intent.jsonl``,
   ``intent_measure.jsonl`` — the measuring half —, ``tests/chat/intent_holdout*.jsonl``), for the
   combined model the product routes with (``chat.intent_model``: rules, retrieved statutes,
   prototypes) and, for comparison, the layer-1 rules alone: per confidence bucket the share of
   questions in it (coverage) and the share whose domain is right (precision), and the same at and
   above the routing threshold.
3. **retrieval** — recall@1/5/10 of ``knowledge.selectors.statute_search`` on the gold sets and
   the noise measure: the share of top-10 results that share no legal term with the question
   (terms: the search tokenizer's tokens of the question with its query expansion, of two or more
   characters).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from collections.abc import Iterable, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.stats import percentile  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
for _name in ("LLM_BASE_URL", "LLM_API_KEY"):
    os.environ.pop(_name, None)

import django  # noqa: E402

django.setup()

from django.test.utils import override_settings  # noqa: E402

from agents.aio import run_sync  # noqa: E402
from agents.llm import reset_gateway  # noqa: E402
from agents.tools import RunContext  # noqa: E402
from chat import intent_model  # noqa: E402
from chat.turn import answer_turn  # noqa: E402
from knowledge import selectors  # noqa: E402
from knowledge.embeddings import preload  # noqa: E402
from knowledge.numerals import int_to_cn  # noqa: E402
from knowledge.query_expansion import expand_query  # noqa: E402
from knowledge.selectors import statute_search  # noqa: E402
from knowledge.textsearch import query_tokens  # noqa: E402
from legal.text import intent_rules  # noqa: E402

KS = (1, 5, 10)
BUCKETS = (0.0, 0.3, 0.5, 0.7, 0.85, 0.95, 1.0001)
#: The answer opens with its direct answer: a 结论 heading or label within its first lines.
_CONCLUSION = re.compile(r"^\s*(#+\s*)?(\*\*)?(一、)?结论")


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def gold_sets(data: Path) -> dict[str, list[dict[str, Any]]]:
    """Every JSONL file in ``data`` whose items carry gold articles."""
    sets = {}
    for path in sorted(data.glob("*.jsonl")):
        items = load(path)
        if items and all(isinstance(item.get("gold"), list) and item.get("query") for item in items):
            sets[path.name] = items
    return sets


def intent_sets(data: Path) -> dict[str, list[dict[str, Any]]]:
    paths = [data / "dev_intent.jsonl", data / "intent_measure.jsonl",
             *sorted((ROOT / "tests" / "chat").glob("intent_holdout*.jsonl"))]
    return {path.name: load(path) for path in paths if path.exists()}


# -- answers through the turn --------------------------------------------------------------------------


class _Scope:
    """An agent run that records nothing."""

    def add_usage(self, *args: Any, **kwargs: Any) -> None:
        pass

    def fail(self, *args: Any, **kwargs: Any) -> None:
        pass

    def __enter__(self) -> _Scope:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    async def __aenter__(self) -> _Scope:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        return None


class MemoryRecorder:
    """The trace recorder's interface, keeping the events in memory (the bench writes no trace)."""

    trace_id = "bench"

    def __init__(self) -> None:
        self.events: list[Mapping[str, Any]] = []

    def __call__(self, event: Mapping[str, Any]) -> None:
        self.events.append(event)

    def agent_run(self, agent: str, model: str = "") -> _Scope:
        return _Scope()


def nobody() -> Any:
    """A signed-in user who is not stored and owns nothing (the case library search finds nothing)."""
    from django.contrib.auth.models import User

    return User(id=0, username="bench", is_active=True)


@contextmanager
def read_only_turns():
    """No model and an in-process tool cache: the turns read the corpus and write nothing shared."""
    caches = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "grounding"}}
    with override_settings(LLM_BASE_URL="", LLM_API_KEY="", CACHES=caches):
        reset_gateway()
        try:
            yield
        finally:
            reset_gateway()


def run_turn(question: str) -> tuple[str, list[dict[str, Any]], float]:
    recorder = MemoryRecorder()

    async def emit(event: Mapping[str, Any]) -> None:
        recorder(event)

    ctx = RunContext(user=nobody(), trace_id="bench", emit=emit)
    started = time.perf_counter()
    outcome, _routing, _state = run_sync(answer_turn(question=question, history=[], session_state={}, summary="",
                                                     recalled=[], ctx=ctx, recorder=recorder))
    return outcome.content, outcome.citations, (time.perf_counter() - started) * 1000


def _gold_keys(gold: Iterable[Mapping[str, Any]]) -> set[tuple[str, str]]:
    return {(g["law"], f"第{int_to_cn(int(g['article_no']))}条") for g in gold}


def has_conclusion(content: str) -> bool:
    """The answer opens with its direct answer: a 结论 line among its first three non-empty lines
    after the offline label."""
    lines = [line for line in content.splitlines() if line.strip()]
    body = [line for line in lines if "离线模式" not in line or len(line) > 80][:3]
    return any(_CONCLUSION.match(line) for line in body)


def conclusion_text(content: str) -> str:
    """The 结论 section's text (empty when the answer has none)."""
    match = re.search(r"^#+\s*结论\s*\n(.*?)(?=^#+ |\Z)", content, flags=re.S | re.M)
    return match.group(1) if match else ""


def answers(sets: dict[str, list[dict[str, Any]]], limit: int | None, dump: list[dict[str, Any]]) -> None:
    print("\n== answers: offline turn (classify → specialists → critic) ==")
    with read_only_turns():
        run_turn("借款到期不还怎么办")  # warm-up
        for name, items in sets.items():
            items = items[:limit] if limit else items
            rows = []
            for item in items:
                content, citations, ms = run_turn(item["query"])
                gold = _gold_keys(item["gold"])
                cited = [(c["law"], c["article"]) for c in citations]
                rows.append({
                    "id": item.get("id"), "ms": ms,
                    "cites_gold": any(c in gold for c in cited),
                    "gold_share": sum(c in gold for c in cited) / len(cited) if cited else 0.0,
                    "valid_share": sum(bool(c["valid"]) for c in citations) / len(citations) if citations else 0.0,
                    "citations": len(cited),
                    "conclusion": has_conclusion(content),
                    "conclusion_gold": any(f"《{law}》{label}" in conclusion_text(content) for law, label in gold),
                })
                dump.append({**rows[-1], "query": item["query"], "gold": sorted(gold), "cited": cited,
                             "content": content})
            n = len(rows)
            with_citations = [r for r in rows if r["citations"]]
            times = [r["ms"] for r in rows]
            print(f"{name} (n={n})")
            print(f"  cites a gold article        {sum(r['cites_gold'] for r in rows) / n:.3f}")
            print(f"  citations that are gold     {statistics.fmean(r['gold_share'] for r in with_citations):.3f}"
                  if with_citations else "  citations that are gold     n/a")
            print(f"  citations verified          {statistics.fmean(r['valid_share'] for r in with_citations):.3f}"
                  if with_citations else "  citations verified          n/a")
            print(f"  citations per answer        {statistics.fmean(r['citations'] for r in rows):.1f}")
            print(f"  direct answer (结论) first   {sum(r['conclusion'] for r in rows) / n:.3f}")
            print(f"  结论 cites a gold article    {sum(r['conclusion_gold'] for r in rows) / n:.3f}")
            print(f"  time per turn               p50 {percentile(times, 50):.0f} ms   "
                  f"p95 {percentile(times, 95):.0f} ms")
            styles = sorted({item.get("style") for item in items if item.get("style")})
            for style in styles:
                subset = [r for r, item in zip(rows, items, strict=True) if item.get("style") == style]
                share = sum(r["cites_gold"] for r in subset) / len(subset)
                print(f"    {style:<14} n={len(subset):<4} gold cited {share:.3f}"
                      f"  结论 {sum(r['conclusion'] for r in subset) / len(subset):.3f}")


# -- intent calibration --------------------------------------------------------------------------------


def _combined(text: str) -> tuple[float, str]:
    decision = intent_model.classify(text)
    return decision.confidence, decision.domain


def _rules(text: str) -> tuple[float, str]:
    decision = intent_rules.classify(text)
    return decision.confidence, decision.guess_domain


def intent_calibration(sets: dict[str, list[dict[str, Any]]]) -> None:
    for label, classify, threshold in (("combined model", _combined, intent_model.THRESHOLD),
                                       ("layer-1 rules alone", _rules, intent_rules.THRESHOLD)):
        print(f"\n== intent: {label}, domain calibration (threshold {threshold}) ==")
        for name, items in sets.items():
            decisions = [classify(item["text"]) for item in items]
            pairs = [(conf, domain == item["domain"]) for (conf, domain), item in zip(decisions, items, strict=True)]
            n = len(pairs)
            print(f"{name} (n={n}): best guess right {sum(ok for _, ok in pairs) / n:.3f}")
            print(f"  {'confidence':<14} {'coverage':>9} {'precision':>10}")
            for low, high in zip(BUCKETS, BUCKETS[1:], strict=False):
                inside = [ok for conf, ok in pairs if low <= conf < high]
                precision = f"{sum(inside) / len(inside):.3f}" if inside else "  n/a"
                bucket = f"[{low:.2f}, {min(high, 1.0):.2f}{']' if high > 1 else ')'}"
                print(f"  {bucket}  {len(inside) / n:9.3f} {precision:>10}")
            decided = [ok for conf, ok in pairs if conf >= threshold]
            precision = f"{sum(decided) / len(decided):.3f}" if decided else "n/a"
            print(f"  ≥ threshold    {len(decided) / n:9.3f} {precision:>10}")


# -- retrieval -----------------------------------------------------------------------------------------


def legal_terms(text: str) -> set[str]:
    """The search tokenizer's terms of two or more characters (CJK or alphanumeric)."""
    return {t for t in query_tokens(text) if len(t) >= 2 and not t.isdigit()}


def retrieval(sets: dict[str, list[dict[str, Any]]], limit: int | None) -> None:
    print("\n== retrieval: statute_search (hybrid, top 10) ==")
    preload()
    statute_search(query="借款到期不还怎么办", top_k=10)  # warm-up
    for name, items in sets.items():
        items = items[:limit] if limit else items
        recall = {k: [] for k in KS}
        noise: list[float] = []
        times: list[float] = []
        for item in items:
            wanted = {(g["law"], int(g["article_no"])) for g in item["gold"]}
            started = time.perf_counter()
            results = statute_search(query=item["query"], top_k=10).results
            times.append((time.perf_counter() - started) * 1000)
            ranked = [(hit.law, hit.article_no) for hit in results]
            for k in KS:
                recall[k].append(sum(w in ranked[:k] for w in wanted) / len(wanted))
            terms = legal_terms(expand_query(item["query"]).text)
            if results:
                noise.append(sum(not (legal_terms(hit.text) & terms) for hit in results) / len(results))
        print(f"{name} (n={len(items)}): " + "  ".join(f"R@{k} {statistics.fmean(recall[k]):.3f}" for k in KS)
              + f"  noise {statistics.fmean(noise) if noise else 0:.3f}"
              + f"  latency p50 {percentile(times, 50):.0f} ms p95 {percentile(times, 95):.0f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=ROOT / "tests" / "data")
    parser.add_argument("--limit", type=int, help="only the first N questions of each set")
    parser.add_argument("--sections", default="answers,intent,retrieval")
    parser.add_argument("--dump", type=Path, help="write each answer with its scores (JSON) here")
    args = parser.parse_args()
    sections = set(args.sections.split(","))

    status = selectors.corpus_status()
    print(f"corpus: {status['laws']['total']} laws, {status['articles']['total']} articles, "
          f"{status['articles']['embedded']} embedded")
    golds = gold_sets(args.data)
    dump: list[dict[str, Any]] = []
    if "answers" in sections:
        answers(golds, args.limit, dump)
    if "intent" in sections:
        intent_calibration(intent_sets(args.data))
    if "retrieval" in sections:
        retrieval(golds, args.limit)
    if args.dump:
        args.dump.write_text(json.dumps(dump, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
