"""The mode comparison: the same questions through the multi-agent pipeline, the single agent and
the offline engine, side by side (``manage.py compare_modes``).

Each answer is a recorded chat turn (``chat.services.turn_answer_now``) in a session of its own, so
its trace holds the model calls: tokens and cost come from there (cost from the call's recorded
price, else the gateway's price table ``LLM_PRICES``, else 0).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.test.utils import override_settings

from agents.llm import get_gateway
from chat import services as chat_services
from tracing.models import LLMCall

MODES: Final = ("multi", "single", "offline")
LLM_MODES: Final = ("multi", "single")
MODE_LABELS: Final = {"multi": "多智能体", "single": "单智能体", "offline": "离线引擎"}


def questions_load(path: Path) -> list[dict[str, Any]]:
    """One JSON object per line: ``question`` (required) and optional ``gold``: articles the answer
    should cite, as ``{"law", "article"}`` objects or ``"劳动合同法第四十六条"`` strings."""
    items = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        item = json.loads(line)
        if not isinstance(item, dict) or not str(item.get("question", "")).strip():
            raise ValueError(f"line {number}: an object with a question is expected")
        items.append(item)
    return items


def _short_law(name: str) -> str:
    return name.replace("中华人民共和国", "").strip("《》 ")


def _gold(raw: Any) -> list[tuple[str, str]]:
    gold = []
    for entry in raw or []:
        if isinstance(entry, Mapping):
            gold.append((_short_law(str(entry.get("law", ""))), str(entry.get("article", ""))))
        elif isinstance(entry, str) and "第" in entry:
            law, _, article = entry.partition("第")
            gold.append((_short_law(law), "第" + article))
    return gold


def _usage(trace_id: str) -> dict[str, Any]:
    gateway = get_gateway()
    tokens_in = tokens_out = 0
    cost = Decimal(0)
    calls = LLMCall.objects.filter(trace__trace_id=trace_id) if trace_id else LLMCall.objects.none()
    for call in calls:
        tokens_in += call.tokens_in or 0
        tokens_out += call.tokens_out or 0
        if call.cost_cny is not None:
            cost += call.cost_cny
        else:
            cost += Decimal(str(gateway.cost_for(call.model, call.tokens_in, call.tokens_out) or 0))
    return {"llm_calls": len(calls), "tokens_in": tokens_in, "tokens_out": tokens_out, "cost_cny": float(cost)}


def _answer(actor: AbstractUser, mode: str, question: str, gold: list[tuple[str, str]]) -> dict[str, Any]:
    session = chat_services.session_create(actor=actor, title=f"[{MODE_LABELS[mode]}] {question[:30]}")
    started = time.perf_counter()
    if mode == "offline":
        with override_settings(LLM_BASE_URL=""):
            message = chat_services.turn_answer_now(actor=actor, session=session, content=question)
    else:
        message = chat_services.turn_answer_now(actor=actor, session=session, content=question,
                                                multi_agent=mode == "multi")
    latency = time.perf_counter() - started
    citations = [{"law": c.get("law", ""), "article": c.get("article", ""), "valid": bool(c.get("valid"))}
                 for c in message.citations]
    cited = {(_short_law(c["law"]), c["article"]) for c in citations if c["valid"]}
    hits = [f"{law}{article}" for law, article in gold if (law, article) in cited]
    return {
        "mode": mode, "status": message.status, "answer": message.content,
        "offline": bool((message.intent or {}).get("offline")),
        "citations": citations, "citations_valid": sum(c["valid"] for c in citations),
        "citations_invalid": sum(not c["valid"] for c in citations),
        "gold_hits": hits if gold else None, "gold_total": len(gold) if gold else None,
        "latency_s": round(latency, 3), "session_id": session.pk, "trace_id": str(message.trace_id or ""),
        **_usage(str(message.trace_id or "")),
    }


def compare(*, actor: AbstractUser, questions: Sequence[Mapping[str, Any]], modes: Iterable[str]) -> dict[str, Any]:
    """Answer every question in every mode; LLM modes only when an LLM is configured."""
    wanted = list(dict.fromkeys(modes))
    unknown = [m for m in wanted if m not in MODES]
    if unknown:
        raise ValueError(f"unknown modes: {', '.join(unknown)} (known: {', '.join(MODES)})")
    skipped = {m: "未配置 LLM_BASE_URL，跳过" for m in wanted if m in LLM_MODES and not settings.LLM_BASE_URL}
    run = [m for m in wanted if m not in skipped]
    rows = []
    for item in questions:
        gold = _gold(item.get("gold"))
        rows.append({"question": item["question"], "gold": [f"{law}{article}" for law, article in gold],
                     "results": {mode: _answer(actor, mode, str(item["question"]), gold) for mode in run}})
    return {"modes": run, "skipped": skipped, "llm_model": settings.LLM_MODEL if settings.LLM_BASE_URL else None,
            "questions": rows, "summary": _summary(rows, run)}


def _summary(rows: list[dict[str, Any]], modes: list[str]) -> dict[str, Any]:
    summary = {}
    for mode in modes:
        results = [row["results"][mode] for row in rows]
        golds = [r for r in results if r["gold_total"]]
        summary[mode] = {
            "answered": sum(r["status"] == "complete" for r in results),
            "citations_valid": sum(r["citations_valid"] for r in results),
            "citations_invalid": sum(r["citations_invalid"] for r in results),
            "gold_hits": sum(len(r["gold_hits"]) for r in golds) if golds else None,
            "gold_total": sum(r["gold_total"] for r in golds) if golds else None,
            "latency_s_mean": round(sum(r["latency_s"] for r in results) / len(results), 3) if results else 0,
            "tokens_in": sum(r["tokens_in"] for r in results), "tokens_out": sum(r["tokens_out"] for r in results),
            "cost_cny": round(sum(r["cost_cny"] for r in results), 6),
        }
    return summary


def markdown(report: Mapping[str, Any]) -> str:
    """The report side by side: a summary table, then each question's answers per mode."""
    modes = report["modes"]
    lines = ["# 模式对比", ""]
    for mode, why in report["skipped"].items():
        lines.append(f"- {MODE_LABELS[mode]}（{mode}）：{why}")
    lines += ["", "| 指标 | " + " | ".join(f"{MODE_LABELS[m]}（{m}）" for m in modes) + " |",
              "|---|" + "---|" * len(modes)]
    summary = report["summary"]
    for key, label in (("answered", "完成回答"), ("citations_valid", "有效引用"), ("citations_invalid", "无效引用"),
                       ("gold_hits", "命中标准条文"), ("latency_s_mean", "平均耗时（秒）"), ("tokens_in", "输入令牌"),
                       ("tokens_out", "输出令牌"), ("cost_cny", "费用（元）")):
        cells = []
        for m in modes:
            value = summary[m][key]
            if key == "gold_hits":
                value = "—" if value is None else f"{value}/{summary[m]['gold_total']}"
            cells.append(str(value))
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    for number, row in enumerate(report["questions"], 1):
        lines += ["", f"## {number}. {row['question']}", ""]
        if row["gold"]:
            lines.append("标准条文：" + "、".join(row["gold"]))
        for m in modes:
            r = row["results"][m]
            cites = "、".join(f"{'✓' if c['valid'] else '✗'}《{c['law']}》{c['article']}"
                             for c in r["citations"]) or "无"
            hits = "" if r["gold_hits"] is None else f" · 命中 {len(r['gold_hits'])}/{r['gold_total']}"
            lines += ["", f"### {MODE_LABELS[m]}（{m}）", "",
                      f"耗时 {r['latency_s']} 秒 · 令牌 {r['tokens_in']}/{r['tokens_out']}"
                      f" · 费用 {r['cost_cny']} 元{hits}",
                      "", f"引用：{cites}", "", r["answer"].strip()]
    return "\n".join(lines) + "\n"
