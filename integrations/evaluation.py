"""What a firm's model buys (``manage.py eval_answers``): the answer measuring set and the contract
planted-risk set, run against the configured model (multi-agent), the single-agent mode and the offline
engine, side by side, in one report (Markdown and JSON).

The two measurements are small functions over data files whose paths are options:

- :func:`answers_measure` — lay questions with gold statute articles (default
  ``tests/data/grounding_lay.jsonl``: ``query`` + ``gold: [{law, article_no}]``; the ``question`` +
  ``gold`` lines of ``compare_modes`` are read too), each answered as a recorded chat turn per mode
  (:func:`integrations.comparison.compare`): answered, gold articles cited, valid and invalid
  citations, latency, tokens, cost.
- :func:`contracts_measure` — contracts with planted risks (default ``tests/data/contracts_planted``,
  its ``planted.json``): each uploaded, split and auto-reviewed per mode (the review agent with the
  model; the rule checklist offline). A planted risk is found when an issue of its rule code or
  category sits on its clause (a sub-clause counts for its top-level clause). Issues that match no
  planted risk are counted as unmatched. The single-agent switch does not apply to contract review
  (one agent reviews either way), so that mode is reported as the model's.

The report names the provider profile the gateway used, so two reports of two models read side by side.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.test.utils import override_settings
from django.utils import timezone

from agents.llm import get_gateway
from integrations import comparison
from integrations.selectors import llm_profile
from knowledge.numerals import article_label
from tracing.models import LLMCall

ROOT: Final = Path(__file__).resolve().parent.parent
ANSWER_DATA: Final = ROOT / "tests" / "data" / "grounding_lay.jsonl"
CONTRACT_DATA: Final = ROOT / "tests" / "data" / "contracts_planted"
MODES: Final = comparison.MODES  # multi (the configured model), single, offline
MODE_LABELS: Final = {"multi": "配置的模型（多智能体）", "single": "单智能体", "offline": "离线引擎"}


# -- answers ---------------------------------------------------------------------------------------
def answer_items_load(path: Path, *, limit: int | None = None) -> list[dict[str, Any]]:
    """The answer measuring set as ``{"question", "gold": ["劳动合同法第八十二条", …]}`` items."""
    items = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        raw = json.loads(line)
        question = str(raw.get("question") or raw.get("query") or "").strip() if isinstance(raw, dict) else ""
        if not question:
            raise ValueError(f"{path.name} line {number}: an object with a question (or query) is expected")
        gold = []
        for entry in raw.get("gold") or []:
            if isinstance(entry, Mapping) and isinstance(entry.get("article_no"), int):
                gold.append({"law": entry.get("law", ""), "article": article_label(entry["article_no"])})
            else:
                gold.append(entry)
        items.append({"id": raw.get("id", str(number)), "question": question, "gold": gold})
    return items[:limit] if limit else items


def answers_measure(*, actor: AbstractUser, items: Sequence[Mapping[str, Any]], modes: Iterable[str]
                    ) -> dict[str, Any]:
    """Each question answered in each mode (a recorded chat turn), with the comparison's measures."""
    return comparison.compare(actor=actor, questions=items, modes=modes)


# -- contracts -------------------------------------------------------------------------------------
def contract_cases_load(directory: Path, *, half: str = "all", limit: int | None = None) -> list[dict[str, Any]]:
    """The planted-risk contracts of ``planted.json`` (``half``: tune, measure or all)."""
    index = json.loads((directory / "planted.json").read_text(encoding="utf-8"))
    cases = [case for case in index["contracts"] if half == "all" or case.get("half") == half]
    for case in cases:
        case["text"] = (directory / case["file"]).read_text(encoding="utf-8")
    return cases[:limit] if limit else cases


def _top_clause(number: str, top_numbers: Sequence[str]) -> str:
    """The top-level clause a (sub-)clause number belongs to: ``第三条``'s ``（一）`` is ``第三条``."""
    return number if number in top_numbers else ""


