"""Writes of contracts and their sections: upload (cheap checks, store, queue), reading and splitting
in the worker (``contract_split``: ``uploaded`` → ``splitting`` → ``split`` or ``failed``), edit,
move, delete, export, and the lawyer's corrections of the split (merge adjacent sections, split one
in two). See docs/decisions/upload-limits.md.

Each write is all or nothing and an audit event recorded in its own transaction
(``contract.uploaded``, ``contract.split``, ``contract.split_failed``, ``contract.changed``,
``contract.moved``, ``contract.deleted``, ``contract.exported``, ``contract.sections_merged``,
``contract.section_split``). Moving or deleting a contract makes its open websockets re-check
their access once committed.

Section invariants kept by merge and split: ``order`` is 0..n-1 with no gap; ``text`` is the
``"\\n"``-join of the paragraphs ``para_start..para_end``; every issue's ``quote`` is
``section.text[start:end]`` of the section it points to.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from dataclasses import asdict
from datetime import timedelta
from pathlib import PurePath
from typing import Any

from celery import current_app as celery_app
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from contracts import events as contract_events
from contracts import export
from contracts.constants import (
    SPLIT_INTERNAL_TEXT,
    SPLIT_REQUEUE_SECONDS,
    SPLIT_STALE_SECONDS,
    SPLIT_TIMEOUT_TEXT,
    contract_group,
)
from contracts.ingest import MAX_UPLOAD_BYTES, UnreadableFile, precheck, read_document, split_document
from contracts.jobs import SPLIT
from contracts.models import Contract, ContractType, ReviewIssue, ReviewRun, Section
from contracts.selectors.contracts import contract_original, contract_terms, run_in_flight
from contracts.services.issues import display_name
from contracts.types import ExportIssue, ExportSection, ParsedDocument
from core import realtime
from core.jobs import job_claim, job_resume, job_send
from firm.models import Matter
from firm.permissions import client_work_required
from firm.roles import is_admin
from firm.selectors import matter_is_member
from firm.services import work_move_check
from tracing.services import audit_event_record

logger = logging.getLogger("legalsite.contracts")

EXPORT_FORMATS = ("docx", "report", "json", "md")
#: Where a renumbering parks the rows it moves, so the unique (contract, order) never collides.
_PARK = 1_000_000
_TITLE_RE = re.compile(r"(合同|协议|协议书|契约|合同书|确认书|承诺书|补充协议)$")
_LEADING_NUMBER_RE = re.compile(
    r"^\s*(第[一二三四五六七八九十百千零〇两\d]+[章节条]|附件[一二三四五六七八九十\d]*|"
    r"[一二三四五六七八九十]+[、.．]|[（(][一二三四五六七八九十\d]+[)）]|\d+(?:\.\d+)*[.、．]?)\s*")


class UploadTooLarge(UnreadableFile):
    """The file is over :data:`contracts.ingest.MAX_UPLOAD_BYTES` (HTTP 413)."""


def _matter_ref(matter: Matter | None) -> dict[str, Any] | None:
    return {"id": matter.pk, "number": matter.number} if matter is not None else None


#: Compliance officers audit contracts; they do not handle them.
CLIENT_WORK_DENIED = "合规人员不能处理合同"


def _check_matter(actor: AbstractUser, matter: Matter | None) -> None:
    if matter is not None and not matter_is_member(user=actor, matter=matter):
        raise PermissionDenied("您不在该案件团队中，不能将合同归入该案件")


def _contract_type(value: str | None, guessed: str) -> str:
    if value in (None, ""):
        return guessed if guessed in ContractType.values else ContractType.OTHER
    if value not in ContractType.values:
        raise ValidationError({"contract_type": f"合同类型须为：{'、'.join(ContractType.values)}"})
    return value


def _guess_title(doc: ParsedDocument, file_name: str) -> str:
    """The document's own title (a short first line ending in 合同/协议 …), else the file name."""
    for paragraph in doc.paragraphs[:8]:
        text = re.sub(r"\s+", "", paragraph.text)
        if not text:
            continue
        if len(text) <= 40 and _TITLE_RE.search(text):
            return text
        break
    return PurePath(file_name).stem[:200] or "未命名合同"


