"""Reads of the firm's playbook (the PlaybookRule table). Rules are firm-wide, not client work: every
signed-in user may read them; only admins change them (contracts.services.playbook)."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.db.models import Q, QuerySet
from django.urls import reverse

from contracts.models import PlaybookRule
from contracts.playbook.spec import RuleInvalid, RuleSpec, basis_from_json, validate_rule
from contracts.playbook.starter import starter_rule, starter_rules
from contracts.types import BasisRef
from knowledge.exceptions import KnowledgeError
from knowledge.selectors import article_lookup, law_versions_named

log = logging.getLogger(__name__)


def basis_ref_on(ref: BasisRef, day: dt.date | None = None, *,
                 versions: Sequence[Any] | None = None) -> BasisRef | None:
    """``ref`` as cited on ``day`` (default today): a citation naming its versions carries the article of the text
    in force that day, or is None when it names no edition of that text (the old number is never read against
    the new text); one naming no version, or of a law the corpus does not hold, is itself."""
    from knowledge.selectors import versions as rule

    if not ref.editions:
        return ref
    stored = law_versions_named(ref.law) if versions is None else versions
    if not stored:
        return ref
    article = rule.edition_on(stored, ref.editions, day or rule.today())
    if article is None:
        return None
    return ref if article == ref.article else replace(ref, article=article)


def basis_on(refs: Sequence[BasisRef], day: dt.date | None = None) -> list[BasisRef]:
    """A rule's basis as cited on ``day`` (:func:`basis_ref_on`), the citations that abstain left out."""
    return [found for ref in refs if (found := basis_ref_on(ref, day)) is not None]


def rule_spec(rule: PlaybookRule, *, starters: Mapping[str, RuleSpec] | None = None) -> RuleSpec:
    """The engine's view of a stored rule (validated; raises RuleInvalid if the row was corrupted).
    ``starters`` (code → starter rule) spares a look-up per rule when a whole rule set is read."""
    starter = starters.get(rule.code) if starters is not None else starter_rule(rule.code)
    spec = RuleSpec(
        code=rule.code, title=rule.title, detection=rule.detection, params=dict(rule.params or {}),
        category=rule.category, severity=rule.severity, description=rule.description, suggestion=rule.suggestion,
        basis=basis_on(basis_from_json(rule.basis)), contract_types=list(rule.contract_types or []),
        enabled=rule.enabled,
        basis_keywords=list(starter.basis_keywords) if starter else [],
    )
    return validate_rule(spec)


def playbook_rules(contract_type: str) -> list[RuleSpec]:
    """The enabled rules that apply to ``contract_type`` (rules for every type included), by code.
    A stored rule that no longer validates is skipped and logged, never applied half-understood."""
    out = []
    starters = {r.code: r for r in starter_rules()}
    for rule in playbook_rule_list(contract_type=contract_type, enabled=True):
        try:
            out.append(rule_spec(rule, starters=starters))
        except RuleInvalid as exc:
            log.warning("playbook rule %s skipped: %s", rule.code, exc)
    return out


def playbook_rule_list(*, contract_type: str | None = None, enabled: bool | None = None,
                       detection: str | None = None, query: str = "") -> QuerySet[PlaybookRule]:
    rules = PlaybookRule.objects.select_related("updated_by").order_by("code")
    if enabled is not None:
        rules = rules.filter(enabled=enabled)
    if detection:
        rules = rules.filter(detection=detection)
    if query:
        rules = rules.filter(Q(code__icontains=query) | Q(title__icontains=query) | Q(category__icontains=query)
                             | Q(description__icontains=query))
    if contract_type:
        # JSON containment: the type is listed, or the list is empty (every type).
        rules = rules.filter(Q(contract_types__contains=[contract_type]) | Q(contract_types=[]))
    return rules


def playbook_rule_get(*, code: str) -> PlaybookRule:
    """Raises PlaybookRule.DoesNotExist."""
    return PlaybookRule.objects.select_related("updated_by").get(code=code)


def rule_basis_rows(rule: PlaybookRule) -> list[dict[str, Any]]:
    """Each basis article of a rule with its label and a link to the article page (``valid`` False when
    the corpus does not have it)."""
    rows = []
    for item in rule.basis or []:
        row = {"law": item.get("law", ""), "article": item.get("article"), "label": f"第{item.get('article')}条",
               "url": "", "valid": False}
        try:
            article = article_lookup(law=row["law"], article=row["article"])
        except KnowledgeError:
            pass
        else:
            row.update(label=article.label, url=reverse("knowledge:article", args=[article.pk]), valid=True)
        rows.append(row)
    return rows
