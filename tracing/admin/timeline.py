"""A trace's timeline for the admin detail page: its records by section (routing, agents, LLM calls,
tools) as bars against the trace's duration.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from tracing import selectors
from tracing.admin.base import STATUS_COLOURS, _ms
from tracing.models import (
    AgentRun,
    LLMCall,
    RecordStatus,
    RoutingDecision,
    ToolCall,
    Trace,
)
from tracing.redaction import mask_text

# --- the timeline ----------------------------------------------------------------------------
SECTIONS = [
    ("routing", "路由决策"),
    ("agent", "智能体运行"),
    ("llm", "模型调用"),
    ("tool", "工具调用"),
]
BAR_COLOURS = {
    "routing": "#7c3aed", "agent": "#2563eb", "llm": "#0891b2", "tool": "#059669",
    RecordStatus.ERROR: "#dc2626", RecordStatus.TIMEOUT: "#d97706",
}


def timeline_context(
    trace: Trace, show: Callable[[str], str], content: Callable[[str], str] | None = None
) -> dict[str, Any]:
    """Positions (percent of the trace's span) and texts for the horizontal timeline. ``content``
    shows the work's content (reasons, requests, responses, tool input and output); ``show`` the rest."""
    content = content or show
    records = selectors.trace_records(trace=trace)
    seal = trace.seal_or_none
    starts_ends: list[tuple[datetime, datetime]] = []
    for record in records:
        start = getattr(record, "started_at", None) or record.recorded_at
        end = getattr(record, "ended_at", None) or record.recorded_at
        starts_ends.append((start, end))
    origin = min([trace.started_at, *(start for start, _ in starts_ends)])
    finish = max([seal.ended_at if seal else trace.started_at, *(end for _, end in starts_ends)])
    span = max((finish - origin).total_seconds() * 1000, 1.0)

    def pos(moment: datetime) -> float:
        return round((moment - origin).total_seconds() * 1000 / span * 100, 3)

    items: dict[str, list[dict[str, Any]]] = {key: [] for key, _ in SECTIONS}
    for record, (start, end) in zip(records, starts_ends, strict=True):
        left = pos(start)
        width = max(pos(end) - left, 0.4)
        item: dict[str, Any] = {"record": record, "seq": record.seq, "left": left, "width": min(width, 100 - left),
                                "start_ms": round((start - origin).total_seconds() * 1000, 1)}
        if isinstance(record, RoutingDecision):
            item.update(section="routing", label=f"{record.domain}/{record.intent}", status="",
                        detail=f"{record.get_layer_display() or '—'} · 置信度 {record.confidence} · "
                               f"{', '.join(record.agent_list) or '未选智能体'}",
                        reason=content(record.reason), point=True)
        elif isinstance(record, AgentRun):
            item.update(section="agent", label=record.agent, status=record.status,
                        detail=f"{record.model} · {_ms(record.duration_ms)} · 令牌 {record.tokens_in or 0}/"
                               f"{record.tokens_out or 0}", error=show(record.error))
        elif isinstance(record, LLMCall):
            cost = f"{record.cost_cny:.6f} 元" if record.cost_cny is not None else "费用未知"
            item.update(section="llm", label=f"{record.model}（{record.role}）", status=record.status,
                        detail=f"{record.agent or '—'} · {_ms(record.latency_ms)} · 令牌 {record.tokens_in or 0}/"
                               f"{record.tokens_out or 0} · {cost}",
                        request=content(record.request), response=content(record.response), error=show(record.error))
        else:
            assert isinstance(record, ToolCall)
            item.update(section="tool", label=record.tool, status=record.status,
                        detail=f"{record.agent or '—'} · {_ms(record.duration_ms)} · 第 {record.attempt} 次",
                        input=content(record.input), output=content(record.output), error=show(record.error))
        item["colour"] = BAR_COLOURS.get(item["status"]) or BAR_COLOURS[item["section"]]
        item["status_label"] = RecordStatus(item["status"]).label if item["status"] else ""
        items[item["section"]].append(item)
    ticks = [{"left": step * 20, "label": _ms(span * step / 5)} for step in range(6)]
    verify = selectors.audit_verify(trace_ids=[trace.pk])
    return {
        "trace": trace,
        "seal": seal,
        "sections": [{"key": key, "label": label, "items": items[key]} for key, label in SECTIONS],
        "ticks": ticks,
        "span_ms": span,
        "status_colour": STATUS_COLOURS[trace.status],
        "seal_error": show(seal.error) if seal else "",
        "verify": verify,
        "masked": show is mask_text,
        "content_hidden": content is not show,
    }