def _side(value: str | None) -> str:
    """The party the firm acts for, as typed (甲方 / 出租人 …): trimmed, at most 20 characters."""
    side = (value or "").strip().strip("：:（）()")
    if len(side) > 20:
        raise ValidationError({"side": "我方名称不超过 20 个字符（填写合同中的称谓，如 甲方、出租人）"})
    return side


def side_choices(contract: Contract) -> list[str]:
    """The roles a lawyer may pick as the firm's side: the parties the splitter found, then 甲方/乙方."""
    roles = [p.get("role", "") for p in contract.parties or [] if isinstance(p, dict) and p.get("role")]
    for role in ("甲方", "乙方"):
        if role not in roles:
            roles.append(role)
    return list(dict.fromkeys(roles))


def contract_upload(*, actor: AbstractUser, file_name: str, data: bytes, title: str = "",
                    matter: Matter | None = None, contract_type: str | None = None, queue: bool = True,
                    side: str | None = None, is_template: bool = False) -> Contract:
    """Store an uploaded contract (status ``uploaded``) after the cheap checks
    (:func:`contracts.ingest.precheck`), and queue its reading and splitting (:func:`contract_split`,
    in the worker) once committed. A refused file (wrong type, empty, a lying extension, a zip bomb
    seen in the zip directory — ``UnreadableFile``; ``UploadTooLarge`` over 20 MB) stores nothing.
    ``queue=False``: the caller runs :func:`contract_split` itself (the console)."""
    client_work_required(actor, CLIENT_WORK_DENIED)
    _check_matter(actor, matter)
    file_name = PurePath(file_name or "").name[:255]
    if len(data) > MAX_UPLOAD_BYTES:
        raise UploadTooLarge(f"文件超过 {MAX_UPLOAD_BYTES // (1024 * 1024)} MB 上限")
    kind = _contract_type(contract_type, ContractType.OTHER)  # a wrong type is refused before the work
    our_side = _side(side)
    fmt = precheck(file_name, data)
    title = (title or "").strip()[:200] or PurePath(file_name).stem[:200] or "未命名合同"
    with transaction.atomic():
        contract = Contract.objects.create(
            owner=actor, matter=matter, title=title, contract_type=kind, side=our_side, is_template=is_template,
            status=Contract.Status.UPLOADED,
            file_name=file_name, file_format=fmt, file_size=len(data),
            file_sha256=hashlib.sha256(data).hexdigest(), original=data,
        )
        audit_event_record(actor=actor, event_type="contract.uploaded", obj=contract,
                           new={"title": title, "file_name": file_name, "sha256": contract.file_sha256,
                                "size": contract.file_size, "format": fmt, "contract_type": kind,
                                "side": our_side, "is_template": is_template, "matter": _matter_ref(matter)})
        if queue:
            transaction.on_commit(lambda: split_queue(contract_id=contract.pk))
    return contract


def split_queue(*, contract_id: int) -> bool:
    """Hand an uploaded contract to a worker (``contracts.tasks.contract_split``). When the broker
    cannot be reached the contract stays ``uploaded`` with ``WAITING_FOR_BROKER_TEXT`` as its error,
    and the sweep (:func:`split_resume_stale`) sends it once the broker is back."""
    return job_send(SPLIT, contract_id, sender=celery_app)


def status_event(contract: Contract, *, sections: int | None = None) -> contract_events.ContractStatusEvent:
    """The ``contract_status`` event the page follows while a contract is read and split."""
    return contract_events.contract_status(contract.pk, status=contract.status, error=contract.error,
                                           sections=sections)


def _publish_status(contract: Contract, *, sections: int | None = None) -> None:
    event = status_event(contract, sections=sections)

    def send() -> None:
        try:
            realtime.group_publish(contract_group(contract.pk), event)
        except Exception:
            logger.warning("contract %s: could not publish its status", contract.pk, exc_info=True)

    transaction.on_commit(send)


