"""Writes of the drafting app: templates (shipped, uploaded, approved), drafts, rendered versions.

Every change records an audit event (``drafting.*``) inside its transaction. Access is checked by
the caller through ``drafting.selectors`` (404 for what the user may not see); these functions
check what only they can: the values against the template's schema, the approval of a version.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections.abc import Mapping
from datetime import date
from pathlib import Path
from typing import Any, Final

from celery import current_app as celery_app
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Max, Model
from django.utils import timezone
from django.utils.html import escape

from agents.aio import run_sync
from agents.llm import get_gateway
from agents.runner import run_agent
from agents.tools import RunContext
from agents.types import AgentResult
from core.queueing import BrokerUnavailable
from core.realtime import EventLog, EventStream
from core.validation import reject_nul
from drafting import catalog, render
from drafting import schema as fs
from drafting.deps import DraftingDeps
from drafting.models import DocumentTemplate, Draft, DraftVersion, TemplateVersion
from drafting.offline import next_question
from drafting.prefill import Known, Prefill, prefill
from drafting.selectors import chat_known
from drafting.specialists import DRAFTER
from firm.models import Matter
from firm.roles import is_admin
from firm.selectors import matter_is_member
from firm.services import work_derive_check
from knowledge.verification import citations_verify
from tracing.models import TraceStatus
from tracing.recorder import trace_open
from tracing.services import audit_event_record

logger = logging.getLogger("legalsite.drafting")

TEMPLATES_DIR: Final = Path(__file__).resolve().parent / "templates_docx"
#: The most a template upload may weigh.
MAX_TEMPLATE_BYTES: Final = 10 * 1024 * 1024


class DraftingError(ValueError):
    """A refused request; ``fields`` maps field paths to reasons (400 {"fields": …})."""

    def __init__(self, message: str, *, fields: Mapping[str, str] | None = None,
                 missing: list[str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.fields = dict(fields or {})
        self.missing = list(missing or [])


# -- templates --------------------------------------------------------------------------------------

def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def shipped_templates_sync() -> int:
    """Load the shipped templates (``drafting/templates_docx`` + ``drafting.catalog``): a template
    is created once, and gets a new approved version whenever its file or schema changed. Runs
    after every ``migrate`` (first run included); returns how many versions it added."""
    added = 0
    for spec in catalog.SHIPPED:
        data = (TEMPLATES_DIR / f"{spec.slug}.docx").read_bytes()
        with transaction.atomic():
            template, _ = DocumentTemplate.objects.update_or_create(
                slug=spec.slug, defaults={"name": spec.name, "category": spec.category, "description": spec.description,
                                          "keywords": spec.keywords, "source": DocumentTemplate.Source.SHIPPED})
            latest = template.versions.order_by("-number").first()
            if latest and latest.sha256 == _sha(data) and latest.fields == spec.fields:
                continue
            version = TemplateVersion.objects.create(
                template=template, number=(latest.number + 1) if latest else 1, docx=data, sha256=_sha(data),
                fields=spec.fields, status=TemplateVersion.Status.APPROVED, approved_at=timezone.now())
            audit_event_record(actor=None, actor_name="system", event_type="drafting.template_loaded", obj=template,
                               new={"version": version.number, "sha256": version.sha256})
            added += 1
    return added


_NAME_TYPES: Final = (
    (r"身份证|身份号码|公民身份", "id_number"),
    (r"信用代码|统一社会", "credit_code"),
    (r"电话|手机|联系方式|phone|tel", "phone"),
    (r"日期|时间|日$|date", "date"),
    (r"金额|价款|租金|押金|费用|工资|报酬|本金|货款|赔偿|amount|price|fee", "amount"),
    (r"份数|数量|人数|月数|天数|count|number_of", "integer"),
    (r"事实|理由|意见|说明|内容|情况|facts|reason", "textarea"),
)


def infer_fields(names: list[str]) -> list[dict[str, Any]]:
    """A schema guessed from placeholder names: the type from the words in the name
    (身份证号 → id_number, 金额 → amount, 日期 → date, 电话 → phone …), text otherwise;
    every field required (the lawyer relaxes what is optional)."""
    out = []
    for name in names:
        kind = next((kind for pattern, kind in _NAME_TYPES if re.search(pattern, name, re.IGNORECASE)), "text")
        out.append(fs.field(name, name.replace("_", " "), kind, required=True))
    return out


def _slug_for(name: str) -> str:
    base = re.sub(r"[^\w-]+", "-", name, flags=re.UNICODE).strip("-").lower()[:60] or "template"
    slug, n = f"firm-{base}", 1
    while DocumentTemplate.objects.filter(slug=slug).exists():
        n += 1
        slug = f"firm-{base}-{n}"
    return slug


def template_upload(*, actor: AbstractBaseUser, name: str, data: bytes, category: str = "本所模板",
                    description: str = "", template: DocumentTemplate | None = None) -> TemplateVersion:
    """A firm template (new, or a new version of ``template``): the file checked (a .docx whose
    tags all parse), its fields inferred, pending an admin's approval."""
    if len(data) > MAX_TEMPLATE_BYTES:
        raise DraftingError("文件过大", fields={"file": "模板文件不能超过 10 MB"})
    try:
        found = render.lint(data)
    except render.TemplateProblem as problem:
        reason = problem.message + (f"（位置：{problem.where}）" if problem.where else "")
        raise DraftingError(reason, fields={"file": reason}) from None
    if not found:
        raise DraftingError("模板中没有占位符",
                            fields={"file": "模板中没有 {{ 占位符 }}，请在需要填写处插入如 {{ 原告姓名 }}"})
    fields = infer_fields([placeholder.name for placeholder in found])
    with transaction.atomic():
        if template is None:
            template = DocumentTemplate.objects.create(
                slug=_slug_for(name), name=name.strip() or "本所模板", category=category, description=description,
                source=DocumentTemplate.Source.FIRM, owner=actor)
        number = (template.versions.aggregate(top=Max("number"))["top"] or 0) + 1
        version = TemplateVersion.objects.create(template=template, number=number, docx=data, sha256=_sha(data),
                                                 fields=fields, created_by=actor)
        audit_event_record(actor=actor, event_type="drafting.template_uploaded", obj=template,
                           new={"version": number, "fields": [f["name"] for f in fields], "sha256": version.sha256})
    return version


