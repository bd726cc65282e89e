"""What the chat page shows, built from a turn's events or the saved message: the rendered messages,
the analysis panel, the timeline picture and the entity groups. Pure presentation helpers; the
views only fetch (through selectors) and render."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.urls import NoReverseMatch, reverse

from chat import selectors, specialists
from chat.constants import turn_log
from chat.models import ChatSession, Message
from core.markdown import render_markdown
from legal.text.domains import DOMAINS, INTENTS
from legal.text.wording import TOOL_LABELS

OUTPUT_PREVIEW_CHARS = 4000

AGENT_LABELS = dict(specialists.AGENT_LABELS)
LAYER_LABELS = {"rule": "规则", "llm": "模型"}
AMOUNT_KINDS = {"monthly_wage": "月薪", "daily_wage": "日薪", "annual_salary": "年薪", "amount": "金额"}
DURATION_KINDS = {"service": "工作年限", "period": "期间"}
ENTITY_GROUPS = (("persons", "人物"), ("organizations", "机构"), ("amounts", "金额"), ("dates", "日期"),
                 ("durations", "期间"), ("locations", "地点"))


def with_html(chat_messages: list[Message], *, user: Any) -> list[Message]:
    """Attach what the templates show: rendered Markdown, status flags, the viewer's feedback."""
    mine = selectors.feedback_by_message(user=user, message_ids=[m.pk for m in chat_messages])
    for message in chat_messages:
        message.html = render_markdown(message.content)
        message.is_assistant = message.role == Message.Role.ASSISTANT
        message.in_flight = message.status in (Message.Status.PENDING, Message.Status.RUNNING)
        message.my_feedback = mine.get(message.pk)
        message.offline = bool((message.intent or {}).get("offline"))
        message.citation_groups = _by_law([_citation(c) for c in message.citations or []])
        message.source_rows = [_source(s) for s in message.sources or []]
    return chat_messages


# --- the analysis panel (pure helpers over the turn's events or the saved message) ------------------
@dataclass
class Analysis:
    message: Message | None = None
    turn_id: str = ""
    live: bool = False
    timeline: dict[str, Any] | None = None
    steps: list[str] = field(default_factory=list)
    state: list[dict[str, Any]] = field(default_factory=list)
    routing: dict[str, Any] | None = None
    tools: list[dict[str, Any]] = field(default_factory=list)
    critic: list[dict[str, Any]] = field(default_factory=list)
    sources: list[dict[str, Any]] = field(default_factory=list)
    citations: list[dict[str, Any]] = field(default_factory=list)
    from_log: bool = False


def analysis_for(*, session: ChatSession, message: Message | None) -> Analysis:
    """The panel for one answer: from the turn's event log while Redis keeps it (a day), else
    rebuilt from what the message saved (no per-step timings then)."""
    analysis = Analysis(message=message, state=entity_groups(session.state))
    if message is None:
        return analysis
    analysis.turn_id = str(message.turn_id)
    analysis.live = message.status in (Message.Status.PENDING, Message.Status.RUNNING)
    events = turn_log(message.turn_id).read()
    analysis.sources = [_source(s) for s in message.sources or []]
    analysis.citations = [_citation(c) for c in message.citations or []]
    if events:
        analysis.from_log = True
        analysis.timeline = timeline(events, live=analysis.live)
        analysis.routing = routing_from_events(events)
        analysis.tools = tools_from_events(events)
        analysis.critic = [{"round": e.get("round"), "acceptable": bool(e.get("acceptable")),
                            "feedback": e.get("feedback", "")} for e in events if e.get("type") == "critic"]
        if analysis.live and (intent := _last(events, "intent")):
            analysis.state = entity_groups(intent.get("entities") or {})
    elif message.intent:
        analysis.routing = routing_from_intent(message.intent)
        analysis.steps = _saved_steps(message)
    return analysis


def _last(events: list[dict[str, Any]], kind: str) -> dict[str, Any] | None:
    return next((e for e in reversed(events) if e.get("type") == kind), None)


def _ms(ts: str | None) -> float | None:
    try:
        return datetime.fromisoformat(str(ts)).timestamp() * 1000
    except (TypeError, ValueError):
        return None


def format_duration(ms: float | None) -> str:
    if ms is None:
        return ""
    if ms < 1:
        return "<1 ms"
    if ms < 1000:
        return f"{ms:.0f} ms"
    return f"{ms / 1000:.1f} s" if ms < 60_000 else f"{ms / 60_000:.1f} min"