def _split_claim(contract_id: int) -> Contract | None:
    """Take an uploaded contract (or one whose splitting worker died) for this worker: one UPDATE,
    so two workers cannot both split it."""
    if not job_claim(SPLIT, contract_id, error=""):
        return None
    contract = Contract.objects.select_related("matter", "owner").get(pk=contract_id)
    _publish_status(contract)
    return contract


def _split_failed(contract_id: int, error: str) -> Contract | None:
    with transaction.atomic():
        contract = (Contract.objects.select_for_update(of=("self",)).defer("original").select_related("owner")
                    .filter(pk=contract_id, status=Contract.Status.SPLITTING).first())
        if contract is None:
            return None
        contract.status, contract.error = Contract.Status.FAILED, error
        contract.save(update_fields=["status", "error", "updated_at"])
        audit_event_record(actor=None, actor_name="system", event_type="contract.split_failed", obj=contract,
                           new={"status": contract.status, "error": error})
        _publish_status(contract)
    return contract


def contract_split(*, contract_id: int) -> Contract | None:
    """Read and split an uploaded contract (the worker's task). Idempotent: a contract already split
    or failed is left alone. An unreadable file (corrupt, encrypted, a zip or XML bomb, too much
    text, a scan without text …) or a read past the task's time limit ends ``failed`` with the
    reason in ``error``; otherwise the sections are written and the contract is ``split``."""
    contract = _split_claim(contract_id)
    if contract is None:
        return Contract.objects.defer("original").filter(pk=contract_id).first()
    try:
        doc = read_document(contract.file_name, bytes(contract.original))
        split = split_document(doc)
        if not split.sections:
            raise UnreadableFile("文件中没有可读取的文字")
    except UnreadableFile as exc:
        return _split_failed(contract_id, exc.message)
    except SoftTimeLimitExceeded:
        return _split_failed(contract_id, SPLIT_TIMEOUT_TEXT)
    except Exception:
        logger.exception("contract %s: reading failed", contract_id)
        return _split_failed(contract_id, SPLIT_INTERNAL_TEXT)
    with transaction.atomic():
        contract = (Contract.objects.select_for_update(of=("self",)).defer("original")
                    .filter(pk=contract_id, status=Contract.Status.SPLITTING).first())
        if contract is None:  # deleted meanwhile
            return None
        if contract.title == (PurePath(contract.file_name).stem[:200] or "未命名合同"):
            contract.title = _guess_title(doc, contract.file_name)
        if contract.contract_type == ContractType.OTHER:
            contract.contract_type = _contract_type(None, split.contract_type)
        contract.status, contract.error, contract.file_format = Contract.Status.SPLIT, "", doc.fmt
        contract.parties = [asdict(p) for p in split.parties]
        contract.split_fallback, contract.ocr_used = split.fallback_paragraphs, doc.ocr_used
        contract.save(update_fields=["title", "contract_type", "status", "error", "file_format", "parties",
                                     "split_fallback", "ocr_used", "updated_at"])
        Section.objects.filter(contract=contract).delete()  # a half-written earlier attempt
        orders = {draft.order: i for i, draft in enumerate(split.sections)}
        rows = Section.objects.bulk_create([
            Section(contract=contract, order=i, kind=draft.kind, number=draft.number[:40], title=draft.title[:200],
                    text=draft.text, para_start=draft.para_start, para_end=draft.para_end, ocr=draft.ocr)
            for i, draft in enumerate(split.sections)
        ])
        linked = []
        for row, draft in zip(rows, split.sections, strict=True):
            if draft.parent is not None and draft.parent in orders and orders[draft.parent] != row.order:
                row.parent = rows[orders[draft.parent]]
                linked.append(row)
        if linked:
            Section.objects.bulk_update(linked, ["parent"])
        audit_event_record(actor=None, actor_name="system", event_type="contract.split", obj=contract,
                           new={"status": contract.status, "title": contract.title,
                                "contract_type": contract.contract_type},
                           detail={"sections": len(rows), "split_fallback": split.fallback_paragraphs,
                                   "ocr_used": doc.ocr_used, "format": doc.fmt})
        _publish_status(contract, sections=len(rows))
    return contract