def template_fields_update(*, actor: AbstractBaseUser, version: TemplateVersion,
                           fields: list[dict[str, Any]]) -> TemplateVersion:
    """Edit a pending version's schema (labels, types, required); an approved one is frozen."""
    if version.status == TemplateVersion.Status.APPROVED:
        raise DraftingError("已批准的模板版本不能修改字段", fields={"fields": "已批准的版本不能修改，请上传新版本"})
    problems = fs.check_schema(fields)
    if problems:
        raise DraftingError("字段定义有误", fields={"fields": "；".join(problems)})
    with transaction.atomic():
        old = version.fields
        version.fields = fields
        version.save(update_fields=["fields"])
        audit_event_record(actor=actor, event_type="drafting.template_fields_changed", obj=version.template,
                           old={"fields": old}, new={"fields": fields}, detail={"version": version.number})
    return version


def template_approve(*, actor: AbstractBaseUser, version: TemplateVersion, approve: bool = True) -> TemplateVersion:
    if not is_admin(actor):
        raise PermissionError("只有管理员可以审批模板")
    with transaction.atomic():
        old = version.status
        version.status = TemplateVersion.Status.APPROVED if approve else TemplateVersion.Status.REJECTED
        version.approved_by, version.approved_at = actor, timezone.now()
        version.save(update_fields=["status", "approved_by", "approved_at"])
        audit_event_record(actor=actor, event_type="drafting.template_approved" if approve else
                           "drafting.template_rejected", obj=version.template, old={"status": old},
                           new={"status": version.status}, detail={"version": version.number})
    return version


# -- drafts -----------------------------------------------------------------------------------------

def _check(version: TemplateVersion, values: Any) -> dict[str, Any]:
    cleaned, errors = fs.validate(version.fields, values if isinstance(values, Mapping) else {})
    if not isinstance(values, Mapping):
        errors = {"fields": "应为对象"}
    if errors:
        raise DraftingError("字段有误", fields=errors)
    return cleaned