def timeline(events: list[dict[str, Any]], *, live: bool = False) -> dict[str, Any] | None:
    """Bars on a time axis: 意图识别 → 路由 → each tool call → 审核 → 生成回答 (the same rules as
    ``buildTimeline`` in chat.js, which draws it while the turn runs)."""
    stamped = [(e, _ms(e.get("ts"))) for e in events]
    stamped = [(e, t) for e, t in stamped if t is not None]
    if not stamped:
        return None
    t0 = stamped[0][1]
    last = max(t for _, t in stamped)
    rows: list[dict[str, Any]] = []

    def first(kind: str, phase: str | None = None) -> float | None:
        for event, at in stamped:
            if event.get("type") == kind and (phase is None or event.get("phase") == phase):
                return at
        return None

    def add(kind: str, label: str, start: float, end: float | None, *, detail: str = "", ok: bool = True,
            duration: float | None = None) -> None:
        running = end is None
        end = last if end is None else end
        rows.append({"kind": kind, "label": label, "start": start - t0, "end": end - t0, "detail": detail,
                     "ok": ok, "running": running and live,
                     "duration": duration if duration is not None else max(end - start, 0)})

    intent_at = first("intent")
    start = first("status", "intent") or t0
    if intent_at is not None:
        intent = _last(events, "intent") or {}
        detail = f"{intent.get('domain_label') or DOMAINS.get(intent.get('domain', ''), '')} · " \
                 f"{LAYER_LABELS.get(intent.get('layer', ''), '')}"
        add("intent", "意图识别", start, intent_at, detail=detail)
    elif live:
        add("intent", "意图识别", start, None)
    routing_at = first("routing")
    if routing_at is not None:
        planned = first("status", "planning") or routing_at
        agents = (_last(events, "routing") or {}).get("agents") or []
        add("routing", "路由", intent_at or routing_at, max(planned, routing_at),
            detail="、".join(AGENT_LABELS.get(a, a) for a in agents))
    results = {e.get("call_id"): (e, t) for e, t in stamped if e.get("type") == "tool_result"}
    for event, at in stamped:
        if event.get("type") != "tool_call":
            continue
        result, result_at = results.get(event.get("call_id"), (None, None))
        duration = float(result["duration_ms"]) if result and result.get("duration_ms") is not None else None
        end = (at + duration) if duration is not None else result_at
        add("tool", TOOL_LABELS.get(event.get("tool", ""), event.get("tool", "")), at, end,
            detail=AGENT_LABELS.get(event.get("agent", ""), event.get("agent", "")),
            ok=bool(result.get("ok", True)) if result else True, duration=duration)
    critic_start = first("status", "critic")
    critics = [(e, t) for e, t in stamped if e.get("type") == "critic"]
    if critic_start is not None or critics:
        begin = critic_start if critic_start is not None else critics[0][1]
        verdict = critics[-1][0] if critics else None
        add("critic", "审核", begin, critics[-1][1] if critics else None,
            detail=(f"第 {verdict.get('round')} 轮 · {'通过' if verdict.get('acceptable') else '未通过'}"
                    if verdict else ""), ok=bool(verdict.get("acceptable", True)) if verdict else True)
    tokens = [t for e, t in stamped if e.get("type") == "token"]
    final_at = first("final")
    if tokens:
        add("answer", "生成回答", tokens[0], tokens[-1] if (final_at is not None or not live) else None,
            detail=f"{len(tokens)} 段")
    error = _last(events, "error")
    if final_at is not None:
        add("final", "完成", final_at, final_at, detail="已保存回答")
    elif error is not None and error.get("code") != "tool_failed":
        add("final", "失败", _ms(error.get("ts")) or last, _ms(error.get("ts")) or last, ok=False,
            detail=str(error.get("message", "")))
    total = max(last - t0, 1.0)
    for row in rows:
        row["left"] = round(row["start"] / total * 100, 2)
        row["width"] = round(max((row["end"] - row["start"]) / total * 100, 0.8), 2)
        row["left"] = min(row["left"], 100 - row["width"])
        row["duration_text"] = format_duration(row["duration"])
    ticks = [{"left": p, "text": format_duration(total * p / 100) if p else "0"} for p in (0, 50, 100)]
    return {"rows": rows, "ticks": ticks, "total_text": format_duration(total), "live": live}