def contract_split_resume(*, contract: Contract) -> bool:
    """Queue again a contract whose split was lost: still ``uploaded`` long after its upload (the
    task message went missing) or ``splitting`` with a dead worker. The bytes are stored, so
    nothing is lost; the sweep calls this (:func:`split_resume_stale`), never a read. A split that lost
    its worker ``JOB_MAX_RESUMES`` times in a row fails instead (``core.jobs.RESUME_LIMIT_TEXT``):
    the file keeps killing the reader."""
    now = timezone.now()
    rows = Contract.objects.filter(pk=contract.pk)
    if rows.filter(status=Contract.Status.UPLOADED,
                   updated_at__lt=now - timedelta(seconds=SPLIT_REQUEUE_SECONDS)).update(updated_at=now):
        resumed = "queued"  # never taken: sent again (not counted: the broker may be away for long)
    else:
        resumed = job_resume(SPLIT, contract.pk, automatic=True, expect=Q(
            status=Contract.Status.SPLITTING, updated_at__lt=now - timedelta(seconds=SPLIT_STALE_SECONDS)))
    if resumed == "exhausted":
        contract.refresh_from_db(fields=["status", "error", "attempts"])
        audit_event_record(actor=None, actor_name="system", event_type="contract.split_failed", obj=contract,
                           new={"status": contract.status, "error": contract.error},
                           detail={"resumes": contract.attempts})
        transaction.on_commit(lambda: _publish_status(contract))
    if resumed != "queued":
        return False
    contract.status = Contract.Status.UPLOADED
    transaction.on_commit(lambda: split_queue(contract_id=contract.pk))
    return True


def split_resume_stale() -> int:
    """What the periodic sweep does for uploads: every contract whose split was lost (see
    :func:`contract_split_resume`) is queued again, with a ``contract.split_requeued`` audit event
    by ``system``. Returns the number queued again."""
    now = timezone.now()
    candidates = Contract.objects.defer("original").filter(
        Q(status=Contract.Status.UPLOADED, updated_at__lt=now - timedelta(seconds=SPLIT_REQUEUE_SECONDS))
        | Q(status=Contract.Status.SPLITTING, updated_at__lt=now - timedelta(seconds=SPLIT_STALE_SECONDS)))
    count = 0
    for contract in candidates:
        with transaction.atomic():
            old = contract.status
            if not contract_split_resume(contract=contract):
                continue
            audit_event_record(actor=None, actor_name="system", event_type="contract.split_requeued", obj=contract,
                               old={"status": old}, new={"status": contract.status})
        count += 1
    return count


def contract_update(*, actor: AbstractUser, contract: Contract, title: str | None = None,
                    contract_type: str | None = None, matter: Matter | None | bool = False,
                    side: str | None = None) -> Contract:
    """Rename, retype or move a contract, or say whom the firm acts for (``side``: the role as the
    contract names it; "" clears it; None leaves it) (``matter=False`` leaves the matter unchanged; ``None``
    takes it out of its matter). Moving is ``firm.services.work_move_check``'s rule and its own
    audit event (``contract.moved``, recorded against the matter it leaves)."""
    client_work_required(actor, CLIENT_WORK_DENIED)
    old: dict[str, Any] = {}
    new: dict[str, Any] = {}
    with transaction.atomic():
        contract = (Contract.objects.select_for_update(of=("self",)).defer("original")
                    .select_related("matter", "owner").get(pk=contract.pk))
        source = contract.matter
        target = source if matter is False else (matter or None)
        moved = (target.pk if target else None) != contract.matter_id
        if moved:
            work_move_check(actor=actor, work_owner=contract.owner, current_matter=source, target_matter=target)
            old["matter"], new["matter"] = _matter_ref(source), _matter_ref(target)
            contract.matter = target
        if title is not None:
            title = title.strip()[:200]
            if not title:
                raise ValidationError({"title": "标题不能为空"})
            if title != contract.title:
                old["title"], new["title"] = contract.title, title
                contract.title = title
        if contract_type is not None and contract_type != contract.contract_type:
            new["contract_type"] = _contract_type(contract_type, ContractType.OTHER)
            old["contract_type"] = contract.contract_type
            contract.contract_type = new["contract_type"]
        if side is not None and _side(side) != contract.side:
            old["side"], new["side"] = contract.side, _side(side)
            contract.side = new["side"]
        if not new:
            return contract
        contract.save(update_fields=["updated_at", *(k for k in ("matter", "title", "contract_type", "side")
                                                     if k in new)])
        if moved:
            audit_event_record(actor=actor, event_type="contract.moved", obj=contract, matter=source, old=old, new=new,
                               detail={"from_privileged": bool(source and source.privileged),
                                       "to_privileged": bool(target and target.privileged)})
            realtime.access_changed(contract_group(contract.pk))
        else:
            audit_event_record(actor=actor, event_type="contract.changed", obj=contract, old=old, new=new)
    return contract


