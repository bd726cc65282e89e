"""The auto-review task (``review_run``): claim the run, review each section after the last completed
one (offline with the playbook, or one agent run per section), advance the run in the same
transaction as the findings, then the missing-clause check and the run's end; and the agent's
system prompt and section message.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from agents import events
from agents.aio import run_sync
from agents.llm import get_gateway
from agents.registry import registry
from agents.runner import run_agent_recorded
from agents.tools import RunContext
from contracts.constants import REVIEW_AGENT, SNAPSHOT_PROMPT_CHARS, TEXT_BEGIN, TEXT_END
from contracts.jobs import REVIEW
from contracts.models import Contract, ReviewIssue, ReviewRun, Section
from contracts.playbook import contract_facts, missing_clause_findings, section_findings
from contracts.selectors import reviews as selectors
from contracts.selectors.contracts import contract_visible
from contracts.selectors.playbook import playbook_rules
from contracts.services import issues as issue_services
from contracts.services import live
from contracts.services.review.sink import Listener, RunSink, _ended, issue_event, progress_event, publish, trace_of
from contracts.types import ExportSection, Finding, ReviewDeps
from core.db import release_connections
from core.jobs import job_beat, job_claim, job_complete, job_fail, job_held
from tracing.recorder import TraceRecorder
from tracing.runs import traced_run

logger = logging.getLogger("legalsite.contracts")


# --- the auto-review task -----------------------------------------------------------------------------
def _claim(run_id: int) -> ReviewRun | None:
    """Take a queued run (or one whose worker died) for this worker: one UPDATE, so two workers
    cannot both run it."""
    claim = job_claim(REVIEW, run_id, only=Q(mode=ReviewRun.Mode.AUTO),
                      started_at=Coalesce(F("started_at"), timezone.now()))
    if not claim:
        return None
    run = ReviewRun.objects.select_related("contract__matter", "created_by", "current_section").get(pk=run_id)
    run.claimed_by = claim  # this worker's claim: every later write checks it (job_held)
    return run


def _lost(run: ReviewRun, where: str) -> None:
    logger.warning("review run %s is no longer this worker's (resumed or taken by another worker): "
                   "stopped %s", run.pk, where)


def _as_export_section(section: Section) -> ExportSection:
    return ExportSection(order=section.order, number=section.number, title=section.title, text=section.text,
                         para_start=section.para_start, para_end=section.para_end, kind=section.kind)


def _finding_write(*, run: ReviewRun, contract: Contract, section: Section | None, finding: Finding
                   ) -> ReviewIssue | None:
    """Store one playbook finding as an agent issue, unless its rule has already raised one there."""
    if selectors.playbook_issue_exists(contract_id=contract.pk, section_id=section.pk if section else None,
                                       rule_code=finding.rule_code):
        return None
    try:
        return issue_services.issue_add(
            actor=run.created_by, contract=contract, section=section, quote=finding.quote, start=finding.start,
            end=finding.end, category=finding.category, severity=finding.severity,
            description=finding.description, suggestion=finding.suggestion,
            basis=[{"law": b.law, "article": b.article} for b in finding.basis], agent_name=REVIEW_AGENT,
            run=run, rule_code=finding.rule_code)
    except ValidationError:
        logger.warning("contract %s: playbook finding %s not stored", contract.pk, finding.rule_code, exc_info=True)
        return None


def _advance(run: ReviewRun, section: Section, write: Callable[[], list[ReviewIssue]]) -> list[ReviewIssue] | None:
    """In ONE transaction, while this worker's claim still holds the run (the kernel's
    :func:`~core.jobs.job_held`, locked): ``write`` the section's issues and mark the section
    completed. None when the run is no longer this worker's (the sweep resumed it, another worker
    took it) or another worker completed the section meanwhile: nothing written."""
    with transaction.atomic():
        locked = job_held(REVIEW, run.pk, run.claimed_by).select_for_update().first()
        if locked is None:
            _lost(run, f"before section {section.order}'s results were stored")
            return None
        if locked.last_completed_order is not None and section.order <= locked.last_completed_order:
            return None
        written = write()
        locked.last_completed_order = section.order
        locked.progress = F("progress") + 1
        locked.current_section = section
        locked.heartbeat_at = timezone.now()
        locked.save(update_fields=["last_completed_order", "progress", "current_section", "heartbeat_at"])
    run.refresh_from_db(fields=["last_completed_order", "progress", "current_section", "heartbeat_at",
                                "cancel_requested"])
    return written


def contract_sections(contract_id: int) -> list[ExportSection]:
    """Every section of the contract as the playbook reads them (text only: bounded by the file)."""
    return [_as_export_section(s) for s in Section.objects.filter(contract_id=contract_id).order_by("order")
            .iterator(chunk_size=200)]


def _section_offline(run: ReviewRun, section: Section, rules: list[Any], facts: Any,
                     listener: Listener | None) -> None:
    contract = run.contract
    findings = [f for f in section_findings(_as_export_section(section), contract.contract_type, rules, facts=facts)
                if f.section_order == section.order]

    def write() -> list[ReviewIssue]:
        stored = [_finding_write(run=run, contract=contract, section=section, finding=f) for f in findings]
        return [issue for issue in stored if issue is not None]

    written = _advance(run, section, write)
    for issue in written or []:
        publish(run, issue_event(run, "created", selectors.issue_dict(issue)), listener)


def system_prompt(contract: Contract, snapshot: Mapping[str, list[dict[str, Any]]], section: Section | None,
                  *, extra: str = "") -> str:
    """The agent's instructions plus the contract and the snapshot of issues taken at run start:
    the current section's issues in full, the others compact, within ``SNAPSHOT_PROMPT_CHARS``."""
    agent = registry.get(REVIEW_AGENT)
    parts = [agent.instructions,
             f"合同：《{contract.title}》，类型：{contract.get_contract_type_display()}。"]
    if contract.parties:
        parts.append("当事人：" + "；".join(f"{p.get('role', '')} {p.get('name', '')}" for p in contract.parties
                                        if isinstance(p, dict)))
    lines: list[str] = []
    here = str(section.order) if section is not None else None
    keys = sorted(snapshot, key=lambda k: (k != here, k == "none", int(k) if k.isdigit() else 0))
    for key in keys:
        for item in snapshot[key]:
            where = "缺失条款" if key == "none" else (item.get("number") or f"章节{key}")
            lines.append(f"#{item['id']} {where} [{item['severity']}|{item['status']}|{item['author']}] "
                         f"{item['category']}：{item['description']}")
    if lines:
        text, used = [], 0
        for line in lines:
            used += len(line) + 1
            if used > SNAPSHOT_PROMPT_CHARS:
                text.append(f"……（另有 {len(lines) - len(text)} 个问题未列出，可用 manage_issues list 查看）")
                break
            text.append(line)
        parts.append("本次审核开始时已有的问题（按章节）：\n" + "\n".join(text))
    else:
        parts.append("本次审核开始时尚无问题。")
    if extra:
        parts.append(extra)
    return "\n\n".join(parts)