def known_for(*, session: Model | None, matter: Matter | None, today: date | None = None) -> Known:
    known = chat_known(session=session) if session is not None else Known()
    return Known(state=known.state, messages=known.messages, citations=known.citations,
                 client=matter.client if matter is not None else "", today=today or timezone.localdate())


def draft_create(*, actor: AbstractBaseUser, version: TemplateVersion, values: Mapping[str, Any] | None = None,
                 matter: Matter | None = None, session: Model | None = None, title: str = "",
                 offline: bool | None = None) -> Draft:
    """A draft from an approved template version: the values given, over what the chat session and
    the matter already say (pre-filled, each marked with its source)."""
    if version.status != TemplateVersion.Status.APPROVED:
        raise DraftingError("模板尚未批准", fields={"template": "模板版本尚未经管理员批准，不能使用"})
    target = matter if matter is not None else (session.matter if session is not None else None)
    if target is not None and not matter_is_member(user=actor, matter=target):
        raise PermissionDenied("您不在该案件团队中，不能将文书归入该案件")
    if session is not None:  # the session's content is carried into the draft: the move rule
        work_derive_check(actor=actor, source=session, target_matter=target)
    given = _check(version, values or {})
    filled: Prefill = Prefill()
    if session is not None or matter is not None:
        filled = prefill(version.fields, known_for(session=session, matter=matter))
    merged = {**filled.values, **{k: v for k, v in given.items() if not fs.is_empty(v)}}
    sources = {k: v for k, v in filled.sources.items() if k not in given or fs.is_empty(given[k])}
    notes: dict[str, Any] = {}
    if sources:
        notes["offline"] = True if offline is None else offline
    with transaction.atomic():
        draft = Draft.objects.create(
            owner=actor, matter=matter if matter is not None else (session.matter if session else None),
            chat_session=session, template=version.template, template_version=version,
            title=title or version.template.name, fields=merged, prefilled=sources, notes=notes)
        audit_event_record(actor=actor, event_type="drafting.draft_created", obj=draft,
                           new={"template": version.template.slug, "version": version.number,
                                "fields": sorted(merged), "prefilled": sorted(sources)})
    return draft


def draft_update(*, actor: AbstractBaseUser, draft: Draft, values: Mapping[str, Any], replace: bool = False) -> Draft:
    """Change a draft's values (merged into the present ones unless ``replace``)."""
    cleaned = _check(draft.template_version, values)
    with transaction.atomic():
        old = dict(draft.fields)
        draft.fields = cleaned if replace else {**draft.fields, **cleaned}
        changed = sorted(k for k in set(old) | set(draft.fields) if old.get(k) != draft.fields.get(k))
        draft.prefilled = {k: v for k, v in draft.prefilled.items() if k not in changed}
        draft.save(update_fields=["fields", "prefilled", "updated_at"])
        if changed:
            audit_event_record(actor=actor, event_type="drafting.draft_changed", obj=draft,
                               old={k: old.get(k) for k in changed}, new={k: draft.fields.get(k) for k in changed})
    return draft


def draft_missing(draft: Draft) -> list[str]:
    return fs.missing(draft.template_version.fields, draft.fields)


_INDEX = re.compile(r"\[\d+\]")


def missing_reasons(schema: list[dict[str, Any]], missing: list[str]) -> dict[str, str]:
    """{"<path>": "必填：原告·姓名/名称"} for each missing path."""
    labels = fs.labels(schema)
    return {path: "必填：" + labels.get(_INDEX.sub("", path), path) for path in missing}


def _render(version: TemplateVersion, values: Mapping[str, Any]) -> bytes:
    """Render ``version`` with ``values``; a render the sandbox stops is a refused request (400
    naming the reason), never a server error."""
    try:
        return render.render(bytes(version.docx), values, version.fields)
    except render.RenderRefused as refused:
        reason = refused.message + (f"（标签 {refused.tag}）" if refused.tag else "")
        raise DraftingError(reason, fields={"template": reason}) from None


