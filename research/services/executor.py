"""The executor: a plan's steps run as a DAG — independent steps in parallel (at most
``RESEARCH_CONCURRENCY`` at once), a step waiting for the steps it depends on.

A step with a tool type calls its tool (``research.tools.prepare`` builds the call from the step's
input and the question's facts) within ``RESEARCH_TOOL_TIMEOUT`` seconds (``RESEARCH_TOOL_TIMEOUTS``
per tool); a step without a tool reasons (method ``reasoning``): with a model, the executor agent
answers from the results of the steps it depends on; without one, the sentences of those steps'
articles that bear on the step are quoted. A sub-issue's search (the planner tags it with its part
and card) lists its card's controlling provisions first. Each step is then verified
(``research.services.verifier``); a search that found nothing gets one follow-up query.

Every kind of step that ends with nothing — a missing tool, a tool that fails or hangs, input that
cannot become a call, a search that found nothing even after its follow-up, a calculation without a
figure, a reasoning step with nothing to say — answers with the chat's offline answer for its
sub-question (``legal.engine.card_answer`` of the part it researches: its ``part`` tag, a dependency's,
the part its own words name, else its dependencies' words, the question's only part, else its own
words read with the question's narrative), and is ``done`` with method ``fallback`` and
``verification.fallback = "card"`` (``decided``: whether a card decides the sub-question; if none
does, the answer says what could not be decided and the fact needed first). Only a step for which
even that has nothing gets direct reasoning and, if that has nothing either, is ``failed``; the
answer's 结论 still has a clean line for its part. Every step emits ``step_started`` and
``step_finished`` and is handed to ``on_step`` (persistence).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings

from agents import events
from agents.aio import db_sync_to_async
from agents.llm import LLMError, LLMGateway
from agents.tools import RunContext, Toolbox, ToolResult
from legal.text.entities import Entities
from legal.text.extractive import with_texts
from research import tools
from research.services.issues import SubIssue, read_with, split_question
from research.services.verifier import article_keys, verify_step
from research.specialists import EXECUTOR

logger = logging.getLogger(__name__)

__all__ = ["ExecutionContext", "execute", "step_event"]

SOURCE_TEXT_CHARS = 800
SUMMARY_CHARS = 160
DEPENDENCY_CHARS = 1500
CARD_REASON = "要点卡片"
#: ``verification.fallback`` of a step answered with the chat's offline answer for its sub-question.
CARD_FALLBACK = "card"
PROCEDURE_WORDS = ("申请", "仲裁", "起诉", "诉讼", "日内", "时效", "材料", "提交", "受理", "调解", "投诉")
_SENTENCE = re.compile(r"(?<=[。；])")

StepHook = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass
class ExecutionContext:
    """What every step of one run needs."""

    question: str
    facts: Entities
    facts_text: str
    ctx: RunContext
    toolbox: Toolbox
    gateway: LLMGateway
    on_step: StepHook | None = None
    #: the question's card-level sub-issues by part number (``research.services.issues``)
    issues: Mapping[int, SubIssue] = field(default_factory=dict)
    #: sub-questions of steps that research no part of ``issues``, by their reading (answered once a run)
    own_issues: dict[str, SubIssue] = field(default_factory=dict)
    concurrency: int = field(default_factory=lambda: int(getattr(settings, "RESEARCH_CONCURRENCY", 4)))
    tool_timeout: float = field(default_factory=lambda: float(getattr(settings, "RESEARCH_TOOL_TIMEOUT", 30.0)))

    async def send(self, event: Mapping[str, Any]) -> None:
        await self.ctx.send(event)

    def timeout_for(self, tool_name: str) -> float:
        """Seconds the tool may take: ``RESEARCH_TOOL_TIMEOUTS[tool]`` (at most the run's own
        timeout), else the run's."""
        own = (getattr(settings, "RESEARCH_TOOL_TIMEOUTS", None) or {}).get(tool_name)
        return min(float(own), self.tool_timeout) if own else self.tool_timeout


def _one_line(text: str, limit: int = SUMMARY_CHARS) -> str:
    flat = re.sub(r"\s+", " ", text or "").strip()
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def step_event(kind: str, trace_id: str, step: Mapping[str, Any]) -> dict[str, Any]:
    """``step_started`` / ``step_finished``: the step as the page's checklist shows it."""
    event = {"type": kind, "trace_id": trace_id, "ts": events.now_iso(), "step_id": step["id"],
             "tool_type": step["tool_type"], "description": step["description"], "input": step.get("input"),
             "status": step["status"]}
    if kind == "step_finished":
        event.update({key: step.get(key) for key in ("method", "result_summary", "verified", "verification",
                                                     "confidence", "duration_ms", "error")})
        event["result"] = _one_line(str(step.get("result") or ""), 600)
        event["sources"] = [{k: v for k, v in s.items() if k != "text"} for s in step.get("sources") or []]
    return event