def contract_delete(*, actor: AbstractUser, contract: Contract) -> None:
    """Delete a contract with its sections, issues, runs and chat (the owner or an admin)."""
    if contract.owner_id != actor.pk and not is_admin(actor):
        raise PermissionDenied("只有合同的所有人或管理员可以删除合同")
    group = contract_group(contract.pk)  # the primary key is gone after delete()
    with transaction.atomic():
        audit_event_record(actor=actor, event_type="contract.deleted", obj=contract,
                           old={"title": contract.title, "file_name": contract.file_name,
                                "sha256": contract.file_sha256, "matter": _matter_ref(contract.matter),
                                "owner": contract.owner.get_username(), "sections": contract.sections.count(),
                                "issues": contract.issues.count()})
        contract.delete()
        realtime.access_changed(group)


# --- merge and split sections ----------------------------------------------------------------
def _no_review_running(contract: Contract) -> None:
    if run_in_flight(contract=contract) is not None:
        raise ValidationError("自动审核进行中，暂不能合并或拆分章节；请等待完成或取消后再试")


def _shift_orders(contract: Contract, after: int, by: int) -> None:
    """Move every section with ``order > after`` by ``by`` (±), through a parking range so the
    unique (contract, order) is never violated row by row."""
    rows = Section.objects.filter(contract=contract, order__gt=after)
    rows.update(order=F("order") + _PARK)
    Section.objects.filter(contract=contract, order__gt=after + _PARK).update(order=F("order") - _PARK + by)


def _section_ref(section: Section) -> dict[str, Any]:
    return {"id": section.pk, "order": section.order, "number": section.number, "kind": section.kind,
            "para_start": section.para_start, "para_end": section.para_end}


def sections_merge(*, actor: AbstractUser, contract: Contract, section_ids: list[int]) -> Section:
    """Merge adjacent sections into the first: its text runs on over the paragraphs in between
    (empty lines the splitter skipped), its kind, number and title are the first's; the others'
    issues move into it with their offsets shifted, their sub-sections hang under it."""
    client_work_required(actor, CLIENT_WORK_DENIED)
    ids = list(dict.fromkeys(int(i) for i in section_ids))
    if len(ids) < 2:
        raise ValidationError("请选择至少两个相邻的章节")
    with transaction.atomic():
        _no_review_running(contract)
        sections = list(Section.objects.select_for_update().filter(contract=contract, pk__in=ids).order_by("order"))
        if len(sections) != len(ids):
            raise ValidationError("所选章节不属于该合同")
        orders = [s.order for s in sections]
        if orders != list(range(orders[0], orders[0] + len(orders))):
            raise ValidationError("只能合并相邻的章节")
        first, rest = sections[0], sections[1:]
        before = [_section_ref(s) for s in sections]
        text, para_end = first.text, first.para_end
        for section in rest:
            gap = max(section.para_start - para_end, 1)
            offset = len(text) + gap
            text = text + "\n" * gap + section.text
            para_end = max(para_end, section.para_end)
            ReviewIssue.objects.filter(section=section).update(section=first, start=F("start") + offset,
                                                               end=F("end") + offset, version=F("version") + 1)
        merged_ids = [s.pk for s in rest]
        Section.objects.filter(parent_id__in=merged_ids).exclude(pk=first.pk).update(parent=first)
        ReviewRun.objects.filter(current_section_id__in=merged_ids).update(current_section=first)
        first.text, first.para_end = text, para_end
        first.ocr = any(s.ocr for s in sections)
        first.save(update_fields=["text", "para_end", "ocr"])
        Section.objects.filter(pk__in=merged_ids).delete()
        _shift_orders(contract, first.order, -len(rest))
        audit_event_record(actor=actor, event_type="contract.sections_merged", obj=contract,
                           old={"sections": before}, new={"section": _section_ref(first)})
    first.refresh_from_db()
    return first


