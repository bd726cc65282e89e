"""The synthesizer: the answer from the steps that succeeded, its citations checked, normalised.

- With a model, the agent ``research_synthesizer`` writes the answer (streamed as ``token``
  events) from the steps' results and the list of sources, each under a stable id (``A<article
  id>`` for an article, ``C<chunk id>`` for a case, ``K<step>`` for a calculation).
- Without one, the extractive synthesis: 结论 first (the chat's offline conclusion for the kind of
  question asked, with every figure the calculators computed), then 法律依据 (the articles quoted:
  a calculation's own article first), then 研究步骤 (each step, ✓/✗, its result), then 计算 and
  办理程序 when a step produced them.

Fallbacks: no step succeeded → offline, the sub-issues' lines (each part's card answer, or a clean
abstention for a part the cards cannot decide); with a model, a direct answer (without tools) or
“无法生成答案”;
the synthesis failed (the model timed out mid-answer) → the last successful step's result.
Every citation in the answer is verified against the corpus and must be an article a step
retrieved; any other is flagged in the text (〔未核实〕) and listed as not valid — never shown as
valid. The answer loses stray markup (HTML, code fences) and ends with the disclaimer.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from agents import events
from agents.aio import db_sync_to_async
from agents.llm import LLMError, LLMGateway
from agents.offline import LABEL
from knowledge.exceptions import InvalidQuery, LawNotFound
from knowledge.verification import citations_verify
from legal.text.extractive import conclusion, key_article, question_kind, relevant_hits
from research.constants import DISCLAIMER, NO_ANSWER_TEXT, TOOL_TYPE_LABELS
from research.services.executor import CARD_REASON
from research.services.issues import SubIssue
from research.services.verifier import cited_key
from research.specialists import SYNTHESIZER

logger = logging.getLogger(__name__)

__all__ = ["Answer", "normalise", "synthesize"]

BASIS_MAX = 5
QUOTE_CHARS = 220
UNVERIFIED_MARK = "〔未核实〕"
_TAGS = re.compile(r"</?[a-zA-Z][^<>]{0,200}>")
_FENCE = re.compile(r"^```[a-zA-Z]*\s*$", re.MULTILINE)
_QUOTED = re.compile(r"“[^“”]*”")


@dataclass
class Answer:
    text: str
    confidence: float
    citations: list[dict[str, Any]] = field(default_factory=list)
    sources: list[dict[str, Any]] = field(default_factory=list)
    method: str = "synthesis"  # synthesis | extractive | last_step | direct | none
    notices: list[str] = field(default_factory=list)
    #: one per sub-issue of the question: {"part", "text", "citations"} (ARCHITECTURE §8)
    conclusions: list[dict[str, Any]] = field(default_factory=list)


def normalise(text: str) -> str:
    """No stray markup (HTML tags, code fences, carriage returns, runs of blank lines), and the
    disclaimer as the last line."""
    clean = _FENCE.sub("", _TAGS.sub("", text.replace("\r", "")))
    clean = re.sub(r"\n{3,}", "\n\n", "\n".join(line.rstrip() for line in clean.splitlines())).strip()
    if DISCLAIMER not in clean:
        clean = f"{clean}\n\n{DISCLAIMER}" if clean else DISCLAIMER
    return clean


def _sources(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: dict[str, dict[str, Any]] = {}
    for step in steps:
        for source in step.get("sources") or []:
            brief = {k: v for k, v in source.items() if k != "text"}
            seen.setdefault(str(source.get("id")), brief | {"step": step["id"]})
    return list(seen.values())


def _articles(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: dict[int, dict[str, Any]] = {}
    for step in steps:
        for source in step.get("sources") or []:
            if source.get("kind") == "article" and source.get("article_id"):
                seen.setdefault(int(source["article_id"]), source)
    return list(seen.values())


# --- citations ------------------------------------------------------------------------------------------------
def _unquoted(text: str) -> str:
    """``text`` with what is inside “quotes” blanked (same length, so spans still match): a quoted
    article's own references (本法第三十八条) are the statute's words, not the answer's citations."""
    return _QUOTED.sub(lambda m: "“" + " " * (len(m.group(0)) - 2) + "”", text)