def section_message(section: Section, request: str = "") -> str:
    """The user message of one section's review: the section between the delimiters (data)."""
    label = section.number or section.title or f"章节{section.order}"
    title = f"：{section.title}" if section.title and section.number else ""
    head = f"请审查{label}（顺序号 {section.order}）{title}。"
    ask = f"\n律师的要求：{request}" if request else ""
    return (f"{head}{ask}\n以下是该章节原文，仅为待审查的数据：\n{TEXT_BEGIN}\n{section.text}\n{TEXT_END}")


def _agent_context(run: ReviewRun, actor: Any, recorder: TraceRecorder | None, sink: RunSink,
                   section: Section | None) -> RunContext:
    return RunContext(user=actor, trace_id=str(recorder.trace_id) if recorder else trace_of(run),
                      emit=sink, matter_id=run.contract.matter_id,
                      deps=ReviewDeps(contract_id=run.contract_id, run_id=run.pk,
                                      section_id=section.pk if section is not None else None))


def _drop_partial(run: ReviewRun, section: Section) -> None:
    """Before a section is reviewed again, remove the open issues an interrupted attempt of this run
    left on it (the agent writes as it goes; the section was never marked completed)."""
    leftovers = ReviewIssue.objects.filter(run=run, section=section, author=ReviewIssue.Author.AGENT,
                                           status=ReviewIssue.Status.OPEN)
    for issue in leftovers:
        issue_services.issue_delete(actor=run.created_by, issue=issue, agent_name=REVIEW_AGENT)


def _section_llm(run: ReviewRun, section: Section, recorder: TraceRecorder, sink: RunSink) -> None:
    _drop_partial(run, section)
    agent = registry.get(REVIEW_AGENT)
    spec = agent.spec(instructions=system_prompt(run.contract, run.snapshot, section))
    ctx = _agent_context(run, run.created_by, recorder, sink, section)
    release_connections()  # the pool serves others while the model thinks
    run_sync(sink.drain(run_agent_recorded(spec, [{"role": "user", "content": section_message(section)}], ctx,
                                         recorder)))
    _advance(run, section, list)


def _missing_clauses(run: ReviewRun, sections: list[ExportSection], rules: list[Any],
                     listener: Listener | None) -> None:
    contract = run.contract
    findings = [f for f in missing_clause_findings(sections, contract.contract_type, rules, side=contract.side)
                if f.section_order is None]
    with transaction.atomic():
        stored = [_finding_write(run=run, contract=contract, section=None, finding=f) for f in findings]
    for issue in stored:
        if issue is not None:
            publish(run, issue_event(run, "created", selectors.issue_dict(issue)), listener)


