"""Writes of review issues. Every change — by a lawyer or by the review agent — goes through here,
leaves an :class:`~contracts.models.IssueChange` row and an audit event, and is checked:

- an agent (``agent_name`` set) never alters or deletes an issue a user confirmed or rejected;
- an edit names the ``version`` it read; a stale version is refused (:class:`IssueConflict`), so two
  people editing one issue lose nothing silently;
- a quote must be text of its section (offsets found when not given);
- statute basis is verified through the knowledge app and stored with ``valid``.

Once a change commits, every open page of the contract is told (``contracts.services.live``): the
counters recounted from the database, and a lawyer's change as an ``issue`` event (the agent's own
changes are published by the run or the tool that made them).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import F

from contracts.models import Contract, IssueChange, ReviewIssue, ReviewRun, Section
from contracts.services import live
from knowledge.exceptions import KnowledgeError
from knowledge.selectors import article_lookup
from tracing.services import audit_event_record

EDITABLE = ("section", "quote", "start", "end", "category", "severity", "description", "suggestion", "basis")
DECIDED = (ReviewIssue.Status.CONFIRMED, ReviewIssue.Status.REJECTED)
MAX_QUOTE = 2000
MAX_TEXT = 4000


class IssueConflict(Exception):
    """The issue changed since the editor read it (HTTP 409)."""

    def __init__(self, issue: ReviewIssue) -> None:
        self.current_version = issue.version
        super().__init__(f"该问题已被他人修改（当前版本 {issue.version}），请刷新后再改")


def basis_verify(items: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """``[{law, article}]`` → ``[{law, article, valid, reason}]``: each looked up in the corpus
    (laws and the second corpus alike). The law is stored under its full name when found."""
    out: list[dict[str, Any]] = []
    for item in items or []:
        if not isinstance(item, dict) or not item.get("law") or item.get("article") in (None, ""):
            raise ValidationError("依据须为 {law, article} 的列表")
        law, article = str(item["law"]).strip("《》 "), item["article"]
        try:
            found = article_lookup(law=law, article=article if isinstance(article, int) else str(article))
        except KnowledgeError as exc:
            out.append({"law": law, "article": article, "valid": False, "reason": str(exc)})
            continue
        out.append({"law": found.law.name, "article": found.number, "label": found.label, "valid": True,
                    "reason": ""})
    return out


def _locate(section: Section | None, quote: str, start: int | None, end: int | None) -> tuple[int, int]:
    if section is None:
        return 0, 0
    if not quote:
        raise ValidationError("请引用条款中的原文")
    if start is not None and end is not None and section.text[start:end] == quote:
        return start, end
    at = section.text.find(quote)
    if at < 0:
        raise ValidationError(f"引文不在{section.number or '该章节'}中：{quote[:40]}")
    return at, at + len(quote)


def _validate(fields: dict[str, Any]) -> None:
    if fields.get("severity") not in ReviewIssue.Severity.values:
        raise ValidationError("风险等级须为 high、medium 或 low")
    for name, limit in (("quote", MAX_QUOTE), ("description", MAX_TEXT), ("suggestion", MAX_TEXT)):
        if len(fields.get(name) or "") > limit:
            raise ValidationError(f"{name} 超过 {limit} 字")
    if not (fields.get("description") or "").strip():
        raise ValidationError("请写明问题描述")
    if not (fields.get("category") or "").strip():
        raise ValidationError("请写明问题类别")


def _ref(issue: ReviewIssue) -> dict[str, Any]:
    return {name: _plain(getattr(issue, name)) for name in (*EDITABLE, "status")}


def _plain(value: Any) -> Any:
    return value.pk if isinstance(value, Section) else value


def _record(*, actor: AbstractUser | None, issue: ReviewIssue, action: str, agent_name: str,
            old: dict[str, Any] | None, new: dict[str, Any] | None) -> None:
    changes = {k: [(old or {}).get(k), (new or {}).get(k)] for k in {*(old or {}), *(new or {})}
               if (old or {}).get(k) != (new or {}).get(k)}
    IssueChange.objects.create(issue=issue if action != "deleted" else None, contract=issue.contract,
                               issue_ref=issue.pk, action=action, actor=actor, agent_name=agent_name,
                               changes=changes)
    audit_event_record(actor=actor, event_type=f"review_issue.{action}", obj=issue,
                       matter=issue.contract.matter, old=old, new=new,
                       detail={"contract": issue.contract_id, **({"agent": agent_name} if agent_name else {})})
    live.issue_changed(issue=issue, action=action, by_agent=bool(agent_name))


def issue_add(*, actor: AbstractUser | None, contract: Contract, section: Section | None, quote: str = "",
              start: int | None = None, end: int | None = None, category: str, severity: str,
              description: str, suggestion: str = "", basis: list[dict[str, Any]] | None = None,
              agent_name: str = "", run: ReviewRun | None = None, rule_code: str = "") -> ReviewIssue:
    """Raise an issue on ``section`` (or on the contract, for a missing clause)."""
    if section is not None and section.contract_id != contract.pk:
        raise ValidationError("章节不属于该合同")
    quote = (quote or "").strip() if section is None else (quote or "")
    start, end = _locate(section, quote, start, end)
    fields = {"section": section, "quote": quote, "start": start, "end": end, "category": category.strip(),
              "severity": severity, "description": description.strip(), "suggestion": (suggestion or "").strip()}
    _validate(fields)
    with transaction.atomic():
        issue = ReviewIssue.objects.create(
            contract=contract, run=run, basis=basis_verify(basis), rule_code=rule_code, agent_name=agent_name,
            author=ReviewIssue.Author.AGENT if agent_name else ReviewIssue.Author.USER,
            created_by=actor, **fields)
        _record(actor=actor, issue=issue, action="created", agent_name=agent_name, old=None, new=_ref(issue))
    return issue


def _lock(issue: ReviewIssue, expected_version: int | None, agent_name: str, *, allow_decided: bool = False
          ) -> ReviewIssue:
    current = ReviewIssue.objects.select_for_update(of=("self",)).select_related("contract", "section").get(pk=issue.pk)
    if expected_version is not None and current.version != expected_version:
        raise IssueConflict(current)
    if agent_name and current.status in DECIDED and not allow_decided:
        raise PermissionDenied(f"问题 #{current.pk} 已由律师{current.get_status_display()}，智能体不能修改")
    return current


def issue_update(*, actor: AbstractUser | None, issue: ReviewIssue, expected_version: int | None = None,
                 agent_name: str = "", **changes: Any) -> ReviewIssue:
    """Edit the fields named in ``changes`` (any of :data:`EDITABLE`)."""
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise ValidationError(f"不能修改的字段：{'、'.join(sorted(unknown))}")
    with transaction.atomic():
        current = _lock(issue, expected_version, agent_name)
        old = _ref(current)
        section = changes.get("section", current.section)
        if isinstance(section, Section) and section.contract_id != current.contract_id:
            raise ValidationError("章节不属于该合同")
        fields = {**{k: getattr(current, k) for k in EDITABLE}, **changes}
        if "quote" in changes or "section" in changes:
            fields["start"], fields["end"] = _locate(section, fields["quote"], changes.get("start"),
                                                     changes.get("end"))
        _validate(fields)
        if "basis" in changes:
            fields["basis"] = basis_verify(changes["basis"])
        for name in EDITABLE:
            setattr(current, name, fields[name])
        current.version = F("version") + 1
        current.save()
        current.refresh_from_db()
        new = _ref(current)
        if new == old:
            return current
        _record(actor=actor, issue=current, action="changed", agent_name=agent_name,
                old={k: v for k, v in old.items() if new[k] != v}, new={k: v for k, v in new.items() if old[k] != v})
    return current


def _set_status(*, actor: AbstractUser | None, issue: ReviewIssue, status: str, action: str,
                expected_version: int | None, agent_name: str) -> ReviewIssue:
    if agent_name and status in DECIDED:
        raise PermissionDenied("只有律师可以确认或驳回问题")
    with transaction.atomic():
        current = _lock(issue, expected_version, agent_name)
        if current.status == status:
            return current
        old = {"status": current.status}
        current.status = status
        current.version = F("version") + 1
        current.save(update_fields=["status", "version", "updated_at"])
        current.refresh_from_db()
        _record(actor=actor, issue=current, action=action, agent_name=agent_name, old=old,
                new={"status": status})
    return current


def issue_confirm(*, actor: AbstractUser, issue: ReviewIssue, expected_version: int | None = None) -> ReviewIssue:
    return _set_status(actor=actor, issue=issue, status=ReviewIssue.Status.CONFIRMED, action="confirmed",
                       expected_version=expected_version, agent_name="")


def issue_reject(*, actor: AbstractUser, issue: ReviewIssue, expected_version: int | None = None) -> ReviewIssue:
    return _set_status(actor=actor, issue=issue, status=ReviewIssue.Status.REJECTED, action="rejected",
                       expected_version=expected_version, agent_name="")


def issue_resolve(*, actor: AbstractUser | None, issue: ReviewIssue, expected_version: int | None = None,
                  agent_name: str = "") -> ReviewIssue:
    return _set_status(actor=actor, issue=issue, status=ReviewIssue.Status.RESOLVED, action="resolved",
                       expected_version=expected_version, agent_name=agent_name)


def issue_reopen(*, actor: AbstractUser, issue: ReviewIssue, expected_version: int | None = None) -> ReviewIssue:
    return _set_status(actor=actor, issue=issue, status=ReviewIssue.Status.OPEN, action="reopened",
                       expected_version=expected_version, agent_name="")


def issue_delete(*, actor: AbstractUser | None, issue: ReviewIssue, expected_version: int | None = None,
                 agent_name: str = "") -> None:
    with transaction.atomic():
        current = _lock(issue, expected_version, agent_name)
        _record(actor=actor, issue=current, action="deleted", agent_name=agent_name, old=_ref(current), new=None)
        current.delete()