def draft_render(*, actor: AbstractBaseUser, draft: Draft) -> DraftVersion:
    """Render the draft into a new version (every version kept). Missing required fields refuse
    it, listing them; no file is made."""
    version = draft.template_version
    missing = fs.missing(version.fields, draft.fields)
    if missing:
        raise DraftingError("缺少必填字段", missing=missing, fields=missing_reasons(version.fields, missing))
    data = _render(version, draft.fields)
    with transaction.atomic():
        locked = Draft.objects.select_for_update().get(pk=draft.pk)
        number = (locked.versions.aggregate(top=Max("number"))["top"] or 0) + 1
        rendered = DraftVersion.objects.create(draft=locked, number=number, docx=data, fields=draft.fields,
                                               created_by=actor)
        Draft.objects.filter(pk=draft.pk).update(status=Draft.Status.RENDERED, updated_at=timezone.now())
        audit_event_record(actor=actor, event_type="drafting.draft_rendered", obj=locked,
                           new={"version": number, "sha256": _sha(data), "bytes": len(data)})
    draft.status = Draft.Status.RENDERED
    return rendered


def document_render(*, template: DocumentTemplate, values: Mapping[str, Any], actor_name: str) -> bytes:
    """Render the template's approved version with ``values`` without keeping a draft (automation:
    ``manage.py draft``). Invalid values and missing required fields raise DraftingError."""
    version = template.versions.filter(status=TemplateVersion.Status.APPROVED).order_by("-number").first()
    if version is None:
        raise DraftingError("模板尚未批准", fields={"template": "模板尚无经批准的版本"})
    cleaned = _check(version, values)
    missing = fs.missing(version.fields, cleaned)
    if missing:
        raise DraftingError("缺少必填字段", missing=missing, fields=missing_reasons(version.fields, missing))
    data = _render(version, cleaned)
    with transaction.atomic():
        audit_event_record(actor=None, actor_name=actor_name, event_type="drafting.document_rendered", obj=template,
                           new={"version": version.number, "sha256": _sha(data), "fields": sorted(cleaned)})
    return data


def draft_downloaded(*, actor: AbstractBaseUser, version: DraftVersion) -> None:
    """Record that ``actor`` downloaded ``version`` (one audit event per download)."""
    with transaction.atomic():
        audit_event_record(actor=actor, event_type="drafting.draft_downloaded", obj=version.draft,
                           detail={"version": version.number})


def preview_html(*, version: TemplateVersion, values: Mapping[str, Any]) -> tuple[str, dict[str, str], list[str]]:
    """The live preview: (HTML of the document as it would render now, invalid fields, missing
    fields). Invalid values are left out of the preview (``validate`` does not keep them) and reported."""
    cleaned, errors = fs.validate(version.fields, values)
    try:
        docx = render.render(bytes(version.docx), cleaned, version.fields)
    except render.RenderRefused as refused:
        return f"<p class=\"error\">{escape(refused.message)}</p>", {**errors, "template": refused.message}, \
            fs.missing(version.fields, cleaned)
    return render.to_html(docx), errors, fs.missing(version.fields, cleaned)


#: The narrative fields whose citations are verified against the corpus.
NARRATIVE: Final = ("facts", "answer", "demand", "consequence", "service")


def _verify(values: Mapping[str, Any]) -> list[dict[str, Any]]:
    out = []
    for name in NARRATIVE:
        text = values.get(name)
        if isinstance(text, str) and text.strip():
            for citation in citations_verify(text=text[:30_000]):
                out.append({"field": name, "law": citation.law, "article": citation.article, "valid": citation.valid,
                            "reason": citation.reason})
    return out


def _transcript(known: Known, message: str) -> str:
    lines = [f"用户：{text}" for text in known.messages]
    if message:
        lines.append(f"律师补充：{message}")
    return "\n".join(lines) or "（无对话）"


async def _run_drafter(prompt: str, messages: list[dict[str, Any]], ctx: RunContext, recorder: Any) -> AgentResult:
    gateway = get_gateway()
    model = "offline" if gateway.offline else gateway.model_for(DRAFTER.role)
    async with recorder.agent_run(DRAFTER.name, model) as scope:
        result = await run_agent(DRAFTER.spec(instructions=prompt, stream=False), messages, ctx, purpose="drafting")
        scope.add_usage(result.usage.tokens_in, result.usage.tokens_out, model)
        if result.partial:
            scope.fail(result.notice or "partial result", timeout=result.finish == "llm_timeout")
        return result


