"""The calculators the facts allow (severance, double wage, litigation fee, limitation period), run
through the agent's tools, and the articles each calculation rests on.
"""

from __future__ import annotations

import calendar
import dataclasses
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from agents.aio import db_sync_to_async
from agents.offline import OfflineRequest
from agents.tools import ToolResult
from chat.offline.common import _DEADLINE, _FEE, _LIMITATION, _NO_CONTRACT, _OWN_PERIODS, _UNLAWFUL, _hits
from legal.calculators import CHINA_TZ
from legal.text.entities import Entities

# -- calculators -------------------------------------------------------------------------------------------


def _months_before(day: date, months: int) -> date:
    year, month = divmod(day.year * 12 + day.month - 1 - months, 12)
    return date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def _limitation_start(question: str, facts: Entities, today: date) -> tuple[date, str] | None:
    """When the three years start, from the stated facts: the latest full date, else a duration
    back from today (已经过去两年 → two years ago)."""
    known = next((d for d in reversed(facts.dates) if d.year and d.month and not d.relative), None)
    if known is not None:
        start = date(known.year, known.month, known.day or 1)
        if start <= today:
            return start, f"以您提到的 {known.text} 为起算点"
    period = next((d for d in reversed(facts.durations) if d.kind == "period" and d.months), None)
    if period is not None and 0 < period.months <= 12 * 40:
        more = "多" if period.approximate else ""
        return _months_before(today, int(period.months)), f"按您所述已过去{period.text}{more}推算"
    return None


async def _calculations(request: OfflineRequest, question: str, facts: Entities, domain: str,
                        intent: str) -> list[dict[str, Any]]:
    """Run the calculators the facts allow, whatever the intent; each result carries its legal basis.
    A question about a deadline with a date or a duration runs the limitation calculator."""
    tools = set(request.toolbox.names())
    results: list[ToolResult] = []
    wage, months = facts.monthly_wage(), facts.service_months()
    if wage and "calculate_severance" in tools and months is not None:
        unlawful = any(word in question for word in _UNLAWFUL)
        results.append(await request.call_tool("calculate_severance", {
            "monthly_wage": float(wage), "service_months": int(months), "unlawful": unlawful}))
    if wage and "calculate_double_wage" in tools and any(word in question for word in _NO_CONTRACT):
        unsigned = int(months) if months is not None else None
        if unsigned:
            results.append(await request.call_tool("calculate_double_wage", {
                "monthly_wage": float(wage), "months_without_contract": unsigned}))
    if "calculate_litigation_fee" in tools and any(word in question for word in _FEE):
        amounts = [a for a in facts.amounts if a.kind == "amount"]
        if amounts:
            results.append(await request.call_tool("calculate_litigation_fee", {"amount": float(amounts[-1].value)}))
    deadline = any(word in question for word in (*_LIMITATION, *_DEADLINE))
    if "calculate_limitation_period" in tools and deadline and domain not in _OWN_PERIODS:
        start = _limitation_start(question, facts, datetime.now(tz=CHINA_TZ).date())
        if start is not None:
            result = await request.call_tool("calculate_limitation_period", {"known_on": start[0].isoformat()})
            if result.ok and isinstance(result.output, Mapping):
                results.append(dataclasses.replace(result, output={**result.output, "start_note": start[1]}))
    return [dict(r.output) for r in results if r.ok and isinstance(r.output, Mapping)]


async def _basis_articles(request: OfflineRequest, calculations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The articles a calculation rests on, looked up in the corpus (so they are quoted and verified)."""
    if "lookup_legal_article" not in request.toolbox:
        return []
    found: list[dict[str, Any]] = []
    for calculation in calculations:
        for basis in calculation.get("legal_basis", [])[:1]:
            result = await request.call_tool("lookup_legal_article", {"law": basis["law"], "article": basis["article"]})
            quoted = str(result.output.get("content", "")).partition("：\n")[2] if result.ok else ""
            for hit in await db_sync_to_async(_hits)(result):
                # the look-up's own text when the article is not found by its id (a cached result)
                found.append(dict(hit, text=hit.get("text") or quoted, reason=f"{calculation.get('name')}的计算依据"))
    return found


def _calculation_lines(calculation: Mapping[str, Any]) -> list[str]:
    lines = [f"**{calculation.get('name')}**" + (f"：{calculation['amount']} 元" if calculation.get("amount") else "")]
    if calculation.get("start_note"):
        lines.append(f"- {calculation['start_note']}")
    lines += [f"- {step}" for step in calculation.get("steps", [])]
    basis = "、".join(b.get("text", "") for b in calculation.get("legal_basis", []))
    if basis:
        lines.append(f"- 依据：{basis}")
    return lines