# --- tool results as a step's result and sources ---------------------------------------------------------
def _content_text(content: str, law: Any, label: Any) -> str:
    """The article's text as the tool's own output quoted it (``《law》第X条…：text``), for a result
    whose article ids are no longer in the corpus (a cached result from before a re-import)."""
    start = content.find(f"《{law}》{label}")
    if start < 0:
        return ""
    colon = content.find("：", start)
    end = content.find("\n[", colon)
    return content[colon + 1:end if end >= 0 else None].strip() if colon >= 0 else ""


def _article_sources(output: Any) -> list[dict[str, Any]]:
    hits = [h for h in (output or {}).get("sources", []) if isinstance(h, Mapping) and h.get("article_id")]
    content = str((output or {}).get("content") or "")
    found = []
    for hit in with_texts(hits):
        if not hit.get("text"):
            hit["text"] = _content_text(content, hit.get("law"), hit.get("article_label"))
        found.append({"id": f"A{hit['article_id']}", "kind": "article", "law": hit.get("law"),
                      "article_label": hit.get("article_label"), "article_no": hit.get("article_no"),
                      "article_id": hit.get("article_id"), "chapter": hit.get("chapter", ""),
                      "text": str(hit.get("text") or "")[:SOURCE_TEXT_CHARS]})
    return found


def _case_sources(output: Any) -> list[dict[str, Any]]:
    return [{"id": f"C{hit['chunk_id']}", "kind": "case", "title": hit.get("title"), "heading": hit.get("heading"),
             "document_id": hit.get("document_id"), "url": hit.get("url", "")}
            for hit in (output or {}).get("sources", []) if isinstance(hit, Mapping) and hit.get("chunk_id")]


def _web_sources(output: Any) -> list[dict[str, Any]]:
    return [{"id": f"W{i}", "kind": "web", "title": hit.get("title"), "url": hit.get("url")}
            for i, hit in enumerate((output or {}).get("results", []), start=1) if isinstance(hit, Mapping)]


def _calculation_text(output: Mapping[str, Any]) -> str:
    if "expression" in output:
        return f"{output['expression']} = {output.get('value')}"
    head = f"{output.get('name')}" + (f"：{output['amount']} 元" if output.get("amount") else "")
    figures = output.get("figures") or {}
    if figures.get("expires_on"):
        head += f"：{figures['expires_on']} 届满" + ("（已届满）" if figures.get("expired") else "")
    basis = "、".join(b.get("text", "") for b in output.get("legal_basis", []))
    return "\n".join([head, *[f"- {s}" for s in output.get("steps", [])], *([f"- 依据：{basis}"] if basis else [])])


async def _call(run: ExecutionContext, call: tools.ToolCallPlan) -> ToolResult | str:
    """The tool's result, or why there is none (timeout, not configured, unknown tool)."""
    if call.tool not in run.toolbox:
        return f"工具 {call.tool} 不可用"
    timeout = run.timeout_for(call.tool)
    try:
        async with asyncio.timeout(timeout):
            result = await run.toolbox.call(call.tool, call.arguments, ctx=run.ctx)
    except TimeoutError:
        return f"工具 {call.tool} 超时（{timeout:g} 秒）"
    if not result.ok:
        return result.error or "工具调用失败"
    if call.tool == "web_search" and not (result.output or {}).get("provider"):
        return str((result.output or {}).get("message") or "未配置网络搜索")
    return result