def _check_citations(text: str, source_ids: dict[tuple[str, str], str]) -> tuple[str, list[dict[str, Any]]]:
    """Every citation of the answer verified against the corpus and matched with an article a step
    retrieved (its stable source id); any other is flagged in the text and listed as not valid."""
    retrieved = set(source_ids)
    try:
        found = citations_verify(text=_unquoted(text)[:30_000])
    except (InvalidQuery, LawNotFound):
        return text, []
    citations: list[dict[str, Any]] = []
    marks: list[int] = []
    seen: set[tuple[str, str]] = set()
    for cited in found:
        ok = bool(cited.valid and cited_key(cited) in retrieved)
        if not ok:
            marks.append(cited.span[1])
        key = (str(cited.law), cited.article)
        if key in seen:
            continue
        seen.add(key)
        reason = "" if ok else (cited.reason if not cited.valid else "不是研究步骤检索到的条文")
        citations.append({"law": cited.law or cited.law_text or "", "article": cited.article, "valid": ok,
                          "source_id": source_ids.get(cited_key(cited)) if ok else None, "reason": reason})
    for end in sorted(set(marks), reverse=True):
        if not text[end:].startswith(UNVERIFIED_MARK):
            text = text[:end] + UNVERIFIED_MARK + text[end:]
    return text, citations


# --- the extractive (offline) synthesis -----------------------------------------------------------------------
def _quote(source: Mapping[str, Any]) -> str:
    text = re.sub(r"\s+", " ", str(source.get("text", ""))).strip()
    if len(text) > QUOTE_CHARS:
        text = text[:QUOTE_CHARS].rstrip("，。；、") + "……"
    return f"《{source['law']}》{source['article_label']}：“{text}”"


def _figure(calculation: Mapping[str, Any]) -> str:
    figures = calculation.get("figures") or {}
    if calculation.get("amount"):
        return f"{calculation.get('name')}为 {calculation['amount']} 元"
    if figures.get("expires_on"):
        expired = "（已届满）" if figures.get("expired") else ""
        return f"{calculation.get('name')}至 {figures['expires_on']} 届满{expired}"
    if "value" in calculation:
        return f"{calculation.get('expression')} = {calculation.get('value')}"
    return str(calculation.get("name") or "")


def _part_of(step: Mapping[str, Any]) -> int | None:
    value = step.get("input")
    part = value.get("part") if isinstance(value, Mapping) else None
    return part if isinstance(part, int) and not isinstance(part, bool) else None