# --- the assistant as background work: queued, run by a worker, streamed to the page ----------------
#: The Celery task that runs the drafting assistant on a draft (``drafting.tasks.draft_assist_run``).
ASSIST_TASK = "drafting.tasks.draft_assist_run"


def draft_group(draft_id: int) -> str:
    """The Channels group a draft's open pages join (``/ws/drafting/<id>/``)."""
    return f"drafting.{draft_id}"


def draft_assist_log(draft_id: int) -> EventLog:
    return EventLog(f"drafting.assist.{draft_id}")


def draft_assist_start(*, actor: AbstractBaseUser, draft: Draft, message: str = "") -> Draft:
    """Queue the assistant's turn on ``draft`` (a Celery worker runs :func:`draft_assist_run`, the page
    follows it on ``/ws/drafting/<id>/``). While a turn is queued or running a second one is refused.
    When the broker cannot be reached the turn runs here instead, so the lawyer's request is not lost."""
    message = reject_nul((message or "").strip(), "message")[:5000]
    with transaction.atomic():
        locked = Draft.objects.select_for_update().get(pk=draft.pk)
        if (locked.notes or {}).get("assist", {}).get("status") in ("queued", "running"):
            raise DraftingError("助理正在补全，请稍候", fields={"assist": "助理正在补全，请稍候"})
        locked.notes = {**(locked.notes or {}), "assist": {"status": "queued"}}
        locked.save(update_fields=["notes", "updated_at"])
        # a new turn in the draft's event log (numbered after the earlier turns' events)
        EventStream(draft_group(draft.pk), draft_assist_log(draft.pk)).publish(
            {"type": "assist", "status": "queued", "text": "助理正在补全……"})
        transaction.on_commit(lambda: _assist_send(locked.pk, actor.pk, message))
    return locked


def _assist_send(draft_id: int, actor_id: int, message: str) -> None:
    try:
        celery_app.send_task(ASSIST_TASK, args=[draft_id, actor_id, message])
    except BrokerUnavailable:
        logger.warning("drafting assistant for draft %s runs in the request: the broker is unreachable", draft_id)
        draft_assist_run(draft_id=draft_id, actor_id=actor_id, message=message)


def draft_assist_run(*, draft_id: int, actor_id: int, message: str = "") -> Draft | None:
    """The worker's side: run the assistant, streaming what it does to the draft's pages
    (``assist`` status events, one ``field`` event per field it filled, then ``assist_done`` with
    the question it asks next). A failure is saved and streamed as ``assist_failed``."""
    from django.contrib.auth import get_user_model

    draft = Draft.objects.filter(pk=draft_id).select_related("template_version", "chat_session", "matter").first()
    actor = get_user_model().objects.filter(pk=actor_id, is_active=True).first()
    if draft is None or actor is None:
        return None
    emit = EventStream(draft_group(draft_id), draft_assist_log(draft_id)).publish
    Draft.objects.filter(pk=draft_id).update(notes={**(draft.notes or {}), "assist": {"status": "running"}})
    draft.notes = {**(draft.notes or {}), "assist": {"status": "running"}}
    emit({"type": "assist", "status": "running", "text": "助理正在阅读咨询记录与案件信息……"})
    before = dict(draft.fields)
    try:
        draft = draft_assist(actor=actor, draft=draft, message=message)
    except Exception as exc:  # the page must hear of it; the worker logs it
        logger.exception("drafting assistant failed on draft %s", draft_id)
        Draft.objects.filter(pk=draft_id).update(notes={**(draft.notes or {}), "assist": {"status": "failed"}})
        emit({"type": "assist_failed", "text": f"助理未能完成：{type(exc).__name__}"})
        return None
    labels = fs.labels(draft.template_version.fields)
    for name, value in draft.fields.items():
        if value != before.get(name):
            emit({"type": "field", "name": name, "label": labels.get(name, name), "value": value})
    notes = {**(draft.notes or {}), "assist": {"status": "done"}}
    Draft.objects.filter(pk=draft_id).update(notes=notes)
    draft.notes = notes
    emit({"type": "assist_done", "question": notes.get("question", ""),
          "missing": fs.missing(draft.template_version.fields, draft.fields)})
    return draft