def _paragraph_starts(text: str) -> list[int]:
    return [0, *(m.end() for m in re.finditer("\n", text))]


def _leading_number(text: str) -> str:
    match = _LEADING_NUMBER_RE.match(text)
    return match.group(1).strip()[:40] if match else ""


def section_split(*, actor: AbstractUser, section: Section, at: int) -> Section:
    """Split ``section`` in two at character offset ``at``, which must start one of its paragraphs
    (not the first). The new section follows it with the same kind and parent and the document's
    own number when the paragraph starts with one; issues quoted after ``at`` move into it with
    their offsets shifted. A quote straddling ``at`` refuses the split."""
    client_work_required(actor, CLIENT_WORK_DENIED)
    with transaction.atomic():
        section = (Section.objects.select_for_update(of=("self",)).select_related("contract")
                   .defer("contract__original").get(pk=section.pk))
        contract = section.contract
        _no_review_running(contract)
        starts = _paragraph_starts(section.text)
        if len(starts) - 1 != section.para_end - section.para_start:
            raise ValidationError("该章节的段落与原文不对应，无法拆分")
        if at not in starts[1:]:
            raise ValidationError("只能在章节内两个段落之间拆分（请选择新章节开始的段落）")
        line = starts.index(at)
        # The paragraph break is text[at - 1]: a quote in the head ends before it, one in the tail starts at ``at``.
        straddling = ReviewIssue.objects.filter(section=section, start__lt=at, end__gt=at - 1).first()
        if straddling is not None:
            raise ValidationError(f"拆分位置位于问题 #{straddling.pk} 的引文中间，请先修改该问题的引文")
        before = _section_ref(section)
        head, tail = section.text[:at - 1], section.text[at:]
        _shift_orders(contract, section.order, 1)
        new = Section.objects.create(
            contract=contract, order=section.order + 1, kind=section.kind, number=_leading_number(tail),
            title="", text=tail, parent=section.parent, para_start=section.para_start + line,
            para_end=section.para_end, ocr=section.ocr,
        )
        ReviewIssue.objects.filter(section=section, start__gte=at).update(
            section=new, start=F("start") - at, end=F("end") - at, version=F("version") + 1)
        section.text, section.para_end = head, section.para_start + line - 1
        section.save(update_fields=["text", "para_end"])
        audit_event_record(actor=actor, event_type="contract.section_split", obj=contract,
                           old={"section": before}, new={"sections": [_section_ref(section), _section_ref(new)]},
                           detail={"at": at})
    return new


# --- export ----------------------------------------------------------------------------------
def _basis_label(item: dict[str, Any]) -> str:
    label = item.get("label") or (f"第{item.get('article')}条" if item.get("article") not in (None, "") else "")
    mark = "✓" if item.get("valid") else "✗"
    return f"《{item.get('law', '')}》{label} {mark}".strip()


def export_sections(contract: Contract) -> list[ExportSection]:
    return [ExportSection(order=s.order, number=s.number, title=s.title, text=s.text, para_start=s.para_start,
                          para_end=s.para_end, kind=s.kind)
            for s in contract.sections.order_by("order")]


def export_issues(contract: Contract) -> list[ExportIssue]:
    """Every issue with its status (the exporters leave rejected ones out of the Word files)."""
    return [ExportIssue(id=i.pk, section_order=i.section.order if i.section else None,
                        section_number=i.section.number if i.section else "", quote=i.quote, start=i.start,
                        end=i.end, category=i.category, severity=i.severity, description=i.description,
                        suggestion=i.suggestion, status=i.status,
                        basis=[_basis_label(b) for b in i.basis or [] if isinstance(b, dict)],
                        author=i.author,
                        author_name=i.author_name if i.author == "agent" else
                        (settings.CONTRACT_COMMENT_AUTHOR or i.author_name))
            for i in _issues(contract)]