def routing_from_events(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    intent = _last(events, "intent")
    if intent is None:
        return None
    routed = _last(events, "routing") or {}
    data = routing_from_intent(intent)
    data["agents"] = [AGENT_LABELS.get(a, a) for a in routed.get("agents") or []]
    data["plan"] = routed.get("reason", "")
    return data


def routing_from_intent(intent: dict[str, Any]) -> dict[str, Any]:
    domain = intent.get("domain", "")
    confidence = float(intent.get("confidence") or 0)
    runner = intent.get("runner_up") or {}
    runner_text = ""
    if runner.get("domain") or runner.get("intent"):
        runner_text = " / ".join(x for x in (DOMAINS.get(runner.get("domain", ""), runner.get("domain", "")),
                                             INTENTS.get(runner.get("intent", ""), runner.get("intent", ""))) if x)
        if runner.get("score") is not None:
            runner_text += f"（{float(runner['score']):.2f}）"
    return {
        "domain": domain,
        "domain_label": intent.get("domain_label") or DOMAINS.get(domain, domain),
        "intent": intent.get("intent", ""),
        "intent_label": INTENTS.get(intent.get("intent", ""), intent.get("intent", "")),
        "layer": intent.get("layer", ""),
        "layer_label": LAYER_LABELS.get(intent.get("layer", ""), intent.get("layer", "")),
        "confidence": confidence,
        "confidence_pct": round(confidence * 100),
        "runner_up": runner_text,
        "reason": intent.get("reason", ""),
        "agents": [],
        "plan": "",
    }


def tools_from_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    results = {e.get("call_id"): e for e in events if e.get("type") == "tool_result"}
    calls = []
    for event in events:
        if event.get("type") != "tool_call":
            continue
        result = results.get(event.get("call_id")) or {}
        output = result.get("output")
        calls.append({
            "tool": event.get("tool", ""),
            "tool_label": TOOL_LABELS.get(event.get("tool", ""), event.get("tool", "")),
            "agent_label": AGENT_LABELS.get(event.get("agent", ""), event.get("agent", "")),
            "input": json.dumps(event.get("input") or {}, ensure_ascii=False, indent=1),
            "done": bool(result),
            "ok": bool(result.get("ok", True)) if result else True,
            "summary": result.get("summary", ""),
            "output": _pretty(output)[:OUTPUT_PREVIEW_CHARS] if output else "",
            "duration_text": format_duration(result.get("duration_ms")) if result else "",
        })
    return calls


def _pretty(output: Any) -> str:
    """A tool's output for reading: indented JSON, with the line breaks inside its texts kept."""
    if isinstance(output, str):
        try:
            output = json.loads(output)
        except ValueError:
            return output
    return json.dumps(output, ensure_ascii=False, indent=1, default=str).replace("\\n", "\n")


def entity_groups(state: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The state memory as labelled groups of display strings (empty groups kept, shown as —)."""
    state = state or {}
    groups = []
    for key, label in ENTITY_GROUPS:
        items = []
        for item in state.get(key) or []:
            if key == "amounts" and isinstance(item, dict):
                kind = AMOUNT_KINDS.get(item.get("kind", ""), "金额")
                items.append({"text": f"{_number(item.get('value'))} 元",
                              "hint": f"{kind}（原文：{item.get('text')}）"})
            elif key == "durations" and isinstance(item, dict):
                months = item.get("months")
                extra = f"{_number(months)} 个月" if months is not None else (
                    f"{item['days']} 天" if item.get("days") is not None else "")
                items.append({"text": item.get("text", ""), "hint": "，".join(
                    x for x in (DURATION_KINDS.get(item.get("kind", ""), "期间"), extra) if x)})
            elif key == "dates" and isinstance(item, dict):
                items.append({"text": item.get("text", ""), "hint": item.get("iso", "")})
            else:
                items.append({"text": str(item), "hint": ""})
        groups.append({"key": key, "label": label, "items": items})
    return groups


def _number(value: Any) -> str:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    return f"{int(number)}" if number.is_integer() else f"{number:g}"


def _article_url(article_id: Any) -> str:
    if not article_id:
        return ""
    try:
        return reverse("knowledge:article", args=[int(article_id)])
    except (NoReverseMatch, TypeError, ValueError):
        return ""


def _citation(citation: dict[str, Any]) -> dict[str, Any]:
    law = citation.get("law", "")
    return {"law": law, "article": citation.get("article", ""), "valid": bool(citation.get("valid")),
            "reason": citation.get("reason") or ("引用有效" if citation.get("valid") else "未通过核验"),
            "url": _article_url(citation.get("article_id"))}


def _by_law(citations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for citation in citations:
        groups.setdefault(citation["law"], []).append(citation)
    return [{"law": law, "items": items} for law, items in groups.items()]


def _source(source: dict[str, Any]) -> dict[str, Any]:
    score = source.get("score")
    try:
        score_text = f"{float(score):.2f}"
    except (TypeError, ValueError):
        score_text = ""
    return {"law": source.get("law", ""), "article": source.get("article", ""), "text": source.get("text", ""),
            "score": score_text, "score_pct": round(min(max(float(score or 0), 0), 1) * 100) if score_text else 0,
            "tool": TOOL_LABELS.get(source.get("tool", ""), source.get("tool", "")),
            "kind": "案例" if source.get("kind") == "case" else "法条", "url": _article_url(source.get("article_id"))}


def _saved_steps(message: Message) -> list[str]:
    """The steps of a turn whose event log has expired, from what the message saved."""
    steps = ["意图识别", "路由"]
    for tool in dict.fromkeys(s.get("tool", "") for s in message.sources or [] if s.get("tool")):
        steps.append(TOOL_LABELS.get(tool, tool))
    if message.citations:
        steps.append("审核")
    steps.append("生成回答")
    return steps