async def _apply(run: ExecutionContext, step: dict[str, Any], call: tools.ToolCallPlan, result: ToolResult) -> None:
    output = result.output if isinstance(result.output, Mapping) else {}
    step["input"] = step.get("input") or call.arguments
    step["tool"] = call.tool
    if call.tool in ("search_legal_knowledge", "lookup_legal_article"):
        step["sources"] = await db_sync_to_async(_article_sources)(output)
        step["result"] = str(output.get("content") or "")
    elif call.tool == "search_cases":
        step["sources"] = _case_sources(output)
        step["result"] = str(output.get("content") or "")
    elif call.tool == "web_search":
        step["sources"] = _web_sources(output)
        step["result"] = "\n".join(f"[{s['id']}] {s['title']}：{s['url']}" for s in step["sources"])
    else:  # a calculator: its figures, and the article it rests on looked up (quoted and verified)
        step["output"] = dict(output)
        step["result"] = _calculation_text(output)
        step["sources"] = [{"id": f"K{step['id']}", "kind": "calculation", "name": output.get("name"),
                            "amount": output.get("amount"), "legal_basis": output.get("legal_basis", [])}]
        for basis in output.get("legal_basis", [])[:3]:
            looked = await _call(run, tools.ToolCallPlan("lookup_legal_article",
                                                         {"law": basis["law"], "article": basis["article"]}))
            if isinstance(looked, ToolResult):
                articles = await db_sync_to_async(_article_sources)(looked.output)
                step["sources"] += [dict(a, reason=f"{output.get('name')}的计算依据") for a in articles]
    step["method"] = "tool"


# --- card-level sub-issues --------------------------------------------------------------------------------
def _step_part(step: Mapping[str, Any]) -> tuple[int | None, str]:
    """The sub-issue a step researches (its part number) and its card's slug, from the planner's input."""
    value = step.get("input")
    if not isinstance(value, Mapping):
        return None, ""
    part = value.get("part")
    return (part if isinstance(part, int) and not isinstance(part, bool) else None), str(value.get("card") or "")


def card_sources(slug: str) -> list[dict[str, Any]]:
    """The card's controlling provisions as a step's article sources (the card's order)."""
    from legal.retrieval import card_by_slug, provision_articles

    card = card_by_slug(slug) if slug else None
    if card is None:
        return []
    return [{"id": f"A{a.pk}", "kind": "article", "law": a.law.name, "article_label": a.label,
             "article_no": a.number, "article_id": a.pk, "chapter": a.chapter, "text": a.text[:SOURCE_TEXT_CHARS],
             "reason": f"{CARD_REASON}《{card.title}》的决定性法条"}
            for a in provision_articles(card.controlling)]


async def _within_card(step: dict[str, Any]) -> None:
    """A sub-issue's search: its card's controlling provisions first, then what the search found."""
    _, slug = _step_part(step)
    if not slug or step.get("tool") != "search_legal_knowledge":
        return
    first = await db_sync_to_async(card_sources)(slug)
    if not first:
        return
    ids = {s["article_id"] for s in first}
    step["sources"] = [*first, *(s for s in step.get("sources") or [] if s.get("article_id") not in ids)]
    lines = [f"〔要点卡片〕《{s['law']}》{s['article_label']}：{s['text']}" for s in first]
    step["result"] = "\n".join([*lines, str(step.get("result") or "")]).strip()


def _step_words(step: Mapping[str, Any]) -> str:
    value = step.get("input")
    query = value.get("query") or "" if isinstance(value, Mapping) else value
    return f"{step.get('description') or ''} {query or ''}"


def _ask_of(step: Mapping[str, Any]) -> str:
    """The step's own sub-question: its description after its label (检索：…, 整理办理程序：…), else the
    description itself."""
    description = str(step.get("description") or "").strip()
    return description.split("：", 1)[1].strip() if "：" in description else description


def _issue_for(run: ExecutionContext, step: Mapping[str, Any], deps: list[dict[str, Any]]) -> SubIssue | None:
    """The sub-question a step researches: its part tag; a dependency's part tag; the part its own
    words name, else the part its dependencies' words name; the question's only part; else the step's
    own ask read with the question's narrative (the whole question when it has a single part)."""
    part, _ = _step_part(step)
    if part is not None and part in run.issues:
        return run.issues[part]
    for dep in deps:
        part, _ = _step_part(dep)
        if part is not None and part in run.issues:
            return run.issues[part]
    for words in (_step_words(step), " ".join(_step_words(d) for d in deps)):
        for issue in run.issues.values():
            ask = issue.part.strip(" ？?。，,")
            if ask and ask in words:
                return issue
    if len(run.issues) == 1:
        return next(iter(run.issues.values()))
    from research.services.issues import sub_issue

    narrative, parts = split_question(run.question)
    ask = next((a for a in (_ask_of(step), *(_ask_of(d) for d in deps)) if len(a) >= 4), "")
    if len(parts) <= 1 or not ask:
        read_as, ask = run.question.strip(), run.question.strip()
    else:
        read_as = read_with(narrative, ask)
    if read_as not in run.own_issues:
        run.own_issues[read_as] = sub_issue(0, ask, read_as, offline=run.gateway.offline)
    return run.own_issues[read_as]