def _contract_review(actor: AbstractUser, case: Mapping[str, Any], mode: str) -> dict[str, Any]:
    from contracts.models import ReviewIssue, Section
    from contracts.services import contracts as contract_services
    from contracts.services import review

    uploaded = contract_services.contract_upload(
        actor=actor, file_name=case["file"], data=case["text"].encode("utf-8"), title=f"[评测] {case['file']}",
        contract_type=case.get("type"), queue=False)
    contract = contract_services.contract_split(contract_id=uploaded.pk) or uploaded
    started, since = time.perf_counter(), timezone.now()
    run = review.review_start(actor=actor, contract=contract, mode="auto", queue=False)
    if mode == "offline":
        with override_settings(LLM_BASE_URL=""):
            finished = review.review_run(run_id=run.pk)
    else:
        finished = review.review_run(run_id=run.pk)
    seconds = time.perf_counter() - started
    sections = {s.pk: s for s in Section.objects.filter(contract=contract)}
    top = [s.number for s in sections.values() if s.parent_id is None]

    def clause_of(section_id: int | None) -> str | None:
        section = sections.get(section_id) if section_id else None
        while section is not None and section.parent_id is not None:
            section = sections.get(section.parent_id)
        return _top_clause(section.number, top) if section is not None else None

    issues = [{"rule": i.rule_code, "category": i.category, "clause": clause_of(i.section_id), "author": i.author}
              for i in ReviewIssue.objects.filter(contract=contract)]
    found, used = [], set()
    for risk in case["planted"]:
        key = risk.get("rule") or risk.get("category")
        match = next((n for n, issue in enumerate(issues) if n not in used
                      and key in (issue["rule"], issue["category"]) and issue["clause"] == risk.get("clause")), None)
        if match is None and risk.get("category"):
            match = next((n for n, issue in enumerate(issues) if n not in used
                          and issue["category"] == risk["category"] and issue["clause"] == risk.get("clause")), None)
        if match is not None:
            used.add(match)
            found.append(key)
    usage = _review_usage(since)
    return {"file": case["file"], "status": getattr(finished, "status", "failed"), "planted": len(case["planted"]),
            "found": found, "unmatched": len(issues) - len(used), "issues": len(issues),
            "seconds": round(seconds, 3), **usage}


def _review_usage(since: datetime) -> dict[str, Any]:
    """The model calls of the contract-review traces opened since ``since`` (reviews run one at a time)."""
    gateway = get_gateway()
    calls = list(LLMCall.objects.filter(trace__kind="contract_review", trace__started_at__gte=since))
    tokens_in = sum(c.tokens_in or 0 for c in calls)
    tokens_out = sum(c.tokens_out or 0 for c in calls)
    cost = sum(float(c.cost_cny) if c.cost_cny is not None
               else gateway.cost_for(c.model, c.tokens_in, c.tokens_out) or 0.0 for c in calls)
    return {"llm_calls": len(calls), "tokens_in": tokens_in, "tokens_out": tokens_out, "cost_cny": round(cost, 6)}


def contracts_measure(*, actor: AbstractUser, cases: Sequence[Mapping[str, Any]], modes: Iterable[str]
                      ) -> dict[str, Any]:
    """Each contract auto-reviewed per mode: planted risks found, unmatched issues, time, tokens."""
    wanted = list(dict.fromkeys(modes))
    skipped = {m: "未配置 LLM_BASE_URL，跳过" for m in wanted if m != "offline" and not settings.LLM_BASE_URL}
    if "single" in wanted and "single" not in skipped and "multi" in wanted:
        skipped["single"] = "合同审查只有一个智能体：与“配置的模型”相同"
    run = [m for m in wanted if m not in skipped]
    rows = [{"file": case["file"], "results": {mode: _contract_review(actor, case, mode) for mode in run}}
            for case in cases]
    summary = {}
    for mode in run:
        results = [row["results"][mode] for row in rows]
        planted = sum(r["planted"] for r in results)
        found = sum(len(r["found"]) for r in results)
        summary[mode] = {"reviewed": sum(r["status"] == "done" for r in results), "planted": planted,
                         "found": found, "recall": round(found / planted, 3) if planted else None,
                         "unmatched": sum(r["unmatched"] for r in results),
                         "seconds_mean": round(sum(r["seconds"] for r in results) / len(results), 3) if results else 0,
                         "tokens_in": sum(r["tokens_in"] for r in results),
                         "tokens_out": sum(r["tokens_out"] for r in results),
                         "cost_cny": round(sum(r["cost_cny"] for r in results), 6)}
    return {"modes": run, "skipped": skipped, "contracts": rows, "summary": summary}