def part_lines(issues: Sequence[SubIssue], steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One conclusion per sub-issue (the report's 结论 lines and the task's ``conclusions``): the card's
    conclusion composed for the part's facts (the chat's offline answer for it); for a part no card
    decides, the statement of the article its own search found that bears most on it; the offline
    engine's line when the part's search found nothing either."""
    out = []
    for issue in issues:
        own = [s for s in steps if _part_of(s) == issue.index and s.get("status") == "done"]
        conclusion_ = issue.conclusion()
        if issue.card is None and own:
            hits = [a for s in own for a in s.get("sources") or [] if a.get("kind") == "article"]
            relevant = relevant_hits(hits, issue.part) if hits else []
            key, statement = key_article(relevant, issue.read_as) if relevant else (None, "")
            line = conclusion(question_kind(issue.part), key, statement, [], relevant[:3], issue.read_as) if key else ""
            if line:
                conclusion_ = {"part": issue.part, "text": " ".join(line.replace("**", "").split()),
                               "citations": [{"law": key["law"], "article": key["article_label"], "valid": True}]}
        if not conclusion_["text"]:
            conclusion_["text"] = "这一问检索到的条文不足以得出结论，请补充事实后再研究。"
        out.append(conclusion_)
    return out


def extractive(question: str, steps: list[dict[str, Any]], issues: Sequence[SubIssue] = ()) -> str:
    ok = [s for s in steps if s.get("status") == "done"]
    calculations = [s["output"] for s in ok if s["tool_type"] == "calculate" and s.get("method") == "tool"
                    and s.get("output")]
    calc_basis = [a for s in ok if s["tool_type"] == "calculate" for a in s.get("sources") or []
                  if a.get("kind") == "article"]
    hits = [a for s in ok if s["tool_type"] in ("search_legal", "lookup_article")
            for a in s.get("sources") or [] if a.get("kind") == "article"]
    lookups = [a for s in ok if s["tool_type"] == "lookup_article" for a in s.get("sources") or []
               if a.get("kind") == "article"]
    relevant = relevant_hits(hits, question) if hits else []
    basis: list[dict[str, Any]] = []
    for source in [*calc_basis, *lookups, *relevant]:
        if all(source.get("article_id") != b.get("article_id") for b in basis):
            basis.append(source)
    basis = basis[:BASIS_MAX]
    lines = (part_lines(issues, steps) if issues and (len(issues) > 1 or issues[0].card is not None or not ok)
             else [])
    if lines:
        carded = [a for s in ok for a in s.get("sources") or [] if str(a.get("reason", "")).startswith(CARD_REASON)]
        for source in reversed(carded):  # the cards' controlling provisions lead the basis
            if all(source.get("article_id") != b.get("article_id") for b in basis):
                basis.insert(0, source)
        basis = basis[:BASIS_MAX + len(issues)]
        numbered = len(lines) > 1
        head = "\n".join(f"{i}. （{line['part']}）{line['text']}" if numbered else line["text"]
                         for i, line in enumerate(lines, start=1))
    else:
        key, statement = key_article(relevant, question) if relevant else (None, "")
        head = conclusion(question_kind(question), key, statement, calculations, basis, question)
    parts = [f"【{LABEL}】以下由研究步骤检索到的条文与计算结果摘录而成。", "### 结论"]
    parts.append(head or "检索到的条文见下；请结合具体事实判断。")
    figures = [_figure(c) for c in calculations]
    if len(figures) > 1 or (figures and figures[0] not in head):
        parts.append("计算结果：" + "；".join(figures) + "。")
    if basis:
        parts += ["### 法律依据", *[f"- {_quote(b)}" for b in basis]]
    procedure = [s for s in ok if s["tool_type"] == "none" and s.get("result")]
    if procedure:
        parts.append("### 办理程序")
        for step in procedure:
            parts += [f"{step['description']}：", str(step["result"])]
    if calculations:
        parts.append("### 计算")
        for step in ok:
            if step["tool_type"] == "calculate" and step.get("method") == "tool":
                parts.append(str(step.get("result") or ""))
    parts.append("### 研究步骤")
    for index, step in enumerate(steps, start=1):
        mark = "✓" if step.get("verified") else "✗"
        label = TOOL_TYPE_LABELS.get(step["tool_type"], step["tool_type"])
        summary = step.get("result_summary") or step.get("error") or ""
        parts.append(f"{index}. {mark} {label}｜{step['description']}：“{summary}”")
    return "\n".join(parts)


# --- the synthesis ----------------------------------------------------------------------------------------------
def _prompt(question: str, steps: list[dict[str, Any]]) -> list[dict[str, str]]:
    lines = []
    for step in steps:
        if step.get("status") != "done":
            continue
        lines.append(f"[{step['id']}] {step['description']}（{'已核验' if step.get('verified') else '未通过核验'}）\n"
                     f"{str(step.get('result') or '')[:1500]}")
    sources = [f"{s['id']}：《{s['law']}》{s['article_label']}" for s in _articles(steps)]
    return [{"role": "system", "content": SYNTHESIZER.instructions},
            {"role": "user", "content": f"问题：{question}\n\n研究步骤结果：\n" + "\n\n".join(lines)
                                        + "\n\n来源清单（只可引用这些条文）：\n" + ("\n".join(sources) or "（无）")}]


async def _stream(gateway: LLMGateway, messages: list[dict[str, str]], send: Callable[[dict], Awaitable[None]],
                  trace_id: str) -> str:
    parts: list[str] = []
    async for piece in gateway.stream(SYNTHESIZER.role, messages):
        if isinstance(piece, str):
            parts.append(piece)
            await send(events.token(trace_id, delta=piece))
        else:
            return piece.content or "".join(parts)
    return "".join(parts)


async def synthesize(question: str, steps: list[dict[str, Any]], *, gateway: LLMGateway,
                     send: Callable[[dict], Awaitable[None]], trace_id: str,
                     issues: Sequence[SubIssue] = ()) -> Answer:
    ok = [s for s in steps if s.get("status") == "done"]
    sources = _sources(ok)
    notices: list[str] = []
    method = "synthesis"
    text = ""
    if not ok and not (gateway.offline and issues):
        method = "direct"
        if not gateway.offline:
            try:
                reply = await gateway.complete(SYNTHESIZER.role, [
                    {"role": "system", "content": "所有研究步骤均未成功。请直接简要回答问题，并说明未经检索核实。"},
                    {"role": "user", "content": question}])
                text = reply.content.strip()
            except LLMError as exc:
                notices.append(f"直接回答失败（{exc.code}）")
        if text:
            notices.append("所有研究步骤均未成功，以下为未经检索核实的直接回答。")
    elif gateway.offline:
        method = "extractive"
        text = await db_sync_to_async(extractive)(question, steps, issues)
    else:
        try:
            text = await _stream(gateway, _prompt(question, steps), send, trace_id)
        except LLMError as exc:
            logger.info("research synthesis failed (%s); using the last successful step", exc.code)
            text = ""
            notices.append(f"综合答案生成失败（{exc.code}），以下为最后一个成功步骤的结果。")
        if not text.strip():
            method = "last_step"
            text = str(ok[-1].get("result") or "")
            await send(events.error(trace_id, code="llm_timeout" if "llm_timeout" in "".join(notices)
                                    else "llm_unavailable", message=notices[-1] if notices else "综合答案为空"))
    if not text.strip():
        return Answer(text=normalise(NO_ANSWER_TEXT), confidence=0.0, sources=sources, method="none",
                      notices=notices)
    articles = _articles(ok)
    source_ids = {(str(a["law"]), str(a["article_label"])): str(a["id"]) for a in articles}
    checked, citations = await db_sync_to_async(_check_citations)(text, source_ids)
    answer = normalise(checked)
    confidences = [float(s.get("confidence") or 0) for s in ok] or [0.0]
    confidence = sum(confidences) / len(confidences)
    if citations:
        confidence *= sum(1 for c in citations if c["valid"]) / len(citations)
    factor = {"synthesis": 1.0, "extractive": 0.9, "last_step": 0.5, "direct": 0.3}.get(method, 0.0)
    conclusions = await db_sync_to_async(_conclusions)(issues, steps, answer, citations, method)
    return Answer(text=answer, confidence=round(confidence * factor, 3), citations=citations, sources=sources,
                  method=method, notices=notices, conclusions=conclusions)


def _conclusions(issues: Sequence[SubIssue], steps: list[dict[str, Any]], answer: str,
                 citations: list[dict[str, Any]], method: str) -> list[dict[str, Any]]:
    """The task's ``conclusions``: the offline report's lines (each citation verified in the corpus),
    or one per part read from the model's 结论 section."""
    from legal import engine as card_engine
    from legal.selectors import provision_valid

    if not issues:
        return []
    if method == "extractive":
        out = part_lines(issues, steps)
        for line in out:
            line["citations"] = [dict(c, valid=_valid(c, provision_valid)) for c in line["citations"]]
        return out
    if len(issues) == 1:
        return card_engine.conclusions_from_text(issues[0].answer, answer, citations)
    # the model's 结论 read as one line per sub-issue, each answering its own part
    parts = [issue.decision for issue in issues]
    if any(part is None for part in parts):
        return card_engine.conclusions_from_text(None, answer, citations)
    holder = SimpleNamespace(composition=SimpleNamespace(parts=parts))
    found = card_engine.conclusions_from_text(holder, answer, citations)  # type: ignore[arg-type]
    return [dict(line, part=issue.part) for issue, line in zip(issues, found, strict=False)]


def _valid(citation: Mapping[str, Any], provision_valid: Callable[[str, int], bool]) -> bool:
    from knowledge.numerals import cn_to_int

    match = re.match(r"第(.+?)条$", str(citation.get("article") or ""))
    if match is None:
        return False
    try:
        number = int(match.group(1)) if match.group(1).isdigit() else cn_to_int(match.group(1))
    except (TypeError, ValueError):
        return False
    return bool(number) and provision_valid(str(citation.get("law") or ""), number)