def _fallback_text(issue: SubIssue, step: Mapping[str, Any]) -> tuple[str, str]:
    """(the chat's offline answer for the sub-question, its card's slug): the part's 结论 line — for a
    part no card decides, what the engine could not decide and the fact it needs first — and for a
    step without a tool (it lays out a procedure) the card's next steps."""
    decision = issue.decision
    text = issue.text
    if decision is None or not text:
        return "", ""
    card = (issue.card or decision.card) if decision.decided else None
    steps = [n for n in (card.next_steps[:4] if card is not None else ()) if n.strip("。；; ") not in text]
    if steps and step.get("tool_type") == "none":  # the next steps the 结论 line does not already say
        text = f"{text}\n下一步：{'；'.join(steps)}"
    return text, card.slug if card is not None else ""


async def _card_fallback(run: ExecutionContext, step: dict[str, Any], deps: list[dict[str, Any]]) -> bool:
    """The step answers with the chat's offline answer for its sub-question (and its card's controlling
    provisions as its sources), never with what direct reasoning makes of stray numbers. False: the card
    engine has nothing for it."""

    def answer() -> tuple[str, list[dict[str, Any]], bool]:
        issue = _issue_for(run, step, deps)
        if issue is None:
            return "", [], False
        text, slug = _fallback_text(issue, step)
        decided = bool(text) and issue.decision is not None and issue.decision.decided
        return text, (card_sources(slug) if text and slug else []), decided

    try:
        text, sources, decided = await db_sync_to_async(answer)()
    except Exception:  # the fallback is the last resort: its own failure leaves the step as it was
        logger.warning("research: the card fallback of step %s failed", step.get("id"), exc_info=True)
        return False
    if not text.strip():
        return False
    step.update(method="fallback", result=text, sources=sources, output={}, decided=decided)
    return True