# -- the report ------------------------------------------------------------------------------------
def evaluate(*, actor: AbstractUser, modes: Iterable[str], answer_items: Sequence[Mapping[str, Any]] | None,
             contract_cases: Sequence[Mapping[str, Any]] | None) -> dict[str, Any]:
    """Both measurements side by side, with the model and the provider profile they ran on."""
    wanted = list(dict.fromkeys(modes))
    unknown = [m for m in wanted if m not in MODES]
    if unknown:
        raise ValueError(f"unknown modes: {', '.join(unknown)} (known: {', '.join(MODES)})")
    gateway = get_gateway()
    return {
        "model": None if gateway.offline else settings.LLM_MODEL,
        "provider": None if gateway.offline else gateway.provider,
        "profile": llm_profile(),
        "answers": answers_measure(actor=actor, items=answer_items, modes=wanted) if answer_items else None,
        "contracts": contracts_measure(actor=actor, cases=contract_cases, modes=wanted) if contract_cases else None,
    }


def _cell(value: Any) -> str:
    return "—" if value is None else str(value)


def markdown(report: Mapping[str, Any]) -> str:
    lines = ["# 模型评测报告", ""]
    if report["model"]:
        lines.append(f"模型：{report['model']} · 服务商档案：{report['provider']}"
                     f"（来源：{report['profile'].get('source')}）")
        for note in report["profile"].get("degraded") or []:
            lines.append(f"- 降级：{note}")
    else:
        lines.append("未配置大模型：只评测离线引擎。")
    answers = report.get("answers")
    if answers:
        modes = answers["modes"]
        lines += ["", "## 问答（答案测量集）"]
        for mode, why in answers["skipped"].items():
            lines.append(f"- {MODE_LABELS[mode]}：{why}")
        lines += ["", "| 指标 | " + " | ".join(MODE_LABELS[m] for m in modes) + " |", "|---|" + "---|" * len(modes)]
        for key, label in (("answered", "完成回答"), ("gold_hits", "命中标准条文"), ("citations_valid", "有效引用"),
                           ("citations_invalid", "无效引用"), ("latency_s_mean", "平均耗时（秒）"),
                           ("tokens_in", "输入令牌"), ("tokens_out", "输出令牌"), ("cost_cny", "费用（元）")):
            cells = []
            for mode in modes:
                value = answers["summary"][mode][key]
                if key == "gold_hits" and value is not None:
                    value = f"{value}/{answers['summary'][mode]['gold_total']}"
                cells.append(_cell(value))
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
    contracts = report.get("contracts")
    if contracts:
        modes = contracts["modes"]
        lines += ["", "## 合同审查（埋点风险）"]
        for mode, why in contracts["skipped"].items():
            lines.append(f"- {MODE_LABELS[mode]}：{why}")
        lines += ["", "| 指标 | " + " | ".join(MODE_LABELS[m] for m in modes) + " |", "|---|" + "---|" * len(modes)]
        for key, label in (("reviewed", "完成审查"), ("found", "发现埋点风险"), ("recall", "召回率"),
                           ("unmatched", "未对应埋点的意见"), ("seconds_mean", "平均耗时（秒）"),
                           ("tokens_in", "输入令牌"), ("tokens_out", "输出令牌"), ("cost_cny", "费用（元）")):
            cells = []
            for mode in modes:
                value = contracts["summary"][mode][key]
                if key == "found":
                    value = f"{value}/{contracts['summary'][mode]['planted']}"
                cells.append(_cell(value))
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
        lines.append("")
        for row in contracts["contracts"]:
            parts = [f"{MODE_LABELS[m]} {len(row['results'][m]['found'])}/{row['results'][m]['planted']}"
                     for m in modes]
            lines.append(f"- {row['file']}：" + "；".join(parts))
    return "\n".join(lines) + "\n"