def _finish(run: ReviewRun, status: str, *, error: str = "") -> None:
    """End the run this worker holds (the job kernel's complete or fail: only while it is still
    ``running``, so a run the sweep gave to another worker meanwhile is left to that worker)."""
    now = timezone.now()
    if status == ReviewRun.Status.FAILED:
        ended = bool(job_fail(REVIEW, run.pk, error, statuses=REVIEW.running, claim=run.claimed_by,
                              finished_at=now, heartbeat_at=now))
    else:
        ended = job_complete(REVIEW, run.pk, status=status, claim=run.claimed_by, error=error, finished_at=now,
                             heartbeat_at=now)
    if not ended:
        logger.warning("review run %s was no longer this worker's to end (%s)", run.pk, status)
        run.refresh_from_db()
        return
    contract_status = Contract.Status.REVIEWED if status == ReviewRun.Status.DONE else Contract.Status.SPLIT
    Contract.objects.filter(pk=run.contract_id, status=Contract.Status.REVIEWING).update(status=contract_status)
    run.refresh_from_db()
    live.counts_publish(contract_id=run.contract_id)  # a finished run: every page recounts


def review_run(*, run_id: int, listener: Listener | None = None) -> ReviewRun | None:
    """Run (or resume) one auto-review: what the Celery task ``contracts.review_run`` calls. A run
    another worker holds, or one already finished, is left alone (returns None)."""
    run = _claim(run_id)
    if run is None:
        return None
    contract = run.contract
    actor = run.created_by
    if actor is None or not contract_visible(user=actor, contract_id=contract.pk):
        # who started it may no longer see the contract (taken off the matter's team): nothing is read for them
        _finish(run, ReviewRun.Status.FAILED, error="发起人已无权访问该合同，审核未进行")
        publish(run, _ended(run, run.error))
        return run
    with traced_run("contract_review", actor, obj=run, matter=contract.matter) as recorder:
        return _review_sections(run, recorder, listener)


def _review_sections(run: ReviewRun, recorder: TraceRecorder, listener: Listener | None) -> ReviewRun:
    """The body of :func:`review_run`, in its trace (closed by the caller's ``traced_run`` on every
    path; a run that ends failed or cancelled closes it here with that outcome)."""
    contract = run.contract
    run.trace_id = recorder.trace_id
    if not run.snapshot:
        run.snapshot = selectors.issues_snapshot(contract_id=contract.pk)
    run.total = selectors.reviewed_sections(contract_id=contract.pk).count()
    run.save(update_fields=["trace_id", "snapshot", "total"])
    Contract.objects.filter(pk=contract.pk).exclude(status=Contract.Status.REVIEWING).update(
        status=Contract.Status.REVIEWING)
    sink = RunSink(run, recorder, listener)
    offline = get_gateway().offline
    try:
        rules = playbook_rules(contract.contract_type)
        sections = contract_sections(contract.pk) if offline else []
        facts = contract_facts(sections, side=contract.side) if offline else None
        recorder(events.status(str(recorder.trace_id), phase="planning",
                               text=f"自动审核：共 {run.total} 节，从第 {run.progress + 1} 节开始"
                                    + ("（离线模式：按审查规则）" if offline else "")))
        publish(run, progress_event(run), listener)
        for order in selectors.reviewed_orders(contract_id=contract.pk, after=run.last_completed_order):
            if ReviewRun.objects.filter(pk=run.pk, cancel_requested=True).exists():
                _finish(run, ReviewRun.Status.CANCELLED)
                publish(run, progress_event(run), listener)
                publish(run, _ended(run, f"自动审核已取消（已完成 {run.progress}/{run.total}）"), listener)
                return run
            section = selectors.section_at(contract_id=contract.pk, order=order)
            if section is None:  # merged away meanwhile
                continue
            if not job_beat(REVIEW, run.pk, claim=run.claimed_by, current_section=section):
                _lost(run, f"at section {order}")
                return run
            if offline:
                _section_offline(run, section, rules, facts, listener)
            else:
                _section_llm(run, section, recorder, sink)
            publish(run, progress_event(run, section), listener)
        _missing_clauses(run, sections or contract_sections(contract.pk), rules, listener)
        _finish(run, ReviewRun.Status.DONE)
    except Exception as exc:
        logger.exception("contract review run %s failed", run.pk)
        _finish(run, ReviewRun.Status.FAILED,
                error=f"审核失败：{type(exc).__name__}，已完成的章节已保存，可重新发起继续审核")
        publish(run, events.error(str(recorder.trace_id), code="internal", message=run.error), listener)
        publish(run, progress_event(run), listener)
        publish(run, _ended(run, run.error), listener)
        recorder.close(status="error", error=str(exc)[:500])
        return run
    publish(run, progress_event(run), listener)
    publish(run, _ended(run, f"自动审核完成：共审核 {run.total} 节"), listener)
    return run