# --- reasoning --------------------------------------------------------------------------------------------
def _quoted_sentences(step: Mapping[str, Any], deps: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """Offline reasoning: the sentences of the dependencies' articles that bear on the step."""
    words = [w for w in PROCEDURE_WORDS if w in str(step.get("description", ""))] or list(PROCEDURE_WORDS)
    lines, used = [], []
    for dep in deps:
        for source in dep.get("sources") or []:
            if source.get("kind") != "article":
                continue
            sentences = [s.strip() for s in _SENTENCE.split(str(source.get("text", ""))) if s.strip()]
            picked = [s for s in sentences if any(w in s for w in words)][:2]
            if picked:
                lines.append(f"- 依据《{source['law']}》{source['article_label']}：“{''.join(picked)}”")
                used.append(source)
    return "\n".join(lines[:6]), used[:6]


def _dependency_text(deps: list[dict[str, Any]]) -> str:
    return "\n\n".join(f"[{d['id']}] {d['description']}\n{str(d.get('result') or '')[:DEPENDENCY_CHARS]}"
                       for d in deps if d.get("result")) or "（无）"


async def _reason(run: ExecutionContext, step: dict[str, Any], deps: list[dict[str, Any]], method: str) -> None:
    step["method"] = method
    if not run.gateway.offline:
        messages = [{"role": "system", "content": EXECUTOR.instructions},
                    {"role": "user", "content": f"问题：{run.question}\n本步任务：{step['description']}\n"
                                                f"前序步骤结果：\n{_dependency_text(deps)}"}]
        try:
            reply = await run.gateway.complete(EXECUTOR.role, messages, max_tokens=800)
        except LLMError as exc:
            step["error"] = "；".join(filter(None, [step.get("error", ""), f"推理失败（{exc.code}）"]))
        else:
            step["result"] = reply.content.strip()
            step["sources"] = [s for d in deps for s in d.get("sources") or [] if s.get("kind") == "article"]
            return
    text, used = _quoted_sentences(step, deps)
    step["result"], step["sources"] = text, used


# --- one step, and the DAG ----------------------------------------------------------------------------------
async def _follow_up(run: ExecutionContext, step: dict[str, Any]) -> dict[str, Any] | None:
    """One more query for a search or look-up that found nothing: a statute search built from the
    step's description and the question."""
    if step.get("method") != "tool" or step["tool_type"] not in ("search_legal", "lookup_article", "search_cases"):
        return None
    query = f"{step['description']} {run.facts_text or run.question[:80]}".strip()[:300]
    call = tools.ToolCallPlan("search_legal_knowledge", {"query": query, "top_k": 5})
    result = await _call(run, call)
    if not isinstance(result, ToolResult):
        return {"query": query, "ok": False, "error": result}
    sources = await db_sync_to_async(_article_sources)(result.output)
    if sources:
        step["sources"] = [*(step.get("sources") or []), *sources]
        step["result"] = "\n".join(filter(None, [str(step.get("result") or ""), str(result.output.get("content", ""))]))
    return {"query": query, "ok": bool(sources)}


def _nothing(step: Mapping[str, Any], verification: Mapping[str, Any]) -> bool:
    """The step ended with nothing of its own: no result; or a tool that answered without what its kind
    produces — a search or look-up without any article, case or page even after its follow-up, a
    calculation without a figure or a date."""
    if not str(step.get("result") or "").strip():
        return True
    if verification["checks"]["format"] or step.get("method") != "tool":
        return False
    found = any(s.get("kind") in ("article", "case", "web") for s in step.get("sources") or [])
    return step.get("tool_type") == "calculate" or not found


async def run_step(run: ExecutionContext, step: dict[str, Any], deps: list[dict[str, Any]]) -> dict[str, Any]:
    started = time.perf_counter()
    step.update(status="running", method="", result="", sources=[], output={}, error="", verified=None)
    await run.send(step_event("step_started", run.ctx.trace_id, step))
    if run.on_step is not None:
        await run.on_step(step)
    usable = [d for d in deps if d.get("status") == "done"]
    if step["tool_type"] == "none":
        await _reason(run, step, usable, "reasoning")
    else:
        try:
            call = tools.prepare(step, question=run.question, facts=run.facts, facts_text=run.facts_text)
        except tools.InputError as exc:
            call, outcome = None, f"输入无效：{exc}"
        else:
            outcome = await _call(run, call)
        if call is not None and isinstance(outcome, ToolResult):
            await _apply(run, step, call, outcome)
            await _within_card(step)
        else:
            step["error"], step["method"] = str(outcome), "fallback"
    retrieved = article_keys([*(step.get("sources") or []), *(s for d in usable for s in d.get("sources") or [])])
    verification = await verify_step(step, retrieved)
    follow_up = None
    if not verification["checks"]["format"]:
        follow_up = await _follow_up(run, step)
        if follow_up is not None:
            retrieved |= article_keys(step.get("sources") or [])
            verification = await verify_step(step, retrieved) | {"follow_up": follow_up}
    if _nothing(step, verification):
        why = step.get("error") or verification.get("reason") or "没有结果"
        if await _card_fallback(run, step, deps):
            retrieved |= article_keys(step.get("sources") or [])
            verification = await verify_step(step, retrieved) | {"fallback": CARD_FALLBACK, "fallback_reason": why,
                                                                 "decided": step.pop("decided")}
        elif step.get("method") == "fallback" and not str(step.get("result") or "").strip():
            await _reason(run, step, usable, "fallback")
            verification = await verify_step(step, retrieved)
        if follow_up is not None:
            verification["follow_up"] = follow_up
    step["verification"] = verification
    step["verified"] = verification["verified"]
    step["confidence"] = verification["confidence"]
    step["status"] = "done" if str(step.get("result") or "").strip() else "failed"
    if step["status"] == "failed" and not step.get("error"):
        step["error"] = verification.get("reason") or "没有结果"
    step["result_summary"] = _one_line(str(step.get("result") or step.get("error") or ""))
    step["duration_ms"] = round((time.perf_counter() - started) * 1000, 1)
    await run.send(step_event("step_finished", run.ctx.trace_id, step))
    if run.on_step is not None:
        await run.on_step(step)
    return step


async def execute(steps: list[dict[str, Any]], run: ExecutionContext) -> list[dict[str, Any]]:
    """Run every pending step of ``steps`` (done ones are kept, e.g. on resume): in parallel up to
    the concurrency cap, each after the steps it depends on. Steps are updated in place."""
    by_id = {step["id"]: step for step in steps}
    finished = {step["id"]: asyncio.Event() for step in steps}
    for step in steps:
        if step.get("status") in ("done", "failed", "skipped"):
            finished[step["id"]].set()
    gate = asyncio.Semaphore(max(1, run.concurrency))

    async def one(step: dict[str, Any]) -> None:
        try:
            for dep in step.get("depends_on") or []:
                if dep in finished:
                    await finished[dep].wait()
            async with gate:
                await run_step(run, step, [by_id[d] for d in step.get("depends_on") or [] if d in by_id])
        finally:
            finished[step["id"]].set()

    await asyncio.gather(*(one(step) for step in steps if not finished[step["id"]].is_set()))
    return steps
