"""Comparing a contract clause by clause — against the firm's standard text for its type (本所标准文本), or
against an earlier draft of the same contract (version compare).

Alignment (:func:`align`): every clause of one text is paired with the most similar clause of the other
(title and text, ``difflib`` ratio over the text without whitespace and numbering), best pairs first, each
clause used once; a pair under :data:`SAME_CLAUSE` is no pair. A pair at or over :data:`MATCHES` reads the
same (``matches``); under it, ``deviates``; a clause of ours with no pair is ``missing`` from theirs; a
clause of theirs with no pair is ``added``.

- Against a template: each ``deviates`` and ``missing`` clause is raised as an issue on the counterparty's
  draft (author: the agent ``template_compare``; the suggestion is the firm's wording; raised once — a
  second compare finds it and does not repeat it).
- Against an earlier draft: the earlier draft's issues are carried over to the new one where their quoted
  words are still there (same category, severity, text, status, author), and listed as closed where the
  words are gone.
Every compare is an audit event ``contract.compared``.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import transaction

from contracts.models import Contract, ReviewIssue, Section
from contracts.services.issues import issue_add
from contracts.types import ExportIssue
from tracing.services import audit_event_record

#: Two clauses this similar are the same clause (one may have been rewritten).
SAME_CLAUSE = 0.35
#: Two clauses this similar read the same.
MATCHES = 0.92
TEMPLATE_AGENT = "template_compare"
CLAUSE_KINDS = ("clause", "annex")


@dataclass
class Pair:
    ours: Section | None
    theirs: Section | None
    score: float

    @property
    def status(self) -> str:
        if self.ours is None:
            return "added"
        if self.theirs is None:
            return "missing"
        return "matches" if self.score >= MATCHES else "deviates"


_NUMBERING = re.compile(r"^\s*(?:第[一二三四五六七八九十百零\d]+条|[一二三四五六七八九十]+、|\d+(?:\.\d+)*[.、]?)")


def _plain(text: str) -> str:
    return re.sub(r"\s+", "", _NUMBERING.sub("", text or ""))


def _similarity(a: Section, b: Section) -> float:
    text = difflib.SequenceMatcher(None, _plain(a.text), _plain(b.text), autojunk=False).ratio()
    title = difflib.SequenceMatcher(None, a.title or "", b.title or "").ratio() if a.title and b.title else 0.0
    return max(text, 0.5 * text + 0.5 * title) if title else text


def _clauses(contract: Contract) -> list[Section]:
    """The top-level clauses (a sub-clause is compared as part of its clause's text)."""
    sections = list(contract.sections.order_by("order"))
    top = [s for s in sections if s.kind in CLAUSE_KINDS and (s.parent_id is None or s.parent.kind == "chapter")]
    return top or [s for s in sections if s.kind in CLAUSE_KINDS]


def align(ours: list[Section], theirs: list[Section]) -> list[Pair]:
    """Pairs in the order of ``theirs`` (with ``missing`` clauses of ours after the clause they followed)."""
    scored = sorted(((_similarity(o, t), i, j) for i, o in enumerate(ours) for j, t in enumerate(theirs)),
                    reverse=True)
    used_o: set[int] = set()
    used_t: set[int] = set()
    pairs: dict[int, Pair] = {}
    for score, i, j in scored:
        if score < SAME_CLAUSE:
            break
        if i in used_o or j in used_t:
            continue
        used_o.add(i)
        used_t.add(j)
        pairs[j] = Pair(ours[i], theirs[j], score)
    out: list[Pair] = []
    index_of = {id(p.ours): j for j, p in pairs.items()}
    for j, section in enumerate(theirs):
        out.append(pairs.get(j) or Pair(None, section, 0.0))
    for i, section in enumerate(ours):
        if i in used_o:
            continue
        # after the clause of theirs that pairs with the nearest earlier clause of ours
        before = [index_of[id(ours[k])] for k in range(i) if k in used_o]
        at = (max(before) + 1) if before else 0
        position = next((n for n, p in enumerate(out) if p.theirs is not None and theirs.index(p.theirs) >= at),
                        len(out))
        out.insert(position, Pair(section, None, 0.0))
    return out


def _label(section: Section | None) -> str:
    if section is None:
        return ""
    return f"{section.number} {section.title}".strip()


def _item(pair: Pair, issue: ReviewIssue | None = None) -> dict[str, Any]:
    shown = pair.theirs or pair.ours
    return {"section_number": shown.number if shown else "", "section": pair.theirs.pk if pair.theirs else None,
            "status": pair.status, "similarity": round(pair.score, 2),
            "ours": pair.ours.text if pair.ours else "", "theirs": pair.theirs.text if pair.theirs else "",
            "ours_number": pair.ours.number if pair.ours else "", "issue": issue.pk if issue else None}


def compare_with_template(*, actor: AbstractUser, contract: Contract, template: Contract) -> list[dict[str, Any]]:
    """The counterparty's draft ``contract`` against the firm's ``template``: one item per clause, and an
    issue for each clause that deviates from or is missing against the template (raised once)."""
    if not template.is_template:
        raise ValidationError({"template": "所选合同不是本所标准文本"})
    if template.pk == contract.pk:
        raise ValidationError({"template": "不能与自身比对"})
    pairs = align(_clauses(template), _clauses(contract))
    items = []
    with transaction.atomic():
        for pair in pairs:
            issue = None
            if pair.status in ("deviates", "missing"):
                issue = _template_issue(actor=actor, contract=contract, template=template, pair=pair)
            items.append(_item(pair, issue))
        audit_event_record(actor=actor, event_type="contract.compared", obj=contract,
                           detail={"template": template.pk, **_tally(items)})
    return items


def _template_issue(*, actor: AbstractUser, contract: Contract, template: Contract, pair: Pair) -> ReviewIssue:
    code = f"template-{template.pk}-{pair.ours.order}"
    existing = ReviewIssue.objects.filter(contract=contract, rule_code=code).first()
    if existing is not None:
        return existing
    if pair.status == "missing":
        return issue_add(actor=actor, contract=contract, section=None, category="与本所标准文本比对",
                         severity="medium", description=f"对方草稿缺少本所标准文本的{_label(pair.ours)}。",
                         suggestion=pair.ours.text.strip(), agent_name=TEMPLATE_AGENT, rule_code=code)
    return issue_add(actor=actor, contract=contract, section=pair.theirs, quote=pair.theirs.text.strip()[:2000],
                     category="与本所标准文本比对", severity="low",
                     description=(f"本条与本所标准文本{_label(pair.ours)}不一致（相似度 {pair.score:.0%}），"
                                  "请核对改动是否可以接受。"),
                     suggestion=pair.ours.text.strip(), agent_name=TEMPLATE_AGENT, rule_code=code)


def compare_versions(*, actor: AbstractUser, contract: Contract, earlier: Contract) -> dict[str, Any]:
    """What changed from ``earlier`` to ``contract`` clause by clause, with the earlier draft's issues
    carried over where their words are still there and listed as closed where they are gone."""
    if earlier.pk == contract.pk:
        raise ValidationError({"against": "不能与自身比对"})
    if earlier.is_template:
        raise ValidationError({"against": "本所标准文本请用 template 比对"})
    pairs = align(_clauses(earlier), _clauses(contract))
    by_old = {p.ours.pk: p for p in pairs if p.ours is not None}
    carried, closed = [], []
    with transaction.atomic():
        for old in ReviewIssue.objects.filter(contract=earlier).select_related("section").order_by("pk"):
            if old.status == ReviewIssue.Status.REJECTED:
                continue
            pair = by_old.get(old.section_id) if old.section_id else None
            target = pair.theirs if pair is not None else None
            if old.section_id is None or (target is not None and old.quote and old.quote in target.text):
                new = _carry(actor=actor, contract=contract, old=old, section=target)
                carried.append({"from": old.pk, "to": new.pk})
            else:
                closed.append({"issue": old.pk, "section_number": old.section.number if old.section else ""})
        items = [_item(p) for p in pairs]
        audit_event_record(actor=actor, event_type="contract.compared", obj=contract,
                           detail={"against": earlier.pk, **_tally(items), "carried": len(carried),
                                   "closed": len(closed)})
    return {"items": items, "carried": carried, "closed": closed}


def _carry(*, actor: AbstractUser, contract: Contract, old: ReviewIssue, section: Section | None) -> ReviewIssue:
    code = f"carried-{old.pk}"
    existing = ReviewIssue.objects.filter(contract=contract, rule_code=code).first()
    if existing is not None:
        return existing
    new = issue_add(actor=actor, contract=contract, section=section, quote=old.quote if section else "",
                    category=old.category, severity=old.severity, description=old.description,
                    suggestion=old.suggestion, basis=[{"law": b.get("law"), "article": b.get("article")}
                                                      for b in old.basis or [] if isinstance(b, dict)],
                    agent_name=old.agent_name, rule_code=code)
    ReviewIssue.objects.filter(pk=new.pk).update(status=old.status, author=old.author,
                                                 author_name=old.author_name)
    new.refresh_from_db()
    return new


def _tally(items: list[dict[str, Any]]) -> dict[str, int]:
    out = {"matches": 0, "deviates": 0, "missing": 0, "added": 0}
    for item in items:
        out[item["status"]] += 1
    return out


def changes_docx(*, actor: AbstractUser, contract: Contract, earlier: Contract) -> tuple[bytes, str]:
    """The earlier draft as .docx with what the new draft changed as tracked changes (a rewritten clause
    deleted and inserted, a deleted clause commented, a new clause commented with its text), authored by
    the lawyer who asks → ``(content, file name)``; recorded as ``contract.exported``."""
    from contracts import export
    from contracts.services.contracts import comment_author, export_sections

    if earlier.pk == contract.pk:
        raise ValidationError({"against": "不能与自身比对"})
    pairs = align(_clauses(earlier), _clauses(contract))
    author = comment_author(actor)
    notes: list[ExportIssue] = []
    for n, pair in enumerate(pairs, start=1):
        if pair.status == "deviates":
            notes.append(ExportIssue(id=n, section_order=pair.ours.order, section_number=pair.ours.number,
                                     quote=pair.ours.text, start=0, end=len(pair.ours.text), category="本稿修改",
                                     severity="low", description=f"{_label(pair.theirs)}在新稿中改写",
                                     suggestion=pair.theirs.text, status="confirmed", author="user",
                                     author_name=author))
        elif pair.status == "missing":
            notes.append(ExportIssue(id=n, section_order=pair.ours.order, section_number=pair.ours.number,
                                     quote=pair.ours.text, start=0, end=len(pair.ours.text), category="本稿删除",
                                     severity="medium", description=f"新稿删除了{_label(pair.ours)}",
                                     suggestion="", status="open", author="user", author_name=author))
        elif pair.status == "added":
            notes.append(ExportIssue(id=n, section_order=None, section_number="", quote="", start=0, end=0,
                                     category="本稿新增", severity="medium",
                                     description=f"新稿新增{_label(pair.theirs)}：{pair.theirs.text}",
                                     suggestion="", status="open", author="user", author_name=author))
    content = export.annotated_docx(original=None, file_format="txt", title=contract.title,
                                    sections=export_sections(earlier), issues=notes, author=author)
    with transaction.atomic():
        audit_event_record(actor=actor, event_type="contract.exported", obj=contract,
                           detail={"format": "changes", "against": earlier.pk, "size": len(content)})
    return content, f"{contract.title}-与上一稿比对.docx"