def _issues(contract: Contract) -> list[ReviewIssue]:
    return list(contract.issues.select_related("section").order_by("section__order", "id"))


def _json_record(contract: Contract) -> dict[str, Any]:
    """The contract, its sections and issues in the API's shapes (ARCHITECTURE §8) for the JSON export."""
    record = {
        "id": contract.pk, "title": contract.title, "status": contract.status,
        "contract_type": contract.contract_type, "contract_type_label": contract.get_contract_type_display(),
        "matter": contract.matter_id, "matter_number": contract.matter.number if contract.matter_id else None,
        "owner": contract.owner.get_username(), "file_name": contract.file_name, "file_format": contract.file_format,
        "file_sha256": contract.file_sha256, "parties": contract.parties, "side": contract.side,
        "split_fallback": contract.split_fallback,
        "ocr_used": contract.ocr_used, "created_at": contract.created_at.isoformat(),
    }
    sections = [{"id": s.pk, "order": s.order, "kind": s.kind, "number": s.number, "title": s.title, "text": s.text,
                 "parent": s.parent_id} for s in contract.sections.order_by("order")]
    issues = [{"id": i.pk, "section": i.section_id, "section_number": i.section.number if i.section else None,
               "quote": i.quote, "category": i.category, "severity": i.severity, "description": i.description,
               "suggestion": i.suggestion, "basis": [b for b in i.basis or [] if isinstance(b, dict)],
               "status": i.status, "author": i.author, "author_name": i.author_name} for i in _issues(contract)]
    return {"contract": record, "sections": sections, "issues": issues}


def comment_author(actor: AbstractUser) -> str:
    """Who the exported Word comments are by when an issue names no one: the firm's configured name, or
    the lawyer who exports."""
    return settings.CONTRACT_COMMENT_AUTHOR or display_name(actor)


EXPORT_FILES = {
    "docx": ("审查批注", "docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    "report": ("审查报告", "docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    "json": ("审查结果", "json", "application/json"),
    "md": ("审查结果", "md", "text/markdown; charset=utf-8"),
}


def contract_export(*, actor: AbstractUser, contract: Contract, fmt: str) -> tuple[bytes, str, str]:
    """The contract and its issues as ``fmt`` (docx: the contract with Word comments and tracked
    changes; report: the review report; json; md) → ``(content, file name, content type)``,
    recorded as ``contract.exported``: client work leaving the system."""
    client_work_required(actor, CLIENT_WORK_DENIED)
    if fmt not in EXPORT_FORMATS:
        raise ValidationError({"format": "可选 docx、report、json、md"})
    sections, issues = export_sections(contract), export_issues(contract)
    type_label = ContractType(contract.contract_type).label if contract.contract_type in ContractType.values \
        else contract.contract_type
    if fmt == "docx":
        original = contract_original(contract=contract) if contract.file_format == Contract.Format.DOCX else None
        content: bytes = export.annotated_docx(original=original, file_format=contract.file_format,
                                               title=contract.title, sections=sections, issues=issues,
                                               author=comment_author(actor))
    elif fmt == "report":
        content = export.report_docx(title=contract.title, contract_type_label=type_label, sections=sections,
                                     issues=issues, terms=contract_terms(contract=contract))
    elif fmt == "json":
        record = export.to_json(**_json_record(contract))
        record["terms"] = contract_terms(contract=contract)
        content = json.dumps(record, ensure_ascii=False, indent=2).encode()
    else:
        content = export.to_markdown(title=contract.title, contract_type_label=type_label, sections=sections,
                                     issues=issues, terms=contract_terms(contract=contract)).encode()
    suffix, extension, content_type = EXPORT_FILES[fmt]
    file_name = f"{contract.title}-{suffix}.{extension}"
    with transaction.atomic():
        audit_event_record(actor=actor, event_type="contract.exported", obj=contract,
                           detail={"format": fmt, "issues": sum(1 for i in issues if i.status != "rejected"),
                                   "size": len(content)})
    return content, file_name, content_type
