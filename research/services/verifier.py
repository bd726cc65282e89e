"""The verifier: one step's result checked for format, grounding and confidence.

- format: the step produced something of its kind (a search found articles or cases, a look-up
  the article, a calculation a figure or a date, a reasoning step some text);
- grounding: a claim about the law must come with an article a step retrieved: every citation in a
  reasoning step's text must verify against the corpus *and* be among the articles this step or the
  steps it depends on retrieved; a reasoning step that states the law without any such article is
  not grounded;
- confidence: from the method and the checks (a tool's own result above reasoning, reasoning above
  a fallback; any failed check brings it down).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from agents.aio import db_sync_to_async
from knowledge.exceptions import InvalidQuery, LawNotFound
from knowledge.verification import citations_verify

__all__ = ["article_keys", "cited_key", "verify_step"]

#: Words that make a sentence a statement about the law.
LEGAL_CLAIM = re.compile(r"应当|依法|依照|规定|有权|不得|违法|法律|条例|须|必须")
BASE_CONFIDENCE = {"tool": 0.85, "reasoning": 0.65, "fallback": 0.45}


def article_keys(sources: Iterable[Mapping[str, Any]]) -> set[tuple[str, str]]:
    """The statutes among ``sources`` (a step retrieved them) as (law, 第X条): the key a citation
    is matched on (article ids change when the corpus is re-imported; names and numbers do not)."""
    return {(str(s["law"]), str(s["article_label"])) for s in sources
            if s.get("kind") == "article" and s.get("law") and s.get("article_label")}


def cited_key(cited: Any) -> tuple[str, str]:
    return str(cited.law or ""), str(cited.article_label or cited.article)


def _citations(text: str) -> list[Any]:
    try:
        return citations_verify(text=text[:30_000])
    except (InvalidQuery, LawNotFound):
        return []


def _format(step: Mapping[str, Any]) -> tuple[bool, str]:
    result = str(step.get("result") or "").strip()
    sources = step.get("sources") or []
    tool_type, method = step.get("tool_type"), step.get("method")
    if not result:
        return False, "没有结果"
    if method != "tool":
        return True, ""
    if tool_type in ("search_legal", "lookup_article") and not any(s.get("kind") == "article" for s in sources):
        return False, "没有检索到条文"
    if tool_type == "search_cases" and not any(s.get("kind") == "case" for s in sources):
        return False, "案例库中没有相关案例"
    if tool_type == "search_web" and not any(s.get("kind") == "web" for s in sources):
        return False, "网络检索没有结果"
    if tool_type == "calculate":
        output = step.get("output") or {}
        if not (output.get("amount") or output.get("figures") or output.get("value") is not None):
            return False, "计算没有得出数额或日期"
    return True, ""


async def verify_step(step: Mapping[str, Any], retrieved: set[tuple[str, str]]) -> dict[str, Any]:
    """``{"verified", "confidence", "checks": {"format", "grounded"}, "citations", "reason"}`` for one
    step; ``retrieved`` are the article ids this step and the steps it depends on retrieved."""
    formatted, reason = _format(step)
    grounded = True
    citations: list[dict[str, Any]] = []
    text = str(step.get("result") or "")
    if formatted and step.get("method") != "tool" and text.strip():
        for cited in await db_sync_to_async(_citations)(text):
            ok = bool(cited.valid and cited_key(cited) in retrieved)
            reason = cited.reason if not cited.valid else ("" if ok else "不是研究步骤检索到的条文")
            citations.append({"law": cited.law, "article": cited.article, "valid": ok, "reason": reason})
        if any(not c["valid"] for c in citations):
            grounded, reason = False, "引用了未经检索或无效的条文"
        elif not citations and LEGAL_CLAIM.search(text):
            grounded, reason = False, "法律判断没有检索到的条文支持"
    verified = formatted and grounded
    confidence = BASE_CONFIDENCE.get(str(step.get("method") or ""), 0.4)
    if step.get("method") == "tool" and step.get("tool_type") in ("search_legal", "search_cases"):
        found = len(step.get("sources") or [])
        confidence = min(0.9, 0.6 + 0.1 * min(found, 3))
    if not formatted:
        confidence = 0.1
    elif not grounded:
        confidence = min(confidence, 0.3)
    return {"verified": verified, "confidence": round(confidence, 2),
            "checks": {"format": formatted, "grounded": grounded}, "citations": citations, "reason": reason}