def draft_assist(*, actor: AbstractBaseUser, draft: Draft, message: str = "") -> Draft:
    """The drafting agent's turn on a draft: it fills the empty fields from the conversation, the
    session's state memory and the matter, writes the narrative parts, and asks for the first
    thing still missing (one question). Without a model the pre-fill and the assembled narrative
    stand in (离线模式). Values the lawyer typed are never overwritten; a value the schema
    refuses is dropped; citations in the narrative are verified against the corpus. Traced."""
    version = draft.template_version
    known = known_for(session=draft.chat_session, matter=draft.matter)
    if message:
        known = Known(state=known.state, messages=[*known.messages, message], citations=known.citations,
                      client=known.client, today=known.today)
    baseline = prefill(version.fields, known)
    labels = fs.labels(version.fields)
    current = {**baseline.values, **{k: v for k, v in draft.fields.items() if not fs.is_empty(v)}}
    deps = DraftingDeps(prefill=baseline.values, missing=fs.missing(version.fields, current), labels=labels)
    dump = lambda value: json.dumps(value, ensure_ascii=False)  # noqa: E731
    prompt = (f"{DRAFTER.instructions}\n\n模板：{version.template.name}\n字段定义：{dump(version.fields)}"
              f"\n已填写：{dump(current)}\n案情要素：{dump(dict(known.state))}"
              + (f"\n委托人：{known.client}" if known.client else ""))
    recorder = trace_open("drafting", actor, obj=draft, matter=draft.matter)
    ctx = RunContext(user=actor, trace_id=recorder.trace_id, emit=recorder.on_event, deps=deps,
                     matter_id=draft.matter_id)
    try:
        result = run_sync(_run_drafter(prompt, [{"role": "user", "content": _transcript(known, message)}], ctx,
                                       recorder))
        proposed = fields_from_answer(result.content)
        values = proposed.get("fields") if isinstance(proposed.get("fields"), dict) else {}
        accepted: dict[str, Any] = {}
        for name, value in values.items():
            cleaned, errors = fs.validate(version.fields, {name: value})
            if not errors and not fs.is_empty(cleaned.get(name)):
                accepted[name] = cleaned[name]
        filled = {k: v for k, v in accepted.items() if fs.is_empty(draft.fields.get(k))}
        merged = {**draft.fields, **filled}
        still = fs.missing(version.fields, merged)
        question = str(proposed.get("question") or "") if still else ""
        notes = {**draft.notes, "question": question or (next_question(still, labels) if still else ""),
                 "offline": bool(result.offline), "citations": _verify(merged)}
        with transaction.atomic():
            draft.fields = merged
            draft.prefilled = {**draft.prefilled, **{k: "agent" if not result.offline else
                                                     baseline.sources.get(k, "generated") for k in filled}}
            draft.notes = notes
            draft.save(update_fields=["fields", "prefilled", "notes", "updated_at"])
            if filled:
                audit_event_record(actor=actor, event_type="drafting.draft_changed", obj=draft,
                                   new={k: merged[k] for k in filled},
                                   detail={"by": "drafter", "offline": bool(result.offline),
                                           "trace_id": recorder.trace_id})
    except BaseException as exc:
        recorder.close(status=TraceStatus.ERROR, error=f"{type(exc).__name__}: {exc}")
        raise
    recorder.close(status=TraceStatus.SUCCESS)
    return draft


def fields_from_answer(text: str) -> dict[str, Any]:
    """The JSON object in an agent's answer (```json fences tolerated); {} when there is none."""
    match = re.search(r"\{.*\}", text or "", re.DOTALL)
    if not match:
        return {}
    try:
        data = json.loads(match.group(0))
    except json.JSONDecodeError:
        return {}
    return data if isinstance(data, dict) else {}
