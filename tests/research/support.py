"""Fake tools for research tests: a registry whose statute search, look-up and case search take a
fixed time (or hang), so parallelism, timeouts and cancellation can be measured."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from pydantic import BaseModel

from agents.tools import RunContext, ToolRegistry, tool

LAW = "中华人民共和国劳动合同法"


class Query(BaseModel):
    query: str
    top_k: int = 5


class Lookup(BaseModel):
    law: str
    article: str


def fake_registry(*, search_delay: float = 0.0, lookup_delay: float = 0.0, calls: list | None = None,
                  found: bool = True) -> ToolRegistry:
    """``search_legal_knowledge`` / ``search_cases`` sleep ``search_delay`` seconds (a hang when large),
    ``lookup_legal_article`` ``lookup_delay``; every call is appended to ``calls`` as (tool, start, end).
    ``found=False``: the statute search answers, with nothing (no text, no article)."""
    registry = ToolRegistry()
    calls = calls if calls is not None else []

    @tool(name="search_legal_knowledge", registry=registry, retries=0, timeout=600)
    async def search(params: Query, ctx: RunContext) -> dict[str, Any]:
        """检索法条（测试）。"""
        started = time.perf_counter()
        await asyncio.sleep(search_delay)
        calls.append(("search_legal_knowledge", started, time.perf_counter(), params.query))
        if not found:
            return {"content": "", "sources": []}
        return {"content": f"[1] 《{LAW}》第四十七条：经济补偿按劳动者在本单位工作的年限支付。",
                "sources": [{"law": LAW, "article_label": "第四十七条", "article_no": 47, "article_id": 10_000_047,
                             "text": "经济补偿按劳动者在本单位工作的年限，每满一年支付一个月工资的标准向劳动者支付。"}]}

    @tool(name="lookup_legal_article", registry=registry, retries=0, timeout=600)
    async def lookup(params: Lookup, ctx: RunContext) -> dict[str, Any]:
        """查询法条（测试）。"""
        started = time.perf_counter()
        await asyncio.sleep(lookup_delay)
        calls.append(("lookup_legal_article", started, time.perf_counter(), params.article))
        return {"content": f"《{LAW}》{params.article}：劳动者可以向劳动争议仲裁委员会申请仲裁。",
                "sources": [{"law": LAW, "article_label": params.article, "article_no": 1, "article_id": 10_000_001,
                             "text": "发生劳动争议，当事人可以向劳动争议仲裁委员会申请仲裁。"}]}

    @tool(name="search_cases", registry=registry, retries=0, timeout=600)
    async def cases(params: Query, ctx: RunContext) -> dict[str, Any]:
        """检索案例（测试）。"""
        await asyncio.sleep(search_delay)
        return {"content": "案例库中没有找到相关案例。", "sources": []}

    return registry


def step(step_id: str, tool_type: str = "search_legal", depends_on: tuple[str, ...] = (), value: Any = "") -> dict:
    return {"id": step_id, "description": f"步骤 {step_id}", "tool_type": tool_type,
            "input": value or f"查询 {step_id}",
            "depends_on": list(depends_on), "status": "pending"}
